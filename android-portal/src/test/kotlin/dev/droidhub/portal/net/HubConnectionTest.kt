package dev.droidhub.portal.net

import dev.droidhub.portal.core.Clock
import dev.droidhub.portal.core.ConnectionState
import dev.droidhub.portal.core.ReconnectPolicy
import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.TapRequest
import dev.droidhub.proto.v1.Welcome
import okhttp3.OkHttpClient
import okhttp3.mockwebserver.MockResponse
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/** The real OkHttp client against a real local WebSocket server: headers, Hello, replies, reconnects, 401. */
class HubConnectionTest : HubTestBase() {
    @Test
    fun `joins with the fleet key, then the device secret, resuming with cached results`() {
        val first = TestHub()
        server.enqueue(MockResponse().withWebSocketUpgrade(first))
        connection.start()

        val join = server.takeRequest(10, TimeUnit.SECONDS)!!
        assertEquals("/v1/devices/connect", join.path)
        assertEquals("Bearer fleet-key", join.getHeader("Authorization"))
        assertEquals("dev-1", join.getHeader("X-Device-ID"))
        val hello = first.next()
        assertTrue("Hello is the first frame", hello.hasHello())
        assertEquals("dev-1", hello.hello.deviceId)
        assertEquals("", hello.hello.resumeToken)

        first.send(Envelope.newBuilder().setWelcome(Welcome.newBuilder().setDeviceSecret("secret-1").setResumeToken("rt-1")))
        awaitState(ConnectionState.CONNECTED)
        first.send(Envelope.newBuilder().setId(41).setTap(TapRequest.newBuilder().setX(3).setY(4)))
        val reply = first.next()
        assertEquals(41L, reply.replyTo)
        assertTrue(reply.result.ok)

        // The hub drops the connection; the phone comes back with its secret and what it has cached.
        val second = TestHub()
        server.enqueue(MockResponse().withWebSocketUpgrade(second))
        first.socket.close(1001, "hub restarting")
        val rejoin = server.takeRequest(10, TimeUnit.SECONDS)!!
        assertEquals("Bearer secret-1", rejoin.getHeader("Authorization"))
        assertEquals("dev-1", rejoin.getHeader("X-Device-ID"))
        val again = second.next().hello
        assertEquals("rt-1", again.resumeToken)
        assertEquals(listOf(41L), again.cachedResultIdsList)

        // The hub resends request 41: answered from the cache, the phone does not tap twice.
        second.send(Envelope.newBuilder().setWelcome(Welcome.newBuilder().setResumed(true)))
        awaitState(ConnectionState.CONNECTED)
        second.send(Envelope.newBuilder().setId(41).setTap(TapRequest.newBuilder().setX(3).setY(4)))
        assertEquals(41L, second.next().replyTo)
        assertEquals(1, device.strokes.size)
    }

    @Test
    fun `keeps retrying through server errors and stops for good on 401`() {
        server.enqueue(MockResponse().setResponseCode(503))
        server.enqueue(MockResponse().setResponseCode(500))
        server.enqueue(MockResponse().setResponseCode(401))
        connection.start()
        awaitState(ConnectionState.REVOKED)
        assertEquals(3, server.requestCount)
        Thread.sleep(500) // well past the 200 ms cap: no further dial
        assertEquals(3, server.requestCount)
        assertEquals(ConnectionState.REVOKED, connection.state)
    }

    @Test
    fun `a socket callback after the scheduler shut down is dropped, not thrown on OkHttp's thread`() {
        val uncaught = LinkedBlockingQueue<Throwable>()
        val previous = Thread.getDefaultUncaughtExceptionHandler()
        Thread.setDefaultUncaughtExceptionHandler { _, e -> uncaught.add(e) }
        try {
            val hub = TestHub()
            server.enqueue(MockResponse().withWebSocketUpgrade(hub))
            connection.start()
            assertTrue(hub.next().hasHello())
            scheduler.shutdown() // what PortalService.onDestroy does after stop(); the socket is still open
            assertTrue(scheduler.awaitTermination(5, TimeUnit.SECONDS))
            hub.socket.close(1001, "hub restarting") // the phone's onClosing/onClosed now find no scheduler
            assertNull(uncaught.poll(3, TimeUnit.SECONDS))
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous)
        }
    }

    @Test
    fun `a network change dials at once instead of sleeping out the backoff`() {
        val slow = HubConnection(OkHttpClient(), store, ReconnectPolicy(baseMs = 60_000, capMs = 60_000, random = { 1.0 }), scheduler, Clock.SYSTEM) { s, _ -> states.add(s) }
        slow.handler = connection.handler
        server.enqueue(MockResponse().setResponseCode(503))
        val hub = TestHub()
        server.enqueue(MockResponse().withWebSocketUpgrade(hub))
        slow.start()
        awaitState(ConnectionState.WAITING) // a 60 s wait is scheduled
        slow.onNetworkAvailable()
        assertTrue("dialled again at once", server.takeRequest(10, TimeUnit.SECONDS) != null && server.takeRequest(5, TimeUnit.SECONDS) != null)
        assertTrue(hub.next().hasHello())
        slow.stop()
    }
}
