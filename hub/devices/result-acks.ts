/**
 * Results the hub has received and will never ask for again, told to the phone in batches so it can
 * drop them from its result cache (ResultAck). One frame per `delayMs` window at most, or sooner
 * when `maxBatch` ids are waiting, so a busy phone does not get one extra frame per command.
 * A request that goes out anyway carries what is waiting (`take`, Envelope.acked_result_ids), so a
 * busy phone gets no ResultAck frames at all; the timer then fires once per window and finds nothing.
 * Acknowledgements are a courtesy, not a guarantee: ids that cannot be sent wait for the next
 * connection (at most `maxPending` of them), and a phone that never hears of an id falls back to
 * its own count/age limit.
 */
export interface ResultAcksOptions {
  /** How long the first waiting id waits for company. */
  delayMs: number;
  /** Ids that go out at once, without waiting for the timer. */
  maxBatch?: number;
  /** Ids kept while they cannot be sent; the oldest go first. */
  maxPending?: number;
  /** Sends one ResultAck; false when there is no connection to send it on. */
  send: (ids: number[]) => boolean;
}

export const DEFAULT_RESULT_ACK_MS = 200;
const DEFAULT_MAX_BATCH = 256;
const DEFAULT_MAX_PENDING = 1024;

export class ResultAcks {
  readonly #options: ResultAcksOptions;
  #ids: number[] = [];
  /** Kept after it fires and re-armed with refresh(): a busy phone schedules one every window. */
  #timer: NodeJS.Timeout | undefined;
  #armed = false;

  constructor(options: ResultAcksOptions) {
    this.#options = options;
  }

  /** Ids waiting to be acknowledged. */
  get pending(): readonly number[] {
    return this.#ids;
  }

  add(id: number): void {
    if (this.#ids.includes(id)) return;
    this.#ids.push(id);
    const maxPending = this.#options.maxPending ?? DEFAULT_MAX_PENDING;
    if (this.#ids.length > maxPending) this.#ids.splice(0, this.#ids.length - maxPending);
    if (this.#ids.length >= (this.#options.maxBatch ?? DEFAULT_MAX_BATCH)) this.flush();
    else this.schedule();
  }

  /** Sends what is waiting after the delay (a no-op when a send is already scheduled or nothing waits). */
  schedule(): void {
    if (this.#armed || this.#ids.length === 0) return;
    this.#armed = true;
    if (this.#timer) {
      this.#timer.refresh();
      return;
    }
    this.#timer = setTimeout(ResultAcks.#onTimer, this.#options.delayMs, this);
    this.#timer.unref?.();
  }

  static #onTimer(acks: ResultAcks): void {
    acks.#armed = false;
    acks.#send();
  }

  /** Sends what is waiting now; kept for later when there is no connection. */
  flush(): void {
    this.#disarm();
    this.#send();
  }

  #send(): void {
    const ids = this.take();
    if (ids && !this.#options.send(ids)) this.putBack(ids);
  }

  /**
   * Hands every waiting id to a frame that goes out anyway. The timer is left to run (clearing
   * and re-arming it per command costs more than one idle firing per window).
   */
  take(): number[] | undefined {
    if (this.#ids.length === 0) return undefined;
    const ids = this.#ids;
    this.#ids = [];
    return ids;
  }

  /**
   * Every waiting id went out on a frame that was going anyway (encoded from `pending`): no array
   * is handed over, so a busy phone's acks cost no allocation per command.
   */
  sent(): void {
    this.#ids.length = 0;
  }

  /** The frame carrying `ids` could not be sent: they wait again, ahead of newer ones. */
  putBack(ids: number[]): void {
    this.#ids = [...ids, ...this.#ids];
    const maxPending = this.#options.maxPending ?? DEFAULT_MAX_PENDING;
    if (this.#ids.length > maxPending) this.#ids.splice(0, this.#ids.length - maxPending);
  }

  /** The session ended: nothing more will be sent. */
  close(): void {
    this.#disarm();
    this.#ids = [];
  }

  #disarm(): void {
    if (!this.#armed) return;
    // A cleared timer cannot be refreshed: the next schedule() makes a new one.
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#armed = false;
  }
}
