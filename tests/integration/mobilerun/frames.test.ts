import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ERROR_TABLE, HubError } from "../../../hub/errors/hub-error.js";
import { closeReason } from "../../../hub/gateway/mobilerun-connection.js";
import { type FakeMobilerunApp, isTerminalClose } from "../../fakes/mobilerun-client.js";
import { type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { joinMobilerun, startMobilerunHub } from "./mobilerun-hub.js";

describe("Mobilerun frames", () => {
  let hub: TestHub;
  const apps: FakeMobilerunApp[] = [];
  beforeEach(async () => {
    hub = await startMobilerunHub();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) app.stop();
    await hub.close();
  });

  it("a malformed JSON frame closes only that socket (4001, no terminal words); the others keep working", async () => {
    const bad = await joinMobilerun(hub, "portal-bad", { reconnectDelayMs: 60_000 });
    const good = await joinMobilerun(hub, "portal-good");
    const droid = await joinPhone(hub, "droid-next-door");
    apps.push(bad, good);
    bad.sendRaw('{"id": "x", "status": "success", "result": ');
    await until(() => bad.closes.length > 0, 2000, "close");
    expect(bad.closes[0]!.code).toBe(ERROR_TABLE.MALFORMED_FRAME.close);
    expect(bad.closes[0]!.reason).toMatch(/^MALFORMED_FRAME/);
    expect(isTerminalClose(bad.closes[0]!.reason)).toBe(false);
    expect(bad.state).toBe("reconnecting"); // the app will come back, as it should
    expect(hub.logs.join("")).toMatch(/MALFORMED_FRAME/);
    for (const id of ["portal-good", "droid-next-door"]) {
      const tap = await hub.api("POST", `/api/devices/${id}/actions`, { action: "tap", x: 10, y: 300 });
      expect(tap.status).toBe(200);
    }
    droid.stop();
  });

  it("close reasons never carry the words that stop the app for good", () => {
    const reason = closeReason(new HubError("DEVICE_ERROR", "Bad Request: Forbidden or unauthorized ".repeat(10)));
    expect(isTerminalClose(reason)).toBe(false);
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
  });

  it.each([
    ["a JSON array", "[1, 2, 3]", ERROR_TABLE.MALFORMED_FRAME.close],
    ["an object with neither method nor id", '{"status": "success"}', ERROR_TABLE.PROTOCOL_ERROR.close],
  ])("%s closes the socket", async (_name, text, code) => {
    const app = await joinMobilerun(hub, "portal-odd", { reconnectDelayMs: 60_000 });
    apps.push(app);
    app.sendRaw(text);
    await until(() => app.closes.length > 0, 2000, "close");
    expect(app.closes[0]!.code).toBe(code);
  });

  it("a binary frame closes the socket with 4002", async () => {
    const app = await joinMobilerun(hub, "portal-binary", { reconnectDelayMs: 60_000 });
    apps.push(app);
    app.sendBinary(Uint8Array.from([1, 2, 3]));
    await until(() => app.closes.length > 0, 2000, "close");
    expect(app.closes[0]!.code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);
  });

  it("a message with a method is the phone's own, even when its id equals a pending request's", async () => {
    const app = await joinMobilerun(hub, "portal-ids");
    apps.push(app);
    app.beforeAnswer = (request) => {
      if (request.method === "state") {
        app.sendOwnRequest(request.id, "webrtc/ice", { candidate: "c", sdpMid: "0", sdpMLineIndex: 0, sessionId: "s" });
      }
    };
    const ui = await hub.api("GET", "/api/devices/portal-ids/ui");
    expect(ui.status).toBe(200);
    expect(ui.json.package).toBe("com.android.launcher3");
  });

  it("events/device notifications (no id) update the device", async () => {
    const app = await joinMobilerun(hub, "portal-events");
    apps.push(app);
    app.sendEvent("APP_ENTERED", { package: "com.example.mail", previous_package: "com.android.launcher3" });
    app.sendEvent("BATTERY_LOW", { battery_level: 9 });
    app.sendEvent("SMS_RECEIVED", { phone_number: "+1555", message: "hi" });
    await until(() => hub.app.hub.registry.get("portal-events")?.battery?.level === 9, 2000, "battery");
    const view = (await hub.api("GET", "/api/devices/portal-events")).json;
    expect(view.foreground).toEqual({ package: "com.example.mail", activity: "" });
    expect(view.status).toBe("online");
  });
});
