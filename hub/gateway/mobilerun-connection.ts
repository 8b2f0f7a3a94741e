/**
 * One Mobilerun-dialect socket: JSON text frames in and out, fed to the device's MobilerunSession.
 * A bad frame closes this socket only, with a specific close code and a logged reason.
 *
 * Close reasons matter to the Mobilerun app (ReverseConnectionService.isTerminalClose, 0.7.2): a
 * reason containing Unauthorized, Forbidden or Bad Request, or starting with 400/401/403, makes it
 * stop reconnecting for good. Ordinary closes therefore never carry those words (see closeReason).
 */
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { GatewayConfig } from "../config/config.js";
import type { MobilerunDirectory } from "../devices/mobilerun-directory.js";
import { parseMobilerunFrame } from "../devices/mobilerun-frames.js";
import type { MobilerunTransport } from "../devices/mobilerun-session.js";
import type { DeviceRegistry } from "../devices/registry.js";
import { HubError, isHubError } from "../errors/hub-error.js";
import type { Heartbeat, Pingable } from "./heartbeat.js";
import { RateLimiter } from "./rate-limiter.js";

export interface MobilerunConnectionContext {
  config: GatewayConfig;
  directory: MobilerunDirectory;
  registry: DeviceRegistry;
  heartbeat: Heartbeat;
  log: FastifyBaseLogger;
}

const TERMINAL_WORDS = /unauthori[sz]ed|forbidden|bad\s*request/gi;

/**
 * Frames a phone may send before its join is stored (see `ready`): kept and handled in order once
 * it is. More than this is a phone not following the protocol.
 */
export const EARLY_FRAMES = 32;

/** `CODE: message`, at most 120 bytes, free of the words that would stop the app for good. */
export function closeReason(error: HubError): string {
  const text = `${error.code}: ${error.message}`.replace(TERMINAL_WORDS, "refused");
  return Buffer.from(text)
    .subarray(0, 120)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
}

export class MobilerunConnection implements MobilerunTransport, Pingable {
  missedPongs = 0;
  readonly deviceId: string;
  #closed = false;
  readonly #socket: WebSocket;
  readonly #ctx: MobilerunConnectionContext;
  readonly #limiter: RateLimiter;
  /** Frames that came before `ready`; undefined from then on. */
  #early: Buffer[] | undefined = [];

  constructor(socket: WebSocket, deviceId: string, ctx: MobilerunConnectionContext) {
    this.#socket = socket;
    this.deviceId = deviceId;
    this.#ctx = ctx;
    this.#limiter = new RateLimiter(ctx.config.maxMessagesPerSecond);
    socket.on("message", (data, isBinary) => this.#onMessage(data as Buffer, isBinary));
    socket.on("pong", () => {
      this.missedPongs = 0;
      // An idle phone sends nothing but pongs: they are what keeps its "last seen" current.
      if (!this.#closed) ctx.registry.touch(this.deviceId);
    });
    socket.on("close", (code, reason) => this.#onClose(code, reason.toString()));
    ctx.heartbeat.add(this);
  }

  get closed(): boolean {
    return this.#closed;
  }

  sendText(text: string): void {
    if (this.#closed) throw new HubError("DEVICE_OFFLINE", "socket is closed");
    this.#socket.send(text, { binary: false });
  }

  ping(): void {
    if (!this.#closed) this.#socket.ping();
  }

  terminate(reason: string): void {
    this.#ctx.log.warn({ deviceId: this.deviceId, code: "HEARTBEAT_TIMEOUT", dialect: "mobilerun" }, reason);
    this.#closed = true;
    this.#socket.terminate();
  }

  shutdown(): void {
    this.close(new HubError("SHUTTING_DOWN"));
  }

  /** The join is stored and its session started: frames that came meanwhile are handled now, in order. */
  ready(): void {
    const early = this.#early ?? [];
    this.#early = undefined;
    for (const data of early) {
      if (this.#closed) return;
      this.#handle(data);
    }
  }

  close(error: HubError): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#socket.close(error.closeCode, closeReason(error));
  }

  #onMessage(data: Buffer, isBinary: boolean): void {
    if (this.#closed) return;
    this.missedPongs = 0;
    this.#ctx.registry.touch(this.deviceId);
    if (!this.#limiter.take()) {
      this.#fail(new HubError("RATE_LIMITED", `more than ${this.#ctx.config.maxMessagesPerSecond} messages/s`));
      return;
    }
    if (isBinary) {
      this.#fail(new HubError("PROTOCOL_ERROR", "binary frame on a JSON text protocol"));
      return;
    }
    if (this.#early) {
      if (this.#early.length < EARLY_FRAMES) this.#early.push(data);
      else this.#fail(new HubError("PROTOCOL_ERROR", `more than ${EARLY_FRAMES} frames before the join was stored`));
      return;
    }
    this.#handle(data);
  }

  #handle(data: Buffer): void {
    try {
      const frame = parseMobilerunFrame(data.toString("utf8"), this.#ctx.config.maxFrameBytes);
      if (frame.kind === "notice" && frame.id !== undefined && frame.method !== "events/device") {
        // A request of the phone's own (webrtc/*, stream/*): this hub does not stream. The app
        // logs answers to its requests and goes on.
        this.sendText(JSON.stringify({ id: frame.id, status: "error", error: `${frame.method} is not offered here` }));
      }
      const session = this.#ctx.directory.get(this.deviceId);
      if (!session) throw new HubError("PROTOCOL_ERROR", "frame after the session ended");
      session.handleFrame(frame);
    } catch (error) {
      this.#fail(isHubError(error) ? error : new HubError("INTERNAL", "frame handling failed", { cause: error }));
    }
  }

  #fail(error: HubError): void {
    this.#ctx.log.warn(
      { deviceId: this.deviceId, code: error.code, closeCode: error.closeCode, dialect: "mobilerun" },
      `closing device socket: ${error.message}`,
    );
    this.close(error);
  }

  #onClose(code: number, reason: string): void {
    this.#closed = true;
    this.#ctx.heartbeat.remove(this);
    this.#ctx.directory.leave(this.deviceId, this);
    this.#ctx.log.debug({ deviceId: this.deviceId, code, reason, dialect: "mobilerun" }, "device socket closed");
  }
}
