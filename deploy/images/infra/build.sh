#!/usr/bin/env bash
# Builds the images the tests' containers path starts (PostgreSQL 15, Redis 7, Kafka) from
# Debian's packages and the Kafka jars, FROM docker.io/library/debian:bookworm-slim, with podman
# (or docker). An image that is already there is kept unless --force.
#   bash deploy/images/infra/build.sh [--force] [postgres|redis|kafka]...   (default: all three)
# Prints the images as KEY=value lines (the variables the test run reads):
#   BETTERPLUS_TEST_POSTGRES_IMAGE, BETTERPLUS_TEST_REDIS_IMAGE, BETTERPLUS_TEST_KAFKA_IMAGE
# Env: those three (other names for the images), BETTERPLUS_CONTAINER_ENGINE (default: podman if
# installed, else docker), BETTERPLUS_CACHE (where deploy/local-infra/kafka.sh keeps the jars).
set -euo pipefail
INFRA_NAME=images-infra
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOCAL_INFRA="$HERE/../../local-infra"
# shellcheck source=deploy/local-infra/lib.sh
source "$LOCAL_INFRA/lib.sh"

KAFKA_VERSION="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$LOCAL_INFRA/kafka/pom.xml" | head -n1)"
[[ -n "$KAFKA_VERSION" ]] || infra_die "no <kafka.version> in $LOCAL_INFRA/kafka/pom.xml"
declare -A IMAGE=(
  [postgres]="${BETTERPLUS_TEST_POSTGRES_IMAGE:-localhost/betterplus/test-postgres:15}"
  [redis]="${BETTERPLUS_TEST_REDIS_IMAGE:-localhost/betterplus/test-redis:7}"
  [kafka]="${BETTERPLUS_TEST_KAFKA_IMAGE:-localhost/betterplus/test-kafka:$KAFKA_VERSION}"
)

engine="${BETTERPLUS_CONTAINER_ENGINE:-}"
if [[ -z "$engine" ]]; then
  if command -v podman >/dev/null 2>&1; then engine=podman; else engine=docker; fi
fi
command -v "$engine" >/dev/null 2>&1 || infra_die "no container engine ($engine) to build with"

force=0
wanted=()
for a in "$@"; do
  case "$a" in
    --force) force=1 ;;
    postgres | redis | kafka) wanted+=("$a") ;;
    *) infra_die "usage: build.sh [--force] [postgres|redis|kafka]..." ;;
  esac
done
((${#wanted[@]})) || wanted=(postgres redis kafka)

# Each build's context: the image's folder, for Kafka with the jars, fetched into the cache by
# kafka.sh (its `topics --version` fetches them without starting a broker).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
build_context() {
  local name=$1 libs="$BETTERPLUS_CACHE/kafka-$KAFKA_VERSION/libs"
  cp -r "$HERE/$name" "$work/$name"
  if [[ "$name" == kafka ]]; then
    if [[ ! -f "$libs/kafka_2.13-$KAFKA_VERSION.jar" ]]; then
      bash "$LOCAL_INFRA/kafka.sh" topics --version >&2
    fi
    cp -r "$libs" "$work/$name/libs"
  fi
  echo "$work/$name"
}

# The Debian base: made here by deploy/images/bases.sh (no registry can be reached); an engine
# that can reach Docker Hub pulls it instead.
BASE=docker.io/library/debian:bookworm-slim
ensure_base() {
  "$engine" image inspect "$BASE" >/dev/null 2>&1 && return 0
  if [[ "$engine" == podman ]]; then
    infra_log "no $BASE yet: deploy/images/bases.sh makes it"
    bash "$HERE/../bases.sh" >&2 || infra_die "deploy/images/bases.sh failed"
  fi
}

for name in "${wanted[@]}"; do
  image="${IMAGE[$name]}"
  if ((!force)) && "$engine" image inspect "$image" >/dev/null 2>&1; then
    infra_log "$image is there (--force builds it again)"
    continue
  fi
  if [[ "$image" != localhost/* ]]; then
    infra_die "$image is not a local image name (localhost/...): pull it rather than build it"
  fi
  ensure_base
  context="$(build_context "$name")"
  infra_log "building $image"
  start=$SECONDS
  # The host's network, so that apt reaches Debian's mirrors during the build.
  "$engine" build --network host -f "$context/Containerfile" -t "$image" "$context" >&2 ||
    infra_die "building $image failed"
  infra_log "built $image in $((SECONDS - start))s"
done

echo "BETTERPLUS_TEST_POSTGRES_IMAGE=${IMAGE[postgres]}"
echo "BETTERPLUS_TEST_REDIS_IMAGE=${IMAGE[redis]}"
echo "BETTERPLUS_TEST_KAFKA_IMAGE=${IMAGE[kafka]}"
