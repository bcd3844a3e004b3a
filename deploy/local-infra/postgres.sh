#!/usr/bin/env bash
# A private, throwaway PostgreSQL 15 for tests and local development.
#   bash deploy/local-infra/postgres.sh         start (or reuse) -> prints DATABASE_URL=...
#   bash deploy/local-infra/postgres.sh stop    stop it and delete its data
# Env: PGPORT (default 55432, away from a system cluster's 5432), BETTERPLUS_PG_DATA (default
# /tmp/betterplus-pg-$PGPORT). Listens on 127.0.0.1 only, trust auth, durability off (fsync,
# synchronous_commit, full_page_writes) since the data is thrown away.
set -euo pipefail
INFRA_NAME=postgres
# shellcheck source=deploy/local-infra/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PORT="${PGPORT:-55432}"
DATA="${BETTERPLUS_PG_DATA:-/tmp/betterplus-pg-$PORT}"
LOGFILE="$DATA.log"
PG_MAJOR=15
URL="postgres://postgres@127.0.0.1:$PORT/postgres"

find_bindir() {
  local d
  for d in "/usr/lib/postgresql/$PG_MAJOR/bin" /usr/lib/postgresql/*/bin; do
    if [[ -x "$d/postgres" && -x "$d/initdb" && -x "$d/pg_ctl" ]]; then
      echo "$d"
      return 0
    fi
  done
  return 1
}

# Run a command as the database owner: postgres refuses to run as root.
as_owner() {
  if [[ $EUID -eq 0 ]]; then
    (cd /tmp && runuser -u postgres -- "$@")
  else
    (cd /tmp && "$@")
  fi
}

ready() {
  "$BINDIR/pg_isready" -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres
}

usable() {
  [[ "$("$BINDIR/psql" -X -q -t -A -h 127.0.0.1 -p "$PORT" -U postgres -d postgres \
    -c 'select 1' 2>/dev/null)" == 1 ]]
}

stop() {
  local pid
  if pid="$(infra_live_pid "$DATA/postmaster.pid")"; then
    infra_log "stopping the server in $DATA (pid $pid)"
    as_owner "$BINDIR/pg_ctl" stop -D "$DATA" -m fast -w -t 30 >&2 || infra_kill "$pid" 5
  fi
  rm -rf "$DATA" "$LOGFILE"
}

BINDIR="$(find_bindir || true)"
if [[ -z "$BINDIR" ]]; then
  [[ "${1:-}" == stop ]] && exit 0
  infra_apt_install "postgresql-$PG_MAJOR"
  BINDIR="$(find_bindir)" || infra_die "postgresql-$PG_MAJOR installed but no server binaries found"
fi

if [[ "${1:-}" == stop ]]; then
  stop
  exit 0
fi

if ready; then
  usable || infra_die "something on 127.0.0.1:$PORT answers like postgres but 'select 1' as user postgres failed"
  infra_log "reusing the server already running on 127.0.0.1:$PORT"
  echo "DATABASE_URL=$URL"
  exit 0
fi
if infra_port_open "$PORT"; then
  infra_die "port $PORT is taken by something that is not a ready PostgreSQL; set PGPORT"
fi

if [[ $EUID -eq 0 ]] && ! id postgres >/dev/null 2>&1; then
  infra_die "no 'postgres' user to run the server as (normally created by the postgresql-common package)"
fi

# Not running: start from a fresh throwaway data directory.
stop
infra_log "initdb $DATA ($("$BINDIR/postgres" --version))"
mkdir -p "$DATA"
touch "$LOGFILE"
if [[ $EUID -eq 0 ]]; then
  chown postgres: "$DATA" "$LOGFILE"
fi
chmod 700 "$DATA"
as_owner "$BINDIR/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
  --no-sync >"$LOGFILE.initdb" 2>&1 || {
  cat "$LOGFILE.initdb" >&2
  infra_die "initdb failed"
}
rm -f "$LOGFILE.initdb"
cat >>"$DATA/postgresql.conf" <<EOF

# betterplus local-infra: throwaway test instance
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '/tmp'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
logging_collector = off
log_min_messages = warning
EOF

infra_log "starting on 127.0.0.1:$PORT (log: $LOGFILE)"
if ! as_owner "$BINDIR/pg_ctl" start -D "$DATA" -l "$LOGFILE" -w -t 60 >&2; then
  tail -n 30 "$LOGFILE" >&2 || true
  infra_die "pg_ctl start failed"
fi
infra_wait 60 "postgres on 127.0.0.1:$PORT" ready || {
  tail -n 30 "$LOGFILE" >&2 || true
  infra_die "postgres did not become ready"
}
usable || infra_die "postgres is up but 'select 1' failed"
infra_log "ready"
echo "DATABASE_URL=$URL"
