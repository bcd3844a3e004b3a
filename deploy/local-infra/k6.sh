#!/usr/bin/env bash
# k6 (the load tester that runs deploy/load), built from the Go module proxy when missing or at
# another version: `go install` into the cache's go-bin, so a rebuild happens only on a new pin.
# Prints K6_BIN=....
set -euo pipefail
INFRA_NAME=k6
# shellcheck source=deploy/local-infra/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ "${1:-}" == stop ]] && exit 0 # nothing runs

K6_VERSION=v1.8.1
GO_BIN_DIR="$BETTERPLUS_CACHE/go-bin"
K6="$GO_BIN_DIR/k6"

k6_is_pinned() {
  [[ -x "$K6" ]] && "$K6" version 2>/dev/null | grep -q "k6 $K6_VERSION\b"
}

if ! k6_is_pinned; then
  command -v go >/dev/null 2>&1 || infra_apt_install golang-go
  infra_log "go install go.k6.io/k6@$K6_VERSION (a few minutes on 2 cores)"
  mkdir -p "$GO_BIN_DIR"
  GOBIN="$GO_BIN_DIR" go install "go.k6.io/k6@$K6_VERSION" >&2
  k6_is_pinned || infra_die "k6 built but $K6 does not report $K6_VERSION"
fi
infra_log "$("$K6" version 2>/dev/null | head -n1)"

echo "K6_BIN=$K6"
