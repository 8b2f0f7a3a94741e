/**
 * Phones and keys: what the hub remembers of a phone (devices/ports.ts), its enrolment and the fleet
 * keys it joins with (gateway/ports.ts), and the operator keys every API request is checked against
 * (api/ports.ts) — the lookup answering from memory, a revocation taking effect at once.
 */
import { describe, expect, it } from "vitest";
import type { DeviceInfo } from "../../hub/devices/types.js";
import { hashKey } from "../../hub/util/secrets.js";
import type { StoreFactory } from "./harness.js";

const info: DeviceInfo = {
  dialect: "droidhub",
  portalVersion: "1.2.3",
  protocolVersion: 1,
  manufacturer: "Acme",
  model: "Phone 9",
  sdkInt: 34,
  screen: { width: 1080, height: 2400, densityDpi: 420, rotation: 0 },
  capabilities: ["tap", "screenshot"],
};

export function deviceContract(open: StoreFactory): void {
  describe("devices and their enrolment", () => {
    it("issues a phone's secret once, until its enrolment is reset", async () => {
      const { stores } = await open();
      const key = await stores.credentials.ensureFleetKey("fleet-key-0123456789", "bootstrap", ["ru"]);
      const secret = await stores.credentials.issueDeviceSecret("p1", key.id, ["ru", "bank"]);
      expect(secret).toMatch(/^dhd_/);
      expect(await stores.credentials.issueDeviceSecret("p1", key.id, [])).toBeUndefined();
      expect(await stores.credentials.getDevice("p1")).toEqual({
        id: "p1",
        secretHash: hashKey(secret!),
        secretConfirmed: false,
        tags: ["ru", "bank"],
        fleetKeyId: key.id,
      });
      expect(await stores.credentials.resetEnrollment("p1")).toBe(true);
      expect((await stores.credentials.getDevice("p1"))?.secretHash).toBeUndefined();
      const again = await stores.credentials.issueDeviceSecret("p1", key.id, []);
      expect(again).toMatch(/^dhd_/);
      expect(again).not.toBe(secret);
      expect(await stores.credentials.resetEnrollment("no-such-phone")).toBe(false);
      expect(await stores.credentials.getDevice("no-such-phone")).toBeUndefined();
    });

    it("counts enrolments against a key's limits in the same unit: a spent key enrols no one more", async () => {
      const { stores } = await open();
      const keys = stores.credentials;
      const { record: once } = await keys.createFleetKey("qr", ["qr"], { maxUses: 1 });
      expect(once).toMatchObject({ maxUses: 1, uses: 0, expiresAt: null });
      expect(await keys.issueDeviceSecret("first", once.id, [])).toMatch(/^dhd_/);
      // The second of two phones that both passed the join check loses the race, with nothing stored.
      await expect(keys.issueDeviceSecret("second", once.id, [])).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(keys.addDevice("portal", once.id, [])).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      expect(await keys.getDevice("second")).toBeUndefined();
      expect(await keys.getDevice("portal")).toBeUndefined();
      // An id that already holds a secret takes no use: the answer is "already enrolled".
      expect(await keys.issueDeviceSecret("first", once.id, [])).toBeUndefined();
      expect((await keys.listFleetKeys()).find((k) => k.id === once.id)).toMatchObject({ uses: 1, maxUses: 1 });
      const { record: stale } = await keys.createFleetKey("stale", [], { expiresAt: Date.now() - 1 });
      expect(stale.expiresAt).not.toBeNull();
      await expect(keys.issueDeviceSecret("late", stale.id, [])).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    });

    it("a lost Welcome: the enrolling key replaces an unconfirmed secret, once per secret; a confirmed one never", async () => {
      const { stores } = await open();
      const keys = stores.credentials;
      const { record: once } = await keys.createFleetKey("qr", [], { maxUses: 1 });
      const { record: other } = await keys.createFleetKey("other");
      const first = await keys.issueDeviceSecret("p1", once.id, ["lab"]);
      // Another key, or a hash that is not the id's unconfirmed secret, replaces nothing.
      expect(await keys.reissueDeviceSecret("p1", other.id, hashKey(first!))).toBeUndefined();
      expect(await keys.reissueDeviceSecret("p1", once.id, hashKey("dhd_wrong"))).toBeUndefined();
      expect(await keys.reissueDeviceSecret("nobody", once.id, hashKey(first!))).toBeUndefined();
      // The same enrolment: a single-use key that is used up still completes it, and no use is counted.
      const second = await keys.reissueDeviceSecret("p1", once.id, hashKey(first!));
      expect(second).toMatch(/^dhd_/);
      expect(second).not.toBe(first);
      expect(await keys.getDevice("p1")).toEqual({
        id: "p1",
        secretHash: hashKey(second!),
        secretConfirmed: false,
        tags: ["lab"],
        fleetKeyId: once.id,
      });
      expect((await keys.listFleetKeys()).find((k) => k.id === once.id)).toMatchObject({ uses: 1 });
      // The replaced secret is gone: a second join that saw it loses.
      expect(await keys.reissueDeviceSecret("p1", once.id, hashKey(first!))).toBeUndefined();
      // Confirming a secret that is not the id's changes nothing; the right one confirms it for good.
      await keys.confirmDeviceSecret("p1", hashKey(first!));
      expect((await keys.getDevice("p1"))?.secretConfirmed).toBe(false);
      await keys.confirmDeviceSecret("p1", hashKey(second!));
      await keys.confirmDeviceSecret("p1", hashKey(second!));
      expect(await keys.getDevice("p1")).toMatchObject({ secretHash: hashKey(second!), secretConfirmed: true });
      expect(await keys.reissueDeviceSecret("p1", once.id, hashKey(second!))).toBeUndefined();
    });

    it("keeps a secret-less record for a Mobilerun phone, and leaves an existing record alone", async () => {
      const { stores } = await open();
      const key = await stores.credentials.ensureFleetKey("fleet-key-0123456789");
      await stores.credentials.addDevice("portal-1", key.id, ["portal"]);
      expect(await stores.credentials.getDevice("portal-1")).toEqual({
        id: "portal-1",
        secretHash: undefined,
        secretConfirmed: false,
        tags: ["portal"],
        fleetKeyId: key.id,
      });
      await stores.credentials.addDevice("portal-1", key.id, ["other"]);
      expect((await stores.credentials.getDevice("portal-1"))?.tags).toEqual(["portal"]);
      // Still open to a fleet-key enrolment.
      expect(await stores.credentials.issueDeviceSecret("portal-1", key.id, [])).toMatch(/^dhd_/);
    });

    it("remembers what a phone reported, its tags, health and last sight, and forgets it entirely", async () => {
      const { stores } = await open();
      const key = await stores.credentials.ensureFleetKey("fleet-key-0123456789");
      await stores.credentials.issueDeviceSecret("p1", key.id, ["a"]);
      await stores.credentials.addDevice("p2", key.id, []);
      const before = Date.now();
      await stores.devices.touch("p1", { ...info, name: "front desk" });
      await stores.devices.touch("ghost", info); // no record: nothing is made
      await stores.devices.setTags("p1", ["b", "c"]);
      await stores.devices.setHealth("p1", { quarantined: true, draining: false, infraFailures: 3 });
      await stores.commits.write((tx) =>
        tx.devices.setHealth("p2", { quarantined: false, draining: true, infraFailures: 1 }),
      );
      const byId = new Map((await stores.devices.list()).map((d) => [d.id, d]));
      expect([...byId.keys()].sort()).toEqual(["p1", "p2"]);
      expect(byId.get("p1")).toMatchObject({
        info: { ...info, name: "front desk" },
        tags: ["b", "c"],
        health: { quarantined: true, draining: false, infraFailures: 3 },
      });
      expect(byId.get("p1")!.lastSeenAt).toBeGreaterThanOrEqual(before);
      expect(byId.get("p2")).toMatchObject({
        info: undefined,
        tags: [],
        health: { quarantined: false, draining: true, infraFailures: 1 },
      });
      await stores.devices.forget("p1");
      expect((await stores.devices.list()).map((d) => d.id)).toEqual(["p2"]);
      expect(await stores.credentials.getDevice("p1")).toBeUndefined();
    });
  });

  describe("keys", () => {
    it("finds an active fleet key by its plain value, lists it without the value, and revokes it", async () => {
      const { stores } = await open();
      const boot = await stores.credentials.ensureFleetKey("fleet-key-0123456789", "DROIDHUB_FLEET_KEY");
      expect(await stores.credentials.ensureFleetKey("fleet-key-0123456789", "again")).toEqual(boot);
      const { key, record } = await stores.credentials.createFleetKey("lab", ["lab"]);
      expect(key).toMatch(/^dhf_/);
      expect(await stores.credentials.findFleetKey(key)).toEqual(record);
      expect(record).toMatchObject({ label: "lab", tags: ["lab"] });
      const listed = await stores.credentials.listFleetKeys();
      expect(listed.map((k) => [k.id, k.label, k.revoked])).toEqual([
        [boot.id, "DROIDHUB_FLEET_KEY", false],
        [record.id, "lab", false],
      ]);
      expect(JSON.stringify(listed)).not.toContain(key);
      expect(await stores.credentials.revokeFleetKey(record.id)).toBe(true);
      expect(await stores.credentials.revokeFleetKey(record.id)).toBe(false);
      expect(await stores.credentials.findFleetKey(key)).toBeUndefined();
      expect((await stores.credentials.listFleetKeys())[1]!.revoked).toBe(true);
      expect(await stores.credentials.findFleetKey("no-such-key")).toBeUndefined();
    });

    it("makes the configured operator key an admin key, and refuses to revoke it or the last admin", async () => {
      const { stores } = await open();
      const keys = stores.credentials;
      expect(await keys.ensureOperatorKey("operator-key-0123456789")).toBeUndefined();
      expect(keys.findOperatorKey("operator-key-0123456789")).toMatchObject({ scope: "admin" });
      const [env] = await keys.listOperatorKeys();
      expect(env).toMatchObject({ label: "DROIDHUB_API_KEY", scope: "admin", revoked: false, fromEnvironment: true });
      expect(await keys.revokeOperatorKey(env!.id)).toBe("environment");

      const reader = await keys.createOperatorKey("dashboard", "read");
      expect(reader.key).toMatch(/^dho_/);
      expect(keys.findOperatorKey(reader.key)).toEqual({ keyId: reader.record.id, label: "dashboard", scope: "read" });
      expect(await keys.revokeOperatorKey(reader.record.id)).toBe("revoked");
      expect(keys.findOperatorKey(reader.key)).toBeUndefined(); // at once, no restart
      expect(await keys.revokeOperatorKey(reader.record.id)).toBe("unknown");

      const admin = await keys.createOperatorKey("ops", "admin");
      expect(await keys.revokeOperatorKey(admin.record.id)).toBe("revoked");
      expect(keys.findOperatorKey("no-such-key")).toBeUndefined();
    });

    it("refuses to revoke the last admin key; a generated key works at once and is stored only when told", async () => {
      const { stores } = await open();
      const keys = stores.credentials;
      const generated = await keys.ensureOperatorKey(undefined);
      expect(generated).toMatch(/^dho_/);
      expect(keys.findOperatorKey(generated!)).toMatchObject({ scope: "admin" });
      expect(await keys.listOperatorKeys()).toEqual([]);
      await keys.storeGeneratedKey();
      const [stored] = await keys.listOperatorKeys();
      expect(stored).toMatchObject({ label: "generated", scope: "admin", fromEnvironment: false });
      expect(keys.findOperatorKey(generated!)).toMatchObject({ keyId: stored!.id });
      expect(await keys.revokeOperatorKey(stored!.id)).toBe("last-admin");
      // With a key stored, a start without one configured generates none.
      expect(await keys.ensureOperatorKey(undefined)).toBeUndefined();
    });
  });
}
