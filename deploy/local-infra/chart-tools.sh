#!/usr/bin/env bash
# Tools the chart checks (deploy/chart/check.sh) use, installed when missing, all pinned:
#   - helm and kube-score, built with `go install` into $BETTERPLUS_CACHE/go-bin,
#   - kubernetes-validate from PyPI in a virtualenv of its own: it ships the Kubernetes API JSON
#     schemas of every release up to 1.37, so manifests are validated offline,
#   - from npm, in a prefix of its own: @kubernetes-models/prometheus-operator (the ServiceMonitor,
#     PodMonitor and PrometheusRule schemas) and @bitnami/readme-generator-for-helm (the chart
#     README's parameter tables).
# Prints HELM_BIN=..., KUBE_SCORE_BIN=..., KUBERNETES_VALIDATE_BIN=..., CHART_NODE_MODULES=... and
# README_GENERATOR_BIN=....
set -euo pipefail
INFRA_NAME=chart-tools
# shellcheck source=deploy/local-infra/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ "${1:-}" == stop ]] && exit 0 # nothing runs

HELM_VERSION=v3.19.0
KUBE_SCORE_VERSION=v1.20.0
KUBERNETES_VALIDATE_VERSION=1.37.0
PROMETHEUS_OPERATOR_MODELS_VERSION=6.0.0
README_GENERATOR_VERSION=2.7.2

GO_BIN="$BETTERPLUS_CACHE/go-bin"
mkdir -p "$GO_BIN"
# One install at a time: check.sh and the chart tests may both call this on a cold cache.
exec 9>"$BETTERPLUS_CACHE/chart-tools.lock"
flock 9

# go_tool NAME MODULE VERSION: `go install MODULE/cmd/NAME@VERSION` unless the binary there was built
# from that version (read from its build info: binaries built this way report no version of their own).
go_tool() {
  local name=$1 module=$2 version=$3
  if go version -m "$GO_BIN/$name" 2>/dev/null | grep -qE "^\s+mod\s+$module\s+$version\s"; then
    return 0
  fi
  infra_log "go install $module/cmd/$name@$version"
  GOBIN="$GO_BIN" GOFLAGS=-buildvcs=false go install "$module/cmd/$name@$version" >&2
  [[ -x "$GO_BIN/$name" ]] || infra_die "go install left no $GO_BIN/$name"
}

command -v go >/dev/null 2>&1 || infra_apt_install golang-go
go_tool helm helm.sh/helm/v3 "$HELM_VERSION"
infra_log "helm $("$GO_BIN/helm" version --short)"
go_tool kube-score github.com/zegl/kube-score "$KUBE_SCORE_VERSION"
infra_log "kube-score $KUBE_SCORE_VERSION"

# --- kubernetes-validate (PyPI) ---
VALIDATE="$(infra_pip_tool kubernetes-validate "$KUBERNETES_VALIDATE_VERSION" kubernetes-validate)"
infra_log "kubernetes-validate $KUBERNETES_VALIDATE_VERSION"

# --- npm packages, outside the project's lockfile: they are check tools, not dependencies ---
NPM_PREFIX="$BETTERPLUS_CACHE/chart-npm-$PROMETHEUS_OPERATOR_MODELS_VERSION-$README_GENERATOR_VERSION"
README_GENERATOR="$NPM_PREFIX/node_modules/.bin/readme-generator"
if [[ ! -x "$README_GENERATOR" || ! -d "$NPM_PREFIX/node_modules/@kubernetes-models/prometheus-operator" ]]; then
  infra_log "npm install @kubernetes-models/prometheus-operator@$PROMETHEUS_OPERATOR_MODELS_VERSION @bitnami/readme-generator-for-helm@$README_GENERATOR_VERSION"
  rm -rf "$NPM_PREFIX"
  mkdir -p "$NPM_PREFIX"
  npm install --prefix "$NPM_PREFIX" --no-audit --no-fund --no-save --loglevel=error \
    "@kubernetes-models/prometheus-operator@$PROMETHEUS_OPERATOR_MODELS_VERSION" \
    "@bitnami/readme-generator-for-helm@$README_GENERATOR_VERSION" >&2
  [[ -x "$README_GENERATOR" ]] || infra_die "npm install left no $README_GENERATOR"
fi
infra_log "@kubernetes-models/prometheus-operator $PROMETHEUS_OPERATOR_MODELS_VERSION, readme-generator-for-helm $README_GENERATOR_VERSION"

echo "HELM_BIN=$GO_BIN/helm"
echo "KUBE_SCORE_BIN=$GO_BIN/kube-score"
echo "KUBERNETES_VALIDATE_BIN=$VALIDATE"
echo "CHART_NODE_MODULES=$NPM_PREFIX/node_modules"
echo "README_GENERATOR_BIN=$README_GENERATOR"
