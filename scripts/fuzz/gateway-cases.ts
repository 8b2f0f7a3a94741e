/**
 * What the gateway phase sends, and what the hub must do with it. One case is one connection: a
 * droidhub phone (a valid or fuzzed Hello, then binary and stray text frames) or a Mobilerun phone
 * (fuzzed answers to the hub's own `version` and `state` requests, maybe a UI read through the HTTP
 * API, then more frames). The oracle says, frame by frame, whether the socket must stay open or close
 * and with which code — the README's close codes — from the same decoders the hub uses.
 */
import fc from "fast-check";
import { parseMobilerunFrame } from "../../hub/devices/mobilerun-frames.js";
import { ERROR_TABLE, isHubError } from "../../hub/errors/hub-error.js";
import { decodeEnvelope, type EnvelopeInit, encodeEnvelope } from "../../hub/protocol/codec.js";
import { applyByteEdit, type ByteEdit, byteEdit } from "./bytes.js";
import { envelopeBytes } from "./envelope.js";
import { applyEdit, type Json, obj, oddString, raw, str, type TextEdit, textEdit, toText } from "./json-text.js";
import { errorValue, mobilerunFrameInput, mobilerunFrameJson, resultFor } from "./mobilerun-frame.js";
import { event, hello, result, u64 } from "./proto-messages.js";

/** The phase's hub limits: frames past this are refused by ws itself (close 1009). */
export const GATEWAY_MAX_FRAME_BYTES = 256 * 1024;

export type Frame = { binary: true; bytes: Uint8Array } | { binary: false; text: string };

/** Open, or closed with this code (and the error code behind it, for the report). */
export type Expect = { open: true } | { open: false; close: number; code: string };

const OPEN: Expect = { open: true };

function closedBy(code: keyof typeof ERROR_TABLE): Expect {
  return { open: false, close: ERROR_TABLE[code].close, code };
}

const TOO_LARGE: Expect = { open: false, close: 1009, code: "FRAME_TOO_LARGE" };

function frameBytes(frame: Frame): number {
  return frame.binary ? frame.bytes.length : Buffer.byteLength(frame.text);
}

/** The droidhub dialect after a Welcome: results and events keep the socket; nothing else does. */
export function expectDroidhub(frame: Frame): Expect {
  if (frameBytes(frame) > GATEWAY_MAX_FRAME_BYTES) return TOO_LARGE;
  if (!frame.binary) return closedBy("PROTOCOL_ERROR");
  try {
    const envelope = decodeEnvelope(frame.bytes, GATEWAY_MAX_FRAME_BYTES);
    return envelope.body === "result" || envelope.body === "event" ? OPEN : closedBy("PROTOCOL_ERROR");
  } catch (error) {
    return isHubError(error) ? closedBy(error.code) : closedBy("INTERNAL");
  }
}

/** The first frame of a droidhub socket: a Hello of version 1 for the header's device id, or a close. */
export function expectHello(frame: Frame, deviceId: string): Expect {
  if (frameBytes(frame) > GATEWAY_MAX_FRAME_BYTES) return TOO_LARGE;
  if (!frame.binary) return closedBy("PROTOCOL_ERROR");
  try {
    const envelope = decodeEnvelope(frame.bytes, GATEWAY_MAX_FRAME_BYTES);
    if (envelope.body !== "hello" || !envelope.hello) return closedBy("PROTOCOL_ERROR");
    if (envelope.hello.protocolVersion !== 1) return closedBy("UNSUPPORTED_PROTOCOL");
    return envelope.hello.deviceId === deviceId ? OPEN : closedBy("PROTOCOL_ERROR");
  } catch (error) {
    return isHubError(error) ? closedBy(error.code) : closedBy("INTERNAL");
  }
}

/** The Mobilerun dialect: any JSON-RPC answer or notice keeps the socket. */
export function expectMobilerun(frame: Frame): Expect {
  if (frameBytes(frame) > GATEWAY_MAX_FRAME_BYTES) return TOO_LARGE;
  if (frame.binary) return closedBy("PROTOCOL_ERROR");
  try {
    parseMobilerunFrame(frame.text, GATEWAY_MAX_FRAME_BYTES);
    return OPEN;
  } catch (error) {
    // A non-HubError here is a decoder bug; the hub turns it into INTERNAL (1011), which no README row allows.
    return isHubError(error) ? closedBy(error.code) : closedBy("INTERNAL");
  }
}

const oversizedFrame: fc.Arbitrary<Frame> = fc
  .integer({ min: 1, max: 64 })
  .map((extra) => ({ binary: true, bytes: new Uint8Array(GATEWAY_MAX_FRAME_BYTES + extra) }));

/** What a phone sends after Welcome: results and events, encoded intact. */
const phoneFrame = fc
  .tuple(
    u64,
    u64,
    fc.oneof(
      result.map((r) => ({ result: r })),
      event.map((e) => ({ event: e })),
    ),
  )
  .map(([id, replyTo, body]) => encodeEnvelope({ id, replyTo, ...body } as EnvelopeInit));

const droidhubFrame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 40, arbitrary: phoneFrame.map((bytes): Frame => ({ binary: true, bytes })) },
  { weight: 30, arbitrary: envelopeBytes.map((bytes): Frame => ({ binary: true, bytes })) },
  { weight: 2, arbitrary: oddString.map((text): Frame => ({ binary: false, text })) },
  { weight: 1, arbitrary: oversizedFrame },
);

/** A Hello built at run time, since the device id must match the header the case is given. */
export interface HelloPlan {
  init: Record<string, unknown>;
  /** Put the socket's own device id in the Hello (else the generated one stays). */
  ownId: boolean;
  edits: ByteEdit[];
}

const helloPlan: fc.Arbitrary<HelloPlan> = fc.record({
  init: hello(oddString).map((h) => ({ id: 1, hello: h })),
  ownId: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  edits: fc.oneof(
    { weight: 6, arbitrary: fc.constant([] as ByteEdit[]) },
    { weight: 1, arbitrary: fc.array(byteEdit, { minLength: 1, maxLength: 2 }) },
  ),
});

export function helloFrame(plan: HelloPlan, deviceId: string): Frame {
  const init = plan.init as { hello: Record<string, unknown> };
  const message = plan.ownId ? { ...init, hello: { ...init.hello, deviceId } } : init;
  const bytes = plan.edits.reduce(applyByteEdit, encodeEnvelope(message as EnvelopeInit));
  return { binary: true, bytes };
}

export interface DroidhubCase {
  dialect: "droidhub";
  /** undefined: the ordinary Hello of a well-behaved phone. */
  hello: HelloPlan | undefined;
  frames: Frame[];
}

export const droidhubCase: fc.Arbitrary<DroidhubCase> = fc.record({
  dialect: fc.constant("droidhub" as const),
  hello: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: helloPlan }),
  frames: fc.array(droidhubFrame, { minLength: 1, maxLength: 4 }),
});

/** An answer to the hub's request, built at run time around the request's own id. */
export interface ReplyPlan {
  status: Json | undefined;
  result: Json;
  error: Json | undefined;
  edits: TextEdit[];
}

function replyPlan(method: "version" | "state"): fc.Arbitrary<ReplyPlan> {
  return fc.record({
    status: fc.oneof(
      { weight: 12, arbitrary: fc.constant(str("success")) },
      { weight: 2, arbitrary: fc.constant(str("error")) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, raw("null"), raw("7")) },
    ),
    result:
      method === "version"
        ? fc.oneof({ weight: 4, arbitrary: fc.constant(str("0.7.2")) }, { weight: 1, arbitrary: resultFor.version })
        : resultFor.state,
    error: fc.option(errorValue, { freq: 4 }).map((e) => e ?? undefined),
    edits: fc.oneof(
      { weight: 8, arbitrary: fc.constant([] as TextEdit[]) },
      { weight: 1, arbitrary: fc.array(textEdit, { minLength: 1, maxLength: 2 }) },
    ),
  });
}

export function replyFrame(plan: ReplyPlan, requestId: unknown): Frame {
  const entries: [string, Json][] = [["id", raw(JSON.stringify(requestId))]];
  if (plan.status) entries.push(["status", plan.status]);
  entries.push(["result", plan.result]);
  if (plan.error) entries.push(["error", plan.error]);
  return { binary: false, text: plan.edits.reduce(applyEdit, toText(obj(entries))) };
}

export interface MobilerunCase {
  dialect: "mobilerun";
  version: ReplyPlan;
  state: ReplyPlan;
  /** Read the UI through the HTTP API, answering the hub's `state` with this. */
  ui: ReplyPlan | undefined;
  frames: Frame[];
}

const mobilerunFrame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 40, arbitrary: mobilerunFrameJson.map((text): Frame => ({ binary: false, text })) },
  { weight: 30, arbitrary: mobilerunFrameInput.map((input): Frame => ({ binary: false, text: input.text })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 16 }).map((bytes): Frame => ({ binary: true, bytes })) },
  { weight: 1, arbitrary: oversizedFrame.map((f): Frame => ({ binary: false, text: "x".repeat(frameBytes(f)) })) },
);

export const mobilerunCase: fc.Arbitrary<MobilerunCase> = fc.record({
  dialect: fc.constant("mobilerun" as const),
  version: replyPlan("version"),
  state: replyPlan("state"),
  ui: fc.option(replyPlan("state"), { freq: 2 }).map((p) => p ?? undefined),
  frames: fc.array(mobilerunFrame, { maxLength: 3 }),
});

export type GatewayCase = DroidhubCase | MobilerunCase;

export const gatewayCase: fc.Arbitrary<GatewayCase> = fc.oneof(droidhubCase, mobilerunCase);

export function describeExpect(e: Expect): string {
  return e.open ? "open" : `${e.close} ${e.code}`;
}
