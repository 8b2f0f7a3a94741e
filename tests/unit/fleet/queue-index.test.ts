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
    expect(index.nextDueAt()).toBe(1_000);
    expect(index.takeFor(phone("p"))?.id).toBe("now");
    expect(index.takeFor(phone("p"))).toBeUndefined();
    expect(index.promote(999)).toBe(0);
    expect(index.promote(1_000)).toBe(1);
    expect(index.takeFor(phone("p"))?.id).toBe("later");
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
