/**
 * The durable task queue in SQLite: the fleet's TaskStore, TaskQueue and the task writes of a unit
 * (fleet/ports.ts). Every state change after the insert is a write on a unit of the group commit:
 * the dispatcher commits a lease before the phone gets its first command and a run's end before the
 * phone is offered new work, so a hub killed at any moment restarts with the queue as it last acted
 * on it (running tasks become retries).
 *
 * One hub owns an SQLite file, so the queue's fast path lives in memory: an index over the queued
 * tasks (fleet/queue-index.ts) picks the task for `claim` without a query, and the records it
 * knows to match their rows (known-records.ts) answer a claim and a task's end without reading the
 * row. Both are built from the table when the store opens and kept in step with every write, the
 * index's changes applied once their unit commits.
 */

import { HubError } from "../errors/hub-error.js";
import { defined } from "../errors/invariant.js";
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
} from "../fleet/ports.js";
import { type QueueEntry, QueueIndex } from "../fleet/queue-index.js";
import type { Clock } from "../util/clock.js";
import type { Db, Stmt } from "./database.js";
import type { UnitSource } from "./group-commit.js";
import { KnownRecords } from "./known-records.js";
import { type TaskRowBase, taskRecord } from "./rows.js";
import type { SecretBox } from "./secret-box.js";
import { StatementCache } from "./statements.js";

/** Tags are JSON text in SQLite; the sealed secrets come with the row. */
interface Raw extends TaskRowBase {
  tags: string;
  secrets: string | null;
}

function record(row: Raw): TaskRecord {
  return taskRecord(row, JSON.parse(row.tags) as string[], row.secrets !== null);
}

/** The states a task may end from when the caller names none. */
const ENDABLE: readonly TaskState[] = ["queued", "running"];

/** What the queue index keeps of a task. */
function entryOf(task: TaskRecord): QueueEntry {
  return {
    id: task.id,
    priority: task.priority,
    seq: task.seq,
    deviceId: task.deviceId,
    tags: task.tags,
    minSdk: task.minSdk,
    notBefore: task.notBefore,
    lastDevice: task.lastDevice,
  };
}

export class SqliteTaskStore implements TaskStore, TaskQueue {
  readonly #db: Db;
  readonly #box: SecretBox;
  readonly #clock: Clock;
  readonly #index = new QueueIndex();
  readonly #known = new KnownRecords();
  readonly #statements: StatementCache;
  readonly #stmts;
  #seq: number;
  /** The task writes units record (SQLite runs them at once, inside the unit's savepoint). */
  readonly writes: TaskWrites;

  constructor(db: Db, box: SecretBox, commits: UnitSource, clock: Clock) {
    this.#db = db;
    this.#box = box;
    this.#clock = clock;
    this.#statements = new StatementCache(db);
    this.#seq = (db.prepare("SELECT COALESCE(MAX(seq), 0) AS s FROM tasks").get() as { s: number }).s;
    this.#stmts = {
      insert: db.prepare(
        `INSERT INTO tasks (id, goal, mode, status, device_id, tags, min_sdk, priority, created_at, seq, max_attempts,
           timeout_ms, spec, secrets) VALUES (?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      get: db.prepare("SELECT * FROM tasks WHERE id = ?"),
    };
    this.writes = new SqliteTaskWrites(db, commits, this.#index, this.#known, clock);
    const now = clock.now();
    for (const row of db.prepare("SELECT * FROM tasks WHERE status = 'queued' ORDER BY seq").all() as Raw[]) {
      const task = record(row);
      this.#index.add(entryOf(task), now);
      this.#known.keep(task);
    }
  }

  #stmt(sql: string): Stmt {
    return this.#statements.get(sql);
  }

  async insert(tasks: readonly NewTask[]): Promise<TaskRecord[]> {
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
    const records = tasks.map((t) => defined(this.#get(t.id), `task ${t.id}`));
    const at = this.#clock.now();
    for (const task of records) {
      this.#index.add(entryOf(task), at);
      this.#known.keep(task);
    }
    return records;
  }

  async get(id: string): Promise<TaskRecord | undefined> {
    return this.#get(id);
  }

  #get(id: string): TaskRecord | undefined {
    const row = this.#stmts.get.get(id) as Raw | undefined;
    return row ? record(row) : undefined;
  }

  #secrets(id: string): Record<string, string> | undefined {
    const row = this.#stmt("SELECT secrets FROM tasks WHERE id = ?").get(id) as { secrets: string | null } | undefined;
    return row?.secrets ? this.#box.open(row.secrets) : undefined;
  }

  async unfinished(): Promise<TaskRecord[]> {
    return (this.#stmt("SELECT * FROM tasks WHERE status IN ('queued', 'running') ORDER BY seq").all() as Raw[]).map(
      record,
    );
  }

  async list(filter: { status?: string | undefined; limit?: number | undefined } = {}): Promise<TaskRecord[]> {
    const sql = filter.status
      ? "SELECT * FROM tasks WHERE status = ? ORDER BY seq DESC LIMIT ?"
      : "SELECT * FROM tasks ORDER BY seq DESC LIMIT ?";
    const args = filter.status ? [filter.status, filter.limit ?? 100] : [filter.limit ?? 100];
    return (this.#stmt(sql).all(...args) as Raw[]).map(record);
  }

  async counts(): Promise<Record<TaskState, number>> {
    const out: Record<TaskState, number> = { queued: 0, running: 0, done: 0, failed: 0, cancelled: 0 };
    for (const row of this.#stmt("SELECT status, COUNT(*) AS n FROM tasks GROUP BY status").all() as {
      status: TaskState;
      n: number;
    }[]) {
      out[row.status] = row.n;
    }
    return out;
  }

  /**
   * Taken out of the index: the reservation is that no other claim can see it. The row stays
   * queued until the lease commits (a claim whose task was cancelled meanwhile finds the next one).
   */
  claim(phone: PhoneFacts, now: number): Promise<ClaimedTask | undefined> {
    this.#index.promote(now);
    for (let picked = this.#index.takeFor(phone); picked; picked = this.#index.takeFor(phone)) {
      let task = this.#known.claim(picked.id);
      if (!task) {
        task = this.#get(picked.id);
        if (task?.status !== "queued") continue;
        this.#known.hold(task);
      }
      return Promise.resolve({ task, secrets: task.hasSecrets ? this.#secrets(task.id) : undefined });
    }
    return Promise.resolve(undefined);
  }

  async release(taskId: string): Promise<void> {
    this.#known.unclaim(taskId);
    const task = this.#get(taskId);
    if (task?.status === "queued") this.#index.add(entryOf(task), this.#clock.now());
  }

  async nextDueAt(since: number): Promise<number | undefined> {
    return this.#index.nextDueAt(since);
  }

  async requiresTag(prefix: string): Promise<boolean> {
    return this.#index.requiresPrefix(prefix);
  }
}

/** The task writes of a unit: run at once, inside the unit's savepoint; the index follows on commit. */
class SqliteTaskWrites implements TaskWrites {
  readonly #commits: UnitSource;
  readonly #index: QueueIndex;
  readonly #known: KnownRecords;
  readonly #clock: Clock;
  readonly #stmts;
  readonly #statements: StatementCache;

  constructor(db: Db, commits: UnitSource, index: QueueIndex, known: KnownRecords, clock: Clock) {
    this.#commits = commits;
    this.#index = index;
    this.#known = known;
    this.#clock = clock;
    this.#statements = new StatementCache(db);
    this.#stmts = {
      start: db.prepare(
        "UPDATE tasks SET status = 'running', attempts = attempts + 1, last_device = ? WHERE id = ? AND status = 'queued'",
      ),
      requeue: db.prepare(
        "UPDATE tasks SET status = 'queued', not_before = ?, reason = ? WHERE id = ? AND status = 'running' RETURNING *",
      ),
      finish: db.prepare(
        `UPDATE tasks SET status = ?, finished_at = ?, reason = ?, secrets = NULL
         WHERE id = ? AND status IN ('queued', 'running')`,
      ),
      finishFrom: db.prepare(
        "UPDATE tasks SET status = ?, finished_at = ?, reason = ?, secrets = NULL WHERE id = ? AND status = ?",
      ),
      get: db.prepare("SELECT * FROM tasks WHERE id = ?"),
    };
  }

  markStarted(id: string, deviceId: string): void {
    const unit = this.#commits.unit;
    if (unit.failed) return;
    if (this.#stmts.start.run(deviceId, id).changes !== 1) {
      this.#known.forget(id);
      unit.fail(new HubError("CONFLICT", `task ${id} was no longer queued when its lease was written`));
      return;
    }
    unit.afterCommit(
      () => this.#known.started(id, deviceId),
      () => this.#known.unclaim(id),
    );
  }

  requeue(id: string, notBefore: number, reason: string): Promise<TaskRecord | undefined> {
    const unit = this.#commits.unit;
    if (unit.failed) return Promise.resolve(undefined);
    this.#known.forget(id);
    const row = this.#stmts.requeue.get(notBefore, reason, id) as Raw | undefined;
    const task = row && record(row);
    return this.#answer(task, () => {
      if (task) this.#index.add(entryOf(task), this.#clock.now());
    });
  }

  finish(
    id: string,
    status: "done" | "failed" | "cancelled",
    reason: string,
    from?: "queued" | "running",
  ): Promise<TaskRecord | undefined> {
    const unit = this.#commits.unit;
    if (unit.failed) return Promise.resolve(undefined);
    const finishedAt = Date.now();
    const ended = (
      from
        ? this.#stmts.finishFrom.run(status, finishedAt, reason, id, from)
        : this.#stmts.finish.run(status, finishedAt, reason, id)
    ).changes;
    const task = ended === 1 ? this.#ended(id, from ? [from] : ENDABLE, status, finishedAt, reason) : undefined;
    return this.#answer(task, () => {
      if (task) this.#index.remove(id);
    });
  }

  /** The task as its end left it: its known record with what the end wrote, or the row read back. */
  #ended(
    id: string,
    states: readonly TaskState[],
    status: TaskState,
    finishedAt: number,
    reason: string,
  ): TaskRecord | undefined {
    const known = this.#known.take(id, states);
    if (known) return { ...known, status, finishedAt, reason, hasSecrets: false };
    const row = this.#stmts.get.get(id) as Raw | undefined;
    return row && record(row);
  }

  setExtra(id: string, extra: TaskExtra): void {
    if (this.#commits.unit.failed) return;
    this.#known.forget(id);
    this.#statements.get("UPDATE tasks SET spec = ? WHERE id = ?").run(JSON.stringify(extra), id);
  }

  /** `value` once the unit commits (after `committed` updated the index); undefined if it rolls back. */
  #answer<T>(value: T | undefined, committed: () => void): Promise<T | undefined> {
    return new Promise((resolve) => {
      this.#commits.unit.afterCommit(
        () => {
          committed();
          resolve(value);
        },
        () => resolve(undefined),
      );
    });
  }
}
