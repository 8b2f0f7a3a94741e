/**
 * Memory across runs survives the hub: a lesson written when a stuck test case is force-failed is
 * in SQLite, and the next run of that case — on a new hub over the same data — loads it and passes.
 * A starred passing run becomes the case's reference.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { loadConfig } from "../../../hub/config/config.js";
import { CORRECT_PASSWORD, VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { SqliteReferenceRunRepository } from "../../../hub/store/memory-store.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { API_KEY, FLEET_KEY, until } from "../../helpers/hub.js";
import { claimVerifier, LOGIN_EXPECTED, STEP_EMAIL, stubbornActor, summarizer } from "../../helpers/step-brain.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const testCase = {
  name: "stubborn login",
  app: "com.droidhub.login",
  goal: `log in as ${STEP_EMAIL}`,
  expected: LOGIN_EXPECTED,
  max_steps: 20,
  timeout: 60,
};

async function runCase(dataDir: string, deviceId: string) {
  const model = new ScriptedModel({ vision: true })
    .otherwise("planner", stubbornActor())
    .otherwise("verifier", claimVerifier)
    .otherwise("summarizer", summarizer);
  const config = loadConfig({ overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, logLevel: "silent", dataDir } });
  const app = await buildApp(config, { model, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  const phone = new SimPhone(new VirtualDevice({ deviceId, app: "launcher" }), {
    url: `ws://127.0.0.1:${port}/v1/devices/connect`,
    fleetKey: FLEET_KEY,
  });
  await phone.start();
  const created = await app.inject({
    method: "POST",
    url: "/api/tasks",
    headers: { authorization: `Bearer ${API_KEY}` },
    payload: { test_case: testCase, max_attempts: 1, secrets: { password: CORRECT_PASSWORD } },
  });
  const id = created.json().id as string;
  const status = async () => (await app.hub.tasks.get(id))!.status;
  await until(async () => !["queued", "running"].includes(await status()), 30_000, "test case run");
  const task = (await app.hub.tasks.get(id))!;
  const run = (await app.hub.stores.runs.runsOfTask(id)).at(-1)!;
  const prompts = JSON.stringify(model.calls.map((c) => c.messages));
  phone.stop();
  await app.close();
  return { task, run, prompts };
}

describe("memory across runs in SQLite", () => {
  it("a lesson from a force-failed run is loaded by the next run of the case on a restarted hub", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-memory-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await runCase(dataDir, "m1");
    expect(first.task.status).toBe("failed");
    expect(first.task.reason).toMatch(/recovery level 4/);
    expect(first.prompts).not.toMatch(/AVOID these mistakes/);

    const second = await runCase(dataDir, "m2");
    expect(second.prompts).toMatch(/AVOID these mistakes[\s\S]*Sign in to continue/);
    expect(second.task.status).toBe("done");

    // The passing run is a reference once starred (the runs API's star).
    const { openDatabase } = await import("../../../hub/store/database.js");
    const db = openDatabase(dataDir);
    const references = new SqliteReferenceRunRepository(db);
    expect(await references.latestStarred(testCase.name)).toBeUndefined();
    await references.star(second.run.id);
    const reference = await references.latestStarred(testCase.name);
    expect(reference?.runId).toBe(second.run.id);
    expect(reference?.actions.length).toBeGreaterThan(0);
    expect(JSON.stringify(reference)).not.toContain(CORRECT_PASSWORD);
    db.close();
  }, 90_000);
});
