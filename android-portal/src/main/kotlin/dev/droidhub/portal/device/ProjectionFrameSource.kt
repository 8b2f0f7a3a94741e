package dev.droidhub.portal.device

import android.content.Context
import android.content.Intent
import android.graphics.Bitmap
import android.graphics.PixelFormat
import android.hardware.display.DisplayManager
import android.hardware.display.VirtualDisplay
import android.media.ImageReader
import android.media.projection.MediaProjection
import android.media.projection.MediaProjectionManager
import android.os.Handler
import android.os.HandlerThread
import android.os.SystemClock
import android.util.DisplayMetrics
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.proto.v1.ErrorCode

/**
 * API 24–29: MediaProjection, granted once by the user (ProjectionConsentActivity). The virtual
 * display stays up so each screenshot is only "take the latest frame", not a new consent.
 */
class ProjectionFrameSource(context: Context, resultCode: Int, data: Intent, private val metrics: DisplayMetrics) : FrameSource {
    private val thread = HandlerThread("droidhub-projection").apply { start() }
    private val handler = Handler(thread.looper)
    private val projection: MediaProjection =
        (context.getSystemService(Context.MEDIA_PROJECTION_SERVICE) as MediaProjectionManager).getMediaProjection(resultCode, data)
    private val reader = ImageReader.newInstance(metrics.widthPixels, metrics.heightPixels, PixelFormat.RGBA_8888, 2)
    private val display: VirtualDisplay = projection.createVirtualDisplay(
        "droidhub",
        metrics.widthPixels,
        metrics.heightPixels,
        metrics.densityDpi,
        DisplayManager.VIRTUAL_DISPLAY_FLAG_AUTO_MIRROR,
        reader.surface,
        null,
        handler,
    )

    override fun capture(): Pair<Bitmap?, CommandResult.Failed?> {
        // The first frame can take a moment after the display is created.
        val deadline = SystemClock.uptimeMillis() + FIRST_FRAME_MS
        var image = reader.acquireLatestImage()
        while (image == null && SystemClock.uptimeMillis() < deadline) {
            SystemClock.sleep(30)
            image = reader.acquireLatestImage()
        }
        image ?: return null to CommandResult.Failed(ErrorCode.ERROR_CODE_TIMEOUT, "no frame from the projection")
        image.use {
            val plane = it.planes[0]
            val pixelStride = plane.pixelStride
            val rowPadding = plane.rowStride - pixelStride * it.width
            // Rows may be padded; decode the padded width, then crop to the real one.
            val padded = Bitmap.createBitmap(it.width + rowPadding / pixelStride, it.height, Bitmap.Config.ARGB_8888)
            padded.copyPixelsFromBuffer(plane.buffer)
            val exact = Bitmap.createBitmap(padded, 0, 0, it.width, it.height)
            if (exact !== padded) padded.recycle()
            return exact to null
        }
    }

    fun stop() {
        display.release()
        reader.close()
        projection.stop()
        thread.quitSafely()
    }

    private companion object {
        const val FIRST_FRAME_MS = 1_500L
    }
}
