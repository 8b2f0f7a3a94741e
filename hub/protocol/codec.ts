/**
 * The only door to the generated protobuf code: encode and decode Envelopes with explicit size
 * limits and narrow typed errors. Nothing else in the hub imports protobufjs.
 */
import $protobuf from "protobufjs/minimal.js";
import { HubError } from "../errors/hub-error.js";
import { droidhub } from "./generated/droidhub.js";

// Ids are uint64 on the wire but stay below 2^53 in practice; plain numbers keep the hot path free
// of Long objects. configure() rebinds the reader after Long is removed.
$protobuf.util.Long = undefined as unknown as typeof $protobuf.util.Long;
$protobuf.configure();

export const pb = droidhub.v1;
export type Envelope = droidhub.v1.Envelope;
export type EnvelopeInit = droidhub.v1.IEnvelope;
export type RequestBody =
  | "getUi"
  | "screenshot"
  | "tap"
  | "longPress"
  | "swipe"
  | "scroll"
  | "inputText"
  | "pressKey"
  | "launchApp"
  | "openUrl"
  | "listApps"
  | "getState"
  | "streamStart"
  | "streamStop"
  | "stopApp";

export const REQUEST_BODIES: readonly RequestBody[] = [
  "getUi",
  "screenshot",
  "tap",
  "longPress",
  "swipe",
  "scroll",
  "inputText",
  "pressKey",
  "launchApp",
  "openUrl",
  "listApps",
  "getState",
  "streamStart",
  "streamStop",
  "stopApp",
];

export const DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024;

/**
 * One writer for every frame the hub encodes: encoding is synchronous, so frames never interleave,
 * and a writer per frame (its object, its 128-byte scratch buffer, its fork stack) was most of what
 * a command cost in protobuf. Each frame is copied out of it (`finish`), as ws may still hold the
 * bytes after send() returns.
 */
let writer = $protobuf.Writer.create();
/** A writer grown past this by one big frame (a long input text) is dropped rather than kept for ever. */
const KEPT_WRITER_BYTES = 64 * 1024;

function finishFrame(): Uint8Array {
  const frame = writer.finish();
  if (writer.buf.length > KEPT_WRITER_BYTES) writer = $protobuf.Writer.create();
  else writer.reset();
  return frame;
}

/** Runs `write` on the shared writer; a write that throws leaves a fresh writer behind, not a half frame. */
function encodeWith<A, B, C>(write: (a: A, b: B, c: C) => void, a: A, b: B, c: C): Uint8Array {
  try {
    write(a, b, c);
  } catch (error) {
    writer = $protobuf.Writer.create();
    throw error;
  }
  return finishFrame();
}

function writeEnvelope(message: EnvelopeInit): void {
  pb.Envelope.encode(message, writer);
}

export function encodeEnvelope(message: EnvelopeInit): Uint8Array {
  return encodeWith(writeEnvelope, message, undefined, undefined);
}

/** Field 1 (id) and field 3 (acked_result_ids, packed) of Envelope, written by hand around a request body. */
const ID_TAG = (1 << 3) | 0;
const ACKED_RESULT_IDS_TAG = (3 << 3) | 2;

function writeCommand(id: number, request: EnvelopeInit, ackedResultIds: readonly number[]): void {
  if (id !== 0) writer.uint32(ID_TAG).uint64(id);
  pb.Envelope.encode(request, writer);
  if (ackedResultIds.length > 0) writer.uint32(ACKED_RESULT_IDS_TAG).uint64s(ackedResultIds as number[]);
}

const NO_IDS: readonly number[] = Object.freeze([]);

/**
 * A command frame: `request` (an Envelope with one request body and no id) under `id`, with
 * `ackedResultIds` riding along, in one buffer. The bytes are those of
 * `encodeEnvelope({ id, ...request, ackedResultIds })` without the spread object, the second encode
 * or the copy that appending the acks to a finished frame took.
 */
export function encodeCommand(
  id: number,
  request: EnvelopeInit,
  ackedResultIds: readonly number[] = NO_IDS,
): Uint8Array {
  return encodeWith(writeCommand, id, request, ackedResultIds);
}

/** Decodes one frame; throws FRAME_TOO_LARGE or MALFORMED_FRAME, never anything else. */

export function decodeEnvelope(bytes: Uint8Array, maxBytes: number = DEFAULT_MAX_FRAME_BYTES): Envelope {
  if (bytes.byteLength > maxBytes) {
    throw new HubError("FRAME_TOO_LARGE", `frame of ${bytes.byteLength} bytes exceeds ${maxBytes}`, {
      details: { bytes: bytes.byteLength, limit: maxBytes },
    });
  }
  try {
    return pb.Envelope.decode(bytes);
  } catch (cause) {
    throw new HubError("MALFORMED_FRAME", `envelope decode failed: ${(cause as Error).message}`, { cause });
  }
}

export function isRequestBody(body: string | undefined): body is RequestBody {
  return body !== undefined && (REQUEST_BODIES as readonly string[]).includes(body);
}
