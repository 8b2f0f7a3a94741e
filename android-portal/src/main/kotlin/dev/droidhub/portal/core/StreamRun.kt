package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.Image
import dev.droidhub.proto.v1.StreamFrame
import java.util.concurrent.TimeUnit
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/** The device's half of a stream: one frame from the plan's source, scaled to its width, as JPEG. */
fun interface FrameCapture {
    fun capture(plan: StreamPlan): Captured
}

sealed interface Captured {
    /**
     * [capturedAtMs] is the phone's wall clock when the pixels were taken; [painted] are the
     * password fields (screen pixels) painted over in it ([SecretBlocks]): the hub takes the list as
     * where they are (StreamInfo.paints), so a frame whose fields could not be read is skipped.
     */
    data class Frame(val image: Image, val capturedAtMs: Long, val painted: List<Box> = emptyList()) : Captured

    /** No frame this time (a secure window, a busy source); the stream goes on. */
    data class Skipped(val why: String) : Captured

    /** The source is gone (consent revoked, service stopped): the stream ends. */
    data class Lost(val reason: String) : Captured

    companion object {
        /** A screenshot failure, for a stream: no right to capture any more ends it, the rest skip a frame. */
        fun of(failure: CommandResult.Failed): Captured = when (failure.code) {
            ErrorCode.ERROR_CODE_PERMISSION_DENIED, ErrorCode.ERROR_CODE_SERVICE_UNAVAILABLE -> Lost(failure.message)
            else -> Skipped(failure.message)
        }
    }
}

/**
 * One running stream: its credit, its pace, its sequence numbers. [step] does one unit of work
 * without blocking on anything but the capture itself, so tests drive it with a manual clock and
 * the stream's thread only loops over it. A frame is sent only while it holds a credit, paced, with
 * the socket's queue short enough ([SendPolicy]); a restart or stop bumps the generation, so a frame
 * captured under old settings is never sent on the new ones' credit. A run [held] sends nothing
 * until [release]: the start's result (its StreamInfo) goes out before the first frame.
 */
class StreamRun(
    initial: StreamPlan,
    private val capture: FrameCapture,
    private val outbox: Outbox,
    private val policy: SendPolicy,
    private val clock: Clock,
    held: Boolean = false,
) {
    sealed interface Step {
        data class Sent(val seq: Long) : Step
        /** Captured but not sent: the hub sees [seq] missing. */
        data class Dropped(val seq: Long, val why: String) : Step
        data class Skipped(val why: String) : Step
        /** Nothing to do for [waitMs] ms, or until a grant when null. */
        data class Idle(val waitMs: Long?) : Step
        data class Ended(val reason: String) : Step
        data object Stopped : Step
    }

    private val lock = ReentrantLock()
    private val wake = lock.newCondition()
    private val ledger = CreditLedger(initial.credits)
    private var pacer = FramePacer(initial.intervalMs)
    private var seq = 0L
    private var generation = 0
    private var signalled = false
    private var stopped = false
    private var held = held

    @Volatile
    var plan: StreamPlan = initial
        private set

    val credits: Long get() = ledger.available

    val isStopped: Boolean get() = lock.withLock { stopped }

    /** A second start for this stream id: new settings, new credit, seq from 1 again. A stopped run stays stopped. */
    fun restart(next: StreamPlan, hold: Boolean = false) = lock.withLock {
        if (stopped) return@withLock
        held = hold
        plan = next
        ledger.reset(next.credits)
        pacer = FramePacer(next.intervalMs)
        seq = 0
        generation++
        signal()
    }

    /** The start was answered: frames may follow it now. */
    fun release() = lock.withLock {
        held = false
        signal()
    }

    fun grant(credits: Long) = lock.withLock {
        if (stopped) return@withLock
        ledger.grant(credits)
        signal()
    }

    /** True for the call that stopped it; later calls find it stopped already. */
    fun stop(): Boolean = lock.withLock {
        if (stopped) return@withLock false
        stopped = true
        ledger.reset()
        signal()
        true
    }

    fun step(): Step {
        val (gen, current) = lock.withLock {
            if (stopped) return Step.Stopped
            if (held || ledger.available <= 0) return Step.Idle(null)
            val now = clock.nowMs()
            // Nothing would be sent: do not spend a capture (and the phone's CPU) on it.
            if (!policy.admits(SendPolicy.Traffic.FRAME, outbox.queuedBytes())) return Step.Idle(pacer.intervalMs)
            if (!pacer.admit(now)) return Step.Idle(pacer.waitMs(now))
            generation to plan
        }
        // Outside the lock: a capture may take a second, and grants or a stop must not wait for it.
        return when (val c = capture.capture(current)) {
            is Captured.Frame -> deliver(gen, c)
            is Captured.Skipped -> Step.Skipped(c.why)
            is Captured.Lost -> Step.Ended(c.reason)
        }
    }

    /** Sleeps up to [ms] (or [maxMs] for null), returning early on a grant, restart or stop. */
    fun await(ms: Long?, maxMs: Long = 1_000) = lock.withLock {
        if (!signalled && !stopped) wake.await((ms ?: maxMs).coerceIn(1, maxMs), TimeUnit.MILLISECONDS)
        signalled = false
    }

    /** Under the lock: once [stop] returns, no frame of this stream can reach the socket. */
    private fun deliver(gen: Int, frame: Captured.Frame): Step = lock.withLock {
        if (stopped) return Step.Stopped
        if (gen != generation) return Step.Skipped("restarted during capture")
        val n = ++seq
        if (!policy.admits(SendPolicy.Traffic.FRAME, outbox.queuedBytes())) return Step.Dropped(n, "socket queue is full")
        if (!ledger.trySpend()) return Step.Dropped(n, "no credit")
        val envelope = Envelope.newBuilder().setStreamFrame(
            StreamFrame.newBuilder().setStreamId(plan.streamId).setSeq(n).setCapturedAtMs(frame.capturedAtMs).setImage(frame.image)
                .addAllPainted(frame.painted.map { it.toProto() }),
        ).build()
        if (outbox.send(envelope.toByteArray())) Step.Sent(n) else Step.Dropped(n, "not connected")
    }

    private fun signal() {
        signalled = true
        wake.signalAll()
    }
}
