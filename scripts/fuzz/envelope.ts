/**
 * Target `envelope`: droidhub binary frames → decodeEnvelope (with a size limit) → for a UI tree, the
 * path every tree takes in the hub: parseSnapshot → compact → the text rendering the model reads.
 * Frames are valid encodings of hostile messages, then (often) damaged at the byte level.
 */
import fc from "fast-check";
import { compact, parseSnapshot, renderElements } from "../../hub/perception/index.js";
import { decodeEnvelope, type EnvelopeInit, encodeEnvelope } from "../../hub/protocol/codec.js";
import { applyByteEdit, byteEdit, concat, hex } from "./bytes.js";
import { oddString } from "./json-text.js";
import { bodies, envelopeInit, hello, hugeBody } from "./proto-messages.js";
import type { SyncTarget } from "./target.js";

/** Small, so oversized frames are cheap to make; the hub's own limit is a config value. */
export const FUZZ_MAX_FRAME_BYTES = 64 * 1024;

const encoded = fc
  .oneof({ weight: 300, arbitrary: envelopeInit(bodies(hello(oddString))) }, { weight: 1, arbitrary: hugeBody })
  .map((init) => encodeEnvelope(init as EnvelopeInit));

/** Bytes a phone could put in one binary frame. */
export const envelopeBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 30, arbitrary: encoded },
  // Damaged: truncated, bit-flipped, unknown or clashing fields, endless varints.
  {
    weight: 30,
    arbitrary: fc
      .tuple(encoded, fc.array(byteEdit, { minLength: 1, maxLength: 4 }))
      .map(([bytes, edits]) => edits.reduce(applyByteEdit, bytes)),
  },
  // Two encodings back to back: protobuf merges them, so fields and bodies combine.
  { weight: 5, arbitrary: fc.tuple(encoded, encoded).map(([a, b]) => concat(a, b)) },
  { weight: 5, arbitrary: fc.uint8Array({ maxLength: 256 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: FUZZ_MAX_FRAME_BYTES - 4, max: FUZZ_MAX_FRAME_BYTES + 4 })
      .map((n) => new Uint8Array(n)),
  },
);

export const envelopeTarget: SyncTarget<Uint8Array> = {
  kind: "sync",
  name: "envelope",
  description: "protobuf Envelopes → decodeEnvelope → parseSnapshot → compact → renderElements",
  arbitrary: envelopeBytes,
  show: (bytes) => hex(bytes),
  run(bytes) {
    const envelope = decodeEnvelope(bytes, FUZZ_MAX_FRAME_BYTES);
    const ui = envelope.result?.ui;
    if (!ui) return "decoded";
    const view = compact(parseSnapshot(ui));
    renderElements(view.elements, "text");
    return "decoded";
  },
};
