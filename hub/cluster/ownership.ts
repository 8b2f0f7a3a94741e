/**
 * Which hub holds which phone's socket: one Redis key per phone, "<hubId> <epoch>", with a time
 * limit. Joining a hub takes a new epoch (INCR, the fencing token): a phone that reconnects to
 * another hub is that hub's under a higher epoch, and the old hub learns at its next renewal that it
 * lost the phone (its session there is ended, so nothing more is sent or leased on it). Renewals go
 * out in one script call per batch of phones; a key that vanished (a Redis restart) is put back with
 * the epoch it had, and the counter is raised past it so later epochs stay higher.
 */
import type { Redis } from "ioredis";
import { keys } from "./keys.js";

const TAKE = `local epoch = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. epoch, 'PX', ARGV[2])
return epoch`;

const RENEW = `local out = {}
for i = 1, #KEYS, 2 do
  local mine = ARGV[(i + 1) / 2 + 1]
  local held = redis.call('GET', KEYS[i])
  if held == mine then
    redis.call('PEXPIRE', KEYS[i], ARGV[1])
    out[#out + 1] = 1
  elseif not held then
    redis.call('SET', KEYS[i], mine, 'PX', ARGV[1])
    local epoch = tonumber(string.match(mine, ' (%d+)$'))
    if (tonumber(redis.call('GET', KEYS[i + 1])) or 0) < epoch then redis.call('SET', KEYS[i + 1], epoch) end
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
return out`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Phones renewed per script call: a call holds Redis for its whole run. */
const RENEW_BATCH = 500;

export interface Owner {
  hubId: string;
  epoch: number;
}

export function parseOwner(value: string | null | undefined): Owner | undefined {
  const match = value ? /^(\S+) (\d+)$/.exec(value) : null;
  const hubId = match?.[1];
  return hubId !== undefined ? { hubId, epoch: Number(match?.[2]) } : undefined;
}

export class Ownership {
  readonly #redis: Redis;
  readonly #hubId: string;
  readonly #ttlMs: number;
  /** The phones this hub holds, and the epoch of each. */
  readonly #held = new Map<string, number>();

  constructor(redis: Redis, hubId: string, ttlMs: number) {
    this.#redis = redis;
    this.#hubId = hubId;
    this.#ttlMs = ttlMs;
  }

  get count(): number {
    return this.#held.size;
  }

  /** This hub's epoch for the phone, undefined when it does not hold it. */
  epochOf(deviceId: string): number | undefined {
    return this.#held.get(deviceId);
  }

  /** The phone joined this hub: a new epoch, higher than any hub had for it. */
  async take(deviceId: string): Promise<number> {
    const epoch = Number(
      await this.#redis.eval(TAKE, 2, keys.owner(deviceId), keys.epoch(deviceId), this.#hubId, this.#ttlMs),
    );
    this.#held.set(deviceId, epoch);
    return epoch;
  }

  /** The phone left this hub: its key goes, unless another hub holds it already. */
  async release(deviceId: string): Promise<void> {
    const epoch = this.#held.get(deviceId);
    if (epoch === undefined) return;
    this.#held.delete(deviceId);
    await this.#redis.eval(RELEASE, 1, keys.owner(deviceId), `${this.#hubId} ${epoch}`);
  }

  /** Extends every held key; answers the phones another hub took meanwhile (no longer held here). */
  async renew(): Promise<string[]> {
    const held = [...this.#held];
    const lost: string[] = [];
    for (let start = 0; start < held.length; start += RENEW_BATCH) {
      const batch = held.slice(start, start + RENEW_BATCH);
      const names = batch.flatMap(([id]) => [keys.owner(id), keys.epoch(id)]);
      const values = batch.map(([, epoch]) => `${this.#hubId} ${epoch}`);
      const kept = (await this.#redis.eval(RENEW, names.length, ...names, this.#ttlMs, ...values)) as number[];
      batch.forEach(([id, epoch], i) => {
        // Only if nothing changed while the call was out (a release, or a newer take here).
        if (kept[i] === 0 && this.#held.get(id) === epoch) {
          this.#held.delete(id);
          lost.push(id);
        }
      });
    }
    return lost;
  }

  /** Who holds the phone now, if anyone. */
  async owner(deviceId: string): Promise<Owner | undefined> {
    return parseOwner(await this.#redis.get(keys.owner(deviceId)));
  }

  /** Every held phone in the cluster, by hub (an operator's view: a SCAN over the owner keys). */
  async all(): Promise<Map<string, string[]>> {
    const byHub = new Map<string, string[]>();
    const prefix = keys.owner("");
    let cursor = "0";
    do {
      const [next, found] = await this.#redis.scan(cursor, "MATCH", keys.ownerPattern, "COUNT", 1_000);
      cursor = next;
      if (found.length === 0) continue;
      const values = await this.#redis.mget(...found);
      found.forEach((key, i) => {
        const owner = parseOwner(values[i]);
        if (!owner) return;
        const list = byHub.get(owner.hubId) ?? [];
        list.push(key.slice(prefix.length));
        byHub.set(owner.hubId, list);
      });
    } while (cursor !== "0");
    for (const list of byHub.values()) list.sort();
    return byHub;
  }
}
