package dev.droidhub.portal.device

import android.content.Context
import android.os.Build
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.portal.core.DeviceActions
import dev.droidhub.portal.core.GestureOutcome
import dev.droidhub.portal.core.KeyPlan
import dev.droidhub.portal.core.Stroke
import dev.droidhub.portal.core.TreeFlattener
import dev.droidhub.proto.v1.DeviceState
import dev.droidhub.proto.v1.ErrorCode
import dev.droidhub.proto.v1.ImageFormat
import dev.droidhub.proto.v1.UiNode

/**
 * [DeviceActions] on a real phone. Anything that needs the accessibility service fails with
 * SERVICE_UNAVAILABLE while the user has it switched off, instead of throwing.
 */
class AndroidDeviceActions(
    private val context: Context,
    private val sources: FrameSources,
) : DeviceActions {
    constructor(context: Context, projection: () -> FrameSource?) : this(context, FrameSources(projection))

    private val facts = DeviceFacts(context)
    private val apps = AppCatalog(context)
    private val stopper = AppStopper(context)
    private val flattener = TreeFlattener()

    override val screenWidth: Int get() = facts.metrics().widthPixels
    override val screenHeight: Int get() = facts.metrics().heightPixels

    private inline fun withService(block: (PortalAccessibilityService) -> CommandResult): CommandResult {
        val service = PortalAccessibilityService.current ?: return CommandResult.Failed(
            ErrorCode.ERROR_CODE_SERVICE_UNAVAILABLE,
            "the droidhub accessibility service is switched off on the phone",
        )
        return block(service)
    }

    override fun captureUi(allWindows: Boolean): CommandResult = withService { s ->
        CommandResult.Ui(s.captureUi(flattener, allWindows).toBuilder().setScreen(facts.screen()).build())
    }

    override fun screenshot(format: ImageFormat, quality: Int, maxSide: Int): CommandResult {
        if (Build.VERSION.SDK_INT < 30) return Screenshotter { sources.projection() }.take(format, quality, maxSide)
        return withService { _ -> Screenshotter { sources.accessibility() }.take(format, quality, maxSide) }
    }

    override fun gesture(strokes: List<Stroke>): GestureOutcome {
        val s = PortalAccessibilityService.current ?: return GestureOutcome.REJECTED
        return GestureRunner(s).perform(strokes)
    }

    override fun inputText(target: UiNode?, text: String, clearFirst: Boolean, submit: Boolean): CommandResult =
        withService { TextInput(it).type(target, text, clearFirst, submit) }

    override fun key(plan: KeyPlan): CommandResult = withService { s ->
        when (plan) {
            is KeyPlan.Global ->
                if (s.performGlobalAction(plan.action)) CommandResult.Done
                else CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, "global action ${plan.action} was refused")
            KeyPlan.ImeEnter -> TextInput(s).imeEnterOnFocused()
            KeyPlan.DeleteBackward -> TextInput(s).deleteBackward()
            is KeyPlan.Unsupported -> CommandResult.Failed(ErrorCode.ERROR_CODE_NOT_SUPPORTED, plan.why)
        }
    }

    override fun launchApp(packageName: String, activity: String): CommandResult = apps.launch(packageName, activity)

    override fun openUrl(url: String): CommandResult = apps.openUrl(url)

    override fun stopApp(packageName: String): CommandResult = withService { stopper.stop(it, packageName) }

    override fun listApps(includeSystem: Boolean): CommandResult = apps.list(includeSystem)

    override fun state(): CommandResult {
        val s = PortalAccessibilityService.current
        val b = DeviceState.newBuilder()
            .setScreenOn(facts.screenOn())
            .setBattery(facts.battery())
            .setNetwork(facts.network())
            .setAccessibilityEnabled(s != null)
            .setScreen(facts.screen())
        if (s != null) {
            b.setForegroundPackage(s.foregroundPackage).setForegroundActivity(s.foregroundActivity).setKeyboard(s.keyboard())
        }
        return CommandResult.State(b.build())
    }
}
