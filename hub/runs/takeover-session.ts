/**
 * The phone as a run's agent sees it around a takeover: each command first waits while a human holds
 * the phone. An action the agent chose on a screen from before the human acted is dropped with
 * STALE_ACTION, so the agent observes the screen again and plans from what the human left instead
 * of tapping where the old screen had a button; looks (screenshot, UI tree, state) always go through.
 */
import type { UiTree } from "../devices/phone.js";
import { withCall } from "../devices/session-with-call.js";
import {
  type CallOptions,
  type CallOutcome,
  type DeviceRequest,
  type DeviceSession,
  requestKind,
  type ScreenMask,
  type ScreenRect,
} from "../devices/types.js";
import { HubError } from "../errors/hub-error.js";

const LOOKS: ReadonlySet<ReturnType<typeof requestKind>> = new Set(["getUi", "screenshot", "getState", "listApps"]);

export function isLook(request: DeviceRequest): boolean {
  return LOOKS.has(requestKind(request));
}

/** What the wrapper needs from the run's takeovers (Takeovers, bound to the run). */
export interface TakeoverState {
  /** Counts the takeovers the run has had so far. */
  epoch(): number;
  held(): boolean;
  /** Waits while a human holds the phone (Takeovers.clear). */
  clear(): Promise<unknown>;
}

/** The agent's session around takeovers, and the mask that reads the screen through it as the hub. */
export interface HeldSession {
  session: DeviceSession;
  /**
   * `mask` (the agent's, built on `session`) for the registry: the hub's own looks through it — the
   * secret mask reading the screen for an operator's screenshot, an MCP screen tool, the record of a
   * human's action — neither wait for a hand-back they may be part of nor count as the agent's look.
   */
  hubMask(mask: ScreenMask): ScreenMask;
}

/**
 * An action is stale when a human held the phone after the agent's last look began: the look
 * (and so the decision) predates what the human did. A look taken after the hand-back is fresh.
 *
 * The hub's looks are told from the agent's by a flag set while the mask's `apply` starts: its read
 * of the screen reaches `call` synchronously, before its first await. (An AsyncLocalStorage marking
 * the agent's calls did this before; it turned on async hooks for every promise of the hub.)
 */
export function heldDuringTakeover(session: DeviceSession, takeovers: TakeoverState): HeldSession {
  const guard = new TakeoverGuard(session, takeovers);
  return { session: withCall(session, guard.call), hubMask: (mask) => new HubLookMask(guard, mask) };
}

/** The state both halves share (a class: one object a run, not a closure for each part). */
class TakeoverGuard {
  readonly #session: DeviceSession;
  readonly #takeovers: TakeoverState;
  #seen: number;
  hubLooking = false;

  constructor(session: DeviceSession, takeovers: TakeoverState) {
    this.#session = session;
    this.#takeovers = takeovers;
    this.#seen = takeovers.epoch();
  }

  readonly call = async (request: DeviceRequest, options?: CallOptions): Promise<CallOutcome> => {
    const look = isLook(request);
    if (look && this.hubLooking) return this.#session.call(request, options);
    const takeovers = this.#takeovers;
    const holding = takeovers.held();
    if (look) this.#seen = holding ? -1 : takeovers.epoch();
    // Only a held phone has a hand-back to wait for; awaiting nothing would cost every command a turn.
    if (holding) await takeovers.clear();
    if (!look && this.#seen !== takeovers.epoch())
      throw new HubError(
        "STALE_ACTION",
        "a human held the phone after this action was chosen: look at the screen again",
      );
    return this.#session.call(request, options);
  };
}

/** The run's mask as the hub's own looks use it: its screen reads pass the guard untouched. */
class HubLookMask implements ScreenMask {
  readonly #guard: TakeoverGuard;
  readonly #mask: ScreenMask;

  constructor(guard: TakeoverGuard, mask: ScreenMask) {
    this.#guard = guard;
    this.#mask = mask;
  }

  apply(image: Buffer): Promise<Buffer> {
    this.#guard.hubLooking = true;
    try {
      return this.#mask.apply(image);
    } finally {
      this.#guard.hubLooking = false;
    }
  }

  redact<T>(value: T): T {
    return this.#mask.redact(value);
  }

  // What the live view and the takeover route ask of the run's mask: no screen read of their own.
  secretsOn(tree: UiTree): ScreenRect[] {
    return this.#mask.secretsOn?.(tree) ?? [];
  }

  hide(value: string): void {
    this.#mask.hide?.(value);
  }

  hidesMore(): boolean {
    return this.#mask.hidesMore?.() ?? true;
  }
}
