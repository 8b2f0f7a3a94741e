package dev.droidhub.portal.device

import android.content.ActivityNotFoundException
import android.content.ComponentName
import android.content.Context
import android.content.Intent
import android.content.pm.ApplicationInfo
import android.content.pm.PackageManager
import android.net.Uri
import dev.droidhub.portal.core.CommandResult
import dev.droidhub.proto.v1.App
import dev.droidhub.proto.v1.AppList
import dev.droidhub.proto.v1.ErrorCode

/** Launchable apps, launching one, and opening links. Needs the <queries> entry in the manifest (API 30+). */
class AppCatalog(private val context: Context) {
    fun list(includeSystem: Boolean): CommandResult {
        val pm = context.packageManager
        val launcher = Intent(Intent.ACTION_MAIN).addCategory(Intent.CATEGORY_LAUNCHER)
        val apps = pm.queryIntentActivities(launcher, 0)
            .map { it.activityInfo.applicationInfo }
            .distinctBy { it.packageName }
            .filter { includeSystem || !isSystem(it) }
            .map { info ->
                App.newBuilder()
                    .setPackageName(info.packageName)
                    .setLabel(pm.getApplicationLabel(info).toString())
                    .setVersionName(versionName(pm, info.packageName))
                    .setSystem(isSystem(info))
                    .build()
            }
            .sortedBy { it.label.lowercase() }
        return CommandResult.Apps(AppList.newBuilder().addAllApps(apps).build())
    }

    fun launch(packageName: String, activity: String): CommandResult {
        val intent = if (activity.isNotEmpty()) {
            // ".Main" is relative to the package, as in the manifest.
            val cls = if (activity.startsWith(".")) packageName + activity else activity
            Intent(Intent.ACTION_MAIN).setComponent(ComponentName(packageName, cls))
        } else {
            context.packageManager.getLaunchIntentForPackage(packageName)
                ?: return CommandResult.Failed(ErrorCode.ERROR_CODE_APP_NOT_FOUND, "$packageName is not installed or has no launcher activity")
        }
        return start(intent.addFlags(Intent.FLAG_ACTIVITY_NEW_TASK or Intent.FLAG_ACTIVITY_RESET_TASK_IF_NEEDED), packageName)
    }

    fun openUrl(url: String): CommandResult =
        start(Intent(Intent.ACTION_VIEW, Uri.parse(url)).addFlags(Intent.FLAG_ACTIVITY_NEW_TASK), url)

    private fun start(intent: Intent, what: String): CommandResult = try {
        context.startActivity(intent)
        CommandResult.Done
    } catch (e: ActivityNotFoundException) {
        CommandResult.Failed(ErrorCode.ERROR_CODE_APP_NOT_FOUND, "nothing on the phone opens $what")
    } catch (e: SecurityException) {
        CommandResult.Failed(ErrorCode.ERROR_CODE_PERMISSION_DENIED, "not allowed to open $what: ${e.message}")
    }

    private fun isSystem(info: ApplicationInfo): Boolean =
        info.flags and (ApplicationInfo.FLAG_SYSTEM or ApplicationInfo.FLAG_UPDATED_SYSTEM_APP) != 0

    @Suppress("DEPRECATION")
    private fun versionName(pm: PackageManager, pkg: String): String = try {
        pm.getPackageInfo(pkg, 0).versionName.orEmpty()
    } catch (e: PackageManager.NameNotFoundException) {
        ""
    }
}
