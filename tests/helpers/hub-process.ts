/**
 * The hub as users run it: `node bin/droidhub.js serve` in a child process, on a free loopback port,
 * with its data in a temp dir. For what only a real process shows (signals, exit codes).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_KEY, FLEET_KEY, until } from "./hub.js";

export interface HubProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  wsUrl: string;
  dataDir: string;
  /** Everything the process printed (stdout and stderr). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the process if it still runs and removes the data dir. */
  dispose(): Promise<void>;
}

/**
 * `options.dataDir`: an existing data dir to start on (the caller's to remove); else a fresh temp one.
 * `options.listenTimeoutMs`: how long the start may take (a cold start that rebuilds dist/ on a loaded
 * machine takes long). `options.port`: a given port (a hub restarted where a balancer expects it); else a free one.
 */
export async function spawnHub(
  env: Record<string, string> = {},
  options: { dataDir?: string; listenTimeoutMs?: number; port?: number } = {},
): Promise<HubProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "droidhub-proc-"));
  const child = spawn(
    process.execPath,
    ["bin/droidhub.js", "serve", "--port", String(options.port ?? 0), "--host", "127.0.0.1", "--data-dir", dataDir],
    {
      env: { ...process.env, DROIDHUB_API_KEY: API_KEY, DROIDHUB_FLEET_KEY: FLEET_KEY, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let printed = "";
  child.stdout?.on("data", (chunk) => {
    printed += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let port = 0;
  try {
    await until(
      () => {
        port = Number(/Server listening at https?:\/\/127\.0\.0\.1:(\d+)/.exec(printed)?.[1] ?? 0);
        return port > 0 || child.exitCode !== null;
      },
      options.listenTimeoutMs ?? 20_000,
      "the hub process to listen",
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}; it printed:\n${printed}`);
  }
  if (port === 0) throw new Error(`the hub process exited with ${child.exitCode}:\n${printed}`);
  const secure = /Server listening at https:/.test(printed);
  return {
    child,
    port,
    baseUrl: `${secure ? "https" : "http"}://127.0.0.1:${port}`,
    wsUrl: `${secure ? "wss" : "ws"}://127.0.0.1:${port}`,
    dataDir,
    output: () => printed,
    exited,
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
