/**
 * Not a test: one run of each mode (chain, step, script, replay, and a script on a phone that takes
 * no screenshots) on virtual phones with the scripted test model, then headless Chromium screenshots
 * of each run's timeline, replay player and HTML report, to look at what a reader sees.
 *   node --import tsx scripts/demo/pictures.ts [OUT_DIR]     (default /tmp/droidhub-pictures)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import { CORRECT_PASSWORD, type SimKnobs, VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { ScriptedModel } from "../../tests/fakes/scripted-model.js";
import { API_KEY, FLEET_KEY } from "../../tests/helpers/hub.js";
import { loginPlanner, loginVerifier } from "../../tests/helpers/login-brain.js";
import { LOGIN_EXPECTED, loginActor, STEP_EMAIL } from "../../tests/helpers/step-brain.js";

const out = process.argv[2] ?? "/tmp/droidhub-pictures";
mkdirSync(out, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-pictures-"));
const chainPlanner = loginPlanner({ email: STEP_EMAIL });
const stepActor = loginActor();
const model = new ScriptedModel({ vision: true })
  .otherwise("planner", (request) =>
    request.schemaName === "action_chain" ? chainPlanner(request) : stepActor(request),
  )
  .otherwise("verifier", loginVerifier);
const config = loadConfig({ overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, logLevel: "silent", dataDir } });
const app = await buildApp(config, { model, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const phones: SimPhone[] = [];
async function phone(deviceId: string, knobs: SimKnobs = {}): Promise<void> {
  const device = new VirtualDevice({ deviceId, app: "login", knobs });
  const sim = new SimPhone(device, { url: `${base.replace("http", "ws")}/v1/devices/connect`, fleetKey: FLEET_KEY });
  await sim.start();
  phones.push(sim);
}
const headers = { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" };
async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
async function finished(taskId: string): Promise<string> {
  for (;;) {
    const task = await call<{ status: string; runs?: { id: string }[] }>("GET", `/api/tasks/${taskId}`);
    if (!["queued", "running"].includes(task.status)) {
      return (await app.hub.stores.runs.runsOfTask(taskId)).at(-1)!.id;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
const secrets = { password: CORRECT_PASSWORD };
const goal = `log in as ${STEP_EMAIL}`;
const submit = async (task: Record<string, unknown>) =>
  finished((await call<{ id: string }>("POST", "/api/tasks", task)).id);

try {
  for (const id of ["chain-phone", "step-phone", "script-phone", "replay-phone"]) await phone(id);
  await phone("blind-phone", { screenshots: "none" });
  const runs: Record<string, string> = {};
  runs["chain"] = await submit({ goal, mode: "chain", device: "chain-phone", secrets, max_attempts: 1 });
  runs["step"] = await submit({
    goal,
    mode: "step",
    device: "step-phone",
    secrets,
    expected: LOGIN_EXPECTED,
    max_attempts: 1,
  });
  const script = [
    { action: "tap", x: 540, y: 594 },
    { action: "input", text: STEP_EMAIL },
    { action: "tap", x: 540, y: 774 },
    { action: "input", text: CORRECT_PASSWORD },
    { action: "tap", x: 540, y: 994 },
    { action: "swipe", from_x: 540, from_y: 1800, to_x: 540, to_y: 900 },
    { action: "key", key: "back" },
  ];
  runs["script"] = await submit({
    goal: "sign in by script",
    mode: "script",
    device: "script-phone",
    actions: script,
    secrets,
  });
  runs["blind"] = await submit({
    goal: "sign in by script, no screenshots",
    mode: "script",
    device: "blind-phone",
    actions: script.slice(0, 2),
  });
  const replay = await call<{ taskId: string }>("POST", `/api/runs/${runs["chain"]}/replay`, {
    device: "replay-phone",
    secrets,
  });
  runs["replay"] = await finished(replay.taskId);

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(base);
  await page.fill("#operator-key", API_KEY);
  await page.click("button[type=submit]");
  await page.waitForSelector("#nav:not([hidden])");
  for (const [mode, runId] of Object.entries(runs)) {
    await page.goto(`${base}/#/runs/${runId}`);
    await page.waitForSelector("#timeline .run_finished");
    await page.waitForTimeout(800); // thumbnails load as blob: URLs
    await page.screenshot({ path: path.join(out, `${mode}-timeline.png`), fullPage: true });
    await page.goto(`${base}/#/runs/${runId}/replay`);
    await page.waitForSelector("#replay-position");
    await page.waitForSelector("#replay-frame img#replay-image, #replay-frame .replay-no-frame");
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `${mode}-replay.png`), fullPage: true });
    const report = await (await fetch(`${base}/api/runs/${runId}/report`, { headers })).text();
    const file = path.join(out, `${mode}-report.html`);
    writeFileSync(file, report);
    await page.goto(`file://${file}`);
    await page.screenshot({ path: path.join(out, `${mode}-report.png`), fullPage: true });
    console.log(`${mode}: run ${runId}, report ${Math.round(report.length / 1024)} KiB`);
  }
  await browser.close();
} finally {
  for (const sim of phones) sim.stop();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
