/**
 * The write path (runs/ports.ts `Commits`), the guarantees the fleet stands on: a unit's promise
 * settles only after its commit; the units of one turn share one commit when grouped and take one
 * each when not; a unit that throws or fails its condition rolls back alone; a lease, its run and its
 * first event land together or not at all, as do a run's end and its task's next state.
 */
import { describe, expect, it } from "vitest";
import { isHubError } from "../../hub/errors/hub-error.js";
import type { Stores } from "../../hub/store/stores.js";
import { lease, newTask, phone, type StoreFactory } from "./harness.js";

async function queued(stores: Stores, count: number) {
  return stores.tasks.insert(Array.from({ length: count }, () => newTask()));
}

export function commitContract(open: StoreFactory): void {
  describe("commits", () => {
    it("groups the units of one turn into one commit, and settles each with what it answered", async () => {
      const { stores } = await open();
      const tasks = await queued(stores, 5);
      const before = stores.commits.commits;
      const units = tasks.map((task, i) =>
        stores.commits.write((tx) => {
          tx.tasks.markStarted(task.id, `p${i}`);
          return i;
        }),
      );
      expect(stores.commits.pending).toBe(5);
      expect(await Promise.all(units)).toEqual([0, 1, 2, 3, 4]);
      expect(stores.commits.commits - before).toBe(1);
      expect(stores.commits.pending).toBe(0);
    });

    it("ungrouped, commits each unit alone, and `together` makes one commit of several", async () => {
      const { stores } = await open();
      const [a, b, c] = await queued(stores, 3);
      stores.commits.grouped = false;
      let before = stores.commits.commits;
      await stores.commits.write((tx) => tx.tasks.markStarted(a!.id, "p1"));
      expect(stores.commits.commits - before).toBe(1);
      before = stores.commits.commits;
      const both = stores.commits.together(() => [
        stores.commits.write((tx) => tx.tasks.markStarted(b!.id, "p2")),
        stores.commits.write((tx) => tx.tasks.markStarted(c!.id, "p3")),
      ]);
      await Promise.all(both);
      expect(stores.commits.commits - before).toBe(1);
      expect((await stores.tasks.counts()).running).toBe(3);
      stores.commits.grouped = true;
    });

    it("flush commits what is queued without waiting for the turn's end", async () => {
      const { stores } = await open();
      const [task] = await queued(stores, 1);
      let settled = false;
      const unit = stores.commits
        .write((tx) => tx.tasks.markStarted(task!.id, "p1"))
        .then(() => {
          settled = true;
        });
      await stores.commits.flush();
      expect(stores.commits.pending).toBe(0);
      await unit;
      expect(settled).toBe(true);
      expect(await stores.tasks.get(task!.id)).toMatchObject({ status: "running" });
    });

    it("rolls back and rejects only the unit that threw; the others of its group commit", async () => {
      const { stores } = await open();
      const [a, b, c] = await queued(stores, 3);
      const first = stores.commits.write((tx) => tx.tasks.markStarted(a!.id, "p1"));
      const broken = stores.commits.write((tx) => {
        tx.tasks.markStarted(b!.id, "p2");
        tx.runs.createRun("run-broken", b!.id, 1, "p2", "g", "script");
        throw new Error("the unit's own bug");
      });
      const last = stores.commits.write((tx) => tx.tasks.markStarted(c!.id, "p3"));
      await expect(broken).rejects.toThrow("the unit's own bug");
      await Promise.all([first, last]);
      expect((await stores.tasks.get(a!.id))!.status).toBe("running");
      expect((await stores.tasks.get(b!.id))!.status).toBe("queued");
      expect((await stores.tasks.get(c!.id))!.status).toBe("running");
      expect(await stores.runs.getRun("run-broken")).toBeUndefined();
    });

    it("a lease whose task is no longer queued rejects with CONFLICT and writes neither its run nor its first event", async () => {
      const { stores } = await open();
      const [task, other] = await queued(stores, 2);
      const claimed = await stores.queue.claim(phone("p1"), Date.now());
      expect(claimed?.task.id).toBe(task!.id);
      // The operator cancels it in the same turn as the lease: the cancel's unit comes first.
      const cancel = stores.commits.write((tx) => tx.tasks.finish(task!.id, "cancelled", "operator", "queued"));
      const failed = lease(stores, claimed!.task, "p1");
      const neighbour = lease(stores, other!, "p2");
      const error = await failed.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isHubError(error, "CONFLICT")).toBe(true);
      expect(await cancel).toMatchObject({ status: "cancelled" });
      expect(await stores.runs.runsOfTask(task!.id)).toEqual([]);
      const neighbourRun = await neighbour;
      expect((await stores.runs.events(neighbourRun)).map((e) => e.type)).toEqual(["run_started"]);
    });

    it("answers a write's result only once its unit committed, and undefined when the unit rolled back", async () => {
      const { stores } = await open();
      const [kept, dropped] = await queued(stores, 2);
      let keptAnswer: Promise<unknown> | undefined;
      let droppedAnswer: Promise<unknown> | undefined;
      const good = stores.commits.write((tx) => {
        keptAnswer = tx.tasks.finish(kept!.id, "cancelled", "x");
      });
      const bad = stores.commits.write((tx) => {
        droppedAnswer = tx.tasks.finish(dropped!.id, "cancelled", "x");
        throw new Error("rolled back");
      });
      await good;
      await expect(bad).rejects.toThrow("rolled back");
      expect(await keptAnswer).toMatchObject({ id: kept!.id, status: "cancelled" });
      expect(await droppedAnswer).toBeUndefined();
      expect((await stores.tasks.get(dropped!.id))!.status).toBe("queued");
    });

    it("writes a run's end and its task's next state in one unit: both or neither", async () => {
      const { stores } = await open();
      const [task] = await queued(stores, 1);
      const runId = await lease(stores, task!, "p1");
      const broken = stores.commits.write((tx) => {
        tx.runs.finishRun(runId, "done", "ok", null);
        void tx.tasks.finish(task!.id, "done", "ok");
        tx.devices.setHealth("p1", { quarantined: false, draining: false, infraFailures: 0 });
        throw new Error("the end could not be decided");
      });
      await expect(broken).rejects.toThrow();
      expect((await stores.runs.getRun(runId))!.status).toBe("running");
      expect((await stores.tasks.get(task!.id))!.status).toBe("running");
      const after = await stores.commits.write((tx) => {
        tx.runs.finishRun(runId, "failed", "the phone left", null);
        return tx.tasks.requeue(task!.id, 0, "the phone left");
      });
      expect(after).toMatchObject({ status: "queued", attempts: 1 });
      expect((await stores.runs.getRun(runId))!.status).toBe("failed");
    });
  });
}

/** The same guarantees as another hub sees them: through a second set of stores on the same database. */
export function commitVisibilityContract(open: StoreFactory): void {
  describe("commits, seen from a second connection", () => {
    it("a unit's promise settles only once a second connection sees its writes; a turn's units are seen all together or not at all", async () => {
      const harness = await open();
      const { stores } = harness;
      const observer = await harness.second!();
      const tasks = await queued(stores, 4);
      const seenAtSettle: number[] = [];
      const units = tasks.map((task, i) =>
        stores.commits
          .write((tx) => {
            tx.tasks.markStarted(task.id, `p${i}`);
            tx.runs.createRun(`run-${task.id}`, task.id, 1, `p${i}`, "g", "script");
            tx.runs.appendEvent(`run-${task.id}`, 1, Date.now(), "run_started", {});
          })
          .then(async () => {
            seenAtSettle.push((await observer.tasks.counts()).running);
          }),
      );
      // Asked in the same turn as the writes. An embedded database answers at once: nothing yet. A
      // server database may commit the group while the question travels: then all of it, one
      // transaction — never part of a turn's units.
      expect([0, 4]).toContain((await observer.tasks.counts()).running);
      await Promise.all(units);
      expect(seenAtSettle).toEqual([4, 4, 4, 4]);
      for (const task of tasks) {
        expect(await observer.runs.events(`run-${task.id}`)).toHaveLength(1);
      }
    });

    it("what a hub committed is there for the next one (a restart on the same database)", async () => {
      const harness = await open();
      const [task] = await queued(harness.stores, 2);
      const runId = await lease(harness.stores, task!, "p1");
      const reopened = await harness.reopen!();
      expect(await reopened.tasks.get(task!.id)).toMatchObject({ status: "running", attempts: 1 });
      expect(await reopened.runs.events(runId)).toHaveLength(1);
      expect(await reopened.runs.markInterrupted()).toEqual([{ id: runId, taskId: task!.id }]);
      // The queue a restarted hub offers: the task still queued.
      expect((await reopened.queue.claim(phone("p2"), Date.now()))?.task.status).toBe("queued");
    });
  });
}
