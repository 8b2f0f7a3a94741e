import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeMobilerunApp } from "../../fakes/mobilerun-client.js";
import { FLEET_KEY, type TestHub } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";
import { joinMobilerun, startMobilerunHub } from "./mobilerun-hub.js";

/** Sends a raw upgrade request and returns the status line the server answers with. */
function statusLine(port: number, path: string, headers: Record<string, string>): Promise<string> {
  return rawUpgrade(port, headers, path);
}

const PATHS = ["/v1/providers/personal/join", "/v1/providers/join"];

describe("Mobilerun-dialect join", () => {
  let hub: TestHub;
  let port: number;
  const apps: FakeMobilerunApp[] = [];
  beforeEach(async () => {
    hub = await startMobilerunHub();
    port = Number(new URL(hub.baseUrl).port);
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) app.stop();
    await hub.close();
  });

  it.each(PATHS)(
    "joins on %s and shows up in /api/devices with dialect, version, screen and capabilities",
    async (path) => {
      const app = await joinMobilerun(hub, "5b0c7f7e-portal-a", { deviceName: "Samsung SM-G991B" }, path);
      apps.push(app);
      const { status, json } = await hub.api("GET", "/api/devices");
      expect(status).toBe(200);
      const device = json.devices.find((d: { id: string }) => d.id === "5b0c7f7e-portal-a");
      expect(device).toMatchObject({
        status: "online",
        dialect: "mobilerun",
        model: "Samsung SM-G991B",
        portalVersion: "0.7.2",
        screen: { width: 1080, height: 2400, densityDpi: 420 },
        foreground: { package: "com.android.launcher3" },
        accessibilityEnabled: true,
      });
      expect(device.capabilities).toEqual(
        expect.arrayContaining([
          "get_ui",
          "screenshot",
          "tap",
          "long_press:swipe",
          "scroll:swipe",
          "screenshot_interval_ms:150",
        ]),
      );
      expect(device.capabilities).not.toContain("open_url");
      expect(device.capabilities).not.toContain("all_windows");
      // The hub learnt version and screen with the app's own methods, the tree filtered.
      expect(app.executed.slice(0, 2)).toEqual([
        expect.objectContaining({ method: "version" }),
        expect.objectContaining({ method: "state", params: { filter: true } }),
      ]);
      // Listed again after a hub restart: the device row carries the Mobilerun info.
      const row = hub.db.prepare("SELECT info FROM devices WHERE id = ?").get("5b0c7f7e-portal-a") as {
        info: string;
      };
      expect(JSON.parse(row.info)).toMatchObject({ dialect: "mobilerun", portalVersion: "0.7.2", country: "DE" });
    },
  );

  it("tolerates X-User-ID and X-Remote-Device-Key", async () => {
    expect(
      await statusLine(port, PATHS[0]!, {
        Authorization: `Bearer ${FLEET_KEY}`,
        "X-Device-ID": "portal-headers",
        "X-Device-Name": "Pixel",
        "X-Device-Country": "FR",
        "X-User-ID": "user-1",
        "X-Remote-Device-Key": "service-key",
      }),
    ).toBe("HTTP/1.1 101 Switching Protocols");
  });

  it.each([
    ["a wrong key", { Authorization: "Bearer not-the-fleet-key-000000", "X-Device-ID": "portal-b" }],
    ["no key", { "X-Device-ID": "portal-b" }],
    ["no device id", { Authorization: `Bearer ${FLEET_KEY}` }],
    ["a malformed device id", { Authorization: `Bearer ${FLEET_KEY}`, "X-Device-ID": "bad id/.." }],
  ])("refuses %s with an HTTP 401 status line on both paths", async (_name, headers) => {
    for (const path of PATHS) expect(await statusLine(port, path, headers)).toBe("HTTP/1.1 401 Unauthorized");
  });

  it("a Mobilerun app with a wrong key stops retrying after the 401", async () => {
    const app = new FakeMobilerunApp({
      url: `${hub.wsUrl}${PATHS[0]}`,
      token: "wrong-key-0000000000000000",
      deviceId: "portal-wrong",
      reconnectDelayMs: 50,
    });
    apps.push(app);
    await expect(app.start()).rejects.toThrow(/401/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.state).toBe("terminal");
    expect(app.refusals).toEqual([401]);
    expect(hub.logs.join("")).toMatch(/device join refused: unknown key/);
  });

  it("a device id enrolled by a droidhub-dialect phone cannot be claimed with the fleet key", async () => {
    const phone = await joinPhone(hub, "enrolled-1");
    await hub.api("POST", "/api/devices/enrolled-1/actions", { action: "key", key: "home" });
    phone.stop();
    expect(
      await statusLine(port, PATHS[0]!, { Authorization: `Bearer ${FLEET_KEY}`, "X-Device-ID": "enrolled-1" }),
    ).toBe("HTTP/1.1 401 Unauthorized");
  });
});
