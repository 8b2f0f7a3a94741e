/**
 * Liveness for every phone socket with one timer: each tick pings every socket and terminates those
 * that let `missedLimit` pings go unanswered. Any frame from the phone counts as a pong, so busy
 * phones on slow links are not cut for a pong stuck behind a screenshot.
 */
export interface Pingable {
  missedPongs: number;
  ping(): void;
  terminate(reason: string): void;
  /** Orderly close when the hub shuts down. */
  shutdown(): void;
}

export class Heartbeat {
  readonly #members = new Set<Pingable>();
  readonly #intervalMs: number;
  readonly #missedLimit: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(intervalMs: number, missedLimit: number) {
    this.#intervalMs = intervalMs;
    this.#missedLimit = missedLimit;
  }

  get size(): number {
    return this.#members.size;
  }

  add(member: Pingable): void {
    this.#members.add(member);
    if (!this.#timer) {
      this.#timer = setInterval(() => this.tick(), this.#intervalMs);
      this.#timer.unref();
    }
  }

  remove(member: Pingable): void {
    this.#members.delete(member);
  }

  /** One round; public so tests can drive it without waiting. */
  tick(): void {
    for (const member of this.#members) {
      if (member.missedPongs >= this.#missedLimit) {
        this.#members.delete(member);
        member.terminate(`no pong for ${member.missedPongs} heartbeats`);
        continue;
      }
      member.missedPongs++;
      member.ping();
    }
  }

  /** Closes every member (hub shutdown); an HTTP server cannot finish closing while sockets live. */
  shutdownAll(): void {
    for (const member of [...this.#members]) member.shutdown();
    this.#members.clear();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
