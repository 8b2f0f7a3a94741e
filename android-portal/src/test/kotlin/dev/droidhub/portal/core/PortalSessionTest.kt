package dev.droidhub.portal.core

import dev.droidhub.proto.v1.DeviceEvent
import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.Hello
import dev.droidhub.proto.v1.KeyboardChanged
import dev.droidhub.proto.v1.Limits
import dev.droidhub.proto.v1.ProtocolVersion
import dev.droidhub.proto.v1.ResultAck
import dev.droidhub.proto.v1.StreamCredit
import dev.droidhub.proto.v1.StreamStartRequest
import dev.droidhub.proto.v1.TapRequest
import dev.droidhub.proto.v1.Welcome
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.Executor

class PortalSessionTest {
    private val store = MemoryCredentialStore("dev-1", Enrollment("https://hub", "fleet"))
    private val cache = ResultCache()
    private val device = FakeDevice()
    private val clock = ManualClock(0)
    private val sent = mutableListOf<Envelope>()
    private val queued = mutableListOf<Runnable>()
    private val worker = Executor { queued += it }
    private val session = PortalSession(store, cache, CommandDispatcher(device, clock, 34), clock, worker, Outbox { sent += Envelope.parseFrom(it); true })

    private fun frame(b: Envelope.Builder.() -> Unit) = Envelope.newBuilder().apply(b).build().toByteArray()

    private fun runQueued() {
        while (queued.isNotEmpty()) queued.removeAt(0).run()
    }

    @Test
    fun `hello carries identity, resume token and cached ids`() {
        store.resumeToken = "rt"
        cache.claim(5, 0)
        cache.complete(5, CommandResult.Done.toProto(1), 0)
        val hello = Envelope.parseFrom(session.hello(Hello.newBuilder().setModel("Pixel").build())).hello
        assertEquals("dev-1", hello.deviceId)
        assertEquals("Pixel", hello.model)
        assertEquals(ProtocolVersion.PROTOCOL_VERSION_1, hello.protocolVersion)
        assertEquals("rt", hello.resumeToken)
        assertEquals(listOf(5L), hello.cachedResultIdsList)
    }

    @Test
    fun `welcome stores the device secret and resume token and applies the frame limit`() {
        val w = Welcome.newBuilder().setDeviceSecret("s3cret").setResumeToken("rt-9").setLimits(Limits.newBuilder().setMaxFrameBytes(1_000)).build()
        assertEquals(PortalSession.Handled.Welcomed(false), session.onFrame(frame { welcome = w }))
        assertEquals("s3cret", store.deviceSecret)
        assertEquals("rt-9", store.resumeToken)
        assertEquals(1_000, session.maxFrameBytes)
        // A later welcome without a secret (a resumed device) keeps the stored one.
        session.onFrame(frame { welcome = Welcome.newBuilder().setResumed(true).build() })
        assertEquals("s3cret", store.deviceSecret)
        assertTrue(session.onFrame(ByteArray(2_000)) is PortalSession.Handled.Dropped)
    }

    @Test
    fun `a request runs once and a resend is answered from the cache`() {
        val tap = frame { id = 77; tap = TapRequest.newBuilder().setX(1).setY(2).build() }
        assertEquals(PortalSession.Handled.Executing(77), session.onFrame(tap))
        assertEquals(PortalSession.Handled.AlreadyRunning(77), session.onFrame(tap))
        runQueued()
        assertEquals(PortalSession.Handled.AnsweredFromCache(77), session.onFrame(tap))
        assertEquals(1, device.strokes.size)
        assertEquals(listOf(77L, 77L), sent.map { it.replyTo })
        assertTrue(sent.all { it.hasResult() && it.result.ok && it.id == 0L })
    }

    @Test
    fun `a ResultAck drops acknowledged results and an unacknowledged resend is still answered from the cache`() {
        for (n in 1L..3L) session.onFrame(frame { id = n; tap = TapRequest.newBuilder().setX(n.toInt()).setY(2).build() })
        runQueued()
        assertEquals(listOf(1L, 2L, 3L), cache.cachedIds(0))
        val ack = frame { resultAck = ResultAck.newBuilder().addIds(1).addIds(2).build() }
        assertEquals(PortalSession.Handled.Acknowledged(2), session.onFrame(ack))
        assertEquals(listOf(3L), cache.cachedIds(0))
        // The hub resumed and resends 3, whose result it never got: no second tap.
        assertEquals(PortalSession.Handled.AnsweredFromCache(3), session.onFrame(frame { id = 3; tap = TapRequest.newBuilder().setX(3).setY(2).build() }))
        assertEquals(3, device.strokes.size)
        assertEquals(listOf(1L, 2L, 3L, 3L), sent.map { it.replyTo })
    }

    @Test
    fun `acknowledgements riding on a request drop those results and the request still runs`() {
        for (n in 1L..3L) session.onFrame(frame { id = n; tap = TapRequest.newBuilder().setX(n.toInt()).setY(2).build() })
        runQueued()
        assertEquals(listOf(1L, 2L, 3L), cache.cachedIds(0))
        val next = frame { id = 4; tap = TapRequest.newBuilder().setX(4).setY(2).build(); addAckedResultIds(1); addAckedResultIds(2) }
        assertEquals(PortalSession.Handled.Executing(4), session.onFrame(next))
        runQueued()
        assertEquals(listOf(3L, 4L), cache.cachedIds(0))
        assertEquals(4, device.strokes.size)
    }

    @Test
    fun `a body from a newer hub is ignored, as an old portal ignores ResultAck`() {
        // Envelope field 99, length-delimited and empty (tag 99 << 3 | 2 = 794 as a varint): unknown
        // to this portal, so the body is not set and the id is 0.
        val future = byteArrayOf(0x9a.toByte(), 0x06, 0x00)
        val parsed = Envelope.parseFrom(future)
        assertEquals(Envelope.BodyCase.BODY_NOT_SET, parsed.bodyCase)
        assertTrue(session.onFrame(future) is PortalSession.Handled.Dropped)
        assertTrue(sent.isEmpty())
    }

    @Test
    fun `frames that are not requests are dropped, not answered`() {
        assertTrue(session.onFrame(byteArrayOf(0x0a, 0x7f)) is PortalSession.Handled.Dropped)
        assertTrue(session.onFrame(frame { tap = TapRequest.getDefaultInstance() }) is PortalSession.Handled.Dropped) // id 0
        assertTrue(sent.isEmpty())
    }

    @Test
    fun `a StreamCredit is never answered, reaches its stream, and a disconnect ends the streams`() {
        val outbox = RecordingOutbox()
        val streams = ScreenStreams({ sourceFacts() }, FakeCapture(clock), outbox, clock, runner = { _, _ -> }) { _, _ -> }
        val s = PortalSession(store, cache, CommandDispatcher(device, clock, 34, streams), clock, worker, outbox, streams = streams)
        streams.start(StreamStartRequest.newBuilder().setStreamId(7).setCredits(1).build())
        val credit = frame { streamCredit = StreamCredit.newBuilder().setStreamId(7).setCredits(-1).build() } // uint32 max
        assertEquals(PortalSession.Handled.Credited(7, known = true), s.onFrame(credit))
        assertEquals(1L + 4_294_967_295L, streams.run(7)!!.credits)
        assertEquals(PortalSession.Handled.Credited(8, known = false), s.onFrame(frame { streamCredit = StreamCredit.newBuilder().setStreamId(8).setCredits(1).build() }))
        assertTrue(outbox.sent.isEmpty())
        s.onDisconnected()
        assertEquals(emptySet<Int>(), streams.running)
        // Without streams a credit is dropped like any other frame without a request id.
        assertEquals(PortalSession.Handled.Credited(7, known = false), session.onFrame(credit))
    }

    @Test
    fun `a welcome clears an earlier refusal of the secret`() {
        store.secretRefused = true
        session.onFrame(frame { welcome = Welcome.newBuilder().setResumed(true).build() })
        assertFalse(store.secretRefused)
    }

    @Test
    fun `events go out with reply_to zero and fresh ids`() {
        session.event(DeviceEvent.newBuilder().setAtMs(5).setKeyboard(KeyboardChanged.newBuilder().setShown(true)).build())
        session.event(DeviceEvent.newBuilder().setAtMs(6).build())
        assertEquals(listOf(0L, 0L), sent.map { it.replyTo })
        assertEquals(listOf(1L, 2L), sent.map { it.id })
        assertTrue(sent[0].event.keyboard.shown)
    }
}
