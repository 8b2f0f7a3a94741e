#!/usr/bin/env bash
# Installs the Debian packages portal:check and portal:apk need. Idempotent: does nothing when
# everything is present, so CI can call it before every run.
#   openjdk-17-jdk-headless, maven : compile Kotlin and run the tests (Maven Central only)
#   aapt                           : compile resources, package and `aapt dump badging`
#   zipalign, apksigner            : align and sign the debug APK
set -euo pipefail
packages=(aapt zipalign apksigner maven openjdk-17-jdk-headless)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "portal:ci-deps: all present (${packages[*]})"
  exit 0
fi
echo "portal:ci-deps: installing ${missing[*]}"
sudo=""
[[ "$(id -u)" != 0 ]] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
# A fresh machine has no package lists yet; update only when the first try fails.
$sudo apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null \
  || { $sudo apt-get update >/dev/null && $sudo apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
echo "portal:ci-deps: installed ${missing[*]}"
