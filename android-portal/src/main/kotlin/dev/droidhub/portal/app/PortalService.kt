package dev.droidhub.portal.app

import android.app.Notification
import android.app.NotificationChannel
import android.app.NotificationManager
import android.app.PendingIntent
import android.app.Service
import android.content.Context
import android.content.Intent
import android.content.pm.ServiceInfo
import android.net.ConnectivityManager
import android.net.Network
import android.os.Build
import android.os.IBinder
import dev.droidhub.portal.core.Clock
import dev.droidhub.portal.core.CommandDispatcher
import dev.droidhub.portal.core.ConnectionState
import dev.droidhub.portal.core.PortalSession
import dev.droidhub.portal.core.ReconnectPolicy
import dev.droidhub.portal.core.ResultCache
import dev.droidhub.portal.device.AndroidDeviceActions
import dev.droidhub.portal.device.DeviceFacts
import dev.droidhub.portal.device.PortalAccessibilityService
import dev.droidhub.portal.net.FrameHandler
import dev.droidhub.portal.net.HubConnection
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
    private var networkCallback: ConnectivityManager.NetworkCallback? = null

    override fun onBind(intent: Intent?): IBinder? = null

    override fun onCreate() {
        super.onCreate()
        createChannel()
        goForeground(ConnectionState.CONNECTING, "")
        val prefs = Prefs(this)
        val facts = DeviceFacts(this)
        connection = HubConnection(HubConnection.client(), prefs, ReconnectPolicy(), scheduler, Clock.SYSTEM) { s, d -> onState(s, d) }
        val dispatcher = CommandDispatcher(AndroidDeviceActions(this) { ProjectionGrant.frames() }, Clock.SYSTEM, Build.VERSION.SDK_INT)
        session = PortalSession(prefs, ResultCache(), dispatcher, Clock.SYSTEM, worker, connection)
        connection.handler = object : FrameHandler {
            override fun hello(): ByteArray = session.hello(facts.hello(PORTAL_VERSION))
            override fun onFrame(frame: ByteArray): Boolean = session.onFrame(frame) is PortalSession.Handled.Welcomed
        }
        PortalAccessibilityService.eventSink = { session.event(it) }
        watchNetwork()
    }

    override fun onStartCommand(intent: Intent?, flags: Int, startId: Int): Int {
        if (intent?.action == ACTION_STOP) {
            connection.stop()
            stopSelf()
            return START_NOT_STICKY
        }
        if (intent?.action == ACTION_RESTART) connection.stop() // new credentials: drop the old socket first
        connection.start()
        // Sticky: if the system kills us for memory, it restarts the service and we dial again.
        return START_STICKY
    }

    override fun onDestroy() {
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
        (getSystemService(Context.NOTIFICATION_SERVICE) as NotificationManager).notify(NOTIFICATION_ID, notification(state, detail))
    }

    private fun goForeground(state: ConnectionState, detail: String) {
        val n = notification(state, detail)
        when {
            // API 34 requires a declared type; "specialUse" because no predefined type fits a remote-control link.
            Build.VERSION.SDK_INT >= 34 -> startForeground(NOTIFICATION_ID, n, ServiceInfo.FOREGROUND_SERVICE_TYPE_SPECIAL_USE)
            else -> startForeground(NOTIFICATION_ID, n)
        }
    }

    private fun notification(state: ConnectionState, detail: String): Notification {
        val open = PendingIntent.getActivity(
            this, 0, Intent(this, EnrollActivity::class.java),
            PendingIntent.FLAG_UPDATE_CURRENT or PendingIntent.FLAG_IMMUTABLE,
        )
        val accessibilityOff = !PortalStatus.accessibilityEnabled(this)
        val text = when {
            accessibilityOff -> "Accessibility service is off: tap to enable"
            detail.isNotEmpty() && state != ConnectionState.CONNECTING -> "${state.label} · $detail"
            else -> state.label
        }
        @Suppress("DEPRECATION")
        val b = if (Build.VERSION.SDK_INT >= 26) Notification.Builder(this, CHANNEL) else Notification.Builder(this)
        return b.setSmallIcon(android.R.drawable.stat_notify_sync)
            .setContentTitle("droidhub")
            .setContentText(text)
            .setOngoing(true)
            .setContentIntent(open)
            .build()
    }

    private fun createChannel() {
        if (Build.VERSION.SDK_INT < 26) return
        val nm = getSystemService(Context.NOTIFICATION_SERVICE) as NotificationManager
        nm.createNotificationChannel(NotificationChannel(CHANNEL, "Hub connection", NotificationManager.IMPORTANCE_LOW))
    }

    companion object {
        const val PORTAL_VERSION = "0.1.0"
        private const val CHANNEL = "connection"
        private const val NOTIFICATION_ID = 1
        private const val ACTION_STOP = "dev.droidhub.portal.STOP"
        private const val ACTION_RESTART = "dev.droidhub.portal.RESTART"

        fun start(context: Context, restart: Boolean = false) {
            val i = Intent(context, PortalService::class.java)
            if (restart) i.action = ACTION_RESTART
            if (Build.VERSION.SDK_INT >= 26) context.startForegroundService(i) else context.startService(i)
        }

        fun stop(context: Context) {
            context.startService(Intent(context, PortalService::class.java).setAction(ACTION_STOP))
        }
    }
}
