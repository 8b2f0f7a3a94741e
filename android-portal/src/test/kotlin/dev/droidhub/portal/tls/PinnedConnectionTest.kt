package dev.droidhub.portal.tls

import dev.droidhub.portal.core.CertificatePin
import dev.droidhub.portal.core.Clock
import dev.droidhub.portal.core.ConnectionState
import dev.droidhub.portal.core.Enrollment
import dev.droidhub.portal.core.MemoryCredentialStore
import dev.droidhub.portal.core.ReconnectPolicy
import dev.droidhub.portal.net.FrameHandler
import dev.droidhub.portal.net.HubConnection
import okhttp3.OkHttpClient
import okhttp3.WebSocket
import okhttp3.WebSocketListener
import okhttp3.mockwebserver.MockResponse
import okhttp3.mockwebserver.MockWebServer
import okio.ByteString
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.Executors
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import javax.net.ssl.X509TrustManager

/** HubConnection over real TLS (MockWebServer with test certificates): wss with and without a pin. */
class PinnedConnectionTest {
    private val server = MockWebServer()
    private val scheduler = Executors.newSingleThreadScheduledExecutor()
    private val states = LinkedBlockingQueue<Pair<ConnectionState, String>>()
    private val store = MemoryCredentialStore("dev-1")
    private val ca = TestCertificates.authority()
    private val selfSigned = TestCertificates.selfSigned() // names no host: the pin must stand in for the name
    private val phoneTrust = TestCertificates.authority("some public CA").trustManager() // knows neither hub
    private var connection: HubConnection? = null

    /** The hub's end: the first frame the phone sent (the Hello) proves the wss connection stood. */
    private class Hub : WebSocketListener() {
        val frames = LinkedBlockingQueue<ByteString>()

        override fun onMessage(webSocket: WebSocket, bytes: ByteString) {
            frames.add(bytes)
        }

        // Answer the phone's close at teardown, or MockWebServer waits for a reader that never ends.
        override fun onClosing(webSocket: WebSocket, code: Int, reason: String) {
            webSocket.close(1000, null)
        }

        fun hello(): ByteString = frames.poll(15, TimeUnit.SECONDS) ?: throw AssertionError("no frame reached the hub")
    }

    private fun start(cert: TestCert, pin: String?, base: OkHttpClient = OkHttpClient(), system: X509TrustManager = phoneTrust): Hub {
        server.useHttps(cert.serverSocketFactory(), false)
        val hub = Hub()
        server.enqueue(MockResponse().withWebSocketUpgrade(hub))
        server.start()
        val url = server.url("/").toString()
        assertTrue(url.startsWith("https://"))
        store.enroll(Enrollment(url, "fleet-key", pin))
        val policy = ReconnectPolicy(baseMs = 50, capMs = 200, random = { 1.0 })
        val c = HubConnection(base, store, policy, scheduler, Clock.SYSTEM, { system }) { s, d -> states.add(s to d) }
        c.handler = object : FrameHandler {
            override fun hello() = "hello".toByteArray()
            override fun onFrame(frame: ByteArray) = false
        }
        connection = c
        c.start()
        return hub
    }

    @After
    fun tearDown() {
        connection?.stop()
        scheduler.shutdown()
        scheduler.awaitTermination(5, TimeUnit.SECONDS)
        server.shutdown()
    }

    /** A deadline, not a quiet period: a connection that retries for ever never goes quiet. */
    private fun await(want: ConnectionState): Pair<ConnectionState, String> {
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20)
        while (true) {
            val left = deadline - System.nanoTime()
            val s = states.poll(left.coerceAtLeast(0), TimeUnit.NANOSECONDS) ?: throw AssertionError("never reached $want")
            if (s.first == want) return s
        }
    }

    @Test
    fun `a self-signed hub is joined over wss with the right pin, though its certificate names no host`() {
        val hub = start(selfSigned, CertificatePin.of(selfSigned.cert))
        assertEquals("hello", hub.hello().utf8())
        assertEquals("/v1/devices/connect", server.takeRequest(5, TimeUnit.SECONDS)!!.path)
    }

    @Test
    fun `a wrong pin stops the connection for good with a clear state`() {
        start(selfSigned, CertificatePin.of(TestCertificates.selfSigned().cert))
        val (state, detail) = await(ConnectionState.PIN_MISMATCH)
        assertEquals("The hub's certificate does not match the pinned key", state.label)
        assertEquals("enrol again with the hub's current QR code", detail)
        Thread.sleep(600) // three times the 200 ms backoff cap: a retrying connection would have dialled again
        assertEquals(emptyList<ConnectionState>(), states.map { it.first })
        assertEquals(ConnectionState.PIN_MISMATCH, connection!!.state)
        assertEquals(0, server.requestCount)
    }

    @Test
    fun `without a pin a self-signed hub is refused but retried, as any network failure`() {
        start(selfSigned, null)
        repeat(3) { await(ConnectionState.CONNECTING) }
        assertTrue(states.none { it.first == ConnectionState.PIN_MISMATCH || it.first == ConnectionState.REVOKED })
        assertEquals(0, server.requestCount)
    }

    @Test
    fun `a CA-signed hub is joined without a pin through the phone's trust store`() {
        val hubCert = TestCertificates.signedBy(ca)
        val base = OkHttpClient.Builder().sslSocketFactory(ca.clientSocketFactory(), ca.trustManager()).build()
        assertEquals("hello", start(hubCert, null, base).hello().utf8())
    }

    @Test
    fun `a CA-signed hub with a pin on top is joined when its key matches`() {
        val hubCert = TestCertificates.signedBy(ca)
        assertEquals("hello", start(hubCert, CertificatePin.of(hubCert.cert), system = ca.trustManager()).hello().utf8())
    }
}
