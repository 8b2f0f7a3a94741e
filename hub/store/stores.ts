/**
 * Every store port the hub uses, built in one place: `openStores` is the one call app.ts makes.
 * SQLite (one file in the data dir, or ":memory:") is the only implementation today; a second one
 * (PostgreSQL, for several hubs on one database) is one more branch here, answering the same `Stores`
 * and passing the same contract suite (tests/contract/).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LessonRepository, ReferenceRunRepository } from "../agent/step/memory.js";
import type { AuditLog } from "../api/audit.js";
import type { KeyStore } from "../api/ports.js";
import { MEMORY } from "../config/config.js";
import type { DeviceStore } from "../devices/ports.js";
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
}

export async function openStores(options: StoreOptions): Promise<Stores> {
  return sqliteStores(openDatabase(options.dataDir), options);
}

/**
 * The SQLite stores on an open database, which they own from now on (close() closes it). Tests that
 * inspect the file or the tables keep their own handle to the same database.
 */
export function sqliteStores(db: Db, options: StoreOptions): Stores {
  const clock = options.clock ?? systemClock;
  const memory = options.dataDir === MEMORY;
  // A hub with no data dir still needs files for step screenshots: a temp dir, removed on close.
  const shots = memory
    ? mkdtempSync(path.join(tmpdir(), "droidhub-shots-"))
    : path.join(options.dataDir, "screenshots");
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
    screenshots: new FileScreenshotStore(shots),
    audit: new SqliteAuditLog(db),
    async probeWrite() {
      probeStoreWrite(db);
    },
    async close() {
      await commits.flush();
      if (db.open) db.close();
      if (memory) rmSync(shots, { recursive: true, force: true });
    },
  };
}
