/**
 * The processes bench:cluster starts: a throwaway redis-server, `droidhub serve` hubs in cluster
 * mode and the virtual phones (gateway-phones.ts, one child per hub). Each on a free loopback port,
 * its files in a temp dir, all killed when the bench ends. Free of vitest (tests/helpers/redis.ts is
 * not), like postgres-cluster.ts.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../tests/helpers/free-port.js";
import { HUB_BUILD_ARGS } from "./hub-build.js";

export { freePort };

export const FLEET_KEY = "bench-fleet-key-0123456789abcdef";
export const API_KEY = "bench-operator-key-0123456789";
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "../..");

export async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`bench:cluster: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Started {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces: count fields from its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Kills a child and waits for it to be gone. */
async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** redis-server without persistence on a free port. */
export async function startRedis(): Promise<Started> {
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-bench-redis-"));
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = await import("ioredis");
  await until("redis-server", 15_000, async () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on("error", () => undefined); // refused until it listens: the loop asks again
    try {
      await client.connect();
      return (await client.ping()) === "PONG";
    } finally {
      client.disconnect();
    }
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      await kill(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One `droidhub serve` process (sources through tsx when dist/ is stale, as users run it): in cluster
 * mode, or without `redisUrl` a lone hub on the same PostgreSQL (the baseline).
 */
export async function startHub(id: string, databaseUrl: string, redisUrl: string | undefined): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-bench-hub-"));
  const port = await freePort();
  let printed = "";
  const child = spawn(
    process.execPath,
    ["bin/droidhub.js", "serve", "--port", String(port), "--host", "127.0.0.1", "--data-dir", dataDir],
    {
      cwd: root,
      env: {
        ...process.env,
        DROIDHUB_API_KEY: API_KEY,
        DROIDHUB_FLEET_KEY: FLEET_KEY,
        DROIDHUB_DATABASE_URL: databaseUrl,
        ...(redisUrl ? { DROIDHUB_REDIS_URL: redisUrl, DROIDHUB_HUB_ID: id } : {}),
        DROIDHUB_LOG_LEVEL: "warn",
        // Every phone connects from 127.0.0.1: no per-address cap.
        DROIDHUB_MAX_CONNECTIONS_PER_ADDRESS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (d) => {
    printed = (printed + d).slice(-4000);
  });
  child.stderr?.on("data", (d) => {
    printed = (printed + d).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await until(`hub ${id} to listen`, 180_000, async () => {
      if (child.exitCode !== null) throw new Error("exited");
      return (await fetch(`${url}/healthz`)).ok;
    });
  } catch (error) {
    await kill(child);
    throw new Error(`${(error as Error).message}; hub ${id} printed:\n${printed}`);
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      await kill(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `count` instant phones (ids bench-<first>…) joined to one hub, in a child process. */
export async function startPhones(hubUrl: string, count: number, first: number): Promise<Started> {
  const ws = `${hubUrl.replace(/^http/, "ws")}/v1/devices/connect`;
  const child = fork(path.join(here, "gateway-phones.ts"), ["phones", ws, String(count), FLEET_KEY, String(first)], {
    execArgv: HUB_BUILD_ARGS,
    stdio: "inherit",
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`phones exited with ${code}`)));
  });
  return { url: ws, pid: child.pid!, stop: () => kill(child) };
}

/** A JSON call with the operator key. */
export async function call<T>(base: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
