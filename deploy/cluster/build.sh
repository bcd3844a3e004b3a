#!/usr/bin/env bash
# Builds the cluster's binaries from the Go module proxy, or takes them from the cache:
#   kube     etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kubelet, kube-proxy,
#            kubectl and kube-router in one binary (go/cmd/kube; the part is its first argument)
#   pause    the pod sandbox's process (go/cmd/pause), for the pause image
#   coredns  CoreDNS with the plugins the cluster uses (go/coredns, a module of its own)
# The cache is $BETTERPLUS_CACHE/cluster/bin/<Kubernetes version>-<hash of the Go sources, go.mod,
# go.sum and the Go version>: a new pin or source builds afresh, anything else is reused.
# About 6 minutes cold on 2 cores; GOFLAGS=-p=1 or `nice` make it gentler on a shared machine.
# Prints KUBE_BIN=..., PAUSE_BIN=..., COREDNS_BIN=....
set -euo pipefail
INFRA_NAME=cluster-build
# shellcheck source=deploy/cluster/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

command -v go >/dev/null 2>&1 || infra_apt_install golang-go
mkdir -p "$CLUSTER_CACHE/bin"
# One build at a time: a second caller (CI starts one early, in the background) waits, then reuses it.
exec 9>"$CLUSTER_CACHE/build.lock"
flock 9
GO_DIR="$CLUSTER_DIR/go"
key="$({
  go version
  cd "$GO_DIR" && find . -type f \( -name '*.go' -o -name go.mod -o -name go.sum \) -print0 | sort -z | xargs -0 sha256sum
} | sha256sum | cut -c1-16)"
BIN="$CLUSTER_CACHE/bin/$KUBE_VERSION-$key"

if [[ ! -x "$BIN/kube" || ! -x "$BIN/pause" || ! -x "$BIN/coredns" ]]; then
  work="$(mktemp -d "$CLUSTER_CACHE/bin/.build-XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  minor="${KUBE_VERSION#v1.}"
  minor="${minor%%.*}"
  # Without these the API server calls itself v0.0.0, and Helm's kubeVersion checks fail.
  version_flags=""
  for package in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    version_flags+=" -X $package.gitVersion=$KUBE_VERSION -X $package.gitMajor=1 -X $package.gitMinor=$minor"
    version_flags+=" -X $package.gitTreeState=clean -X $package.buildDate=1970-01-01T00:00:00Z"
  done
  start=$SECONDS
  infra_log "go build kube and pause (Kubernetes $KUBE_VERSION, etcd, kube-router $KUBE_ROUTER_VERSION; minutes on a cold cache)"
  # Static, as Kubernetes' own release binaries: the pause binary runs in an image FROM scratch.
  (cd "$GO_DIR" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w$version_flags" -o "$work/" ./cmd/kube ./cmd/pause) >&2
  infra_log "go build coredns ($COREDNS_VERSION)"
  (cd "$GO_DIR/coredns" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$work/coredns" .) >&2
  "$work/kube" kube-apiserver --version | grep -qx "Kubernetes $KUBE_VERSION" ||
    infra_die "the API server reports $("$work/kube" kube-apiserver --version), not $KUBE_VERSION"
  rm -rf "$BIN"
  mv "$work" "$BIN"
  trap - EXIT
  # Builds of older pins or sources are of no further use.
  find "$CLUSTER_CACHE/bin" -mindepth 1 -maxdepth 1 -type d ! -path "$BIN" -exec rm -rf {} +
  infra_log "built in $((SECONDS - start)) s into $BIN"
fi

echo "KUBE_BIN=$BIN/kube"
echo "PAUSE_BIN=$BIN/pause"
echo "COREDNS_BIN=$BIN/coredns"
