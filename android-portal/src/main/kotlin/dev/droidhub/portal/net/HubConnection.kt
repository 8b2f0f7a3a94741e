package dev.droidhub.portal.net

import dev.droidhub.portal.core.Clock
import dev.droidhub.portal.core.ConnectionState
import dev.droidhub.portal.core.CredentialStore
import dev.droidhub.portal.core.HubEndpoint
import dev.droidhub.portal.core.JoinHeaders
import dev.droidhub.portal.core.Outbox
import dev.droidhub.portal.core.PinMismatchException
import dev.droidhub.portal.core.ReconnectPolicy
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.Response
import okhttp3.WebSocket
import okhttp3.WebSocketListener
import okio.ByteString
import okio.ByteString.Companion.toByteString
import java.util.concurrent.RejectedExecutionException
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.ScheduledFuture
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeUnit.MILLISECONDS
import javax.net.ssl.X509TrustManager

/** What the connection needs from the protocol layer (PortalSession in production). */
interface FrameHandler {
    fun hello(): ByteArray
    fun onFrame(frame: ByteArray): Boolean // true when the frame was a Welcome

    /** The current socket closed or failed, or the connection was stopped. */
    fun onDisconnected() {}
}

/**
 * Keeps one WebSocket to the hub open forever. It only moves bytes and carries out
 * [ReconnectPolicy]'s decisions; the protocol is [FrameHandler]'s. All state changes happen on
 * [scheduler]'s single thread, so socket callbacks from a stale connection can be told apart by a
 * generation number instead of locks. Each dial uses the enrolment's certificate pin
 * ([PinnedTls]); [systemTrust] is the phone's trust store (tests pass one holding their own CA).
 */
class HubConnection(
    private val client: OkHttpClient,
    private val store: CredentialStore,
    private val policy: ReconnectPolicy,
    private val scheduler: ScheduledExecutorService,
    private val clock: Clock,
    private val systemTrust: () -> X509TrustManager = { PinnedTls.systemTrust },
    private val onState: (ConnectionState, String) -> Unit,
) : Outbox {
    lateinit var handler: FrameHandler

    @Volatile
    private var socket: WebSocket? = null
    private var generation = 0
    private var retry: ScheduledFuture<*>? = null
    private var running = false
    private var pinned: Pair<String, OkHttpClient>? = null // reused while the pin stays the same

    @Volatile
    var state: ConnectionState = ConnectionState.STOPPED
        private set

    fun start() = scheduler.execute {
        if (running) return@execute
        running = true
        policy.reset()
        dial()
    }

    fun stop() = scheduler.execute {
        running = false
        retry?.cancel(false)
        generation++
        socket?.close(NORMAL_CLOSURE, "portal stopped")
        socket = null
        if (::handler.isInitialized) handler.onDisconnected()
        set(ConnectionState.STOPPED, "")
    }

    /** ConnectivityManager saw a new default network: the old socket is likely dead, dial now. */
    fun onNetworkAvailable() = scheduler.execute {
        if (!running || state == ConnectionState.CONNECTED) return@execute
        decide(policy.onNetworkAvailable(clock.nowMs()))
    }

    fun onNetworkLost() = scheduler.execute {
        if (running && state != ConnectionState.CONNECTED) set(ConnectionState.NO_NETWORK, "waiting for a network")
    }

    override fun send(frame: ByteArray): Boolean = socket?.send(frame.toByteString()) ?: false

    override fun queuedBytes(): Long = socket?.queueSize() ?: 0

    private fun dial() {
        retry?.cancel(false)
        val enrollment = store.enrollment ?: return set(ConnectionState.NOT_ENROLLED, "")
        val url = when (val e = HubEndpoint.connectUrl(enrollment.hubUrl)) {
            is HubEndpoint.Parsed.Valid -> e.url
            is HubEndpoint.Parsed.Invalid -> return set(ConnectionState.NOT_ENROLLED, e.reason)
        }
        val request = Request.Builder().url(url).apply { JoinHeaders.of(store).forEach { (k, v) -> header(k, v) } }.build()
        val gen = ++generation
        set(ConnectionState.CONNECTING, url)
        socket = clientFor(enrollment.pin).newWebSocket(request, Listener(gen))
    }

    private fun clientFor(pin: String?): OkHttpClient {
        if (pin == null) return client
        pinned?.let { (p, c) -> if (p == pin) return c }
        return PinnedTls.client(client, pin, systemTrust()).also { pinned = pin to it }
    }

    private fun decide(decision: ReconnectPolicy.Decision) {
        when (decision) {
            is ReconnectPolicy.Decision.Stop -> {
                running = false
                // Remembered so that enrolling again (not a mere restart) joins with the fleet key.
                if (decision.state == ConnectionState.REVOKED && !store.deviceSecret.isNullOrEmpty()) store.secretRefused = true
                set(decision.state, decision.reason)
            }
            is ReconnectPolicy.Decision.RetryAt -> {
                retry?.cancel(false)
                if (decision.delayMs <= 0) return dial()
                if (state != ConnectionState.NO_NETWORK) set(ConnectionState.WAITING, "retry in ${decision.delayMs / 1000} s")
                retry = scheduler.schedule({ if (running) dial() }, decision.delayMs, MILLISECONDS)
            }
        }
    }

    private fun set(s: ConnectionState, detail: String) {
        state = s
        onState(s, detail)
    }

    private inner class Listener(private val gen: Int) : WebSocketListener() {
        private fun current(block: () -> Unit) = try {
            scheduler.execute { if (gen == generation && running) block() }
        } catch (e: RejectedExecutionException) {
            // The service shut the scheduler down; a late callback has nothing left to do, and thrown
            // on OkHttp's thread it would be uncaught, which on Android ends the whole process.
        }

        override fun onOpen(webSocket: WebSocket, response: Response) {
            // The Hello must be the first frame; sent from here so nothing can overtake it.
            webSocket.send(handler.hello().toByteString())
        }

        override fun onMessage(webSocket: WebSocket, bytes: ByteString) {
            // Requests are handled off the scheduler thread; a Welcome flips the state.
            if (handler.onFrame(bytes.toByteArray())) {
                current {
                    policy.onConnected()
                    set(ConnectionState.CONNECTED, "")
                }
            }
        }

        override fun onClosing(webSocket: WebSocket, code: Int, reason: String) {
            webSocket.close(NORMAL_CLOSURE, null)
        }

        override fun onClosed(webSocket: WebSocket, code: Int, reason: String) = current {
            socket = null
            handler.onDisconnected()
            decide(policy.onFailure(clock.nowMs()))
        }

        override fun onFailure(webSocket: WebSocket, t: Throwable, response: Response?) = current {
            socket = null
            handler.onDisconnected()
            // The upgrade's status line and the exception's type, not message strings, say whether to stop.
            decide(policy.onFailure(clock.nowMs(), response?.code, PinMismatchException.isCauseOf(t)))
        }
    }

    companion object {
        const val NORMAL_CLOSURE = 1000

        /**
         * Our own pings find a dead mobile connection (NAT rebinding, tower change) within one
         * interval, even when the hub's pings cannot reach us to notice.
         */
        fun client(): OkHttpClient = OkHttpClient.Builder()
            .connectTimeout(15, TimeUnit.SECONDS)
            .pingInterval(25, TimeUnit.SECONDS)
            .retryOnConnectionFailure(true)
            .build()
    }
}
