/**
 * Fingerprints find "the same element" in a later snapshot even after it moved: they hash what an
 * element is (package, resource id, class, stateless label, ancestry), never where it is.
 */
import type { UiElement } from "./element.js";

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

export interface FingerprintParts {
  packageName: string;
  resourceId: string;
  className: string;
  key: string;
  ancestry: readonly string[];
}

export function fingerprintOf(p: FingerprintParts): string {
  return fnv1a([p.packageName, p.resourceId, p.className, p.key, p.ancestry.join(">")].join("\u0001"));
}

export interface MatchOptions {
  /** Where the element was last seen; breaks ties between equally good candidates. */
  near?: { x: number; y: number };
}

export interface FingerprintMatch {
  element: UiElement;
  /** "exact": same fingerprint; "similar": same identity with a changed label or ancestry. */
  kind: "exact" | "similar";
  score: number;
}

function score(target: UiElement, c: UiElement): number {
  const t = target.meta;
  const m = c.meta;
  if (t.packageName !== m.packageName || t.className !== m.className) return 0;
  let s = 0;
  if (target.resourceId && target.resourceId === c.resourceId) s += 3;
  if (t.key && t.key === m.key) s += 3;
  else if (t.key && m.key && (t.key.includes(m.key) || m.key.includes(t.key))) s += 1;
  if (t.ancestry.join(">") === m.ancestry.join(">")) s += 1;
  if (target.tag === c.tag) s += 1;
  return s;
}

function distance(e: UiElement, near: { x: number; y: number } | undefined): number {
  return near ? Math.hypot(e.cx - near.x, e.cy - near.y) : 0;
}

/**
 * Finds `target` (an element of an earlier snapshot) among `elements`. Exact fingerprint matches win
 * (nearest first when repeated, e.g. list rows); otherwise the best scoring candidate with the same
 * package and class, provided it shares the resource id or the label.
 */
export function findByFingerprint(
  elements: readonly UiElement[],
  target: UiElement,
  options: MatchOptions = {},
): FingerprintMatch | undefined {
  const near = options.near ?? { x: target.cx, y: target.cy };
  let best: FingerprintMatch | undefined;
  for (const c of elements) {
    if (c.meta.fingerprint === target.meta.fingerprint) {
      if (best === undefined || distance(c, near) < distance(best.element, near)) {
        best = { element: c, kind: "exact", score: Number.POSITIVE_INFINITY };
      }
    }
  }
  if (best) return best;
  for (const c of elements) {
    const s = score(target, c);
    if (s < 4) continue;
    if (!best || s > best.score || (s === best.score && distance(c, near) < distance(best.element, near))) {
      best = { element: c, kind: "similar", score: s };
    }
  }
  return best;
}
