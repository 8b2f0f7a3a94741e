/**
 * Three hub processes on one PostgreSQL and one Redis, behind HAProxy (deploy/haproxy.cfg); virtual
 * phones join through HAProxy. An operator call to one hub reaches a phone held by another; tasks
 * submitted to different hubs all run; one hub's SSE shows the others' events; a hub SIGKILLed
 * mid-drain: its phones rejoin the others, its runs are interrupted and retried elsewhere once its
 * keys lapse; every task ends exactly once and no phone runs two tasks at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { type Balancer, type ClusterHub, call, HAPROXY, startClusterHub, startHaproxy } from "../../helpers/cluster.js";
import { readRecords } from "../../helpers/cluster-records.js";
import { API_KEY, FLEET_KEY } from "../../helpers/hub.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";
import { type RedisServer, requireRedis, startRedis } from "../../helpers/redis.js";
import { SseReader } from "../../helpers/sse-client.js";

const PHONES = 24;
const TASKS = 120;
const TTL_MS = 3_000;

interface HubView {
  id: string;
  phones: number;
  running: number;
  phoneIds: string[];
}
interface TaskView {
  id: string;
  status: string;
  goal: string;
}
interface RunView {
  id: string;
  taskId: string;
  deviceId: string;
  status: string;
  startedAt: string;
  finishedAt?: string;
}

async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function scriptTasks(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    goal: `task ${from + i}`,
    mode: "script",
    pictures: false,
    max_attempts: 3,
    actions: [
      { action: "tap", x: 100 + i, y: 1200 },
      // Long enough that hub C is mid-run when it is killed, however fast the drain.
      { action: "long_press", x: 50, y: 50, duration_ms: 1_000 },
      { action: "key", key: "home" },
    ],
  }));
}

/**
 * Exactly once, from the records: one done run per done task, none after it; a phone's runs never
 * overlap. An interrupted run's end is recorded when a live hub reaps it, but its hub was SIGKILLed at
 * `killedAt` and sent nothing after: that is when it stopped running on the phone.
 */
function checkRecords(tasks: TaskView[], runs: RunView[], killedAt: number): void {
  expect(tasks.filter((t) => t.status === "done")).toHaveLength(TASKS);
  const byTask = new Map<string, RunView[]>();
  for (const run of runs) byTask.set(run.taskId, [...(byTask.get(run.taskId) ?? []), run]);
  for (const task of tasks) {
    const own = byTask.get(task.id) ?? [];
    const done = own.filter((r) => r.status === "done");
    expect(done, task.goal).toHaveLength(1);
    expect(
      own.filter((r) => r.startedAt > done[0]!.startedAt),
      task.goal,
    ).toEqual([]);
    expect(
      own.filter((r) => r.status === "running"),
      task.goal,
    ).toEqual([]);
  }
  const byDevice = new Map<string, RunView[]>();
  for (const run of runs) byDevice.set(run.deviceId, [...(byDevice.get(run.deviceId) ?? []), run]);
  const ended = (run: RunView): string =>
    run.status === "interrupted" && Date.parse(run.finishedAt!) > killedAt
      ? new Date(killedAt).toISOString()
      : run.finishedAt!;
  for (const [device, list] of byDevice) {
    list.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    for (let i = 1; i < list.length; i++) {
      expect(list[i]!.startedAt >= ended(list[i - 1]!), `${device} overlaps`).toBe(true);
    }
  }
}

requirePostgres("cluster of hub processes", (pgBin) =>
  requireRedis("cluster of hub processes", (redisBin) => {
    describe.runIf(HAPROXY !== undefined)("cluster of hub processes", () => {
      let pg: PostgresCluster;
      let redis: RedisServer;
      const hubs: ClusterHub[] = [];
      let lb: Balancer | undefined;
      let fleet: SimPhone[] = [];
      let database = "";

      beforeAll(async () => {
        pg = await startPostgres(pgBin);
        redis = await startRedis(redisBin);
        database = await pg.createDatabase();
        // One at a time: the first migrates the database, and three cold starts at once starve 2 cores.
        for (const id of ["hub-a", "hub-b", "hub-c"]) {
          hubs.push(await startClusterHub(id, database, redis.url, { DROIDHUB_OWNERSHIP_TTL_MS: String(TTL_MS) }));
        }
        lb = await startHaproxy(HAPROXY!, [hubs[0]!.process.port, hubs[1]!.process.port, hubs[2]!.process.port]);
      }, 180_000);

      afterAll(async () => {
        for (const phone of fleet) phone.stop();
        await lb?.stop();
        for (const hub of hubs) await hub.process.dispose();
        await redis?.stop();
        await pg?.stop();
      });

      it("shares one fleet across three hubs and survives the loss of one", async () => {
        const [a, b, c] = hubs.map((h) => h.process.baseUrl) as [string, string, string];
        const cluster = async () => (await call<{ hubs: HubView[] }>(a, "GET", "/api/cluster")).body.hubs;
        fleet = Array.from(
          { length: PHONES },
          (_, i) =>
            new SimPhone(
              new VirtualDevice({ deviceId: `node-${i}`, app: "launcher", record: false, knobs: { latencyMs: 10 } }),
              {
                url: `ws://127.0.0.1:${lb!.port}/v1/devices/connect`,
                fleetKey: FLEET_KEY,
                reconnectBaseMs: 50,
                reconnectCapMs: 500,
              },
            ),
        );
        await Promise.all(fleet.map((p) => p.start()));
        await waitFor("every phone held by a hub", 60_000, async () => {
          const view = await cluster();
          return view.length === 3 && view.reduce((n, h) => n + h.phoneIds.length, 0) === PHONES;
        });
        const before = await cluster();
        expect(before.map((h) => h.id)).toEqual(["hub-a", "hub-b", "hub-c"]);
        for (const hub of before) expect(hub.phoneIds.length, hub.id).toBeGreaterThan(0); // round robin

        // An operator call to hub A reaches a phone whose socket hub B holds.
        const onB = before.find((h) => h.id === "hub-b")!.phoneIds[0]!;
        const tap = await call(a, "POST", `/api/devices/${onB}/actions`, { action: "tap", x: 10, y: 20 });
        expect(tap.status).toBe(200);
        expect(tap.headers.get("x-droidhub-hub")).toBe("hub-b");
        const onC = before.find((h) => h.id === "hub-c")!.phoneIds[0]!;
        const shot = await fetch(`${a}/api/devices/${onC}/screenshot?format=png`, {
          headers: { authorization: `Bearer ${API_KEY}` },
        });
        expect(shot.status).toBe(200);
        expect(shot.headers.get("content-type")).toBe("image/png");
        expect(shot.headers.get("x-droidhub-hub")).toBe("hub-c");
        expect((await shot.arrayBuffer()).byteLength).toBeGreaterThan(100);

        // Hub A's fleet stream, opened before any task exists.
        const sse = new SseReader(`${a}/api/events?access_token=${API_KEY}`, {});
        await waitFor("the event stream", 10_000, async () => sse.status === 200);

        // Tasks submitted to all three hubs.
        const third = TASKS / 3;
        for (const [i, base] of [a, b, c].entries()) {
          const submitted = await call(base, "POST", "/api/tasks/batch", { tasks: scriptTasks(i * third, third) });
          expect(submitted.status).toBe(201);
        }
        const counts = async () =>
          (await call<{ counts: Record<string, number> }>(a, "GET", "/api/tasks?limit=1")).body.counts;
        // From the database, not from the cluster view: a hub's registration says how busy it was at
        // its last renewal, and a quick drain may have finished C's last runs since.
        const onHubC = new Set(before.find((h) => h.id === "hub-c")!.phoneIds);
        await waitFor("hub C running runs mid-drain", 60_000, async () => {
          const running = (await call<{ runs: RunView[] }>(a, "GET", "/api/runs?status=running&limit=1000")).body.runs;
          return running.some((r) => onHubC.has(r.deviceId)) && ((await counts())["done"] ?? 0) >= 20;
        });
        const killedAt = Date.now();
        hubs[2]!.process.child.kill("SIGKILL");
        await hubs[2]!.process.exited;

        // Its phones rejoin A and B through HAProxy; its registration and keys lapse.
        await waitFor("every phone back on a live hub", 60_000, async () => {
          const view = await cluster();
          return view.length === 2 && view.reduce((n, h) => n + h.phoneIds.length, 0) === PHONES;
        });
        const rejoinedMs = Date.now() - killedAt;
        await waitFor("the queue to drain", 120_000, async () => {
          const now = await counts();
          return (now["queued"] ?? 0) + (now["running"] ?? 0) === 0;
        });
        const drainedMs = Date.now() - killedAt;
        console.log(
          `cluster test: phones of the killed hub back on others after ${rejoinedMs} ms; queue drained ${drainedMs} ms after the kill`,
        );

        const tasks = (await call<{ tasks: TaskView[] }>(a, "GET", "/api/tasks?limit=10000")).body.tasks;
        const runs: RunView[] = [];
        for (const status of ["done", "failed", "interrupted", "cancelled", "running"]) {
          runs.push(...(await call<{ runs: RunView[] }>(a, "GET", `/api/runs?status=${status}&limit=1000`)).body.runs);
        }
        expect(runs.filter((r) => r.status === "interrupted").length).toBeGreaterThan(0); // the kill cut runs off
        checkRecords(tasks, runs, killedAt);

        // Hub A's stream showed the whole fleet: every task's end, wherever it ran. Except what hub C
        // committed before it died: a hub publishes an end once it is committed, and a SIGKILL between
        // the two loses that message (the lists above stay the truth). Which hub ran a run comes from
        // the database: a phone that reconnected under load may have run on C without being one of
        // C's at the start, and C may commit in the moment between \`killedAt\` and its death.
        const { runs: records } = await readRecords(database, "task ");
        const endedOnC = new Set(
          records.filter((r) => r.status === "done" && r.hubId === "hub-c").map((r) => r.taskId),
        );
        const mustShow = tasks.filter((t) => !endedOnC.has(t.id));
        expect(mustShow.length).toBeGreaterThan(TASKS / 2);
        await waitFor("every task's end on hub A's stream", 60_000, async () => {
          const ended = new Set(
            sse.frames.filter((f) => f.event === "task_finished").map((f) => (f.data as { id: string }).id),
          );
          return mustShow.every((t) => ended.has(t.id));
        });
        const startedOn = new Set(
          sse.frames.filter((f) => f.event === "task_started").map((f) => (f.data as { deviceId: string }).deviceId),
        );
        expect(before.find((h) => h.id === "hub-b")!.phoneIds.some((id) => startedOn.has(id))).toBe(true);
        sse.close();
      }, 400_000);
    });
  }),
);
