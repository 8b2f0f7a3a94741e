/**
 * One takeover rule for both dialects: a join the hub authorised replaces any live session of that
 * device id, whatever its dialect; the replaced socket is closed with 4004 and its session ends.
 * A Mobilerun phone is never authorised for an id a droidhub-dialect phone holds (the id has an issued
 * secret, which the Mobilerun app cannot present), so that direction is a 401 that leaves the
 * droidhub phone alone. Before, a droidhub phone joining an online Mobilerun phone's id left the Mobilerun
 * socket open and pinged (a zombie), and the other direction answered 409 while the droidhub phone
 * had not spoken since its Welcome. Within a dialect the rule was already this one (reconnect.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ERROR_TABLE } from "../../../hub/errors/hub-error.js";
import type { FakeMobilerunApp } from "../../fakes/mobilerun-client.js";
import { FLEET_KEY, type TestHub, until } from "../../helpers/hub.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";
import { joinMobilerun, startMobilerunHub } from "./mobilerun-hub.js";

describe("one takeover rule for both dialects", () => {
  let hub: TestHub;
  const cleanups: (() => void)[] = [];
  beforeEach(async () => {
    hub = await startMobilerunHub();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    await hub.close();
  });

  function sessionsOf(deviceId: string): string[] {
    const { sessions } = hub.app.hub;
    const { directory } = hub.app.mobilerunGateway;
    return [sessions.get(deviceId) && "droidhub", directory.get(deviceId) && "mobilerun"].filter(
      (s): s is string => typeof s === "string",
    );
  }

  it("a droidhub-dialect join replaces an online Mobilerun phone: its socket closes 4004, its session ends", async () => {
    const portal: FakeMobilerunApp = await joinMobilerun(hub, "shared-1", { reconnectDelayMs: 100, latencyMs: 400 });
    cleanups.push(() => portal.stop());
    expect(hub.app.hub.heartbeat.size).toBe(1);
    // A command on the Mobilerun phone when the takeover comes fails with the takeover's reason.
    const pending = hub.api("POST", "/api/devices/shared-1/actions", { action: "key", key: "home" });
    await until(() => hub.app.mobilerunGateway.directory.get("shared-1")?.pendingCount === 1, 5000, "command sent");

    const droid = new RawPhone(hub.wsUrl, "shared-1");
    cleanups.push(() => droid.socket.terminate());
    expect((await droid.join()).deviceSecret).toMatch(/^dhd_/);

    await until(() => portal.closes.length > 0, 5000, "portal close");
    expect(portal.closes[0]?.code).toBe(ERROR_TABLE.SESSION_REPLACED.close);
    expect(portal.closes[0]?.reason).toContain("SESSION_REPLACED");
    expect((await pending).json.error.code).toBe("SESSION_REPLACED");
    expect(sessionsOf("shared-1")).toEqual(["droidhub"]);
    // The heartbeat pings only the new socket.
    await until(() => hub.app.hub.heartbeat.size === 1, 5000, "heartbeat of one");
    const { json } = await hub.api("GET", "/api/devices");
    expect(json.devices).toEqual([expect.objectContaining({ id: "shared-1", dialect: "droidhub", status: "online" })]);
    // The Mobilerun app comes back on its own and is refused for good: the id is enrolled now.
    await until(() => portal.state === "terminal", 5000, "portal refused");
    expect(portal.refusals).toEqual([401]);
    expect(sessionsOf("shared-1")).toEqual(["droidhub"]);
  });

  it("a Mobilerun join of an id online in the droidhub dialect is refused with 401; the droidhub phone goes on", async () => {
    // Online, and silent since its Welcome: the secret is issued all the same.
    const droid = new RawPhone(hub.wsUrl, "shared-2");
    cleanups.push(() => droid.socket.terminate());
    await droid.join();
    const port = Number(new URL(hub.baseUrl).port);
    for (const path of ["/v1/providers/personal/join", "/v1/providers/join"]) {
      expect(await rawUpgrade(port, { Authorization: `Bearer ${FLEET_KEY}`, "X-Device-ID": "shared-2" }, path)).toBe(
        "HTTP/1.1 401 Unauthorized",
      );
    }
    expect(sessionsOf("shared-2")).toEqual(["droidhub"]);
    expect(hub.app.hub.sessions.get("shared-2")?.connected).toBe(true);
    expect(droid.closed).toBeUndefined();
    expect(hub.app.hub.heartbeat.size).toBe(1);
  });
});
