/**
 * What both dialects' sessions share, written once so a drop, a resume and an end mean the same
 * whatever the phone speaks: one CommandQueue, the live connection, the resume grace window (a
 * dropped phone has `resumeGraceMs` to come back before the session ends with DEVICE_OFFLINE),
 * the end that fails every waiting caller, and the event listeners. A dialect says how a command
 * runs (`startCommand`) and adds what a drop or a new connection means for its calls on the wire.
 */
import { HubError } from "../errors/hub-error.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import { CommandQueue, type QueuedCommand } from "./command-queue.js";
import type { CallOptions, CallOutcome, DeviceInfo, DeviceRequest, DeviceSession } from "./types.js";

export interface QueuedSessionOptions {
  deviceId: string;
  sessionId: string;
  info: DeviceInfo;
  maxInFlight: number;
  defaultTimeoutMs: number;
  resumeGraceMs: number;
  /** Called once when the session ends for good (grace expired or closed). */
  onEnd?: (session: DeviceSession, reason: HubError) => void;
  onWarning?: (message: string, details: Record<string, unknown>) => void;
  /** Every event the phone reports, before any listener; one function shared by a directory's sessions. */
  onDeviceEvent?: (session: DeviceSession, event: droidhub.v1.IDeviceEvent) => void;
}

export abstract class QueuedSession<Transport, Payload> implements DeviceSession {
  readonly deviceId: string;
  readonly sessionId: string;
  info: DeviceInfo;
  /** Made on the first command: an idle phone in a large fleet never needs one (bench:gateway). */
  #queue: CommandQueue<Payload> | undefined;
  // The options' fields one by one rather than the options object: a spread object kept per session
  // had a map of its own (about 0.5 KB per idle phone, bench:gateway-heap).
  readonly #maxInFlight: number;
  readonly #defaultTimeoutMs: number;
  readonly #resumeGraceMs: number;
  readonly #onEnd: QueuedSessionOptions["onEnd"];
  readonly #onWarning: QueuedSessionOptions["onWarning"];
  readonly #onDeviceEvent: QueuedSessionOptions["onDeviceEvent"];
  #transport: Transport | undefined;
  #graceTimer: NodeJS.Timeout | undefined;
  #ended: HubError | undefined;
  /** Made on the first subscription: most of a large fleet's sessions never have a listener. */
  #listeners: Set<(event: droidhub.v1.IDeviceEvent) => void> | undefined;

  constructor(options: QueuedSessionOptions) {
    this.#maxInFlight = options.maxInFlight;
    this.#defaultTimeoutMs = options.defaultTimeoutMs;
    this.#resumeGraceMs = options.resumeGraceMs;
    this.#onEnd = options.onEnd;
    this.#onWarning = options.onWarning;
    this.#onDeviceEvent = options.onDeviceEvent;
    this.deviceId = options.deviceId;
    this.sessionId = options.sessionId;
    this.info = options.info;
  }

  protected get queue(): CommandQueue<Payload> {
    if (this.#queue) return this.#queue;
    this.#queue = new CommandQueue<Payload>({
      deviceId: this.deviceId,
      maxInFlight: this.#maxInFlight,
      defaultTimeoutMs: this.#defaultTimeoutMs,
      start: (command) => this.startCommand(command),
      ready: () => this.canStart(),
      runningAborted: (command, reason) => this.runningAborted(command, reason),
    });
    // A call after the end is refused as it would have been by a queue made earlier.
    if (this.#ended) this.#queue.close(this.#ended);
    return this.#queue;
  }

  /** The command handed to startCommand and not yet ended, without making a queue for an idle phone. */
  protected get running(): QueuedCommand<Payload> | undefined {
    return this.#queue?.running;
  }

  abstract call(request: DeviceRequest, options?: CallOptions): Promise<CallOutcome>;

  get connected(): boolean {
    return this.#transport !== undefined;
  }

  get ended(): boolean {
    return this.#ended !== undefined;
  }

  /** Commands accepted and not yet answered, the running one included. */
  get pendingCount(): number {
    return this.#queue?.pendingCount ?? 0;
  }

  onEvent(listener: (event: droidhub.v1.IDeviceEvent) => void): () => void {
    this.#listeners ??= new Set();
    const listeners = this.#listeners;
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Binds a live connection: the first one, or a resumed one. Returns the one bound before, if any. */
  attach(transport: Transport): Transport | undefined {
    if (this.#ended) throw new HubError("INTERNAL", "attach on an ended session");
    if (this.#graceTimer) clearTimeout(this.#graceTimer);
    this.#graceTimer = undefined;
    const previous = this.#transport;
    this.#transport = transport;
    return previous;
  }

  /**
   * The connection is gone: keep the session for the grace window, then end. False (and nothing
   * changes) for an older connection that was already replaced.
   */
  detach(transport: Transport): boolean {
    if (this.#transport !== transport) return false;
    this.#transport = undefined;
    if (this.#ended || this.#graceTimer) return true;
    this.#graceTimer = setTimeout(() => {
      this.end(
        new HubError("DEVICE_OFFLINE", `device ${this.deviceId} did not come back within the grace window`, {
          details: { deviceId: this.deviceId },
        }),
      );
    }, this.#resumeGraceMs);
    this.#graceTimer.unref?.();
    return true;
  }

  /** Ends the session for good: every waiting caller gets `reason`. False if it had already ended. */
  end(reason: HubError): boolean {
    if (this.#ended) return false;
    this.#ended = reason;
    if (this.#graceTimer) clearTimeout(this.#graceTimer);
    this.#transport = undefined;
    this.#queue?.close(reason);
    this.#listeners?.clear();
    this.#onEnd?.(this, reason);
    return true;
  }

  /** Runs a command that reached the head of the queue; it must end in queue.resolve() or queue.reject(). */
  protected abstract startCommand(command: QueuedCommand<Payload>): void;

  /**
   * The running command's caller gave up (timeout, abort); it may still run on the phone. The
   * dialect winds it up (or watches `command.signal` instead and leaves this as it is).
   */
  protected runningAborted(_command: QueuedCommand<Payload>, _reason: HubError): void {}

  /** Whether the next command may start now. */
  protected canStart(): boolean {
    return true;
  }

  protected get transport(): Transport | undefined {
    return this.#transport;
  }

  protected get endReason(): HubError | undefined {
    return this.#ended;
  }

  protected emit(event: droidhub.v1.IDeviceEvent): void {
    this.#onDeviceEvent?.(this, event);
    if (this.#listeners) for (const listener of this.#listeners) listener(event);
  }

  protected warn(message: string, details: Record<string, unknown>): void {
    this.#onWarning?.(message, { deviceId: this.deviceId, ...details });
  }
}
