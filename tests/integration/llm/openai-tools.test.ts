/**
 * OpenAIModel.callTool through the real openai SDK against the HTTP fake: native tool definitions on
 * the wire, the call parsed and validated, one repair round for a bad call, and the auto-mode fallback
 * signal when the endpoint refuses tools.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { HubError } from "../../../hub/errors/hub-error.js";
import { loadModelSettings } from "../../../hub/llm/config.js";
import type { ChatMessage, ModelCallRecord, ModelTool, ToolCallRequest } from "../../../hub/llm/model.js";
import { OpenAIModel } from "../../../hub/llm/openai-model.js";
import {
  type ChatCompletionsServer,
  type ChatCompletionsServerOptions,
  startChatCompletionsServer,
} from "../../fakes/chat-completions-server.js";
import { rejection } from "../../helpers/rejection.js";

const API_KEY = "sk-test-tools-5b7e1c9d3f2a4e6b8c0d";
const tools: ModelTool[] = [
  {
    name: "tap_element",
    description: "Tap the element with this id. PREFER this over tap.",
    parameters: z.object({ thought: z.string(), index: z.number().int().min(1) }),
  },
  {
    name: "input_text",
    description: "Type text into a field.",
    parameters: z.object({ thought: z.string(), text: z.string(), index: z.number().int().min(1).nullish() }),
  },
];
const messages: ChatMessage[] = [
  { role: "system", content: "You operate a phone. Call one tool." },
  { role: "user", content: '[Current State]\n1 Button "Sign in" (540,1200) clickable' },
];
const request: ToolCallRequest = { role: "planner", messages, tools, schemaName: "step_action" };

let server: ChatCompletionsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(fakeOptions: ChatCompletionsServerOptions, env: Record<string, string> = {}) {
  const fake = await startChatCompletionsServer(fakeOptions);
  server = fake;
  const calls: { call: ModelCallRecord; error: HubError | undefined }[] = [];
  const model = new OpenAIModel(
    loadModelSettings({
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: API_KEY,
      DROIDHUB_MODEL: "gpt-4o-mini",
      DROIDHUB_MODEL_MAX_RETRIES: "1",
      ...env,
    }),
    { sleep: async () => {}, onCall: (call, error) => calls.push({ call, error }) },
  );
  return { fake, model, calls };
}

describe("OpenAIModel.callTool over the Chat Completions API", () => {
  it("sends strict function definitions, requires one call and returns it validated", async () => {
    const { fake, model } = await setup({
      script: [
        {
          toolCalls: [{ name: "tap_element", arguments: { thought: "the button is there", index: 1 } }],
          content: "Tapping Sign in.",
          usage: { prompt_tokens: 300, completion_tokens: 20 },
        },
      ],
    });
    expect(model.supportsTools("planner")).toBe(true);
    const { value, call } = await model.callTool(request);
    expect(value).toEqual({
      name: "tap_element",
      args: { thought: "the button is there", index: 1 },
      text: "Tapping Sign in.",
    });
    expect(call).toMatchObject({ role: "planner", schemaName: "step_action", promptTokens: 300, attempts: 1 });
    expect(call.repaired).toBe(false);

    const body = fake.requests[0]!.body;
    expect(body.tool_choice).toBe("required");
    expect(body["parallel_tool_calls"]).toBe(false);
    expect(body.response_format).toBeUndefined();
    expect(body.tools?.map((t) => t.function.name)).toEqual(["tap_element", "input_text"]);
    const input = body.tools![1]!;
    expect(input.type).toBe("function");
    expect(input.function.description).toBe("Type text into a field.");
    expect(input.function.strict).toBe(true);
    // Strict mode: every key required, optional ones nullable, objects closed.
    expect(input.function.parameters).toMatchObject({
      type: "object",
      required: ["thought", "text", "index"],
      additionalProperties: false,
    });
  });

  it("repairs a call whose arguments do not fit, telling the model what was wrong", async () => {
    const { fake, model } = await setup({
      script: [
        { toolCalls: [{ name: "tap_element", arguments: { thought: "tap it", index: "one" } }] },
        { toolCalls: [{ name: "tap_element", arguments: { thought: "tap it", index: 1 } }] },
      ],
    });
    const { value, call } = await model.callTool(request);
    expect(value.args).toEqual({ thought: "tap it", index: 1 });
    expect(call.repaired).toBe(true);
    expect(call.attempts).toBe(2);
    const repair = fake.requests[1]!.body.messages;
    expect(repair).toHaveLength(4);
    expect(repair[2]).toMatchObject({ role: "assistant" });
    expect(String(repair[2]!.content)).toContain("called tap_element");
    expect(String(repair[3]!.content)).toContain("the arguments of tap_element do not fit");
    expect(String(repair[3]!.content)).toContain("index");
    // The repair round still offers the tools.
    expect(fake.requests[1]!.body.tools).toHaveLength(2);
  });

  it("repairs a turn without a call, and an unknown tool, then gives up with MODEL_INVALID_OUTPUT", async () => {
    const { fake, model, calls } = await setup({
      script: [
        { content: "I think I should tap the Sign in button." },
        { toolCalls: [{ name: "format_phone", arguments: { thought: "x" } }] },
      ],
    });
    const error = await rejection(model.callTool(request));
    expect(error.code).toBe("MODEL_INVALID_OUTPUT");
    expect(error.details["firstIssues"]).toEqual(["no tool was called; call exactly one of: tap_element, input_text"]);
    expect(String((error.details["issues"] as string[])[0])).toContain("not one of the offered tools");
    expect(fake.requests).toHaveLength(2);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.error?.code).toBe("MODEL_INVALID_OUTPUT");
    expect(calls[0]!.call.attempts).toBe(2);
  });

  it("takes a call the model wrote as JSON text instead of calling", async () => {
    const { model } = await setup({
      script: ['<tool_call>{"name": "input_text", "arguments": {"thought": "type", "text": "hi"}}</tool_call>'],
    });
    const { value } = await model.callTool(request);
    expect(value).toEqual({ name: "input_text", args: { thought: "type", text: "hi" }, text: "" });
  });

  it("broken argument JSON goes to the repair round", async () => {
    const { model } = await setup({
      script: [
        { toolCalls: [{ name: "tap_element", arguments: '{"thought": "tap", "index": ' }] },
        { toolCalls: [{ name: "tap_element", arguments: '{"thought": "tap", "index": 1}' }] },
      ],
    });
    const { value, call } = await model.callTool(request);
    expect(value.args).toEqual({ thought: "tap", index: 1 });
    expect(call.repaired).toBe(true);
  });

  it("auto mode: a refusal of tools is MODEL_TOOLS_UNSUPPORTED, and tools stay off for that endpoint", async () => {
    const { fake, model } = await setup({ rejectTools: true, fallback: { json: { ok: true } } });
    const error = await rejection(model.callTool(request));
    expect(error.code).toBe("MODEL_TOOLS_UNSUPPORTED");
    expect(error.details).toMatchObject({ role: "planner", model: "gpt-4o-mini" });
    expect(model.supportsTools("planner")).toBe(false);
    // Each tool option tried once, then the next callTool does not even reach the endpoint.
    expect(fake.requests.map((r) => [r.body.tool_choice, r.body["parallel_tool_calls"]])).toEqual([
      ["required", false],
      ["required", undefined],
      ["auto", undefined],
    ]);
    expect((await rejection(model.callTool(request))).code).toBe("MODEL_TOOLS_UNSUPPORTED");
    expect(fake.requests).toHaveLength(3);
    // json() on the same endpoint is unaffected.
    const answer = await model.json({
      role: "planner",
      messages,
      schema: z.object({ ok: z.boolean() }),
      schemaName: "ok",
    });
    expect(answer.value).toEqual({ ok: true });
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });

  it('"on" mode: a refusal is an endpoint error, not a silent fallback', async () => {
    const { model } = await setup({ rejectTools: true }, { DROIDHUB_TOOL_CALLS: "on" });
    const error = await rejection(model.callTool(request));
    expect(error.code).toBe("MODEL_ERROR");
    expect(model.supportsTools("planner")).toBe(true);
  });

  it("an endpoint that refuses parallel_tool_calls (o-series) keeps native tools without it", async () => {
    const call = { toolCalls: [{ name: "tap_element", arguments: { thought: "t", index: 1 } }] };
    const { fake, model } = await setup({
      rejectParam: (body) => (body["parallel_tool_calls"] !== undefined ? "parallel_tool_calls" : undefined),
      script: [call, call],
    });
    expect((await model.callTool(request)).value.name).toBe("tap_element");
    expect((await model.callTool(request)).value.name).toBe("tap_element");
    expect(model.supportsTools("planner")).toBe(true);
    // One refused request to learn it; from then on the accepted options straight away.
    expect(fake.requests.map((r) => [r.rejectedSchema, r.body.tool_choice, r.body["parallel_tool_calls"]])).toEqual([
      [true, "required", false],
      [false, "required", undefined],
      [false, "required", undefined],
    ]);
  });

  it('an endpoint without tool_choice "required" gets "auto"; prose from it still goes to the repair round', async () => {
    const { fake, model } = await setup({
      rejectParam: (body) => (body.tool_choice === "required" ? "tool_choice" : undefined),
      script: [
        "Let me think about it.",
        { toolCalls: [{ name: "tap_element", arguments: { thought: "t", index: 1 } }] },
      ],
    });
    const { value, call } = await model.callTool(request);
    expect(value.name).toBe("tap_element");
    expect(call.repaired).toBe(true);
    expect(fake.requests.filter((r) => !r.rejectedSchema).map((r) => r.body.tool_choice)).toEqual(["auto", "auto"]);
  });

  it('"off" mode: supportsTools is false and callTool sends nothing', async () => {
    const { fake, model } = await setup({}, { DROIDHUB_TOOL_CALLS: "off" });
    expect(model.supportsTools("planner")).toBe(false);
    expect((await rejection(model.callTool(request))).code).toBe("MODEL_TOOLS_UNSUPPORTED");
    expect(fake.requests).toHaveLength(0);
  });

  it("estimates tokens, tool definitions included, when the endpoint reports no usage", async () => {
    const { model } = await setup({
      script: [{ toolCalls: [{ name: "tap_element", arguments: { thought: "t", index: 1 } }], usage: false }],
    });
    const { call } = await model.callTool(request);
    const plain = await setup({ script: [{ json: { ok: true }, usage: false }] });
    const json = await plain.model.json({
      role: "planner",
      messages,
      schema: z.object({ ok: z.boolean() }),
      schemaName: "ok",
    });
    // Same messages; the tool definitions add their own tokens on top.
    expect(call.promptTokens).toBeGreaterThan(json.call.promptTokens + 50);
    expect(call.completionTokens).toBeGreaterThan(0);
  });

  it("retries a 429 on a tool turn like any other call", async () => {
    const { fake, model } = await setup({
      script: [
        { status: 429, retryAfter: "1" },
        { toolCalls: [{ name: "tap_element", arguments: { thought: "t", index: 1 } }] },
      ],
    });
    const { call } = await model.callTool(request);
    expect(call.attempts).toBe(2);
    expect(fake.requests).toHaveLength(2);
  });
});
