/**
 * Runs and their event log in SQLite: the runs' RunStore and the run writes of a unit (runs/ports.ts).
 * The fleet path writes through units of the group commit: the writes of one turn of the event loop
 * share a transaction, and the task runner sends a run's next action to the phone only once the
 * run's records so far are committed — so a step's record is on disk before the phone acts, and a
 * crash loses nothing. A hub that starts finds runs still marked running and marks them interrupted.
 */
import type { EventRow, NewEvent, RunFilter, RunRow, RunStatus, RunStore, RunWrites } from "../runs/ports.js";
import type { Db, Stmt } from "./database.js";
import type { UnitSource } from "./group-commit.js";
import { type RunRowBase, runRecord } from "./rows.js";
import { StatementCache } from "./statements.js";

interface RawRun extends RunRowBase {
  starred: number;
}

/** Events per INSERT: 80 parameters, far below SQLite's limit, and a handful of statements to cache. */
const MAX_EVENT_ROWS = 16;

const run = (row: RawRun): RunRow => runRecord(row, row.starred === 1);

export class SqliteRunStore implements RunStore {
  readonly #statements: StatementCache;
  /** The run writes units record (SQLite runs them at once, inside the unit's savepoint). */
  readonly writes: RunWrites;

  #stmt(sql: string): Stmt {
    return this.#statements.get(sql);
  }

  constructor(db: Db, commits: UnitSource) {
    this.#statements = new StatementCache(db);
    this.writes = new SqliteRunWrites(db, commits);
  }

  /** hubsWithRunningRuns: one hub on its own file, never named. */
  async hubsWithRunningRuns(): Promise<string[]> {
    return [];
  }

  async markInterrupted(): Promise<{ id: string; taskId: string }[]> {
    const ids = (
      this.#stmt("SELECT id, task_id FROM runs WHERE status = 'running'").all() as { id: string; task_id: string }[]
    ).map((r) => ({ id: r.id, taskId: r.task_id }));
    this.#stmt("UPDATE runs SET status = 'interrupted', finished_at = ?, reason = ? WHERE status = 'running'").run(
      Date.now(),
      "the hub stopped while this run was in progress",
    );
    return ids;
  }

  async runsOfTask(taskId: string): Promise<RunRow[]> {
    return (
      this.#stmt("SELECT * FROM runs WHERE task_id = ? ORDER BY started_at, attempt").all(taskId) as RawRun[]
    ).map(run);
  }

  async latestRunIds(taskIds: readonly string[]): Promise<Map<string, string>> {
    const latest = new Map<string, string>();
    if (taskIds.length === 0) return latest;
    const rows = this.#stmt(
      "SELECT task_id, id FROM runs WHERE task_id IN (SELECT value FROM json_each(?)) ORDER BY started_at, attempt",
    ).all(JSON.stringify(taskIds)) as { task_id: string; id: string }[];
    for (const row of rows) latest.set(row.task_id, row.id);
    return latest;
  }

  async getRun(id: string): Promise<RunRow | undefined> {
    const row = this.#stmt("SELECT * FROM runs WHERE id = ?").get(id) as RawRun | undefined;
    return row ? run(row) : undefined;
  }

  async listRuns(filter: RunFilter = {}): Promise<RunRow[]> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (filter.status) {
      where.push("status = ?");
      args.push(filter.status);
    }
    if (filter.deviceId) {
      where.push("device_id = ?");
      args.push(filter.deviceId);
    }
    if (filter.starred !== undefined) {
      where.push("starred = ?");
      args.push(filter.starred ? 1 : 0);
    }
    const sql = `SELECT * FROM runs ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY started_at DESC, rowid DESC LIMIT ?`;
    return (this.#stmt(sql).all(...args, filter.limit ?? 100) as RawRun[]).map(run);
  }

  async events(runId: string, afterSeq = 0, types?: readonly string[], limit = -1): Promise<EventRow[]> {
    const rows = this.#stmt("SELECT * FROM run_events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?").all(
      runId,
      afterSeq,
      limit,
    ) as { run_id: string; seq: number; at: number; type: string; body: string }[];
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
    this.#stmt("UPDATE runs SET starred = ? WHERE id = ?").run(starred ? 1 : 0, runId);
  }
}

/** The run writes of a unit: plain statements, run at once inside the unit's savepoint. */
class SqliteRunWrites implements RunWrites {
  readonly #commits: UnitSource;
  readonly #insertRun: Stmt;
  readonly #insertEvent: Stmt;
  readonly #finishRun: Stmt;
  readonly #db: Db;
  /** INSERTs of 2 to MAX_EVENT_ROWS events, by row count, prepared when first needed. */
  readonly #insertEvents: (Stmt | undefined)[] = [];

  constructor(db: Db, commits: UnitSource) {
    this.#commits = commits;
    this.#db = db;
    this.#insertRun = db.prepare(
      "INSERT INTO runs (id, task_id, attempt, device_id, goal, mode, status, started_at) VALUES (?, ?, ?, ?, ?, ?, 'running', ?)",
    );
    this.#insertEvent = db.prepare("INSERT INTO run_events (run_id, seq, at, type, body) VALUES (?, ?, ?, ?, ?)");
    this.#finishRun = db.prepare(
      "UPDATE runs SET status = ?, finished_at = ?, reason = ?, stats = ? WHERE id = ? AND status = 'running'",
    );
  }

  createRun(runId: string, taskId: string, attempt: number, deviceId: string, goal: string, mode: string): void {
    if (this.#commits.unit.failed) return;
    this.#insertRun.run(runId, taskId, attempt, deviceId, goal, mode, Date.now());
  }

  appendEvent(runId: string, seq: number, at: number, type: string, body: unknown): void {
    if (this.#commits.unit.failed) return;
    this.#insertEvent.run(runId, seq, at, type, JSON.stringify(body));
  }

  /**
   * One INSERT for up to MAX_EVENT_ROWS events: a one-tap script run writes its events in two units
   * of three and two, and a statement's run costs more than a row's.
   */
  appendEvents(runId: string, events: readonly NewEvent[]): void {
    if (this.#commits.unit.failed) return;
    for (let from = 0; from < events.length; from += MAX_EVENT_ROWS) {
      const rows = events.slice(from, from + MAX_EVENT_ROWS);
      if (rows.length === 1) {
        const [event] = rows as [NewEvent];
        this.#insertEvent.run(runId, event.seq, event.at, event.type, JSON.stringify(event.body));
        continue;
      }
      const args: unknown[] = [];
      for (const event of rows) args.push(runId, event.seq, event.at, event.type, JSON.stringify(event.body));
      this.#eventsInsert(rows.length).run(args);
    }
  }

  #eventsInsert(rows: number): Stmt {
    let statement = this.#insertEvents[rows];
    if (!statement) {
      const values = Array.from({ length: rows }, () => "(?, ?, ?, ?, ?)").join(", ");
      statement = this.#db.prepare(`INSERT INTO run_events (run_id, seq, at, type, body) VALUES ${values}`);
      this.#insertEvents[rows] = statement;
    }
    return statement;
  }

  finishRun(runId: string, status: RunStatus, reason: string, stats: unknown): void {
    if (this.#commits.unit.failed) return;
    this.#finishRun.run(status, Date.now(), reason, JSON.stringify(stats ?? null), runId);
  }
}
