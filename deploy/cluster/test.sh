#!/usr/bin/env bash
# `npm run cluster:test`: Better+ on a real single-node Kubernetes cluster, installed with its Helm
# chart, tested the way Kubernetes' own e2e tests work: real components and probes, failures
# injected, nothing mocked. Each part is one counted test:
#   cluster up        up.sh: etcd, control plane, containerd, kubelet, kube-proxy, kube-router, CoreDNS
#   pods ready        the images loaded, PostgreSQL, Redis, Kafka, the mail sink and the Razorpay
#                     stand-in started, `helm install`, every pod Ready by its own probes
#   journey           journey.ts through the gateway Service
#   helm test         the chart's own test pod
#   rolling restart   every Deployment restarted under k6 load: 0 failed requests
#   pod kill          one pod of every Deployment evicted under k6 load (a second eviction must be
#                     refused by its PodDisruptionBudget): 0 failed requests
#   upgrade/rollback  `helm upgrade` with another supplier name and log level, the journey (the
#                     invoice names the new supplier), `helm rollback`, the journey again
#   network policy    a pod the policies do not admit is refused by billing; the same pod with the
#                     gateway's labels is answered; a service may still reach its database
# Then one line sums it up, and the cluster is torn down (CLUSTER_KEEP=1 leaves it running; stop
# it with `npm run cluster:down`). With BETTERPLUS_TEST_COUNTS set (.ci/run), writes the counts
# there as scripts/test.sh does, and the failed parts' names to "$BETTERPLUS_TEST_COUNTS.failures".
# Logs: $BETTERPLUS_CACHE/cluster/logs.
set -uo pipefail
INFRA_NAME=cluster-test
# shellcheck source=deploy/cluster/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$REPO_ROOT" || exit 1
# shellcheck source=scripts/ensure-node.sh
source scripts/ensure-node.sh >/dev/null
[[ -d node_modules ]] || infra_die "no node_modules: run npm ci first"

NAMESPACE=betterplus
RELEASE=betterplus
CHART=helm/betterplus
# IMAGE_TAG: which build of deploy/images/build.sh to run (default dev), as images.sh loads it.
IMAGE_TAG="${IMAGE_TAG:-dev}"
export IMAGE_TAG
VALUES=(-f "$CHART/examples/development.yaml" -f "$CLUSTER_DIR/values.yaml" --set "image.tag=$IMAGE_TAG")
SUPPLIER_NAME="Better+"
UPGRADED_SUPPLIER_NAME="Better+ Cluster Test"
DEPLOYMENTS=(identity billing chat notifications admin-reporting web gateway)

passed=0
failed=0
failures=()
results=()
cluster_up=false
installed=false
summary=()

# part NAME FUNCTION: one counted test. A part that needs the cluster fails without it.
part() {
  local name=$1 function=$2 t0=$SECONDS rc=0
  echo
  echo "== cluster test: $name"
  if [[ "$name" != "cluster up" ]] && ! $cluster_up; then
    echo "not run: the cluster did not come up"
    rc=1
  elif [[ "$name" != "cluster up" && "$name" != "pods ready" ]] && ! $installed; then
    echo "not run: Better+ was not installed"
    rc=1
  else
    "$function" || rc=$?
  fi
  if ((rc == 0)); then
    passed=$((passed + 1))
    results+=("passed  $name ($((SECONDS - t0)) s)")
  else
    failed=$((failed + 1))
    failures+=("cluster: $name")
    results+=("FAILED  $name ($((SECONDS - t0)) s)")
  fi
}

finish() {
  if [[ "${CLUSTER_KEEP:-}" != 1 ]]; then
    bash "$CLUSTER_DIR/down.sh" || failed=$((failed + 1))
  else
    infra_log "left running (CLUSTER_KEEP=1): KUBECONFIG=$KUBECONFIG; stop it with npm run cluster:down"
  fi
  echo
  printf '  %s\n' "${results[@]}"
  local line
  line="$(IFS=';' && echo "${summary[*]:-nothing ran}")"
  echo "cluster: ${line//;/; }"
  echo "kubernetes: $passed passed, $failed failed"
  if [[ -n "${BETTERPLUS_TEST_COUNTS:-}" ]]; then
    printf '{"passed":%d,"failed":%d,"skipped":0}\n' "$passed" "$failed" >"$BETTERPLUS_TEST_COUNTS"
    if ((${#failures[@]})); then printf '%s\n' "${failures[@]}" >"$BETTERPLUS_TEST_COUNTS.failures"; fi
  fi
  ((failed == 0))
}

service_url() { # service_url NAME PORT
  echo "http://$(kubectl -n "$NAMESPACE" get service "$1" -o jsonpath='{.spec.clusterIP}'):$2"
}

# --- cluster up ----------------------------------------------------------------------------------
bring_up() {
  local out
  out="$(bash "$CLUSTER_DIR/up.sh")" || return 1
  KUBE_BIN="$(sed -n 's/^KUBE_BIN=//p' <<<"$out")"
  cluster_helm
  cluster_up=true
  summary+=("Kubernetes $(kubectl version -o json | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).serverVersion.gitVersion')")
}

# --- pods ready ----------------------------------------------------------------------------------
# The Secret the chart reads (helm/betterplus/README.md), with throwaway keys made by the kit; the
# admin's password itself stays out of it (the Secret holds its argon2id hash).
create_secret() {
  local dir=$1
  # shellcheck disable=SC2016 # JavaScript, not shell
  ADMIN_PASSWORD="$(node --input-type=module -e '
    import { writeFileSync } from "node:fs";
    import { join } from "node:path";
    import { randomBytes } from "node:crypto";
    import { hash } from "@node-rs/argon2";
    import { generateSecretKeys, generateSigningKeys } from "@betterplus/kit";
    const [dir] = process.argv.slice(1);
    const signing = await generateSigningKeys();
    const secret = generateSecretKeys();
    const password = randomBytes(18).toString("base64url");
    const files = {
      "jwt-private-key": signing.privateKeyPem, "jwt-public-key": signing.publicKeyPem,
      "notifications-private-key": secret.privateKeyPem, "notifications-public-key": secret.publicKeyPem,
      "admin-username": "admin", "admin-password-hash": await hash(password, { algorithm: 2 }),
      "razorpay-key-id": "rzp_test_cluster", "razorpay-key-secret": randomBytes(32).toString("base64url"),
      "razorpay-webhook-secret": randomBytes(32).toString("base64url"), "razorpay-plan-id": "plan_clusterpremium",
      "smtp-url": "smtp://mail-sink:2525",
    };
    for (const service of ["identity", "billing", "chat", "notifications", "admin-reporting"]) {
      files[`${service}-database-url`] = `postgres://postgres@postgresql:5432/${service.replace("-", "_")}`;
    }
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, { mode: 0o600 });
    console.log(password);
  ' "$dir")" || return 1
  kubectl -n "$NAMESPACE" create secret generic betterplus --from-file="$dir" >/dev/null || return 1
  ADMIN_USERNAME="$(cat "$dir/admin-username")"
}

# all_pods_ready SECONDS: every pod that is to run is Ready. Pods being deleted (a replaced
# ReplicaSet's) and finished ones (the topics Job, test pods) aside: `kubectl wait --all` waited
# on a replaced chat pod after it was gone, until its time ran out.
# shellcheck disable=SC2016 # $ready is the template's variable, not the shell's
READY_OR_NOT='{{range .items}}{{if and (not .metadata.deletionTimestamp) (ne .status.phase "Succeeded")}}{{$ready := false}}{{range .status.conditions}}{{if and (eq .type "Ready") (eq .status "True")}}{{$ready = true}}{{end}}{{end}}{{if not $ready}}{{.metadata.name}} {{end}}{{end}}{{end}}'
all_pods_ready() { until_no_pods "$1" "$READY_OR_NOT" "not Ready"; }

# old_pods_gone SECONDS: no pod is terminating. A replaced pod still serves for its drain (up to
# terminationGracePeriodSeconds), over connections the gateway already holds: a journey that must
# meet one release's settings only waits for the other release's pods to be gone.
old_pods_gone() { until_no_pods "$1" '{{range .items}}{{if .metadata.deletionTimestamp}}{{.metadata.name}} {{end}}{{end}}' "still terminating"; }

# until_no_pods SECONDS TEMPLATE WHAT: polls until the go-template lists no pod; else says WHAT the
# pods it still lists are.
until_no_pods() {
  local deadline=$((SECONDS + $1)) listed
  while listed="$(kubectl -n "$NAMESPACE" get pods -o go-template="$2")"; do
    [[ -z "$listed" ]] && return 0
    ((SECONDS < deadline)) || break
    sleep 2
  done
  echo "$3 after $1 s: ${listed:-(kubectl failed)}"
  return 1
}

# rollouts_done TIMEOUT: every Deployment has rolled out. helm's --wait can return while one still
# rolls (chat, which loads its model before it is Ready, took over five minutes on a loaded machine).
rollouts_done() {
  local deployment
  for deployment in "${DEPLOYMENTS[@]}"; do
    kubectl -n "$NAMESPACE" rollout status "deployment/$deployment" --timeout="$1" >/dev/null || return 1
  done
}

install() {
  local t0 secrets infra_images
  bash "$CLUSTER_DIR/images.sh" app || return 1
  infra_images="$(bash deploy/images/infra/build.sh 2>/dev/null)" || return 1
  kubectl create namespace "$NAMESPACE" >/dev/null || return 1
  secrets="$(mktemp -d)"
  create_secret "$secrets" || return 1
  rm -rf "$secrets"
  kubectl -n "$NAMESPACE" create configmap razorpay-stand-in --from-file="$CLUSTER_DIR/providers/razorpay.ts" >/dev/null || return 1
  t0=$SECONDS
  sed -e "s|@POSTGRES_IMAGE@|$(sed -n 's/^BETTERPLUS_TEST_POSTGRES_IMAGE=//p' <<<"$infra_images")|" \
    -e "s|@REDIS_IMAGE@|$(sed -n 's/^BETTERPLUS_TEST_REDIS_IMAGE=//p' <<<"$infra_images")|" \
    -e "s|@KAFKA_IMAGE@|$(sed -n 's/^BETTERPLUS_TEST_KAFKA_IMAGE=//p' <<<"$infra_images")|" \
    -e "s|@MAIL_SINK_IMAGE@|localhost/betterplus/mail-sink:$IMAGE_TAG|" -e "s|@BILLING_IMAGE@|localhost/betterplus/billing:$IMAGE_TAG|" \
    "$CLUSTER_DIR/manifests/infra.yaml" | kubectl -n "$NAMESPACE" apply -f - >/dev/null || return 1
  kubectl -n "$NAMESPACE" rollout status deployment/postgresql --timeout=180s >/dev/null || return 1
  for service in identity billing chat notifications admin_reporting; do
    kubectl -n "$NAMESPACE" exec deploy/postgresql -- psql -h /tmp -U postgres -qc "CREATE DATABASE $service" || return 1
  done
  kubectl -n "$NAMESPACE" rollout status deployment/kafka --timeout=180s >/dev/null || return 1
  # The topics Job (a pre-install hook) runs first; --wait then holds until every Deployment is ready.
  "$HELM_BIN" install "$RELEASE" "$CHART" -n "$NAMESPACE" "${VALUES[@]}" \
    --set "services.billing.env.SUPPLIER_NAME=$SUPPLIER_NAME" --wait --timeout 10m || return 1
  all_pods_ready 120 || return 1
  local pods
  pods="$(kubectl -n "$NAMESPACE" get pods --no-headers | wc -l)"
  kubectl -n "$NAMESPACE" get pods -o wide
  summary+=("$pods pods ready in $((SECONDS - t0)) s")
  GATEWAY_URL="$(service_url gateway 80)"
  MAIL_URL="$(service_url mail-sink 8080)"
  RAZORPAY_URL="$(service_url razorpay 8080)"
  export GATEWAY_URL MAIL_URL RAZORPAY_URL ADMIN_USERNAME ADMIN_PASSWORD
  installed=true
}

# --- journey -------------------------------------------------------------------------------------
TOKEN=""
# journey SUPPLIER_NAME: the journey, whose Premium user's token the load then uses.
journey() {
  local out
  out="$(SUPPLIER_NAME="$1" node "$CLUSTER_DIR/journey.ts")" || return 1
  TOKEN="$(sed -n 's/^TOKEN=//p' <<<"$out")"
  [[ -n "$TOKEN" ]]
}
first_journey() {
  journey "$SUPPLIER_NAME" && summary+=("journey ok")
}

helm_test() {
  # A test pod that passed is deleted at once (its hook-delete-policy); one that failed stays.
  "$HELM_BIN" test "$RELEASE" -n "$NAMESPACE" --timeout 5m || {
    kubectl -n "$NAMESPACE" logs "$RELEASE-test-gateway"
    return 1
  }
  summary+=("helm test ok")
}

# --- under load ----------------------------------------------------------------------------------
K6_PID=""
LOAD_SUMMARY=""
start_load() {
  LOAD_SUMMARY="$(mktemp)"
  local k6
  k6="$(bash deploy/local-infra/k6.sh | sed -n 's/^K6_BIN=//p')" || return 1
  BASE_URL="$GATEWAY_URL" TOKEN="$TOKEN" SUMMARY_FILE="$LOAD_SUMMARY" \
    "$k6" run --quiet --no-color "$CLUSTER_DIR/load.js" >"$LOGS/k6-$1.log" 2>&1 &
  K6_PID=$!
  sleep 5 # the load is flowing before anything is disturbed
}
# stop_load WHAT: stops k6, prints its count; fails unless it made requests and none failed.
LOAD_COUNTS=""
stop_load() {
  sleep 5 # and keeps flowing once everything is back
  kill -INT "$K6_PID" 2>/dev/null
  wait "$K6_PID"
  local requests failures
  requests="$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).requests' "$LOAD_SUMMARY" 2>/dev/null || echo 0)"
  failures="$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).failed' "$LOAD_SUMMARY" 2>/dev/null || echo 1)"
  rm -f "$LOAD_SUMMARY"
  grep -E '^(load:|.*failed: GET)' "$LOGS/k6-$1.log" | head -n 25
  LOAD_COUNTS="$failures failed of $(sed -E ':a; s/([0-9])([0-9]{3})($|,)/\1,\2\3/; ta' <<<"$requests")"
  ((requests > 0 && failures == 0))
}

rolling_restart() {
  start_load rolling-restart || return 1
  local rc=0 deployment
  kubectl -n "$NAMESPACE" rollout restart deployment "${DEPLOYMENTS[@]}" || rc=1
  for deployment in "${DEPLOYMENTS[@]}"; do
    kubectl -n "$NAMESPACE" rollout status "deployment/$deployment" --timeout=10m || rc=1
  done
  stop_load rolling-restart || rc=1
  summary+=("rolling restart $LOAD_COUNTS")
  return "$rc"
}

# evict POD: through the Eviction API, which honours PodDisruptionBudgets; prints the HTTP answer.
evict() {
  kubectl -n "$NAMESPACE" create --raw "/api/v1/namespaces/$NAMESPACE/pods/$1/eviction" -f - <<EOF 2>&1
{"apiVersion": "policy/v1", "kind": "Eviction", "metadata": {"name": "$1", "namespace": "$NAMESPACE"}}
EOF
}

pod_kill() {
  start_load pod-kill || return 1
  local rc=0 deployment pods answer
  for deployment in "${DEPLOYMENTS[@]}"; do
    mapfile -t pods < <(kubectl -n "$NAMESPACE" get pods -l "app.kubernetes.io/instance=$RELEASE,app.kubernetes.io/component=$deployment" \
      --field-selector=status.phase=Running -o name | sed 's|^pod/||')
    if ((${#pods[@]} < 2)); then
      echo "$deployment: ${#pods[@]} pod(s) running, 2 expected"
      rc=1
      continue
    fi
    evict "${pods[0]}" >/dev/null || { echo "$deployment: evicting ${pods[0]} failed" && rc=1; }
    # The budget (maxUnavailable: 1) must refuse a second pod of the same Deployment now.
    answer="$(evict "${pods[1]}")" && { echo "$deployment: a second eviction was allowed: $answer" && rc=1; }
    grep -q 'disruption budget' <<<"$answer" || { echo "$deployment: the second eviction failed otherwise: $answer" && rc=1; }
  done
  rollouts_done 5m || rc=1
  all_pods_ready 300 || rc=1
  stop_load pod-kill || rc=1
  summary+=("pod kill $LOAD_COUNTS")
  return "$rc"
}

# --- upgrade and rollback ------------------------------------------------------------------------
billing_setting() {
  kubectl -n "$NAMESPACE" get deployment billing -o jsonpath="{.spec.template.spec.containers[0].env[?(@.name==\"$1\")].value}"
}
upgrade_and_rollback() {
  "$HELM_BIN" upgrade "$RELEASE" "$CHART" -n "$NAMESPACE" "${VALUES[@]}" --set "services.billing.env.SUPPLIER_NAME=$UPGRADED_SUPPLIER_NAME" \
    --set config.logLevel=warn --wait --timeout 10m || return 1
  [[ "$(billing_setting SUPPLIER_NAME)" == "$UPGRADED_SUPPLIER_NAME" && "$(billing_setting LOG_LEVEL)" == warn ]] || {
    echo "the upgrade did not change billing's settings"
    return 1
  }
  rollouts_done 10m && all_pods_ready 300 && old_pods_gone 120 || return 1
  journey "$UPGRADED_SUPPLIER_NAME" || return 1
  "$HELM_BIN" rollback "$RELEASE" 1 -n "$NAMESPACE" --wait --timeout 10m || return 1
  [[ "$(billing_setting SUPPLIER_NAME)" == "$SUPPLIER_NAME" && "$(billing_setting LOG_LEVEL)" == info ]] || {
    echo "the rollback did not restore billing's settings"
    return 1
  }
  rollouts_done 10m && all_pods_ready 300 && old_pods_gone 120 || return 1
  journey "$SUPPLIER_NAME" || return 1
  "$HELM_BIN" history "$RELEASE" -n "$NAMESPACE"
  summary+=("upgrade and rollback ok")
}

# --- network policy ------------------------------------------------------------------------------
# probe NAME LABELS EXPECTED: a pod (billing's image: its entrypoint is node) that asks billing's
# /healthz and connects to PostgreSQL, once a second for up to a minute, until what it sees matches
# the regular expression EXPECTED (kube-router puts a new pod into its rules within seconds); prints
# what it saw last and succeeds when that matched.
probe() {
  local name=$1 labels=$2 expected=$3
  # shellcheck disable=SC2016 # JavaScript, not shell
  kubectl -n "$NAMESPACE" run "$name" --image="localhost/betterplus/billing:$IMAGE_TAG" --image-pull-policy=IfNotPresent \
    --restart=Never --labels="$labels" --env="EXPECTED=$expected" -- --input-type=module -e '
      import { connect } from "node:net";
      const billing = () => fetch("http://billing:8080/healthz", { signal: AbortSignal.timeout(3000) })
        .then((r) => `answered ${r.status}`, (e) => `refused (${e.cause?.code ?? e.name})`);
      const database = () => new Promise((resolve) => {
        const socket = connect(5432, "postgresql", () => { socket.end(); resolve("connected"); });
        socket.on("error", (e) => resolve(`refused (${e.code})`));
        socket.setTimeout(3000, () => { socket.destroy(); resolve("refused (timeout)"); });
      });
      let seen = "";
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
        seen = `billing: ${await billing()}; postgresql: ${await database()}`;
        if (new RegExp(process.env.EXPECTED).test(seen)) break;
      }
      console.log(seen);
    ' >/dev/null || return 1
  local phase="" deadline=$((SECONDS + 180))
  until [[ "$phase" == Succeeded || "$phase" == Failed ]] || ((SECONDS > deadline)); do
    sleep 1
    phase="$(kubectl -n "$NAMESPACE" get pod "$name" -o jsonpath='{.status.phase}')"
  done
  local seen
  seen="$(kubectl -n "$NAMESPACE" logs "$name")"
  kubectl -n "$NAMESPACE" delete pod "$name" --wait=false >/dev/null
  echo "$name ($labels): $seen"
  [[ "$seen" =~ $expected ]]
}
network_policy() {
  # The gateway's policy lets it reach billing and nothing but the services and DNS.
  probe policy-gateway "app.kubernetes.io/name=betterplus,app.kubernetes.io/instance=$RELEASE,app.kubernetes.io/component=gateway" \
    '^billing: answered 200; postgresql: refused' || return 1
  # No policy admits this one to billing, and none keeps it from the database: the network works,
  # the policy refuses.
  probe policy-outsider app.kubernetes.io/name=policy-probe '^billing: refused \((ECONNREFUSED|TimeoutError)\); postgresql: connected$' || return 1
  summary+=("network policy enforced")
}

part "cluster up" bring_up
part "pods ready" install
part "journey" first_journey
part "helm test" helm_test
part "rolling restart" rolling_restart
part "pod kill" pod_kill
part "upgrade and rollback" upgrade_and_rollback
part "network policy" network_policy
finish
