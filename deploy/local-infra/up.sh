#!/usr/bin/env bash
# Starts (or reuses) the local infrastructure and writes its addresses to a file to source:
#   bash deploy/local-infra/up.sh && source "${BETTERPLUS_CACHE:-$HOME/.cache/betterplus}/infra.env"
#   bash deploy/local-infra/up.sh stop      stops everything (and deletes the throwaway data)
# The env file exports DATABASE_URL, REDIS_URL, KAFKA_BROKERS, the tools' paths (CHROMIUM_BIN,
# ENVOY_BIN, SCHEMATHESIS_BIN, NGINX_BIN, HELM_BIN, K6_BIN, PROMETHEUS_BIN, ...) and podman's
# CONTAINERS_CONF and DOCKER_HOST.
# Env: BETTERPLUS_INFRA_ENV (the file; default $BETTERPLUS_CACHE/infra.env), PGPORT, REDIS_PORT,
# KAFKA_PORT, KAFKA_CONTROLLER_PORT (see each script).
# Kafka (a JVM, the slowest) and the Go-built tools (k6, kube-score: minutes on a cold cache) run in
# the background while the others run one after another (they share apt's lock).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
INFRA_NAME=up
# shellcheck source=deploy/local-infra/lib.sh
source "$HERE/lib.sh"
ENV_FILE="${BETTERPLUS_INFRA_ENV:-$BETTERPLUS_CACHE/infra.env}"

if [[ "${1:-}" == stop ]]; then
  rc=0
  for s in podman kafka redis postgres; do
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

background=(kafka k6 chart-tools)
foreground=(postgres redis tools prometheus podman)
declare -A pids
for s in "${background[@]}"; do
  bash "$HERE/$s.sh" >"$work/$s.out" &
  pids[$s]=$!
done

failed=()
for s in "${foreground[@]}"; do
  if ! bash "$HERE/$s.sh" >"$work/$s.out"; then
    failed+=("$s")
  fi
done
for s in "${background[@]}"; do
  if ! wait "${pids[$s]}"; then
    failed+=("$s")
  fi
done
if ((${#failed[@]})); then
  infra_die "failed: ${failed[*]}"
fi

{
  echo "# written by deploy/local-infra/up.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  for s in "${foreground[@]}" "${background[@]}"; do
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
