package dev.droidhub.portal.net

import dev.droidhub.portal.core.Clock
import dev.droidhub.portal.core.ConnectionState
import dev.droidhub.portal.core.Enrollment
import dev.droidhub.portal.core.FakeCapture
import dev.droidhub.portal.core.Outbox
import dev.droidhub.portal.core.ScreenStreams
import dev.droidhub.portal.core.sourceFacts
import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.StreamCredit
import dev.droidhub.proto.v1.StreamSource
import dev.droidhub.proto.v1.StreamStartRequest
import dev.droidhub.proto.v1.Welcome
import okhttp3.mockwebserver.Dispatcher
import okhttp3.mockwebserver.MockResponse
import okhttp3.mockwebserver.RecordedRequest
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Test
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** Getting back on after the hub reset the enrolment, streams ending with their socket, and the tests' own deadline. */
class HubRecoveryTest : HubTestBase() {
    /** The streams are built before the connection they send on; this forwards to it once it exists. */
    private class PendingOutbox : Outbox {
        lateinit var target: HubConnection
        override fun send(frame: ByteArray) = target.send(frame)
        override fun queuedBytes() = target.queuedBytes()
    }

    private val pending = PendingOutbox()
    override val streams = ScreenStreams({ sourceFacts() }, FakeCapture(Clock.SYSTEM), pending, Clock.SYSTEM) { _, _ -> }

    @Before
    fun connectStreams() {
        pending.target = connection
    }

    private fun join(): String? = server.takeRequest(10, TimeUnit.SECONDS)?.getHeader("Authorization")

    @Test
    fun `after a 401 to the device secret a restart keeps it, enrolling again (same hub) uses the fleet key`() {
        store.deviceSecret = "secret-1"
        server.enqueue(MockResponse().setResponseCode(401))
        connection.start()
        awaitState(ConnectionState.REVOKED)
        assertEquals("Bearer secret-1", join())
        assertTrue(store.secretRefused)

        // Opening the app restarts the connection: the stored secret is tried again, not thrown away.
        server.enqueue(MockResponse().setResponseCode(401))
        connection.start()
        awaitState(ConnectionState.REVOKED)
        assertEquals("Bearer secret-1", join())

        // The person scans the same hub's QR code again: the fleet key joins, the hub issues a new secret.
        store.enroll(Enrollment(server.url("/").toString(), "fleet-key"))
        val hub = TestHub()
        server.enqueue(MockResponse().withWebSocketUpgrade(hub))
        connection.start()
        assertEquals("Bearer fleet-key", join())
        assertTrue(hub.next().hasHello())
        hub.send(Envelope.newBuilder().setWelcome(Welcome.newBuilder().setDeviceSecret("secret-2")))
        awaitState(ConnectionState.CONNECTED)
        assertEquals("secret-2", store.deviceSecret)
        assertFalse(store.secretRefused)
    }

    @Test
    fun `a stream answers first, then sends frames as granted, and ends with its socket`() {
        val hub = TestHub()
        server.enqueue(MockResponse().withWebSocketUpgrade(hub))
        connection.start()
        assertTrue(hub.next().hasHello())
        hub.send(Envelope.newBuilder().setWelcome(Welcome.getDefaultInstance()))
        awaitState(ConnectionState.CONNECTED)
        hub.send(Envelope.newBuilder().setId(5).setStreamStart(StreamStartRequest.newBuilder().setStreamId(7).setMaxFps(30).setCredits(2)))
        val reply = hub.next()
        assertEquals("the StreamInfo comes before any frame", 5L, reply.replyTo)
        assertEquals(StreamSource.STREAM_SOURCE_PROJECTION, reply.result.stream.source)
        assertEquals(listOf(1L, 2L), listOf(hub.next(), hub.next()).map { it.streamFrame.seq })
        hub.send(Envelope.newBuilder().setStreamCredit(StreamCredit.newBuilder().setStreamId(7).setCredits(1)))
        val third = hub.next()
        assertEquals(0L, third.id)
        assertEquals(3L, third.streamFrame.seq)

        server.enqueue(MockResponse().setResponseCode(503))
        hub.socket.close(1001, "hub restarting")
        awaitState(ConnectionState.WAITING)
        assertEquals(emptySet<Int>(), streams.running)
    }

    @Test
    fun `awaiting a state gives up at its deadline even while the connection keeps changing state`() {
        server.dispatcher = object : Dispatcher() {
            override fun dispatch(request: RecordedRequest) = MockResponse().setResponseCode(503)
        }
        connection.start()
        // On its own thread, so a helper that waits for quiet (the old one) fails here instead of hanging.
        val waiter = Executors.newSingleThreadExecutor()
        try {
            val failure = waiter.submit<Throwable?> {
                runCatching { awaitState(ConnectionState.CONNECTED, timeoutMs = 1_500) }.exceptionOrNull()
            }.get(60, TimeUnit.SECONDS)
            assertTrue("gave up with an AssertionError: $failure", failure is AssertionError)
            assertTrue(failure!!.message!!.startsWith("never reached CONNECTED within 1500 ms"))
            assertTrue("it kept retrying meanwhile", server.requestCount >= 3)
        } finally {
            waiter.shutdownNow()
        }
    }
}
