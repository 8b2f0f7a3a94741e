package dev.droidhub.portal.core

import dev.droidhub.proto.v1.WindowType
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** Which fields the phone paints on a stream frame, and where: the hub's mask rule, checked by the hub. */
class SecretBlocksTest {
    private fun blocks(vararg fields: Box, frameWidth: Int = 720, frameHeight: Int = 1600) =
        SecretBlocks.blocks(fields.toList(), 1080, 2400, frameWidth, frameHeight)

    @Test
    fun `a 1080x2400 screen on a 720x1600 frame is scaled by two thirds, fractions rounded outward`() {
        // 61 * 2/3 = 40.67 -> 40, 1181 -> 787.33 -> 787, 1019 -> 679.33 -> 680, 1319 -> 879.33 -> 880
        assertEquals(listOf(Box(40, 787, 680, 880)), blocks(Box(61, 1181, 1019, 1319)))
        // 1180 * 2/3 = 786.67 -> 786; the exact ones stay exact (the hub's doubles give the same).
        assertEquals(listOf(Box(40, 786, 680, 880)), blocks(Box(60, 1180, 1020, 1320)))
        // A field smaller than a frame pixel still covers the pixels it touches.
        assertEquals(listOf(Box(0, 0, 2, 2), Box(6, 6, 8, 8)), blocks(Box(1, 1, 2, 2), Box(10, 10, 11, 11)))
    }

    @Test
    fun `fields are clipped at the screen's edges before scaling`() {
        assertEquals(listOf(Box(0, 1533, 720, 1600)), blocks(Box(-10, 2300, 1100, 2500)))
        assertEquals(listOf(Box(0, 0, 7, 7)), blocks(Box(-50, -50, 10, 10)))
    }

    @Test
    fun `fields off the screen or without area give no block`() {
        assertEquals(
            emptyList<Box>(),
            blocks(Box(0, 2400, 100, 2500), Box(1080, 0, 1200, 100), Box(-100, -100, 0, 0), Box(100, 100, 100, 200), Box(300, 200, 200, 300)),
        )
        assertEquals(listOf(Box(40, 786, 680, 880)), blocks(Box(0, -300, 100, -200), Box(60, 1180, 1020, 1320)))
        assertEquals(emptyList<Box>(), SecretBlocks.blocks(listOf(Box(0, 0, 10, 10)), 0, 0, 720, 1600))
    }

    @Test
    fun `a frame at full size takes the clipped fields as they are`() {
        val fields = arrayOf(Box(60, 1180, 1020, 1320), Box(0, 0, 10, 10), Box(1000, 2350, 1200, 2450))
        assertEquals(
            listOf(Box(60, 1180, 1020, 1320), Box(0, 0, 10, 10), Box(1000, 2350, 1080, 2400)),
            blocks(*fields, frameWidth = 1080, frameHeight = 2400),
        )
    }

    @Test
    fun `visible password fields with an area count, in every window, and every node is released once`() {
        val app = FakeNode(
            "android.widget.FrameLayout", bounds = Box(0, 0, 1080, 2400),
            children = listOf(
                FakeNode("android.widget.EditText", bounds = Box(60, 900, 1020, 1040), editable = true),
                FakeNode("android.widget.LinearLayout", children = listOf(FakeNode("android.widget.EditText", bounds = Box(60, 1180, 1020, 1320), password = true))),
                FakeNode("android.widget.EditText", bounds = Box(60, 1400, 1020, 1540), password = true, visible = false),
                FakeNode("android.widget.EditText", bounds = Box(60, 1600, 60, 1700), password = true),
            ),
        )
        val dialog = FakeNode("android.widget.EditText", bounds = Box(0, 0, 10, 10), password = true)
        val windows = listOf(
            FakeWindow(1, WindowType.WINDOW_TYPE_APPLICATION, 1, true, app),
            FakeWindow(2, WindowType.WINDOW_TYPE_SYSTEM, 5, false, dialog),
            FakeWindow(3, WindowType.WINDOW_TYPE_SYSTEM, 6, false, null),
        )
        assertEquals(setOf(Box(60, 1180, 1020, 1320), Box(0, 0, 10, 10)), SecretBlocks.passwordFields(windows).toSet())
        assertTrue((app.all() + dialog).all { it.released == 1 })
    }

    @Test
    fun `past the node limit nothing more is read, and what was taken is released`() {
        val field = FakeNode("android.widget.EditText", bounds = Box(60, 1180, 1020, 1320), password = true)
        val root = FakeNode("android.widget.FrameLayout", children = listOf(FakeNode("android.view.View"), field))
        val windows = listOf(FakeWindow(1, WindowType.WINDOW_TYPE_APPLICATION, 1, true, root))
        assertEquals(emptyList<Box>(), SecretBlocks.passwordFields(windows, maxNodes = 2))
        assertTrue(root.all().all { it.released == 1 })
        assertEquals(listOf(field.bounds), SecretBlocks.passwordFields(windows, maxNodes = 3))
    }
}
