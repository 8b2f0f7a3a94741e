/**
 * A joined phone takes work once its admission settles (cluster mode), unless another hub holds it
 * (CONFLICT). A phone that joined again while an older admission was under way is decided by the
 * newer one: the older one's late refusal must not lock out a phone that is this hub's now.
 */
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { DeviceRegistry } from "../../../hub/devices/registry.js";
import { HubError } from "../../../hub/errors/hub-error.js";
import { FreePhones } from "../../../hub/fleet/free-phones.js";
import { systemClock } from "../../../hub/util/clock.js";
import { AwayQueue } from "../../fakes/task-queue.js";
import { joinedPhone } from "../../helpers/joined-phone.js";

function phoneAndFleet(): { registry: DeviceRegistry; free: FreePhones; queue: AwayQueue } {
  const { registry } = joinedPhone();
  const queue = new AwayQueue(0);
  const free = new FreePhones(queue, registry, systemClock, pino({ level: "silent" }), () => undefined);
  return { registry, free, queue };
}

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setTimeout(r, 20));
const held = () => new HubError("CONFLICT", "phone p1 is held by another hub under a later epoch");

describe("FreePhones.admit", () => {
  it("lets a phone take work once admitted, and not before; a refused one takes none", async () => {
    const { registry, free, queue } = phoneAndFleet();
    const admission = deferred();
    free.admit("p1", admission.promise);
    free.refresh(registry.require("p1"));
    await settle();
    expect(queue.claims).toEqual([]);
    admission.resolve();
    await settle();
    expect(queue.claims).toEqual(["p1"]);

    const refused = deferred();
    free.admit("p1", refused.promise);
    refused.reject(held());
    await settle();
    free.refresh(registry.require("p1"));
    await free.offer();
    expect(queue.claims).toEqual(["p1"]);
    free.stop();
  });

  it("decides by the newest admission: an older one refused late does not lock the phone out", async () => {
    const { registry, free, queue } = phoneAndFleet();
    const older = deferred();
    const newer = deferred();
    free.admit("p1", older.promise);
    free.admit("p1", newer.promise); // the phone left and joined again meanwhile
    newer.resolve();
    await settle();
    expect(queue.claims).toEqual(["p1"]);
    older.reject(held()); // the first join's hold, refused after the second one took the phone
    await settle();
    free.refresh(registry.require("p1"));
    await free.offer();
    expect(queue.claims.length).toBeGreaterThan(1);
    free.stop();
  });
});
