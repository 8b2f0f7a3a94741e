/**
 * A droidhub-dialect phone as a DeviceSession: typed, time-bounded commands correlated by id and
 * executed one at a time, in call order.
 *
 * Exactly-once: a command is written to the wire once per connection. When the connection drops
 * mid-command the session keeps it; a phone that resumes within the grace window gets the same id
 * again and answers from its result cache if it already ran it. A command whose caller gave up
 * (timeout, abort) is never resent.
 */
import { HubError, type HubErrorCode } from "../errors/hub-error.js";
import { type Envelope, encodeEnvelope, pb } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import type { CallOptions, CallOutcome, DeviceInfo, DeviceRequest, DeviceResult, DeviceSession } from "./types.js";
import { requestKind } from "./types.js";

export interface SessionTransport {
  send(frame: Uint8Array): void;
}

export interface SessionOptions {
  deviceId: string;
  sessionId: string;
  resumeToken: string;
  info: DeviceInfo;
  maxInFlight: number;
  defaultTimeoutMs: number;
  resumeGraceMs: number;
  nextId: () => number;
  /** Called once when the session ends for good (grace expired or closed). */
  onEnd?: (session: ProtoDeviceSession, reason: HubError) => void;
  onWarning?: (message: string, details: Record<string, unknown>) => void;
}

interface Command {
  id: number;
  kind: string;
  frame: Uint8Array;
  resolve: (outcome: CallOutcome) => void;
  reject: (error: HubError) => void;
  timer: NodeJS.Timeout;
  detachAbort: (() => void) | undefined;
  sentAt: number;
}

/** Device error codes that mean the caller asked for something wrong, not that the phone failed. */
const DEVICE_CODE_TO_HUB: Partial<Record<number, HubErrorCode>> = {
  [pb.ErrorCode.ERROR_CODE_INVALID_ARGUMENT]: "INVALID_BODY",
  [pb.ErrorCode.ERROR_CODE_NOT_SUPPORTED]: "NOT_SUPPORTED",
};

const ABANDONED_MEMORY = 64;

export class ProtoDeviceSession implements DeviceSession {
  readonly deviceId: string;
  readonly sessionId: string;
  readonly resumeToken: string;
  info: DeviceInfo;
  readonly #options: SessionOptions;
  #transport: SessionTransport | undefined;
  #queue: Command[] = [];
  #current: Command | undefined;
  /** Ids whose callers gave up; late answers for them are expected and dropped quietly. */
  #abandoned: number[] = [];
  #graceTimer: NodeJS.Timeout | undefined;
  #ended: HubError | undefined;
  #listeners = new Set<(event: droidhub.v1.IDeviceEvent) => void>();

  constructor(options: SessionOptions) {
    this.#options = options;
    this.deviceId = options.deviceId;
    this.sessionId = options.sessionId;
    this.resumeToken = options.resumeToken;
    this.info = options.info;
  }

  get connected(): boolean {
    return this.#transport !== undefined;
  }

  get ended(): boolean {
    return this.#ended !== undefined;
  }

  /** Commands accepted and not yet answered, the running one included. */
  get pendingCount(): number {
    return this.#queue.length + (this.#current ? 1 : 0);
  }

  call(request: DeviceRequest, options: CallOptions = {}): Promise<CallOutcome> {
    if (this.#ended) return Promise.reject(new HubError(this.#ended.code, this.#ended.message));
    if (this.pendingCount >= this.#options.maxInFlight) {
      return Promise.reject(
        new HubError("TOO_MANY_IN_FLIGHT", undefined, {
          details: { deviceId: this.deviceId, limit: this.#options.maxInFlight },
        }),
      );
    }
    if (options.signal?.aborted) return Promise.reject(new HubError("ABORTED"));
    const id = this.#options.nextId();
    const kind = requestKind(request);
    const frame = encodeEnvelope({ id, ...request });
    const timeoutMs = options.timeoutMs ?? this.#options.defaultTimeoutMs;
    return new Promise<CallOutcome>((resolve, reject) => {
      const command: Command = {
        id,
        kind,
        frame,
        resolve,
        reject,
        sentAt: 0,
        detachAbort: undefined,
        timer: setTimeout(
          () =>
            this.#giveUp(
              command,
              new HubError("TIMEOUT", `${kind} got no answer within ${timeoutMs} ms`, {
                details: { deviceId: this.deviceId, timeoutMs },
              }),
            ),
          timeoutMs,
        ),
      };
      if (options.signal) {
        const signal = options.signal;
        const onAbort = () => this.#giveUp(command, new HubError("ABORTED", `${kind} was aborted`));
        signal.addEventListener("abort", onAbort, { once: true });
        command.detachAbort = () => signal.removeEventListener("abort", onAbort);
      }
      this.#queue.push(command);
      this.#pump();
    });
  }

  onEvent(listener: (event: droidhub.v1.IDeviceEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Binds a live connection: the first one, or a resumed one after a drop. */
  attach(transport: SessionTransport): void {
    if (this.#ended) throw new HubError("INTERNAL", "attach on an ended session");
    if (this.#graceTimer) clearTimeout(this.#graceTimer);
    this.#graceTimer = undefined;
    this.#transport = transport;
  }

  /**
   * Starts sending on the attached transport. Separate from attach() so the gateway can write its
   * Welcome first. The command that was on the wire when the old connection died goes out again
   * with its id.
   */
  flush(): void {
    if (!this.#transport) return;
    if (this.#current) this.#send(this.#current);
    else this.#pump();
  }

  /** The connection is gone; keep everything for the grace window, then end. */
  detach(transport: SessionTransport): void {
    if (this.#transport !== transport) return; // an older connection that was already replaced
    this.#transport = undefined;
    if (this.#ended || this.#graceTimer) return;
    this.#graceTimer = setTimeout(() => {
      this.end(
        new HubError("DEVICE_OFFLINE", `device ${this.deviceId} did not come back within the grace window`, {
          details: { deviceId: this.deviceId },
        }),
      );
    }, this.#options.resumeGraceMs);
    this.#graceTimer.unref?.();
  }

  /** A result or an event from the phone. */
  handleEnvelope(envelope: Envelope): void {
    if (envelope.body === "event" && envelope.event) {
      for (const listener of this.#listeners) listener(envelope.event);
      return;
    }
    if (envelope.body !== "result" || !envelope.result) {
      throw new HubError("PROTOCOL_ERROR", `unexpected ${envelope.body ?? "empty"} frame from the phone`);
    }
    const replyTo = Number(envelope.replyTo);
    const current = this.#current;
    if (!current || current.id !== replyTo) {
      if (!this.#abandoned.includes(replyTo)) {
        this.#options.onWarning?.("result for an unknown request id", { deviceId: this.deviceId, replyTo });
      }
      return;
    }
    this.#current = undefined;
    this.#settle(current);
    this.#finish(current, envelope.result);
    this.#pump();
  }

  /** Ends the session for good: every waiting caller gets `reason`. */
  end(reason: HubError): void {
    if (this.#ended) return;
    this.#ended = reason;
    if (this.#graceTimer) clearTimeout(this.#graceTimer);
    this.#transport = undefined;
    const waiting = this.#current ? [this.#current, ...this.#queue] : [...this.#queue];
    this.#current = undefined;
    this.#queue = [];
    for (const command of waiting) {
      this.#settle(command);
      command.reject(new HubError(reason.code, reason.message, { details: { deviceId: this.deviceId } }));
    }
    this.#listeners.clear();
    this.#options.onEnd?.(this, reason);
  }

  #pump(): void {
    if (this.#current || !this.#transport) return;
    const next = this.#queue.shift();
    if (!next) return;
    this.#current = next;
    this.#send(next);
  }

  #send(command: Command): void {
    command.sentAt = performance.now();
    try {
      this.#transport?.send(command.frame);
    } catch (error) {
      // The socket died under us; the close handler will detach and a resume will resend.
      this.#options.onWarning?.("send failed", { deviceId: this.deviceId, error: String(error) });
    }
  }

  #giveUp(command: Command, error: HubError): void {
    if (this.#current === command) {
      // It may still run on the phone; remember the id so its late answer is not mistaken.
      this.#current = undefined;
      this.#abandoned.push(command.id);
      if (this.#abandoned.length > ABANDONED_MEMORY) this.#abandoned.shift();
    } else {
      const index = this.#queue.indexOf(command);
      if (index === -1) return; // already settled
      this.#queue.splice(index, 1);
    }
    this.#settle(command);
    command.reject(error);
    this.#pump();
  }

  #settle(command: Command): void {
    clearTimeout(command.timer);
    command.detachAbort?.();
  }

  #finish(command: Command, result: DeviceResult): void {
    const ms = Math.round((performance.now() - command.sentAt) * 100) / 100;
    if (result.ok) {
      command.resolve({ result, ms });
      return;
    }
    const deviceCode = result.error?.code ?? pb.ErrorCode.ERROR_CODE_UNSPECIFIED;
    const hubCode = DEVICE_CODE_TO_HUB[deviceCode] ?? "DEVICE_ERROR";
    command.reject(
      new HubError(hubCode, result.error?.message || `${command.kind} failed on the device`, {
        details: {
          deviceId: this.deviceId,
          deviceCode: pb.ErrorCode[deviceCode] ?? String(deviceCode),
          ms,
        },
      }),
    );
  }
}
