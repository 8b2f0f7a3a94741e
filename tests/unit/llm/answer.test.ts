import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HubError } from "../../../hub/errors/hub-error.js";
import { checkAnswer, repairMessages, runJsonRounds } from "../../../hub/llm/answer.js";
import { responseSchema } from "../../../hub/llm/json-schema.js";
import type { ChatMessage } from "../../../hub/llm/model.js";

const verdict = z.object({
  verdict: z.enum(["OK", "WAIT", "RETRY", "ERROR"]),
  reason: z.string(),
  wait_sec: z.number().optional(),
});
const messages: ChatMessage[] = [
  { role: "system", content: "You verify steps." },
  { role: "user", content: "Did the tap work?" },
];

describe("checkAnswer", () => {
  it("extracts and validates", () => {
    expect(checkAnswer('ok: {"verdict":"OK","reason":"done"}', verdict)).toEqual({
      ok: true,
      value: { verdict: "OK", reason: "done" },
    });
  });

  it("drops nulls that strict structured outputs put into optional fields", () => {
    expect(checkAnswer('{"verdict":"WAIT","reason":"loading","wait_sec":null}', verdict)).toEqual({
      ok: true,
      value: { verdict: "WAIT", reason: "loading" },
    });
  });

  it("names paths and rules, never the answer's values", () => {
    const result = checkAnswer('{"verdict":"MAYBE","reason":"p4ssw0rd-visible"}', verdict);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toContain("verdict:");
    expect(result.error).not.toContain("p4ssw0rd");
    expect(result.issues).toHaveLength(1);
  });

  it("reports extraction failures", () => {
    expect(checkAnswer("no json here", verdict)).toMatchObject({ ok: false, error: "no JSON object or array found" });
  });

  // Found by `npm run fuzz` (target tool-call): the null-dropping copy recursed once per level, and
  // JSON.parse accepts nesting deeper than the stack, so a bare RangeError escaped checkAnswer.
  it("refuses an answer nested past the stack with a schema error, not an exception", () => {
    const depth = 200_000;
    const text = `{"verdict":"OK","reason":${"[".repeat(depth)}null${"]".repeat(depth)}}`;
    const result = checkAnswer(text, verdict);
    expect(result).toMatchObject({ ok: false, issues: ["reason: Invalid input: expected string, received array"] });
  });

  it("a __proto__ key stays data: its fields never stand in for the schema's", () => {
    const key = z.object({ key: z.enum(["back", "home"]) });
    for (const text of ['{"__proto__":{"key":"back"}}', '{"__proto__":{"key":"back"},"key":null}']) {
      expect(checkAnswer(text, key)).toMatchObject({ ok: false, issues: [expect.stringMatching(/^key: /)] });
    }
    expect(checkAnswer('{"__proto__":{"key":"back"},"key":"home"}', key)).toEqual({ ok: true, value: { key: "home" } });
  });
});

describe("runJsonRounds", () => {
  it("returns the first valid answer without repair", async () => {
    const asked: ChatMessage[][] = [];
    const result = await runJsonRounds({ messages, schema: verdict, schemaName: "verdict" }, async (m) => {
      asked.push(m);
      return '{"verdict":"OK","reason":"fine"}';
    });
    expect(result).toEqual({ value: { verdict: "OK", reason: "fine" }, repaired: false });
    expect(asked).toHaveLength(1);
  });

  it("repairs once with the bad answer and the error", async () => {
    const asked: ChatMessage[][] = [];
    const answers = ['{"verdict":"OK"', '{"verdict":"OK","reason":"fixed"}'];
    const result = await runJsonRounds({ messages, schema: verdict, schemaName: "verdict" }, async (m, round) => {
      asked.push(m);
      return answers[round]!;
    });
    expect(result).toEqual({ value: { verdict: "OK", reason: "fixed" }, repaired: true });
    expect(asked[1]).toHaveLength(4);
    expect(asked[1]![2]).toEqual({ role: "assistant", content: '{"verdict":"OK"' });
    expect(asked[1]![3]!.content).toContain("cut off");
    expect(asked[1]![3]!.content).toContain("`verdict`");
  });

  it("throws MODEL_INVALID_OUTPUT after a failed repair", async () => {
    const run = runJsonRounds({ messages, schema: verdict, schemaName: "verdict" }, async () => '{"verdict":"NO"}');
    await expect(run).rejects.toBeInstanceOf(HubError);
    await expect(run).rejects.toMatchObject({ code: "MODEL_INVALID_OUTPUT", details: { schemaName: "verdict" } });
  });

  it("lets transport errors through unchanged", async () => {
    const boom = new HubError("MODEL_TIMEOUT");
    await expect(
      runJsonRounds({ messages, schema: verdict, schemaName: "verdict" }, async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });

  it("echoes an empty answer as a visible placeholder", () => {
    const repaired = repairMessages(messages, "", "the answer is empty", "verdict");
    expect(repaired[2]).toEqual({ role: "assistant", content: "(empty answer)" });
  });
});

describe("responseSchema", () => {
  it("makes a strict json_schema: closed objects, every key required, optionals nullable", () => {
    const format = responseSchema(verdict, "verifier verdict");
    expect(format.name).toBe("verifier_verdict");
    expect(format.strict).toBe(true);
    expect(format.schema).toEqual({
      type: "object",
      properties: {
        verdict: { type: "string", enum: ["OK", "WAIT", "RETRY", "ERROR"] },
        reason: { type: "string" },
        wait_sec: { anyOf: [{ type: "number" }, { type: "null" }] },
      },
      required: ["verdict", "reason", "wait_sec"],
      additionalProperties: false,
    });
  });

  it("removes keywords strict mode rejects, nested too", () => {
    const schema = z.object({ items: z.array(z.object({ name: z.string().min(1).max(5) })).max(3) });
    const format = responseSchema(schema, "items");
    const sent = JSON.stringify(format.schema);
    expect(sent).not.toContain("minLength");
    expect(sent).not.toContain("$schema");
    expect(sent).toContain("maxItems");
    // The text-mode copy keeps zod's limits for the model to read.
    expect(format.text).toContain("minLength");
    expect(format.text).not.toContain("$schema");
  });

  it("falls back to strict: false for open records", () => {
    const format = responseSchema(z.object({ values: z.record(z.string(), z.string()) }), "ctx");
    expect(format.strict).toBe(false);
  });

  it("marks schemas without an object root, which structured outputs cannot take", () => {
    expect(responseSchema(z.array(z.number()), "ids")).toMatchObject({ objectRoot: false, strict: false });
    expect(responseSchema(verdict, "verdict").objectRoot).toBe(true);
  });
});
