/**
 * bench:full-hub — not a test. Fills one hub with BENCH_PHONES phones (default 19,000: every process
 * here is capped at 20,000 open files, the hard limit, so that is about what one hub can hold), the
 * phones spread over BENCH_PROCESSES child processes (default 4) since each has the same cap. Reports:
 *   - join rate (phones/s, from the first upgrade to the last phone in the registry);
 *   - hub RSS and heap+external per phone once all are joined and idle;
 *   - heartbeat CPU: the hub's CPU% while every phone is idle for BENCH_IDLE_SECONDS (default 30),
 *     with the heartbeat interval the hub is configured with (DROIDHUB_HEARTBEAT_MS; default 20 s);
 *   - the p50/p99 of a tap to BENCH_PROBES phones picked across the fleet, one after another, while all are connected.
 *   node --expose-gc --import tsx scripts/bench/full-hub.ts   (npm run bench:full-hub)
 */
import { emitFigures } from "./figures.js";
import { memory, startBenchHub, startPhones } from "./gateway-setup.js";

const PHONES = Number(process.env["BENCH_PHONES"] ?? 19_000);
const PROCESSES = Number(process.env["BENCH_PROCESSES"] ?? 4);
const IDLE_SECONDS = Number(process.env["BENCH_IDLE_SECONDS"] ?? 30);
const PROBES = Number(process.env["BENCH_PROBES"] ?? 2000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const hub = await startBenchHub("full");
const { app, config, url } = hub;
console.log(
  `bench:full-hub — ${PHONES} phones in ${PROCESSES} processes, heartbeat every ${config.gateway.heartbeatMs} ms, node ${process.version}`,
);

const before = memory();
const joinStart = performance.now();
const share = Math.ceil(PHONES / PROCESSES);
const children = Array.from({ length: PROCESSES }, (_, i) =>
  startPhones("phones", url, Math.min(share, PHONES - i * share), i * share),
);
let lastReport = 0;
while (app.hub.registry.size < PHONES) {
  await sleep(200);
  if (performance.now() - lastReport > 10_000) {
    lastReport = performance.now();
    console.log(`  ${app.hub.registry.size} joined after ${((lastReport - joinStart) / 1000).toFixed(0)} s`);
  }
}
const joinSeconds = (performance.now() - joinStart) / 1000;
await Promise.all(children.map((c) => c.ready));
await sleep(2000);
const after = memory();
const perPhone = {
  rss: (after.rss - before.rss) / PHONES,
  heap: (after.heap - before.heap + after.external - before.external) / PHONES,
};

// Idle: nothing but the heartbeat (pings out, pongs in) and timers.
const cpuStart = process.cpuUsage();
const idleStart = performance.now();
await sleep(IDLE_SECONDS * 1000);
const cpu = process.cpuUsage(cpuStart);
const idleCpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - idleStart)) * 100;

const latencies: number[] = [];
for (let i = 0; i < PROBES; i++) {
  const session = app.hub.registry.requireSession(`bench-${(i * 7919) % PHONES}`);
  const t = performance.now();
  await session.call({ tap: { x: 540, y: 1200 } });
  latencies.push(performance.now() - t);
}
latencies.sort((a, b) => a - b);
const connected = app.hub.registry.list().filter((entry) => entry.session?.connected).length;

console.table({
  "join rate": { value: `${(PHONES / joinSeconds).toFixed(0)} phones/s`, note: `${joinSeconds.toFixed(1)} s for all` },
  "hub rss / phone": { value: kb(perPhone.rss), note: `${(after.rss / 2 ** 20).toFixed(0)} MB rss in all` },
  "hub heap+external / phone": {
    value: kb(perPhone.heap),
    note: `${(after.heap / 2 ** 20).toFixed(0)} MB heap in all`,
  },
  "idle hub CPU": { value: `${idleCpuPercent.toFixed(2)} %`, note: `of one core, over ${IDLE_SECONDS} s` },
  "tap p50": { value: `${percentile(latencies, 50).toFixed(2)} ms`, note: `${PROBES} taps, one at a time` },
  "tap p99": { value: `${percentile(latencies, 99).toFixed(2)} ms`, note: `${connected} phones connected at the end` },
});
emitFigures({
  "full hub join rate": { value: PHONES / joinSeconds, unit: "/s", better: "higher" },
  "full hub rss/phone": { value: perPhone.rss, unit: "B", better: "lower" },
  "full hub heap+external/phone": { value: perPhone.heap, unit: "B", better: "lower" },
  "full hub idle CPU": { value: idleCpuPercent, unit: "%", better: "lower" },
  "full hub tap p99 ms": { value: percentile(latencies, 99), unit: "ms", better: "lower" },
});
for (const child of children) child.child.kill();
await hub.close();
process.exit(0);
