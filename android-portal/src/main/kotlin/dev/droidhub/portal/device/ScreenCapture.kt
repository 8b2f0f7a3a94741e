package dev.droidhub.portal.device

import android.accessibilityservice.AccessibilityService
import android.graphics.Bitmap
import android.os.SystemClock
import android.view.Display
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.portal.core.ScreenshotThrottle
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.Image
import dev.droidhub.proto.v1.ImageFormat
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicReference

/** A source of full-screen bitmaps; one per Android generation. */
interface FrameSource {
    /** Either a software ARGB bitmap the caller recycles, or a failure to report. */
    fun capture(): Pair<Bitmap?, CommandResult.Failed?>
}

/** API 30+: AccessibilityService.takeScreenshot, no user consent needed, rate-limited by the system. */
class AccessibilityFrameSource(
    private val service: AccessibilityService,
    private val throttle: ScreenshotThrottle = ScreenshotThrottle(),
) : FrameSource {
    private val callbackThread = Executors.newSingleThreadExecutor()

    override fun capture(): Pair<Bitmap?, CommandResult.Failed?> {
        when (val slot = throttle.reserve(SystemClock.uptimeMillis())) {
            is ScreenshotThrottle.Slot.RateLimited -> return null to CommandResult.Failed(
                ErrorCode.ERROR_CODE_RATE_LIMITED, "screenshots queued; retry in ${slot.retryInMs} ms",
            )
            is ScreenshotThrottle.Slot.Go -> if (slot.waitMs > 0) SystemClock.sleep(slot.waitMs)
        }
        val bitmap = AtomicReference<Bitmap?>()
        val error = AtomicReference<CommandResult.Failed?>()
        val done = CountDownLatch(1)
        service.takeScreenshot(
            Display.DEFAULT_DISPLAY,
            callbackThread,
            object : AccessibilityService.TakeScreenshotCallback {
                override fun onSuccess(result: AccessibilityService.ScreenshotResult) {
                    val buffer = result.hardwareBuffer
                    try {
                        // A hardware bitmap cannot be scaled or read; copy it into a software one.
                        val hw = Bitmap.wrapHardwareBuffer(buffer, result.colorSpace)
                        bitmap.set(hw?.copy(Bitmap.Config.ARGB_8888, false))
                        hw?.recycle()
                    } finally {
                        buffer.close()
                        done.countDown()
                    }
                }

                override fun onFailure(errorCode: Int) {
                    error.set(failure(errorCode))
                    done.countDown()
                }
            },
        )
        if (!done.await(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
            return null to CommandResult.Failed(ErrorCode.ERROR_CODE_TIMEOUT, "takeScreenshot did not answer")
        }
        return bitmap.get() to (error.get() ?: if (bitmap.get() == null) internal("no bitmap") else null)
    }

    private fun failure(code: Int): CommandResult.Failed = when (code) {
        AccessibilityService.ERROR_TAKE_SCREENSHOT_INTERVAL_TIME_SHORT ->
            CommandResult.Failed(ErrorCode.ERROR_CODE_RATE_LIMITED, "the system limits screenshots to about 3 per second")
        AccessibilityService.ERROR_TAKE_SCREENSHOT_NO_ACCESSIBILITY_ACCESS ->
            CommandResult.Failed(ErrorCode.ERROR_CODE_PERMISSION_DENIED, "canTakeScreenshot is not granted")
        ERROR_SECURE_WINDOW -> CommandResult.Failed(ErrorCode.ERROR_CODE_SECURE_SCREEN, "a secure window is on screen")
        else -> internal("takeScreenshot failed with code $code")
    }

    private fun internal(msg: String) = CommandResult.Failed(ErrorCode.ERROR_CODE_INTERNAL, msg)

    private companion object {
        const val TIMEOUT_MS = 5_000L
        const val ERROR_SECURE_WINDOW = 6 // ERROR_TAKE_SCREENSHOT_SECURE_WINDOW, API 34
    }
}

/** Picks the frame source for this phone and encodes what it returns. */
class Screenshotter(private val frames: () -> FrameSource?) {
    fun take(format: ImageFormat, quality: Int, maxSide: Int): CommandResult {
        val source = frames() ?: return CommandResult.Failed(
            ErrorCode.ERROR_CODE_PERMISSION_DENIED,
            "screen capture needs consent: open droidhub on the phone and allow screen capture",
        )
        val (bitmap, failure) = source.capture()
        if (failure != null) return failure
        bitmap ?: return CommandResult.Failed(ErrorCode.ERROR_CODE_INTERNAL, "no frame")
        val image: Image = try {
            ImageEncoder.encode(bitmap, format, quality, maxSide)
        } finally {
            bitmap.recycle()
        }
        return CommandResult.Screenshot(image)
    }
}
