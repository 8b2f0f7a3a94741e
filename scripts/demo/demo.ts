/**
 * npm run demo — the whole loop in a minute: a hub on 127.0.0.1:8080 (DROIDHUB_PORT, DROIDHUB_HOST)
 * with two virtual phones and the dashboard, data in ./.droidhub-demo (DROIDHUB_DATA_DIR). With
 * OPENAI_API_KEY (or OPENAI_BASE_URL) set, a real chain agent logs in on the virtual login app;
 * without, a recorded run (scripts/demo/recorded-login.json, its pictures in recorded-login/) is
 * replayed on the phone with no model at all: both runs show each step on the screen it acted on.
 * Runs again and again in the same folder: the phones keep their device secrets in the data dir. DEMO_EXIT=1 stops once the run ends (used by the tests).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import { loadModelSettings } from "../../hub/llm/config.js";
import { OpenAIModel } from "../../hub/llm/openai-model.js";
import { CORRECT_PASSWORD, VirtualDevice } from "../../hub/sim/device/index.js";
import { joinVirtualPhone } from "../../hub/sim/join.js";
import { SimSecrets } from "../../hub/sim/secrets-file.js";
import type { SimPhone } from "../../hub/sim/sim-phone.js";

const here = path.dirname(new URL(import.meta.url).pathname);
const env = process.env;
const apiKey = env["DROIDHUB_API_KEY"] || "demo-operator-key-change-me";
const fleetKey = env["DROIDHUB_FLEET_KEY"] || "demo-fleet-key-change-me";
const live = Boolean(env["OPENAI_API_KEY"] || env["OPENAI_BASE_URL"]);
const RECORDED_DEVICE = "recorded";

async function main(): Promise<number> {
  const config = loadConfig({
    env: { ...env, DROIDHUB_API_KEY: apiKey, DROIDHUB_FLEET_KEY: fleetKey },
    overrides: {
      dataDir: env["DROIDHUB_DATA_DIR"] || "./.droidhub-demo",
      // The demo's keys are printed and well known: it listens on this machine only unless told otherwise.
      host: env["DROIDHUB_HOST"] || "127.0.0.1",
      logLevel: env["DROIDHUB_LOG_LEVEL"] || "warn",
    },
  });
  const app = await buildApp(config, live ? { model: new OpenAIModel(loadModelSettings(env)) } : {});
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "EADDRINUSE" ? "the port is in use (a hub already running?)" : (error as Error).message;
    throw new Error(
      `cannot listen on ${config.host}:${config.port}: ${why}. Pick another port: DROIDHUB_PORT=8090 npm run demo`,
    );
  }
  const port = (app.server.address() as { port: number }).port;
  const phones = await joinPhones(app, `ws://127.0.0.1:${port}/v1/devices/connect`, config.dataDir);
  const taskId = live ? await startLive(app) : await startReplay(app);
  const runId = (await app.hub.stores.runs.runsOfTask(taskId)).at(-1)?.id;
  const dashboard = `http://localhost:${port}/`;
  console.log(`
  droidhub demo — ${live ? "a live chain agent is logging in on demo-1" : "replaying a recorded login on demo-1 (no model needed)"}
  dashboard:  ${dashboard}   (operator key: ${apiKey})
  the run:    ${dashboard}#/runs/${runId ?? ""}
  phones:     demo-1, demo-2 (virtual login app; password ${CORRECT_PASSWORD}); data in ${config.dataDir}
  try:        sign in with the key, open the run (its timeline, then Replay), then Devices → demo-2 and
              click its screen to tap it. Ctrl-C stops the hub.
`);
  if (!env["DEMO_EXIT"]) return new Promise(() => {});
  for (;;) {
    const task = (await app.hub.tasks.get(taskId))!;
    if (task.status !== "queued" && task.status !== "running") {
      console.log(`demo run ${task.status}: ${task.reason ?? ""}`);
      for (const phone of phones) phone.stop();
      await app.close();
      return task.status === "done" ? 0 : 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * demo-1 and demo-2, with their device secrets kept in the data dir: the data dir is this hub, so a
 * second demo in the same folder presents the secrets the first one was given. If the hub still
 * refuses (the secrets file was deleted), the demo owns its hub and simply forgets the phone first.
 */
async function joinPhones(app: FastifyInstance, url: string, dataDir: string): Promise<SimPhone[]> {
  const secrets = SimSecrets.open(path.join(dataDir, "demo-phone-secrets.json"), "ws://droidhub-demo");
  const join = (deviceId: string) =>
    joinVirtualPhone(deviceId, {
      url,
      fleetKey,
      secrets,
      device: (id) => new VirtualDevice({ deviceId: id, app: "login", record: false }),
    });
  return Promise.all(
    ["demo-1", "demo-2"].map(async (deviceId) => {
      let outcome = await join(deviceId);
      if (outcome.kind === "refused" && outcome.status === 401) {
        await app.hub.dispatcher.forget(deviceId);
        outcome = await join(deviceId);
      }
      if (outcome.kind !== "joined") throw new Error(`virtual phone ${deviceId} could not join: ${outcome.kind}`);
      return outcome.phone;
    }),
  );
}

async function startLive(app: FastifyInstance): Promise<string> {
  const [task] = await app.hub.dispatcher.submit([
    { goal: "log in as demo@example.com", mode: "chain", deviceId: "demo-1", secrets: { password: CORRECT_PASSWORD } },
  ]);
  return task!.id;
}

/** scripts/demo/recorded-login.json (npm run demo:record): the steps a replay needs and their pictures. */
interface Recording {
  goal: string;
  steps: ({ group: string; step: { step_num: number }; attempt: number } & Record<string, unknown>)[];
  /** Each step's frame: a JPEG beside the JSON (`file`, relative to this folder). */
  frames: {
    group: string;
    step_num: number;
    attempt: number;
    did: string;
    file: string;
    width: number;
    height: number;
  }[];
}

/** Replays the recorded login on demo-1, storing the recording (with its pictures) as a starred run the first time. */
async function startReplay(app: FastifyInstance): Promise<string> {
  const { stores, dispatcher } = app.hub;
  const recording = JSON.parse(readFileSync(path.join(here, "recorded-login.json"), "utf8")) as Recording;
  let sourceRun = (await stores.runs.listRuns({ deviceId: RECORDED_DEVICE, status: "done", limit: 1 }))[0]?.id;
  if (!sourceRun) {
    const sourceTask = randomUUID();
    const runId = randomUUID();
    sourceRun = runId;
    await stores.tasks.insert([{ id: sourceTask, goal: recording.goal, mode: "chain" }]);
    // Each step's picture, stored by hash like any frame, durable before the events that name them.
    const pictures = recording.frames.map((frame) => {
      const { image, saved } = stores.screenshots.put(readFileSync(path.join(here, frame.file)), "jpeg");
      return { frame, image, saved };
    });
    await Promise.all(pictures.map((p) => p.saved));
    // The recording as a run would have written it: started, its steps with their screens, ended — one unit.
    await stores.commits.write((tx) => {
      tx.tasks.markStarted(sourceTask, RECORDED_DEVICE);
      tx.runs.createRun(runId, sourceTask, 1, RECORDED_DEVICE, recording.goal, "chain");
      let seq = 0;
      const append = (type: string, body: unknown) => tx.runs.appendEvent(runId, ++seq, Date.now(), type, body);
      append("run_started", {
        goal: recording.goal,
        deviceId: RECORDED_DEVICE,
        mode: "chain",
        verification: "economy",
      });
      for (const event of recording.steps) {
        const picture = pictures.find(
          ({ frame: f }) =>
            f.group === event.group && f.step_num === event.step.step_num && f.attempt === event.attempt,
        );
        if (picture) {
          const { group, step_num, attempt, did, width, height } = picture.frame;
          append("step_frame", {
            type: "step_frame",
            group,
            step_num,
            attempt,
            did,
            image: { ...picture.image, width, height },
          });
        }
        append("step_finished", event);
      }
      const stats = { modelCalls: 3, stepsExecuted: recording.steps.length };
      append("run_finished", { status: "done", reason: "recorded for the demo", stats });
      tx.runs.finishRun(runId, "done", "recorded for the demo", stats);
      void tx.tasks.finish(sourceTask, "done", "recorded for the demo");
    });
    await stores.runs.setStar(runId, true);
  }
  const [task] = await dispatcher.submit([
    {
      goal: recording.goal,
      mode: "replay",
      deviceId: "demo-1",
      maxAttempts: 1,
      secrets: { password: CORRECT_PASSWORD },
      extra: { replayOf: sourceRun },
    },
  ]);
  return task!.id;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`npm run demo: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
