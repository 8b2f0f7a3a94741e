package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Bounds
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.StreamSource
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import kotlin.random.Random

class StreamRunTest {
    private val clock = ManualClock(10_000)
    private val outbox = RecordingOutbox()
    private val capture = FakeCapture(clock)

    private fun plan(credits: Long = 3, intervalMs: Long = 100, id: Int = 7) =
        StreamPlan(id, StreamSource.STREAM_SOURCE_PROJECTION, 10, intervalMs, 720, 70, 720, 1600, credits)

    private fun run(plan: StreamPlan = plan(), policy: SendPolicy = SendPolicy()) = StreamRun(plan, capture, outbox, policy, clock)

    @Test
    fun `the ledger adds grants, spends one per frame, never goes below zero and resets`() {
        val ledger = CreditLedger(2)
        assertTrue(ledger.trySpend())
        assertTrue(ledger.trySpend())
        assertFalse(ledger.trySpend())
        assertEquals(0, ledger.available)
        ledger.grant(4_294_967_295) // a uint32 grant, widened
        ledger.grant(4_294_967_295)
        assertEquals(8_589_934_590, ledger.available)
        ledger.reset(1)
        assertEquals(1, ledger.available)
        ledger.reset()
        assertFalse(ledger.trySpend())
        assertEquals(0, ledger.available)
    }

    @Test
    fun `frames go while credit lasts, paced, with seq 1, 2, 3 and Envelope id 0`() {
        val r = run(plan(credits = 2))
        assertEquals(StreamRun.Step.Sent(1), r.step())
        assertEquals(StreamRun.Step.Idle(100), r.step()) // too early for the next frame
        clock.now += 60
        assertEquals(StreamRun.Step.Idle(40), r.step())
        clock.now += 40
        assertEquals(StreamRun.Step.Sent(2), r.step())
        clock.now += 1_000
        assertEquals(StreamRun.Step.Idle(null), r.step()) // out of credit: wait for a grant
        r.grant(1)
        assertEquals(StreamRun.Step.Sent(3), r.step())
        val frames = outbox.sent
        assertEquals(listOf(0L, 0L, 0L), frames.map { it.id })
        assertEquals(listOf(0L, 0L, 0L), frames.map { it.replyTo })
        assertEquals(listOf(1L, 2L, 3L), frames.map { it.streamFrame.seq })
        assertEquals(listOf(10_000L, 10_100L, 11_100L), frames.map { it.streamFrame.capturedAtMs })
        assertTrue(frames.all { it.streamFrame.streamId == 7 && it.streamFrame.image.width == 720 })
        assertEquals(3, capture.plans.size) // no capture was spent on an early or uncredited step
    }

    @Test
    fun `the frame lists the password fields the phone painted, and none when it painted none`() {
        val fields = listOf(Box(60, 1180, 1020, 1320), Box(0, 0, 10, 10))
        val painted = StreamRun(plan(), FakeCapture(clock, fields), outbox, SendPolicy(), clock)
        assertEquals(StreamRun.Step.Sent(1), painted.step())
        assertEquals(fields.map { it.toProto() }, outbox.frames().single().paintedList)
        assertEquals(listOf(60, 1180, 1020, 1320), outbox.frames().single().paintedList[0].let { listOf(it.left, it.top, it.right, it.bottom) })
        assertEquals(StreamRun.Step.Sent(1), run(plan(id = 8)).step())
        assertEquals(emptyList<Bounds>(), outbox.frames().last().paintedList)
        assertEquals(listOf(7, 8), outbox.frames().map { it.streamId })
    }

    @Test
    fun `a busy socket drops frames without spending credit and the hub sees the gap`() {
        val r = run(plan(credits = 5), SendPolicy(maxQueuedBytes = 1_000))
        outbox.queued = 5_000 // a result is being written
        assertEquals(StreamRun.Step.Idle(100), r.step())
        assertTrue("no capture while the queue is long", capture.plans.isEmpty())
        outbox.queued = 0
        // The queue fills while the frame is being captured: it is dropped, not queued behind.
        capture.next = { outbox.queued = 5_000; capture.next = null; capture.capture(plan()) }
        assertEquals(StreamRun.Step.Dropped(1, "socket queue is full"), r.step())
        assertEquals(5, r.credits)
        outbox.queued = 0
        clock.now += 100
        assertEquals(StreamRun.Step.Sent(2), r.step())
        assertEquals(4, r.credits)
        assertEquals(listOf(2L), outbox.frames().map { it.seq })
    }

    @Test
    fun `a restart resets credit and seq, and a frame captured before it is not sent on the new credit`() {
        val r = run(plan(credits = 1))
        assertEquals(StreamRun.Step.Sent(1), r.step())
        clock.now += 100
        r.grant(1)
        capture.next = { r.restart(plan(credits = 2, intervalMs = 50)); capture.next = null; capture.capture(plan()) }
        assertEquals(StreamRun.Step.Skipped("restarted during capture"), r.step())
        assertEquals(2, r.credits)
        clock.now += 50
        assertEquals(StreamRun.Step.Sent(1), r.step()) // seq starts again
        assertEquals(50, r.plan.intervalMs)
    }

    @Test
    fun `a stop during capture sends nothing more, and a lost source ends the stream`() {
        val r = run()
        capture.next = { r.stop(); capture.next = null; capture.capture(plan()) }
        assertEquals(StreamRun.Step.Stopped, r.step())
        assertEquals(StreamRun.Step.Stopped, r.step())
        assertFalse(r.stop())
        r.grant(5)
        assertEquals(0, r.credits)
        assertTrue(outbox.sent.isEmpty())

        val other = run()
        capture.next = { Captured.of(CommandResult.Failed(ErrorCode.ERROR_CODE_PERMISSION_DENIED, "consent revoked")) }
        assertEquals(StreamRun.Step.Ended("consent revoked"), other.step())
        clock.now += 100
        capture.next = { Captured.of(CommandResult.Failed(ErrorCode.ERROR_CODE_SECURE_SCREEN, "secure")) }
        assertEquals(StreamRun.Step.Skipped("secure"), other.step())
    }

    /**
     * Random interleavings of grants, time, queue size, restarts and stops, including ones that
     * happen while a frame is being captured (the only moment another thread can act between the
     * credit check and the send). After every operation: the frames sent since the last (re)start
     * never exceed the credits granted since then, the balance is exactly the difference and never
     * negative, seq only rises, and nothing is sent after a stop.
     */
    @Test
    fun `credits are never exceeded under any interleaving`() {
        repeat(500) { seed -> checkSequence(Random(seed), "seed $seed") }
    }

    private fun checkSequence(rnd: Random, label: String) {
        val out = RecordingOutbox()
        val cap = FakeCapture(clock)
        var granted = rnd.nextLong(0, 4)
        val r = StreamRun(plan(credits = granted, intervalMs = rnd.nextLong(1, 150)), cap, out, SendPolicy(maxQueuedBytes = 100), clock)
        var sentAtStart = 0
        var stopped = false
        var stoppedAt = -1
        fun restart() {
            granted = rnd.nextLong(0, 4)
            r.restart(plan(credits = granted, intervalMs = rnd.nextLong(1, 150)))
            sentAtStart = out.frames().size
        }
        fun grant() {
            val n = rnd.nextLong(0, 4)
            r.grant(n)
            if (!stopped) granted += n
        }
        repeat(300) { i ->
            when (rnd.nextInt(10)) {
                0, 1 -> grant()
                2 -> clock.now += rnd.nextLong(0, 200)
                3 -> out.queued = if (rnd.nextBoolean()) 0 else rnd.nextLong(0, 300)
                4 -> if (rnd.nextInt(8) == 0 && !stopped) restart()
                5 -> if (rnd.nextInt(40) == 0) {
                    r.stop()
                    if (!stopped) stoppedAt = out.frames().size
                    stopped = true
                }
                6 -> cap.next = { // something happens mid-capture, then the frame arrives
                    cap.next = null
                    when (rnd.nextInt(3)) {
                        0 -> grant()
                        1 -> if (!stopped) restart()
                        else -> out.queued = rnd.nextLong(0, 300)
                    }
                    cap.capture(r.plan)
                }
                else -> r.step()
            }
            val sent = out.frames().size - sentAtStart
            if (!stopped) {
                assertTrue("$label op $i: sent $sent > granted $granted", sent <= granted)
                assertEquals("$label op $i: balance", granted - sent, r.credits)
            } else {
                assertEquals("$label op $i: nothing after stop", stoppedAt, out.frames().size)
                assertEquals(0, r.credits)
            }
            val seqs = out.frames().drop(sentAtStart).map { it.seq }
            assertEquals("$label op $i: seq rises", seqs.sorted().distinct(), seqs)
        }
    }
}
