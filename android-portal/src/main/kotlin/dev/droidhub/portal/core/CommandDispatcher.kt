package dev.droidhub.portal.core

import dev.droidhub.proto.v1.Direction
import dev.droidhub.proto.v1.Envelope
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.ImageFormat
import dev.droidhub.proto.v1.Key
import dev.droidhub.proto.v1.Result
import dev.droidhub.proto.v1.UiNode
import dev.droidhub.proto.v1.UiTree

/**
 * The one place a request becomes an action. It validates every argument before touching the
 * phone (a bad request is INVALID_ARGUMENT, never a tap at 0,0), resolves node indexes against the
 * last tree it returned, and always produces a Result, timing the work with the injected clock.
 */
class CommandDispatcher(
    private val device: DeviceActions,
    private val clock: Clock,
    private val sdkInt: Int,
    private val streams: StreamControl = StreamControl.NONE,
) {
    @Volatile
    private var lastTree: UiTree? = null

    fun execute(request: Envelope): Result {
        val start = clock.nowMs()
        val outcome = try {
            dispatch(request)
        } catch (e: RuntimeException) {
            CommandResult.Failed(ErrorCode.ERROR_CODE_INTERNAL, "${e.javaClass.simpleName}: ${e.message}")
        }
        return outcome.toProto(clock.nowMs() - start)
    }

    fun dispatch(request: Envelope): CommandResult = when (request.bodyCase) {
        Envelope.BodyCase.GET_UI -> device.captureUi(request.getUi.allWindows).also {
            if (it is CommandResult.Ui) lastTree = it.tree
        }
        Envelope.BodyCase.SCREENSHOT -> screenshot(request)
        Envelope.BodyCase.TAP -> tap(request)
        Envelope.BodyCase.LONG_PRESS -> request.longPress.let { r ->
            val ms = durationOr(r.durationMs, GesturePlanner.DEFAULT_LONG_PRESS_MS)
                ?: return CommandResult.invalid("duration_ms ${r.durationMs} exceeds ${GesturePlanner.MAX_GESTURE_MS}")
            point(r.x, r.y) { x, y -> gesture(Stroke(x, y, x, y, ms)) }
        }
        Envelope.BodyCase.SWIPE -> swipe(request)
        Envelope.BodyCase.SCROLL -> scroll(request)
        Envelope.BodyCase.INPUT_TEXT -> inputText(request)
        Envelope.BodyCase.PRESS_KEY -> pressKey(request.pressKey.key)
        Envelope.BodyCase.LAUNCH_APP -> request.launchApp.let { r ->
            packageName(r.packageName) { device.launchApp(it, r.activity) }
        }
        Envelope.BodyCase.STOP_APP -> packageName(request.stopApp.packageName) { device.stopApp(it) }
        Envelope.BodyCase.OPEN_URL -> openUrl(request.openUrl.url)
        Envelope.BodyCase.LIST_APPS -> device.listApps(request.listApps.includeSystem)
        Envelope.BodyCase.GET_STATE -> device.state()
        Envelope.BodyCase.STREAM_START -> streams.start(request.streamStart)
        Envelope.BodyCase.STREAM_STOP -> streams.stop(request.streamStop.streamId)
        else -> CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, "not a request: ${request.bodyCase}")
    }

    private fun screenshot(request: Envelope): CommandResult {
        val r = request.screenshot
        if (r.quality > 100) return CommandResult.invalid("quality ${r.quality} is outside 1..100")
        val format = if (r.format == ImageFormat.IMAGE_FORMAT_UNSPECIFIED || r.format == ImageFormat.UNRECOGNIZED) {
            ImageFormat.IMAGE_FORMAT_JPEG
        } else {
            r.format
        }
        val quality = if (r.quality == 0) DEFAULT_QUALITY else r.quality
        return device.screenshot(format, quality, r.maxSide)
    }

    /** A double tap is one gesture of two strokes, timed by [GesturePlanner.taps]; never a single tap instead. */
    private fun tap(request: Envelope): CommandResult {
        val r = request.tap
        val count = r.count.toLong() and 0xFFFFFFFFL // uint32 on the wire
        return point(r.x, r.y) { x, y ->
            val strokes = GesturePlanner.taps(x, y, count.coerceAtMost(Int.MAX_VALUE.toLong()).toInt())
                ?: return CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, "count $count: only single and double taps")
            gesture(strokes)
        }
    }

    private inline fun packageName(name: String, then: (String) -> CommandResult): CommandResult =
        if (PACKAGE_NAME.matches(name)) then(name) else CommandResult.invalid("package_name '$name' is not a package name")

    private fun swipe(request: Envelope): CommandResult {
        val r = request.swipe
        val ms = durationOr(r.durationMs, GesturePlanner.DEFAULT_SWIPE_MS)
            ?: return CommandResult.invalid("duration_ms ${r.durationMs} exceeds ${GesturePlanner.MAX_GESTURE_MS}")
        if (!onScreen(r.fromX, r.fromY)) return CommandResult.invalid("from (${r.fromX},${r.fromY}) is off screen")
        if (!onScreen(r.toX, r.toY)) return CommandResult.invalid("to (${r.toX},${r.toY}) is off screen")
        return gesture(Stroke(r.fromX, r.fromY, r.toX, r.toY, ms))
    }

    private fun scroll(request: Envelope): CommandResult {
        val r = request.scroll
        if (r.direction == Direction.DIRECTION_UNSPECIFIED || r.direction == Direction.UNRECOGNIZED) {
            return CommandResult.invalid("direction is required")
        }
        val area = if (r.hasNode) {
            node(r.nodeIndex)?.bounds?.toBox() ?: return nodeNotFound(r.nodeIndex)
        } else {
            Box(0, 0, device.screenWidth, device.screenHeight)
        }
        val stroke = GesturePlanner.scroll(r.direction, r.amountPx, area)
            ?: return CommandResult.invalid("scroll area $area is too small")
        return gesture(stroke)
    }

    private fun inputText(request: Envelope): CommandResult {
        val r = request.inputText
        val target = if (r.hasNode) node(r.nodeIndex) ?: return nodeNotFound(r.nodeIndex) else null
        if (r.text.isEmpty() && !r.clearFirst && !r.submit) return CommandResult.invalid("text is empty")
        return device.inputText(target, r.text, r.clearFirst, r.submit)
    }

    private fun pressKey(key: Key): CommandResult {
        if (key == Key.KEY_UNSPECIFIED || key == Key.UNRECOGNIZED) return CommandResult.invalid("key is required")
        return when (val plan = GesturePlanner.key(key, sdkInt)) {
            is KeyPlan.Unsupported -> CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, plan.why)
            else -> device.key(plan)
        }
    }

    private fun openUrl(url: String): CommandResult {
        val scheme = url.substringBefore(':', "")
        if (scheme.isEmpty() || !SCHEME.matches(scheme) || url.length == scheme.length + 1) {
            return CommandResult.invalid("url '$url' has no scheme")
        }
        return device.openUrl(url)
    }

    private inline fun point(x: Int, y: Int, then: (Int, Int) -> CommandResult): CommandResult =
        if (onScreen(x, y)) then(x, y) else CommandResult.invalid("($x,$y) is off screen ${device.screenWidth}x${device.screenHeight}")

    private fun onScreen(x: Int, y: Int): Boolean =
        x >= 0 && y >= 0 && (device.screenWidth <= 0 || x < device.screenWidth) && (device.screenHeight <= 0 || y < device.screenHeight)

    private fun gesture(stroke: Stroke): CommandResult = gesture(listOf(stroke))

    private fun gesture(strokes: List<Stroke>): CommandResult = when (device.gesture(strokes)) {
        GestureOutcome.COMPLETED -> CommandResult.Done
        GestureOutcome.CANCELLED -> CommandResult.Failed(ErrorCode.ERROR_CODE_GESTURE_CANCELLED, "gesture was cancelled")
        GestureOutcome.REJECTED -> CommandResult.Failed(ErrorCode.ERROR_CODE_SERVICE_UNAVAILABLE, "gesture was not dispatched")
        GestureOutcome.TIMED_OUT -> CommandResult.Failed(ErrorCode.ERROR_CODE_TIMEOUT, "no gesture callback in time")
    }

    private fun node(index: Int): UiNode? {
        val tree = lastTree ?: return null
        return if (index in 0 until tree.nodesCount) tree.getNodes(index) else null
    }

    private fun nodeNotFound(index: Int) = CommandResult.Failed(
        ErrorCode.ERROR_CODE_NODE_NOT_FOUND,
        if (lastTree == null) "no UI tree captured yet; call get_ui first" else "node_index $index is not in the last UI tree",
    )

    private companion object {
        const val DEFAULT_QUALITY = 80
        val PACKAGE_NAME = Regex("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)+")
        val SCHEME = Regex("[A-Za-z][A-Za-z0-9+.-]*")

        /** 0 means the default; a value past the platform's limit is refused, not clamped silently. */
        fun durationOr(requested: Int, default: Long): Long? {
            val ms = requested.toLong() and 0xFFFFFFFFL // uint32 on the wire
            return when {
                ms == 0L -> default
                ms > GesturePlanner.MAX_GESTURE_MS -> null
                else -> ms
            }
        }
    }
}
