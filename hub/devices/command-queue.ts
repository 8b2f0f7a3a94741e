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
}

/**
 * One accepted command. Plain fields and callbacks rather than an AbortController and EventTarget
 * listeners per command: on the hot path those cost more than the rest of the queue together.
 */
class Entry<T> implements QueuedCommand<T> {
  aborted: HubError | undefined;
  timer: NodeJS.Timeout | undefined;
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
    clearTimeout(this.timer);
    if (this.onExternalAbort) this.external?.removeEventListener("abort", this.onExternalAbort);
  }
}

export class CommandQueue<T> {
  readonly #options: CommandQueueOptions<T>;
  readonly #waiting: Entry<T>[] = [];
  #running: Entry<T> | undefined;
  #closed: HubError | undefined;

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
   * or the signal has already aborted. `build` makes the payload only for an accepted command.
   */
  push(kind: string, options: CallOptions, build: () => T): Promise<CallOutcome> {
    if (this.#closed) return Promise.reject(new HubError(this.#closed.code, this.#closed.message));
    const { deviceId, maxInFlight } = this.#options;
    if (this.pendingCount >= maxInFlight) {
      return Promise.reject(
        new HubError("TOO_MANY_IN_FLIGHT", undefined, { details: { deviceId, limit: maxInFlight } }),
      );
    }
    if (options.signal?.aborted) return Promise.reject(new HubError("ABORTED"));
    const payload = build();
    const timeoutMs = options.timeoutMs ?? this.#options.defaultTimeoutMs;
    return new Promise<CallOutcome>((resolve, reject) => {
      const entry = new Entry(kind, payload, resolve, reject);
      entry.timer = setTimeout(
        () =>
          this.#abort(
            entry,
            new HubError("TIMEOUT", `${kind} got no answer within ${timeoutMs} ms`, {
              details: { deviceId, timeoutMs },
            }),
          ),
        timeoutMs,
      );
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
    const accepted = this.#running ? [this.#running, ...this.#waiting] : [...this.#waiting];
    for (const entry of accepted) {
      this.#abort(entry, new HubError(reason.code, reason.message, { details: { deviceId: this.#options.deviceId } }));
    }
  }

  #end(command: QueuedCommand<T>): Entry<T> | undefined {
    const entry = this.#running;
    if (!entry || entry !== command) return undefined;
    this.#running = undefined;
    entry.cleanup();
    return entry;
  }

  /** Aborts a command: a waiting one leaves the line at once; winding up the running one is the dialect's. */
  #abort(entry: Entry<T>, reason: HubError): void {
    if (!entry.abort(reason)) return;
    const index = this.#waiting.indexOf(entry);
    if (index === -1) return;
    this.#waiting.splice(index, 1);
    entry.cleanup();
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
