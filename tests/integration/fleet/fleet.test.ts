/**
 * The farm under stress: 50 virtual phones, 500 script tasks, random run failures and connection
 * drops — every task ends exactly once and no phone ever runs two tasks at once; and a hub killed
 * with SIGKILL mid-way restarts and finishes the queue. On the embedded SQLite store and on PostgreSQL
 * (a throwaway cluster, tests/helpers/postgres.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { openStores, type Stores } from "../../../hub/store/stores.js";
import { API_KEY, FLEET_KEY, startHub, until } from "../../helpers/hub.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";

const PHONES = 50;
const TASKS = 500;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** mulberry32, so a failing run can be replayed. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 500 short script tasks; about one in ten can never succeed (an app that is not installed). */
function scriptTasks(seed: number) {
  const random = rng(seed);
  return Array.from({ length: TASKS }, (_, i) => {
    const doomed = random() < 0.1;
    return {
      goal: `task ${i}${doomed ? " (doomed)" : ""}`,
      mode: "script",
      // The fleet's bookkeeping is under test, not the pictures: 1,500 screenshots would only add CPU.
      pictures: false,
      priority: Math.floor(random() * 3),
      max_attempts: 2,
      actions: [
        { action: "tap", x: 100 + (i % 800), y: 1200 },
        doomed ? { action: "launch", package: "com.not.installed" } : { action: "key", key: "home" },
        { action: "key", key: "back" },
      ],
    };
  });
}

function phones(url: string, latencyMs: number, dropEveryMs: number): SimPhone[] {
  return Array.from(
    { length: PHONES },
    (_, i) =>
      new SimPhone(
        new VirtualDevice({
          deviceId: `farm-${i}`,
          app: "launcher",
          record: false,
          knobs: { latencyMs, jitterMs: latencyMs },
        }),
        {
          url,
          fleetKey: FLEET_KEY,
          reconnectBaseMs: 20,
          reconnectCapMs: 300,
          dropEveryMs,
        },
      ),
  );
}

interface TaskView {
  id: string;
  status: string;
  goal: string;
  attempts: number;
}
interface RunView {
  id: string;
  taskId: string;
  deviceId: string;
  status: string;
  startedAt: string;
  finishedAt?: string;
}

/** The invariants, from the hub's own records. */
function checkRecords(tasks: TaskView[], runs: RunView[]): void {
  expect(tasks).toHaveLength(TASKS);
  const terminal = tasks.filter((t) => ["done", "failed", "cancelled"].includes(t.status));
  expect(terminal).toHaveLength(TASKS);
  // Exactly once: a done task has exactly one done run, and no run of it started after that one.
  const runsByTask = new Map<string, RunView[]>();
  for (const run of runs) runsByTask.set(run.taskId, [...(runsByTask.get(run.taskId) ?? []), run]);
  for (const task of tasks) {
    const own = runsByTask.get(task.id) ?? [];
    const done = own.filter((r) => r.status === "done");
    if (task.status === "done") {
      expect(done, task.goal).toHaveLength(1);
      expect(
        own.filter((r) => r.startedAt > done[0]!.startedAt),
        task.goal,
      ).toEqual([]);
    } else {
      expect(done, task.goal).toHaveLength(0);
    }
    if (task.goal.includes("doomed")) expect(task.status, task.goal).toBe("failed");
    expect(own.length, task.goal).toBeLessThanOrEqual(2);
  }
  // One run per phone at a time: a phone's runs never overlap.
  const byDevice = new Map<string, RunView[]>();
  for (const run of runs) byDevice.set(run.deviceId, [...(byDevice.get(run.deviceId) ?? []), run]);
  for (const [device, list] of byDevice) {
    list.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    for (let i = 1; i < list.length; i++) {
      expect(list[i]!.startedAt >= list[i - 1]!.finishedAt!, `${device} overlaps`).toBe(true);
    }
  }
}

/** Where a hub keeps its records: the stores an in-process hub runs on, the flags a hub process takes. */
interface Backend {
  /** Stores for an in-process hub; undefined: the test hub's in-memory SQLite. */
  stores(): Promise<Stores | undefined>;
  /** `serve` flags after --data-dir. */
  serveFlags(): Promise<string[]>;
}

function fleetSuite(name: string, backend: Backend): void {
  describe(`fleet on ${name}`, () => {
    it("50 phones × 500 tasks with random failures and drops: every task ends once, no phone double-booked", async () => {
      const stores = await backend.stores();
      const hub = await startHub({ resumeGraceMs: 10_000, commandTimeoutMs: 10_000 }, stores ? { stores } : {});
      cleanups.push(() => hub.close());
      const fleet = phones(`${hub.wsUrl}/v1/devices/connect`, 1, 400);
      await Promise.all(fleet.map((p) => p.start()));
      cleanups.push(() => {
        for (const p of fleet) p.stop();
      });
      const submitted = await hub.api("POST", "/api/tasks/batch", { tasks: scriptTasks(7) });
      expect(submitted.status).toBe(201);
      await until(
        async () => {
          const counts = await hub.app.hub.tasks.counts();
          return counts.queued + counts.running === 0;
        },
        60_000,
        "queue drained",
      );
      const tasks = (await hub.app.hub.tasks.list({ limit: 10_000 })).map((t) => ({ ...t, status: t.status }));
      const runs = await hub.app.hub.stores.runs.listRuns({ limit: 10_000 });
      checkRecords(tasks, runs as RunView[]);
      expect(fleet.reduce((n, p) => n + p.joins, 0)).toBeGreaterThan(PHONES); // drops really happened
    }, 90_000);

    it("a hub killed with SIGKILL mid-way restarts on the same data and finishes the queue", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-fleet-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await new Promise<number>((resolve) => {
        const server = net.createServer().listen(0, "127.0.0.1", () => {
          const { port } = server.address() as net.AddressInfo;
          server.close(() => resolve(port));
        });
      });
      let child: ChildProcess | undefined;
      // Both hub processes' output, so a stuck queue says what the hub saw.
      let output = "";
      const serveFlags = await backend.serveFlags();
      const startHubProcess = async (): Promise<void> => {
        child = spawn(
          process.execPath,
          [
            "bin/droidhub.js",
            "serve",
            "--port",
            String(port),
            "--host",
            "127.0.0.1",
            "--data-dir",
            dataDir,
            ...serveFlags,
          ],
          {
            env: {
              ...process.env,
              DROIDHUB_API_KEY: API_KEY,
              DROIDHUB_FLEET_KEY: FLEET_KEY,
              DROIDHUB_LOG_LEVEL: "warn",
            },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        child.stdout?.on("data", (d) => {
          output += d;
        });
        child.stderr?.on("data", (d) => {
          output += d;
        });
        const base = `http://127.0.0.1:${port}`;
        // Generous: a hub that starts in 2 s on a quiet machine took 20-40 s on a 2-core machine
        // running the rest of the suite beside it.
        const deadline = Date.now() + 150_000;
        while (Date.now() < deadline) {
          if ((await fetch(`${base}/healthz`).catch(() => undefined))?.ok) return;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`hub did not start: ${output}`);
      };
      cleanups.push(() => {
        child?.kill("SIGKILL");
      });
      const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
        const response = await fetch(`http://127.0.0.1:${port}${url}`, {
          method,
          headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return (await response.json()) as T;
      };

      await startHubProcess();
      const fleet = phones(`ws://127.0.0.1:${port}/v1/devices/connect`, 15, 0);
      await Promise.all(fleet.map((p) => p.start()));
      cleanups.push(() => {
        for (const p of fleet) p.stop();
      });
      /** Polls the task counts until `enough`; past the deadline, fails with what the hub and phones saw. */
      const waitForCounts = async (what: string, enough: (c: Record<string, number>) => boolean, ms: number) => {
        const deadline = Date.now() + ms;
        let counts: Record<string, number> = {};
        while (Date.now() < deadline) {
          ({ counts } = await api<{ counts: Record<string, number> }>("GET", "/api/tasks?limit=1"));
          if (enough(counts)) return;
          await new Promise((r) => setTimeout(r, 50));
        }
        const { devices } = await api<{ devices: unknown[] }>("GET", "/api/devices");
        const phoneStates = fleet.map((p) => p.state).join(",");
        // The tasks still unfinished, as the hub holds them: what a stuck queue waits on.
        const stuck = [];
        for (const status of ["queued", "running"]) {
          stuck.push(...(await api<{ tasks: unknown[] }>("GET", `/api/tasks?status=${status}&limit=20`)).tasks);
        }
        throw new Error(
          `${what} not reached in ${ms} ms: counts ${JSON.stringify(counts)}\nunfinished: ${JSON.stringify(stuck)}\n` +
            `phones: ${phoneStates}\n` +
            `devices: ${JSON.stringify(devices).slice(0, 4000)}\nhub output (tail): ${output.slice(-4000)}`,
        );
      };
      await api("POST", "/api/tasks/batch", { tasks: scriptTasks(11) });
      // Kill it hard once part of the queue is done.
      await waitForCounts("120 tasks done", (c) => (c["done"] ?? 0) >= 120, 120_000);
      child!.kill("SIGKILL");
      await new Promise((r) => child!.once("exit", r));
      await startHubProcess();
      await waitForCounts("the queue drained", (c) => (c["queued"] ?? 0) + (c["running"] ?? 0) === 0, 120_000);
      const { tasks } = await api<{ tasks: TaskView[] }>("GET", "/api/tasks?limit=10000");
      const { runs } = await api<{ runs: RunView[] }>("GET", "/api/runs?limit=1000");
      const interrupted = runs.filter((r) => r.status === "interrupted");
      expect(interrupted.length).toBeGreaterThan(0); // the kill really cut runs off
      const allRuns = [...runs];
      // /api/runs pages at 1000; fetch the rest per status to check every run.
      for (const status of ["done", "failed"]) {
        const page = await api<{ runs: RunView[] }>("GET", `/api/runs?status=${status}&limit=1000`);
        for (const run of page.runs) if (!allRuns.some((r) => r.id === run.id)) allRuns.push(run);
      }
      checkRecords(tasks, allRuns);
      // Two cold starts and two drains, each bounded above with a diagnosis; this only backs them up.
    }, 600_000);
  });
}

fleetSuite("SQLite", { stores: async () => undefined, serveFlags: async () => [] });

requirePostgres("fleet on PostgreSQL", (bin) => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres(bin);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  fleetSuite("PostgreSQL", {
    async stores() {
      const databaseUrl = await cluster.createDatabase();
      const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-fleet-pg-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      return openStores({ dataDir, databaseUrl });
    },
    serveFlags: async () => ["--database-url", await cluster.createDatabase()],
  });
});
