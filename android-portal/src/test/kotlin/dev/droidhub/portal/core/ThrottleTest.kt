package dev.droidhub.portal.core

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test

class ThrottleTest {
    @Test
    fun `content events pass once per window per interval`() {
        val t = EventThrottle(250)
        assertTrue(t.shouldEmit(1, 0))
        assertFalse(t.shouldEmit(1, 249))
        assertTrue(t.shouldEmit(2, 249))
        assertTrue(t.shouldEmit(1, 250))
    }

    @Test
    fun `screenshots wait out the system interval and refuse a long queue`() {
        val t = ScreenshotThrottle(minIntervalMs = 350, maxWaitMs = 700)
        assertEquals(ScreenshotThrottle.Slot.Go(0), t.reserve(1_000))
        assertEquals(ScreenshotThrottle.Slot.Go(250), t.reserve(1_100))
        assertEquals(ScreenshotThrottle.Slot.Go(600), t.reserve(1_100))
        assertEquals(ScreenshotThrottle.Slot.RateLimited(950), t.reserve(1_100))
        assertEquals(ScreenshotThrottle.Slot.Go(0), t.reserve(5_000))
    }

    @Test
    fun `image geometry keeps the aspect and never upscales`() {
        assertEquals(540 to 1200, ImageGeometry.scaled(1080, 2400, 1200))
        assertEquals(1080 to 2400, ImageGeometry.scaled(1080, 2400, 0))
        assertEquals(1080 to 2400, ImageGeometry.scaled(1080, 2400, 4000))
        assertEquals(1280 to 576, ImageGeometry.scaled(2400, 1080, 1280))
        assertTrue(ImageGeometry.looksBlack(IntArray(4) { 0xFF000000.toInt() }))
        assertFalse(ImageGeometry.looksBlack(intArrayOf(0xFF000000.toInt(), 0xFF010000.toInt())))
    }

    @Test
    fun `text composing appends, replaces hints and deletes whole code points`() {
        assertEquals("abcdef", TextComposer.compose("abc", false, "def", false))
        assertEquals("def", TextComposer.compose("abc", false, "def", true))
        assertEquals("Привет", TextComposer.compose("Search…", true, "Привет", false))
        assertEquals("hi 👋", TextComposer.deleteLast("hi 👋🏽")) // drops the skin-tone modifier, not half of it
        assertEquals("世", TextComposer.deleteLast("世界"))
        assertEquals("", TextComposer.deleteLast(""))
    }
}
