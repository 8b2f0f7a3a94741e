/** A token bucket: `ratePerSecond` messages a second on average, bursts up to the same number. */
export class RateLimiter {
  #tokens: number;
  #last: number;
  readonly #rate: number;

  constructor(ratePerSecond: number, now: number = performance.now()) {
    this.#rate = ratePerSecond;
    this.#tokens = ratePerSecond;
    this.#last = now;
  }

  take(now: number = performance.now()): boolean {
    this.#tokens = Math.min(this.#rate, this.#tokens + ((now - this.#last) * this.#rate) / 1000);
    this.#last = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
