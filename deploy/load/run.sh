#!/usr/bin/env bash
# `npm run load`: the k6 load test of the journeys (deploy/load/betterplus.js; see README.md).
#   - Without BASE_URL: starts the embedded stack (what `npm start` runs) on free ports over a
#     throw-away data folder, runs k6 against it, then stops it and removes the folder.
#   - With BASE_URL: runs against that stack, which must serve the local mailbox
#     (/dev/mailbox.json: an embedded stack) and take ADMIN_USERNAME / ADMIN_PASSWORD.
# SMOKE=1 runs the short CI check; DURATION and LOAD_SCALE shape the full run. Arguments are
# passed on to `k6 run`. Exits with k6's status: non-zero when a threshold or setup failed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

if [[ -z "${K6_BIN:-}" ]]; then
  K6_BIN="$(bash deploy/local-infra/k6.sh | sed -n 's/^K6_BIN=//p')"
fi

STACK_PID=""
DATA_DIR=""
# shellcheck disable=SC2317 # runs from the EXIT trap
cleanup() {
  if [[ -n "$STACK_PID" ]] && kill -0 "$STACK_PID" 2>/dev/null; then
    kill -TERM "$STACK_PID" 2>/dev/null || true
    wait "$STACK_PID" 2>/dev/null || true
  fi
  if [[ -n "$DATA_DIR" ]]; then rm -rf "$DATA_DIR"; fi
}
trap cleanup EXIT

# Starts the embedded stack in the background; sets BASE_URL and the admin account it made.
start_embedded_stack() {
  # Node 24 and the dependencies, installed in the foreground when missing (scripts/node.sh), so
  # that the wait below is for the stack's start alone.
  bash scripts/node.sh --version >/dev/null
  DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/betterplus-load-XXXXXX")"
  echo "load: starting the embedded stack over $DATA_DIR" >&2
  DATA_DIR="$DATA_DIR" LOG_LEVEL="${STACK_LOG_LEVEL:-warn}" bash scripts/node.sh deploy/stack/test/support/embedded-process.ts >"$DATA_DIR/stack.log" 2>&1 &
  STACK_PID=$!
  local deadline=$((SECONDS + 180)) ready=""
  until ready="$(sed -n 's/^ready //p' "$DATA_DIR/stack.log")" && [[ -n "$ready" ]]; do
    if ! kill -0 "$STACK_PID" 2>/dev/null || ((SECONDS >= deadline)); then
      echo "load: the embedded stack did not start:" >&2
      tail -n 40 "$DATA_DIR/stack.log" >&2
      return 1
    fi
    sleep 0.5
  done
  BASE_URL="$ready"
  # The account the stack made on its first start, kept in its data folder (admin-credentials.ts).
  local credentials="$DATA_DIR/keys/admin-credentials.json"
  ADMIN_USERNAME="$(node -p 'JSON.parse(fs.readFileSync(process.argv[1], "utf8")).ADMIN_USERNAME' "$credentials")"
  ADMIN_PASSWORD="$(node -p 'JSON.parse(fs.readFileSync(process.argv[1], "utf8")).ADMIN_PASSWORD' "$credentials")"
}

if [[ -z "${BASE_URL:-}" ]]; then
  start_embedded_stack
fi
# IPv4 loopback by name resolves to 127.0.0.1 for sure (localhost may resolve to ::1 first).
BASE_URL="${BASE_URL/\/\/localhost/\/\/127.0.0.1}"

# Against a stack on this machine each VU connects from an address of its own in 127.0.1.0/24,
# as people do from their own networks: identity's per-address sign-in limit then throttles
# what it should (one address signing in again and again), not the whole test.
if [[ -z "${K6_LOCAL_IPS:-}" && "$BASE_URL" =~ ^https?://127\. ]]; then
  export K6_LOCAL_IPS=127.0.1.1-127.0.1.254
fi

export BASE_URL ADMIN_USERNAME="${ADMIN_USERNAME:-}" ADMIN_PASSWORD="${ADMIN_PASSWORD:-}"
echo "load: k6 against $BASE_URL ($([[ "${SMOKE:-}" == 1 ]] && echo smoke || echo "full, ${DURATION:-2m} x ${LOAD_SCALE:-1}"))" >&2
# Without a terminal (CI) the progress bar would print a line a second.
quiet=()
[[ -t 1 ]] || quiet=(--quiet)
rc=0
"$K6_BIN" run --no-color "${quiet[@]}" "$@" deploy/load/betterplus.js || rc=$?
if ((rc != 0)) && [[ -n "$DATA_DIR" ]]; then
  echo "load: k6 failed (exit $rc); the stack's last log lines:" >&2
  tail -n 40 "$DATA_DIR/stack.log" >&2
fi
exit "$rc"
