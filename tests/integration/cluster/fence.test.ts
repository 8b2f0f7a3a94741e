/**
 * The store's side of cluster mode on a real PostgreSQL: runs carry their hub, so a dead hub's runs
 * (and only its) are interrupted; and a hub taken for dead cannot write its run's late end — nor the
 * task's next state in the same unit — once that run was interrupted and its task requeued.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStores, type Stores } from "../../../hub/store/stores.js";
import { lease, newTask } from "../../contract/harness.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

requirePostgres("cluster fencing in PostgreSQL", (bin) => {
  describe("cluster fencing in PostgreSQL", () => {
    let pg: PostgresCluster;
    let dir: string;
    const opened: Stores[] = [];

    beforeAll(async () => {
      pg = await startPostgres(bin);
      dir = mkdtempSync(path.join(tmpdir(), "droidhub-fence-"));
    }, 60_000);
    afterAll(async () => {
      for (const stores of opened) await stores.close();
      await pg?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    const hubStores = async (url: string, hubId: string): Promise<Stores> => {
      const stores = await openStores({ dataDir: dir, databaseUrl: url, hubId });
      opened.push(stores);
      return stores;
    };

    it("interrupts only the dead hub's runs and refuses its late end", async () => {
      const url = await pg.createDatabase();
      const dead = await hubStores(url, "hub-dead");
      const live = await hubStores(url, "hub-live");
      const [mine, theirs] = await dead.tasks.insert([newTask({ goal: "a" }), newTask({ goal: "b" })]);
      const deadRun = await lease(dead, mine!, "p1");
      const liveRun = await lease(live, theirs!, "p2");
      expect((await live.runs.hubsWithRunningRuns()).sort()).toEqual(["hub-dead", "hub-live"]);

      expect(await live.runs.markInterrupted("hub-dead")).toEqual([{ id: deadRun, taskId: mine!.id }]);
      expect((await live.runs.getRun(liveRun))?.status).toBe("running");
      await live.commits.write((tx) => tx.tasks.requeue(mine!.id, 0, "its hub died"));

      // The dead hub wakes up and tries to settle its run: the whole unit is refused.
      const late = dead.commits.write((tx) => {
        tx.runs.finishRun(deadRun, "done", "finished late", null);
        void tx.tasks.finish(mine!.id, "done", "finished late");
      });
      await expect(late).rejects.toMatchObject({ code: "CONFLICT" });
      expect((await live.tasks.get(mine!.id))?.status).toBe("queued");
      expect((await live.runs.getRun(deadRun))?.status).toBe("interrupted");
      // The live hub's run ends normally.
      await live.commits.write((tx) => {
        tx.runs.finishRun(liveRun, "done", "ok", null);
        void tx.tasks.finish(theirs!.id, "done", "ok");
      });
      expect((await live.tasks.get(theirs!.id))?.status).toBe("done");
      expect(await live.runs.hubsWithRunningRuns()).toEqual([]);
    }, 60_000);

    it("finds tasks left running with every run ended (a hub that stopped its own runs), and only those", async () => {
      const url = await pg.createDatabase();
      const hub = await hubStores(url, "hub-a");
      const [stopped, busy, settled] = await hub.tasks.insert([
        newTask({ goal: "stopped" }),
        newTask({ goal: "busy" }),
        newTask({ goal: "settled" }),
      ]);
      const stoppedRun = await lease(hub, stopped!, "p1");
      await lease(hub, busy!, "p2");
      const settledRun = await lease(hub, settled!, "p3");
      // As the runner ends a run its hub stops: interrupted, the task left running for a restart.
      await hub.commits.write((tx) => tx.runs.finishRun(stoppedRun, "interrupted", "the hub stopped", null));
      await hub.commits.write((tx) => {
        tx.runs.finishRun(settledRun, "done", "ok", null);
        void tx.tasks.finish(settled!.id, "done", "ok");
      });
      const ended = (await hub.runs.getRun(stoppedRun))?.finishedAt;
      expect(ended).toBeDefined();
      const endedAt = Date.parse(String(ended));

      expect(await hub.runs.strandedRuns?.(endedAt + 1)).toEqual([{ id: stoppedRun, taskId: stopped!.id }]);
      // An end more recent than the cut-off may be a reaper still at work: not yet.
      expect(await hub.runs.strandedRuns?.(endedAt - 1)).toEqual([]);
      await hub.commits.write((tx) => tx.tasks.requeue(stopped!.id, 0, "stranded"));
      expect(await hub.runs.strandedRuns?.(Date.now() + 1_000)).toEqual([]);
    }, 60_000);
  });
});
