/**
 * The commonest frame on the link, by far: a phone's answer that a command ran, ok, in N ms
 * (Envelope{reply_to, result{ok: true, duration_ms}}: every tap, swipe, key and text). Read and
 * written by hand, because the generic path costs more than everything else the hub does with it
 * (bench:gateway profile: protobufjs's decode, its Envelope and Result objects and the oneof getter
 * were a quarter of the hub's JavaScript per command).
 *
 * The reader is strict: it takes only frames made of these fields, each once (id, reply_to and the
 * result; inside it ok = true and duration_ms), in any order, with varints of at most 53 bits, and
 * answers undefined for anything else — an error, a payload, an unknown or repeated field, a wrong
 * wire type, a length past the end — so the caller decodes that with the generic decoder, which
 * knows every rule. What it returns is what the generic decoder would have said about those fields
 * (tests/unit/protocol/ok-result.test.ts checks it on generated frames).
 */
import { pb } from "./codec.js";
import type { droidhub } from "./generated/droidhub.js";

/** A phone's bare "ok": the request it answers and how long the phone spent on it. */
export interface OkResult {
  replyTo: number;
  durationMs: number;
}

const WIRE_VARINT = 0;
const WIRE_LEN = 2;
const ENVELOPE_ID = 1;
const ENVELOPE_REPLY_TO = 2;
const ENVELOPE_RESULT = 40;
const RESULT_OK = 1;
const RESULT_DURATION = 3;
/** Result{ok, duration_ms} is at most 2 + 1 + 6 bytes (a uint32 varint is at most 5). */
const MAX_RESULT_BYTES = 9;
const TWO_POW_53 = 2 ** 53;

/** Where a varint ends and what it holds; undefined past the buffer or past 53 bits. */
let varintEnd = 0;
function readVarint(bytes: Uint8Array, at: number): number | undefined {
  let value = 0;
  let scale = 1;
  for (let i = at; i < bytes.length && i < at + 8; i++) {
    const byte = bytes[i] as number;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) {
      varintEnd = i + 1;
      return value < TWO_POW_53 ? value : undefined;
    }
    scale *= 128;
  }
  return undefined; // cut short, or longer than 8 bytes (56 bits): the generic decoder decides
}

/** Longer frames are never a bare ok (id, reply_to and duration at their largest): not worth a look. */
const OK_RESULT_MAX_BYTES = 2 + 9 + 1 + 9 + 2 + 1 + MAX_RESULT_BYTES;

/** The frame as an OkResult, or undefined when it is anything else (then decode it the generic way). */
export function readOkResult(bytes: Uint8Array): OkResult | undefined {
  if (bytes.length > OK_RESULT_MAX_BYTES) return undefined;
  let replyTo: number | undefined;
  let seenId = false;
  let result: OkResult | undefined;
  let at = 0;
  while (at < bytes.length) {
    const tag = readVarint(bytes, at);
    if (tag === undefined) return undefined;
    at = varintEnd;
    const field = Math.floor(tag / 8);
    const wire = tag & 7;
    if (field === ENVELOPE_ID && wire === WIRE_VARINT && !seenId) {
      if (readVarint(bytes, at) === undefined) return undefined;
      seenId = true;
      at = varintEnd;
    } else if (field === ENVELOPE_REPLY_TO && wire === WIRE_VARINT && replyTo === undefined) {
      replyTo = readVarint(bytes, at);
      if (replyTo === undefined) return undefined;
      at = varintEnd;
    } else if (field === ENVELOPE_RESULT && wire === WIRE_LEN && result === undefined) {
      const length = readVarint(bytes, at);
      if (length === undefined || length > MAX_RESULT_BYTES) return undefined;
      const end = varintEnd + length;
      if (end > bytes.length) return undefined;
      result = readResult(bytes, varintEnd, end);
      if (result === undefined) return undefined;
      at = end;
    } else {
      return undefined;
    }
  }
  if (result === undefined) return undefined;
  result.replyTo = replyTo ?? 0; // absent is zero, as the generic decoder reads it
  return result;
}

/** Result{ok: true, duration_ms?} in bytes[at, end); undefined for anything else. */
function readResult(bytes: Uint8Array, start: number, end: number): OkResult | undefined {
  let ok = false;
  let duration: number | undefined;
  let at = start;
  while (at < end) {
    const tag = bytes[at++] as number; // both fields' tags are one byte; any other tag is refused
    if (tag === ((RESULT_OK << 3) | WIRE_VARINT) && !ok) {
      if (bytes[at] !== 1) return undefined; // ok = false carries an error; ok = 2.. is odd: generic path
      ok = true;
      at++;
    } else if (tag === ((RESULT_DURATION << 3) | WIRE_VARINT) && duration === undefined) {
      duration = readVarint(bytes, at);
      if (duration === undefined || duration > 0xffffffff) return undefined;
      at = varintEnd;
    } else {
      return undefined;
    }
  }
  if (at !== end || !ok) return undefined;
  return { replyTo: 0, durationMs: duration ?? 0 };
}

/**
 * Fields of Result besides ok and duration_ms (its error and payloads), from the generated class,
 * so a field added to the proto is never missed here: a result with any of them set is not bare.
 */
const RESULT_EXTRAS = Object.entries(pb.Result.prototype)
  .filter(([key, value]) => key !== "ok" && key !== "durationMs" && typeof value !== "function") // toJSON
  .map(([key]) => key);

/** Whether `result` says ok and nothing but its duration (encodeOkResult can write it). */
export function isBareOk(result: droidhub.v1.IResult): boolean {
  if (result.ok !== true) return false;
  const ms = result.durationMs ?? 0;
  if (!Number.isInteger(ms) || ms < 0 || ms > 0xffffffff) return false;
  const fields = result as Record<string, unknown>;
  for (const key of RESULT_EXTRAS) if (fields[key] != null) return false;
  return true;
}

/**
 * The bytes of encodeEnvelope({id: 0, replyTo, result: {ok: true, durationMs}}), written by hand:
 * the same bytes (the tests compare; zeros are left out, as protobufjs leaves them), without the
 * writer's objects and forks.
 */
export function encodeOkResult(replyTo: number, durationMs: number): Uint8Array {
  const replyBytes = replyTo === 0 ? 0 : 1 + varintLength(replyTo);
  const durationBytes = durationMs === 0 ? 0 : 1 + varintLength(durationMs);
  const resultLength = 2 + durationBytes;
  const frame = Buffer.allocUnsafe(replyBytes + 2 + 1 + resultLength);
  let at = 0;
  if (replyTo !== 0) {
    frame[at++] = (ENVELOPE_REPLY_TO << 3) | WIRE_VARINT;
    at = writeVarint(frame, at, replyTo);
  }
  frame[at++] = (((ENVELOPE_RESULT << 3) | WIRE_LEN) & 0x7f) | 0x80; // tag 322 as a two-byte varint
  frame[at++] = ((ENVELOPE_RESULT << 3) | WIRE_LEN) >> 7;
  frame[at++] = resultLength;
  frame[at++] = (RESULT_OK << 3) | WIRE_VARINT;
  frame[at++] = 1;
  if (durationMs !== 0) {
    frame[at++] = (RESULT_DURATION << 3) | WIRE_VARINT;
    writeVarint(frame, at, durationMs);
  }
  return frame;
}

function varintLength(value: number): number {
  let length = 1;
  for (let v = value; v >= 128; v = Math.floor(v / 128)) length++;
  return length;
}

function writeVarint(frame: Buffer, start: number, value: number): number {
  let at = start;
  let v = value;
  while (v >= 128) {
    frame[at++] = (v % 128) | 0x80;
    v = Math.floor(v / 128);
  }
  frame[at++] = v;
  return at;
}
