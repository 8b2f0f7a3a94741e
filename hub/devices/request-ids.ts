/**
 * Request ids unique across sessions and hub restarts, so a phone's result cache can never answer a
 * new command with an old result: the counter starts at the clock (ms × 1024), which stays below
 * 2^53 for centuries and only overtakes a later start if a hub issued over 1024 ids per ms on average.
 */
export function createRequestIdSource(now: number = Date.now()): () => number {
  let next = now * 1024;
  return () => ++next;
}
