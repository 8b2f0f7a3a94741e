package dev.droidhub.portal.core

import kotlin.math.min

/**
 * When to dial the hub again. Exponential backoff with full jitter (a uniformly random delay in
 * [0, min(cap, base * 2^attempt)]) so a fleet that lost its hub at once does not return at once.
 * It never gives up: a phone in a drawer on a flaky network must come back by itself. It stops
 * only on an answer that retrying cannot change: an HTTP 401 on the upgrade (the hub's word that
 * the key was revoked) or a certificate that does not match the pinned key. Both are read from
 * types (the status code, [PinMismatchException]), never from a message string.
 */
class ReconnectPolicy(
    private val baseMs: Long = 1_000,
    private val capMs: Long = 60_000,
    private val random: () -> Double = { Math.random() },
) {
    sealed interface Decision {
        data class RetryAt(val atMs: Long, val delayMs: Long, val attempt: Int) : Decision
        data class Stop(val state: ConnectionState, val reason: String) : Decision
    }

    private var attempt = 0
    private var stop: Decision.Stop? = null

    val stopped: Boolean get() = stop != null

    /**
     * A dial failed or an open connection dropped; [httpStatus] is the upgrade response's, if any;
     * [pinMismatch] when the TLS handshake found a key other than the pinned one.
     */
    fun onFailure(nowMs: Long, httpStatus: Int? = null, pinMismatch: Boolean = false): Decision {
        if (httpStatus == HTTP_UNAUTHORIZED) stop = Decision.Stop(ConnectionState.REVOKED, "hub refused the credentials (HTTP 401)")
        if (pinMismatch) stop = Decision.Stop(ConnectionState.PIN_MISMATCH, "enrol again with the hub's current QR code")
        stop?.let { return it }
        val ceiling = min(capMs, baseMs shl min(attempt, MAX_SHIFT))
        attempt++
        val delay = (random().coerceIn(0.0, 1.0) * ceiling).toLong()
        return Decision.RetryAt(nowMs + delay, delay, attempt)
    }

    /** The hub welcomed us: the next outage starts again from the smallest delay. */
    fun onConnected() {
        attempt = 0
    }

    /** A new network is a fresh chance: retry now instead of sleeping out an old, long delay. */
    fun onNetworkAvailable(nowMs: Long): Decision =
        stop ?: Decision.RetryAt(nowMs, 0, attempt)

    /** New credentials (re-enrollment) or the person opening the app lift a stop. */
    fun reset() {
        attempt = 0
        stop = null
    }

    private companion object {
        const val HTTP_UNAUTHORIZED = 401
        const val MAX_SHIFT = 20 // 2^20 s is far past any cap; keeps the shift from overflowing
    }
}
