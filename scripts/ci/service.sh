#!/usr/bin/env bash
# CI's stand-in for `systemctl start|stop droidhub` on a machine where systemd is not process 1 (a
# container): it does what systemd does with the installed unit file — runs its ExecStart as its
# User=/Group=, in its WorkingDirectory=, with its Environment= and then its EnvironmentFile= (which
# wins, as in systemd), after creating its StateDirectory= — without the sandboxing, which needs
# systemd itself. `start` returns once /healthz answers; `stop` sends SIGTERM and waits as
# TimeoutStopSec= would. Used by docs/deploy.md's hidden CI blocks.
#   bash scripts/ci/service.sh start|stop [/etc/systemd/system/droidhub.service]
set -euo pipefail
action=${1:?usage: service.sh start|stop [UNIT]}
unit=${2:-/etc/systemd/system/droidhub.service}
pidfile=/run/droidhub-ci.pid
log=/var/log/droidhub-ci.log

# The last value of Key= in the unit (systemd's rule for single-valued settings).
value() { sed -n "s/^$1=//p" "$unit" | tail -n 1; }

start() {
  local user group state env_file port
  user=$(value User)
  group=$(value Group)
  state=$(value StateDirectory)
  env_file=$(value EnvironmentFile)
  install -d -m "$(value StateDirectoryMode)" -o "$user" -g "$group" "/var/lib/$state"
  local -a from_unit from_file command
  read -r -a from_unit <<<"$(value Environment)"
  # KEY=value lines (systemd also takes quotes; docs/deploy.md writes none).
  mapfile -t from_file < <(grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "$env_file")
  read -r -a command <<<"$(value ExecStart)"
  port=$(sed -n 's/^DROIDHUB_PORT=//p' "$env_file" | tail -n 1)
  (
    cd "$(value WorkingDirectory)"
    exec env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME="/var/lib/$state" LANG=C.UTF-8 \
      "${from_unit[@]}" "${from_file[@]}" \
      setpriv --reuid="$user" --regid="$group" --init-groups "${command[@]}" >>"$log" 2>&1
  ) &
  echo $! >"$pidfile"
  for _ in $(seq 1 240); do
    if curl -fsS "http://127.0.0.1:${port:-8080}/healthz" >/dev/null 2>&1; then return 0; fi
    if ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then
      echo "service.sh: $(value ExecStart) exited; its output:" >&2
      tail -n 50 "$log" >&2
      return 1
    fi
    sleep 0.5
  done
  echo "service.sh: no /healthz on port ${port:-8080} after 120 s" >&2
  tail -n 50 "$log" >&2
  return 1
}

stop() {
  [ -f "$pidfile" ] || return 0
  local pid
  pid=$(cat "$pidfile")
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; return 0; }
    sleep 0.5
  done
  echo "service.sh: pid $pid still running 30 s after SIGTERM" >&2
  return 1
}

"$action"
