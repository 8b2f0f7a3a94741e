/**
 * DELETE /api/devices/:id: an offline phone can be forgotten for good (admin only, refused while it
 * is online), queued tasks pinned to it are cancelled, its runs stay, and it can come back only as a
 * new phone with a fleet key.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { joinVirtualPhone } from "../../../hub/sim/join.js";
import { SimSecrets } from "../../../hub/sim/secrets-file.js";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";

let hub: TestHub | undefined;
const phones: SimPhone[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const phone of phones.splice(0)) phone.stop();
  await hub?.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function join(secrets: SimSecrets, deviceId: string) {
  const outcome = await joinVirtualPhone(deviceId, {
    url: `${hub!.wsUrl}/v1/devices/connect`,
    fleetKey: FLEET_KEY,
    secrets,
    device: (id) => new VirtualDevice({ deviceId: id, app: "login", record: false }),
    phone: { reconnectBaseMs: 20, reconnectCapMs: 100 },
  });
  if (outcome.kind === "joined") phones.push(outcome.phone);
  return outcome;
}

describe("removing a phone", () => {
  it("forgets an offline phone and its enrolment; refuses while it is online; cancels tasks pinned to it", async () => {
    hub = await startHub({ resumeGraceMs: 200 });
    const dir = mkdtempSync(path.join(tmpdir(), "droidhub-remove-"));
    dirs.push(dir);
    const secrets = SimSecrets.open(path.join(dir, "secrets.json"), hub.wsUrl);
    const first = await join(secrets, "gone-1");
    expect(first.kind).toBe("joined");
    expect(secrets.get("gone-1")).toMatch(/^dhd_/);

    // Online: refused with 409, and only an admin key may even ask.
    const online = await hub.api("DELETE", "/api/devices/gone-1");
    expect(online.status).toBe(409);
    expect(online.json.error.code).toBe("CONFLICT");
    expect(online.json.error.message).toContain("is online");
    const control = (await hub.api("POST", "/api/operator-keys", { label: "ops", scope: "control" })).json.key;
    expect((await hub.api("DELETE", "/api/devices/gone-1", undefined, control)).status).toBe(403);

    // A run on it, then it goes away; a task pinned to it waits in the queue.
    const run = await hub.api("POST", "/api/tasks", {
      goal: "tap once",
      mode: "script",
      device: "gone-1",
      actions: [{ action: "tap", x: 540, y: 1200 }],
    });
    expect(run.status).toBe(201);
    await until(async () => (await hub!.app.hub.tasks.get(run.json.id))?.status === "done", 10_000, "the script run");
    phones.pop()!.stop();
    await until(() => hub!.app.hub.registry.get("gone-1")?.session === undefined, 5_000, "the session to end");
    const pinned = await hub.api("POST", "/api/tasks", {
      goal: "never runs",
      mode: "script",
      device: "gone-1",
      actions: [{ action: "key", key: "home" }],
    });
    expect(pinned.json.status).toBe("queued");

    const removed = await hub.api("DELETE", "/api/devices/gone-1");
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ removed: "gone-1", cancelledTasks: [pinned.json.id] });
    expect((await hub.api("GET", "/api/devices/gone-1")).status).toBe(404);
    expect((await hub.api("GET", "/api/devices")).json.devices).toEqual([]);
    const cancelled = (await hub.api("GET", `/api/tasks/${pinned.json.id}`)).json;
    expect([cancelled.status, cancelled.reason]).toEqual(["cancelled", "its device gone-1 was removed"]);
    // Its history stays.
    expect((await hub.api("GET", `/api/runs?device=gone-1`)).json.runs).toHaveLength(1);
    const audit = (await hub.api("GET", "/api/audit?device=gone-1")).json.entries;
    expect(audit.map((e: { action: string; status: number }) => `${e.action} ${e.status}`)).toContain(
      "DELETE /api/devices/:id 200",
    );
    expect((await hub.api("DELETE", "/api/devices/gone-1")).status).toBe(404);

    // Its old secret is refused now; as a virtual phone it enrols again with the fleet key.
    const again = await join(secrets, "gone-1");
    expect(again).toMatchObject({ kind: "joined", reenrolled: true });
    expect((await hub.api("GET", "/api/devices/gone-1")).json.status).toBe("online");
  }, 30_000);
});
