/**
 * The records of queued tasks as they were inserted (or read at start), untouched since: a claim
 * takes its task from here instead of a `SELECT *` and a row parse (bench:fleet's profile had that
 * read at a tenth of the drain). Any write to a task forgets its record, so what is here is what
 * the row says; what is not here (a retry, a task changed since, one past the bound) is read from
 * the table as before.
 */
import type { TaskRecord } from "../fleet/ports.js";

/** Records held at most: a deep queue keeps its memory bounded, the rest are read when claimed. */
export const FRESH_RECORDS_MAX = 50_000;

export class FreshRecords {
  readonly #records = new Map<string, TaskRecord>();
  readonly #max: number;

  constructor(max = FRESH_RECORDS_MAX) {
    this.#max = max;
  }

  get size(): number {
    return this.#records.size;
  }

  /** Keeps a queued task's record, while there is room. */
  keep(record: TaskRecord): void {
    if (record.status === "queued" && this.#records.size < this.#max) this.#records.set(record.id, record);
  }

  /** The record, once: a claim takes it out (the lease that follows changes the row). */
  take(id: string): TaskRecord | undefined {
    const record = this.#records.get(id);
    if (record) this.#records.delete(id);
    return record;
  }

  /** The task's row is being written: its record may no longer say what the row does. */
  forget(id: string): void {
    this.#records.delete(id);
  }
}
