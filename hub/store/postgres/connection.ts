/**
 * The PostgreSQL connection pool (node-postgres, `pg`). Only hub/store imports the driver. BIGINT
 * columns (millisecond times, counts) come back as numbers: every value the hub stores fits in a
 * double, and the stores' records are the same shapes SQLite answers.
 */
import pg from "pg";
import { HubError } from "../../errors/hub-error.js";

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type QueryResult<R extends pg.QueryResultRow = pg.QueryResultRow> = pg.QueryResult<R>;

const INT8 = 20;
const NUMERIC = 1700;

/** Per-pool type parsers: the driver's global table is left alone. */
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? "text");
  },
} as pg.CustomTypesConfig;

/** Whether a database URL names PostgreSQL (the only network database the hub speaks). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an unparsable database URL)";
  }
}

export interface PoolOptions {
  /** Connections the pool may open; the group commit uses one at a time, reads share the rest. */
  max?: number;
}

/** Socket errors and SQLSTATEs (class 08, 57P01–03) that mean the server is away, not that a statement was wrong. */
const AWAY = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "57P01", "57P02", "57P03"]);

/** Whether `error` says the server is unreachable or went away (a restart, a crash). */
export function isServerAway(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && (AWAY.has(code) || code.startsWith("08"))) return true;
  return /Connection terminated|connection error|Client has encountered a connection error/i.test(String(error));
}

/** A server-away failure as DATABASE_UNAVAILABLE (503, says what is wrong); any other error unchanged. */
function typed(error: unknown, url: string): unknown {
  if (!isServerAway(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new HubError("DATABASE_UNAVAILABLE", `the database ${redactUrl(url)} is unreachable: ${reason}`, {
    cause: error,
  });
}

type Query = (...args: unknown[]) => unknown;

/** Makes `target.query` reject with `typed` errors (the promise form; the stores use no callbacks). */
function typeQueries(target: { query: unknown }, url: string): void {
  // The class's method is looked up at each call, not bound once: whatever instruments the driver's
  // prototype later (the round-trip counters of the benches and tests) still sees every query.
  const query = (...args: unknown[]) => (Object.getPrototypeOf(target).query as Query).apply(target, args);
  target.query = (...args: unknown[]) => {
    const answer = query(...args);
    return answer instanceof Promise ? answer.catch((error: unknown) => Promise.reject(typed(error, url))) : answer;
  };
}

/**
 * While the server is away (a restart), every query and checkout fails with DATABASE_UNAVAILABLE
 * instead of the driver's own errors, so the API answers 503 with a code; node-postgres opens new
 * connections by itself once the server is back.
 */
function typeFailures(pool: pg.Pool, url: string): void {
  typeQueries(pool as unknown as { query: unknown }, url);
  const typedClients = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) =>
    // The callback form is the pool's own (its query() checks out that way): passed through as it is.
    args.length > 0 ? connect(...args) : checkout();
  const checkout = async () => {
    const client = await (connect() as Promise<pg.PoolClient>).catch((error: unknown) =>
      Promise.reject(typed(error, url)),
    );
    if (!typedClients.has(client)) {
      typedClients.add(client);
      typeQueries(client as unknown as { query: unknown }, url);
    }
    return client;
  };
}

/** A pool on `url`, checked with one round trip so a wrong URL fails at start with a clear error. */
export async function openPool(url: string, options: PoolOptions = {}): Promise<Pool> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle client's error (the server restarted) must not crash the hub: the next query reconnects.
  pool.on("error", () => undefined);
  // A checked-out client has no listener of the pool's: a server that dies between two of its queries
  // (a transaction's BEGIN and its next statement) emitted 'error' on it, which crashed a hub in the
  // scale run's PostgreSQL restart. Its next query fails instead, and its holder releases it broken.
  pool.on("connect", (client) => client.on("error", () => undefined));
  typeFailures(pool, url);
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new HubError("DATABASE_UNAVAILABLE", `cannot reach the database ${redactUrl(url)}: ${reason}`, {
      cause: error,
    });
  }
  return pool;
}
