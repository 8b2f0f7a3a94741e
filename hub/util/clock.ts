/**
 * Where time decides something (when a retry may run, how long a backoff timer waits), it comes from
 * a Clock passed in, so a test can move time instead of waiting for it. Timestamps that only record
 * when something happened (a run's start, an event's time) may read the system clock directly.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
