package dev.droidhub.portal.device

import android.os.Build
import dev.droidhub.portal.core.ScreenshotThrottle

/**
 * The phone's two ways to see the screen, shared by screenshots and streams: the MediaProjection
 * the user granted (if any) and the bound accessibility service's takeScreenshot (API 30+). One
 * accessibility source per service instance, so its rate limiter sees every shot from both.
 */
class FrameSources(private val projection: () -> FrameSource?) {
    private var accessibility: Pair<PortalAccessibilityService, AccessibilityFrameSource>? = null

    fun projection(): FrameSource? = projection.invoke()

    @Synchronized
    fun accessibility(): FrameSource? {
        if (Build.VERSION.SDK_INT < 30) return null
        val service = PortalAccessibilityService.current ?: return null
        accessibility?.takeIf { it.first === service }?.let { return it.second }
        val source = AccessibilityFrameSource(service, ScreenshotThrottle(ScreenshotThrottle.intervalFor(Build.VERSION.SDK_INT)))
        accessibility = service to source
        return source
    }
}
