/**
 * Wake-ups from other hubs come in bursts: a batch queued on hub A reaches hub B as one task_queued
 * message per task, and each calls `dispatcher.wake()`. A burst costs one offer more, not one per
 * message: each used to make every free phone ask the queue again and look up the next retry
 * backoff, thousands of identical queries on the shared database per batch (the scale run's pool,
 * busy with them, held a 250-task submission 10 s). None of the burst is lost: a task queued
 * behind the hub's back (as another hub queues it) during the burst is still run.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { PhoneFacts, TaskQueue } from "../../../hub/fleet/ports.js";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { openDatabase } from "../../../hub/store/database.js";
import { sqliteStores } from "../../../hub/store/stores.js";
import { newTask } from "../../contract/harness.js";
import { FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";

const BURST = 500;
const PHONES = 3;

/** The store's queue, counting the questions asked of it. */
function counted(queue: TaskQueue): { queue: TaskQueue; asked: { claims: number; backoffs: number } } {
  const asked = { claims: 0, backoffs: 0 };
  return {
    asked,
    queue: {
      claim: (phone: PhoneFacts, now: number) => {
        asked.claims++;
        return queue.claim(phone, now);
      },
      release: (taskId) => queue.release(taskId),
      nextDueAt: (now) => {
        asked.backoffs++;
        return queue.nextDueAt(now);
      },
      requiresTag: (prefix) => queue.requiresTag(prefix),
    },
  };
}

describe("wake-ups in a burst", () => {
  let hub: TestHub | undefined;
  const phones: SimPhone[] = [];

  afterEach(async () => {
    for (const phone of phones.splice(0)) phone.stop();
    await hub?.close();
  });

  it("cost one more offer, not one each, and lose no task queued meanwhile", async () => {
    const stores = sqliteStores(openDatabase(":memory:"), { dataDir: ":memory:" });
    const { queue, asked } = counted(stores.queue);
    hub = await startHub({}, { stores: { ...stores, queue } });
    for (let i = 0; i < PHONES; i++) {
      const phone = new SimPhone(new VirtualDevice({ deviceId: `w-${i}`, app: "launcher", record: false }), {
        url: `${hub.wsUrl}/v1/devices/connect`,
        fleetKey: FLEET_KEY,
      });
      phones.push(phone);
      await phone.start();
    }
    const { registry, dispatcher } = hub.app.hub;
    await until(() => phones.every((_, i) => registry.get(`w-${i}`)?.session?.connected), 10_000, "phones joined");
    // The phones' own claims on joining are over.
    await new Promise((r) => setTimeout(r, 300));

    const before = { ...asked };
    for (let i = 0; i < BURST; i++) dispatcher.wake();
    // Queued as another hub queues it: in the shared store, without this hub's dispatcher.
    const [task] = await stores.tasks.insert([
      newTask({ goal: "queued on another hub", extra: { actions: [{ action: "key", key: "home" }], pictures: false } }),
    ]);
    for (let i = 0; i < BURST; i++) dispatcher.wake();
    await until(async () => (await stores.tasks.get(task!.id))?.status === "done", 15_000, "the task done");
    await new Promise((r) => setTimeout(r, 300));

    // Two bursts, each one offer in flight and one after it: a handful of questions, not thousands.
    expect(asked.backoffs - before.backoffs).toBeLessThanOrEqual(4);
    expect(asked.claims - before.claims).toBeLessThanOrEqual(6 * PHONES);
  }, 60_000);
});
