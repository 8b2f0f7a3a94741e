package dev.droidhub.portal.core

import dev.droidhub.proto.v1.DeviceEvent
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.StreamSource
import dev.droidhub.proto.v1.StreamStartRequest
import dev.droidhub.proto.v1.StreamStopped
import java.util.concurrent.ConcurrentHashMap

/** What the dispatcher asks of the screen streams; [NONE] for a portal that cannot stream. */
interface StreamControl {
    fun start(request: StreamStartRequest): CommandResult

    /** Stopping a stream that is not running is fine: the result is the same. */
    fun stop(streamId: Int): CommandResult

    companion object {
        val NONE: StreamControl = object : StreamControl {
            override fun start(request: StreamStartRequest) =
                CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, "this portal cannot stream the screen")

            override fun stop(streamId: Int) = CommandResult.Done
        }
    }
}

/**
 * The phone's screen streams: starts, restarts and stops them, takes the hub's credit grants, and
 * runs each on its own thread ([runner]) over [StreamRun.step]. A started or restarted stream holds
 * its frames until [replied], so the hub reads its StreamInfo before the first frame. Streams
 * belong to one connection: [stopAll] ends them silently when it drops (the hub saw it drop); a
 * stream the phone ends by itself (its source gone, the service stopping) is told [onStopped].
 */
class ScreenStreams(
    private val facts: () -> SourceFacts,
    private val capture: FrameCapture,
    private val outbox: Outbox,
    private val clock: Clock,
    private val policy: SendPolicy = SendPolicy(),
    private val runner: (String, Runnable) -> Unit = { name, r -> Thread(r, name).apply { isDaemon = true }.start() },
    private val onStopped: (streamId: Int, reason: String) -> Unit,
) : StreamControl {
    private val runs = ConcurrentHashMap<Int, StreamRun>()

    val running: Set<Int> get() = runs.keys.toSet()

    fun run(streamId: Int): StreamRun? = runs[streamId]

    override fun start(request: StreamStartRequest): CommandResult {
        val plan = when (val choice = StreamSourceChooser.choose(request, facts())) {
            is StreamSourceChooser.Choice.Refused -> return choice.failure
            is StreamSourceChooser.Choice.Chosen -> choice.plan
        }
        synchronized(this) {
            val running = runs[plan.streamId]
            if (running != null && !running.isStopped) {
                running.restart(plan, hold = true)
            } else {
                val run = StreamRun(plan, capture, outbox, policy, clock, held = true)
                runs[plan.streamId] = run
                runner("droidhub-stream-${plan.streamId}") { loop(run) }
            }
        }
        return CommandResult.Stream(plan.info())
    }

    /** The start's result went out (PortalSession): the stream's frames may follow it. */
    fun replied(streamId: Int) {
        runs[streamId]?.release()
    }

    override fun stop(streamId: Int): CommandResult {
        runs.remove(streamId)?.stop()
        return CommandResult.Done
    }

    /** The hub's StreamCredit; false for a stream that is not running (a late grant after a stop). */
    fun credit(streamId: Int, credits: Long): Boolean {
        val run = runs[streamId] ?: return false
        run.grant(credits)
        return true
    }

    /** The connection dropped: every stream ends, unannounced (there is no one to tell). */
    fun stopAll() = end({ true }, null)

    /** A source went away (consent revoked, service unbound): its streams end and the hub is told why. */
    fun sourceLost(source: StreamSource, reason: String) = end({ it.plan.source == source }, reason)

    /** The portal is shutting down: every stream ends and the hub is told why. */
    fun endAll(reason: String) = end({ true }, reason)

    private fun end(which: (StreamRun) -> Boolean, reason: String?) {
        for ((id, run) in runs) {
            if (which(run) && runs.remove(id, run) && run.stop() && reason != null) onStopped(id, reason)
        }
    }

    private fun loop(run: StreamRun) {
        while (true) {
            val step = try {
                run.step()
            } catch (e: RuntimeException) {
                // A capture that throws loses this frame, not the stream: the pacer spaces the retry.
                StreamRun.Step.Skipped("${e.javaClass.simpleName}: ${e.message}")
            }
            when (step) {
                StreamRun.Step.Stopped -> return
                is StreamRun.Step.Ended -> {
                    val id = run.plan.streamId
                    if (runs.remove(id, run) && run.stop()) onStopped(id, step.reason)
                    return
                }
                is StreamRun.Step.Idle -> run.await(step.waitMs)
                else -> Unit
            }
        }
    }
}

/** The event for a stream the phone ended by itself. */
fun streamStoppedEvent(streamId: Int, reason: String, atMs: Long): DeviceEvent =
    DeviceEvent.newBuilder().setAtMs(atMs).setStreamStopped(StreamStopped.newBuilder().setStreamId(streamId).setReason(reason)).build()
