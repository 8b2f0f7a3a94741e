/**
 * SQLite's write path (the `Commits` port of runs/ports.ts). Group commit: the units queued in one
 * turn of the event loop share one transaction, committed at the turn's end (setImmediate, after the
 * poll phase has handled every socket that had data). Each unit's promise settles only once that
 * commit is done, so a caller that acts on the outside world after awaiting it still writes first
 * and acts second — for N state changes at the price of one commit instead of N.
 *
 * better-sqlite3 is synchronous, so a unit's writes run the moment it runs (inside the group's
 * transaction), each unit in its own savepoint: one that throws, or whose conditional write matched
 * nothing (`Unit.fail`), is rolled back and rejected alone, and the others still commit. A commit
 * that fails rejects every unit of its group. What a write leaves for after the commit (an answer,
 * an index update) waits on its unit and runs only if the unit committed.
 */
import type { Commits } from "../runs/ports.js";
import type { Db } from "./database.js";

/** One unit of the write path while it runs; the store's writes report to it. */
export interface Unit {
  /** Whether the unit will roll back (a conditional write matched nothing): its later writes need not run. */
  readonly failed: boolean;
  /** Rolls the unit back once it has run: its promise rejects with `error`, nothing of it is written. */
  fail(error: unknown): void;
  /** Runs `committed` after the unit's commit, or `rolledBack` when the unit or its group rolled back. */
  afterCommit(committed: () => void, rolledBack?: () => void): void;
}

/** Where the store's writes find the unit that runs now. */
export interface UnitSource {
  readonly unit: Unit;
}

class PendingUnit<Tx> implements Unit {
  failure: unknown;
  failed = false;
  value: unknown;
  #committed: (() => void)[] | undefined;
  #rolledBack: (() => void)[] | undefined;

  constructor(
    readonly run: (tx: Tx) => unknown,
    readonly resolve: (value: unknown) => void,
    readonly reject: (error: unknown) => void,
  ) {}

  fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.failure = error;
  }

  afterCommit(committed: () => void, rolledBack?: () => void): void {
    if (this.#committed) this.#committed.push(committed);
    else this.#committed = [committed];
    if (!rolledBack) return;
    if (this.#rolledBack) this.#rolledBack.push(rolledBack);
    else this.#rolledBack = [rolledBack];
  }

  /** After the transaction: the unit's own outcome, or the commit's failure when there was one. */
  finish(commitError: unknown, commitFailed: boolean): void {
    if (commitFailed || this.failed) {
      for (const callback of this.#rolledBack ?? []) callback();
      this.reject(commitFailed ? commitError : this.failure);
      return;
    }
    for (const callback of this.#committed ?? []) callback();
    this.resolve(this.value);
  }
}

export class GroupCommit<Tx = unknown> implements Commits<Tx>, UnitSource {
  readonly #db: Db;
  /** better-sqlite3's wrapper: BEGIN…COMMIT at the top level, SAVEPOINT…RELEASE inside a transaction. */
  readonly #atomically: (fn: () => unknown) => unknown;
  #tx: Tx | undefined;
  #queue: PendingUnit<Tx>[] = [];
  #scheduled = false;
  #grouped: boolean;
  #commits = 0;
  /** The unit running now: the store's writes report to it. */
  #current: PendingUnit<Tx> | undefined;
  /** Units that ran inside a transaction `together` opened; settled when it ends. */
  #joined: PendingUnit<Tx>[] = [];

  constructor(db: Db, options: { grouped?: boolean } = {}) {
    this.#db = db;
    this.#atomically = db.transaction((fn: () => unknown) => fn());
    this.#grouped = options.grouped ?? true;
  }

  /** The transaction handle units get (the stores' writes); set once, when the stores are built. */
  use(tx: Tx): void {
    this.#tx = tx;
  }

  /** The unit whose writes run now; a store write outside a unit is a programming error. */
  get unit(): Unit {
    if (!this.#current) throw new Error("a store write ran outside Commits.write");
    return this.#current;
  }

  get grouped(): boolean {
    return this.#grouped;
  }

  set grouped(grouped: boolean) {
    this.#flushNow();
    this.#grouped = grouped;
  }

  get commits(): number {
    return this.#commits;
  }

  get pending(): number {
    return this.#queue.length;
  }

  /**
   * Queues `unit`; the promise settles with its result once it is committed, or rejects when it threw,
   * failed a conditional write, or its commit failed. Ungrouped, it runs now in its own transaction —
   * or joins the one `together` opened, which commits before any caller resumes.
   */
  write<T>(unit: (tx: Tx) => T): Promise<Awaited<T>> {
    return new Promise<Awaited<T>>((resolve, reject) => {
      const pending = new PendingUnit<Tx>(unit, resolve as (value: unknown) => void, reject);
      if (this.#grouped) {
        this.#queue.push(pending);
        if (!this.#scheduled) {
          this.#scheduled = true;
          setImmediate(() => this.#flushNow());
        }
      } else if (this.#db.inTransaction) {
        // Inside `together` (or another unit): it commits with that transaction.
        this.#run(pending);
        this.#joined.push(pending);
      } else {
        this.#commit(() => this.#run(pending), [pending]);
      }
    });
  }

  together<T>(fn: () => T): T {
    if (this.#grouped || this.#db.inTransaction) return fn();
    let value: T | undefined;
    const outcome = this.#commit(() => {
      value = fn();
    }, []);
    if (outcome.failed) throw outcome.error;
    return value as T;
  }

  async flush(): Promise<void> {
    this.#flushNow();
  }

  /** Commits every queued unit now (the turn's end does it anyway). */
  #flushNow(): void {
    this.#scheduled = false;
    const batch = this.#queue;
    if (batch.length === 0) return;
    this.#queue = [];
    this.#commit(() => {
      for (const unit of batch) this.#run(unit);
    }, batch);
  }

  /** Runs one unit in its own savepoint; a unit that throws or failed a condition is rolled back. */
  #run(unit: PendingUnit<Tx>): void {
    const outer = this.#current;
    this.#current = unit;
    try {
      // The value stays out of better-sqlite3's hands: a unit may answer a promise (a write's answer).
      this.#atomically(() => {
        unit.value = unit.run(this.#tx as Tx);
        if (unit.failed) throw unit.failure;
      });
    } catch (error) {
      unit.fail(error);
    } finally {
      this.#current = outer;
    }
  }

  /**
   * One transaction (counted: callers open one only at the top level), then every unit that ran in
   * it settles — `units`, and those that joined it — in the order they ran.
   */
  #commit(fn: () => void, units: readonly PendingUnit<Tx>[]): { failed: boolean; error: unknown } {
    let outcome: { failed: boolean; error: unknown };
    try {
      this.#atomically(fn);
      this.#commits++;
      outcome = { failed: false, error: undefined };
    } catch (error) {
      outcome = { failed: true, error };
    }
    const joined = this.#joined;
    this.#joined = [];
    for (const unit of units) unit.finish(outcome.error, outcome.failed);
    for (const unit of joined) unit.finish(outcome.error, outcome.failed);
    return outcome;
  }
}
