/**
 * Runs and their event log in PostgreSQL: the runs' RunStore and the run writes of a unit
 * (runs/ports.ts). The writes are recorded on the unit and sent with its group (commits.ts); the task
 * runner sends a run's next action to the phone only once they are committed, as on SQLite.
 */

import { HubError } from "../../errors/hub-error.js";
import type { EventRow, RunFilter, RunRow, RunStatus, RunStore, RunWrites } from "../../runs/ports.js";
import { type RunRowBase, runRecord } from "../rows.js";
import type { PgUnitSource } from "./commits.js";
import type { Pool } from "./connection.js";
import { holdDevice } from "./device-holders.js";

interface RawRun extends RunRowBase {
  starred: boolean;
}

const RUN_COLUMNS =
  "id, task_id, attempt, device_id, goal, mode, status, started_at, finished_at, reason, stats, starred";

const run = (row: RawRun): RunRow => runRecord(row, row.starred);

export class PgRunStore implements RunStore {
  readonly #pool: Pool;
  readonly writes: RunWrites;

  /** `hubId`: the name this hub's runs carry (cluster mode), so only a dead hub's runs are interrupted. */
  constructor(pool: Pool, commits: PgUnitSource, hubId?: string) {
    this.#pool = pool;
    this.writes = new PgRunWrites(commits, hubId);
  }

  /**
   * Runs still marked running become interrupted: all of them (a hub that starts alone), or with
   * `hubId` (cluster mode) only those that hub ran, whose reservations are dropped with them.
   */
  async markInterrupted(hubId?: string): Promise<{ id: string; taskId: string }[]> {
    const reason = "the hub stopped while this run was in progress";
    const { rows } = await this.#pool.query<{ id: string; task_id: string }>(
      `UPDATE runs SET status = 'interrupted', finished_at = $1, reason = $2
       WHERE status = 'running' AND ($3::text IS NULL OR hub_id = $3) RETURNING id, task_id`,
      [Date.now(), reason, hubId ?? null],
    );
    // Reservations the dead hub held for leases it never wrote: claimable at once, not after their TTL.
    await this.#pool.query(
      `UPDATE tasks SET claimed_by = NULL, claimed_until = NULL
       WHERE status = 'queued' AND claimed_by IS NOT NULL AND ($1::text IS NULL OR claimed_by = $1)`,
      [hubId ?? null],
    );
    return rows.map((r) => ({ id: r.id, taskId: r.task_id }));
  }

  async strandedRuns(endedBefore: number): Promise<{ id: string; taskId: string }[]> {
    const { rows } = await this.#pool.query<{ id: string; task_id: string; finished_at: string | null }>(
      `SELECT * FROM (
         SELECT DISTINCT ON (r.task_id) r.id, r.task_id, r.finished_at
         FROM tasks t JOIN runs r ON r.task_id = t.id
         WHERE t.status = 'running'
           AND NOT EXISTS (SELECT 1 FROM runs x WHERE x.task_id = t.id AND x.status = 'running')
         ORDER BY r.task_id, r.started_at DESC, r.row_order DESC
       ) latest WHERE finished_at IS NOT NULL AND finished_at < $1`,
      [endedBefore],
    );
    return rows.map((r) => ({ id: r.id, taskId: r.task_id }));
  }

  holdDevice(deviceId: string, hubId: string, epoch: number | undefined): Promise<{ id: string; taskId: string }[]> {
    return holdDevice(this.#pool, deviceId, hubId, epoch);
  }

  async hubsWithRunningRuns(): Promise<string[]> {
    const { rows } = await this.#pool.query<{ hub_id: string }>(
      "SELECT DISTINCT hub_id FROM runs WHERE status = 'running' AND hub_id IS NOT NULL",
    );
    return rows.map((r) => r.hub_id);
  }

  async runsOfTask(taskId: string): Promise<RunRow[]> {
    const { rows } = await this.#pool.query<RawRun>(
      `SELECT ${RUN_COLUMNS} FROM runs WHERE task_id = $1 ORDER BY started_at, attempt`,
      [taskId],
    );
    return rows.map(run);
  }

  async latestRunIds(taskIds: readonly string[]): Promise<Map<string, string>> {
    const latest = new Map<string, string>();
    if (taskIds.length === 0) return latest;
    const { rows } = await this.#pool.query<{ task_id: string; id: string }>(
      "SELECT task_id, id FROM runs WHERE task_id = ANY($1::text[]) ORDER BY started_at, attempt",
      [taskIds],
    );
    for (const row of rows) latest.set(row.task_id, row.id);
    return latest;
  }

  async getRun(id: string): Promise<RunRow | undefined> {
    const { rows } = await this.#pool.query<RawRun>(`SELECT ${RUN_COLUMNS} FROM runs WHERE id = $1`, [id]);
    return rows[0] ? run(rows[0]) : undefined;
  }

  async listRuns(filter: RunFilter = {}): Promise<RunRow[]> {
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (column: string, value: unknown): void => {
      args.push(value);
      where.push(`${column} = $${args.length}`);
    };
    if (filter.status) add("status", filter.status);
    if (filter.deviceId) add("device_id", filter.deviceId);
    if (filter.starred !== undefined) add("starred", filter.starred);
    args.push(filter.limit ?? 100);
    const sql = `SELECT ${RUN_COLUMNS} FROM runs ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY started_at DESC, row_order DESC LIMIT $${args.length}`;
    const { rows } = await this.#pool.query<RawRun>(sql, args);
    return rows.map(run);
  }

  async events(runId: string, afterSeq = 0, types?: readonly string[], limit = -1): Promise<EventRow[]> {
    const { rows } = await this.#pool.query<{ run_id: string; seq: number; at: number; type: string; body: string }>(
      "SELECT run_id, seq, at, type, body FROM run_events WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
      [runId, afterSeq, limit < 0 ? null : limit],
    );
    return rows
      .filter((r) => !types || types.includes(r.type))
      .map((r) => ({
        runId: r.run_id,
        seq: r.seq,
        at: new Date(r.at).toISOString(),
        type: r.type,
        body: JSON.parse(r.body) as Record<string, unknown>,
      }));
  }

  async setStar(runId: string, starred: boolean): Promise<void> {
    await this.#pool.query("UPDATE runs SET starred = $1 WHERE id = $2", [starred, runId]);
  }
}

/** The run writes of a unit: recorded statements, sent with the unit's group. */
class PgRunWrites implements RunWrites {
  readonly #commits: PgUnitSource;
  readonly #hubId: string | null;

  constructor(commits: PgUnitSource, hubId: string | undefined) {
    this.#commits = commits;
    this.#hubId = hubId ?? null;
  }

  createRun(runId: string, taskId: string, attempt: number, deviceId: string, goal: string, mode: string): void {
    const startedAt = Date.now();
    const hubId = this.#hubId;
    this.#commits.unit.add({
      sql: `INSERT INTO runs (id, task_id, attempt, device_id, goal, mode, status, started_at, hub_id)
            VALUES ($1, $2, $3, $4, $5, $6, 'running', $7, $8)`,
      params: [runId, taskId, attempt, deviceId, goal, mode, startedAt, hubId],
      row: { kind: "run", id: runId, taskId, attempt, device: deviceId, goal, mode, startedAt, hubId },
    });
  }

  appendEvent(runId: string, seq: number, at: number, type: string, body: unknown): void {
    const text = JSON.stringify(body);
    this.#commits.unit.add({
      sql: "INSERT INTO run_events (run_id, seq, at, type, body) VALUES ($1, $2, $3, $4, $5)",
      params: [runId, seq, at, type, text],
      row: { kind: "event", runId, seq, at, type, body: text },
    });
  }

  finishRun(runId: string, status: RunStatus, reason: string, stats: unknown): void {
    // The fence for a hub taken for dead (cluster mode): its run was interrupted and the task retried
    // elsewhere, so its late end — and the task's next state in the same unit — is refused. (A run that
    // already ended is left alone, as on SQLite: a second end is a no-op.)
    this.#commits.unit.add({
      sql: "SELECT 1 FROM runs WHERE id = $1 AND status = 'interrupted'",
      params: [runId],
      row: { kind: "fence", runId },
      expectRows: 0,
      check: (result) =>
        result.rowCount === 0
          ? undefined
          : new HubError("CONFLICT", `run ${runId} was interrupted (its hub was taken for dead); its end is refused`),
    });
    const finishedAt = Date.now();
    const text = JSON.stringify(stats ?? null);
    this.#commits.unit.add({
      sql: "UPDATE runs SET status = $1, finished_at = $2, reason = $3, stats = $4 WHERE id = $5 AND status = 'running'",
      params: [status, finishedAt, reason, text, runId],
      row: { kind: "endRun", id: runId, status, finishedAt, reason, stats: text },
    });
  }
}
