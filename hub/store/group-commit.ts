/**
 * Group commit: writes queued in the same turn of the event loop share one SQLite transaction,
 * committed at the turn's end (setImmediate, after the poll phase has handled every socket that
 * had data). Each write's promise settles only once that commit is done, so a caller that acts on
 * the outside world after awaiting it still writes first and acts second — for N state changes at
 * the price of one commit instead of N.
 *
 * Each write runs in its own savepoint: one that throws is rolled back and rejected alone, the
 * others still commit. A commit that fails rejects every write of its group.
 */
import type { Db } from "./database.js";

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

export class GroupCommit {
  readonly #db: Db;
  /** better-sqlite3's wrapper: BEGIN…COMMIT at the top level, SAVEPOINT…RELEASE inside a transaction. */
  readonly #atomically: (fn: () => unknown) => unknown;
  #queue: Pending[] = [];
  #scheduled = false;
  #grouped: boolean;
  #commits = 0;

  constructor(db: Db, options: { grouped?: boolean } = {}) {
    this.#db = db;
    this.#atomically = db.transaction((fn: () => unknown) => fn());
    this.#grouped = options.grouped ?? true;
  }

  /** Whether writes wait for the turn's shared commit (true) or each commits at once (false). */
  get grouped(): boolean {
    return this.#grouped;
  }

  set grouped(grouped: boolean) {
    this.flush();
    this.#grouped = grouped;
  }

  /** Transactions this object committed (a group or a lone write); for tests and benchmarks. */
  get commits(): number {
    return this.#commits;
  }

  /** Writes waiting for the next commit. */
  get pending(): number {
    return this.#queue.length;
  }

  /**
   * Queues `write` (synchronous SQLite statements only); the promise settles with its result once
   * it is committed, or rejects when it threw or its commit failed. Ungrouped, it runs now in its
   * own transaction — or joins the one `together` opened, which commits before any caller resumes.
   */
  write<T>(write: () => T): Promise<T> {
    if (!this.#grouped) {
      try {
        return Promise.resolve(this.#transaction(write) as T);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /**
   * Runs `fn` so that the writes it queues commit together: grouped, they already share the turn's
   * commit; ungrouped, `fn` runs inside one transaction.
   */
  together<T>(fn: () => T): T {
    return this.#grouped ? fn() : (this.#transaction(fn) as T);
  }

  /** Commits every queued write now (the turn's end does it anyway). */
  flush(): void {
    this.#scheduled = false;
    const batch = this.#queue;
    if (batch.length === 0) return;
    this.#queue = [];
    const settled: Settled[] = [];
    try {
      this.#transaction(() => {
        for (const pending of batch) {
          try {
            settled.push({ ok: true, value: this.#atomically(pending.write) });
          } catch (error) {
            settled.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, i) => {
      const result = settled[i]!;
      if (result.ok) pending.resolve(result.value);
      else pending.reject(result.error);
    });
  }

  /** One transaction, counted when it is a real commit (not a savepoint inside someone else's). */
  #transaction(fn: () => unknown): unknown {
    const outermost = !this.#db.inTransaction;
    const value = this.#atomically(fn);
    if (outermost) this.#commits++;
    return value;
  }
}
