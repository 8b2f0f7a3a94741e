/**
 * A phone that dropped off this hub and rejoined another: its session here ends as soon as the other
 * hub announces the join (fan-out), not at the next renewal (up to a third of the ownership time
 * limit, or never while the resume window lasts). Why it matters: the command that was on the wire
 * here cannot be resent, as the phone now holds another hub's session, and the other hub has already
 * offered the phone to its queue. Ending at once fails that command (STALE_EPOCH, an infra failure:
 * the run's task is retried as a new attempt, exactly as when its hub dies) instead of leaving the run
 * "running" on a phone another run may already be using.
 *
 * Exactly-once holds on its own: a phone's resume token is per session and a fresh session on the
 * other hub tells the phone to forget its cached results, so no hub can resend an old id to it.
 * The announcement is checked against Redis (the owner key must name the announcing hub), so a late
 * or stale announcement ends nothing.
 */
import type { FastifyBaseLogger } from "fastify";
import type { DeviceRegistry } from "../devices/registry.js";
import type { FleetDeviceView } from "../devices/remote-devices.js";
import { HubError } from "../errors/hub-error.js";
import type { Ownership } from "./ownership.js";

export function installHandover(registry: DeviceRegistry, ownership: Ownership, log: FastifyBaseLogger): void {
  registry.remote.on("joined", (view: FleetDeviceView) => {
    const session = registry.get(view.id)?.session;
    // Only a session waiting for its phone to resume: a live socket here means the phone is here.
    if (!session || session.connected || view.hub === undefined) return;
    const hub = view.hub;
    ownership.owner(view.id).then(
      (owner) => {
        if (owner?.hubId !== hub || registry.get(view.id)?.session !== session || session.connected) return;
        log.info({ deviceId: view.id, hub }, `cluster: device ${view.id} rejoined hub ${hub}; its session here ends`);
        registry.endSession(view.id, new HubError("STALE_EPOCH", `device ${view.id} joined hub ${hub}`));
      },
      // Redis away: the next renewal finds the phone lost and ends the session then.
      (error: unknown) => log.warn({ deviceId: view.id, err: String(error) }, "cluster: owner lookup failed"),
    );
  });
}
