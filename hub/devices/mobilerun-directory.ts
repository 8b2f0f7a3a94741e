/**
 * Which MobilerunSession belongs to which device id. The Mobilerun app has no resume token: a
 * phone that reconnects with the same X-Device-ID within the grace window gets its session back
 * (queued commands go on); after the window the session ends and the next join starts fresh. The
 * bookkeeping is the shared DeviceDirectory's; this file holds what is Mobilerun-dialect only.
 */
import { DeviceDirectory, type DirectoryJoin, type DirectoryLimits, type Warn } from "./device-directory.js";
import type { MobilerunOptions } from "./mobilerun-commands.js";
import { MobilerunSession, type MobilerunTransport } from "./mobilerun-session.js";
import type { QueuedSessionOptions } from "./queued-session.js";
import type { DeviceRegistry } from "./registry.js";

export type MobilerunJoin = DirectoryJoin<MobilerunTransport>;

export class MobilerunDirectory extends DeviceDirectory<MobilerunTransport, MobilerunSession, MobilerunJoin> {
  readonly #options: () => MobilerunOptions;

  constructor(registry: DeviceRegistry, limits: DirectoryLimits, options: () => MobilerunOptions, onWarning?: Warn) {
    super(registry, limits, onWarning);
    this.#options = options;
  }

  protected override canResume(): boolean {
    return true;
  }

  protected override refresh(existing: MobilerunSession, request: MobilerunJoin): void {
    // Keep the info object the registry already shows; refresh what the headers told us.
    Object.assign(existing.info, { model: request.info.model, capabilities: request.info.capabilities });
  }

  protected override open(base: QueuedSessionOptions): MobilerunSession {
    return new MobilerunSession({ ...base, commandOptions: this.#options });
  }
}
