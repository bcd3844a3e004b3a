#!/usr/bin/env bash
# The Helm chart's offline checks (CI runs this; about 30 s once the tools are cached):
#   - files/kafka-topics.yaml is the current copy of the topic catalogue,
#   - the README's parameter tables are what the values' @param comments make,
#   - the default values alone fail with the chart's `required` message,
#   - every values set (defaults plus only the required values, ci/ci-values.yaml, each example and
#     deploy/chart/all-features-values.yaml) passes helm lint --strict, renders, validates against the Kubernetes API schemas
#     (kubernetes-validate, strict, 1.33 and 1.37), the Prometheus Operator CRD schemas, its gateway
#     ConfigMap passes `envoy --mode validate`, and it scores
#     no CRITICAL in kube-score (see the chart README for the one test ignored),
#   - values.schema.json rejects wrong values and names the field,
#   - skaffold.yaml matches the repository and the chart (deploy/chart/check-skaffold.ts).
# Prints one line per check and closes with "N passed, N failed"; exits non-zero on any failure.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CHART="$ROOT/helm/betterplus"
HERE="$ROOT/deploy/chart"
KUBERNETES_VERSIONS=(1.33.0 1.37.0)
# ImagePullPolicy Always is a choice for multi-tenant nodes, not a default: see "kube-score" in the chart README.
KUBE_SCORE_IGNORED=(container-image-pull-policy)
# Kinds kubernetes-validate has no schema for: validated by validate-custom-resources.ts instead.
CUSTOM_GROUPS='monitoring\.coreos\.com|kafka\.strimzi\.io'

tools="$(bash "$ROOT/deploy/local-infra/chart-tools.sh")"
while IFS='=' read -r key value; do
  case "$key" in
    HELM_BIN | KUBE_SCORE_BIN | KUBERNETES_VALIDATE_BIN | CHART_NODE_MODULES | README_GENERATOR_BIN) printf -v "$key" '%s' "$value" ;;
  esac
done <<<"$tools"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# check NAME COMMAND...: runs COMMAND with its output in a log, shown only when it fails; counts
# the result and leaves it in last_ok (a failed check never stops the others).
last_ok=true
check() {
  local name=$1 log
  shift
  log="$work/log.$((passed + failed))"
  if "$@" >"$log" 2>&1; then
    passed=$((passed + 1))
    last_ok=true
    echo "ok   $name"
  else
    failed=$((failed + 1))
    last_ok=false
    echo "FAIL $name"
    sed 's/^/     /' "$log"
  fi
}

helm_template() {
  local status=0
  "$HELM_BIN" template betterplus "$CHART" --namespace betterplus "$@" 2>"$work/helm.err" || status=$?
  # The chart's files/envoy.yaml is a symlink to gateway/envoy.yaml: Helm's notice about it is expected.
  grep -v 'found symbolic link in path' "$work/helm.err" >&2 || true
  return "$status"
}

lint() {
  "$HELM_BIN" lint --strict "$CHART" -f "$1"
}

readme_current() {
  cp "$CHART/README.md" "$work/README.md"
  "$README_GENERATOR_BIN" --values "$CHART/values.yaml" --readme "$work/README.md"
  diff -u "$CHART/README.md" "$work/README.md" || {
    echo "helm/betterplus/README.md is stale: run $README_GENERATOR_BIN --values helm/betterplus/values.yaml --readme helm/betterplus/README.md"
    return 1
  }
}

defaults_fail_clearly() {
  if helm_template >"$work/defaults.yaml" 2>"$work/defaults.err"; then
    echo "the default values rendered, but they lack the required ones"
    return 1
  fi
  cat "$work/defaults.err"
  grep -q 'secrets.existingSecret: name the Secret' "$work/defaults.err"
}

kubernetes_valid() {
  local manifests=$1 version=$2 output
  output="$("$KUBERNETES_VALIDATE_BIN" --strict --kubernetes-version "$version" --quiet "$manifests" 2>&1)" || {
    echo "$output"
    return 1
  }
  # A kind without a schema passes with a warning: only the custom resources may.
  if grep -vE "Couldn't find schema for kind [A-Za-z]+ with api version ($CUSTOM_GROUPS)/" <<<"$output" | grep -q .; then
    echo "$output"
    return 1
  fi
  echo "$output" | sort | uniq -c
}

# The gateway ConfigMap's envoy.yaml, as the chart rewrote it, is a config Envoy accepts.
envoy_accepts() {
  local envoy=${ENVOY_BIN:-envoy}
  command -v "$envoy" >/dev/null || {
    echo "no envoy: run deploy/local-infra/tools.sh (it prints ENVOY_BIN)"
    return 1
  }
  helm_template -f "$1" --show-only templates/gateway-configmap.yaml |
    awk '/^  envoy.yaml: \|-$/ { inside = 1; next } inside { sub(/^    /, ""); print }' >"$work/envoy.yaml"
  grep -q 'xff_num_trusted_hops' "$work/envoy.yaml"
  "$envoy" --mode validate -c "$work/envoy.yaml" --log-level error
}

custom_resources_valid() {
  node "$HERE/validate-custom-resources.ts" "$CHART_NODE_MODULES" "$1" | sort | uniq -c
  return "${PIPESTATUS[0]}"
}

no_critical_score() {
  local ignored=() test
  for test in "${KUBE_SCORE_IGNORED[@]}"; do ignored+=(--ignore-test "$test"); done
  "$KUBE_SCORE_BIN" score --output-format ci "${ignored[@]}" "$1" >"$work/score.txt" || true
  grep -E '^\[(CRITICAL|WARNING)\]' "$work/score.txt" || true
  ! grep -q '^\[CRITICAL\]' "$work/score.txt"
}

# rejects DESCRIPTION EXPECTED_MESSAGE HELM_ARGS...: helm template fails and says EXPECTED_MESSAGE.
rejects() {
  local expected=$1
  shift
  if helm_template -f "$HERE/required-values.yaml" "$@" >/dev/null 2>"$work/rejected.err"; then
    echo "helm template $* rendered"
    return 1
  fi
  cat "$work/rejected.err"
  grep -qF -- "$expected" "$work/rejected.err"
}

check "files/kafka-topics.yaml is the current topic catalogue" node "$HERE/write-kafka-topics.ts" --check
check "README parameters match the @param comments of values.yaml" readme_current
check "default values alone fail, naming the required values" defaults_fail_clearly

value_sets=("defaults+required:$HERE/required-values.yaml" "ci:$CHART/ci/ci-values.yaml")
for example in "$CHART"/examples/*.yaml; do value_sets+=("examples/$(basename "$example"):$example"); done
value_sets+=("all-features:$HERE/all-features-values.yaml")
render() {
  helm_template -f "$1" >"$2"
  grep -c '^kind:' "$2"
}

for index in "${!value_sets[@]}"; do
  entry=${value_sets[$index]}
  name=${entry%%:*}
  manifests="$work/manifests-$index.yaml"
  check "$name: helm lint --strict" lint "${entry#*:}"
  check "$name: helm template" render "${entry#*:}" "$manifests"
  $last_ok || continue
  for version in "${KUBERNETES_VERSIONS[@]}"; do
    check "$name: Kubernetes $version API schemas (strict)" kubernetes_valid "$manifests" "$version"
  done
  check "$name: Envoy accepts the gateway ConfigMap" envoy_accepts "${entry#*:}"
  check "$name: Prometheus Operator CRD schemas (KafkaTopic skipped: no offline schema)" custom_resources_valid "$manifests"
  check "$name: kube-score, no CRITICAL" no_critical_score "$manifests"
done

check "schema rejects a negative replicaCount" rejects "at '/services/chat/replicaCount': minimum: got -1, want 0" --set services.chat.replicaCount=-1
check "schema rejects an unknown service key" rejects "at '/services/chat': additional properties 'replicas' not allowed" --set services.chat.replicas=2
check "schema rejects an unknown service" rejects "at '/services': additional properties 'search' not allowed" --set services.search.enabled=true
check "schema rejects a bad resources preset" rejects "at '/web/resourcesPreset'" --set web.resourcesPreset=huge
check "schema rejects a public URL without a scheme" rejects "at '/config/publicUrl'" --set config.publicUrl=betterplus.example.com
check "schema rejects a bad pull policy" rejects "at '/image/pullPolicy'" --set image.pullPolicy=Sometimes
check "schema rejects a host name as a trusted proxy" rejects "at '/config/trustedProxies/0'" --set 'config.trustedProxies={gateway.internal}'
check "chart rejects both the topics Job and Strimzi" rejects "let either the Job or Strimzi's Topic Operator own the topics" --set kafkaTopics.strimzi.enabled=true --set kafkaTopics.strimzi.clusterName=kafka
check "skaffold.yaml matches the repository and the chart" node "$HERE/check-skaffold.ts" "$HELM_BIN"

echo "chart checks: $passed passed, $failed failed"
((failed == 0))
