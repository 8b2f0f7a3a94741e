/**
 * Tasks, runs and their event log in SQLite. Writes on the fleet path go through `commits` (group
 * commit): the writes of one turn of the event loop share a transaction, and the task runner sends a
 * run's next action to the phone only once the run's records so far are committed — so a step's
 * record is on disk before the phone acts, and a crash loses nothing. A hub that starts finds runs
 * still marked running and marks them interrupted.
 */
import type { Db, Stmt } from "./database.js";
import { GroupCommit } from "./group-commit.js";
import { StatementCache } from "./statements.js";

/** A run's end; "interrupted" is a run a dead hub left behind (its task is retried). */
export type RunStatus = "running" | "done" | "failed" | "cancelled" | "interrupted";

export interface RunRow {
  id: string;
  taskId: string;
  attempt: number;
  deviceId: string;
  goal: string;
  mode: string;
  status: RunStatus;
  startedAt: string;
  finishedAt: string | undefined;
  reason: string | undefined;
  stats: Record<string, unknown> | undefined;
  starred: boolean;
}

export interface EventRow {
  runId: string;
  seq: number;
  at: string;
  type: string;
  body: Record<string, unknown>;
}

export interface RunFilter {
  status?: string | undefined;
  deviceId?: string | undefined;
  starred?: boolean | undefined;
  limit?: number | undefined;
}

const iso = (ms: number | null | undefined): string | undefined =>
  ms == null ? undefined : new Date(ms).toISOString();

interface RawRun {
  id: string;
  task_id: string;
  attempt: number;
  device_id: string;
  goal: string;
  mode: string;
  status: RunStatus;
  started_at: number;
  finished_at: number | null;
  reason: string | null;
  stats: string | null;
  starred: number;
}

function run(row: RawRun): RunRow {
  return {
    id: row.id,
    taskId: row.task_id,
    attempt: row.attempt,
    deviceId: row.device_id,
    goal: row.goal,
    mode: row.mode,
    status: row.status,
    startedAt: iso(row.started_at)!,
    finishedAt: iso(row.finished_at),
    reason: row.reason ?? undefined,
    stats: row.stats ? (JSON.parse(row.stats) as Record<string, unknown>) : undefined,
    starred: row.starred === 1,
  };
}

export class RunStore {
  readonly #insertEvent;
  /** The fleet path's writes: one commit per turn of the event loop, awaited before acting. */
  readonly commits: GroupCommit;

  readonly #statements: StatementCache;

  #stmt(sql: string): Stmt {
    return this.#statements.get(sql);
  }

  constructor(db: Db) {
    this.commits = new GroupCommit(db);
    this.#statements = new StatementCache(db);
    this.#insertEvent = db.prepare("INSERT INTO run_events (run_id, seq, at, type, body) VALUES (?, ?, ?, ?, ?)");
  }

  /** Runs left "running" by a hub that died are interrupted; returns their ids. */
  markInterrupted(): { id: string; taskId: string }[] {
    const ids = (
      this.#stmt("SELECT id, task_id FROM runs WHERE status = 'running'").all() as { id: string; task_id: string }[]
    ).map((r) => ({ id: r.id, taskId: r.task_id }));
    this.#stmt("UPDATE runs SET status = 'interrupted', finished_at = ?, reason = ? WHERE status = 'running'").run(
      Date.now(),
      "the hub stopped while this run was in progress",
    );
    return ids;
  }

  createRun(runId: string, taskId: string, attempt: number, deviceId: string, goal: string, mode: string): void {
    this.#stmt(
      "INSERT INTO runs (id, task_id, attempt, device_id, goal, mode, status, started_at) VALUES (?, ?, ?, ?, ?, ?, 'running', ?)",
    ).run(runId, taskId, attempt, deviceId, goal, mode, Date.now());
  }

  appendEvent(runId: string, seq: number, at: number, type: string, body: unknown): void {
    this.#insertEvent.run(runId, seq, at, type, JSON.stringify(body));
  }

  finishRun(runId: string, status: RunStatus, reason: string, stats: unknown): void {
    this.#stmt(
      "UPDATE runs SET status = ?, finished_at = ?, reason = ?, stats = ? WHERE id = ? AND status = 'running'",
    ).run(status, Date.now(), reason, JSON.stringify(stats ?? null), runId);
  }

  runsOfTask(taskId: string): RunRow[] {
    return (this.#stmt("SELECT * FROM runs WHERE task_id = ? ORDER BY started_at").all(taskId) as RawRun[]).map(run);
  }

  /** Each task's latest run id, in one query (the queue page links every row to its run). */
  latestRunIds(taskIds: readonly string[]): Map<string, string> {
    const latest = new Map<string, string>();
    if (taskIds.length === 0) return latest;
    const rows = this.#stmt(
      "SELECT task_id, id FROM runs WHERE task_id IN (SELECT value FROM json_each(?)) ORDER BY started_at, attempt",
    ).all(JSON.stringify(taskIds)) as { task_id: string; id: string }[];
    for (const row of rows) latest.set(row.task_id, row.id);
    return latest;
  }

  getRun(id: string): RunRow | undefined {
    const row = this.#stmt("SELECT * FROM runs WHERE id = ?").get(id) as RawRun | undefined;
    return row ? run(row) : undefined;
  }

  listRuns(filter: RunFilter = {}): RunRow[] {
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

  /** The run's events after `afterSeq`, in order; at most `limit` of them (before the type filter). */
  events(runId: string, afterSeq = 0, types?: readonly string[], limit = -1): EventRow[] {
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
        at: iso(r.at)!,
        type: r.type,
        body: JSON.parse(r.body) as Record<string, unknown>,
      }));
  }

  setStar(runId: string, starred: boolean): void {
    this.#stmt("UPDATE runs SET starred = ? WHERE id = ?").run(starred ? 1 : 0, runId);
  }
}
