#!/usr/bin/env bash
# Proves the tests' containers path (scripts/test-infrastructure.ts): builds the images if they
# are missing (build.sh), then runs `npm test` on a subset with no infrastructure URLs in the
# environment, so that the test helper starts PostgreSQL, Redis and Kafka with testcontainers;
# test/containers-path.test.ts checks that the tests really ran on those containers.
#   bash deploy/images/infra/prove-testcontainers.sh [TEST PATHS...]
# Default subset: the kit's tests, identity's and billing's event and database tests, the proof.
# Env: DOCKER_HOST (the engine's socket; when unset, deploy/local-infra/podman.sh starts podman's
# service and says where), and what build.sh and scripts/test.sh read. Exits non-zero when a test
# failed or did not run.
set -euo pipefail
INFRA_NAME=prove-testcontainers
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
# shellcheck source=deploy/local-infra/lib.sh
source "$ROOT/deploy/local-infra/lib.sh"

# export_lines COMMAND...: runs a script that prints KEY=value lines and exports them.
export_lines() {
  local out line
  out="$("$@")" || infra_die "$* failed"
  while IFS= read -r line; do
    [[ "$line" =~ ^[A-Z_][A-Z0-9_]*= ]] && export "${line?}"
  done <<<"$out"
}

if [[ -z "${DOCKER_HOST:-}" ]]; then
  [[ -f "$ROOT/deploy/local-infra/podman.sh" ]] || infra_die "set DOCKER_HOST to a container engine's socket"
  export_lines bash "$ROOT/deploy/local-infra/podman.sh"
fi
[[ -n "${DOCKER_HOST:-}" ]] || infra_die "no DOCKER_HOST from deploy/local-infra/podman.sh"
export_lines bash "$HERE/build.sh"

engine="${BETTERPLUS_CONTAINER_ENGINE:-}"
if [[ -z "$engine" ]]; then
  if command -v podman >/dev/null 2>&1; then engine=podman; else engine=docker; fi
fi
# What a killed run would leave (testcontainers' reaper, Ryuk, is off: its image cannot be pulled here).
remove_leftovers() {
  local ids
  ids="$("$engine" ps -aq --filter label=org.betterplus.test-run)"
  if [[ -n "$ids" ]]; then
    infra_log "removing leftover test containers: $(echo "$ids" | tr '\n' ' ')"
    # shellcheck disable=SC2086 # one id a word
    "$engine" rm -f $ids >/dev/null
  fi
}
trap remove_leftovers EXIT

paths=("$@")
if ((${#paths[@]} == 0)); then
  paths=(services/kit/test services/identity/test/events services/billing/test/db services/billing/test/events
    deploy/images/infra/test/containers-path.test.ts)
fi
cd "$ROOT"
infra_log "npm test on $DOCKER_HOST's containers: ${paths[*]}"
# The engine runs on this machine: its published ports are on the loopback address, whatever
# testcontainers guesses from /.dockerenv.
env -u DATABASE_URL -u REDIS_URL -u KAFKA_BROKERS -u BETTERPLUS_TESTCONTAINERS \
  TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE="${TESTCONTAINERS_HOST_OVERRIDE:-127.0.0.1}" \
  bash scripts/test.sh "${paths[@]}"
