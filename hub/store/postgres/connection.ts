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

/** A pool on `url`, checked with one round trip so a wrong URL fails at start with a clear error. */
export async function openPool(url: string, options: PoolOptions = {}): Promise<Pool> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle client's error (the server restarted) must not crash the hub: the next query reconnects.
  pool.on("error", () => undefined);
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
