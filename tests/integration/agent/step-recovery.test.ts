/**
 * The decaying recovery ladder: a stuck agent climbs levels 1 → 4 in order (warning, system back,
 * app restart, forced fail with a lesson); a different action lowers the level only slowly; the lesson
 * is loaded as AVOID by the next run of the same test case, which then passes.
 */
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../hub/agent/events.js";
import { InMemoryLessonRepository, RecoveryLadder } from "../../../hub/agent/step/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import {
  claimVerifier,
  lastMessageText,
  runStepScenario,
  stubbornActor,
  summarizer,
} from "../../helpers/step-brain.js";

function of<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

const screen = (name: string) => ({ before: name, after: name });

describe("recovery ladder", () => {
  it("decays slowly: one level per 2 healthy steps, never straight to 0", () => {
    const ladder = new RecoveryLadder();
    const stuck = { action: "tap dead", ...screen("A"), change: 0 };
    const levels = [1, 2, 3].map(() => ladder.record(stuck).level);
    expect(levels).toEqual([0, 1, 2]);
    expect(ladder.record(stuck).level).toBe(3);
    const healthy = (i: number) => ({ action: `other ${i}`, before: "A", after: `B${i}`, change: 2 });
    const decay = [1, 2, 3, 4, 5, 6].map((i) => ladder.record(healthy(i)).level);
    expect(decay).toEqual([3, 2, 2, 1, 1, 0]);
  });

  it("an unrelated action in between does not escape the ladder", () => {
    const ladder = new RecoveryLadder();
    const stuck = { action: "tap dead", ...screen("A"), change: 0 };
    ladder.record(stuck);
    ladder.record(stuck);
    expect(ladder.level).toBe(1);
    expect(ladder.record({ action: "scroll", before: "A", after: "B", change: 1 }).level).toBe(1);
    expect(ladder.record(stuck).level).toBe(2); // the repeat is still seen across the unrelated action
  });

  it("detects no UI change for k steps and oscillation between two screens", () => {
    const idle = new RecoveryLadder({ idleSteps: 3 });
    const levels = ["a", "b", "c"].map((a) => idle.record({ action: a, ...screen("S"), change: 0 }));
    expect(levels.map((d) => d.pattern)).toEqual([undefined, undefined, "no-ui-change"]);
    const osc = new RecoveryLadder();
    const hops = ["A", "B", "A", "B"].map((s, i) =>
      osc.record({ action: `go ${i}`, before: s === "A" ? "B" : "A", after: s, change: 3 }),
    );
    expect(hops.at(-1)!.pattern).toBe("oscillation");
  });
});

describe("step agent recovery on the virtual phone", () => {
  it("a stuck loop climbs 1 → 4 in order, decays slowly, fails and writes a lesson the next run avoids", async () => {
    const lessons = new InMemoryLessonRepository();
    const model = new ScriptedModel({ vision: true })
      .otherwise("planner", stubbornActor())
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const { result, events, device } = await runStepScenario({ model, lessons });
    expect(result.verdict).toBe("fail");
    expect(result.reason).toMatch(/recovery level 4/);
    const recovery = of(events, "recovery").map((e) => `${e.level}:${e.action}`);
    expect(recovery).toEqual(["1:warning", "2:press_back", "3:restart_app", "4:force_fail"]);
    // Step by step: the start_app after the system back is a different action, yet the level stays 2.
    expect(result.logs.map((l) => [l.step, l.source, l.action?.tool, l.recovery_level])).toEqual([
      [1, "agent", "tap_element", 0],
      [2, "agent", "tap_element", 1],
      [3, "agent", "tap_element", 2],
      [4, "system", "press_key", 2],
      [5, "agent", "start_app", 2],
      [6, "agent", "tap_element", 3],
      [7, "system", "start_app", 3],
      [8, "agent", "tap_element", 4],
    ]);
    // Level 1 is a WARNING in the context of the next step.
    const planner = model.calls.filter((c) => c.role === "planner");
    expect(lastMessageText(planner[1]!)).not.toContain("[WARNING]");
    expect(lastMessageText(planner[2]!)).toMatch(/\[WARNING\] You look stuck \(recovery level 1 of 4\)/);
    // The system really pressed back and restarted the app.
    const kinds = device.executed.map((e) => e.kind).filter((k) => k !== "getUi" && k !== "screenshot");
    expect(kinds).toEqual(["launchApp", "tap", "tap", "tap", "pressKey", "launchApp", "tap", "launchApp", "tap"]);
    expect(lessons.all()).toHaveLength(1);
    expect(lessons.all()[0]).toMatchObject({
      caseName: "login",
      mistake: expect.stringContaining("Sign in to continue"),
    });
    expect(of(events, "lesson_written")).toHaveLength(1);

    // The next run of the same case loads the lesson as AVOID and logs in.
    const next = new ScriptedModel({ vision: true })
      .otherwise("planner", stubbornActor())
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const second = await runStepScenario({ model: next, lessons });
    expect(second.result.verdict).toBe("pass");
    const pinned = next.calls[0]!.messages[1]!;
    expect(pinned.content).toMatch(
      /AVOID these mistakes \(from earlier runs\):\n- tap_element Text "Sign in to continue"/,
    );
    expect(of(second.events, "recovery")).toHaveLength(0);
  });
});
