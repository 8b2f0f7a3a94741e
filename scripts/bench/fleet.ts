/**
 * bench:fleet — not a test. One hub, PHONES virtual phones (default 5,000, in a child process that
 * answers instantly), TASKS short script tasks (default 50,000, one tap each) submitted through the
 * batch API. Reports dispatched tasks/s, submission → start latency p50/p99, hub CPU and memory —
 * next to a plain baseline in the same run: the same number of taps sent straight to the phones
 * through DeviceSession.call, with no queue, no store and no leases.
 *   node --expose-gc --import tsx scripts/bench/fleet.ts
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";

const PHONES = Number(process.env["BENCH_PHONES"] ?? 5000);
const TASKS = Number(process.env["BENCH_TASKS"] ?? 50_000);
const BATCH = 2_000;
const FLEET_KEY = "bench-fleet-key-0123456789abcdef";
const API_KEY = "bench-operator-key-0123456789";
const here = path.dirname(new URL(import.meta.url).pathname);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-bench-fleet-"));
const config = loadConfig({ overrides: { dataDir, apiKey: API_KEY, fleetKey: FLEET_KEY, logLevel: "silent" } });
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
console.log(`bench:fleet — ${PHONES} phones, ${TASKS} tasks, node ${process.version}`);

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

// Fleet: all phones draining while 50,000 tasks are submitted through the batch API (a deep queue),
// then every phone is let back at once and the queue drains.
for (let i = 0; i < PHONES; i++) app.hub.dispatcher.drain(`bench-${i}`, true);
const submittedAt = new Map<string, number>();
const waits: number[] = [];
let started = 0;
let finished = 0;
let batchStart = 0;
app.hub.dispatcher.on("task_started", ({ task }) => {
  started++;
  waits.push(performance.now() - (submittedAt.get(task.id) ?? batchStart));
});
app.hub.dispatcher.on("task_finished", () => {
  finished++;
});
const task = { goal: "tap", mode: "script", actions: [{ action: "tap", x: 540, y: 1200 }] };
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
const cpuBefore = process.cpuUsage();
const fleetStart = performance.now();
for (let i = 0; i < PHONES; i++) app.hub.dispatcher.drain(`bench-${i}`, false);
while (finished < TASKS) await new Promise((r) => setTimeout(r, 20));
const fleetSeconds = (performance.now() - fleetStart) / 1000;
const cpu = process.cpuUsage(cpuBefore);
(globalThis as { gc?: () => void }).gc?.();
const memory = process.memoryUsage();
waits.sort((a, b) => a - b);
const counts = app.hub.tasks.counts();

console.table({
  "plain taps (no queue)": { "per second": Math.round(TASKS / plainSeconds), seconds: plainSeconds.toFixed(1) },
  "fleet: drain the queue": { "per second": Math.round(TASKS / fleetSeconds), seconds: fleetSeconds.toFixed(1) },
});
console.log(
  [
    `fleet throughput = ${((100 * plainSeconds) / fleetSeconds).toFixed(0)}% of the plain baseline`,
    `queueing ${TASKS} tasks through POST /api/tasks/batch (batches of ${BATCH}): ${submitSeconds.toFixed(1)} s (${Math.round(TASKS / submitSeconds)}/s)`,
    `submission → start over a ${TASKS}-deep queue: p50 ${(percentile(waits, 50) / 1000).toFixed(1)} s, p99 ${(percentile(waits, 99) / 1000).toFixed(1)} s (queue wait; the drain alone took ${fleetSeconds.toFixed(1)} s)`,
    `hub CPU during the fleet run: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over ${fleetSeconds.toFixed(1)} s wall (${((100 * (cpu.user + cpu.system)) / 1e6 / fleetSeconds).toFixed(0)}% of one core)`,
    `hub memory after: heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB, rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB`,
    `tasks: ${JSON.stringify(counts)}; started events ${started}`,
  ].join("\n"),
);
child.kill();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
