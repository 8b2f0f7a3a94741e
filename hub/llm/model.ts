/**
 * The model interface the agent depends on. One adapter (openai-model.ts) implements it over any
 * OpenAI-compatible endpoint; tests use fakes with the same interface (tests/fakes/).
 */
import type { z } from "zod";

export type ModelRole = "planner" | "verifier" | "vision" | "summarizer";

export interface TextPart {
  type: "text";
  text: string;
}

export interface ImagePart {
  type: "image";
  /** Encoded image bytes (JPEG/WEBP/PNG). */
  data: Uint8Array;
  mime: "image/jpeg" | "image/webp" | "image/png";
}

export type ContentPart = TextPart | ImagePart;

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string | ContentPart[];
}

export interface JsonRequest<T> {
  role: ModelRole;
  messages: ChatMessage[];
  /** Validates the answer; its JSON schema is sent as a structured-output format where supported. */
  schema: z.ZodType<T>;
  /** Short identifier for the schema (structured outputs need one), e.g. "action_chain". */
  schemaName: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** What every model call leaves behind, for events, step logs and cost reports. */
export interface ModelCallRecord {
  role: ModelRole;
  model: string;
  schemaName: string;
  promptTokens: number;
  completionTokens: number;
  ms: number;
  /** HTTP attempts made (1 = no retry). */
  attempts: number;
  /** True when the first answer failed validation and the repair round fixed it. */
  repaired: boolean;
  costUsd: number | undefined;
}

export interface JsonResponse<T> {
  value: T;
  call: ModelCallRecord;
}

/**
 * A tool the model may call. The zod object validates the arguments; as JSON Schema it is what the
 * endpoint shows the model (with the description, which is worded to steer the choice).
 */
export interface ModelTool {
  name: string;
  description: string;
  parameters: z.ZodObject;
}

export interface ToolCallRequest {
  role: ModelRole;
  messages: ChatMessage[];
  /** The tools offered this turn; the answer calls exactly one of them. */
  tools: readonly ModelTool[];
  /** Short identifier of the turn for call records, e.g. "step_action". */
  schemaName: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** One validated tool call. */
export interface ToolCall {
  name: string;
  /** The arguments as the tool's zod schema parsed them. */
  args: Record<string, unknown>;
  /** Text the model wrote next to the call ("" when none). */
  text: string;
}

export interface ToolCallResponse {
  value: ToolCall;
  call: ModelCallRecord;
}

export interface Model {
  /**
   * One structured answer. Throws HubError MODEL_INVALID_OUTPUT (not JSON or not valid after one
   * repair round), MODEL_TIMEOUT, MODEL_ERROR (the endpoint failed after retries) or ABORTED. A thrown
   * HubError carries the failed call's ModelCallRecord (attempts, tokens spent, latency) on
   * `details.call`, so a failed call is on the record like a successful one.
   */
  json<T>(request: JsonRequest<T>): Promise<JsonResponse<T>>;
  /**
   * One native tool call (the endpoint's `tools` parameter) from `request.tools`, its arguments
   * validated, with one repair round like json(). Same errors as json(), plus MODEL_TOOLS_UNSUPPORTED
   * when the endpoint refuses tools; after that supportsTools(role) is false and callers use json().
   */
  callTool(request: ToolCallRequest): Promise<ToolCallResponse>;
  /** Whether callTool can be used for `role` (configured on and not refused by the endpoint). */
  supportsTools(role: ModelRole): boolean;
  /** Whether the model behind `role` accepts images. */
  supportsVision(role: ModelRole): boolean;
}
