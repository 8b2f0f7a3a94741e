package dev.droidhub.portal.core

/**
 * AccessibilityService.takeScreenshot refuses calls closer than about a third of a second
 * (ERROR_TAKE_SCREENSHOT_INTERVAL_TIME_SHORT). Rather than fail, a request waits out the short
 * remainder; only a wait longer than [maxWaitMs] (many queued shots) is reported as rate limited.
 */
class ScreenshotThrottle(
    private val minIntervalMs: Long = 350,
    private val maxWaitMs: Long = 2_000,
) {
    private var nextAllowedMs = Long.MIN_VALUE

    sealed interface Slot {
        data class Go(val waitMs: Long) : Slot
        data class RateLimited(val retryInMs: Long) : Slot
    }

    /** Reserves the next slot: the caller sleeps [Slot.Go.waitMs] and then takes the shot. */
    @Synchronized
    fun reserve(nowMs: Long): Slot {
        val start = maxOf(nowMs, nextAllowedMs)
        val wait = start - nowMs
        if (wait > maxWaitMs) return Slot.RateLimited(wait)
        nextAllowedMs = start + minIntervalMs
        return Slot.Go(wait)
    }
}
