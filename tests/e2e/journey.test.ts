/**
 * The path a new user walks (issue 14), in a temp folder, with real processes and real Chromium: the
 * quick start's hub, the demo twice in the same folder, a demo run seen in the dashboard (timeline,
 * replay) and as its HTML report, virtual phones joined to the hub and again to the same address after
 * the hub got a new data dir, an offline phone removed, and every command's --help. Screenshots go to
 * /tmp/journey-*.png.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCommands } from "../../hub/cli/main.js";
import { type CliProcess, cleanEnv, demo, droidhub, freePort } from "../helpers/cli-process.js";

const COMMANDS = await loadCommands();

const FLEET_KEY = "my-fleet-key-change-me"; // the README's
const DEMO_KEY = "demo-operator-key-change-me";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let folder: string;
let browser: Browser;
const processes: CliProcess[] = [];
let hubPort: number;
let hubKey: string;
let quickStartHub: CliProcess;

const start = (process: CliProcess): CliProcess => {
  processes.push(process);
  return process;
};

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "droidhub-journey-"));
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/journey-${name}.png`, fullPage: true });
}

async function signIn(page: Page, base: string, key: string): Promise<void> {
  await page.goto(base);
  await page.fill("#operator-key", key);
  await page.click("button[type=submit]");
  await page.waitForSelector("#nav:not([hidden])");
}

async function api<T>(port: number, key: string, url: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

describe("first contact", () => {
  it("quick start, the demo twice in one folder, and its run in the dashboard and the report", async () => {
    hubPort = await freePort();
    const demoPorts = [await freePort(), await freePort()];
    // The quick start (npm start = droidhub serve) with only a fleet key; the first demo at the same time.
    const hub = start(
      droidhub(["serve"], folder, cleanEnv({ DROIDHUB_FLEET_KEY: FLEET_KEY, DROIDHUB_PORT: `${hubPort}` })),
    );
    quickStartHub = hub;
    const first = start(demo(folder, cleanEnv({ DROIDHUB_PORT: `${demoPorts[0]}`, DEMO_EXIT: "1" })));
    await hub.waitFor(" is up · ");
    const keyFile = path.join(folder, ".droidhub", "operator-key");
    hubKey = readFileSync(keyFile, "utf8").trim();
    expect(hub.output()).toContain(`dashboard http://localhost:${hubPort}/`);
    expect(hub.output()).toContain(`operator key ${hubKey} (generated, shown once; also in ${keyFile})`);
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain("demo run done");

    // The second demo in the same folder, left running to be looked at.
    const second = start(demo(folder, cleanEnv({ DROIDHUB_PORT: `${demoPorts[1]}` })));
    await second.waitFor("the run:");
    expect(second.output()).not.toMatch(/401|Error/);
    const runId = /#\/runs\/([0-9a-f-]{36})/.exec(second.output())![1]!;
    const demoBase = `http://localhost:${demoPorts[1]}/`;
    await expect
      .poll(async () => (await api<{ status: string }>(demoPorts[1]!, DEMO_KEY, `/api/runs/${runId}`)).status, {
        timeout: 30_000,
      })
      .toBe("done");

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await signIn(page, demoBase, DEMO_KEY);
    await page.goto(`${demoBase}#/runs`);
    await page.waitForSelector(`tr[data-run="${runId}"] td.mode:has-text("replay")`);
    await shot(page, "demo-runs");
    // The queue's rows lead to their runs.
    await page.goto(`${demoBase}#/queue`);
    await page.waitForSelector(`#queue-table td.goal a[href="#/runs/${runId}"]`);
    await page.goto(`${demoBase}#/runs`);
    await page.waitForSelector(`tr[data-run="${runId}"]`);

    // The run: its timeline arrives, it is finished (no live badge), report and replay are offered.
    await page.click(`tr[data-run="${runId}"] td:nth-child(2) a`);
    await page.waitForSelector("#timeline li");
    await page.waitForSelector("#run-status .status-done");
    expect((await page.textContent("#run-live"))?.trim()).toBe("");
    expect(await page.isVisible("#report-link")).toBe(true);
    // Each step in the timeline carries the screen it acted on.
    await page.waitForFunction(() => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>("#timeline img.timeline-image"));
      return images.length >= 3 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    await shot(page, "demo-run");
    // The recording it replays carries its own pictures (scripts/demo/recorded-login/).
    const [source] = (
      await api<{ runs: { id: string }[] }>(demoPorts[1]!, DEMO_KEY, "/api/runs?device=recorded&limit=1")
    ).runs;
    const recorded = await api<{ steps: { type: string; body: { image?: { hash: string } } }[] }>(
      demoPorts[1]!,
      DEMO_KEY,
      `/api/runs/${source!.id}/steps`,
    );
    const recordedFrames = recorded.steps.filter((s) => s.type === "step_frame");
    expect(recordedFrames).toHaveLength(3);
    const picture = await fetch(
      `http://127.0.0.1:${demoPorts[1]}/api/screenshots/${recordedFrames[0]!.body.image!.hash}`,
      {
        headers: { authorization: `Bearer ${DEMO_KEY}` },
      },
    );
    expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/jpeg"]);

    // The replay player steps through the recorded steps.
    await page.click("#replay-link");
    await page.waitForSelector("#replay-position:has-text('step 1 of')");
    const steps = Number(/of (\d+)/.exec((await page.textContent("#replay-position"))!)![1]);
    expect(steps).toBeGreaterThanOrEqual(3);
    await page.click("#replay-next");
    await page.waitForSelector("#replay-position:has-text('step 2 of')");
    // Each step shows the screen it acted on (the replay on demo-1 records its own frames).
    await page.waitForSelector("#replay-frame img#replay-image");
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("#replay-image");
      return img?.complete === true && img.naturalWidth > 0;
    });
    expect(await page.getAttribute("#replay-image", "alt")).toMatch(/^2\. type /);
    expect(await page.locator("#replay-frame .replay-no-frame").count()).toBe(0);
    await shot(page, "demo-replay");

    // The report, as `droidhub report` saves it, opened from disk.
    const reportFile = path.join(folder, "run.html");
    const report = start(
      droidhub(
        ["report", runId, "--out", reportFile],
        folder,
        cleanEnv({ DROIDHUB_PORT: `${demoPorts[1]}`, DROIDHUB_API_KEY: DEMO_KEY }),
      ),
    );
    expect(await report.exited, report.output()).toBe(0);
    await page.goto(`file://${reportFile}`);
    expect(await page.textContent("h1")).toBe("log in as demo@example.com");
    expect(await page.locator("table tr").count()).toBeGreaterThanOrEqual(steps);
    // Every step's picture is embedded in the file, and nothing says the run has none.
    expect(await page.locator("img.shot").count()).toBe(steps);
    expect(await page.locator("#no-screenshots").count()).toBe(0);
    expect(await page.textContent("body")).not.toMatch(/no screenshot/i);
    await shot(page, "demo-report");

    // Ids the hub does not know say so, with no live badge, buttons or polling.
    await page.goto(`${demoBase}#/runs/no-such-run`);
    await page.waitForSelector("#run-unknown:has-text('no run \"no-such-run\"')");
    expect(await page.isVisible("#report-link")).toBe(false);
    await page.goto(`${demoBase}#/devices/no-such-phone`);
    await page.waitForSelector("#device-unknown");
    await shot(page, "unknown-device");
    expect(errors).toEqual([]);
    await page.close();
    await second.stop("SIGINT");
  }, 150_000);

  it("virtual phones join the quick-start hub, and again after it got a new data dir", async () => {
    const env = cleanEnv({ DROIDHUB_PORT: `${hubPort}` });
    const sim = start(droidhub(["sim", "--key", FLEET_KEY, "--count", "3", "--app", "login"], folder, env));
    await sim.waitFor("3/3 virtual phones joined");
    const devices = start(droidhub(["devices"], folder, { ...env, DROIDHUB_API_KEY: hubKey }));
    expect(await devices.exited, devices.output()).toBe(0);
    expect(devices.output()).toMatch(/sim-1\s+online\s+/);
    await sim.stop("SIGINT");
    await quickStartHub.stop();

    // The same address, a new data dir: the stored secrets are stale.
    const hub = start(
      droidhub(["serve", "--data-dir", ".droidhub-new"], folder, {
        ...env,
        DROIDHUB_FLEET_KEY: FLEET_KEY,
        DROIDHUB_RESUME_GRACE_MS: "500",
      }),
    );
    await hub.waitFor(" is up · ");
    const key = readFileSync(path.join(folder, ".droidhub-new", "operator-key"), "utf8").trim();
    const base = `http://localhost:${hubPort}/`;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, base, key);
    // No phone yet: the page says how to add one, with this hub's address.
    await page.waitForSelector(`#devices-note:has-text("npx droidhub sim --hub ws://localhost:${hubPort}")`);
    await shot(page, "empty-devices");

    const again = start(droidhub(["sim", "--key", FLEET_KEY, "--count", "3", "--app", "login"], folder, env));
    await again.waitFor("3/3 virtual phones joined");
    const secrets = path.join(folder, ".droidhub", "sim-secrets.json");
    expect(again.output()).toContain(
      `ws://127.0.0.1:${hubPort} refused the secret stored for sim-1 in ${secrets} (HTTP 401): that hub no longer knows this phone`,
    );
    expect(again.output()).toContain("Enrolling it again with the fleet key.");
    await page.waitForSelector('[data-device="sim-3"] .badge.status-online');
    await page.waitForFunction(() => {
      const thumbs = Array.from(document.querySelectorAll<HTMLImageElement>("#device-grid img.thumb"));
      return thumbs.length === 3 && thumbs.every((img) => img.complete && img.naturalWidth > 0);
    });
    await shot(page, "devices");

    // A phone that is gone for good is removed from its page.
    await again.stop("SIGINT");
    await expect
      .poll(async () => (await api<{ status: string }>(hubPort, key, "/api/devices/sim-1")).status, { timeout: 15_000 })
      .toBe("offline");
    await hub.waitFor("device sim-1 left (its session ended)");
    await page.goto(`${base}#/devices/sim-1`);
    await page.waitForSelector("#remove:not([hidden])");
    await page.waitForSelector("#device-offline:has-text('offline since')");
    expect(await page.isVisible("#device-screen")).toBe(false);
    await shot(page, "offline-device");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.click("#remove");
    await page.waitForFunction(() => location.hash === "#/devices");
    await page.waitForSelector('[data-device="sim-2"]');
    expect(await page.locator('[data-device="sim-1"]').count()).toBe(0);
    await page.close();
  }, 120_000);

  it("every command answers --help, and droidhub --version", async () => {
    const runs = [...COMMANDS.map((c) => [c.name, "--help"]), ["help"], ["--version"]].map((args) => ({
      args,
      process: start(droidhub(args, folder, cleanEnv())),
    }));
    for (const { args, process } of runs) {
      expect(await process.exited, `${args.join(" ")}:\n${process.output()}`).toBe(0);
      const start = args[1] === "--help" ? `droidhub ${args[0]}: ` : "droidhub 0.";
      expect(process.output().startsWith(start), process.output()).toBe(true);
      if (args[1] === "--help") expect(process.output()).toContain("  -h, --help");
    }
  }, 120_000);
});
