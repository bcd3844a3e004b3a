#!/usr/bin/env bash
# Prometheus and promtool from Debian's `prometheus` package, installed when missing, for the
# tests that prove the dashboards and alert rules: they start a Prometheus of their own on a free
# port with a throwaway data directory, so no service runs here. The package's own daemon
# (port 9090, /var/lib/prometheus) is stopped and disabled when its installation started it.
#   bash deploy/local-infra/prometheus.sh         -> prints PROMETHEUS_BIN=... and PROMTOOL_BIN=...
#   bash deploy/local-infra/prometheus.sh stop    nothing to stop
set -euo pipefail
INFRA_NAME=prometheus
# shellcheck source=deploy/local-infra/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ "${1:-}" == stop ]] && exit 0 # nothing runs

# The package starts prometheus.service (systemd) or /etc/init.d/prometheus (sysvinit) unless
# policy-rc.d forbids it; the tests need neither, and it would hold port 9090 and scrape itself.
disable_package_daemon() {
  local sudo=()
  [[ $EUID -eq 0 ]] || sudo=(sudo -n)
  if command -v systemctl >/dev/null 2>&1 && systemctl is-enabled --quiet prometheus 2>/dev/null; then
    infra_log "disabling the package's prometheus.service"
    "${sudo[@]}" systemctl disable --now prometheus >&2 || true
  fi
  if [[ -x /etc/init.d/prometheus ]] && command -v update-rc.d >/dev/null 2>&1; then
    "${sudo[@]}" /etc/init.d/prometheus stop >/dev/null 2>&1 || true
    "${sudo[@]}" update-rc.d prometheus disable >/dev/null 2>&1 || true
  fi
}

if ! command -v prometheus >/dev/null 2>&1 || ! command -v promtool >/dev/null 2>&1; then
  # Without recommends: the node exporter and the other exporters it suggests are not needed.
  infra_apt_install --no-install-recommends prometheus
  disable_package_daemon
fi
PROMETHEUS="$(command -v prometheus)" || infra_die "prometheus installed but not found"
PROMTOOL="$(command -v promtool)" || infra_die "promtool installed but not found"
infra_log "$("$PROMETHEUS" --version 2>&1 | head -n1)"

echo "PROMETHEUS_BIN=$PROMETHEUS"
echo "PROMTOOL_BIN=$PROMTOOL"
