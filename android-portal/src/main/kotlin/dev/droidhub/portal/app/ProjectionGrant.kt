package dev.droidhub.portal.app

import android.content.Context
import android.content.Intent
import dev.droidhub.portal.device.DeviceFacts
import dev.droidhub.portal.device.FrameSource
import dev.droidhub.portal.device.ProjectionFrameSource

/**
 * The user's one MediaProjection consent. The platform's token cannot be stored, so it lives as
 * long as the process; after a restart the app asks again. The user can end it any time from the
 * status bar: [onEnded] then tells the streams that used it.
 */
object ProjectionGrant {
    @Volatile
    private var source: ProjectionFrameSource? = null

    /** Runs when a granted projection ends, for whatever reason. */
    @Volatile
    var onEnded: (() -> Unit)? = null

    /** Must run while the foreground service holds the mediaProjection type (Android 10+ checks). */
    @Synchronized
    fun granted(context: Context, resultCode: Int, data: Intent) {
        source?.stop()
        var created: ProjectionFrameSource? = null
        created = ProjectionFrameSource(context.applicationContext, resultCode, data, DeviceFacts(context).metrics()) {
            ended(created)
        }
        source = created
    }

    fun frames(): FrameSource? = source

    fun revoke() {
        source?.stop()
    }

    private fun ended(which: ProjectionFrameSource?) {
        synchronized(this) {
            if (source === which) source = null
        }
        onEnded?.invoke()
    }
}
