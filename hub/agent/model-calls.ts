/**
 * The one way every agent mode calls its model: secrets redacted on the way in (the model sees
 * placeholders only, even if a screen happens to show a secret in clear text), and on the way out the
 * call counted in the run's stats and emitted as a model_call event.
 */
import type { ChatMessage, JsonRequest, Model, ModelCallRecord, ModelRole } from "../llm/model.js";
import type { AgentEvent, RunStats } from "./events.js";
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
  const response = await send(request);
  const { call } = response;
  const stats = context.stats;
  stats.modelCalls++;
  stats.callsByRole[role] = (stats.callsByRole[role] ?? 0) + 1;
  stats.promptTokens += call.promptTokens;
  stats.completionTokens += call.completionTokens;
  context.emit({ type: "model_call", call, purpose });
  return response;
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
