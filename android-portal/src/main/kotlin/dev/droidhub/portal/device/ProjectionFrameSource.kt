package dev.droidhub.portal.device

import android.content.Context
import android.content.Intent
import android.graphics.Bitmap
import android.graphics.PixelFormat
import android.hardware.display.DisplayManager
import android.hardware.display.VirtualDisplay
import android.media.Image
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
 * MediaProjection, granted once by the user (ProjectionConsentActivity): a VirtualDisplay mirrors
 * the screen into an ImageReader, and each capture is "the latest frame", not a new consent. Used
 * for screenshots on API 24–29 and for screen streams on every version it was granted on.
 * [onStopped] runs once when the projection ends for any reason (the user revoked it from the
 * status bar, another app took over, [stop]).
 */
class ProjectionFrameSource(
    context: Context,
    resultCode: Int,
    data: Intent,
    private val metrics: DisplayMetrics,
    private val onStopped: () -> Unit,
) : FrameSource {
    private val thread = HandlerThread("droidhub-projection").apply { start() }
    private val handler = Handler(thread.looper)
    private val projection: MediaProjection =
        (context.getSystemService(Context.MEDIA_PROJECTION_SERVICE) as MediaProjectionManager).getMediaProjection(resultCode, data)

    // 3 buffers: the frame we hold on to, the one being acquired, one for the display to draw into.
    private val reader = ImageReader.newInstance(metrics.widthPixels, metrics.heightPixels, PixelFormat.RGBA_8888, 3)

    @Volatile
    private var stopped = false

    /** The newest frame; kept because a still screen draws no new one, and a capture must still answer. */
    private var last: Image? = null

    private val display: VirtualDisplay

    init {
        // Android 14 refuses createVirtualDisplay before a callback is registered.
        projection.registerCallback(
            object : MediaProjection.Callback() {
                override fun onStop() = stop()
            },
            handler,
        )
        display = projection.createVirtualDisplay(
            "droidhub", metrics.widthPixels, metrics.heightPixels, metrics.densityDpi,
            DisplayManager.VIRTUAL_DISPLAY_FLAG_AUTO_MIRROR, reader.surface, null, handler,
        )
    }

    @Synchronized
    override fun capture(): Pair<Bitmap?, CommandResult.Failed?> {
        if (stopped) return null to CommandResult.Failed(ErrorCode.ERROR_CODE_PERMISSION_DENIED, "screen capture consent was revoked")
        // The first frame can take a moment after the display is created.
        val deadline = SystemClock.uptimeMillis() + FIRST_FRAME_MS
        var fresh = reader.acquireLatestImage()
        while (fresh == null && last == null && SystemClock.uptimeMillis() < deadline) {
            SystemClock.sleep(30)
            fresh = reader.acquireLatestImage()
        }
        if (fresh != null) {
            last?.close()
            last = fresh
        }
        val image = last ?: return null to CommandResult.Failed(ErrorCode.ERROR_CODE_TIMEOUT, "no frame from the projection")
        return toBitmap(image) to null
    }

    private fun toBitmap(image: Image): Bitmap {
        val plane = image.planes[0]
        val pixelStride = plane.pixelStride
        val rowPadding = plane.rowStride - pixelStride * image.width
        // Rows may be padded; decode the padded width, then crop to the real one.
        val padded = Bitmap.createBitmap(image.width + rowPadding / pixelStride, image.height, Bitmap.Config.ARGB_8888)
        plane.buffer.rewind()
        padded.copyPixelsFromBuffer(plane.buffer)
        if (rowPadding == 0) return padded
        val exact = Bitmap.createBitmap(padded, 0, 0, image.width, image.height)
        if (exact !== padded) padded.recycle()
        return exact
    }

    /** Ends the projection and frees the display; [onStopped] runs once, whoever stopped it first. */
    fun stop() {
        synchronized(this) {
            if (stopped) return
            stopped = true
            last?.close()
            last = null
            display.release()
            reader.close()
        }
        projection.stop() // calls onStop again, which finds it stopped
        thread.quitSafely()
        onStopped()
    }

    private companion object {
        const val FIRST_FRAME_MS = 1_500L
    }
}
