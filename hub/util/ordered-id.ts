/**
 * Time-ordered ids for rows the hub writes by the thousand (tasks, runs): UUID version 7 (RFC 9562),
 * a 48-bit millisecond time, a 12-bit counter within the millisecond, 62 random bits. They are
 * UUIDs like the random ones before them, but each one sorts after the last, so a new row's key
 * lands at the end of the primary-key index (and the run_events key, which starts with the run id)
 * instead of at a random page: a commit dirties a few pages instead of one per row, and inserts do
 * not get slower as the tables grow (bench:fleet; SQLite and PostgreSQL B-trees alike).
 *
 * Still unguessable enough for an id behind a key: 62 random bits per id. Monotonic within a
 * process even when the clock steps back or more than 4,096 ids are asked in one millisecond (the
 * time then runs a little ahead of the clock until the clock catches up).
 */
import { randomFillSync } from "node:crypto";

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
/** Random bytes drawn a pool at a time: one call for 512 ids instead of one each. */
const POOL_BYTES = 4096;

export class OrderedIds {
  readonly #now: () => number;
  #ms = 0;
  #counter = 0;
  readonly #pool = Buffer.alloc(POOL_BYTES);
  #used = POOL_BYTES;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  next(): string {
    const now = this.#now();
    if (now > this.#ms) {
      this.#ms = now;
      this.#counter = 0;
    } else if (++this.#counter > 0xfff) {
      this.#ms++;
      this.#counter = 0;
    }
    if (this.#used + 8 > POOL_BYTES) {
      randomFillSync(this.#pool);
      this.#used = 0;
    }
    const r = this.#pool;
    const at = this.#used;
    this.#used += 8;
    const ms = this.#ms;
    const high = Math.floor(ms / 2 ** 16); // the first 32 bits of the 48-bit time
    const time = (high >>> 0).toString(16).padStart(8, "0");
    const low = (ms % 2 ** 16).toString(16).padStart(4, "0");
    const version = (0x7000 | this.#counter).toString(16);
    const variant = HEX[((r[at] as number) & 0x3f) | 0x80];
    return `${time}-${low}-${version}-${variant}${HEX[r[at + 1] as number]}-${HEX[r[at + 2] as number]}${HEX[r[at + 3] as number]}${HEX[r[at + 4] as number]}${HEX[r[at + 5] as number]}${HEX[r[at + 6] as number]}${HEX[r[at + 7] as number]}`;
  }
}

const shared = new OrderedIds();

/** The next time-ordered id of this process. */
export function orderedId(): string {
  return shared.next();
}
