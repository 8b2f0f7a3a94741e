/**
 * A commit group of hot writes goes out as ONE prepared statement (hub/store/postgres/group-statement.ts):
 * what it writes and answers is what the statement-by-statement path writes and answers, a check it
 * fails (a lease on a task no longer queued, the end of a fenced-off run) costs only its own unit, and
 * a group that writes one row twice, or holds a write the statement does not know, goes the old way.
 * Which path a group took is seen at the driver: the prepared statement is a query config with a name.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isHubError } from "../../../hub/errors/hub-error.js";
import { GROUP_STATEMENT } from "../../../hub/store/postgres/group-statement.js";
import { openStores, type Stores } from "../../../hub/store/stores.js";
import { lease, newTask } from "../../contract/harness.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

/** The queries `fn` sends, each as the name of its prepared statement or its text. */
async function sent<T>(fn: () => Promise<T>): Promise<{ value: T; queries: string[] }> {
  const queries: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const query = args[0] as string | { name?: string; text?: string };
    queries.push(typeof query === "string" ? query : (query.name ?? String(query.text)));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { value: await fn(), queries };
  } finally {
    pg.Client.prototype.query = original;
  }
}

requirePostgres("PostgreSQL commit groups as one statement", (bin) => {
  let cluster: PostgresCluster;
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-pg-group-"));
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

  describe("one statement per commit group", () => {
    it("leases, runs and events of many units: one prepared statement, rows as the slow path writes them", async () => {
      const stores = await hub();
      const tasks = await stores.tasks.insert(Array.from({ length: 6 }, () => newTask()));
      const { value: runIds, queries } = await sent(() =>
        Promise.all(tasks.map((task, i) => lease(stores, task, `p${i}`))),
      );
      expect(queries).toEqual([GROUP_STATEMENT]);
      for (const [i, task] of tasks.entries()) {
        expect(await stores.tasks.get(task.id)).toMatchObject({ status: "running", attempts: 1, lastDevice: `p${i}` });
        expect(await stores.runs.getRun(runIds[i]!)).toMatchObject({
          taskId: task.id,
          deviceId: `p${i}`,
          status: "running",
          attempt: 1,
        });
        expect(await stores.runs.events(runIds[i]!)).toMatchObject([
          { runId: runIds[i], seq: 1, type: "run_started", body: { type: "run_started" } },
        ]);
      }
    }, 60_000);

    it("run ends, task ends and retries in one statement answer the same records a read gives", async () => {
      const stores = await hub();
      const [done, retried, cancelled] = await stores.tasks.insert([
        newTask({ tags: ["lab"] }),
        newTask(),
        newTask({ secrets: { pin: "1234" } }),
      ]);
      const runs = await Promise.all([lease(stores, done!, "a"), lease(stores, retried!, "b")]);
      const { value, queries } = await sent(() =>
        Promise.all([
          stores.commits.write((tx) => {
            tx.runs.appendEvent(runs[0]!, 2, Date.now(), "step", { n: 2 });
            tx.runs.finishRun(runs[0]!, "done", "ok", { steps: 1 });
            return tx.tasks.finish(done!.id, "done", "ok");
          }),
          stores.commits.write((tx) => {
            tx.runs.finishRun(runs[1]!, "failed", "boom", null);
            return tx.tasks.requeue(retried!.id, 12_345, "boom");
          }),
          stores.commits.write((tx) => tx.tasks.finish(cancelled!.id, "cancelled", "by hand", "queued")),
          // A task end whose task is not in that state (the first unit ends it): no row, no failure.
          stores.commits.write((tx) => tx.tasks.finish(done!.id, "cancelled", "too late", "queued")),
        ]),
      );
      // The last unit ends the task the first one ends: one row written twice, so the old way.
      expect(queries).not.toContain(GROUP_STATEMENT);
      const [doneAnswer, retriedAnswer, cancelledAnswer, none] = await Promise.all(value);
      expect(doneAnswer).toEqual(await stores.tasks.get(done!.id));
      expect(doneAnswer).toMatchObject({ status: "done", tags: ["lab"], reason: "ok" });
      expect(retriedAnswer).toEqual(await stores.tasks.get(retried!.id));
      expect(cancelledAnswer).toMatchObject({ status: "cancelled", hasSecrets: false });
      expect(none).toBeUndefined();

      // The same writes without the clash: one statement, the same answers.
      const [again, twice] = await stores.tasks.insert([newTask({ tags: ["x", "y"] }), newTask()]);
      const more = await Promise.all([lease(stores, again!, "c"), lease(stores, twice!, "d")]);
      const second = await sent(() =>
        Promise.all([
          stores.commits.write((tx) => {
            tx.runs.finishRun(more[0]!, "done", "ok", { steps: 1 });
            tx.devices.setHealth("c", { quarantined: false, draining: false, infraFailures: 0 });
            return tx.tasks.finish(again!.id, "done", "ok");
          }),
          stores.commits.write((tx) => {
            tx.runs.finishRun(more[1]!, "failed", "boom", null);
            return tx.tasks.requeue(twice!.id, 777, "boom");
          }),
          stores.commits.write((tx) => tx.tasks.finish(done!.id, "cancelled", "never", "queued")),
        ]),
      );
      expect(second.queries).toEqual([GROUP_STATEMENT]);
      const [ended, requeued, unmatched] = await Promise.all(second.value);
      expect(ended).toEqual(await stores.tasks.get(again!.id));
      expect(ended).toMatchObject({ status: "done", tags: ["x", "y"] });
      expect(requeued).toEqual(await stores.tasks.get(twice!.id));
      expect(requeued).toMatchObject({ status: "queued", notBefore: 777, reason: "boom" });
      expect(unmatched).toBeUndefined();
      expect(await stores.runs.getRun(more[0]!)).toMatchObject({ status: "done", reason: "ok" });
      expect(await stores.runs.getRun(more[1]!)).toMatchObject({ status: "failed", reason: "boom" });
    }, 60_000);

    it("a lease that lost its task and a fenced-off run end fail alone; the rest of their group commits", async () => {
      const stores = await hub();
      const [taken, free, fenced, fine] = await stores.tasks.insert([newTask(), newTask(), newTask(), newTask()]);
      await lease(stores, taken!, "elsewhere");
      const fencedRun = await lease(stores, fenced!, "f");
      await lease(stores, fine!, "g");
      await stores.runs.markInterrupted(); // both runs cut off: a late end of the first must be refused
      await stores.commits.write((tx) => tx.tasks.requeue(fine!.id, 0, "retry"));
      const second = await stores.tasks.get(fine!.id);
      const secondRun = await lease(stores, second!, "h");

      // Each refusal in a group of its own, so each check is seen to be made.
      const leases = await sent(() => Promise.allSettled([lease(stores, taken!, "late"), lease(stores, free!, "p")]));
      const ends = await sent(() =>
        Promise.allSettled([
          stores.commits.write((tx) => {
            tx.runs.finishRun(fencedRun, "done", "late end", null);
            return tx.tasks.finish(fenced!.id, "done", "late end");
          }),
          stores.commits.write((tx) => {
            tx.runs.finishRun(secondRun, "done", "ok", null);
            return tx.tasks.finish(fine!.id, "done", "ok");
          }),
        ]),
      );
      for (const { value, queries } of [leases, ends]) {
        // Tried as one statement first, then unit by unit once the server refused it.
        expect(queries[0]).toBe(GROUP_STATEMENT);
        expect(queries).toContain("BEGIN");
        expect(value.map((r) => r.status)).toEqual(["rejected", "fulfilled"]);
        expect(isHubError((value[0] as PromiseRejectedResult).reason, "CONFLICT")).toBe(true);
      }
      expect(await stores.tasks.get(taken!.id)).toMatchObject({ status: "running", lastDevice: "elsewhere" });
      expect(await stores.tasks.get(free!.id)).toMatchObject({ status: "running", lastDevice: "p" });
      expect(await stores.tasks.get(fenced!.id)).toMatchObject({ status: "running" });
      expect(await stores.runs.getRun(fencedRun)).toMatchObject({ status: "interrupted" });
      expect(await stores.tasks.get(fine!.id)).toMatchObject({ status: "done" });
      expect(await stores.runs.getRun(secondRun)).toMatchObject({ status: "done" });
      expect((await stores.runs.runsOfTask(taken!.id)).map((r) => r.deviceId)).toEqual(["elsewhere"]);
    }, 60_000);

    it("a group holding a write the statement does not know goes statement by statement, all of it", async () => {
      const stores = await hub();
      const [resumed, leased] = await stores.tasks.insert([newTask(), newTask()]);
      const { value, queries } = await sent(() =>
        Promise.all([
          stores.commits.write((tx) => tx.tasks.setExtra(resumed!.id, { resumeOf: "run-1" })),
          lease(stores, leased!, "p"),
        ]),
      );
      expect(queries).not.toContain(GROUP_STATEMENT);
      expect((await stores.tasks.get(resumed!.id))?.extra).toEqual({ resumeOf: "run-1" });
      expect(await stores.tasks.get(leased!.id)).toMatchObject({ status: "running", lastDevice: "p" });
      expect(await stores.runs.getRun(value[1])).toMatchObject({ status: "running" });
    }, 60_000);
  });
});
