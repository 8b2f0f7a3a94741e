/**
 * The task records and the queue (fleet/ports.ts): what goes in comes back, a free phone is offered
 * the task the fleet's rule picks (pinning, tags, SDK, priority, age, retries elsewhere, backoff), a
 * claimed task is nobody else's until it is handed back, and the task writes change state only from
 * the states they name.
 */
import { describe, expect, it } from "vitest";
import { drainFor, lease, newTask, phone, type StoreFactory } from "./harness.js";

export function taskContract(open: StoreFactory): void {
  describe("tasks", () => {
    it("inserts in submission order with their defaults, and reads them back", async () => {
      const { stores } = await open();
      const [a, b] = await stores.tasks.insert([
        newTask({ goal: "first", tags: ["ru"], minSdk: 30, priority: 2, secrets: { password: "pw-123" } }),
        newTask({ goal: "second", mode: "chain", deviceId: "p1", maxAttempts: 5, timeoutMs: 9_000 }),
      ]);
      expect(a).toMatchObject({
        goal: "first",
        mode: "script",
        status: "queued",
        tags: ["ru"],
        minSdk: 30,
        priority: 2,
        attempts: 0,
        maxAttempts: 3,
        notBefore: 0,
        hasSecrets: true,
        deviceId: undefined,
        lastDevice: undefined,
        finishedAt: undefined,
      });
      expect(JSON.stringify(a)).not.toContain("pw-123");
      expect(b).toMatchObject({ mode: "chain", deviceId: "p1", maxAttempts: 5, timeoutMs: 9_000, hasSecrets: false });
      expect(b!.seq).toBeGreaterThan(a!.seq);
      expect(await stores.tasks.get(a!.id)).toEqual(a);
      expect(await stores.tasks.get("no-such-task")).toBeUndefined();
      expect((await stores.tasks.list()).map((t) => t.id)).toEqual([b!.id, a!.id]);
      expect((await stores.tasks.list({ limit: 1 })).map((t) => t.id)).toEqual([b!.id]);
      expect(await stores.tasks.counts()).toEqual({ queued: 2, running: 0, done: 0, failed: 0, cancelled: 0 });
    });

    it("offers a phone the highest priority, then the oldest task it fits, each once", async () => {
      const { stores } = await open();
      const tasks = await stores.tasks.insert(
        [0, 5, 0, 9, 5].map((priority, i) => newTask({ goal: `p${priority}-${i}`, priority })),
      );
      const order = await drainFor(stores, phone("p1"));
      expect(order.map((id) => tasks.find((t) => t.id === id)!.goal)).toEqual(["p9-3", "p5-1", "p5-4", "p0-0", "p0-2"]);
    });

    it("gives a pinned task only to its phone, and tagged or SDK-bound tasks only to phones that fit", async () => {
      const { stores } = await open();
      const [pinned, tagged, recent, any] = await stores.tasks.insert([
        newTask({ deviceId: "p2", priority: 9 }),
        newTask({ tags: ["ru", "bank"], priority: 8 }),
        newTask({ minSdk: 33, priority: 7 }),
        newTask(),
      ]);
      expect(await drainFor(stores, phone("p1", ["ru"], 30))).toEqual([any!.id]);
      expect(await drainFor(stores, phone("p3", ["bank", "ru", "x"], 30))).toEqual([tagged!.id]);
      expect(await drainFor(stores, phone("p3", [], 34))).toEqual([recent!.id]);
      expect(await drainFor(stores, phone("p2"))).toEqual([pinned!.id]);
    });

    it("answers a claim with the task as queued and the secrets its run may type", async () => {
      const { stores } = await open();
      const [task] = await stores.tasks.insert([newTask({ secrets: { password: "pw-123" } })]);
      const claimed = await stores.queue.claim(phone("p1"), Date.now());
      expect(claimed).toEqual({ task, secrets: { password: "pw-123" } });
      const [plain] = await stores.tasks.insert([newTask()]);
      expect(await stores.queue.claim(phone("p1"), Date.now())).toEqual({ task: plain, secrets: undefined });
    });

    it("answers a claim with the task as its row says now, whatever was written to it since it was queued", async () => {
      const { stores } = await open();
      const [changed, retried] = await stores.tasks.insert([newTask({ priority: 9 }), newTask({ priority: 1 })]);
      await stores.commits.write((tx) => tx.tasks.setExtra(changed!.id, { resumeOf: "run-0" }));
      const first = await stores.queue.claim(phone("p1"), Date.now());
      expect(first?.task).toMatchObject({ id: changed!.id, status: "queued", extra: { resumeOf: "run-0" } });
      await stores.queue.release(changed!.id);
      // Leased, failed, requeued and given the extra a resumed attempt carries: claimed as all that.
      const cancelled = await stores.commits.write((tx) => tx.tasks.finish(changed!.id, "cancelled", "not this one"));
      expect(cancelled).toEqual(await stores.tasks.get(changed!.id));
      await lease(stores, (await stores.queue.claim(phone("p1"), Date.now()))!.task, "p1");
      await stores.commits.write((tx) => {
        void tx.tasks.requeue(retried!.id, 0, "it failed");
        tx.tasks.setExtra(retried!.id, { resumeOf: "run-1" });
      });
      const again = await stores.queue.claim(phone("p2"), Date.now());
      expect(again?.task).toMatchObject({
        id: retried!.id,
        status: "queued",
        attempts: 1,
        lastDevice: "p1",
        reason: "it failed",
        extra: { resumeOf: "run-1" },
      });
      expect(await stores.queue.claim(phone("p2"), Date.now())).toBeUndefined();
      // Its end answers the task as the row now says: the second attempt, on p2, done, no secrets.
      await lease(stores, again!.task, "p2");
      const done = await stores.commits.write((tx) => tx.tasks.finish(retried!.id, "done", "all good"));
      expect(done).toMatchObject({ status: "done", attempts: 2, lastDevice: "p2", reason: "all good" });
      expect(done).toEqual(await stores.tasks.get(retried!.id));
    });

    it("answers a task's end as its row says, whether the lease that started it committed or was refused", async () => {
      const { stores } = await open();
      const [won, lost] = await stores.tasks.insert([newTask({ priority: 2, secrets: { pin: "1234" } }), newTask()]);
      const first = await stores.queue.claim(phone("p1"), Date.now());
      expect(first?.task.id).toBe(won!.id);
      // Cancelled while claimed: the lease that follows is refused and nothing of it is written.
      await stores.commits.write((tx) => tx.tasks.finish(won!.id, "cancelled", "changed my mind", "queued"));
      await expect(lease(stores, first!.task, "p1")).rejects.toThrow(/no longer queued/);
      await stores.queue.release(won!.id);
      expect(await stores.tasks.get(won!.id)).toMatchObject({ status: "cancelled", attempts: 0, hasSecrets: false });
      const second = await stores.queue.claim(phone("p1"), Date.now());
      expect(second?.task.id).toBe(lost!.id);
      await lease(stores, second!.task, "p1");
      const failed = await stores.commits.write((tx) => tx.tasks.finish(lost!.id, "failed", "it broke", "running"));
      expect(failed).toEqual(await stores.tasks.get(lost!.id));
      expect(failed).toMatchObject({ status: "failed", attempts: 1, lastDevice: "p1" });
    });

    it("keeps a claimed task from every other claim until it is handed back", async () => {
      const { stores } = await open();
      const [task] = await stores.tasks.insert([newTask()]);
      expect((await stores.queue.claim(phone("p1"), Date.now()))?.task.id).toBe(task!.id);
      expect(await stores.queue.claim(phone("p2"), Date.now())).toBeUndefined();
      await stores.queue.release(task!.id);
      expect((await stores.queue.claim(phone("p2"), Date.now()))?.task.id).toBe(task!.id);
    });

    it("offers nothing that is no longer queued: a cancelled task, a leased one handed back", async () => {
      const { stores } = await open();
      const [cancelled, leased] = await stores.tasks.insert([newTask(), newTask()]);
      expect(await stores.commits.write((tx) => tx.tasks.finish(cancelled!.id, "cancelled", "no"))).toMatchObject({
        status: "cancelled",
      });
      const claimed = await stores.queue.claim(phone("p1"), Date.now());
      expect(claimed?.task.id).toBe(leased!.id);
      await lease(stores, claimed!.task, "p1");
      await stores.queue.release(leased!.id); // the lease committed: handing back changes nothing
      expect(await stores.queue.claim(phone("p2"), Date.now())).toBeUndefined();
    });

    it("holds a retry until its backoff ends, says when that is, and prefers another phone for it", async () => {
      const { stores } = await open();
      const now = Date.now();
      const [retry] = await stores.tasks.insert([newTask({ priority: 5 })]);
      const claimed = await stores.queue.claim(phone("p1"), now);
      await lease(stores, claimed!.task, "p1");
      const requeued = await stores.commits.write((tx) => tx.tasks.requeue(retry!.id, now + 60_000, "it failed"));
      expect(requeued).toMatchObject({ id: retry!.id, status: "queued", attempts: 1, lastDevice: "p1" });
      expect(requeued).toMatchObject({ notBefore: now + 60_000, reason: "it failed" });
      expect(await stores.queue.claim(phone("p2"), now)).toBeUndefined();
      expect(await stores.queue.nextDueAt(now)).toBe(now + 60_000);

      const [fresh] = await stores.tasks.insert([newTask({ tags: ["x"] })]);
      const later = now + 60_000;
      // The phone it failed on gets the other task first, though the retry ranks higher.
      expect(await drainFor(stores, phone("p1", ["x"]), later)).toEqual([fresh!.id, retry!.id]);
      expect(await stores.queue.nextDueAt(later)).toBeUndefined();
    });

    it("says whether some task needs a tag with a prefix", async () => {
      const { stores } = await open();
      await stores.tasks.insert([newTask({ tags: ["ru"] })]);
      expect(await stores.queue.requiresTag("app:")).toBe(false);
      await stores.tasks.insert([newTask({ tags: ["app:com.example"] })]);
      expect(await stores.queue.requiresTag("app:")).toBe(true);
    });

    it("moves a task only from the states each write names, and wipes its secrets when it ends", async () => {
      const { stores } = await open();
      const [task] = await stores.tasks.insert([newTask({ secrets: { password: "pw" } })]);
      const id = task!.id;
      // Not running yet: nothing to requeue, and a cancel that wants a running task finds none.
      expect(await stores.commits.write((tx) => tx.tasks.requeue(id, 0, "x"))).toBeUndefined();
      expect(await stores.commits.write((tx) => tx.tasks.finish(id, "cancelled", "x", "running"))).toBeUndefined();
      await lease(stores, (await stores.queue.claim(phone("p1"), Date.now()))!.task, "p1");
      expect(await stores.tasks.get(id)).toMatchObject({ status: "running", attempts: 1, lastDevice: "p1" });
      expect(await stores.commits.write((tx) => tx.tasks.finish(id, "cancelled", "x", "queued"))).toBeUndefined();
      const done = await stores.commits.write((tx) => tx.tasks.finish(id, "done", "all good"));
      expect(done).toMatchObject({ status: "done", reason: "all good", hasSecrets: false });
      expect(done!.finishedAt).toBeGreaterThan(0);
      // Ended once: a second end changes nothing.
      expect(await stores.commits.write((tx) => tx.tasks.finish(id, "failed", "late"))).toBeUndefined();
      expect(await stores.tasks.get(id)).toEqual(done);
    });

    it("lists what a starting hub must pick up, and the extra a resumed attempt carries", async () => {
      const { stores } = await open();
      const [queued, running, ended] = await stores.tasks.insert([newTask(), newTask(), newTask()]);
      for (const task of [running!, ended!]) await lease(stores, task, "p1");
      await stores.commits.write((tx) => {
        void tx.tasks.finish(ended!.id, "failed", "x");
        tx.tasks.setExtra(running!.id, { resumeOf: "run-1" });
      });
      const unfinished = await stores.tasks.unfinished();
      expect(unfinished.map((t) => [t.id, t.status])).toEqual([
        [queued!.id, "queued"],
        [running!.id, "running"],
      ]);
      expect(unfinished[1]!.extra).toEqual({ resumeOf: "run-1" });
      expect((await stores.tasks.list({ status: "failed" })).map((t) => t.id)).toEqual([ended!.id]);
    });
  });
}
