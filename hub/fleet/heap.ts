/** A binary min-heap: O(log n) push and pop, O(1) peek. */
export class Heap<T> {
  readonly #items: T[] = [];
  readonly #before: (a: T, b: T) => boolean;

  /** `before(a, b)` is true when a must come out before b. */
  constructor(before: (a: T, b: T) => boolean) {
    this.#before = before;
  }

  get size(): number {
    return this.#items.length;
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    const items = this.#items;
    // Sift up with a hole: parents that come after `item` move down, `item` lands once.
    let i = items.length;
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = items[parent];
      if (above === undefined || !this.#before(item, above)) break;
      items[i] = above;
      i = parent;
    }
    items[i] = item;
  }

  pop(): T | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      // Sift down with a hole: children that come before `last` move up, `last` lands once.
      let i = 0;
      for (;;) {
        let at = i;
        let best = last;
        const left = items[2 * i + 1];
        if (left !== undefined && this.#before(left, best)) {
          at = 2 * i + 1;
          best = left;
        }
        const right = items[2 * i + 2];
        if (right !== undefined && this.#before(right, best)) {
          at = 2 * i + 2;
          best = right;
        }
        if (at === i) break;
        items[i] = best;
        i = at;
      }
      items[i] = last;
    }
    return top;
  }
}
