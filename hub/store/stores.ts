/**
 * Every store port the hub uses, built in one place: `openStores` is the one call app.ts makes.
 * SQLite (one file in the data dir, or ":memory:") unless a database URL names PostgreSQL (several
 * hubs on one database, hub/store/postgres/); both answer the same `Stores` and pass the same
 * contract suite (tests/contract/).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LessonRepository, ReferenceRunRepository } from "../agent/step/memory.js";
import type { AuditLog } from "../api/audit.js";
import type { KeyStore } from "../api/ports.js";
import { MEMORY } from "../config/config.js";
import type { DeviceStore } from "../devices/ports.js";
import { HubError } from "../errors/hub-error.js";
import type { FleetTx, TaskQueue, TaskStore } from "../fleet/ports.js";
import type { DeviceCredentials } from "../gateway/ports.js";
import type { Commits, RunStore, ScreenshotStore } from "../runs/ports.js";
import { type Clock, systemClock } from "../util/clock.js";
import { SqliteAuditLog } from "./audit-store.js";
import { SqliteCredentials } from "./credentials.js";
import { type Db, openDatabase } from "./database.js";
import { SqliteDeviceStore } from "./device-store.js";
import { GroupCommit } from "./group-commit.js";
import { SqliteLessonRepository, SqliteReferenceRunRepository } from "./memory-store.js";
import { probeStoreWrite } from "./readiness.js";
import { SqliteRunStore } from "./run-store.js";
import { FileScreenshotStore } from "./screenshot-store.js";
import { SecretBox } from "./secret-box.js";
import { SqliteTaskStore } from "./task-store.js";

export interface Stores {
  tasks: TaskStore;
  queue: TaskQueue;
  runs: RunStore;
  /** The write path every unit goes through (tasks, runs, devices). */
  commits: Commits<FleetTx>;
  devices: DeviceStore;
  credentials: DeviceCredentials & KeyStore;
  lessons: LessonRepository;
  references: ReferenceRunRepository;
  screenshots: ScreenshotStore;
  audit: AuditLog;
  /** Rejects when the database does not take a committed write (GET /readyz). */
  probeWrite(): Promise<void>;
  /** Closes the database and removes what only lived for this process (a temporary screenshot dir). */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Where the embedded database, its secrets key and the screenshots live; ":memory:" keeps none. */
  dataDir: string;
  /** Decides when a retry becomes claimable; the system clock unless a test moves time. */
  clock?: Clock | undefined;
  /** `postgres://…`: the stores live in that database (the data dir keeps only the secrets key). */
  databaseUrl?: string | undefined;
  /** Where screenshots are kept instead of `<data dir>/screenshots` (a directory several hubs share). */
  blobDir?: string | undefined;
  /** Cluster mode: this hub's id on its runs and claims in the shared database. */
  hubId?: string | undefined;
}

export async function openStores(options: StoreOptions): Promise<Stores> {
  const url = options.databaseUrl;
  if (url === undefined) return sqliteStores(openDatabase(options.dataDir), options);
  // The pg driver is loaded only by a hub that uses it: a SQLite hub starts without it.
  const [{ isPostgresUrl }, { postgresStores }] = await Promise.all([
    import("./postgres/connection.js"),
    import("./postgres/stores.js"),
  ]);
  if (!isPostgresUrl(url)) {
    throw new HubError("CONFIG_INVALID", "the database URL must start with postgres:// or postgresql://", {
      details: { field: "databaseUrl" },
    });
  }
  const shots = screenshotDir(options);
  return postgresStores({
    url,
    box: SecretBox.open(options.dataDir),
    screenshotDir: shots.dir,
    cleanup: shots.cleanup,
    hubId: options.hubId,
  });
}

/** `blobDir`, `<data dir>/screenshots`, or for a hub with no data dir a temp dir removed on close. */
function screenshotDir(options: StoreOptions): { dir: string; cleanup: () => void } {
  if (options.blobDir) return { dir: options.blobDir, cleanup: () => undefined };
  if (options.dataDir !== MEMORY) return { dir: path.join(options.dataDir, "screenshots"), cleanup: () => undefined };
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-shots-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The SQLite stores on an open database, which they own from now on (close() closes it). Tests that
 * inspect the file or the tables keep their own handle to the same database.
 */
export function sqliteStores(db: Db, options: StoreOptions): Stores {
  const clock = options.clock ?? systemClock;
  // A hub with no data dir still needs files for step screenshots: a temp dir, removed on close.
  const shots = screenshotDir(options);
  const commits = new GroupCommit<FleetTx>(db);
  const tasks = new SqliteTaskStore(db, SecretBox.open(options.dataDir), commits, clock);
  const runs = new SqliteRunStore(db, commits);
  const devices = new SqliteDeviceStore(db, commits);
  commits.use({ tasks: tasks.writes, runs: runs.writes, devices: devices.writes });
  return {
    tasks,
    queue: tasks,
    runs,
    commits,
    devices,
    credentials: new SqliteCredentials(db),
    lessons: new SqliteLessonRepository(db),
    references: new SqliteReferenceRunRepository(db),
    screenshots: new FileScreenshotStore(shots.dir),
    audit: new SqliteAuditLog(db),
    async probeWrite() {
      probeStoreWrite(db);
    },
    async close() {
      await commits.flush();
      if (db.open) db.close();
      shots.cleanup();
    },
  };
}
