#!/usr/bin/env bash
# Builds every image with podman: the bases (bases.sh), the five services, web and gateway, tagged
# localhost/betterplus/<name>:$IMAGE_TAG (default dev), and prints each image's size.
#   bash deploy/images/build.sh            all of them
#   bash deploy/images/build.sh chat web   only these (the bases are always ensured)
#   bash deploy/images/build.sh mail-sink  the test cluster's mail sink (deploy/cluster), never built by default
# Layers are cached: a second run rebuilds only what changed (npm ci only when a manifest or the
# lockfile did). Build logs: $BETTERPLUS_CACHE/images/logs/<name>.log.
set -euo pipefail
INFRA_NAME=build
# shellcheck source=deploy/images/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$REPO_ROOT"

ALL=("${SERVICES[@]}" web gateway)
KNOWN=("${ALL[@]}" mail-sink)
names=("$@")
((${#names[@]})) || names=("${ALL[@]}")
for name in "${names[@]}"; do
  [[ " ${KNOWN[*]} " == *" $name "* ]] || infra_die "unknown image $name (one of: ${KNOWN[*]})"
done

images_use_podman
bash "$IMAGES_DIR/bases.sh"

LOGS="$BETTERPLUS_CACHE/images/logs"
mkdir -p "$LOGS"

# npm inside the builds must trust what the machine's npm trusts (here a TLS-inspecting proxy's CA):
# the CA file and an npmrc naming it are mounted for the build steps only, never baked into a layer.
build_mounts=()
cafile="$(npm config get cafile 2>/dev/null || true)"
[[ -f "$cafile" ]] || cafile="${NODE_EXTRA_CA_CERTS:-}"
if [[ -f "$cafile" ]]; then
  printf 'cafile=/usr/local/etc/build-ca.crt\n' >"$BETTERPLUS_CACHE/images/build.npmrc"
  build_mounts=(--volume "$cafile:/usr/local/etc/build-ca.crt:ro" --volume "$BETTERPLUS_CACHE/images/build.npmrc:/usr/local/etc/npmrc:ro")
fi

# build NAME DOCKERFILE [podman build args...]
build() {
  local name=$1 file=$2 t0=$SECONDS previous
  shift 2
  previous="$(podman image inspect --format '{{.Id}}' "$(app_image "$name")" 2>/dev/null || true)"
  infra_log "building $(app_image "$name")"
  if ! podman build --format docker --layers --network host --pull=never \
    --file "$file" --ignorefile "$file.dockerignore" --tag "$(app_image "$name")" \
    "${build_mounts[@]}" "$@" . >"$LOGS/$name.log" 2>&1; then
    tail -n 40 "$LOGS/$name.log" >&2
    infra_die "building $name failed (log: $LOGS/$name.log)"
  fi
  # The build this one replaces, unless a container still uses it: rebuilds would pile up otherwise.
  if [[ -n "$previous" && "$previous" != "$(podman image inspect --format '{{.Id}}' "$(app_image "$name")")" ]]; then
    podman rmi "$previous" >/dev/null 2>&1 || true
  fi
  infra_log "built $name in $((SECONDS - t0))s"
}

start=$SECONDS
for name in "${names[@]}"; do
  case "$name" in
    web | gateway) build "$name" "deploy/docker/$name.Dockerfile" ;;
    mail-sink) build "$name" deploy/images/mail-sink.Containerfile ;;
    chat)
      # The archive's passage vectors go into the image (under /app/embeddings, the vector cache
      # beside its model): a chat container on a fresh database reads them instead of running
      # the model over the whole archive before it is ready.
      node services/chat/bin/embed-knowledge.ts
      build chat deploy/docker/service.Dockerfile --build-arg "SERVICE=chat" --volume "$BETTERPLUS_CACHE/embeddings:/tmp/embeddings:ro"
      ;;
    *) build "$name" deploy/docker/service.Dockerfile --build-arg "SERVICE=$name" ;;
  esac
done
infra_log "built ${#names[@]} image(s) in $((SECONDS - start))s"
if [[ " ${names[*]} " == *" gateway "* ]]; then
  # Envoy checks the config the image carries (the cluster's) without starting.
  podman run --rm --network none "$(app_image gateway)" --mode validate -c /etc/envoy/envoy.yaml >&2 ||
    infra_die "the gateway image's Envoy refuses its config"
fi

for image in "$DEBIAN_IMAGE" "$NODE_BUILD_IMAGE" "$NODE_RUNTIME_IMAGE" "$ENVOY_IMAGE" "$NGINX_IMAGE"; do
  echo "$image"
done >"$LOGS/images.txt"
for name in "${names[@]}"; do app_image "$name"; done >>"$LOGS/images.txt"
printf '%-60s %8s\n' IMAGE 'SIZE MB'
while read -r image; do
  printf '%-60s %8s\n' "$image" "$(($(podman image inspect --format '{{.Size}}' "$image") / 1000000))"
done <"$LOGS/images.txt"
