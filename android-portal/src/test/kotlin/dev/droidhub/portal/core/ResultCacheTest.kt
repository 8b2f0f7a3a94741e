package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Result
import org.junit.Assert.assertEquals
import org.junit.Assert.assertSame
import org.junit.Test

class ResultCacheTest {
    private val ok: Result = Result.newBuilder().setOk(true).setDurationMs(5).build()

    @Test
    fun `first claim executes, a resend while running is left alone, a resend after is answered from cache`() {
        val cache = ResultCache()
        assertSame(ResultCache.Claim.Execute, cache.claim(7, 0))
        assertSame(ResultCache.Claim.InFlight, cache.claim(7, 10))
        cache.complete(7, ok, 20)
        assertEquals(ResultCache.Claim.Cached(ok), cache.claim(7, 30))
        assertEquals(listOf(7L), cache.cachedIds(30))
    }

    @Test
    fun `oldest results are dropped past the capacity`() {
        val cache = ResultCache(capacity = 3)
        for (id in 1L..5L) {
            cache.claim(id, id)
            cache.complete(id, ok, id)
        }
        assertEquals(listOf(3L, 4L, 5L), cache.cachedIds(5))
        assertSame(ResultCache.Claim.Execute, cache.claim(1, 6))
    }

    @Test
    fun `acknowledged results leave at once, the others stay for a resend`() {
        val cache = ResultCache()
        for (id in 1L..4L) {
            cache.claim(id, 0)
            cache.complete(id, ok, 0)
        }
        cache.claim(5, 0) // still running: an acknowledgement cannot concern it
        assertEquals(2, cache.acknowledge(listOf(1L, 3L, 5L, 99L)))
        assertEquals(listOf(2L, 4L), cache.cachedIds(10))
        assertEquals(ResultCache.Claim.Cached(ok), cache.claim(2, 10))
        assertSame(ResultCache.Claim.InFlight, cache.claim(5, 10))
        // Acknowledged twice (after a resume) is harmless.
        assertEquals(0, cache.acknowledge(listOf(1L, 3L)))
        assertEquals(2, cache.size())
    }

    @Test
    fun `results expire after the ttl`() {
        val cache = ResultCache(ttlMs = 1_000)
        cache.claim(1, 0)
        cache.complete(1, ok, 0)
        cache.claim(2, 500)
        cache.complete(2, ok, 500)
        assertEquals(listOf(2L), cache.cachedIds(1_200))
        assertEquals(emptyList<Long>(), cache.cachedIds(1_600))
    }
}
