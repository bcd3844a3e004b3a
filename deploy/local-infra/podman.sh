#!/usr/bin/env bash
# Podman, set up for these machines: no Docker engine, hybrid cgroups (crun fails there, runc works)
# and no permission to set rlimits. Also serves podman's Docker-compatible API on a socket of its
# own, for Docker clients such as testcontainers.
#   bash deploy/local-infra/podman.sh        install (when missing), configure, start (or reuse)
#                                            the API service -> prints CONTAINERS_CONF=... and
#                                            DOCKER_HOST=unix://...
#   bash deploy/local-infra/podman.sh stop   stop the API service this script started
# The configuration lives in $BETTERPLUS_CACHE/podman/containers.conf (never /etc): every podman
# call needs CONTAINERS_CONF pointing at it.
set -euo pipefail
INFRA_NAME=podman
# shellcheck source=deploy/local-infra/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

DIR="$BETTERPLUS_CACHE/podman"
CONF="$DIR/containers.conf"
SOCKET="$DIR/podman.sock"
PIDFILE="$DIR/service.pid"
LOGFILE="$DIR/service.log"

if [[ "${1:-}" == stop ]]; then
  if pid="$(infra_live_pid "$PIDFILE")"; then
    infra_log "stopping the podman API service (pid $pid)"
    infra_kill "$pid" 10
  fi
  rm -f "$PIDFILE"
  exit 0
fi
[[ -z "${1:-}" ]] || infra_die "usage: podman.sh [stop]"

missing=()
for tool in podman runc newuidmap slirp4netns fuse-overlayfs; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if ((${#missing[@]})); then
  infra_log "missing: ${missing[*]}"
  infra_apt_install podman runc uidmap slirp4netns fuse-overlayfs
fi

mkdir -p "$DIR"
conf_text='# Written by deploy/local-infra/podman.sh.
[containers]
# The default nofile/nproc ulimits would be set on every container; that is not permitted here.
default_ulimits = []
[engine]
# crun fails on these hybrid cgroups.
runtime = "runc"'
if [[ "$(cat "$CONF" 2>/dev/null || true)" != "$conf_text" ]]; then
  printf '%s\n' "$conf_text" >"$CONF"
fi
export CONTAINERS_CONF="$CONF"
podman info >/dev/null 2>&1 || {
  podman info >&2 || true
  infra_die "podman does not work with $CONF"
}

api_answers() {
  podman --remote --url "unix://$SOCKET" version >/dev/null 2>&1
}

# A service started from a folder since deleted (a checkout removed for a fresh clone) starts no
# container: conmon inherits the folder and fails with "Failed to get working directory", which
# the API reports as "write child: broken pipe".
in_live_folder() {
  local pid
  pid="$(infra_live_pid "$PIDFILE")" && [[ "$(readlink "/proc/$pid/cwd")" != *"(deleted)" ]]
}

if api_answers && in_live_folder; then
  infra_log "reusing the podman API service on $SOCKET"
else
  if pid="$(infra_live_pid "$PIDFILE")"; then
    infra_kill "$pid" 10
  fi
  rm -f "$SOCKET"
  infra_log "starting podman system service on $SOCKET (log: $LOGFILE)"
  # --time=0: serve until stopped, not only while clients are connected.
  # From /, which outlives any checkout.
  (cd / && exec setsid podman system service --time=0 "unix://$SOCKET" >"$LOGFILE" 2>&1 </dev/null) &
  echo $! >"$PIDFILE"
  infra_wait 30 "the podman API on $SOCKET" api_answers || {
    tail -n 30 "$LOGFILE" >&2 || true
    infra_die "podman system service did not answer"
  }
fi
infra_log "$(podman --version), runtime $(podman info --format '{{.Host.OCIRuntime.Name}}')"
echo "CONTAINERS_CONF=$CONF"
echo "DOCKER_HOST=unix://$SOCKET"
