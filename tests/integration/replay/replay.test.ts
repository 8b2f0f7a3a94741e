/**
 * Replay-first re-runs: a chain login run recorded once (scripted model), then replayed on fresh
 * virtual phones. The model is asked only where a step diverges: never on an unchanged app, at most
 * once per moved step, one short plan for a popup that was not there when the run was recorded.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../hub/agent/events.js";
import { type RecordedStep, recordedSteps } from "../../../hub/agent/replay/recorded.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { SCENARIO_EMAIL } from "../../helpers/chain-scenario.js";
import { recordLogin, replayLogin, stored } from "../../helpers/replay-scenario.js";

function of<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

let steps: RecordedStep[] = [];
let recording: AgentEvent[] = [];

beforeAll(async () => {
  ({ steps, events: recording } = await recordLogin());
});

describe("replay of a recorded chain run", () => {
  it("records what replay needs: each OK step's target fingerprint and the package after it", () => {
    expect(steps.map((s) => `${s.step.action} ${s.step.label}`)).toEqual([
      "INPUT Email",
      "INPUT Password",
      "CLICK Sign in",
    ]);
    for (const s of steps) {
      expect(s.target?.fingerprint).toMatch(/^[0-9a-f]{8}$/);
      expect(s.afterPackage).toBe("com.droidhub.login");
    }
    expect(steps[1]!.step.value).toBe("{{secret:password}}");
    expect(of(recording, "step_finished")[2]!.target?.tag).toBe("Button");
  });

  it("an unchanged app: 0 model calls, every step a hit, logged in", async () => {
    const { result, model, events, screenText } = await replayLogin(steps);
    expect(result.status).toBe("done");
    expect(screenText).toContain(`Welcome, ${SCENARIO_EMAIL}`);
    expect(model.calls).toHaveLength(0);
    expect(result.stats).toMatchObject({ modelCalls: 0, hits: 3, hitRate: 1, recordedSteps: 3 });
    expect(of(events, "replay_step").map((e) => e.outcome)).toEqual(["hit", "hit", "hit"]);
    expect(of(events, "step_finished").every((e) => e.verdict === "OK" && e.source === "replay")).toBe(true);
    expect(of(events, "run_started")[0]!.mode).toBe("replay");
  });

  it("a moved button: found by fingerprint and tapped at its current center, ≤ 1 model call", async () => {
    const { result, model, events, device } = await replayLogin(steps, { knobs: { moveButtonAfterActions: 4 } });
    expect(result.status).toBe("done");
    expect(model.calls.length).toBeLessThanOrEqual(1);
    const signIn = of(events, "replay_step")[2]!;
    expect(signIn).toMatchObject({ outcome: "moved", hit: true });
    const recorded = steps[2]!.step;
    const tapped = of(events, "step_finished")[2]!.step;
    expect([tapped.x, tapped.y]).not.toEqual([recorded.x, recorded.y]);
    expect(device.executed.some((e) => e.kind === "tap" && e.detail === `${tapped.x},${tapped.y}`)).toBe(true);
  });

  it("a target whose identity changed: exactly one coordinate refresh for that step", async () => {
    const changed = steps.map((s, i) =>
      i === 2 ? { ...s, target: { fingerprint: "00000000", label: "Log in", tag: "Button" } } : s,
    );
    const { result, model, events } = await replayLogin(changed, { knobs: { moveButtonAfterActions: 4 } });
    expect(result.status).toBe("done");
    expect(model.calls.map((c) => c.schemaName)).toEqual(["coordinate_refresh"]);
    expect(of(events, "replay_step").map((e) => e.calls)).toEqual([0, 0, 1]);
    expect(result.stats.hitRate).toBeCloseTo(2 / 3, 2);
  });

  it("a new popup: one short plan dismisses it, the step is redone and the run completes", async () => {
    const { result, model, events, screenText } = await replayLogin(steps, { knobs: { popupAfterActions: 3 } });
    expect(result.status).toBe("done");
    expect(screenText).toContain("Welcome");
    expect(model.calls.map((c) => c.schemaName)).toEqual(["action_chain"]);
    expect(model.count("verifier")).toBe(0);
    const detour = of(events, "step_finished").filter((e) => e.group === "recovery");
    expect(detour.map((e) => e.step.label)).toEqual(["Not now"]);
    expect(of(events, "replay_step").map((e) => e.outcome)).toEqual(["hit", "recovered", "hit"]);
  });

  it("the patched run is a candidate in turn: its detour is skipped where no popup shows", async () => {
    const patched = await replayLogin(steps, { knobs: { popupAfterActions: 3 } });
    const again = recordedSteps(stored(patched.events));
    expect(again.map((s) => s.step.label)).toEqual(["Email", "Not now", "Password", "Sign in"]);
    expect(again[1]!.optional).toBe(true);
    const { result, model, events } = await replayLogin(again);
    expect(result.status).toBe("done");
    expect(model.calls).toHaveLength(0);
    expect(of(events, "replay_step").map((e) => e.outcome)).toEqual(["hit", "skipped", "hit", "hit"]);
    expect(result.stats).toMatchObject({ skipped: 1, hits: 3, hitRate: 1 });
  });

  it("the password is typed on the phone but never reaches the model or the events", async () => {
    const { result, model, events, device } = await replayLogin(steps, { knobs: { popupAfterActions: 3 } });
    expect(result.status).toBe("done");
    expect(device.executed.some((e) => e.kind === "inputText")).toBe(true);
    expect(model.calls.length).toBeGreaterThan(0);
    const everything = JSON.stringify(model.calls) + JSON.stringify(events) + JSON.stringify(result);
    expect(everything).not.toContain(CORRECT_PASSWORD);
    expect(everything).toContain("{{secret:password}}");
  });

  it("a replay without the secrets it needs fails before touching the phone", async () => {
    const { result, device } = await replayLogin(steps, { secrets: {} });
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/needs secrets: password/);
    expect(device.executed.filter((e) => e.kind !== "getUi")).toHaveLength(0);
  });
});
