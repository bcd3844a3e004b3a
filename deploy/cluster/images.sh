#!/usr/bin/env bash
# Builds the images the cluster runs with podman and loads them into the cluster's containerd
# (podman save | ctr import): nothing is pulled.
#   bash deploy/cluster/images.sh cluster   the pause and CoreDNS images (up.sh, before the kubelet)
#   bash deploy/cluster/images.sh app       Better+'s seven images and the mail sink
#                                           (deploy/images/build.sh), PostgreSQL, Redis and Kafka
#                                           (deploy/images/infra/build.sh)
# An image whose podman id was loaded before, and that containerd still has, is not loaded again.
# Prints nothing on stdout.
set -euo pipefail
INFRA_NAME=cluster-images
# shellcheck source=deploy/cluster/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source=deploy/images/lib.sh
source "$REPO_ROOT/deploy/images/lib.sh"

[[ -S "$CONTAINERD_SOCKET" ]] || infra_die "no containerd at $CONTAINERD_SOCKET: run deploy/cluster/up.sh"
images_use_podman
LOADED="$CLUSTER_CACHE/loaded"
mkdir -p "$LOADED"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

ctr_k8s() {
  ctr --address "$CONTAINERD_SOCKET" --namespace k8s.io "$@"
}

# load IMAGE...: into containerd, those not there already as the same build.
load() {
  local image id stamp wanted=() present
  present="$(ctr_k8s images ls -q)"
  for image in "$@"; do
    id="$(podman image inspect --format '{{.Id}}' "$image")" || infra_die "podman has no $image"
    stamp="$LOADED/${image//[\/:]/_}"
    if [[ "$(cat "$stamp" 2>/dev/null || true)" == "$id" ]] && grep -qxF "$image" <<<"$present"; then
      continue
    fi
    wanted+=("$image")
  done
  ((${#wanted[@]})) || return 0
  local t0=$SECONDS
  infra_log "loading ${#wanted[@]} image(s) into containerd: ${wanted[*]}"
  podman save --quiet --multi-image-archive --format docker-archive "${wanted[@]}" | ctr_k8s images import - >/dev/null
  for image in "${wanted[@]}"; do
    grep -qxF "$image" <<<"$(ctr_k8s images ls -q)" || infra_die "containerd did not take $image"
    podman image inspect --format '{{.Id}}' "$image" >"$LOADED/${image//[\/:]/_}"
  done
  infra_log "loaded in $((SECONDS - t0)) s"
}

# static_image TAG TARGET BINARY: an image FROM scratch holding BINARY (static.Containerfile).
static_image() {
  mkdir -p "$work/$2"
  cp "$3" "$work/$2/binary"
  podman build --quiet --format docker --network none --pull=never --target "$2" --tag "$1" \
    --file "$IMAGES_DIR/static.Containerfile" "$work/$2" >/dev/null
}

case "${1:-}" in
  cluster)
    cluster_binaries
    static_image "$PAUSE_IMAGE" pause "$PAUSE_BIN"
    static_image "$COREDNS_IMAGE" coredns "$COREDNS_BIN"
    load "$PAUSE_IMAGE" "$COREDNS_IMAGE"
    ;;
  app)
    infra_log "building the images (log: $LOGS/images.log)"
    bash "$REPO_ROOT/deploy/images/build.sh" "${SERVICES[@]}" web gateway mail-sink >"$LOGS/images.log" 2>&1 ||
      { tail -n 30 "$LOGS/images.log" >&2 && infra_die "deploy/images/build.sh failed"; }
    infra_images="$(bash "$REPO_ROOT/deploy/images/infra/build.sh" 2>>"$LOGS/images.log")" ||
      { tail -n 30 "$LOGS/images.log" >&2 && infra_die "deploy/images/infra/build.sh failed"; }
    images=()
    for name in "${SERVICES[@]}" web gateway mail-sink; do images+=("$(app_image "$name")"); done
    mapfile -t -O "${#images[@]}" images < <(sed -n 's/^BETTERPLUS_TEST_[A-Z]*_IMAGE=//p' <<<"$infra_images")
    load "${images[@]}"
    ;;
  *) infra_die "usage: images.sh cluster|app" ;;
esac
