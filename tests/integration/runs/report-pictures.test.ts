/**
 * The report shows each step on the screen it acted on, and says "no screenshots" only when the run
 * really has none — with the reason its record gives: a phone that cannot take them, secure
 * (FLAG_SECURE) screens, a run that ended before its first step, images gone from the store.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../hub/agent/events.js";
import type { EventRow, RunRow } from "../../../hub/runs/ports.js";
import { renderReport } from "../../../hub/runs/report.js";
import type { SimKnobs } from "../../../hub/sim/device/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { startHub, type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { claimVerifier, loginActor, runStepScenario } from "../../helpers/step-brain.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const LOGIN_SCRIPT = [
  { action: "tap", x: 540, y: 594 },
  { action: "input", text: "ann@example.com" },
  { action: "tap", x: 540, y: 994 },
];

async function hubWith(deviceId: string, knobs: SimKnobs): Promise<TestHub> {
  const hub = await startHub();
  cleanups.push(() => hub.close());
  const phone = await joinPhone(hub, deviceId, { knobs });
  cleanups.push(() => phone.stop());
  return hub;
}

/** Runs a task to its end; the run's report and stored events. */
async function reportOf(hub: TestHub, task: Record<string, unknown>) {
  const created = await hub.api("POST", "/api/tasks", { max_attempts: 1, ...task });
  expect(created.status).toBe(201);
  const tasks = hub.app.hub.tasks;
  await until(
    async () => !["queued", "running"].includes((await tasks.get(created.json.id))?.status ?? ""),
    20_000,
    "the task",
  );
  const runId = (await hub.app.hub.stores.runs.runsOfTask(created.json.id))[0]!.id;
  const report = (await hub.api("GET", `/api/runs/${runId}/report`)).raw.toString();
  return { report, events: await hub.app.hub.stores.runs.events(runId) };
}

const note = (html: string) => /<p class="muted note" id="no-screenshots">([^<]*)<\/p>/.exec(html)?.[1];
const images = (html: string) => html.match(/<img class="shot"/g)?.length ?? 0;

describe("pictures in the report", () => {
  it("a phone that takes screenshots: every step's picture in its row, no note", async () => {
    const hub = await hubWith("seeing", {});
    const { report, events } = await reportOf(hub, {
      goal: "sign in",
      mode: "script",
      device: "seeing",
      actions: LOGIN_SCRIPT,
    });
    expect(events.filter((e) => e.type === "step_frame")).toHaveLength(3);
    expect(images(report)).toBe(3);
    const stepRows = report.split("<tr").filter((row) => row.includes('<td class="k">step</td>'));
    expect(stepRows).toHaveLength(3);
    for (const row of stepRows) expect(row).toMatch(/<img class="shot" alt="\d\. (tap|type) [^"]*" width="540"/);
    expect(note(report)).toBeUndefined();
    expect(report).not.toMatch(/no screenshot/i);
  }, 60_000);

  it("a phone without screenshots: the note says so, and so does each step", async () => {
    const hub = await hubWith("blind", { screenshots: "none" });
    const { report, events } = await reportOf(hub, {
      goal: "sign in",
      mode: "script",
      device: "blind",
      actions: LOGIN_SCRIPT,
    });
    expect(images(report)).toBe(0);
    const why = "the phone cannot take screenshots (droidhub sim-0.1.0)";
    expect(note(report)).toBe(`This run has no screenshots: ${why}.`);
    expect(report.match(/<div class="noshot">no screenshot: ([^<]*)<\/div>/g)).toHaveLength(3);
    expect(events.filter((e) => e.type === "frame_missing").map((e) => (e.body as { reason: string }).reason)).toEqual(
      Array(3).fill(why),
    );
  }, 60_000);

  it("secure screens: no black picture is kept, and the note names FLAG_SECURE", async () => {
    const hub = await hubWith("secure", { screenshots: "secure" });
    const { report, events } = await reportOf(hub, {
      goal: "sign in",
      mode: "script",
      device: "secure",
      actions: LOGIN_SCRIPT,
    });
    expect(events.filter((e) => e.type === "step_frame")).toHaveLength(0);
    expect(note(report)).toBe(
      "This run has no screenshots: the screen is secure (FLAG_SECURE): Android keeps it out of screenshots.",
    );
    // Step mode too: its step logs keep no black frame, and its steps say why they have none.
    const model = new ScriptedModel({ vision: true })
      .otherwise("planner", loginActor())
      .otherwise("verifier", claimVerifier);
    const step = await runStepScenario({ model, knobs: { screenshots: "secure" } });
    const logs = step.events.filter((e): e is Extract<AgentEvent, { type: "step_log" }> => e.type === "step_log");
    expect(logs.length).toBeGreaterThanOrEqual(3);
    expect(logs.every((e) => e.log.screenshot === undefined && !e.log.image_sent)).toBe(true);
    const missing = step.events.filter((e) => e.type === "frame_missing");
    expect(missing).toHaveLength(logs.length);
    expect(step.events.some((e) => e.type === "step_frame")).toBe(false);
  }, 60_000);

  it("a script task that turns pictures off looks at no screen, and its report says why", async () => {
    const hub = await hubWith("load", {});
    const { report, events } = await reportOf(hub, {
      goal: "sign in",
      mode: "script",
      device: "load",
      actions: LOGIN_SCRIPT,
      pictures: false,
    });
    expect(images(report)).toBe(0);
    expect(note(report)).toBe("This run has no screenshots: the task turned pictures off (pictures: false).");
    expect(events.map((e) => e.type)).toEqual([
      "run_started",
      ...Array(3).fill(["step_started", "frame_missing", "step_finished"]).flat(),
      "run_finished",
    ]);
    const wrongMode = await hub.api("POST", "/api/tasks", { goal: "x", mode: "chain", pictures: false });
    expect(wrongMode.status).toBe(400);
    expect(JSON.stringify(wrongMode.json)).toContain("pictures applies to script tasks only");
  }, 60_000);

  it("a run that ended before its first step says so, with the run's reason", async () => {
    const hub = await hubWith("replayer", {});
    const { stores } = hub.app.hub;
    const [source] = await stores.tasks.insert([{ id: "recorded-task", goal: "log in", mode: "chain" }]);
    await stores.commits.write((tx) => {
      const store = tx.runs;
      store.createRun("recorded", source!.id, 1, "elsewhere", "log in", "chain");
      const typed = { step_num: 1, action: "INPUT", label: "Password", x: 540, y: 774, value: "{{secret:password}}" };
      store.appendEvent("recorded", 1, Date.now(), "step_finished", {
        group: "task_01",
        step: typed,
        attempt: 1,
        level: 1,
        change: "field 'Password' now has text",
        verdict: "OK",
        source: "change-level",
        reason: "the field changed",
        ms: 0,
      });
      store.finishRun("recorded", "done", "recorded", null);
    });
    const replay = await hub.api("POST", "/api/runs/recorded/replay", { device: "replayer" });
    expect(replay.status).toBe(201);
    await until(
      async () => (await hub.app.hub.tasks.get(replay.json.taskId))?.status === "failed",
      20_000,
      "the replay",
    );
    // The answer names the run when the phone was free at once; a phone still settling in starts it a moment later.
    const runId = replay.json.runId ?? (await hub.app.hub.stores.runs.runsOfTask(replay.json.taskId))[0]!.id;
    const report = (await hub.api("GET", `/api/runs/${runId}/report`)).raw.toString();
    expect(note(report)).toBe(
      "This run has no screenshots: the run ended before its first step (the recorded run needs secrets: password).",
    );
  }, 60_000);
});

describe("renderReport's note, from the record alone", () => {
  const run: RunRow = {
    id: "r1",
    taskId: "t1",
    attempt: 1,
    deviceId: "p1",
    goal: "log in",
    mode: "chain",
    status: "done",
    reason: "goal confirmed",
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: "2026-01-01T00:00:05.000Z",
    stats: undefined,
    starred: false,
  };
  const row = (seq: number, type: string, body: Record<string, unknown>): EventRow => ({
    runId: "r1",
    seq,
    at: "2026-01-01T00:00:01.000Z",
    type,
    body: body as never,
  });
  const finished = (n: number) =>
    row(n * 2, "step_finished", {
      group: "task_01",
      step: { step_num: n, action: "CLICK", label: "Sign in", x: 540, y: 994 },
      attempt: 1,
      level: 3,
      change: "screen changed",
      verdict: "OK",
      source: "model",
      reason: "ok",
      ms: 10,
    });
  const frame = (n: number, hash: string) =>
    row(n * 2 - 1, "step_frame", {
      group: "task_01",
      step_num: n,
      attempt: 1,
      did: `${n}. tap`,
      image: { hash, width: 540 },
    });
  const jpeg = { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), format: "jpeg" };

  it("a run recorded before step pictures: it says that, not that the phone could not take them", () => {
    expect(note(renderReport(run, [finished(1)]))).toBe(
      "This run has no screenshots: it was recorded before hubs kept a picture of each step.",
    );
  });

  it("pictures gone from the screenshot store", () => {
    expect(note(renderReport(run, [frame(1, "a".repeat(64)), finished(1)], () => undefined))).toBe(
      "This run has no screenshots: the screenshot store no longer holds its pictures.",
    );
  });

  it("one step with a picture, one without: no note, the step says why", () => {
    const missing = row(3, "frame_missing", {
      group: "task_01",
      step_num: 2,
      attempt: 1,
      reason: "the screenshot failed: timeout",
    });
    const html = renderReport(run, [frame(1, "b".repeat(64)), finished(1), missing, finished(2)], () => jpeg);
    expect(images(html)).toBe(1);
    expect(note(html)).toBeUndefined();
    expect(html).toContain('<div class="noshot">no screenshot: the screenshot failed: timeout</div>');
  });
});
