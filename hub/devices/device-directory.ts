/**
 * Which session belongs to which device id, and the join rule both dialects share, written once so
 * the bookkeeping of joins, resumes and grace-window ends cannot drift apart between them: a phone
 * that may resume gets its session back on the new connection (queued commands go on); otherwise
 * the old session ends and a fresh one starts. A dialect says when a join may resume, what a resume
 * refreshes and how a fresh session is built.
 */
import { randomUUID } from "node:crypto";
import { HubError } from "../errors/hub-error.js";
import type { QueuedSessionOptions } from "./queued-session.js";
import type { DeviceRegistry } from "./registry.js";
import type { DeviceInfo, DeviceSession } from "./types.js";

export interface DirectoryLimits {
  maxInFlight: number;
  commandTimeoutMs: number;
  resumeGraceMs: number;
}

export interface DirectoryJoin<Transport> {
  deviceId: string;
  info: DeviceInfo;
  tags: string[];
  transport: Transport;
}

export interface DirectoryJoinOutcome<Session, Transport> {
  session: Session;
  resumed: boolean;
  /** The transport the session had before, still open; the caller closes it as replaced. */
  replaced: Transport | undefined;
}

/** What the directory needs of a session (both dialects' sessions are QueuedSessions). */
export interface DirectorySession<Transport> extends DeviceSession {
  attach(transport: Transport): unknown;
  detach(transport: Transport): unknown;
  end(reason: HubError): unknown;
}

export type Warn = (message: string, details: Record<string, unknown>) => void;

export abstract class DeviceDirectory<
  Transport,
  Session extends DirectorySession<Transport>,
  Join extends DirectoryJoin<Transport>,
> {
  readonly #sessions = new Map<string, Session>();
  readonly #transports = new Map<string, Transport>();
  readonly #registry: DeviceRegistry;
  readonly #limits: DirectoryLimits;
  readonly #onWarning: Warn | undefined;

  constructor(registry: DeviceRegistry, limits: DirectoryLimits, onWarning?: Warn) {
    this.#registry = registry;
    this.#limits = limits;
    this.#onWarning = onWarning;
  }

  get size(): number {
    return this.#sessions.size;
  }

  get(deviceId: string): Session | undefined {
    return this.#sessions.get(deviceId);
  }

  join(request: Join): DirectoryJoinOutcome<Session, Transport> {
    const existing = this.#sessions.get(request.deviceId);
    const replaced = this.#transports.get(request.deviceId);
    if (existing && this.canResume(existing, request)) {
      this.refresh(existing, request);
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
    const session = this.open({
      deviceId: request.deviceId,
      sessionId: randomUUID(),
      info: request.info,
      maxInFlight: this.#limits.maxInFlight,
      defaultTimeoutMs: this.#limits.commandTimeoutMs,
      resumeGraceMs: this.#limits.resumeGraceMs,
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
  leave(deviceId: string, transport: Transport): void {
    const session = this.#sessions.get(deviceId);
    if (!session || this.#transports.get(deviceId) !== transport) return;
    this.#transports.delete(deviceId);
    session.detach(transport);
  }

  /** The phone showed it is alive (a pong, any frame): its last-seen time moves on. */
  touch(deviceId: string, transport: Transport): void {
    if (this.#transports.get(deviceId) === transport) this.#registry.touch(deviceId);
  }

  /** Hub shutdown: every session ends now. */
  closeAll(reason: HubError): void {
    for (const session of [...this.#sessions.values()]) session.end(reason);
  }

  /** Whether `existing` may go on with the joining connection. */
  protected abstract canResume(existing: Session, request: Join): boolean;

  /** What a resume takes over from the join (the phone may have changed app version or screen). */
  protected abstract refresh(existing: Session, request: Join): void;

  /** A fresh session built on `base`: the join's device and info, limits, the directory's end hook. */
  protected abstract open(base: QueuedSessionOptions): Session;
}
