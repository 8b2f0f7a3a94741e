/**
 * A hub's registration is renewed on Redis alone, whatever PostgreSQL is doing: a hub process whose
 * reaper is stuck on a slow query (here the runs table held under an exclusive lock for several
 * ownership time limits, as a pool saturated mid-drain holds it up) stays registered throughout, so
 * no other hub takes it for dead and it never stops its own runs. The scale run found a live hub's
 * renewal waiting behind the reaper's query until its registration lapsed.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClusterHub, call, startClusterHub } from "../../helpers/cluster.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../../helpers/postgres.js";
import { type RedisServer, requireRedis, startRedis } from "../../helpers/redis.js";

const TTL_MS = 3_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function registeredHubs(base: string): Promise<string[]> {
  const view = await call<{ hubs: { id: string }[] }>(base, "GET", "/api/cluster");
  expect(view.status).toBe(200);
  return view.body.hubs.map((hub) => hub.id);
}

requirePostgres("cluster renewal beside a slow PostgreSQL", (pgBin) =>
  requireRedis("cluster renewal beside a slow PostgreSQL", (redisBin) => {
    describe("cluster renewal beside a slow PostgreSQL", () => {
      let postgres: PostgresCluster;
      let redis: RedisServer;
      let database: string;
      let hub: ClusterHub;

      beforeAll(async () => {
        postgres = await startPostgres(pgBin);
        redis = await startRedis(redisBin);
        database = await postgres.createDatabase();
        hub = await startClusterHub("hub-a", database, redis.url, { DROIDHUB_OWNERSHIP_TTL_MS: String(TTL_MS) });
      }, 180_000);

      afterAll(async () => {
        await hub?.process.dispose();
        await redis?.stop();
        await postgres?.stop();
      });

      it("keeps the hub registered while its reaper waits on PostgreSQL for several time limits", async () => {
        const base = hub.process.baseUrl;
        expect(await registeredHubs(base)).toEqual(["hub-a"]);
        // The reaper skips its first two time limits after connecting to Redis: be past them.
        await sleep(2 * TTL_MS + 500);
        const locker = new pg.Client({ connectionString: database });
        await locker.connect();
        try {
          await locker.query("BEGIN");
          await locker.query("LOCK TABLE runs IN ACCESS EXCLUSIVE MODE");
          // The reaper's next query on runs now waits; the registration must not lapse meanwhile.
          const until = Date.now() + 4 * TTL_MS;
          while (Date.now() < until) {
            expect(await registeredHubs(base), "hub-a registered while PostgreSQL is slow").toEqual(["hub-a"]);
            await sleep(250);
          }
        } finally {
          await locker.query("ROLLBACK").catch(() => undefined);
          await locker.end();
        }
        // The reaper's query answers now; a round later the hub has found nothing amiss with itself.
        await sleep(TTL_MS);
        expect(await registeredHubs(base)).toEqual(["hub-a"]);
        expect(hub.process.output()).not.toMatch(/registration had lapsed/);
        expect(hub.process.child.exitCode).toBeNull();
      }, 120_000);
    });
  }),
);
