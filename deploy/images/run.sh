#!/usr/bin/env bash
# Runs Better+ from its images (deploy/images/build.sh), every part a container with podman on the
# host network, in production mode against the real PostgreSQL, Redis and Kafka:
#   bash deploy/images/run.sh up     (re)start the five services, web and the gateway; waits until
#                                    each is ready; prints GATEWAY_URL=... and the admin account
#   bash deploy/images/run.sh down   stop and remove them
# Takes DATABASE_URL, REDIS_URL and KAFKA_BROKERS from the environment (e.g. ~/.cache/betterplus/
# infra.env). Each service gets its own database: <SERVICE>_DATABASE_URL when set (e.g.
# ADMIN_REPORTING_DATABASE_URL), else <name>_<service> made on DATABASE_URL's server.
# Env (all optional):
#   CONTAINERS_NAME   container names are <name>-<part>; default betterplus
#   CONTAINERS_PORT   the gateway's port (default 18080); the services listen on the next five (in
#                     the order identity, billing, chat, notifications, admin-reporting), web on +10
#                     and Envoy's admin on +11
#   IMAGE_TAG         which build to run (default dev)
#   SMTP_URL, MAIL_FROM, SUPPORT_EMAIL, PUBLIC_URL, KAFKA_NAMESPACE, LOG_LEVEL: passed on (SMTP_URL
#                     defaults to smtp://127.0.0.1:2525, where nothing may listen: mail then waits)
#   JWT_PRIVATE_KEY and JWT_PUBLIC_KEY, NOTIFICATIONS_PRIVATE_KEY and NOTIFICATIONS_PUBLIC_KEY,
#   ADMIN_USERNAME and ADMIN_PASSWORD: made once per name and kept in
#                     $BETTERPLUS_CACHE/containers/<name> when not given
set -euo pipefail
INFRA_NAME=containers
# shellcheck source=deploy/images/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$REPO_ROOT"
# The secrets and the Envoy config are made with the kit and the gateway's code: TypeScript, Node 24.
# shellcheck source=scripts/ensure-node.sh
source scripts/ensure-node.sh

NAME="${CONTAINERS_NAME:-betterplus}"
PORT="${CONTAINERS_PORT:-18080}"
STATE="$BETTERPLUS_CACHE/containers/$NAME"
PARTS=("${SERVICES[@]}" web gateway)
images_use_podman

container() { echo "$NAME-$1"; }

down() {
  local part
  for part in "${PARTS[@]}"; do
    podman rm --force --ignore --time 10 "$(container "$part")" >/dev/null
  done
}

case "${1:-}" in
  down)
    down
    exit 0
    ;;
  up) ;;
  *) infra_die "usage: run.sh up|down" ;;
esac

for key in DATABASE_URL REDIS_URL KAFKA_BROKERS; do
  [[ -n "${!key:-}" ]] || infra_die "$key is not set (source ~/.cache/betterplus/infra.env)"
done
for part in "${PARTS[@]}"; do
  image_exists "$(app_image "$part")" || infra_die "no image $(app_image "$part"): run deploy/images/build.sh"
done

service_port() {
  local i
  for i in "${!SERVICES[@]}"; do
    if [[ "${SERVICES[$i]}" == "$1" ]]; then
      echo $((PORT + 1 + i))
      return
    fi
  done
  return 1
}
WEB_PORT=$((PORT + 10))
ADMIN_PORT=$((PORT + 11))

# Throwaway secrets, made with the kit as the tests and the embedded stack make them.
mkdir -p "$STATE"
chmod 700 "$STATE"
if [[ ! -s "$STATE/notifications-public.pem" ]]; then
  node --input-type=module -e '
    import { writeFileSync } from "node:fs";
    import { join } from "node:path";
    import { randomBytes } from "node:crypto";
    import { generateSecretKeys, generateSigningKeys } from "@betterplus/kit";
    const [dir] = process.argv.slice(1);
    const signing = await generateSigningKeys();
    const secret = generateSecretKeys();
    const files = {
      "jwt-private.pem": signing.privateKeyPem, "jwt-public.pem": signing.publicKeyPem,
      "admin-password": randomBytes(24).toString("base64url"),
      "notifications-private.pem": secret.privateKeyPem, "notifications-public.pem": secret.publicKeyPem,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, { mode: 0o600 });
  ' "$STATE"
fi
export JWT_PRIVATE_KEY="${JWT_PRIVATE_KEY:-$(cat "$STATE/jwt-private.pem")}"
export JWT_PUBLIC_KEY="${JWT_PUBLIC_KEY:-$(cat "$STATE/jwt-public.pem")}"
export NOTIFICATIONS_PRIVATE_KEY="${NOTIFICATIONS_PRIVATE_KEY:-$(cat "$STATE/notifications-private.pem")}"
export NOTIFICATIONS_PUBLIC_KEY="${NOTIFICATIONS_PUBLIC_KEY:-$(cat "$STATE/notifications-public.pem")}"
export ADMIN_USERNAME="${ADMIN_USERNAME:-admin}"
export ADMIN_PASSWORD="${ADMIN_PASSWORD:-$(cat "$STATE/admin-password")}"
export SMTP_URL="${SMTP_URL:-smtp://127.0.0.1:2525}"
export SUPPORT_EMAIL="${SUPPORT_EMAIL:-support@example.org}"
export PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:$PORT}"
export LOG_LEVEL="${LOG_LEVEL:-info}"
export KAFKA_NAMESPACE="${KAFKA_NAMESPACE:-}"
# Billing refuses production without Razorpay and invoice settings; these only let it start (no
# payment can be made with them).
export RAZORPAY_KEY_ID="${RAZORPAY_KEY_ID:-rzp_test_containers}"
export RAZORPAY_KEY_SECRET="${RAZORPAY_KEY_SECRET:-containers-key-secret}"
export RAZORPAY_WEBHOOK_SECRET="${RAZORPAY_WEBHOOK_SECRET:-containers-webhook-secret}"
export RAZORPAY_PLAN_ID="${RAZORPAY_PLAN_ID:-plan_containers}"
export SUPPLIER_ADDRESS="${SUPPLIER_ADDRESS:-1 Test Road, Bengaluru 560001}"
export SUPPLIER_GSTIN="${SUPPLIER_GSTIN:-29ABCDE1234F1Z5}"

# database_url SERVICE: the service's own database (made when missing).
database_url() {
  local var="${1//-/_}_DATABASE_URL"
  var="${var^^}"
  if [[ -n "${!var:-}" ]]; then
    echo "${!var}"
    return
  fi
  local db="${NAME//-/_}_${1//-/_}"
  if [[ "$(psql "$DATABASE_URL" -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'")" != 1 ]]; then
    psql "$DATABASE_URL" -qc "CREATE DATABASE $db" >&2
  fi
  # The server's URL with this database as its path.
  node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$DATABASE_URL" "$db"
}

# Settings each service takes beyond the common ones, by name (their values come from this shell).
service_settings() {
  case "$1" in
    identity) echo JWT_PRIVATE_KEY NOTIFICATIONS_PUBLIC_KEY ;;
    billing) echo RAZORPAY_KEY_ID RAZORPAY_KEY_SECRET RAZORPAY_WEBHOOK_SECRET RAZORPAY_PLAN_ID SUPPLIER_ADDRESS SUPPLIER_GSTIN ;;
    notifications) echo NOTIFICATIONS_PRIVATE_KEY SMTP_URL SUPPORT_EMAIL MAIL_FROM ;;
    admin-reporting) echo ADMIN_USERNAME ADMIN_PASSWORD ;;
  esac
}

# The hardening the Helm chart asks of Kubernetes: read-only root, no capabilities, no privilege gain.
HARDENED=(--read-only --cap-drop ALL --security-opt no-new-privileges --detach)

down
for service in "${SERVICES[@]}"; do
  env_args=()
  for key in REDIS_URL KAFKA_BROKERS KAFKA_NAMESPACE JWT_PUBLIC_KEY PUBLIC_URL LOG_LEVEL $(service_settings "$service"); do
    [[ -n "${!key:-}" ]] && env_args+=(--env "$key")
  done
  DATABASE_URL="$(database_url "$service")" PORT="$(service_port "$service")" HOST=127.0.0.1 \
    podman run "${HARDENED[@]}" --network host --name "$(container "$service")" --env DATABASE_URL --env PORT --env HOST \
    "${env_args[@]}" "$(app_image "$service")" >/dev/null
done

# The web image listens on 8080 as Kubernetes runs it, and 8080 on the host may be taken (npm start's
# gateway): its own config, with only the port changed, is mounted as the chart would mount one. Host
# network like the rest: a bridge's interfaces coming and going make Chromium fail the requests in
# flight of browser tests running beside this (net::ERR_NETWORK_CHANGED).
sed "s/^    listen 8080;$/    listen 127.0.0.1:$WEB_PORT;/" deploy/docker/web-nginx.conf >"$STATE/web-nginx.conf"
grep -q "listen 127.0.0.1:$WEB_PORT;" "$STATE/web-nginx.conf" || infra_die "deploy/docker/web-nginx.conf no longer says 'listen 8080;'"
chmod 644 "$STATE/web-nginx.conf"
podman run "${HARDENED[@]}" --network host --volume "$STATE/web-nginx.conf:/etc/nginx/conf.d/default.conf:ro,Z" \
  --tmpfs /tmp --name "$(container web)" "$(app_image web)" >/dev/null

upstream_ports=()
for service in "${SERVICES[@]}"; do upstream_ports+=("$(service_port "$service")"); done
# The gateway with the generated config, its clusters the host ports above (the image's own file
# names Kubernetes Services), mounted as the Helm chart mounts its ConfigMap.
node --input-type=module -e '
  import { CLUSTER_NAMES, renderEnvoyConfig } from "@betterplus/gateway";
  const [listenPort, adminPort, ...ports] = process.argv.slice(1).map(Number);
  const clusters = Object.fromEntries(CLUSTER_NAMES.map((name, i) => [name, { host: "127.0.0.1", port: ports[i] }]));
  process.stdout.write(renderEnvoyConfig({ listenPort, adminPort, clusters }));
' "$PORT" "$ADMIN_PORT" "${upstream_ports[@]}" "$WEB_PORT" >"$STATE/envoy.yaml"
chmod 644 "$STATE/envoy.yaml"
podman run "${HARDENED[@]}" --network host --name "$(container gateway)" --volume "$STATE/envoy.yaml:/etc/envoy/envoy.yaml:ro,Z" \
  "$(app_image gateway)" >/dev/null

# ready PART URL: waits for URL to answer 200, showing the container's log if it stops or times out.
ready() {
  local deadline=$((SECONDS + 90))
  until curl --silent --fail --output /dev/null "$2"; do
    if [[ "$(podman inspect --format '{{.State.Running}}' "$(container "$1")")" != true ]] || ((SECONDS >= deadline)); then
      podman logs --tail 30 "$(container "$1")" 2>&1 | cut -c1-300 >&2 || true
      infra_die "$1 did not become ready at $2"
    fi
    sleep 0.5
  done
}
for service in "${SERVICES[@]}"; do
  ready "$service" "http://127.0.0.1:$(service_port "$service")/readyz"
done
ready web "http://127.0.0.1:$WEB_PORT/healthz"
ready gateway "http://127.0.0.1:$ADMIN_PORT/ready"
ready gateway "http://127.0.0.1:$PORT/healthz"
infra_log "up: gateway on http://127.0.0.1:$PORT"
echo "GATEWAY_URL=http://127.0.0.1:$PORT"
echo "ADMIN_USERNAME=$ADMIN_USERNAME"
echo "ADMIN_PASSWORD=$ADMIN_PASSWORD"
