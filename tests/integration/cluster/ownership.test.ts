/**
 * Phone ownership on a real Redis (tests/helpers/redis.ts): each join takes a higher epoch, the hub
 * that lost a phone learns it at its next renewal, a release never deletes another hub's key, and
 * after a Redis restart (an empty Redis) the holders put their keys back and later epochs stay higher.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Members } from "../../../hub/cluster/members.js";
import { Ownership } from "../../../hub/cluster/ownership.js";
import { type RedisServer, requireRedis, startRedis } from "../../helpers/redis.js";

requireRedis("cluster ownership", (binary) => {
  describe("cluster ownership", () => {
    let server: RedisServer;
    let redis: Redis;

    beforeAll(async () => {
      server = await startRedis(binary);
      redis = new Redis(server.url, { maxRetriesPerRequest: 5 });
    }, 30_000);
    afterAll(async () => {
      redis?.disconnect();
      await server?.stop();
    });

    it("a phone that joins another hub gets a higher epoch, and the old hub loses it at its renewal", async () => {
      const a = new Ownership(redis, "hub-a", 5_000);
      const b = new Ownership(redis, "hub-b", 5_000);
      const first = await a.take("phone-1");
      expect(await a.owner("phone-1")).toEqual({ hubId: "hub-a", epoch: first });
      expect(await a.renew()).toEqual([]);
      const second = await b.take("phone-1");
      expect(second).toBe(first + 1);
      expect(await a.renew()).toEqual(["phone-1"]);
      expect(a.epochOf("phone-1")).toBeUndefined();
      expect(b.epochOf("phone-1")).toBe(second);
      // The old hub's release (its session ended late) leaves the new owner's key alone.
      await a.release("phone-1");
      expect(await b.owner("phone-1")).toEqual({ hubId: "hub-b", epoch: second });
      expect(await b.renew()).toEqual([]);
      expect((await a.all()).get("hub-b")).toEqual(["phone-1"]);
      await b.release("phone-1");
      expect(await b.owner("phone-1")).toBeUndefined();
    });

    it("an ownership that is not renewed lapses", async () => {
      const a = new Ownership(redis, "hub-a", 300);
      await a.take("phone-2");
      await new Promise((r) => setTimeout(r, 700));
      expect(await a.owner("phone-2")).toBeUndefined();
    });

    it("after a Redis restart the holder puts its key back and the next epoch is still higher", async () => {
      const a = new Ownership(redis, "hub-a", 10_000);
      const members = new Members(redis, 10_000);
      await members.register(facts("hub-a"), true);
      const epoch = await a.take("phone-3");
      await server.kill();
      await server.start();
      await until(async () => (await redis.ping().catch(() => "")) === "PONG");
      expect(await a.owner("phone-3")).toBeUndefined();
      expect(await members.isAlive("hub-a")).toBe(false);
      expect(await a.renew()).toEqual([]);
      expect(await a.owner("phone-3")).toEqual({ hubId: "hub-a", epoch });
      const b = new Ownership(redis, "hub-b", 10_000);
      expect(await b.take("phone-3")).toBe(epoch + 1);
      // A lapsed registration is reported (the hub was taken for dead), then written again.
      expect(await members.register(facts("hub-a"), false)).toBe(false);
      expect(await members.register(facts("hub-a"), false)).toBe(true);
      expect((await members.list()).map((h) => h.id)).toEqual(["hub-a"]);
    }, 30_000);
  });
});

function facts(id: string) {
  const now = new Date().toISOString();
  return { id, url: undefined, phones: 0, running: 0, load: 0, startedAt: now, seenAt: now };
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}
