/**
 * The hubs of the cluster: each registers itself under a key with a time limit (its id, URL, phones,
 * running runs, load) and renews it with its phones' ownership. A hub whose key lapsed is dead to the
 * others; a hub that finds its own key gone at a renewal was taken for dead (its runs may have been
 * interrupted and retried elsewhere) and must stop what it runs.
 */
import type { Redis } from "ioredis";
import { keys } from "./keys.js";

export interface HubFacts {
  id: string;
  url: string | undefined;
  /** Phones whose socket this hub holds. */
  phones: number;
  /** Runs executing on this hub. */
  running: number;
  /** running / phones (0 with no phones): how busy its phones are. */
  load: number;
  startedAt: string;
  /** When this registration was written. */
  seenAt: string;
}

export class Members {
  readonly #redis: Redis;
  readonly #ttlMs: number;

  constructor(redis: Redis, ttlMs: number) {
    this.#redis = redis;
    this.#ttlMs = ttlMs;
  }

  /** Writes the hub's registration; `first`: the start. Answers false when a renewal found it lapsed. */
  async register(facts: HubFacts, first: boolean): Promise<boolean> {
    const body = JSON.stringify(facts);
    if (first) {
      await this.#redis.set(keys.hub(facts.id), body, "PX", this.#ttlMs);
      return true;
    }
    // XX: only while it still exists. A lapsed key is not written back silently.
    const kept = await this.#redis.set(keys.hub(facts.id), body, "PX", this.#ttlMs, "XX");
    if (kept === "OK") return true;
    await this.#redis.set(keys.hub(facts.id), body, "PX", this.#ttlMs);
    return false;
  }

  async leave(hubId: string): Promise<void> {
    await this.#redis.del(keys.hub(hubId));
  }

  async isAlive(hubId: string): Promise<boolean> {
    return (await this.#redis.exists(keys.hub(hubId))) === 1;
  }

  /** Every live hub, by id. */
  async list(): Promise<HubFacts[]> {
    const found: string[] = [];
    let cursor = "0";
    do {
      const [next, page] = await this.#redis.scan(cursor, "MATCH", keys.hubPattern, "COUNT", 1_000);
      cursor = next;
      found.push(...page);
    } while (cursor !== "0");
    if (found.length === 0) return [];
    const values = await this.#redis.mget(...found);
    return values
      .flatMap((value) => (value ? [JSON.parse(value) as HubFacts] : []))
      .sort((a, b) => a.id.localeCompare(b.id));
  }
}
