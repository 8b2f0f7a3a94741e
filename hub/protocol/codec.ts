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

export function encodeEnvelope(message: EnvelopeInit): Uint8Array {
  return pb.Envelope.encode(message).finish();
}

/** Decodes one frame; throws FRAME_TOO_LARGE or MALFORMED_FRAME, never anything else. */
/**
 * `frame` (an encoded Envelope) with `ids` in acked_result_ids. Protobuf merges concatenated
 * messages and repeated fields append, so the encoded request is reused as it is.
 */
export function withAckedResults(frame: Uint8Array, ids: readonly number[]): Uint8Array {
  const acks = pb.Envelope.encode({ ackedResultIds: ids as number[] }).finish();
  const out = new Uint8Array(frame.length + acks.length);
  out.set(frame, 0);
  out.set(acks, frame.length);
  return out;
}

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
