/**
 * The durable task queue: every state change of a task is one synchronous SQLite statement. The
 * dispatcher runs leases and ends inside the run store's group commit and acts on a phone only once
 * they are committed, so a hub killed at any moment restarts with the queue as it last acted on it
 * (running tasks become retries).
 */
import type { Db, Stmt } from "./database.js";
import type { SecretBox } from "./secret-box.js";
import { StatementCache } from "./statements.js";

export type TaskMode = "chain" | "step" | "script" | "replay";
export type TaskState = "queued" | "running" | "done" | "failed" | "cancelled";

export interface TaskExtra {
  expected?: string | undefined;
  maxSteps?: number | undefined;
  verification?: "economy" | "naive" | undefined;
  /** Script mode: remote-control actions run in order, no model. */
  actions?: Record<string, unknown>[] | undefined;
  /** The run a hub restart cut off: the next attempt starts from what it had done. */
  resumeOf?: string | undefined;
  /** Step mode test case: its name keys lessons and reference runs; its app is started first. */
  testCase?:
    | {
        name: string;
        app: string;
        subgoals?: string[] | undefined;
        /** A deterministic check of the expected result (hub/agent/finish.ts GoalCheck). */
        check?: { text?: string[] | undefined; package?: string | undefined; activity?: string | undefined };
      }
    | undefined;
  /** Replay mode: the recorded run whose steps are re-run. */
  replayOf?: string | undefined;
}

export interface NewTask {
  id: string;
  goal: string;
  mode: TaskMode;
  deviceId?: string | undefined;
  tags?: string[] | undefined;
  minSdk?: number | undefined;
  priority?: number | undefined;
  maxAttempts?: number | undefined;
  timeoutMs?: number | undefined;
  extra?: TaskExtra | undefined;
  secrets?: Record<string, string> | undefined;
}

export interface TaskRecord {
  id: string;
  goal: string;
  mode: TaskMode;
  status: TaskState;
  deviceId: string | undefined;
  tags: string[];
  minSdk: number;
  priority: number;
  createdAt: number;
  /** Submission order, the tie-break after priority. */
  seq: number;
  attempts: number;
  maxAttempts: number;
  notBefore: number;
  timeoutMs: number;
  extra: TaskExtra;
  hasSecrets: boolean;
  lastDevice: string | undefined;
  finishedAt: number | undefined;
  reason: string | undefined;
}

interface Raw {
  id: string;
  goal: string;
  mode: TaskMode;
  status: TaskState;
  device_id: string | null;
  tags: string;
  min_sdk: number;
  priority: number;
  created_at: number;
  seq: number;
  attempts: number;
  max_attempts: number;
  not_before: number;
  timeout_ms: number;
  spec: string;
  secrets: string | null;
  last_device: string | null;
  finished_at: number | null;
  reason: string | null;
}

function record(row: Raw): TaskRecord {
  return {
    id: row.id,
    goal: row.goal,
    mode: row.mode,
    status: row.status,
    deviceId: row.device_id ?? undefined,
    tags: JSON.parse(row.tags) as string[],
    minSdk: row.min_sdk,
    priority: row.priority,
    createdAt: row.created_at,
    seq: row.seq,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    notBefore: row.not_before,
    timeoutMs: row.timeout_ms,
    extra: JSON.parse(row.spec) as TaskExtra,
    hasSecrets: row.secrets !== null,
    lastDevice: row.last_device ?? undefined,
    finishedAt: row.finished_at ?? undefined,
    reason: row.reason ?? undefined,
  };
}

export class TaskStore {
  readonly #db: Db;
  readonly #box: SecretBox;
  #seq: number;
  readonly #stmts;

  readonly #statements: StatementCache;

  #stmt(sql: string): Stmt {
    return this.#statements.get(sql);
  }

  constructor(db: Db, box: SecretBox) {
    this.#db = db;
    this.#statements = new StatementCache(db);
    this.#box = box;
    this.#seq = (db.prepare("SELECT COALESCE(MAX(seq), 0) AS s FROM tasks").get() as { s: number }).s;
    this.#stmts = {
      insert: db.prepare(
        `INSERT INTO tasks (id, goal, mode, status, device_id, tags, min_sdk, priority, created_at, seq, max_attempts,
           timeout_ms, spec, secrets) VALUES (?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      start: db.prepare(
        "UPDATE tasks SET status = 'running', attempts = attempts + 1, last_device = ? WHERE id = ? AND status = 'queued'",
      ),
      requeue: db.prepare(
        "UPDATE tasks SET status = 'queued', not_before = ?, reason = ? WHERE id = ? AND status = 'running'",
      ),
      finish: db.prepare(
        "UPDATE tasks SET status = ?, finished_at = ?, reason = ?, secrets = NULL WHERE id = ? AND status IN ('queued', 'running')",
      ),
      get: db.prepare("SELECT * FROM tasks WHERE id = ?"),
    };
  }

  /** Adds tasks in one transaction; their order is their submission order. */
  insert(tasks: readonly NewTask[]): TaskRecord[] {
    const now = Date.now();
    this.#db.transaction(() => {
      for (const t of tasks) {
        this.#stmts.insert.run(
          t.id,
          t.goal,
          t.mode,
          t.deviceId ?? null,
          JSON.stringify(t.tags ?? []),
          t.minSdk ?? 0,
          t.priority ?? 0,
          now,
          ++this.#seq,
          t.maxAttempts ?? 3,
          t.timeoutMs ?? 0,
          JSON.stringify(t.extra ?? {}),
          t.secrets && Object.keys(t.secrets).length > 0 ? this.#box.seal(t.secrets) : null,
        );
      }
    })();
    return tasks.map((t) => this.get(t.id)!);
  }

  setExtra(id: string, extra: TaskExtra): void {
    this.#stmt("UPDATE tasks SET spec = ? WHERE id = ?").run(JSON.stringify(extra), id);
  }

  get(id: string): TaskRecord | undefined {
    const row = this.#stmts.get.get(id) as Raw | undefined;
    return row ? record(row) : undefined;
  }

  secrets(id: string): Record<string, string> | undefined {
    const row = this.#stmt("SELECT secrets FROM tasks WHERE id = ?").get(id) as { secrets: string | null } | undefined;
    return row?.secrets ? this.#box.open(row.secrets) : undefined;
  }

  /** queued → running on `deviceId`; false when the task was no longer queued (e.g. cancelled). */
  markStarted(id: string, deviceId: string): boolean {
    return this.#stmts.start.run(deviceId, id).changes === 1;
  }

  /** running → queued again, not before `notBefore` (a retry with backoff). */
  requeue(id: string, notBefore: number, reason: string): boolean {
    return this.#stmts.requeue.run(notBefore, reason, id).changes === 1;
  }

  /** Ends a task once: only a queued or running task can end; secrets are wiped. */
  finish(id: string, status: "done" | "failed" | "cancelled", reason: string): boolean {
    return this.#stmts.finish.run(status, Date.now(), reason, id).changes === 1;
  }

  /** Tasks a new hub must pick up: queued ones, and running ones a dead hub left behind. */
  unfinished(): TaskRecord[] {
    return (this.#stmt("SELECT * FROM tasks WHERE status IN ('queued', 'running') ORDER BY seq").all() as Raw[]).map(
      record,
    );
  }

  list(filter: { status?: string | undefined; limit?: number | undefined } = {}): TaskRecord[] {
    const sql = filter.status
      ? "SELECT * FROM tasks WHERE status = ? ORDER BY seq DESC LIMIT ?"
      : "SELECT * FROM tasks ORDER BY seq DESC LIMIT ?";
    const args = filter.status ? [filter.status, filter.limit ?? 100] : [filter.limit ?? 100];
    return (this.#stmt(sql).all(...args) as Raw[]).map(record);
  }

  counts(): Record<TaskState, number> {
    const out: Record<TaskState, number> = { queued: 0, running: 0, done: 0, failed: 0, cancelled: 0 };
    for (const row of this.#stmt("SELECT status, COUNT(*) AS n FROM tasks GROUP BY status").all() as {
      status: TaskState;
      n: number;
    }[]) {
      out[row.status] = row.n;
    }
    return out;
  }
}
