/** Rectangle arithmetic and the bounds notations found in real dumps. */
import type { Rect, ScreenSize } from "./snapshot.js";

const BRACKET_BOUNDS = /^\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*$/;
const LIST_BOUNDS = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*$/;

/**
 * Parses "[l,t][r,b]" (uiautomator), "l,t,r,b" and "l, t, r, b" (Mobilerun) and {left,top,right,bottom}
 * objects. Returns undefined when the value is not a rectangle.
 */
/** Coordinates beyond int32 (what a device can report) are a lie or a typo: such bounds are unreadable. */
const COORDINATE_LIMIT = 2_147_483_647;

function finiteRect(rect: Rect): Rect | undefined {
  return rect.every((v) => Number.isFinite(v) && Math.abs(v) <= COORDINATE_LIMIT) ? rect : undefined;
}

export function parseBounds(value: unknown): Rect | undefined {
  if (typeof value === "string") {
    const m = BRACKET_BOUNDS.exec(value) ?? LIST_BOUNDS.exec(value);
    if (!m) return undefined;
    return finiteRect([Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
  }
  if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    const l = o["left"];
    const t = o["top"];
    const r = o["right"];
    const b = o["bottom"];
    if (typeof l === "number" && typeof t === "number" && typeof r === "number" && typeof b === "number") {
      return finiteRect([l, t, r, b]);
    }
  }
  return undefined;
}

export function width(r: Rect): number {
  return r[2] - r[0];
}

export function height(r: Rect): number {
  return r[3] - r[1];
}

export function area(r: Rect): number {
  const w = width(r);
  const h = height(r);
  return w > 0 && h > 0 ? w * h : 0;
}

export function isEmpty(r: Rect): boolean {
  return r[2] <= r[0] || r[3] <= r[1];
}

export function intersect(a: Rect, b: Rect): Rect {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

export function contains(outer: Rect, inner: Rect): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

export function sameRect(a: Rect, b: Rect, tolerance = 0): boolean {
  return (
    Math.abs(a[0] - b[0]) <= tolerance &&
    Math.abs(a[1] - b[1]) <= tolerance &&
    Math.abs(a[2] - b[2]) <= tolerance &&
    Math.abs(a[3] - b[3]) <= tolerance
  );
}

export function screenRect(screen: ScreenSize): Rect {
  return [0, 0, screen.w, screen.h];
}

export function center(r: Rect): { x: number; y: number } {
  return { x: Math.floor((r[0] + r[2]) / 2), y: Math.floor((r[1] + r[3]) / 2) };
}
