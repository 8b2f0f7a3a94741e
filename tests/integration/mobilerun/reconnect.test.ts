import { afterEach, describe, expect, it } from "vitest";
import { isHubError } from "../../../hub/errors/hub-error.js";
import { type FakeMobilerunApp, isTerminalClose } from "../../fakes/mobilerun-client.js";
import { type TestHub, until } from "../../helpers/hub.js";
import { joinMobilerun, startMobilerunHub } from "./mobilerun-hub.js";

describe("a Mobilerun phone across drops and reconnects", () => {
  let hub: TestHub | undefined;
  const apps: FakeMobilerunApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) app.stop();
    await hub?.close();
    hub = undefined;
  });

  const status = async (id: string) => (await hub!.api("GET", `/api/devices/${id}`)).json.status;

  it("survives a network drop: offline during the gap, the same session after the fixed-delay reconnect", async () => {
    hub = await startMobilerunHub();
    const app = await joinMobilerun(hub, "portal-drop", { reconnectDelayMs: 300 });
    apps.push(app);
    const sessionId = hub.app.hub.registry.get("portal-drop")!.session!.sessionId;
    app.drop();
    await until(() => app.state === "reconnecting", 2000, "drop noticed");
    await until(() => hub!.app.hub.registry.get("portal-drop")?.session?.connected === false, 2000, "hub noticed");
    expect(await status("portal-drop")).toBe("offline");
    // A command sent during the gap waits for the phone and runs once it is back.
    const tap = await hub.api("POST", "/api/devices/portal-drop/actions", { action: "tap", x: 10, y: 20 });
    expect(tap.status).toBe(200);
    expect(app.connects).toBe(2);
    expect(app.executed.filter((e) => e.method === "tap")).toHaveLength(1);
    expect(await status("portal-drop")).toBe("online");
    expect(hub.app.hub.registry.get("portal-drop")!.session!.sessionId).toBe(sessionId);
    const ui = await hub.api("GET", "/api/devices/portal-drop/ui");
    expect(ui.status).toBe(200);
  });

  it("a drop while a command is on the phone fails that command with DEVICE_OFFLINE (it may have run)", async () => {
    hub = await startMobilerunHub();
    const app = await joinMobilerun(hub, "portal-mid", { reconnectDelayMs: 100 });
    apps.push(app);
    app.beforeAnswer = (request) => {
      if (request.method === "swipe") app.drop();
    };
    const session = hub.app.hub.registry.requireSession("portal-mid");
    const error = await session.call({ swipe: { fromX: 1, fromY: 2, toX: 3, toY: 4 } }).catch((e: unknown) => e);
    expect(isHubError(error, "DEVICE_OFFLINE")).toBe(true);
    expect((error as { details: Record<string, unknown> }).details).toMatchObject({
      mayHaveRun: true,
      method: "swipe",
    });
    app.beforeAnswer = undefined;
    await app.waitForConnects(2);
    const ok = await session.call({ tap: { x: 5, y: 5 } });
    expect(ok.result.ok).toBe(true);
    expect(app.executed.filter((e) => e.method === "swipe")).toHaveLength(1);
  });

  it("a phone gone longer than the grace window ends its session; the next join starts a new one", async () => {
    hub = await startMobilerunHub({ resumeGraceMs: 150 });
    const first = await joinMobilerun(hub, "portal-gone");
    const sessionId = hub.app.hub.registry.get("portal-gone")!.session!.sessionId;
    first.stop();
    await until(() => hub!.app.hub.registry.get("portal-gone")?.session === undefined, 3000, "session end");
    expect(await status("portal-gone")).toBe("offline");
    const second = await joinMobilerun(hub, "portal-gone");
    apps.push(second);
    expect(hub.app.hub.registry.get("portal-gone")!.session!.sessionId).not.toBe(sessionId);
    expect(await status("portal-gone")).toBe("online");
  });

  it("a second connection with the same device id replaces the first without a terminal close", async () => {
    hub = await startMobilerunHub();
    const first = await joinMobilerun(hub, "portal-twin", { reconnectDelayMs: 60_000 });
    const second = await joinMobilerun(hub, "portal-twin");
    apps.push(first, second);
    await until(() => first.closes.length > 0, 2000, "first closed");
    expect(first.closes[0]!.code).toBe(4004);
    expect(isTerminalClose(first.closes[0]!.reason)).toBe(false);
    const tap = await hub.api("POST", "/api/devices/portal-twin/actions", { action: "tap", x: 1, y: 1 });
    expect(tap.status).toBe(200);
    expect(second.executed.some((e) => e.method === "tap")).toBe(true);
  });

  it("the heartbeat ends a Mobilerun socket that stops answering pings", async () => {
    hub = await startMobilerunHub({ heartbeatMs: 60, missedPongs: 2 });
    const app = await joinMobilerun(hub, "portal-mute", { reconnectDelayMs: 60_000 });
    apps.push(app);
    app.mutePongs();
    await until(() => hub!.app.hub.heartbeat.size === 0, 3000, "heartbeat termination");
    expect(await status("portal-mute")).toBe("offline");
    expect(hub.logs.join("")).toMatch(/HEARTBEAT_TIMEOUT/);
  });

  it("hub shutdown closes with 1001 and a reason the app does not treat as terminal", async () => {
    hub = await startMobilerunHub();
    const app = await joinMobilerun(hub, "portal-bye", { reconnectDelayMs: 60_000 });
    apps.push(app);
    await hub.close();
    hub = undefined;
    await until(() => app.closes.length > 0, 2000, "close");
    expect(app.closes[0]!.code).toBe(1001);
    expect(app.closes[0]!.reason).toMatch(/^SHUTTING_DOWN/);
    expect(app.state).toBe("reconnecting");
  });
});
