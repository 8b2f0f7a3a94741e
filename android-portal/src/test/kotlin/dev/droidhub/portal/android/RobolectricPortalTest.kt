package dev.droidhub.portal.android

import android.content.Intent
import android.graphics.Bitmap
import android.graphics.BitmapFactory
import android.graphics.Color
import android.net.Uri
import android.view.accessibility.AccessibilityNodeInfo
import dev.droidhub.portal.app.BootReceiver
import dev.droidhub.portal.app.PortalService
import dev.droidhub.portal.app.PortalStatus
import dev.droidhub.portal.app.Prefs
import dev.droidhub.portal.core.Box
import dev.droidhub.portal.core.Enrollment
import dev.droidhub.portal.core.JoinHeaders
import dev.droidhub.portal.core.SecretBlocks
import dev.droidhub.portal.core.TreeFlattener
import dev.droidhub.portal.core.WindowView
import dev.droidhub.portal.device.AccessibilityNodeView
import dev.droidhub.portal.device.AccessibilityWindowView
import dev.droidhub.portal.device.AndroidDeviceActions
import dev.droidhub.portal.device.DeviceFacts
import dev.droidhub.portal.device.ImageEncoder
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.ImageFormat
import dev.droidhub.proto.v1.WindowType
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/** The Android-facing classes on Robolectric's real framework code (android-all 14, offline). */
@RunWith(RobolectricTestRunner::class)
@Config(sdk = [34], manifest = Config.NONE)
class RobolectricPortalTest {
    private val context get() = RuntimeEnvironment.getApplication()

    @Test
    fun `prefs keep a stable device id and the secret across instances`() {
        val prefs = Prefs(context)
        val id = prefs.deviceId
        assertEquals(id, Prefs(context).deviceId)
        assertNull(prefs.enrollment)
        prefs.enroll(Enrollment("https://hub.example.com", "fleet"))
        prefs.deviceSecret = "secret"
        assertEquals("Bearer secret", JoinHeaders.of(Prefs(context))["Authorization"])
        Prefs(context).enroll(Enrollment("https://elsewhere.example.com", "k2"))
        assertNull(Prefs(context).deviceSecret)
    }

    @Test
    fun `a refused secret is remembered across restarts and dropped only by enrolling again`() {
        val prefs = Prefs(context)
        prefs.enroll(Enrollment("https://hub.example.com", "fleet"))
        prefs.deviceSecret = "secret"
        prefs.resumeToken = "rt"
        prefs.secretRefused = true
        assertTrue(Prefs(context).secretRefused) // a restart reads it back, and still has the secret
        assertEquals("Bearer secret", JoinHeaders.of(Prefs(context))["Authorization"])
        Prefs(context).enroll(Enrollment("https://hub.example.com/", "fleet"))
        assertEquals("Bearer fleet", JoinHeaders.of(Prefs(context))["Authorization"])
        assertNull(Prefs(context).resumeToken)
        assertFalse(Prefs(context).secretRefused)
    }

    @Test
    fun `the hello offers double tap and stop app, and the stream only with a source`() {
        val facts = DeviceFacts(context)
        assertTrue(facts.capabilities(streamable = false).containsAll(listOf("double_tap", "stop_app")))
        assertFalse("stream" in facts.capabilities(streamable = false))
        assertTrue("stream" in facts.hello("0.1.0", streamable = true).capabilitiesList)
    }

    @Test
    fun `accessibility node infos flatten through the wrapper`() {
        val root = AccessibilityNodeInfo.obtain().apply {
            className = "android.widget.FrameLayout"
            packageName = "com.example"
            setBoundsInScreen(android.graphics.Rect(0, 0, 1080, 2400))
            isVisibleToUser = true
        }
        val child = AccessibilityNodeInfo.obtain().apply {
            className = "android.widget.EditText"
            text = "Привет 👋"
            viewIdResourceName = "com.example:id/name"
            isEditable = true
            isFocused = true
            isPassword = false
            setBoundsInScreen(android.graphics.Rect(10, 100, 1070, 220))
        }
        shadowOf(root).addChild(child)
        val window = object : WindowView {
            override val id = 3
            override val type = WindowType.WINDOW_TYPE_APPLICATION
            override val title = "app"
            override val layer = 1
            override val active = true
            override val focused = true
            override val bounds = dev.droidhub.portal.core.Box(0, 0, 1080, 2400)
            override fun root() = AccessibilityNodeView(root)
        }
        val flat = TreeFlattener().flatten(listOf(window), false)
        assertEquals(2, flat.nodes.size)
        val edit = flat.nodes[1]
        assertEquals(0, edit.parent)
        assertEquals("Привет 👋", edit.text)
        assertEquals("com.example:id/name", edit.resourceId)
        assertTrue(edit.editable && edit.focused)
        assertEquals(100, edit.bounds.top)
        assertEquals(WindowType.WINDOW_TYPE_INPUT_METHOD, AccessibilityWindowView.windowType(android.view.accessibility.AccessibilityWindowInfo.TYPE_INPUT_METHOD))
    }

    @Test
    @GraphicsMode(GraphicsMode.Mode.NATIVE)
    fun `screenshots are scaled, compressed and black frames flagged secure`() {
        val bitmap = Bitmap.createBitmap(1080, 2400, Bitmap.Config.ARGB_8888).apply { eraseColor(Color.rgb(30, 136, 229)) }
        val jpeg = ImageEncoder.encode(bitmap, ImageFormat.IMAGE_FORMAT_JPEG, 80, 1200)
        assertEquals(540, jpeg.width)
        assertEquals(1200, jpeg.height)
        assertEquals(1080, jpeg.sourceWidth)
        assertFalse(jpeg.secure)
        assertEquals(0xFF.toByte(), jpeg.data.byteAt(0)) // JPEG SOI marker
        assertEquals(0xD8.toByte(), jpeg.data.byteAt(1))
        val png = ImageEncoder.encode(bitmap, ImageFormat.IMAGE_FORMAT_PNG, 100, 0)
        assertEquals(0x89.toByte(), png.data.byteAt(0))
        val frame = ImageEncoder.frame(bitmap, 60, 720)
        assertEquals(720 to 1600, frame.width to frame.height)
        assertEquals(ImageFormat.IMAGE_FORMAT_JPEG, frame.format)
        assertEquals(0xD8.toByte(), frame.data.byteAt(1))
        val full = ImageEncoder.frame(bitmap, 60, 0)
        assertEquals(1080 to 2400, full.width to full.height)
        val black = Bitmap.createBitmap(100, 200, Bitmap.Config.ARGB_8888).apply { eraseColor(Color.BLACK) }
        assertTrue(ImageEncoder.encode(black, ImageFormat.IMAGE_FORMAT_WEBP, 50, 0).secure)
    }

    @Test
    @GraphicsMode(GraphicsMode.Mode.NATIVE)
    fun `stream frames have their password fields painted mask grey, on a copy of an immutable capture`() {
        val blue = Color.rgb(30, 136, 229)
        val capture = Bitmap.createBitmap(1080, 2400, Bitmap.Config.ARGB_8888).apply { eraseColor(blue) }.copy(Bitmap.Config.ARGB_8888, false)
        val field = Box(60, 1180, 1020, 1320)
        for (maxWidth in listOf(720, 0)) {
            var block: Box? = null
            val frame = ImageEncoder.frame(capture, 90, maxWidth) { w, h -> SecretBlocks.blocks(listOf(field), 1080, 2400, w, h).also { block = it.single() } }
            val b = block!!
            val decoded = BitmapFactory.decodeByteArray(frame.data.toByteArray(), 0, frame.data.size())
            // JPEG bleeds the field's colour into the block's edge (chroma is kept per 16x16 pixels); inside, it is flat grey.
            for ((x, y) in listOf(b.left + 16 to b.top + 16, b.centerX to b.centerY, b.right - 17 to b.bottom - 17)) {
                val p = decoded.getPixel(x, y)
                for (c in listOf(Color.red(p), Color.green(p), Color.blue(p))) assertTrue("$maxWidth: ($x, $y) is ${Integer.toHexString(p)}", c in 124..132)
            }
            assertTrue(Color.blue(decoded.getPixel(b.centerX, b.top - 8)) > 200) // outside, the frame is as it was
        }
        assertEquals(blue, capture.getPixel(540, 1250)) // the capture itself is not touched
        val black = Bitmap.createBitmap(1080, 2400, Bitmap.Config.ARGB_8888).apply { eraseColor(Color.BLACK) }
        assertTrue("blocks do not hide a secure frame", ImageEncoder.frame(black, 70, 720) { _, _ -> listOf(Box(0, 0, 720, 1600)) }.secure)
    }

    @Test
    fun `without the accessibility service actions fail clearly and state says it is off`() {
        val actions = AndroidDeviceActions(context) { null }
        val ui = actions.captureUi(true) as CommandResult.Failed
        assertEquals(ErrorCode.ERROR_CODE_SERVICE_UNAVAILABLE, ui.code)
        val state = (actions.state() as CommandResult.State).state
        assertFalse(state.accessibilityEnabled)
        assertFalse(PortalStatus.accessibilityEnabled(context))
        assertNotEquals(0, state.screen.width)
    }

    @Test
    fun `boot starts the service only on an enrolled phone`() {
        val app = shadowOf(context)
        BootReceiver().onReceive(context, Intent(Intent.ACTION_BOOT_COMPLETED))
        assertNull(app.nextStartedService)
        Prefs(context).enroll(Enrollment("https://hub.example.com", "fleet"))
        BootReceiver().onReceive(context, Intent(Intent.ACTION_BOOT_COMPLETED))
        assertEquals(PortalService::class.java.name, app.nextStartedService.component?.className)
    }
}
