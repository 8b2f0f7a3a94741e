/**
 * Which ProtoDeviceSession belongs to which device id, and the rule for a joining phone: resume the
 * old session when the resume token matches, otherwise end the old one and start fresh.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { HubError } from "../errors/hub-error.js";
import { ProtoDeviceSession, type SessionOptions, type SessionTransport } from "./proto-session.js";
import type { DeviceRegistry } from "./registry.js";
import type { DeviceInfo } from "./types.js";

export interface SessionLimits {
  maxInFlight: number;
  commandTimeoutMs: number;
  resumeGraceMs: number;
}

export interface JoinRequest {
  deviceId: string;
  info: DeviceInfo;
  tags: string[];
  resumeToken: string;
  transport: SessionTransport;
}

export interface JoinOutcome {
  session: ProtoDeviceSession;
  resumed: boolean;
  /** The transport the session had before, still open; the caller closes it as replaced. */
  replaced: SessionTransport | undefined;
}

export class SessionDirectory {
  readonly #sessions = new Map<string, ProtoDeviceSession>();
  readonly #transports = new Map<string, SessionTransport>();
  readonly #registry: DeviceRegistry;
  readonly #limits: SessionLimits;
  readonly #nextId: () => number;
  readonly #onWarning: SessionOptions["onWarning"];

  constructor(
    registry: DeviceRegistry,
    limits: SessionLimits,
    nextId: () => number,
    onWarning?: SessionOptions["onWarning"],
  ) {
    this.#registry = registry;
    this.#limits = limits;
    this.#nextId = nextId;
    this.#onWarning = onWarning;
  }

  get(deviceId: string): ProtoDeviceSession | undefined {
    return this.#sessions.get(deviceId);
  }

  join(request: JoinRequest): JoinOutcome {
    const existing = this.#sessions.get(request.deviceId);
    const replaced = this.#transports.get(request.deviceId);
    if (existing && request.resumeToken !== "" && request.resumeToken === existing.resumeToken) {
      existing.info = request.info;
      this.#transports.set(request.deviceId, request.transport);
      existing.attach(request.transport);
      this.#registry.attach(existing, request.tags);
      return { session: existing, resumed: true, replaced };
    }
    // The phone lost its state (fresh start or unknown token): nothing pending can be resent safely.
    existing?.end(
      new HubError("SESSION_REPLACED", `device ${request.deviceId} started a new session`, {
        details: { deviceId: request.deviceId },
      }),
    );
    const session = new ProtoDeviceSession({
      deviceId: request.deviceId,
      sessionId: randomUUID(),
      resumeToken: randomBytes(24).toString("base64url"),
      info: request.info,
      maxInFlight: this.#limits.maxInFlight,
      defaultTimeoutMs: this.#limits.commandTimeoutMs,
      resumeGraceMs: this.#limits.resumeGraceMs,
      nextId: this.#nextId,
      onEnd: (ended) => {
        if (this.#sessions.get(ended.deviceId) === ended) {
          this.#sessions.delete(ended.deviceId);
          this.#transports.delete(ended.deviceId);
        }
        this.#registry.detach(ended);
      },
      ...(this.#onWarning ? { onWarning: this.#onWarning } : {}),
    });
    // What the phone reports (app, battery, screen, network) keeps the registry current.
    session.onEvent((event) => this.#registry.applyEvent(request.deviceId, event));
    this.#sessions.set(request.deviceId, session);
    this.#transports.set(request.deviceId, request.transport);
    session.attach(request.transport);
    this.#registry.attach(session, request.tags);
    return { session, resumed: false, replaced };
  }

  /** The transport closed; the session waits out the grace window for a resume. */
  leave(deviceId: string, transport: SessionTransport): void {
    const session = this.#sessions.get(deviceId);
    if (!session || this.#transports.get(deviceId) !== transport) return;
    this.#transports.delete(deviceId);
    session.detach(transport);
  }

  /** Hub shutdown: every session ends now. */
  closeAll(reason: HubError): void {
    for (const session of [...this.#sessions.values()]) session.end(reason);
  }
}
