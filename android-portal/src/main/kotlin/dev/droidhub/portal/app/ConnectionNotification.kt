package dev.droidhub.portal.app

import android.app.Notification
import android.app.NotificationChannel
import android.app.NotificationManager
import android.app.PendingIntent
import android.app.Service
import android.content.Context
import android.content.Intent
import android.content.pm.ServiceInfo
import android.os.Build
import dev.droidhub.portal.core.ConnectionState

/** The foreground service's one notification: the connection state, and a tap opens the app. */
class ConnectionNotification(private val service: Service) {
    fun createChannel() {
        if (Build.VERSION.SDK_INT < 26) return
        manager().createNotificationChannel(NotificationChannel(CHANNEL, "Hub connection", NotificationManager.IMPORTANCE_LOW))
    }

    fun show(state: ConnectionState, detail: String) = manager().notify(ID, build(state, detail))

    /** [projecting]: a MediaProjection is granted, so the service also holds the mediaProjection type. */
    fun foreground(state: ConnectionState, detail: String, projecting: Boolean) {
        val n = build(state, detail)
        when {
            // API 34 requires a declared type; "specialUse" because no predefined type fits a remote-control link.
            // The mediaProjection type only while a projection is granted: Android 14 refuses it without one.
            Build.VERSION.SDK_INT >= 34 -> service.startForeground(
                ID, n,
                ServiceInfo.FOREGROUND_SERVICE_TYPE_SPECIAL_USE or (if (projecting) ServiceInfo.FOREGROUND_SERVICE_TYPE_MEDIA_PROJECTION else 0),
            )
            else -> service.startForeground(ID, n)
        }
    }

    private fun build(state: ConnectionState, detail: String): Notification {
        val open = PendingIntent.getActivity(
            service, 0, Intent(service, EnrollActivity::class.java),
            PendingIntent.FLAG_UPDATE_CURRENT or PendingIntent.FLAG_IMMUTABLE,
        )
        val accessibilityOff = !PortalStatus.accessibilityEnabled(service)
        val text = when {
            accessibilityOff -> "Accessibility service is off: tap to enable"
            detail.isNotEmpty() && state != ConnectionState.CONNECTING -> "${state.label} · $detail"
            else -> state.label
        }
        @Suppress("DEPRECATION")
        val b = if (Build.VERSION.SDK_INT >= 26) Notification.Builder(service, CHANNEL) else Notification.Builder(service)
        return b.setSmallIcon(android.R.drawable.stat_notify_sync)
            .setContentTitle("droidhub")
            .setContentText(text)
            .setOngoing(true)
            .setContentIntent(open)
            .build()
    }

    private fun manager() = service.getSystemService(Context.NOTIFICATION_SERVICE) as NotificationManager

    private companion object {
        const val CHANNEL = "connection"
        const val ID = 1
    }
}
