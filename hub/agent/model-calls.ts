/**
 * The one way every agent mode calls its model: secrets redacted on the way in (the model sees
 * placeholders only, even if a screen happens to show a secret in clear text), and on the way out the
 * call counted in the run's stats and emitted as a model_call event — failed calls too (refused,
 * unparsable, timed out, aborted): a run whose endpoint never answered usefully still shows every
 * attempt it made and the tokens it spent.
 */
import { isHubError } from "../errors/hub-error.js";
import type { ChatMessage, JsonRequest, Model, ModelCallRecord, ModelRole } from "../llm/model.js";
import type { AgentEvent, ModelCallOutcome, RunStats } from "./events.js";
import type { SecretVault } from "./secrets.js";

export interface ModelCallContext {
  vault: SecretVault;
  stats: RunStats;
  emit: (event: AgentEvent) => void;
  signal?: AbortSignal | undefined;
}

/** What every kind of model request starts from. */
export interface BaseRequest {
  role: ModelRole;
  messages: ChatMessage[];
  signal?: AbortSignal;
}

export async function callModel<V>(
  context: ModelCallContext,
  role: ModelRole,
  purpose: string,
  messages: ChatMessage[],
  send: (request: BaseRequest) => Promise<{ value: V; call: ModelCallRecord }>,
): Promise<{ value: V; call: ModelCallRecord }> {
  const request: BaseRequest = { role, messages: context.vault.redact(messages) };
  if (context.signal) request.signal = context.signal;
  const started = performance.now();
  let response: { value: V; call: ModelCallRecord };
  try {
    response = await send(request);
  } catch (error) {
    const call = failedCallRecord(error, role, Math.round(performance.now() - started));
    record(context, call, false);
    const failure = isHubError(error) ? error : undefined;
    context.emit({
      type: "model_call",
      call,
      purpose,
      outcome: failureOutcome(error),
      errorCode: failure?.code ?? "INTERNAL",
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
  const { call } = response;
  record(context, call, true);
  context.emit({ type: "model_call", call, purpose, outcome: call.repaired ? "repaired" : "ok" });
  return response;
}

function record(context: ModelCallContext, call: ModelCallRecord, ok: boolean): void {
  const stats = context.stats;
  if (ok) {
    stats.modelCalls++;
    stats.callsByRole[call.role] = (stats.callsByRole[call.role] ?? 0) + 1;
  } else {
    stats.failedModelCalls++;
  }
  stats.modelAttempts += call.attempts;
  stats.promptTokens += call.promptTokens;
  stats.completionTokens += call.completionTokens;
}

/**
 * The record a failed call left: the model's own (on `details.call`, see Model) when it made one,
 * else what the agent saw — one attempt, no tokens known.
 */
function failedCallRecord(error: unknown, role: ModelRole, ms: number): ModelCallRecord {
  const own = isHubError(error) ? (error.details["call"] as ModelCallRecord | undefined) : undefined;
  if (own && typeof own.attempts === "number") return own;
  return {
    role,
    model: "unknown",
    schemaName: "",
    promptTokens: 0,
    completionTokens: 0,
    ms,
    attempts: 1,
    repaired: false,
    costUsd: undefined,
  };
}

const REFUSED_STATUS = new Set([400, 401, 403, 404, 413, 422]);

export function failureOutcome(error: unknown): ModelCallOutcome {
  if (!isHubError(error)) return "error";
  switch (error.code) {
    case "MODEL_TOOLS_UNSUPPORTED":
      return "refused";
    case "MODEL_INVALID_OUTPUT":
      return "invalid";
    case "MODEL_TIMEOUT":
      return "timeout";
    case "ABORTED":
      return "aborted";
    default:
      return REFUSED_STATUS.has(error.details["status"] as number) ? "refused" : "error";
  }
}

/** A structured (json) answer through callModel. */
export function askJson<T>(
  context: ModelCallContext,
  model: Model,
  role: ModelRole,
  schemaName: string,
  schema: JsonRequest<T>["schema"],
  purpose: string,
  messages: ChatMessage[],
): Promise<{ value: T; call: ModelCallRecord }> {
  return callModel(context, role, purpose, messages, (request) => model.json({ ...request, schema, schemaName }));
}
