package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Result

/**
 * Makes every request run at most once. After a reconnect the hub resends what it did not see
 * answered; a request already done is answered from here, one still running is left to its first
 * execution (which replies on whatever connection is current when it ends). Results the hub
 * acknowledged (ResultAck) leave at once: it never resends those ids. The rest are bounded by count
 * and age so a long-lived service cannot grow without limit, even with a hub that never acknowledges.
 */
class ResultCache(
    private val capacity: Int = 256,
    private val ttlMs: Long = 10 * 60_000,
) {
    sealed interface Claim {
        /** Never seen: the caller runs it and must call [complete]. */
        data object Execute : Claim
        data class Cached(val result: Result) : Claim
        data object InFlight : Claim
    }

    private class Entry(val result: Result, val atMs: Long)

    private val done = LinkedHashMap<Long, Entry>()
    private val running = HashSet<Long>()

    @Synchronized
    fun claim(id: Long, nowMs: Long): Claim {
        evict(nowMs)
        done[id]?.let { return Claim.Cached(it.result) }
        if (!running.add(id)) return Claim.InFlight
        return Claim.Execute
    }

    @Synchronized
    fun complete(id: Long, result: Result, nowMs: Long) {
        running.remove(id)
        done.remove(id)
        done[id] = Entry(result, nowMs)
        evict(nowMs)
    }

    /** The hub has these results and will not resend their ids; returns how many were dropped. */
    @Synchronized
    fun acknowledge(ids: Collection<Long>): Int = ids.count { done.remove(it) != null }

    /** Ids with a stored result, oldest first, for Hello.cached_result_ids. */
    @Synchronized
    fun cachedIds(nowMs: Long): List<Long> {
        evict(nowMs)
        return done.keys.toList()
    }

    @Synchronized
    fun size(): Int = done.size

    private fun evict(nowMs: Long) {
        val it = done.entries.iterator()
        while (it.hasNext()) {
            val e = it.next()
            if (done.size > capacity || nowMs - e.value.atMs > ttlMs) it.remove() else break
        }
    }
}
