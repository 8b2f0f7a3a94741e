/**
 * A droidhub-dialect phone as a DeviceSession: typed, time-bounded commands correlated by id and
 * executed one at a time, in call order.
 *
 * Exactly-once: a command is written to the wire once per connection. When the connection drops
 * mid-command the session keeps it; a phone that resumes within the grace window gets the same id
 * again and answers from its result cache if it already ran it. A command whose caller gave up
 * (timeout, abort) is never resent.
 *
 * Every result the session received (matched, or the late answer of an abandoned command) is
 * acknowledged to the phone in batches (ResultAck, result-acks.ts), or on the next command that goes
 * out anyway (Envelope.acked_result_ids): the session never resends those
 * ids, so the phone may forget them. The command on the wire is never acknowledged before its
 * result arrives, so a resend after a resume can always be answered from the phone's cache.
 */
import { HubError, type HubErrorCode } from "../errors/hub-error.js";
import { type Envelope, encodeCommand, encodeEnvelope, pb } from "../protocol/codec.js";
import { AbandonedIds, elapsedMs, type QueuedCommand } from "./command-queue.js";
import { checkDeviceEvent } from "./device-limits.js";
import { ProtoStreams } from "./proto-streams.js";
import { QueuedSession, type QueuedSessionOptions } from "./queued-session.js";
import { DEFAULT_RESULT_ACK_MS, ResultAcks } from "./result-acks.js";
import type { ScreenStream, StreamingSession, StreamListener, StreamSettings } from "./screen-stream.js";
import type { CallOptions, CallOutcome, DeviceRequest, DeviceResult } from "./types.js";
import { requestKind } from "./types.js";

export interface DroidhubTransport {
  send(frame: Uint8Array): void;
  /** Closes the socket with the error's close code (the session ended or moved to another socket). */
  close(reason: HubError): void;
}

export interface DroidhubSessionOptions extends QueuedSessionOptions {
  resumeToken: string;
  nextId: () => number;
  /** How long received results wait to be acknowledged together (default DEFAULT_RESULT_ACK_MS). */
  resultAckMs?: number;
}

/**
 * A command as it goes on the wire; `sentAt` is its latest send, a resend after resume included.
 * The id is given when the command first goes out (0 until then), and the frame is encoded at each
 * send, so whatever result acks wait then ride in the same buffer.
 */
interface Wire {
  id: number;
  readonly request: DeviceRequest;
  sentAt: number;
}

/** No closure per call: the queue hands the request to this when it accepts the command. */
function wireOf(request: DeviceRequest): Wire {
  return { id: 0, request, sentAt: 0 };
}

const NO_IDS: readonly number[] = Object.freeze([]);

/** The options of a call that gives none: one object, not one per command. */
const NO_OPTIONS: CallOptions = Object.freeze({});

/** Device error codes that mean the caller asked for something wrong, not that the phone failed. */
const DEVICE_CODE_TO_HUB: Partial<Record<number, HubErrorCode>> = {
  [pb.ErrorCode.ERROR_CODE_INVALID_ARGUMENT]: "INVALID_BODY",
  [pb.ErrorCode.ERROR_CODE_NOT_SUPPORTED]: "NOT_SUPPORTED",
};

export class DroidhubSession extends QueuedSession<DroidhubTransport, Wire> implements StreamingSession {
  readonly resumeToken: string;
  readonly #nextId: () => number;
  readonly #resultAckMs: number;
  // Made on first use: an idle phone in a large fleet needs neither (see bench:gateway memory).
  #abandonedIds: AbandonedIds<number> | undefined;
  #resultAcks: ResultAcks | undefined;
  #screenStreams: ProtoStreams | undefined;

  constructor(options: DroidhubSessionOptions) {
    super(options);
    this.resumeToken = options.resumeToken;
    this.#nextId = options.nextId;
    this.#resultAckMs = options.resultAckMs ?? DEFAULT_RESULT_ACK_MS;
  }

  get #abandoned(): AbandonedIds<number> {
    this.#abandonedIds ??= new AbandonedIds<number>();
    return this.#abandonedIds;
  }

  get #acks(): ResultAcks {
    this.#resultAcks ??= new ResultAcks({
      delayMs: this.#resultAckMs,
      send: (ids) => this.#sendFrame(encodeEnvelope({ id: 0, resultAck: { ids } })),
    });
    return this.#resultAcks;
  }

  get #streams(): ProtoStreams {
    this.#screenStreams ??= new ProtoStreams({
      deviceId: this.deviceId,
      capabilities: this.info.capabilities,
      call: (request) => this.call(request),
      sendFrame: (frame) => this.#sendFrame(frame),
      warn: (message, details) => this.warn(message, details),
    });
    return this.#screenStreams;
  }

  /** Frames the phone sent beyond the credit it was granted (each dropped). */
  get framesOverCredit(): number {
    return this.#screenStreams?.overCredit ?? 0;
  }

  openStream(settings: StreamSettings, credits: number, listener: StreamListener): Promise<ScreenStream> {
    return this.#streams.open(settings, credits, listener);
  }

  override detach(transport: DroidhubTransport): boolean {
    const detached = super.detach(transport);
    if (detached) this.#screenStreams?.dropAll("the phone's connection dropped");
    return detached;
  }

  /** Ids received and not yet acknowledged to the phone. */
  get unacknowledged(): readonly number[] {
    return this.#resultAcks?.pending ?? [];
  }

  override call(request: DeviceRequest, options: CallOptions = NO_OPTIONS): Promise<CallOutcome> {
    return this.queue.push(requestKind(request), options, wireOf, request);
  }

  /**
   * Starts sending on the attached transport. Separate from attach() so the gateway can write its
   * Welcome first. The command that was on the wire when the old connection died goes out again
   * with its id.
   */
  flush(): void {
    if (!this.transport) return;
    const running = this.running;
    if (running) this.#send(running);
    else if (this.pendingCount > 0) this.queue.pump();
    this.#resultAcks?.schedule();
  }

  /**
   * A joining phone's Hello.cached_result_ids: every one but the command on the wire is an id this
   * session will never send again (answered, abandoned, or from an older session), so the phone may
   * forget it.
   */
  acknowledgeCached(ids: readonly number[]): void {
    const running = this.running?.payload.id;
    for (const id of ids) if (id !== running) this.#acks.add(id);
  }

  override end(reason: HubError): boolean {
    const ended = super.end(reason);
    if (ended) this.#resultAcks?.close();
    if (ended) this.#screenStreams?.dropAll(reason.message);
    return ended;
  }

  /** A result or an event from the phone. */
  handleEnvelope(envelope: Envelope): void {
    // The oneof getter lists the message's keys on every read: read it once.
    const body = envelope.body;
    if (body === "event" && envelope.event) {
      const event = checkDeviceEvent(envelope.event);
      if (event.streamStopped) this.#screenStreams?.stoppedByPhone(event.streamStopped);
      this.emit(event);
      return;
    }
    if (body === "streamFrame" && envelope.streamFrame) {
      this.#screenStreams?.frame(envelope.streamFrame);
      return;
    }
    if (body !== "result" || !envelope.result) {
      throw new HubError("PROTOCOL_ERROR", `unexpected ${body ?? "empty"} frame from the phone`);
    }
    this.handleResult(Number(envelope.replyTo), envelope.result);
  }

  /** The phone's answer to request `replyTo` (from an Envelope, or a bare ok read by hand: ok-result.ts). */
  handleResult(replyTo: number, result: DeviceResult): void {
    const running = this.running;
    if (!running || running.payload.id !== replyTo) {
      if (this.#abandonedIds?.has(replyTo)) this.#acks.add(replyTo);
      else this.warn("result for an unknown request id", { replyTo });
      return;
    }
    this.#acks.add(replyTo);
    this.#finish(running, result);
  }

  /** Commands wait while the phone is away: the next one goes out on flush() after a resume. */
  protected override canStart(): boolean {
    return this.connected;
  }

  protected override startCommand(command: QueuedCommand<Wire>): void {
    if (command.payload.id === 0) command.payload.id = this.#nextId();
    this.#send(command);
  }

  protected override runningAborted(command: QueuedCommand<Wire>, reason: HubError): void {
    // Its caller gave up, but it may still run on the phone: remember the id so its late
    // answer is not mistaken for a stray one. It is never resent.
    this.#abandoned.add(command.payload.id);
    this.queue.reject(command, reason);
  }

  #send(command: QueuedCommand<Wire>): void {
    const wire = command.payload;
    wire.sentAt = performance.now();
    // Results waiting to be acknowledged ride on the command instead of a ResultAck frame of their
    // own: a resend after a resume carries whatever waits then.
    const acks = this.#resultAcks;
    const ids = acks?.pending ?? NO_IDS;
    let frame: Uint8Array;
    try {
      frame = encodeCommand(wire.id, wire.request, ids);
    } catch (cause) {
      this.queue.reject(command, new HubError("INVALID_BODY", `${command.kind} could not be encoded`, { cause }));
      return;
    }
    // On failure the ids wait; the close handler will detach and a resume will resend.
    if (this.#sendFrame(frame) && ids.length > 0) acks?.sent();
  }

  /** False when there is no live connection to write to. */
  #sendFrame(frame: Uint8Array): boolean {
    const transport = this.transport;
    if (!transport) return false;
    try {
      transport.send(frame);
      return true;
    } catch (error) {
      // The socket died under us.
      this.warn("send failed", { error: String(error) });
      return false;
    }
  }

  #finish(command: QueuedCommand<Wire>, result: DeviceResult): void {
    const ms = elapsedMs(command.payload.sentAt);
    if (result.ok) {
      this.queue.resolve(command, { result, ms });
      return;
    }
    const deviceCode = result.error?.code ?? pb.ErrorCode.ERROR_CODE_UNSPECIFIED;
    const hubCode = DEVICE_CODE_TO_HUB[deviceCode] ?? "DEVICE_ERROR";
    this.queue.reject(
      command,
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
