/**
 * The PostgreSQL schema as an ordered list of migrations, applied once each at start under a
 * session-level advisory lock: two hubs starting on one empty database at once take turns, and the
 * second finds the work done. A database migrated by a newer droidhub (a version this list does not
 * have) is refused with SCHEMA_TOO_NEW rather than written with assumptions that no longer hold.
 *
 * The tables mirror the SQLite ones (hub/store/database.ts) column for column, so the stores map
 * rows the same way and `migrate-data` copies row for row. Times are BIGINT milliseconds; JSON
 * stays TEXT except the tags a claim matches with `<@` (JSONB). Tasks carry a claim (which hub
 * reserved the task for a phone, until when): see task-store.ts.
 */
import { itemAt } from "../../errors/invariant.js";
import { type MigrationStatus, refuseNewer } from "../schema-version.js";
import type { Pool, PoolClient } from "./connection.js";

export const PG_MIGRATIONS: readonly string[] = [
  `CREATE TABLE fleet_keys (
     id SERIAL PRIMARY KEY,
     key_hash TEXT NOT NULL UNIQUE,
     label TEXT NOT NULL DEFAULT '',
     tags TEXT NOT NULL DEFAULT '[]',
     created_at BIGINT NOT NULL,
     revoked_at BIGINT
   );
   CREATE TABLE operator_keys (
     id SERIAL PRIMARY KEY,
     key_hash TEXT NOT NULL UNIQUE,
     label TEXT NOT NULL DEFAULT '',
     scope TEXT NOT NULL DEFAULT 'admin',
     created_at BIGINT NOT NULL,
     revoked_at BIGINT
   );
   CREATE TABLE devices (
     id TEXT PRIMARY KEY,
     secret_hash TEXT NOT NULL,
     fleet_key_id INTEGER REFERENCES fleet_keys(id),
     tags TEXT NOT NULL DEFAULT '[]',
     info TEXT NOT NULL DEFAULT '{}',
     first_seen_at BIGINT NOT NULL,
     last_seen_at BIGINT NOT NULL,
     quarantined BOOLEAN NOT NULL DEFAULT false,
     draining BOOLEAN NOT NULL DEFAULT false,
     infra_failures INTEGER NOT NULL DEFAULT 0
   );
   CREATE TABLE tasks (
     id TEXT PRIMARY KEY,
     goal TEXT NOT NULL,
     mode TEXT NOT NULL,
     status TEXT NOT NULL,
     device_id TEXT,
     tags JSONB NOT NULL DEFAULT '[]',
     min_sdk INTEGER NOT NULL DEFAULT 0,
     priority INTEGER NOT NULL DEFAULT 0,
     created_at BIGINT NOT NULL,
     seq BIGSERIAL NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     max_attempts INTEGER NOT NULL DEFAULT 3,
     not_before BIGINT NOT NULL DEFAULT 0,
     timeout_ms BIGINT NOT NULL DEFAULT 0,
     spec TEXT NOT NULL DEFAULT '{}',
     secrets TEXT,
     last_device TEXT,
     finished_at BIGINT,
     reason TEXT,
     claimed_by TEXT,
     claimed_until BIGINT
   );
   CREATE INDEX tasks_by_status ON tasks(status);
   CREATE INDEX tasks_by_seq ON tasks(seq);
   CREATE INDEX tasks_ready ON tasks(priority DESC, seq) WHERE status = 'queued';
   CREATE TABLE runs (
     id TEXT PRIMARY KEY,
     task_id TEXT NOT NULL REFERENCES tasks(id),
     attempt INTEGER NOT NULL DEFAULT 1,
     device_id TEXT NOT NULL,
     goal TEXT NOT NULL,
     mode TEXT NOT NULL,
     status TEXT NOT NULL,
     started_at BIGINT NOT NULL,
     finished_at BIGINT,
     reason TEXT,
     stats TEXT,
     starred BOOLEAN NOT NULL DEFAULT false,
     row_order BIGSERIAL NOT NULL
   );
   CREATE INDEX runs_by_task ON runs(task_id);
   CREATE INDEX runs_by_started ON runs(started_at DESC, row_order DESC);
   CREATE INDEX runs_running ON runs(status) WHERE status = 'running';
   CREATE TABLE run_events (
     run_id TEXT NOT NULL REFERENCES runs(id),
     seq INTEGER NOT NULL,
     at BIGINT NOT NULL,
     type TEXT NOT NULL,
     body TEXT NOT NULL,
     PRIMARY KEY (run_id, seq)
   );
   CREATE TABLE lessons (
     id SERIAL PRIMARY KEY,
     case_name TEXT NOT NULL,
     mistake TEXT NOT NULL,
     advice TEXT NOT NULL,
     created_at BIGINT NOT NULL
   );
   CREATE INDEX lessons_by_case ON lessons(case_name, created_at DESC);
   CREATE TABLE reference_runs (
     run_id TEXT PRIMARY KEY,
     case_name TEXT NOT NULL,
     status TEXT NOT NULL,
     actions TEXT NOT NULL,
     finished_at BIGINT NOT NULL
   );
   CREATE INDEX reference_runs_by_case ON reference_runs(case_name, finished_at DESC);
   CREATE TABLE audit_log (
     id BIGSERIAL PRIMARY KEY,
     at BIGINT NOT NULL,
     key_id INTEGER,
     key_label TEXT NOT NULL DEFAULT '',
     action TEXT NOT NULL,
     target_type TEXT,
     target_id TEXT,
     outcome TEXT NOT NULL,
     status INTEGER NOT NULL,
     error_code TEXT,
     ip TEXT NOT NULL DEFAULT '',
     detail TEXT
   );
   CREATE INDEX audit_by_target ON audit_log(target_type, target_id, id);
   CREATE INDEX audit_by_key ON audit_log(key_id, id);`,
  // Fleet keys made for enrolment may expire or admit a limited number of phones.
  `ALTER TABLE fleet_keys ADD COLUMN expires_at BIGINT;
   ALTER TABLE fleet_keys ADD COLUMN max_uses INTEGER;
   ALTER TABLE fleet_keys ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;`,
  // Cluster mode: which hub runs a run, so a hub that died has only its own runs interrupted.
  `ALTER TABLE runs ADD COLUMN hub_id TEXT;
   CREATE INDEX runs_running_by_hub ON runs(hub_id) WHERE status = 'running';`,
  // Cluster mode: the hub that holds each phone, under the epoch its ownership key had (the fencing
  // token). Only the holder writes a lease for the phone (run-store.ts, holdDevice).
  `CREATE TABLE device_holders (device_id TEXT PRIMARY KEY, hub_id TEXT NOT NULL, epoch BIGINT);`,
];

/** The advisory lock key every droidhub migration takes ("droidhub" in ASCII, as a bigint). */
const MIGRATION_LOCK = "7237917883398288706";

async function ensureTable(client: PoolClient): Promise<void> {
  await client.query(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)",
  );
}

async function appliedVersions(client: PoolClient): Promise<{ version: number; appliedAt: number }[]> {
  const { rows } = await client.query<{ version: number; applied_at: number }>(
    "SELECT version, applied_at FROM schema_migrations ORDER BY version",
  );
  return rows.map((r) => ({ version: r.version, appliedAt: r.applied_at }));
}

/** Applies the pending migrations, each in its own transaction, holding the advisory lock throughout. */
export async function migratePostgres(pool: Pool, where: string, migrations = PG_MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await ensureTable(client);
      const done = await appliedVersions(client);
      const current = done.reduce((max, m) => Math.max(max, m.version), 0);
      refuseNewer(current, migrations.length, where);
      const applied: number[] = [];
      for (let version = current + 1; version <= migrations.length; version++) {
        await client.query("BEGIN");
        try {
          await client.query(itemAt(migrations, version - 1, "migration"));
          await client.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", [
            version,
            Date.now(),
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
        applied.push(version);
      }
      return applied;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** What `droidhub migrate --status` prints: applied and pending versions, changing nothing. */
export async function postgresMigrationStatus(pool: Pool, migrations = PG_MIGRATIONS): Promise<MigrationStatus> {
  const client = await pool.connect();
  try {
    const exists = await client.query("SELECT to_regclass('schema_migrations') AS t");
    const applied = exists.rows[0]?.t ? await appliedVersions(client) : [];
    const have = new Set(applied.map((m) => m.version));
    const pending = migrations.map((_, i) => i + 1).filter((v) => !have.has(v));
    return { applied, pending, known: migrations.length };
  } finally {
    client.release();
  }
}
