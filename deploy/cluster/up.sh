#!/usr/bin/env bash
# Starts a single-node Kubernetes cluster on this machine (root needed), replacing any left by an
# earlier run: etcd, kube-apiserver, kube-controller-manager, kube-scheduler, containerd (Debian's),
# the kubelet, kube-proxy (iptables), kube-router (NetworkPolicy, with iptables and ipset), the
# bridge CNI plugin and CoreDNS as a Deployment. Every part runs in the node's network namespace
# (see lib.sh); the host reaches the API server at https://10.250.0.2:6443 with
# $BETTERPLUS_CACHE/cluster/state/admin.kubeconfig.
#   bash deploy/cluster/up.sh      -> prints KUBECONFIG=... and KUBE_BIN=... (kubectl is `$KUBE_BIN kubectl`)
# Logs: $BETTERPLUS_CACHE/cluster/logs/<part>.log. Stop it all with deploy/cluster/down.sh.
set -euo pipefail
INFRA_NAME=cluster-up
# shellcheck source=deploy/cluster/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ $EUID -eq 0 ]] || infra_die "the node's parts need root (network namespace, mounts, cgroups)"
start=$SECONDS
bash "$REPO_ROOT/deploy/local-infra/cluster-node.sh"
cluster_binaries
bash "$CLUSTER_DIR/down.sh"

PKI="$STATE/pki"
mkdir -p "$STATE/pids" "$PKI" "$LOGS" "$CONTAINERD_ROOT"
rm -f "$LOGS"/*.log

# --- the node's network namespace, and the host's way in ------------------------------------------
ip netns add "$NETNS"
ip link add "$HOST_IF" type veth peer name eth0 netns "$NETNS"
ip addr add "$HOST_IP/30" dev "$HOST_IF"
ip link set "$HOST_IF" up
in_node ip link set lo up
in_node ip addr add "$NODE_IP/30" dev eth0
in_node ip link set eth0 up
ip route add "$POD_CIDR" via "$NODE_IP" dev "$HOST_IF"
ip route add "$SERVICE_CIDR" via "$NODE_IP" dev "$HOST_IF"
# A router for its pods; bridged pod-to-pod traffic must pass iptables for Services and policies.
in_node sysctl -qw net.ipv4.ip_forward=1 net.bridge.bridge-nf-call-iptables=1

# --- certificates and kubeconfigs ------------------------------------------------------------------
openssl_quiet() { openssl "$@" 2>/dev/null; }
openssl_quiet req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 7 \
  -keyout "$PKI/ca.key" -out "$PKI/ca.crt" -subj "/CN=betterplus-cluster-ca"
# cert NAME SUBJECT [SUBJECT_ALT_NAMES]: a key and a certificate signed by the cluster's CA.
cert() {
  local name=$1 subject=$2 sans=${3:-}
  openssl_quiet req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -keyout "$PKI/$name.key" -out "$PKI/$name.csr" -subj "$subject"
  {
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    echo "extendedKeyUsage=serverAuth,clientAuth"
    [[ -z "$sans" ]] || echo "subjectAltName=$sans"
  } >"$PKI/$name.ext"
  openssl_quiet x509 -req -in "$PKI/$name.csr" -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" -CAcreateserial \
    -days 7 -extfile "$PKI/$name.ext" -out "$PKI/$name.crt"
}
cert apiserver "/CN=kube-apiserver" \
  "IP:$NODE_IP,IP:$API_SERVICE_IP,IP:127.0.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local,DNS:localhost"
cert apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client"
cert admin "/O=system:masters/CN=betterplus-admin"
cert controller-manager "/CN=system:kube-controller-manager"
cert scheduler "/CN=system:kube-scheduler"
cert kubelet "/O=system:nodes/CN=system:node:$NODE_NAME" "IP:$NODE_IP,DNS:$NODE_NAME"
cert kube-proxy "/CN=system:kube-proxy"
cert kube-router "/CN=system:kube-router"
openssl_quiet genpkey -algorithm ec -pkeyopt ec_paramgen_curve:prime256v1 -out "$PKI/service-accounts.key"
openssl_quiet pkey -in "$PKI/service-accounts.key" -pubout -out "$PKI/service-accounts.pub"

# kubeconfig NAME: $STATE/NAME.kubeconfig, signing in with NAME's certificate.
kubeconfig() {
  cat >"$STATE/$1.kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters:
  - name: betterplus
    cluster:
      server: $API_SERVER
      certificate-authority: $PKI/ca.crt
users:
  - name: $1
    user:
      client-certificate: $PKI/$1.crt
      client-key: $PKI/$1.key
contexts:
  - name: betterplus
    context:
      cluster: betterplus
      user: $1
current-context: betterplus
EOF
}
for identity in admin controller-manager scheduler kubelet kube-proxy kube-router; do
  kubeconfig "$identity"
done

# --- the daemons ---------------------------------------------------------------------------------
# daemon NAME COMMAND...: COMMAND in the node's network namespace, in the background; its pid in
# $STATE/pids/NAME.pid (down.sh stops it by that pid) and its output in $LOGS/NAME.log.
daemon() {
  local name=$1
  shift
  nsenter --net="/run/netns/$NETNS" -- "$@" >"$LOGS/$name.log" 2>&1 </dev/null &
  echo $! >"$STATE/pids/$name.pid"
}
# ready NAME SECONDS DESCRIPTION COMMAND...: waits for COMMAND; on time-out shows NAME's log.
ready() {
  local name=$1 timeout=$2 what=$3
  shift 3
  infra_wait "$timeout" "$what" "$@" || {
    tail -n 30 "$LOGS/$name.log" >&2
    infra_die "$what: not ready after ${timeout}s (log: $LOGS/$name.log)"
  }
}
api_ready() { in_node curl -fsS --cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" --key "$PKI/admin.key" "$API_SERVER/readyz"; }

# Test data only: etcd may skip fsync.
daemon etcd "$KUBE_BIN" etcd --name node --data-dir "$STATE/etcd" --unsafe-no-fsync \
  --listen-client-urls http://127.0.0.1:2379 --advertise-client-urls http://127.0.0.1:2379 \
  --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://127.0.0.1:2380 \
  --initial-cluster node=http://127.0.0.1:2380 --listen-metrics-urls http://127.0.0.1:2381
ready etcd 60 "etcd" in_node curl -fsS http://127.0.0.1:2381/health

daemon kube-apiserver "$KUBE_BIN" kube-apiserver \
  --etcd-servers=http://127.0.0.1:2379 --advertise-address="$NODE_IP" --secure-port=6443 \
  --service-cluster-ip-range="$SERVICE_CIDR" \
  --client-ca-file="$PKI/ca.crt" --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" \
  --kubelet-client-certificate="$PKI/apiserver-kubelet-client.crt" --kubelet-client-key="$PKI/apiserver-kubelet-client.key" \
  --kubelet-certificate-authority="$PKI/ca.crt" --kubelet-preferred-address-types=InternalIP \
  --service-account-issuer=https://kubernetes.default.svc.cluster.local \
  --service-account-key-file="$PKI/service-accounts.pub" --service-account-signing-key-file="$PKI/service-accounts.key" \
  --authorization-mode=Node,RBAC --enable-admission-plugins=NodeRestriction --profiling=false
ready kube-apiserver 120 "kube-apiserver" api_ready

daemon kube-controller-manager "$KUBE_BIN" kube-controller-manager \
  --kubeconfig="$STATE/controller-manager.kubeconfig" \
  --authentication-kubeconfig="$STATE/controller-manager.kubeconfig" --authorization-kubeconfig="$STATE/controller-manager.kubeconfig" \
  --bind-address=127.0.0.1 --leader-elect=false --use-service-account-credentials \
  --root-ca-file="$PKI/ca.crt" --service-account-private-key-file="$PKI/service-accounts.key" \
  --cluster-signing-cert-file="$PKI/ca.crt" --cluster-signing-key-file="$PKI/ca.key" \
  --allocate-node-cidrs --cluster-cidr="$POD_CIDR" --node-cidr-mask-size=24 --service-cluster-ip-range="$SERVICE_CIDR" \
  --profiling=false
daemon kube-scheduler "$KUBE_BIN" kube-scheduler --kubeconfig="$STATE/scheduler.kubeconfig" \
  --authentication-kubeconfig="$STATE/scheduler.kubeconfig" --authorization-kubeconfig="$STATE/scheduler.kubeconfig" \
  --bind-address=127.0.0.1 --leader-elect=false --profiling=false

# containerd with its own directories (podman keeps its own store), its CRI for the kubelet.
mkdir -p "$STATE/containerd" "$STATE/cni/net.d" "$STATE/kubelet" "$STATE/pod-logs"
cat >"$STATE/containerd/config.toml" <<EOF
version = 2
root = "$CONTAINERD_ROOT"
state = "$STATE/containerd/state"
[grpc]
  address = "$CONTAINERD_SOCKET"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  # This machine refuses a lower oom_score_adj than containerd's own; runc then fails with
  # "can't get final child's PID from pipe".
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$STATE/cni/net.d"
EOF
daemon containerd containerd --config "$STATE/containerd/config.toml"
# containerd answers `ctr version` before its CRI is initialised ("server is not initialized yet"),
# so wait on the CRI itself, clearing what an earlier run left (a killed run never reached down.sh).
ready containerd 60 "containerd's CRI" "$KUBE_BIN" cri-reset "unix://$CONTAINERD_SOCKET"

# The pause and CoreDNS images, which the kubelet and CoreDNS need before anything else.
bash "$CLUSTER_DIR/images.sh" cluster >&2

# Pod networking: one bridge, addresses from the node's pod range.
cat >"$STATE/cni/net.d/10-betterplus.conflist" <<EOF
{
  "cniVersion": "1.0.0",
  "name": "betterplus",
  "plugins": [
    {
      "type": "bridge",
      "bridge": "cni0",
      "isGateway": true,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "ranges": [[{ "subnet": "$NODE_POD_CIDR" }]],
        "routes": [{ "dst": "0.0.0.0/0" }],
        "dataDir": "$STATE/cni/ipam"
      }
    },
    { "type": "portmap", "capabilities": { "portMappings": true } }
  ]
}
EOF

# An empty resolv.conf: nothing outside the cluster is to be resolved (or reached).
: >"$STATE/resolv.conf"
cat >"$STATE/kubelet.yaml" <<EOF
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
# This machine mounts cgroup v1 (a v2 hierarchy beside it); Kubernetes 1.34 refuses v1 unless told.
failCgroupV1: false
cgroupDriver: cgroupfs
containerRuntimeEndpoint: unix://$CONTAINERD_SOCKET
address: $NODE_IP
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
authentication:
  anonymous:
    enabled: false
  webhook:
    enabled: true
  x509:
    clientCAFile: $PKI/ca.crt
authorization:
  mode: Webhook
tlsCertFile: $PKI/kubelet.crt
tlsPrivateKeyFile: $PKI/kubelet.key
clusterDomain: cluster.local
clusterDNS:
  - $DNS_SERVICE_IP
resolvConf: $STATE/resolv.conf
podLogsDir: $STATE/pod-logs
failSwapOn: false
# The images are loaded, never pulled: none may be collected, and a full disk elsewhere on this
# shared machine must not evict the pods.
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
evictionHard:
  memory.available: 100Mi
  nodefs.available: 1%
  imagefs.available: 1%
  nodefs.inodesFree: 1%
serializeImagePulls: false
EOF
daemon kubelet "$KUBE_BIN" kubelet --config="$STATE/kubelet.yaml" --kubeconfig="$STATE/kubelet.kubeconfig" \
  --root-dir="$STATE/kubelet" --hostname-override="$NODE_NAME" --node-ip="$NODE_IP"

cat >"$STATE/kube-proxy.yaml" <<EOF
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: iptables
clientConnection:
  kubeconfig: $STATE/kube-proxy.kubeconfig
hostnameOverride: $NODE_NAME
clusterCIDR: $POD_CIDR
healthzBindAddress: 127.0.0.1:10256
metricsBindAddress: 127.0.0.1:10249
# Leave the machine's conntrack settings alone (0: do not set).
conntrack:
  maxPerCore: 0
  min: 0
  tcpEstablishedTimeout: 0s
  tcpCloseWaitTimeout: 0s
EOF
daemon kube-proxy "$KUBE_BIN" kube-proxy --config="$STATE/kube-proxy.yaml"

ready kubelet 120 "the node to register" kubectl get node "$NODE_NAME"
kubectl apply -f "$CLUSTER_DIR/manifests/kube-router-rbac.yaml" >&2
daemon kube-router "$KUBE_BIN" kube-router --kubeconfig="$STATE/kube-router.kubeconfig" \
  --hostname-override="$NODE_NAME" --run-firewall=true --run-router=false --run-service-proxy=false \
  --service-cluster-ip-range="$SERVICE_CIDR" --metrics-port=0 --health-port=20244
node_ready() { [[ "$(kubectl get node "$NODE_NAME" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" == True ]]; }
ready kubelet 120 "the node to be Ready" node_ready
ready kube-router 60 "kube-router" in_node curl -fsS http://127.0.0.1:20244/healthz

sed "s|@COREDNS_IMAGE@|$COREDNS_IMAGE|" "$CLUSTER_DIR/manifests/coredns.yaml" | kubectl apply -f - >&2
ready kubelet 180 "CoreDNS" kubectl -n kube-system rollout status deployment/coredns --timeout=5s

infra_log "Kubernetes $KUBE_VERSION up in $((SECONDS - start)) s (logs: $LOGS)"
echo "KUBECONFIG=$KUBECONFIG"
echo "KUBE_BIN=$KUBE_BIN"
