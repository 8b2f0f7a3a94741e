/**
 * The step agent with native tool calls on the virtual phone: the tools travel as function
 * definitions (no tool list or JSON format in the prompt), a false "done" made as a tool call is still
 * caught, the tool list follows the screen, and an endpoint that refuses tools gets the same turn again
 * in the JSON action format.
 */
import { describe, expect, it } from "vitest";
import { HubError } from "../../../hub/errors/hub-error.js";
import type { ChatMessage } from "../../../hub/llm/model.js";
import { estimatePromptTokens } from "../../../hub/llm/usage.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import {
  asToolTurn,
  claimVerifier,
  loginActor,
  nativeActor,
  runStepScenario,
  STEP_EMAIL,
  summarizer,
} from "../../helpers/step-brain.js";

function systemOf(messages: readonly ChatMessage[]): string {
  const system = messages[0]!;
  return typeof system.content === "string" ? system.content : "";
}

describe("step agent with native tool calls", () => {
  it("logs in through tool calls; a false done is rejected; thoughts and subgoals come from the arguments", async () => {
    const model = new ScriptedModel({ vision: true, tools: { planner: true } })
      .otherwise("planner", nativeActor(loginActor({ falseDone: true })))
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const { result, events, screenText } = await runStepScenario({
      model,
      options: { subgoals: ["email", "password", "sign in"] },
    });
    expect(result.verdict).toBe("pass");
    expect(screenText).toContain(`Welcome, ${STEP_EMAIL}`);
    expect(result.logs.map((l) => l.action?.tool)).toEqual([
      "input_text",
      "input_text",
      "mark_done",
      "tap_element",
      "mark_done",
    ]);
    expect(result.logs[2]!.claim).toMatchObject({ accepted: false });
    expect(result.stats.rejectedClaims).toBe(1);
    expect(result.logs[0]).toMatchObject({ thought: "type the email", subgoal_index: 1, subgoal_desc: "email" });
    // The tool's own arguments only: thought and subgoal are taken out.
    expect(result.logs[0]!.action!.args).toEqual({ index: expect.any(Number), text: STEP_EMAIL });

    const planner = model.calls.filter((c) => c.role === "planner");
    expect(planner).toHaveLength(5);
    for (const call of planner) {
      expect(call.schemaName).toBe("step_action");
      expect(call.tools).toContain("mark_done");
      expect(call.tools).toContain("tap_element");
      const system = systemOf(call.messages);
      expect(system).toContain("Answer by calling exactly one tool");
      expect(system).not.toContain("Tools:");
      expect(system).not.toContain('{"thought"');
    }
    // Earlier turns show the calls in prose, not in the JSON action format.
    const history = planner[1]!.messages.filter((m) => m.role === "assistant");
    expect(history).toHaveLength(1);
    expect(history[0]!.content).toMatch(
      /^type the email\n\(called input_text\(\{"text":"user@example.com","index":\d+\}\)\)$/,
    );
    // Verifier and summarizer keep structured JSON answers.
    expect(model.calls.filter((c) => c.role === "verifier").every((c) => c.tools === undefined)).toBe(true);
    // The measured context counts the tool definitions on top of the messages.
    expect(result.stats.contextTokens[0]!).toBeGreaterThan(
      estimatePromptTokens(planner[0]!.messages, { images: true }) + 200,
    );

    const everything = JSON.stringify(model.calls) + JSON.stringify(events) + JSON.stringify(result);
    expect(everything).not.toContain(CORRECT_PASSWORD);
    expect(everything).toContain("{{secret:password}}");
  });

  it("a bad tool call is repaired within the same step", async () => {
    const actor = nativeActor(loginActor());
    let first = true;
    const model = new ScriptedModel({ tools: { planner: true } })
      .otherwise("planner", (request) => {
        if (first) {
          first = false;
          return { tool_calls: [{ name: "tap_element", arguments: { thought: "tap", index: "Email" } }] };
        }
        return actor(request);
      })
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const { result } = await runStepScenario({ model });
    expect(result.verdict).toBe("pass");
    expect(model.calls[1]).toMatchObject({ role: "planner", round: 1 });
    expect(result.logs[0]!.step).toBe(1);
    expect(result.logs.map((l) => l.action?.tool)).toEqual(["input_text", "input_text", "tap_element", "mark_done"]);
  });

  it("falls back to the JSON action format on the same turn when the endpoint refuses tools", async () => {
    const model = new ScriptedModel({ tools: true })
      .script("planner", new HubError("MODEL_TOOLS_UNSUPPORTED", "refused"))
      .otherwise("planner", loginActor())
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const { result } = await runStepScenario({ model });
    expect(result.verdict).toBe("pass");
    const planner = model.calls.filter((c) => c.role === "planner");
    expect(planner[0]!.tools).toBeDefined();
    expect(planner.slice(1).every((c) => c.tools === undefined)).toBe(true);
    expect(systemOf(planner[1]!.messages)).toContain("Tools:\n- tap_element");
    expect(systemOf(planner[1]!.messages)).toContain('{"thought"');
    // The refused turn is not a step of its own.
    expect(result.logs.map((l) => l.step)).toEqual([1, 2, 3, 4]);
    expect(result.stats.modelCalls).toBe(5); // 4 planner + 1 verifier; the refused attempt made no call
  });

  it("the offered tools follow the screen: no element tools on a screen without elements", async () => {
    const model = new ScriptedModel({ vision: true, tools: { planner: true } }).otherwise(
      "planner",
      asToolTurn({ thought: "nothing to read", tool: "wait", args: { seconds: 1 } }),
    );
    const { result } = await runStepScenario({
      model,
      app: "launcher",
      options: { app: "", limits: { settleMs: 0, maxSteps: 1 } },
      wrap: (session) => ({
        deviceId: session.deviceId,
        sessionId: session.sessionId,
        info: session.info,
        connected: session.connected,
        onEvent: (listener) => session.onEvent(listener),
        async call(request, options) {
          const outcome = await session.call(request, options);
          const ui = outcome.result.ui;
          if (!("getUi" in request) || !ui) return outcome;
          return { ...outcome, result: { ...outcome.result, ui: { ...ui, nodes: [] } } };
        },
      }),
    });
    expect(result.verdict).toBe("fail");
    const offered = model.calls[0]!.tools!;
    expect(offered).not.toContain("tap_element");
    expect(offered).not.toContain("long_press");
    expect(offered).toContain("tap");
    expect(offered).toContain("mark_done");
    expect(result.logs[0]!.action_result).toBe("waited 1s");
  });
});
