#!/usr/bin/env bash
# npm run portal:check — compiles every Kotlin source of android-portal against the real Android
# API (org.robolectric:android-all, compile-only) and runs the JVM, Robolectric and conformance
# tests. Needs only a JDK 17 and Maven with Maven Central (Robolectric runs offline: Maven fetches
# its android-all-instrumented jar beforehand). PORTAL_VERBOSE=1 shows Maven's full output.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

log="$PORTAL_DIR/target/portal-check.log"
mkdir -p "$PORTAL_DIR/target"
started=$SECONDS
set +e
mvn -B -ntp "${KOTLIN_IN_PROCESS[@]}" -f "$PORTAL_DIR/pom.xml" test "$@" >"$log" 2>&1
status=$?
set -e
if [[ "${PORTAL_VERBOSE:-0}" == 1 || $status != 0 ]]; then
  cat "$log"
else
  # Surefire's per-class lines and its closing summary, without the download noise.
  grep -E "Tests run:|BUILD|\[ERROR\]" "$log" | sed 's/\x1b\[[0-9;]*m//g' || true
fi
reports="$PORTAL_DIR/target/surefire-reports"
if [[ -d "$reports" ]]; then
  read -r tests failures errors skipped < <(
    cat "$reports"/TEST-*.xml 2>/dev/null | grep -o '<testsuite [^>]*>' | awk '
      { match($0, /tests="[0-9]+"/); t += substr($0, RSTART+7, RLENGTH-8)
        match($0, /failures="[0-9]+"/); f += substr($0, RSTART+10, RLENGTH-11)
        match($0, /errors="[0-9]+"/); e += substr($0, RSTART+8, RLENGTH-9)
        match($0, /skipped="[0-9]+"/); s += substr($0, RSTART+9, RLENGTH-10) }
      END { print t+0, f+0, e+0, s+0 }')
  echo "portal:check: $((tests - failures - errors - skipped)) passed, $((failures + errors)) failed, $skipped skipped ($((SECONDS - started)) s)"
fi
exit "$status"
