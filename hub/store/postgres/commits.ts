/**
 * PostgreSQL's write path (the `Commits` port of runs/ports.ts), the network twin of the SQLite
 * GroupCommit. A unit still runs synchronously and decides from memory, but here its writes are
 * *recorded* (SQL and parameters) and sent when its group goes out: one transaction, each unit in
 * its own savepoint, so a unit whose statement fails or whose conditional write matches nothing
 * (a lease on a task that is no longer queued) rolls back alone and the others commit.
 *
 * Group commit: the units of one turn of the event loop form one group; while a group is in flight
 * the next one keeps gathering, so under load each commit carries everything that queued during the
 * previous round trip. Groups go out one at a time, in order, on one connection at a time: units
 * commit in the order they were handed in. A unit's promise settles only after COMMIT returned, so
 * a caller that acts on the world after awaiting it has written first.
 */
import { itemAt } from "../../errors/invariant.js";
import type { Commits } from "../../runs/ports.js";
import type { Pool, PoolClient, QueryResult } from "./connection.js";
import {
  GROUP_SQL,
  GROUP_STATEMENT,
  type GroupAnswer,
  type GroupRow,
  groupParams,
  groupRows,
  type OpResult,
  rowResults,
} from "./group-statement.js";

/** One recorded statement; `check` turns an unexpected result into the unit's failure. */
export interface PgOp {
  sql: string;
  params: readonly unknown[];
  check?: (result: OpResult) => unknown;
  /**
   * The row count `check` accepts (the statement returns rows: a SELECT, or a write with RETURNING).
   * With it the server can refuse a wrong count itself, so a group goes out with its COMMIT in one
   * round trip (sentAtOnce); a checked statement without it costs the group a second round trip.
   */
  expectRows?: number;
  /** Sees the result (RETURNING rows) before the commit; the unit answers from it afterwards. */
  seen?: (result: OpResult) => void;
  /**
   * The same write in structured form, for the one-statement path (group-statement.ts): a group
   * whose every statement has one goes out as a single prepared statement.
   */
  row?: GroupRow;
}

/** One unit of the write path while it runs; the store's writes record on it. */
export interface PgUnit {
  add(op: PgOp): void;
  /** Runs `committed` after the unit's commit, or `rolledBack` when the unit or its group rolled back. */
  afterCommit(committed: () => void, rolledBack?: () => void): void;
}

/** Where the store's writes find the unit that runs now. */
export interface PgUnitSource {
  readonly unit: PgUnit;
}

class PendingUnit<Tx> implements PgUnit {
  readonly ops: PgOp[] = [];
  failed = false;
  failure: unknown;
  value: unknown;
  readonly #committed: (() => void)[] = [];
  readonly #rolledBack: (() => void)[] = [];

  constructor(
    readonly run: (tx: Tx) => unknown,
    readonly resolve: (value: unknown) => void,
    readonly reject: (error: unknown) => void,
  ) {}

  add(op: PgOp): void {
    this.ops.push(op);
  }

  fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.failure = error;
  }

  afterCommit(committed: () => void, rolledBack?: () => void): void {
    this.#committed.push(committed);
    if (rolledBack) this.#rolledBack.push(rolledBack);
  }

  finish(commitError: unknown, commitFailed: boolean): void {
    if (commitFailed || this.failed) {
      for (const callback of this.#rolledBack) callback();
      this.reject(commitFailed ? commitError : this.failure);
      return;
    }
    for (const callback of this.#committed) callback();
    this.resolve(this.value);
  }
}

export class PgCommits<Tx = unknown> implements Commits<Tx>, PgUnitSource {
  readonly #pool: Pool;
  #tx: Tx | undefined;
  /** Groups waiting to go out, in order; the last one may still be gathering (`#open`). */
  #groups: PendingUnit<Tx>[][] = [];
  #open: PendingUnit<Tx>[] | undefined;
  #grouped: boolean;
  #together = 0;
  #scheduled = false;
  #sending: Promise<void> | undefined;
  #commits = 0;
  #current: PendingUnit<Tx> | undefined;

  constructor(pool: Pool, options: { grouped?: boolean } = {}) {
    this.#pool = pool;
    this.#grouped = options.grouped ?? true;
  }

  /** The transaction handle units get (the stores' writes); set once, when the stores are built. */
  use(tx: Tx): void {
    this.#tx = tx;
  }

  get unit(): PgUnit {
    if (!this.#current) throw new Error("a store write ran outside Commits.write");
    return this.#current;
  }

  get grouped(): boolean {
    return this.#grouped;
  }

  set grouped(grouped: boolean) {
    this.#open = undefined;
    this.#pump();
    this.#grouped = grouped;
  }

  get commits(): number {
    return this.#commits;
  }

  get pending(): number {
    return this.#groups.reduce((sum, group) => sum + group.length, 0);
  }

  write<T>(unit: (tx: Tx) => T): Promise<Awaited<T>> {
    return new Promise<Awaited<T>>((resolve, reject) => {
      const pending = new PendingUnit<Tx>(unit, resolve as (value: unknown) => void, reject);
      if (this.#grouped || this.#together > 0) {
        if (!this.#open) {
          this.#open = [];
          this.#groups.push(this.#open);
        }
        this.#open.push(pending);
        if (this.#together === 0 && !this.#scheduled) {
          this.#scheduled = true;
          setImmediate(() => {
            this.#scheduled = false;
            this.#pump();
          });
        }
      } else {
        this.#groups.push([pending]);
        this.#pump();
      }
    });
  }

  together<T>(fn: () => T): T {
    if (this.#grouped) return fn();
    this.#together++;
    try {
      return fn();
    } finally {
      this.#together--;
      if (this.#together === 0) {
        this.#open = undefined;
        this.#pump();
      }
    }
  }

  async flush(): Promise<void> {
    this.#open = undefined;
    this.#pump();
    while (this.#sending) await this.#sending;
  }

  /** Sends the waiting groups one after another; a no-op while a send is running (it picks them up). */
  #pump(): void {
    if (this.#sending || this.#groups.length === 0) return;
    this.#sending = (async () => {
      for (let group = this.#next(); group; group = this.#next()) await this.#send(group);
    })().finally(() => {
      this.#sending = undefined;
      // Units queued by callbacks that ran as the last group settled.
      if (this.#groups.length > 0 && this.#groups[0] !== this.#open) this.#pump();
    });
  }

  /** The next group to send; one still gathering is taken too (it stops gathering). */
  #next(): PendingUnit<Tx>[] | undefined {
    const group = this.#groups[0];
    if (!group || (group === this.#open && this.#together > 0)) return undefined;
    this.#groups.shift();
    if (group === this.#open) this.#open = undefined;
    return group;
  }

  /** Runs the units (recording their statements), then sends them as one transaction and settles them. */
  async #send(group: PendingUnit<Tx>[]): Promise<void> {
    for (const unit of group) this.#record(unit);
    const live = group.filter((unit) => !unit.failed && unit.ops.length > 0);
    let commitError: unknown;
    let commitFailed = false;
    if (live.length > 0) {
      try {
        await this.#transaction(live);
        this.#commits++;
      } catch (error) {
        commitFailed = true;
        commitError = error;
      }
    }
    for (const unit of group) unit.finish(commitError, commitFailed);
  }

  #record(unit: PendingUnit<Tx>): void {
    this.#current = unit;
    try {
      unit.value = unit.run(this.#tx as Tx);
    } catch (error) {
      unit.fail(error);
    } finally {
      this.#current = undefined;
    }
  }

  async #transaction(units: PendingUnit<Tx>[]): Promise<void> {
    const client = await this.#pool.connect();
    let broken = false;
    try {
      if (await sentAsOneStatement(client, units)) return;
      if (await sentAtOnce(client, units)) return;
      await client.query("BEGIN");
      // A lone unit needs no savepoint: when it fails, the whole transaction rolls back.
      const savepoints = units.length > 1;
      for (const unit of units) {
        if (savepoints) await client.query("SAVEPOINT unit");
        await this.#apply(client, unit);
        if (savepoints) await client.query(unit.failed ? "ROLLBACK TO SAVEPOINT unit" : "RELEASE SAVEPOINT unit");
      }
      if (!savepoints && itemAt(units, 0, "unit").failed) await client.query("ROLLBACK");
      else await client.query("COMMIT");
    } catch (error) {
      broken = true;
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      // A connection whose transaction state is unknown is not handed to the next caller.
      client.release(broken);
    }
  }

  /** One unit's statements in order; the first that fails (or fails its check) fails the unit. */
  async #apply(client: PoolClient, unit: PendingUnit<Tx>): Promise<void> {
    for (const op of unit.ops) {
      try {
        const result = await client.query(op.sql, op.params as unknown[]);
        const problem = op.check?.(result);
        if (problem) {
          unit.fail(problem);
          return;
        }
        op.seen?.(result);
      } catch (error) {
        unit.fail(error);
        return;
      }
    }
  }
}

/**
 * The fastest path: every statement of the group has a structured row and no row is written twice,
 * so the group goes out as the one prepared statement of group-statement.ts — parsed once per
 * connection, its own transaction, the checks made by the server. Answers false when the group
 * cannot take it, or when the statement failed (then nothing of it was written: the slow path
 * retries the group unit by unit and names the failing unit).
 */
async function sentAsOneStatement<Tx>(client: PoolClient, units: PendingUnit<Tx>[]): Promise<boolean> {
  const ops = units.flatMap((unit) => unit.ops);
  const rows = ops.map((op) => op.row);
  if (!rows.every((row): row is GroupRow => row !== undefined)) return false;
  const byKind = groupRows(rows);
  if (!byKind) return false;
  let answer: QueryResult<GroupAnswer>;
  try {
    answer = await client.query<GroupAnswer>({ name: GROUP_STATEMENT, text: GROUP_SQL, values: groupParams(byKind) });
  } catch {
    return false;
  }
  const results = rowResults(rows, itemAt(answer.rows, 0, "group answer"));
  ops.forEach((op, i) => {
    op.seen?.(itemAt(results, i, "result"));
  });
  return true;
}

/** A recorded statement with its parameters written in as literals (escaped by the driver). */
function inline(client: PoolClient, op: PgOp): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return "NULL";
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new Error("a store write got a non-finite number");
      return String(value);
    }
    if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
    if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(", ")}]::text[]`;
    return client.escapeLiteral(String(value));
  };
  return op.sql.replace(/\$(\d+)/g, (_, index: string) => literal(op.params[Number(index) - 1]));
}

/**
 * A checked statement that fails on the server when its row count is not the expected one (a
 * division by zero the planner cannot fold: it depends on the rows), so the group's COMMIT can ride
 * in the same text. The failure only sends the group down the slow path, where `check` names it.
 */
function guarded(client: PoolClient, op: PgOp): string {
  const sql = inline(client, op);
  if (op.expectRows === undefined) return sql;
  return `WITH checked AS (${sql}) SELECT 1 / (CASE WHEN count(*) = ${op.expectRows} THEN 1 ELSE 0 END) FROM checked`;
}

/**
 * The fast path: the whole group in one round trip — BEGIN, every statement and COMMIT as one simple
 * query — when the server can make every check itself (`expectRows`); otherwise BEGIN and the
 * statements, the checks made here on the answers, then COMMIT: two round trips however many units.
 * When a statement fails or a check does (a lease on a task no longer queued), the group is rolled
 * back and answers false: the caller sends it again unit by unit, each in a savepoint, so only the
 * failing unit is lost.
 */
async function sentAtOnce<Tx>(client: PoolClient, units: PendingUnit<Tx>[]): Promise<boolean> {
  const ops = units.flatMap((unit) => unit.ops);
  const serverChecked = ops.every((op) => !op.check || op.expectRows !== undefined);
  const texts = ["BEGIN", ...ops.map((op) => (serverChecked ? guarded(client, op) : inline(client, op)))];
  let results: QueryResult[];
  try {
    const answer = await client.query([...texts, ...(serverChecked ? ["COMMIT"] : [])].join(";\n"));
    results = (Array.isArray(answer) ? answer : [answer]) as QueryResult[];
  } catch {
    await client.query("ROLLBACK");
    return false;
  }
  if (!serverChecked) {
    if (ops.some((op, i) => op.check?.(itemAt(results, i + 1, "result")))) {
      await client.query("ROLLBACK");
      return false;
    }
  }
  ops.forEach((op, i) => {
    op.seen?.(itemAt(results, i + 1, "result"));
  });
  if (!serverChecked) await client.query("COMMIT");
  return true;
}
