import type { CallOptions, CallOutcome, DeviceRequest, DeviceSession } from "./types.js";

/**
 * `session` with its `call` replaced, everything else read live from it: the wrappers that gate or
 * check what an agent sends (gated, heldDuringTakeover) differ only in their call. A class, not an
 * object literal: its getters live on the prototype, where a literal's four getters and listener
 * were four closures more for every run (a one-tap fleet task makes two of these).
 */
class CallWrapped implements DeviceSession {
  readonly #inner: DeviceSession;
  readonly #call: DeviceSession["call"];

  constructor(inner: DeviceSession, call: DeviceSession["call"]) {
    this.#inner = inner;
    this.#call = call;
  }

  get deviceId(): string {
    return this.#inner.deviceId;
  }

  get sessionId(): string {
    return this.#inner.sessionId;
  }

  get info(): DeviceSession["info"] {
    return this.#inner.info;
  }

  get connected(): boolean {
    return this.#inner.connected;
  }

  call(request: DeviceRequest, options?: CallOptions): Promise<CallOutcome> {
    return this.#call(request, options);
  }

  onEvent(listener: Parameters<DeviceSession["onEvent"]>[0]): () => void {
    return this.#inner.onEvent(listener);
  }
}

export function withCall(session: DeviceSession, call: DeviceSession["call"]): DeviceSession {
  return new CallWrapped(session, call);
}
