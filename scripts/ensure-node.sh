# shellcheck shell=bash
# Makes `node` on PATH a Node.js 24 (the version package.json's engines and .nvmrc ask for).
# Meant to be sourced:   source scripts/ensure-node.sh
# If the node on PATH is not v24.x, Node 24 is installed from the npm registry's `node` package into
# "${BETTERPLUS_CACHE:-$HOME/.cache/betterplus}/node24" (reused when already there) and its bin is
# prepended to PATH. npm/npx stay the machine's (they run on whatever `node` is first on PATH).
# Exports BETTERPLUS_NODE (path of the node 24 binary).

betterplus_ensure_node() {
  local want_major=24
  local cache="${BETTERPLUS_CACHE:-$HOME/.cache/betterplus}"
  local prefix="$cache/node$want_major"
  local current=""

  current="$(node --version 2>/dev/null || true)"
  if [[ "$current" == v$want_major.* ]]; then
    BETTERPLUS_NODE="$(command -v node)"
    export BETTERPLUS_NODE
    return 0
  fi

  # npm reads its global config (registry CA, proxy) from beside the node it runs on; keep the
  # machine's, which the cached node would otherwise hide.
  if [[ -z "${npm_config_globalconfig:-}" ]] && command -v npm >/dev/null 2>&1; then
    local machine_npmrc
    machine_npmrc="$(npm config get globalconfig 2>/dev/null || true)"
    if [[ -f "$machine_npmrc" ]]; then
      npm_config_globalconfig="$machine_npmrc"
      export npm_config_globalconfig
    fi
  fi

  local bin="$prefix/bin/node"
  if [[ ! -x "$bin" ]] || [[ "$("$bin" --version 2>/dev/null || true)" != v$want_major.* ]]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "ensure-node: node ${current:-(none)} is not v$want_major and npm is missing; install Node.js $want_major" >&2
      return 1
    fi
    echo "ensure-node: node ${current:-(none)} is not v$want_major; installing node@$want_major from the npm registry into $prefix" >&2
    mkdir -p "$cache"
    rm -rf "$prefix.tmp"
    # The package's preinstall (which would fetch the platform package) may be skipped by npm's
    # script policy; the platform package comes in as a dependency and its binary is linked anyway.
    if ! npm install --global --prefix "$prefix.tmp" --no-audit --no-fund --loglevel=error \
      "node@$want_major" >&2; then
      echo "ensure-node: npm install node@$want_major failed" >&2
      rm -rf "$prefix.tmp"
      return 1
    fi
    if [[ "$("$prefix.tmp/bin/node" --version 2>/dev/null || true)" != v$want_major.* ]]; then
      echo "ensure-node: the installed $prefix.tmp/bin/node does not print v$want_major.x" >&2
      rm -rf "$prefix.tmp"
      return 1
    fi
    rm -rf "$prefix"
    mv "$prefix.tmp" "$prefix"
  fi

  case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) PATH="$prefix/bin:$PATH" ;;
  esac
  export PATH
  hash -r 2>/dev/null || true
  if [[ "$(node --version 2>/dev/null || true)" != v$want_major.* ]]; then
    echo "ensure-node: node on PATH is still $(node --version 2>/dev/null || echo none) after prepending $prefix/bin" >&2
    return 1
  fi
  BETTERPLUS_NODE="$prefix/bin/node"
  export BETTERPLUS_NODE
  echo "ensure-node: using $(node --version) from $prefix/bin" >&2
}

betterplus_ensure_node
