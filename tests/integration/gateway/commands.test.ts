import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isHubError } from "../../../hub/errors/hub-error.js";
import { pb } from "../../../hub/protocol/codec.js";
import type { VirtualDevice } from "../../../hub/sim/device/index.js";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { startHub, type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { RawPhone } from "../../helpers/raw-phone.js";

describe("commands through the hub to a virtual phone", () => {
  let hub: TestHub;
  let phone: SimPhone;
  let device: VirtualDevice;
  beforeAll(async () => {
    hub = await startHub({ commandTimeoutMs: 2_000 });
    phone = await joinPhone(hub, "p1", { app: "login" });
    device = phone.device as VirtualDevice;
  });
  afterAll(async () => {
    phone.stop();
    await hub.close();
  });

  it("round-trips every request type through DeviceSession.call", async () => {
    const session = hub.app.hub.registry.requireSession("p1");
    const ui = await session.call({ getUi: { allWindows: true } });
    expect(ui.result.ui?.foregroundPackage).toBe("com.droidhub.login");
    const email = ui.result.ui!.nodes!.findIndex((n) => n.editable && !n.password);
    expect(email).toBeGreaterThanOrEqual(0);

    const shot = await session.call({ screenshot: { format: pb.ImageFormat.IMAGE_FORMAT_PNG, maxSide: 800 } });
    const meta = await sharp(Buffer.from(shot.result.image!.data!)).metadata();
    expect(meta.format).toBe("png");
    expect(Math.max(meta.width!, meta.height!)).toBe(800);

    const node = ui.result.ui!.nodes![email]!;
    const cx = Math.round((node.bounds!.left! + node.bounds!.right!) / 2);
    const cy = Math.round((node.bounds!.top! + node.bounds!.bottom!) / 2);
    await session.call({ tap: { x: cx, y: cy } });
    await session.call({ inputText: { text: "ann@example.com", clearFirst: true } });
    await session.call({ longPress: { x: cx, y: cy, durationMs: 700 } });
    await session.call({ swipe: { fromX: 500, fromY: 1800, toX: 500, toY: 900, durationMs: 300 } });
    await session.call({ pressKey: { key: pb.Key.KEY_HOME } });
    await session.call({ launchApp: { packageName: "com.droidhub.settings" } });
    await session.call({ scroll: { direction: pb.Direction.DIRECTION_DOWN } });
    await session.call({ openUrl: { url: "https://example.com/a" } });
    const apps = await session.call({ listApps: {} });
    expect(apps.result.apps?.apps?.map((a) => a.packageName)).toContain("com.droidhub.browser");
    const state = await session.call({ getState: {} });
    expect(state.result.state?.foregroundPackage).toBe("com.droidhub.browser");

    const kinds = device.executed.map((e) => e.kind);
    for (const kind of [
      "getUi",
      "screenshot",
      "tap",
      "inputText",
      "longPress",
      "swipe",
      "pressKey",
      "launchApp",
      "scroll",
      "openUrl",
      "listApps",
      "getState",
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  it("drives the phone through the remote-control API", async () => {
    const actions = [
      { action: "key", key: "home" },
      { action: "launch", package: "com.droidhub.login" },
      { action: "tap", x: 540, y: 900 },
      { action: "long_press", x: 540, y: 900, duration_ms: 650 },
      { action: "swipe", from_x: 500, from_y: 1500, to_x: 500, to_y: 800 },
      { action: "scroll", direction: "down" },
      { action: "key", key: "back" },
      { action: "open_url", url: "https://droidhub.dev/docs" },
    ];
    for (const action of actions) {
      const response = await hub.api("POST", "/api/devices/p1/actions", action);
      expect(response.status, JSON.stringify(action)).toBe(200);
      expect(response.json.ok).toBe(true);
      expect(typeof response.json.ms).toBe("number");
    }
    const shot = await hub.api("GET", "/api/devices/p1/screenshot?format=webp&max_side=600");
    expect(shot.status).toBe(200);
    expect(shot.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(shot.raw).metadata()).format).toBe("webp");
    const ui = await hub.api("GET", "/api/devices/p1/ui");
    expect(ui.status).toBe(200);
    expect(ui.json.package).toBe("com.droidhub.browser");
    expect(ui.json.screen).toEqual({ w: 1080, h: 2400 });
    const address = ui.json.elements.find((e: { editable: boolean }) => e.editable);
    expect(address).toMatchObject({ tag: "EditText", editable: true });
    expect(JSON.stringify(ui.json.elements)).toContain("droidhub.dev/docs");
    expect(ui.json.tree).toBeUndefined();
    const raw = await hub.api("GET", "/api/devices/p1/ui?raw=1");
    expect(raw.json.tree.nodes.length).toBeGreaterThan(ui.json.elements.length);
  });

  it("answers bad actions with 400 naming the field, before the phone sees them", async () => {
    const before = device.executed.length;
    const cases: [unknown, string][] = [
      [{ action: "tap", x: 5 }, "y"],
      [{ action: "tap", x: -1, y: 5 }, "x"],
      [{ action: "tap", x: 5000, y: 5 }, "x"],
      [{ action: "fly" }, "action"],
      [{ action: "key", key: "volume_up" }, "key"],
      [{ action: "open_url", url: "not a url" }, "url"],
      [{ action: "launch", package: "x" }, "package"],
      [{ action: "tap", x: 1, y: 1, extra: true }, ""],
    ];
    for (const [body, field] of cases) {
      const response = await hub.api("POST", "/api/devices/p1/actions", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.code).toBe("INVALID_BODY");
      if (field) expect(response.json.error.details.field).toBe(field);
    }
    expect(device.executed.length).toBe(before);
  });

  it("shows what the phone announced on joining: app, battery, network", async () => {
    await until(() => hub.app.hub.registry.get("p1")?.battery !== undefined, 3000, "announcement");
    const view = (await hub.api("GET", "/api/devices/p1")).json;
    expect(view.battery).toEqual({ level: 87, charging: false });
    expect(view.network).toBe("wifi");
    expect(view.screenOn).toBe(true);
    expect(view.accessibilityEnabled).toBe(true);
    expect(view.foreground.package).toMatch(/^com\.droidhub\./);
  });

  it("exposes fleet gauges at /metrics behind the operator key", async () => {
    const metrics = await hub.api("GET", "/metrics");
    expect(metrics.status).toBe(200);
    expect(metrics.raw.toString()).toMatch(/^droidhub_devices\{status="online"\} 1$/m);
    expect(metrics.raw.toString()).toMatch(/^droidhub_connected_devices\{dialect="droidhub"\} 1$/m);
    expect((await hub.api("GET", "/metrics", undefined, "wrong-key-0000000000000")).status).toBe(401);
  });

  it("maps device-side failures to typed errors", async () => {
    const response = await hub.api("POST", "/api/devices/p1/actions", { action: "launch", package: "com.no.such" });
    expect(response.status).toBe(502);
    expect(response.json.error.code).toBe("DEVICE_ERROR");
    expect(response.json.error.details.deviceCode).toBe("ERROR_CODE_APP_NOT_FOUND");
  });

  it("returns 409 while the device is leased, 404 for an unknown id", async () => {
    hub.app.hub.registry.acquire("p1", "run-42");
    try {
      const busy = await hub.api("POST", "/api/devices/p1/actions", { action: "key", key: "home" });
      expect(busy.status).toBe(409);
      expect(busy.json.error.code).toBe("DEVICE_BUSY");
      expect((await hub.api("GET", "/api/devices/p1")).json.status).toBe("busy");
    } finally {
      hub.app.hub.registry.release("p1", "run-42");
    }
    const missing = await hub.api("POST", "/api/devices/ghost/actions", { action: "key", key: "home" });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("DEVICE_NOT_FOUND");
  });

  it("keeps call order under concurrent calls", async () => {
    const session = hub.app.hub.registry.requireSession("p1");
    const start = device.executed.length;
    const points = Array.from({ length: 30 }, (_, i) => ({ x: 100 + i * 20, y: 2300 }));
    await Promise.all(points.map((p) => session.call({ tap: p })));
    const taps = device.executed.slice(start).map((e) => e.detail);
    expect(taps).toEqual(points.map((p) => `${p.x},${p.y}`));
  });

  it("rejects calls beyond the in-flight limit with TOO_MANY_IN_FLIGHT", async () => {
    const session = hub.app.hub.sessions.get("p1")!;
    expect(session.pendingCount).toBe(0);
    const calls = Array.from({ length: 40 }, () =>
      session.call({ getState: {} }).then(
        () => "ok",
        (e) => e,
      ),
    );
    const outcomes = await Promise.all(calls);
    const refused = outcomes.filter((o) => isHubError(o, "TOO_MANY_IN_FLIGHT"));
    expect(refused.length).toBe(40 - 32);
    expect(outcomes.filter((o) => o === "ok").length).toBe(32);
  });
});

describe("timeouts and offline devices", () => {
  it("times out a command the phone never answers (504) and drops its late answer", async () => {
    const hub = await startHub({ commandTimeoutMs: 300 });
    try {
      const phone = new RawPhone(hub.wsUrl, "slow");
      await phone.join();
      const response = await hub.api("POST", "/api/devices/slow/actions", { action: "tap", x: 1, y: 1 });
      expect(response.status).toBe(504);
      expect(response.json.error.code).toBe("TIMEOUT");
      // The late answer is ignored and the next command works.
      const late = phone.requests()[0]!;
      phone.reply(late.id, { ok: true });
      const next = hub.api("POST", "/api/devices/slow/actions", { action: "key", key: "back" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = phone.requests()[1]!;
      expect(second.pressKey?.key).toBe(pb.Key.KEY_BACK);
      phone.reply(second.id, { ok: true });
      expect((await next).status).toBe(200);
      expect(hub.logs.join("")).not.toMatch(/unknown request id/);
    } finally {
      await hub.close();
    }
  });

  it("aborts a queued command through its AbortSignal without sending it", async () => {
    const hub = await startHub({ commandTimeoutMs: 5_000 });
    try {
      const phone = new RawPhone(hub.wsUrl, "abort");
      await phone.join();
      const session = hub.app.hub.registry.requireSession("abort");
      const first = session.call({ tap: { x: 1, y: 1 } });
      const controller = new AbortController();
      const second = session.call({ tap: { x: 2, y: 2 } }, { signal: controller.signal });
      controller.abort();
      await expect(second).rejects.toMatchObject({ code: "ABORTED" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      phone.reply(phone.requests()[0]!.id, { ok: true });
      await first;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(phone.requests().length).toBe(1);
    } finally {
      await hub.close();
    }
  });

  it("returns 503 for a device that left and did not come back in the grace window", async () => {
    const hub = await startHub({ resumeGraceMs: 50 });
    try {
      const phone = new RawPhone(hub.wsUrl, "gone");
      await phone.join();
      phone.socket.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const response = await hub.api("POST", "/api/devices/gone/actions", { action: "key", key: "home" });
      expect(response.status).toBe(503);
      expect(response.json.error.code).toBe("DEVICE_OFFLINE");
    } finally {
      await hub.close();
    }
  });
});
