import { describe, expect, it } from "vitest";
import type { VirtualDevice } from "../../../hub/sim/device/index.js";
import { startHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { RawPhone } from "../../helpers/raw-phone.js";

/** mulberry32: a seeded generator, so a failing run can be replayed. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("exactly-once across connection drops", () => {
  it("100 random drops during a stream of commands: 0 lost, 0 duplicated", async () => {
    const hub = await startHub({ commandTimeoutMs: 20_000, resumeGraceMs: 10_000 });
    const phone = await joinPhone(
      hub,
      "flaky",
      { app: "settings", knobs: { latencyMs: 1, jitterMs: 4, seed: 7 } },
      { reconnectBaseMs: 2, reconnectCapMs: 30 },
    );
    const device = phone.device as VirtualDevice;
    const session = hub.app.hub.registry.requireSession("flaky");
    const random = rng(20261129);
    const total = 600;
    let issued = 0;
    let drops = 0;
    try {
      const worker = async (): Promise<void> => {
        while (issued < total) {
          const n = issued++;
          // Each tap is unique, so the device's log says exactly which ones ran and how often.
          await session.call({ tap: { x: 1 + (n % 1000), y: 2000 + Math.floor(n / 1000) } });
        }
      };
      const dropper = async (): Promise<void> => {
        while (drops < 100) {
          await new Promise((resolve) => setTimeout(resolve, 2 + random() * 12));
          if (phone.state === "online") {
            phone.drop();
            drops++;
          }
        }
      };
      await Promise.all([worker(), worker(), worker(), dropper()]);
      await until(() => issued >= total && session.connected, 10_000, "stream end");

      const taps = device.executed.filter((e) => e.kind === "tap").map((e) => e.detail);
      const expected = Array.from({ length: total }, (_, n) => `${1 + (n % 1000)},${2000 + Math.floor(n / 1000)}`);
      const counts = new Map<string, number>();
      for (const tap of taps) counts.set(tap, (counts.get(tap) ?? 0) + 1);
      const lost = expected.filter((t) => !counts.has(t));
      const duplicated = [...counts.entries()].filter(([, c]) => c > 1);
      expect(drops).toBe(100);
      expect(phone.joins).toBeGreaterThan(50);
      expect(lost).toEqual([]);
      expect(duplicated).toEqual([]);
      expect(taps.length).toBe(total);
      // Acks lost with a dropped socket are made good by the next Hello's cached ids.
      await until(() => phone.cachedResultIds.length === 0, 5_000, "acknowledgements emptied the result cache");
    } finally {
      phone.stop();
      await hub.close();
    }
  }, 60_000);

  it("a phone that restarts without its resume token fails the pending command instead of replaying it", async () => {
    const hub = await startHub({ commandTimeoutMs: 5_000 });
    try {
      const first = new RawPhone(hub.wsUrl, "restart");
      const welcome = await first.join();
      const session = hub.app.hub.registry.requireSession("restart");
      const pending = session.call({ tap: { x: 3, y: 3 } }).catch((error: unknown) => error);
      await until(() => first.requests().length === 1, 2000, "request");
      first.socket.terminate();
      // Same device, its secret, but a fresh process: no resume token.
      const second = new RawPhone(hub.wsUrl, "restart", welcome.deviceSecret!);
      const again = await second.join();
      expect(again.resumed).toBe(false);
      expect(await pending).toMatchObject({ code: "SESSION_REPLACED" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(second.requests()).toEqual([]);
    } finally {
      await hub.close();
    }
  });

  it("a resumed phone gets the in-flight command again with the same id", async () => {
    const hub = await startHub({ commandTimeoutMs: 5_000 });
    try {
      const first = new RawPhone(hub.wsUrl, "resumer");
      const welcome = await first.join();
      const session = hub.app.hub.registry.requireSession("resumer");
      const pending = session.call({ pressKey: { key: 1 } });
      await until(() => first.requests().length === 1, 2000, "request");
      const id = Number(first.requests()[0]!.id);
      first.socket.terminate();
      const second = new RawPhone(hub.wsUrl, "resumer", welcome.deviceSecret!);
      const resumed = await second.join({ resumeToken: welcome.resumeToken! });
      expect(resumed.resumed).toBe(true);
      expect(resumed.sessionId).toBe(welcome.sessionId);
      await until(() => second.requests().length === 1, 2000, "resent request");
      expect(Number(second.requests()[0]!.id)).toBe(id);
      second.reply(id, { ok: true });
      await expect(pending).resolves.toMatchObject({ result: { ok: true } });
    } finally {
      await hub.close();
    }
  });
});
