/** Bounds a lying dump gives (1e400, 1e300) are unreadable, never Infinity or a huge tap target. */
import { describe, expect, it } from "vitest";
import { parseBounds } from "../../../hub/perception/geometry.js";

describe("parseBounds", () => {
  it("reads ordinary bounds in both spellings", () => {
    expect(parseBounds("[0,84][1080,252]")).toEqual([0, 84, 1080, 252]);
    expect(parseBounds({ left: -5, top: 3, right: 2, bottom: 1 })).toEqual([-5, 3, 2, 1]);
  });

  it("refuses non-finite and beyond-int32 coordinates", () => {
    expect(parseBounds("[0,0][1e400,50]")).toBeUndefined();
    expect(parseBounds({ left: 0, top: 0, right: 1e300, bottom: 50 })).toBeUndefined();
    expect(parseBounds({ left: 0, top: 0, right: Number.NaN, bottom: 50 })).toBeUndefined();
    expect(parseBounds({ left: 0, top: 0, right: 2_147_483_648, bottom: 50 })).toBeUndefined();
  });
});
