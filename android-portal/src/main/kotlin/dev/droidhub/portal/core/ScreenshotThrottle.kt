package dev.droidhub.portal.core

/**
 * AccessibilityService.takeScreenshot refuses calls closer than [intervalFor] the phone's Android
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

    companion object {
        /**
         * The least time between two accessibility screenshots: 1000 ms in Android 11 (API 30),
         * 333 ms from Android 12 on (AccessibilityService's hidden
         * ACCESSIBILITY_TAKE_SCREENSHOT_REQUEST_INTERVAL_TIMES_MS, read from the API 34 framework;
         * the Android 11 sources say 1000). A small margin absorbs the two clocks' jitter.
         */
        fun intervalFor(sdkInt: Int): Long = if (sdkInt <= 30) 1_050 else 350
    }
}
