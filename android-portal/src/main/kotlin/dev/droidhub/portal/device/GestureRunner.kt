package dev.droidhub.portal.device

import android.accessibilityservice.AccessibilityService
import android.accessibilityservice.GestureDescription
import android.graphics.Path
import dev.droidhub.portal.core.GestureOutcome
import dev.droidhub.portal.core.Stroke
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicReference

/**
 * dispatchGesture and then wait for its callback, so the hub learns whether the touch really
 * happened (completed) or was interrupted (cancelled, e.g. by the user touching the screen).
 * Runs on the command worker thread; the callback arrives on the main thread.
 */
class GestureRunner(private val service: AccessibilityService) {
    fun perform(stroke: Stroke): GestureOutcome = perform(listOf(stroke))

    /**
     * All strokes go in one GestureDescription, each at its own start time, so the platform's
     * injector keeps their timing (a double tap's gap) rather than two dispatches and callbacks.
     */
    fun perform(strokes: List<Stroke>): GestureOutcome {
        val builder = GestureDescription.Builder()
        for (stroke in strokes) {
            val path = Path().apply {
                moveTo(stroke.x1.toFloat(), stroke.y1.toFloat())
                // A zero-length path is a tap; lineTo the same point keeps older versions happy.
                lineTo(stroke.x2.toFloat(), stroke.y2.toFloat())
            }
            val duration = stroke.durationMs.coerceIn(1, GestureDescription.getMaxGestureDuration())
            builder.addStroke(GestureDescription.StrokeDescription(path, stroke.startMs, duration))
        }
        val gesture = builder.build()
        val duration = strokes.maxOf { it.startMs + it.durationMs }
        val outcome = AtomicReference(GestureOutcome.TIMED_OUT)
        val done = CountDownLatch(1)
        val callback = object : AccessibilityService.GestureResultCallback() {
            override fun onCompleted(gestureDescription: GestureDescription?) {
                outcome.set(GestureOutcome.COMPLETED)
                done.countDown()
            }

            override fun onCancelled(gestureDescription: GestureDescription?) {
                outcome.set(GestureOutcome.CANCELLED)
                done.countDown()
            }
        }
        if (!service.dispatchGesture(gesture, callback, null)) return GestureOutcome.REJECTED
        done.await(duration + CALLBACK_SLACK_MS, TimeUnit.MILLISECONDS)
        return outcome.get()
    }

    private companion object {
        const val CALLBACK_SLACK_MS = 3_000L
    }
}
