import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
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

  it("a lost Welcome: the enrolling fleet key enrols the id again until the phone uses its secret", async () => {
    const upgrade = (key: string) => rawUpgrade(port, { Authorization: `Bearer ${key}`, "X-Device-ID": "phone-c" });
    // The Welcome went out with a secret, but the socket dropped before the phone stored it.
    const first = new RawPhone(hub.wsUrl, "phone-c");
    const lost = (await first.join()).deviceSecret!;
    expect(lost).toMatch(/^dhd_/);
    first.socket.terminate();
    // (While the hub still sees that socket live, such a join waits with a 409: enrollment.test.ts.)
    await until(() => hub.app.hub.sessions.get("phone-c")?.connected === false, 5_000, "the drop seen");
    // The phone retries with what it has, the fleet key: a new secret, and the lost one stops working.
    const second = new RawPhone(hub.wsUrl, "phone-c");
    const kept = (await second.join()).deviceSecret!;
    expect(kept).toMatch(/^dhd_/);
    expect(kept).not.toBe(lost);
    second.socket.terminate();
    expect(await upgrade(lost)).toBe("HTTP/1.1 401 Unauthorized");
    // Another fleet key never enrols an id the first one enrolled, confirmed or not.
    const other = await hub.api("POST", "/api/fleet-keys", { label: "other" });
    expect(other.status).toBe(201);
    expect(await upgrade(other.json.key)).toBe("HTTP/1.1 401 Unauthorized");
    // The phone joins with its secret: from now on only that secret claims the id.
    const third = new RawPhone(hub.wsUrl, "phone-c", kept);
    expect((await third.join()).deviceSecret).toBe("");
    third.socket.close();
    expect(await upgrade(FLEET_KEY)).toBe("HTTP/1.1 401 Unauthorized");
    expect(await upgrade(lost)).toBe("HTTP/1.1 401 Unauthorized");
    expect(await upgrade("dhd_wrong")).toBe("HTTP/1.1 401 Unauthorized");
    expect(await upgrade(kept)).toBe("HTTP/1.1 101 Switching Protocols");
    // An operator's reset is still the way to enrol the id afresh.
    expect((await hub.api("DELETE", "/api/devices/phone-c/enrollment")).status).toBe(200);
    const fourth = new RawPhone(hub.wsUrl, "phone-c");
    expect((await fourth.join()).deviceSecret).toMatch(/^dhd_/);
    fourth.socket.close();
  });

  it("a SimPhone stops retrying on 401", async () => {
    await expect(joinPhone(hub, "phone-d", {}, { fleetKey: "wrong-key-000000000000000" })).rejects.toThrow(/401/);
  });
});
