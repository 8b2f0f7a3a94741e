/**
 * Retry timing, pure: exponential backoff with full jitter, and Retry-After parsing (seconds or an
 * HTTP date, plus the non-standard retry-after-ms), capped so a provider cannot park a run for an hour.
 */

export interface RetryTiming {
  /** First backoff ceiling; doubles per attempt. */
  baseDelayMs: number;
  /** Ceiling of any backoff. */
  maxDelayMs: number;
  /** Ceiling of a server-requested wait. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_TIMING: RetryTiming = { baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 };

/** Full jitter: uniform in [0, min(max, base·2^retry)). `retry` counts from 0. */
export function backoffDelayMs(retry: number, timing: RetryTiming, random: () => number): number {
  const ceiling = Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** The wait a server asked for, in ms, or undefined when it did not ask (or asked nonsense). */
export function parseRetryAfterMs(
  headers: { get(name: string): string | null } | undefined,
  nowMs: number,
  timing: RetryTiming,
): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return cap(Number(ms), timing);
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return cap(Number(value) * 1000, timing);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return cap(date - nowMs, timing);
}

function cap(ms: number, timing: RetryTiming): number {
  return Math.min(Math.max(0, Math.ceil(ms)), timing.maxRetryAfterMs);
}

/** The delay before retry number `retry` (0-based): the server's wish when given, else backoff. */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  timing: RetryTiming,
  random: () => number,
): number {
  return retryAfterMs ?? backoffDelayMs(retry, timing, random);
}
