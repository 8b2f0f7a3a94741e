/**
 * Which session belongs to which device id, and the join rule both dialects share, written once so
 * the bookkeeping of joins, resumes and grace-window ends cannot drift apart between them: a phone
 * that may resume gets its session back on the new connection (queued commands go on); otherwise
 * the old session ends and a fresh one starts. A dialect says when a join may resume, what a resume
 * refreshes and how a fresh session is built.
 *
 * The takeover rule, the same in both dialects and in both directions: a join the gateway let in
 * replaces whatever live session the id has. The socket it replaces is closed with SESSION_REPLACED
 * (4004); a session that ends (replaced, the other dialect's, an enrolment reset) closes its socket.
 */
import { randomUUID } from "node:crypto";
import { HubError } from "../errors/hub-error.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
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
  /** The transport the session had before; the directory has closed it as replaced. */
  replaced: Transport | undefined;
}

/** What the directory needs of a transport: it closes the ones it replaces or whose session ended. */
export interface DirectoryTransport {
  close(reason: HubError): void;
}

/** What the directory needs of a session (both dialects' sessions are QueuedSessions). */
export interface DirectorySession<Transport> extends DeviceSession {
  attach(transport: Transport): unknown;
  detach(transport: Transport): unknown;
  end(reason: HubError): unknown;
}

export type Warn = (message: string, details: Record<string, unknown>) => void;

export abstract class DeviceDirectory<
  Transport extends DirectoryTransport,
  Session extends DirectorySession<Transport>,
  Join extends DirectoryJoin<Transport>,
> {
  readonly #sessions = new Map<string, Session>();
  readonly #transports = new Map<string, Transport>();
  readonly #registry: DeviceRegistry;
  readonly #limits: DirectoryLimits;
  readonly #onWarning: Warn | undefined;

  // Shared by every session of this directory: no closure or listener set per phone.
  readonly #onEnd = (ended: DeviceSession, reason: HubError): void => {
    if (this.#sessions.get(ended.deviceId) === ended) {
      const transport = this.#transports.get(ended.deviceId);
      this.#sessions.delete(ended.deviceId);
      this.#transports.delete(ended.deviceId);
      transport?.close(reason);
    }
    this.#registry.detach(ended);
  };

  readonly #onDeviceEvent = (session: DeviceSession, event: droidhub.v1.IDeviceEvent): void =>
    this.#registry.applyEvent(session.deviceId, event);

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
    const { deviceId } = request;
    const existing = this.#sessions.get(deviceId);
    const replaced = this.#transports.get(deviceId);
    const takeover = () =>
      new HubError("SESSION_REPLACED", `device ${deviceId} joined on a newer connection`, { details: { deviceId } });
    // The registry holds the id's one live session; one that is not this directory's is the other dialect's.
    const other = this.#registry.get(deviceId)?.session;
    if (other && other !== existing) this.#registry.endSession(deviceId, takeover());
    if (replaced && replaced !== request.transport) replaced.close(takeover());
    if (existing && this.canResume(existing, request)) {
      this.refresh(existing, request);
      this.#transports.set(deviceId, request.transport);
      existing.attach(request.transport);
      this.#registry.attach(existing, request.tags);
      return { session: existing, resumed: true, replaced };
    }
    // The phone lost its state (fresh start or unknown token): nothing pending can be resent safely.
    existing?.end(takeover());
    const session = this.open({
      deviceId,
      sessionId: randomUUID(),
      info: request.info,
      maxInFlight: this.#limits.maxInFlight,
      defaultTimeoutMs: this.#limits.commandTimeoutMs,
      resumeGraceMs: this.#limits.resumeGraceMs,
      onEnd: this.#onEnd,
      // What the phone reports (app, battery, screen, network) keeps the registry current.
      onDeviceEvent: this.#onDeviceEvent,
      ...(this.#onWarning ? { onWarning: this.#onWarning } : {}),
    });
    this.#sessions.set(deviceId, session);
    this.#transports.set(deviceId, request.transport);
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
