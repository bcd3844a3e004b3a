# shellcheck shell=bash
# shellcheck disable=SC2034 # the names are for the scripts that source this file
# Shared by the cluster scripts (sourced): versions, addresses, paths and helpers.
#
# The whole node lives in a network namespace of its own ($NETNS): etcd, the control plane, the
# kubelet, containerd, kube-proxy, kube-router and every pod. Its iptables rules, ports and
# routes are that namespace's, so the host's network is never changed; the host reaches it through
# one veth pair ($HOST_IF, $HOST_IP <-> $NODE_IP), with routes to the pod and Service ranges
# through it. The namespace has no default route: nothing in the cluster can reach past this
# machine. Deleting the namespace removes every rule the cluster made.

CLUSTER_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$CLUSTER_DIR/../.." && pwd)"
INFRA_NAME="${INFRA_NAME:-cluster}"
# shellcheck source=deploy/local-infra/lib.sh
source "$REPO_ROOT/deploy/local-infra/lib.sh"

KUBE_VERSION=v1.34.4
COREDNS_VERSION=v1.12.4
KUBE_ROUTER_VERSION=v2.1.0

CLUSTER_CACHE="$BETTERPLUS_CACHE/cluster"
# This run's cluster: certificates, etcd's data, the kubelet's and containerd's state, pid files.
# Made by up.sh, removed by down.sh.
STATE="$CLUSTER_CACHE/state"
# containerd's content and snapshots: kept between runs, so images load only when they changed.
CONTAINERD_ROOT="$CLUSTER_CACHE/containerd"
# Each daemon's log, kept after down.sh for a look at what went wrong.
LOGS="$CLUSTER_CACHE/logs"
CONTAINERD_SOCKET="$STATE/containerd/containerd.sock"

NETNS=betterplus-cluster
HOST_IF=bpcluster0
HOST_IP=10.250.0.1
NODE_IP=10.250.0.2
NODE_NAME=betterplus-node
POD_CIDR=10.244.0.0/16
NODE_POD_CIDR=10.244.0.0/24
SERVICE_CIDR=10.96.0.0/16
API_SERVICE_IP=10.96.0.1
DNS_SERVICE_IP=10.96.0.10
API_SERVER="https://$NODE_IP:6443"
export KUBECONFIG="$STATE/admin.kubeconfig"

# The images the cluster itself runs (built by images.sh), besides Better+'s own.
PAUSE_IMAGE=localhost/betterplus/pause:3.10
COREDNS_IMAGE="localhost/betterplus/coredns:$COREDNS_VERSION"

# in_node COMMAND...: runs COMMAND in the node's network namespace (and only that namespace: the
# file system and mounts stay the host's, so containerd and the kubelet see the same volumes).
in_node() {
  nsenter --net="/run/netns/$NETNS" -- "$@"
}

# The cached binaries (build.sh): KUBE_BIN (every node part), PAUSE_BIN, COREDNS_BIN.
cluster_binaries() {
  local out key value
  out="$(bash "$CLUSTER_DIR/build.sh")" || infra_die "building the cluster's binaries failed"
  while IFS='=' read -r key value; do
    case "$key" in
      KUBE_BIN | PAUSE_BIN | COREDNS_BIN) printf -v "$key" '%s' "$value" ;;
    esac
  done <<<"$out"
}

kubectl() {
  "$KUBE_BIN" kubectl "$@"
}

# The chart tools' helm (deploy/local-infra/chart-tools.sh), as HELM_BIN.
cluster_helm() {
  HELM_BIN="$(bash "$REPO_ROOT/deploy/local-infra/chart-tools.sh" | sed -n 's/^HELM_BIN=//p')"
  [[ -x "$HELM_BIN" ]] || infra_die "no helm from deploy/local-infra/chart-tools.sh"
}
