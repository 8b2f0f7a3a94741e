package dev.droidhub.portal.core

import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.StreamInfo
import dev.droidhub.proto.v1.StreamSource
import dev.droidhub.proto.v1.StreamStartRequest

/** What the phone can capture the screen with right now, and its size. */
data class SourceFacts(
    /** The user granted MediaProjection consent and the projection still runs. */
    val projection: Boolean,
    /** The accessibility service is bound on API 30+, so takeScreenshot works. */
    val accessibilityScreenshots: Boolean,
    val sdkInt: Int,
    val screenWidth: Int,
    val screenHeight: Int,
)

/** One started stream's settings, as the phone will keep them. */
data class StreamPlan(
    val streamId: Int,
    val source: StreamSource,
    /** The most frames per second the phone will send (StreamInfo.max_fps). */
    val maxFps: Int,
    /** The pacer's interval: the fps and the source's own limit, whichever is slower. */
    val intervalMs: Long,
    val maxWidth: Int,
    val quality: Int,
    val width: Int,
    val height: Int,
    /** Frames granted by the start request. */
    val credits: Long,
) {
    /** Every frame this portal sends has its password fields painted and listed (StreamInfo.paints). */
    fun info(): StreamInfo = StreamInfo.newBuilder()
        .setStreamId(streamId).setSource(source).setMaxFps(maxFps).setWidth(width).setHeight(height)
        .setPaints(true).build()
}

/**
 * Picks the stream's source and settles its limits: MediaProjection when the user granted it
 * (frames at up to 30 fps), else the accessibility screenshot at the rate Android allows it, else a
 * refusal with NOT_SUPPORTED. Arguments outside the protocol's ranges are refused, not clamped.
 * An accessibility stream is paced to [ScreenshotThrottle.intervalFor]: 3 frames a second at
 * best, 1 on Android 11.
 */
object StreamSourceChooser {
    const val DEFAULT_FPS = 10
    const val MAX_FPS = 30
    const val DEFAULT_QUALITY = 70

    sealed interface Choice {
        data class Chosen(val plan: StreamPlan) : Choice
        data class Refused(val failure: CommandResult.Failed) : Choice
    }

    fun anySource(facts: SourceFacts): Boolean = facts.projection || facts.accessibilityScreenshots

    fun choose(request: StreamStartRequest, facts: SourceFacts): Choice {
        val fps = request.maxFps.toLong() and UINT32
        val quality = request.quality.toLong() and UINT32
        if (fps > MAX_FPS) return refuse(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, "max_fps $fps is outside 1..$MAX_FPS")
        if (quality > 100) return refuse(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, "quality $quality is outside 1..100")
        val (source, sourceMinMs) = when {
            facts.projection -> StreamSource.STREAM_SOURCE_PROJECTION to 0L
            facts.accessibilityScreenshots -> StreamSource.STREAM_SOURCE_ACCESSIBILITY to ScreenshotThrottle.intervalFor(facts.sdkInt)
            else -> return refuse(
                ErrorCode.ERROR_CODE_NOT_SUPPORTED,
                if (facts.sdkInt >= 30) "no screen source: the accessibility service is off and screen capture was not allowed"
                else "no screen source: allow screen capture in droidhub on the phone",
            )
        }
        val wanted = if (fps == 0L) DEFAULT_FPS else fps.toInt()
        val interval = FramePacer.intervalFor(wanted, sourceMinMs)
        val maxWidth = (request.maxWidth.toLong() and UINT32).coerceAtMost(Int.MAX_VALUE.toLong()).toInt()
        val (w, h) = ImageGeometry.fitWidth(facts.screenWidth, facts.screenHeight, maxWidth)
        val plan = StreamPlan(
            streamId = request.streamId,
            source = source,
            // Rounded up: the pacer's interval keeps the real rate at or below it.
            maxFps = minOf(wanted.toLong(), (1000 + interval - 1) / interval).toInt(),
            intervalMs = interval,
            maxWidth = maxWidth,
            quality = if (quality == 0L) DEFAULT_QUALITY else quality.toInt(),
            width = w,
            height = h,
            credits = request.credits.toLong() and UINT32,
        )
        return Choice.Chosen(plan)
    }

    private fun refuse(code: ErrorCode, message: String) = Choice.Refused(CommandResult.Failed(code, message))

    private const val UINT32 = 0xFFFFFFFFL
}
