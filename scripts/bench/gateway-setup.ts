/**
 * What bench:gateway, bench:gateway-heap and bench:full-hub share: the fleet key, a collected memory
 * reading, and the phones' child process (gateway-phones.ts), so the hub process's memory is the hub's alone.
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";

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
    execArgv: ["--import", "tsx", "--max-old-space-size=8192"],
    stdio: "inherit",
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`phones process exited with ${code}`)));
  });
  return { child, ready };
}
