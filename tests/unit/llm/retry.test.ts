import { describe, expect, it } from "vitest";
import { backoffDelayMs, DEFAULT_RETRY_TIMING, parseRetryAfterMs, retryDelayMs } from "../../../hub/llm/retry.js";

const timing = { baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 };
const headers = (entries: Record<string, string>) => new Headers(entries);

describe("retry timing", () => {
  it("backs off exponentially with full jitter, capped", () => {
    expect(backoffDelayMs(0, timing, () => 0.999)).toBe(99);
    expect(backoffDelayMs(3, timing, () => 0.5)).toBe(400);
    expect(backoffDelayMs(10, timing, () => 0.999)).toBe(999);
    expect(backoffDelayMs(2, timing, () => 0)).toBe(0);
  });

  it("reads Retry-After in seconds, as an HTTP date, and retry-after-ms", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfterMs(headers({ "retry-after": "2" }), now, timing)).toBe(2_000);
    expect(parseRetryAfterMs(headers({ "retry-after": "0.5" }), now, timing)).toBe(500);
    expect(parseRetryAfterMs(headers({ "retry-after": "Wed, 01 Jan 2025 00:00:03 GMT" }), now, timing)).toBe(3_000);
    expect(parseRetryAfterMs(headers({ "retry-after-ms": "250", "retry-after": "9" }), now, timing)).toBe(250);
  });

  it("caps long waits, clamps past dates to zero and ignores nonsense", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfterMs(headers({ "retry-after": "3600" }), now, timing)).toBe(5_000);
    expect(parseRetryAfterMs(headers({ "retry-after": "Tue, 31 Dec 2024 23:00:00 GMT" }), now, timing)).toBe(0);
    expect(parseRetryAfterMs(headers({ "retry-after": "soon" }), now, timing)).toBeUndefined();
    expect(parseRetryAfterMs(headers({}), now, timing)).toBeUndefined();
    expect(parseRetryAfterMs(undefined, now, timing)).toBeUndefined();
  });

  it("uses the server's wish over backoff", () => {
    expect(retryDelayMs(0, 1_500, timing, () => 0.9)).toBe(1_500);
    expect(retryDelayMs(1, undefined, timing, () => 0.5)).toBe(100);
    expect(DEFAULT_RETRY_TIMING.maxRetryAfterMs).toBeGreaterThanOrEqual(DEFAULT_RETRY_TIMING.maxDelayMs);
  });
});
