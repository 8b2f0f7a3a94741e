/**
 * A finish is a claim in every mode. The chain planner's goal_reached is checked on the settled
 * screen like step mode's mark_done; a plan without steps is a replan, then a failure, never success.
 * The economy stays: the task's expected text on screen (or its app/activity check) confirms without
 * a model call, and the run says which check confirmed.
 */
import { describe, expect, it } from "vitest";
import { ChainAgent, NO_STEPS } from "../../../hub/agent/chain/chain-agent.js";
import type { AgentEvent } from "../../../hub/agent/events.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { ScriptedModel, type ScriptedRequest } from "../../fakes/scripted-model.js";
import { runChainScenario, SCENARIO_EMAIL } from "../../helpers/chain-scenario.js";
import { loginPlanner, loginVerifier } from "../../helpers/login-brain.js";
import { claimVerifier, loginActor, runStepScenario, summarizer } from "../../helpers/step-brain.js";
import { joinMobilerun, startMobilerunHub } from "../mobilerun/mobilerun-hub.js";

function of<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

const claimsSuccess = {
  task_summary: "already logged in",
  confidence: "high",
  total_steps: 0,
  goal_reached: true,
  steps: [],
};
const givesUp = { task_summary: "nothing to do", confidence: "low", total_steps: 0, goal_reached: false, steps: [] };

function model(planner: unknown) {
  return new ScriptedModel()
    .otherwise("planner", planner as (request: ScriptedRequest) => unknown)
    .otherwise("verifier", loginVerifier);
}

describe("chain mode: goal_reached is a claim", () => {
  for (const verification of ["economy", "naive"] as const) {
    it(`a planner that claims success at once on the login form fails (${verification})`, async () => {
      const scripted = model(claimsSuccess);
      const { result, events, screenText } = await runChainScenario({ model: scripted, verification, expected: null });
      expect(result.status).toBe("failed");
      expect(result.reason).toBe(
        "task_01: gave up after 2 replans: the planner claimed the goal is reached, but the check disagrees: The sign-in form is still shown: nobody is signed in.",
      );
      expect(result.stats).toMatchObject({ stepsExecuted: 0, verifierCalls: 3, replans: 2 });
      expect(result.stats.confirmedBy).toBeUndefined();
      const claims = of(events, "claim_checked");
      expect(claims.map((c) => [c.accepted, c.by])).toEqual([
        [false, "model"],
        [false, "model"],
        [false, "model"],
      ]);
      expect(screenText).toContain("Sign in");
      expect(of(events, "run_finished")[0]).toMatchObject({ status: "failed" });
    });
  }

  it("an unmet check goes to the model, which hears of it only when it was the task's own check", async () => {
    const literal = model(claimsSuccess);
    expect((await runChainScenario({ model: literal })).result.status).toBe("failed");
    const prose = literal.calls.find((c) => c.schemaName === "claim_verdict")!;
    expect(JSON.stringify(prose.messages)).not.toContain("A deterministic check"); // a literal miss is no news
    const given = model(claimsSuccess);
    const { result } = await runChainScenario({ model: given, expected: null, check: { text: ["Welcome"] } });
    expect(result.status).toBe("failed");
    const told = given.calls.find((c) => c.schemaName === "claim_verdict")!;
    expect(JSON.stringify(told.messages)).toContain(
      'A deterministic check of the expected result found nothing: not found: text \\"Welcome\\" visible.',
    );
  });

  it("a planner that gives up (no steps, goal not reached) is replanned, then fails with a clear reason", async () => {
    const scripted = model(givesUp);
    const { result, events } = await runChainScenario({ model: scripted });
    expect(result.status).toBe("failed");
    expect(result.reason).toBe(`task_01: gave up after 2 replans: ${NO_STEPS}`);
    expect(of(events, "replan").map((r) => r.reason)).toEqual([NO_STEPS, NO_STEPS]);
    expect(scripted.count("planner")).toBe(3);
    expect(scripted.count("verifier")).toBe(0);
    // The replanning planner is told why.
    const last = scripted.calls.filter((c) => c.role === "planner").at(-1)!;
    expect(JSON.stringify(last.messages)).toContain(`The previous plan failed: ${NO_STEPS}`);
  });

  it("after a real failure (a Wrong password dialog), an empty plan is not success", async () => {
    const brain = loginPlanner({ email: SCENARIO_EMAIL });
    let plans = 0;
    const planner = (request: ScriptedRequest) => (++plans === 1 ? brain(request) : givesUp);
    const { result, events } = await runChainScenario({ model: model(planner), password: "wrong-horse" });
    expect(of(events, "replan")[0]!.reason).toMatch(/Wrong password/);
    expect(result.status).toBe("failed");
    expect(result.reason).toBe(`task_01: gave up after 2 replans: ${NO_STEPS}`);
  });

  it("the logins: the expected text confirms without a model call; without one the verifier model does", async () => {
    const byText = await runChainScenario();
    expect(byText.result).toMatchObject({
      status: "done",
      reason: `goal confirmed by text "Welcome, ${SCENARIO_EMAIL}" visible`,
      stats: { verifierCalls: 1, confirmedBy: `text "Welcome, ${SCENARIO_EMAIL}" visible` },
    });
    expect(of(byText.events, "claim_checked")).toMatchObject([{ accepted: true, by: "check" }]);
    const byModel = await runChainScenario({ expected: null });
    expect(byModel.result).toMatchObject({
      status: "done",
      reason: "goal confirmed by verifier model",
      stats: { verifierCalls: 2, confirmedBy: "verifier model" },
    });
    const naive = await runChainScenario({ verification: "naive" });
    expect(naive.result.stats).toMatchObject({ verifierCalls: 4, confirmedBy: "verifier model" });
  });

  it("an app/activity check confirms the login in step mode without a verifier call", async () => {
    const scripted = new ScriptedModel({ vision: true })
      .otherwise("planner", loginActor())
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const { result, events } = await runStepScenario({
      model: scripted,
      options: { check: { package: "com.droidhub.login", activity: ".HomeActivity" } },
    });
    expect(result.verdict).toBe("pass");
    expect(scripted.count("verifier")).toBe(0);
    expect(result.stats.confirmedBy).toBe("package com.droidhub.login in front and activity .HomeActivity reached");
    expect(of(events, "claim_checked")).toMatchObject([{ accepted: true, by: "check" }]);
  });

  it("on a Mobilerun-dialect phone, a claim of success at once fails too", async () => {
    const hub = await startMobilerunHub();
    const portal = await joinMobilerun(hub, "portal-claims");
    portal.screen = "login";
    portal.package = "com.example.login";
    try {
      const result = await new ChainAgent({
        model: model(claimsSuccess),
        session: hub.app.hub.registry.requireSession("portal-claims"),
        goal: "log in as ann@example.com",
        secrets: { password: CORRECT_PASSWORD },
        limits: { settleMs: 0 },
      }).run();
      expect(result.status).toBe("failed");
      expect(result.stats).toMatchObject({ stepsExecuted: 0, verifierCalls: 3 });
    } finally {
      portal.stop();
      await hub.close();
    }
  });
});
