package dev.droidhub.portal.core

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

class ReconnectPolicyTest {
    private fun retry(d: ReconnectPolicy.Decision) = d as ReconnectPolicy.Decision.RetryAt

    @Test
    fun `ceiling doubles from the base and stops at the cap`() {
        val policy = ReconnectPolicy(baseMs = 1_000, capMs = 60_000, random = { 1.0 })
        val delays = (1..10).map { retry(policy.onFailure(nowMs = 0)).delayMs }
        assertEquals(listOf(1_000L, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000), delays)
    }

    @Test
    fun `full jitter spreads the delay over zero to the ceiling`() {
        val rolls = ArrayDeque(listOf(0.0, 0.5, 0.25))
        val policy = ReconnectPolicy(random = { rolls.removeFirst() })
        assertEquals(0L, retry(policy.onFailure(100)).delayMs)
        assertEquals(1_000L, retry(policy.onFailure(100)).delayMs) // 0.5 * 2 s
        val third = retry(policy.onFailure(100))
        assertEquals(1_000L, third.delayMs) // 0.25 * 4 s
        assertEquals(1_100L, third.atMs) // time is the caller's clock plus the delay
        assertEquals(3, third.attempt)
    }

    @Test
    fun `never gives up even after days of failures`() {
        val policy = ReconnectPolicy(random = { 1.0 })
        var now = 0L
        repeat(10_000) { now = retry(policy.onFailure(now)).atMs }
        assertEquals(60_000L, retry(policy.onFailure(now)).delayMs)
        assertTrue(now > 3 * 24 * 3_600_000L)
    }

    @Test
    fun `a welcome resets the backoff`() {
        val policy = ReconnectPolicy(random = { 1.0 })
        repeat(6) { policy.onFailure(0) }
        policy.onConnected()
        assertEquals(1_000L, retry(policy.onFailure(0)).delayMs)
    }

    @Test
    fun `only a 401 stops, and it stays stopped until reset`() {
        val policy = ReconnectPolicy(random = { 1.0 })
        for (status in listOf(400, 403, 404, 500, 502, 503)) {
            assertTrue("$status must retry", policy.onFailure(0, status) is ReconnectPolicy.Decision.RetryAt)
        }
        assertTrue(policy.onFailure(0, 401) is ReconnectPolicy.Decision.Stop)
        assertTrue(policy.onFailure(0, null) is ReconnectPolicy.Decision.Stop)
        assertTrue(policy.onNetworkAvailable(0) is ReconnectPolicy.Decision.Stop)
        policy.reset()
        assertEquals(1_000L, retry(policy.onFailure(0)).delayMs)
    }

    @Test
    fun `a certificate that does not match the pin stops like a 401, with its own state`() {
        val policy = ReconnectPolicy(random = { 1.0 })
        assertTrue(policy.onFailure(0) is ReconnectPolicy.Decision.RetryAt) // an unreachable hub is retried
        val stop = policy.onFailure(0, pinMismatch = true) as ReconnectPolicy.Decision.Stop
        assertEquals(ConnectionState.PIN_MISMATCH, stop.state)
        assertEquals(stop, policy.onFailure(0))
        assertEquals(stop, policy.onNetworkAvailable(0)) // another network shows the same key
        policy.reset() // re-enrolment, or the person opening the app
        assertEquals(1_000L, retry(policy.onFailure(0)).delayMs)
        assertEquals(ConnectionState.REVOKED, (policy.onFailure(0, 401) as ReconnectPolicy.Decision.Stop).state)
    }

    @Test
    fun `a network change retries at once without forgetting the attempt count`() {
        val policy = ReconnectPolicy(random = { 1.0 })
        repeat(5) { policy.onFailure(0) }
        val now = retry(policy.onNetworkAvailable(nowMs = 777))
        assertEquals(0L, now.delayMs)
        assertEquals(777L, now.atMs)
        assertEquals(32_000L, retry(policy.onFailure(0)).delayMs)
    }
}
