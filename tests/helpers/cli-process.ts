/** droidhub commands as real processes, run from any folder, with their output captured. */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort } from "./free-port.js";
import { until } from "./hub.js";

export { freePort };

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(REPO, "bin/droidhub.js");
/** tsx's loader by absolute URL: `--import tsx` would resolve from the working folder. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

export interface CliProcess {
  child: ChildProcess;
  /** stdout and stderr as they arrived, interleaved. */
  output(): string;
  /** Waits for the exit code. */
  exited: Promise<number | null>;
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

function capture(child: ChildProcess): CliProcess {
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let done = false;
  void exited.then(() => {
    done = true;
  });
  return {
    child,
    output: () => output,
    exited,
    async waitFor(text, timeoutMs = 60_000) {
      await until(() => output.includes(text) || done, timeoutMs, `"${text}" from ${child.spawnargs.join(" ")}`);
      if (!output.includes(text)) throw new Error(`exited before "${text}":\n${output}`);
    },
    async stop(signal = "SIGTERM") {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}

/** `droidhub ARGS` in `cwd`. */
export function droidhub(args: string[], cwd: string, env: NodeJS.ProcessEnv): CliProcess {
  return capture(spawn(process.execPath, [BIN, ...args], { cwd, env }));
}

/** Any program (an installed droidhub, npm) in `cwd`, its output captured the same way. */
export function program(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): CliProcess {
  return capture(spawn(file, args, { cwd, env }));
}

/** `npm run demo`, as the repository's script runs it, but in `cwd`. */
export function demo(cwd: string, env: NodeJS.ProcessEnv): CliProcess {
  return capture(spawn(process.execPath, ["--import", TSX, path.join(REPO, "scripts/demo/demo.ts")], { cwd, env }));
}

/** The environment of a new user: none of droidhub's variables, no model endpoint. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(DROIDHUB_|OPENAI_|DEMO_)/.test(name)) env[name] = value;
  }
  return { ...env, ...extra };
}
