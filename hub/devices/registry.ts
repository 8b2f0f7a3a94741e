/**
 * Every phone the hub knows, online or not, with what it last reported. Status is derived, never
 * stored twice: offline without a live session, busy while leased, online otherwise.
 */
import { EventEmitter } from "node:events";
import { HubError } from "../errors/hub-error.js";
import { pb } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import { RemoteDevices } from "./remote-devices.js";
import type { DeviceInfo, DeviceSession, ScreenMask, ScreenRect } from "./types.js";

/**
 * A session as the registry holds it: the phone vocabulary everyone reads, and the end that a
 * takeover from the other dialect or an enrolment reset needs (its directory then closes the socket).
 */
export interface RegisteredSession extends DeviceSession {
  end(reason: HubError): unknown;
}

export type DeviceStatus = "online" | "offline" | "busy" | "quarantined" | "draining";

export interface DeviceEntry {
  id: string;
  info: DeviceInfo | undefined;
  tags: string[];
  session: RegisteredSession | undefined;
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

/**
 * What one change did to a device's view: only the fields that moved, with `null` for a field that
 * was cleared (JSON drops `undefined`, and a watcher must be able to tell "lease ended" from "no
 * news"). Lets `/api/events` say what changed instead of resending the whole record every time.
 */
export type DeviceChange = { [K in Exclude<keyof DeviceView, "id">]?: DeviceView[K] | null };

export interface RegistryEvents {
  joined: [DeviceEntry];
  left: [DeviceEntry, DeviceChange];
  updated: [DeviceEntry, DeviceChange];
}

export class DeviceRegistry extends EventEmitter<RegistryEvents> {
  readonly #entries = new Map<string, DeviceEntry>();
  /** Phones other hubs of the cluster hold (empty on a lone hub). */
  readonly remote = new RemoteDevices();

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

  /** DEVICE_NOT_FOUND unless the phone is this hub's or one another hub of the cluster holds. */
  requireKnown(id: string): void {
    if (!this.remote.get(id)) this.require(id);
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

  attach(session: RegisteredSession, tags: string[]): DeviceEntry {
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

  /**
   * Ends the id's live session, whatever its dialect, connected or inside its grace window: waiting
   * callers get `reason` and the socket closes with its close code. False when there is none.
   */
  endSession(id: string, reason: HubError): boolean {
    const session = this.#entries.get(id)?.session;
    if (!session) return false;
    session.end(reason);
    return true;
  }

  /** The session ended for good (not a mere drop inside the resume grace window). */
  detach(session: DeviceSession): void {
    const entry = this.#entries.get(session.deviceId);
    if (!entry || entry.session !== session) return;
    const lease: DeviceChange = entry.lease === undefined ? {} : { lease: null };
    entry.session = undefined;
    entry.connectedAtMs = undefined;
    entry.lease = undefined;
    // The status went offline when the link dropped, unannounced (the session could still resume):
    // say it here whatever it was a moment ago.
    this.emit("left", entry, { status: "offline", connectedAt: null, ...lease });
  }

  /** Drops a phone that has no session (the caller checked): it is no longer listed or dispatched to. */
  forget(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry || entry.session) return;
    this.#entries.delete(id);
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
    const before = DeviceRegistry.status(entry);
    entry.lease = holder;
    this.#updated(entry, before, { lease: holder });
  }

  release(id: string, holder: string): void {
    const entry = this.#entries.get(id);
    if (entry?.lease === holder) {
      const before = DeviceRegistry.status(entry);
      entry.lease = undefined;
      this.#updated(entry, before, { lease: null });
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

  /** Where the run holding the phone has secrets on the screen `tree` describes (live frames paint them over). */
  secretsOn(id: string, tree: droidhub.v1.IUiTree): ScreenRect[] {
    return this.#entries.get(id)?.screenMask?.secretsOn?.(tree) ?? [];
  }

  /** Whether the run holding the phone has secrets of its own to find on its screen (ScreenMask.hidesMore). */
  runHides(id: string): boolean {
    const mask = this.#entries.get(id)?.screenMask;
    return mask !== undefined && (mask.hidesMore?.() ?? true);
  }

  /** A person typed `value` on the phone during a takeover: its run paints it over like a secret. */
  hideTyped(id: string, value: string): void {
    this.#entries.get(id)?.screenMask?.hide?.(value);
  }

  /** What a phone's screen may show outside the hub: secret values a run typed replaced by placeholders. */
  redactScreen<T>(id: string, value: T): T {
    const mask = this.#entries.get(id)?.screenMask;
    return mask ? mask.redact(value) : value;
  }

  applyEvent(id: string, event: droidhub.v1.IDeviceEvent): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    entry.lastSeenMs = Date.now();
    const change = stateChange(event);
    // Content and keyboard changes are too frequent and too small to announce.
    if (!change) return;
    Object.assign(entry, change);
    this.emit("updated", entry, change);
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
    const before = DeviceRegistry.status(entry);
    Object.assign(entry, health);
    this.#updated(entry, before, health);
    return entry;
  }

  setApps(id: string, apps: ReadonlySet<string>): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    entry.apps = apps;
    // Not part of the view (nothing to tell a watcher), but dispatch matches on it.
    this.emit("updated", entry, {});
  }

  setTags(id: string, tags: string[]): DeviceEntry {
    const entry = this.require(id);
    entry.tags = tags;
    this.emit("updated", entry, { tags });
    return entry;
  }

  /** Announces a change to the entry, adding the status when the change moved it. */
  #updated(entry: DeviceEntry, before: DeviceStatus, change: DeviceChange): void {
    this.emit("updated", entry, withStatus(entry, before, change));
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

function withStatus(entry: DeviceEntry, before: DeviceStatus, change: DeviceChange): DeviceChange {
  const status = DeviceRegistry.status(entry);
  return status === before ? change : { ...change, status };
}

type StateFields = Pick<DeviceEntry, "foreground" | "battery" | "screenOn" | "accessibilityEnabled" | "network">;

/** The field a phone's state event sets (named alike in the entry and the view), if it is one we keep. */
function stateChange(event: droidhub.v1.IDeviceEvent): Partial<StateFields> | undefined {
  if (event.foreground) {
    return { foreground: { package: event.foreground.packageName ?? "", activity: event.foreground.activity ?? "" } };
  }
  if (event.battery) return { battery: { level: event.battery.level ?? 0, charging: event.battery.charging ?? false } };
  if (event.screen) return { screenOn: event.screen.on ?? false };
  if (event.accessibility) return { accessibilityEnabled: event.accessibility.enabled ?? false };
  if (event.network) {
    const name = pb.NetworkType[event.network.type ?? 0] ?? "NETWORK_TYPE_UNSPECIFIED";
    return { network: name.replace("NETWORK_TYPE_", "").toLowerCase() };
  }
  return undefined;
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
