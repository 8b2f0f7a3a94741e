package dev.droidhub.portal.app

import android.content.Context
import android.content.Intent
import dev.droidhub.portal.device.DeviceFacts
import dev.droidhub.portal.device.FrameSource
import dev.droidhub.portal.device.ProjectionFrameSource

/**
 * The user's one MediaProjection consent (API 24–29). The platform's token cannot be stored, so it
 * lives as long as the process; after a restart the app asks again when a screenshot is needed.
 */
object ProjectionGrant {
    @Volatile
    private var source: ProjectionFrameSource? = null

    @Synchronized
    fun granted(context: Context, resultCode: Int, data: Intent) {
        source?.stop()
        source = ProjectionFrameSource(context.applicationContext, resultCode, data, DeviceFacts(context).metrics())
    }

    fun frames(): FrameSource? = source

    @Synchronized
    fun revoke() {
        source?.stop()
        source = null
    }
}
