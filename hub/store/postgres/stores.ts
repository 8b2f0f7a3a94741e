/**
 * The PostgreSQL stores: every store port on one pool, migrated at open (under the advisory lock),
 * with the write path's group commit and a listener that reloads operator keys when another hub
 * changes them. Screenshots stay files (the caller's directory); task secrets are sealed with the
 * data dir's key, so hubs that share a database must share that key file too.
 */
import type { FleetTx } from "../../fleet/ports.js";
import { FileScreenshotStore } from "../screenshot-store.js";
import type { SecretBox } from "../secret-box.js";
import type { Stores } from "../stores.js";
import { PgAuditLog } from "./audit-store.js";
import { PgCommits } from "./commits.js";
import { openPool, type Pool, type PoolClient, redactUrl } from "./connection.js";
import { KEYS_CHANNEL, PgCredentials } from "./credentials.js";
import { PgDeviceStore } from "./device-store.js";
import { PgLessonRepository, PgReferenceRunRepository } from "./memory-store.js";
import { migratePostgres } from "./migrations.js";
import { PgRunStore } from "./run-store.js";
import { PgTaskStore } from "./task-store.js";

/** How often a broken key listener tries to listen again. */
const RELISTEN_MS = 1_000;

export interface PgStoreOptions {
  url: string;
  box: SecretBox;
  /** Where screenshots are kept. */
  screenshotDir: string;
  /** Cluster mode: this hub's id, carried by its runs and claims (only a dead hub's are interrupted). */
  hubId?: string | undefined;
  /** Removes what only lived for this process (a temporary screenshot dir), after the pool closed. */
  cleanup?: () => void;
}

/**
 * Listens for key changes on a connection of its own (LISTEN holds a session). When the server goes
 * away (a restart) the connection breaks: without an error listener that would crash the hub, so it
 * is dropped and LISTEN taken again once the server answers, then the keys are reloaded (changes made
 * meanwhile sent no notification here).
 */
async function listenForKeys(pool: Pool, credentials: PgCredentials): Promise<() => Promise<void>> {
  let client: PoolClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (closed) return;
    retry = setTimeout(() => {
      listen()
        .then(() => credentials.reload())
        .catch(() => again());
    }, RELISTEN_MS);
    retry.unref();
  };
  const listen = async () => {
    const next = await pool.connect();
    next.on("error", () => {
      if (client !== next) return;
      client = undefined;
      next.release(true);
      again();
    });
    next.on("notification", () => {
      credentials.reload().catch(() => undefined);
    });
    client = next;
    try {
      await next.query(`LISTEN ${KEYS_CHANNEL}`);
    } catch (error) {
      if (client === next) {
        client = undefined;
        next.release(true);
      }
      throw error;
    }
  };
  await listen();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    if (!last) return;
    await last.query(`UNLISTEN ${KEYS_CHANNEL}`).catch(() => undefined);
    last.release();
  };
}

export async function postgresStores(options: PgStoreOptions): Promise<Stores> {
  const pool = await openPool(options.url);
  try {
    await migratePostgres(pool, `the database ${redactUrl(options.url)}`);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const commits = new PgCommits<FleetTx>(pool);
  const tasks = new PgTaskStore(pool, options.box, commits, options.hubId);
  const runs = new PgRunStore(pool, commits, options.hubId);
  const devices = new PgDeviceStore(pool, commits);
  commits.use({ tasks: tasks.writes, runs: runs.writes, devices: devices.writes });
  const credentials = await PgCredentials.open(pool);
  const unlisten = await listenForKeys(pool, credentials);
  return {
    tasks,
    queue: tasks,
    runs,
    commits,
    devices,
    credentials,
    lessons: new PgLessonRepository(pool),
    references: new PgReferenceRunRepository(pool),
    screenshots: new FileScreenshotStore(options.screenshotDir),
    audit: new PgAuditLog(pool),
    async probeWrite() {
      // Assigns a transaction id: a real write's first step, refused by a read-only or recovering server.
      await pool.query("SELECT pg_current_xact_id()");
    },
    async close() {
      await commits.flush();
      await unlisten();
      await pool.end();
      options.cleanup?.();
    },
  };
}
