/**
 * The durable task queue in PostgreSQL: the fleet's TaskStore, TaskQueue and the task writes of a
 * unit (fleet/ports.ts), for several hubs on one database. Claims (`SELECT … FOR UPDATE SKIP
 * LOCKED`, one statement for many phones) are in claims.ts.
 */
import { randomUUID } from "node:crypto";
import { HubError } from "../../errors/hub-error.js";
import type {
  ClaimedTask,
  NewTask,
  PhoneFacts,
  TaskExtra,
  TaskQueue,
  TaskRecord,
  TaskState,
  TaskStore,
  TaskWrites,
} from "../../fleet/ports.js";
import type { SecretBox } from "../secret-box.js";
import { PgClaims } from "./claims.js";
import type { PgUnitSource } from "./commits.js";
import type { Pool } from "./connection.js";
import type { GroupRow } from "./group-statement.js";
import { COLUMNS, type Raw, record } from "./task-rows.js";

/**
 * Tasks submitted since the queue's statistics were last refreshed that make the store refresh them.
 * The claim needs the planner to know the queue is deep: with the statistics of an empty table it
 * chose a bitmap scan and sorted every queued task per claim (11.7 ms at 10,000 queued, against
 * 0.07 ms for the index walk it takes once it knows), and autovacuum refreshes them a minute late.
 */
const ANALYZE_AFTER_ROWS = 1_000;

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const INSERT_CHUNK = 1_000;

export { CLAIM_FRESH, CLAIM_TTL_MS } from "./claims.js";

export class PgTaskStore implements TaskStore, TaskQueue {
  readonly #pool: Pool;
  readonly #box: SecretBox;
  /** This store's name on the claims it makes: the hub's cluster id, so a dead hub's claims can be dropped. */
  readonly #owner: string;
  readonly #claims: PgClaims;
  readonly writes: TaskWrites;
  #insertedSinceAnalyze = 0;
  #analyzing = false;

  /** `hubId`: cluster mode (claims carry it; no lease commits for a phone another hub holds). */
  constructor(pool: Pool, box: SecretBox, commits: PgUnitSource, hubId?: string) {
    this.#pool = pool;
    this.#box = box;
    this.#owner = hubId ?? randomUUID();
    this.#claims = new PgClaims(pool, box, this.#owner);
    this.writes = new PgTaskWrites(commits, hubId);
  }

  async insert(tasks: readonly NewTask[]): Promise<TaskRecord[]> {
    if (tasks.length === 0) return [];
    const now = Date.now();
    const client = await this.#pool.connect();
    const rows: Raw[] = [];
    try {
      await client.query("BEGIN");
      for (let start = 0; start < tasks.length; start += INSERT_CHUNK) {
        const chunk = tasks.slice(start, start + INSERT_CHUNK);
        const params: unknown[] = [];
        const values = chunk.map((t) => {
          const base = params.length;
          params.push(
            t.id,
            t.goal,
            t.mode,
            t.deviceId ?? null,
            JSON.stringify(t.tags ?? []),
            t.minSdk ?? 0,
            t.priority ?? 0,
            now,
            t.maxAttempts ?? 3,
            t.timeoutMs ?? 0,
            JSON.stringify(t.extra ?? {}),
            t.secrets && Object.keys(t.secrets).length > 0 ? this.#box.seal(t.secrets) : null,
          );
          const marks = Array.from({ length: 12 }, (_, i) => `$${base + i + 1}`);
          marks[4] = `${marks[4]}::jsonb`;
          return `(${marks[0]}, ${marks[1]}, ${marks[2]}, 'queued', ${marks.slice(3).join(", ")})`;
        });
        // Multi-row VALUES take the sequence in row order: submission order is seq order.
        const result = await client.query<Raw>(
          `INSERT INTO tasks (id, goal, mode, status, device_id, tags, min_sdk, priority, created_at, max_attempts,
             timeout_ms, spec, secrets) VALUES ${values.join(", ")} RETURNING ${COLUMNS}`,
          params,
        );
        rows.push(...result.rows);
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    this.#refreshStatistics(rows.length);
    return rows.sort((a, b) => a.seq - b.seq).map(record);
  }

  /** ANALYZE once enough tasks came in; in the background, one at a time (it only samples the table). */
  #refreshStatistics(inserted: number): void {
    this.#insertedSinceAnalyze += inserted;
    if (this.#insertedSinceAnalyze < ANALYZE_AFTER_ROWS || this.#analyzing) return;
    this.#insertedSinceAnalyze = 0;
    this.#analyzing = true;
    this.#pool
      .query("ANALYZE tasks")
      .catch(() => undefined) // statistics only: a failure leaves the plan as it was
      .finally(() => {
        this.#analyzing = false;
      });
  }

  async get(id: string): Promise<TaskRecord | undefined> {
    const { rows } = await this.#pool.query<Raw>(`SELECT ${COLUMNS} FROM tasks WHERE id = $1`, [id]);
    return rows[0] ? record(rows[0]) : undefined;
  }

  async unfinished(): Promise<TaskRecord[]> {
    const { rows } = await this.#pool.query<Raw>(
      `SELECT ${COLUMNS} FROM tasks WHERE status IN ('queued', 'running') ORDER BY seq`,
    );
    return rows.map(record);
  }

  async list(filter: { status?: string | undefined; limit?: number | undefined } = {}): Promise<TaskRecord[]> {
    const limit = filter.limit ?? 100;
    const { rows } = filter.status
      ? await this.#pool.query<Raw>(`SELECT ${COLUMNS} FROM tasks WHERE status = $1 ORDER BY seq DESC LIMIT $2`, [
          filter.status,
          limit,
        ])
      : await this.#pool.query<Raw>(`SELECT ${COLUMNS} FROM tasks ORDER BY seq DESC LIMIT $1`, [limit]);
    return rows.map(record);
  }

  async counts(): Promise<Record<TaskState, number>> {
    const out: Record<TaskState, number> = { queued: 0, running: 0, done: 0, failed: 0, cancelled: 0 };
    const { rows } = await this.#pool.query<{ status: TaskState; n: number }>(
      "SELECT status, COUNT(*) AS n FROM tasks GROUP BY status",
    );
    for (const row of rows) out[row.status] = row.n;
    return out;
  }

  claim(phone: PhoneFacts, now: number): Promise<ClaimedTask | undefined> {
    return this.#claims.claim(phone, now);
  }

  claimAll(phones: readonly PhoneFacts[], now: number): Promise<(ClaimedTask | undefined)[]> {
    return this.#claims.claimAll(phones, now);
  }

  release(taskId: string): Promise<void> {
    return this.#claims.release([taskId]);
  }

  /** A task another hub reserved and never leased becomes claimable when its reservation lapses: due then too. */
  async nextDueAt(since: number): Promise<number | undefined> {
    const { rows } = await this.#pool.query<{ due: number | null }>(
      `SELECT MIN(due) AS due FROM (
         SELECT GREATEST(not_before, CASE WHEN claimed_by <> $2 THEN claimed_until + 1 ELSE 0 END) AS due
         FROM tasks WHERE status = 'queued') AS waiting
       WHERE due > $1`,
      [since, this.#owner],
    );
    return rows[0]?.due ?? undefined;
  }

  async requiresTag(prefix: string): Promise<boolean> {
    const { rows } = await this.#pool.query<{ yes: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM tasks, jsonb_array_elements_text(tags) AS tag
         WHERE status = 'queued' AND starts_with(tag, $1)) AS yes`,
      [prefix],
    );
    return rows[0]?.yes === true;
  }
}

/** The task writes of a unit: recorded statements, sent with the unit's group. */
class PgTaskWrites implements TaskWrites {
  readonly #commits: PgUnitSource;
  /** Cluster mode: this hub's id; a lease of a phone another hub holds does not commit. */
  readonly #hubId: string | null;

  constructor(commits: PgUnitSource, hubId: string | undefined) {
    this.#commits = commits;
    this.#hubId = hubId ?? null;
  }

  markStarted(id: string, deviceId: string): void {
    const hub = this.#hubId;
    this.#commits.unit.add({
      // Cluster mode: a hub that lost the phone to another cannot lease it (device-holders.ts).
      sql: `UPDATE tasks SET status = 'running', attempts = attempts + 1, last_device = $1,
              claimed_by = NULL, claimed_until = NULL WHERE id = $2 AND status = 'queued'
              AND ($3::text IS NULL OR NOT EXISTS (
                SELECT 1 FROM (SELECT hub_id FROM device_holders WHERE device_id = $1 FOR SHARE) AS h
                WHERE h.hub_id <> $3))
            RETURNING id`,
      params: [deviceId, id, hub],
      row: { kind: "lease", id, device: deviceId, hub },
      expectRows: 1,
      check: (result) =>
        result.rowCount === 1
          ? undefined
          : new HubError(
              "CONFLICT",
              hub === null
                ? `task ${id} was no longer queued when its lease was written`
                : `task ${id} was no longer queued, or phone ${deviceId} held by another hub than ${hub}, when its lease was written`,
            ),
    });
  }

  requeue(id: string, notBefore: number, reason: string): Promise<TaskRecord | undefined> {
    return this.#answer(
      `UPDATE tasks SET status = 'queued', not_before = $1, reason = $2, claimed_by = NULL, claimed_until = NULL
       WHERE id = $3 AND status = 'running' RETURNING ${COLUMNS}`,
      [notBefore, reason, id],
      { kind: "requeue", id, notBefore, reason },
    );
  }

  finish(
    id: string,
    status: "done" | "failed" | "cancelled",
    reason: string,
    from?: "queued" | "running",
  ): Promise<TaskRecord | undefined> {
    const states = from ? [from] : ["queued", "running"];
    const finishedAt = Date.now();
    return this.#answer(
      `UPDATE tasks SET status = $1, finished_at = $2, reason = $3, secrets = NULL
       WHERE id = $4 AND status = ANY($5::text[]) RETURNING ${COLUMNS}`,
      [status, finishedAt, reason, id, states],
      { kind: "finish", id, status, finishedAt, reason, from: from ?? null },
    );
  }

  setExtra(id: string, extra: TaskExtra): void {
    this.#commits.unit.add({ sql: "UPDATE tasks SET spec = $1 WHERE id = $2", params: [JSON.stringify(extra), id] });
  }

  /** The row the statement returns, once the unit committed; undefined when none matched or it rolled back. */
  #answer(sql: string, params: unknown[], structured: GroupRow): Promise<TaskRecord | undefined> {
    const unit = this.#commits.unit;
    let row: Raw | undefined;
    unit.add({
      sql,
      params,
      row: structured,
      seen: (result) => {
        row = result.rows[0] as Raw | undefined;
      },
    });
    return new Promise((resolve) => {
      unit.afterCommit(
        () => resolve(row ? record(row) : undefined),
        () => resolve(undefined),
      );
    });
  }
}
