package dev.droidhub.portal.core

/**
 * How an accessibility service closes an app without root. It cannot force-stop (that needs the
 * system's FORCE_STOP_PACKAGES); what it can do: press Home when the app is on screen, so its
 * activities stop, and then ask ActivityManager.killBackgroundProcesses to end its now-background
 * process. Android 14 made that call a no-op for other apps' processes ("third party applications
 * can only use this API to kill their own processes"), so from API 34 closing means leaving only.
 */
object AppStopPlanner {
    /** The last API level where killBackgroundProcesses reaches another app's process. */
    const val LAST_SDK_KILLING_OTHERS = 33

    /** How long Home may take to bring another app (the launcher) to the foreground. */
    const val LEAVE_TIMEOUT_MS = 3_000L

    /**
     * After the app left the screen: its activity's onStop and the process's drop to a background
     * importance happen a moment later, and killBackgroundProcesses skips a process still above it.
     */
    const val SETTLE_MS = 500L

    sealed interface Plan {
        data class Steps(val pressHome: Boolean, val killProcess: Boolean) : Plan
        data class Refused(val why: String) : Plan
    }

    fun plan(target: String, foreground: String, ownPackage: String, sdkInt: Int): Plan {
        if (target == ownPackage) return Plan.Refused("the portal cannot stop itself: its service carries the hub connection")
        return Plan.Steps(pressHome = foreground == target, killProcess = sdkInt <= LAST_SDK_KILLING_OTHERS)
    }
}
