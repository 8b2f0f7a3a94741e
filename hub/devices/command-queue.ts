/**
 * The serial command line to one phone. Both dialects (droidhub-session.ts, mobilerun-session.ts) run
 * their commands through this one queue so that ordering, time limits, aborts and the in-flight
 * limit cannot drift apart between them:
 * - commands start one at a time, in call order, and only when `ready()` says so;
 * - a caller's time limit counts from the call, queue wait included;
 * - a caller who gives up (timeout, AbortSignal) or a closing queue aborts the command (`aborted`,
 *   `onAbort`, or a lazily made `signal`) with the HubError the caller gets. A waiting command leaves the queue at once; the running one
 *   may already be on the phone, so winding it up is the dialect's: it ends every command it was
 *   given with resolve() or reject().
 */
import { HubError, isHubError } from "../errors/hub-error.js";
import type { CallOptions, CallOutcome } from "./types.js";

export interface QueuedCommand<T> {
  readonly kind: string;
  /** What the dialect needs to run the command (a frame, a runner). */
  readonly payload: T;
  /** The HubError the command was aborted with (caller gave up, queue closed); undefined while live. */
  readonly aborted: HubError | undefined;
  /** Calls `listener` once if the command is aborted later; the cheap form of `signal`. */
  onAbort(listener: (reason: HubError) => void): void;
  /** The same as an AbortSignal, made on first use (an AbortController per command is not free). */
  readonly signal: AbortSignal;
}

export interface CommandQueueOptions<T> {
  deviceId: string;
  maxInFlight: number;
  defaultTimeoutMs: number;
  /** Runs the command at the head of the line; the dialect ends it with resolve() or reject(). */
  start: (command: QueuedCommand<T>) => void;
  /** Whether the next command may start now; call pump() when this turns true. Always, if unset. */
  ready?: () => boolean;
  /**
   * The running command was aborted (timeout, the caller's signal): one hook for every command of
   * the queue, where `onAbort` would take a closure per command.
   */
  runningAborted?: (command: QueuedCommand<T>, reason: HubError) => void;
}

/**
 * One accepted command. Plain fields and callbacks rather than an AbortController and EventTarget
 * listeners per command: on the hot path those cost more than the rest of the queue together.
 */
class Entry<T> implements QueuedCommand<T> {
  aborted: HubError | undefined;
  /** When the caller's time limit runs out (performance.now() reading), and the limit itself. */
  deadline = 0;
  timeoutMs = 0;
  external: AbortSignal | undefined;
  onExternalAbort: (() => void) | undefined;
  #listeners: ((reason: HubError) => void)[] | undefined;
  #controller: AbortController | undefined;

  constructor(
    readonly kind: string,
    readonly payload: T,
    readonly resolve: (outcome: CallOutcome) => void,
    readonly reject: (error: HubError) => void,
  ) {}

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.aborted);
    }
    return this.#controller.signal;
  }

  onAbort(listener: (reason: HubError) => void): void {
    if (this.aborted) return;
    this.#listeners ??= [];
    this.#listeners.push(listener);
  }

  /** Marks the command aborted and tells its listeners; false when it already was. */
  abort(reason: HubError): boolean {
    if (this.aborted) return false;
    this.aborted = reason;
    this.#controller?.abort(reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (listeners) for (const listener of listeners) listener(reason);
    return true;
  }

  cleanup(): void {
    if (this.onExternalAbort) this.external?.removeEventListener("abort", this.onExternalAbort);
  }
}

export class CommandQueue<T> {
  readonly #options: CommandQueueOptions<T>;
  readonly #waiting: Entry<T>[] = [];
  #running: Entry<T> | undefined;
  #closed: HubError | undefined;
  /**
   * One timer for the whole line, not one per command: armed for the soonest deadline, and on
   * firing it times out what is due and re-arms for what is left. Commands that finish in time leave
   * it alone, so a phone taking commands back to back costs a timer every `defaultTimeoutMs`,
   * not one per command. Referenced only while commands are accepted (an idle line keeps no process alive).
   */
  #timer: NodeJS.Timeout | undefined;
  /** The deadline #timer fires for. */
  #timerAt = 0;

  constructor(options: CommandQueueOptions<T>) {
    this.#options = options;
  }

  /** Commands accepted and not yet ended, the running one included. */
  get pendingCount(): number {
    return this.#waiting.length + (this.#running ? 1 : 0);
  }

  /** The command handed to `start` and not yet ended. */
  get running(): QueuedCommand<T> | undefined {
    return this.#running;
  }

  /**
   * Accepts a command, or refuses it at once: the queue is closed, the in-flight limit is reached
   * or the signal has already aborted. `build` makes the payload (from `arg`) only for an accepted
   * command; a function that needs no closure per call keeps a busy phone's commands cheap.
   */
  push<A>(kind: string, options: CallOptions, build: (arg: A) => T, arg?: A): Promise<CallOutcome> {
    if (this.#closed) return Promise.reject(new HubError(this.#closed.code, this.#closed.message));
    const { deviceId, maxInFlight } = this.#options;
    if (this.pendingCount >= maxInFlight) {
      return Promise.reject(
        new HubError("TOO_MANY_IN_FLIGHT", undefined, { details: { deviceId, limit: maxInFlight } }),
      );
    }
    if (options.signal?.aborted) return Promise.reject(new HubError("ABORTED"));
    const payload = build(arg as A);
    const timeoutMs = options.timeoutMs ?? this.#options.defaultTimeoutMs;
    return new Promise<CallOutcome>((resolve, reject) => {
      const entry = new Entry(kind, payload, resolve, reject);
      entry.timeoutMs = timeoutMs;
      entry.deadline = performance.now() + timeoutMs;
      this.#arm(entry.deadline, timeoutMs);
      const external = options.signal;
      if (external) {
        entry.external = external;
        entry.onExternalAbort = () => this.#abort(entry, new HubError("ABORTED", `${kind} was aborted`));
        external.addEventListener("abort", entry.onExternalAbort, { once: true });
      }
      this.#waiting.push(entry);
      this.pump();
    });
  }

  /** Starts the next command if none is running and the queue is ready. */
  pump(): void {
    if (this.#running || this.#closed) return;
    if (this.#options.ready && !this.#options.ready()) return;
    const next = this.#waiting.shift();
    if (!next) return;
    this.#running = next;
    this.#options.start(next);
  }

  /** Ends the running command with an answer; a command that already ended is ignored. */
  resolve(command: QueuedCommand<T>, outcome: CallOutcome): void {
    this.#end(command)?.resolve(outcome);
    this.pump();
  }

  /** Ends the running command with an error; a command that already ended is ignored. */
  reject(command: QueuedCommand<T>, error: HubError): void {
    this.#end(command)?.reject(error);
    this.pump();
  }

  /** Refuses new commands for good and aborts every accepted one (the running one first) with `reason`. */
  close(reason: HubError): void {
    if (this.#closed) return;
    this.#closed = reason;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const entry of this.#accepted()) {
      this.#abort(entry, new HubError(reason.code, reason.message, { details: { deviceId: this.#options.deviceId } }));
    }
  }

  #end(command: QueuedCommand<T>): Entry<T> | undefined {
    const entry = this.#running;
    if (!entry || entry !== command) return undefined;
    this.#running = undefined;
    entry.cleanup();
    if (this.#waiting.length === 0) this.#timer?.unref();
    return entry;
  }

  /** Makes sure the timer fires by `deadline` (`delayMs` from now). */
  #arm(deadline: number, delayMs: number): void {
    const timer = this.#timer;
    if (timer && this.#timerAt <= deadline) {
      timer.ref();
      return;
    }
    clearTimeout(timer);
    this.#timerAt = deadline;
    this.#timer = setTimeout(CommandQueue.#onTimer, Math.max(1, delayMs), this);
  }

  static #onTimer<T>(queue: CommandQueue<T>): void {
    queue.#timer = undefined;
    // The timer fired for #timerAt; a clock that has not caught up with it (fake timers) must not
    // keep a due command alive.
    const now = Math.max(performance.now(), queue.#timerAt);
    const due: Entry<T>[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const entry of queue.#accepted()) {
      if (entry.aborted) continue;
      if (entry.deadline <= now) due.push(entry);
      else next = Math.min(next, entry.deadline);
    }
    for (const entry of due) queue.#abort(entry, queue.#timeoutError(entry));
    if (next !== Number.POSITIVE_INFINITY && !queue.#closed) queue.#arm(next, next - now);
  }

  #timeoutError(entry: Entry<T>): HubError {
    const { deviceId } = this.#options;
    const timeoutMs = entry.timeoutMs;
    return new HubError("TIMEOUT", `${entry.kind} got no answer within ${timeoutMs} ms`, {
      details: { deviceId, timeoutMs },
    });
  }

  /** The running command, then the waiting ones, in order. */
  #accepted(): Entry<T>[] {
    return this.#running ? [this.#running, ...this.#waiting] : [...this.#waiting];
  }

  /** Aborts a command: a waiting one leaves the line at once; winding up the running one is the dialect's. */
  #abort(entry: Entry<T>, reason: HubError): void {
    if (!entry.abort(reason)) return;
    if (entry === this.#running) {
      this.#options.runningAborted?.(entry, reason);
      return;
    }
    const index = this.#waiting.indexOf(entry);
    if (index === -1) return;
    this.#waiting.splice(index, 1);
    entry.cleanup();
    if (this.pendingCount === 0) this.#timer?.unref();
    entry.reject(reason);
  }
}

/** The HubError a command's signal aborted with. */
export function abortReason(signal: AbortSignal): HubError {
  return isHubError(signal.reason) ? signal.reason : new HubError("ABORTED");
}

/** Milliseconds since `since` (a performance.now() reading), to two decimals. */
export function elapsedMs(since: number): number {
  return Math.round((performance.now() - since) * 100) / 100;
}

/**
 * Ids of phone calls whose callers gave up. The phone may still answer them; those late answers
 * are expected and dropped quietly, unlike answers to ids the hub never sent.
 */
export class AbandonedIds<K> {
  readonly #ids: K[] = [];
  readonly #limit: number;

  constructor(limit = 64) {
    this.#limit = limit;
  }

  add(id: K): void {
    this.#ids.push(id);
    if (this.#ids.length > this.#limit) this.#ids.shift();
  }

  has(id: K): boolean {
    return this.#ids.includes(id);
  }
}
