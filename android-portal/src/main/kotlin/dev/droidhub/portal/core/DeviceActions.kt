package dev.droidhub.portal.core

import dev.droidhub.proto.v1.ImageFormat
import dev.droidhub.proto.v1.UiNode

/**
 * A stroke: a straight finger path from (x1,y1) to (x2,y2) over [durationMs], starting [startMs]
 * into its gesture; a tap is a zero-length one.
 */
data class Stroke(val x1: Int, val y1: Int, val x2: Int, val y2: Int, val durationMs: Long, val startMs: Long = 0)

/** A global key the platform performs for us, or one the dispatcher emulates. */
sealed interface KeyPlan {
    data class Global(val action: Int) : KeyPlan
    data object ImeEnter : KeyPlan
    data object DeleteBackward : KeyPlan
    data class Unsupported(val why: String) : KeyPlan
}

/**
 * Everything the phone can do, blocking until done. Called on a worker thread, never the main one:
 * the Android implementation waits there for gesture callbacks that arrive on the main thread.
 * Arguments are already validated by [CommandDispatcher].
 */
interface DeviceActions {
    val screenWidth: Int
    val screenHeight: Int

    fun captureUi(allWindows: Boolean): CommandResult
    fun screenshot(format: ImageFormat, quality: Int, maxSide: Int): CommandResult
    /** One gesture of one or more strokes (a double tap is two), dispatched together. */
    fun gesture(strokes: List<Stroke>): GestureOutcome

    /** [target] is a node of the last captured tree, or null for the focused input. */
    fun inputText(target: UiNode?, text: String, clearFirst: Boolean, submit: Boolean): CommandResult
    fun key(plan: KeyPlan): CommandResult
    fun launchApp(packageName: String, activity: String): CommandResult
    fun openUrl(url: String): CommandResult

    /** [packageName] leaves the screen and its process is stopped where Android lets us. */
    fun stopApp(packageName: String): CommandResult
    fun listApps(includeSystem: Boolean): CommandResult
    fun state(): CommandResult
}
