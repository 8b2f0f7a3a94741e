/**
 * The step agent against a careless model on the virtual phone: a "back" out of the task's app is
 * noticed and recovery restarts that app (not the launcher); a cycle of 4 actions that ends where it
 * started climbs the ladder to a forced fail and a lesson the next run avoids; a pixel tap inside no
 * listed element is refused with a typed error naming the nearest elements (unless the tree cannot
 * describe the screen).
 */
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../hub/agent/events.js";
import { InMemoryLessonRepository } from "../../../hub/agent/step/index.js";
import { ScriptedModel, type ScriptedRequest } from "../../fakes/scripted-model.js";
import { promptText } from "../../helpers/login-brain.js";
import {
  claimVerifier,
  currentElements,
  hideTree,
  LOGIN_PACKAGE,
  lastMessageText,
  loginActor,
  runStepScenario,
  STEP_EMAIL,
  summarizer,
} from "../../helpers/step-brain.js";

function of<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

function model(planner: (request: ScriptedRequest) => unknown) {
  return new ScriptedModel({ vision: true })
    .otherwise("planner", planner)
    .otherwise("verifier", claimVerifier)
    .otherwise("summarizer", summarizer);
}

/** Presses back on the app's first screen, then waits for the form to come back and logs in. */
function backOutActor() {
  const login = loginActor();
  let backed = false;
  return (request: ScriptedRequest) => {
    if (!backed) {
      backed = true;
      return { thought: "back, to see where I am", tool: "press_key", args: { key: "back" } };
    }
    const labels = currentElements(request).map((e) => e.label);
    if (!labels.includes("Email") && !labels.some((l) => l.startsWith("Welcome"))) {
      return { thought: "the form will come back", tool: "wait", args: { seconds: 1 } };
    }
    return login(request);
  };
}

/**
 * Types the e-mail, a wrong literal password, signs in, dismisses the error — round and round. With an
 * AVOID lesson about that password in Pinned it types the secret placeholder instead.
 */
function cycleActor() {
  let next: "email" | "password" | "sign_in" = "email";
  return (request: ScriptedRequest) => {
    const learned = /AVOID these mistakes[\s\S]*hunter2/.test(promptText(request));
    const elements = currentElements(request);
    const byLabel = (label: string) => elements.find((e) => e.label === label);
    const welcome = elements.find((e) => e.label.startsWith("Welcome"));
    if (welcome)
      return { thought: "in", tool: "mark_done", args: { status: "pass", reason: `"${welcome.label}" is shown` } };
    const ok = byLabel("OK");
    if (ok) {
      next = "email";
      return { thought: "dismiss the error", tool: "tap_element", args: { index: ok.id } };
    }
    const email = byLabel("Email");
    if (!email) {
      next = "email";
      return { thought: "open the app", tool: "start_app", args: { package: LOGIN_PACKAGE } };
    }
    switch (next) {
      case "email":
        next = "password";
        return { thought: "e-mail", tool: "input_text", args: { index: email.id, text: STEP_EMAIL } };
      case "password": {
        next = "sign_in";
        const text = learned ? "{{secret:password}}" : "hunter2";
        return { thought: "password", tool: "input_text", args: { index: byLabel("Password")!.id, text } };
      }
      default:
        next = "email";
        return { thought: "sign in", tool: "tap_element", args: { index: byLabel("Sign in")!.id } };
    }
  };
}

describe("step agent honesty", () => {
  it("a back out of the task's app is noticed; recovery restarts that app, not the launcher", async () => {
    const scripted = model(backOutActor());
    // No app named: the task's app is the one the run started in.
    const { result, events, device, screenText } = await runStepScenario({
      model: scripted,
      app: "login",
      options: { app: "" },
    });
    expect(result.verdict, result.reason).toBe("pass");
    expect(screenText).toContain(`Welcome, ${STEP_EMAIL}`);
    const recovery = of(events, "recovery").filter((e) => e.action !== "decay");
    expect(recovery.map((e) => `${e.level}:${e.action}:${e.pattern}`)).toEqual([
      "1:warning:left-app",
      "2:press_back:left-app",
      "3:restart_app:left-app",
    ]);
    expect(recovery[0]!.detail).toBe(
      "the phone left the task's app com.droidhub.login and shows com.droidhub.launcher",
    );
    const restart = result.logs.find((l) => l.source === "system" && l.action?.tool === "start_app")!;
    expect(restart.action!.args).toEqual({ package: LOGIN_PACKAGE });
    const launches = device.executed.filter((e) => e.kind === "launchApp").map((e) => e.detail);
    expect(launches).toEqual([LOGIN_PACKAGE]);
    // The model was told, right above the screen, that it left the app.
    const planner = scripted.calls.filter((c) => c.role === "planner");
    expect(lastMessageText(planner[1]!)).toMatch(/\[WARNING\][^\n]*left the task's app com\.droidhub\.login/);
  });

  it("a 4-action cycle climbs the ladder to a forced fail with a lesson; the next run avoids it", async () => {
    const lessons = new InMemoryLessonRepository();
    const first = await runStepScenario({
      model: model(cycleActor()),
      lessons,
      options: { limits: { settleMs: 0, maxSteps: 30 } },
    });
    expect(first.result.verdict).toBe("fail");
    expect(first.result.reason).toMatch(/^stuck: the cycle of 4 actions .* \(recovery level 4\)$/);
    const recovery = of(first.events, "recovery").filter((e) => e.action !== "decay");
    expect(recovery.map((e) => `${e.level}:${e.action}:${e.pattern}`)).toEqual([
      "1:warning:cycle",
      "2:press_back:cycle",
      "3:restart_app:cycle",
      "4:force_fail:cycle",
    ]);
    // The first turn round the loop was seen after its second pass: 8 steps, not the 30-step limit.
    expect(first.result.logs.find((l) => l.recovery_level === 1)!.step).toBe(8);
    expect(first.result.stats.modelSteps).toBeLessThan(30);
    expect(recovery[0]!.detail).toContain('input_text EditText "Password" "hunter2" → tap_element Button "Sign in"');
    expect(lessons.all()).toHaveLength(1);
    expect(lessons.all()[0]!.mistake).toContain("hunter2");
    expect(lessons.all()[0]!.advice).toMatch(/do not go round it again/);

    const second = await runStepScenario({
      model: model(cycleActor()),
      lessons,
      options: { limits: { settleMs: 0, maxSteps: 30 } },
    });
    expect(second.result.verdict).toBe("pass");
    expect(second.screenText).toContain(`Welcome, ${STEP_EMAIL}`);
    expect(of(second.events, "recovery")).toHaveLength(0);
  });

  it("a pixel tap inside no listed element is refused with a typed error naming the nearest elements", async () => {
    const login = loginActor();
    let tapped = false;
    const scripted = model((request) => {
      if (tapped) return login(request);
      tapped = true;
      // Empty space under "Forgot password?", in half-size image pixels: device (540,1800).
      return { thought: "tap the middle", tool: "tap", args: { x: 270, y: 900 } };
    });
    const { result, device } = await runStepScenario({ model: scripted });
    expect(result.verdict).toBe("pass");
    const refused = result.logs[0]!;
    expect(refused.action_error).toBe("TAP_OUTSIDE_ELEMENTS");
    expect(refused.action_result).toMatch(
      /^TAP_OUTSIDE_ELEMENTS: image \(270,900\) = device \(541,1801\) is inside no listed element, so nothing was tapped\. Nearest: \d+ Text "Forgot password\?"/,
    );
    expect(device.executed.filter((e) => e.kind === "tap").map((e) => e.detail)).not.toContain("541,1801");
    // The model reads the refusal in its next turn.
    const second = scripted.calls.filter((c) => c.role === "planner")[1]!;
    expect(lastMessageText(second)).toContain("TAP_OUTSIDE_ELEMENTS");

    // The same tap on a screen the tree cannot describe (vision fallback) is carried out.
    const blind = new ScriptedModel({ vision: true })
      .script("planner", { thought: "tap what I see", tool: "tap", args: { x: 270, y: 900 } })
      .otherwise("planner", { thought: "wait", tool: "wait", args: { seconds: 0 } })
      .otherwise("summarizer", summarizer);
    const fallback = await runStepScenario({
      model: blind,
      wrap: hideTree,
      options: { limits: { settleMs: 0, maxSteps: 1 } },
    });
    expect(fallback.result.logs[0]!.action_result).toBe("tapped image (270,900) = device (541,1801)");
    expect(fallback.result.logs[0]!.action_error).toBeUndefined();
    expect(fallback.device.executed.filter((e) => e.kind === "tap").map((e) => e.detail)).toContain("541,1801");
  });
});
