/**
 * Every phone the hub knows, online or not, with what it last reported. Status is derived, never
 * stored twice: offline without a live session, busy while leased, online otherwise.
 */
import { EventEmitter } from "node:events";
import { HubError } from "../errors/hub-error.js";
import { pb } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import type { DeviceInfo, DeviceSession, ScreenMask } from "./types.js";

export type DeviceStatus = "online" | "offline" | "busy" | "quarantined" | "draining";

export interface DeviceEntry {
  id: string;
  info: DeviceInfo | undefined;
  tags: string[];
  session: DeviceSession | undefined;
  lastSeenMs: number;
  connectedAtMs: number | undefined;
  lease: string | undefined;
  /** Taken out of dispatch after repeated infrastructure failures, until an operator lets it back. */
  quarantined: boolean;
  /** Finishes its current run, takes no new one. */
  draining: boolean;
  /** Infrastructure failures in a row (reset by a run that ends without one). */
  infraFailures: number;
  /** Installed packages, once the phone has listed them (tasks can require an app). */
  apps: ReadonlySet<string> | undefined;
  foreground: { package: string; activity: string } | undefined;
  battery: { level: number; charging: boolean } | undefined;
  screenOn: boolean | undefined;
  accessibilityEnabled: boolean | undefined;
  network: string | undefined;
  /** Set by the run holding the phone: what the API's screenshots must paint over. */
  screenMask?: ScreenMask | undefined;
}

export interface DeviceView {
  id: string;
  status: DeviceStatus;
  dialect: string | undefined;
  manufacturer: string | undefined;
  model: string | undefined;
  sdkInt: number | undefined;
  portalVersion: string | undefined;
  screen: DeviceInfo["screen"] | undefined;
  capabilities: string[];
  tags: string[];
  lastSeen: string;
  connectedAt: string | undefined;
  lease: string | undefined;
  quarantined: boolean;
  draining: boolean;
  infraFailures: number;
  heartbeatAgeS: number;
  foreground: DeviceEntry["foreground"];
  battery: DeviceEntry["battery"];
  screenOn: boolean | undefined;
  accessibilityEnabled: boolean | undefined;
  network: string | undefined;
}

export interface RegistryEvents {
  joined: [DeviceEntry];
  left: [DeviceEntry];
  updated: [DeviceEntry];
}

export class DeviceRegistry extends EventEmitter<RegistryEvents> {
  readonly #entries = new Map<string, DeviceEntry>();

  get size(): number {
    return this.#entries.size;
  }

  get(id: string): DeviceEntry | undefined {
    return this.#entries.get(id);
  }

  /** The entry or DEVICE_NOT_FOUND. */
  require(id: string): DeviceEntry {
    const entry = this.#entries.get(id);
    if (!entry) throw new HubError("DEVICE_NOT_FOUND", `unknown device ${id}`, { details: { deviceId: id } });
    return entry;
  }

  /** The live session or DEVICE_NOT_FOUND / DEVICE_OFFLINE. */
  requireSession(id: string): DeviceSession {
    const entry = this.require(id);
    if (!entry.session) {
      throw new HubError("DEVICE_OFFLINE", `device ${id} is offline`, { details: { deviceId: id } });
    }
    return entry.session;
  }

  list(): DeviceEntry[] {
    return [...this.#entries.values()];
  }

  /** Remembers a device seen in an earlier hub life; it shows as offline until it joins. */
  remember(id: string, info: DeviceInfo | undefined, tags: string[], lastSeenMs: number): void {
    if (this.#entries.has(id)) return;
    this.#entries.set(id, blankEntry(id, info, tags, lastSeenMs));
  }

  attach(session: DeviceSession, tags: string[]): DeviceEntry {
    const now = Date.now();
    let entry = this.#entries.get(session.deviceId);
    if (!entry) {
      entry = blankEntry(session.deviceId, session.info, tags, now);
      this.#entries.set(entry.id, entry);
    }
    entry.session = session;
    entry.info = session.info;
    entry.tags = tags;
    entry.lastSeenMs = now;
    entry.connectedAtMs = now;
    this.emit("joined", entry);
    return entry;
  }

  /** The session ended for good (not a mere drop inside the resume grace window). */
  detach(session: DeviceSession): void {
    const entry = this.#entries.get(session.deviceId);
    if (!entry || entry.session !== session) return;
    entry.session = undefined;
    entry.connectedAtMs = undefined;
    entry.lease = undefined;
    this.emit("left", entry);
  }

  touch(id: string): void {
    const entry = this.#entries.get(id);
    if (entry) entry.lastSeenMs = Date.now();
  }

  acquire(id: string, holder: string): void {
    const entry = this.require(id);
    if (entry.lease && entry.lease !== holder) {
      throw new HubError("DEVICE_BUSY", `device ${id} is busy`, { details: { deviceId: id, lease: entry.lease } });
    }
    entry.lease = holder;
    this.emit("updated", entry);
  }

  release(id: string, holder: string): void {
    const entry = this.#entries.get(id);
    if (entry?.lease === holder) {
      entry.lease = undefined;
      this.emit("updated", entry);
    }
  }

  /**
   * The run holding the phone says what its screenshots must not show (undefined: the run ended).
   * Returns a function that removes exactly this mask, so a late end cannot clear a newer run's.
   */
  setScreenMask(id: string, mask: ScreenMask): () => void {
    const entry = this.#entries.get(id);
    if (!entry) return () => undefined;
    entry.screenMask = mask;
    return () => {
      if (entry.screenMask === mask) entry.screenMask = undefined;
    };
  }

  /** A screenshot of the phone as it may leave the hub: masked while a run holding it has secrets on screen. */
  async maskScreenshot(id: string, image: Buffer): Promise<Buffer> {
    const mask = this.#entries.get(id)?.screenMask;
    return mask ? mask.apply(image) : image;
  }

  applyEvent(id: string, event: droidhub.v1.IDeviceEvent): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    entry.lastSeenMs = Date.now();
    if (event.foreground) {
      entry.foreground = { package: event.foreground.packageName ?? "", activity: event.foreground.activity ?? "" };
    } else if (event.battery) {
      entry.battery = { level: event.battery.level ?? 0, charging: event.battery.charging ?? false };
    } else if (event.screen) {
      entry.screenOn = event.screen.on ?? false;
    } else if (event.accessibility) {
      entry.accessibilityEnabled = event.accessibility.enabled ?? false;
    } else if (event.network) {
      const name = pb.NetworkType[event.network.type ?? 0] ?? "NETWORK_TYPE_UNSPECIFIED";
      entry.network = name.replace("NETWORK_TYPE_", "").toLowerCase();
    } else {
      return; // content and keyboard changes are too frequent and too small to announce
    }
    this.emit("updated", entry);
  }

  static status(entry: DeviceEntry): DeviceStatus {
    if (!entry.session?.connected) return "offline";
    if (entry.lease) return "busy";
    if (entry.quarantined) return "quarantined";
    if (entry.draining) return "draining";
    return "online";
  }

  /** Sets fleet health flags and announces the change. */
  setHealth(id: string, health: Partial<Pick<DeviceEntry, "quarantined" | "draining" | "infraFailures">>): DeviceEntry {
    const entry = this.require(id);
    Object.assign(entry, health);
    this.emit("updated", entry);
    return entry;
  }

  setApps(id: string, apps: ReadonlySet<string>): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    entry.apps = apps;
    this.emit("updated", entry);
  }

  setTags(id: string, tags: string[]): DeviceEntry {
    const entry = this.require(id);
    entry.tags = tags;
    this.emit("updated", entry);
    return entry;
  }

  static view(entry: DeviceEntry): DeviceView {
    return {
      id: entry.id,
      status: DeviceRegistry.status(entry),
      dialect: entry.info?.dialect,
      manufacturer: entry.info?.manufacturer,
      model: entry.info?.model,
      sdkInt: entry.info?.sdkInt,
      portalVersion: entry.info?.portalVersion,
      screen: entry.info?.screen,
      capabilities: entry.info?.capabilities ?? [],
      tags: entry.tags,
      lastSeen: new Date(entry.lastSeenMs).toISOString(),
      connectedAt: entry.connectedAtMs === undefined ? undefined : new Date(entry.connectedAtMs).toISOString(),
      lease: entry.lease,
      quarantined: entry.quarantined,
      draining: entry.draining,
      infraFailures: entry.infraFailures,
      heartbeatAgeS: Math.round((Date.now() - entry.lastSeenMs) / 1000),
      foreground: entry.foreground,
      battery: entry.battery,
      screenOn: entry.screenOn,
      accessibilityEnabled: entry.accessibilityEnabled,
      network: entry.network,
    };
  }
}

function blankEntry(id: string, info: DeviceInfo | undefined, tags: string[], lastSeenMs: number): DeviceEntry {
  return {
    id,
    info,
    tags,
    session: undefined,
    lastSeenMs,
    connectedAtMs: undefined,
    lease: undefined,
    quarantined: false,
    draining: false,
    infraFailures: 0,
    apps: undefined,
    foreground: undefined,
    battery: undefined,
    screenOn: undefined,
    accessibilityEnabled: undefined,
    network: undefined,
  };
}
