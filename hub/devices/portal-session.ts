/**
 * A Mobilerun/droidrun Portal phone as a DeviceSession. The Portal speaks JSON-RPC over a text
 * WebSocket (see portal-frames.ts) and keeps no result cache, so:
 * - commands run one at a time, in call order; a command may need several phone calls (a scroll
 *   may read the screen size first, input with a target node taps it first);
 * - a drop while a phone call is outstanding fails that command with DEVICE_OFFLINE (it may or
 *   may not have run: there is no exactly-once without a phone-side cache), while commands still
 *   waiting in the queue survive a reconnect within the grace window (the app retries every 3 s);
 * - answers are matched by id only after messages carrying a `method` were routed as the phone's
 *   own events or requests.
 * Matched against droidrun/droidrun-portal 0.7.2 (commit 88b301c).
 */
import { randomBytes } from "node:crypto";
import { HubError, isHubError } from "../errors/hub-error.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import { PortalCommands, type PortalOptions, type Rpc } from "./portal-commands.js";
import { encodePortalRequest, type PortalFrame, type PortalId } from "./portal-frames.js";
import { fromPortalEvent } from "./portal-tree.js";
import type { CallOptions, CallOutcome, DeviceInfo, DeviceRequest, DeviceResult, DeviceSession } from "./types.js";
import { requestKind } from "./types.js";

export interface PortalTransport {
  sendText(text: string): void;
}

export interface PortalSessionOptions {
  deviceId: string;
  sessionId: string;
  info: DeviceInfo;
  maxInFlight: number;
  defaultTimeoutMs: number;
  resumeGraceMs: number;
  /** Read at every use, so a running hub can be tuned (tests shorten the delays). */
  portal: () => PortalOptions;
  onEnd?: (session: PortalDeviceSession, reason: HubError) => void;
  onWarning?: (message: string, details: Record<string, unknown>) => void;
}

type Runner = (rpc: Rpc, signal: AbortSignal) => Promise<DeviceResult>;

interface Command {
  kind: string;
  run: Runner;
  controller: AbortController;
  resolve: (outcome: CallOutcome) => void;
  reject: (error: HubError) => void;
  cleanup: () => void;
}

interface Outstanding {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: HubError) => void;
}

const ABANDONED_MEMORY = 64;

export class PortalDeviceSession implements DeviceSession {
  readonly deviceId: string;
  readonly sessionId: string;
  readonly info: DeviceInfo;
  readonly #options: PortalSessionOptions;
  readonly #commands: PortalCommands;
  readonly #idPrefix = randomBytes(4).toString("hex");
  #nextId = 0;
  #transport: PortalTransport | undefined;
  #queue: Command[] = [];
  #current: Command | undefined;
  /** Phone calls on the wire, by id; one at a time in practice. */
  readonly #outstanding = new Map<string, Outstanding>();
  #abandoned: string[] = [];
  #transportWaiters = new Set<() => void>();
  #graceTimer: NodeJS.Timeout | undefined;
  #ended: HubError | undefined;
  readonly #listeners = new Set<(event: droidhub.v1.IDeviceEvent) => void>();

  constructor(options: PortalSessionOptions) {
    this.#options = options;
    this.deviceId = options.deviceId;
    this.sessionId = options.sessionId;
    this.info = options.info;
    this.#commands = new PortalCommands(options.info, options.portal);
  }

  get connected(): boolean {
    return this.#transport !== undefined;
  }

  get ended(): boolean {
    return this.#ended !== undefined;
  }

  get pendingCount(): number {
    return this.#queue.length + (this.#current ? 1 : 0);
  }

  call(request: DeviceRequest, options: CallOptions = {}): Promise<CallOutcome> {
    return this.#enqueue(requestKind(request), (rpc, signal) => this.#commands.run(request, rpc, signal), options);
  }

  /** Reads the app version and the screen (and so fills `info`) on a fresh connection. */
  probe(options: CallOptions = {}): Promise<CallOutcome> {
    return this.#enqueue("probe", (rpc, signal) => this.#commands.probe(rpc, signal), options);
  }

  onEvent(listener: (event: droidhub.v1.IDeviceEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  attach(transport: PortalTransport): void {
    if (this.#ended) throw new HubError("INTERNAL", "attach on an ended session");
    if (this.#graceTimer) clearTimeout(this.#graceTimer);
    this.#graceTimer = undefined;
    if (this.#transport && this.#transport !== transport) this.#dropOutstanding();
    this.#transport = transport;
    for (const wake of [...this.#transportWaiters]) wake();
  }

  /** The socket is gone: calls on the wire fail now, queued commands wait out the grace window. */
  detach(transport: PortalTransport): void {
    if (this.#transport !== transport) return;
    this.#transport = undefined;
    this.#dropOutstanding();
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

  /** An answer or a notice from the phone, already parsed. */
  handleFrame(frame: PortalFrame): void {
    if (frame.kind === "notice") {
      if (frame.method === "events/device") {
        const event = fromPortalEvent(frame.params);
        if (!event) return;
        this.#commands.noteEvent(event);
        for (const listener of this.#listeners) listener(event);
      }
      return;
    }
    const id = String(frame.id);
    const waiting = this.#outstanding.get(id);
    if (!waiting) {
      if (!this.#abandoned.includes(id)) {
        this.#options.onWarning?.("portal answer for an unknown id", { deviceId: this.deviceId, id });
      }
      return;
    }
    this.#outstanding.delete(id);
    if (frame.ok) waiting.resolve(frame.result);
    else waiting.reject(phoneError(waiting.method, frame.error, this.deviceId));
  }

  end(reason: HubError): void {
    if (this.#ended) return;
    this.#ended = reason;
    if (this.#graceTimer) clearTimeout(this.#graceTimer);
    this.#transport = undefined;
    // Queued commands leave the queue through their abort listener; the running one fails its call.
    const waiting = this.#current ? [...this.#queue, this.#current] : [...this.#queue];
    for (const command of waiting) {
      command.controller.abort(new HubError(reason.code, reason.message, { details: { deviceId: this.deviceId } }));
    }
    for (const wake of [...this.#transportWaiters]) wake();
    this.#listeners.clear();
    this.#options.onEnd?.(this, reason);
  }

  #enqueue(kind: string, run: Runner, options: CallOptions): Promise<CallOutcome> {
    if (this.#ended) return Promise.reject(new HubError(this.#ended.code, this.#ended.message));
    if (this.pendingCount >= this.#options.maxInFlight) {
      return Promise.reject(
        new HubError("TOO_MANY_IN_FLIGHT", undefined, {
          details: { deviceId: this.deviceId, limit: this.#options.maxInFlight },
        }),
      );
    }
    if (options.signal?.aborted) return Promise.reject(new HubError("ABORTED"));
    const timeoutMs = options.timeoutMs ?? this.#options.defaultTimeoutMs;
    return new Promise<CallOutcome>((resolve, reject) => {
      const controller = new AbortController();
      const timer = setTimeout(
        () =>
          controller.abort(
            new HubError("TIMEOUT", `${kind} got no answer within ${timeoutMs} ms`, {
              details: { deviceId: this.deviceId, timeoutMs },
            }),
          ),
        timeoutMs,
      );
      const external = options.signal;
      const onAbort = () => controller.abort(new HubError("ABORTED", `${kind} was aborted`));
      external?.addEventListener("abort", onAbort, { once: true });
      const command: Command = {
        kind,
        run,
        controller,
        resolve,
        reject,
        cleanup: () => {
          clearTimeout(timer);
          external?.removeEventListener("abort", onAbort);
        },
      };
      // A command still in the queue leaves it as soon as its caller gives up.
      controller.signal.addEventListener(
        "abort",
        () => {
          const index = this.#queue.indexOf(command);
          if (index === -1) return;
          this.#queue.splice(index, 1);
          command.cleanup();
          command.reject(abortReason(controller.signal));
        },
        { once: true },
      );
      this.#queue.push(command);
      this.#pump();
    });
  }

  #pump(): void {
    if (this.#current || this.#ended) return;
    const next = this.#queue.shift();
    if (!next) return;
    this.#current = next;
    void this.#execute(next);
  }

  async #execute(command: Command): Promise<void> {
    const started = performance.now();
    const signal = command.controller.signal;
    try {
      const result = await command.run((method, params) => this.#rpc(method, params, signal), signal);
      if (signal.aborted) throw abortReason(signal);
      command.resolve({ result, ms: Math.round((performance.now() - started) * 100) / 100 });
    } catch (error) {
      command.reject(
        signal.aborted
          ? abortReason(signal)
          : isHubError(error)
            ? error
            : new HubError("INTERNAL", `${command.kind} failed in the Portal adapter`, { cause: error }),
      );
    } finally {
      command.cleanup();
      this.#current = undefined;
      this.#pump();
    }
  }

  /** One phone call: waits for a connection, sends, resolves with the `result` of the answer. */
  async #rpc(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const transport = await this.#connectedTransport(signal);
    const id = `${this.#idPrefix}-${++this.#nextId}`;
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = () => {
        if (!this.#outstanding.delete(id)) return;
        // It may still run on the phone; its late answer is expected and dropped quietly.
        this.#abandoned.push(id);
        if (this.#abandoned.length > ABANDONED_MEMORY) this.#abandoned.shift();
        reject(abortReason(signal));
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.#outstanding.set(id, {
        method,
        resolve: (value) => {
          signal.removeEventListener("abort", onAbort);
          resolve(value);
        },
        reject: (error) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      });
      try {
        transport.sendText(encodePortalRequest(id as PortalId, method, params));
      } catch (error) {
        this.#outstanding.delete(id);
        signal.removeEventListener("abort", onAbort);
        reject(isHubError(error) ? error : new HubError("DEVICE_OFFLINE", "send failed", { cause: error }));
      }
    });
  }

  #connectedTransport(signal: AbortSignal): Promise<PortalTransport> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    if (this.#transport) return Promise.resolve(this.#transport);
    return new Promise((resolve, reject) => {
      const wake = () => {
        if (this.#ended) return finish(() => reject(new HubError(this.#ended!.code, this.#ended!.message)));
        if (this.#transport) {
          const transport = this.#transport;
          finish(() => resolve(transport));
        }
      };
      const onAbort = () => finish(() => reject(abortReason(signal)));
      const finish = (settle: () => void) => {
        this.#transportWaiters.delete(wake);
        signal.removeEventListener("abort", onAbort);
        settle();
      };
      this.#transportWaiters.add(wake);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  #dropOutstanding(): void {
    for (const [id, waiting] of this.#outstanding) {
      this.#outstanding.delete(id);
      waiting.reject(
        new HubError("DEVICE_OFFLINE", `connection lost while ${waiting.method} was on the phone; it may have run`, {
          details: { deviceId: this.deviceId, method: waiting.method, mayHaveRun: true },
        }),
      );
    }
  }
}

function abortReason(signal: AbortSignal): HubError {
  return isHubError(signal.reason) ? signal.reason : new HubError("ABORTED");
}

/** The phone's error text → a typed error; the text is kept for people. */
function phoneError(method: string, text: string, deviceId: string): HubError {
  const details = { deviceId, method, deviceMessage: text.slice(0, 500) };
  if (/^Unknown method/i.test(text)) {
    return new HubError("NOT_SUPPORTED", `this Portal version has no ${method} method`, { details });
  }
  if (/^Missing required param/i.test(text)) return new HubError("INVALID_BODY", text, { details });
  return new HubError("DEVICE_ERROR", `${method} failed on the phone: ${text}`.slice(0, 300), { details });
}
