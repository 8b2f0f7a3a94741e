/**
 * OpenAIModel through the real openai SDK against a real HTTP fake of the Chat Completions API.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadModelSettings } from "../../../hub/llm/config.js";
import type { ChatMessage, ModelCallRecord } from "../../../hub/llm/model.js";
import { OpenAIModel, type OpenAIModelOptions } from "../../../hub/llm/openai-model.js";
import {
  type ChatCompletionsServer,
  type ChatCompletionsServerOptions,
  startChatCompletionsServer,
} from "../../fakes/chat-completions-server.js";
import { rejection } from "../../helpers/rejection.js";

const API_KEY = "sk-test-7f3c9a1be2d44b0c8e5f6a7b8c9d0e1f";
const verdict = z.object({
  verdict: z.enum(["OK", "WAIT", "RETRY", "ERROR"]),
  reason: z.string(),
  wait_sec: z.number().optional(),
});
const messages: ChatMessage[] = [
  { role: "system", content: "You verify whether a step worked." },
  { role: "user", content: "The login button was tapped. Did the screen change?" },
];
const ask = { role: "verifier" as const, messages, schema: verdict, schemaName: "verdict" };

let server: ChatCompletionsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Harness {
  fake: ChatCompletionsServer;
  model: OpenAIModel;
  sleeps: number[];
  calls: ModelCallRecord[];
}

async function setup(
  fakeOptions: ChatCompletionsServerOptions,
  env: Record<string, string> = {},
  options: OpenAIModelOptions = {},
): Promise<Harness> {
  const fake = await startChatCompletionsServer(fakeOptions);
  server = fake;
  const settings = loadModelSettings({
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_API_KEY: API_KEY,
    DROIDHUB_MODEL: "gpt-4o-mini",
    DROIDHUB_MODEL_MAX_RETRIES: "2",
    DROIDHUB_MODEL_TIMEOUT_MS: "5000",
    ...env,
  });
  const sleeps: number[] = [];
  const calls: ModelCallRecord[] = [];
  const model = new OpenAIModel(settings, {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onCall: (call) => calls.push(call),
    ...options,
  });
  return { fake, model, sleeps, calls };
}

describe("OpenAIModel over the Chat Completions API", () => {
  it("uses strict structured outputs and records the call", async () => {
    const { fake, model, calls } = await setup({
      script: [
        { json: { verdict: "OK", reason: "home screen shown" }, usage: { prompt_tokens: 120, completion_tokens: 14 } },
      ],
    });
    const { value, call } = await model.json(ask);
    expect(value).toEqual({ verdict: "OK", reason: "home screen shown" });
    expect(call).toMatchObject({
      role: "verifier",
      model: "gpt-4o-mini",
      schemaName: "verdict",
      promptTokens: 120,
      completionTokens: 14,
      attempts: 1,
      repaired: false,
    });
    expect(call.costUsd).toBeCloseTo((120 * 0.15 + 14 * 0.6) / 1e6, 12);
    expect(call.ms).toBeGreaterThanOrEqual(0);
    expect(calls).toEqual([call]);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body.model).toBe("gpt-4o-mini");
    expect(sent.body.messages).toEqual(messages);
    expect(sent.body.temperature).toBeUndefined();
    expect(sent.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "verdict", strict: true, schema: { required: ["verdict", "reason", "wait_sec"] } },
    });
  });

  it("accepts the nulls strict mode gives optional fields", async () => {
    const { model } = await setup({ script: [{ json: { verdict: "WAIT", reason: "spinner", wait_sec: null } }] });
    expect((await model.json(ask)).value).toEqual({ verdict: "WAIT", reason: "spinner" });
  });

  it("extracts prose-wrapped JSON in text mode without a repair round", async () => {
    const { fake, model } = await setup(
      {
        script: ['Looking at the screens:\n```json\n{"verdict": "OK", "reason": "logged in",}\n```\nHope this helps!'],
      },
      { DROIDHUB_STRUCTURED_OUTPUTS: "off", DROIDHUB_VERIFIER_TEMPERATURE: "0.2" },
    );
    const { value, call } = await model.json(ask);
    expect(value).toEqual({ verdict: "OK", reason: "logged in" });
    expect(call).toMatchObject({ attempts: 1, repaired: false });
    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]!.body;
    expect(body.response_format).toBeUndefined();
    expect(body.temperature).toBe(0.2);
    const system = body.messages[0]!;
    expect(system.role).toBe("system");
    expect(system.content).toContain("You verify whether a step worked.");
    expect(system.content).toContain("`verdict`");
    expect(system.content).toContain('"enum"');
  });

  it("repairs broken JSON in exactly one more call", async () => {
    const { fake, model } = await setup(
      {
        script: [
          {
            content: 'Sure! {"verdict": "OK", "reason": "the form',
            usage: { prompt_tokens: 100, completion_tokens: 9 },
          },
          {
            json: { verdict: "OK", reason: "the form was sent" },
            usage: { prompt_tokens: 150, completion_tokens: 12 },
          },
        ],
      },
      { DROIDHUB_STRUCTURED_OUTPUTS: "off" },
    );
    const { value, call } = await model.json(ask);
    expect(value).toEqual({ verdict: "OK", reason: "the form was sent" });
    expect(call).toMatchObject({ repaired: true, attempts: 2, promptTokens: 250, completionTokens: 21 });
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.body.messages;
    expect(repair).toHaveLength(4);
    expect(repair[2]).toEqual({ role: "assistant", content: 'Sure! {"verdict": "OK", "reason": "the form' });
    expect(repair[3]!.role).toBe("user");
    expect(repair[3]!.content).toContain("cut off");
  });

  it("repairs a schema violation under structured outputs", async () => {
    const { fake, model } = await setup({
      script: [{ json: { verdict: "PERHAPS", reason: "?" } }, { json: { verdict: "RETRY", reason: "no change" } }],
    });
    const { value, call } = await model.json(ask);
    expect(value).toEqual({ verdict: "RETRY", reason: "no change" });
    expect(call.repaired).toBe(true);
    expect(fake.requests[1]!.body.messages[3]!.content).toContain("verdict:");
    expect(fake.requests[1]!.body.response_format?.type).toBe("json_schema");
  });

  it("fails with MODEL_INVALID_OUTPUT when the repair is invalid too", async () => {
    const { fake, model, calls } = await setup({ script: ["I am not sure.", '{"verdict": "OK"}'] });
    const error = await rejection(model.json(ask));
    expect(error.code).toBe("MODEL_INVALID_OUTPUT");
    expect(error.details).toMatchObject({ schemaName: "verdict", call: { attempts: 2, repaired: false } });
    expect(fake.requests).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });

  it("retries a 429 after the Retry-After seconds", async () => {
    const { fake, model, sleeps } = await setup({
      script: [{ status: 429, retryAfter: "2" }, { json: { verdict: "OK", reason: "fine" } }],
    });
    const { call } = await model.json(ask);
    expect(call.attempts).toBe(2);
    expect(sleeps).toEqual([2000]);
    expect(fake.requests).toHaveLength(2);
  });

  it("honours Retry-After as an HTTP date, capped", async () => {
    const now = Date.parse("2025-06-01T12:00:00Z");
    const { model, sleeps } = await setup(
      {
        script: [
          { status: 503, retryAfter: "Sun, 01 Jun 2025 12:00:05 GMT" },
          { status: 429, retryAfter: "86400" },
          { json: { verdict: "OK", reason: "fine" } },
        ],
      },
      {},
      { now: () => now, retry: { maxRetryAfterMs: 10_000 } },
    );
    expect((await model.json(ask)).call.attempts).toBe(3);
    expect(sleeps).toEqual([5_000, 10_000]);
  });

  it("backs off with jitter and gives up with MODEL_ERROR after the retries", async () => {
    const { fake, model, sleeps } = await setup(
      { script: [{ status: 500 }, { status: 502 }, { status: 500 }, { json: { verdict: "OK", reason: "late" } }] },
      {},
      { random: () => 0.5, retry: { baseDelayMs: 100, maxDelayMs: 1000 } },
    );
    const error = await rejection(model.json(ask));
    expect(error.code).toBe("MODEL_ERROR");
    expect(error.details).toMatchObject({ status: 500, attempts: 3, kind: "http" });
    expect(fake.requests).toHaveLength(3);
    expect(sleeps).toEqual([50, 100]);
  });

  it("does not retry a 400", async () => {
    const { fake, model } = await setup(
      { script: [{ status: 400, body: { error: { message: "context too long", code: "context_length_exceeded" } } }] },
      { DROIDHUB_STRUCTURED_OUTPUTS: "off" },
    );
    const error = await rejection(model.json(ask));
    expect(error.code).toBe("MODEL_ERROR");
    expect(error.message).toContain("HTTP 400: context too long");
    expect(error.details).toMatchObject({ upstreamCode: "context_length_exceeded" });
    expect(fake.requests).toHaveLength(1);
  });

  it("times out each attempt and fails with MODEL_TIMEOUT", async () => {
    const { fake, model, sleeps } = await setup(
      {
        script: [
          { delayMs: 3000, reply: "{}" },
          { delayMs: 3000, reply: "{}" },
        ],
      },
      { DROIDHUB_MODEL_MAX_RETRIES: "1" },
    );
    const started = performance.now();
    const error = await rejection(model.json({ ...ask, timeoutMs: 150 }));
    expect(error.code).toBe("MODEL_TIMEOUT");
    expect(error.details).toMatchObject({ attempts: 2, kind: "timeout" });
    expect(fake.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it("retries a timeout and then succeeds", async () => {
    const { model } = await setup({ script: [{ delayMs: 3000 }, { json: { verdict: "OK", reason: "now" } }] });
    const { call } = await model.json({ ...ask, timeoutMs: 150 });
    expect(call.attempts).toBe(2);
  });

  it("aborts an in-flight request with ABORTED", async () => {
    const { model } = await setup({ script: [{ delayMs: 5000 }] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const error = await rejection(model.json({ ...ask, signal: controller.signal }));
    expect(error.code).toBe("ABORTED");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("aborts during a retry wait and never sends an already-aborted call", async () => {
    const { fake, model } = await setup({ script: [{ status: 429, retryAfter: "20" }] }, {}, { sleep: undefined });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const error = await rejection(model.json({ ...ask, signal: controller.signal }));
    expect(error.code).toBe("ABORTED");
    expect(fake.requests).toHaveLength(1);

    const before = await rejection(model.json({ ...ask, signal: AbortSignal.abort() }));
    expect(before.code).toBe("ABORTED");
    expect(fake.requests).toHaveLength(1);
  });

  it("falls back to text mode when the endpoint rejects json_schema, and remembers it", async () => {
    const { fake, model } = await setup({
      rejectJsonSchema: true,
      script: ['{"verdict": "OK", "reason": "one"}', 'Answer: {"verdict": "OK", "reason": "two"}'],
    });
    expect(model.usesStructuredOutputs("verifier")).toBe(true);
    const first = await model.json(ask);
    expect(first.value.reason).toBe("one");
    expect(first.call.attempts).toBe(2);
    expect(model.usesStructuredOutputs("verifier")).toBe(false);
    const second = await model.json(ask);
    expect(second.value.reason).toBe("two");
    expect(second.call.attempts).toBe(1);
    expect(fake.requests.map((r) => r.rejectedSchema)).toEqual([true, false, false]);
    expect(fake.requests[1]!.body.response_format).toBeUndefined();
    expect(JSON.stringify(fake.requests[1]!.body.messages[0])).toContain("JSON Schema");
  });

  it("asks for a non-object root in text mode without forgetting structured outputs", async () => {
    const { fake, model } = await setup({ script: ["[3, 7]"] });
    const ids = await model.json({ ...ask, schema: z.array(z.number()), schemaName: "ids" });
    expect(ids.value).toEqual([3, 7]);
    expect(fake.requests[0]!.body.response_format).toBeUndefined();
    expect(model.usesStructuredOutputs("verifier")).toBe(true);
  });

  it("does not fall back when structured outputs are forced on", async () => {
    const { model } = await setup({ rejectJsonSchema: true }, { DROIDHUB_STRUCTURED_OUTPUTS: "on" });
    const error = await rejection(model.json(ask));
    expect(error.code).toBe("MODEL_ERROR");
    expect(error.details).toMatchObject({ status: 400 });
  });

  it("sends images as base64 data URLs only to a role with vision", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const withImage: ChatMessage[] = [
      messages[0]!,
      {
        role: "user",
        content: [
          { type: "text", text: "Before and after:" },
          { type: "image", data: png, mime: "image/png" },
        ],
      },
    ];
    const { fake, model } = await setup(
      { fallback: { json: { verdict: "OK", reason: "seen" } } },
      { DROIDHUB_MODEL_VISION: "false", DROIDHUB_VISION_VISION: "true" },
    );
    expect(model.supportsVision("vision")).toBe(true);
    expect(model.supportsVision("verifier")).toBe(false);

    await model.json({ ...ask, role: "vision", messages: withImage });
    const visionContent = fake.requests[0]!.body.messages[1]!.content as Array<Record<string, unknown>>;
    expect(visionContent[0]).toEqual({ type: "text", text: "Before and after:" });
    expect(visionContent[1]).toEqual({
      type: "image_url",
      image_url: { url: `data:image/png;base64,${Buffer.from(png).toString("base64")}` },
    });

    const { call } = await model.json({ ...ask, messages: withImage });
    const textOnly = fake.requests[1]!.body.messages[1]!.content;
    expect(typeof textOnly).toBe("string");
    expect(textOnly).toContain("Before and after:");
    expect(textOnly).toContain("does not take images");
    expect(JSON.stringify(fake.requests[1]!.body)).not.toContain("image_url");
    expect(call.promptTokens).toBeGreaterThan(0);
  });

  it("estimates tokens when the endpoint reports no usage", async () => {
    const { model } = await setup({ script: [{ content: '{"verdict":"OK","reason":"fine"}', usage: false }] });
    const { call } = await model.json(ask);
    expect(call.promptTokens).toBeGreaterThan(20);
    expect(call.completionTokens).toBeGreaterThan(5);
  });

  it("routes each role to its own endpoint, model and key", async () => {
    const planner = await startChatCompletionsServer({ script: [{ json: { verdict: "OK", reason: "planner" } }] });
    try {
      const { fake, model } = await setup(
        { script: [{ json: { verdict: "OK", reason: "verifier" } }] },
        {
          DROIDHUB_PLANNER_BASE_URL: planner.baseUrl,
          DROIDHUB_PLANNER_MODEL: "qwen2.5:7b",
          DROIDHUB_PLANNER_API_KEY: "planner-key-123456",
        },
      );
      expect((await model.json({ ...ask, role: "planner" })).call).toMatchObject({
        model: "qwen2.5:7b",
        costUsd: undefined,
      });
      expect((await model.json(ask)).value.reason).toBe("verifier");
      expect(planner.requests[0]).toMatchObject({
        authorization: "Bearer planner-key-123456",
        body: { model: "qwen2.5:7b" },
      });
      expect(fake.requests[0]!.authorization).toBe(`Bearer ${API_KEY}`);
    } finally {
      await planner.close();
    }
  });

  it("never puts the API key into an error", async () => {
    const echo = {
      error: {
        message: `Incorrect API key provided: ${API_KEY}. Also tried sk-test-7f3c****************0e1f.`,
        type: "invalid_request_error",
        code: "invalid_api_key",
      },
    };
    const { model, fake } = await setup(
      {
        script: [
          { status: 401, body: echo },
          { status: 500, body: echo },
          { status: 500, body: echo },
          { status: 500, body: echo },
        ],
      },
      { DROIDHUB_STRUCTURED_OUTPUTS: "off" },
    );
    const unauthorized = await rejection(model.json(ask));
    const serverError = await rejection(model.json(ask));
    await fake.close();
    server = undefined;
    const unreachable = await rejection(model.json(ask));
    for (const error of [unauthorized, serverError, unreachable]) {
      const everything = [
        error.message,
        error.stack ?? "",
        JSON.stringify(error.toJSON()),
        JSON.stringify(error.details),
        String(error.cause ?? ""),
      ].join("\n");
      expect(everything).not.toContain(API_KEY);
      expect(everything).not.toContain("sk-test");
      expect(everything).not.toContain("7f3c");
    }
    expect(unauthorized.message).toContain("HTTP 401");
    expect(unauthorized.message).toContain("[redacted]");
    expect(unauthorized.details).toMatchObject({ status: 401, upstreamCode: "invalid_api_key" });
    expect(unreachable.details).toMatchObject({ kind: "connection" });
    // Each says which endpoint failed, so an operator knows where to look.
    const endpoint = fake.baseUrl.replace(/\/$/, "");
    expect(unreachable.message).toBe(`could not connect to the model endpoint ${endpoint}`);
    expect(unauthorized.message).toContain(`the model endpoint ${endpoint} answered HTTP 401`);
  });

  it("sends secret placeholders, never secret values", async () => {
    const { fake, model } = await setup({ fallback: { json: { verdict: "OK", reason: "typed" } } });
    const secretValue = "correct-horse-battery-staple";
    await model.json({
      ...ask,
      messages: [...messages, { role: "user", content: "Step 2 typed {{secret:password}} into Password." }],
    });
    expect(fake.sentText()).toContain("{{secret:password}}");
    expect(fake.sentText()).not.toContain(secretValue);
  });
});
