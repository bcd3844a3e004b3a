# shellcheck shell=bash
# shellcheck disable=SC2034 # the names are for the scripts that source this file
# Shared by the image scripts (sourced): the image names, and podman set up through
# deploy/local-infra/podman.sh. Progress goes to stderr.

IMAGES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$IMAGES_DIR/../.." && pwd)"
INFRA_NAME="${INFRA_NAME:-images}"
# shellcheck source=deploy/local-infra/lib.sh
source "$REPO_ROOT/deploy/local-infra/lib.sh"

# The bases, under the names the Dockerfiles in deploy/docker use.
DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim
NODE_BUILD_IMAGE=docker.io/library/node:24-slim
NODE_RUNTIME_IMAGE=gcr.io/distroless/nodejs24-debian12:nonroot
ENVOY_IMAGE=docker.io/envoyproxy/envoy:distroless-v1.40.0
NGINX_IMAGE=localhost/betterplus/nginx-unprivileged:1.22-bookworm

SERVICES=(identity billing chat notifications admin-reporting)
# The images of Better+ itself: localhost/betterplus/<name>:$IMAGE_TAG.
IMAGE_TAG="${IMAGE_TAG:-dev}"
app_image() { echo "localhost/betterplus/$1:$IMAGE_TAG"; }

# Exports podman's settings (CONTAINERS_CONF, DOCKER_HOST) as deploy/local-infra/podman.sh prints them.
images_use_podman() {
  local out key value
  out="$(bash "$REPO_ROOT/deploy/local-infra/podman.sh")" || infra_die "podman is not usable"
  while IFS='=' read -r key value; do
    [[ "$key" =~ ^[A-Z_][A-Z0-9_]*$ ]] && export "$key=$value"
  done <<<"$out"
}

image_exists() {
  podman image exists "$1"
}
