import { afterEach, describe, expect, it } from "vitest";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { CommandLog } from "../../../hub/sim/command-log.js";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { type SimDevice, SimPhone } from "../../../hub/sim/sim-phone.js";
import { FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { RawPhone } from "../../helpers/raw-phone.js";

/** A virtual phone that holds each command until the test opens the gate. */
class GatedDevice implements SimDevice {
  readonly inner = new VirtualDevice({ deviceId: "gated", app: "login" });
  received = 0;
  #open!: () => void;
  #gate = new Promise<void>((resolve) => {
    this.#open = resolve;
  });

  readonly deviceId = "gated";
  hello(): droidhub.v1.IHello {
    return this.inner.hello();
  }
  onEvent(listener: (event: droidhub.v1.IDeviceEvent) => void): () => void {
    return this.inner.onEvent(listener);
  }
  async execute(request: droidhub.v1.IEnvelope): Promise<droidhub.v1.IResult> {
    this.received++;
    await this.#gate;
    return this.inner.execute(request);
  }
  open(): void {
    this.#open();
  }
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hubWith(gateway: Record<string, number>): Promise<TestHub> {
  const hub = await startHub(gateway);
  cleanups.push(() => hub.close());
  return hub;
}

describe("result acknowledgements", () => {
  it("acknowledged results leave the virtual phone's cache", async () => {
    const hub = await hubWith({ resultAckMs: 20 });
    const phone = await joinPhone(hub, "acked", { app: "settings" });
    cleanups.push(() => phone.stop());
    const session = hub.app.hub.registry.requireSession("acked");
    for (let n = 0; n < 30; n++) await session.call({ tap: { x: 10 + n, y: 2000 } });
    await until(() => phone.cachedResultIds.length === 0, 2_000, "cache emptied by acks");
  });

  it("before the ack window, only results acknowledged on a later command leave the cache", async () => {
    const hub = await hubWith({ resultAckMs: 60_000 });
    const phone = await joinPhone(hub, "unacked", { app: "settings" });
    cleanups.push(() => phone.stop());
    const session = hub.app.hub.registry.requireSession("unacked");
    for (let n = 0; n < 5; n++) await session.call({ tap: { x: 10 + n, y: 2000 } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Taps 1-4 were acknowledged on taps 2-5; the last waits for the (60 s) window.
    expect(phone.cachedResultIds).toHaveLength(1);
  });

  it("batches acknowledgements: one frame for a burst of results, every id in it", async () => {
    const hub = await hubWith({ resultAckMs: 300 });
    const raw = new RawPhone(hub.wsUrl, "batched");
    cleanups.push(() => raw.socket.terminate());
    await raw.join();
    const session = hub.app.hub.registry.requireSession("batched");
    const answered: number[] = [];
    const stop = setInterval(() => {
      for (const request of raw.requests()) {
        const id = Number(request.id);
        if (answered.includes(id)) continue;
        answered.push(id);
        raw.reply(id, { ok: true });
      }
    }, 1);
    cleanups.push(() => clearInterval(stop));
    await Promise.all(Array.from({ length: 10 }, (_, n) => session.call({ tap: { x: n, y: 1 } })));
    await until(() => raw.acknowledged().length >= 10, 2_000, "acks");
    const frames = raw.received.filter((e) => e.body === "resultAck");
    expect(frames.length).toBeLessThanOrEqual(2);
    expect(new Set(raw.acknowledged())).toEqual(new Set(answered));
  });

  it("a resumed command whose result was not acknowledged is answered from the cache, then acknowledged", async () => {
    const hub = await hubWith({ resultAckMs: 20, commandTimeoutMs: 10_000 });
    const device = new GatedDevice();
    const log = new CommandLog();
    const phone = new SimPhone(device, {
      url: `${hub.wsUrl}/v1/devices/connect`,
      fleetKey: FLEET_KEY,
      commandLog: log,
      reconnectBaseMs: 5,
      reconnectCapMs: 20,
    });
    cleanups.push(() => phone.stop());
    await phone.start();
    const session = hub.app.hub.registry.requireSession("gated");
    const tap = session.call({ tap: { x: 100, y: 200 } });
    await until(() => device.received === 1, 2_000, "command reached the phone");

    // The network goes while the tap runs: its result is cached but never reaches the hub.
    phone.drop(300);
    await until(() => phone.state === "reconnecting", 2_000, "phone noticed the drop");
    device.open();
    await until(() => phone.cachedResultIds.length === 1, 2_000, "result cached offline");
    const [id] = phone.cachedResultIds;

    const joins = phone.joins;
    await until(() => phone.joins > joins, 3_000, "phone resumed");
    await expect(tap).resolves.toMatchObject({ result: { ok: true } });
    expect(phone.answeredFromCache).toBe(1);
    expect(device.received).toBe(1);
    expect(device.inner.executed.filter((e) => e.kind === "tap").map((e) => e.requestId)).toEqual([id]);
    // The phone's command log: the tap once (the resend was answered from the cache), no repeat.
    expect(log.entries.map((e) => [e.deviceId, e.id, e.kind])).toEqual([["gated", id, "tap"]]);
    expect(log.repeats()).toEqual([]);
    await until(() => phone.cachedResultIds.length === 0, 2_000, "acknowledged after the resend");
  });
});
