/** Record a chain login run once, then replay its steps on fresh virtual phones (tests and the calls report). */
import type { AgentEvent } from "../../hub/agent/events.js";
import { type RecordedStep, recordedSteps, type StoredEvent } from "../../hub/agent/replay/recorded.js";
import { ReplayAgent } from "../../hub/agent/replay/replay-agent.js";
import { CORRECT_PASSWORD, type SimKnobs, type VirtualDevice } from "../../hub/sim/device/index.js";
import { ScriptedModel } from "../fakes/scripted-model.js";
import { runChainScenario, SCENARIO_EMAIL } from "./chain-scenario.js";
import { startHub } from "./hub.js";
import { loginPlanner, loginVerifier } from "./login-brain.js";
import { joinPhone } from "./phones.js";

/** Events as the run store gives them back: JSON bodies. */
export function stored(events: readonly AgentEvent[]): StoredEvent[] {
  return events.map((e) => ({ type: e.type, body: JSON.parse(JSON.stringify(e)) as Record<string, unknown> }));
}

export async function recordLogin(): Promise<{ steps: RecordedStep[]; events: AgentEvent[] }> {
  const { result, events } = await runChainScenario();
  if (result.status !== "done") throw new Error(`recording failed: ${result.reason}`);
  return { steps: recordedSteps(stored(events)), events };
}

export interface ReplayScenario {
  knobs?: SimKnobs;
  secrets?: Record<string, string>;
}

export async function replayLogin(steps: readonly RecordedStep[], scenario: ReplayScenario = {}) {
  const hub = await startHub();
  const phone = await joinPhone(hub, `replay-${Math.random().toString(36).slice(2, 8)}`, {
    app: "login",
    knobs: scenario.knobs ?? {},
  });
  try {
    const model = new ScriptedModel()
      .otherwise("planner", loginPlanner({ email: SCENARIO_EMAIL }))
      .otherwise("verifier", loginVerifier);
    const events: AgentEvent[] = [];
    const session = hub.app.hub.registry.requireSession(phone.device.deviceId);
    const result = await new ReplayAgent({
      model,
      session,
      steps,
      source: "recorded-login",
      secrets: scenario.secrets ?? { password: CORRECT_PASSWORD },
      emit: (e) => events.push(e),
      limits: { settleMs: 0 },
    }).run();
    const ui = await session.call({ getUi: { allWindows: true } });
    const screenText = JSON.stringify(ui.result.ui?.nodes?.map((n) => n.text));
    return { result, events, model, device: phone.device as VirtualDevice, screenText };
  } finally {
    phone.stop();
    await hub.close();
  }
}
