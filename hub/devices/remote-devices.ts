/**
 * Phones whose socket another hub of the cluster holds, as that hub announced them (cluster mode's
 * fan-out fills this; on a lone hub it stays empty). GET /api/devices and the fleet stream show them
 * beside this hub's own, so any hub's dashboard shows the whole fleet; calls to them are forwarded
 * to their hub (hub/cluster/forward.ts). Each entry remembers which hub announced it, so a late
 * "left" from a hub the phone already moved away from changes nothing. A phone that left stays
 * listed as offline, as this hub's own phones do.
 */
import { EventEmitter } from "node:events";
import type { DeviceChange, DeviceView } from "./registry.js";

/** A phone as the fleet sees it, with the hub holding its socket (cluster mode). */
export type FleetDeviceView = DeviceView & { hub?: string | undefined };

export interface RemoteDeviceEvents {
  joined: [FleetDeviceView];
  left: [{ id: string; hub: string } & DeviceChange];
}

export class RemoteDevices extends EventEmitter<RemoteDeviceEvents> {
  /** This hub's id in the cluster (undefined on a lone hub): its own phones' views name it. */
  self: string | undefined;
  /** `hub` undefined: the phone left (offline) and no hub holds it now. */
  readonly #byId = new Map<string, { hub: string | undefined; view: DeviceView }>();

  /** Another hub holds the phone now. */
  joined(hub: string, view: DeviceView): void {
    this.#byId.set(view.id, { hub, view });
    this.emit("joined", { ...view, hub });
  }

  /** The hub announced the phone's socket closed; nothing if the phone has moved to another hub since. */
  left(hub: string, id: string): void {
    const entry = this.#byId.get(id);
    if (!entry || entry.hub !== hub) return;
    entry.hub = undefined;
    entry.view = { ...entry.view, status: "offline", connectedAt: undefined, lease: undefined };
    this.emit("left", { id, hub, status: "offline", connectedAt: null, lease: null });
  }

  /** The phone joined this hub: it is not another's any more (this hub's own event announces it). */
  forget(id: string): void {
    this.#byId.delete(id);
  }

  /** A run started or ended on another hub's phone: its status follows, for the next listing. */
  leased(id: string, runId: string | undefined): void {
    const entry = this.#byId.get(id);
    if (!entry?.hub) return;
    entry.view = { ...entry.view, lease: runId, status: runId ? "busy" : "online" };
  }

  /** The hubs holding phones listed here. */
  hubs(): Set<string> {
    return new Set([...this.#byId.values()].flatMap((e) => (e.hub ? [e.hub] : [])));
  }

  /** A hub gone from the cluster: its phones are announced as left (those that rejoin elsewhere come back). */
  dropHub(hub: string): void {
    for (const [id, entry] of this.#byId) if (entry.hub === hub) this.left(hub, id);
  }

  get(id: string): FleetDeviceView | undefined {
    const entry = this.#byId.get(id);
    return entry && { ...entry.view, hub: entry.hub };
  }

  list(): FleetDeviceView[] {
    return [...this.#byId.values()].map((e) => ({ ...e.view, hub: e.hub }));
  }
}
