import { describe, expect, it } from "vitest";
import { parseMobilerunFrame } from "../../../hub/devices/mobilerun-frames.js";

const LIMIT = 16 * 1024 * 1024;

describe("parseMobilerunFrame", () => {
  // Found by `npm run fuzz` (target portal-frame): JSON.parse reads nesting that JSON.stringify's
  // recursion cannot print, so the error text threw a bare RangeError out of the decoder.
  it("answers an error frame whose error value is nested past the stack as a typed answer", () => {
    const depth = 200_000;
    const text = `{"id":7,"status":"error","error":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const frame = parseMobilerunFrame(text, LIMIT);
    expect(frame).toEqual({
      kind: "answer",
      id: 7,
      ok: false,
      result: undefined,
      error: "the phone reported an error that cannot be printed",
    });
  });

  it("keeps printing ordinary error objects", () => {
    const frame = parseMobilerunFrame('{"id":"a","status":"error","error":{"code":3}}', LIMIT);
    expect(frame).toMatchObject({ kind: "answer", ok: false, error: '{"code":3}' });
  });
});
