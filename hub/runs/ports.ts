/**
 * The store ports runs need: runs and their event log (read), the writes a run makes (on a unit of
 * the write path), the write path itself (`Commits`), and screenshots. `hub/store` implements them
 * (SQLite today); nothing here knows which database stands behind them.
 *
 * The write model (hub/store/README.md tells it at length): every state change on the fleet path is a
 * *unit* — a synchronous function handed to `Commits.write` that records its writes on a transaction
 * handle (`tx.runs.appendEvent(…)`). The implementation runs each unit's writes in order inside one
 * transaction (SQLite: at once; a network database: when the group is sent), each unit in its own
 * savepoint: a unit that throws, or whose conditional write matches nothing, rolls back alone. The
 * unit's promise settles only after its commit, so a caller that acts on the world (sends the phone a
 * command) after awaiting it has written first and acts second. A unit decides from memory only: it
 * cannot read the database, and what must happen after its commit runs after the promise resolves.
 */

/** The task's mode and its mode-specific fields belong to the agent's mode registry. */
import type { TaskExtra, TaskMode } from "../agent/modes.js";

export type { TaskExtra, TaskMode };

/** What a run needs to know of its task (the fleet's TaskRecord is one). */
export interface RunnableTask {
  id: string;
  goal: string;
  mode: TaskMode;
  /** This attempt's number (the lease counted it). */
  attempts: number;
  timeoutMs: number;
  extra: TaskExtra;
}

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

/** Runs and their events, read back; and the few changes that are not on the fleet path. */
export interface RunStore {
  /**
   * Runs left "running" by a hub that died become interrupted; answers which they were. With `hubId`
   * (a store several hubs share) only that hub's runs: the others' are still running elsewhere.
   */
  markInterrupted(hubId?: string): Promise<{ id: string; taskId: string }[]>;
  /** The hubs that have runs marked running (a shared store; the embedded one answers none). */
  hubsWithRunningRuns(): Promise<string[]>;
  /**
   * A shared store: tasks still "running" whose runs have all ended, the latest before `endedBefore`
   * (a live hub that stopped its runs, or a reaper that died between interrupting and requeueing),
   * with that latest run. The embedded store has none: its hub requeues them at its next start.
   */
  strandedRuns?(endedBefore: number): Promise<{ id: string; taskId: string }[]>;
  /**
   * A shared store (cluster mode): a phone joined hub `hubId`, which holds it from now on under
   * `epoch` (its ownership's fencing token; undefined takes it unconditionally), so only that hub's
   * leases for it commit. Runs other hubs still mark running on it are over (its old socket is gone):
   * they become interrupted, answered so that their tasks are requeued. CONFLICT when a later epoch
   * holds the phone already.
   */
  holdDevice?(deviceId: string, hubId: string, epoch: number | undefined): Promise<{ id: string; taskId: string }[]>;
  getRun(id: string): Promise<RunRow | undefined>;
  /** Newest first. */
  listRuns(filter?: RunFilter): Promise<RunRow[]>;
  /** Oldest first. */
  runsOfTask(taskId: string): Promise<RunRow[]>;
  /** Each task's latest run id, in one query (the queue page links every row to its run). */
  latestRunIds(taskIds: readonly string[]): Promise<Map<string, string>>;
  /** The run's events after `afterSeq`, in order; at most `limit` of them (before the type filter; -1: all). */
  events(runId: string, afterSeq?: number, types?: readonly string[], limit?: number): Promise<EventRow[]>;
  setStar(runId: string, starred: boolean): Promise<void>;
}

/** An event as a unit writes it: numbered and timed when it was emitted; `body` becomes JSON. */
export interface NewEvent {
  seq: number;
  at: number;
  type: string;
  body: unknown;
}

/** A run's writes, recorded on a unit (see `Commits`). */
export interface RunWrites {
  createRun(runId: string, taskId: string, attempt: number, deviceId: string, goal: string, mode: string): void;
  appendEvent(runId: string, seq: number, at: number, type: string, body: unknown): void;
  /**
   * Several of a run's events at once, in order (what a unit takes from a run's event log): a store
   * that can write them in one statement does; one without it gets `appendEvent` once each.
   */
  appendEvents?(runId: string, events: readonly NewEvent[]): void;
  /** Ends a running run (a run that already ended keeps its end). */
  finishRun(runId: string, status: RunStatus, reason: string, stats: unknown): void;
}

/** The transaction handle a unit records its writes on; the fleet's adds tasks and devices. */
export interface RunTx {
  readonly runs: RunWrites;
}

/**
 * The write path. A unit is synchronous and reads nothing from the database: it decides from memory
 * and records writes on `tx`. Units run in the order they were handed in.
 */
export interface Commits<Tx = RunTx> {
  /**
   * Queues a unit; its promise settles with the unit's return value once its writes are committed,
   * or rejects (and nothing of the unit is written) when the unit threw, one of its conditional
   * writes matched nothing, or its commit failed. Grouped, the unit runs with the others of this turn
   * of the event loop in one transaction, committed at the turn's end; ungrouped, in its own.
   */
  write<T>(unit: (tx: Tx) => T): Promise<Awaited<T>>;
  /**
   * Runs `fn` so that the units it queues commit in one transaction (grouped they do anyway; ungrouped
   * they would each commit alone). Answers what `fn` answers.
   */
  together<T>(fn: () => T): T;
  /** Commits every queued unit now instead of at the turn's end; settles once they are committed. */
  flush(): Promise<void>;
  /** Group commit on (the default) or off (a commit per unit: benchmarks compare the two). */
  grouped: boolean;
  /** Transactions committed so far (a group or a lone unit); for tests and benchmarks. */
  readonly commits: number;
  /** Units waiting for the next commit. */
  readonly pending: number;
}

/** The stores a task runner records through. */
export interface RunnerStores<Tx = RunTx> {
  runs: RunStore;
  commits: Commits<Tx>;
  screenshots: ScreenshotStore;
}

export type StoredFormat = "jpeg" | "webp" | "png";

export interface StoredImage {
  /** SHA-256 of the bytes, hex: identical frames are stored once. */
  hash: string;
  format: StoredFormat;
}

/** Step screenshots, content-addressed. */
export interface ScreenshotStore {
  /**
   * Keeps the bytes under their hash. The key is answered at once, so the event that names it is
   * written in the same turn as the run's other records; `saved` settles once the bytes are durable
   * (the run waits for it before the phone's next command, as it waits for its records).
   */
  put(bytes: Uint8Array, format: StoredFormat): { image: StoredImage; saved: Promise<void> };
  /** The bytes and format of a stored image, or undefined for an unknown (or malformed) hash. */
  get(hash: string): Promise<{ bytes: Buffer; format: StoredFormat } | undefined>;
}
