/**
 * Which DroidhubSession belongs to which device id, and the rule for a joining phone: resume the
 * old session when the resume token matches, otherwise end the old one and start fresh. The
 * bookkeeping is the shared DeviceDirectory's; this file holds what is droidhub-dialect only.
 */
import { randomBytes } from "node:crypto";
import { DeviceDirectory, type DirectoryJoin, type DirectoryLimits, type Warn } from "./device-directory.js";
import { DroidhubSession, type DroidhubTransport } from "./droidhub-session.js";
import type { QueuedSessionOptions } from "./queued-session.js";
import type { DeviceRegistry } from "./registry.js";

export interface DroidhubJoin extends DirectoryJoin<DroidhubTransport> {
  resumeToken: string;
}

export interface DroidhubLimits extends DirectoryLimits {
  /** How long received results wait to be acknowledged to the phone together. */
  resultAckMs?: number;
}

export class DroidhubDirectory extends DeviceDirectory<DroidhubTransport, DroidhubSession, DroidhubJoin> {
  readonly #nextId: () => number;
  readonly #resultAckMs: number | undefined;

  constructor(registry: DeviceRegistry, limits: DroidhubLimits, nextId: () => number, onWarning?: Warn) {
    super(registry, limits, onWarning);
    this.#nextId = nextId;
    this.#resultAckMs = limits.resultAckMs;
  }

  protected override canResume(existing: DroidhubSession, request: DroidhubJoin): boolean {
    return request.resumeToken !== "" && request.resumeToken === existing.resumeToken;
  }

  protected override refresh(existing: DroidhubSession, request: DroidhubJoin): void {
    existing.info = request.info;
  }

  protected override open(base: QueuedSessionOptions): DroidhubSession {
    return new DroidhubSession({
      ...base,
      resumeToken: randomBytes(24).toString("base64url"),
      nextId: this.#nextId,
      ...(this.#resultAckMs === undefined ? {} : { resultAckMs: this.#resultAckMs }),
    });
  }
}
