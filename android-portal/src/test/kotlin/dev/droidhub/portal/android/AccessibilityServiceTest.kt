package dev.droidhub.portal.android

import android.accessibilityservice.AccessibilityService
import android.app.ActivityManager
import android.content.pm.PackageInfo
import android.view.accessibility.AccessibilityEvent
import android.view.accessibility.AccessibilityNodeInfo
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.portal.core.GestureOutcome
import dev.droidhub.portal.core.GesturePlanner
import dev.droidhub.portal.core.KeyPlan
import dev.droidhub.portal.core.Stroke
import dev.droidhub.portal.core.TreeFlattener
import dev.droidhub.portal.device.AccessibilityFrameSource
import dev.droidhub.portal.device.AndroidDeviceActions
import dev.droidhub.portal.device.AppStopper
import dev.droidhub.portal.device.GestureRunner
import dev.droidhub.portal.device.PortalAccessibilityService
import dev.droidhub.proto.v1.ErrorCode
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertSame
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import org.robolectric.annotation.Config
import org.robolectric.shadows.ShadowAccessibilityService
import java.util.concurrent.Executors
import java.util.concurrent.Future
import java.util.concurrent.TimeUnit

/** The accessibility service on Robolectric: gesture callbacks, global actions, capture, screenshot errors. */
@RunWith(RobolectricTestRunner::class)
@Config(sdk = [34], manifest = Config.NONE)
class AccessibilityServiceTest {
    private lateinit var service: PortalAccessibilityService
    private lateinit var shadow: ShadowAccessibilityService
    private val worker = Executors.newSingleThreadExecutor()

    @Before
    fun setUp() {
        service = Robolectric.setupService(PortalAccessibilityService::class.java)
        // protected in the platform class; the system calls it when the user enables the service
        PortalAccessibilityService::class.java.getDeclaredMethod("onServiceConnected").apply { isAccessible = true }.invoke(service)
        shadow = shadowOf(service)
    }

    @After
    fun tearDown() {
        service.onDestroy()
        worker.shutdownNow()
    }

    /** Runs a gesture on a worker (as the command thread does) and waits until it was dispatched. */
    private fun gesture(stroke: Stroke): Pair<Future<GestureOutcome>, ShadowAccessibilityService.GestureDispatch> {
        val before = shadow.gesturesDispatched.size
        val outcome = worker.submit<GestureOutcome> { GestureRunner(service).perform(stroke) }
        val deadline = System.currentTimeMillis() + 5_000
        while (shadow.gesturesDispatched.size == before && System.currentTimeMillis() < deadline) Thread.sleep(5)
        return outcome to shadow.gesturesDispatched.last()
    }

    @Test
    fun `gestures report the platform's completed and cancelled callbacks`() {
        val (done, first) = gesture(Stroke(100, 200, 100, 900, 300))
        val stroke = first.description().getStroke(0)
        assertEquals(300L, stroke.duration)
        first.callback().onCompleted(first.description())
        assertEquals(GestureOutcome.COMPLETED, done.get(5, TimeUnit.SECONDS))

        val (cancelled, second) = gesture(Stroke(5, 5, 5, 5, 50))
        second.callback().onCancelled(second.description())
        assertEquals(GestureOutcome.CANCELLED, cancelled.get(5, TimeUnit.SECONDS))

        shadow.setCanDispatchGestures(false)
        assertEquals(GestureOutcome.REJECTED, GestureRunner(service).perform(Stroke(1, 1, 1, 1, 50)))
    }

    @Test
    fun `keys run as global actions through the bound service`() {
        val actions = AndroidDeviceActions(RuntimeEnvironment.getApplication()) { null }
        assertSame(service, PortalAccessibilityService.current)
        assertEquals(CommandResult.Done, actions.key(KeyPlan.Global(AccessibilityService.GLOBAL_ACTION_BACK)))
        assertEquals(listOf(AccessibilityService.GLOBAL_ACTION_BACK), shadow.globalActionsPerformed)
    }

    @Test
    fun `capture falls back to the active root and is timed`() {
        val root = AccessibilityNodeInfo.obtain().apply {
            className = "android.widget.FrameLayout"
            packageName = "com.example"
        }
        shadowOf(root).addChild(AccessibilityNodeInfo.obtain().apply { className = "android.widget.Button"; text = "OK" })
        shadow.setRootInActiveWindow(root)
        val tree = service.captureUi(TreeFlattener(), allWindows = true)
        assertEquals(listOf("android.widget.FrameLayout", "android.widget.Button"), tree.nodesList.map { it.className })
        assertEquals(listOf(-1, 0), tree.nodesList.map { it.parent })
        assertTrue(tree.captureMs >= 0 && tree.capturedAtMs > 0)
    }

    @Test
    fun `screenshot errors from the platform map to protocol codes`() {
        shadow.setTakeScreenshotErrorCode(AccessibilityService.ERROR_TAKE_SCREENSHOT_INTERVAL_TIME_SHORT)
        val (bitmap, failure) = AccessibilityFrameSource(service).capture()
        assertEquals(null, bitmap)
        assertEquals(ErrorCode.ERROR_CODE_RATE_LIMITED, failure?.code)
        shadow.setTakeScreenshotErrorCode(AccessibilityService.ERROR_TAKE_SCREENSHOT_NO_ACCESSIBILITY_ACCESS)
        assertEquals(ErrorCode.ERROR_CODE_PERMISSION_DENIED, AccessibilityFrameSource(service).capture().second?.code)
    }

    @Test
    fun `a double tap is dispatched as one gesture of two timed strokes`() {
        val outcome = worker.submit<GestureOutcome> { GestureRunner(service).perform(GesturePlanner.taps(300, 400, 2)!!) }
        val deadline = System.currentTimeMillis() + 5_000
        while (shadow.gesturesDispatched.isEmpty() && System.currentTimeMillis() < deadline) Thread.sleep(5)
        val dispatched = shadow.gesturesDispatched.single()
        val description = dispatched.description()
        assertEquals(2, description.strokeCount)
        assertEquals(listOf(0L, GesturePlanner.TAP_MS + GesturePlanner.DOUBLE_TAP_GAP_MS), (0..1).map { description.getStroke(it).startTime })
        assertEquals(listOf(GesturePlanner.TAP_MS, GesturePlanner.TAP_MS), (0..1).map { description.getStroke(it).duration })
        dispatched.callback().onCompleted(description)
        assertEquals(GestureOutcome.COMPLETED, outcome.get(5, TimeUnit.SECONDS))
    }

    private fun foreground(pkg: String) = service.onAccessibilityEvent(
        AccessibilityEvent.obtain(AccessibilityEvent.TYPE_WINDOW_STATE_CHANGED).apply {
            packageName = pkg
            className = "android.widget.FrameLayout"
        },
    )

    @Test
    fun `stop_app leaves the app with Home, waits for it to go, then ends its background process`() {
        val app = RuntimeEnvironment.getApplication()
        shadowOf(app.packageManager).installPackage(PackageInfo().apply { packageName = "com.whatsapp" })
        foreground("com.whatsapp")
        val stopped = worker.submit<CommandResult> { AppStopper(app, sdkInt = 33).stop(service, "com.whatsapp") }
        val deadline = System.currentTimeMillis() + 5_000
        while (shadow.globalActionsPerformed.isEmpty() && System.currentTimeMillis() < deadline) Thread.sleep(5)
        assertEquals(listOf(AccessibilityService.GLOBAL_ACTION_HOME), shadow.globalActionsPerformed)
        assertEquals(null, shadowOf(app.getSystemService(ActivityManager::class.java)).backgroundPackage) // not while on screen
        foreground("com.android.launcher3") // the launcher comes forward
        assertEquals(CommandResult.Done, stopped.get(10, TimeUnit.SECONDS))
        assertEquals("com.whatsapp", shadowOf(app.getSystemService(ActivityManager::class.java)).backgroundPackage)
    }

    @Test
    fun `stop_app on Android 14 only leaves, and unknown apps and the portal itself are refused`() {
        val app = RuntimeEnvironment.getApplication()
        shadowOf(app.packageManager).installPackage(PackageInfo().apply { packageName = "com.whatsapp" })
        foreground("com.android.chrome") // in the background already: nothing to press
        assertEquals(CommandResult.Done, AppStopper(app, sdkInt = 34).stop(service, "com.whatsapp"))
        assertTrue(shadow.globalActionsPerformed.isEmpty())
        assertEquals(null, shadowOf(app.getSystemService(ActivityManager::class.java)).backgroundPackage)
        val missing = AppStopper(app, sdkInt = 33).stop(service, "com.example.missing") as CommandResult.Failed
        assertEquals(ErrorCode.ERROR_CODE_APP_NOT_FOUND, missing.code)
        val self = AppStopper(app, sdkInt = 33).stop(service, app.packageName) as CommandResult.Failed
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, self.code)
    }
}
