/**
 * The fleet's group commit on a real hub and a database file: the leases of one dispatch pass are
 * one commit (and N commits without grouping), ends that arrive together share one, every phone gets
 * a command only once its lease is on disk and is offered new work only once its last task's end
 * is — as a second connection to the file sees it — and a hub that dies right after its leases were
 * committed restarts on those files and finishes every task.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../hub/app.js";
import { loadConfig } from "../../../hub/config/config.js";
import type { SubmittedTask } from "../../../hub/fleet/dispatcher.js";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { type SimDevice, SimPhone } from "../../../hub/sim/sim-phone.js";
import { type Db, openDatabase } from "../../../hub/store/database.js";
import { API_KEY, FLEET_KEY, until } from "../../helpers/hub.js";

const PHONES = 8;
/** What a script run has on disk before its tap: run_started, step_started, frame_missing (no pictures). */
const BEFORE_THE_TAP = 3;
// No pictures: each run is one command, so the commits counted below are the fleet's alone.
const tap: SubmittedTask = {
  goal: "tap",
  mode: "script",
  extra: { actions: [{ action: "tap", x: 540, y: 1200 }], pictures: false },
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-group-commit-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function hubOn(dataDir: string): Promise<{ app: FastifyInstance; wsUrl: string }> {
  const config = loadConfig({ overrides: { apiKey: API_KEY, fleetKey: FLEET_KEY, logLevel: "silent", dataDir } });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  cleanups.push(() => app.close());
  const { port } = app.server.address() as { port: number };
  return { app, wsUrl: `ws://127.0.0.1:${port}/v1/devices/connect` };
}

/** A second connection to the hub's file: it sees only what is committed. */
function observerOf(dataDir: string): Db {
  const db = openDatabase(dataDir);
  cleanups.push(() => {
    db.close();
  });
  return db;
}

/** What a second connection sees of a phone's work when the hub hands the phone a command. */
interface Seen {
  runningTasks: number;
  runningRuns: number;
  events: number;
}

/**
 * Watches every command the hub sends to `deviceId`: at that moment the phone's running task, its
 * run and the run's first event must already be committed (read through the observer).
 */
function watchCommands(app: FastifyInstance, deviceId: string, observer: Db): Seen[] {
  const seen: Seen[] = [];
  const session = app.hub.registry.requireSession(deviceId);
  const call = session.call.bind(session);
  const count = (sql: string): number => (observer.prepare(sql).get(deviceId) as { n: number }).n;
  session.call = (request, options) => {
    seen.push({
      runningTasks: count("SELECT COUNT(*) AS n FROM tasks WHERE last_device = ? AND status = 'running'"),
      runningRuns: count("SELECT COUNT(*) AS n FROM runs WHERE device_id = ? AND status = 'running'"),
      events: count(
        "SELECT COUNT(*) AS n FROM run_events e JOIN runs r ON r.id = e.run_id WHERE r.device_id = ? AND r.status = 'running'",
      ),
    });
    return call(request, options);
  };
  return seen;
}

/** A virtual phone that holds its answers until the test lets them go. */
class HoldingDevice implements SimDevice {
  readonly #inner: VirtualDevice;
  hold: Promise<void> | undefined;
  /** Commands received (each waits for the hold that was set when it came). */
  received = 0;

  constructor(deviceId: string) {
    this.#inner = new VirtualDevice({ deviceId, app: "launcher", record: false });
  }

  get deviceId(): string {
    return this.#inner.deviceId;
  }

  hello(): droidhub.v1.IHello {
    return this.#inner.hello();
  }

  onEvent(listener: (event: droidhub.v1.IDeviceEvent) => void): () => void {
    return this.#inner.onEvent(listener);
  }

  async execute(request: droidhub.v1.IEnvelope): Promise<droidhub.v1.IResult> {
    this.received++;
    await this.hold;
    return this.#inner.execute(request);
  }
}

/** A gate the test opens. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function join(wsUrl: string, device: SimDevice): Promise<SimPhone> {
  const phone = new SimPhone(device, { url: wsUrl, fleetKey: FLEET_KEY, reconnectBaseMs: 20, reconnectCapMs: 200 });
  cleanups.push(() => phone.stop());
  await phone.start();
  return phone;
}

/** Phones joined and idle, each with its commands watched. */
async function fleet(app: FastifyInstance, wsUrl: string, prefix: string, observer: Db) {
  const devices = Array.from({ length: PHONES }, (_, i) => new HoldingDevice(`${prefix}-${i}`));
  for (const device of devices) await join(wsUrl, device);
  await until(() => devices.every((d) => app.hub.registry.get(d.deviceId)?.session), 5_000, "phones joined");
  const seen = devices.map((d) => watchCommands(app, d.deviceId, observer));
  return { devices, seen };
}

const runningTasks = (observer: Db): number =>
  (observer.prepare("SELECT COUNT(*) AS n FROM tasks WHERE status = 'running'").get() as { n: number }).n;

describe("group commit on the fleet path", () => {
  it("a dispatch pass is one commit, ends arriving together are one, and phones act only on what is committed", async () => {
    const dataDir = tempDir();
    const { app, wsUrl } = await hubOn(dataDir);
    const observer = observerOf(dataDir);
    const { devices, seen } = await fleet(app, wsUrl, "gc", observer);
    const commits = app.hub.stores.commits;
    const dispatcher = app.hub.dispatcher;
    const first = gate();
    const second = gate();
    for (const device of devices) device.hold = first.promise;

    // Two tasks per phone, queued while every phone drains.
    await Promise.all(devices.map((device) => dispatcher.drain(device.deviceId, true)));
    await dispatcher.submit(Array.from({ length: 2 * PHONES }, () => tap));

    // Letting the phones back leases all eight in one pass; nothing is on disk before the turn ends,
    // then all of it is, in one commit.
    let before = commits.commits;
    await Promise.all(devices.map((device) => dispatcher.drain(device.deviceId, false)));
    expect(commits.pending).toBeGreaterThanOrEqual(PHONES);
    expect(runningTasks(observer)).toBe(0);
    await turn();
    expect(commits.commits - before).toBe(1);
    expect(runningTasks(observer)).toBe(PHONES);

    // All phones answer at once: their ends are one commit, the leases of their next tasks another.
    await until(() => devices.every((d) => d.received === 1), 5_000, "every phone got its first command");
    for (const device of devices) device.hold = second.promise;
    before = commits.commits;
    first.open();
    await until(() => devices.every((d) => d.received === 2), 5_000, "every phone got its second command");
    expect(commits.commits - before).toBe(2);
    before = commits.commits;
    second.open();
    await until(async () => (await app.hub.tasks.counts()).done === 2 * PHONES, 5_000, "tasks done");
    expect(commits.commits - before).toBe(1);

    // Every command left the hub after its lease, its run and its first events were committed, and a
    // phone's second task came only after the first one's end was (one running task, never two).
    for (const commands of seen) {
      expect(commands).toEqual([
        { runningTasks: 1, runningRuns: 1, events: BEFORE_THE_TAP },
        { runningTasks: 1, runningRuns: 1, events: BEFORE_THE_TAP },
      ]);
    }

    // Without grouping, the same pass costs a commit per lease.
    commits.grouped = false;
    before = commits.commits;
    await dispatcher.submit(Array.from({ length: PHONES }, () => tap));
    // (At least: the runs' first events may already follow, each a commit of its own too.)
    expect(commits.commits - before).toBeGreaterThanOrEqual(PHONES);
    await until(async () => (await app.hub.tasks.counts()).done === 3 * PHONES, 5_000, "ungrouped round done");
    for (const commands of seen)
      expect(commands[2]).toEqual({ runningTasks: 1, runningRuns: 1, events: BEFORE_THE_TAP });
    // A run's events ride in the units it needs anyway, not a commit each: its lease (with its run's
    // row), the unit its tap waits for (its first events), its end (with its last events).
    expect(commits.commits - before).toBe(3 * PHONES);
    const runs = await app.hub.stores.runs.listRuns({ limit: 3 * PHONES });
    expect(runs).toHaveLength(3 * PHONES);
    for (const run of runs) {
      const events = await app.hub.stores.runs.events(run.id);
      expect(events.map((e) => [e.seq, e.type])).toEqual([
        [1, "run_started"],
        [2, "step_started"],
        [3, "frame_missing"],
        [4, "step_finished"],
        [5, "run_finished"],
      ]);
    }
    // Task and run ids are time-ordered: each sorts after the one made before it, so a new row's key
    // goes to the end of its index, not a random page (hub/util/ordered-id.ts).
    const madeOrder = (ids: string[]): string[] => [...ids].reverse();
    const taskIds = madeOrder((await app.hub.tasks.list({ limit: 3 * PHONES })).map((t) => t.id));
    expect([...taskIds].sort()).toEqual(taskIds);
    const runIds = madeOrder(runs.map((r) => r.id));
    expect([...runIds].sort()).toEqual(runIds);
  });

  it("a task cancelled while its lease waits for the commit, or while it runs, ends cancelled once", async () => {
    const dataDir = tempDir();
    const { app, wsUrl } = await hubOn(dataDir);
    const observer = observerOf(dataDir);
    const { devices } = await fleet(app, wsUrl, "cancel", observer);
    const dispatcher = app.hub.dispatcher;
    const hold = gate();
    for (const device of devices) {
      device.hold = hold.promise;
      await dispatcher.drain(device.deviceId, true);
    }
    const [waiting, running] = (await dispatcher.submit([tap, tap])).map((t) => t.id) as [string, string];

    // Picked and leased in memory, its lease not yet committed: cancelling commits it, then stops the run.
    await dispatcher.drain(devices[0]!.deviceId, false);
    expect(app.hub.stores.commits.pending).toBeGreaterThan(0);
    expect((await dispatcher.cancel(waiting)).status).toBe("running");
    // Running and holding its phone: the run stops and ends cancelled.
    await dispatcher.drain(devices[1]!.deviceId, false);
    await until(() => devices[1]!.received === 1, 5_000, "second phone got its command");
    expect((await dispatcher.cancel(running)).status).toBe("running");
    hold.open();

    for (const id of [waiting, running]) {
      await until(async () => (await app.hub.tasks.get(id))!.status === "cancelled", 5_000, `task ${id} cancelled`);
      expect((await app.hub.stores.runs.runsOfTask(id)).map((r) => r.status)).toEqual(["cancelled"]);
    }
    // Both phones are free again and take the next task.
    const next = (await dispatcher.submit([tap, tap])).map((t) => t.id);
    const done = async (id: string) => (await app.hub.tasks.get(id))!.status === "done";
    await until(async () => (await Promise.all(next.map(done))).every(Boolean), 5_000, "next tasks done");
  });

  it("a hub killed once its leases are committed and its phones acted restarts on what was on disk", async () => {
    const dataDir = tempDir();
    const { app, wsUrl } = await hubOn(dataDir);
    const observer = observerOf(dataDir);
    // Phones that take their command and never answer: the runs stay open.
    const { devices, seen } = await fleet(app, wsUrl, "crash", observer);
    for (const device of devices) device.hold = new Promise<void>(() => {});
    const ids = (await app.hub.dispatcher.submit(Array.from({ length: PHONES }, () => tap))).map((t) => t.id);
    await until(() => devices.every((d) => d.received === 1), 5_000, "every phone acted");

    // The crash: what is on disk now is all a restarted hub gets (the WAL holds the commits).
    const crashed = tempDir();
    cpSync(dataDir, crashed, { recursive: true, filter: (source) => !source.endsWith("-shm") });
    for (const commands of seen)
      expect(commands).toEqual([{ runningTasks: 1, runningRuns: 1, events: BEFORE_THE_TAP }]);

    const restarted = await hubOn(crashed);
    for (let i = 0; i < PHONES; i++) {
      await join(restarted.wsUrl, new VirtualDevice({ deviceId: `after-${i}`, app: "launcher", record: false }));
    }
    const hub = restarted.app.hub;
    await until(async () => (await hub.tasks.counts()).done === PHONES, 10_000, "tasks done after the restart");
    for (const id of ids) {
      const task = (await hub.tasks.get(id))!;
      const runs = await hub.stores.runs.runsOfTask(id);
      expect(task).toMatchObject({ status: "done", attempts: 2 });
      expect(runs.map((r) => r.status)).toEqual(["interrupted", "done"]);
      expect(runs[0]!.deviceId).toMatch(/^crash-/);
      expect(task.extra.resumeOf).toBe(runs[0]!.id);
    }
  });
});
