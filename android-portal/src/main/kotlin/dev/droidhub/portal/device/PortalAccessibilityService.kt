package dev.droidhub.portal.device

import android.accessibilityservice.AccessibilityService
import android.accessibilityservice.AccessibilityServiceInfo
import android.content.ComponentName
import android.content.pm.PackageManager
import android.graphics.Rect
import android.os.Build
import android.os.SystemClock
import android.view.accessibility.AccessibilityEvent
import android.view.accessibility.AccessibilityWindowInfo
import dev.droidhub.portal.core.EventThrottle
import dev.droidhub.portal.core.SecretBlocks
import dev.droidhub.portal.core.TreeFlattener
import dev.droidhub.portal.core.WindowView
import dev.droidhub.portal.core.toProto
import dev.droidhub.portal.core.Box
import dev.droidhub.proto.v1.AccessibilityChanged
import dev.droidhub.proto.v1.DeviceEvent
import dev.droidhub.proto.v1.ForegroundChanged
import dev.droidhub.proto.v1.KeyboardChanged
import dev.droidhub.proto.v1.KeyboardState
import dev.droidhub.proto.v1.UiTree
import dev.droidhub.proto.v1.WindowContentChanged

/**
 * The system binds this service once the user enables it in the accessibility settings. It only
 * observes (foreground app, keyboard, content changes) and exposes the running instance; acting on
 * the phone is [AndroidDeviceActions]' job, the hub connection lives in the foreground service.
 */
class PortalAccessibilityService : AccessibilityService() {
    private val contentThrottle = EventThrottle(250)
    private val activityCache = HashMap<String, Boolean>()

    @Volatile
    var foregroundPackage: String = ""
        private set

    @Volatile
    var foregroundActivity: String = ""
        private set

    @Volatile
    private var keyboardShown = false

    override fun onServiceConnected() {
        super.onServiceConnected()
        // The XML config says the same; set again in code so a stale cached config cannot drop a flag.
        serviceInfo?.let { info ->
            info.flags = info.flags or AccessibilityServiceInfo.FLAG_REPORT_VIEW_IDS or
                AccessibilityServiceInfo.FLAG_RETRIEVE_INTERACTIVE_WINDOWS or
                AccessibilityServiceInfo.FLAG_INCLUDE_NOT_IMPORTANT_VIEWS
            serviceInfo = info
        }
        current = this
        emit(DeviceEvent.newBuilder().setAccessibility(AccessibilityChanged.newBuilder().setEnabled(true)))
    }

    override fun onAccessibilityEvent(event: AccessibilityEvent?) {
        event ?: return
        when (event.eventType) {
            AccessibilityEvent.TYPE_WINDOW_STATE_CHANGED -> onWindowState(event)
            AccessibilityEvent.TYPE_WINDOW_CONTENT_CHANGED -> {
                val id = event.windowId
                if (contentThrottle.shouldEmit(id, SystemClock.uptimeMillis())) {
                    emit(
                        DeviceEvent.newBuilder().setContent(
                            WindowContentChanged.newBuilder().setWindowId(id).setPackageName(event.packageName?.toString().orEmpty()),
                        ),
                    )
                }
            }
            AccessibilityEvent.TYPE_WINDOWS_CHANGED -> {
                val shown = inputMethodWindow() != null
                if (shown != keyboardShown) {
                    keyboardShown = shown
                    emit(DeviceEvent.newBuilder().setKeyboard(KeyboardChanged.newBuilder().setShown(shown)))
                }
            }
        }
    }

    private fun onWindowState(event: AccessibilityEvent) {
        val pkg = event.packageName?.toString() ?: return
        val cls = event.className?.toString().orEmpty()
        // Dialogs and toasts also raise this event; only real activities change the foreground.
        val activity = if (cls.isNotEmpty() && isActivity(pkg, cls)) cls else foregroundActivity.takeIf { pkg == foregroundPackage }.orEmpty()
        if (pkg == foregroundPackage && activity == foregroundActivity) return
        foregroundPackage = pkg
        foregroundActivity = activity
        emit(DeviceEvent.newBuilder().setForeground(ForegroundChanged.newBuilder().setPackageName(pkg).setActivity(activity)))
    }

    private fun isActivity(pkg: String, cls: String): Boolean = activityCache.getOrPut("$pkg/$cls") {
        try {
            packageManager.getActivityInfo(ComponentName(pkg, cls), 0)
            true
        } catch (e: PackageManager.NameNotFoundException) {
            false
        }
    }

    override fun onInterrupt() = Unit

    override fun onUnbind(intent: android.content.Intent?): Boolean {
        emit(DeviceEvent.newBuilder().setAccessibility(AccessibilityChanged.newBuilder().setEnabled(false)))
        if (current === this) current = null
        return super.onUnbind(intent)
    }

    override fun onDestroy() {
        if (current === this) current = null
        super.onDestroy()
    }

    /** Captures the UI as the flat wire tree and times it (capture_ms). */
    fun captureUi(flattener: TreeFlattener, allWindows: Boolean): UiTree {
        val started = SystemClock.elapsedRealtime()
        val views: List<WindowView> = windows.map { AccessibilityWindowView(it) }
        val flat = if (views.isNotEmpty()) {
            flattener.flatten(views, allWindows)
        } else {
            // Some OEM builds return no windows for a moment after a rotation; the active root still works.
            val root = rootInActiveWindow
            flattener.flatten(listOfNotNull(root?.let { SingleRootWindow(AccessibilityNodeView(it)) }), true)
        }
        return flat.toTree()
            .setForegroundPackage(foregroundPackage)
            .setForegroundActivity(foregroundActivity)
            .setKeyboard(keyboard())
            .setCapturedAtMs(System.currentTimeMillis())
            .setCaptureMs((SystemClock.elapsedRealtime() - started).toInt())
            .build()
    }

    /** Every visible password field on screen, all windows, for painting over a stream frame ([SecretBlocks]). */
    fun passwordFields(): List<Box> = SecretBlocks.passwordFields(
        windows.map { AccessibilityWindowView(it) }.ifEmpty {
            // As in captureUi: a moment without windows after a rotation, the active root still works.
            listOfNotNull(rootInActiveWindow?.let { SingleRootWindow(AccessibilityNodeView(it)) })
        },
    )

    fun keyboard(): KeyboardState {
        val ime = inputMethodWindow() ?: return KeyboardState.newBuilder().setShown(false).build()
        val r = Rect().also { ime.getBoundsInScreen(it) }
        val pkg = ime.root?.packageName?.toString().orEmpty()
        return KeyboardState.newBuilder().setShown(true).setImePackage(pkg).setBounds(Box(r.left, r.top, r.right, r.bottom).toProto()).build()
    }

    private fun inputMethodWindow(): AccessibilityWindowInfo? =
        windows.firstOrNull { it.type == AccessibilityWindowInfo.TYPE_INPUT_METHOD }

    private fun emit(event: DeviceEvent.Builder) {
        eventSink?.invoke(event.setAtMs(System.currentTimeMillis()).build())
    }

    private class SingleRootWindow(private val node: AccessibilityNodeView) : WindowView {
        override val id = -1
        override val type = dev.droidhub.proto.v1.WindowType.WINDOW_TYPE_APPLICATION
        override val title: String? = null
        override val layer = 0
        override val active = true
        override val focused = true
        override val bounds get() = node.bounds
        override fun root() = node
    }

    companion object {
        /** The bound instance, or null while the user has the service switched off. */
        @Volatile
        var current: PortalAccessibilityService? = null
            private set

        /** Where observed events go (the hub connection); null when not connected. */
        @Volatile
        var eventSink: ((DeviceEvent) -> Unit)? = null

        val sdk: Int get() = Build.VERSION.SDK_INT
    }
}
