import { describe, expect, it } from "vitest";
import { OrderedIds, orderedId } from "../../../hub/util/ordered-id.js";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The 48-bit time an id carries. */
const timeOf = (id: string): number => Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16);

describe("time-ordered ids", () => {
  it("are version-7 UUIDs carrying the clock's millisecond, each sorting after the last", () => {
    const ids = new OrderedIds(() => 1_764_547_200_123);
    const made = Array.from({ length: 1_000 }, () => ids.next());
    for (const id of made) expect(id).toMatch(UUID_V7);
    expect(timeOf(made[0]!)).toBe(1_764_547_200_123);
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it("stay in order when the clock steps back or more than 4,096 are asked in one millisecond", () => {
    let now = 2_000_000_000_000;
    const ids = new OrderedIds(() => now);
    const made = Array.from({ length: 5_000 }, () => ids.next());
    now -= 60_000; // the clock stepped back a minute
    made.push(ids.next(), ids.next());
    now += 120_000;
    made.push(ids.next());
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
    // 4,096 fit in the millisecond; the rest borrow the next one until the clock catches up.
    expect(timeOf(made[4_095]!)).toBe(2_000_000_000_000);
    expect(timeOf(made[4_096]!)).toBe(2_000_000_000_001);
    expect(timeOf(made.at(-1)!)).toBe(2_000_000_060_000);
  });

  it("differ in their 62 random bits: two sources at the same millisecond make different ids", () => {
    const a = new OrderedIds(() => 1_000).next();
    const b = new OrderedIds(() => 1_000).next();
    expect(a.slice(0, 18)).toBe(b.slice(0, 18)); // the same time and counter
    expect(a).not.toBe(b);
    expect(orderedId()).toMatch(UUID_V7);
  });
});
