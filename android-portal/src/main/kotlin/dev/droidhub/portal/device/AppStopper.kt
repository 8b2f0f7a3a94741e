package dev.droidhub.portal.device

import android.accessibilityservice.AccessibilityService
import android.app.ActivityManager
import android.content.Context
import android.content.pm.PackageManager
import android.os.Build
import dev.droidhub.portal.core.AppStopPlanner
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.proto.v1.ErrorCode

/**
 * Carries out [AppStopPlanner]'s plan: Home while the app is on screen, wait until another app is in
 * the foreground, then killBackgroundProcesses (KILL_BACKGROUND_PROCESSES, a normal permission)
 * where Android still lets it reach another app. Runs on the command worker: it blocks.
 */
class AppStopper(private val context: Context, private val sdkInt: Int = Build.VERSION.SDK_INT) {
    fun stop(service: PortalAccessibilityService, packageName: String): CommandResult {
        if (!installed(packageName)) return CommandResult.Failed(ErrorCode.ERROR_CODE_APP_NOT_FOUND, "$packageName is not installed")
        val plan = when (val p = AppStopPlanner.plan(packageName, service.foregroundPackage, context.packageName, sdkInt)) {
            is AppStopPlanner.Plan.Refused -> return CommandResult.invalid(p.why)
            is AppStopPlanner.Plan.Steps -> p
        }
        if (plan.pressHome) {
            if (!service.performGlobalAction(AccessibilityService.GLOBAL_ACTION_HOME)) {
                return CommandResult.Failed(ErrorCode.ERROR_CODE_SERVICE_UNAVAILABLE, "the Home action was refused")
            }
            if (!awaitLeft(service, packageName)) {
                return CommandResult.Failed(ErrorCode.ERROR_CODE_TIMEOUT, "$packageName is still in the foreground after Home")
            }
            Thread.sleep(AppStopPlanner.SETTLE_MS)
        }
        if (plan.killProcess) {
            val am = context.getSystemService(Context.ACTIVITY_SERVICE) as ActivityManager
            try {
                am.killBackgroundProcesses(packageName)
            } catch (e: SecurityException) {
                return CommandResult.Failed(ErrorCode.ERROR_CODE_PERMISSION_DENIED, "killBackgroundProcesses was refused: ${e.message}")
            }
        }
        return CommandResult.Done
    }

    /** The service's foreground package changes with the window-state event of whatever came forward. */
    private fun awaitLeft(service: PortalAccessibilityService, packageName: String): Boolean {
        val deadline = System.nanoTime() + AppStopPlanner.LEAVE_TIMEOUT_MS * 1_000_000
        while (service.foregroundPackage == packageName) {
            if (System.nanoTime() >= deadline) return false
            Thread.sleep(POLL_MS)
        }
        return true
    }

    /** Visible packages only (API 30+ package visibility): the launchable apps the manifest queries. */
    @Suppress("DEPRECATION")
    private fun installed(packageName: String): Boolean = try {
        context.packageManager.getPackageInfo(packageName, 0)
        true
    } catch (e: PackageManager.NameNotFoundException) {
        false
    }

    private companion object {
        const val POLL_MS = 50L
    }
}
