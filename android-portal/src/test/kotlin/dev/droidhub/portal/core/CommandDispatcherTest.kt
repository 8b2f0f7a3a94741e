package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Bounds
import dev.droidhub.proto.v1.Direction
import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.GetUiRequest
import dev.droidhub.proto.v1.ImageFormat
import dev.droidhub.proto.v1.InputTextRequest
import dev.droidhub.proto.v1.Key
import dev.droidhub.proto.v1.LaunchAppRequest
import dev.droidhub.proto.v1.LongPressRequest
import dev.droidhub.proto.v1.OpenUrlRequest
import dev.droidhub.proto.v1.PressKeyRequest
import dev.droidhub.proto.v1.ScreenshotRequest
import dev.droidhub.proto.v1.ScrollRequest
import dev.droidhub.proto.v1.StopAppRequest
import dev.droidhub.proto.v1.StreamStartRequest
import dev.droidhub.proto.v1.StreamStopRequest
import dev.droidhub.proto.v1.SwipeRequest
import dev.droidhub.proto.v1.TapRequest
import dev.droidhub.proto.v1.UiNode
import dev.droidhub.proto.v1.UiTree
import dev.droidhub.proto.v1.Welcome
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test

class CommandDispatcherTest {
    private val device = FakeDevice()
    private val clock = ManualClock(1_000)
    private val dispatcher = CommandDispatcher(device, clock, sdkInt = 34)

    private fun req(block: Envelope.Builder.() -> Unit): Envelope = Envelope.newBuilder().setId(1).apply(block).build()

    private fun failed(r: CommandResult): CommandResult.Failed = r as CommandResult.Failed

    @Test
    fun `tap becomes a short stroke at the point`() {
        assertEquals(CommandResult.Done, dispatcher.dispatch(req { tap = TapRequest.newBuilder().setX(10).setY(20).build() }))
        assertEquals(Stroke(10, 20, 10, 20, GesturePlanner.TAP_MS), device.strokes.single())
    }

    @Test
    fun `count 2 is one gesture of two taps, a larger count is refused, never a single tap`() {
        assertEquals(CommandResult.Done, dispatcher.dispatch(req { tap = TapRequest.newBuilder().setX(10).setY(20).setCount(2).build() }))
        assertEquals(GesturePlanner.taps(10, 20, 2), device.gestures.single())
        val triple = failed(dispatcher.dispatch(req { tap = TapRequest.newBuilder().setX(10).setY(20).setCount(3).build() }))
        assertEquals(ErrorCode.ERROR_CODE_NOT_SUPPORTED, triple.code)
        assertEquals("count 3: only single and double taps", triple.message)
        val huge = failed(dispatcher.dispatch(req { tap = TapRequest.newBuilder().setX(10).setY(20).setCount(-1).build() }))
        assertEquals("count 4294967295: only single and double taps", huge.message)
        assertEquals(1, device.gestures.size)
        dispatcher.dispatch(req { tap = TapRequest.newBuilder().setX(10).setY(20).setCount(1).build() })
        assertEquals(1, device.gestures.last().size)
    }

    @Test
    fun `stop_app checks the package name, streams go to the stream control`() {
        val bad = failed(dispatcher.dispatch(req { stopApp = StopAppRequest.newBuilder().setPackageName("whatsapp").build() }))
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, bad.code)
        assertEquals(CommandResult.Done, dispatcher.dispatch(req { stopApp = StopAppRequest.newBuilder().setPackageName("com.whatsapp").build() }))
        assertEquals("stopApp(com.whatsapp)", device.calls.last())
        // A portal built without streams refuses them with a reason, and stopping is harmless.
        val start = failed(dispatcher.dispatch(req { streamStart = StreamStartRequest.newBuilder().setStreamId(1).setCredits(1).build() }))
        assertEquals(ErrorCode.ERROR_CODE_NOT_SUPPORTED, start.code)
        assertEquals(CommandResult.Done, dispatcher.dispatch(req { streamStop = StreamStopRequest.newBuilder().setStreamId(1).build() }))
        val streams = ScreenStreams({ sourceFacts() }, FakeCapture(clock), RecordingOutbox(), clock, runner = { _, _ -> }) { _, _ -> }
        val streaming = CommandDispatcher(device, clock, 34, streams)
        val info = streaming.execute(req { streamStart = StreamStartRequest.newBuilder().setStreamId(1).setMaxWidth(540).setCredits(1).build() })
        assertTrue(info.ok)
        assertEquals(540, info.stream.width)
        assertEquals(setOf(1), streams.running)
        assertTrue(streaming.execute(req { streamStop = StreamStopRequest.newBuilder().setStreamId(1).build() }).ok)
        assertEquals(emptySet<Int>(), streams.running)
    }

    @Test
    fun `off-screen coordinates are refused before touching the phone`() {
        val r = failed(dispatcher.dispatch(req { tap = TapRequest.newBuilder().setX(-1).setY(20).build() }))
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, r.code)
        val s = failed(dispatcher.dispatch(req { swipe = SwipeRequest.newBuilder().setFromX(0).setFromY(0).setToX(5000).setToY(1).build() }))
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, s.code)
        assertTrue(device.calls.isEmpty())
    }

    @Test
    fun `gesture callbacks map to results`() {
        device.gestureOutcome = GestureOutcome.CANCELLED
        assertEquals(ErrorCode.ERROR_CODE_GESTURE_CANCELLED, failed(dispatcher.dispatch(req { tap = TapRequest.newBuilder().setX(1).setY(1).build() })).code)
        device.gestureOutcome = GestureOutcome.TIMED_OUT
        assertEquals(ErrorCode.ERROR_CODE_TIMEOUT, failed(dispatcher.dispatch(req { tap = TapRequest.newBuilder().setX(1).setY(1).build() })).code)
        device.gestureOutcome = GestureOutcome.REJECTED
        assertEquals(ErrorCode.ERROR_CODE_SERVICE_UNAVAILABLE, failed(dispatcher.dispatch(req { tap = TapRequest.newBuilder().setX(1).setY(1).build() })).code)
    }

    @Test
    fun `durations default when zero and are refused past the platform limit`() {
        dispatcher.dispatch(req { longPress = LongPressRequest.newBuilder().setX(5).setY(5).build() })
        assertEquals(600L, device.strokes.last().durationMs)
        dispatcher.dispatch(req { swipe = SwipeRequest.newBuilder().setFromX(1).setFromY(2).setToX(3).setToY(4).build() })
        assertEquals(Stroke(1, 2, 3, 4, 300), device.strokes.last())
        val tooLong = dispatcher.dispatch(req { longPress = LongPressRequest.newBuilder().setX(5).setY(5).setDurationMs(-1).build() })
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, failed(tooLong).code) // uint32 max, not a negative number
    }

    @Test
    fun `node indexes resolve against the last tree`() {
        val scroll = req { scroll = ScrollRequest.newBuilder().setDirection(Direction.DIRECTION_DOWN).setNodeIndex(1).setHasNode(true).build() }
        assertEquals(ErrorCode.ERROR_CODE_NODE_NOT_FOUND, failed(dispatcher.dispatch(scroll)).code)
        device.tree = UiTree.newBuilder()
            .addNodes(UiNode.newBuilder().setParent(-1))
            .addNodes(UiNode.newBuilder().setParent(0).setResourceId("list").setBounds(Bounds.newBuilder().setLeft(0).setTop(1000).setRight(1000).setBottom(2000)))
            .build()
        dispatcher.dispatch(req { getUi = GetUiRequest.getDefaultInstance() })
        assertEquals(CommandResult.Done, dispatcher.dispatch(scroll))
        val s = device.strokes.last()
        assertTrue("finger moves up to reveal content below", s.y1 > s.y2)
        assertTrue(s.y1 <= 2000 && s.y2 >= 1000)
        dispatcher.dispatch(req { inputText = InputTextRequest.newBuilder().setText("Hi").setNodeIndex(1).setHasNode(true).build() })
        assertEquals("inputText(list,Hi,false,false)", device.calls.last())
        val gone = req { inputText = InputTextRequest.newBuilder().setText("Hi").setNodeIndex(9).setHasNode(true).build() }
        assertEquals(ErrorCode.ERROR_CODE_NODE_NOT_FOUND, failed(dispatcher.dispatch(gone)).code)
    }

    @Test
    fun `scroll without direction is invalid, without node uses the screen`() {
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, failed(dispatcher.dispatch(req { scroll = ScrollRequest.getDefaultInstance() })).code)
        dispatcher.dispatch(req { scroll = ScrollRequest.newBuilder().setDirection(Direction.DIRECTION_RIGHT).setAmountPx(200).build() })
        assertEquals(Stroke(640, 1200, 440, 1200, GesturePlanner.SCROLL_MS), device.strokes.last())
    }

    @Test
    fun `keys map to global actions or are refused with a reason`() {
        dispatcher.dispatch(req { pressKey = PressKeyRequest.newBuilder().setKey(Key.KEY_BACK).build() })
        assertEquals("key(Global(action=1))", device.calls.last())
        dispatcher.dispatch(req { pressKey = PressKeyRequest.newBuilder().setKey(Key.KEY_ENTER).build() })
        assertEquals("key(ImeEnter)", device.calls.last())
        assertEquals(ErrorCode.ERROR_CODE_NOT_SUPPORTED, failed(dispatcher.dispatch(req { pressKey = PressKeyRequest.newBuilder().setKey(Key.KEY_TAB).build() })).code)
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, failed(dispatcher.dispatch(req { pressKey = PressKeyRequest.getDefaultInstance() })).code)
        val old = CommandDispatcher(device, clock, sdkInt = 26)
        assertEquals(ErrorCode.ERROR_CODE_NOT_SUPPORTED, failed(old.dispatch(req { pressKey = PressKeyRequest.newBuilder().setKey(Key.KEY_LOCK_SCREEN).build() })).code)
    }

    @Test
    fun `launch, url and screenshot arguments are checked`() {
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, failed(dispatcher.dispatch(req { launchApp = LaunchAppRequest.newBuilder().setPackageName("not a package").build() })).code)
        dispatcher.dispatch(req { launchApp = LaunchAppRequest.newBuilder().setPackageName("com.android.settings").build() })
        assertEquals("launch(com.android.settings,)", device.calls.last())
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, failed(dispatcher.dispatch(req { openUrl = OpenUrlRequest.newBuilder().setUrl("example.com").build() })).code)
        dispatcher.dispatch(req { openUrl = OpenUrlRequest.newBuilder().setUrl("https://example.com").build() })
        assertEquals("openUrl(https://example.com)", device.calls.last())
        dispatcher.dispatch(req { screenshot = ScreenshotRequest.getDefaultInstance() })
        assertEquals("screenshot(IMAGE_FORMAT_JPEG,80,0)", device.calls.last())
        assertEquals(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, failed(dispatcher.dispatch(req { screenshot = ScreenshotRequest.newBuilder().setQuality(101).build() })).code)
        dispatcher.dispatch(req { screenshot = ScreenshotRequest.newBuilder().setFormat(ImageFormat.IMAGE_FORMAT_WEBP).setQuality(50).setMaxSide(720).build() })
        assertEquals("screenshot(IMAGE_FORMAT_WEBP,50,720)", device.calls.last())
    }

    @Test
    fun `execute times the work and never throws`() {
        val timed = object : DeviceActions by device {
            override fun state(): CommandResult {
                clock.now += 42
                return device.state()
            }

            override fun listApps(includeSystem: Boolean): CommandResult = throw IllegalStateException("boom")
        }
        val d = CommandDispatcher(timed, clock, 34)
        val r = d.execute(req { getState = dev.droidhub.proto.v1.GetStateRequest.getDefaultInstance() })
        assertTrue(r.ok)
        assertEquals(42, r.durationMs)
        assertTrue(r.hasState())
        val boom = d.execute(req { listApps = dev.droidhub.proto.v1.ListAppsRequest.getDefaultInstance() })
        assertFalse(boom.ok)
        assertEquals(ErrorCode.ERROR_CODE_INTERNAL, boom.error.code)
        assertEquals("IllegalStateException: boom", boom.error.message)
        val notRequest = d.execute(req { welcome = Welcome.getDefaultInstance() })
        assertEquals(ErrorCode.ERROR_CODE_NOT_SUPPORTED, notRequest.error.code)
    }
}
