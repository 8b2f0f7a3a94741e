/** Boots a real hub on a real port (0) with an in-memory SQLite database and captured logs. */
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import type { DispatcherOptions } from "../../hub/fleet/dispatcher.js";
import { type Db, openDatabase } from "../../hub/store/database.js";
import { type Stores, sqliteStores } from "../../hub/store/stores.js";
import type { Clock } from "../../hub/util/clock.js";

export const FLEET_KEY = "test-fleet-key-0123456789abcdef";
export const API_KEY = "test-operator-key-0123456789abcdef";

export interface ApiResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes and assert on them.
  json: any;
  raw: Buffer;
  headers: Headers;
}

export interface TestHub {
  app: FastifyInstance;
  /** The hub's SQLite database, for tests that look at what is stored (empty when `stores` were given). */
  db: Db;
  baseUrl: string;
  wsUrl: string;
  logs: string[];
  api(
    method: string,
    path: string,
    body?: unknown,
    key?: string,
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers and assert on their shape.
  ): Promise<{ status: number; json: any; raw: Buffer; headers: Headers }>;
  close(): Promise<void>;
}

export interface HubOptions {
  /** HTTP edge settings (config `http.*`). */
  http?: Record<string, number>;
  /** Log level; debug unless a test needs the default (info). */
  logLevel?: "info" | "debug";
  /** Other config values. */
  config?: Record<string, unknown>;
  /** Stores to run on (PostgreSQL); the hub closes them. Unset: in-memory SQLite, which `db` then is. */
  stores?: Stores;
  /** Fleet dispatch tuning (retry backoff, quarantine threshold). */
  fleet?: Partial<DispatcherOptions>;
  /** What decides when retries are due; the system clock unless a test moves time. */
  clock?: Clock;
}

export async function startHub(gateway: Record<string, number> = {}, options: HubOptions = {}): Promise<TestHub> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const level = options.logLevel ?? "debug";
  const config = loadConfig({
    overrides: {
      apiKey: API_KEY,
      fleetKey: FLEET_KEY,
      dataDir: ":memory:",
      logLevel: level,
      gateway,
      ...(options.http ? { http: options.http } : {}),
      ...options.config,
    },
  });
  const db = openDatabase(":memory:");
  const stores = options.stores ?? sqliteStores(db, { dataDir: ":memory:" });
  const app = await buildApp(config, {
    stores,
    logger: { level, stream },
    ...(options.fleet ? { fleet: options.fleet } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  const secure = config.tls.cert !== undefined;
  const baseUrl = `${secure ? "https" : "http"}://127.0.0.1:${address.port}`;
  return {
    app,
    db,
    baseUrl,
    wsUrl: `${secure ? "wss" : "ws"}://127.0.0.1:${address.port}`,
    logs,
    async api(method, path, body, key = API_KEY) {
      const response = await fetch(baseUrl + path, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const raw = Buffer.from(await response.arrayBuffer());
      const type = response.headers.get("content-type") ?? "";
      return {
        status: response.status,
        json: type.includes("json") ? JSON.parse(raw.toString()) : undefined,
        raw,
        headers: response.headers,
      };
    },
    async close() {
      await app.close();
      await stores.close();
      if (db.open) db.close();
    },
  };
}

/** Polls until `check` is true (real time, bounded); the check may read the stores (a promise). */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  what = "condition",
): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
