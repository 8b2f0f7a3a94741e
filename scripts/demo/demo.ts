/**
 * npm run demo — the whole loop in a minute: a hub on :8080 (DROIDHUB_PORT) with two virtual phones
 * and the dashboard. With OPENAI_API_KEY (or OPENAI_BASE_URL) set, a real chain agent logs in on the
 * virtual login app; without, a recorded run (scripts/demo/recorded-login.json) is replayed on the
 * phone with no model at all. DEMO_EXIT=1 stops once the run ends (used by the test).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import { loadModelSettings } from "../../hub/llm/config.js";
import { OpenAIModel } from "../../hub/llm/openai-model.js";
import { CORRECT_PASSWORD, VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";

const here = path.dirname(new URL(import.meta.url).pathname);
const env = process.env;
const apiKey = env["DROIDHUB_API_KEY"] || "demo-operator-key-change-me";
const fleetKey = env["DROIDHUB_FLEET_KEY"] || "demo-fleet-key-change-me";
const live = Boolean(env["OPENAI_API_KEY"] || env["OPENAI_BASE_URL"]);
const config = loadConfig({
  env: { ...env, DROIDHUB_API_KEY: apiKey, DROIDHUB_FLEET_KEY: fleetKey },
  overrides: { dataDir: env["DROIDHUB_DATA_DIR"] || "./.droidhub-demo", logLevel: env["DROIDHUB_LOG_LEVEL"] || "warn" },
});
const app = await buildApp(config, live ? { model: new OpenAIModel(loadModelSettings(env)) } : {});
await app.listen({ port: config.port, host: config.host });
const port = (app.server.address() as { port: number }).port;
const phones = ["demo-1", "demo-2"].map(
  (deviceId) =>
    new SimPhone(new VirtualDevice({ deviceId, app: "login", record: false }), {
      url: `ws://127.0.0.1:${port}/v1/devices/connect`,
      fleetKey,
    }),
);
await Promise.all(phones.map((phone) => phone.start()));

let taskId: string;
if (live) {
  const [task] = app.hub.dispatcher.submit([
    { goal: "log in as demo@example.com", mode: "chain", deviceId: "demo-1", secrets: { password: CORRECT_PASSWORD } },
  ]);
  taskId = task!.id;
} else {
  // Store the recorded run as if it had just happened, star it, and replay it on demo-1.
  const recording = JSON.parse(readFileSync(path.join(here, "recorded-login.json"), "utf8")) as {
    goal: string;
    steps: Record<string, unknown>[];
  };
  const sourceTask = randomUUID();
  const sourceRun = randomUUID();
  const { tasks, runner } = app.hub;
  tasks.insert([{ id: sourceTask, goal: recording.goal, mode: "chain" }]);
  tasks.markStarted(sourceTask, "recorded");
  runner.store.createRun(sourceRun, sourceTask, 1, "recorded", recording.goal, "chain");
  for (const [i, event] of recording.steps.entries()) {
    runner.store.appendEvent(sourceRun, i + 1, Date.now(), "step_finished", event);
  }
  runner.store.finishRun(sourceRun, "done", "recorded for the demo", { modelCalls: 3 });
  tasks.finish(sourceTask, "done", "recorded for the demo");
  runner.store.setStar(sourceRun, true);
  const [task] = app.hub.dispatcher.submit([
    {
      goal: recording.goal,
      mode: "replay",
      deviceId: "demo-1",
      maxAttempts: 1,
      secrets: { password: CORRECT_PASSWORD },
      extra: { replayOf: sourceRun },
    },
  ]);
  taskId = task!.id;
}

const runId = app.hub.runner.store.runsOfTask(taskId).at(-1)?.id;
console.log(`
  droidhub demo — ${live ? "a live chain agent is logging in on demo-1" : "replaying a recorded login on demo-1 (no model needed)"}
  dashboard:  http://localhost:${port}/   (operator key: ${apiKey})
  the run:    http://localhost:${port}/#/runs/${runId ?? ""}
  phones:     demo-1, demo-2 (virtual login app; password ${CORRECT_PASSWORD})
  Ctrl-C stops the hub.
`);

if (env["DEMO_EXIT"]) {
  for (;;) {
    const task = app.hub.tasks.get(taskId)!;
    if (task.status !== "queued" && task.status !== "running") {
      console.log(`demo run ${task.status}: ${task.reason ?? ""}`);
      for (const phone of phones) phone.stop();
      await app.close();
      process.exit(task.status === "done" ? 0 : 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
