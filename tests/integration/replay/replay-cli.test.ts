/**
 * Replay through the hub: a chain run recorded over the task API, starred, listed by `droidhub runs`,
 * replayed by `droidhub replay --follow` on another phone (the button moved there) through
 * POST /api/runs/:id/replay, saved as a run of mode "replay" that replays in turn, and reported by
 * `droidhub report`. The CLI commands run in-process against a real hub on port 0.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { replayCommand } from "../../../hub/cli/replay.js";
import { reportCommand } from "../../../hub/cli/report.js";
import { runsCommand } from "../../../hub/cli/runs.js";
import { loadConfig } from "../../../hub/config/config.js";
import { CORRECT_PASSWORD, type SimKnobs, VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { API_KEY, FLEET_KEY } from "../../helpers/hub.js";
import { loginPlanner, loginVerifier } from "../../helpers/login-brain.js";
import { captureOutput } from "../../helpers/output.js";

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const sink = captureOutput;

async function hubWithPhones(phones: Record<string, SimKnobs>) {
  const model = new ScriptedModel()
    .otherwise("planner", loginPlanner({ email: "ann@example.com" }))
    .otherwise("verifier", loginVerifier);
  const config = loadConfig({
    overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, logLevel: "silent", dataDir: ":memory:" },
  });
  const app = await buildApp(config, { model, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  closers.push(() => app.close());
  for (const [deviceId, knobs] of Object.entries(phones)) {
    const phone = new SimPhone(new VirtualDevice({ deviceId, app: "login", knobs }), {
      url: `${base.replace("http", "ws")}/v1/devices/connect`,
      fleetKey: FLEET_KEY,
    });
    await phone.start();
    closers.push(() => phone.stop());
  }
  const api = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(base + url, {
      method,
      headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, json: text.startsWith("{") ? JSON.parse(text) : undefined, text };
  };
  const finished = async (runId: string) => {
    // Generous: a loaded 2-core CI machine runs a short replay in seconds, not milliseconds.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const run = (await api("GET", `/api/runs/${runId}`)).json;
      if (run.status !== "running") return run;
      if (Date.now() > deadline) throw new Error(`run ${runId} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { base, api, model, finished };
}

describe("droidhub runs / replay / report", () => {
  it("lists, replays (0 model calls for a moved button) and reports a starred run", async () => {
    const { base, api, model, finished } = await hubWithPhones({ p1: {}, p2: { moveButtonAfterActions: 4 }, p3: {} });
    const created = await api("POST", "/api/tasks", {
      goal: "log in as ann@example.com",
      device: "p1",
      secrets: { password: CORRECT_PASSWORD },
    });
    const source: string = created.json.runId;
    expect((await finished(source)).status).toBe("done");
    await api("POST", `/api/runs/${source}/star`);
    const recordingCalls = model.calls.length;
    const flags = ["--hub", base, "--key", API_KEY];

    const listed = sink();
    expect(await runsCommand(["--starred", ...flags], listed.out)).toBe(0);
    const lines = listed.text().trim().split("\n");
    expect(lines[0]).toMatch(/^RUN\s+★\s+STATUS\s+MODE/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${source}\\s+\\*\\s+done\\s+chain\\s+p1`));

    const followed = sink();
    const code = await replayCommand(
      [source, "--device", "p2", "--follow", "--secret", `password=${CORRECT_PASSWORD}`, ...flags],
      followed.out,
    );
    expect(code).toBe(0);
    const text = followed.text();
    expect(text).toMatch(/replay of run .*: 3 recorded steps/);
    expect(text).toMatch(/step {2}3 "Sign in" → moved/);
    expect(text).toMatch(/done {2}done: .* model calls 0 · hit rate 100%/);
    expect(text).not.toContain(CORRECT_PASSWORD);
    expect(model.calls.length).toBe(recordingCalls);
    const replayId = /^run (\S+)$/m.exec(text)![1]!;
    const replayRun = (await api("GET", `/api/runs/${replayId}`)).json;
    expect(replayRun).toMatchObject({ mode: "replay", status: "done", deviceId: "p2" });
    expect(replayRun.stats).toMatchObject({ modelCalls: 0, hits: 3, hitRate: 1 });

    // The replay is a run like any other: listed, and replayable in turn.
    const all = sink();
    await runsCommand(["--status", "done", ...flags], all.out);
    expect(all.text()).toMatch(new RegExp(`${replayId}\\s+done\\s+replay\\s+p2`));
    const secrets = { password: CORRECT_PASSWORD };
    const again = await api("POST", `/api/runs/${replayId}/replay`, { device: "p3", secrets });
    expect(again.status).toBe(201);
    expect(await finished(again.json.runId)).toMatchObject({ mode: "replay", status: "done" });
    // p1 is signed in already (the recording did that): the first target is missing, the model finds
    // no way back, and the replay fails with the reason instead of tapping blindly.
    const lost = await api("POST", `/api/runs/${source}/replay`, { device: "p1", secrets });
    const lostRun = await finished(lost.json.runId);
    expect(lostRun.status).toBe("failed");
    expect(lostRun.reason).toMatch(/recorded step 1: "Email" is not on screen/);

    const dir = mkdtempSync(path.join(tmpdir(), "droidhub-report-"));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "replay.html");
    const reported = sink();
    expect(await reportCommand([replayId, "--out", file, ...flags], reported.out)).toBe(0);
    const html = readFileSync(file, "utf8");
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("mode replay");
    expect(html).not.toContain(CORRECT_PASSWORD);
  }, 180_000);

  it("answers 404 for an unknown run, 400 for a bad body, and fails a replay that lacks its secrets", async () => {
    const { base, api, finished } = await hubWithPhones({ p1: {}, p2: {} });
    expect((await api("POST", "/api/runs/nope/replay", { device: "p1" })).status).toBe(404);
    const created = await api("POST", "/api/tasks", {
      goal: "log in as ann@example.com",
      device: "p1",
      secrets: { password: CORRECT_PASSWORD },
    });
    await finished(created.json.runId);
    expect((await api("POST", `/api/runs/${created.json.runId}/replay`, { phone: "p2" })).status).toBe(400);
    expect((await api("POST", `/api/runs/${created.json.runId}/replay`, { device: "ghost" })).status).toBe(404);
    const out = sink();
    const code = await replayCommand(
      [created.json.runId, "--device", "p2", "--follow", "--hub", base, "--key", API_KEY],
      out.out,
    );
    expect(code).toBe(1);
    expect(out.text()).toMatch(/done {2}failed: the recorded run needs secrets: password/);
    await expect(reportCommand(["nope", "--out", "/tmp/never.html", "--hub", base, "--key", API_KEY])).rejects.toThrow(
      /NOT_FOUND|404/,
    );
  }, 180_000);
});
