/**
 * One droidhub-dialect socket: waits for Hello, answers Welcome, then feeds results and events to
 * the device's session. A bad frame closes this socket with a specific close code and a logged
 * reason; nothing a phone sends can throw past this class.
 */
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { GatewayConfig } from "../config/config.js";
import { boundedList, boundedText, checkDeviceInfo, DEVICE_LIMITS } from "../devices/device-limits.js";
import type { DroidhubDirectory } from "../devices/droidhub-directory.js";
import type { DroidhubSession, DroidhubTransport } from "../devices/droidhub-session.js";
import type { DeviceStore } from "../devices/ports.js";
import type { DeviceInfo } from "../devices/types.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import { decodeEnvelope, type Envelope, encodeEnvelope, pb } from "../protocol/codec.js";
import { readOkResult } from "../protocol/ok-result.js";
import { hashKey } from "../util/secrets.js";
import type { DroidhubAuth } from "./droidhub-auth.js";
import type { Heartbeat, Pingable } from "./heartbeat.js";
import { interned } from "./interned.js";
import type { DeviceCredentials } from "./ports.js";
import { RateLimiter } from "./rate-limiter.js";
import { sendBinary } from "./ws-frame.js";

export interface DroidhubGatewayContext {
  config: GatewayConfig;
  credentials: DeviceCredentials;
  devices: DeviceStore;
  sessions: DroidhubDirectory;
  heartbeat: Heartbeat;
  log: FastifyBaseLogger;
  portalVersionFloor?: string;
}

/** "joining": the Hello was good and the join is being stored; the Welcome has not gone out yet. */
type State = "awaiting-hello" | "joining" | "open" | "closed";

/**
 * Frames a phone may send between its Hello and the Welcome (which it should wait for): kept, and
 * handled in order once the join is stored. More than this is a phone not following the protocol.
 */
export const EARLY_FRAMES = 32;

/** Where a socket's shared listeners find their connection. */
const OWNER = Symbol("droidhub connection");
type OwnedSocket = WebSocket & { [OWNER]?: DroidhubConnection };

export class DroidhubConnection implements DroidhubTransport, Pingable {
  missedPongs = 0;
  #state: State = "awaiting-hello";
  readonly #socket: WebSocket;
  readonly #deviceId: string;
  /** Until the join is stored: the fleet key record and tags are of no use to a joined phone. */
  #auth: DroidhubAuth | undefined;
  readonly #ctx: DroidhubGatewayContext;
  readonly #limiter: RateLimiter;
  #helloTimer: NodeJS.Timeout | undefined;
  /** Made by the first early frame; almost every phone waits for its Welcome and never has one. */
  #early: Envelope[] | undefined;
  /** The hash of the secret this socket's Welcome carried, until the phone shows it read it. */
  #unconfirmed: string | undefined;

  constructor(socket: WebSocket, auth: DroidhubAuth, ctx: DroidhubGatewayContext) {
    this.#socket = socket;
    this.#deviceId = auth.deviceId;
    this.#auth = auth;
    this.#ctx = ctx;
    this.#limiter = new RateLimiter(ctx.config.maxMessagesPerSecond);
    socket.binaryType = "nodebuffer";
    (socket as OwnedSocket)[OWNER] = this;
    socket.on("message", DroidhubConnection.#onSocketMessage);
    socket.on("pong", DroidhubConnection.#onSocketPong);
    socket.on("close", DroidhubConnection.#onSocketClose);
    this.#helloTimer = setTimeout(DroidhubConnection.#onHelloTimeout, ctx.config.helloTimeoutMs, this);
    ctx.heartbeat.add(this);
  }

  // One listener function each for every socket (the socket is `this`), rather than closures per
  // phone: an idle phone's hub memory is mostly what its socket keeps (bench:gateway-heap).
  static readonly #onSocketMessage = function (this: WebSocket, data: unknown, isBinary: boolean): void {
    const connection = (this as OwnedSocket)[OWNER];
    if (connection) connection.#onMessage(data as Buffer, isBinary);
  };

  static readonly #onSocketPong = function (this: WebSocket): void {
    const connection = (this as OwnedSocket)[OWNER];
    if (!connection) return;
    connection.missedPongs = 0;
    // An idle phone sends nothing but pongs: they are what keeps its "last seen" current.
    if (connection.#state === "open") connection.#ctx.sessions.touch(connection.deviceId, connection);
  };

  static readonly #onSocketClose = function (this: WebSocket, code: number, reason: Buffer): void {
    const connection = (this as OwnedSocket)[OWNER];
    if (connection) connection.#onClose(code, reason.toString());
  };

  static #onHelloTimeout(connection: DroidhubConnection): void {
    connection.#helloTimer = undefined;
    connection.#fail(new HubError("PROTOCOL_ERROR", "no Hello within the time limit"));
  }

  get deviceId(): string {
    return this.#deviceId;
  }

  send(frame: Uint8Array): void {
    if (this.#state === "closed") throw new HubError("DEVICE_OFFLINE", "socket is closed");
    sendBinary(this.#socket, frame);
  }

  ping(): void {
    if (this.#state !== "closed") this.#socket.ping();
  }

  terminate(reason: string): void {
    this.#ctx.log.warn({ deviceId: this.deviceId, code: "HEARTBEAT_TIMEOUT" }, reason);
    this.#state = "closed";
    this.#socket.terminate();
  }

  shutdown(): void {
    this.close(new HubError("SHUTTING_DOWN"));
  }

  /** Closes with the code and a short reason from the error table. */
  close(error: HubError): void {
    if (this.#state === "closed") return;
    this.#state = "closed";
    // A close reason is at most 123 bytes; the code carries the meaning, the text helps people.
    this.#socket.close(error.closeCode, `${error.code}: ${error.message}`.slice(0, 120));
  }

  #onMessage(data: Buffer, isBinary: boolean): void {
    if (this.#state === "closed") return;
    this.missedPongs = 0;
    if (this.#state === "open") this.#ctx.sessions.touch(this.deviceId, this);
    if (!this.#limiter.take()) {
      this.#fail(new HubError("RATE_LIMITED", `more than ${this.#ctx.config.maxMessagesPerSecond} messages/s`));
      return;
    }
    if (!isBinary) {
      this.#fail(new HubError("PROTOCOL_ERROR", "text frame on a binary protocol"));
      return;
    }
    // The commonest frame, a bare "ok, N ms", is read by hand (protocol/ok-result.ts); anything else
    // is decoded the generic way.
    const ok = this.#state === "open" ? readOkResult(data) : undefined;
    let envelope: Envelope | undefined;
    if (ok === undefined) {
      try {
        envelope = decodeEnvelope(data, this.#ctx.config.maxFrameBytes);
      } catch (error) {
        this.#fail(isHubError(error) ? error : new HubError("MALFORMED_FRAME", String(error)));
        return;
      }
    }
    try {
      if (ok !== undefined) this.#resultSession().handleResult(ok.replyTo, { ok: true, durationMs: ok.durationMs });
      else if (envelope === undefined) return;
      else if (this.#state === "awaiting-hello") this.#onHello(envelope);
      else if (this.#state === "joining") this.#hold(envelope);
      else this.#onFrame(envelope);
    } catch (error) {
      this.#fail(isHubError(error) ? error : new HubError("INTERNAL", "frame handling failed", { cause: error }));
    }
  }

  #onHello(envelope: Envelope): void {
    if (envelope.body !== "hello" || !envelope.hello) {
      throw new HubError("PROTOCOL_ERROR", `expected Hello, got ${envelope.body ?? "an empty frame"}`);
    }
    const hello = envelope.hello;
    if (hello.protocolVersion !== pb.ProtocolVersion.PROTOCOL_VERSION_1) {
      throw new HubError("UNSUPPORTED_PROTOCOL", `protocol version ${hello.protocolVersion} is not supported`);
    }
    if (hello.deviceId !== this.#deviceId) {
      throw new HubError("PROTOCOL_ERROR", "Hello device id differs from the X-Device-ID header");
    }
    // Checked before anything is stored: a Hello over a limit leaves no trace.
    const info = checkDeviceInfo(deviceInfo(hello));
    const resumeToken = boundedText("resumeToken", hello.resumeToken ?? "");
    const cached = boundedList("cachedResultIds", hello.cachedResultIds ?? [], DEVICE_LIMITS.cachedResultIds);
    clearTimeout(this.#helloTimer);
    // A cleared Timeout still holds its callback and arguments while referenced.
    this.#helloTimer = undefined;
    this.#state = "joining";
    void this.#join(Number(envelope.id), info, resumeToken, cached).catch((error: unknown) =>
      this.#fail(
        isHubError(error) ? error : new HubError("INTERNAL", "the join could not be stored", { cause: error }),
      ),
    );
  }

  #hold(envelope: Envelope): void {
    this.#early ??= [];
    if (this.#early.length >= EARLY_FRAMES) {
      throw new HubError("PROTOCOL_ERROR", `more than ${EARLY_FRAMES} frames before the Welcome`);
    }
    this.#early.push(envelope);
  }

  /** The Hello was good: stores the join (a new phone's secret), then welcomes the phone. */
  async #join(helloId: number, info: DeviceInfo, resumeToken: string, cached: readonly unknown[]): Promise<void> {
    const auth = this.#auth;
    if (!auth) return;
    const deviceSecret = await this.#issueSecret(auth);
    if (this.#state !== "joining") return; // the socket closed while the join was stored
    this.#auth = undefined;
    this.#ctx.devices
      .touch(this.deviceId, info)
      .catch((error: unknown) =>
        this.#ctx.log.warn({ deviceId: this.deviceId, err: String(error) }, "could not store a Hello"),
      );
    // The directory closes a socket this join replaces (this dialect's or the other's) with 4004.
    const { session, resumed } = this.#ctx.sessions.join({
      deviceId: this.deviceId,
      info,
      tags: auth.tags,
      resumeToken,
      transport: this,
    });
    const config = this.#ctx.config;
    // Welcome goes out before the session may resend a pending command: order on the socket matters.
    sendBinary(
      this.#socket,
      encodeEnvelope({
        id: 0,
        replyTo: helloId,
        welcome: {
          sessionId: session.sessionId,
          deviceSecret,
          resumeToken: session.resumeToken,
          heartbeatIntervalMs: config.heartbeatMs,
          resumed,
          limits: {
            maxFrameBytes: config.maxFrameBytes,
            maxInFlight: config.maxInFlight,
            maxMessagesPerSecond: config.maxMessagesPerSecond,
          },
          screenshotDefaults: { format: pb.ImageFormat.IMAGE_FORMAT_JPEG, quality: 80, maxSide: 1280 },
        },
      }),
    );
    this.#state = "open";
    // What the phone still caches from before and will never be asked for again can go.
    session.acknowledgeCached(cached.map(Number));
    session.flush();
    this.#ctx.log.info({ deviceId: this.deviceId, resumed, sessionId: session.sessionId }, "device joined");
    const early = this.#early;
    this.#early = undefined;
    for (const frame of early ?? []) {
      if (this.#state !== "open") return;
      this.#onFrame(frame);
    }
  }

  /**
   * A fleet-key join gets the id's secret ("" for a join with the secret). Another fleet-key socket
   * of the same id may have upgraded too; the first Hello wins and this one is refused.
   */
  async #issueSecret(auth: DroidhubAuth): Promise<string> {
    const fleetKey = auth.fleetKey;
    if (!fleetKey) return "";
    const credentials = this.#ctx.credentials;
    const secret =
      auth.replaces === undefined
        ? await credentials.issueDeviceSecret(this.deviceId, fleetKey.id, auth.tags)
        : await credentials.reissueDeviceSecret(this.deviceId, fleetKey.id, auth.replaces);
    if (secret === undefined) {
      throw new HubError("UNAUTHORIZED", "device id was enrolled by another connection", {
        details: { deviceId: this.deviceId },
      });
    }
    this.#unconfirmed = hashKey(secret);
    return secret;
  }

  #onFrame(envelope: Envelope): void {
    (envelope.body === "result" ? this.#resultSession() : this.#session()).handleEnvelope(envelope);
  }

  #session(): DroidhubSession {
    const session = this.#ctx.sessions.get(this.deviceId);
    if (!session) throw new HubError("PROTOCOL_ERROR", "frame after the session ended");
    return session;
  }

  /** Where a result goes. A result answers a command sent after the Welcome, so the phone has read (and stored) its secret. */
  #resultSession(): DroidhubSession {
    if (this.#unconfirmed !== undefined) this.#confirmSecret(this.#unconfirmed);
    return this.#session();
  }

  #confirmSecret(secretHash: string): void {
    this.#unconfirmed = undefined;
    this.#ctx.credentials
      .confirmDeviceSecret(this.deviceId, secretHash)
      .catch((error: unknown) =>
        this.#ctx.log.warn({ deviceId: this.deviceId, err: String(error) }, "could not confirm a device secret"),
      );
  }

  #fail(error: HubError): void {
    this.#ctx.log.warn(
      { deviceId: this.deviceId, code: error.code, closeCode: error.closeCode },
      `closing device socket: ${error.message}`,
    );
    this.close(error);
  }

  #onClose(code: number, reason: string): void {
    this.#state = "closed";
    clearTimeout(this.#helloTimer);
    this.#helloTimer = undefined;
    this.#ctx.heartbeat.remove(this);
    this.#ctx.sessions.leave(this.deviceId, this);
    this.#ctx.log.debug({ deviceId: this.deviceId, code, reason }, "device socket closed");
  }
}

function deviceInfo(hello: NonNullable<Envelope["hello"]>): DeviceInfo {
  return {
    dialect: "droidhub",
    portalVersion: interned(hello.portalVersion ?? ""),
    protocolVersion: hello.protocolVersion ?? 0,
    manufacturer: interned(hello.manufacturer ?? ""),
    model: interned(hello.model ?? ""),
    sdkInt: hello.sdkInt ?? 0,
    screen: {
      width: hello.screen?.width ?? 0,
      height: hello.screen?.height ?? 0,
      densityDpi: hello.screen?.densityDpi ?? 0,
      rotation: hello.screen?.rotation ?? 0,
    },
    capabilities: (hello.capabilities ?? []).map(interned),
  };
}
