/**
 * The HTML report is served with a Content-Security-Policy: in real Chromium it still renders its
 * own stylesheet and embedded screenshots, and no script can run in it.
 */
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import { CORRECT_PASSWORD, VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { ScriptedModel } from "../fakes/scripted-model.js";
import { API_KEY, FLEET_KEY } from "../helpers/hub.js";
import { loginPlanner, loginVerifier } from "../helpers/login-brain.js";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let app: Awaited<ReturnType<typeof buildApp>>;
let phone: SimPhone;
let browser: Browser;
let base: string;
const auth = { authorization: `Bearer ${API_KEY}` };

beforeAll(async () => {
  const model = new ScriptedModel()
    .otherwise("planner", loginPlanner({ email: "ann@example.com" }))
    .otherwise("verifier", loginVerifier);
  const config = loadConfig({ overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, dataDir: ":memory:" } });
  app = await buildApp(config, { model, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  phone = new SimPhone(new VirtualDevice({ deviceId: "p1", app: "login" }), {
    url: `${base.replace("http", "ws")}/v1/devices/connect`,
    fleetKey: FLEET_KEY,
  });
  await phone.start();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  phone?.stop();
  await app?.close();
});

async function finishedRun(): Promise<string> {
  const created = await fetch(`${base}/api/tasks`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ goal: "log in as ann@example.com", device: "p1", secrets: { password: CORRECT_PASSWORD } }),
  });
  const { id } = (await created.json()) as { id: string };
  let task: { status: string; runs: { id: string }[] } = { status: "", runs: [] };
  for (let i = 0; i < 300 && !["done", "failed"].includes(task.status); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    task = (await (await fetch(`${base}/api/tasks/${id}`, { headers: auth })).json()) as typeof task;
  }
  expect(task.status).toBe("done");
  return task.runs[0]!.id;
}

describe("the report's Content-Security-Policy", () => {
  it("allows its own stylesheet and data: screenshots, and no script", async () => {
    const runId = await finishedRun();
    const response = await fetch(`${base}/api/runs/${runId}/report`, { headers: auth });
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src data:;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe|script-src/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");

    const page = await browser.newPage({ extraHTTPHeaders: auth });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${base}/api/runs/${runId}/report`);
    // The inline stylesheet applied (body margin and background come from it)…
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("24px");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(250, 250, 250)");
    // …every embedded screenshot decoded…
    const shots = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>("img.shot"), (img) => img.complete && img.naturalWidth),
    );
    expect(shots.length).toBeGreaterThan(0);
    for (const width of shots) expect(width).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    // …and a script, had one slipped into the page, would not run.
    await expect(page.addScriptTag({ content: "window.ran = true" })).rejects.toThrow();
    expect(await page.evaluate(() => (window as { ran?: boolean }).ran)).toBeUndefined();
    await page.close();
  });
});
