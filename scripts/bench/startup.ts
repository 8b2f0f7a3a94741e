/**
 * CLI and hub start-up — not a test. Runs, side by side in alternating order, `node -e 0` (the
 * floor), `droidhub --version`, `droidhub ui SMALL_DUMP` and `droidhub serve` up to its first 200 on
 * /healthz, and prints the median wall time and peak RSS of each (RSS through GNU time when it is
 * installed; for the hub, VmRSS when /healthz first answers).
 *   node --import tsx scripts/bench/startup.ts            (BENCH_ROUNDS=9 by default)
 * Launchers: "built" is bin/droidhub.js (the compiled dist/), "sources" is hub/cli/entry.ts through
 * tsx's loader (what every start cost before the build). DROIDHUB_BIN=/path/to/droidhub adds an
 * installed copy (e.g. from `npm install -g`), shown as DROIDHUB_BIN_NAME (default "installed"): a
 * copy of an older build's bin/, dist/ and package.json measures before/after side by side;
 * BENCH_LAUNCHERS=built,sources picks among them.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort } from "../../tests/helpers/free-port.js";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 9);
const DUMP = process.env["BENCH_DUMP"] ?? path.join(REPO, "tests/fixtures/perception/login.xml");
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** How to start droidhub: the program and the arguments before the command's own. */
interface Launcher {
  name: string;
  command: string[];
}

function launchers(): Launcher[] {
  const all: Launcher[] = [
    { name: "built", command: [process.execPath, path.join(REPO, "bin/droidhub.js")] },
    { name: "sources", command: [process.execPath, "--import", TSX, path.join(REPO, "hub/cli/entry.ts")] },
  ];
  const installed = process.env["DROIDHUB_BIN"];
  const installedName = process.env["DROIDHUB_BIN_NAME"] ?? "installed";
  if (installed) all.push({ name: installedName, command: [installed] });
  const wanted = process.env["BENCH_LAUNCHERS"]?.split(",");
  return all.filter((l) =>
    wanted ? wanted.includes(l.name) || (l.name === installedName && wanted.includes("installed")) : true,
  );
}

interface Sample {
  ms: number;
  /** User + system CPU time: on a loaded machine it moves far less than the wall time does. */
  cpuMs?: number;
  rssMiB?: number;
}

/** Runs a command to its end; wall time measured here, CPU time and peak RSS (KiB) from GNU time. */
function timeCommand(command: string[]): Sample {
  const [program, ...args] = GNU_TIME ? [GNU_TIME, "-f", "@@rss %M cpu %U %S", ...command] : command;
  const started = performance.now();
  const result = spawnSync(program!, args, { encoding: "utf8", cwd: tmpdir() });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${command.join(" ")} exited ${result.status}:\n${result.stderr}`);
  const measured = /@@rss (\d+) cpu ([\d.]+) ([\d.]+)/.exec(result.stderr);
  if (!measured) return { ms };
  return { ms, rssMiB: Number(measured[1]) / 1024, cpuMs: (Number(measured[2]) + Number(measured[3])) * 1000 };
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

/** `droidhub serve` on a fresh data dir: spawn → first 200 from /healthz (migrations included). */
async function timeHubStart(launcher: Launcher): Promise<Sample> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-startup-"));
  const port = await freePort();
  const [program, ...args] = launcher.command;
  const started = performance.now();
  const child = spawn(
    program!,
    [...args, "serve", "--port", String(port), "--host", "127.0.0.1", "--data-dir", dataDir, "--log-level", "warn"],
    { stdio: "ignore", env: { ...process.env, DROIDHUB_API_KEY: "bench-operator-key-0123456789abcdef" } },
  );
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`droidhub serve exited ${child.exitCode}`);
      if (await healthy(`http://127.0.0.1:${port}/healthz`)) break;
      if (performance.now() - started > 60_000) throw new Error("no /healthz within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ms = performance.now() - started;
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    // utime + stime in clock ticks (fields 14 and 15 of /proc/PID/stat; 100 per second on Linux).
    const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    const cpuMs = (Number(stat[11]) + Number(stat[12])) * 10;
    return { ms, cpuMs, rssMiB: kib / 1024 };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Case {
  name: string;
  run(): Sample | Promise<Sample>;
}

function cases(): Case[] {
  const list: Case[] = [{ name: "node -e 0", run: () => timeCommand([process.execPath, "-e", "0"]) }];
  for (const launcher of launchers()) {
    list.push(
      { name: `${launcher.name}: --version`, run: () => timeCommand([...launcher.command, "--version"]) },
      { name: `${launcher.name}: ui`, run: () => timeCommand([...launcher.command, "ui", DUMP]) },
      { name: `${launcher.name}: serve → /healthz`, run: () => timeHubStart(launcher) },
    );
  }
  return list;
}

const list = cases();
const samples = new Map<string, Sample[]>(list.map((c) => [c.name, []]));
// Warm-up: the first run of anything fills the page cache; it is not counted.
for (const c of list) await c.run();
for (let round = 0; round < ROUNDS; round++) {
  // Alternating order, so a burst of load on the machine does not land on one case.
  const order = round % 2 ? [...list].reverse() : list;
  for (const c of order) samples.get(c.name)!.push(await c.run());
}

const medianOf = (runs: Sample[], field: "ms" | "cpuMs" | "rssMiB"): number | undefined =>
  runs.every((s) => s[field] !== undefined) ? median(runs.map((s) => s[field]!)) : undefined;
const floor = medianOf(samples.get("node -e 0")!, "ms")!;
const cpuFloor = medianOf(samples.get("node -e 0")!, "cpuMs");
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`startup, medians of ${ROUNDS} alternating runs (node ${process.version}, load ${load}):`);
console.log(`  ${"".padEnd(28)}  wall (× node -e 0)   CPU (× node -e 0)   RSS`);
for (const [name, runs] of samples) {
  const ms = medianOf(runs, "ms")!;
  const cpu = medianOf(runs, "cpuMs");
  const rss = medianOf(runs, "rssMiB");
  const times = (value: number, base: number | undefined) => (base ? `(${(value / base).toFixed(1)}×)` : "");
  const wall = `${ms.toFixed(0).padStart(6)} ms ${times(ms, floor).padEnd(8)}`;
  const cpuText =
    cpu === undefined ? "".padEnd(20) : `${cpu.toFixed(0).padStart(6)} ms ${times(cpu, cpuFloor).padEnd(8)}`;
  console.log(`  ${name.padEnd(28)}${wall}  ${cpuText}  ${rss === undefined ? "" : `${rss.toFixed(0)} MiB`}`);
}
if (!GNU_TIME) console.log("  (no /usr/bin/time: peak RSS of the short commands not measured)");
