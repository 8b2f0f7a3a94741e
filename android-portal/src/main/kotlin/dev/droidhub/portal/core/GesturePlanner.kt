package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Direction
import dev.droidhub.proto.v1.Key

/** Pure geometry and key mapping, so the odd cases are tested without a phone. */
object GesturePlanner {
    const val DEFAULT_LONG_PRESS_MS = 600L
    const val DEFAULT_SWIPE_MS = 300L
    const val SCROLL_MS = 350L
    const val TAP_MS = 50L

    /**
     * Between the first tap's lift and the second's touch. GestureDetector counts two taps as a
     * double tap when that gap is within [DOUBLE_TAP_MIN_MS, DOUBLE_TAP_TIMEOUT_MS]
     * (ViewConfiguration's DOUBLE_TAP_MIN_TIME and getDoubleTapTimeout()); the middle of that
     * window leaves room for the injector's jitter on either side.
     */
    const val DOUBLE_TAP_GAP_MS = 120L
    const val DOUBLE_TAP_MIN_MS = 40L
    const val DOUBLE_TAP_TIMEOUT_MS = 300L

    /** A press longer than ViewConfiguration.getTapTimeout() is no longer a tap to some views. */
    const val TAP_TIMEOUT_MS = 100L

    /** The platform rejects longer gestures (GestureDescription.getMaxGestureDuration()). */
    const val MAX_GESTURE_MS = 60_000L

    // AccessibilityService.GLOBAL_ACTION_* values; literal so this file needs no Android classes.
    private const val GLOBAL_BACK = 1
    private const val GLOBAL_HOME = 2
    private const val GLOBAL_RECENTS = 3
    private const val GLOBAL_NOTIFICATIONS = 4
    private const val GLOBAL_QUICK_SETTINGS = 5
    private const val GLOBAL_POWER_DIALOG = 6
    private const val GLOBAL_LOCK_SCREEN = 8 // API 28+

    /**
     * Scroll moves the content: DOWN reveals content further down, so the finger moves up. The
     * stroke stays inside [area] with a margin so it does not start on an edge (which would open the
     * notification shade or trigger a back gesture).
     */
    fun scroll(direction: Direction, amountPx: Int, area: Box): Stroke? {
        val marginX = area.width / 10
        val marginY = area.height / 10
        val maxDy = area.height - 2 * marginY
        val maxDx = area.width - 2 * marginX
        val cx = area.centerX
        val cy = area.centerY
        return when (direction) {
            Direction.DIRECTION_DOWN, Direction.DIRECTION_UP -> {
                val d = distance(amountPx, maxDy)
                if (d <= 0) return null
                val sign = if (direction == Direction.DIRECTION_DOWN) 1 else -1
                Stroke(cx, cy + sign * d / 2, cx, cy - sign * d / 2, SCROLL_MS)
            }
            Direction.DIRECTION_RIGHT, Direction.DIRECTION_LEFT -> {
                val d = distance(amountPx, maxDx)
                if (d <= 0) return null
                val sign = if (direction == Direction.DIRECTION_RIGHT) 1 else -1
                Stroke(cx + sign * d / 2, cy, cx - sign * d / 2, cy, SCROLL_MS)
            }
            else -> null
        }
    }

    /**
     * [count] taps in a row at one point, as one gesture of that many strokes: 0 or 1 is a tap, 2 a
     * double tap. Null for more taps, which the portal does not offer.
     */
    fun taps(x: Int, y: Int, count: Int): List<Stroke>? = when (count) {
        0, 1 -> listOf(Stroke(x, y, x, y, TAP_MS))
        2 -> listOf(Stroke(x, y, x, y, TAP_MS), Stroke(x, y, x, y, TAP_MS, startMs = TAP_MS + DOUBLE_TAP_GAP_MS))
        else -> null
    }

    private fun distance(requested: Int, max: Int): Int =
        if (requested <= 0) max else minOf(requested, max)

    fun key(key: Key, sdkInt: Int): KeyPlan = when (key) {
        Key.KEY_BACK -> KeyPlan.Global(GLOBAL_BACK)
        Key.KEY_HOME -> KeyPlan.Global(GLOBAL_HOME)
        Key.KEY_RECENTS -> KeyPlan.Global(GLOBAL_RECENTS)
        Key.KEY_NOTIFICATIONS -> KeyPlan.Global(GLOBAL_NOTIFICATIONS)
        Key.KEY_QUICK_SETTINGS -> KeyPlan.Global(GLOBAL_QUICK_SETTINGS)
        Key.KEY_POWER_DIALOG -> KeyPlan.Global(GLOBAL_POWER_DIALOG)
        Key.KEY_LOCK_SCREEN ->
            if (sdkInt >= 28) KeyPlan.Global(GLOBAL_LOCK_SCREEN) else KeyPlan.Unsupported("lock screen needs API 28")
        Key.KEY_ENTER -> KeyPlan.ImeEnter
        Key.KEY_DELETE -> KeyPlan.DeleteBackward
        Key.KEY_TAB, Key.KEY_SEARCH -> KeyPlan.Unsupported("${key.name} needs a key event, which an accessibility service cannot inject")
        else -> KeyPlan.Unsupported("unknown key ${key.number}")
    }
}
