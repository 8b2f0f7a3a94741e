/**
 * The one adapter from Model to a real endpoint: the openai SDK against any OpenAI-compatible Chat
 * Completions API. The SDK's own retries are off; this class retries 429/5xx/timeouts/connection errors
 * itself (backoff with full jitter, Retry-After honoured and capped) so attempts are counted, bounded and
 * testable with an injected sleep. It never logs: prompts, answers and keys stay out of every message.
 */
import { setTimeout as delay } from "node:timers/promises";
import OpenAI from "openai";
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
} from "openai/resources/chat/completions";
import { HubError, isHubError } from "../errors/hub-error.js";
import { runJsonRounds } from "./answer.js";
import type { ModelSettings, RoleSettings } from "./config.js";
import { classifyFailure, failureToHubError } from "./endpoint-error.js";
import { responseSchema } from "./json-schema.js";
import { toWireMessages, withSystemInstruction } from "./messages.js";
import type {
  ChatMessage,
  JsonRequest,
  JsonResponse,
  Model,
  ModelCallRecord,
  ModelRole,
  ToolCallRequest,
  ToolCallResponse,
} from "./model.js";
import { renderPrompt } from "./prompts.js";
import { DEFAULT_RETRY_TIMING, parseRetryAfterMs, type RetryTiming, retryDelayMs } from "./retry.js";
import { runToolRounds, type ToolAnswer } from "./tool-rounds.js";
import { estimateToolTokens } from "./tool-tokens.js";
import { estimateCostUsd, estimatePromptTokens, estimateTextTokens } from "./usage.js";

export const DEFAULT_BASE_URL = "https://api.openai.com/v1";

export interface OpenAIModelOptions {
  /** Waits between retries. Must reject when `signal` aborts. Tests inject a recorder; undefined is the real timer. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Clock for latency and Retry-After dates. */
  now?: () => number;
  /** Source of jitter in [0, 1). */
  random?: () => number;
  retry?: Partial<RetryTiming>;
  /** Observes every json()/callTool() call, successful or not; the record is also on a thrown error's details.call. */
  onCall?: (call: ModelCallRecord, error?: HubError) => void;
}

/** What a single HTTP attempt needs to know about the call it belongs to. */
interface CallContext {
  role: ModelRole;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

interface Tally {
  attempts: number;
  promptTokens: number;
  completionTokens: number;
}

/** Tool-call options, most precise first; an endpoint that refuses one gets the next. */
const TOOL_OPTIONS = [
  { tool_choice: "required", parallel_tool_calls: false },
  { tool_choice: "required" },
  { tool_choice: "auto" },
] as const satisfies readonly Partial<ChatCompletionCreateParamsNonStreaming>[];

const defaultSleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }).then(() => undefined);

export class OpenAIModel implements Model {
  readonly #settings: ModelSettings;
  readonly #sleep: NonNullable<OpenAIModelOptions["sleep"]>;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #timing: RetryTiming;
  readonly #onCall: OpenAIModelOptions["onCall"];
  readonly #clients = new Map<string, OpenAI>();
  /** Endpoint+model pairs that rejected json_schema in auto mode; they get text + extraction. */
  readonly #noStructuredOutputs = new Set<string>();
  /** Endpoint+model pairs that rejected tools in auto mode; callers use json() for them. */
  readonly #noTools = new Set<string>();
  /** Endpoint+model → the TOOL_OPTIONS step it accepts. */
  readonly #toolOptions = new Map<string, number>();
  readonly #secrets: string[];

  constructor(settings: ModelSettings, options: OpenAIModelOptions = {}) {
    this.#settings = settings;
    this.#sleep = options.sleep ?? defaultSleep;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#timing = { ...DEFAULT_RETRY_TIMING, ...options.retry };
    this.#onCall = options.onCall;
    this.#secrets = [
      ...new Set(Object.values(settings.roles).flatMap((r) => (r.apiKey === undefined ? [] : [r.apiKey]))),
    ];
  }

  supportsVision(role: ModelRole): boolean {
    return this.#settings.roles[role].vision;
  }

  /** Whether calls for `role` currently use structured outputs (json_schema). */
  usesStructuredOutputs(role: ModelRole): boolean {
    const mode = this.#settings.structuredOutputs;
    return (
      mode === "on" || (mode === "auto" && !this.#noStructuredOutputs.has(endpointKey(this.#settings.roles[role])))
    );
  }

  /** Whether callTool() is used for `role`: on, or auto and the endpoint has not refused tools. */
  supportsTools(role: ModelRole): boolean {
    const mode = this.#settings.toolCalls;
    return mode === "on" || (mode === "auto" && !this.#noTools.has(endpointKey(this.#settings.roles[role])));
  }

  json<T>(request: JsonRequest<T>): Promise<JsonResponse<T>> {
    return this.#recorded(request.role, request.schemaName, (role, tally) =>
      runJsonRounds(request, (messages) => this.#complete(request, role, messages, tally)),
    );
  }

  callTool(request: ToolCallRequest): Promise<ToolCallResponse> {
    return this.#recorded(request.role, request.schemaName, (role, tally) => {
      if (!this.supportsTools(request.role)) throw toolsUnsupported(request.role, role);
      return runToolRounds(request, (messages) => this.#completeTools(request, role, messages, tally));
    });
  }

  /** Runs one model call and leaves its record (tokens, latency, attempts, cost), on success and on error. */
  async #recorded<V>(
    roleName: ModelRole,
    schemaName: string,
    run: (role: RoleSettings, tally: Tally) => Promise<{ value: V; repaired: boolean }>,
  ): Promise<{ value: V; call: ModelCallRecord }> {
    const role = this.#settings.roles[roleName];
    const started = this.#now();
    const tally: Tally = { attempts: 0, promptTokens: 0, completionTokens: 0 };
    const record = (repaired: boolean): ModelCallRecord => ({
      role: roleName,
      model: role.model,
      schemaName,
      promptTokens: tally.promptTokens,
      completionTokens: tally.completionTokens,
      ms: Math.max(0, this.#now() - started),
      attempts: tally.attempts,
      repaired,
      costUsd: estimateCostUsd(role.model, tally.promptTokens, tally.completionTokens),
    });
    try {
      const { value, repaired } = await run(role, tally);
      const call = record(repaired);
      this.#onCall?.(call);
      return { value, call };
    } catch (error) {
      const hubError = isHubError(error)
        ? error
        : new HubError("MODEL_ERROR", "the model call failed unexpectedly", { cause: error });
      const call = record(false);
      hubError.details["call"] = call;
      this.#onCall?.(call, hubError);
      throw hubError;
    }
  }

  /** One conversation turn → the answer text. Handles the json_schema → text fallback in auto mode. */
  async #complete<T>(request: JsonRequest<T>, role: RoleSettings, messages: ChatMessage[], tally: Tally) {
    const key = endpointKey(role);
    const format = responseSchema(request.schema, request.schemaName);
    const structured = format.objectRoot && this.usesStructuredOutputs(request.role);

    const build = (useSchema: boolean) => {
      const sent = useSchema
        ? messages
        : withSystemInstruction(
            messages,
            renderPrompt("json-format", { schema_name: request.schemaName, schema: format.text }),
          );
      const body: ChatCompletionCreateParamsNonStreaming = {
        model: role.model,
        messages: toWireMessages(sent, role.vision),
      };
      if (role.temperature !== undefined) body.temperature = role.temperature;
      if (useSchema) {
        body.response_format = {
          type: "json_schema",
          json_schema: { name: format.name, schema: format.schema, strict: format.strict },
        };
      }
      return { body, sent };
    };

    let attempt = build(structured);
    let completion = await this.#send(attempt.body, request, role, tally, structured && this.#isAuto());
    if (completion === undefined) {
      // The endpoint refused the structured-output format: ask again in text mode.
      attempt = build(false);
      completion = await this.#send(attempt.body, request, role, tally, false);
      this.#noStructuredOutputs.add(key);
    }
    if (completion === undefined) throw new HubError("INTERNAL", "no completion");

    const text = answerText(completion);
    const usage = completion.usage;
    const promptTokens = usage?.prompt_tokens;
    const completionTokens = usage?.completion_tokens;
    tally.promptTokens +=
      typeof promptTokens === "number" && promptTokens > 0
        ? promptTokens
        : estimatePromptTokens(attempt.sent, { images: role.vision });
    tally.completionTokens +=
      typeof completionTokens === "number" && completionTokens > 0 ? completionTokens : estimateTextTokens(text);
    return text;
  }

  /**
   * One tool turn → the calls and text. Endpoints differ in which tool options they accept (o-series
   * models refuse parallel_tool_calls, some servers refuse tool_choice "required"), so a 400/422 steps
   * down TOOL_OPTIONS once per endpoint; past the last step, auto mode takes it as "no tools here".
   */
  async #completeTools(request: ToolCallRequest, role: RoleSettings, messages: ChatMessage[], tally: Tally) {
    const tools = request.tools.map((tool): ChatCompletionFunctionTool => {
      const format = responseSchema(tool.parameters, tool.name);
      return {
        type: "function",
        function: { name: tool.name, description: tool.description, parameters: format.schema, strict: format.strict },
      };
    });
    const key = endpointKey(role);
    let completion: ChatCompletion | undefined;
    for (let step = this.#toolOptions.get(key) ?? 0; completion === undefined; step++) {
      const options = TOOL_OPTIONS[step];
      if (options === undefined) {
        this.#noTools.add(key);
        throw toolsUnsupported(request.role, role);
      }
      this.#toolOptions.set(key, step);
      const body: ChatCompletionCreateParamsNonStreaming = {
        model: role.model,
        messages: toWireMessages(messages, role.vision),
        tools,
        ...options,
      };
      if (role.temperature !== undefined) body.temperature = role.temperature;
      // "on" promises tools work: the last step's refusal is an endpoint error, not a silent fallback.
      const last = step === TOOL_OPTIONS.length - 1;
      completion = await this.#send(body, request, role, tally, this.#toolsAuto() || !last);
    }
    const message = completion.choices[0]?.message;
    const answer: ToolAnswer = {
      calls: (message?.tool_calls ?? []).flatMap((call) =>
        call.type === "function" ? [{ name: call.function.name, arguments: call.function.arguments }] : [],
      ),
      text: typeof message?.content === "string" ? message.content : "",
    };
    const usage = completion.usage;
    tally.promptTokens +=
      typeof usage?.prompt_tokens === "number" && usage.prompt_tokens > 0
        ? usage.prompt_tokens
        : estimatePromptTokens(messages, { images: role.vision }) + estimateToolTokens(request.tools);
    tally.completionTokens +=
      typeof usage?.completion_tokens === "number" && usage.completion_tokens > 0
        ? usage.completion_tokens
        : estimateTextTokens(answer.text + JSON.stringify(answer.calls));
    return answer;
  }

  #isAuto(): boolean {
    return this.#settings.structuredOutputs === "auto";
  }

  #toolsAuto(): boolean {
    return this.#settings.toolCalls === "auto";
  }

  /**
   * One request with retries. Returns undefined only when `fallbackOnBadRequest` is set and the endpoint
   * answered 400/422 (taken as "json_schema not supported").
   */
  async #send(
    body: ChatCompletionCreateParamsNonStreaming,
    request: CallContext,
    role: RoleSettings,
    tally: Tally,
    fallbackOnBadRequest: boolean,
  ): Promise<ChatCompletion | undefined> {
    const client = this.#client(role);
    const timeout = request.timeoutMs ?? this.#settings.timeoutMs;
    const signal = request.signal;
    for (let retry = 0; ; retry++) {
      if (signal?.aborted) throw aborted(request, role, tally);
      tally.attempts++;
      try {
        return await client.chat.completions.create(body, { signal, timeout, maxRetries: 0 });
      } catch (error) {
        const failure = classifyFailure(error, signal, this.#secrets);
        const context = {
          role: request.role,
          model: role.model,
          endpoint: endpointName(role.baseUrl ?? DEFAULT_BASE_URL),
          attempts: tally.attempts,
        };
        if (fallbackOnBadRequest && failure.kind === "http" && (failure.status === 400 || failure.status === 422)) {
          return undefined;
        }
        if (!failure.retryable || retry >= this.#settings.maxRetries) throw failureToHubError(failure, context, error);
        const retryAfter = parseRetryAfterMs(failure.headers, this.#now(), this.#timing);
        const wait = retryDelayMs(retry, retryAfter, this.#timing, this.#random);
        try {
          await this.#sleep(wait, signal);
        } catch {
          throw aborted(request, role, tally);
        }
      }
    }
  }

  #client(role: RoleSettings): OpenAI {
    const baseURL = role.baseUrl ?? DEFAULT_BASE_URL;
    const key = `${baseURL}\n${role.apiKey ?? ""}`;
    let client = this.#clients.get(key);
    if (!client) {
      client = new OpenAI({
        baseURL,
        // Local endpoints (Ollama, vLLM) need no key, but the SDK insists on one.
        apiKey: role.apiKey ?? "no-key",
        maxRetries: 0,
        timeout: this.#settings.timeoutMs,
        // The SDK's debug logging prints request bodies; prompts must never reach a log.
        logLevel: "off",
      });
      this.#clients.set(key, client);
    }
    return client;
  }
}

/** The endpoint as an operator can read it in an error: no userinfo, query or fragment (they may hold keys). */
export function endpointName(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, "")}`;
  } catch {
    return "(an invalid URL)";
  }
}

function endpointKey(role: RoleSettings): string {
  return `${role.baseUrl ?? DEFAULT_BASE_URL} ${role.model}`;
}

function answerText(completion: ChatCompletion): string {
  const content = completion.choices[0]?.message?.content;
  return typeof content === "string" ? content : "";
}

function toolsUnsupported(roleName: ModelRole, role: RoleSettings): HubError {
  return new HubError("MODEL_TOOLS_UNSUPPORTED", "the model endpoint refused tool calls", {
    details: { role: roleName, model: role.model },
  });
}

function aborted(request: CallContext, role: RoleSettings, tally: Tally): HubError {
  return new HubError("ABORTED", "the model call was aborted", {
    details: { role: request.role, model: role.model, attempts: tally.attempts },
  });
}
