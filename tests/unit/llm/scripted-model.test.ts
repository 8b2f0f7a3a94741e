import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HubError } from "../../../hub/errors/hub-error.js";
import { ScriptedModel, type ScriptedRequest } from "../../fakes/scripted-model.js";

const verdict = z.object({ verdict: z.enum(["OK", "RETRY"]) });
const ask = {
  role: "verifier" as const,
  schema: verdict,
  schemaName: "verdict",
  messages: [{ role: "user" as const, content: "?" }],
};

describe("ScriptedModel", () => {
  it("answers from per-role queues in order and counts calls by role", async () => {
    const model = new ScriptedModel().script("verifier", { verdict: "OK" }, { verdict: "RETRY" });
    expect((await model.json(ask)).value).toEqual({ verdict: "OK" });
    expect((await model.json(ask)).value).toEqual({ verdict: "RETRY" });
    expect(model.counts()).toEqual({ planner: 0, verifier: 2, vision: 0, summarizer: 0 });
    expect(model.count()).toBe(2);
    expect(model.remaining("verifier")).toBe(0);
    expect(model.calls[0]).toMatchObject({ role: "verifier", schemaName: "verdict", round: 0 });
  });

  it("extracts raw text and repairs with the next answer, like the real model", async () => {
    const model = new ScriptedModel().script("verifier", 'Sure! ```json\n{"verdict":"OK"}\n```');
    expect((await model.json(ask)).call.repaired).toBe(false);
    model.script("verifier", '{"verdict": "MAYBE"}', (req: ScriptedRequest) => {
      expect(req.round).toBe(1);
      expect(req.messages.at(-1)?.content).toContain("verdict");
      return { verdict: "RETRY" };
    });
    const repaired = await model.json(ask);
    expect(repaired.value).toEqual({ verdict: "RETRY" });
    expect(repaired.call).toMatchObject({ repaired: true, attempts: 2, model: "scripted", costUsd: undefined });
    expect(model.count("verifier")).toBe(3);
  });

  it("fails with MODEL_INVALID_OUTPUT when the repair is bad too", async () => {
    const model = new ScriptedModel().script("verifier", "nope", '{"verdict": 1}');
    await expect(model.json(ask)).rejects.toMatchObject({ code: "MODEL_INVALID_OUTPUT" });
  });

  it("throws scripted errors and uses the fallback answer when the queue is empty", async () => {
    const model = new ScriptedModel()
      .script("verifier", new HubError("MODEL_TIMEOUT"))
      .otherwise("verifier", { verdict: "OK" });
    await expect(model.json(ask)).rejects.toMatchObject({ code: "MODEL_TIMEOUT" });
    expect((await model.json(ask)).value).toEqual({ verdict: "OK" });
    expect((await model.json(ask)).value).toEqual({ verdict: "OK" });
  });

  it("fails loudly when under-scripted", async () => {
    await expect(new ScriptedModel().json(ask)).rejects.toThrow(/no answer left for role "verifier"/);
  });

  it("honours an aborted signal", async () => {
    const model = new ScriptedModel().otherwise("verifier", { verdict: "OK" });
    await expect(model.json({ ...ask, signal: AbortSignal.abort() })).rejects.toMatchObject({ code: "ABORTED" });
  });

  it("reports vision per role and estimates tokens", async () => {
    const model = new ScriptedModel({ vision: { vision: true } }).otherwise("verifier", { verdict: "OK" });
    expect(model.supportsVision("vision")).toBe(true);
    expect(model.supportsVision("planner")).toBe(false);
    expect(new ScriptedModel({ vision: true }).supportsVision("planner")).toBe(true);
    const { call } = await model.json(ask);
    expect(call.promptTokens).toBeGreaterThan(0);
    expect(call.completionTokens).toBeGreaterThan(0);
    expect(model.tokens("verifier").prompt).toBe(call.promptTokens);
  });
});
