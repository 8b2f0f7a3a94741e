/**
 * The ladder sees loops longer than one action: a cycle of 2–6 actions on the same screens, repeated
 * without progress, raises the level once it has gone round twice and again at every further turn;
 * going round the loop is not a healthy step. Leaving the task's app is a stuck step too, and the
 * task's app is the one named, else the one the run started in.
 */
import { describe, expect, it } from "vitest";
import { RecoveryLadder, type StepRecord } from "../../../hub/agent/step/recovery.js";
import { TaskApp } from "../../../hub/agent/task-app.js";

/** The login loop: type e-mail, type password, sign in (error dialog), dismiss it. */
const LOOP: StepRecord[] = [
  { action: 'input_text Email "ann"', before: "form", after: "form+kb", change: 2 },
  { action: 'input_text Password "hunter2"', before: "form+kb", after: "form+kb", change: 0 },
  { action: 'tap_element "Sign in"', before: "form+kb", after: "error", change: 3 },
  { action: 'tap_element "OK"', before: "error", after: "form", change: 3 },
];

describe("recovery ladder: cycles", () => {
  it("a 4-action loop raises at its second pass and once per further turn, never decaying inside it", () => {
    const ladder = new RecoveryLadder();
    const decisions = Array.from({ length: 16 }, (_, i) => ladder.record(LOOP[i % 4]!));
    const raised = decisions.flatMap((d, i) => (d.raised ? [`${i + 1}:${d.level}:${d.pattern}`] : []));
    expect(raised).toEqual(["8:1:cycle", "12:2:cycle", "16:3:cycle"]);
    expect(decisions.map((d) => d.level)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3]);
    expect(decisions[7]!.detail).toBe(
      'the cycle of 4 actions input_text Email "ann" → input_text Password "hunter2" → tap_element "Sign in" → tap_element "OK" was repeated twice without progress',
    );
    expect(decisions[11]!.detail).toMatch(/^the cycle of 4 actions .* was gone round again$/);
  });

  it("finds every length from 2 to 6 (two screens taking turns are an oscillation, seen first)", () => {
    for (const k of [2, 3, 5, 6]) {
      const ladder = new RecoveryLadder();
      // k=2 on one screen: a form whose two actions undo each other.
      const screen = (i: number) => (k === 2 ? "s" : `s${i % k}`);
      const steps = Array.from({ length: k }, (_, i) => ({
        action: `a${i}`,
        before: screen(i),
        after: screen(i + 1),
        change: 2,
      }));
      const levels = Array.from({ length: 2 * k }, (_, i) => ladder.record(steps[i % k]!).pattern);
      expect(levels.indexOf("cycle"), `k=${k}`).toBe(2 * k - 1);
    }
    const turns = new RecoveryLadder();
    const hop = (i: number) => ({ action: `go ${i}`, before: i % 2 ? "B" : "A", after: i % 2 ? "A" : "B", change: 3 });
    expect(Array.from({ length: 4 }, (_, i) => turns.record(hop(i % 2)).pattern).at(-1)).toBe("oscillation");
    // A loop of 7 is longer than maxCycle: not seen as a cycle.
    const long = new RecoveryLadder();
    const seven = Array.from({ length: 7 }, (_, i) => ({
      action: `b${i}`,
      before: `t${i}`,
      after: `t${(i + 1) % 7}`,
      change: 2,
    }));
    expect(Array.from({ length: 14 }, (_, i) => long.record(seven[i % 7]!).pattern)).not.toContain("cycle");
  });

  it("a loop that changes what it does (another password) is progress, not a cycle", () => {
    const ladder = new RecoveryLadder();
    const tries = ["hunter2", "hunter3", "hunter4"].flatMap((pw) =>
      LOOP.map((s, i) => (i === 1 ? { ...s, action: `input_text Password "${pw}"` } : s)),
    );
    expect(tries.map((s) => ladder.record(s).pattern)).not.toContain("cycle");
  });

  it("leaving the task's app is a stuck step, named in the detail", () => {
    const ladder = new RecoveryLadder();
    const left = ladder.record({
      action: "press_key back",
      before: "form",
      after: "home",
      change: 3,
      outside: "com.droidhub.launcher",
      taskApp: "com.droidhub.login",
    });
    expect(left).toMatchObject({ level: 1, raised: true, pattern: "left-app" });
    expect(left.detail).toBe("the phone left the task's app com.droidhub.login and shows com.droidhub.launcher");
  });
});

describe("the task's app", () => {
  it("is the app named, else the one the run started in, never a home screen", () => {
    const named = new TaskApp("com.droidhub.login");
    named.started("com.android.settings");
    expect(named.package).toBe("com.droidhub.login");
    const started = new TaskApp();
    started.started("com.droidhub.login");
    expect(started.package).toBe("com.droidhub.login");
    for (const home of ["com.droidhub.launcher", "com.google.android.apps.nexuslauncher", "com.miui.home"]) {
      const onHome = new TaskApp();
      onHome.started(home);
      expect(onHome.package, home).toBeUndefined();
      expect(onHome.outside("com.droidhub.login")).toBeUndefined(); // no task app: nothing to leave
    }
  });

  it("passing system screens and apps the agent chose are not leaving; anything else is", () => {
    const app = new TaskApp("com.droidhub.login");
    expect(app.outside("com.droidhub.login")).toBeUndefined();
    expect(app.outside("com.google.android.inputmethod.latin")).toBeUndefined();
    expect(app.outside("com.android.systemui")).toBeUndefined();
    expect(app.outside("com.google.android.permissioncontroller")).toBeUndefined();
    expect(app.outside("com.droidhub.launcher")).toBe("com.droidhub.launcher");
    app.chose("com.droidhub.browser");
    expect(app.outside("com.droidhub.browser")).toBeUndefined();
  });
});
