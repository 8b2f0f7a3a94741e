package dev.droidhub.portal.net

import dev.droidhub.portal.core.Clock
import dev.droidhub.portal.core.CommandDispatcher
import dev.droidhub.portal.core.ConnectionState
import dev.droidhub.portal.core.Enrollment
import dev.droidhub.portal.core.FakeDevice
import dev.droidhub.portal.core.MemoryCredentialStore
import dev.droidhub.portal.core.PortalSession
import dev.droidhub.portal.core.ReconnectPolicy
import dev.droidhub.portal.core.ResultCache
import dev.droidhub.portal.core.ScreenStreams
import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.Hello
import okhttp3.OkHttpClient
import okhttp3.Response
import okhttp3.WebSocket
import okhttp3.WebSocketListener
import okhttp3.mockwebserver.MockWebServer
import okio.ByteString
import okio.ByteString.Companion.toByteString
import org.junit.After
import org.junit.Before
import java.util.concurrent.BlockingQueue
import java.util.concurrent.Executors
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/** The hub side of one connection: frames it received, and its socket to answer on. */
class TestHub : WebSocketListener() {
    val frames = LinkedBlockingQueue<Envelope>()
    private val opened = LinkedBlockingQueue<WebSocket>()
    val socket: WebSocket by lazy { opened.poll(10, TimeUnit.SECONDS) ?: throw AssertionError("hub socket never opened") }

    override fun onOpen(webSocket: WebSocket, response: Response) {
        opened.add(webSocket)
    }

    override fun onMessage(webSocket: WebSocket, bytes: ByteString) {
        frames.add(Envelope.parseFrom(bytes.toByteArray()))
    }

    override fun onClosing(webSocket: WebSocket, code: Int, reason: String) {
        webSocket.close(1000, null)
    }

    fun next(): Envelope = frames.poll(10, TimeUnit.SECONDS) ?: throw AssertionError("no frame from the phone")

    fun send(e: Envelope.Builder) = socket.send(e.build().toByteArray().toByteString())
}

/**
 * Waits for a connection state with a hard deadline: a connection that keeps changing state
 * (a regression that retries for ever) fails the test instead of hanging it.
 */
fun awaitState(states: BlockingQueue<ConnectionState>, want: ConnectionState, timeoutMs: Long = 20_000) {
    val deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs)
    val seen = mutableListOf<ConnectionState>()
    while (true) {
        val left = deadline - System.nanoTime()
        val s = (if (left > 0) states.poll(left, TimeUnit.NANOSECONDS) else null)
            ?: throw AssertionError("never reached $want within $timeoutMs ms; saw ${seen.takeLast(8)} (${seen.size} states)")
        if (s == want) return
        seen += s
    }
}

/** A real OkHttp client against a real local WebSocket server, with a phone session on it. */
abstract class HubTestBase {
    protected val server = MockWebServer()
    protected val scheduler = Executors.newSingleThreadScheduledExecutor()
    protected val worker = Executors.newSingleThreadExecutor()
    protected val states = LinkedBlockingQueue<ConnectionState>()
    protected val store = MemoryCredentialStore("dev-1")
    protected val device = FakeDevice()
    protected lateinit var connection: HubConnection

    /** The phone's streams, for tests that use them; set before [setUp] runs. */
    protected open val streams: ScreenStreams? = null

    @Before
    fun setUp() {
        server.start()
        store.enroll(Enrollment(server.url("/").toString(), "fleet-key"))
        // A fast, jitter-free policy so reconnects happen within the test.
        connection = HubConnection(OkHttpClient(), store, ReconnectPolicy(baseMs = 50, capMs = 200, random = { 1.0 }), scheduler, Clock.SYSTEM) { s, _ -> states.add(s) }
        val dispatcher = streams?.let { CommandDispatcher(device, Clock.SYSTEM, 34, it) } ?: CommandDispatcher(device, Clock.SYSTEM, 34)
        val session = PortalSession(store, ResultCache(), dispatcher, Clock.SYSTEM, worker, connection, streams = streams)
        connection.handler = object : FrameHandler {
            override fun hello() = session.hello(Hello.newBuilder().setModel("JVM").build())
            override fun onFrame(frame: ByteArray) = session.onFrame(frame) is PortalSession.Handled.Welcomed
            override fun onDisconnected() = session.onDisconnected()
        }
    }

    @After
    fun tearDown() {
        if (!scheduler.isShutdown) connection.stop()
        scheduler.shutdown()
        scheduler.awaitTermination(5, TimeUnit.SECONDS)
        worker.shutdownNow()
        server.shutdown()
    }

    protected fun awaitState(want: ConnectionState, timeoutMs: Long = 20_000) = awaitState(states, want, timeoutMs)
}
