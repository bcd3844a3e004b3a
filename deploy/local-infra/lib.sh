# shellcheck shell=bash
# Helpers shared by the local-infra scripts (sourced, not run).
# Progress goes to stderr; the scripts print only their KEY=VALUE result lines on stdout.

BETTERPLUS_CACHE="${BETTERPLUS_CACHE:-$HOME/.cache/betterplus}"
export BETTERPLUS_CACHE

infra_log() {
  printf '[%s] %s\n' "${INFRA_NAME:-infra}" "$*" >&2
}

infra_die() {
  infra_log "ERROR: $*"
  exit 1
}

# True when something accepts TCP connections on 127.0.0.1:$1.
infra_port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# infra_apt_install PACKAGE... : apt-get install, running `apt-get update` first (at most once an
# hour, shared by all the scripts) since a fresh machine may have empty package lists.
infra_apt_install() {
  local stamp="$BETTERPLUS_CACHE/apt-updated.stamp"
  local sudo=()
  if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || infra_die "need root (or sudo) to apt-get install $*"
    sudo=(sudo -n)
  fi
  mkdir -p "$BETTERPLUS_CACHE"
  if [[ -z "$(find "$stamp" -mmin -60 2>/dev/null)" ]]; then
    infra_log "apt-get update"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -qq update >&2
    touch "$stamp"
  fi
  infra_log "apt-get install -y $*"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -qq install -y "$@" >&2
}

# infra_pip_tool PACKAGE VERSION COMMAND: prints the path of COMMAND from PyPI's PACKAGE==VERSION,
# installed unless already there into a virtualenv of its own under the cache (apart from the
# system's packages and PEP 668). The version is in the path, so a new pin installs afresh.
infra_pip_tool() {
  local package=$1 version=$2 command=$3
  local venv="$BETTERPLUS_CACHE/$package-$version"
  local bin="$venv/bin/$command"
  if ! "$bin" --version >/dev/null 2>&1; then
    if ! command -v python3 >/dev/null 2>&1 || ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
      infra_apt_install python3-venv
    fi
    infra_log "pip install $package==$version"
    rm -rf "$venv"
    python3 -m venv "$venv" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$package==$version" >&2
    "$bin" --version >/dev/null 2>&1 || infra_die "$package installed but $bin does not run"
  fi
  echo "$bin"
}

# infra_wait TIMEOUT_SECONDS DESCRIPTION COMMAND... : retry COMMAND every 0.2 s until it succeeds.
infra_wait() {
  local timeout=$1 what=$2
  shift 2
  local deadline=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      infra_log "timed out after ${timeout}s waiting for $what"
      return 1
    fi
    sleep 0.2
  done
}

# True when process $1 exists and is not a zombie.
infra_pid_alive() {
  local pid=$1 state
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [[ -r "/proc/$pid/stat" ]] || return 1
  state="$(sed -e 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1)"
  [[ -n "$state" && "$state" != Z && "$state" != X ]]
}

# Prints the pid from pid file $1 if that process is alive.
infra_live_pid() {
  local file=$1 pid
  [[ -s "$file" ]] || return 1
  pid="$(head -n1 "$file")"
  infra_pid_alive "$pid" && echo "$pid"
}

# infra_kill PID [SECONDS]: SIGTERM, wait up to SECONDS (default 30), then SIGKILL.
infra_kill() {
  local pid=$1 timeout=${2:-30}
  infra_pid_alive "$pid" || return 0
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + timeout))
  while infra_pid_alive "$pid"; do
    if ((SECONDS >= deadline)); then
      infra_log "pid $pid did not stop after ${timeout}s; killing it"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
      return 0
    fi
    sleep 0.2
  done
}
