#!/usr/bin/env bash
# npm run portal:apk — builds a signed debug APK without the Android SDK:
#   Maven (Kotlin + protoc from Maven Central) -> D8 (com.android.tools:r8 from Maven Central)
#   -> Debian aapt (resources linked against the API 34 framework inside android-all)
#   -> zipalign -> apksigner, then checks the result with `aapt dump badging`.
# Output: android-portal/build/droidhub-portal-debug.apk
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$PORTAL_DIR"

for tool in aapt zipalign apksigner java mvn; do
  command -v "$tool" >/dev/null || { echo "portal:apk: $tool is missing; run scripts/portal/ci-deps.sh" >&2; exit 1; }
done

app_id="$(pom_prop android.applicationId)"
min_sdk="$(pom_prop android.minSdk)"
target_sdk="$(pom_prop android.targetSdk)"
version_name="$(pom_prop portal.versionName)"
version_code="$(pom_prop portal.versionCode)"
android_all="$M2_REPO/org/robolectric/android-all/$(pom_prop android.all.version)/android-all-$(pom_prop android.all.version).jar"
r8_jar="$M2_REPO/com/android/tools/r8/$(pom_prop r8.version)/r8-$(pom_prop r8.version).jar"

out="$PORTAL_DIR/build"
work="$out/apk"
rm -rf "$work"
mkdir -p "$work/libs" "$work/dex" "$work/javares"

echo "portal:apk: compiling (Maven)"
mvn_portal -DskipTests compile dependency:copy-dependencies \
  -DincludeScope=runtime -DoutputDirectory="$work/libs"
mvn_portal dependency:get -Dtransitive=false -Dartifact="com.android.tools:r8:$(pom_prop r8.version)"
[[ -f "$android_all" && -f "$r8_jar" ]] || { echo "portal:apk: android-all or r8 jar not resolved" >&2; exit 1; }

echo "portal:apk: dexing (D8, min-api $min_sdk)"
(cd target/classes && jar cf "$work/app.jar" .)
# android-all is the library classpath so D8 can desugar Java 8 APIs against the real platform.
java -Xmx2g -cp "$r8_jar" com.android.tools.r8.D8 --release --min-api "$min_sdk" \
  --lib "$android_all" --output "$work/dex" "$work/app.jar" "$work"/libs/*.jar

# Java resources inside the libraries (OkHttp's public suffix list) must ride along in the APK.
for jar in "$work"/libs/*.jar; do
  (cd "$work/javares" && unzip -qo "$jar" -x '*.class' 'META-INF/*' '*/' 2>/dev/null || true)
done

echo "portal:apk: packaging (aapt against the API $target_sdk framework in android-all)"
# The source manifest carries no package/versions (as the Gradle plugin expects); inject them here.
sed "s#<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">#<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" package=\"$app_id\">#" \
  src/main/AndroidManifest.xml >"$work/AndroidManifest.xml"
grep -q "package=\"$app_id\"" "$work/AndroidManifest.xml" || { echo "portal:apk: could not set the package" >&2; exit 1; }
aapt package -f --no-crunch \
  -M "$work/AndroidManifest.xml" -S src/main/res -I "$android_all" \
  --min-sdk-version "$min_sdk" --target-sdk-version "$target_sdk" \
  --version-code "$version_code" --version-name "$version_name" \
  --error-on-failed-insert -F "$work/unsigned.apk" "$work/javares"
(cd "$work/dex" && aapt add "$work/unsigned.apk" classes*.dex >/dev/null)

echo "portal:apk: aligning and signing"
keystore="$out/debug.keystore"
if [[ ! -f "$keystore" ]]; then
  keytool -genkeypair -keystore "$keystore" -storepass android -keypass android -alias androiddebugkey \
    -keyalg RSA -keysize 2048 -validity 10000 -dname "CN=Android Debug,O=Android,C=US" >/dev/null 2>&1
fi
zipalign -f -p 4 "$work/unsigned.apk" "$work/aligned.apk"
apk="$out/droidhub-portal-debug.apk"
apksigner sign --ks "$keystore" --ks-pass pass:android --key-pass pass:android \
  --ks-key-alias androiddebugkey --min-sdk-version "$min_sdk" --out "$apk" "$work/aligned.apk"
apksigner verify --min-sdk-version "$min_sdk" "$apk"

echo "portal:apk: checking the badging"
bash "$PORTAL_SCRIPTS/verify-apk.sh" "$apk"
echo "portal:apk: built $apk ($(du -h "$apk" | cut -f1))"
