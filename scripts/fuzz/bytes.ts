/**
 * Byte-level damage for binary frames: raw protobuf fields the schema does not know (or knows with
 * another wire type), truncation, bit flips, lying length prefixes, spliced encodings. Written by hand
 * so the fuzzer does not share the decoder's library (only hub/protocol imports protobufjs).
 */
import fc from "fast-check";

export function varint(value: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, value);
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

/** One protobuf field: tag, then a payload shaped by its wire type (or by nothing, for 3/4/6/7). */
export interface RawField {
  field: number;
  wireType: number;
  value: bigint;
  bytes: Uint8Array;
  /** For length-delimited fields: a length prefix that may not match the bytes. */
  claimedLength: number | undefined;
}

export function encodeField(f: RawField): number[] {
  const tag = varint((BigInt(f.field) << 3n) | BigInt(f.wireType & 7));
  switch (f.wireType & 7) {
    case 0:
      return [...tag, ...varint(f.value)];
    case 1:
      return [...tag, ...fixed(f.value, 8)];
    case 2:
      return [...tag, ...varint(BigInt(f.claimedLength ?? f.bytes.length)), ...f.bytes];
    case 5:
      return [...tag, ...fixed(f.value, 4)];
    default:
      // Groups (3, 4) and the reserved wire types 6 and 7: a tag alone.
      return tag;
  }
}

function fixed(value: bigint, size: number): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(size * 8, value);
  for (let i = 0; i < size; i++) {
    out.push(Number(v & 0xffn));
    v >>= 8n;
  }
  return out;
}

/** Field numbers of the Envelope and its bodies (to clash with), and numbers nobody uses. */
const KNOWN_FIELDS = [1, 2, 10, 11, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 40, 41, 50];

export const rawField: fc.Arbitrary<RawField> = fc.record({
  field: fc.oneof(
    fc.constantFrom(...KNOWN_FIELDS),
    fc.integer({ min: 3, max: 9 }),
    fc.integer({ min: 51, max: 2 ** 29 - 1 }),
    fc.constant(0),
  ),
  wireType: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(0, 1, 2, 5) }, { weight: 1, arbitrary: fc.nat(7) }),
  value: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  bytes: fc.uint8Array({ maxLength: 32 }),
  claimedLength: fc.option(fc.oneof(fc.nat(64), fc.constantFrom(2 ** 31 - 1, 2 ** 32 - 1)), { freq: 4 }),
});

export type ByteEdit =
  | { kind: "cut"; at: number }
  | { kind: "flip"; at: number; bit: number }
  | { kind: "insert"; at: number; bytes: Uint8Array }
  | { kind: "delete"; at: number; length: number }
  | { kind: "fields"; at: "start" | "end"; fields: RawField[] }
  | { kind: "continue"; at: number };

export const byteEdit: fc.Arbitrary<ByteEdit> = fc.oneof(
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), bit: fc.nat(7) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 16 }) }),
  fc.record({
    kind: fc.constant("fields" as const),
    at: fc.constantFrom("start" as const, "end" as const),
    fields: fc.array(rawField, { minLength: 1, maxLength: 4 }),
  }),
  // A varint that never ends: the continuation bit set on a byte.
  fc.record({ kind: fc.constant("continue" as const), at: fc.nat() }),
);

export function applyByteEdit(bytes: Uint8Array, edit: ByteEdit): Uint8Array {
  if (edit.kind === "fields") {
    const extra = Uint8Array.from(edit.fields.flatMap(encodeField));
    return edit.at === "start" ? concat(extra, bytes) : concat(bytes, extra);
  }
  const at = bytes.length === 0 ? 0 : edit.at % (bytes.length + (edit.kind === "insert" ? 1 : 0));
  switch (edit.kind) {
    case "cut":
      return bytes.subarray(0, at);
    case "flip": {
      if (bytes.length === 0) return bytes;
      const out = Uint8Array.from(bytes);
      out[at] = (out[at] ?? 0) ^ (1 << edit.bit);
      return out;
    }
    case "insert":
      return concat(bytes.subarray(0, at), edit.bytes, bytes.subarray(at));
    case "delete":
      return concat(bytes.subarray(0, at), bytes.subarray(at + edit.length));
    case "continue": {
      if (bytes.length === 0) return Uint8Array.of(0x80);
      const out = Uint8Array.from(bytes);
      out[at] = (out[at] ?? 0) | 0x80;
      return out;
    }
  }
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function hex(bytes: Uint8Array, max = 200): string {
  const head = Buffer.from(bytes.subarray(0, max)).toString("hex");
  return bytes.length > max ? `${head}… (${bytes.length} bytes)` : `${head} (${bytes.length} bytes)`;
}
