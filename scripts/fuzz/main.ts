/**
 * npm run fuzz — not a test. Property-based inputs (fast-check) for every format a phone or a model
 * sends the hub, run against the real decoders and a real gateway socket (targets.ts). Every input must
 * decode or raise a typed error; anything else is a finding, printed with the seed and path that replay it.
 *
 *   npm run fuzz                                 1,000,000 inputs over all targets, random seed
 *   npm run fuzz -- --runs 50000 --seed 7        fewer inputs, a fixed seed
 *   npm run fuzz -- --target tool-call           one target (or a comma list) gets all the runs
 *   npm run fuzz -- --target envelope --seed 7 --path 1234    replay one input and shrink it
 *
 * Options: --max-input-ms (an input slower than this is a finding, default 5000), --hang-ms (a target
 * without progress this long is killed, default 60000), --max-memory-mb (heap of each target's process,
 * default 2048), --json FILE (the full report).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { formatFindings, formatReport } from "./report.js";
import { replayInput, type TargetReport } from "./runner.js";
import { superviseTarget } from "./supervisor.js";
import { findTarget, TARGETS } from "./targets.js";
import { splitRuns } from "./weights.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1000000" },
    seed: { type: "string" },
    target: { type: "string" },
    path: { type: "string" },
    "max-input-ms": { type: "string", default: "5000" },
    "hang-ms": { type: "string", default: "60000" },
    "max-memory-mb": { type: "string", default: "2048" },
    json: { type: "string" },
  },
});

function int(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} needs a whole number, got ${text}`);
  return value;
}

const seed = values.seed === undefined ? (Math.random() * 2 ** 31) | 0 : int("seed", values.seed);
const targets = values.target ? values.target.split(",").map((name) => findTarget(name.trim())) : [...TARGETS];
const maxInputMs = int("max-input-ms", values["max-input-ms"]);

async function replay(): Promise<number> {
  const target = targets[0];
  if (targets.length !== 1 || !target || values.seed === undefined) {
    throw new Error("--path replays one input: give exactly one --target and its --seed");
  }
  const result = await replayInput(target, seed, values.path!, maxInputMs);
  console.log(
    `${target.name} seed ${seed} path ${values.path}: ${result.original.outcome} in ${result.original.ms} ms`,
  );
  console.log(`input: ${result.original.input}`);
  if (result.original.error) console.log(`${result.original.error}\n${result.original.stack ?? ""}`);
  if (result.shrunk) console.log(`\nshrunk to: ${result.shrunk.input}\n${result.shrunk.error}`);
  return result.original.error ? 1 : 0;
}

async function run(): Promise<number> {
  const runs = splitRuns(
    int("runs", values.runs),
    targets.map((t) => t.name),
  );
  console.error(`fuzz: seed ${seed}; ${[...runs].map(([t, r]) => `${t} ${r.toLocaleString("en-US")}`).join(", ")}`);
  const started = performance.now();
  const reports: TargetReport[] = [];
  for (const target of targets) {
    let shown = 0;
    const report = await superviseTarget(target.name, {
      seed,
      runs: runs.get(target.name)!,
      maxInputMs,
      hangMs: int("hang-ms", values["hang-ms"]),
      maxMemoryMb: int("max-memory-mb", values["max-memory-mb"]),
      onProgress(name, index, total, rssMb) {
        if (performance.now() - shown < 10_000) return;
        shown = performance.now();
        console.error(
          `  ${name}: ${index.toLocaleString("en-US")} / ${total.toLocaleString("en-US")}, RSS ${rssMb} MB`,
        );
      },
    });
    reports.push(report);
    console.error(`  ${target.name}: done, ${report.findingCount} findings`);
  }
  const totalMs = performance.now() - started;
  console.log(formatReport(reports, totalMs));
  const findings = reports.flatMap((r) => r.findings);
  if (findings.length > 0) console.log(`\n${formatFindings(findings)}`);
  if (values.json) writeFileSync(values.json, JSON.stringify({ seed, totalMs, reports }, null, 2));
  return reports.some((r) => r.findingCount > 0) ? 1 : 0;
}

(values.path === undefined ? run() : replay()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
