/**
 * A cluster for tests: hub processes (`bin/droidhub.js serve`) on one PostgreSQL database and one
 * Redis, and HAProxy in front of them with deploy/haproxy.cfg (its addresses from the environment,
 * as in a deployment). Each part is a real process on a free loopback port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { API_KEY, until } from "./hub.js";
import { type HubProcess, spawnHub } from "./hub-process.js";
import { freePort } from "./redis.js";

export const HAPROXY = ["/usr/sbin/haproxy", "/usr/bin/haproxy"].find((file) => existsSync(file));

export interface ClusterHub {
  id: string;
  process: HubProcess;
}

/** Starts one hub of the cluster; `port`: where a restarted hub must listen again (the balancer's address for it). */
export async function startClusterHub(
  id: string,
  databaseUrl: string,
  redisUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<ClusterHub> {
  const process = await spawnHub(
    { DROIDHUB_DATABASE_URL: databaseUrl, DROIDHUB_REDIS_URL: redisUrl, DROIDHUB_HUB_ID: id, ...env },
    { listenTimeoutMs: 120_000, ...(port === undefined ? {} : { port }) },
  );
  return { id, process };
}

export interface Balancer {
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** HAProxy with deploy/haproxy.cfg in front of three hub ports. */
export async function startHaproxy(binary: string, hubPorts: [number, number, number]): Promise<Balancer> {
  const port = await freePort();
  let printed = "";
  const child: ChildProcess = spawn(binary, ["-db", "-f", "deploy/haproxy.cfg"], {
    env: {
      ...process.env,
      DROIDHUB_LB_BIND: `127.0.0.1:${port}`,
      HUB1: `127.0.0.1:${hubPorts[0]}`,
      HUB2: `127.0.0.1:${hubPorts[1]}`,
      HUB3: `127.0.0.1:${hubPorts[2]}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    printed += d;
  });
  child.stderr?.on("data", (d) => {
    printed += d;
  });
  try {
    await until(
      async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.ok === true,
      20_000,
      "HAProxy to pass requests",
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}; HAProxy printed:\n${printed}`);
  }
  return {
    port,
    output: () => printed,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** A JSON call to a hub with the operator key; answers status, headers and body. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; body: T }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (an image): the caller looks at the headers
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}
