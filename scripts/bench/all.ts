/**
 * `npm run bench [-- --quick] [-- --baseline FILE] [-- --out FILE] [-- --no-postgres] [-- --only a,b]`
 * — not a test. Runs the gateway, fleet (SQLite and, when PostgreSQL is installed, a throwaway
 * PostgreSQL cluster in the same run), perception and the reports' benchmarks one after another,
 * each in its own process, and writes every figure to one JSON file (default
 * bench-results/<time>.json). With --baseline, prints the previous → now table (see compare.ts).
 *   full:  gateway 2,000 phones (1,000 busy, 8 s); fleet 1,000 phones × 10,000 tasks, group commit on
 *   quick: gateway 200 phones (100 busy, 2 s); fleet 50 phones × 500 tasks — a smoke run
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatTable, type Suite } from "./compare.js";
import type { Figures } from "./figures.js";
// Imported first thing: a stale dist/ is built once here, before any benchmark process starts.
import { HUB_BUILD_ARGS, HUB_CODE } from "./hub-build.js";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    baseline: { type: "string" },
    out: { type: "string" },
    "no-postgres": { type: "boolean", default: false },
    only: { type: "string" },
  },
});
// `npm run bench --quick --baseline F` (without the `--`) reaches here as npm config variables.
const quick = values.quick === true || process.env["npm_config_quick"] === "true";
const baseline = values.baseline ?? process.env["npm_config_baseline"];
const here = path.dirname(new URL(import.meta.url).pathname);

interface Bench {
  name: string;
  script: string;
  args?: string[];
  env: Record<string, string>;
}

const BENCHES: Bench[] = [
  {
    name: "gateway",
    script: "gateway.ts",
    env: quick
      ? { BENCH_PHONES: "200", BENCH_BUSY: "100", BENCH_SECONDS: "2" }
      : { BENCH_PHONES: "2000", BENCH_BUSY: "1000", BENCH_SECONDS: "8" },
  },
  {
    name: "fleet",
    script: "fleet.ts",
    args: values["no-postgres"] ? [] : ["--with-postgres"],
    env: {
      BENCH_GROUP_COMMIT: "on",
      ...(quick ? { BENCH_PHONES: "50", BENCH_TASKS: "500" } : { BENCH_PHONES: "1000", BENCH_TASKS: "10000" }),
    },
  },
  { name: "perception", script: "perception.ts", env: { BENCH_ROUNDS: quick ? "5" : "40" } },
  { name: "report:chain", script: "chain-calls.ts", env: {} },
  { name: "report:step", script: "step-tokens.ts", env: {} },
];

/** Runs one benchmark in its own process (so each starts with a clean heap) and reads its figures. */
async function run(bench: Bench, scratch: string): Promise<Figures> {
  const file = path.join(scratch, `${bench.name.replace(/\W/g, "-")}.json`);
  console.log(
    `\n=== ${bench.name} (${Object.entries(bench.env)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}) ===`,
  );
  const child = spawn(
    process.execPath,
    ["--expose-gc", ...HUB_BUILD_ARGS, path.join(here, bench.script), ...(bench.args ?? [])],
    { stdio: "inherit", env: { ...process.env, ...bench.env, BENCH_FIGURES_FILE: file } },
  );
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${bench.name} exited with ${code}`);
  const figures = JSON.parse(readFileSync(file, "utf8")) as Figures;
  // Keys are prefixed with the benchmark's name; so are the references inside them.
  return Object.fromEntries(
    Object.entries(figures).map(([key, f]) => [
      `${bench.name}: ${key}`,
      { ...f, ...(f.reference ? { reference: `${bench.name}: ${f.reference}` } : {}) },
    ]),
  );
}

const only = values.only?.split(",");
const suite: Suite = {
  at: new Date().toISOString(),
  node: process.version,
  quick,
  loadAverage: loadavg()[0] ?? 0,
  hubCode: HUB_CODE,
  figures: {},
};
const scratch = mkdtempSync(path.join(tmpdir(), "droidhub-bench-all-"));
try {
  for (const bench of BENCHES) {
    if (only && !only.includes(bench.name)) continue;
    Object.assign(suite.figures, await run(bench, scratch));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
const out = values.out ?? path.join("bench-results", `${suite.at.replace(/[:.]/g, "-")}${quick ? "-quick" : ""}.json`);
mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
writeFileSync(out, `${JSON.stringify(suite, null, 2)}\n`);
console.log(`\nfigures written to ${out}`);
if (baseline) {
  const previous = JSON.parse(readFileSync(baseline, "utf8")) as Suite;
  console.log(`\n${formatTable(previous, suite)}`);
}
process.exit(0);
