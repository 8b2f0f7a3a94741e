/**
 * Coordinate refresh: patch only x/y (and element id) of the remaining steps; action, label, value
 * and submit_enter stay as planned. Lookup in four levels: the model's answer by step number, the
 * model's answer by label, an exact label match in the current UI, a label-contains match.
 */
import type { UiElement } from "../../perception/index.js";
import { elementAt, findByLabel, normalizeLabel } from "./grounding.js";
import type { ChainStep, Refresh } from "./schema.js";
import { needsTarget } from "./schema.js";

export interface RefreshPatch {
  step_num: number;
  from: number[];
  to: number[];
}

function grounded(elements: readonly UiElement[], answer: Refresh["steps"][number] | undefined): UiElement | undefined {
  if (!answer) return undefined;
  if (typeof answer.element_id === "number") {
    const byId = elements.find((e) => e.id === answer.element_id);
    if (byId) return byId;
  }
  // The model's coordinates count only when they are an element's center.
  if (typeof answer.x === "number" && typeof answer.y === "number") return elementAt(elements, answer.x, answer.y);
  return undefined;
}

export function refreshCoordinates(
  steps: readonly ChainStep[],
  answer: Refresh,
  elements: readonly UiElement[],
): { steps: ChainStep[]; patches: RefreshPatch[] } {
  const patches: RefreshPatch[] = [];
  const patched = steps.map((step) => {
    if (!needsTarget(step)) return step;
    const byNum = answer.steps.find((s) => s.step_num === step.step_num);
    const byLabel = answer.steps.find((s) => s.label && normalizeLabel(s.label) === normalizeLabel(step.label));
    const target = grounded(elements, byNum) ?? grounded(elements, byLabel) ?? findByLabel(elements, step.label);
    if (!target || (target.cx === step.x && target.cy === step.y)) return step;
    patches.push({ step_num: step.step_num, from: [step.x ?? -1, step.y ?? -1], to: [target.cx, target.cy] });
    return { ...step, x: target.cx, y: target.cy, element_id: target.id };
  });
  return { steps: patched, patches };
}
