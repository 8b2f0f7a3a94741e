/**
 * The run page's takeover end to end in real headless Chromium: a chain run on the OTP login app
 * asks for a human, the page shows the banner with the agent's question and the phone's live view;
 * the operator takes over, clicks the code field on the live screen, types the code on the keyboard
 * (input reaches the phone only during the takeover), hands back with a note, and the run passes.
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTP_CODE } from "../../hub/sim/device/index.js";
import { ScriptedModel } from "../fakes/scripted-model.js";
import { API_KEY, until } from "../helpers/hub.js";
import { CODE_FIELD, startWallHub, wallPlanner, wallVerifier } from "../helpers/wall-hub.js";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
const SCREEN = { width: 1080, height: 2400 };

let hub: Awaited<ReturnType<typeof startWallHub>>;
let browser: Browser;

beforeAll(async () => {
  const model = new ScriptedModel()
    .otherwise("planner", wallPlanner("ann@example.com"))
    .otherwise("verifier", wallVerifier);
  hub = await startWallHub({ model, app: "login-otp" });
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/dashboard-takeover-${name}.png`, fullPage: true });
}

const frameShown = () => {
  const img = document.querySelector<HTMLImageElement>("#run-screen");
  return (img?.complete ?? false) && (img?.naturalWidth ?? 0) > 0;
};

describe("dashboard: run takeover", () => {
  it("shows the question and the live phone, takes over, types the OTP on the live view, hands back; the run passes", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(hub.base);
    await page.fill("#operator-key", API_KEY);
    await page.click("button[type=submit]");
    await page.waitForSelector("#nav");

    const created = await hub.api("POST", "/api/tasks", {
      goal: "log in as ann@example.com",
      device: "p1",
      secrets: { password: "correct-horse" },
    });
    expect(created.status).toBe(201);
    const runId = created.json.runId as string;
    await page.goto(`${hub.base}/#/runs/${encodeURIComponent(runId)}`);

    // Waiting for a human: the banner says why, the status says so, the live view shows the phone.
    await page.waitForSelector("#human-banner:not([hidden])", { timeout: 60_000 });
    expect(await page.textContent("#human-banner")).toContain("one-time code");
    await page.waitForSelector("#run-status .status-waitingforhuman");
    await page.waitForFunction(frameShown, undefined, { timeout: 30_000 });
    await page.waitForFunction(() => /fps/.test(document.querySelector("#run-live-stats")?.textContent ?? ""));
    await shot(page, "waiting");

    // Before the takeover a click on the screen does nothing: no tap reaches the phone.
    const taps = () => hub.device.executed.filter((e) => e.kind === "tap").length;
    const tapsBefore = taps();
    await page.click("#run-screen");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(taps()).toBe(tapsBefore);

    await page.click("#takeover-button");
    await page.waitForSelector("#handback-button:not([hidden])");
    await page.waitForSelector("#human-banner:has-text('Taken over by')");
    const box = (await page.locator("#run-screen").boundingBox())!;
    await page.mouse.click(
      box.x + (CODE_FIELD.x / SCREEN.width) * box.width,
      box.y + (CODE_FIELD.y / SCREEN.height) * box.height,
    );
    await until(() => taps() > tapsBefore, 10_000);
    // The last tap, not the last request: the live view's screenshots are recorded too.
    const tap = hub.device.executed.filter((e) => e.kind === "tap").at(-1)!;
    const [x, y] = tap.detail.split(",").map(Number);
    expect(Math.abs(x! - CODE_FIELD.x)).toBeLessThan(20);
    expect(Math.abs(y! - CODE_FIELD.y)).toBeLessThan(20);
    // One key per live frame: the phone sees each in turn.
    for (const digit of OTP_CODE) {
      const typed = hub.device.executed.filter((e) => e.kind === "inputText").length;
      await page.keyboard.press(digit);
      await until(() => hub.device.executed.filter((e) => e.kind === "inputText").length > typed, 10_000);
    }
    await page.waitForFunction(() => /done in/.test(document.querySelector("#takeover-message")?.textContent ?? ""));
    await shot(page, "taken-over");
    await page.keyboard.press("Enter");
    await until(() => hub.device.executed.some((e) => e.kind === "pressKey"), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 700)); // the home screen reaches the live view
    await shot(page, "code-typed");

    await page.fill("#handback-note", "I typed the code from the SMS");
    await page.click("#handback-button");
    await page.waitForSelector("#run-status .status-done", { timeout: 60_000 });
    await page.waitForSelector("#human-banner", { state: "hidden" });
    await page.waitForSelector(".event.human_action");
    await shot(page, "done");

    const run = (await hub.api("GET", `/api/runs/${runId}`)).json;
    expect(run.status, run.reason).toBe("done");
    const log = (await hub.api("GET", `/api/runs/${runId}/events`)).text;
    // The note reached the agent: its replan says what the human told it.
    expect(log).toContain("and says: I typed the code from the SMS");
    expect(log).not.toContain(OTP_CODE);
    expect(errors).toEqual([]);
  }, 180_000);
});
