/**
 * What went wrong talking to the endpoint, classified once: retry or not, how long the server asked us
 * to wait, and the HubError to surface. Provider messages are kept (operators need "model not found")
 * but scrubbed of API keys — OpenAI's own 401 text quotes a masked key — and never carry prompts.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { HubError } from "../errors/hub-error.js";

export type FailureKind = "aborted" | "timeout" | "connection" | "http" | "unknown";

export interface EndpointFailure {
  kind: FailureKind;
  status: number | undefined;
  retryable: boolean;
  headers: { get(name: string): string | null } | undefined;
  /** Provider message, scrubbed and shortened; undefined when there is none. */
  upstream: string | undefined;
  /** Provider error code such as "rate_limit_exceeded" or "invalid_api_key". */
  upstreamCode: string | undefined;
}

const RETRYABLE_STATUS = new Set([408, 409, 425, 429]);
const KEYLIKE = /\b(?:sk|pk|rk|key|api[-_]?key)[-_][A-Za-z0-9*._-]{6,}/gi;
const BEARER = /\bBearer\s+\S+/gi;
const MAX_UPSTREAM_CHARS = 300;

export function classifyFailure(error: unknown, signal: AbortSignal | undefined, secrets: readonly string[]) {
  const failure = classify(error, signal);
  return { ...failure, upstream: failure.upstream && scrub(failure.upstream, secrets) };
}

function classify(error: unknown, signal: AbortSignal | undefined): EndpointFailure {
  const base = { status: undefined, headers: undefined, upstream: undefined, upstreamCode: undefined };
  if (signal?.aborted || error instanceof APIUserAbortError) return { ...base, kind: "aborted", retryable: false };
  if (error instanceof APIConnectionTimeoutError) return { ...base, kind: "timeout", retryable: true };
  if (error instanceof APIConnectionError) return { ...base, kind: "connection", retryable: true };
  if (error instanceof APIError) {
    const status = error.status;
    const body = error.error as { message?: unknown } | undefined;
    const message = typeof body?.message === "string" ? body.message : undefined;
    return {
      kind: "http",
      status,
      retryable: status !== undefined && (status >= 500 || RETRYABLE_STATUS.has(status)),
      headers: error.headers,
      upstream: message,
      upstreamCode: typeof error.code === "string" ? error.code : undefined,
    };
  }
  return { ...base, kind: "unknown", retryable: false };
}

/** Removes the configured keys and anything that looks like a key from a provider message. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join("[redacted]");
  out = out.replace(BEARER, "Bearer [redacted]").replace(KEYLIKE, "[redacted]");
  return out.length > MAX_UPSTREAM_CHARS ? `${out.slice(0, MAX_UPSTREAM_CHARS)}…` : out;
}

/** The HubError for a failure that will not be retried (any more). */
export function failureToHubError(
  failure: EndpointFailure,
  context: Record<string, unknown>,
  error?: unknown,
): HubError {
  const details: Record<string, unknown> = { ...context, kind: failure.kind };
  // Which endpoint, so "could not connect" says where to look (the URL is already stripped of secrets).
  const at = typeof context["endpoint"] === "string" ? ` ${context["endpoint"]}` : "";
  if (failure.status !== undefined) details["status"] = failure.status;
  if (failure.upstreamCode !== undefined) details["upstreamCode"] = failure.upstreamCode;
  if (failure.upstream !== undefined) details["upstream"] = failure.upstream;
  switch (failure.kind) {
    case "aborted":
      return new HubError("ABORTED", "the model call was aborted", { details });
    case "timeout":
      return new HubError("MODEL_TIMEOUT", `the model endpoint${at} did not answer in time`, { details });
    case "connection":
      return new HubError("MODEL_ERROR", `could not connect to the model endpoint${at}`, { details });
    case "http": {
      const suffix = failure.upstream ? `: ${failure.upstream}` : "";
      return new HubError("MODEL_ERROR", `the model endpoint${at} answered HTTP ${failure.status}${suffix}`, {
        details,
      });
    }
    default:
      // Not an API error (those may echo request data), so the original is safe to keep as the cause.
      return new HubError("MODEL_ERROR", "the model call failed unexpectedly", { details, cause: error });
  }
}
