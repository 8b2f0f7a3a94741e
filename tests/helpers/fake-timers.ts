/** Every test of the calling file runs on vitest's fake timers, restored after each test. */
import { afterEach, beforeEach, vi } from "vitest";

export function useFakeTimersPerTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
