import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Phone } from "../../../hub/devices/phone.js";
import { isHubError } from "../../../hub/errors/hub-error.js";
import { pb } from "../../../hub/protocol/codec.js";
import type { FakeMobilerunApp } from "../../fakes/mobilerun-client.js";
import type { TestHub } from "../../helpers/hub.js";
import { joinMobilerun, startMobilerunHub } from "./mobilerun-hub.js";

const ID = "portal-actions";

describe("a Mobilerun phone driven through the remote-control API", () => {
  let hub: TestHub;
  let app: FakeMobilerunApp;
  beforeAll(async () => {
    hub = await startMobilerunHub();
    app = await joinMobilerun(hub, ID);
  });
  afterAll(async () => {
    app.stop();
    await hub.close();
  });
  beforeEach(() => {
    app.executed.length = 0;
  });

  const act = (body: unknown) => hub.api("POST", `/api/devices/${ID}/actions`, body);
  const last = () => app.executed.at(-1)!;

  it("tap → `tap {x, y}`; the next UI read waits for the settle delay and shows the new screen", async () => {
    await act({ action: "key", key: "home" });
    const tapped = await act({ action: "tap", x: 100, y: 1900 });
    expect(tapped.status).toBe(200);
    expect(tapped.json.ok).toBe(true);
    expect(last()).toMatchObject({ method: "tap", params: { x: 100, y: 1900 } });
    const before = performance.now();
    const ui = await hub.api("GET", `/api/devices/${ID}/ui?raw=1`);
    expect(performance.now() - before).toBeGreaterThanOrEqual(30); // settle 60 ms minus the HTTP hop
    expect(ui.status).toBe(200);
    // The compact elements the agent reads, made from the Mobilerun tree by the perception layer.
    expect(ui.json.package).toBe("com.example.login");
    expect(ui.json.screen).toEqual({ w: 1080, h: 2400 });
    expect(ui.json.elements).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: "Sign in", clickable: true, cx: 540, cy: 1110 })]),
    );
    const tree = ui.json.tree;
    expect(tree.foregroundPackage).toBe("com.example.login");
    expect(tree.foregroundActivity).toBe("com.example.login.LoginActivity");
    expect(tree.screen).toMatchObject({ width: 1080, height: 2400, densityDpi: 420 });
    expect(tree.nodes[0]).toMatchObject({ parent: -1, className: "android.widget.FrameLayout", visible: true });
    const email = tree.nodes.find((n: { resourceId: string }) => n.resourceId === "com.example.login:id/email");
    expect(email).toMatchObject({
      parent: 0,
      depth: 1,
      hint: "Email",
      editable: true,
      clickable: true,
      bounds: { left: 60, top: 600, right: 1020, bottom: 740 },
    });
    // `filter: true` was sent, so the off-screen node the phone would otherwise include is absent.
    expect(tree.nodes.some((n: { resourceId: string }) => n.resourceId === "offscreen")).toBe(false);
    expect(last()).toMatchObject({ method: "state", params: { filter: true } });
  });

  it("input → `keyboard/input {base64_text, clear}`; submit adds `keyboard/key 66`", async () => {
    await act({ action: "launch", package: "com.example.login" });
    await act({ action: "tap", x: 500, y: 650 });
    const typed = await act({ action: "input", text: "анна@example.com", clear: true });
    expect(typed.status).toBe(200);
    expect(last()).toEqual({
      id: expect.any(String),
      method: "keyboard/input",
      params: { base64_text: Buffer.from("анна@example.com").toString("base64"), clear: true },
    });
    expect(app.fields.get("com.example.login:id/email")).toBe("анна@example.com");
    await act({ action: "input", text: "x", clear: false, submit: true });
    expect(app.methods().slice(-2)).toEqual(["keyboard/input", "keyboard/key"]);
    expect(last().params).toEqual({ key_code: 66 });
    expect(app.executed.at(-2)!.params).toMatchObject({ clear: false });
    expect(app.screen).toBe("home");
  });

  it("long press and swipe → `swipe`; long press stays put; durations default and are capped", async () => {
    expect((await act({ action: "long_press", x: 300, y: 400 })).status).toBe(200);
    expect(last()).toMatchObject({
      method: "swipe",
      params: { startX: 300, startY: 400, endX: 300, endY: 400, duration: 600 },
    });
    await act({ action: "long_press", x: 300, y: 400, duration_ms: 1500 });
    expect(last().params).toMatchObject({ duration: 1500 });
    await act({ action: "swipe", from_x: 500, from_y: 2000, to_x: 500, to_y: 600 });
    expect(last()).toMatchObject({
      method: "swipe",
      params: { startX: 500, startY: 2000, endX: 500, endY: 600, duration: 300 },
    });
    const tooLong = await act({ action: "long_press", x: 1, y: 1, duration_ms: 6000 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error).toMatchObject({ code: "INVALID_BODY", details: { field: "duration_ms" } });
  });

  it("scroll → a swipe across the screen centre; DOWN moves the finger up", async () => {
    await act({ action: "scroll", direction: "down" });
    const down = last();
    expect(down.method).toBe("swipe");
    expect(down.params["startX"]).toBe(540);
    expect(down.params["endX"]).toBe(540);
    expect(down.params["startY"] as number).toBeGreaterThan(down.params["endY"] as number);
    await act({ action: "scroll", direction: "right", amount_px: 400 });
    expect(last().params).toMatchObject({ startX: 740, endX: 340, startY: 1200, endY: 1200 });
  });

  it.each([
    ["back", "global", { action: 1 }],
    ["home", "global", { action: 2 }],
    ["recents", "global", { action: 3 }],
    ["notifications", "global", { action: 4 }],
    ["quick_settings", "global", { action: 5 }],
    ["power_dialog", "global", { action: 6 }],
    ["lock_screen", "global", { action: 8 }],
    ["enter", "keyboard/key", { key_code: 66 }],
    ["delete", "keyboard/key", { key_code: 67 }],
    ["tab", "keyboard/key", { key_code: 61 }],
    ["search", "keyboard/key", { key_code: 84 }],
  ])("key %s → `%s %j`", async (key, method, params) => {
    expect((await act({ action: "key", key })).status).toBe(200);
    expect(last()).toMatchObject({ method, params });
  });

  it("launch → `app {package, activity?}`; an unknown package is the phone's error (502)", async () => {
    expect((await act({ action: "launch", package: "com.example.login" })).status).toBe(200);
    expect(last()).toMatchObject({ method: "app", params: { package: "com.example.login" } });
    expect(last().params).not.toHaveProperty("activity");
    await act({ action: "launch", package: "com.example.login", activity: ".LoginActivity" });
    expect(last().params).toEqual({ package: "com.example.login", activity: ".LoginActivity" });
    const missing = await act({ action: "launch", package: "com.example.absent" });
    expect(missing.status).toBe(502);
    expect(missing.json.error).toMatchObject({
      code: "DEVICE_ERROR",
      details: { method: "app", deviceMessage: "Could not create intent for com.example.absent" },
    });
  });

  it("open_url is refused with NOT_SUPPORTED (501) without reaching the phone", async () => {
    const refused = await act({ action: "open_url", url: "https://example.com/" });
    expect(refused.status).toBe(501);
    expect(refused.json.error.code).toBe("NOT_SUPPORTED");
    expect(app.executed).toHaveLength(0);
  });

  it("screenshot: base64 PNG → JPEG by default, PNG as sent, WEBP scaled to max_side", async () => {
    const jpeg = await hub.api("GET", `/api/devices/${ID}/screenshot`);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(jpeg.raw).metadata()).toMatchObject({ format: "jpeg", width: 1080, height: 2400 });
    expect(last()).toMatchObject({ method: "screenshot", params: { hideOverlay: true } });

    const png = await hub.api("GET", `/api/devices/${ID}/screenshot?format=png`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.raw.subarray(1, 4).toString()).toBe("PNG");

    const webp = await hub.api("GET", `/api/devices/${ID}/screenshot?format=webp&max_side=600`);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("x-image-height")).toBe("600");
    expect(await sharp(webp.raw).metadata()).toMatchObject({ format: "webp", width: 270, height: 600 });
  });

  it("screenshots are cached until something changes and paced to the phone's rate", async () => {
    const options = hub.app.mobilerunGateway.options;
    options.screenshotIntervalMs = 600;
    await act({ action: "key", key: "home" });
    const shotsBefore = app.screenshots;
    await hub.api("GET", `/api/devices/${ID}/screenshot`);
    await hub.api("GET", `/api/devices/${ID}/screenshot?format=png`);
    expect(app.screenshots - shotsBefore).toBe(1); // the second came from the cache
    await act({ action: "tap", x: 100, y: 1900 });
    await hub.api("GET", `/api/devices/${ID}/screenshot`);
    options.screenshotIntervalMs = 150;
    expect(app.screenshots - shotsBefore).toBe(2);
    // The tap made the cache stale; the new capture still waited out the interval.
    const [first, second] = app.shotTimes.slice(-2) as [number, number];
    expect(second - first).toBeGreaterThanOrEqual(590);
    expect(app.methods().filter((m) => m === "screenshot")).toHaveLength(2);
  });

  it("commands run one at a time, in call order, through the DeviceSession", async () => {
    const session = hub.app.hub.registry.requireSession(ID);
    app.maxOutstanding = 0;
    await Promise.all(Array.from({ length: 8 }, (_, i) => session.call({ tap: { x: i + 1, y: 10 } })));
    expect(app.executed.map((e) => e.params["x"])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(app.maxOutstanding).toBe(1);
  });

  it("a double tap is refused with NOT_SUPPORTED, never carried out as one tap", async () => {
    const phone = new Phone(hub.app.hub.registry.requireSession(ID));
    const refused = await phone.doubleTap({ x: 100, y: 200 }).catch((e: unknown) => e);
    expect(isHubError(refused, "NOT_SUPPORTED")).toBe(true);
    expect(app.executed).toEqual([]);
  });

  it("apps and state through the DeviceSession", async () => {
    const session = hub.app.hub.registry.requireSession(ID);
    const apps = await session.call({ listApps: { includeSystem: false } });
    expect(apps.result.apps?.apps?.map((a) => a.packageName)).toEqual(["com.example.login"]);
    const all = await session.call({ listApps: { includeSystem: true } });
    expect(all.result.apps?.apps).toHaveLength(2);
    app.sendEvent("BATTERY_LEVEL_CHANGED", { battery_level: 42, is_charging: true });
    app.sendEvent("NETWORK_TYPE_CHANGED", { network_type: "CELLULAR", previous_network_type: "WIFI" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const state = await session.call({ getState: {} });
    expect(state.result.state).toMatchObject({
      foregroundPackage: expect.any(String),
      accessibilityEnabled: true,
      battery: { level: 42, charging: true },
      network: { type: pb.NetworkType.NETWORK_TYPE_CELLULAR },
      screen: { width: 1080, height: 2400 },
    });
    const view = (await hub.api("GET", `/api/devices/${ID}`)).json;
    expect(view.battery).toEqual({ level: 42, charging: true });
  });

  it("a phone error is a typed DEVICE_ERROR; a call the phone is too slow for times out", async () => {
    const session = hub.app.hub.registry.requireSession(ID);
    await session.call({ pressKey: { key: pb.Key.KEY_HOME } });
    const error = await session.call({ inputText: { text: "x" } }).catch((e: unknown) => e);
    expect(isHubError(error, "DEVICE_ERROR")).toBe(true);
    const slow = await session.call({ getUi: {} }, { timeoutMs: 5 }).catch((e: unknown) => e);
    expect(isHubError(slow, "TIMEOUT")).toBe(true);
    // The late answer is dropped and the next command works.
    const ui = await session.call({ getUi: {} });
    expect(ui.result.ui?.foregroundPackage).toBe("com.android.launcher3");
  });
});
