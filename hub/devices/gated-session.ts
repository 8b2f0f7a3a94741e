import { withCall } from "./session-with-call.js";
import type { DeviceSession } from "./types.js";

/**
 * The phone as the agent sees it: every command first waits until the run's records so far are
 * committed, so the phone never acts ahead of what a restarted hub would know.
 */
export function gated(session: DeviceSession, written: () => Promise<unknown>): DeviceSession {
  return withCall(session, async (request, options) => {
    await written();
    return session.call(request, options);
  });
}
