/**
 * A throwaway Redis server for tests: `redis-server` on a free loopback port with its files in a temp
 * dir, no persistence, stopped and removed after. Nothing is assumed to be running. `requireRedis`
 * declares a suite only where redis-server is installed (under CI its absence fails), as
 * tests/helpers/postgres.ts does for PostgreSQL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "./free-port.js";

export { freePort };

const CANDIDATES = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"];

export function redisBinary(): string | undefined {
  if (process.env["DROIDHUB_REDIS_SERVER"]) return process.env["DROIDHUB_REDIS_SERVER"];
  return CANDIDATES.find((file) => existsSync(file));
}

/** Declares `body` when redis-server is installed; under CI its absence is a failing test. */
export function requireRedis(name: string, body: (binary: string) => void): void {
  const binary = redisBinary();
  if (binary) {
    body(binary);
    return;
  }
  const message = `redis-server is not installed: the "${name}" suite did NOT run`;
  if (process.env["CI"]) {
    describe(name, () => {
      it("needs redis-server, which CI must install", () => {
        expect.fail(message);
      });
    });
    return;
  }
  console.warn(`\n${"!".repeat(100)}\n!! ${message}\n${"!".repeat(100)}\n`);
}

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: what a crash looks like to the hubs); `start` brings it back on the same port. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Resolves once something accepts TCP connections on the port. */
async function accepting(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startRedis(binary: string): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let log = "";
  const start = async (): Promise<void> => {
    // No persistence: a restart is an empty Redis, the worst case the hubs must recover from.
    child = spawn(
      binary,
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (chunk) => {
      log += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      log += chunk;
    });
    try {
      await accepting(port, 15_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}:\n${log}`);
    }
  };
  const kill = async (): Promise<void> => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
