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
  });
});
