import type { DeviceSession } from "./types.js";

/**
 * `session` with its `call` replaced, everything else read live from it: the wrappers that gate or
 * check what an agent sends (gated, heldDuringTakeover) differ only in their call.
 */
export function withCall(session: DeviceSession, call: DeviceSession["call"]): DeviceSession {
  return {
    get deviceId() {
      return session.deviceId;
    },
    get sessionId() {
      return session.sessionId;
    },
    get info() {
      return session.info;
    },
    get connected() {
      return session.connected;
    },
    call,
    onEvent: (listener) => session.onEvent(listener),
  };
}
