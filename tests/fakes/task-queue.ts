/**
 * A TaskQueue (hub/fleet/ports.ts) with nothing to claim whose `release` fails while the database is
 * "away": the first `failures` hand-backs reject as a shared database's would, the rest succeed. It
 * records every hand-back and every claim it was asked for.
 */
import type { ClaimedTask, TaskQueue } from "../../hub/fleet/ports.js";

export class AwayQueue implements TaskQueue {
  readonly releases: { taskId: string; ok: boolean }[] = [];
  /** Phones that asked for work, in order (a phone asks once it is free). */
  readonly claims: string[] = [];
  #failures: number;

  constructor(failures: number) {
    this.#failures = failures;
  }

  async claim(phone: { id: string }): Promise<ClaimedTask | undefined> {
    this.claims.push(phone.id);
    return undefined;
  }

  async release(taskId: string): Promise<void> {
    const ok = this.#failures-- <= 0;
    this.releases.push({ taskId, ok });
    if (!ok) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
  }

  async nextDueAt(): Promise<number | undefined> {
    return undefined;
  }

  async requiresTag(): Promise<boolean> {
    return false;
  }
}
