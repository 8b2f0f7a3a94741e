package dev.droidhub.portal.core

import com.google.protobuf.InvalidProtocolBufferException
import dev.droidhub.proto.v1.DeviceEvent
import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.Hello
import dev.droidhub.proto.v1.ProtocolVersion
import dev.droidhub.proto.v1.Welcome
import java.util.concurrent.Executor
import java.util.concurrent.atomic.AtomicLong

/** Sends one frame on whatever connection is current; false when there is none (the result stays cached). */
fun interface Outbox {
    fun send(frame: ByteArray): Boolean

    /** Bytes sent but not yet written to the network; stream frames wait for this to be small. */
    fun queuedBytes(): Long = 0
}

/**
 * The protocol, with no socket in it: the Hello that opens a connection, what a Welcome changes, and
 * how each request is run exactly once and answered with reply_to = its id. The connection class
 * only moves bytes; this class is tested on the JVM with fakes.
 */
class PortalSession(
    private val store: CredentialStore,
    private val cache: ResultCache,
    private val dispatcher: CommandDispatcher,
    private val clock: Clock,
    private val worker: Executor,
    private val outbox: Outbox,
    private val listener: Listener = Listener {},
    private val streams: ScreenStreams? = null,
) {
    fun interface Listener {
        fun onWelcome(welcome: Welcome)
    }

    /** Largest frame we accept; the hub's Welcome may lower or raise it. */
    @Volatile
    var maxFrameBytes: Int = 16 * 1024 * 1024
        private set

    private val eventIds = AtomicLong()

    /** The first frame of every connection. [base] carries the device facts (model, screen …). */
    fun hello(base: Hello): ByteArray {
        val hello = base.toBuilder()
            .setDeviceId(store.deviceId)
            .setProtocolVersion(ProtocolVersion.PROTOCOL_VERSION_1)
            .setResumeToken(store.resumeToken.orEmpty())
            .clearCachedResultIds()
            .addAllCachedResultIds(cache.cachedIds(clock.nowMs()))
            .build()
        return Envelope.newBuilder().setHello(hello).build().toByteArray()
    }

    /** Handles one binary frame from the hub. Returns what it did, for logs and tests. */
    fun onFrame(frame: ByteArray): Handled {
        if (frame.size > maxFrameBytes) return Handled.Dropped("frame of ${frame.size} bytes exceeds $maxFrameBytes")
        val envelope = try {
            Envelope.parseFrom(frame)
        } catch (e: InvalidProtocolBufferException) {
            return Handled.Dropped("malformed frame: ${e.message}")
        }
        // Acknowledgements riding on this frame (usually the hub's next request): the same as a
        // ResultAck, handled before the body. The hub never puts the request's own id among them.
        if (envelope.ackedResultIdsCount > 0) cache.acknowledge(envelope.ackedResultIdsList)
        return when {
            envelope.bodyCase == Envelope.BodyCase.WELCOME -> welcome(envelope.welcome)
            envelope.bodyCase == Envelope.BodyCase.RESULT_ACK -> Handled.Acknowledged(cache.acknowledge(envelope.resultAck.idsList))
            envelope.bodyCase == Envelope.BodyCase.STREAM_CREDIT -> credit(envelope)
            // Also where a body from a newer hub lands (BODY_NOT_SET, id 0): ignored, never answered.
            envelope.id == 0L -> Handled.Dropped("request without id (${envelope.bodyCase})")
            else -> request(envelope)
        }
    }

    /** An event for the hub: reply_to 0, never answered. */
    fun event(event: DeviceEvent): Boolean =
        outbox.send(Envelope.newBuilder().setId(eventIds.incrementAndGet()).setEvent(event).build().toByteArray())

    /** The socket is gone: its streams end with it (the hub starts them again on the next one). */
    fun onDisconnected() {
        streams?.stopAll()
    }

    /** Never answered, like ResultAck: a grant for a stream that already ended is dropped. */
    private fun credit(envelope: Envelope): Handled {
        val c = envelope.streamCredit
        val known = streams?.credit(c.streamId, c.credits.toLong() and 0xFFFFFFFFL) ?: false
        return Handled.Credited(c.streamId, known)
    }

    private fun welcome(w: Welcome): Handled {
        if (w.deviceSecret.isNotEmpty()) store.deviceSecret = w.deviceSecret
        if (store.secretRefused) store.secretRefused = false // the hub took our credentials after all
        if (w.resumeToken.isNotEmpty()) store.resumeToken = w.resumeToken
        if (w.hasLimits() && w.limits.maxFrameBytes > 0) maxFrameBytes = w.limits.maxFrameBytes
        listener.onWelcome(w)
        return Handled.Welcomed(w.resumed)
    }

    private fun request(envelope: Envelope): Handled {
        val id = envelope.id
        return when (val claim = cache.claim(id, clock.nowMs())) {
            is ResultCache.Claim.Cached -> {
                outbox.send(reply(id, claim.result))
                Handled.AnsweredFromCache(id)
            }
            ResultCache.Claim.InFlight -> Handled.AlreadyRunning(id)
            ResultCache.Claim.Execute -> {
                worker.execute {
                    val result = dispatcher.execute(envelope)
                    cache.complete(id, result, clock.nowMs())
                    outbox.send(reply(id, result))
                    // Frames only after the StreamInfo they belong to.
                    if (envelope.hasStreamStart() && result.ok) streams?.replied(envelope.streamStart.streamId)
                }
                Handled.Executing(id)
            }
        }
    }

    private fun reply(id: Long, result: dev.droidhub.proto.v1.Result): ByteArray =
        Envelope.newBuilder().setReplyTo(id).setResult(result).build().toByteArray()

    sealed interface Handled {
        data class Welcomed(val resumed: Boolean) : Handled
        data class Executing(val id: Long) : Handled
        data class AnsweredFromCache(val id: Long) : Handled
        data class AlreadyRunning(val id: Long) : Handled
        /** A ResultAck: [dropped] results left the cache. */
        data class Acknowledged(val dropped: Int) : Handled
        /** A StreamCredit; [known] false when no such stream runs. */
        data class Credited(val streamId: Int, val known: Boolean) : Handled
        data class Dropped(val why: String) : Handled
    }
}
