/**
 * The one call app.ts makes: cluster mode on when DROIDHUB_REDIS_URL is set, with this hub's id
 * (DROIDHUB_HUB_ID, or one per process start) on its runs and claims in the shared database.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { HubContext } from "../app.js";
import type { Config } from "../config/config.js";
import type { Cluster } from "./cluster.js";
import { registerClusterRoute } from "./cluster-route.js";

const processHubIds = new WeakMap<Config, string>();

/** This hub's cluster id (stable for one config object); undefined when not clustered. */
export function clusterHubId(config: Config): string | undefined {
  if (config.redisUrl === undefined) return undefined;
  if (config.hubId) return config.hubId;
  let id = processHubIds.get(config);
  if (!id) {
    id = `hub-${randomUUID().slice(0, 8)}`;
    processHubIds.set(config, id);
  }
  return id;
}

/** Joins the cluster and registers GET /api/cluster (which answers `clustered: false` on a lone hub). */
export async function startCluster(
  app: FastifyInstance,
  config: Config,
  hub: HubContext,
): Promise<Cluster | undefined> {
  const hubId = clusterHubId(config);
  // Loaded only in cluster mode: a lone hub never pays for the Redis client at start.
  const cluster =
    config.redisUrl === undefined || hubId === undefined
      ? undefined
      : await (await import("./cluster.js")).Cluster.start(
          app,
          {
            redisUrl: config.redisUrl,
            hubId,
            hubUrl: config.hubUrl,
            ownershipTtlMs: config.ownershipTtlMs,
            forwardTimeoutMs: config.gateway.commandTimeoutMs + 5_000,
          },
          {
            registry: hub.registry,
            live: hub.live,
            dispatcher: hub.dispatcher,
            runner: hub.runner,
            tasks: hub.tasks,
            runs: hub.stores.runs,
            log: app.log,
          },
        );
  registerClusterRoute(app, cluster);
  return cluster;
}
