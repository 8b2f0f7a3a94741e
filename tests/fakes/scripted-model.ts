/**
 * An in-process Model with per-role queues of scripted answers. Answers go through the same extraction,
 * zod validation and single repair round as the real adapter (hub/llm/answer.ts), so a broken scripted
 * answer consumes the next one of that role as the repair. Every call is recorded.
 *
 *   const model = new ScriptedModel({ vision: { verifier: true } })
 *     .script("planner", { task_summary: "log in", steps: [] })      // an object: sent as JSON
 *     .script("verifier", "Sure! ```json\n{\"verdict\":\"OK\"}\n```") // raw text, as a model writes it
 *     .script("verifier", (req) => ({ verdict: req.messages.length > 2 ? "OK" : "RETRY" }))
 *     .script("planner", new HubError("MODEL_TIMEOUT"))                // thrown as is
 *     .otherwise("verifier", { verdict: "OK" });                       // when its queue is empty
 *   new ScriptedModel({ tools: true })                                 // callTool(): native tool turns
 *     .script("planner", { tool_calls: [{ name: "tap_element", arguments: { index: 3 } }] })
 *     .script("planner", "I would tap Sign in")                        // prose: no call, a repair round
 *   …
 *   expect(model.count("verifier")).toBe(1);
 */
import { HubError } from "../../hub/errors/hub-error.js";
import { runJsonRounds } from "../../hub/llm/answer.js";
import type {
  ChatMessage,
  JsonRequest,
  JsonResponse,
  Model,
  ModelCallRecord,
  ModelRole,
  ToolCallRequest,
  ToolCallResponse,
} from "../../hub/llm/model.js";
import { runToolRounds, type ToolAnswer } from "../../hub/llm/tool-rounds.js";
import { estimateToolTokens } from "../../hub/llm/tool-tokens.js";
import { estimatePromptTokens, estimateTextTokens } from "../../hub/llm/usage.js";

/** What the answer function sees: the request, plus the conversation of this round (repair included). */
export interface ScriptedRequest {
  role: ModelRole;
  schemaName: string;
  messages: ChatMessage[];
  /** 0 for the first answer, 1 for the repair round. */
  round: 0 | 1;
  /** callTool(): the names of the tools offered; json(): undefined. */
  tools?: readonly string[];
}

/** A native tool turn as a scripted answer: the calls (arguments as an object or JSON text) and any text. */
export interface ScriptedToolTurn {
  tool_calls: { name: string; arguments: string | Record<string, unknown> }[];
  content?: string;
}

/**
 * A string is the raw text the model "wrote"; an Error is thrown; a function computes either; anything
 * else (object, array, number) is serialised as JSON.
 */
export type ScriptedAnswer =
  | string
  | Error
  | ((request: ScriptedRequest) => unknown | Promise<unknown>)
  | ScriptedToolTurn
  | Record<string, unknown>
  | unknown[];

export interface ScriptedCall {
  role: ModelRole;
  schemaName: string;
  messages: ChatMessage[];
  round: 0 | 1;
  tools?: readonly string[];
  /** The raw text the model answered (a tool turn as its JSON); undefined when the scripted answer threw. */
  answer: string | undefined;
}

export interface ScriptedModelOptions {
  /** Which roles take images: one flag for all, or per role (default false). */
  vision?: boolean | Partial<Record<ModelRole, boolean>>;
  /** Which roles take native tool calls (supportsTools), one flag or per role (default false). */
  tools?: boolean | Partial<Record<ModelRole, boolean>>;
  /** Model name in the call records (default "scripted"). */
  model?: string;
}

const ROLES: readonly ModelRole[] = ["planner", "verifier", "vision", "summarizer"];

export class ScriptedModel implements Model {
  /** Every conversation round sent to the model, repairs included, in order. */
  readonly calls: ScriptedCall[] = [];
  /** One record per json() call that returned. */
  readonly records: ModelCallRecord[] = [];
  readonly #queues = new Map<ModelRole, ScriptedAnswer[]>();
  readonly #fallbacks = new Map<ModelRole, ScriptedAnswer>();
  readonly #vision: Partial<Record<ModelRole, boolean>>;
  readonly #tools: Partial<Record<ModelRole, boolean>>;
  readonly #model: string;

  constructor(options: ScriptedModelOptions = {}) {
    this.#vision = perRole(options.vision);
    this.#tools = perRole(options.tools);
    this.#model = options.model ?? "scripted";
  }

  /** Queues answers for `role`, used in order. */
  script(role: ModelRole, ...answers: ScriptedAnswer[]): this {
    const queue = this.#queues.get(role) ?? [];
    queue.push(...answers);
    this.#queues.set(role, queue);
    return this;
  }

  /** The answer for `role` whenever its queue is empty (e.g. a verifier that always says OK). */
  otherwise(role: ModelRole, answer: ScriptedAnswer): this {
    this.#fallbacks.set(role, answer);
    return this;
  }

  /** Scripted answers not yet used for `role`. */
  remaining(role: ModelRole): number {
    return this.#queues.get(role)?.length ?? 0;
  }

  /** Conversation rounds sent for `role` (a repaired answer counts 2), or for all roles. */
  count(role?: ModelRole): number {
    return role === undefined ? this.calls.length : this.calls.filter((c) => c.role === role).length;
  }

  /** Rounds per role, every role present. */
  counts(): Record<ModelRole, number> {
    const counts = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<ModelRole, number>;
    for (const call of this.calls) counts[call.role]++;
    return counts;
  }

  /** Token totals over the returned calls (estimated with o200k_base). */
  tokens(role?: ModelRole): { prompt: number; completion: number } {
    const records = role === undefined ? this.records : this.records.filter((r) => r.role === role);
    return {
      prompt: records.reduce((sum, r) => sum + r.promptTokens, 0),
      completion: records.reduce((sum, r) => sum + r.completionTokens, 0),
    };
  }

  supportsVision(role: ModelRole): boolean {
    return this.#vision[role] ?? false;
  }

  supportsTools(role: ModelRole): boolean {
    return this.#tools[role] ?? false;
  }

  json<T>(request: JsonRequest<T>): Promise<JsonResponse<T>> {
    return this.#recorded(request, (count) =>
      runJsonRounds(request, async (messages, round) => {
        const produced = await this.#turn(request, messages, round, undefined);
        const text = typeof produced === "string" ? produced : JSON.stringify(produced);
        count(messages, text);
        return text;
      }),
    );
  }

  /**
   * A native tool turn. A scripted `{tool_calls, content?}` is the call; a string or any other value is
   * text the model wrote instead of calling (runToolRounds may still find a call in it). A scripted
   * HubError MODEL_TOOLS_UNSUPPORTED turns tools off for the role, as the real adapter does.
   */
  callTool(request: ToolCallRequest): Promise<ToolCallResponse> {
    const names = request.tools.map((t) => t.name);
    return this.#recorded(request, (count) =>
      runToolRounds(request, async (messages, round) => {
        if (!this.supportsTools(request.role)) {
          throw new HubError("MODEL_TOOLS_UNSUPPORTED", "tools are off for this role in the ScriptedModel");
        }
        let produced: unknown;
        try {
          produced = await this.#turn(request, messages, round, names);
        } catch (error) {
          if (error instanceof HubError && error.code === "MODEL_TOOLS_UNSUPPORTED") this.#tools[request.role] = false;
          throw error;
        }
        const answer = toToolAnswer(produced);
        count(messages, answer.text + JSON.stringify(answer.calls), estimateToolTokens(request.tools));
        return answer;
      }),
    );
  }

  /** One scripted round: records the call and produces the scripted answer. */
  async #turn(
    request: { role: ModelRole; schemaName: string; signal?: AbortSignal | undefined },
    messages: ChatMessage[],
    round: 0 | 1,
    tools: readonly string[] | undefined,
  ): Promise<unknown> {
    if (request.signal?.aborted) throw new HubError("ABORTED", "the model call was aborted");
    const call: ScriptedCall = {
      role: request.role,
      schemaName: request.schemaName,
      messages,
      round,
      answer: undefined,
    };
    if (tools) call.tools = tools;
    this.calls.push(call);
    const scriptedRequest: ScriptedRequest = { role: request.role, schemaName: request.schemaName, messages, round };
    if (tools) scriptedRequest.tools = tools;
    const produced = await this.#answer(scriptedRequest);
    call.answer = typeof produced === "string" ? produced : JSON.stringify(produced);
    return produced;
  }

  async #recorded<V>(
    request: { role: ModelRole; schemaName: string },
    run: (count: Counter) => Promise<{ value: V; repaired: boolean }>,
  ): Promise<{ value: V; call: ModelCallRecord }> {
    const started = performance.now();
    let promptTokens = 0;
    let completionTokens = 0;
    let attempts = 0;
    const roundsBefore = this.calls.length;
    const recordOf = (repaired: boolean): ModelCallRecord => ({
      role: request.role,
      model: this.#model,
      schemaName: request.schemaName,
      promptTokens,
      completionTokens,
      ms: Math.round(performance.now() - started),
      attempts,
      repaired,
      costUsd: undefined,
    });
    let result: { value: V; repaired: boolean };
    try {
      result = await run((messages, answer, extraPromptTokens = 0) => {
        attempts++;
        promptTokens +=
          estimatePromptTokens(messages, { images: this.supportsVision(request.role) }) + extraPromptTokens;
        completionTokens += estimateTextTokens(answer);
      });
    } catch (error) {
      // As the real adapter does: a failed call's record rides on the HubError, every round sent
      // counted (a scripted error is a round too). Plain Errors (an under-scripted test) stay loud.
      if (error instanceof HubError && error.details["call"] === undefined) {
        error.details["call"] = { ...recordOf(false), attempts: this.calls.length - roundsBefore };
      }
      throw error;
    }
    const call = recordOf(result.repaired);
    this.records.push(call);
    return { value: result.value, call };
  }

  async #answer(request: ScriptedRequest): Promise<unknown> {
    const queue = this.#queues.get(request.role);
    const scripted = queue?.shift() ?? this.#fallbacks.get(request.role);
    if (scripted === undefined) {
      // A plain Error, not a HubError: a test that under-scripts should fail loudly, not look like a model fault.
      throw new Error(`ScriptedModel: no answer left for role "${request.role}" (schema ${request.schemaName})`);
    }
    if (scripted instanceof Error) throw scripted;
    const produced = typeof scripted === "function" ? await scripted(request) : scripted;
    if (produced instanceof Error) throw produced;
    return produced;
  }
}

/** Counts one answered round: the conversation sent, the answer's text, and tokens sent besides (tools). */
type Counter = (messages: ChatMessage[], answer: string, extraPromptTokens?: number) => void;

function perRole(flag: boolean | Partial<Record<ModelRole, boolean>> | undefined): Partial<Record<ModelRole, boolean>> {
  const value = flag ?? false;
  return typeof value === "boolean" ? Object.fromEntries(ROLES.map((role) => [role, value])) : { ...value };
}

function isToolTurn(value: unknown): value is ScriptedToolTurn {
  return typeof value === "object" && value !== null && Array.isArray((value as ScriptedToolTurn).tool_calls);
}

function toToolAnswer(produced: unknown): ToolAnswer {
  if (!isToolTurn(produced)) {
    return { calls: [], text: typeof produced === "string" ? produced : JSON.stringify(produced) };
  }
  return {
    calls: produced.tool_calls.map((c) => ({
      name: c.name,
      arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments),
    })),
    text: produced.content ?? "",
  };
}
