package dev.droidhub.portal.core

import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.StreamInfo
import dev.droidhub.proto.v1.StreamSource
import dev.droidhub.proto.v1.StreamStartRequest
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test

/** Source choice, StreamInfo, pacing and the send policy: the stream's pure decisions. */
class StreamPlanTest {
    private fun request(fps: Int = 0, width: Int = 0, quality: Int = 0, credits: Int = 4) =
        StreamStartRequest.newBuilder().setStreamId(7).setMaxFps(fps).setMaxWidth(width).setQuality(quality).setCredits(credits).build()

    private fun chosen(c: StreamSourceChooser.Choice) = (c as StreamSourceChooser.Choice.Chosen).plan

    private fun refused(c: StreamSourceChooser.Choice) = (c as StreamSourceChooser.Choice.Refused).failure

    @Test
    fun `projection is preferred and keeps the asked fps, scaled to the asked width`() {
        val plan = chosen(StreamSourceChooser.choose(request(fps = 12, width = 720, quality = 70), sourceFacts()))
        // The hub's own result_stream vector says the same for this request.
        assertEquals(
            StreamInfo.newBuilder().setStreamId(7).setSource(StreamSource.STREAM_SOURCE_PROJECTION).setMaxFps(12).setWidth(720).setHeight(1600)
                .setPaints(true).build(),
            plan.info(),
        )
        assertEquals(84, plan.intervalMs) // ceil(1000 / 12): never faster than 12 a second
        assertEquals(70, plan.quality)
        assertEquals(4, plan.credits)
    }

    @Test
    fun `without consent the accessibility screenshot is used at Android's rate, and says so`() {
        val api34 = chosen(StreamSourceChooser.choose(request(fps = 30), sourceFacts(projection = false)))
        assertEquals(StreamSource.STREAM_SOURCE_ACCESSIBILITY, api34.source)
        assertEquals(350, api34.intervalMs) // 333 ms between takeScreenshot calls, plus a margin
        assertEquals(3, api34.maxFps)
        val api30 = chosen(StreamSourceChooser.choose(request(fps = 30), sourceFacts(projection = false, sdkInt = 30)))
        assertEquals(1_050, api30.intervalMs) // Android 11: one a second
        assertEquals(1, api30.maxFps)
    }

    @Test
    fun `defaults fill zeros, the width is never enlarged, a huge grant stays unsigned`() {
        val plan = chosen(
            StreamSourceChooser.choose(
                StreamStartRequest.newBuilder().setStreamId(1).setMaxWidth(4_000).setCredits(-1).build(), sourceFacts(),
            ),
        )
        assertEquals(StreamSourceChooser.DEFAULT_FPS, plan.maxFps)
        assertEquals(StreamSourceChooser.DEFAULT_QUALITY, plan.quality)
        assertEquals(1080 to 2400, plan.width to plan.height)
        assertEquals(4_294_967_295, plan.credits)
    }

    @Test
    fun `no source is NOT_SUPPORTED, arguments out of range are INVALID_ARGUMENT`() {
        val none = refused(StreamSourceChooser.choose(request(), sourceFacts(projection = false, accessibility = false)))
        assertEquals(ErrorCode.ERROR_CODE_NOT_SUPPORTED, none.code)
        assertEquals("no screen source: the accessibility service is off and screen capture was not allowed", none.message)
        val old = refused(StreamSourceChooser.choose(request(), sourceFacts(projection = false, accessibility = false, sdkInt = 28)))
        assertEquals("no screen source: allow screen capture in droidhub on the phone", old.message)
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, refused(StreamSourceChooser.choose(request(fps = 31), sourceFacts())).code)
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, refused(StreamSourceChooser.choose(request(quality = 101), sourceFacts())).code)
        assertFalse(StreamSourceChooser.anySource(sourceFacts(projection = false, accessibility = false)))
        assertTrue(StreamSourceChooser.anySource(sourceFacts(projection = false)))
    }

    @Test
    fun `the pacer admits one frame per interval and drops the early ones`() {
        val pacer = FramePacer(100)
        assertTrue(pacer.admit(1_000))
        assertFalse(pacer.admit(1_050))
        assertEquals(50, pacer.waitMs(1_050))
        assertFalse(pacer.admit(1_099))
        assertTrue(pacer.admit(1_100))
        assertTrue(pacer.admit(1_350)) // late is fine: the next one is due an interval after it
        assertEquals(100, pacer.waitMs(1_350))
        assertEquals(34, FramePacer.intervalFor(30, 0))
        assertEquals(350, FramePacer.intervalFor(30, 350))
        assertEquals(1_000, FramePacer.intervalFor(1, 350))
    }

    @Test
    fun `results and events always go, frames only onto a short queue`() {
        val policy = SendPolicy(maxQueuedBytes = 16_384)
        for (queued in listOf(0L, 16_384L, 16_385L, 50_000_000L)) {
            assertTrue(policy.admits(SendPolicy.Traffic.RESULT, queued))
            assertTrue(policy.admits(SendPolicy.Traffic.EVENT, queued))
        }
        assertTrue(policy.admits(SendPolicy.Traffic.FRAME, 0))
        assertTrue(policy.admits(SendPolicy.Traffic.FRAME, 16_384))
        assertFalse(policy.admits(SendPolicy.Traffic.FRAME, 16_385))
    }

    @Test
    fun `frame sizes follow the width, and screenshot throttles follow the Android version`() {
        assertEquals(720 to 1600, ImageGeometry.fitWidth(1080, 2400, 720))
        assertEquals(1080 to 2400, ImageGeometry.fitWidth(1080, 2400, 0))
        assertEquals(1 to 2, ImageGeometry.fitWidth(1080, 2400, 1))
        assertEquals(1_050, ScreenshotThrottle.intervalFor(30))
        assertEquals(350, ScreenshotThrottle.intervalFor(31))
    }
}
