/**
 * Task records the SQLite store knows to match their rows, so the hot path need not read them:
 * a queued task's record as inserted (or read at start) answers its claim instead of a `SELECT *`
 * and a row parse, and a running task's record as its lease left it answers its end instead of an
 * `UPDATE … RETURNING *` (bench:fleet's profile had those two reads at a sixth of a drain; each is
 * about 8-10 µs on SQLite). One hub owns the file, so every write to a task goes through this
 * store: a write it cannot follow (a requeue, a changed extra) forgets the record, and the row is
 * read as before.
 *
 * Queued records are bounded (a deep queue keeps its memory flat; the rest are read when claimed);
 * claimed and running ones are at most one per phone.
 */
import type { TaskRecord } from "../fleet/ports.js";

/** Queued records held at most. */
export const QUEUED_RECORDS_MAX = 50_000;

export class KnownRecords {
  readonly #queued = new Map<string, TaskRecord>();
  /** Claimed, lease not yet committed: the queued record, until the lease says how it changed. */
  readonly #claimed = new Map<string, TaskRecord>();
  readonly #running = new Map<string, TaskRecord>();
  readonly #max: number;

  constructor(max = QUEUED_RECORDS_MAX) {
    this.#max = max;
  }

  get size(): number {
    return this.#queued.size + this.#claimed.size + this.#running.size;
  }

  /** A queued task's record, kept while there is room. */
  keep(record: TaskRecord): void {
    if (record.status === "queued" && this.#queued.size < this.#max) this.#queued.set(record.id, record);
  }

  /** The queued record a claim answers with; held as claimed until its lease commits or it is handed back. */
  claim(id: string): TaskRecord | undefined {
    const record = this.#queued.get(id);
    if (!record) return undefined;
    this.#queued.delete(id);
    this.#claimed.set(id, record);
    return record;
  }

  /** A claim answered with a record read from the table: known from here on, like one kept. */
  hold(record: TaskRecord): void {
    if (record.status === "queued") this.#claimed.set(record.id, record);
  }

  /** The claim was handed back without a lease: the row is read again when the task is claimed again. */
  unclaim(id: string): void {
    this.#claimed.delete(id);
  }

  /** The lease committed: the task runs on `deviceId`, one attempt more (what markStarted wrote). */
  started(id: string, deviceId: string): void {
    const record = this.#claimed.get(id);
    this.#claimed.delete(id);
    if (record) {
      this.#running.set(id, { ...record, status: "running", attempts: record.attempts + 1, lastDevice: deviceId });
    }
  }

  /** The record of a task whose row is in `states` now, taken out (it is about to end), if known. */
  take(id: string, states: readonly string[]): TaskRecord | undefined {
    const record = this.#running.get(id) ?? this.#queued.get(id);
    if (!record || !states.includes(record.status)) return undefined;
    this.#running.delete(id);
    this.#queued.delete(id);
    return record;
  }

  /** The task's row is being written in a way not followed here: its record is no longer known. */
  forget(id: string): void {
    this.#queued.delete(id);
    this.#claimed.delete(id);
    this.#running.delete(id);
  }
}
