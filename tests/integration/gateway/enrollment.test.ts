/**
 * Enrolment cannot be stolen: once the hub has issued a device secret, only that secret claims the
 * id, however fast a second fleet-key holder is; an operator resets a device's enrolment
 * (DELETE /api/devices/:id/enrollment, `droidhub devices reset-enrollment`) so a wiped phone can
 * enrol again. Before, a fleet-key holder who joined after Welcome but before the phone's first
 * frame got a fresh secret and locked the real phone out for good.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { devicesCommand } from "../../../hub/cli/devices.js";
import { ERROR_TABLE } from "../../../hub/errors/hub-error.js";
import { SqliteCredentials } from "../../../hub/store/credentials.js";
import { ENROLMENT_MIGRATION, MIGRATIONS, openDatabase } from "../../../hub/store/database.js";
import { hashKey } from "../../../hub/util/secrets.js";
import { API_KEY, FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { captureOutput } from "../../helpers/output.js";
import { joinPhone } from "../../helpers/phones.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";
import { joinMobilerun } from "../mobilerun/mobilerun-hub.js";

describe("enrolment", () => {
  let hub: TestHub;
  let port: number;
  const sockets: RawPhone[] = [];
  beforeEach(async () => {
    hub = await startHub();
    port = Number(new URL(hub.baseUrl).port);
  });
  afterEach(async () => {
    for (const phone of sockets.splice(0)) phone.socket.terminate();
    await hub.close();
  });

  function phone(deviceId: string, key: string = FLEET_KEY): RawPhone {
    const raw = new RawPhone(hub.wsUrl, deviceId, key);
    sockets.push(raw);
    return raw;
  }

  const upgrade = (deviceId: string, key: string) =>
    rawUpgrade(port, { Authorization: `Bearer ${key}`, "X-Device-ID": deviceId });

  it("a fleet-key holder joining after Welcome, before the phone's first frame, waits (409); the phone keeps its id", async () => {
    const real = phone("victim");
    const secret = (await real.join()).deviceSecret!;
    expect(secret).toMatch(/^dhd_/);
    // The real phone has not sent a frame since Welcome: the thief tries now. While the phone's socket
    // is live its Welcome may not be lost, so the enrolling key's lost-Welcome rule waits.
    expect(await upgrade("victim", FLEET_KEY)).toBe("HTTP/1.1 409 Conflict");
    const thief = phone("victim");
    await thief.opened();
    expect(thief.refused).toBe(409);

    real.socket.terminate();
    await until(() => hub.app.hub.sessions.get("victim")?.connected === false);
    const back = phone("victim", secret);
    expect((await back.join()).deviceSecret).toBe("");
    expect((await hub.api("GET", "/api/devices/victim")).json.status).toBe("online");
  });

  it("of two fleet-key sockets that both upgraded, only the first Hello gets a secret; the second closes 1008", async () => {
    const first = phone("raced");
    const second = phone("raced");
    await first.opened();
    await second.opened();
    const secret = (await first.join()).deviceSecret!;
    second.send({ id: 1, hello: { deviceId: "raced", protocolVersion: 1 } });
    const closed = await second.waitClosed();
    expect(closed.code).toBe(ERROR_TABLE.UNAUTHORIZED.close);
    expect(closed.reason).toContain("UNAUTHORIZED");
    expect(second.received.some((e) => e.body === "welcome")).toBe(false);
    // The first phone's session and secret are untouched.
    expect(hub.app.hub.sessions.get("raced")?.connected).toBe(true);
    expect(await upgrade("raced", secret)).toBe("HTTP/1.1 101 Switching Protocols");
  });

  it("after a reset the fleet key enrols the id again with a new secret; the old one is refused", async () => {
    const old = phone("wiped");
    const oldSecret = (await old.join()).deviceSecret!;
    old.socket.close();
    await until(() => hub.app.hub.sessions.get("wiped")?.connected === false);

    const reset = await hub.api("DELETE", "/api/devices/wiped/enrollment");
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ id: "wiped", reset: true, disconnected: false });
    expect(await upgrade("wiped", oldSecret)).toBe("HTTP/1.1 401 Unauthorized");

    const again = phone("wiped");
    const newSecret = (await again.join()).deviceSecret!;
    expect(newSecret).toMatch(/^dhd_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(await upgrade("wiped", newSecret)).toBe("HTTP/1.1 101 Switching Protocols");
  });

  it("resetting a connected phone ends its session and closes its socket with 1008", async () => {
    const live = phone("connected");
    await live.join();
    expect(hub.app.hub.heartbeat.size).toBe(1);
    const reset = await hub.api("DELETE", "/api/devices/connected/enrollment");
    expect(reset.json).toEqual({ id: "connected", reset: true, disconnected: true });
    const closed = await live.waitClosed();
    expect(closed.code).toBe(ERROR_TABLE.UNAUTHORIZED.close);
    expect(closed.reason).toBe("UNAUTHORIZED: the device's enrolment was reset");
    expect(hub.app.hub.sessions.get("connected")).toBeUndefined();
    expect((await hub.api("GET", "/api/devices/connected")).json.status).toBe("offline");
    await until(() => hub.app.hub.heartbeat.size === 0);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await hub.api("DELETE", "/api/devices/nobody/enrollment");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe("DEVICE_NOT_FOUND");
    expect((await hub.api("DELETE", "/api/devices/-x/enrollment")).status).toBe(400);
  });

  it("a Mobilerun-dialect phone's row holds no issued secret: a droidhub phone may enrol that id later", async () => {
    Object.assign(hub.app.mobilerunGateway.options, { settleMs: 60, screenshotIntervalMs: 150 });
    const portal = await joinMobilerun(hub, "portal-then-droid", { reconnectDelayMs: 60_000 });
    portal.stop();
    await until(() => hub.app.mobilerunGateway.directory.get("portal-then-droid")?.connected === false);
    const droid = phone("portal-then-droid");
    expect((await droid.join()).deviceSecret).toMatch(/^dhd_/);
    // From now on the id is enrolled: the Mobilerun app, which cannot hold a secret, is refused.
    expect(
      await rawUpgrade(
        port,
        { Authorization: `Bearer ${FLEET_KEY}`, "X-Device-ID": "portal-then-droid" },
        "/v1/providers/personal/join",
      ),
    ).toBe("HTTP/1.1 401 Unauthorized");
  });

  it("droidhub devices reset-enrollment ID resets through a real hub and explains a failure", async () => {
    const enrolled = await joinPhone(hub, "cli-phone");
    const output = captureOutput();
    const code = await devicesCommand(
      ["reset-enrollment", "cli-phone", "--hub", hub.baseUrl, "--key", API_KEY],
      output.out,
    );
    expect(code).toBe(0);
    expect(output.text()).toBe(
      "cli-phone: enrolment reset; the phone was disconnected and can enrol again with a fleet key\n",
    );
    await until(() => enrolled.state === "refused", 5000, "the old secret refused");
    enrolled.stop();
    await expect(
      devicesCommand(["reset-enrollment", "nobody", "--hub", hub.baseUrl, "--key", API_KEY], output.out),
    ).rejects.toThrow("DEVICE_NOT_FOUND: unknown device nobody");
    const help = captureOutput();
    expect(await devicesCommand(["--help"], help.out)).toBe(0);
    expect(help.text()).toContain("devices reset-enrollment ID");
    expect(help.text()).toContain("--key KEY");
  });
});

describe("enrolment in a database from before issued secrets counted", () => {
  it("rows the Mobilerun dialect made hold no secret; droidhub-dialect rows keep theirs, confirmed or not", async () => {
    const db = openDatabase(":memory:");
    // Rows as the hub wrote them before: every row had a random secret hash, confirmed or not.
    const insert = db.prepare(
      `INSERT INTO devices (id, secret_hash, secret_confirmed, tags, info, first_seen_at, last_seen_at)
       VALUES (?, ?, ?, '[]', ?, 0, 0)`,
    );
    insert.run("portal-probed", hashKey("never-given-1"), 0, JSON.stringify({ dialect: "portal" }));
    insert.run("portal-unprobed", hashKey("never-given-2"), 0, "{}");
    insert.run("droid-unconfirmed", hashKey("dhd_a"), 0, JSON.stringify({ dialect: "droidhub" }));
    insert.run("droid-confirmed", hashKey("dhd_b"), 1, JSON.stringify({ dialect: "droidhub" }));
    // What openDatabase applies once to such a database (the migration runner itself is generic).
    expect(MIGRATIONS).toContain(ENROLMENT_MIGRATION);
    db.exec(ENROLMENT_MIGRATION);

    const credentials = new SqliteCredentials(db);
    expect((await credentials.getDevice("portal-probed"))?.secretHash).toBeUndefined();
    expect((await credentials.getDevice("portal-unprobed"))?.secretHash).toBeUndefined();
    expect((await credentials.getDevice("droid-unconfirmed"))?.secretHash).toBe(hashKey("dhd_a"));
    expect((await credentials.getDevice("droid-confirmed"))?.secretHash).toBe(hashKey("dhd_b"));
    db.close();
  });
});
