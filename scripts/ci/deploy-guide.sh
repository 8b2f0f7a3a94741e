#!/usr/bin/env bash
# Runs docs/deploy.md on this machine: every ```sh block in order, except those marked ```sh no-ci
# (DNS, the firewall, NodeSource, systemctl, certbot, the phones: the page says why), plus the hidden
# <!-- ci … --> blocks that stand in for them. One bash process, so the page's variables carry from
# block to block, as in a reader's shell; it starts in the checkout (REPO in the environment).
# It changes the machine — a user droidhub, /opt/droidhub, /etc/droidhub, /var/lib/droidhub,
# /usr/local/bin/droidhub — so it runs as root with CI=true only: .ci/run calls it on CI's machine.
#   CI=true bash scripts/ci/deploy-guide.sh [--without "SECTION"]... [--print]
# --without leaves out the blocks under a heading (## or ###) whose title starts with SECTION;
# --print shows the script instead of running it.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
export REPO
without=()
print=false
while [ $# -gt 0 ]; do
  case $1 in
    --without) without+=("$2"); shift 2 ;;
    --print) print=true; shift ;;
    *) echo "deploy-guide.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

# awk: prints the runnable lines; a heading sets the section, and a section named by --without
# (or one below it) is left out until the next heading of its level or above.
extract() {
  awk -v without="$(printf '%s\n' "${without[@]+"${without[@]}"}")" '
    BEGIN { n = split(without, skip, "\n"); skipping = 0; level = 0 }
    function excluded(title,   i) {
      for (i = 1; i <= n; i++) if (skip[i] != "" && index(title, skip[i]) == 1) return 1
      return 0
    }
    mode == "" && /^#+ / {
      depth = length($1); title = substr($0, depth + 2)
      if (skipping && depth <= level) skipping = 0
      if (!skipping && excluded(title)) { skipping = 1; level = depth }
      next
    }
    mode == "" && /^```sh no-ci/ { mode = "skip"; next }
    mode == "" && /^```sh *$/ { mode = "run"; if (!skipping) print "# --- docs/deploy.md line " NR; next }
    mode == "" && /^<!-- ci *$/ { mode = "ci"; if (!skipping) print "# --- docs/deploy.md line " NR " (CI only)"; next }
    mode != "" && mode != "ci" && /^```/ { mode = ""; next }
    mode == "ci" && /^-->/ { mode = ""; next }
    (mode == "run" || mode == "ci") && !skipping { print }
  ' "$REPO/docs/deploy.md"
}

script=$(extract)
if $print; then
  printf '%s\n' "$script"
  exit 0
fi
if [ "${CI:-}" != "true" ] || [ "$(id -u)" != 0 ]; then
  echo "deploy-guide.sh changes this machine (users, /opt, /etc): it runs as root with CI=true only" >&2
  exit 2
fi
if curl -fsS http://127.0.0.1:8080/healthz >/dev/null 2>&1; then
  echo "deploy-guide.sh: something already answers on 127.0.0.1:8080, where the guide's hub listens" >&2
  exit 1
fi
cd "$REPO"
# Whatever the page left running in the background (the virtual phones) ends with it.
bash -euo pipefail -x -c "trap 'kill \$(jobs -p) 2>/dev/null || true; bash \"\$REPO/scripts/ci/service.sh\" stop || true' EXIT
$script"
echo "deploy-guide.sh: docs/deploy.md ran to the end"
