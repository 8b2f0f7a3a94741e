package dev.droidhub.portal.app

import android.app.Service
import android.content.Context
import android.content.Intent
import android.net.ConnectivityManager
import android.net.Network
import android.os.Build
import android.os.Handler
import android.os.IBinder
import android.os.Looper
import dev.droidhub.portal.core.Clock
import dev.droidhub.portal.core.CommandDispatcher
import dev.droidhub.portal.core.ConnectionState
import dev.droidhub.portal.core.PortalSession
import dev.droidhub.portal.core.ReconnectPolicy
import dev.droidhub.portal.core.ResultCache
import dev.droidhub.portal.core.ScreenStreams
import dev.droidhub.portal.core.streamStoppedEvent
import dev.droidhub.portal.device.AndroidDeviceActions
import dev.droidhub.portal.device.AndroidStreamCapture
import dev.droidhub.portal.device.DeviceFacts
import dev.droidhub.portal.device.FrameSources
import dev.droidhub.portal.device.PortalAccessibilityService
import dev.droidhub.portal.net.FrameHandler
import dev.droidhub.portal.net.HubConnection
import dev.droidhub.proto.v1.StreamSource
import java.util.concurrent.Executors

/**
 * Keeps the hub connection alive in a foreground service: the notification is what lets Android
 * keep a background socket open, and it tells the owner what the phone is doing. Wires the parts
 * together; every decision lives in the classes it wires.
 */
class PortalService : Service() {
    private val scheduler = Executors.newSingleThreadScheduledExecutor { Thread(it, "droidhub-connection") }

    // One worker: commands run one at a time, in the order the hub sent them, as a person would act.
    private val worker = Executors.newSingleThreadExecutor { Thread(it, "droidhub-commands") }
    private lateinit var connection: HubConnection
    private lateinit var session: PortalSession
    private lateinit var streams: ScreenStreams
    private var networkCallback: ConnectivityManager.NetworkCallback? = null
    private val main = Handler(Looper.getMainLooper())
    private val notification = ConnectionNotification(this)

    @Volatile
    private var projecting = false // the foreground service holds the mediaProjection type

    @Volatile
    private var advertisedStream = false // the last Hello offered "stream"

    override fun onBind(intent: Intent?): IBinder? = null

    override fun onCreate() {
        super.onCreate()
        notification.createChannel()
        goForeground(ConnectionState.CONNECTING, "")
        val prefs = Prefs(this)
        val facts = DeviceFacts(this)
        connection = HubConnection(HubConnection.client(), prefs, ReconnectPolicy(), scheduler, Clock.SYSTEM) { s, d -> onState(s, d) }
        val sources = FrameSources { ProjectionGrant.frames() }
        val capture = AndroidStreamCapture(this, sources)
        streams = ScreenStreams(capture::facts, capture, connection, Clock.SYSTEM) { id, reason ->
            session.event(streamStoppedEvent(id, reason, System.currentTimeMillis()))
        }
        val dispatcher = CommandDispatcher(AndroidDeviceActions(this, sources), Clock.SYSTEM, Build.VERSION.SDK_INT, streams)
        session = PortalSession(prefs, ResultCache(), dispatcher, Clock.SYSTEM, worker, connection, streams = streams)
        connection.handler = object : FrameHandler {
            override fun hello(): ByteArray {
                advertisedStream = streamable()
                return session.hello(facts.hello(PORTAL_VERSION, advertisedStream))
            }

            override fun onFrame(frame: ByteArray): Boolean = session.onFrame(frame) is PortalSession.Handled.Welcomed
            override fun onDisconnected() = session.onDisconnected()
        }
        PortalAccessibilityService.eventSink = { e ->
            session.event(e)
            if (e.hasAccessibility() && !e.accessibility.enabled) streams.sourceLost(StreamSource.STREAM_SOURCE_ACCESSIBILITY, AndroidStreamCapture.SERVICE_STOPPED)
        }
        ProjectionGrant.onEnded = {
            streams.sourceLost(StreamSource.STREAM_SOURCE_PROJECTION, AndroidStreamCapture.PROJECTION_ENDED)
            projecting = false
            main.post { goForeground(PortalStatus.connection.first, PortalStatus.connection.second) }
        }
        watchNetwork()
    }

    /** A screen source exists: a granted projection, or (Android 11+) the accessibility service switched on. */
    private fun streamable(): Boolean =
        ProjectionGrant.frames() != null || (Build.VERSION.SDK_INT >= 30 && PortalStatus.accessibilityEnabled(this))

    private fun grantProjection(intent: Intent) {
        val code = intent.getIntExtra(EXTRA_RESULT_CODE, 0)
        val data = (if (Build.VERSION.SDK_INT >= 33) intent.getParcelableExtra(EXTRA_DATA, Intent::class.java) else
            @Suppress("DEPRECATION") intent.getParcelableExtra(EXTRA_DATA)) ?: return
        projecting = true
        goForeground(PortalStatus.connection.first, PortalStatus.connection.second)
        try {
            ProjectionGrant.granted(this, code, data)
        } catch (e: RuntimeException) { // SecurityException, or IllegalStateException for a token used twice
            projecting = false
            goForeground(PortalStatus.connection.first, "screen capture failed: ${e.message}")
            return
        }
        // The hub learns of "stream" from a Hello: say hello again if the last one did not offer it.
        if (!advertisedStream && connection.state == ConnectionState.CONNECTED) {
            connection.stop()
            connection.start()
        }
    }

    override fun onStartCommand(intent: Intent?, flags: Int, startId: Int): Int {
        if (intent?.action == ACTION_STOP) {
            connection.stop()
            stopSelf()
            return START_NOT_STICKY
        }
        if (intent?.action == ACTION_RESTART) connection.stop() // new credentials: drop the old socket first
        if (intent?.action == ACTION_PROJECTION) grantProjection(intent)
        connection.start()
        // Sticky: if the system kills us for memory, it restarts the service and we dial again.
        return START_STICKY
    }

    override fun onDestroy() {
        streams.endAll("the portal service stopped") // told before the socket closes behind it
        ProjectionGrant.onEnded = null
        PortalAccessibilityService.eventSink = null
        networkCallback?.let { (getSystemService(Context.CONNECTIVITY_SERVICE) as ConnectivityManager).unregisterNetworkCallback(it) }
        connection.stop()
        scheduler.shutdown()
        worker.shutdown()
        super.onDestroy()
    }

    private fun watchNetwork() {
        val cm = getSystemService(Context.CONNECTIVITY_SERVICE) as ConnectivityManager
        val cb = object : ConnectivityManager.NetworkCallback() {
            override fun onAvailable(network: Network) = connection.onNetworkAvailable()
            override fun onLost(network: Network) = connection.onNetworkLost()
        }
        cm.registerDefaultNetworkCallback(cb)
        networkCallback = cb
    }

    private fun onState(state: ConnectionState, detail: String) {
        PortalStatus.publish(state, detail)
        notification.show(state, detail)
    }

    private fun goForeground(state: ConnectionState, detail: String) = notification.foreground(state, detail, projecting)

    companion object {
        const val PORTAL_VERSION = "0.1.0"
        private const val ACTION_STOP = "dev.droidhub.portal.STOP"
        private const val ACTION_RESTART = "dev.droidhub.portal.RESTART"
        private const val ACTION_PROJECTION = "dev.droidhub.portal.PROJECTION"
        private const val EXTRA_RESULT_CODE = "result_code"
        private const val EXTRA_DATA = "data"

        fun start(context: Context, restart: Boolean = false) {
            val i = Intent(context, PortalService::class.java)
            if (restart) i.action = ACTION_RESTART
            if (Build.VERSION.SDK_INT >= 26) context.startForegroundService(i) else context.startService(i)
        }

        /** The user's screen-capture consent, to be used inside the service (see [grantProjection]). */
        fun grantProjection(context: Context, resultCode: Int, data: Intent) {
            val i = Intent(context, PortalService::class.java).setAction(ACTION_PROJECTION)
                .putExtra(EXTRA_RESULT_CODE, resultCode).putExtra(EXTRA_DATA, data)
            if (Build.VERSION.SDK_INT >= 26) context.startForegroundService(i) else context.startService(i)
        }

        fun stop(context: Context) {
            context.startService(Intent(context, PortalService::class.java).setAction(ACTION_STOP))
        }
    }
}
