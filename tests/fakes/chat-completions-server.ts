/**
 * A real HTTP fake of the Chat Completions API on 127.0.0.1:0, so tests run the real openai SDK path.
 * Answers come from a scripted queue; every request body is recorded so tests can assert what was sent
 * (and that no secret value ever was).
 *
 *   const fake = await startChatCompletionsServer({ script: [{ json: { ok: true } }, "not json", { status: 429, retryAfter: "2" }] });
 *   const model = new OpenAIModel(settingsFor(fake.baseUrl));
 *   …; expect(fake.requests).toHaveLength(3); await fake.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  tools?: Array<{
    type: string;
    function: { name: string; description?: string; parameters?: unknown; strict?: boolean };
  }>;
  tool_choice?: unknown;
  temperature?: number;
  [key: string]: unknown;
}

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * One scripted reply:
 * - a string: the assistant's raw content (JSON, prose, a fence, broken JSON — anything);
 * - `{ json }`: the value serialised as the content;
 * - `{ content }`: raw content with options (`usage: false` omits usage, finishReason);
 * - `{ toolCalls }`: a native tool-call turn (arguments as an object, or raw text to send broken ones);
 * - `{ status }`: an HTTP error, optionally with Retry-After and a body;
 * - `{ delayMs, reply }`: wait, then send `reply` (or hang until the client gives up when it is absent);
 * - a function of the request body returning any of the above.
 */
export type FakeReply =
  | string
  | { json: unknown; usage?: FakeUsage | false }
  | { content: string | null; usage?: FakeUsage | false; finishReason?: string }
  | { toolCalls: FakeToolCall[]; content?: string | null; usage?: FakeUsage | false }
  | { status: number; retryAfter?: string; headers?: Record<string, string>; body?: unknown }
  | { delayMs: number; reply?: FakeReply }
  | ((body: ChatRequestBody, index: number) => FakeReply | Promise<FakeReply>);

export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
}

export interface RecordedRequest {
  path: string;
  body: ChatRequestBody;
  /** The Authorization header, to check per-role keys. */
  authorization: string | undefined;
  /** True when the request was refused by `rejectJsonSchema`, `rejectTools` or `rejectParam` rather than scripted. */
  rejectedSchema: boolean;
}

export interface ChatCompletionsServerOptions {
  script?: FakeReply[];
  /** Answer json_schema requests with 400 (an endpoint without structured outputs); no script entry used. */
  rejectJsonSchema?: boolean;
  /** Answer requests that carry `tools` with 400 (an endpoint without tool calling); no script entry used. */
  rejectTools?: boolean;
  /** Answer with 400 "Unsupported parameter" when this names a parameter of the body; no script entry used. */
  rejectParam?: (body: ChatRequestBody) => string | undefined;
  /** Used when the script is empty; without it an empty script answers 418 "script exhausted". */
  fallback?: FakeReply;
}

export interface ChatCompletionsServer {
  /** e.g. http://127.0.0.1:41234/v1 — pass as the SDK's baseURL. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Appends replies to the queue. */
  push(...replies: FakeReply[]): void;
  /** Scripted replies not yet used. */
  pending(): number;
  /** Every recorded request body as one string, for "this value was never sent" checks. */
  sentText(): string;
  close(): Promise<void>;
}

export async function startChatCompletionsServer(
  options: ChatCompletionsServerOptions = {},
): Promise<ChatCompletionsServer> {
  const queue: FakeReply[] = [...(options.script ?? [])];
  const requests: RecordedRequest[] = [];
  let served = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `fake failed: ${String(error)}` } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/chat/completions")) {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${path}`, type: "invalid_request_error" } });
      return;
    }
    const raw = await readBody(req);
    let body: ChatRequestBody;
    try {
      body = JSON.parse(raw) as ChatRequestBody;
    } catch {
      sendJson(res, 400, { error: { message: "body is not JSON", type: "invalid_request_error" } });
      return;
    }
    const authorization = req.headers.authorization;
    if (options.rejectJsonSchema && body.response_format?.type === "json_schema") {
      requests.push({ path, body, authorization, rejectedSchema: true });
      sendJson(res, 400, {
        error: {
          message: "response_format of type json_schema is not supported by this model",
          type: "invalid_request_error",
          param: "response_format",
          code: null,
        },
      });
      return;
    }
    const refused = options.rejectTools && Array.isArray(body.tools) ? "tools" : options.rejectParam?.(body);
    if (refused !== undefined) {
      requests.push({ path, body, authorization, rejectedSchema: true });
      sendJson(res, 400, {
        error: {
          message: `Unsupported parameter: '${refused}' is not supported with this model.`,
          type: "invalid_request_error",
          param: refused,
          code: "unsupported_parameter",
        },
      });
      return;
    }
    requests.push({ path, body, authorization, rejectedSchema: false });
    const index = served++;
    const reply = queue.shift() ?? options.fallback;
    if (reply === undefined) {
      sendJson(res, 418, { error: { message: "fake: script exhausted", type: "fake_error" } });
      return;
    }
    await answer(reply, body, index, res);
  }

  async function answer(reply: FakeReply, body: ChatRequestBody, index: number, res: ServerResponse): Promise<void> {
    if (typeof reply === "function") return answer(await reply(body, index), body, index, res);
    if (typeof reply === "string") return sendCompletion(res, body, reply, undefined, "stop");
    if ("json" in reply) return sendCompletion(res, body, JSON.stringify(reply.json), reply.usage, "stop");
    if ("toolCalls" in reply) return sendToolCalls(res, body, reply.toolCalls, reply.content ?? null, reply.usage);
    if ("content" in reply) return sendCompletion(res, body, reply.content, reply.usage, reply.finishReason ?? "stop");
    if ("status" in reply) {
      const headers: Record<string, string> = { ...reply.headers };
      if (reply.retryAfter !== undefined) headers["retry-after"] = reply.retryAfter;
      const errorBody = reply.body ?? {
        error: { message: `fake error ${reply.status}`, type: reply.status === 429 ? "rate_limit" : "server_error" },
      };
      sendJson(res, reply.status, errorBody, headers);
      return;
    }
    const closed = new Promise<void>((resolve) => res.once("close", () => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), reply.delayMs);
    });
    const done = await Promise.race([waited, closed.then(() => false)]);
    clearTimeout(timer);
    if (!done || res.destroyed) return;
    if (reply.reply === undefined) {
      await closed;
      return;
    }
    return answer(reply.reply, body, index, res);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    push: (...replies) => {
      queue.push(...replies);
    },
    pending: () => queue.length,
    sentText: () => requests.map((r) => JSON.stringify(r.body)).join("\n"),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function sendToolCalls(
  res: ServerResponse,
  request: ChatRequestBody,
  calls: FakeToolCall[],
  content: string | null,
  usage: FakeUsage | false | undefined,
): void {
  const toolCalls = calls.map((call) => ({
    id: `call_${Math.random().toString(36).slice(2, 12)}`,
    type: "function",
    function: {
      name: call.name,
      arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
  sendCompletion(res, request, content, usage, "tool_calls", toolCalls);
}

function sendCompletion(
  res: ServerResponse,
  request: ChatRequestBody,
  content: string | null,
  usage: FakeUsage | false | undefined,
  finishReason: string,
  toolCalls?: unknown[],
): void {
  const written = (content ?? "") + (toolCalls ? JSON.stringify(toolCalls) : "");
  const counted = usage === false ? undefined : (usage ?? roughUsage(request, written));
  const body: Record<string, unknown> = {
    id: `chatcmpl-fake-${Math.random().toString(36).slice(2, 10)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        finish_reason: finishReason,
        logprobs: null,
      },
    ],
  };
  if (counted) body["usage"] = { ...counted, total_tokens: counted.prompt_tokens + counted.completion_tokens };
  sendJson(res, 200, body);
}

/** Deterministic usage numbers (≈ 4 characters a token), so token totals in tests are stable. */
function roughUsage(request: ChatRequestBody, content: string): FakeUsage {
  return {
    prompt_tokens: Math.ceil(
      (JSON.stringify(request.messages).length + JSON.stringify(request.tools ?? []).length) / 4,
    ),
    completion_tokens: Math.max(1, Math.ceil(content.length / 4)),
  };
}
