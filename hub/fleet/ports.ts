/**
 * The store ports the fleet needs: the durable task records, the queue that answers "which task does
 * this free phone run next", and the task writes a unit records (see `Commits` in runs/ports.ts for
 * the write model). `hub/store` implements them.
 */
import type { DeviceWrites } from "../devices/ports.js";
import type { RunnableTask, RunTx, TaskExtra, TaskMode } from "../runs/ports.js";

export type { TaskExtra, TaskMode } from "../runs/ports.js";

export type TaskState = "queued" | "running" | "done" | "failed" | "cancelled";

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

export interface TaskRecord extends RunnableTask {
  status: TaskState;
  deviceId: string | undefined;
  tags: string[];
  minSdk: number;
  priority: number;
  createdAt: number;
  /** Submission order, the tie-break after priority. */
  seq: number;
  maxAttempts: number;
  notBefore: number;
  hasSecrets: boolean;
  lastDevice: string | undefined;
  finishedAt: number | undefined;
  reason: string | undefined;
}

/** What a phone offers a task: its id (pinned tasks), its tags (with `app:` tags) and its SDK. */
export interface PhoneFacts {
  id: string;
  tags: ReadonlySet<string>;
  sdkInt: number;
}

/** Tasks, read back; new tasks go in here, every later change goes through a unit's `tx.tasks`. */
export interface TaskStore {
  /** Adds tasks in one transaction, queued, in submission order; they are claimable once this resolves. */
  insert(tasks: readonly NewTask[]): Promise<TaskRecord[]>;
  get(id: string): Promise<TaskRecord | undefined>;
  /** Tasks a starting hub must pick up: queued ones, and running ones a dead hub left behind. */
  unfinished(): Promise<TaskRecord[]>;
  /** Newest first. */
  list(filter?: { status?: string | undefined; limit?: number | undefined }): Promise<TaskRecord[]>;
  counts(): Promise<Record<TaskState, number>>;
}

/** A task reserved for one phone, with the secrets its run may type. */
export interface ClaimedTask {
  task: TaskRecord;
  secrets: Record<string, string> | undefined;
}

/** The queue as the dispatcher asks it. */
export interface TaskQueue {
  /**
   * The task this free phone runs next, reserved for it: the best ready task (its backoff over) that
   * fits — pinned to this phone, or requiring only tags it has and an SDK it meets — by priority, then
   * submission order; a retry goes to another phone than the one it failed on when there is a choice.
   * The reservation holds until the phone's lease (`tx.tasks.markStarted`) commits, or `release`
   * hands the task back. A store several hubs share answers with `SELECT … FOR UPDATE SKIP LOCKED`;
   * the embedded one from an index in memory.
   */
  claim(phone: PhoneFacts, now: number): Promise<ClaimedTask | undefined>;
  /**
   * Several free phones' claims at once, answered in their order (undefined: nothing for that phone):
   * each answer is one `claim` could have given, under the same rule. A store a round trip away
   * answers many phones in one statement; one that answers from memory need not implement it
   * (each phone then claims on its own).
   */
  claimAll?(phones: readonly PhoneFacts[], now: number): Promise<(ClaimedTask | undefined)[]>;
  /** Hands back a claimed task whose lease was never written (it is claimable again if still queued). */
  release(taskId: string): Promise<void>;
  /**
   * The earliest time after `since` at which a task waiting out a retry backoff becomes ready, if any
   * (it may be past). The caller offered the free phones work at `since`: a task ready by then was
   * asked for, so the store may count it ready from now on.
   */
  nextDueAt(since: number): Promise<number | undefined>;
  /** Whether some task requires a tag with this prefix (`app:`): phones are asked for their apps only then. */
  requiresTag(prefix: string): Promise<boolean>;
}

/**
 * Task writes recorded on a unit. A write that answers a value answers it once the unit has
 * committed — undefined when nothing matched or the unit was rolled back (the unit's own promise
 * says why); such a promise never rejects, so it may be left unawaited.
 */
export interface TaskWrites {
  /**
   * queued → running on `deviceId`: the lease. Conditional: when the task is no longer queued, the
   * whole unit rolls back and its promise rejects with CONFLICT — the run never starts.
   */
  markStarted(id: string, deviceId: string): void;
  /** running → queued again, claimable from `notBefore` on (a retry with backoff); answers the requeued task. */
  requeue(id: string, notBefore: number, reason: string): Promise<TaskRecord | undefined>;
  /**
   * Ends a task once: only a queued or running one (only one in state `from`, when given); its
   * secrets are wiped. Answers the ended task.
   */
  finish(
    id: string,
    status: "done" | "failed" | "cancelled",
    reason: string,
    from?: "queued" | "running",
  ): Promise<TaskRecord | undefined>;
  setExtra(id: string, extra: TaskExtra): void;
}

/** The fleet's transaction handle: a run's writes, its task's and its phone's health, in one unit. */
export interface FleetTx extends RunTx {
  readonly tasks: TaskWrites;
  readonly devices: DeviceWrites;
}
