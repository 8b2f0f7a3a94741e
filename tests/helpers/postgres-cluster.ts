/**
 * A throwaway PostgreSQL cluster: `initdb` in a temp dir, `pg_ctl start` on a free loopback port
 * with its unix socket in that dir, stopped and removed after. Nothing is assumed to be running.
 * initdb refuses to run as root, so as root the cluster runs as the `postgres` OS user (Debian's
 * package creates it) through `runuser`, with the temp dir handed to that user. Free of vitest, so
 * benchmarks (scripts/bench/fleet.ts) use it too; tests reach it through postgres.ts.
 */
import { execFile } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./free-port.js";

const run = promisify(execFile);

/** The directory holding initdb and pg_ctl, newest version first; undefined when none is installed. */
export function postgresBinaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (process.env["DROIDHUB_PG_BIN"]) return process.env["DROIDHUB_PG_BIN"];
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

export interface PostgresCluster {
  /** The URL of a database on the cluster (`postgres` unless named). */
  url(database?: string): string;
  /** A fresh, empty database; answers its URL. */
  createDatabase(): Promise<string>;
  /** Drops a database made by createDatabase, closing the connections still on it. */
  dropDatabase(url: string): Promise<void>;
  /** Stops the server at once (`-m immediate`: what a crash looks like to clients); `start` brings it back on the same port. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the user that owns the cluster. */
async function pgRun(bin: string, tool: string, args: string[]): Promise<void> {
  const file = path.join(bin, tool);
  if (asRoot) await run("runuser", ["-u", "postgres", "--", file, ...args]);
  else await run(file, args);
}

let databases = 0;

export async function startPostgres(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-pg-"));
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  chmodSync(dir, 0o700);
  const data = path.join(dir, "data");
  await pgRun(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  // fsync off: a test cluster is thrown away; durability across a power cut is not what tests check.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    pgRun(bin, "pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const kill = () => pgRun(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
  await start();
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = new pg.Pool({ connectionString: url(), max: 2 });
  // Its idle connections break when the server is killed (kill/start): the next query reconnects.
  admin.on("error", () => undefined);
  return {
    url,
    async createDatabase() {
      const name = `droidhub_${process.pid}_${++databases}`;
      await admin.query(`CREATE DATABASE ${name}`);
      return url(name);
    },
    async dropDatabase(target: string) {
      const name = new URL(target).pathname.slice(1);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    kill,
    start,
    async stop() {
      await admin.end();
      await kill().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
