import { describe, expect, it } from "vitest";
import { type PhoneFacts, type QueueEntry, QueueIndex } from "../../../hub/fleet/queue-index.js";

let seq = 0;
function entry(id: string, over: Partial<QueueEntry> = {}): QueueEntry {
  return {
    id,
    priority: 0,
    seq: ++seq,
    deviceId: undefined,
    tags: [],
    minSdk: 0,
    notBefore: 0,
    lastDevice: undefined,
    ...over,
  };
}
const phone = (id: string, tags: string[] = [], sdkInt = 34): PhoneFacts => ({ id, tags: new Set(tags), sdkInt });

describe("QueueIndex", () => {
  it("hands out by priority, then age", () => {
    const index = new QueueIndex();
    index.add(entry("a"), 0);
    index.add(entry("b", { priority: 5 }), 0);
    index.add(entry("c"), 0);
    index.add(entry("d", { priority: 5 }), 0);
    const order = [1, 2, 3, 4].map(() => index.takeFor(phone("p"))?.id);
    expect(order).toEqual(["b", "d", "a", "c"]);
    expect(index.takeFor(phone("p"))).toBeUndefined();
  });

  it("gives a pinned task only to its phone, and tagged or SDK-bound tasks only to phones that fit", () => {
    const index = new QueueIndex();
    index.add(entry("pinned", { deviceId: "p2", priority: 9 }), 0);
    index.add(entry("tagged", { tags: ["ru", "bank"], priority: 8 }), 0);
    index.add(entry("new-android", { minSdk: 33, priority: 7 }), 0);
    index.add(entry("any"), 0);
    expect(index.takeFor(phone("p1", ["ru"], 30))?.id).toBe("any");
    expect(index.takeFor(phone("p1", ["ru"], 30))).toBeUndefined();
    expect(index.takeFor(phone("p3", ["bank", "ru", "x"], 30))?.id).toBe("tagged");
    expect(index.takeFor(phone("p3", [], 34))?.id).toBe("new-android");
    expect(index.takeFor(phone("p2"))?.id).toBe("pinned");
    expect(index.size).toBe(0);
  });

  it("holds retries until their backoff ends", () => {
    const index = new QueueIndex();
    index.add(entry("later", { notBefore: 1_000, priority: 9 }), 0);
    index.add(entry("now"), 0);
    expect(index.nextDueAt(0)).toBe(1_000);
    expect(index.takeFor(phone("p"))?.id).toBe("now");
    expect(index.takeFor(phone("p"))).toBeUndefined();
    expect(index.promote(999)).toBe(0);
    expect(index.promote(1_000)).toBe(1);
    expect(index.takeFor(phone("p"))?.id).toBe("later");
  });

  it("says a backoff ended after the latest offer is due, even once a claim made its task ready", () => {
    const index = new QueueIndex();
    index.add(entry("first", { notBefore: 1_000 }), 0);
    index.add(entry("second", { notBefore: 1_001 }), 0);
    index.add(entry("third", { notBefore: 5_000 }), 0);
    // The timer for 1,000 fired early: the offer at 999 found nothing; by the next question both ended.
    expect(index.nextDueAt(999)).toBe(1_000);
    // One phone's claim at 1,002 makes both ready and takes one; the other is ready, other phones unaware.
    index.promote(1_002);
    expect(index.takeFor(phone("p1"))?.id).toBe("first");
    // Asked from the latest offer (999): due at 1,001, already past, so the caller offers at once.
    expect(index.nextDueAt(999)).toBe(1_001);
    // Once an offer at 1,002 or later told every free phone, the next is the third's end.
    expect(index.nextDueAt(1_002)).toBe(5_000);
    expect(index.takeFor(phone("p2"))?.id).toBe("second");
    expect(index.nextDueAt(5_000)).toBeUndefined();
  });

  it("prefers another phone for a retry when it has a choice", () => {
    const index = new QueueIndex();
    index.add(entry("retry", { lastDevice: "p1", priority: 5 }), 0);
    index.add(entry("fresh", { tags: ["x"] }), 0);
    expect(index.takeFor(phone("p1", ["x"]))?.id).toBe("fresh");
    expect(index.takeFor(phone("p1", ["x"]))?.id).toBe("retry"); // no other choice left
  });

  it("forgets removed entries", () => {
    const index = new QueueIndex();
    index.add(entry("a"), 0);
    index.add(entry("b"), 0);
    index.remove("a");
    expect(index.takeFor(phone("p"))?.id).toBe("b");
    expect(index.size).toBe(0);
  });
});
