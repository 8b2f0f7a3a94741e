package dev.droidhub.portal.conformance

import dev.droidhub.portal.core.Clock
import dev.droidhub.portal.core.CommandDispatcher
import dev.droidhub.portal.core.Enrollment
import dev.droidhub.portal.core.FakeCapture
import dev.droidhub.portal.core.FakeDevice
import dev.droidhub.portal.core.GesturePlanner
import dev.droidhub.portal.core.MemoryCredentialStore
import dev.droidhub.portal.core.PortalSession
import dev.droidhub.portal.core.RecordingOutbox
import dev.droidhub.portal.core.ResultCache
import dev.droidhub.portal.core.ScreenStreams
import dev.droidhub.portal.core.sourceFacts
import dev.droidhub.proto.v1.Envelope
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File

/**
 * The hub's own bytes (proto/testdata/ts) driving the phone's session: a stream started, granted
 * and stopped by the hub's vectors, answered with the StreamInfo the hub's result_stream vector
 * holds; the double tap and stop_app vectors acting on the phone.
 */
class SessionVectorsTest {
    private val dir = File(System.getProperty("droidhub.vectors.dir", "../proto/testdata"), "ts")
    private val outbox = RecordingOutbox()
    private val device = FakeDevice()
    private val streams = ScreenStreams({ sourceFacts() }, FakeCapture(Clock.SYSTEM), outbox, Clock.SYSTEM) { _, _ -> }
    private val session = PortalSession(
        MemoryCredentialStore("dev-1", Enrollment("https://hub", "k")), ResultCache(),
        CommandDispatcher(device, Clock.SYSTEM, 34, streams), Clock.SYSTEM, { it.run() }, outbox, streams = streams,
    )

    @After
    fun tearDown() = streams.stopAll()

    private fun vector(name: String) = File(dir, "$name.bin").readBytes()

    private fun eventually(what: String, check: () -> Boolean) {
        val deadline = System.currentTimeMillis() + 10_000
        while (!check()) {
            if (System.currentTimeMillis() > deadline) throw AssertionError("timed out waiting for $what")
            Thread.sleep(5)
        }
    }

    @Test
    fun `the hub's stream vectors start, feed and stop a stream`() {
        assertEquals(PortalSession.Handled.Executing(113), session.onFrame(vector("stream_start")))
        val reply = outbox.sent.first()
        assertEquals(113L, reply.replyTo)
        assertEquals(Envelope.parseFrom(vector("result_stream")).result.stream, reply.result.stream)
        eventually("the 4 frames the start granted") { outbox.frames().size == 4 }
        Thread.sleep(300) // at 12 fps three more would be due: none may come without credit
        assertEquals(4, outbox.frames().size)

        assertEquals(PortalSession.Handled.Credited(7, known = true), session.onFrame(vector("stream_credit")))
        eventually("frames on the new credit") { outbox.frames().size >= 6 }
        assertEquals(PortalSession.Handled.Executing(114), session.onFrame(vector("stream_stop")))
        val stopAt = outbox.sent.indexOfFirst { it.replyTo == 114L }
        assertTrue(outbox.sent[stopAt].result.ok)
        Thread.sleep(200)
        assertEquals("no frame after the stop's answer", stopAt, outbox.sent.size - 1)

        val frames = outbox.frames()
        assertEquals((1L..frames.size).toList(), frames.map { it.seq })
        assertTrue(frames.all { it.streamId == 7 && it.image.width == 720 && it.image.height == 1600 })
        assertTrue(outbox.sent.filter { it.hasStreamFrame() }.all { it.id == 0L && it.replyTo == 0L })
    }

    @Test
    fun `the double tap and stop_app vectors act on the phone`() {
        // The vector taps the screen's last pixel (1079, 2399) twice.
        session.onFrame(vector("tap_double"))
        assertEquals(GesturePlanner.taps(1079, 2399, 2), device.gestures.single())
        session.onFrame(vector("stop_app"))
        assertEquals("stopApp(com.whatsapp)", device.calls.last())
        assertEquals(listOf(111L, 112L), outbox.sent.map { it.replyTo })
        assertTrue(outbox.sent.all { it.result.ok })
    }
}
