import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FLEET_KEY, startHub, type TestHub } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";

describe("device join authentication", () => {
  let hub: TestHub;
  let port: number;
  beforeEach(async () => {
    hub = await startHub();
    port = Number(new URL(hub.baseUrl).port);
  });
  afterEach(async () => hub.close());

  it("upgrades with the fleet key and a device id", async () => {
    const line = await rawUpgrade(port, { Authorization: `Bearer ${FLEET_KEY}`, "X-Device-ID": "phone-a" });
    expect(line).toBe("HTTP/1.1 101 Switching Protocols");
  });

  it.each([
    ["a wrong key", { Authorization: "Bearer not-the-key-at-all-000000", "X-Device-ID": "phone-a" }],
    ["no key", { "X-Device-ID": "phone-a" }],
    ["no device id", { Authorization: `Bearer ${FLEET_KEY}` }],
    ["a malformed device id", { Authorization: `Bearer ${FLEET_KEY}`, "X-Device-ID": "bad id/../" }],
  ])("refuses %s with an HTTP 401 status line and no socket", async (_name, headers) => {
    const line = await rawUpgrade(port, headers);
    expect(line).toBe("HTTP/1.1 401 Unauthorized");
  });

  it("gives a secret on first join; after that only the secret can claim the device id", async () => {
    const phone = await joinPhone(hub, "phone-b");
    const secret = phone.deviceSecret;
    expect(secret).toMatch(/^dhd_/);
    // The phone spoke after Welcome (an event or a result), which confirms the binding.
    await hub.api("POST", "/api/devices/phone-b/actions", { action: "key", key: "home" });
    phone.stop();

    // Another fleet key holder tries to take over the id: refused before any upgrade.
    expect(await rawUpgrade(port, { Authorization: `Bearer ${FLEET_KEY}`, "X-Device-ID": "phone-b" })).toBe(
      "HTTP/1.1 401 Unauthorized",
    );
    // A wrong secret is refused too; the real one is accepted.
    expect(await rawUpgrade(port, { Authorization: "Bearer dhd_wrong", "X-Device-ID": "phone-b" })).toBe(
      "HTTP/1.1 401 Unauthorized",
    );
    expect(await rawUpgrade(port, { Authorization: `Bearer ${secret}`, "X-Device-ID": "phone-b" })).toBe(
      "HTTP/1.1 101 Switching Protocols",
    );
  });

  it("a phone that vanished right after Welcome keeps its id: the fleet key is refused until a reset", async () => {
    // Join, get Welcome, vanish before sending anything after it: the secret was issued all the same.
    const first = new RawPhone(hub.wsUrl, "phone-c");
    expect((await first.join()).deviceSecret).toMatch(/^dhd_/);
    first.socket.terminate();
    const second = new RawPhone(hub.wsUrl, "phone-c");
    await second.opened();
    expect(second.refused).toBe(401);
    expect((await hub.api("DELETE", "/api/devices/phone-c/enrollment")).status).toBe(200);
    const third = new RawPhone(hub.wsUrl, "phone-c");
    expect((await third.join()).deviceSecret).toMatch(/^dhd_/);
    third.socket.close();
  });

  it("a SimPhone stops retrying on 401", async () => {
    await expect(joinPhone(hub, "phone-d", {}, { fleetKey: "wrong-key-000000000000000" })).rejects.toThrow(/401/);
  });
});
