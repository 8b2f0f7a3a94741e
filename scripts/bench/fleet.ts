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
 *   --with-postgres                                               SQLite, then a throwaway PostgreSQL
 *                                                                 cluster (initdb in a temp dir), same run
 *   BENCH_CPU_PROF=DIR                                            a CPU profile of each drain (only the
 *                                                                 drain) in DIR; read it with profile-top.ts
 *   BENCH_HEAP_PROF=DIR                                           a sampling heap profile of each drain instead
 * With both stores, each gets its own hub, phones and plain baseline, and the PostgreSQL/SQLite
 * drain ratio is printed (issue 18's target: ≥ 0.5×).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import pg from "pg";
import type { buildApp } from "../../hub/app.js";
import { postgresBinaries, startPostgres } from "../../tests/helpers/postgres-cluster.js";
import { allocationMeter, emitFigures, type Figures } from "./figures.js";
import { BENCH_API_KEY, startBenchHub, startPhones } from "./gateway-setup.js";

const PHONES = Number(process.env["BENCH_PHONES"] ?? 5000);
const TASKS = Number(process.env["BENCH_TASKS"] ?? 50_000);
const MODES = { both: [false, true], on: [true], off: [false] }[process.env["BENCH_GROUP_COMMIT"] ?? "both"];
const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 1);
if (!MODES) throw new Error("BENCH_GROUP_COMMIT must be both, on or off");
const BATCH = 2_000;
const urlFlag = process.argv.indexOf("--database-url");
const DATABASE_URL = (urlFlag >= 0 ? process.argv[urlFlag + 1] : undefined) ?? process.env["BENCH_DATABASE_URL"];
const WITH_POSTGRES = process.argv.includes("--with-postgres");

/**
 * Round trips to PostgreSQL: every `Client.query` is one (a multi-statement text too), and the pool's
 * queries go through it. Counted over each drain, so "PG round trips/task" says what a task costs on the wire.
 */
let pgQueries = 0;
/**
 * Statements the server parses: a text sent as one simple query may hold several (the group commit's
 * text path joins them with ";\n"); a query config (a prepared statement) is one.
 */
let pgStatements = 0;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  pgQueries++;
  pgStatements += typeof args[0] === "string" ? args[0].split(";\n").length : 1;
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

type App = Awaited<ReturnType<typeof buildApp>>;

interface Hub {
  app: App;
  stop(): Promise<void>;
}

/** A hub on `databaseUrl` (SQLite in a temp data dir without one) and PHONES phones joined to it. */
async function startHub(databaseUrl: string | undefined): Promise<Hub> {
  const hub = await startBenchHub("bench-fleet", databaseUrl);
  const phones = startPhones("phones", hub.url, PHONES);
  await phones.ready;
  while (hub.app.hub.registry.size < PHONES) await new Promise((r) => setTimeout(r, 50));
  return {
    app: hub.app,
    async stop() {
      phones.child.kill();
      await hub.close();
    },
  };
}

/** What the hub process spent over a stretch: its CPU seconds and the V8 heap bytes it allocated. */
interface Cost {
  cpuSeconds: number;
  allocated: number;
}

/** Starts measuring the hub process's cost (GC'd first, so the stretch pays for its own garbage). */
function costMeter(): { stop(): Cost } {
  (globalThis as { gc?: () => void }).gc?.();
  const cpuBefore = process.cpuUsage();
  const allocation = allocationMeter();
  return {
    stop() {
      const allocated = allocation.stop();
      const cpu = process.cpuUsage(cpuBefore);
      return { cpuSeconds: (cpu.user + cpu.system) / 1e6, allocated };
    },
  };
}

interface Plain extends Cost {
  seconds: number;
}

/**
 * Baseline: the same taps, straight to the sessions, 1 in flight per phone. Its CPU and allocation
 * per tap stand beside a task's: on a busy machine they move less than the rates do.
 */
async function plainTaps(app: App): Promise<Plain> {
  const sessions = Array.from({ length: PHONES }, (_, i) => app.hub.registry.requireSession(`bench-${i}`));
  const meter = costMeter();
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
  const seconds = (performance.now() - plainStart) / 1000;
  return { seconds, ...meter.stop() };
}

interface Drain {
  grouped: boolean;
  seconds: number;
  submitSeconds: number;
  commits: number;
  waits: number[];
  cpuSeconds: number;
  /** V8 heap bytes the hub process allocated during the drain. */
  allocated: number;
  started: number;
  /** PostgreSQL round trips during the drain (0 on SQLite). */
  queries: number;
  /** Statements in those round trips. */
  statements: number;
}

// pictures: false — one command per task, as before script runs were recorded with pictures: the
// dispatch path is what this measures.
const task = { goal: "tap", mode: "script", actions: [{ action: "tap", x: 540, y: 1200 }], pictures: false };

/** Submits TASKS tasks through the batch API; answers each id's submission time. */
async function submit(app: App): Promise<Map<string, number>> {
  const submittedAt = new Map<string, number>();
  for (let offset = 0; offset < TASKS; offset += BATCH) {
    const count = Math.min(BATCH, TASKS - offset);
    const batchStart = performance.now();
    const response = await app.inject({
      method: "POST",
      url: "/api/tasks/batch",
      headers: { authorization: `Bearer ${BENCH_API_KEY}` },
      payload: { tasks: Array.from({ length: count }, () => task) },
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    for (const id of (response.json() as { ids: string[] }).ids) submittedAt.set(id, batchStart);
  }
  return submittedAt;
}

// Fleet: all phones draining while TASKS tasks are submitted through the batch API (a deep queue),
// then every phone is let back at once and the queue drains.
async function drainQueue(app: App, grouped: boolean, store: string): Promise<Drain> {
  const commits = app.hub.stores.commits;
  commits.grouped = grouped;
  await Promise.all(Array.from({ length: PHONES }, (_, i) => app.hub.dispatcher.drain(`bench-${i}`, true)));
  let submittedAt = new Map<string, number>();
  const waits: number[] = [];
  let started = 0;
  let finished = 0;
  const onStarted = ({ task }: { task: { id: string } }): void => {
    started++;
    waits.push(performance.now() - (submittedAt.get(task.id) ?? Number.NaN));
  };
  const onFinished = (): void => {
    finished++;
  };
  app.hub.dispatcher.on("task_started", onStarted);
  app.hub.dispatcher.on("task_finished", onFinished);
  const submitStart = performance.now();
  submittedAt = await submit(app);
  const submitSeconds = (performance.now() - submitStart) / 1000;
  const commitsBefore = commits.commits;
  const queriesBefore = pgQueries;
  const statementsBefore = pgStatements;
  const meter = costMeter();
  const profiler = await startProfile();
  const fleetStart = performance.now();
  for (let i = 0; i < PHONES; i++) void app.hub.dispatcher.drain(`bench-${i}`, false);
  while (finished < TASKS) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - fleetStart) / 1000;
  const { cpuSeconds, allocated } = meter.stop();
  await profiler?.(`${grouped ? "grouped" : "ungrouped"}-${store}`);
  app.hub.dispatcher.off("task_started", onStarted);
  app.hub.dispatcher.off("task_finished", onFinished);
  waits.sort((a, b) => a - b);
  const queries = pgQueries - queriesBefore;
  const statements = pgStatements - statementsBefore;
  return {
    grouped,
    seconds,
    submitSeconds,
    commits: commits.commits - commitsBefore,
    waits,
    cpuSeconds,
    allocated,
    started,
    queries,
    statements,
  };
}

/**
 * With BENCH_CPU_PROF=DIR, starts the V8 profiler; the answer stops it and writes
 * DIR/<name>-<n>.cpuprofile. With BENCH_HEAP_PROF=DIR instead, a sampling heap profile with the
 * objects GC already collected, so the drain's allocation per task can be traced to the code that
 * makes it (DIR/<name>-<n>.heapprofile; Chrome DevTools reads both).
 */
let profiles = 0;
async function startProfile(): Promise<((name: string) => Promise<void>) | undefined> {
  const heapDir = process.env["BENCH_HEAP_PROF"];
  const dir = heapDir ?? process.env["BENCH_CPU_PROF"];
  if (!dir) return undefined;
  const session = new Session();
  session.connect();
  if (heapDir) {
    await session.post("HeapProfiler.enable");
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    } as never);
  } else {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 500 });
    await session.post("Profiler.start");
  }
  return async (name) => {
    const { profile } = heapDir ? await session.post("HeapProfiler.stopSampling") : await session.post("Profiler.stop");
    const file = path.join(dir, `${name}-${++profiles}.${heapDir ? "heapprofile" : "cpuprofile"}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`drain profile written to ${file}`);
  };
}

interface StoreRun {
  store: string;
  plain: Plain;
  drains: Drain[];
  memory: NodeJS.MemoryUsage;
  counts: unknown;
}

async function benchStore(databaseUrl: string | undefined): Promise<StoreRun> {
  const store = databaseUrl ? `PostgreSQL ${new URL(databaseUrl).host}` : "SQLite";
  const hub = await startHub(databaseUrl);
  console.log(`bench:fleet — ${PHONES} phones, ${TASKS} tasks, ${store}, node ${process.version}`);
  const plain = await plainTaps(hub.app);
  const drains: Drain[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const grouped of round % 2 === 0 ? MODES! : [...MODES!].reverse()) {
      drains.push(await drainQueue(hub.app, grouped, store.split(" ")[0]!));
    }
  }
  (globalThis as { gc?: () => void }).gc?.();
  const run = { store, plain, drains, memory: process.memoryUsage(), counts: await hub.app.hub.tasks.counts() };
  await hub.stop();
  report(run);
  return run;
}

const label = (d: Drain): string => `fleet, group commit ${d.grouped ? "on" : "off"}`;

/** Tasks/s over all drains of one group-commit mode. */
function rate(run: StoreRun, grouped: boolean): number | undefined {
  const own = run.drains.filter((d) => d.grouped === grouped);
  return own.length ? (TASKS * own.length) / own.reduce((sum, d) => sum + d.seconds, 0) : undefined;
}

function report(run: StoreRun): void {
  const { plain, drains, memory } = run;
  const plainSeconds = plain.seconds;
  const table: Record<string, Record<string, string | number>> = {
    "plain taps (no queue)": {
      "tasks/s": Math.round(TASKS / plainSeconds),
      seconds: plainSeconds.toFixed(1),
      "hub CPU µs/task": Math.round((1e6 * plain.cpuSeconds) / TASKS),
      "alloc/task": `${Math.round(plain.allocated / TASKS)} B`,
    },
  };
  drains.forEach((d, i) => {
    table[`${label(d)}${ROUNDS > 1 ? ` #${Math.floor(i / MODES!.length) + 1}` : ""}`] = {
      "tasks/s": Math.round(TASKS / d.seconds),
      seconds: d.seconds.toFixed(1),
      "commits/task": (d.commits / TASKS).toFixed(3),
      ...(d.queries > 0
        ? {
            "PG round trips/task": (d.queries / TASKS).toFixed(3),
            "PG statements/task": (d.statements / TASKS).toFixed(3),
          }
        : {}),
      "start wait p50 s": (percentile(d.waits, 50) / 1000).toFixed(2),
      "start wait p99 s": (percentile(d.waits, 99) / 1000).toFixed(2),
      "hub CPU % of a core": Math.round((100 * d.cpuSeconds) / d.seconds),
      "hub CPU µs/task": Math.round((1e6 * d.cpuSeconds) / TASKS),
      "alloc/task": `${Math.round(d.allocated / TASKS)} B`,
      "submit s": d.submitSeconds.toFixed(1),
    };
  });
  console.log(`${run.store}:`);
  console.table(table);
  const on = rate(run, true);
  const off = rate(run, false);
  console.log(
    [
      ...drains.map(
        (d) =>
          `${label(d)}: ${((100 * plainSeconds) / d.seconds).toFixed(0)}% of the plain baseline's rate, ` +
          `${((100 * plain.cpuSeconds) / d.cpuSeconds).toFixed(0)}% of its CPU per task (target ≥ 50% of the rate)`,
      ),
      ...(on && off
        ? [`group commit on / off: ${(on / off).toFixed(2)}× tasks/s (${Math.round(on)} vs ${Math.round(off)})`]
        : []),
      `queue depth ${TASKS}, submitted through POST /api/tasks/batch in batches of ${BATCH}; the start wait is queue wait`,
      `hub memory after: heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB, rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB`,
      `tasks: ${JSON.stringify(run.counts)}; started events ${drains.reduce((n, d) => n + d.started, 0)}`,
    ].join("\n"),
  );
}

/** For `npm run bench`: per store, the plain taps' rate and each drain against it. */
function figures(runs: StoreRun[]): Figures {
  const out: Figures = {};
  for (const run of runs) {
    const name = run.store.startsWith("PostgreSQL") ? "PostgreSQL" : "SQLite";
    const plain = `${name} plain taps/s`;
    out[plain] = { value: TASKS / run.plain.seconds, unit: "/s", better: "higher" };
    out[`${name} plain taps hub CPU/tap`] = {
      value: (1e6 * run.plain.cpuSeconds) / TASKS,
      unit: "µs",
      better: "lower",
    };
    out[`${name} plain taps alloc/tap`] = { value: run.plain.allocated / TASKS, unit: "B", better: "lower" };
    for (const d of run.drains) {
      const mode = `${name} group commit ${d.grouped ? "on" : "off"}`;
      out[`${mode} tasks/s`] = { value: TASKS / d.seconds, unit: "/s", better: "higher", reference: plain };
      out[`${mode} / plain taps`] = {
        value: run.plain.seconds / d.seconds,
        unit: "×",
        better: "higher",
        reference: plain,
      };
      out[`${mode} commits/task`] = { value: d.commits / TASKS, unit: "", better: "lower" };
      if (d.queries > 0) {
        out[`${mode} round trips/task`] = { value: d.queries / TASKS, unit: "", better: "lower" };
        out[`${mode} statements/task`] = { value: d.statements / TASKS, unit: "", better: "lower" };
      }
      out[`${mode} start wait p50`] = { value: percentile(d.waits, 50), unit: "ms", better: "lower" };
      out[`${mode} start wait p99`] = { value: percentile(d.waits, 99), unit: "ms", better: "lower" };
      out[`${mode} hub CPU s/1k tasks`] = { value: (1000 * d.cpuSeconds) / TASKS, unit: "s", better: "lower" };
      out[`${mode} alloc/task`] = { value: d.allocated / TASKS, unit: "B", better: "lower" };
    }
  }
  const [sqlite, postgres] = runs.map((r) => rate(r, true) ?? rate(r, false));
  if (runs.length === 2 && sqlite && postgres) {
    out["PostgreSQL / SQLite drain"] = {
      value: postgres / sqlite,
      unit: "×",
      better: "higher",
      reference: "SQLite plain taps/s",
    };
  }
  return out;
}

const runs: StoreRun[] = [];
if (WITH_POSTGRES) {
  const bin = postgresBinaries();
  if (!bin) throw new Error("--with-postgres: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)");
  runs.push(await benchStore(undefined));
  const cluster = await startPostgres(bin);
  try {
    runs.push(await benchStore(await cluster.createDatabase()));
  } finally {
    await cluster.stop();
  }
  const [sqlite, postgres] = runs.map((r) => rate(r, true) ?? rate(r, false) ?? Number.NaN);
  console.log(
    `PostgreSQL / SQLite drain: ${(postgres! / sqlite!).toFixed(2)}× (${Math.round(postgres!)} vs ${Math.round(sqlite!)} tasks/s; target ≥ 0.5×)`,
  );
} else {
  runs.push(await benchStore(DATABASE_URL));
}
emitFigures(figures(runs));
process.exit(0);
