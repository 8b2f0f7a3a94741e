/**
 * The step agent on a virtual phone with scripted models that read their prompts: a login test case,
 * a false "done" caught by the verifier, and the history summary every 4 steps with old images stripped.
 */
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../hub/agent/events.js";
import type { ChatMessage } from "../../../hub/llm/model.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { claimVerifier, loginActor, runStepScenario, STEP_EMAIL, summarizer } from "../../helpers/step-brain.js";

function of<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

function textOf(message: ChatMessage): string {
  return typeof message.content === "string"
    ? message.content
    : message.content.map((p) => (p.type === "text" ? p.text : "")).join("");
}

function images(message: ChatMessage): number {
  return typeof message.content === "string" ? 0 : message.content.filter((p) => p.type === "image").length;
}

function loginModel(options: Parameters<typeof loginActor>[0] = {}) {
  return new ScriptedModel({ vision: true })
    .otherwise("planner", loginActor(options))
    .otherwise("verifier", claimVerifier)
    .otherwise("summarizer", summarizer);
}

describe("step agent on the virtual phone", () => {
  it("passes the login test case; the password never reaches the model, the events or the step logs", async () => {
    const model = loginModel();
    const { result, events, device, screenText } = await runStepScenario({ model });
    expect(result.verdict).toBe("pass");
    expect(result.status).toBe("done");
    expect(screenText).toContain(`Welcome, ${STEP_EMAIL}`);
    expect(model.counts()).toMatchObject({ planner: 4, verifier: 1 });
    expect(result.logs.map((l) => l.action?.tool)).toEqual(["input_text", "input_text", "tap_element", "mark_done"]);
    expect(result.logs.at(-1)!.claim).toMatchObject({ status: "pass", accepted: true });
    // The phone got the real password; nothing else did.
    expect(device.executed.some((e) => e.kind === "inputText")).toBe(true);
    const everything = JSON.stringify(model.calls) + JSON.stringify(events) + JSON.stringify(result);
    expect(everything).not.toContain(CORRECT_PASSWORD);
    expect(everything).toContain("{{secret:password}}");
    // Every StepLog field of the issue, and the exact image the model saw.
    const first = result.logs[0]!;
    expect(first).toMatchObject({ step: 1, source: "agent", image_sent: true, recovery_level: 0, subgoal_index: 1 });
    for (const key of [
      "thought",
      "action",
      "action_result",
      "prompt_tokens",
      "completion_tokens",
      "perception_ms",
      "llm_ms",
      "action_ms",
      "subgoal_desc",
    ]) {
      expect(first).toHaveProperty(key);
    }
    const sent = model.calls.find((c) => c.role === "planner")!.messages.at(-1)!;
    const image = typeof sent.content === "string" ? undefined : sent.content.find((p) => p.type === "image");
    expect(image && image.type === "image" && Buffer.from(image.data).equals(Buffer.from(first.screenshot!.data))).toBe(
      true,
    );
    expect(of(events, "step_log")).toHaveLength(4);
    expect(of(events, "test_result")).toEqual([{ type: "test_result", status: "pass", reason: expect.any(String) }]);
  });

  it("a false done is caught by the verifier, its gap becomes the next user message, and the run recovers", async () => {
    const model = loginModel({ falseDone: true });
    const { result, events } = await runStepScenario({ model });
    expect(result.verdict).toBe("pass");
    expect(of(events, "claim_checked").map((c) => c.accepted)).toEqual([false, true]);
    expect(model.count("verifier")).toBe(2);
    // The rejected claim is a StepLog too.
    const rejected = result.logs.find((l) => l.claim && !l.claim.accepted)!;
    expect(rejected.action_result).toMatch(/^claim rejected: The sign-in form is still shown/);
    // The next planner request carries the gap in its last (user) message, right above the state.
    const planner = model.calls.filter((c) => c.role === "planner");
    const after = planner[rejected.step]!.messages.at(-1)!;
    expect(after.role).toBe("user");
    expect(textOf(after)).toMatch(/\[Claim rejected\][^\n]*Sign in button has not been tapped/);
    expect(result.logs.map((l) => l.action?.tool)).toEqual([
      "input_text",
      "input_text",
      "mark_done",
      "tap_element",
      "mark_done",
    ]);
    expect(result.stats.rejectedClaims).toBe(1);
  });

  it("every 4 steps a summary replaces the old messages; old images are stripped, their text kept", async () => {
    const model = loginModel({ notes: 6 });
    const { result, events } = await runStepScenario({ model });
    expect(result.verdict).toBe("pass");
    const planner = model.calls.filter((c) => c.role === "planner").map((c) => c.messages);
    expect(planner).toHaveLength(10);
    expect(model.count("summarizer")).toBe(2);
    expect(of(events, "history_summary").map((e) => [e.step, e.replacedTurns])).toEqual([
      [4, 4],
      [8, 4],
    ]);
    for (const [i, messages] of planner.entries()) {
      // Only the current message carries an image; older user messages keep their text with a note.
      expect(messages.slice(0, -1).every((m) => images(m) === 0)).toBe(true);
      expect(images(messages.at(-1)!)).toBe(1);
      const old = messages.filter((m) => m.role === "user" && textOf(m).includes("[screenshot of step"));
      expect(old).toHaveLength(i % 4);
      expect(old.every((m) => textOf(m).includes("[Current State]"))).toBe(true);
      // Fixed order: system, Pinned, then memory.
      expect(messages[0]!.role).toBe("system");
      expect(textOf(messages[1]!)).toMatch(/^\[Pinned\]\nGoal: log in/);
    }
    // Step 5: the summary stands in for steps 1-4 — no assistant message of those steps is left.
    expect(planner[4]!.filter((m) => m.role === "assistant")).toHaveLength(0);
    expect(planner[3]!.filter((m) => m.role === "assistant")).toHaveLength(3);
    expect(textOf(planner[4]![2]!)).toContain("[History Summary]\nSUMMARY: 4 steps");
    // Notes are never truncated: all of them, after two summaries.
    expect(textOf(planner[9]![2]!)).toMatch(
      /\[Agent Notes\]\n- note 1\n- note 2\n- note 3\n- note 4\n- note 5\n- note 6/,
    );
    expect(planner[9]!.some((m) => textOf(m).includes("SUMMARY: 4 steps"))).toBe(true);
    // Tokens per step, measured: the summary brings the prompt back down.
    const tokens = result.stats.contextTokens;
    expect(tokens[4]!).toBeLessThan(tokens[3]!);
    expect(tokens[8]!).toBeLessThan(tokens[7]!);
    if (process.env["STEP_TOKENS"]) console.log(JSON.stringify(tokens));
  });

  it("tap(x, y) is in annotated-image pixels (half size) and lands on the device pixel under it", async () => {
    const actor = loginActor();
    const model = loginModel().otherwise("planner", (request) => {
      const action = actor(request);
      if (action.tool !== "tap_element") return action;
      // The model reads the cross of Sign in on the half-size screenshot: device (540,994) → image (270,497).
      return { thought: "tap the button I see", tool: "tap", args: { x: 270, y: 497 } };
    });
    const { result, device } = await runStepScenario({ model });
    expect(result.verdict).toBe("pass");
    expect(result.logs[2]!.action_result).toBe("tapped image (270,497) = device (541,995)");
    expect(device.executed.filter((e) => e.kind === "tap").map((e) => e.detail)).toContain("541,995");
    expect(result.logs[2]!.screenshot).toMatchObject({ width: 540, height: 1200 });
  });

  it("args that do not fit the chosen tool fail validation and go through the one repair round", async () => {
    const model = loginModel().script("planner", {
      thought: "type",
      tool: "tap_element",
      args: { text: STEP_EMAIL },
    });
    const { result } = await runStepScenario({ model });
    expect(result.verdict).toBe("pass");
    const first = model.calls.filter((c) => c.role === "planner").slice(0, 2);
    expect(first.map((c) => c.round)).toEqual([0, 1]);
    expect(JSON.stringify(first[1]!.messages.at(-1))).toMatch(/args/);
  });
});
