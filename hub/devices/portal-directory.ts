/**
 * Which PortalDeviceSession belongs to which device id. The Portal app has no resume token: a
 * phone that reconnects with the same X-Device-ID within the grace window gets its session back
 * (queued commands go on); after the window the session ends and the next join starts fresh.
 */
import { randomUUID } from "node:crypto";
import type { HubError } from "../errors/hub-error.js";
import type { PortalOptions } from "./portal-commands.js";
import { PortalDeviceSession, type PortalTransport } from "./portal-session.js";
import type { DeviceRegistry } from "./registry.js";
import type { DeviceInfo } from "./types.js";

export interface PortalLimits {
  maxInFlight: number;
  commandTimeoutMs: number;
  resumeGraceMs: number;
}

export interface PortalJoin {
  deviceId: string;
  info: DeviceInfo;
  tags: string[];
  transport: PortalTransport;
}

export interface PortalJoinOutcome {
  session: PortalDeviceSession;
  resumed: boolean;
  /** The transport the session had before, still open; the caller closes it as replaced. */
  replaced: PortalTransport | undefined;
}

export class PortalDirectory {
  readonly #sessions = new Map<string, PortalDeviceSession>();
  readonly #transports = new Map<string, PortalTransport>();
  readonly #registry: DeviceRegistry;
  readonly #limits: PortalLimits;
  readonly #portal: () => PortalOptions;
  readonly #onWarning: ((message: string, details: Record<string, unknown>) => void) | undefined;

  constructor(
    registry: DeviceRegistry,
    limits: PortalLimits,
    portal: () => PortalOptions,
    onWarning?: (message: string, details: Record<string, unknown>) => void,
  ) {
    this.#registry = registry;
    this.#limits = limits;
    this.#portal = portal;
    this.#onWarning = onWarning;
  }

  get size(): number {
    return this.#sessions.size;
  }

  get(deviceId: string): PortalDeviceSession | undefined {
    return this.#sessions.get(deviceId);
  }

  join(request: PortalJoin): PortalJoinOutcome {
    const replaced = this.#transports.get(request.deviceId);
    const existing = this.#sessions.get(request.deviceId);
    this.#transports.set(request.deviceId, request.transport);
    if (existing) {
      // Keep the info object the registry already shows; refresh what the headers told us.
      Object.assign(existing.info, { model: request.info.model, capabilities: request.info.capabilities });
      existing.attach(request.transport);
      this.#registry.attach(existing, request.tags);
      return { session: existing, resumed: true, replaced };
    }
    const session = new PortalDeviceSession({
      deviceId: request.deviceId,
      sessionId: randomUUID(),
      info: request.info,
      maxInFlight: this.#limits.maxInFlight,
      defaultTimeoutMs: this.#limits.commandTimeoutMs,
      resumeGraceMs: this.#limits.resumeGraceMs,
      portal: this.#portal,
      onEnd: (ended) => {
        if (this.#sessions.get(ended.deviceId) === ended) {
          this.#sessions.delete(ended.deviceId);
          this.#transports.delete(ended.deviceId);
        }
        this.#registry.detach(ended);
      },
      ...(this.#onWarning ? { onWarning: this.#onWarning } : {}),
    });
    session.onEvent((event) => this.#registry.applyEvent(request.deviceId, event));
    this.#sessions.set(request.deviceId, session);
    session.attach(request.transport);
    this.#registry.attach(session, request.tags);
    return { session, resumed: false, replaced };
  }

  /** The socket closed; the session waits out the grace window for the app's reconnect. */
  leave(deviceId: string, transport: PortalTransport): void {
    const session = this.#sessions.get(deviceId);
    if (!session || this.#transports.get(deviceId) !== transport) return;
    this.#transports.delete(deviceId);
    session.detach(transport);
  }

  closeAll(reason: HubError): void {
    for (const session of [...this.#sessions.values()]) session.end(reason);
  }
}
