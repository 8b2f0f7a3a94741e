package dev.droidhub.portal.app

import android.content.ComponentName
import android.content.Context
import android.content.Intent
import android.net.Uri
import android.os.Build
import android.os.PowerManager
import android.provider.Settings
import dev.droidhub.portal.core.ConnectionState
import dev.droidhub.portal.device.PortalAccessibilityService

/** Read-only checks the enrollment screen shows, plus the settings screens that fix them. */
object PortalStatus {
    /** Listeners get every state change of the hub connection (the screen updates live). */
    @Volatile
    var connection: Pair<ConnectionState, String> = ConnectionState.STOPPED to ""
        private set
    private val listeners = java.util.concurrent.CopyOnWriteArrayList<(ConnectionState, String) -> Unit>()

    fun publish(state: ConnectionState, detail: String) {
        connection = state to detail
        listeners.forEach { it(state, detail) }
    }

    fun listen(l: (ConnectionState, String) -> Unit) = listeners.add(l)
    fun unlisten(l: (ConnectionState, String) -> Unit) = listeners.remove(l)

    /**
     * Reads the secure setting rather than trusting [PortalAccessibilityService.current]: the
     * service can be enabled but not yet bound, or bound in a crashed process.
     */
    fun accessibilityEnabled(context: Context): Boolean {
        val me = ComponentName(context, PortalAccessibilityService::class.java)
        val enabled = Settings.Secure.getString(context.contentResolver, Settings.Secure.ENABLED_ACCESSIBILITY_SERVICES).orEmpty()
        return enabled.split(':').any { ComponentName.unflattenFromString(it) == me }
    }

    fun ignoringBatteryOptimizations(context: Context): Boolean {
        val pm = context.getSystemService(Context.POWER_SERVICE) as PowerManager
        return pm.isIgnoringBatteryOptimizations(context.packageName)
    }

    fun accessibilitySettings(): Intent = Intent(Settings.ACTION_ACCESSIBILITY_SETTINGS)

    /** Vendor battery killers stop background sockets; the exemption is the one thing that helps everywhere. */
    fun batteryExemptionRequest(context: Context): Intent =
        Intent(Settings.ACTION_REQUEST_IGNORE_BATTERY_OPTIMIZATIONS, Uri.parse("package:${context.packageName}"))

    /** Before Android 11 screenshots need MediaProjection; from 11 on it only makes streams faster. */
    val needsProjectionConsent: Boolean get() = Build.VERSION.SDK_INT < 30
}
