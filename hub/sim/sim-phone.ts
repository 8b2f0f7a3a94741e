/**
 * A virtual phone's link to the hub, speaking the droidhub protocol exactly as android-portal does:
 * Hello → Welcome, requests executed one at a time in arrival order, a result cache for
 * exactly-once across reconnects, events pushed as they happen, reconnect with jittered backoff,
 * and a stop on HTTP 401 or on a hub certificate that does not match the pinned key. The phone's
 * behaviour itself (apps, screens) is the SimDevice.
 */
import { defined } from "../errors/invariant.js";
import { ClientSocket } from "../gateway/client-socket.js";
import { type HubTrust, isPinMismatch } from "../gateway/hub-trust.js";
import { decodeEnvelope, encodeEnvelope, isRequestBody, pb } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import { encodeOkResult, isBareOk } from "../protocol/ok-result.js";
import type { CommandLog } from "./command-log.js";
import { ResultCache } from "./result-cache.js";

/** What SimPhone needs from a virtual device (hub/sim/device implements it). */
export interface SimDevice {
  readonly deviceId: string;
  hello(): droidhub.v1.IHello;
  execute(request: droidhub.v1.IEnvelope): Promise<droidhub.v1.IResult>;
  onEvent(listener: (event: droidhub.v1.IDeviceEvent) => void): () => void;
  /** Current state, announced as events after each join (as the portal does). */
  currentState?(): droidhub.v1.IDeviceState;
  /** Screen streams: where frames go (false from the sink drops the frame), credit, and the end of all on a drop. */
  onStreamFrame?(sink: ((frame: droidhub.v1.IStreamFrame) => boolean) | undefined): void;
  streamCredit?(credit: droidhub.v1.IStreamCredit): void;
  stopStreams?(): void;
}

/**
 * A frame waits for nothing: with more than this already queued on the socket (results, events, an
 * earlier frame) it is dropped, so frames never delay what the hub is waiting for.
 */
export const FRAME_SEND_BACKLOG_BYTES = 0;

/** "untrusted": the hub's certificate did not match the pinned key; the phone stopped for good. */
export type SimPhoneState = "connecting" | "online" | "reconnecting" | "refused" | "untrusted" | "stopped";

export interface SimPhoneOptions {
  url: string;
  fleetKey: string;
  /** A secret from an earlier run; with it the phone joins as an enrolled device. */
  deviceSecret?: string;
  /** For a wss:// hub: a private CA and/or the pinned key of its certificate. */
  trust?: HubTrust;
  reconnectBaseMs?: number;
  reconnectCapMs?: number;
  /** Knob: cut the connection at random, on average every this many ms (as a flaky mobile network). */
  dropEveryMs?: number;
  /** Where each request the phone executes is logged (id and kind); resends answered from the cache are not. */
  commandLog?: CommandLog;
  onSecret?: (deviceId: string, secret: string) => void;
  onStateChange?: (state: SimPhoneState) => void;
  /** The hub answered a join with this HTTP status instead of an upgrade (401 also stops the phone). */
  onRefused?: (status: number) => void;
  /** A connection attempt failed before any answer (nothing listening, DNS, TLS, handshake timeout). */
  onConnectError?: (error: Error) => void;
}

export class SimPhone {
  readonly device: SimDevice;
  readonly #options: SimPhoneOptions;
  readonly #cache = new ResultCache();
  readonly #running = new Set<number>();
  #queue: droidhub.v1.IEnvelope[] = [];
  #busy = false;
  #socket: ClientSocket | undefined;
  #secret: string | undefined;
  #resumeToken = "";
  #state: SimPhoneState = "connecting";
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;
  #waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** Number of Welcome frames received; tests use it to wait for reconnects. */
  joins = 0;
  /** Requests answered from the result cache (resends after a resume). */
  answeredFromCache = 0;

  constructor(device: SimDevice, options: SimPhoneOptions) {
    this.device = device;
    this.#options = options;
    this.#secret = options.deviceSecret;
    device.onEvent((event) => {
      if (this.#state === "online") this.#socket?.send(encodeEnvelope({ id: 0, event }));
    });
    device.onStreamFrame?.((streamFrame) => {
      const socket = this.#socket;
      if (this.#state !== "online" || socket === undefined || !socket.open) return false;
      if (socket.bufferedAmount > FRAME_SEND_BACKLOG_BYTES) return false;
      socket.send(encodeEnvelope({ id: 0, streamFrame }));
      return true;
    });
  }

  get state(): SimPhoneState {
    return this.#state;
  }

  get deviceSecret(): string | undefined {
    return this.#secret;
  }

  /** Ids whose results the phone still keeps for a resend. */
  get cachedResultIds(): number[] {
    return this.#cache.ids();
  }

  /** Connects and resolves on the first Welcome (rejects if the hub refuses the key). */
  start(): Promise<void> {
    const ready = this.waitForJoin();
    this.#connect();
    return ready;
  }

  waitForJoin(): Promise<void> {
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /**
   * Cuts the connection abruptly (no close frame), as a lost network does; reconnects by itself,
   * not before `awayMs` have passed (a phone in a tunnel).
   */
  drop(awayMs = 0): void {
    this.#awayUntil = awayMs > 0 ? Date.now() + awayMs : 0;
    this.#socket?.terminate();
  }

  stop(): void {
    this.#setState("stopped");
    clearTimeout(this.#timer);
    clearTimeout(this.#dropTimer);
    this.#socket?.close(1000, "stopping");
  }

  #connect(): void {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#secret ?? this.#options.fleetKey}`,
      "x-device-id": this.device.deviceId,
    };
    let opened = false;
    let answered = false;
    const socket = new ClientSocket(
      this.#options.url,
      {
        onOpen: () => {
          opened = true;
          const hello: droidhub.v1.IHello = {
            ...this.device.hello(),
            protocolVersion: pb.ProtocolVersion.PROTOCOL_VERSION_1,
            resumeToken: this.#resumeToken,
            cachedResultIds: this.#cache.ids(),
          };
          socket.send(encodeEnvelope({ id: 1, hello }));
        },
        onMessage: (data) => this.#onMessage(socket, data),
        onRefused: (status) => {
          answered = true;
          this.#options.onRefused?.(status);
          if (status === 401) {
            this.#setState("refused");
            const error = new Error(`hub refused device ${this.device.deviceId} with HTTP 401`);
            for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
          }
        },
        onClose: () => {
          if (this.#socket === socket) this.#socket = undefined;
          // A stream lives on one connection, as on the portal: the hub starts it again after a rejoin.
          this.device.stopStreams?.();
          if (this.#state === "stopped" || this.#state === "refused" || this.#state === "untrusted") return;
          if (opened) this.#attempt = 0;
          this.#setState("reconnecting");
          this.#scheduleReconnect();
        },
        onError: (error) => {
          if (isPinMismatch(error)) {
            // Final, like the portal: another attempt would meet the same key.
            this.#setState("untrusted");
            for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
          }
          // A refusal is reported by onRefused; this is a failure with no HTTP answer at all.
          if (!opened && !answered) this.#options.onConnectError?.(error);
        },
      },
      { headers, ...(this.#options.trust ? { trust: this.#options.trust } : {}) },
    );
    this.#socket = socket;
  }

  #scheduleReconnect(): void {
    const base = this.#options.reconnectBaseMs ?? 200;
    const cap = this.#options.reconnectCapMs ?? 5_000;
    // Full jitter: a fleet that lost the hub at once does not come back at once.
    const delay = Math.max(Math.random() * Math.min(cap, base * 2 ** this.#attempt), this.#awayUntil - Date.now());
    this.#attempt++;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#connect(), delay);
  }

  #onMessage(socket: ClientSocket, data: Buffer): void {
    let envelope: droidhub.v1.Envelope;
    try {
      envelope = decodeEnvelope(data);
    } catch {
      socket.close(4001, "malformed frame from hub");
      return;
    }
    if (envelope.body === "welcome" && envelope.welcome) {
      const welcome = envelope.welcome;
      if (welcome.deviceSecret) {
        this.#secret = welcome.deviceSecret;
        this.#options.onSecret?.(this.device.deviceId, welcome.deviceSecret);
      }
      // A fresh session means the hub forgot every old id; old cached results can never be asked for.
      if (!welcome.resumed) this.#cache.clear();
      this.#resumeToken = welcome.resumeToken ?? "";
      this.joins++;
      this.#setState("online");
      this.#announce();
      this.#scheduleDrop();
      for (const waiter of this.#waiters.splice(0)) waiter.resolve();
      return;
    }
    // Acknowledgements that rode on this frame (usually the next request) count as a ResultAck.
    if (envelope.ackedResultIds.length > 0) this.#cache.acknowledge(envelope.ackedResultIds.map(Number));
    if (envelope.body === "streamCredit" && envelope.streamCredit) {
      this.device.streamCredit?.(envelope.streamCredit);
      return;
    }
    if (envelope.body === "resultAck" && envelope.resultAck) {
      this.#cache.acknowledge((envelope.resultAck.ids ?? []).map(Number));
      return;
    }
    // Anything else that is not a request (a body from a newer hub) is ignored, as the portal does.
    if (!isRequestBody(envelope.body)) return;
    const id = Number(envelope.id);
    const cached = this.#cache.get(id);
    if (cached) {
      this.answeredFromCache++;
      socket.send(encodeEnvelope({ id: 0, replyTo: id, result: cached }));
      return;
    }
    // Already queued or running: its result goes out when it finishes.
    if (this.#running.has(id)) return;
    this.#running.add(id);
    this.#queue.push(envelope);
    void this.#drain();
  }

  async #drain(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    while (this.#queue.length > 0) {
      const request = defined(this.#queue.shift(), "queued request");
      const id = Number(request.id);
      this.#options.commandLog?.record(this.device.deviceId, id, request.body ?? "unknown");
      const result = await this.device.execute(request);
      this.#cache.set(id, result);
      this.#running.delete(id);
      // A bare ok (most commands) is written by hand: the same bytes, a fraction of the CPU.
      this.#socket?.send(
        isBareOk(result) ? encodeOkResult(id, result.durationMs ?? 0) : encodeEnvelope({ id: 0, replyTo: id, result }),
      );
    }
    this.#busy = false;
  }

  /** Tells the hub what it would otherwise learn only from the next change: app, battery, network. */
  #announce(): void {
    const state = this.device.currentState?.();
    if (!state) return;
    const atMs = Date.now();
    const events: droidhub.v1.IDeviceEvent[] = [
      { atMs, foreground: { packageName: state.foregroundPackage ?? "", activity: state.foregroundActivity ?? "" } },
      { atMs, screen: { on: state.screenOn ?? true } },
      { atMs, accessibility: { enabled: state.accessibilityEnabled ?? true } },
    ];
    if (state.battery) events.push({ atMs, battery: state.battery });
    if (state.network) events.push({ atMs, network: state.network });
    for (const event of events) this.#socket?.send(encodeEnvelope({ id: 0, event }));
  }

  #scheduleDrop(): void {
    const mean = this.#options.dropEveryMs;
    if (!mean) return;
    clearTimeout(this.#dropTimer);
    // Exponential gaps: drops arrive as a Poisson process, like real network losses.
    this.#dropTimer = setTimeout(() => this.drop(), -Math.log(1 - Math.random()) * mean);
    this.#dropTimer.unref();
  }

  #dropTimer: NodeJS.Timeout | undefined;
  #awayUntil = 0;

  #setState(state: SimPhoneState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#options.onStateChange?.(state);
  }
}
