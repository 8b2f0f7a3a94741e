/**
 * A Mobilerun/droidrun Portal phone as a DeviceSession. The Mobilerun speaks JSON-RPC over a text
 * WebSocket (see mobilerun-frames.ts) and keeps no result cache, so:
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
import { AbandonedIds, abortReason, elapsedMs, type QueuedCommand } from "./command-queue.js";
import { checkDeviceEvent } from "./device-limits.js";
import { MobilerunCommands, type MobilerunOptions, type Rpc } from "./mobilerun-commands.js";
import { encodeMobilerunRequest, type MobilerunFrame, type MobilerunId } from "./mobilerun-frames.js";
import { fromMobilerunEvent } from "./mobilerun-tree.js";
import { QueuedSession, type QueuedSessionOptions } from "./queued-session.js";
import type { CallOptions, CallOutcome, DeviceRequest, DeviceResult } from "./types.js";
import { requestKind } from "./types.js";

export interface MobilerunTransport {
  sendText(text: string): void;
  /** Closes the socket with the error's close code (the session ended or moved to another socket). */
  close(reason: HubError): void;
}

export interface MobilerunSessionOptions extends QueuedSessionOptions {
  /** Read at every use, so a running hub can be tuned (tests shorten the delays). */
  commandOptions: () => MobilerunOptions;
}

type Runner = (rpc: Rpc, signal: AbortSignal) => Promise<DeviceResult>;

interface Outstanding {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: HubError) => void;
}

export class MobilerunSession extends QueuedSession<MobilerunTransport, Runner> {
  readonly #commands: MobilerunCommands;
  readonly #idPrefix = randomBytes(4).toString("hex");
  #nextId = 0;
  /** Phone calls on the wire, by id; one at a time in practice. */
  readonly #outstanding = new Map<string, Outstanding>();
  readonly #abandoned = new AbandonedIds<string>();
  readonly #transportWaiters = new Set<() => void>();

  constructor(options: MobilerunSessionOptions) {
    super(options);
    this.#commands = new MobilerunCommands(options.info, options.commandOptions);
  }

  override call(request: DeviceRequest, options: CallOptions = {}): Promise<CallOutcome> {
    return this.queue.push(
      requestKind(request),
      options,
      () => (rpc, signal) => this.#commands.run(request, rpc, signal),
    );
  }

  /** Reads the app version and the screen (and so fills `info`) on a fresh connection. */
  probe(options: CallOptions = {}): Promise<CallOutcome> {
    return this.queue.push("probe", options, () => (rpc, signal) => this.#commands.probe(rpc, signal));
  }

  override attach(transport: MobilerunTransport): MobilerunTransport | undefined {
    const previous = super.attach(transport);
    if (previous && previous !== transport) this.#dropOutstanding();
    this.#wakeWaiters();
    return previous;
  }

  /** The socket is gone: calls on the wire fail now, queued commands wait out the grace window. */
  override detach(transport: MobilerunTransport): boolean {
    const current = super.detach(transport);
    if (current) this.#dropOutstanding();
    return current;
  }

  override end(reason: HubError): boolean {
    if (!super.end(reason)) return false;
    this.#wakeWaiters();
    return true;
  }

  /** An answer or a notice from the phone, already parsed. */
  handleFrame(frame: MobilerunFrame): void {
    if (frame.kind === "notice") {
      if (frame.method === "events/device") {
        const event = fromMobilerunEvent(frame.params);
        if (!event) return;
        checkDeviceEvent(event);
        this.#commands.noteEvent(event);
        this.emit(event);
      }
      return;
    }
    const id = String(frame.id);
    const waiting = this.#outstanding.get(id);
    if (!waiting) {
      if (!this.#abandoned.has(id)) this.warn("mobilerun answer for an unknown id", { id });
      return;
    }
    this.#outstanding.delete(id);
    if (frame.ok) waiting.resolve(frame.result);
    else waiting.reject(phoneError(waiting.method, frame.error, this.deviceId));
  }

  /** Runs the command's phone calls; a caller who gives up aborts the call on the wire (see #rpc). */
  protected override startCommand(command: QueuedCommand<Runner>): void {
    void this.#execute(command);
  }

  async #execute(command: QueuedCommand<Runner>): Promise<void> {
    const started = performance.now();
    const signal = command.signal;
    try {
      const result = await command.payload((method, params) => this.#rpc(method, params, signal), signal);
      if (signal.aborted) throw abortReason(signal);
      this.queue.resolve(command, { result, ms: elapsedMs(started) });
    } catch (error) {
      this.queue.reject(
        command,
        signal.aborted
          ? abortReason(signal)
          : isHubError(error)
            ? error
            : new HubError("INTERNAL", `${command.kind} failed in the Mobilerun adapter`, { cause: error }),
      );
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
        this.#abandoned.add(id);
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
        transport.sendText(encodeMobilerunRequest(id as MobilerunId, method, params));
      } catch (error) {
        this.#outstanding.delete(id);
        signal.removeEventListener("abort", onAbort);
        reject(isHubError(error) ? error : new HubError("DEVICE_OFFLINE", "send failed", { cause: error }));
      }
    });
  }

  #connectedTransport(signal: AbortSignal): Promise<MobilerunTransport> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    if (this.transport) return Promise.resolve(this.transport);
    return new Promise((resolve, reject) => {
      const wake = () => {
        const ended = this.endReason;
        if (ended) return finish(() => reject(new HubError(ended.code, ended.message)));
        const transport = this.transport;
        if (transport) finish(() => resolve(transport));
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

  #wakeWaiters(): void {
    for (const wake of [...this.#transportWaiters]) wake();
  }

  /** Answers to calls sent on a connection that is gone will never come. */
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

/** The phone's error text → a typed error; the text is kept for people. */
function phoneError(method: string, text: string, deviceId: string): HubError {
  const details = { deviceId, method, deviceMessage: text.slice(0, 500) };
  if (/^Unknown method/i.test(text)) {
    return new HubError("NOT_SUPPORTED", `this Mobilerun version has no ${method} method`, { details });
  }
  if (/^Missing required param/i.test(text)) return new HubError("INVALID_BODY", text, { details });
  return new HubError("DEVICE_ERROR", `${method} failed on the phone: ${text}`.slice(0, 300), { details });
}
