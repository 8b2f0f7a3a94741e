/**
 * The in-memory index over queued tasks that makes dispatch cheap: one heap per pinned device, one
 * per requirement class (tag set + minimum SDK), and a heap of tasks waiting out a retry backoff.
 * A free phone looks only at the heads of the heaps it can serve — O(k log n) per event for k
 * requirement classes — never at the whole queue. Removal is lazy.
 *
 * It is the fleet's matching rule written once in memory: a store that one hub owns (SQLite) answers
 * `TaskQueue.claim` with it; a store several hubs share states the same rule in its claim query.
 */
import { itemAt } from "../errors/invariant.js";
import { Heap } from "./heap.js";
import type { PhoneFacts } from "./ports.js";

export type { PhoneFacts } from "./ports.js";

export interface QueueEntry {
  id: string;
  priority: number;
  seq: number;
  deviceId: string | undefined;
  tags: readonly string[];
  minSdk: number;
  notBefore: number;
  lastDevice: string | undefined;
}

interface RequirementClass {
  tags: readonly string[];
  minSdk: number;
  heap: Heap<QueueEntry>;
}

/** Higher priority first, then submission order. */
const byRank = (a: QueueEntry, b: QueueEntry): boolean =>
  a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq);

function classKey(tags: readonly string[], minSdk: number): string {
  return `${[...tags].sort().join("\u0000")}|${minSdk}`;
}

export class QueueIndex {
  readonly #live = new Map<string, QueueEntry>();
  readonly #byDevice = new Map<string, Heap<QueueEntry>>();
  readonly #classes = new Map<string, RequirementClass>();
  readonly #waiting = new Heap<QueueEntry>((a, b) => a.notBefore < b.notBefore);
  /** The latest backoff end made ready so far (a claim makes ready what is due, for itself first). */
  #latestReady = 0;

  get size(): number {
    return this.#live.size;
  }

  /** Whether any task so far required a tag with this prefix (e.g. "app:"): phones must report them. */
  requiresPrefix(prefix: string): boolean {
    for (const cls of this.#classes.values()) if (cls.tags.some((t) => t.startsWith(prefix))) return true;
    return false;
  }

  has(id: string): boolean {
    return this.#live.has(id);
  }

  add(entry: QueueEntry, now: number): void {
    this.#live.set(entry.id, entry);
    if (entry.notBefore > now) this.#waiting.push(entry);
    else this.#ready(entry);
  }

  remove(id: string): void {
    this.#live.delete(id);
  }

  /** Moves tasks whose backoff has passed into the ready heaps; returns how many. */
  promote(now: number): number {
    let moved = 0;
    for (let top = this.#waiting.peek(); top && top.notBefore <= now; top = this.#waiting.peek()) {
      this.#waiting.pop();
      if (this.#live.get(top.id) === top) {
        this.#ready(top);
        this.#latestReady = Math.max(this.#latestReady, top.notBefore);
        moved++;
      }
    }
    return moved;
  }

  /**
   * When a task next becomes ready after `since` (the latest offer to every free phone), if any.
   * What was due by `since` becomes ready here. A backoff that ended after it answers its (past)
   * end even when a claim already made it ready: that claim was one phone's, and a task it left
   * ready must be offered to the others, so the caller's timer fires at once.
   */
  nextDueAt(since: number): number | undefined {
    this.promote(since);
    if (this.#latestReady > since) return this.#latestReady;
    for (let top = this.#waiting.peek(); top; top = this.#waiting.peek()) {
      if (this.#live.get(top.id) === top) return top.notBefore;
      this.#waiting.pop();
    }
    return undefined;
  }

  /**
   * The best ready task this phone can run, taken out of the index. A retry prefers another phone
   * than the one it failed on, when another candidate is there.
   */
  takeFor(phone: PhoneFacts): QueueEntry | undefined {
    const heads: { entry: QueueEntry; heap: Heap<QueueEntry> }[] = [];
    const own = this.#byDevice.get(phone.id);
    const ownHead = own && this.#head(own);
    if (own && ownHead) heads.push({ entry: ownHead, heap: own });
    for (const cls of this.#classes.values()) {
      if (cls.minSdk > phone.sdkInt || !cls.tags.every((t) => phone.tags.has(t))) continue;
      const head = this.#head(cls.heap);
      if (head) heads.push({ entry: head, heap: cls.heap });
    }
    if (heads.length === 0) return undefined;
    heads.sort((a, b) => {
      const repeatA = a.entry.lastDevice === phone.id && a.entry.deviceId === undefined ? 1 : 0;
      const repeatB = b.entry.lastDevice === phone.id && b.entry.deviceId === undefined ? 1 : 0;
      if (repeatA !== repeatB) return repeatA - repeatB;
      return byRank(a.entry, b.entry) ? -1 : 1;
    });
    const chosen = itemAt(heads, 0, "queue head");
    chosen.heap.pop();
    this.#live.delete(chosen.entry.id);
    return chosen.entry;
  }

  /** Whether `phone` could run this entry (pinning, tags, SDK). */
  static fits(entry: QueueEntry, phone: PhoneFacts): boolean {
    if (entry.deviceId !== undefined) return entry.deviceId === phone.id;
    return entry.minSdk <= phone.sdkInt && entry.tags.every((t) => phone.tags.has(t));
  }

  #ready(entry: QueueEntry): void {
    if (entry.deviceId !== undefined) {
      let heap = this.#byDevice.get(entry.deviceId);
      if (!heap) {
        heap = new Heap(byRank);
        this.#byDevice.set(entry.deviceId, heap);
      }
      heap.push(entry);
      return;
    }
    const key = classKey(entry.tags, entry.minSdk);
    let cls = this.#classes.get(key);
    if (!cls) {
      cls = { tags: [...entry.tags], minSdk: entry.minSdk, heap: new Heap(byRank) };
      this.#classes.set(key, cls);
    }
    cls.heap.push(entry);
  }

  /** The heap's head that is still live (drops removed entries on the way). */
  #head(heap: Heap<QueueEntry>): QueueEntry | undefined {
    for (let top = heap.peek(); top; top = heap.peek()) {
      if (this.#live.get(top.id) === top) return top;
      heap.pop();
    }
    return undefined;
  }
}
