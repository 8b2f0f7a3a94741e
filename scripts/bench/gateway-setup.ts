/**
 * What bench:gateway, bench:gateway-heap, bench:full-hub and bench:fleet share: the hub, the fleet key, a
 * collected memory reading, and the phones' child process (gateway-phones.ts), so the hub process's memory is the hub's alone.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../../hub/app.js";
import { type Config, loadConfig } from "../../hub/config/config.js";
import { HUB_BUILD_ARGS } from "./hub-build.js";

export const FLEET_KEY = "bench-fleet-key-0123456789abcdef";
const here = path.dirname(new URL(import.meta.url).pathname);

export function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error("run with node --expose-gc (the npm bench scripts do)");
  for (let i = 0; i < 3; i++) collect();
}

export interface Memory {
  heap: number;
  rss: number;
  external: number;
}

export function memory(): Memory {
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss, external: m.external + m.arrayBuffers };
}

export interface Phones {
  child: ChildProcess;
  /** Resolves when every phone of the process has joined (or, for "echo", connected). */
  ready: Promise<void>;
}

/** `first` numbers the phones bench-<first>… so several processes can fill one hub. */
export function startPhones(mode: "phones" | "echo", url: string, count: number, first = 0): Phones {
  const child = fork(path.join(here, "gateway-phones.ts"), [mode, url, String(count), FLEET_KEY, String(first)], {
    execArgv: [...HUB_BUILD_ARGS, "--max-old-space-size=8192"],
    stdio: "inherit",
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`phones process exited with ${code}`)));
  });
  return { child, ready };
}

export const BENCH_API_KEY = "bench-operator-key-0123456789";

type App = Awaited<ReturnType<typeof buildApp>>;

export interface BenchHub {
  app: App;
  config: Config;
  dataDir: string;
  /** The phones' WebSocket URL. */
  url: string;
  /** Closes the hub and removes its data dir. */
  close(): Promise<void>;
}

/**
 * A silent hub on loopback with a fresh data dir (SQLite, or `databaseUrl`). Every bench phone
 * connects from 127.0.0.1, so the per-address connection cap is off.
 */
export async function startBenchHub(prefix: string, databaseUrl?: string): Promise<BenchHub> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `droidhub-${prefix}-`));
  const config = loadConfig({
    overrides: {
      dataDir,
      ...(databaseUrl ? { databaseUrl } : {}),
      apiKey: BENCH_API_KEY,
      fleetKey: FLEET_KEY,
      logLevel: "silent",
      http: { maxConnectionsPerAddress: 0 },
    },
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    config,
    dataDir,
    url: `ws://127.0.0.1:${port}/v1/devices/connect`,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
