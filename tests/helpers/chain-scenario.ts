/** One chain-agent run on a fresh hub and virtual phone with a scripted model (tests and the calls report). */
import { ChainAgent } from "../../hub/agent/chain/chain-agent.js";
import type { AgentEvent } from "../../hub/agent/events.js";
import type { GoalCheck } from "../../hub/agent/finish.js";
import { CORRECT_PASSWORD, type SimKnobs, type VirtualDevice } from "../../hub/sim/device/index.js";
import { ScriptedModel } from "../fakes/scripted-model.js";
import { startHub } from "./hub.js";
import { type BrainOptions, loginPlanner, loginVerifier } from "./login-brain.js";
import { joinPhone } from "./phones.js";

export const SCENARIO_EMAIL = "user@example.com";

export interface Scenario {
  app?: string;
  goal?: string;
  knobs?: SimKnobs;
  brain?: Partial<BrainOptions>;
  verification?: "economy" | "naive";
  model?: ScriptedModel;
  /**
   * The task's expected result (default: the greeting, which the hub finds on screen and so confirms
   * goal_reached without a model call); null: none, so the verifier model checks the claim.
   */
  expected?: string | null;
  /** The task's deterministic check of its expected result. */
  check?: GoalCheck;
  /** The password secret the task gives (default the one the login app accepts). */
  password?: string;
}

export async function runChainScenario(scenario: Scenario = {}) {
  const hub = await startHub();
  const phone = await joinPhone(hub, `agent-${Math.random().toString(36).slice(2, 8)}`, {
    app: scenario.app ?? "login",
    knobs: scenario.knobs ?? {},
  });
  try {
    const model =
      scenario.model ??
      new ScriptedModel()
        .otherwise("planner", loginPlanner({ email: SCENARIO_EMAIL, ...scenario.brain }))
        .otherwise("verifier", loginVerifier);
    const events: AgentEvent[] = [];
    const result = await new ChainAgent({
      model,
      session: hub.app.hub.registry.requireSession(phone.device.deviceId),
      goal: scenario.goal ?? `log in as ${SCENARIO_EMAIL}`,
      secrets: { password: scenario.password ?? CORRECT_PASSWORD },
      emit: (e) => events.push(e),
      verification: scenario.verification ?? "economy",
      ...(scenario.expected === null ? {} : { expected: scenario.expected ?? `Welcome, ${SCENARIO_EMAIL}` }),
      ...(scenario.check ? { check: scenario.check } : {}),
      limits: { settleMs: 0 },
    }).run();
    const device = phone.device as VirtualDevice;
    const ui = await hub.app.hub.registry.requireSession(phone.device.deviceId).call({ getUi: { allWindows: true } });
    const screenText = JSON.stringify(ui.result.ui?.nodes?.map((n) => n.text));
    return { result, events, model, device, screenText };
  } finally {
    phone.stop();
    await hub.close();
  }
}
