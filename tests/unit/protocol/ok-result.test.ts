/**
 * The hand-written path for the commonest frame, a bare "ok, N ms": the writer's bytes are
 * protobufjs's, and the reader either agrees with the generic decoder on a frame or declines it
 * (then the generic decoder handles it) — on frames protobufjs makes from every kind of Envelope,
 * and on arbitrary bytes. It never throws and never reads a frame the generic decoder would read
 * differently.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeEnvelope, type EnvelopeInit, encodeEnvelope } from "../../../hub/protocol/codec.js";
import { encodeOkResult, isBareOk, readOkResult } from "../../../hub/protocol/ok-result.js";

const EDGES = [0, 1, 127, 128, 16_383, 16_384, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1];

/** What the generic decoder says of a frame, when it is a bare ok; undefined otherwise. */
function genericOk(bytes: Uint8Array): { replyTo: number; durationMs: number } | undefined {
  let envelope: ReturnType<typeof decodeEnvelope>;
  try {
    envelope = decodeEnvelope(bytes);
  } catch {
    return undefined;
  }
  const result = envelope.result;
  if (envelope.body !== "result" || !result || envelope.ackedResultIds.length > 0) return undefined;
  if (!isBareOk(result)) return undefined;
  return { replyTo: Number(envelope.replyTo), durationMs: result.durationMs ?? 0 };
}

describe("encodeOkResult", () => {
  it("writes the bytes protobufjs writes for the same Envelope", () => {
    for (const replyTo of [...EDGES, 1_795_977_739_783 * 1024, 2 ** 53 - 1]) {
      for (const durationMs of EDGES) {
        const generic = encodeEnvelope({ id: 0, replyTo, result: { ok: true, durationMs } });
        expect(Buffer.from(encodeOkResult(replyTo, durationMs)).equals(Buffer.from(generic))).toBe(true);
      }
    }
  });
});

describe("readOkResult", () => {
  it("reads what the writer and protobufjs write, with or without an id and a duration", () => {
    expect(readOkResult(encodeOkResult(42, 7))).toEqual({ replyTo: 42, durationMs: 7 });
    expect(readOkResult(encodeEnvelope({ replyTo: 9, result: { ok: true } }))).toEqual({ replyTo: 9, durationMs: 0 });
    expect(readOkResult(encodeEnvelope({ id: 5, replyTo: 9, result: { ok: true, durationMs: 3 } }))).toEqual({
      replyTo: 9,
      durationMs: 3,
    });
  });

  it("declines errors, payloads, acks, other bodies, repeated and unknown fields, and frames cut short", () => {
    const declined: EnvelopeInit[] = [
      { replyTo: 9, result: { ok: false, error: { code: 3, message: "no" } } },
      { replyTo: 9, result: { ok: true, durationMs: 1, state: { screenOn: true } } },
      { replyTo: 9, result: { ok: true, durationMs: 1, stream: { streamId: 1 } } },
      { replyTo: 9, ackedResultIds: [1, 2], result: { ok: true } },
      { replyTo: 9, resultAck: { ids: [1] } },
      { id: 3, tap: { x: 1, y: 2 } },
      { replyTo: 9, result: {} },
    ];
    for (const envelope of declined) expect(readOkResult(encodeEnvelope(envelope))).toBeUndefined();
    const good = Buffer.from(encodeOkResult(300, 20));
    expect(readOkResult(Buffer.concat([good, Buffer.from([0x10, 0x05])]))).toBeUndefined(); // reply_to twice
    expect(readOkResult(Buffer.concat([good, Buffer.from([0x78, 0x01])]))).toBeUndefined(); // field 15, unknown
    for (let cut = 0; cut < good.length; cut++) expect(readOkResult(good.subarray(0, cut))).toBeUndefined();
    expect(readOkResult(new Uint8Array(0))).toBeUndefined();
    expect(readOkResult(new Uint8Array(4096))).toBeUndefined();
  });

  const body = fc.oneof(
    fc.record({
      replyTo: fc.oneof(fc.constantFrom(...EDGES), fc.maxSafeNat()),
      result: fc.record(
        {
          ok: fc.boolean(),
          durationMs: fc.constantFrom(...EDGES),
          error: fc.record({ code: fc.nat(9), message: fc.string({ maxLength: 8 }) }),
          state: fc.record({ screenOn: fc.boolean() }),
        },
        { requiredKeys: [] },
      ),
    }),
    fc.record({ id: fc.maxSafeNat(), tap: fc.record({ x: fc.nat(4000), y: fc.nat(4000) }) }),
    fc.record({ resultAck: fc.record({ ids: fc.array(fc.maxSafeNat(), { maxLength: 3 }) }) }),
    fc.record({ event: fc.record({ atMs: fc.maxSafeNat(), screen: fc.record({ on: fc.boolean() }) }) }),
  );

  it("agrees with the generic decoder on every Envelope protobufjs writes", () => {
    fc.assert(
      fc.property(body, fc.option(fc.maxSafeNat(), { nil: undefined }), (envelope, id) => {
        const bytes = encodeEnvelope({ ...(id === undefined ? {} : { id }), ...envelope } as EnvelopeInit);
        const fast = readOkResult(bytes);
        if (fast !== undefined) expect(fast).toEqual(genericOk(bytes));
        else expect(genericOk(bytes)).toBeUndefined();
      }),
      { numRuns: 5000, seed: 21 },
    );
  });

  it("never throws on arbitrary bytes, and what it reads the generic decoder reads the same", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const fast = readOkResult(bytes);
        if (fast !== undefined) expect(fast).toEqual(genericOk(bytes));
      }),
      { numRuns: 20_000, seed: 22 },
    );
  });
});

describe("isBareOk", () => {
  it("is true only for ok with nothing but a duration that fits a uint32", () => {
    expect(isBareOk({ ok: true, durationMs: 4 })).toBe(true);
    expect(isBareOk({ ok: true })).toBe(true);
    expect(isBareOk({ ok: false })).toBe(false);
    expect(isBareOk({ ok: true, ui: { nodes: [] } })).toBe(false);
    expect(isBareOk({ ok: true, image: { data: new Uint8Array(1) } })).toBe(false);
    expect(isBareOk({ ok: true, durationMs: -1 })).toBe(false);
    expect(isBareOk({ ok: true, durationMs: 1.5 })).toBe(false);
    expect(isBareOk({ ok: true, durationMs: 2 ** 32 })).toBe(false);
  });
});
