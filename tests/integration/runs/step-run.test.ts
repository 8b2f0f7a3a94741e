/**
 * `droidhub run --mode step` end to end: CLI → task API → step agent on the virtual phone → run store
 * with the exact screenshots the model saw, served by hash and embedded in the report.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { runCommand } from "../../../hub/cli/run.js";
import { loadConfig } from "../../../hub/config/config.js";
import { CORRECT_PASSWORD, VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { API_KEY, FLEET_KEY } from "../../helpers/hub.js";
import { startModelHub } from "../../helpers/model-hub.js";
import { captureOutput } from "../../helpers/output.js";
import {
  claimVerifier,
  LOGIN_EXPECTED,
  loginActor,
  loginStepArgs,
  STEP_EMAIL,
  summarizer,
} from "../../helpers/step-brain.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("droidhub run --mode step", () => {
  it("passes the login test case and records each step with the screenshot the model saw", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-step-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const model = new ScriptedModel({ vision: true })
      .otherwise("planner", loginActor({ falseDone: true }))
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const hub = await startModelHub({ model, deviceId: "stepper", app: "login", dataDir });
    cleanups.push(() => hub.close());
    const base = hub.base;
    const captured = captureOutput();
    const code = await runCommand(loginStepArgs(base, "stepper"), captured.out);
    expect(code, captured.text()).toBe(0);
    expect(captured.text()).toMatch(/claim pass rejected/);
    expect(captured.text()).toMatch(/test {2}pass/);

    const auth = { headers: { authorization: `Bearer ${API_KEY}` } };
    const runs = (await (await fetch(`${base}/api/runs`, auth)).json()) as {
      runs: { id: string; mode: string; status: string }[];
    };
    expect(runs.runs[0]).toMatchObject({ mode: "step", status: "done" });
    const runId = runs.runs[0]!.id;
    const steps = (await (await fetch(`${base}/api/runs/${runId}/steps`, auth)).json()) as {
      steps: { type: string; body: { log?: { screenshot?: { hash: string; width: number } } } }[];
    };
    const logs = steps.steps.filter((s) => s.type === "step_log");
    expect(logs.length).toBeGreaterThanOrEqual(4);
    const shot = logs[0]!.body.log!.screenshot!;
    expect(shot.hash).toMatch(/^[a-f0-9]{64}$/);
    const image = await fetch(`${base}/api/screenshots/${shot.hash}`, auth);
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.width).toBe(shot.width);
    expect((await fetch(`${base}/api/screenshots/${"0".repeat(64)}`, auth)).status).toBe(404);

    const report = await (await fetch(`${base}/api/runs/${runId}/report`, auth)).text();
    expect(report).toMatch(/<img class="shot"[^>]+src="data:image\/(jpeg|webp);base64,/);
    expect(report).toMatch(/rejected/);
    const everything = captured.text() + JSON.stringify(steps) + report + JSON.stringify(model.calls);
    expect(everything).not.toContain(CORRECT_PASSWORD);
  }, 60_000);

  it("runs a test case given as data through the queue (step mode, its app started first)", async () => {
    const model = new ScriptedModel({ vision: true })
      .otherwise("planner", loginActor())
      .otherwise("verifier", claimVerifier)
      .otherwise("summarizer", summarizer);
    const config = loadConfig({
      overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, logLevel: "silent", dataDir: ":memory:" },
    });
    const app = await buildApp(config, { model, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    cleanups.push(() => app.close());
    const port = (app.server.address() as { port: number }).port;
    const phone = new SimPhone(new VirtualDevice({ deviceId: "case-runner", app: "launcher" }), {
      url: `ws://127.0.0.1:${port}/v1/devices/connect`,
      fleetKey: FLEET_KEY,
    });
    await phone.start();
    cleanups.push(() => phone.stop());
    const testCase = {
      name: "login works",
      app: "com.droidhub.login",
      goal: `log in as ${STEP_EMAIL}`,
      expected: LOGIN_EXPECTED,
      max_steps: 12,
      timeout: 60,
    };
    const created = await app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { authorization: `Bearer ${API_KEY}` },
      payload: { test_case: testCase, secrets: { password: CORRECT_PASSWORD } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const deadline = Date.now() + 30_000;
    while (["queued", "running"].includes((await app.hub.tasks.get(id))!.status) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const task = (await app.hub.tasks.get(id))!;
    expect(task).toMatchObject({ status: "done", mode: "step", goal: testCase.goal, timeoutMs: 60_000 });
    expect(task.extra.testCase?.name).toBe("login works");
    const missing = await app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { authorization: `Bearer ${API_KEY}` },
      payload: { mode: "step" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.field).toBe("goal");
  }, 60_000);
});
