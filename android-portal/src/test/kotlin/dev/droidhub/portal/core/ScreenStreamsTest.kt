package dev.droidhub.portal.core

import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.StreamSource
import dev.droidhub.proto.v1.StreamStartRequest
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.atomic.AtomicLong

/** The streams on their own threads, as on the phone: credit, restart, stop, sources going away. */
class ScreenStreamsTest {
    private val outbox = RecordingOutbox()
    private val capture = FakeCapture(Clock.SYSTEM)
    private var facts = sourceFacts()
    private val stopped = CopyOnWriteArrayList<Pair<Int, String>>()
    private val threads = CopyOnWriteArrayList<Thread>()
    private val streams = ScreenStreams(
        { facts }, capture, outbox, Clock.SYSTEM,
        runner = { name, r -> threads += Thread(r, name).apply { isDaemon = true; start() } },
    ) { id, reason -> stopped += id to reason }

    @After
    fun tearDown() {
        streams.stopAll()
        threads.forEach { it.join(5_000) }
        assertTrue("every stream thread ended", threads.none { it.isAlive })
    }

    /** A start as PortalSession runs it: the result, then [ScreenStreams.replied]. */
    private fun start(request: StreamStartRequest): CommandResult =
        streams.start(request).also { if (it is CommandResult.Stream) streams.replied(request.streamId) }

    private fun start(id: Int, credits: Int, fps: Int = 30) =
        start(StreamStartRequest.newBuilder().setStreamId(id).setMaxFps(fps).setCredits(credits).build())

    private fun frames(id: Int) = outbox.frames().filter { it.streamId == id }

    private fun eventually(what: String, check: () -> Boolean) {
        val deadline = System.currentTimeMillis() + 10_000
        while (!check()) {
            if (System.currentTimeMillis() > deadline) throw AssertionError("timed out waiting for $what")
            Thread.sleep(5)
        }
    }

    @Test
    fun `a stream sends exactly the frames granted, then waits for more`() {
        val started = start(1, credits = 3) as CommandResult.Stream
        assertEquals(StreamSource.STREAM_SOURCE_PROJECTION, started.info.source)
        eventually("3 frames") { frames(1).size == 3 }
        Thread.sleep(300) // ten intervals at 30 fps: none may follow without credit
        assertEquals(3, frames(1).size)
        assertTrue(streams.credit(1, 2))
        eventually("5 frames") { frames(1).size == 5 }
        Thread.sleep(300)
        assertEquals(listOf(1L, 2L, 3L, 4L, 5L), frames(1).map { it.seq })
        assertFalse("a grant for a stream that does not run", streams.credit(99, 5))
    }

    @Test
    fun `a second start changes the settings in place, a stop ends it, an unknown stop is fine`() {
        start(2, credits = 1)
        eventually("first frame") { frames(2).size == 1 }
        val restarted = start(StreamStartRequest.newBuilder().setStreamId(2).setMaxFps(5).setMaxWidth(540).setCredits(2).build()) as CommandResult.Stream
        assertEquals(540, restarted.info.width)
        assertEquals(1, threads.size) // the same thread carries on
        eventually("two frames on the new settings") { frames(2).count { it.image.width == 540 } == 2 }
        assertEquals(listOf(1L, 1L, 2L), frames(2).map { it.seq })
        assertEquals(CommandResult.Done, streams.stop(2))
        val sent = outbox.sent.size
        streams.credit(2, 10)
        Thread.sleep(200)
        assertEquals(sent, outbox.sent.size)
        assertEquals(CommandResult.Done, streams.stop(12345))
        assertTrue(stopped.isEmpty()) // the hub stopped it: no stream_stopped
    }

    @Test
    fun `a lost source ends only its streams and says why, a dropped connection ends all silently`() {
        start(3, credits = 1000, fps = 5)
        facts = sourceFacts(projection = false)
        val acc = start(4, credits = 1000, fps = 5) as CommandResult.Stream
        assertEquals(StreamSource.STREAM_SOURCE_ACCESSIBILITY, acc.info.source)
        streams.sourceLost(StreamSource.STREAM_SOURCE_PROJECTION, "screen capture consent was revoked")
        assertEquals(listOf(3 to "screen capture consent was revoked"), stopped.toList())
        assertEquals(setOf(4), streams.running)
        streams.stopAll()
        assertEquals(emptySet<Int>(), streams.running)
        assertEquals(1, stopped.size)
        start(5, credits = 1)
        streams.endAll("the portal service stopped")
        assertEquals(5 to "the portal service stopped", stopped.last())
    }

    @Test
    fun `a capture that finds its source gone ends the stream once, one that throws skips a frame`() {
        val calls = AtomicLong()
        capture.next = {
            when (calls.incrementAndGet()) {
                1L -> throw IllegalStateException("image reader closed")
                2L -> Captured.Skipped("secure window")
                else -> Captured.Lost("the accessibility service stopped")
            }
        }
        start(6, credits = 10)
        eventually("the stream ended") { stopped.isNotEmpty() }
        assertEquals(listOf(6 to "the accessibility service stopped"), stopped.toList())
        assertEquals(3, calls.get())
        assertTrue(outbox.frames().isEmpty())
        assertEquals(emptySet<Int>(), streams.running)
    }

    @Test
    fun `no frame goes before the start was answered`() {
        streams.start(StreamStartRequest.newBuilder().setStreamId(9).setMaxFps(30).setCredits(5).build())
        Thread.sleep(300)
        assertTrue(outbox.sent.isEmpty())
        streams.replied(9)
        eventually("frames after the reply") { frames(9).size == 5 }
    }

    @Test
    fun `without a source the start is refused and no thread starts`() {
        facts = sourceFacts(projection = false, accessibility = false)
        val r = start(7, credits = 1) as CommandResult.Failed
        assertEquals(ErrorCode.ERROR_CODE_NOT_SUPPORTED, r.code)
        assertTrue(threads.isEmpty())
    }

    @Test
    fun `credits granted from another thread are never exceeded`() {
        start(8, credits = 0)
        var granted = 0L
        val rnd = java.util.Random(8)
        repeat(200) {
            val n = rnd.nextInt(3).toLong()
            granted += n // counted first: a frame may go the moment the grant lands
            streams.credit(8, n)
            assertTrue("${frames(8).size} frames for $granted credits", frames(8).size <= granted)
            Thread.sleep(rnd.nextInt(3).toLong())
        }
        eventually("all granted frames") { frames(8).size.toLong() == granted }
        Thread.sleep(200)
        assertEquals(granted, frames(8).size.toLong())
    }
}
