/**
 * A hub taken for dead while its phone runs a task: another hub interrupts the run and requeues the
 * task (the reaper), so the hub's late end is refused by the fence in PostgreSQL. The run is over
 * and durably interrupted, so the phone is free again: it takes work (here the very task, requeued)
 * instead of staying leased until it reconnects. The scale run left 45 of a hub's phones leased so.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { openStores, type Stores } from "../../../hub/store/stores.js";
import { heldTask } from "../../helpers/holding-device.js";
import { startHub, type TestHub, until } from "../../helpers/hub.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

requirePostgres("a run's end refused by the fence", (pgBin) => {
  describe("a run's end refused by the fence", () => {
    let postgres: PostgresCluster;
    let dir: string;
    let hub: TestHub | undefined;
    let reaper: Stores | undefined;
    let phone: SimPhone | undefined;

    beforeAll(async () => {
      postgres = await startPostgres(pgBin);
      dir = mkdtempSync(path.join(tmpdir(), "droidhub-fenced-"));
    }, 120_000);

    afterAll(async () => {
      phone?.stop();
      await hub?.close();
      await reaper?.close();
      await postgres?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("frees the phone, which takes work again", async () => {
      const url = await postgres.createDatabase();
      hub = await startHub({}, { stores: await openStores({ dataDir: dir, databaseUrl: url, hubId: "hub-x" }) });
      const started = await heldTask(hub, "fenced-1");
      const { device, held, taskId } = started;
      phone = started.phone;
      const { registry } = hub.app.hub;

      // Another hub takes hub-x for dead: interrupts its runs and requeues their tasks.
      reaper = await openStores({ dataDir: dir, databaseUrl: url, hubId: "hub-y" });
      const cut = await reaper.runs.markInterrupted("hub-x");
      expect(cut.map((run) => run.taskId)).toEqual([taskId]);
      await reaper.commits.write((tx) => tx.tasks.requeue(taskId, 0, "its hub was taken for dead"));

      // The phone answers; hub-x's end of that run is refused, and the phone takes the task again.
      device.hold = undefined;
      held.open();
      await until(
        async () => (await hub!.api("GET", `/api/tasks/${taskId}`)).json.status === "done",
        20_000,
        "the requeued task done on the freed phone",
      );
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const runs = await db.query<{ status: string; device_id: string }>(
          "SELECT status, device_id FROM runs WHERE task_id = $1 ORDER BY started_at",
          [taskId],
        );
        expect(runs.rows).toEqual([
          { status: "interrupted", device_id: "fenced-1" },
          { status: "done", device_id: "fenced-1" },
        ]);
      } finally {
        await db.end();
      }
      expect(registry.get("fenced-1")?.lease).toBeUndefined();
    }, 90_000);
  });
});
