#!/usr/bin/env bash
# A private Redis for tests and local development (no persistence, 127.0.0.1 only, daemonized).
#   bash deploy/local-infra/redis.sh         start (or reuse) -> prints REDIS_URL=...
#   bash deploy/local-infra/redis.sh stop    stop it
# Env: REDIS_PORT (default 56379, away from a system redis on 6379).
set -euo pipefail
INFRA_NAME=redis
# shellcheck source=deploy/local-infra/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PORT="${REDIS_PORT:-56379}"
PIDFILE="/tmp/betterplus-redis-$PORT.pid"
LOGFILE="/tmp/betterplus-redis-$PORT.log"
URL="redis://127.0.0.1:$PORT"

ping() {
  [[ "$(redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null)" == PONG ]]
}

if [[ "${1:-}" == stop ]]; then
  if pid="$(infra_live_pid "$PIDFILE")"; then
    infra_log "stopping redis on port $PORT (pid $pid)"
    if command -v redis-cli >/dev/null 2>&1; then
      redis-cli -h 127.0.0.1 -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
    fi
    infra_kill "$pid" 10
  fi
  rm -f "$PIDFILE"
  exit 0
fi

if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
  infra_apt_install redis-server redis-tools
fi

if ping; then
  infra_log "reusing the redis already running on 127.0.0.1:$PORT"
  echo "REDIS_URL=$URL"
  exit 0
fi
if infra_port_open "$PORT"; then
  infra_die "port $PORT is taken by something that does not answer redis PING; set REDIS_PORT"
fi

infra_log "starting $(redis-server --version | cut -d' ' -f1-3) on 127.0.0.1:$PORT (log: $LOGFILE)"
rm -f "$PIDFILE"
redis-server --port "$PORT" --bind 127.0.0.1 --protected-mode yes \
  --daemonize yes --pidfile "$PIDFILE" --logfile "$LOGFILE" --loglevel warning \
  --dir /tmp --dbfilename "betterplus-redis-$PORT.rdb" --save '' --appendonly no \
  --supervised no >&2
infra_wait 30 "redis PING on 127.0.0.1:$PORT" ping || {
  tail -n 30 "$LOGFILE" >&2 || true
  infra_die "redis did not answer PING"
}
infra_log "ready"
echo "REDIS_URL=$URL"
