/**
 * bench:fleet — not a test. One hub, PHONES virtual phones (default 5,000, in a child process that
 * answers instantly), TASKS short script tasks (default 50,000, one tap each) submitted through the
 * batch API. Reports dispatched tasks/s, submission → start latency p50/p99, commits per task, hub
 * CPU and memory — next to a plain baseline in the same run: the same number of taps sent straight
 * to the phones through DeviceSession.call, with no queue, no store and no leases.
 *
 * The queue is drained once per group-commit mode, in the same process, and the ratio is printed:
 * "off" commits every state change on its own (lease, run end: ~2 commits per task), "on" shares
 * one commit among the changes of one turn of the event loop.
 *   node --expose-gc --import tsx scripts/bench/fleet.ts
 *   BENCH_PHONES=1000 BENCH_TASKS=10000 npm run bench:fleet     a quick run
 *   BENCH_GROUP_COMMIT=both|on|off                                which modes (default both: off, then on)
 *   BENCH_ROUNDS=2                                                repeat the modes (alternating), default 1
 *   --database-url postgres://…  (or BENCH_DATABASE_URL)          the hub on PostgreSQL instead of SQLite
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";

const PHONES = Number(process.env["BENCH_PHONES"] ?? 5000);
const TASKS = Number(process.env["BENCH_TASKS"] ?? 50_000);
const MODES = { both: [false, true], on: [true], off: [false] }[process.env["BENCH_GROUP_COMMIT"] ?? "both"];
const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 1);
if (!MODES) throw new Error("BENCH_GROUP_COMMIT must be both, on or off");
const BATCH = 2_000;
const urlFlag = process.argv.indexOf("--database-url");
const DATABASE_URL = (urlFlag >= 0 ? process.argv[urlFlag + 1] : undefined) ?? process.env["BENCH_DATABASE_URL"];
const FLEET_KEY = "bench-fleet-key-0123456789abcdef";
const API_KEY = "bench-operator-key-0123456789";
const here = path.dirname(new URL(import.meta.url).pathname);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-bench-fleet-"));
// Every phone connects from 127.0.0.1: no per-address cap.
const config = loadConfig({
  overrides: {
    dataDir,
    ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}),
    apiKey: API_KEY,
    fleetKey: FLEET_KEY,
    logLevel: "silent",
    http: { maxConnectionsPerAddress: 0 },
  },
});
const app = await buildApp(config);
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
const child = fork(
  path.join(here, "gateway-phones.ts"),
  ["phones", `ws://127.0.0.1:${port}/v1/devices/connect`, String(PHONES), FLEET_KEY],
  {
    execArgv: ["--import", "tsx", "--max-old-space-size=8192"],
    stdio: "inherit",
  },
);
await new Promise<void>((resolve, reject) => {
  child.once("message", () => resolve());
  child.once("exit", (code) => reject(new Error(`phones exited with ${code}`)));
});
while (app.hub.registry.size < PHONES) await new Promise((r) => setTimeout(r, 50));
const store = DATABASE_URL ? `PostgreSQL ${new URL(DATABASE_URL).host}` : "SQLite";
console.log(`bench:fleet — ${PHONES} phones, ${TASKS} tasks, ${store}, node ${process.version}`);

// Baseline: the same taps, straight to the sessions, 1 in flight per phone.
const sessions = Array.from({ length: PHONES }, (_, i) => app.hub.registry.requireSession(`bench-${i}`));
const plainStart = performance.now();
let next = 0;
await Promise.all(
  sessions.map(async (session) => {
    while (next < TASKS) {
      next++;
      await session.call({ tap: { x: 540, y: 1200 } });
    }
  }),
);
const plainSeconds = (performance.now() - plainStart) / 1000;

interface Drain {
  grouped: boolean;
  seconds: number;
  submitSeconds: number;
  commits: number;
  waits: number[];
  cpuSeconds: number;
  started: number;
}

// Fleet: all phones draining while TASKS tasks are submitted through the batch API (a deep queue),
// then every phone is let back at once and the queue drains.
// pictures: false — one command per task, as before script runs were recorded with pictures: the
// dispatch path is what this measures.
const task = { goal: "tap", mode: "script", actions: [{ action: "tap", x: 540, y: 1200 }], pictures: false };
async function drainQueue(grouped: boolean): Promise<Drain> {
  const commits = app.hub.stores.commits;
  commits.grouped = grouped;
  await Promise.all(Array.from({ length: PHONES }, (_, i) => app.hub.dispatcher.drain(`bench-${i}`, true)));
  const submittedAt = new Map<string, number>();
  const waits: number[] = [];
  let started = 0;
  let finished = 0;
  let batchStart = 0;
  const onStarted = ({ task }: { task: { id: string } }): void => {
    started++;
    waits.push(performance.now() - (submittedAt.get(task.id) ?? batchStart));
  };
  const onFinished = (): void => {
    finished++;
  };
  app.hub.dispatcher.on("task_started", onStarted);
  app.hub.dispatcher.on("task_finished", onFinished);
  const submitStart = performance.now();
  for (let offset = 0; offset < TASKS; offset += BATCH) {
    const count = Math.min(BATCH, TASKS - offset);
    batchStart = performance.now();
    const response = await app.inject({
      method: "POST",
      url: "/api/tasks/batch",
      headers: { authorization: `Bearer ${API_KEY}` },
      payload: { tasks: Array.from({ length: count }, () => task) },
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    for (const id of (response.json() as { ids: string[] }).ids) submittedAt.set(id, batchStart);
  }
  const submitSeconds = (performance.now() - submitStart) / 1000;
  (globalThis as { gc?: () => void }).gc?.();
  const commitsBefore = commits.commits;
  const cpuBefore = process.cpuUsage();
  const fleetStart = performance.now();
  for (let i = 0; i < PHONES; i++) void app.hub.dispatcher.drain(`bench-${i}`, false);
  while (finished < TASKS) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - fleetStart) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  app.hub.dispatcher.off("task_started", onStarted);
  app.hub.dispatcher.off("task_finished", onFinished);
  waits.sort((a, b) => a - b);
  return {
    grouped,
    seconds,
    submitSeconds,
    commits: commits.commits - commitsBefore,
    waits,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    started,
  };
}

const drains: Drain[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const grouped of round % 2 === 0 ? MODES : [...MODES].reverse()) drains.push(await drainQueue(grouped));
}
(globalThis as { gc?: () => void }).gc?.();
const memory = process.memoryUsage();
const counts = await app.hub.tasks.counts();
const label = (d: Drain): string => `fleet, group commit ${d.grouped ? "on" : "off"}`;

const table: Record<string, Record<string, string | number>> = {
  "plain taps (no queue)": { "tasks/s": Math.round(TASKS / plainSeconds), seconds: plainSeconds.toFixed(1) },
};
drains.forEach((d, i) => {
  table[`${label(d)}${ROUNDS > 1 ? ` #${Math.floor(i / MODES.length) + 1}` : ""}`] = {
    "tasks/s": Math.round(TASKS / d.seconds),
    seconds: d.seconds.toFixed(1),
    "commits/task": (d.commits / TASKS).toFixed(3),
    "start wait p50 s": (percentile(d.waits, 50) / 1000).toFixed(1),
    "start wait p99 s": (percentile(d.waits, 99) / 1000).toFixed(1),
    "hub CPU % of a core": Math.round((100 * d.cpuSeconds) / d.seconds),
    "submit s": d.submitSeconds.toFixed(1),
  };
});
console.table(table);
const rate = (grouped: boolean): number | undefined => {
  const own = drains.filter((d) => d.grouped === grouped);
  return own.length ? (TASKS * own.length) / own.reduce((sum, d) => sum + d.seconds, 0) : undefined;
};
const on = rate(true);
const off = rate(false);
console.log(
  [
    ...drains.map((d) => `${label(d)}: ${((100 * plainSeconds) / d.seconds).toFixed(0)}% of the plain baseline`),
    ...(on && off
      ? [`group commit on / off: ${(on / off).toFixed(2)}× tasks/s (${Math.round(on)} vs ${Math.round(off)})`]
      : []),
    `queue depth ${TASKS}, submitted through POST /api/tasks/batch in batches of ${BATCH}; the start wait is queue wait`,
    `hub memory after: heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB, rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB`,
    `tasks: ${JSON.stringify(counts)}; started events ${drains.reduce((n, d) => n + d.started, 0)}`,
  ].join("\n"),
);
child.kill();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
