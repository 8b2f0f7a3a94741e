package dev.droidhub.portal.app

import android.content.BroadcastReceiver
import android.content.Context
import android.content.Intent

/** Brings the connection back after a reboot or an app update, but only on an enrolled phone. */
class BootReceiver : BroadcastReceiver() {
    override fun onReceive(context: Context, intent: Intent) {
        when (intent.action) {
            Intent.ACTION_BOOT_COMPLETED, Intent.ACTION_MY_PACKAGE_REPLACED, ACTION_QUICKBOOT ->
                if (Prefs(context).enrolled) PortalService.start(context)
        }
    }

    private companion object {
        // Some vendors (HTC, Xiaomi) send this instead of BOOT_COMPLETED on fast boot.
        const val ACTION_QUICKBOOT = "android.intent.action.QUICKBOOT_POWERON"
    }
}
