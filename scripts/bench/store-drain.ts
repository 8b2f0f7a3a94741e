/**
 * scripts/bench/store-drain.ts — not a test. The SQLite store alone, written as the fleet drains a one-tap script
 * task (no phones, no agent): claim, a unit with the lease, the run's row and its first three events,
 * then a unit with its last two events, the run's end and the task's; 200 tasks a commit. Run with
 * random task and run ids (UUID v4, as before) and an INSERT per event (as before), then a unit's events in
 * one INSERT (appendEvents), then time-ordered ids too (hub/util/ordered-id.ts),
 * ROUNDS drains of TASKS tasks each on one growing database: CPU ms per 1k tasks per round.
 *   node --import tsx scripts/bench/store-drain.ts        BENCH_TASKS=20000 BENCH_ROUNDS=4 by default
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { NewEvent, RunTx } from "../../hub/runs/ports.js";
import { openStores, type Stores } from "../../hub/store/stores.js";
import { orderedId } from "../../hub/util/ordered-id.js";

const TASKS = Number(process.env["BENCH_TASKS"] ?? 20_000);
const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 4);
const GROUP = 200;
const PHONE = { id: "bench-0", tags: new Set<string>(), sdkInt: 34 };

// The bodies of a one-tap script run's five events, as the agent emits them (pictures off).
const step = { step_num: 1, action: "CLICK", x: 540, y: 1200, element_id: null, label: "(540, 1200)" };
const BODIES: [string, unknown][] = [
  ["run_started", { type: "run_started", goal: "tap", deviceId: "bench-0", mode: "script", verification: "none" }],
  ["step_started", { type: "step_started", group: "script", step, attempt: 1 }],
  ["frame_missing", { type: "frame_missing", group: "script", step_num: 1, attempt: 1, reason: "pictures off" }],
  ["step_finished", { type: "step_finished", group: "script", step, attempt: 1, level: 0, verdict: "OK", ms: 3 }],
  ["run_finished", { type: "run_finished", status: "done", reason: "1 actions ran", stats: { actions: 1 } }],
];
const events = (from: number, to: number): NewEvent[] =>
  BODIES.slice(from, to).map(([type, body], i) => ({ seq: from + i + 1, at: Date.now(), type, body }));

/** One drain of TASKS tasks: CPU ms per 1k tasks. */
async function drain(stores: Stores, id: () => string, batched: boolean): Promise<number> {
  const append = (tx: RunTx, runId: string, batch: NewEvent[]): void => {
    if (batched && tx.runs.appendEvents) tx.runs.appendEvents(runId, batch);
    else for (const e of batch) tx.runs.appendEvent(runId, e.seq, e.at, e.type, e.body);
  };
  await stores.tasks.insert(Array.from({ length: TASKS }, () => ({ id: id(), goal: "tap", mode: "script" as const })));
  const cpu = process.cpuUsage();
  for (let done = 0; done < TASKS; done += GROUP) {
    const runs: { taskId: string; runId: string }[] = [];
    const leases: Promise<unknown>[] = [];
    for (let i = 0; i < GROUP; i++) {
      const claimed = await stores.queue.claim(PHONE, Date.now());
      if (!claimed) throw new Error("the queue ran dry");
      const run = { taskId: claimed.task.id, runId: id() };
      runs.push(run);
      leases.push(
        stores.commits.write((tx) => {
          tx.tasks.markStarted(run.taskId, PHONE.id);
          tx.runs.createRun(run.runId, run.taskId, 1, PHONE.id, "tap", "script");
          append(tx, run.runId, events(0, 3));
        }),
      );
    }
    await Promise.all(leases);
    await Promise.all(
      runs.map((run) =>
        stores.commits.write((tx) => {
          append(tx, run.runId, events(3, 5));
          tx.runs.finishRun(run.runId, "done", "1 actions ran", { actions: 1 });
          return tx.tasks.finish(run.taskId, "done", "1 actions ran");
        }),
      ),
    );
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / (TASKS / 1000);
}

const variants: [string, () => string, boolean][] = [
  ["random ids (v4), an INSERT per event", randomUUID, false],
  ["random ids (v4), a unit's events in one INSERT", randomUUID, true],
  ["time-ordered ids (v7), a unit's events in one INSERT", orderedId, true],
];
for (const [name, id, batched] of variants) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-store-drain-"));
  const stores = await openStores({ dataDir });
  const perRound: string[] = [];
  for (let round = 0; round < ROUNDS; round++) perRound.push((await drain(stores, id, batched)).toFixed(0));
  await stores.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`${name}: CPU ms per 1k tasks, drains of ${TASKS} on one growing database: ${perRound.join(", ")}`);
}
