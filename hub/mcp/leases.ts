/**
 * Phones an MCP session holds with `allocate_device`. The hold is the registry's lease, the same one
 * a running task takes: while an MCP session holds a phone, its status is busy and the dispatcher
 * offers it no task. A client can vanish without saying so (a killed editor, a dropped laptop), so a
 * hold lasts only while its session is alive: every request renews the session, and one idle longer
 * than `idleMs` is ended by its owner (http-route.ts), which releases what it held.
 */
import type { DeviceRegistry } from "../devices/registry.js";

export class McpLeases {
  readonly #registry: DeviceRegistry;
  /** holder → the phones it holds. */
  readonly #held = new Map<string, Set<string>>();

  constructor(registry: DeviceRegistry) {
    this.#registry = registry;
  }

  /** Leases the phone to `holder`; DEVICE_NOT_FOUND or DEVICE_BUSY (another task or session holds it). */
  acquire(holder: string, deviceId: string): void {
    this.#registry.acquire(deviceId, holder);
    const held = this.#held.get(holder) ?? new Set<string>();
    held.add(deviceId);
    this.#held.set(holder, held);
  }

  /** Releases one phone; false when `holder` did not hold it. */
  release(holder: string, deviceId: string): boolean {
    const held = this.#held.get(holder);
    if (!held?.delete(deviceId)) return false;
    if (held.size === 0) this.#held.delete(holder);
    // A phone that left meanwhile lost its lease with its session: the registry ignores a stale holder.
    this.#registry.release(deviceId, holder);
    return true;
  }

  /** Releases everything `holder` holds (its session ended or went idle). */
  releaseAll(holder: string): string[] {
    const ids = [...(this.#held.get(holder) ?? [])];
    for (const id of ids) this.release(holder, id);
    return ids;
  }

  /** The phones `holder` holds that are still leased to it. */
  heldBy(holder: string): string[] {
    return [...(this.#held.get(holder) ?? [])].filter((id) => this.#registry.get(id)?.lease === holder);
  }
}
