/**
 * Which hub holds which phone, in the shared database (cluster mode): the fence that keeps a hub that
 * lost a phone from leasing it. Redis says who owns a phone's socket now (cluster/ownership.ts), but
 * a lease is a database write, and one that an old holder had in flight could commit after the new
 * holder interrupted the phone's runs: the records would then show the phone running two tasks. So
 * the new holder writes itself here (under its ownership epoch: an older admission arriving late
 * changes nothing) before it interrupts, and a lease does not commit once another hub holds the
 * phone (group-statement.ts, task-store.ts). A clustered hub holds every phone before it leases it, so
 * a phone with no row is one no hub has admitted (a store opened with a hub id but no cluster, as in
 * tests): its leases commit as before. The two meet on this row's lock: a lease reads it FOR SHARE,
 * the upsert below takes it for update, so one waits for the other to commit, and the interrupt
 * (a statement of its own, with a fresh snapshot) sees a lease that won the race.
 */
import { HubError } from "../../errors/hub-error.js";
import type { Pool } from "./connection.js";

const HOLD = `INSERT INTO device_holders (device_id, hub_id, epoch) VALUES ($1, $2, $3)
  ON CONFLICT (device_id) DO UPDATE SET hub_id = excluded.hub_id, epoch = excluded.epoch
  WHERE excluded.epoch IS NULL OR device_holders.epoch IS NULL OR device_holders.epoch < excluded.epoch
     OR device_holders.hub_id = excluded.hub_id
  RETURNING hub_id`;

const INTERRUPT = `UPDATE runs SET status = 'interrupted', finished_at = $1, reason = $2
  WHERE status = 'running' AND device_id = $3 AND hub_id IS DISTINCT FROM $4 RETURNING id, task_id`;

/**
 * `hubId` holds `deviceId` from now on, under `epoch` (undefined: Redis could not say; the hold is
 * taken unconditionally). Runs other hubs still mark running on the phone are interrupted and
 * answered, so their tasks are requeued. CONFLICT when a later epoch holds the phone already (this
 * admission is stale: the phone has moved on).
 */
export async function holdDevice(
  pool: Pool,
  deviceId: string,
  hubId: string,
  epoch: number | undefined,
): Promise<{ id: string; taskId: string }[]> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const held = await client.query(HOLD, [deviceId, hubId, epoch ?? null]);
    if (held.rowCount !== 1) {
      await client.query("ROLLBACK");
      throw new HubError("CONFLICT", `phone ${deviceId} is held by another hub under a later epoch than ${epoch}`);
    }
    const reason = `the phone joined hub ${hubId} while this run was in progress`;
    const cut = await client.query<{ id: string; task_id: string }>(INTERRUPT, [Date.now(), reason, deviceId, hubId]);
    await client.query("COMMIT");
    return cut.rows.map((r) => ({ id: r.id, taskId: r.task_id }));
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
