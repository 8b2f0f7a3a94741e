/**
 * Which ProtoDeviceSession belongs to which device id, and the rule for a joining phone: resume the
 * old session when the resume token matches, otherwise end the old one and start fresh. The
 * bookkeeping is the shared DeviceDirectory's; this file holds what is droidhub-dialect only.
 */
import { randomBytes } from "node:crypto";
import { DeviceDirectory, type DirectoryJoin, type DirectoryLimits, type Warn } from "./device-directory.js";
import { ProtoDeviceSession, type SessionTransport } from "./proto-session.js";
import type { QueuedSessionOptions } from "./queued-session.js";
import type { DeviceRegistry } from "./registry.js";

export interface JoinRequest extends DirectoryJoin<SessionTransport> {
  resumeToken: string;
}

export interface SessionLimits extends DirectoryLimits {
  /** How long received results wait to be acknowledged to the phone together. */
  resultAckMs?: number;
}

export class SessionDirectory extends DeviceDirectory<SessionTransport, ProtoDeviceSession, JoinRequest> {
  readonly #nextId: () => number;
  readonly #resultAckMs: number | undefined;

  constructor(registry: DeviceRegistry, limits: SessionLimits, nextId: () => number, onWarning?: Warn) {
    super(registry, limits, onWarning);
    this.#nextId = nextId;
    this.#resultAckMs = limits.resultAckMs;
  }

  protected override canResume(existing: ProtoDeviceSession, request: JoinRequest): boolean {
    return request.resumeToken !== "" && request.resumeToken === existing.resumeToken;
  }

  protected override refresh(existing: ProtoDeviceSession, request: JoinRequest): void {
    existing.info = request.info;
  }

  protected override open(base: QueuedSessionOptions): ProtoDeviceSession {
    return new ProtoDeviceSession({
      ...base,
      resumeToken: randomBytes(24).toString("base64url"),
      nextId: this.#nextId,
      ...(this.#resultAckMs === undefined ? {} : { resultAckMs: this.#resultAckMs }),
    });
  }
}
