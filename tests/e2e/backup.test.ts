/**
 * `droidhub backup` against a hub process with tasks in flight and writes going on, `droidhub
 * restore` refused while that hub runs, then restored into a fresh data dir and a hub started on it:
 * the tasks are there and a queued task's sealed secrets still open (it runs once its phone joins).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { cleanEnv, droidhub } from "../helpers/cli-process.js";
import { API_KEY, FLEET_KEY } from "../helpers/hub.js";
import { type HubProcess, spawnHub } from "../helpers/hub-process.js";

const tmp = mkdtempSync(path.join(tmpdir(), "droidhub-backup-e2e-"));
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  rmSync(tmp, { recursive: true, force: true });
});

function phone(hub: HubProcess, deviceId: string, options: { latencyMs?: number; deviceSecret?: string } = {}) {
  const sim = new SimPhone(
    new VirtualDevice({ deviceId, app: "login", knobs: { latencyMs: options.latencyMs ?? 0 } }),
    {
      url: `${hub.wsUrl}/v1/devices/connect`,
      fleetKey: FLEET_KEY,
      reconnectBaseMs: 60_000,
      ...(options.deviceSecret ? { deviceSecret: options.deviceSecret } : {}),
    },
  );
  closers.push(() => sim.stop());
  return sim;
}

async function api<T>(hub: HubProcess, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${hub.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const tap = [{ action: "tap", x: 5, y: 5 }];

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("droidhub backup / restore against hub processes", () => {
  it("backs up a busy hub, refuses to restore under it, and a hub on the restored copy has its tasks and secrets", async () => {
    const hub = await spawnHub();
    closers.push(() => hub.dispose());
    // In flight: a task running on a phone that takes a minute to answer, and a queued one with
    // secrets for a phone that has joined once (it was given its device secret) and is gone.
    await phone(hub, "slow-1", { latencyMs: 60_000 }).start();
    const later = phone(hub, "later-1");
    await later.start();
    const laterSecret = later.deviceSecret!;
    later.stop();
    await waitFor(async () => (await api<{ status: string }>(hub, "GET", "/api/devices/later-1")).status === "offline");
    const running = await api<{ id: string }>(hub, "POST", "/api/tasks", {
      goal: "a slow tap",
      mode: "script",
      device: "slow-1",
      actions: tap,
    });
    const queued = await api<{ id: string }>(hub, "POST", "/api/tasks", {
      goal: "a tap once later-1 joins",
      mode: "script",
      device: "later-1",
      actions: tap,
      secrets: { password: "hunter2-not-in-any-output" },
    });
    // And writes going on while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await api(hub, "POST", "/api/tasks", {
          goal: `write ${written}`,
          mode: "script",
          device: "later-1",
          actions: tap,
        });
        written++;
      }
    })();

    const file = path.join(tmp, "hub-backup.sqlite");
    const backup = droidhub(["backup", file, "--data-dir", hub.dataDir], tmp, cleanEnv());
    expect(await backup.exited, backup.output()).toBe(0);
    writing = false;
    await writer;
    const tasksInBackup = Number(/, (\d+) tasks,/.exec(backup.output())?.[1]);
    expect(tasksInBackup).toBeGreaterThanOrEqual(2);
    expect(written).toBeGreaterThan(0);

    const refused = droidhub(["restore", file, "--data-dir", hub.dataDir], tmp, cleanEnv());
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toBe(
      `droidhub restore: a hub (or another program) has ${path.join(hub.dataDir, "droidhub.sqlite")} open: stop it (systemctl stop droidhub, or Ctrl-C) and restore again\n`,
    );
    expect(readdirSync(hub.dataDir).filter((name) => name.startsWith("before-restore"))).toEqual([]);
    expect((await fetch(`${hub.baseUrl}/healthz`)).status).toBe(200);

    const fresh = path.join(tmp, "restored");
    const restore = droidhub(["restore", file, "--data-dir", fresh], tmp, cleanEnv());
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain(`into ${fresh}: the database; secrets.key, 0 screenshots\n`);

    const second = await spawnHub({}, { dataDir: fresh });
    closers.push(() => second.dispose());
    const list = await api<{ tasks: { id: string; status: string }[] }>(second, "GET", "/api/tasks?limit=1000");
    expect(list.tasks.length).toBe(tasksInBackup);
    const ids = new Set(list.tasks.map((t) => t.id));
    expect(ids.has(running.id) && ids.has(queued.id)).toBe(true);
    // The phone is still enrolled (its device secret works), and the secrets sealed by the first
    // hub open on the second: the queued task runs once its phone is back.
    await phone(second, "later-1", { deviceSecret: laterSecret }).start();
    let status = "";
    await waitFor(async () => {
      status = (await api<{ status: string }>(second, "GET", `/api/tasks/${queued.id}`)).status;
      return status !== "queued" && status !== "running";
    });
    expect(status).toBe("done");
    expect(backup.output() + restore.output() + second.output()).not.toContain("hunter2-not-in-any-output");
  }, 180_000);
});
