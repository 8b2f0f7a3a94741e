/** The knobs that make a virtual phone behave like a real, imperfect one (slow, stale, interrupted). */
export interface SimKnobs {
  /** Added to every execute() (awaited timer); default 0. */
  latencyMs?: number;
  /** Uniform random extra delay in [0, jitterMs); default 0. */
  jitterMs?: number;
  /** getUi returns the previously returned tree with this probability (seeded). */
  staleTreeProbability?: number;
  /** A modal "Rate this app" popup appears after this many actions, until dismissed. */
  popupAfterActions?: number;
  /** The screen's primary button moves (different bounds) after this many actions. */
  moveButtonAfterActions?: number;
  /** Seeds jitter and staleness; default: derived from the device id. */
  seed?: number;
  /**
   * getUi keeps at most this many nodes and says `truncated`, as the portal does at its node limit;
   * default: no limit.
   */
  maxUiNodes?: number;
  /**
   * "none": a phone that cannot take screenshots (no `screenshot` capability; the request is refused
   * as not supported); "secure": every screen is a FLAG_SECURE window (black frames marked secure).
   * Default: screenshots of the rendered screen.
   */
  screenshots?: "none" | "secure";
  /**
   * false: stream frames show password fields as drawn, for the hub to paint (a phone that does not
   * paint them itself, as a portal from before StreamFrame.painted). Default: painted on the phone.
   */
  paintPasswords?: boolean;
  /**
   * true: a long press or a swipe answers only after its duration (0 = the portal's defaults, 600 and
   * 300 ms), as a real phone's dispatched gesture does; for tests whose timing depends on how long a
   * task holds its phone. Default: gestures answer at once.
   */
  holdGestures?: boolean;
}
