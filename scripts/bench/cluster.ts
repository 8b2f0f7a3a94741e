/**
 * bench:cluster — not a test. 1, 2 and 3 `droidhub serve` hubs in cluster mode on this machine, on
 * one throwaway PostgreSQL and one Redis (free loopback ports, temp dirs). PHONES instant phones
 * (default 300) spread evenly over the hubs (one child process per hub), TASKS one-tap script tasks
 * (default 3,000) submitted through the batch API, evenly to every hub. Per hub count:
 *   tasks/s          TASKS / (last run's end − first task's submission), from the database's own times
 *   start wait p99   run start − task submission (queue wait included), from the database
 *   Redis cmds/task  INFO commandstats calls during the drain (renewals, fan-out, wake-ups; not INFO)
 *   Redis cmds/s idle  the same with every phone joined and no task (11 s before the drain)
 *   PG commits/task  pg_stat_database.xact_commit during the drain (reads included; PostgreSQL
 *                    publishes a busy backend's counts every second and an idle one's within 10 s,
 *                    so the bench waits 11 s before each reading); PG writes/task: transaction ids
 *                    used (txid_current), exact — the commits that write WAL
 *   CPU s/1k tasks   CPU seconds (/proc) the hubs, Redis and PostgreSQL's processes used during the
 *                    drain per 1,000 tasks: unlike tasks/s, barely moved by other load on the machine
 *   BENCH_PHONES=300 BENCH_TASKS=3000 BENCH_HUBS=0,1,2,3 npm run bench:cluster
 * Hub count 0 is the baseline: one hub on the same PostgreSQL with cluster mode off (no Redis).
 * Every hub count gets a fresh database and an empty Redis. The hubs, the phones and the databases
 * share this machine's cores: see the line printed under the table.
 */
import { loadavg } from "node:os";
import { Redis } from "ioredis";
import pg from "pg";
import { postgresBinaries, startPostgres } from "../../tests/helpers/postgres-cluster.js";
import { call, cpuSeconds, type Started, startHub, startPhones, startRedis, until } from "./cluster-parts.js";
import { emitFigures, type Figures } from "./figures.js";

const PHONES = Number(process.env["BENCH_PHONES"] ?? 300);
const TASKS = Number(process.env["BENCH_TASKS"] ?? 3000);
const HUB_COUNTS = (process.env["BENCH_HUBS"] ?? "0,1,2,3").split(",").map(Number);
const BATCH = 500;
const SETTLE_MS = 11_000;

const task = { goal: "tap", mode: "script", actions: [{ action: "tap", x: 540, y: 1200 }], pictures: false };

interface Row {
  hubs: number;
  tasksPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  redisPerTask: number;
  /** Redis commands/s with every phone joined and no task: renewals, registrations, wake-ups. */
  redisIdlePerSecond: number;
  commitsPerTask: number;
  writesPerTask: number;
  runsPerHub: string;
  load: string;
  /** CPU seconds per 1,000 tasks during the drain. */
  cpu: { hubs: number; redis: number; postgres: number };
}

/** CPU seconds so far of PostgreSQL's processes (backends and its own workers; those alive now). */
async function postgresCpu(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity");
  let total = 0;
  for (const { pid } of rows) {
    try {
      total += cpuSeconds(pid);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

interface CpuReading {
  hubs: number;
  redis: number;
  postgres: number;
}

async function cpuNow(hubs: Started[], redisPid: number, db: pg.Client): Promise<CpuReading> {
  return {
    hubs: hubs.reduce((sum, hub) => sum + cpuSeconds(hub.pid), 0),
    redis: cpuSeconds(redisPid),
    postgres: await postgresCpu(db),
  };
}

/** Every Redis command's calls so far, but INFO itself (the bench's own readings). */
async function redisCalls(redis: Redis): Promise<number> {
  const text = await redis.info("commandstats");
  let total = 0;
  for (const match of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    if (match[1] !== "info") total += Number(match[2]);
  }
  return total;
}

async function pgCounters(db: pg.Client): Promise<{ commits: number; xid: number }> {
  const { rows } = await db.query<{ commits: string; xid: string }>(
    "SELECT xact_commit AS commits, txid_current() AS xid FROM pg_stat_database WHERE datname = current_database()",
  );
  return { commits: Number(rows[0]!.commits), xid: Number(rows[0]!.xid) };
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Submits the tasks, a batch at a time, to every hub in turn. */
async function submit(hubs: Started[]): Promise<void> {
  let next = 0;
  for (let offset = 0; offset < TASKS; offset += BATCH) {
    const count = Math.min(BATCH, TASKS - offset);
    const hub = hubs[next++ % hubs.length]!;
    await call(hub.url, "POST", "/api/tasks/batch", { tasks: Array.from({ length: count }, () => task) });
  }
}

/** The drain's figures from the database's own times: throughput, start waits, runs per hub. */
async function fromDatabase(db: pg.Client): Promise<Pick<Row, "tasksPerSecond" | "p50Ms" | "p99Ms" | "runsPerHub">> {
  const waits = await db.query<{ wait: string }>(
    "SELECT r.started_at - t.created_at AS wait FROM runs r JOIN tasks t ON t.id = r.task_id WHERE r.attempt = 1",
  );
  const span = await db.query<{ first: string; last: string }>(
    "SELECT (SELECT min(created_at) FROM tasks) AS first, (SELECT max(finished_at) FROM runs) AS last",
  );
  const perHub = await db.query<{ hub: string; n: string }>(
    "SELECT hub_id AS hub, count(*) AS n FROM runs GROUP BY hub_id ORDER BY hub_id",
  );
  const sorted = waits.rows.map((r) => Number(r.wait)).sort((a, b) => a - b);
  const seconds = (Number(span.rows[0]!.last) - Number(span.rows[0]!.first)) / 1000;
  return {
    tasksPerSecond: TASKS / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    runsPerHub: perHub.rows.map((r) => r.n).join(" / "),
  };
}

/** Whether every phone has joined: owned by a hub of the cluster, or online on the lone hub. */
async function joined(url: string, count: number): Promise<boolean> {
  if (count === 0) {
    const { devices } = await call<{ devices: { status: string }[] }>(url, "GET", "/api/devices");
    return devices.filter((d) => d.status === "online").length === PHONES;
  }
  const view = await call<{ hubs: { phoneIds: string[] }[] }>(url, "GET", "/api/cluster");
  return view.hubs.length === count && view.hubs.reduce((n, h) => n + h.phoneIds.length, 0) === PHONES;
}

/** One hub count: fresh database, empty Redis, hubs, phones, the drain, then everything stopped. */
async function benchHubs(count: number, databaseUrl: string, redisServer: Started, redis: Redis): Promise<Row> {
  const redisUrl = redisServer.url;
  await redis.flushall();
  const hubs: Started[] = [];
  const phones: Started[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    // One at a time: the first migrates the database.
    for (let i = 1; i <= Math.max(1, count); i++) {
      hubs.push(await startHub(`hub-${i}`, databaseUrl, count === 0 ? undefined : redisUrl));
    }
    await db.connect();
    const share = Math.ceil(PHONES / hubs.length);
    for (const [i, hub] of hubs.entries()) {
      phones.push(await startPhones(hub.url, Math.min(share, PHONES - i * share), i * share));
    }
    await until("every phone joined", 120_000, async () => joined(hubs[0]!.url, count));
    const idleFrom = await redisCalls(redis);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const [redisBefore, pgBefore] = [await redisCalls(redis), await pgCounters(db)];
    const cpuBefore = await cpuNow(hubs, redisServer.pid, db);
    await submit(hubs);
    await until("the queue to drain", 600_000, async () => {
      const { counts } = await call<{ counts: Record<string, number> }>(hubs[0]!.url, "GET", "/api/tasks?limit=1");
      return (counts["done"] ?? 0) + (counts["failed"] ?? 0) >= TASKS;
    });
    const load = loadavg()[0]!.toFixed(2);
    const redisAfter = await redisCalls(redis);
    const cpuAfter = await cpuNow(hubs, redisServer.pid, db);
    const perThousand = (key: keyof CpuReading): number => (1000 * (cpuAfter[key] - cpuBefore[key])) / TASKS;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const pgAfter = await pgCounters(db);
    return {
      hubs: count,
      ...(await fromDatabase(db)),
      redisPerTask: (redisAfter - redisBefore) / TASKS,
      redisIdlePerSecond: (1000 * (redisBefore - idleFrom)) / SETTLE_MS,
      // The bench's own two readings are one commit and one transaction id each.
      commitsPerTask: (pgAfter.commits - pgBefore.commits - 1) / TASKS,
      writesPerTask: (pgAfter.xid - pgBefore.xid - 1) / TASKS,
      load,
      cpu: { hubs: perThousand("hubs"), redis: perThousand("redis"), postgres: perThousand("postgres") },
    };
  } finally {
    await db.end().catch(() => undefined);
    for (const p of phones) await p.stop();
    for (const h of hubs) await h.stop();
  }
}

const label = (r: Row): string => (r.hubs === 0 ? "1 hub, not clustered" : `${r.hubs} hub${r.hubs > 1 ? "s" : ""}`);

function report(rows: Row[]): void {
  console.table(
    Object.fromEntries(
      rows.map((r) => [
        label(r),
        {
          "tasks/s": Math.round(r.tasksPerSecond),
          "start wait p50 s": (r.p50Ms / 1000).toFixed(2),
          "start wait p99 s": (r.p99Ms / 1000).toFixed(2),
          "Redis cmds/task": r.redisPerTask.toFixed(1),
          "Redis cmds/s idle": Math.round(r.redisIdlePerSecond),
          "PG commits/task": r.commitsPerTask.toFixed(2),
          "PG writes/task": r.writesPerTask.toFixed(2),
          "runs per hub": r.runsPerHub,
          "CPU s/1k tasks hubs": r.cpu.hubs.toFixed(2),
          Redis: r.cpu.redis.toFixed(2),
          PG: r.cpu.postgres.toFixed(2),
          "load avg (1 min)": r.load,
        },
      ]),
    ),
  );
  console.log(
    "What this means: every hub, the phones, PostgreSQL and Redis share this machine's 2 cores, so more hubs here " +
      "do not add CPU — they show the cluster's overhead (Redis and PostgreSQL traffic per task, start wait), not " +
      "its scaling; on separate machines each hub brings its own cores.",
  );
}

function figures(rows: Row[]): Figures {
  const out: Figures = {};
  for (const r of rows) {
    const name = label(r);
    out[`${name} tasks/s`] = { value: r.tasksPerSecond, unit: "/s", better: "higher" };
    out[`${name} start wait p99`] = { value: r.p99Ms, unit: "ms", better: "lower" };
    out[`${name} Redis commands/task`] = { value: r.redisPerTask, unit: "", better: "lower" };
    out[`${name} Redis commands/s idle`] = { value: r.redisIdlePerSecond, unit: "/s", better: "lower" };
    out[`${name} PostgreSQL commits/task`] = { value: r.commitsPerTask, unit: "", better: "lower" };
    out[`${name} PostgreSQL writes/task`] = { value: r.writesPerTask, unit: "", better: "lower" };
    out[`${name} hub CPU s/1k tasks`] = { value: r.cpu.hubs, unit: "s", better: "lower" };
    out[`${name} Redis CPU s/1k tasks`] = { value: r.cpu.redis, unit: "s", better: "lower" };
    out[`${name} PostgreSQL CPU s/1k tasks`] = { value: r.cpu.postgres, unit: "s", better: "lower" };
  }
  return out;
}

const bin = postgresBinaries();
if (!bin) throw new Error("bench:cluster needs PostgreSQL (no /usr/lib/postgresql/*/bin/initdb)");
console.log(
  `bench:cluster — ${PHONES} phones, ${TASKS} one-tap script tasks, hubs ${HUB_COUNTS.join(", ")}; node ${process.version}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const postgres = await startPostgres(bin);
const redisServer = await startRedis();
const redis = new Redis(redisServer.url);
const rows: Row[] = [];
try {
  for (const count of HUB_COUNTS) {
    rows.push(await benchHubs(count, await postgres.createDatabase(), redisServer, redis));
    console.log(`${count} hub(s) done: ${Math.round(rows.at(-1)!.tasksPerSecond)} tasks/s`);
  }
} finally {
  redis.disconnect();
  await redisServer.stop();
  await postgres.stop();
}
report(rows);
emitFigures(figures(rows));
process.exit(0);
