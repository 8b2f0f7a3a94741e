/**
 * Finding a recorded step's target on the current screen, pure: by fingerprint, else by tag and
 * label; and whether a dialog covers it.
 */
import type { UiElement } from "../../perception/index.js";
import { elementAt, normalizeLabel } from "../chain/grounding.js";
import type { Observation } from "../observe.js";
import type { RecordedStep } from "./recorded.js";

function contains(bounds: readonly number[], x: number, y: number): boolean {
  const [l = 0, t = 0, r = 0, b = 0] = bounds;
  return x >= l && x <= r && y >= t && y <= b;
}

/** An element is covered when a dialog is up and the element is not part of one. */
export function covered(obs: Observation, e: UiElement): boolean {
  const dialogs = obs.view.dialogs;
  return dialogs.length > 0 && !dialogs.some((d) => contains(d.bounds, e.cx, e.cy));
}

function nearest(elements: UiElement[], x: number | null | undefined, y: number | null | undefined) {
  if (typeof x !== "number" || typeof y !== "number") return elements[0];
  return [...elements].sort((a, b) => Math.hypot(a.cx - x, a.cy - y) - Math.hypot(b.cx - x, b.cy - y))[0];
}

/**
 * The recorded target on this screen: the same fingerprint (nearest the recorded spot when
 * repeated), else the one element with the same tag and label. Old recordings without a target
 * fall back to the element at the recorded center if its label still matches.
 */
export function locateTarget(rec: RecordedStep, elements: readonly UiElement[]): UiElement | undefined {
  const { step, target } = rec;
  if (target) {
    const same = elements.filter((e) => e.meta.fingerprint === target.fingerprint);
    if (same.length > 0) return nearest(same, step.x, step.y);
    const label = normalizeLabel(target.label);
    const alike = elements.filter((e) => e.tag === target.tag && label !== "" && normalizeLabel(e.label) === label);
    return alike.length === 1 ? alike[0] : undefined;
  }
  if (typeof step.x !== "number" || typeof step.y !== "number") return undefined;
  const at = elementAt(elements, step.x, step.y);
  return at && normalizeLabel(at.label) === normalizeLabel(step.label) ? at : undefined;
}
