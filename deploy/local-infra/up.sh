#!/usr/bin/env bash
# Starts (or reuses) the local infrastructure and writes its addresses to a file to source:
#   bash deploy/local-infra/up.sh && source "${BETTERPLUS_CACHE:-$HOME/.cache/betterplus}/infra.env"
#   bash deploy/local-infra/up.sh stop      stops everything (and deletes the throwaway data)
# The env file exports DATABASE_URL, REDIS_URL, KAFKA_BROKERS (and CHROMIUM_BIN, ENVOY_BIN, SCHEMATHESIS_BIN, NGINX_BIN).
# Env: BETTERPLUS_INFRA_ENV (the file; default $BETTERPLUS_CACHE/infra.env), PGPORT, REDIS_PORT,
# KAFKA_PORT, KAFKA_CONTROLLER_PORT (see each script).
# Kafka (a JVM, the slowest) starts in the background while the others run.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
INFRA_NAME=up
# shellcheck source=deploy/local-infra/lib.sh
source "$HERE/lib.sh"
ENV_FILE="${BETTERPLUS_INFRA_ENV:-$BETTERPLUS_CACHE/infra.env}"

if [[ "${1:-}" == stop ]]; then
  rc=0
  for s in kafka redis postgres; do
    bash "$HERE/$s.sh" stop || rc=1
  done
  rm -f "$ENV_FILE"
  exit $rc
fi
[[ -z "${1:-}" ]] || infra_die "usage: up.sh [stop]"

start=$SECONDS
mkdir -p "$BETTERPLUS_CACHE" "$(dirname "$ENV_FILE")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

bash "$HERE/kafka.sh" >"$work/kafka.out" &
kafka_pid=$!

failed=()
for s in postgres redis tools; do
  if ! bash "$HERE/$s.sh" >"$work/$s.out"; then
    failed+=("$s")
  fi
done
if ! wait "$kafka_pid"; then
  failed+=(kafka)
fi
if ((${#failed[@]})); then
  infra_die "failed: ${failed[*]}"
fi

{
  echo "# written by deploy/local-infra/up.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  for s in postgres redis kafka tools; do
    grep -E '^[A-Z_][A-Z0-9_]*=' "$work/$s.out" | while IFS='=' read -r key value; do
      printf 'export %s=%q\n' "$key" "$value"
    done
  done
} >"$ENV_FILE.tmp"
for key in DATABASE_URL REDIS_URL KAFKA_BROKERS; do
  grep -q "^export $key=" "$ENV_FILE.tmp" || infra_die "no $key from the scripts"
done
mv "$ENV_FILE.tmp" "$ENV_FILE"
infra_log "infrastructure up in $((SECONDS - start))s; wrote $ENV_FILE"
cat "$ENV_FILE"
