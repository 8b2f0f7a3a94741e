/**
 * PostgreSQL's wire economy, on a throwaway cluster: phones freed together claim in one statement
 * (by the same matching rule a lone claim follows), and a group of writes — leases, runs, events —
 * commits in one round trip, while a lease that lost its task still rolls back alone with CONFLICT.
 * Round trips are counted at the driver (every `Client.query` is one).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isHubError } from "../../../hub/errors/hub-error.js";
import type { ClaimedTask, PhoneFacts } from "../../../hub/fleet/ports.js";
import { openStores, type Stores } from "../../../hub/store/stores.js";
import { newTask, phone } from "../../contract/harness.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

/** Counts the round trips `fn` makes (every pg client's queries, this process). */
async function roundTrips<T>(fn: () => Promise<T>): Promise<{ value: T; trips: string[] }> {
  const trips: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const text = args[0];
    trips.push(typeof text === "string" ? text : String((text as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { value: await fn(), trips };
  } finally {
    pg.Client.prototype.query = original;
  }
}

requirePostgres("PostgreSQL claims and commits in few round trips", (bin) => {
  let cluster: PostgresCluster;
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-pg-claims-"));
  const open: Stores[] = [];
  beforeAll(async () => {
    cluster = await startPostgres(bin);
  }, 120_000);
  afterEach(async () => {
    for (const stores of open.splice(0)) await stores.close();
  });
  afterAll(async () => {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const hub = async (): Promise<Stores> => {
    const stores = await openStores({ dataDir, databaseUrl: await cluster.createDatabase() });
    open.push(stores);
    return stores;
  };
  const claimAll = (stores: Stores, phones: PhoneFacts[]): Promise<(ClaimedTask | undefined)[]> => {
    const queue = stores.queue;
    if (!queue.claimAll) throw new Error("the PostgreSQL queue claims several phones at once");
    return queue.claimAll(phones, Date.now());
  };
  /** The task ran on `deviceId` and failed: queued again, as a retry of that phone. */
  const failedOn = async (stores: Stores, taskId: string, deviceId: string): Promise<void> => {
    await stores.commits.write((tx) => tx.tasks.markStarted(taskId, deviceId));
    await stores.commits.write((tx) => tx.tasks.requeue(taskId, 0, `failed on ${deviceId}`));
  };
  const ids = (answers: (ClaimedTask | undefined)[]) => answers.map((a) => a?.task.id);

  describe("PostgreSQL claims and commits", () => {
    it("alike phones freed together claim the best tasks in one statement, each a different one", async () => {
      const stores = await hub();
      const tasks = await stores.tasks.insert(Array.from({ length: 30 }, (_, i) => newTask({ priority: i % 2 })));
      const phones = Array.from({ length: 20 }, (_, i) => phone(`p${i}`, ["lab"]));
      const { value: answers, trips } = await roundTrips(() => claimAll(stores, phones));
      expect(trips).toHaveLength(1);
      expect(answers.every((a) => a !== undefined)).toBe(true);
      // The 15 priority-1 tasks, then the 5 oldest priority-0 ones, one per phone.
      const best = [...tasks].sort((a, b) => b.priority - a.priority || a.seq - b.seq).slice(0, 20);
      expect(new Set(ids(answers))).toEqual(new Set(best.map((t) => t.id)));
      // Reserved: a lone claim now gets one of the 10 left.
      const next = await stores.queue.claim(phone("p20", ["lab"]), Date.now());
      expect(best.map((t) => t.id)).not.toContain(next?.task.id);
    }, 60_000);

    it("deals by the lone claim's rule: pinned tasks to their phone, a retry to another phone, fit by tags and SDK", async () => {
      const stores = await hub();
      const [pinned, retry, needsCam, needsSdk, plain] = await stores.tasks.insert([
        newTask({ deviceId: "b", priority: 5 }),
        newTask({ tags: ["lab"], priority: 4 }),
        newTask({ tags: ["cam"], priority: 3 }),
        newTask({ minSdk: 40, priority: 2 }),
        newTask(),
      ]);
      await failedOn(stores, retry!.id, "a");
      const lab = (id: string) => phone(id, ["lab"]);
      const answers = await claimAll(stores, [lab("a"), lab("b"), lab("c"), phone("d", ["cam"])]);
      expect(ids(answers)).toEqual([plain!.id, pinned!.id, retry!.id, needsCam!.id]);
      expect((await stores.tasks.get(needsSdk!.id))?.status).toBe("queued");
    }, 60_000);

    it("a phone whose task could not be dealt it here claims alone: a task past the limit, or its own retry", async () => {
      const stores = await hub();
      const [pinned1, pinned2, plain] = await stores.tasks.insert([
        newTask({ deviceId: "a", priority: 8 }),
        newTask({ deviceId: "a", priority: 7 }),
        newTask(),
      ]);
      // Limit two, both a's: a takes the first, the second goes back, b claims alone past the limit.
      expect(ids(await claimAll(stores, [phone("a"), phone("b")]))).toEqual([pinned1!.id, plain!.id]);
      expect((await stores.queue.claim(phone("a"), Date.now()))?.task.id).toBe(pinned2!.id);
      // c's retry, with another phone there, goes to that phone.
      const [retry] = await stores.tasks.insert([newTask({ priority: 9 })]);
      await failedOn(stores, retry!.id, "c");
      expect(ids(await claimAll(stores, [phone("c"), phone("d")]))).toEqual([undefined, retry!.id]);
      // Back in the queue, with d taken by a task pinned to it: c claims alone and gets its own retry.
      await stores.queue.release(retry!.id);
      const [forD] = await stores.tasks.insert([newTask({ deviceId: "d", priority: 10 })]);
      expect(ids(await claimAll(stores, [phone("c"), phone("d")]))).toEqual([retry!.id, forD!.id]);
    }, 60_000);

    it("a group of leases, runs and events commits in one round trip; a lease that lost its task rolls back alone", async () => {
      const stores = await hub();
      const tasks = await stores.tasks.insert(Array.from({ length: 5 }, () => newTask()));
      const lease = (taskId: string, deviceId: string) =>
        stores.commits.write((tx) => {
          tx.tasks.markStarted(taskId, deviceId);
          tx.runs.createRun(`run-${taskId}-${deviceId}`, taskId, 1, deviceId, "g", "script");
          tx.runs.appendEvent(`run-${taskId}-${deviceId}`, 1, Date.now(), "run_started", {});
        });
      const { trips } = await roundTrips(() => Promise.all(tasks.map((t, i) => lease(t.id, `p${i}`))));
      expect(trips).toHaveLength(1);
      // A run's end (with its fence against an interrupted run) and the task's end: one round trip too.
      const ended = await roundTrips(() =>
        stores.commits.write((tx) => {
          tx.runs.finishRun(`run-${tasks[0]!.id}-p0`, "done", "ok", {});
          return tx.tasks.finish(tasks[0]!.id, "done", "ok");
        }),
      );
      expect(ended.trips).toHaveLength(1);
      expect(await ended.value).toMatchObject({ status: "done" });
      // Two leases of one task in one group: the second rolls back alone, with CONFLICT.
      const [contested, other] = await stores.tasks.insert([newTask(), newTask()]);
      const results = await Promise.allSettled([
        lease(contested!.id, "x"),
        lease(contested!.id, "y"),
        lease(other!.id, "z"),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(isHubError((results[1] as PromiseRejectedResult).reason, "CONFLICT")).toBe(true);
      expect(await stores.runs.getRun(`run-${contested!.id}-y`)).toBeUndefined();
      expect(await stores.tasks.get(contested!.id)).toMatchObject({ status: "running", lastDevice: "x" });
      expect(await stores.tasks.get(other!.id)).toMatchObject({ status: "running", lastDevice: "z" });
    }, 60_000);
  });
});
