package dev.droidhub.portal.core

import dev.droidhub.proto.v1.AppList
import dev.droidhub.proto.v1.DeviceState
import dev.droidhub.proto.v1.Image
import dev.droidhub.proto.v1.ImageFormat
import dev.droidhub.proto.v1.UiNode
import dev.droidhub.proto.v1.UiTree
import dev.droidhub.proto.v1.WindowType

/** A plain node for flattener tests; counts releases so leaks show. */
class FakeNode(
    override val className: String,
    override val text: String? = null,
    override val bounds: Box = Box(0, 0, 100, 100),
    val children: List<FakeNode> = emptyList(),
    override val clickable: Boolean = false,
    override val editable: Boolean = false,
    override val packageName: String? = "com.example",
    override val password: Boolean = false,
    override val visible: Boolean = true,
) : NodeView {
    var released = 0
    override val contentDescription: String? = null
    override val hintText: String? = null
    override val resourceId: String? = null
    override val longClickable = false
    override val focusable = false
    override val focused = false
    override val checkable = false
    override val checked = false
    override val scrollable = false
    override val enabled = true
    override val selected = false
    override val childCount: Int get() = children.size
    override fun child(index: Int): NodeView? = children[index]
    override fun release() {
        released++
    }

    fun all(): List<FakeNode> = listOf(this) + children.flatMap { it.all() }
}

class FakeWindow(
    override val id: Int,
    override val type: WindowType,
    override val layer: Int,
    override val active: Boolean,
    private val rootNode: FakeNode?,
) : WindowView {
    override val title: String = "w$id"
    override val focused = active
    override val bounds = Box(0, 0, 1080, 2400)
    override fun root(): NodeView? = rootNode
}

/** Records every call and answers with scripted results. */
class FakeDevice(
    override val screenWidth: Int = 1080,
    override val screenHeight: Int = 2400,
) : DeviceActions {
    val calls = mutableListOf<String>()
    var gestureOutcome = GestureOutcome.COMPLETED
    var tree: UiTree = UiTree.getDefaultInstance()
    val strokes = mutableListOf<Stroke>()
    val gestures = mutableListOf<List<Stroke>>()

    override fun captureUi(allWindows: Boolean): CommandResult {
        calls += "captureUi($allWindows)"
        return CommandResult.Ui(tree)
    }

    override fun screenshot(format: ImageFormat, quality: Int, maxSide: Int): CommandResult {
        calls += "screenshot($format,$quality,$maxSide)"
        return CommandResult.Screenshot(Image.newBuilder().setFormat(format).setWidth(1).setHeight(1).build())
    }

    override fun gesture(strokes: List<Stroke>): GestureOutcome {
        calls += "gesture"
        gestures += listOf(strokes)
        this.strokes += strokes
        return gestureOutcome
    }

    override fun inputText(target: UiNode?, text: String, clearFirst: Boolean, submit: Boolean): CommandResult {
        calls += "inputText(${target?.resourceId},$text,$clearFirst,$submit)"
        return CommandResult.Done
    }

    override fun key(plan: KeyPlan): CommandResult {
        calls += "key($plan)"
        return CommandResult.Done
    }

    override fun launchApp(packageName: String, activity: String): CommandResult {
        calls += "launch($packageName,$activity)"
        return CommandResult.Done
    }

    override fun openUrl(url: String): CommandResult {
        calls += "openUrl($url)"
        return CommandResult.Done
    }

    override fun stopApp(packageName: String): CommandResult {
        calls += "stopApp($packageName)"
        return CommandResult.Done
    }

    override fun listApps(includeSystem: Boolean): CommandResult {
        calls += "listApps($includeSystem)"
        return CommandResult.Apps(AppList.getDefaultInstance())
    }

    override fun state(): CommandResult {
        calls += "state"
        return CommandResult.State(DeviceState.newBuilder().setScreenOn(true).build())
    }
}

class ManualClock(var now: Long = 0) : Clock {
    override fun nowMs(): Long = now
}

/** Records what went on the socket; [queued] plays OkHttp's queueSize(). */
class RecordingOutbox(var queued: Long = 0, var connected: Boolean = true) : Outbox {
    val sent = java.util.concurrent.CopyOnWriteArrayList<dev.droidhub.proto.v1.Envelope>()

    override fun send(frame: ByteArray): Boolean {
        if (!connected) return false
        sent += dev.droidhub.proto.v1.Envelope.parseFrom(frame)
        return true
    }

    override fun queuedBytes(): Long = queued

    fun frames() = sent.filter { it.hasStreamFrame() }.map { it.streamFrame }
}

/** Gives a tiny JPEG-looking frame each time, stamped with the clock and listing [painted]; or what [next] says. */
class FakeCapture(private val clock: Clock, private val painted: List<Box> = emptyList()) : FrameCapture {
    val plans = java.util.concurrent.CopyOnWriteArrayList<StreamPlan>()

    @Volatile
    var next: (() -> Captured)? = null

    override fun capture(plan: StreamPlan): Captured {
        plans += plan
        next?.let { return it() }
        val image = Image.newBuilder().setFormat(ImageFormat.IMAGE_FORMAT_JPEG)
            .setData(com.google.protobuf.ByteString.copyFrom(byteArrayOf(-1, -40, -1, -39)))
            .setWidth(plan.width).setHeight(plan.height).setSourceWidth(1080).setSourceHeight(2400).build()
        return Captured.Frame(image, clock.nowMs(), painted)
    }
}

/** Screen facts for stream tests: a 1080x2400 phone on API 34. */
fun sourceFacts(projection: Boolean = true, accessibility: Boolean = true, sdkInt: Int = 34) =
    SourceFacts(projection, accessibility, sdkInt, 1080, 2400)
