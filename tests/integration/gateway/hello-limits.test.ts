/**
 * A Hello over a limit closes with 4002 and a reason naming the field, and nothing of it is stored:
 * no devices row, no registry entry, nothing in GET /api/devices. Before the limits, five Hellos with
 * 8 MB strings put 62.7 MB into the devices table and into every GET /api/devices.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_LIMITS } from "../../../hub/devices/device-limits.js";
import { ERROR_TABLE } from "../../../hub/errors/hub-error.js";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { startHub, type TestHub, until } from "../../helpers/hub.js";
import { RawPhone } from "../../helpers/raw-phone.js";

const TEXT = DEVICE_LIMITS.textChars;
const long = (chars: number) => "x".repeat(chars);

describe("bounded Hello", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(async () => hub.close());

  /** Whether the devices table and the registry hold anything of `deviceId`. */
  function stored(deviceId: string): { rows: number; listed: boolean } {
    const row = hub.db.prepare("SELECT COUNT(*) AS n FROM devices WHERE id = ?").get(deviceId) as { n: number };
    return { rows: row.n, listed: hub.app.hub.registry.get(deviceId) !== undefined };
  }

  it.each<[string, string, droidhub.v1.IHello]>([
    ["manufacturer", "manufacturer", { manufacturer: long(TEXT + 1) }],
    ["model", "model", { model: long(TEXT + 1) }],
    ["portalVersion", "portalVersion", { portalVersion: long(TEXT + 1) }],
    ["a capability", "capabilities[1]", { capabilities: ["tap", long(TEXT + 1)] }],
    [
      "the number of capabilities",
      "capabilities",
      { capabilities: Array.from({ length: DEVICE_LIMITS.capabilities + 1 }, (_, i) => `c${i}`) },
    ],
    [
      "the number of cached result ids",
      "cachedResultIds",
      { cachedResultIds: Array.from({ length: DEVICE_LIMITS.cachedResultIds + 1 }, (_, i) => i + 1) },
    ],
    ["resumeToken", "resumeToken", { resumeToken: long(TEXT + 1) }],
  ])("%s over its limit → close 4002 naming %s, nothing stored", async (name, field, hello) => {
    const deviceId = `big-${name.replace(/\W+/g, "-")}`;
    const phone = new RawPhone(hub.wsUrl, deviceId);
    await phone.opened();
    phone.send({ id: 1, hello: { deviceId, protocolVersion: 1, model: "Raw", ...hello } });
    const closed = await phone.waitClosed(10_000);
    expect(closed.code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);
    expect(closed.reason).toContain(`PROTOCOL_ERROR: ${field} has`);
    expect(phone.received.some((e) => e.body === "welcome")).toBe(false);
    expect(stored(deviceId)).toEqual({ rows: 0, listed: false });
    const list = await hub.api("GET", "/api/devices");
    expect(list.json.devices.map((d: { id: string }) => d.id)).not.toContain(deviceId);
    expect(list.raw.length).toBeLessThan(64 * 1024);
  });

  it("GET /api/devices lists a phone at every limit as sent, and nothing of five with 8 MB strings", async () => {
    const atLimit = new RawPhone(hub.wsUrl, "at-limit");
    const capabilities = Array.from({ length: DEVICE_LIMITS.capabilities }, (_, i) => `${i}`.padEnd(TEXT, "c"));
    const welcome = await atLimit.join({
      manufacturer: long(TEXT),
      model: long(TEXT),
      portalVersion: long(TEXT),
      capabilities,
      cachedResultIds: Array.from({ length: DEVICE_LIMITS.cachedResultIds }, (_, i) => i + 1),
      resumeToken: long(TEXT),
    });
    expect(welcome.deviceSecret).toMatch(/^dhd_/);
    const device = (await hub.api("GET", "/api/devices/at-limit")).json;
    expect(device.manufacturer).toHaveLength(TEXT);
    expect(device.capabilities).toEqual(capabilities);
    atLimit.socket.close();

    const big = Array.from({ length: 5 }, (_, i) => new RawPhone(hub.wsUrl, `huge-${i}`));
    for (const phone of big) {
      await phone.opened();
      phone.send({ id: 1, hello: { deviceId: phone.deviceId, protocolVersion: 1, model: long(8 * 1024 * 1024) } });
    }
    for (const phone of big) expect((await phone.waitClosed(20_000)).code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);
    const list = await hub.api("GET", "/api/devices");
    expect(list.raw.length).toBeLessThan(64 * 1024);
    expect(hub.db.prepare("SELECT COUNT(*) AS n FROM devices WHERE id LIKE 'huge-%'").get()).toEqual({ n: 0 });
  });

  it("an event whose foreground app name is over the limit → close 4002, the registry keeps the last good one", async () => {
    const phone = new RawPhone(hub.wsUrl, "event-big");
    await phone.join();
    phone.send({ id: 0, event: { foreground: { packageName: "com.example.ok", activity: ".Main" } } });
    await until(() => hub.app.hub.registry.get("event-big")?.foreground?.package === "com.example.ok");
    phone.send({ id: 0, event: { foreground: { packageName: long(TEXT + 1), activity: "" } } });
    const closed = await phone.waitClosed();
    expect(closed.code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);
    expect(closed.reason).toContain("foreground.packageName has");
    expect((await hub.api("GET", "/api/devices/event-big")).json.foreground.package).toBe("com.example.ok");
  });
});
