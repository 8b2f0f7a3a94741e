/**
 * Work that is asked for in bursts but needs doing once per burst: a request while the work runs
 * makes one more run after it, not one each. The dispatcher's wake-ups use it: a batch queued on
 * another hub arrives as a burst of task_queued messages (one per task), and an offer plus a
 * backoff lookup per message kept the shared database busy answering the same question.
 */
export class Coalesced {
  readonly #work: () => Promise<void>;
  #running = false;
  #again = false;

  constructor(work: () => Promise<void>) {
    this.#work = work;
  }

  request(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    void this.#work().finally(() => {
      this.#running = false;
      if (!this.#again) return;
      this.#again = false;
      this.request();
    });
  }
}
