/**
 * The dashboard's "Add phones" page in real headless Chromium, against a hub serving TLS with a
 * self-signed certificate: the form comes prefilled with the hub's address and its certificate pin,
 * makes a single-use, expiring key, and shows its QR code, the signed link with a copy button and
 * the APK download. A read-scope key is told the page needs an admin key. Set ENROLL_SCREENSHOT=FILE
 * to keep a screenshot of the page.
 */
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, startHub, type TestHub } from "../helpers/hub.js";
import { TestCertificates } from "../helpers/tls-files.js";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const certs = new TestCertificates();
const self = certs.selfSigned();
const dir = mkdtempSync(path.join(tmpdir(), "droidhub-enroll-page-"));
let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  const apk = path.join(dir, "portal.apk");
  writeFileSync(apk, "PK\x03\x04");
  hub = await startHub({}, { config: { tls: { cert: self.cert, key: self.key }, portalApk: apk } });
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
  certs.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function signedIn(key: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1200, height: 800 } });
  await context.addInitScript((k) => sessionStorage.setItem("droidhub.operatorKey", k), key);
  const page = await context.newPage();
  await page.goto(`${hub.baseUrl}/#/enroll`);
  return page;
}

function fields(link: string): Record<string, string> {
  const out = Object.fromEntries(
    link
      .slice("droidhub://enroll?".length)
      .split("&")
      .map((pair) => pair.split("=").map(decodeURIComponent) as [string, string]),
  );
  const message = ["droidhub-enroll-v1", out.url, out.key, out.pin, out.tags, out.exp].map((v) => v ?? "").join("\n");
  expect(out.sig).toBe(
    createHmac("sha256", out.key ?? "")
      .update(message)
      .digest("base64url"),
  );
  return out;
}

describe("Add phones", () => {
  it("prefills the hub's address and pin, and shows the QR code, the link and the APK", async () => {
    const page = await signedIn(API_KEY);
    await expect.poll(() => page.inputValue("#enroll-pin"), { timeout: 15_000 }).toBe(self.pin);
    expect(await page.inputValue("#enroll-url")).toBe(hub.baseUrl);
    expect(await page.textContent("nav a.active")).toBe("Add phones");
    await page.fill("#enroll-tags", "lab-1, Москва");
    await page.selectOption("#enroll-expiry", "3600");
    await page.check("#enroll-single-use");
    await page.click("#enroll-make");
    await page.waitForSelector("#enroll-qr", { timeout: 15_000 });
    const size = await page.$eval("#enroll-qr", (img) => (img as HTMLImageElement).naturalWidth);
    expect(size).toBeGreaterThan(100);
    const link = fields(await page.inputValue("#enroll-link"));
    expect(link).toMatchObject({ v: "1", url: hub.baseUrl, pin: self.pin, tags: "lab-1,Москва" });
    expect(Number(link.exp) - Date.now() / 1000).toBeGreaterThan(3500);
    expect(await page.textContent("#enroll-result")).toContain("enrols one phone");
    expect(await page.getAttribute("#enroll-apk", "href")).toBe("/portal.apk");
    await page.click("#enroll-copy");
    await page.waitForSelector("text=Copied.");
    if (process.env.ENROLL_SCREENSHOT) await page.screenshot({ path: process.env.ENROLL_SCREENSHOT, fullPage: true });
    // The key in the link is a real, single-use fleet key.
    const keys = await page.evaluate(async (k) => {
      const r = await fetch("/api/fleet-keys", { headers: { authorization: `Bearer ${k}` } });
      return (await r.json()).keys;
    }, API_KEY);
    expect(keys.at(-1)).toMatchObject({ maxUses: 1, uses: 0, tags: ["lab-1", "Москва"] });
    await page.context().close();
  }, 60_000);

  it("tells a key without the admin scope why it cannot add phones", async () => {
    const admin = await signedIn(API_KEY);
    const reader = await admin.evaluate(async (k) => {
      const r = await fetch("/api/operator-keys", {
        method: "POST",
        headers: { authorization: `Bearer ${k}`, "content-type": "application/json" },
        body: JSON.stringify({ label: "viewer", scope: "read" }),
      });
      return (await r.json()).key;
    }, API_KEY);
    await admin.context().close();
    const page = await signedIn(reader);
    await page.waitForSelector("text=Adding phones needs an operator key with the admin scope.", { timeout: 15_000 });
    await page.context().close();
  }, 60_000);
});
