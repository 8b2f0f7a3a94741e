/**
 * The net under every wake-up: free phones ask the queue every `offerEveryMs` whatever woke them
 * last, so a task that became claimable with no phone told (a lost wake-up; one kept a task queued
 * for two minutes in CI) starts within that time instead of never. The lost wake-up is made here
 * by queueing the task through the store, behind the dispatcher's back.
 */
import { afterEach, describe, expect, it } from "vitest";
import { orderedId } from "../../../hub/util/ordered-id.js";
import { startHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A hub with one idle phone, and a one-tap task queued without the dispatcher hearing of it. */
async function unheardTask(offerEveryMs: number) {
  const hub = await startHub({}, { fleet: { offerEveryMs } });
  cleanups.push(() => hub.close());
  const phone = await joinPhone(hub, "idle-1", { app: "launcher" });
  cleanups.push(() => phone.stop());
  await until(async () => hub.app.hub.registry.get("idle-1")?.lease === undefined, 5_000, "phone free");
  // The phone's own news after joining (app, battery, network) makes it ask the queue: let it pass.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const id = orderedId();
  await hub.app.hub.tasks.insert([
    {
      id,
      goal: "tap once",
      mode: "script",
      extra: { actions: [{ action: "tap", x: 540, y: 1200 }], pictures: false },
    },
  ]);
  return { hub, task: () => hub.app.hub.tasks.get(id) };
}

describe("the periodic offer", () => {
  it("starts a task no wake-up announced, within the period", async () => {
    const { task } = await unheardTask(200);
    expect((await task())?.status).toBe("queued");
    await until(async () => (await task())?.status === "done", 5_000, "the unannounced task ran");
    expect(await task()).toMatchObject({ status: "done", attempts: 1, lastDevice: "idle-1" });
  });

  it("is the only thing that starts it: switched off, the task waits (what the net is for)", async () => {
    const { task } = await unheardTask(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await task())?.status).toBe("queued");
  });
});
