/**
 * Every mode records, per step, the screen the step acted on with what it did drawn on it — a ring
 * where it tapped, an outline round the field it typed into, a caption — as a `step_frame` keyed like
 * the step. Asserted on the images themselves: the ring's pixels are where the tap landed.
 */
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../hub/agent/events.js";
import { CORRECT_PASSWORD } from "../../../hub/sim/device/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { runChainScenario, SCENARIO_EMAIL } from "../../helpers/chain-scenario.js";
import { startHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { markPixels } from "../../helpers/pixels.js";
import { recordLogin, replayLogin } from "../../helpers/replay-scenario.js";
import { claimVerifier, loginActor, runStepScenario } from "../../helpers/step-brain.js";

type StepFrame = Extract<AgentEvent, { type: "step_frame" }>;

/** The login form as the virtual phone lays it out (device pixels); frames are half size. */
const SIGN_IN = { x: 540, y: 994 };
const EMAIL_FIELD = [64, 524, 1016, 664] as const;
const PASSWORD_FIELD = [64, 704, 1016, 844] as const;

function framesOf(events: readonly AgentEvent[]): StepFrame[] {
  return events.filter((e): e is StepFrame => e.type === "step_frame");
}

/** The mark's pixels away from the caption strip (top and bottom 40 px of the half-size frame). */
function mark(image: Uint8Array) {
  return markPixels(image, [0, 40, 540, 1160]);
}

async function expectRingAt(image: Uint8Array, device: { x: number; y: number }): Promise<void> {
  const ring = await mark(image);
  expect(ring.count).toBeGreaterThan(300);
  expect(Math.abs(ring.cx - device.x / 2)).toBeLessThan(3);
  expect(Math.abs(ring.cy - device.y / 2)).toBeLessThan(3);
}

async function expectOutlineAround(image: Uint8Array, field: readonly number[]): Promise<void> {
  const [l, t, r, b] = field.map((v) => v / 2) as [number, number, number, number];
  const outline = await mark(image);
  expect(outline.left).toBeGreaterThanOrEqual(l - 9);
  expect(outline.left).toBeLessThanOrEqual(l);
  expect(outline.right).toBeGreaterThanOrEqual(r);
  expect(outline.right).toBeLessThanOrEqual(r + 9);
  expect(outline.bottom).toBeGreaterThanOrEqual(b);
  expect(outline.bottom).toBeLessThanOrEqual(b + 9);
  // The inside is the screen itself (for a secret, the mask's grey): nothing drawn over it.
  expect((await markPixels(image, [l + 8, t + 8, r - 8, b - 8])).count).toBe(0);
}

describe("each step's picture, in every mode", () => {
  it("chain: the typed fields outlined, the Sign in tap ringed, each captioned", async () => {
    const { result, events } = await runChainScenario();
    expect(result.status).toBe("done");
    const frames = framesOf(events);
    expect(frames.map((f) => [f.group, f.step_num, f.attempt])).toEqual([
      ["task_01", 1, 1],
      ["task_01", 2, 1],
      ["task_01", 3, 1],
    ]);
    expect(frames.map((f) => f.did)).toEqual([
      `1. type “${SCENARIO_EMAIL}” into “Email”`,
      "2. type “{{secret:password}}” into “Password”",
      "3. tap “Sign in”",
    ]);
    expect(frames.map((f) => [f.image.width, f.image.height, f.image.format])).toEqual(
      Array(3).fill([540, 1200, "jpeg"]),
    );
    await expectOutlineAround(frames[0]!.image.data, EMAIL_FIELD);
    await expectOutlineAround(frames[1]!.image.data, PASSWORD_FIELD);
    await expectRingAt(frames[2]!.image.data, SIGN_IN);
    // Each frame comes between its step's start and its finish.
    const order = events.map((e) => e.type).filter((t) => t.startsWith("step_"));
    expect(order).toEqual(Array(3).fill(["step_started", "step_frame", "step_finished"]).flat());
  }, 60_000);

  it("step: every step, the claim included, with the element it tapped ringed", async () => {
    const model = new ScriptedModel({ vision: true })
      .otherwise("planner", loginActor())
      .otherwise("verifier", claimVerifier);
    const { result, events } = await runStepScenario({ model });
    expect(result.verdict).toBe("pass");
    const frames = framesOf(events);
    const logs = events.filter((e) => e.type === "step_log").map((e) => e.log.step);
    expect(frames.map((f) => [f.group, f.step_num, f.attempt])).toEqual(logs.map((step) => ["step", step, 1]));
    expect(frames.map((f) => f.did)).toEqual([
      `1. type “${SCENARIO_EMAIL}” into EditText “Email”`,
      "2. type “{{secret:password}}” into EditText “Password”",
      "3. tap Button “Sign in”",
      "4. claim pass: accepted",
    ]);
    // Each picture just before its step log.
    const types = events.map((e) => e.type).filter((t) => t === "step_frame" || t === "step_log");
    expect(types).toEqual(Array(4).fill(["step_frame", "step_log"]).flat());
    await expectOutlineAround(frames[0]!.image.data, EMAIL_FIELD);
    await expectRingAt(frames[2]!.image.data, SIGN_IN);
    expect((await mark(frames[3]!.image.data)).count).toBe(0); // a claim points at nothing
  }, 60_000);

  it("replay: the recorded steps on this phone, the tap ringed where the button is now", async () => {
    const { steps } = await recordLogin();
    const { result, events } = await replayLogin(steps, { knobs: { moveButtonAfterActions: 2 } });
    expect(result.status).toBe("done");
    const frames = framesOf(events);
    expect(frames.map((f) => f.did)).toEqual([
      `1. type “${SCENARIO_EMAIL}” into “Email”`,
      "2. type “{{secret:password}}” into “Password”",
      "3. tap “Sign in”",
    ]);
    const tap = events.find((e) => e.type === "step_finished" && e.step.action === "CLICK");
    if (tap?.type !== "step_finished") throw new Error("no tap");
    expect(tap.step.y).not.toBe(SIGN_IN.y); // the button moved; the ring follows it
    await expectRingAt(frames[2]!.image.data, { x: tap.step.x!, y: tap.step.y! });
  }, 60_000);

  it("script: run_started, each action as a step with its picture, run_finished; not replayable", async () => {
    const hub = await startHub();
    const phone = await joinPhone(hub, "scripted");
    try {
      const actions = [
        { action: "tap", x: 540, y: 594 },
        { action: "input", text: SCENARIO_EMAIL },
        { action: "tap", x: 540, y: 774 },
        { action: "input", text: CORRECT_PASSWORD },
        { action: "swipe", from_x: 540, from_y: 1800, to_x: 540, to_y: 1000 },
        { action: "tap", x: SIGN_IN.x, y: SIGN_IN.y + 30 }, // inside the button, off its center
      ];
      const created = await hub.api("POST", "/api/tasks", {
        goal: "sign in by script",
        mode: "script",
        device: "scripted",
        actions,
        secrets: { password: CORRECT_PASSWORD },
      });
      expect(created.status).toBe(201);
      const tasks = hub.app.hub.tasks;
      await until(async () => (await tasks.get(created.json.id))?.status === "done", 20_000, "the script");
      const runId = (await hub.app.hub.stores.runs.runsOfTask(created.json.id))[0]!.id;
      const events = await hub.app.hub.stores.runs.events(runId);
      const bodies = events.map((e) => e.body as Record<string, unknown>);
      expect(events.map((e) => e.type)).toEqual([
        "run_started",
        ...Array(6).fill(["step_started", "step_frame", "step_finished"]).flat(),
        "run_finished",
      ]);
      const finished = bodies.filter((b) => b["type"] === "step_finished");
      expect(
        finished.map((b) => [b["group"], b["source"], b["verdict"], (b["step"] as { label: string }).label]),
      ).toEqual([
        ["script", "script", "OK", "Email"],
        ["script", "script", "OK", "Email"],
        ["script", "script", "OK", "Password"],
        ["script", "script", "OK", "Password"],
        ["script", "script", "OK", "swipe (540, 1800) → (540, 1000)"],
        ["script", "script", "OK", "Sign in"],
      ]);
      expect(finished.map((b) => b["level"])).toEqual([2, 1, 1, 1, 0, 3]); // the change each caused, as seen
      const frames = bodies.filter((b) => b["type"] === "step_frame") as { image: { hash: string }; did: string }[];
      expect(frames.map((f) => f.did)).toEqual([
        "1. tap “Email”",
        `2. type “${SCENARIO_EMAIL}” into “Email”`,
        "3. tap “Password”",
        "4. type “{{secret:password}}” into “Password”", // the task's secret, named, never shown
        "5. swipe (540, 1800) → (540, 1000)",
        "6. tap “Sign in”",
      ]);
      expect(JSON.stringify(bodies)).not.toContain(CORRECT_PASSWORD);
      const image = async (i: number) => (await hub.app.hub.stores.screenshots.get(frames[i]!.image.hash))!.bytes;
      await expectRingAt(await image(0), { x: 540, y: 594 });
      await expectOutlineAround(await image(1), EMAIL_FIELD);
      await expectRingAt(await image(5), { x: SIGN_IN.x, y: SIGN_IN.y + 30 });
      const arrow = await mark(await image(4));
      // From its head at 1000/2 down to its start at 1800/2, on the swipe's line.
      expect(arrow.top).toBeGreaterThanOrEqual(498);
      expect(arrow.top).toBeLessThan(516);
      expect(arrow.bottom).toBeGreaterThan(895);
      expect(arrow.bottom).toBeLessThan(912);
      expect(Math.abs(arrow.cx - 270)).toBeLessThan(3);
      expect(bodies.at(-1)).toMatchObject({ type: "run_finished", status: "done", reason: "6 actions ran" });
      // A script is re-run as a script: its steps are no chain steps to replay.
      const replay = await hub.api("POST", `/api/runs/${runId}/replay`, { device: "scripted" });
      expect([replay.status, replay.json.error.code]).toEqual([400, "INVALID_BODY"]);
    } finally {
      phone.stop();
      await hub.close();
    }
  }, 60_000);
});
