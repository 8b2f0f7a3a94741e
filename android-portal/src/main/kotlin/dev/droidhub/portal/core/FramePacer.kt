package dev.droidhub.portal.core

/**
 * At most one frame per [intervalMs]: a frame that arrives too early is dropped, and [waitMs] says
 * how long the stream may sleep before the next one is due. Time is passed in. The interval is the
 * larger of the hub's fps and the source's own limit (an accessibility screenshot every 333 ms at
 * best), so the phone never asks a source for more than it can give.
 */
class FramePacer(val intervalMs: Long) {
    private var lastMs: Long? = null

    init {
        require(intervalMs > 0) { "interval $intervalMs ms" }
    }

    /** True when a frame captured at [nowMs] may go; it then counts as the last frame. */
    @Synchronized
    fun admit(nowMs: Long): Boolean {
        if (waitMs(nowMs) > 0) return false
        lastMs = nowMs
        return true
    }

    @Synchronized
    fun waitMs(nowMs: Long): Long {
        val last = lastMs ?: return 0
        return (last + intervalMs - nowMs).coerceAtLeast(0)
    }

    companion object {
        /** One frame per this many ms at [fps], never faster than the source allows. */
        fun intervalFor(fps: Int, sourceMinIntervalMs: Long): Long {
            require(fps > 0) { "fps $fps" }
            return maxOf((1000 + fps - 1) / fps.toLong(), sourceMinIntervalMs)
        }
    }
}
