package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Direction
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

class GesturePlannerTest {
    private val screen = Box(0, 0, 1000, 2000)

    @Test
    fun `scroll moves the content, so the finger goes the other way`() {
        assertEquals(Stroke(500, 1400, 500, 600, GesturePlanner.SCROLL_MS), GesturePlanner.scroll(Direction.DIRECTION_DOWN, 800, screen))
        assertEquals(Stroke(500, 600, 500, 1400, GesturePlanner.SCROLL_MS), GesturePlanner.scroll(Direction.DIRECTION_UP, 800, screen))
        assertEquals(Stroke(600, 1000, 400, 1000, GesturePlanner.SCROLL_MS), GesturePlanner.scroll(Direction.DIRECTION_RIGHT, 200, screen))
    }

    @Test
    fun `a page by default, never past the margins`() {
        val page = GesturePlanner.scroll(Direction.DIRECTION_DOWN, 0, screen)!!
        assertEquals(1600, page.y1 - page.y2)
        val huge = GesturePlanner.scroll(Direction.DIRECTION_DOWN, 10_000, screen)!!
        assertEquals(Stroke(500, 1800, 500, 200, GesturePlanner.SCROLL_MS), huge)
        assertNull(GesturePlanner.scroll(Direction.DIRECTION_DOWN, 100, Box(0, 0, 10, 0)))
        assertNull(GesturePlanner.scroll(Direction.DIRECTION_UNSPECIFIED, 100, screen))
    }

    @Test
    fun `a double tap is two short taps at one point, the gap inside Android's double-tap window`() {
        val (first, second) = GesturePlanner.taps(540, 1200, 2)!!
        assertEquals(Stroke(540, 1200, 540, 1200, GesturePlanner.TAP_MS, startMs = 0), first)
        assertEquals(540 to 1200, second.x1 to second.y1)
        assertEquals(second.x1 to second.y1, second.x2 to second.y2)
        // GestureDetector.isConsideredDoubleTap: second down minus first up in [40, 300] ms.
        val gap = second.startMs - (first.startMs + first.durationMs)
        assertTrue("gap $gap", gap in GesturePlanner.DOUBLE_TAP_MIN_MS..GesturePlanner.DOUBLE_TAP_TIMEOUT_MS)
        // Room for the injector's jitter on both sides, not a value at the edge.
        assertTrue(gap - GesturePlanner.DOUBLE_TAP_MIN_MS >= 50 && GesturePlanner.DOUBLE_TAP_TIMEOUT_MS - gap >= 100)
        // Each touch is a tap, not a press: shorter than ViewConfiguration's tap timeout.
        assertTrue(first.durationMs < GesturePlanner.TAP_TIMEOUT_MS && second.durationMs < GesturePlanner.TAP_TIMEOUT_MS)
        assertEquals(listOf(Stroke(1, 2, 1, 2, GesturePlanner.TAP_MS)), GesturePlanner.taps(1, 2, 0))
        assertEquals(GesturePlanner.taps(1, 2, 0), GesturePlanner.taps(1, 2, 1))
        assertNull(GesturePlanner.taps(1, 2, 3))
        assertNull(GesturePlanner.taps(1, 2, -1)) // a uint32 past Int.MAX_VALUE
    }
}
