/**
 * Old and new ends must get along: unknown fields and bodies are ignored, never an error, and the
 * additions since the first release (ResultAck, UiTree.truncated) are invisible to a side that
 * predates them.
 */
import { describe, expect, it } from "vitest";
import { decodeEnvelope, encodeEnvelope, isRequestBody } from "../../../hub/protocol/codec.js";

describe("protocol compatibility", () => {
  it("decodes a body from a newer peer as no body, without an error", () => {
    // Envelope field 99, length-delimited and empty (tag 99 << 3 | 2 = 794 as a varint), id 0.
    const envelope = decodeEnvelope(new Uint8Array([0x9a, 0x06, 0x00]));
    expect(envelope.body).toBeUndefined();
    expect(Number(envelope.id)).toBe(0);
  });

  it("keeps ResultAck out of the requests a phone executes, and sends it with id 0", () => {
    expect(isRequestBody("resultAck")).toBe(false);
    const bytes = encodeEnvelope({ id: 0, resultAck: { ids: [7, 9_007_199_254_740_991] } });
    const decoded = decodeEnvelope(bytes);
    expect(decoded.body).toBe("resultAck");
    expect(Number(decoded.id)).toBe(0);
    expect((decoded.resultAck?.ids ?? []).map(Number)).toEqual([7, 9_007_199_254_740_991]);
  });

  it("reads a tree from a phone that predates `truncated` as complete", () => {
    const old = decodeEnvelope(encodeEnvelope({ replyTo: 5, result: { ok: true, ui: { nodes: [{ parent: -1 }] } } }));
    expect(old.result?.ui?.truncated).toBe(false);
  });
});
