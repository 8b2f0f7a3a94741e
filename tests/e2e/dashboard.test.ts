/**
 * The dashboard end to end in real headless Chromium: sign in, the fleet grid with live thumbnails,
 * remote control of a virtual phone (tap mapped to device pixels, back, home), a task launched from
 * the device page whose steps arrive live over SSE, the runs list, star, and the report download;
 * then the fleet on a second hub: the Queue page draining 100 tasks live over three phones, and a
 * phone's health (drain, undrain, tags) from its device page.
 */
import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import { CORRECT_PASSWORD, VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { ScriptedModel } from "../fakes/scripted-model.js";
import { API_KEY, FLEET_KEY, startHub, type TestHub, until } from "../helpers/hub.js";
import { loginPlanner, loginVerifier } from "../helpers/login-brain.js";
import { joinPhone } from "../helpers/phones.js";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let app: FastifyInstance;
let base: string;
let browser: Browser;
const logs: string[] = [];
const devices = new Map<string, VirtualDevice>();
const phones: SimPhone[] = [];

async function join(deviceId: string, latencyMs: number): Promise<VirtualDevice> {
  const device = new VirtualDevice({ deviceId, app: "login", knobs: { latencyMs } });
  const phone = new SimPhone(device, { url: `${base.replace("http", "ws")}/v1/devices/connect`, fleetKey: FLEET_KEY });
  await phone.start();
  phones.push(phone);
  devices.set(deviceId, device);
  return device;
}

beforeAll(async () => {
  const model = new ScriptedModel()
    .otherwise("planner", loginPlanner({ email: "ann@example.com" }))
    .otherwise("verifier", loginVerifier);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({
    overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, dataDir: ":memory:", logLevel: "info" },
  });
  app = await buildApp(config, { model, logger: { level: "info", stream } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // p1 is driven by hand; p2 runs the task, slowly enough that its steps arrive one by one.
  await join("p1", 0);
  await join("p2", 150);
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  for (const phone of phones) phone.stop();
  await app?.close();
});

const api = async (path: string, init: RequestInit = {}) =>
  fetch(base + path, { ...init, headers: { authorization: `Bearer ${API_KEY}`, ...init.headers } });

function executed(deviceId: string, kind: string) {
  return devices.get(deviceId)!.executed.filter((e) => e.kind === kind);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/dashboard-${name}.png`, fullPage: true });
}

describe("dashboard", () => {
  it("serves only its own files, with content types", async () => {
    const index = await app.inject({ url: "/" });
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toContain("text/html");
    const js = await app.inject({ url: "/web/app.js" });
    expect(js.headers["content-type"]).toContain("text/javascript");
    expect((await app.inject({ url: "/web/styles.css" })).headers["content-type"]).toContain("text/css");
    for (const url of [
      "/web/web-routes.ts",
      "/web/README.md",
      "/web/..%2fapp.ts",
      "/web/../app.ts",
      "/web/%2e%2e/app.ts",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    // The query key opens the SSE routes only.
    expect((await fetch(`${base}/api/devices?access_token=${API_KEY}`)).status).toBe(401);
  });

  it("signs in, shows the fleet, drives a phone, runs a task live, stars and reports it", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    // Sign in: a wrong key is refused, the right one is kept.
    await page.goto(base);
    await page.fill("#operator-key", "wrong-key-0123456789abcdef");
    await page.click("button[type=submit]");
    await expect.poll(() => page.textContent("#sign-in-error")).toContain("refused");
    expect(await page.isHidden("#nav")).toBe(true);
    await shot(page, "signin");
    await page.fill("#operator-key", API_KEY);
    await page.click("button[type=submit]");

    // The grid: both phones online, thumbnails decoded.
    await page.waitForSelector('[data-device="p1"] .badge.status-online');
    await page.waitForSelector('[data-device="p2"]');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>("#device-grid img.thumb")).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    expect(await page.textContent('[data-device="p1"] .facts')).toContain("Android SDK34");
    await shot(page, "grid");

    // Device page: a click on the screen taps the phone at the matching device pixel.
    await page.click('[data-device="p1"]');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("#device-screen");
      return (img?.complete ?? false) && img!.naturalWidth > 0;
    });
    const box = (await page.locator("#device-screen").boundingBox())!;
    const click = { x: box.width * 0.5, y: box.height * 0.3 };
    const tapsBefore = executed("p1", "tap").length;
    await page.click("#device-screen", { position: click });
    await until(() => executed("p1", "tap").length > tapsBefore, 5_000, "a tap");
    const [x, y] = executed("p1", "tap").at(-1)!.detail.split(",").map(Number);
    expect(Math.abs(x! - (click.x / box.width) * 1080)).toBeLessThanOrEqual(4);
    expect(Math.abs(y! - (click.y / box.height) * 2400)).toBeLessThanOrEqual(4);
    await page.waitForSelector("#control-message:has-text('done')");

    await page.click('[data-key="back"]');
    await until(() => executed("p1", "pressKey").some((e) => e.detail === "KEY_BACK"), 5_000, "back");
    await page.click('[data-key="home"]');
    await until(() => executed("p1", "pressKey").some((e) => e.detail === "KEY_HOME"), 5_000, "home");
    await page.fill("#type-text", "hello");
    await page.click("form.row button[type=submit]");
    await until(() => executed("p1", "inputText").some((e) => e.detail === '"hello"'), 5_000, "typing");

    // Live view: frames over the stream socket, fps and latency shown, drag to swipe, keys typed.
    await until(() => executed("p1", "streamStart").length > 0, 15_000, "the live stream to start");
    await page.waitForSelector("#live-stats:has-text('fps')", { timeout: 15_000 });
    expect(await page.textContent("#live-stats")).toMatch(
      /live · [\d.]+ fps( \(screen unchanged\))? · \d+ ms latency · rendered/,
    );
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.8);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4, { steps: 5 });
    await page.mouse.up();
    await until(() => executed("p1", "swipe").length > 0, 5_000, "a swipe");
    const [fromX, fromY, toX, toY] = executed("p1", "swipe").at(-1)!.detail.split(/,|->/).map(Number);
    expect(Math.abs(fromX! - 540)).toBeLessThanOrEqual(4);
    expect(Math.abs(fromY! - 1920)).toBeLessThanOrEqual(4);
    expect(Math.abs(toX! - 540)).toBeLessThanOrEqual(4);
    expect(Math.abs(toY! - 960)).toBeLessThanOrEqual(4);
    await page.focus("#device-screen");
    await page.keyboard.type("ok");
    await until(() => executed("p1", "inputText").some((e) => e.detail === '"k"'), 5_000, "keys typed on the screen");
    await shot(page, "device");

    // Launch a task on p2 from its device page; the run page shows the steps as they happen.
    const runStreams: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/runs\/[^/]+\/events/.test(request.url())) runStreams.push(request.url());
    });
    await page.goto(`${base}/#/devices/p2`);
    await page.fill("#task-goal", "log in as ann@example.com");
    await page.fill("#task-secrets", `password=${CORRECT_PASSWORD}`);
    await page.click("#task-form button[type=submit]");
    await page.waitForURL(/#\/runs\/[^/]+$/);
    const runId = decodeURIComponent(page.url().split("#/runs/")[1]!);
    await page.waitForSelector("#timeline .step_finished");
    // The first step is on screen while the run is still going: it arrived live, not as a replay.
    const midway = (await (await api(`/api/runs/${runId}`)).json()) as { status: string };
    expect(midway.status).toBe("running");
    await page.waitForSelector("#timeline .run_finished", { timeout: 20_000 });
    await page.waitForSelector("#run-status .status-done");
    expect(await page.locator("#timeline .step_finished").count()).toBe(3);
    // The hub ends a finished run's stream after `end`; the page closes its EventSource on `end`, so
    // the browser does not reconnect (it would, every ~3 s, to a stream that only says `end` again).
    await page.waitForFunction(() => document.querySelector("#run-live")?.textContent === "");
    await page.waitForTimeout(4_000);
    expect(runStreams.filter((url) => url.includes(`/api/runs/${encodeURIComponent(runId)}/events`))).toHaveLength(1);
    expect(await page.textContent("#timeline")).not.toContain(CORRECT_PASSWORD);
    await shot(page, "run");

    // The report downloads as one HTML file.
    const download = page.waitForEvent("download");
    await page.click("#report-link");
    const report = readFileSync((await (await download).path())!, "utf8");
    expect(report).toContain("<html");
    expect(report).toContain("log in as ann@example.com");

    // Replay: prev / next over the recorded steps, each with its recorded frame (a blob: URL fetched
    // with the bearer header, decoded by the browser).
    const frameDecoded = () =>
      page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>("#replay-image");
        if (!img) return false;
        return img.src.startsWith("blob:") && img.complete && img.naturalWidth > 0;
      });
    const frameSrc = () => page.getAttribute("#replay-image", "src");
    await page.click("#replay-link");
    await page.waitForSelector("#replay-position:has-text('step 1 of 3')");
    await frameDecoded();
    const firstSrc = await frameSrc();
    await shot(page, "replay-frames");
    await page.click("#replay-next");
    await page.waitForSelector("#replay-position:has-text('step 2 of 3')");
    await page.waitForFunction(
      (before) => document.querySelector("#replay-image")?.getAttribute("src") !== before,
      firstSrc,
    );
    await frameDecoded();
    expect(await frameSrc()).not.toBe(firstSrc);
    // The first step's blob URL was revoked when the player moved on.
    expect(
      await page.evaluate(
        (src) =>
          fetch(src!).then(
            () => "alive",
            () => "revoked",
          ),
        firstSrc,
      ),
    ).toBe("revoked");
    expect(await page.textContent("#replay-step")).toMatch(/Verdict/);
    await shot(page, "replay");

    // Runs list: the run is there; star toggles on and off.
    await page.goto(`${base}/#/runs?status=done`);
    const star = page.locator(`[data-run="${runId}"] button.star`);
    await star.waitFor();
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
    expect(((await (await api(`/api/runs/${runId}`)).json()) as { starred: boolean }).starred).toBe(true);
    await shot(page, "runs");
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("false");

    expect(errors).toEqual([]);
    // SSE URLs carried the key; the logs must not.
    const logText = logs.join("");
    expect(logText).toContain("access_token=[REDACTED]");
    expect(logText).not.toContain(API_KEY);
    await page.close();
  }, 60_000);
});

describe("dashboard: fleet", () => {
  let hub: TestHub;
  const fleet: SimPhone[] = [];

  beforeAll(async () => {
    hub = await startHub();
    for (const id of ["q1", "q2", "q3"]) fleet.push(await joinPhone(hub, id, { knobs: { latencyMs: 5 } }));
  });

  afterAll(async () => {
    // Pages still open (a failed test) hold SSE streams the hub would wait for.
    for (const page of browser?.contexts().flatMap((c) => c.pages()) ?? []) await page.close();
    for (const phone of fleet) phone.stop();
    await hub?.close();
  });

  it("drains 100 tasks live on the Queue page and drains, undrains and tags a phone", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(hub.baseUrl);
    await page.fill("#operator-key", API_KEY);
    await page.click("button[type=submit]");
    await page.waitForSelector('[data-device="q3"] .badge.status-online');

    // The Queue page, open before the tasks exist; it must follow them without a reload.
    await page.click('[data-nav="queue"]');
    await page.waitForSelector('#queue-counts [data-count="done"]:text-is("0")');
    await page.waitForSelector("#queue-live:has-text('live')");
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const listCalls: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/tasks") listCalls.push(Date.now());
    });
    const started = Date.now();
    const tasks = Array.from({ length: 100 }, (_, i) => ({
      goal: `queue task ${i}`,
      mode: "script",
      actions: [{ action: "tap", x: 100 + i, y: 1200 }],
      pictures: false, // the Queue page is under test; 100 tasks' screenshots would only add CPU
    }));
    const batch = await hub.api("POST", "/api/tasks/batch", { tasks });
    expect(batch.status).toBe(201);
    await page.waitForSelector('#queue-counts [data-count="done"]:text-is("100")', { timeout: 30_000 });
    const took = (Date.now() - started) / 1000;
    for (const state of ["queued", "running", "failed", "cancelled"]) {
      expect(await page.textContent(`#queue-counts [data-count="${state}"]`), state).toBe("0");
    }
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // 300 task events (queued, started, finished) arrived over SSE, yet the page re-fetched at most
    // about twice a second.
    await expect.poll(() => page.textContent("#queue-live")).toMatch(/live · (\d{3,}) task events/);
    expect(Number(/(\d+) task events/.exec((await page.textContent("#queue-live"))!)![1])).toBeGreaterThanOrEqual(300);
    expect(listCalls.length).toBeLessThanOrEqual(Math.ceil(took * 2) + 2);
    // The throttle the page uses, under a burst of 5,000 events in one second: at most ~2 fetches.
    // (A string, so vitest's transform leaves the browser's dynamic import alone.)
    const burst = await page.evaluate<number>(`(async () => {
      const { throttle } = await import("/web/dom.js");
      let calls = 0;
      const t = throttle(async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }, 500);
      const end = Date.now() + 1000;
      while (Date.now() < end) {
        for (let i = 0; i < 50; i++) t.schedule();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 600));
      t.stop();
      return calls;
    })()`);
    expect(burst).toBeGreaterThanOrEqual(2);
    expect(burst).toBeLessThanOrEqual(4);
    // Newest first: the last task submitted heads the list; done tasks have no cancel button.
    expect(await page.textContent("#queue-table tbody tr:first-child td.goal")).toBe("queue task 99");
    expect(await page.locator("#queue-table button.cancel").count()).toBe(0);
    await page.selectOption("#queue-status-filter", "done");
    await page.waitForURL(/#\/queue\?status=done$/);
    await page.waitForSelector('#queue-table tbody tr:first-child:has-text("queue task 99")');
    await shot(page, "queue");

    // Cancel: a task no phone matches waits in the queue until cancelled from the page.
    const stuck = await hub.api("POST", "/api/tasks", {
      goal: "waits for a phone that never comes",
      mode: "script",
      tags: ["nowhere"],
      actions: [{ action: "tap", x: 1, y: 1 }],
    });
    expect(stuck.status).toBe(201);
    await page.selectOption("#queue-status-filter", "");
    const stuckRow = page.locator(`[data-task="${stuck.json.id}"]`);
    await stuckRow.locator("button.cancel").click();
    await expect.poll(async () => (await hub.api("GET", `/api/tasks/${stuck.json.id}`)).json.status).toBe("cancelled");
    await stuckRow.locator(".status-cancelled").waitFor();
    await page.waitForSelector('#queue-counts [data-count="cancelled"]:text-is("1")');

    // Health on the device page: drain, undrain, tags.
    await page.goto(`${hub.baseUrl}/#/devices/q1`);
    await page.waitForSelector("#device-status .status-online");
    expect(await page.textContent("#health-facts")).toContain("Infra failures0 in a row");
    await page.fill("#tags-input", "lab, pixel-8 ,  ");
    await page.click("#tags-save");
    await page.waitForSelector("#health-message:has-text('Tags saved')");
    expect((await hub.api("GET", "/api/devices/q1")).json.tags).toEqual(["lab", "pixel-8"]);
    await page.click("#drain");
    await page.waitForSelector("#device-status .status-draining");
    expect(await page.isHidden("#drain")).toBe(true);
    expect((await hub.api("GET", "/api/devices/q1")).json.status).toBe("draining");
    // A poll later the page still agrees with the hub.
    await page.waitForTimeout(2_500);
    expect(await page.textContent("#device-status")).toBe("draining");
    expect(await page.inputValue("#tags-input")).toBe("lab, pixel-8");
    await shot(page, "device-health");

    // The grid card shows the same health.
    await page.click("a[href='#/devices']");
    const card = page.locator('[data-device="q1"]');
    await card.locator(".status-draining").waitFor();
    expect(await card.locator(".facts").textContent()).toContain("lab, pixel-8");

    await card.click();
    await page.click("#undrain");
    await page.waitForSelector("#device-status .status-online");
    expect((await hub.api("GET", "/api/devices/q1")).json.status).toBe("online");
    expect(await page.isHidden("#release")).toBe(true);

    expect(errors).toEqual([]);
    await page.close();
  }, 45_000);

  it("shows the audit trail to an admin key, and tells a read key why it cannot", async () => {
    const read = await hub.api("POST", "/api/operator-keys", { label: "wall screen", scope: "read" });
    await hub.api("POST", "/api/devices/q2/drain");
    await hub.api("POST", "/api/devices/q2/actions", { action: "tap", x: 1, y: 1 }, read.json.key);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const signIn = async (key: string) => {
      await page.goto(`${hub.baseUrl}/#/signin`);
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${hub.baseUrl}/#/signin`);
      await page.fill("#operator-key", key);
      await page.click("button[type=submit]");
      await page.waitForSelector("#nav:not([hidden])");
    };
    await signIn(API_KEY);
    await page.click("a[href='#/audit']");
    const refused = page.locator("#audit-table tr.audit-error", { hasText: "wall screen" });
    await refused.waitFor();
    expect(await refused.textContent()).toContain("403 FORBIDDEN");
    const drained = page.locator("#audit-table tbody tr", { hasText: "/api/devices/:id/drain" }).filter({
      hasText: "device q2",
    });
    expect(await drained.count()).toBe(1);
    await shot(page, "audit");

    await signIn(read.json.key);
    await page.goto(`${hub.baseUrl}/#/audit`);
    await page.waitForSelector("p.muted:has-text('admin scope')");
    expect(await page.locator("#audit-table tbody tr").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);
});
