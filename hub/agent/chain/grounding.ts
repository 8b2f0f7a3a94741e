/**
 * The rule that keeps the model honest: a step may only touch the center of an element that was
 * listed to it. Coordinates are snapped by element id, then accepted if they hit a center, then
 * snapped by label; whatever is left is ungrounded and must be asked again, never executed.
 */
import type { UiElement } from "../../perception/index.js";
import type { ChainStep } from "./schema.js";
import { needsTarget } from "./schema.js";

const CENTER_TOLERANCE_PX = 3;

export interface GroundingResult {
  steps: ChainStep[];
  /** Steps whose coordinates were replaced, with how. */
  snapped: { step_num: number; by: "element_id" | "label"; from: [number, number] | null; to: [number, number] }[];
  ungrounded: { step_num: number; reason: string }[];
}

export function normalizeLabel(label: string): string {
  return label.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Exact label match first, then label-contains either way; ties go to interactive elements. */
export function findByLabel(elements: readonly UiElement[], label: string): UiElement | undefined {
  const wanted = normalizeLabel(label);
  if (!wanted) return undefined;
  const ranked = [...elements].sort((a, b) => Number(b.meta.interactive) - Number(a.meta.interactive));
  const exact = ranked.find((e) => normalizeLabel(e.label) === wanted || normalizeLabel(e.hint ?? "") === wanted);
  if (exact) return exact;
  return ranked.find((e) => {
    const have = normalizeLabel(e.label);
    return have.length > 0 && (have.includes(wanted) || wanted.includes(have));
  });
}

export function elementAt(elements: readonly UiElement[], x: number, y: number): UiElement | undefined {
  return elements.find((e) => Math.abs(e.cx - x) <= CENTER_TOLERANCE_PX && Math.abs(e.cy - y) <= CENTER_TOLERANCE_PX);
}

export function groundSteps(steps: readonly ChainStep[], elements: readonly UiElement[]): GroundingResult {
  const result: GroundingResult = { steps: [], snapped: [], ungrounded: [] };
  for (const original of steps) {
    const step = { ...original };
    if (!needsTarget(step)) {
      result.steps.push(step);
      continue;
    }
    const from: [number, number] | null =
      typeof step.x === "number" && typeof step.y === "number" ? [step.x, step.y] : null;
    const byId = typeof step.element_id === "number" ? elements.find((e) => e.id === step.element_id) : undefined;
    let target: UiElement | undefined;
    let by: "element_id" | "label" | undefined;
    if (byId) {
      target = byId;
      by = "element_id";
    } else if (from && elementAt(elements, from[0], from[1])) {
      target = elementAt(elements, from[0], from[1]);
    } else {
      target = findByLabel(elements, step.label);
      by = target ? "label" : undefined;
    }
    if (!target) {
      result.ungrounded.push({
        step_num: step.step_num,
        reason: from
          ? `(${from[0]},${from[1]}) is not the center of any listed element and no element is labelled "${step.label}"`
          : `no element id or coordinates, and no element is labelled "${step.label}"`,
      });
      continue;
    }
    step.x = target.cx;
    step.y = target.cy;
    step.element_id = target.id;
    if (by && (!from || from[0] !== target.cx || from[1] !== target.cy)) {
      result.snapped.push({ step_num: step.step_num, by, from, to: [target.cx, target.cy] });
    }
    result.steps.push(step);
  }
  return result;
}
