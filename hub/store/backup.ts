/**
 * Backups of an embedded (SQLite) hub, taken while it runs, and their restore while it is stopped.
 *
 * A backup is one SQLite file (mode 0600): a consistent snapshot of droidhub.sqlite, plus two tables
 * the hub never reads — backup_info (what made it) and backup_files (the data dir's other files a hub
 * needs: secrets.key, without which the secrets of queued tasks cannot be opened; operator-key; the
 * screenshots runs refer to). The snapshot is `VACUUM INTO` on a second, read-only connection: one
 * read transaction, so in WAL mode the hub's writes go on meanwhile, and unlike the step-wise backup
 * API (better-sqlite3's db.backup()) it never starts over when the hub writes during the copy — a
 * busy hub writes every few milliseconds. Screenshots are copied after the snapshot: they are files
 * written before any row names them and never changed, so every one the snapshot refers to is there.
 */
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { HubError } from "../errors/hub-error.js";
import { MIGRATIONS } from "./database.js";

/** The names openDatabase, SecretBox, the operator key file and the screenshot store use. */
const DB_FILE = "droidhub.sqlite";
const KEPT_FILES = ["secrets.key", "operator-key"];
const SCREENSHOTS = "screenshots";
const FORMAT = "droidhub-backup/1";
/** The only paths a backup may hold: a crafted file cannot write outside the data dir. */
const RESTORABLE = /^(?:secrets\.key|operator-key|screenshots\/[a-f0-9]{64}\.(?:jpg|webp|png))$/;

export interface BackupSummary {
  file: string;
  bytes: number;
  schemaVersion: number;
  rows: { devices: number; tasks: number; runs: number };
  /** Of secrets.key and operator-key, those the data dir had. */
  keyFiles: string[];
  screenshots: number;
}

/** Snapshots `dataDir`'s database (and its files) into `file`, atomically replacing it. */
export function backupDataDir(dataDir: string, file: string, options: { screenshots: boolean; version: string }) {
  const source = path.join(dataDir, DB_FILE);
  if (!existsSync(source)) throw new HubError("NOT_FOUND", `no hub database in ${dataDir} (expected ${source})`);
  const target = path.resolve(file);
  if (existsSync(target) && realpathSync(target) === realpathSync(source))
    throw new HubError("CONFLICT", `${file} is the hub's own database; write the backup somewhere else`);
  const partial = `${target}.partial-${process.pid}`;
  // Created empty with mode 0600 first: the snapshot holds sealed secrets and key hashes from its first byte.
  closeSync(openSync(partial, "wx", 0o600));
  try {
    const live = new Database(source, { readonly: true, fileMustExist: true });
    try {
      live.prepare("VACUUM INTO ?").run(partial);
    } finally {
      live.close();
    }
    const summary = addFiles(partial, dataDir, options);
    renameSync(partial, target);
    return { ...summary, file: target, bytes: statSync(target).size };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

function addFiles(backup: string, dataDir: string, options: { screenshots: boolean; version: string }) {
  const db = new Database(backup);
  try {
    const schemaVersion = schemaVersionOf(db);
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    const rows = { devices: count("devices"), tasks: count("tasks"), runs: count("runs") };
    db.exec(`CREATE TABLE backup_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             CREATE TABLE backup_files (path TEXT PRIMARY KEY, mode INTEGER NOT NULL, bytes BLOB NOT NULL);`);
    const info = db.prepare("INSERT INTO backup_info (key, value) VALUES (?, ?)");
    const put = db.prepare("INSERT INTO backup_files (path, mode, bytes) VALUES (?, ?, ?)");
    const keyFiles: string[] = [];
    let screenshots = 0;
    db.transaction(() => {
      info.run("format", FORMAT);
      info.run("droidhub_version", options.version);
      info.run("schema_version", String(schemaVersion));
      info.run("created_at", new Date().toISOString());
      for (const name of KEPT_FILES) {
        const file = path.join(dataDir, name);
        if (!existsSync(file)) continue;
        put.run(name, statSync(file).mode & 0o777, readFileSync(file));
        keyFiles.push(name);
      }
      const shots = path.join(dataDir, SCREENSHOTS);
      if (!options.screenshots || !existsSync(shots)) return;
      for (const name of readdirSync(shots)) {
        const relative = `${SCREENSHOTS}/${name}`;
        if (!RESTORABLE.test(relative)) continue;
        put.run(relative, 0o644, readFileSync(path.join(shots, name)));
        screenshots++;
      }
    })();
    return { schemaVersion, rows, keyFiles, screenshots };
  } finally {
    db.close();
  }
}

function schemaVersionOf(db: Database.Database): number {
  return (db.prepare("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations").get() as { v: number }).v;
}

export interface BackupInfo {
  format: string;
  droidhubVersion: string;
  schemaVersion: number;
  createdAt: string;
}

/** What a backup file says about itself; BACKUP_INVALID when it is not one this hub can restore. */
export function inspectBackup(file: string): BackupInfo {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new HubError("BACKUP_INVALID", `cannot open ${file}: ${(error as Error).message}`);
  }
  try {
    let values: Map<string, string>;
    try {
      const rows = db.prepare("SELECT key, value FROM backup_info").all() as { key: string; value: string }[];
      values = new Map(rows.map((r) => [r.key, r.value]));
    } catch {
      throw new HubError("BACKUP_INVALID", `${file} is not a droidhub backup (made by droidhub backup)`);
    }
    if (values.get("format") !== FORMAT)
      throw new HubError("BACKUP_INVALID", `${file} is in format ${values.get("format")}, not ${FORMAT}`);
    const info = {
      format: FORMAT,
      droidhubVersion: values.get("droidhub_version") ?? "?",
      schemaVersion: Number(values.get("schema_version")),
      createdAt: values.get("created_at") ?? "?",
    };
    if (info.schemaVersion > MIGRATIONS.length)
      throw new HubError(
        "BACKUP_INVALID",
        `${file} comes from droidhub ${info.droidhubVersion}, whose database is newer (schema ${info.schemaVersion}) than this droidhub knows (${MIGRATIONS.length}): restore it with that version or a later one`,
      );
    const check = db.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new HubError("BACKUP_INVALID", `${file} is damaged: ${String(check)}`);
    return info;
  } finally {
    db.close();
  }
}

export interface RestoreSummary {
  info: BackupInfo;
  /** Where the data dir's previous database and files were moved, if it had any. */
  keptAside: string | undefined;
  keyFiles: string[];
  screenshots: number;
}

/**
 * Makes `file` the database of `dataDir` (and puts back the files it holds). Only while no process
 * has the database open: DATABASE_IN_USE otherwise. The previous database and files are moved to
 * <data dir>/before-restore-<time>/, never deleted.
 */
export function restoreDataDir(file: string, dataDir: string): RestoreSummary {
  const info = inspectBackup(file);
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, DB_FILE);
  const staging = path.join(dataDir, `restoring-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  try {
    const held = existsSync(target) ? holdExclusively(target) : undefined;
    let unpacked: { keyFiles: string[]; screenshots: number };
    try {
      unpacked = unpack(file, staging);
    } finally {
      held?.close();
    }
    const keptAside = moveAside(dataDir);
    renameSync(path.join(staging, DB_FILE), target);
    for (const name of KEPT_FILES) {
      if (existsSync(path.join(staging, name))) renameSync(path.join(staging, name), path.join(dataDir, name));
    }
    mergeScreenshots(path.join(staging, SCREENSHOTS), path.join(dataDir, SCREENSHOTS));
    return { info, keptAside, ...unpacked };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * An exclusive lock on the live database: in WAL mode every open connection (an idle hub's too)
 * blocks it, so getting it proves no hub is running on this data dir. The WAL is folded into the
 * file before the lock is let go, so the file moved aside is complete on its own.
 */
export function holdExclusively(file: string, retry = "restore again"): Database.Database {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE; COMMIT;");
    db.pragma("wal_checkpoint(TRUNCATE)");
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    throw new HubError(
      "DATABASE_IN_USE",
      `a hub (or another program) has ${file} open: stop it (systemctl stop droidhub, or Ctrl-C) and ${retry}`,
    );
  }
  return db;
}

/** The backup's database, without the backup tables, and its files, into `staging`. */
function unpack(file: string, staging: string): { keyFiles: string[]; screenshots: number } {
  const copy = path.join(staging, DB_FILE);
  copyFileSync(file, copy);
  chmodSync(copy, 0o600);
  const db = new Database(copy);
  try {
    const rows = db.prepare("SELECT path, mode, bytes FROM backup_files ORDER BY path").iterate() as Iterable<{
      path: string;
      mode: number;
      bytes: Buffer;
    }>;
    const keyFiles: string[] = [];
    let screenshots = 0;
    for (const row of rows) {
      if (!RESTORABLE.test(row.path))
        throw new HubError("BACKUP_INVALID", `${file} holds an unexpected file: ${row.path}`);
      const out = path.join(staging, row.path);
      mkdirSync(path.dirname(out), { recursive: true });
      // Never more open than it was, nor than 0644 (secrets.key and operator-key are 0600).
      writeFileSync(out, row.bytes, { mode: row.mode & 0o644 });
      if (row.path.startsWith(`${SCREENSHOTS}/`)) screenshots++;
      else keyFiles.push(row.path);
    }
    db.exec("DROP TABLE backup_files; DROP TABLE backup_info;");
    // The copy held every screenshot too; VACUUM gives that space back before it becomes the hub's file.
    db.exec("VACUUM");
    return { keyFiles, screenshots };
  } finally {
    db.close();
  }
}

function moveAside(dataDir: string): string | undefined {
  const present = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, ...KEPT_FILES].filter((name) =>
    existsSync(path.join(dataDir, name)),
  );
  if (present.length === 0) return undefined;
  const aside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  mkdirSync(aside);
  for (const name of present) renameSync(path.join(dataDir, name), path.join(aside, name));
  return aside;
}

/** Screenshots are named by their hash: one already there is the same image. */
function mergeScreenshots(from: string, to: string): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (!existsSync(path.join(to, name))) renameSync(path.join(from, name), path.join(to, name));
  }
}
