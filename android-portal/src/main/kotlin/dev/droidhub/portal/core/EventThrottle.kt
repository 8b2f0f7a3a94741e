package dev.droidhub.portal.core

/**
 * Content-changed events arrive in bursts of hundreds per second while a list scrolls; the hub only
 * needs to know that a window changed, at most once per [intervalMs] per key (window id).
 */
class EventThrottle(private val intervalMs: Long = 250) {
    private val last = HashMap<Int, Long>()

    @Synchronized
    fun shouldEmit(key: Int, nowMs: Long): Boolean {
        val prev = last[key]
        if (prev != null && nowMs - prev < intervalMs) return false
        last[key] = nowMs
        if (last.size > 64) last.entries.removeAll { nowMs - it.value >= intervalMs }
        return true
    }
}
