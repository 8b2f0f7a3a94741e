/**
 * The run record: committed per event in SQLite, streamed over SSE with Last-Event-ID resume,
 * starred, reported as one HTML file, and marked interrupted by a hub that restarts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { loadConfig } from "../../../hub/config/config.js";
import { CORRECT_PASSWORD, VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { openStores } from "../../../hub/store/stores.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { API_KEY, FLEET_KEY, until } from "../../helpers/hub.js";
import { loginPlanner, loginVerifier } from "../../helpers/login-brain.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hubWithPhone(dataDir: string) {
  const model = new ScriptedModel()
    .otherwise("planner", loginPlanner({ email: "ann@example.com" }))
    .otherwise("verifier", loginVerifier);
  const config = loadConfig({ overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, logLevel: "silent", dataDir } });
  const app = await buildApp(config, { model, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  const phone = new SimPhone(new VirtualDevice({ deviceId: "p1", app: "login" }), {
    url: `ws://127.0.0.1:${port}/v1/devices/connect`,
    fleetKey: FLEET_KEY,
  });
  await phone.start();
  cleanups.push(async () => {
    phone.stop();
    await app.close();
  });
  const base = `http://127.0.0.1:${port}`;
  const api = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(base + url, {
      method,
      headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, text: await response.text(), type: response.headers.get("content-type") };
  };
  return { app, base, api, model };
}

/** Reads an SSE stream until the hub ends it (bounded: a stream left open fails the test). */
async function readSse(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
  return await response.text();
}

describe("runs", () => {
  it("records a run, streams it over SSE with Last-Event-ID resume, stars it and reports it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-runs-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { base, api } = await hubWithPhone(dataDir);
    const fleet = fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${API_KEY}` } });
    const created = await api("POST", "/api/tasks", {
      goal: "log in as ann@example.com",
      device: "p1",
      secrets: { password: CORRECT_PASSWORD },
    });
    expect(created.status).toBe(201);
    const { id: taskId, runId } = JSON.parse(created.text) as { id: string; runId: string };
    // The phone is leased while the run lasts.
    expect(JSON.parse((await api("GET", "/api/devices/p1")).text).status).toBe("busy");
    // Followed live: the hub ends the response after `end`, once the run has finished.
    const live = await readSse(`${base}/api/runs/${runId}/events`, { authorization: `Bearer ${API_KEY}` });
    expect(live).toMatch(/event: end\ndata: \{"status":"done"\}\n\n$/);
    expect(live).toMatch(/event: plan\nid: \d+/);
    expect(live).toMatch(/event: run_finished/);
    expect(live).toContain('"status":"done"');
    const ids = [...live.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(ids.map((_, i) => i + 1));

    // Resume: only events after Last-Event-ID come back.
    const resumed = await readSse(`${base}/api/runs/${runId}/events`, {
      authorization: `Bearer ${API_KEY}`,
      "last-event-id": String(ids.length - 2),
    });
    expect([...resumed.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([ids.length - 1, ids.length]);

    const task = JSON.parse((await api("GET", `/api/tasks/${taskId}`)).text);
    expect(task.status).toBe("done");
    expect(task.runs).toHaveLength(1);
    const steps = JSON.parse((await api("GET", `/api/runs/${runId}/steps`)).text);
    expect(steps.steps.filter((s: { type: string }) => s.type === "step_finished")).toHaveLength(3);
    // Each step's annotated screenshot is stored once by hash and embedded in the report.
    const frames = steps.steps.filter((s: { type: string }) => s.type === "step_frame");
    expect(frames).toHaveLength(3);
    expect(frames[0].body.image.hash).toMatch(/^[a-f0-9]{64}$/);

    const star = await api("POST", `/api/runs/${runId}/star`);
    expect(JSON.parse(star.text).starred).toBe(true);
    expect(JSON.parse((await api("GET", "/api/runs?starred=true")).text).runs.map((r: { id: string }) => r.id)).toEqual(
      [runId],
    );

    const report = await api("GET", `/api/runs/${runId}/report`);
    expect(report.type).toContain("text/html");
    expect(report.text).toContain("log in as ann@example.com");
    expect(report.text).toMatch(/<b>done<\/b>/);
    expect(report.text).not.toMatch(/<script|src="http/);
    expect(report.text.match(/<img class="shot"/g)).toHaveLength(3);

    for (const text of [live, report.text, steps && JSON.stringify(steps)])
      expect(text).not.toContain(CORRECT_PASSWORD);
    const fleetResponse = await fleet;
    const reader = fleetResponse.body!.getReader();
    let fleetText = "";
    while (!/run_finished/.test(fleetText)) fleetText += new TextDecoder().decode((await reader.read()).value);
    expect(fleetText).toMatch(/event: run_started/);
    await reader.cancel();
    await until(() => true);
  });

  it("answers 404 for unknown runs, tasks and devices and queues a task for a busy phone", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-runs-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { api } = await hubWithPhone(dataDir);
    expect((await api("GET", "/api/runs/nope")).status).toBe(404);
    expect((await api("GET", "/api/tasks/nope")).status).toBe(404);
    expect((await api("POST", "/api/tasks", { goal: "x", device: "ghost" })).status).toBe(404);
    const first = await api("POST", "/api/tasks", {
      goal: "log in as ann@example.com",
      device: "p1",
      secrets: { password: "x" },
    });
    expect(first.status).toBe(201);
    const second = await api("POST", "/api/tasks", { goal: "again", device: "p1" });
    expect(second.status).toBe(201);
    expect(JSON.parse(second.text).status).toBe("queued");
  });

  it("marks runs left running by a dead hub as interrupted on the next start", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-runs-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const stores = await openStores({ dataDir });
    await stores.tasks.insert([
      { id: "t1", goal: "goal", mode: "chain", deviceId: "p9", secrets: { password: "pw-0123" } },
    ]);
    await stores.commits.write((tx) => {
      tx.tasks.markStarted("t1", "p9");
      tx.runs.createRun("r1", "t1", 1, "p9", "goal", "chain");
      tx.runs.appendEvent("r1", 1, Date.now(), "plan", { type: "plan" });
    });
    await stores.close(); // the hub "dies" here, mid-run
    const { api } = await hubWithPhone(dataDir);
    const run = JSON.parse((await api("GET", "/api/runs/r1")).text);
    expect(run.status).toBe("interrupted");
    expect(JSON.parse((await api("GET", "/api/runs/r1/steps")).text).steps).toHaveLength(1);
    // The task goes back to the queue as a retry, its secret still sealed for the next attempt.
    const task = JSON.parse((await api("GET", "/api/tasks/t1")).text);
    expect(task).toMatchObject({ status: "queued", attempts: 1 });
    expect(JSON.stringify(task)).not.toContain("pw-0123");
  });

  it("resumes an interrupted run on the next start: the new attempt knows what was already done", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-runs-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const stores = await openStores({ dataDir });
    await stores.tasks.insert([
      {
        id: "t2",
        goal: "log in as ann@example.com",
        mode: "chain",
        deviceId: "p1",
        secrets: { password: CORRECT_PASSWORD },
      },
    ]);
    const done = { step_num: 1, action: "INPUT", label: "Email", x: 540, y: 594, value: "ann@example.com" };
    await stores.commits.write((tx) => {
      tx.tasks.markStarted("t2", "p1");
      tx.runs.createRun("r2", "t2", 1, "p1", "log in as ann@example.com", "chain");
      tx.runs.appendEvent("r2", 1, Date.now(), "step_finished", {
        type: "step_finished",
        group: "task_01",
        step: done,
        attempt: 1,
        level: 1,
        change: "",
        verdict: "OK",
        source: "change-level",
        reason: "",
        ms: 1,
      });
    });
    await stores.close(); // the hub dies after step 1
    const { app, model } = await hubWithPhone(dataDir);
    await until(async () => (await app.hub.tasks.get("t2"))!.status === "done", 15_000, "resumed task");
    const firstPlan = model.calls.find((c) => c.schemaName === "action_chain")!;
    expect(JSON.stringify(firstPlan.messages)).toContain(
      '1. INPUT \\"Email\\" at (540,594) value \\"ann@example.com\\" (before the hub restarted)',
    );
    const task = (await app.hub.tasks.get("t2"))!;
    expect(task.extra.resumeOf).toBe("r2");
    expect(task.attempts).toBe(2);
  });
});
