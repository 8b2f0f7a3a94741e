/**
 * What the store contract suite needs from an implementation: a factory of fresh store sets. Any
 * implementation of the ports (hub/store/stores.ts `Stores`) runs the whole suite by adding one
 * factory line to a `*.test.ts` here (see sqlite.test.ts).
 */
import { randomUUID } from "node:crypto";
import { afterEach } from "vitest";
import type { NewTask, PhoneFacts, TaskRecord } from "../../hub/fleet/ports.js";
import type { Stores } from "../../hub/store/stores.js";

export interface StoreHarness {
  /** A fresh, empty set of stores. */
  stores: Stores;
  /**
   * Another set of stores on the same database, as a second hub (or a second connection) sees it:
   * it reads only what is committed. Undefined for a database only one connection can see (SQLite
   * ":memory:"); the tests that need one are then not declared for that implementation.
   */
  second?: () => Promise<Stores>;
  /** Closes `stores` and opens them again on the same database (a hub restart); undefined for ":memory:". */
  reopen?: () => Promise<Stores>;
  /** Removes what the harness made (temp dirs, databases); the suite closes the stores it was given first. */
  dispose(): Promise<void>;
}

export type StoreFactory = () => Promise<StoreHarness>;

/** A factory wrapped so every test's stores are closed and disposed of after it. */
export function harnessed(factory: StoreFactory): StoreFactory {
  const open: StoreHarness[] = [];
  const extra: Stores[] = [];
  afterEach(async () => {
    for (const stores of extra.splice(0)) await stores.close();
    for (const harness of open.splice(0)) {
      await harness.stores.close();
      await harness.dispose();
    }
  });
  return async () => {
    const harness = await factory();
    const tracked: StoreHarness = { ...harness };
    const second = harness.second;
    if (second) {
      tracked.second = async () => {
        const stores = await second();
        extra.push(stores);
        return stores;
      };
    }
    const reopen = harness.reopen;
    if (reopen) {
      tracked.reopen = async () => {
        const stores = await reopen();
        tracked.stores = stores;
        return stores;
      };
    }
    open.push(tracked);
    return tracked;
  };
}

export const phone = (id: string, tags: string[] = [], sdkInt = 34): PhoneFacts => ({
  id,
  tags: new Set(tags),
  sdkInt,
});

export function newTask(over: Partial<NewTask> = {}): NewTask {
  return { id: `task-${randomUUID()}`, goal: "tap", mode: "script", ...over };
}

/** A lease as the dispatcher writes it: the task started, its run and the run's first event, one unit. */
export async function lease(stores: Stores, task: TaskRecord, deviceId: string): Promise<string> {
  const runId = `run-${randomUUID()}`;
  await stores.commits.write((tx) => {
    tx.tasks.markStarted(task.id, deviceId);
    tx.runs.createRun(runId, task.id, task.attempts + 1, deviceId, task.goal, task.mode);
    tx.runs.appendEvent(runId, 1, Date.now(), "run_started", { type: "run_started" });
  });
  return runId;
}

/** Claims for this phone until the queue has nothing more for it; the ids in the order they came. */
export async function drainFor(stores: Stores, facts: PhoneFacts, now = Date.now()): Promise<string[]> {
  const ids: string[] = [];
  for (let claimed = await stores.queue.claim(facts, now); claimed; claimed = await stores.queue.claim(facts, now)) {
    ids.push(claimed.task.id);
  }
  return ids;
}
