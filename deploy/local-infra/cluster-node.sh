#!/usr/bin/env bash
# What a Kubernetes node needs from Debian, installed when missing (deploy/cluster/up.sh runs it):
# containerd (1.6) and runc, the CNI plugins (bridge, host-local, portmap, loopback in
# /usr/lib/cni), conntrack (kube-proxy), iptables and ipset (kube-proxy and kube-router), openssl
# (the cluster's certificates), nsenter and ip (the node's network namespace) and curl.
# Nothing is started here: up.sh runs containerd with its own configuration and directories.
set -euo pipefail
INFRA_NAME=cluster-node
# shellcheck source=deploy/local-infra/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ "${1:-}" == stop ]] && exit 0 # nothing runs

# command -> the Debian package that has it
declare -A PACKAGE=(
  [containerd]=containerd [runc]=runc [conntrack]=conntrack [iptables]=iptables [ipset]=ipset
  [openssl]=openssl [nsenter]=util-linux [ip]=iproute2 [curl]=curl [podman]=podman
)
missing=()
for command in "${!PACKAGE[@]}"; do
  command -v "$command" >/dev/null 2>&1 || missing+=("${PACKAGE[$command]}")
done
[[ -x /usr/lib/cni/bridge && -x /usr/lib/cni/host-local && -x /usr/lib/cni/portmap ]] || missing+=(containernetworking-plugins)
if ((${#missing[@]})); then
  infra_apt_install "${missing[@]}"
fi
infra_log "$(containerd --version | cut -d' ' -f1-3), $(runc --version | head -n1), $(iptables --version)"
