package dev.droidhub.portal.core

/**
 * What may go on the socket now. Results and events always go: they are what the hub is waiting
 * for. A frame goes only while the socket's outgoing queue (OkHttp's WebSocket.queueSize(), bytes
 * not yet written) holds at most [maxQueuedBytes]; otherwise it is dropped, its credit kept, and the
 * hub sees a gap in seq. So on a slow link frames are what is lost, never commands, and a result
 * that arrives while a frame is being written waits for that one frame at most, never a backlog.
 */
class SendPolicy(private val maxQueuedBytes: Long = DEFAULT_MAX_QUEUED_BYTES) {
    enum class Traffic { RESULT, EVENT, FRAME }

    fun admits(traffic: Traffic, queuedBytes: Long): Boolean = when (traffic) {
        Traffic.RESULT, Traffic.EVENT -> true
        Traffic.FRAME -> queuedBytes <= maxQueuedBytes
    }

    companion object {
        /** A few small events may wait; a fraction of one JPEG frame (tens of KiB) may not. */
        const val DEFAULT_MAX_QUEUED_BYTES = 16L * 1024
    }
}
