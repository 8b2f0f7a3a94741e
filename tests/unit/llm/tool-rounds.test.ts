/**
 * The shared tool-call rounds (hub/llm/tool-rounds.ts) and ScriptedModel.callTool, which uses them.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HubError } from "../../../hub/errors/hub-error.js";
import type { ModelTool } from "../../../hub/llm/model.js";
import { checkToolAnswer, runToolRounds, type ToolAnswer } from "../../../hub/llm/tool-rounds.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";

const tools: ModelTool[] = [
  { name: "press_key", description: "Press a key.", parameters: z.object({ key: z.enum(["back", "home"]) }) },
  {
    name: "scroll",
    description: "Scroll.",
    parameters: z.object({ direction: z.enum(["up", "down"]), index: z.number().int().min(1).nullish() }),
  },
];
const call = (name: string, args: unknown): ToolAnswer => ({
  calls: [{ name, arguments: typeof args === "string" ? args : JSON.stringify(args) }],
  text: "",
});

describe("checkToolAnswer", () => {
  it("accepts a valid call; the nulls strict mode sends for optional arguments are dropped when not allowed", () => {
    expect(checkToolAnswer(call("scroll", { direction: "down", index: null }), tools)).toEqual({
      ok: true,
      value: { name: "scroll", args: { direction: "down", index: null }, text: "" },
    });
    const optional: ModelTool = {
      name: "wait",
      description: "Wait.",
      parameters: z.object({ seconds: z.number().optional() }),
    };
    expect(checkToolAnswer(call("wait", { seconds: null }), [optional])).toEqual({
      ok: true,
      value: { name: "wait", args: {}, text: "" },
    });
  });

  it("takes the first of several calls, with the text written next to it", () => {
    const answer: ToolAnswer = {
      calls: [
        { name: "press_key", arguments: '{"key":"back"}' },
        { name: "press_key", arguments: '{"key":"home"}' },
      ],
      text: " leaving the dialog ",
    };
    expect(checkToolAnswer(answer, tools)).toMatchObject({
      ok: true,
      value: { args: { key: "back" }, text: "leaving the dialog" },
    });
  });

  it("empty arguments are an empty object, judged by the schema", () => {
    const check = checkToolAnswer(call("press_key", ""), tools);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toContain("key");
  });

  it("names what is wrong without quoting the model's values", () => {
    const wrong = checkToolAnswer(call("press_key", { key: "launch-missiles" }), tools);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.error).toContain("the arguments of press_key do not fit");
      expect(wrong.error).not.toContain("launch-missiles");
    }
    const unknown = checkToolAnswer(call("rm_rf", {}), tools);
    expect(unknown).toMatchObject({
      ok: false,
      error: "the called tool is not one of the offered tools (press_key, scroll)",
    });
    expect(checkToolAnswer({ calls: [], text: "I'd go back." }, tools)).toMatchObject({
      ok: false,
      error: "no tool was called; call exactly one of: press_key, scroll",
    });
  });

  it("finds a call written as JSON text in either common shape", () => {
    for (const text of [
      '{"name": "press_key", "arguments": {"key": "home"}}',
      'Going home.\n```json\n{"tool": "press_key", "args": {"key": "home"}}\n```',
      '{"name": "press_key", "arguments": "{\\"key\\": \\"home\\"}"}',
    ]) {
      expect(checkToolAnswer({ calls: [], text }, tools)).toMatchObject({ ok: true, value: { args: { key: "home" } } });
    }
  });

  // Found by `npm run fuzz` (target tool-call): the call's arguments were printed back to text with
  // JSON.stringify, whose recursion fails on nesting JSON.parse accepted, so a RangeError escaped.
  it("a call in text whose arguments nest past the stack is no call, not an exception", () => {
    const depth = 200_000;
    const text = `{"name": "press_key", "arguments": {"key": ${"[".repeat(depth)}${"]".repeat(depth)}}}`;
    expect(checkToolAnswer({ calls: [], text }, tools)).toMatchObject({
      ok: false,
      error: "no tool was called; call exactly one of: press_key, scroll",
    });
  });
});

describe("runToolRounds", () => {
  it("repairs once, then throws MODEL_INVALID_OUTPUT with both rounds' issues", async () => {
    const rounds: number[] = [];
    const error = await runToolRounds({ messages: [], tools, schemaName: "act" }, async (_m, round) => {
      rounds.push(round);
      return call("press_key", { key: 7 });
    }).catch((e: unknown) => e);
    expect(rounds).toEqual([0, 1]);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).code).toBe("MODEL_INVALID_OUTPUT");
    expect((error as HubError).details["firstIssues"]).toHaveLength(1);
  });

  it("refuses an empty tool list", async () => {
    await expect(
      runToolRounds({ messages: [], tools: [], schemaName: "act" }, async () => call("x", {})),
    ).rejects.toThrow("at least one tool");
  });
});

describe("ScriptedModel.callTool", () => {
  it("answers scripted tool turns, records the offered tools, and repairs prose", async () => {
    const model = new ScriptedModel({ tools: { planner: true } })
      .script("planner", "I would press back")
      .script("planner", { tool_calls: [{ name: "press_key", arguments: { key: "back" } }], content: "back out" });
    expect(model.supportsTools("planner")).toBe(true);
    expect(model.supportsTools("verifier")).toBe(false);
    const { value, call } = await model.callTool({ role: "planner", messages: [], tools, schemaName: "act" });
    expect(value).toEqual({ name: "press_key", args: { key: "back" }, text: "back out" });
    expect(call.repaired).toBe(true);
    expect(model.calls.map((c) => c.tools)).toEqual([
      ["press_key", "scroll"],
      ["press_key", "scroll"],
    ]);
    expect(model.calls[1]!.round).toBe(1);
    expect(model.records).toHaveLength(1);
  });

  it("a scripted MODEL_TOOLS_UNSUPPORTED turns tools off for the role, like the real adapter", async () => {
    const model = new ScriptedModel({ tools: true }).script(
      "planner",
      new HubError("MODEL_TOOLS_UNSUPPORTED", "refused"),
    );
    await expect(model.callTool({ role: "planner", messages: [], tools, schemaName: "act" })).rejects.toMatchObject({
      code: "MODEL_TOOLS_UNSUPPORTED",
    });
    expect(model.supportsTools("planner")).toBe(false);
    expect(model.supportsTools("summarizer")).toBe(true);
  });
});
