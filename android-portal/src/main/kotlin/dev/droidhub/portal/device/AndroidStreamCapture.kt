package dev.droidhub.portal.device

import android.content.Context
import android.os.Build
import dev.droidhub.portal.core.Captured
import dev.droidhub.portal.core.FrameCapture
import dev.droidhub.portal.core.SecretBlocks
import dev.droidhub.portal.core.SourceFacts
import dev.droidhub.portal.core.StreamPlan
import dev.droidhub.proto.v1.StreamSource

/**
 * [FrameCapture] on a real phone: one bitmap from the plan's source, scaled to its width, the
 * screen's password fields painted over (when the accessibility service can read them) and
 * compressed to JPEG at its quality ([ImageEncoder.frame]). A source that disappeared ends the
 * stream; a frame it could not give this time (a secure window, the rate limit) is skipped.
 */
class AndroidStreamCapture(context: Context, private val sources: FrameSources) : FrameCapture {
    private val facts = DeviceFacts(context)

    fun facts(): SourceFacts {
        val m = facts.metrics()
        return SourceFacts(
            projection = sources.projection() != null,
            accessibilityScreenshots = sources.accessibility() != null,
            sdkInt = Build.VERSION.SDK_INT,
            screenWidth = m.widthPixels,
            screenHeight = m.heightPixels,
        )
    }

    override fun capture(plan: StreamPlan): Captured {
        val source = when (plan.source) {
            StreamSource.STREAM_SOURCE_PROJECTION -> sources.projection() ?: return Captured.Lost(PROJECTION_ENDED)
            StreamSource.STREAM_SOURCE_ACCESSIBILITY -> sources.accessibility() ?: return Captured.Lost(SERVICE_STOPPED)
            else -> return Captured.Lost("the phone has no ${plan.source} source")
        }
        val (bitmap, failure) = source.capture()
        val capturedAt = System.currentTimeMillis()
        if (failure != null) return Captured.of(failure)
        bitmap ?: return Captured.Skipped("no frame")
        return try {
            // Read right after the pixels, the nearest tree to them. The stream says it paints every
            // frame, so its list is the hub's word on where password fields are: without the service
            // nobody knows, and the frame is not sent.
            val service = PortalAccessibilityService.current ?: return Captured.Skipped(FIELDS_UNKNOWN)
            val fields = service.passwordFields()
            // The tree's bounds are on the screen; the blocks go on the frame, at its own size.
            val screen = facts.metrics()
            val image = ImageEncoder.frame(bitmap, plan.quality, plan.maxWidth) { w, h ->
                SecretBlocks.blocks(fields, screen.widthPixels, screen.heightPixels, w, h)
            }
            Captured.Frame(image, capturedAt, fields)
        } finally {
            bitmap.recycle()
        }
    }

    companion object {
        const val PROJECTION_ENDED = "screen capture consent was revoked"
        const val SERVICE_STOPPED = "the accessibility service stopped"
        const val FIELDS_UNKNOWN = "no accessibility service to find the password fields with"
    }
}
