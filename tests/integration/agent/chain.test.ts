/**
 * The chain agent on a virtual phone with scripted models. Each scenario asserts the model calls it
 * may make; the economy is measured against the naive mode (a verifier call after every step) on
 * the same scenario, in the same run.
 */
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../hub/agent/events.js";
import { HubError } from "../../../hub/errors/hub-error.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { runChainScenario, SCENARIO_EMAIL } from "../../helpers/chain-scenario.js";
import { loginGroups, loginPlanner, loginVerifier } from "../../helpers/login-brain.js";

const EMAIL = SCENARIO_EMAIL;
const runLogin = runChainScenario;

function of<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

describe("chain agent on the virtual phone", () => {
  it("logs in: 2 plans, 1 verifier call (only the tap that changed the screen)", async () => {
    const { result, model, events, screenText } = await runLogin();
    expect(result.status).toBe("done");
    expect(screenText).toContain(`Welcome, ${EMAIL}`);
    expect(model.counts()).toMatchObject({ planner: 2, verifier: 1 });
    const sources = of(events, "step_finished").map((e) => `${e.step.action}:${e.source}`);
    expect(sources).toEqual(["INPUT:change-level", "INPUT:change-level", "CLICK:model"]);
    const firstChange = of(events, "step_finished")[0]!.change;
    expect(firstChange.match(/keyboard appeared/g)).toHaveLength(1); // state and element named once
  });

  it("shows a verifier that can see the before/after frames, and records a frame per step", async () => {
    const model = new ScriptedModel({ vision: { verifier: true } })
      .otherwise("planner", loginPlanner({ email: EMAIL }))
      .otherwise("verifier", loginVerifier);
    const { result, events } = await runLogin({ model });
    expect(result.status).toBe("done");
    const verifierCall = model.calls.find((c) => c.role === "verifier")!;
    const content = verifierCall.messages[0]!.content;
    expect(Array.isArray(content) && content.some((p) => p.type === "image" && p.data.length > 1000)).toBe(true);
    expect(of(events, "step_frame").map((f) => f.step_num)).toEqual([1, 2, 3]);
    const planner = model.calls.find((c) => c.role === "planner")!;
    expect(typeof planner.messages[0]!.content).toBe("string"); // the planner gets text only
  });

  it("verifies with ≤ 50% of the naive baseline's verifier calls", async () => {
    const economy = await runLogin();
    const naive = await runLogin({ verification: "naive" });
    expect(naive.result.status).toBe("done");
    expect(naive.model.count("verifier")).toBe(4); // 3 steps + the goal_reached claim
    expect(economy.model.count("verifier") / naive.model.count("verifier")).toBeLessThanOrEqual(0.5);
  });

  it("a button that moves after planning: FAST RETRY → refresh fixes it, no replan, no extra verifier call", async () => {
    // 4 actions = tap+type email, tap+type password: then Sign in moves away from the planned spot.
    const { result, model, events } = await runLogin({ knobs: { moveButtonAfterActions: 4 } });
    expect(result.status).toBe("done");
    const click = of(events, "step_finished").filter((e) => e.step.action === "CLICK");
    expect(click.map((e) => e.verdict)).toEqual(["FAST_RETRY", "OK"]);
    expect(of(events, "refresh")).toHaveLength(1);
    expect(of(events, "refresh")[0]!.patches[0]!.to).not.toEqual(of(events, "refresh")[0]!.patches[0]!.from);
    expect(of(events, "replan")).toHaveLength(0);
    expect(model.calls.filter((c) => c.schemaName === "coordinate_refresh")).toHaveLength(1);
    expect(model.calls.filter((c) => c.schemaName === "action_chain")).toHaveLength(2);
    expect(model.count("verifier")).toBe(1);
  });

  it("a tap with no effect goes straight to coordinate refresh without a verifier call, then replans", async () => {
    const { result, model, events } = await runLogin({ brain: { tapDeadTextFirst: true } });
    expect(result.status).toBe("done");
    const first = of(events, "step_finished").filter((e) => e.step.label === "Sign in to continue");
    expect(first.map((e) => e.verdict)).toEqual(["FAST_RETRY", "FAST_RETRY", "FAST_RETRY"]);
    expect(first.every((e) => e.source === "fast-retry")).toBe(true);
    expect(of(events, "replan")).toHaveLength(1);
    expect(model.count("verifier")).toBe(1); // only the real Sign in tap
  });

  it("a popup mid-chain: the verifier says ERROR, the agent replans, dismisses it and finishes", async () => {
    const { result, model, events, screenText } = await runLogin({ knobs: { popupAfterActions: 3 } });
    expect(result.status).toBe("done");
    expect(screenText).toContain("Welcome");
    const replans = of(events, "replan");
    expect(replans).toHaveLength(1);
    expect(replans[0]!.reason).toMatch(/Rate this app|dialog/);
    const plans = of(events, "plan").map((p) => p.chain.steps.map((s) => s.label).join(","));
    expect(plans).toContain("Not now");
    expect(model.count("verifier")).toBeGreaterThanOrEqual(2);
  });

  it("invented coordinates are snapped to the element with that label", async () => {
    const { result, events } = await runLogin({ brain: { inventCoordinates: "snappable" } });
    expect(result.status).toBe("done");
    expect(of(events, "plan")[0]!.snapped).toEqual([{ step_num: 3, by: "label" }]);
  });

  it("a step that cannot be grounded is re-asked, never executed blindly", async () => {
    const { result, events, model, device } = await runLogin({ brain: { inventCoordinates: "unsnappable-once" } });
    expect(result.status).toBe("done");
    expect(of(events, "plan")[0]!.reasked).toBe(true);
    expect(model.calls.filter((c) => c.schemaName === "action_chain")).toHaveLength(3);
    expect(device.executed.some((e) => e.kind === "tap" && e.detail === "13,17")).toBe(false);
  });

  it("repairs prose-wrapped and broken JSON from the planner", async () => {
    const brain = loginPlanner({ email: EMAIL });
    const model = new ScriptedModel()
      .script(
        "planner",
        (req) => `Sure! Here is the plan:\n\`\`\`json\n${JSON.stringify(brain(req))}\n\`\`\`\nGood luck.`,
        '{"task_summary": "log in", "steps": [ {"step_num": 1,',
        (req) => brain(req),
      )
      .otherwise("planner", brain)
      .otherwise("verifier", loginVerifier);
    const { result } = await runLogin({ model });
    expect(result.status).toBe("done");
    const rounds = model.calls.filter((c) => c.schemaName === "action_chain").map((c) => c.round);
    expect(rounds).toEqual([0, 0, 1]); // fenced prose parsed at once; the broken answer took one repair
  });

  it("a model failure ends the run as failed with the typed error", async () => {
    const model = new ScriptedModel().script("planner", new HubError("MODEL_TIMEOUT", "planner timed out"));
    const { result } = await runLogin({ model });
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/timed out/);
  });

  it("splits a goal that spans apps into one-screen groups, run in order", async () => {
    const brain = loginPlanner({ email: EMAIL });
    const model = new ScriptedModel()
      .otherwise("planner", (req) => (req.schemaName === "task_groups" ? loginGroups(req) : brain(req)))
      .otherwise("verifier", loginVerifier);
    const { result, events, screenText } = await runLogin({
      model,
      app: "launcher",
      goal: `open the login app, then log in as ${EMAIL}`,
    });
    expect(result.status).toBe("done");
    expect(screenText).toContain("Welcome");
    expect(of(events, "task_groups")[0]!.tasks.map((t) => t.id)).toEqual(["task_01", "task_02"]);
    expect(of(events, "group_started").map((g) => g.group)).toEqual(["task_01", "task_02"]);
    const navigate = of(events, "step_finished").find((e) => e.step.action === "NAVIGATE");
    expect(navigate).toMatchObject({ verdict: "OK", source: "auto" });
  });

  it("never lets the password reach the model or the events", async () => {
    const { result, model, events, device } = await runLogin();
    expect(result.status).toBe("done");
    expect(device.executed.some((e) => e.kind === "inputText")).toBe(true);
    const everything = JSON.stringify(model.calls) + JSON.stringify(events) + JSON.stringify(result);
    expect(everything).not.toContain(CORRECT_PASSWORD);
    expect(everything).toContain("{{secret:password}}");
  });
});
