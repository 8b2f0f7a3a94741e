/**
 * Runs each target in a child process (child.ts) and watches it: no progress for `hangMs` is a hang
 * (killed), a death without a report is a crash (the heap limit, most likely). Either is a finding at
 * the input the child was on; the run then resumes after that input, a few times at most.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ChildJob, ChildMessage } from "./child.js";
import type { Finding, FindingKind, TargetReport } from "./runner.js";

export interface SuperviseOptions {
  seed: number;
  runs: number;
  maxInputMs: number;
  hangMs: number;
  maxMemoryMb: number;
  onProgress?: (target: string, index: number, runs: number, rssMb: number) => void;
}

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "child.ts");
const MAX_RESTARTS = 3;

type Attempt =
  | { report: TargetReport }
  | { failed: FindingKind; index: number; detail: string; ms: number; sofar: TargetReport | undefined };

/** The index of the input the child is on; -1 before its first input (still loading, or none yet). */
function readIndex(file: string): number {
  try {
    return readFileSync(file).readUInt32LE(0);
  } catch {
    return -1;
  }
}

function attempt(job: ChildJob, options: SuperviseOptions): Promise<Attempt> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child: ChildProcess = fork(CHILD, [JSON.stringify(job)], {
      execArgv: ["--import", "tsx", `--max-old-space-size=${options.maxMemoryMb}`],
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    let report: TargetReport | undefined;
    let sofar: TargetReport | undefined;
    let lastIndex = -2;
    let lastChange = performance.now();
    let hung = false;
    const watchdog = setInterval(() => {
      const index = readIndex(job.indexFile);
      if (index !== lastIndex) {
        lastIndex = index;
        lastChange = performance.now();
      } else if (!report && performance.now() - lastChange > options.hangMs) {
        hung = true;
        child.kill("SIGKILL");
      }
    }, 250);
    child.on("message", (message: ChildMessage) => {
      if (message.type === "progress") {
        sofar = message.sofar;
        options.onProgress?.(job.target, message.index, job.runs, message.rssMb);
        return;
      }
      report = message.report;
      // A handle left open must not keep the run waiting for an exit.
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
    child.on("exit", (code, signal) => {
      clearInterval(watchdog);
      const ms = performance.now() - started;
      if (report) return resolve({ report });
      const index = readIndex(job.indexFile);
      if (hung) {
        return resolve({ failed: "hang", index, detail: `no progress for ${options.hangMs} ms; killed`, ms, sofar });
      }
      const why = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve({ failed: "crash", index, detail: `child died (${why}): ${stderr.trim().slice(-600)}`, ms, sofar });
    });
  });
}

function merge(into: TargetReport, part: TargetReport): void {
  into.inputs += part.inputs;
  into.ms += part.ms;
  for (const [label, n] of Object.entries(part.outcomes)) into.outcomes[label] = (into.outcomes[label] ?? 0) + n;
  into.findings.push(...part.findings);
  into.findingCount += part.findingCount;
  into.slowestMs = Math.max(into.slowestMs, part.slowestMs);
  into.peakRssMb = Math.max(into.peakRssMb, part.peakRssMb);
}

/** One target, in children, resumed after a hang or crash. */
export async function superviseTarget(target: string, options: SuperviseOptions): Promise<TargetReport> {
  const dir = mkdtempSync(path.join(tmpdir(), "droidhub-fuzz-"));
  const total: TargetReport = {
    target,
    seed: options.seed,
    inputs: 0,
    ms: 0,
    outcomes: {},
    findings: [],
    findingCount: 0,
    slowestMs: 0,
    peakRssMb: 0,
  };
  try {
    let from = 0;
    for (let restart = 0; restart <= MAX_RESTARTS && from < options.runs; restart++) {
      const job: ChildJob = {
        target,
        seed: options.seed,
        runs: options.runs,
        from,
        maxInputMs: options.maxInputMs,
        indexFile: path.join(dir, `index-${restart}`),
      };
      const result = await attempt(job, options);
      if ("report" in result) {
        merge(total, result.report);
        break;
      }
      // What the child counted up to its last progress message, then the input it died on (inputs decoded
      // between that message and the death are in neither).
      if (result.sofar) merge(total, { ...result.sofar, ms: 0 });
      total.outcomes[result.failed] = (total.outcomes[result.failed] ?? 0) + 1;
      if (result.index >= 0) total.inputs += 1;
      total.ms += result.ms;
      total.findingCount++;
      total.findings.push(crashFinding(target, options.seed, result));
      // Dead before its first input: the target itself does not load; trying again would not help.
      if (result.index < 0) break;
      from = result.index + 1;
    }
    return total;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function crashFinding(target: string, seed: number, result: Exclude<Attempt, { report: TargetReport }>): Finding {
  return {
    target,
    kind: result.failed,
    seed,
    path: result.index < 0 ? "(before the first input)" : String(result.index),
    error: result.detail,
    stack: "",
    input: "(replay it with --path to see the input)",
    ms: Math.round(result.ms),
  };
}
