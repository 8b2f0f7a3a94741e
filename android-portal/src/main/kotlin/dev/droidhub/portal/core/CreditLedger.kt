package dev.droidhub.portal.core

/**
 * Frames the hub has granted on one stream and the phone has not yet sent. Grants add, each sent
 * frame spends one, a stop or restart resets; the balance is never negative, so the phone can never
 * send more frames than the hub asked for. Grants come from the socket's thread and spends from the
 * stream's, hence the lock.
 */
class CreditLedger(initial: Long = 0) {
    private var credits = clamp(initial)

    val available: Long
        @Synchronized get() = credits

    /** [n] more frames may be sent; a uint32 on the wire, so callers pass it widened and unsigned. */
    @Synchronized
    fun grant(n: Long) {
        require(n >= 0) { "a grant of $n frames" }
        credits = clamp(credits + n)
    }

    /** Spends one credit if there is one; false means the frame must not be sent. */
    @Synchronized
    fun trySpend(): Boolean {
        if (credits <= 0) return false
        credits--
        return true
    }

    /** A restart begins with the new start's grant; a stop with nothing. */
    @Synchronized
    fun reset(n: Long = 0) {
        credits = clamp(n)
    }

    private companion object {
        // Enough for any sum of uint32 grants a session can send, far from overflowing a Long.
        const val MAX = Long.MAX_VALUE / 2

        fun clamp(n: Long) = n.coerceIn(0, MAX)
    }
}
