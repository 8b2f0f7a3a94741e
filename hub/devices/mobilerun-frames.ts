/**
 * The Mobilerun/droidrun Portal reverse-connection frames (JSON text, JSON-RPC style), parsed
 * safely. Matched against droidrun/droidrun-portal 0.7.2 (commit 88b301c):
 * ReverseConnectionService.handleMessage / ApiResponse.toJson / MobilerunEvent.toReverseNotificationJson.
 *
 *   hub → phone   {"id", "method", "params"}
 *   phone → hub   {"id", "status": "success", "result"} | {"id", "status": "error", "error": "<text>"}
 *   phone → hub   {"method": "events/device", "params": {type, timestamp, payload?}}     (no id)
 *   phone → hub   {"id"?, "method": "webrtc/offer" | "webrtc/ice" | "stream/*", "params"} (its own
 *                 requests; their ids come from the phone's own counter and may equal ours)
 */
import { z } from "zod";
import { HubError } from "../errors/hub-error.js";

const frameSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).nullable().optional(),
  method: z.string().optional(),
  params: z.unknown().optional(),
  status: z.string().optional(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
});

export type MobilerunId = string | number;

/** A phone message that carries a method: an event or a request of the phone's own. */
export interface MobilerunNotice {
  kind: "notice";
  id: MobilerunId | undefined;
  method: string;
  params: unknown;
}

/** An answer to one of the hub's requests. */
export interface MobilerunAnswer {
  kind: "answer";
  id: MobilerunId;
  ok: boolean;
  result: unknown;
  error: string;
}

export type MobilerunFrame = MobilerunNotice | MobilerunAnswer;

/**
 * One text frame → a notice or an answer; MALFORMED_FRAME for text that is not a JSON object and
 * PROTOCOL_ERROR for an object that is neither (no method and no id). Never throws anything else.
 */
export function parseMobilerunFrame(text: string, maxChars: number): MobilerunFrame {
  if (text.length > maxChars) {
    throw new HubError("FRAME_TOO_LARGE", `frame of ${text.length} characters exceeds ${maxChars}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new HubError("MALFORMED_FRAME", `frame is not JSON: ${(cause as Error).message}`.slice(0, 100), { cause });
  }
  const parsed = frameSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HubError("MALFORMED_FRAME", `frame is not a JSON-RPC object (${issue?.path.join(".") || "root"})`);
  }
  const frame = parsed.data;
  const id = frame.id ?? undefined;
  // Methods first: the phone numbers its own requests from 1 and they may collide with our ids.
  if (frame.method !== undefined && frame.method !== "") {
    return { kind: "notice", id, method: frame.method, params: frame.params };
  }
  if (id === undefined) throw new HubError("PROTOCOL_ERROR", "frame has neither a method nor an id");
  const ok = frame.status === "success" || (frame.status === undefined && frame.error === undefined);
  return { kind: "answer", id, ok, result: frame.result, error: ok ? "" : errorText(frame.error) };
}

function errorText(error: unknown): string {
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message;
  }
  if (error === undefined) return "the phone reported an error";
  try {
    return JSON.stringify(error).slice(0, 500);
  } catch {
    // JSON.parse takes nesting that JSON.stringify's recursion cannot print (RangeError).
    return "the phone reported an error that cannot be printed";
  }
}

export function encodeMobilerunRequest(id: MobilerunId, method: string, params: Record<string, unknown>): string {
  return JSON.stringify({ id, method, params });
}

/**
 * Some methods answer with a JSON string inside `result` (ApiResponse.Success of a `.toString()`);
 * unwrap it so callers always see a value.
 */
export function resultValue(result: unknown): unknown {
  if (typeof result !== "string") return result;
  const trimmed = result.trimStart();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return result;
  try {
    return JSON.parse(result);
  } catch {
    return result;
  }
}
