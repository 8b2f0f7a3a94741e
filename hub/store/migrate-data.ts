/**
 * `droidhub migrate-data`: copies a SQLite hub's database into an empty PostgreSQL database, row
 * for row, keeping ids, in one PostgreSQL transaction (a failure leaves the target as it was).
 *
 * The source is held exclusively for the whole copy (the lock `droidhub restore` takes): a running
 * hub refuses it (DATABASE_IN_USE), and no hub can start on it and write rows the copy would miss.
 * Rows are read by rowid in bounded batches (keyset pagination), so a table of millions of events
 * never sits in memory. Task secrets are copied sealed, as they are: hubs on the new database need
 * the data dir's secrets.key to open them. Screenshots are files and are not copied.
 */

import { existsSync } from "node:fs";
import path from "node:path";
import { HubError } from "../errors/hub-error.js";
import { itemAt } from "../errors/invariant.js";
import { holdExclusively } from "./backup.js";
import { MIGRATIONS } from "./database.js";
import { openPool, type PoolClient, redactUrl } from "./postgres/connection.js";
import { migratePostgres } from "./postgres/migrations.js";

type Row = Record<string, unknown>;
type Value = string | number | boolean | null;

interface TableCopy {
  table: string;
  /** PostgreSQL columns, in insert order. */
  columns: readonly string[];
  /** The PostgreSQL values of one SQLite row (selected with its rowid as `_rowid`). */
  map(row: Row): Value[];
}

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const bool = (v: unknown): boolean => Number(v) !== 0;
const pick = (row: Row, columns: readonly string[]): Value[] => columns.map((c) => row[c] as Value);

const FLEET_KEYS = ["id", "key_hash", "label", "tags", "created_at", "revoked_at", "expires_at", "max_uses", "uses"];
const OPERATOR_KEYS = ["id", "key_hash", "label", "scope", "created_at", "revoked_at"];
const DEVICES = [
  "id",
  "secret_hash",
  "fleet_key_id",
  "tags",
  "info",
  "first_seen_at",
  "last_seen_at",
  "quarantined",
  "draining",
  "infra_failures",
];
const TASKS = [
  "id",
  "goal",
  "mode",
  "status",
  "device_id",
  "tags",
  "min_sdk",
  "priority",
  "created_at",
  "seq",
  "attempts",
  "max_attempts",
  "not_before",
  "timeout_ms",
  "spec",
  "secrets",
  "last_device",
  "finished_at",
  "reason",
];
const RUNS = [
  "id",
  "task_id",
  "attempt",
  "device_id",
  "goal",
  "mode",
  "status",
  "started_at",
  "finished_at",
  "reason",
  "stats",
];
const EVENTS = ["run_id", "seq", "at", "type", "body"];
const LESSONS = ["id", "case_name", "mistake", "advice", "created_at"];
const REFERENCES = ["run_id", "case_name", "status", "actions", "finished_at"];
const AUDIT = [
  "id",
  "at",
  "key_id",
  "key_label",
  "action",
  "target_type",
  "target_id",
  "outcome",
  "status",
  "error_code",
  "ip",
  "detail",
];

/**
 * In foreign-key order. The differences: devices lose secret_confirmed (no longer read) and hold
 * booleans; task tags are JSONB; a run's row_order (its insertion order, the tie-break of equal
 * start times) is its SQLite rowid; claims start empty (no hub holds one after the copy).
 */
export const TABLES: readonly TableCopy[] = [
  { table: "fleet_keys", columns: FLEET_KEYS, map: (r) => pick(r, FLEET_KEYS) },
  { table: "operator_keys", columns: OPERATOR_KEYS, map: (r) => pick(r, OPERATOR_KEYS) },
  {
    table: "devices",
    columns: DEVICES,
    map: (r) => DEVICES.map((c) => (c === "quarantined" || c === "draining" ? bool(r[c]) : (r[c] as Value))),
  },
  { table: "tasks", columns: TASKS, map: (r) => TASKS.map((c) => (c === "tags" ? text(r[c]) : (r[c] as Value))) },
  {
    table: "runs",
    columns: [...RUNS, "starred", "row_order"],
    map: (r) => [...pick(r, RUNS), bool(r["starred"]), num(r["_rowid"])],
  },
  { table: "run_events", columns: EVENTS, map: (r) => pick(r, EVENTS) },
  { table: "lessons", columns: LESSONS, map: (r) => pick(r, LESSONS) },
  { table: "reference_runs", columns: REFERENCES, map: (r) => pick(r, REFERENCES) },
  { table: "audit_log", columns: AUDIT, map: (r) => pick(r, AUDIT) },
];

/** Serial columns whose sequences must continue after the copied ids. */
const SEQUENCES: readonly [string, string][] = [
  ["fleet_keys", "id"],
  ["operator_keys", "id"],
  ["tasks", "seq"],
  ["runs", "row_order"],
  ["lessons", "id"],
  ["audit_log", "id"],
];

export interface MigrateDataOptions {
  dataDir: string;
  databaseUrl: string;
  /** Rows per INSERT (and per SQLite read): bounds the memory a copy of millions of events takes. */
  batchSize?: number | undefined;
}

export interface MigrateDataSummary {
  rows: Record<string, number>;
  ms: number;
}

/** Copies every table; refuses (writing nothing) an open or outdated source or a target holding data. */
export async function migrateData(options: MigrateDataOptions): Promise<MigrateDataSummary> {
  const started = Date.now();
  const file = path.join(options.dataDir, "droidhub.sqlite");
  if (!existsSync(file)) throw new HubError("NOT_FOUND", `no hub database in ${options.dataDir} (expected ${file})`);
  const source = holdExclusively(file, "migrate again");
  try {
    checkSourceVersion(source, file);
    const pool = await openPool(options.databaseUrl, { max: 1 });
    const where = `the database ${redactUrl(options.databaseUrl)}`;
    try {
      await migratePostgres(pool, where);
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        try {
          await refuseNonEmpty(client, where);
          const rows: Record<string, number> = {};
          for (const copy of TABLES) rows[copy.table] = await copyTable(source, client, copy, options.batchSize ?? 500);
          await resetSequences(client);
          await client.query("COMMIT");
          return { rows, ms: Date.now() - started };
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        }
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  } finally {
    source.close();
  }
}

type Sqlite = ReturnType<typeof holdExclusively>;

function checkSourceVersion(db: Sqlite, file: string): void {
  const { v } = db.prepare("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations").get() as { v: number };
  if (v > MIGRATIONS.length)
    throw new HubError(
      "SCHEMA_TOO_NEW",
      `${file} has schema version ${v}, newer than this droidhub knows (${MIGRATIONS.length}): migrate with that droidhub or a later one`,
    );
  if (v < MIGRATIONS.length)
    throw new HubError(
      "SCHEMA_OUTDATED",
      `${file} has schema version ${v}, older than this droidhub's ${MIGRATIONS.length}: run droidhub migrate --data-dir on it first`,
    );
}

async function refuseNonEmpty(client: PoolClient, where: string): Promise<void> {
  const held: string[] = [];
  for (const { table } of TABLES) {
    const { rowCount } = await client.query(`SELECT 1 FROM ${table} LIMIT 1`);
    if (rowCount) held.push(table);
  }
  if (held.length)
    throw new HubError("CONFLICT", `${where} already holds data (${held.join(", ")}): migrate-data needs an empty one`);
}

async function copyTable(db: Sqlite, client: PoolClient, copy: TableCopy, batchSize: number): Promise<number> {
  const read = db.prepare(`SELECT rowid AS _rowid, * FROM ${copy.table} WHERE rowid > ? ORDER BY rowid LIMIT ?`);
  // PostgreSQL takes at most 65,535 parameters in one statement.
  const limit = Math.min(batchSize, Math.floor(65_535 / copy.columns.length));
  let last = 0;
  let total = 0;
  for (;;) {
    const batch = read.all(last, limit) as Row[];
    if (batch.length === 0) return total;
    await insertBatch(client, copy, batch);
    total += batch.length;
    last = Number(itemAt(batch, batch.length - 1, "row")["_rowid"]);
  }
}

async function insertBatch(client: PoolClient, copy: TableCopy, batch: Row[]): Promise<void> {
  const width = copy.columns.length;
  const params: Value[] = [];
  const tuples = batch.map((row, i) => {
    params.push(...copy.map(row));
    return `(${copy.columns.map((_, j) => `$${i * width + j + 1}`).join(", ")})`;
  });
  await client.query(`INSERT INTO ${copy.table} (${copy.columns.join(", ")}) VALUES ${tuples.join(", ")}`, params);
}

async function resetSequences(client: PoolClient): Promise<void> {
  for (const [table, column] of SEQUENCES) {
    // setval(seq, max, true) continues after the largest copied value; an empty table starts at 1.
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), COALESCE(MAX(${column}), 1), MAX(${column}) IS NOT NULL) FROM ${table}`,
    );
  }
}
