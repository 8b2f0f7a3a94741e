# Shared by the portal scripts: paths and the one list of versions (android-portal/pom.xml).
PORTAL_SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PORTAL_ROOT="$(cd "$PORTAL_SCRIPTS/../.." && pwd)"
PORTAL_DIR="$PORTAL_ROOT/android-portal"
M2_REPO="${M2_REPO:-$HOME/.m2/repository}"
# Kotlin compiles inside Maven's JVM: the plugin's default compile daemon outlives the build (two
# hours idle, over a GB of RSS), and on a test machine it competes with what runs next.
KOTLIN_IN_PROCESS=(-Dkotlin.compiler.daemon=false)

# pom_prop NAME -> the value of <NAME> in the pom's <properties>.
pom_prop() {
  sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" "$PORTAL_DIR/pom.xml" | head -n 1
}

# Maven in batch mode; quiet unless PORTAL_VERBOSE=1.
mvn_portal() {
  local quiet=(-q)
  [[ "${PORTAL_VERBOSE:-0}" == 1 ]] && quiet=()
  # Maven 3.8 prints ANSI resets even in batch mode; strip them so CI logs stay readable.
  mvn -B -ntp "${quiet[@]}" "${KOTLIN_IN_PROCESS[@]}" -f "$PORTAL_DIR/pom.xml" "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g'
  return "${PIPESTATUS[0]}"
}
