/**
 * Runs and their events (runs/ports.ts): written on units, read back in order, filtered, starred,
 * and marked interrupted by a hub that starts after one died.
 */
import { describe, expect, it } from "vitest";
import type { NewEvent, RunTx } from "../../hub/runs/ports.js";
import type { Stores } from "../../hub/store/stores.js";
import { lease, newTask, type StoreFactory } from "./harness.js";

/** A batch of events as a run's event log writes it: at once where the store can, else one by one. */
function append(tx: RunTx, runId: string, events: readonly NewEvent[]): void {
  if (tx.runs.appendEvents) tx.runs.appendEvents(runId, events);
  else for (const e of events) tx.runs.appendEvent(runId, e.seq, e.at, e.type, e.body);
}

async function runOf(stores: Stores, deviceId = "p1"): Promise<{ taskId: string; runId: string }> {
  const [task] = await stores.tasks.insert([newTask({ goal: `on ${deviceId}` })]);
  return { taskId: task!.id, runId: await lease(stores, task!, deviceId) };
}

export function runContract(open: StoreFactory): void {
  describe("runs", () => {
    it("records a run and its events, and reads them back in order, after a seq, by type, a page at a time", async () => {
      const { stores } = await open();
      const { taskId, runId } = await runOf(stores);
      await stores.commits.write((tx) => {
        for (let seq = 2; seq <= 5; seq++) {
          tx.runs.appendEvent(runId, seq, 1_700_000_000_000 + seq, seq % 2 ? "step" : "plan", { n: seq, nested: [1] });
        }
      });
      expect(await stores.runs.getRun(runId)).toMatchObject({
        id: runId,
        taskId,
        attempt: 1,
        deviceId: "p1",
        goal: "on p1",
        mode: "script",
        status: "running",
        finishedAt: undefined,
        reason: undefined,
        stats: undefined,
        starred: false,
      });
      expect(new Date((await stores.runs.getRun(runId))!.startedAt).getTime()).toBeGreaterThan(0);
      const all = await stores.runs.events(runId);
      expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(all[2]).toEqual({
        runId,
        seq: 3,
        at: new Date(1_700_000_000_003).toISOString(),
        type: "step",
        body: { n: 3, nested: [1] },
      });
      expect((await stores.runs.events(runId, 3)).map((e) => e.seq)).toEqual([4, 5]);
      expect((await stores.runs.events(runId, 0, ["plan"])).map((e) => e.seq)).toEqual([2, 4]);
      expect((await stores.runs.events(runId, 1, undefined, 2)).map((e) => e.seq)).toEqual([2, 3]);
      expect(await stores.runs.events("no-such-run")).toEqual([]);
      expect(await stores.runs.getRun("no-such-run")).toBeUndefined();
    });

    it("writes a unit's events several at a time, in order and whole, and none of a unit that rolls back", async () => {
      const { stores } = await open();
      const { runId } = await runOf(stores);
      // 33: more than two of SQLite's multi-row INSERTs (16 rows each) and one row left over.
      const events = Array.from({ length: 33 }, (_, i) => ({
        seq: i + 2,
        at: 1_700_000_000_000 + i,
        type: i % 3 ? "step_finished" : "frame_missing",
        body: { n: i, text: `é ✓ "${i}"`, nested: { list: [i, null, true] } },
      }));
      await stores.commits.write((tx) => append(tx, runId, events));
      const read = await stores.runs.events(runId, 1);
      expect(read).toEqual(
        events.map((e) => ({ runId, seq: e.seq, at: new Date(e.at).toISOString(), type: e.type, body: e.body })),
      );
      const lost = stores.commits.write((tx) => {
        append(tx, runId, [
          { seq: 40, at: 1, type: "kept?", body: {} },
          ...events.slice(0, 20).map((e) => ({ ...e, seq: e.seq + 100 })),
        ]);
        throw new Error("the unit changed its mind");
      });
      await expect(lost).rejects.toThrow("the unit changed its mind");
      expect((await stores.runs.events(runId, 34)).map((e) => e.seq)).toEqual([]);
      // The same seq twice is refused, and the unit's other events with it.
      const twice = stores.commits.write((tx) =>
        append(tx, runId, [{ seq: 50, at: 1, type: "x", body: {} }, events[0]!]),
      );
      await expect(twice).rejects.toThrow();
      expect((await stores.runs.events(runId, 34)).map((e) => e.seq)).toEqual([]);
    });

    it("ends a run once, with its stats", async () => {
      const { stores } = await open();
      const { runId } = await runOf(stores);
      await stores.commits.write((tx) => tx.runs.finishRun(runId, "done", "all steps done", { steps: 3 }));
      await stores.commits.write((tx) => tx.runs.finishRun(runId, "failed", "too late", null));
      const run = await stores.runs.getRun(runId);
      expect(run).toMatchObject({ status: "done", reason: "all steps done", stats: { steps: 3 } });
      expect(new Date(run!.finishedAt!).getTime()).toBeGreaterThan(0);
    });

    it("lists runs newest first, by status, device and star; a task's runs oldest first; each task's latest", async () => {
      const { stores } = await open();
      const first = await runOf(stores, "p1");
      const second = await runOf(stores, "p2");
      await stores.commits.write((tx) => tx.runs.finishRun(first.runId, "failed", "x", null));
      // The first task's second attempt.
      await stores.commits.write((tx) => tx.tasks.requeue(first.taskId, 0, "retry"));
      const again = await lease(stores, (await stores.tasks.get(first.taskId))!, "p2");
      await stores.runs.setStar(second.runId, true);

      expect((await stores.runs.listRuns()).map((r) => r.id)).toEqual([again, second.runId, first.runId]);
      expect((await stores.runs.listRuns({ limit: 1 })).map((r) => r.id)).toEqual([again]);
      expect((await stores.runs.listRuns({ status: "failed" })).map((r) => r.id)).toEqual([first.runId]);
      expect((await stores.runs.listRuns({ deviceId: "p2" })).map((r) => r.id)).toEqual([again, second.runId]);
      expect((await stores.runs.listRuns({ starred: true })).map((r) => r.id)).toEqual([second.runId]);
      expect((await stores.runs.listRuns({ starred: false })).map((r) => r.id)).toEqual([again, first.runId]);
      expect((await stores.runs.runsOfTask(first.taskId)).map((r) => [r.id, r.attempt])).toEqual([
        [first.runId, 1],
        [again, 2],
      ]);
      const latest = await stores.runs.latestRunIds([first.taskId, second.taskId, "no-such-task"]);
      expect(Object.fromEntries(latest)).toEqual({ [first.taskId]: again, [second.taskId]: second.runId });
      expect((await stores.runs.latestRunIds([])).size).toBe(0);
      await stores.runs.setStar(second.runId, false);
      expect(await stores.runs.listRuns({ starred: true })).toEqual([]);
    });

    it("marks the runs a dead hub left running as interrupted, and answers which", async () => {
      const { stores } = await open();
      const cut = await runOf(stores, "p1");
      const ended = await runOf(stores, "p2");
      await stores.commits.write((tx) => tx.runs.finishRun(ended.runId, "done", "ok", null));
      expect(await stores.runs.markInterrupted()).toEqual([{ id: cut.runId, taskId: cut.taskId }]);
      expect(await stores.runs.getRun(cut.runId)).toMatchObject({ status: "interrupted" });
      expect(await stores.runs.getRun(ended.runId)).toMatchObject({ status: "done" });
      expect(await stores.runs.markInterrupted()).toEqual([]);
    });
  });
}
