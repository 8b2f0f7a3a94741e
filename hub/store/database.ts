/**
 * The embedded SQLite database (better-sqlite3 12.x, WAL). Only hub/store imports the driver.
 * Migrations are an ordered list of SQL scripts applied once each at start; a database a newer
 * droidhub migrated is refused (SCHEMA_TOO_NEW), never written.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type MigrationStatus, refuseNewer } from "./schema-version.js";

export type Db = Database.Database;
export type Stmt = Database.Statement<unknown[]>;

/**
 * A device id is enrolled from the moment its secret is issued (in Welcome), confirmed or not;
 * secret_hash '' means no secret is issued. Rows the Mobilerun dialect made held a random secret that
 * no phone was ever given: they hold none now, so a fleet key may still enrol the id. (secret_confirmed
 * is no longer read.)
 */
export const ENROLMENT_MIGRATION = `UPDATE devices SET secret_hash = ''
   WHERE secret_confirmed = 0 AND COALESCE(json_extract(info, '$.dialect'), '') <> 'droidhub';`;

/**
 * The Mobilerun/droidrun dialect was stored as "portal", the word our own Android app goes by; rows
 * written before the rename say "mobilerun" like the API, the metrics and the logs now do.
 */
export const DIALECT_NAME_MIGRATION = `UPDATE devices SET info = json_set(info, '$.dialect', 'mobilerun')
   WHERE json_valid(info) AND json_extract(info, '$.dialect') = 'portal';`;

export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE fleet_keys (
     id INTEGER PRIMARY KEY,
     key_hash TEXT NOT NULL UNIQUE,
     label TEXT NOT NULL DEFAULT '',
     tags TEXT NOT NULL DEFAULT '[]',
     created_at INTEGER NOT NULL,
     revoked_at INTEGER
   );
   CREATE TABLE operator_keys (
     id INTEGER PRIMARY KEY,
     key_hash TEXT NOT NULL UNIQUE,
     label TEXT NOT NULL DEFAULT '',
     created_at INTEGER NOT NULL
   );
   CREATE TABLE devices (
     id TEXT PRIMARY KEY,
     secret_hash TEXT NOT NULL,
     secret_confirmed INTEGER NOT NULL DEFAULT 0,
     fleet_key_id INTEGER REFERENCES fleet_keys(id),
     tags TEXT NOT NULL DEFAULT '[]',
     info TEXT NOT NULL DEFAULT '{}',
     first_seen_at INTEGER NOT NULL,
     last_seen_at INTEGER NOT NULL,
     quarantined INTEGER NOT NULL DEFAULT 0,
     draining INTEGER NOT NULL DEFAULT 0,
     infra_failures INTEGER NOT NULL DEFAULT 0
   );`,
  `CREATE TABLE tasks (
     id TEXT PRIMARY KEY,
     goal TEXT NOT NULL,
     mode TEXT NOT NULL,
     status TEXT NOT NULL,
     device_id TEXT,
     tags TEXT NOT NULL DEFAULT '[]',
     min_sdk INTEGER NOT NULL DEFAULT 0,
     priority INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     seq INTEGER NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     max_attempts INTEGER NOT NULL DEFAULT 3,
     not_before INTEGER NOT NULL DEFAULT 0,
     timeout_ms INTEGER NOT NULL DEFAULT 0,
     spec TEXT NOT NULL DEFAULT '{}',
     secrets TEXT,
     last_device TEXT,
     finished_at INTEGER,
     reason TEXT
   );
   CREATE INDEX tasks_by_status ON tasks(status);
   CREATE TABLE runs (
     id TEXT PRIMARY KEY,
     task_id TEXT NOT NULL REFERENCES tasks(id),
     attempt INTEGER NOT NULL DEFAULT 1,
     device_id TEXT NOT NULL,
     goal TEXT NOT NULL,
     mode TEXT NOT NULL,
     status TEXT NOT NULL,
     started_at INTEGER NOT NULL,
     finished_at INTEGER,
     reason TEXT,
     stats TEXT,
     starred INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX runs_by_task ON runs(task_id);
   CREATE INDEX runs_by_started ON runs(started_at DESC);
   CREATE TABLE run_events (
     run_id TEXT NOT NULL REFERENCES runs(id),
     seq INTEGER NOT NULL,
     at INTEGER NOT NULL,
     type TEXT NOT NULL,
     body TEXT NOT NULL,
     PRIMARY KEY (run_id, seq)
   );`,
  `CREATE TABLE lessons (
     id INTEGER PRIMARY KEY,
     case_name TEXT NOT NULL,
     mistake TEXT NOT NULL,
     advice TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX lessons_by_case ON lessons(case_name, created_at DESC);
   CREATE TABLE reference_runs (
     run_id TEXT PRIMARY KEY,
     case_name TEXT NOT NULL,
     status TEXT NOT NULL,
     actions TEXT NOT NULL,
     finished_at INTEGER NOT NULL
   );
   CREATE INDEX reference_runs_by_case ON reference_runs(case_name, finished_at DESC);`,
  // Operator keys get a scope (existing keys were all-powerful: admin) and can be revoked; the audit trail.
  `ALTER TABLE operator_keys ADD COLUMN scope TEXT NOT NULL DEFAULT 'admin';
   ALTER TABLE operator_keys ADD COLUMN revoked_at INTEGER;
   CREATE TABLE audit_log (
     id INTEGER PRIMARY KEY,
     at INTEGER NOT NULL,
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
  ENROLMENT_MIGRATION,
  // Fleet keys made for enrolment (a QR code) can expire and be single-use: uses counts enrolments.
  `ALTER TABLE fleet_keys ADD COLUMN expires_at INTEGER;
   ALTER TABLE fleet_keys ADD COLUMN max_uses INTEGER;
   ALTER TABLE fleet_keys ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;`,
  DIALECT_NAME_MIGRATION,
];

export function openDatabase(dataDir: string | ":memory:"): Db {
  let file = ":memory:";
  if (dataDir !== ":memory:") {
    mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, "droidhub.sqlite");
  }
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  // Checkpoints fsync the database file; fewer, larger ones keep that stall off the hot path.
  db.pragma("wal_autocheckpoint = 8000");
  // Every unit of a group commit runs in a savepoint, whose statement journal SQLite keeps in a temp
  // file by default: writing it was a third of a task's store CPU (bench:fleet, 1,000 phones ×
  // 10,000 tasks: 1,452-1,658 → 1,659-1,900 tasks/s). The hub's temp data (that journal, the sorter
  // of an ORDER BY over a bounded page) is small, so memory holds it.
  db.pragma("temp_store = MEMORY");
  try {
    migrate(db, file === ":memory:" ? "the in-memory database" : file);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Applied and pending migrations of the data dir's database, changing nothing (`droidhub migrate
 * --status`); a data dir with no database yet has every migration pending.
 */
export function sqliteMigrationStatus(dataDir: string): MigrationStatus {
  const file = path.join(dataDir, "droidhub.sqlite");
  const known = MIGRATIONS.length;
  const all = MIGRATIONS.map((_, i) => i + 1);
  if (!existsSync(file)) return { applied: [], pending: all, known };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    const rows = table
      ? (db.prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all() as {
          version: number;
          applied_at: number;
        }[])
      : [];
    const have = new Set(rows.map((r) => r.version));
    return {
      applied: rows.map((r) => ({ version: r.version, appliedAt: r.applied_at })),
      pending: all.filter((v) => !have.has(v)),
      known,
    };
  } finally {
    db.close();
  }
}

function migrate(db: Db, where: string): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const row = db.prepare("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations").get() as { v: number };
  refuseNewer(row.v, MIGRATIONS.length, where);
  const apply = db.transaction((version: number, sql: string) => {
    db.exec(sql);
    db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(version, Date.now());
  });
  MIGRATIONS.forEach((sql, index) => {
    if (index + 1 > row.v) apply(index + 1, sql);
  });
}
