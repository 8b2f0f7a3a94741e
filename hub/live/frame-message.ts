/**
 * A frame as a viewer receives it: one binary WebSocket message, built once and sent to every
 * viewer. Layout: a 4-byte big-endian header length, the header as UTF-8 JSON, then the JPEG.
 * The header carries what the page needs to show latency and map clicks back to the screen.
 */
import type { ScreenFrame } from "../devices/screen-stream.js";

export interface FrameHeader {
  seq: number;
  capturedAtMs: number;
  receivedAtMs: number;
  sentAtMs: number;
  width: number;
  height: number;
  sourceWidth: number;
  sourceHeight: number;
}

export function encodeFrameMessage(frame: ScreenFrame, sentAtMs: number): Uint8Array {
  const header: FrameHeader = {
    seq: frame.seq,
    capturedAtMs: frame.capturedAtMs,
    receivedAtMs: frame.receivedAtMs,
    sentAtMs,
    width: frame.width,
    height: frame.height,
    sourceWidth: frame.sourceWidth,
    sourceHeight: frame.sourceHeight,
  };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const message = Buffer.allocUnsafe(4 + json.length + frame.jpeg.length);
  message.writeUInt32BE(json.length, 0);
  json.copy(message, 4);
  message.set(frame.jpeg, 4 + json.length);
  return message;
}

/** The inverse, for tests and the bench (the dashboard has its own copy in the browser). */
export function decodeFrameMessage(message: Uint8Array): { header: FrameHeader; jpeg: Buffer } {
  const buffer = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  const length = buffer.readUInt32BE(0);
  const header = JSON.parse(buffer.subarray(4, 4 + length).toString("utf8")) as FrameHeader;
  return { header, jpeg: buffer.subarray(4 + length) };
}
