package dev.droidhub.portal.device

import android.content.Context
import android.content.Intent
import android.content.IntentFilter
import android.net.ConnectivityManager
import android.net.NetworkCapabilities
import android.os.BatteryManager
import android.os.Build
import android.os.PowerManager
import android.util.DisplayMetrics
import android.view.WindowManager
import dev.droidhub.proto.v1.Battery
import dev.droidhub.proto.v1.Hello
import dev.droidhub.proto.v1.Network
import dev.droidhub.proto.v1.NetworkType
import dev.droidhub.proto.v1.Screen

/** Facts about the phone for Hello and GetState; each read fresh, they change (rotation, network). */
class DeviceFacts(private val context: Context) {
    @Suppress("DEPRECATION")
    fun metrics(): DisplayMetrics {
        val wm = context.getSystemService(Context.WINDOW_SERVICE) as WindowManager
        return DisplayMetrics().also { wm.defaultDisplay.getRealMetrics(it) }
    }

    @Suppress("DEPRECATION")
    fun screen(): Screen {
        val m = metrics()
        val wm = context.getSystemService(Context.WINDOW_SERVICE) as WindowManager
        return Screen.newBuilder()
            .setWidth(m.widthPixels)
            .setHeight(m.heightPixels)
            .setDensityDpi(m.densityDpi)
            .setRotation(wm.defaultDisplay.rotation)
            .build()
    }

    /** [streamable]: some screen source exists, so "stream" is offered. */
    fun hello(portalVersion: String, streamable: Boolean): Hello = Hello.newBuilder()
        .setPortalVersion(portalVersion)
        .setManufacturer(Build.MANUFACTURER.orEmpty())
        .setModel(Build.MODEL.orEmpty())
        .setSdkInt(Build.VERSION.SDK_INT)
        .setScreen(screen())
        .addAllCapabilities(capabilities(streamable))
        .build()

    fun capabilities(streamable: Boolean): List<String> = buildList {
        add("gestures")
        add("double_tap")
        add("stop_app")
        add("set_text")
        add("clipboard")
        add("global_actions")
        add("screenshot")
        if (Build.VERSION.SDK_INT >= 30) add("ime_enter")
        if (streamable) add("stream")
    }

    fun battery(): Battery {
        val status = context.registerReceiver(null, IntentFilter(Intent.ACTION_BATTERY_CHANGED))
            ?: return Battery.getDefaultInstance()
        val level = status.getIntExtra(BatteryManager.EXTRA_LEVEL, -1)
        val scale = status.getIntExtra(BatteryManager.EXTRA_SCALE, 100).coerceAtLeast(1)
        val plugged = status.getIntExtra(BatteryManager.EXTRA_PLUGGED, 0)
        val tenths = status.getIntExtra(BatteryManager.EXTRA_TEMPERATURE, 0)
        return Battery.newBuilder()
            .setLevel(if (level < 0) 0 else level * 100 / scale)
            .setCharging(plugged != 0)
            .setTemperatureC(tenths / 10f)
            .build()
    }

    fun network(): Network {
        val cm = context.getSystemService(Context.CONNECTIVITY_SERVICE) as ConnectivityManager
        val caps = cm.activeNetwork?.let { cm.getNetworkCapabilities(it) }
            ?: return Network.newBuilder().setType(NetworkType.NETWORK_TYPE_NONE).build()
        val type = when {
            caps.hasTransport(NetworkCapabilities.TRANSPORT_WIFI) -> NetworkType.NETWORK_TYPE_WIFI
            caps.hasTransport(NetworkCapabilities.TRANSPORT_CELLULAR) -> NetworkType.NETWORK_TYPE_CELLULAR
            caps.hasTransport(NetworkCapabilities.TRANSPORT_ETHERNET) -> NetworkType.NETWORK_TYPE_ETHERNET
            else -> NetworkType.NETWORK_TYPE_OTHER
        }
        return Network.newBuilder().setType(type).setMetered(cm.isActiveNetworkMetered).build()
    }

    fun screenOn(): Boolean = (context.getSystemService(Context.POWER_SERVICE) as PowerManager).isInteractive
}
