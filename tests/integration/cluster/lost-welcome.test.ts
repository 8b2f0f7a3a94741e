/**
 * A lost Welcome in a cluster: a phone enrols on hub A, its socket drops before it stores the
 * Welcome's secret, and the balancer sends its retry (with the fleet key, all it has) to hub B. The
 * unconfirmed secret lives in the shared PostgreSQL store, so B enrols the phone again with a new
 * secret; once the phone used that secret on A, neither hub takes the fleet key or the lost secret.
 * Two in-process hubs on one PostgreSQL database and one Redis (cluster mode on both).
 */
import { expect, it } from "vitest";
import { FLEET_KEY, type TestHub, until } from "../../helpers/hub.js";
import { describeInProcessCluster } from "../../helpers/in-process-cluster.js";
import { RawPhone } from "../../helpers/raw-phone.js";
import { rawUpgrade } from "../../helpers/raw-upgrade.js";

const OK = "HTTP/1.1 101 Switching Protocols";
const REFUSED = "HTTP/1.1 401 Unauthorized";

describeInProcessCluster("a lost Welcome across hubs", ["hub-a", "hub-b"], {}, (hubs) => {
  const upgrade = (hub: TestHub, key: string, deviceId: string) =>
    rawUpgrade(Number(new URL(hub.baseUrl).port), { Authorization: `Bearer ${key}`, "X-Device-ID": deviceId });

  it("hub B enrols again a phone whose Welcome from hub A was lost; then only the new secret works", async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const first = new RawPhone(a.wsUrl, "roamer");
    const lost = (await first.join()).deviceSecret!;
    expect(lost).toMatch(/^dhd_/);
    first.socket.terminate();

    const second = new RawPhone(b.wsUrl, "roamer");
    const kept = (await second.join()).deviceSecret!;
    expect(kept).toMatch(/^dhd_/);
    expect(kept).not.toBe(lost);
    second.socket.terminate();
    for (const hub of hubs) expect(await upgrade(hub, lost, "roamer")).toBe(REFUSED);

    const third = new RawPhone(a.wsUrl, "roamer", kept);
    expect((await third.join()).deviceSecret).toBe("");
    third.socket.close();
    for (const hub of hubs) {
      expect(await upgrade(hub, FLEET_KEY, "roamer")).toBe(REFUSED);
      expect(await upgrade(hub, lost, "roamer")).toBe(REFUSED);
      expect(await upgrade(hub, "dhd_wrong", "roamer")).toBe(REFUSED);
    }
    expect(await upgrade(b, kept, "roamer")).toBe(OK);
  }, 60_000);

  it("a phone that answered a command on its enrolling socket on A is not enrolled again on B", async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const phone = new RawPhone(a.wsUrl, "answerer");
    expect((await phone.join()).deviceSecret).toMatch(/^dhd_/);
    const action = a.api("POST", "/api/devices/answerer/actions", { action: "key", key: "home" });
    await until(() => phone.requests().length > 0, 10_000, "the command on the phone");
    phone.reply(phone.requests()[0]!.id, { ok: true });
    expect((await action).status).toBe(200);
    phone.socket.terminate();
    // The confirmation is written after the answer, on its own: wait for it through hub B's door.
    await until(async () => (await upgrade(b, FLEET_KEY, "answerer")) === REFUSED, 10_000, "the fleet key refused");
    expect(await upgrade(a, FLEET_KEY, "answerer")).toBe(REFUSED);
  }, 60_000);
});
