#!/usr/bin/env bash
# Fails unless the APK declares what the portal needs: the package, its permissions, the
# accessibility service bound by BIND_ACCESSIBILITY_SERVICE and that service's config resource.
set -euo pipefail
apk="$1"
badging="$(aapt dump badging "$apk")"
xmltree="$(aapt dump xmltree "$apk" AndroidManifest.xml)"
config="$(aapt dump xmltree "$apk" res/xml/accessibility_service.xml)"
fail=0
expect() { # expect WHAT TEXT PATTERN
  if grep -qE -- "$3" <<<"$2"; then echo "  ok   $1"; else echo "  FAIL $1 (no match for $3)"; fail=1; fi
}
expect "package" "$badging" "^package: name='dev.droidhub.portal'"
expect "minSdk 24" "$badging" "^sdkVersion:'24'"
expect "launchable activity" "$badging" "^launchable-activity: name='dev.droidhub.portal.app.EnrollActivity'"
for p in INTERNET ACCESS_NETWORK_STATE FOREGROUND_SERVICE FOREGROUND_SERVICE_SPECIAL_USE RECEIVE_BOOT_COMPLETED \
  REQUEST_IGNORE_BATTERY_OPTIMIZATIONS POST_NOTIFICATIONS FOREGROUND_SERVICE_MEDIA_PROJECTION KILL_BACKGROUND_PROCESSES; do
  expect "permission $p" "$badging" "uses-permission: name='android.permission.$p'"
done
expect "badging: provides accessibility" "$badging" "^provides-component:'accessibility'"
expect "accessibility service" "$xmltree" "(dev\.droidhub\.portal)?\.device\.PortalAccessibilityService\" \(Raw"
expect "bound by BIND_ACCESSIBILITY_SERVICE" "$xmltree" "android.permission.BIND_ACCESSIBILITY_SERVICE"
expect "service config meta-data" "$xmltree" "android.accessibilityservice\" \(Raw"
expect "config: canTakeScreenshot" "$config" "canTakeScreenshot.*=\(type 0x12\)0xffffffff"
expect "config: canPerformGestures" "$config" "canPerformGestures.*=\(type 0x12\)0xffffffff"
expect "config: canRetrieveWindowContent" "$config" "canRetrieveWindowContent.*=\(type 0x12\)0xffffffff"
expect "foreground service" "$xmltree" "(dev\.droidhub\.portal)?\.app\.PortalService\" \(Raw"
expect "boot receiver" "$xmltree" "(dev\.droidhub\.portal)?\.app\.BootReceiver\" \(Raw"
expect "enroll deep link" "$xmltree" "\"droidhub\" \(Raw"
expect "classes.dex" "$(unzip -l "$apk")" " classes.dex$"
# The manifest names classes; make sure the dex really defines them.
dex="$(unzip -p "$apk" 'classes*.dex' | strings)"
for c in device/PortalAccessibilityService app/PortalService app/BootReceiver app/EnrollActivity; do
  expect "dex defines $c" "$dex" "Ldev/droidhub/portal/$c;"
done
exit "$fail"
