/**
 * Results the phone already produced, by request id, so a command resent after a reconnect is
 * answered from here and never executed twice. Results the hub acknowledged (ResultAck) leave at
 * once, as it will never ask for them again; the rest are bounded: the oldest entries go first.
 */
import type { droidhub } from "../protocol/generated/droidhub.js";

export class ResultCache {
  readonly #entries = new Map<number, droidhub.v1.IResult>();
  readonly #capacity: number;

  constructor(capacity = 128) {
    this.#capacity = capacity;
  }

  get(id: number): droidhub.v1.IResult | undefined {
    return this.#entries.get(id);
  }

  set(id: number, result: droidhub.v1.IResult): void {
    this.#entries.set(id, result);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** The hub has these results and will not resend their ids. Returns how many were dropped. */
  acknowledge(ids: readonly number[]): number {
    let dropped = 0;
    for (const id of ids) if (this.#entries.delete(id)) dropped++;
    return dropped;
  }

  ids(): number[] {
    return [...this.#entries.keys()];
  }

  clear(): void {
    this.#entries.clear();
  }
}
