#!/usr/bin/env bash
# The run command (`npm start`): the whole app on one machine, at http://localhost:8080.
# Installs what is missing or stale (Node 24, node_modules, the web bundle) and then runs
# deploy/stack/src/start.ts in the foreground. Arguments are passed on to it.
# A start with everything up to date skips straight to the server.
set -euo pipefail
# Refused before anything is installed or built; deploy/stack/src/start.ts refuses it too.
if [[ "${APP_ENV:-}" == production ]]; then
  echo "npm start runs the embedded stack (PGlite, an in-process bus, a local mailbox) and refuses APP_ENV=production: deploy the services (helm/betterplus) instead." >&2
  exit 1
fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/ensure-node.sh
source scripts/ensure-node.sh
# shellcheck source=scripts/ensure-deps.sh
source scripts/ensure-deps.sh
betterplus_ensure_deps

# The web bundle is rebuilt when web/dist is missing or older than any of its inputs.
web_stale() {
  local built=web/dist/index.html
  [[ -f "$built" ]] || return 0
  local inputs=(web/src web/index.html web/vite.config.ts web/public web/package.json web/tsconfig.json)
  local existing=() i
  for i in "${inputs[@]}"; do
    [[ -e "$i" ]] && existing+=("$i")
  done
  ((${#existing[@]})) || return 1
  [[ -n "$(find "${existing[@]}" -newer "$built" -print -quit 2>/dev/null)" ]]
}
if web_stale; then
  echo "start: building the web bundle (npm run build -w web)" >&2
  npm run build -w web
fi

exec node deploy/stack/src/start.ts "$@"
