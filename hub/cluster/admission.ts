/**
 * A phone that joins this hub takes work only once it is this hub's everywhere that counts: its
 * ownership taken in Redis (a new epoch), and this hub its holder in the shared database under that
 * epoch, with the runs other hubs still mark running on it interrupted and their tasks requeued
 * (store/postgres/device-holders.ts). Until then a hub that lost it could still be writing a lease
 * for it, and the records would show the phone running two tasks at once (the scale run saw it).
 */
import type { FastifyBaseLogger } from "fastify";
import type { DeviceRegistry } from "../devices/registry.js";
import { isHubError } from "../errors/hub-error.js";
import type { Dispatcher } from "../fleet/dispatcher.js";
import type { RunStore } from "../runs/ports.js";
import type { Ownership } from "./ownership.js";

export interface AdmissionDeps {
  hubId: string;
  ownership: Ownership;
  runs: RunStore;
  dispatcher: Dispatcher;
  registry: DeviceRegistry;
  log: FastifyBaseLogger;
  /** Takes the phone's ownership: its epoch, or undefined when Redis is away (retaken at the next renewal). */
  take: (deviceId: string) => Promise<number | undefined>;
}

/** A hold the database refused for being away is tried again after 250 ms, doubling to 5 s. */
const RETRY_BASE_MS = 250;
const RETRY_CAP_MS = 5_000;

/**
 * Admits a joined phone (Dispatcher.admitJoins). Rejects with CONFLICT when a later epoch holds it
 * (the phone has joined another hub since): it takes no work here, and the next renewal ends its
 * session.
 */
export async function admit(deps: AdmissionDeps, deviceId: string): Promise<void> {
  const epoch = await deps.take(deviceId);
  const cut = await hold(deps, deviceId, epoch);
  if (cut.length > 0) await deps.dispatcher.resume(cut);
}

async function hold(
  deps: AdmissionDeps,
  deviceId: string,
  epoch: number | undefined,
): Promise<{ id: string; taskId: string }[]> {
  const { runs, hubId, log } = deps;
  if (!runs.holdDevice) return [];
  let under = epoch;
  for (let delay = RETRY_BASE_MS; ; delay = Math.min(RETRY_CAP_MS, delay * 2)) {
    try {
      return await runs.holdDevice(deviceId, hubId, under);
    } catch (error) {
      if (isHubError(error, "CONFLICT")) {
        // A later epoch in the database, yet Redis says this hub holds the phone under this one: Redis
        // lost its counters (a restart without persistence), and this hub is the holder all the same.
        if (under === undefined || !(await ownsUnder(deps, deviceId, under))) throw error;
        log.warn(
          { deviceId, epoch: under },
          "cluster: a phone's epoch went back (Redis lost its counters); held anyway",
        );
        under = undefined;
        continue;
      }
      // The database is away: nothing is leased meanwhile; hold once it is back, if the phone stayed.
      if (!deps.registry.get(deviceId)?.session?.connected) return [];
      log.warn({ deviceId, err: String(error) }, "cluster: a joined phone could not be held (database away); retrying");
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

async function ownsUnder(deps: AdmissionDeps, deviceId: string, epoch: number): Promise<boolean> {
  const owner = await deps.ownership.owner(deviceId).catch(() => undefined);
  return owner?.hubId === deps.hubId && owner.epoch === epoch;
}
