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

export interface Model {
  /**
   * One structured answer. Throws HubError MODEL_INVALID_OUTPUT (not JSON or not valid after one
   * repair round), MODEL_TIMEOUT, MODEL_ERROR (the endpoint failed after retries) or ABORTED.
   */
  json<T>(request: JsonRequest<T>): Promise<JsonResponse<T>>;
  /** Whether the model behind `role` accepts images. */
  supportsVision(role: ModelRole): boolean;
}
