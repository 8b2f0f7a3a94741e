/**
 * A claimed task handed back while the database is away is handed back again once it is there,
 * instead of staying held by its claim until the claim lapses.
 */
import pino from "pino";
import { describe, expect, it } from "vitest";
import { DeviceRegistry } from "../../../hub/devices/registry.js";
import { FreePhones } from "../../../hub/fleet/free-phones.js";
import { systemClock } from "../../../hub/util/clock.js";
import { AwayQueue } from "../../fakes/task-queue.js";

function freePhones(queue: AwayQueue): FreePhones {
  return new FreePhones(queue, new DeviceRegistry(), systemClock, pino({ level: "silent" }), () => undefined);
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("FreePhones.handBack", () => {
  it("retries a hand-back the database refused until it takes it, then stops", async () => {
    const queue = new AwayQueue(2);
    const free = freePhones(queue);
    await free.handBack("task-1");
    expect(queue.releases).toEqual([{ taskId: "task-1", ok: false }]);
    await until(() => queue.releases.some((r) => r.ok), 5_000);
    expect(queue.releases).toEqual([
      { taskId: "task-1", ok: false },
      { taskId: "task-1", ok: false },
      { taskId: "task-1", ok: true },
    ]);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(queue.releases).toHaveLength(3);
    free.stop();
  });

  it("hands back once when the database takes it, and a stopped hub retries nothing", async () => {
    const ok = new AwayQueue(0);
    await freePhones(ok).handBack("task-2");
    expect(ok.releases).toEqual([{ taskId: "task-2", ok: true }]);

    const away = new AwayQueue(5);
    const stopped = freePhones(away);
    await stopped.handBack("task-3");
    stopped.stop();
    await new Promise((r) => setTimeout(r, 600));
    expect(away.releases).toHaveLength(1);
  });
});
