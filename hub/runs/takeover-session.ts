/**
 * The phone as a run's agent sees it around a takeover: each command first waits while a human holds
 * the phone. An action the agent chose on a screen from before the human acted is dropped with
 * STALE_ACTION, so the agent observes the screen again and plans from what the human left instead
 * of tapping where the old screen had a button; looks (screenshot, UI tree, state) always go through.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { withCall } from "../devices/session-with-call.js";
import { type DeviceRequest, type DeviceSession, requestKind } from "../devices/types.js";
import { HubError } from "../errors/hub-error.js";

const LOOKS: ReadonlySet<ReturnType<typeof requestKind>> = new Set(["getUi", "screenshot", "getState", "listApps"]);

export function isLook(request: DeviceRequest): boolean {
  return LOOKS.has(requestKind(request));
}

/**
 * Calls made by the agent itself (its run's async context). Other looks through its session — the
 * secret mask reading the UI for an operator's screenshot, an MCP screen tool, the record of a
 * human's action — neither wait for a hand-back they may be part of nor count as the agent's look.
 */
const agentContext = new AsyncLocalStorage<true>();

export function runAsAgent<T>(fn: () => Promise<T>): Promise<T> {
  return agentContext.run(true, fn);
}

/** What the wrapper needs from the run's takeovers (Takeovers, bound to the run). */
export interface TakeoverState {
  /** Counts the takeovers the run has had so far. */
  epoch(): number;
  held(): boolean;
  /** Waits while a human holds the phone (Takeovers.clear). */
  clear(): Promise<unknown>;
}

/**
 * An action is stale when a human held the phone after the agent's last look began: the look
 * (and so the decision) predates what the human did. A look taken after the hand-back is fresh.
 */
export function heldDuringTakeover(session: DeviceSession, takeovers: TakeoverState): DeviceSession {
  let seen = takeovers.epoch();
  return withCall(session, async (request, options) => {
    const look = isLook(request);
    if (look && !agentContext.getStore()) return session.call(request, options);
    if (look) seen = takeovers.held() ? -1 : takeovers.epoch();
    await takeovers.clear();
    if (!look && seen !== takeovers.epoch())
      throw new HubError(
        "STALE_ACTION",
        "a human held the phone after this action was chosen: look at the screen again",
      );
    return session.call(request, options);
  });
}
