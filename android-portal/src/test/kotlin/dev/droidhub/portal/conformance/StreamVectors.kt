package dev.droidhub.portal.conformance

import dev.droidhub.portal.core.Box
import dev.droidhub.portal.core.CommandDispatcher
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.portal.core.FakeCapture
import dev.droidhub.portal.core.FakeDevice
import dev.droidhub.portal.core.ManualClock
import dev.droidhub.portal.core.MemoryCredentialStore
import dev.droidhub.portal.core.Outbox
import dev.droidhub.portal.core.PortalSession
import dev.droidhub.portal.core.RecordingOutbox
import dev.droidhub.portal.core.ResultCache
import dev.droidhub.portal.core.ScreenStreams
import dev.droidhub.portal.core.sourceFacts
import dev.droidhub.portal.core.streamStoppedEvent
import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.StreamSource
import dev.droidhub.proto.v1.StreamStartRequest

/**
 * The phone's stream messages for KotlinVectorsTest, each produced by the classes that send it on
 * the phone: the start's Result (ScreenStreams), a frame (StreamRun, Envelope.id 0, listing the
 * password fields painted over in it) and the stream_stopped event (PortalSession.event), for the
 * same request as the hub's stream_start vector.
 */
object StreamVectors {
    fun build(): List<Triple<String, Envelope, Map<String, Any>>> {
        val clock = ManualClock(1_767_225_600_123)
        val frames = RecordingOutbox()
        val events = mutableListOf<Envelope>()
        val session = PortalSession(
            MemoryCredentialStore("pixel-8-α"), ResultCache(), CommandDispatcher(FakeDevice(), clock, 34), clock, {},
            Outbox { events += Envelope.parseFrom(it); true },
        )
        // The frame has a password field painted over, and a second field in the corner.
        val painted = listOf(Box(60, 1180, 1020, 1320), Box(0, 0, 10, 10))
        val streams = ScreenStreams({ sourceFacts() }, FakeCapture(clock, painted), frames, clock, runner = { _, _ -> }) { id, reason ->
            session.event(streamStoppedEvent(id, reason, 11))
        }
        val request = StreamStartRequest.newBuilder().setStreamId(7).setMaxFps(12).setMaxWidth(720).setQuality(70).setCredits(4).build()
        val started = streams.start(request) as CommandResult.Stream
        streams.replied(7)
        streams.run(7)!!.step()
        streams.sourceLost(StreamSource.STREAM_SOURCE_PROJECTION, "projection consent revoked — écran")
        return listOf(
            Triple(
                "result_stream", Envelope.newBuilder().setReplyTo(113).setResult(started.toProto(3)).build(),
                mapOf(
                    "replyTo" to "113", "result.ok" to true, "result.durationMs" to 3, "result.stream.streamId" to 7,
                    "result.stream.source" to "STREAM_SOURCE_PROJECTION", "result.stream.maxFps" to 12,
                    "result.stream.width" to 720, "result.stream.height" to 1600, "result.stream.paints" to true,
                ),
            ),
            Triple(
                "stream_frame", frames.sent.single(),
                mapOf(
                    "id" to "0", "replyTo" to "0", "streamFrame.streamId" to 7, "streamFrame.seq" to "1",
                    "streamFrame.capturedAtMs" to "1767225600123", "streamFrame.image.format" to "IMAGE_FORMAT_JPEG",
                    "streamFrame.image.data" to "/9j/2Q==", "streamFrame.image.width" to 720, "streamFrame.image.height" to 1600,
                    "streamFrame.image.sourceWidth" to 1080, "streamFrame.image.sourceHeight" to 2400,
                    "streamFrame.painted.0.left" to 60, "streamFrame.painted.0.top" to 1180,
                    "streamFrame.painted.0.right" to 1020, "streamFrame.painted.0.bottom" to 1320,
                    "streamFrame.painted.1.left" to 0, "streamFrame.painted.1.top" to 0,
                    "streamFrame.painted.1.right" to 10, "streamFrame.painted.1.bottom" to 10,
                ),
            ),
            Triple(
                "event_stream_stopped", events.single(),
                mapOf(
                    "id" to "1", "replyTo" to "0", "event.atMs" to "11", "event.streamStopped.streamId" to 7,
                    "event.streamStopped.reason" to "projection consent revoked — écran",
                ),
            ),
        )
    }
}
