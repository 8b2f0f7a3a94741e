/**
 * Command frames are written by encodeCommand on one shared writer (the hot path of every command):
 * the bytes must be exactly those of the plain encoder for the same message, acks included, and a
 * frame must not change when the writer goes on to the next one.
 */
import { describe, expect, it } from "vitest";
import { decodeEnvelope, type EnvelopeInit, encodeCommand, encodeEnvelope } from "../../../hub/protocol/codec.js";

const REQUESTS: EnvelopeInit[] = [
  { tap: { x: 540, y: 1200 } },
  { inputText: { text: "héllo wörld ✓".repeat(50) } },
  { swipe: { fromX: 1, fromY: 2, toX: 300, toY: 400, durationMs: 250 } },
  { getUi: {} },
  { screenshot: { maxSide: 720, quality: 60 } },
];

describe("encodeCommand", () => {
  it("writes the bytes of the plain encoder, the acks appended as a second message (protobuf merges them)", () => {
    for (const request of REQUESTS) {
      for (const id of [1, 127, 128, 2 ** 32 + 5, 1_795_977_739_783 * 1024]) {
        const bare = encodeEnvelope({ id, ...request });
        expect(Buffer.from(encodeCommand(id, request))).toEqual(Buffer.from(bare));
        const acks = [id - 1, 3, 9_007_199_254_740_991];
        const framed = encodeCommand(id, request, acks);
        expect(Buffer.from(framed)).toEqual(Buffer.concat([bare, encodeEnvelope({ ackedResultIds: acks })]));
        expect(decodeEnvelope(framed).toJSON()).toEqual(
          decodeEnvelope(encodeEnvelope({ id, ...request, ackedResultIds: acks })).toJSON(),
        );
      }
    }
  });

  it("hands out frames the next encode does not overwrite, and reads back as the command with its acks", () => {
    const first = encodeCommand(41, { tap: { x: 1, y: 2 } }, [40]);
    const copy = Buffer.from(first);
    // A frame far bigger than the writer's scratch buffer, then a small one: both reuse the writer.
    encodeCommand(42, { inputText: { text: "x".repeat(200_000) } });
    encodeCommand(43, { tap: { x: 9, y: 9 } });
    expect(Buffer.from(first)).toEqual(copy);
    const decoded = decodeEnvelope(first);
    expect(Number(decoded.id)).toBe(41);
    expect(decoded.tap).toEqual({ x: 1, y: 2 });
    expect(decoded.ackedResultIds.map(Number)).toEqual([40]);
  });

  it("leaves the writer clean after a request that cannot be encoded", () => {
    const broken = { inputText: { text: { length: 3 } } } as unknown as EnvelopeInit;
    expect(() => encodeCommand(7, broken)).toThrow();
    expect(Buffer.from(encodeCommand(8, { tap: { x: 5, y: 6 } }))).toEqual(
      Buffer.from(encodeEnvelope({ id: 8, tap: { x: 5, y: 6 } })),
    );
  });
});
