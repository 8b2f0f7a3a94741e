/**
 * PostgreSQL away when a run ends: its end cannot be written. Once the database is back the hub ends
 * the run as interrupted, requeues its task (a new attempt, as after a restart) and frees the phone,
 * which runs it. Before, the run stayed "running", the task with it and the phone leased until the
 * hub restarted: the scale run's PostgreSQL restart left 75 such.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { openStores } from "../../../hub/store/stores.js";
import { heldTask } from "../../helpers/holding-device.js";
import { startHub, type TestHub, until } from "../../helpers/hub.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

requirePostgres("a run's end written while the database is away", (pgBin) => {
  describe("a run's end written while the database is away", () => {
    let postgres: PostgresCluster;
    let dir: string;
    let hub: TestHub | undefined;
    let phone: SimPhone | undefined;

    beforeAll(async () => {
      postgres = await startPostgres(pgBin);
      dir = mkdtempSync(path.join(tmpdir(), "droidhub-unwritten-"));
    }, 120_000);

    afterAll(async () => {
      phone?.stop();
      await hub?.close();
      await postgres?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("ends the run as interrupted once it is back, and the phone runs the task again", async () => {
      const url = await postgres.createDatabase();
      hub = await startHub({}, { stores: await openStores({ dataDir: dir, databaseUrl: url, hubId: "hub-x" }) });
      const started = await heldTask(hub, "unwritten-1");
      const { device, held, taskId } = started;
      phone = started.phone;
      const { registry } = hub.app.hub;

      await postgres.kill();
      // The phone answers while the database is away; it comes back a moment later.
      device.hold = undefined;
      held.open();
      await new Promise((r) => setTimeout(r, 1_500));
      await postgres.start();
      await until(
        async () => (await hub!.api("GET", `/api/tasks/${taskId}`)).json.status === "done",
        30_000,
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
          { status: "interrupted", device_id: "unwritten-1" },
          { status: "done", device_id: "unwritten-1" },
        ]);
      } finally {
        await db.end();
      }
      expect(registry.get("unwritten-1")?.lease).toBeUndefined();
    }, 90_000);
  });
});
