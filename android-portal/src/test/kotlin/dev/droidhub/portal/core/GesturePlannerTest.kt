package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Direction
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
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
}
