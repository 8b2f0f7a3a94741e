/**
 * What a Mobilerun-dialect phone says about itself is bounded like a Hello: headers over a limit are
 * refused before any upgrade (401), and a version answer, a foreground app or an event over a limit
 * closes the socket with 4002 naming the field, the value stored nowhere.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEVICE_LIMITS } from "../../../hub/devices/device-limits.js";
import { ERROR_TABLE } from "../../../hub/errors/hub-error.js";
import { FakeMobilerunApp } from "../../fakes/mobilerun-client.js";
import { FLEET_KEY, type TestHub, until } from "../../helpers/hub.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";
import { joinMobilerun, startMobilerunHub } from "./mobilerun-hub.js";

const PATH = "/v1/providers/personal/join";
const OVER = "y".repeat(DEVICE_LIMITS.textChars + 1);

describe("bounded Mobilerun-dialect phones", () => {
  let hub: TestHub;
  const apps: FakeMobilerunApp[] = [];
  beforeEach(async () => {
    hub = await startMobilerunHub();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) app.stop();
    await hub.close();
  });

  /** Everything the hub keeps about phones: the devices table and GET /api/devices. */
  async function keptText(): Promise<string> {
    const rows = JSON.stringify(hub.db.prepare("SELECT * FROM devices").all());
    return rows + (await hub.api("GET", "/api/devices")).raw.toString();
  }

  it.each([
    ["X-Device-Name", { "X-Device-ID": "portal-name", "X-Device-Name": OVER }, "X-Device-Name has 257 characters"],
    ["X-Device-Country", { "X-Device-ID": "portal-country", "X-Device-Country": OVER }, "X-Device-Country has 257"],
    ["X-Device-ID", { "X-Device-ID": `portal-${"i".repeat(200)}` }, "missing or malformed X-Device-ID header"],
  ])("%s over its limit → 401 before any upgrade, nothing stored", async (_field, headers, logged) => {
    const port = Number(new URL(hub.baseUrl).port);
    expect(await rawUpgrade(port, { Authorization: `Bearer ${FLEET_KEY}`, ...headers }, PATH)).toBe(
      "HTTP/1.1 401 Unauthorized",
    );
    expect(hub.app.hub.registry.size).toBe(0);
    expect(hub.db.prepare("SELECT COUNT(*) AS n FROM devices").get()).toEqual({ n: 0 });
    expect(hub.logs.join("")).toContain(`device join refused: ${logged}`);
  });

  async function closedApp(options: { version?: string; foreground?: string }): Promise<FakeMobilerunApp> {
    const app = new FakeMobilerunApp({
      url: `${hub.wsUrl}${PATH}`,
      token: FLEET_KEY,
      deviceId: "portal-big",
      reconnectDelayMs: 60_000,
      ...(options.version ? { version: options.version } : {}),
    });
    if (options.foreground) app.package = options.foreground;
    apps.push(app);
    await app.start();
    await until(() => app.closes.length > 0, 5000, "close");
    return app;
  }

  it("a version answer over the limit → close 4002 naming portalVersion, stored nowhere", async () => {
    const app = await closedApp({ version: OVER });
    expect(app.closes[0]?.code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);
    expect(app.closes[0]?.reason).toContain("portalVersion has 257 characters");
    expect(await keptText()).not.toContain(OVER);
  });

  it("a foreground app over the limit in the first state answer → close 4002, stored nowhere", async () => {
    const app = await closedApp({ foreground: OVER });
    expect(app.closes[0]?.code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);
    expect(app.closes[0]?.reason).toContain("foreground.packageName has");
    expect(await keptText()).not.toContain(OVER);
  });

  it("an event over the limit → close 4002, the registry keeps the last good foreground app", async () => {
    const app = await joinMobilerun(hub, "portal-event", { reconnectDelayMs: 60_000 });
    apps.push(app);
    app.sendEvent("APP_ENTERED", { package: "com.example.ok" });
    await until(() => hub.app.hub.registry.get("portal-event")?.foreground?.package === "com.example.ok");
    app.sendEvent("APP_ENTERED", { package: OVER });
    await until(() => app.closes.length > 0, 5000, "close");
    expect(app.closes[0]).toMatchObject({ code: ERROR_TABLE.PROTOCOL_ERROR.close });
    expect(app.closes[0]?.reason).toContain("foreground.packageName has");
    expect(hub.app.hub.registry.get("portal-event")?.foreground?.package).toBe("com.example.ok");
    expect(await keptText()).not.toContain(OVER);
  });
});
