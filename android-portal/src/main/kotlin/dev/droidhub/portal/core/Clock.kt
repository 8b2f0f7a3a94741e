package dev.droidhub.portal.core

/** Time is passed in so decisions can be tested without sleeping. */
fun interface Clock {
    fun nowMs(): Long

    companion object {
        val SYSTEM = Clock { System.currentTimeMillis() }
    }
}
