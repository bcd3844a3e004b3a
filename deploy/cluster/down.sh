#!/usr/bin/env bash
# Stops the cluster up.sh started and removes what it made on this machine: every pod (through the
# CRI, so containerd tears down their networks), the daemons (by the pids up.sh recorded, then any
# other process left in the node's network namespace), the namespace itself with its veth, routes
# and iptables rules, the mounts and the kubepods cgroups, and the cluster's state. containerd's
# image store ($BETTERPLUS_CACHE/cluster/containerd) and the logs are kept.
#   bash deploy/cluster/down.sh      (nothing to do when no cluster is up)
set -euo pipefail
INFRA_NAME=cluster-down
# shellcheck source=deploy/cluster/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ $EUID -eq 0 ]] || infra_die "needs root, as up.sh did"

stop() {
  local pid
  if pid="$(infra_live_pid "$STATE/pids/$1.pid")"; then
    infra_kill "$pid" "${2:-30}"
  fi
  rm -f "$STATE/pids/$1.pid"
}

if [[ -d "$STATE" ]]; then
  infra_log "stopping the cluster"
  # Nothing may start pods again while they are removed.
  stop kube-router
  stop kube-proxy
  stop kubelet
  bin="$(find "$CLUSTER_CACHE/bin" -mindepth 2 -maxdepth 2 -name kube -type f 2>/dev/null | head -n1 || true)"
  if [[ -n "$bin" && -S "$CONTAINERD_SOCKET" && -d "$STATE/containerd/state" ]]; then
    if ! infra_live_pid "$STATE/pids/containerd.pid" >/dev/null && [[ -e "/run/netns/$NETNS" ]]; then
      # A containerd that died leaves its shims and pods: start it again to remove them.
      nsenter --net="/run/netns/$NETNS" -- containerd --config "$STATE/containerd/config.toml" >>"$LOGS/containerd.log" 2>&1 </dev/null &
      echo $! >"$STATE/pids/containerd.pid"
      infra_wait 30 containerd ctr --address "$CONTAINERD_SOCKET" version || true
    fi
    "$bin" cri-reset "unix://$CONTAINERD_SOCKET" >&2 || infra_log "some pods could not be removed"
  fi
  stop containerd
  stop kube-scheduler
  stop kube-controller-manager
  stop kube-apiserver
  stop etcd
fi

if [[ -e "/run/netns/$NETNS" ]]; then
  # Whatever else runs in the node's namespace was started from it (containerd's shims, say).
  for pid in $(ip netns pids "$NETNS"); do
    infra_kill "$pid" 10
  done
  ip netns del "$NETNS"
fi
# Gone with the namespace, unless that failed half-way.
ip link del "$HOST_IF" 2>/dev/null || true

# Volumes the kubelet mounted, containerd's root file systems and shm: deepest first.
findmnt -rn -o TARGET | { grep -E "^($STATE|$CONTAINERD_ROOT)/" || true; } | sort -r | while read -r target; do
  umount -l "$target" || infra_log "could not unmount $target"
done
# The kubelet's QoS cgroups, empty once the pods are gone.
for kubepods in /sys/fs/cgroup/*/kubepods; do
  if [[ -d "$kubepods" ]]; then
    find "$kubepods" -depth -type d -exec rmdir {} + 2>/dev/null || infra_log "$kubepods is still in use"
  fi
done
rm -rf "$STATE"
infra_log "no cluster running"
