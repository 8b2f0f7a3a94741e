/**
 * Clustered hubs in the test's own process (startHub, so the test can reach their internals and
 * RawPhones can join each directly), on one throwaway PostgreSQL database and one Redis. For the
 * cluster tests about a phone moving between two hubs; the whole cluster of hub processes behind
 * HAProxy is cluster-suite.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { droidhub } from "../../hub/protocol/generated/droidhub.js";
import { openStores } from "../../hub/store/stores.js";
import { type HubOptions, startHub, type TestHub } from "./hub.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "./postgres.js";
import type { RawPhone } from "./raw-phone.js";
import { type RedisServer, requireRedis, startRedis } from "./redis.js";

export interface InProcessCluster {
  hubs: TestHub[];
  close(): Promise<void>;
}

export interface ClusterHubOptions {
  /** The gateway settings of every hub (startHub's first argument). */
  gateway?: Record<string, number>;
  /** Config values besides the cluster's own (database, Redis, hub id). */
  config?: Record<string, unknown>;
  fleet?: HubOptions["fleet"];
}

/** Hubs `hubIds` on a new PostgreSQL cluster and Redis (binaries from requirePostgres and requireRedis). */
export async function startInProcessCluster(
  bins: { pg: string; redis: string },
  hubIds: readonly string[],
  options: ClusterHubOptions = {},
): Promise<InProcessCluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "droidhub-cluster-"));
  let pg: PostgresCluster | undefined;
  let redis: RedisServer | undefined;
  const hubs: TestHub[] = [];
  const close = async () => {
    for (const hub of hubs.splice(0)) await hub.close();
    await redis?.stop();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    [pg, redis] = await Promise.all([startPostgres(bins.pg), startRedis(bins.redis)]);
    const databaseUrl = await pg.createDatabase();
    for (const hubId of hubIds) {
      const stores = await openStores({ dataDir: path.join(dataDir, hubId), databaseUrl });
      const config = { ...options.config, databaseUrl, redisUrl: redis.url, hubId, dataDir: ":memory:" };
      hubs.push(
        await startHub(options.gateway ?? {}, { stores, config, ...(options.fleet ? { fleet: options.fleet } : {}) }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { hubs, close };
}

/**
 * Answers each new command the hub sends `phone` with `result` (every 20 ms), except those `hold`
 * says to leave in flight, until the timer is cleared.
 */
export function answerCommands(
  phone: RawPhone,
  result: droidhub.v1.IResult,
  hold: (id: number) => boolean = () => false,
): NodeJS.Timeout {
  const answered = new Set<number>();
  return setInterval(() => {
    for (const request of phone.requests()) {
      const id = Number(request.id);
      if (answered.has(id) || hold(id)) continue;
      answered.add(id);
      phone.reply(id, result);
    }
  }, 20);
}

/**
 * A suite on an in-process cluster of `hubIds`: PostgreSQL and Redis are required (a CI run without
 * them fails loudly: requirePostgres, requireRedis), the hubs start once before the suite's tests
 * and close after them. `body` registers the tests; `hubs` is filled in place before they run.
 */
export function describeInProcessCluster(
  name: string,
  hubIds: readonly string[],
  options: ClusterHubOptions,
  body: (hubs: TestHub[]) => void,
): void {
  requirePostgres(name, (pg) =>
    requireRedis(name, (redis) => {
      describe(name, () => {
        let cluster: InProcessCluster | undefined;
        const hubs: TestHub[] = [];
        beforeAll(async () => {
          cluster = await startInProcessCluster({ pg, redis }, hubIds, options);
          hubs.push(...cluster.hubs);
        }, 120_000);
        afterAll(async () => {
          hubs.length = 0;
          await cluster?.close();
        });
        body(hubs);
      });
    }),
  );
}
