package dev.droidhub.portal.core

import dev.droidhub.proto.v1.AppList
import dev.droidhub.proto.v1.DeviceState
import dev.droidhub.proto.v1.Error
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.Image
import dev.droidhub.proto.v1.Result
import dev.droidhub.proto.v1.StreamInfo
import dev.droidhub.proto.v1.UiTree

/** What one command came to; [toProto] is the only place that builds the wire Result. */
sealed interface CommandResult {
    data object Done : CommandResult
    data class Ui(val tree: UiTree) : CommandResult
    data class Screenshot(val image: Image) : CommandResult
    data class Apps(val apps: AppList) : CommandResult
    data class State(val state: DeviceState) : CommandResult
    data class Stream(val info: StreamInfo) : CommandResult
    data class Failed(val code: ErrorCode, val message: String) : CommandResult

    fun toProto(durationMs: Long): Result {
        val b = Result.newBuilder().setOk(this !is Failed).setDurationMs(durationMs.coerceIn(0, UInt.MAX_VALUE.toLong()).toInt())
        when (this) {
            Done -> Unit
            is Ui -> b.setUi(tree)
            is Screenshot -> b.setImage(image)
            is Apps -> b.setApps(apps)
            is State -> b.setState(state)
            is Stream -> b.setStream(info)
            is Failed -> b.setError(Error.newBuilder().setCode(code).setMessage(message))
        }
        return b.build()
    }

    companion object {
        fun invalid(message: String) = Failed(ErrorCode.ERROR_CODE_INVALID_ARGUMENT, message)
    }
}

/** How a dispatched gesture ended, from GestureResultCallback. */
enum class GestureOutcome { COMPLETED, CANCELLED, REJECTED, TIMED_OUT }
