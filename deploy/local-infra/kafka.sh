#!/usr/bin/env bash
# A single-node Apache Kafka (KRaft, combined broker + controller) for tests and local development,
# run from the official jars on Maven Central (fetched by Maven with kafka/pom.xml beside this
# file) with the machine's Java 17+. Data is thrown away on every fresh start.
#   bash deploy/local-infra/kafka.sh              start (or reuse) -> prints KAFKA_BROKERS=...
#   bash deploy/local-infra/kafka.sh stop         stop it and delete its data
#   bash deploy/local-infra/kafka.sh topics ARGS  run kafka-topics (TopicCommand) against it,
#                                                 e.g. `kafka.sh topics --list`
# Env: KAFKA_PORT (default 59092, PLAINTEXT listener), KAFKA_CONTROLLER_PORT (default KAFKA_PORT+1),
# KAFKA_HEAP_OPTS (default -Xms256m -Xmx1g), BETTERPLUS_CACHE (jar cache).
set -euo pipefail
INFRA_NAME=kafka
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=deploy/local-infra/lib.sh
source "$HERE/lib.sh"

POM="$HERE/kafka/pom.xml"
KAFKA_VERSION="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$POM" | head -n1)"
[[ -n "$KAFKA_VERSION" ]] || infra_die "no <kafka.version> in $POM"
LIBS="$BETTERPLUS_CACHE/kafka-$KAFKA_VERSION/libs"
PORT="${KAFKA_PORT:-59092}"
CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-$((PORT + 1))}"
STATE="/tmp/betterplus-kafka-$PORT"
PIDFILE="$STATE/kafka.pid"
LOGFILE="$STATE/kafka.log"
BROKERS="127.0.0.1:$PORT"

ensure_java() {
  local v
  if ! command -v java >/dev/null 2>&1; then
    infra_apt_install openjdk-17-jre-headless
  fi
  v="$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
  if ! [[ "${v%%.*}" =~ ^[0-9]+$ ]] || ((${v%%.*} < 17)); then
    infra_die "Kafka $KAFKA_VERSION needs Java 17+, java is ${v:-unknown}"
  fi
}

# The jars, fetched once into the cache; fetched again when kafka/pom.xml changes.
ensure_libs() {
  local want stamp="$LIBS.pom.sha256"
  want="$(sha256sum "$POM" | cut -d' ' -f1)"
  if [[ -f "$LIBS/kafka_2.13-$KAFKA_VERSION.jar" && "$(cat "$stamp" 2>/dev/null)" == "$want" ]]; then
    return 0
  fi
  if ! command -v mvn >/dev/null 2>&1; then
    infra_apt_install maven
  fi
  infra_log "fetching the Kafka $KAFKA_VERSION jars with Maven into $LIBS"
  rm -rf "$LIBS.tmp"
  mkdir -p "$(dirname "$LIBS")"
  # (Maven 3.8 prints ANSI resets even in batch mode: strip them.)
  (cd "$HERE/kafka" && mvn -q -B -Dstyle.color=never -f "$POM" dependency:copy-dependencies \
    -DoutputDirectory="$LIBS.tmp" -DincludeScope=runtime 2>&1 | sed -e 's/\x1b\[[0-9;]*m//g' >&2) ||
    infra_die "mvn dependency:copy-dependencies failed"
  [[ -f "$LIBS.tmp/kafka_2.13-$KAFKA_VERSION.jar" ]] || infra_die "Maven did not bring kafka_2.13-$KAFKA_VERSION.jar"
  rm -rf "$LIBS"
  mv "$LIBS.tmp" "$LIBS"
  echo "$want" >"$stamp"
}

# The command-line tools: a small, quick-starting JVM that logs errors only.
TOOL_JAVA=(java -Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC
  -Dlog4j2.configurationFile="$STATE/log4j2-tools.properties" -cp "$LIBS/*")

write_log4j() {
  local file=$1 level=$2
  cat >"$file" <<EOF
# betterplus local-infra: Kafka logs at $level to the console (kafka.sh sends it to a file)
status = warn
appender.console.type = Console
appender.console.name = STDOUT
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = $level
rootLogger.appenderRefs = stdout
rootLogger.appenderRef.stdout.ref = STDOUT
EOF
}

topics() {
  mkdir -p "$STATE"
  [[ -f "$STATE/log4j2-tools.properties" ]] || write_log4j "$STATE/log4j2-tools.properties" ERROR
  "${TOOL_JAVA[@]}" org.apache.kafka.tools.TopicCommand --bootstrap-server "$BROKERS" "$@"
}

# The broker answers a metadata request (listing topics).
answers() {
  mkdir -p "$STATE"
  [[ -f "$STATE/log4j2-tools.properties" ]] || write_log4j "$STATE/log4j2-tools.properties" ERROR
  timeout 30 "${TOOL_JAVA[@]}" org.apache.kafka.tools.TopicCommand --bootstrap-server "$BROKERS" \
    --list >/dev/null 2>&1
}

# The topic catalogue (proto/catalogue.ts) without a namespace, for services run by hand against
# this broker; tests create theirs under their own namespace. Skipped until Node 24 and node_modules are there.
create_catalogue_topics() {
  local root
  root="$(cd "$HERE/../.." && pwd)"
  if node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)' 2>/dev/null &&
    [[ -d "$root/node_modules/kafkajs" ]]; then
    infra_log "creating the catalogue's topics"
    KAFKA_BROKERS="$BROKERS" KAFKA_NAMESPACE="" node "$root/services/kit/src/events/topics.ts" >&2 ||
      infra_die "creating the catalogue's topics failed"
  else
    infra_log "node or node_modules missing: create the topics later with npm run kafka:topics"
  fi
}

stop() {
  local pid
  if pid="$(infra_live_pid "$PIDFILE")"; then
    infra_log "stopping the broker on port $PORT (pid $pid)"
    infra_kill "$pid" 30
  fi
  rm -rf "$STATE"
}

case "${1:-}" in
  stop)
    stop
    exit 0
    ;;
  topics)
    shift
    ensure_java
    ensure_libs
    topics "$@"
    exit
    ;;
  "") ;;
  *) infra_die "usage: kafka.sh [stop | topics ARGS...]" ;;
esac

ensure_java
ensure_libs

if infra_port_open "$PORT"; then
  if pid="$(infra_live_pid "$PIDFILE")"; then
    owner="our broker (pid $pid)"
  else
    owner="something else"
  fi
  if answers; then
    infra_log "reusing $owner on $BROKERS"
    create_catalogue_topics
    echo "KAFKA_BROKERS=$BROKERS"
    exit 0
  fi
  infra_die "port $PORT is open ($owner) but does not answer as a Kafka broker; stop it or set KAFKA_PORT"
fi
if infra_port_open "$CONTROLLER_PORT"; then
  if ! infra_live_pid "$PIDFILE" >/dev/null; then
    infra_die "controller port $CONTROLLER_PORT is taken; set KAFKA_CONTROLLER_PORT"
  fi
fi

if pid="$(infra_live_pid "$PIDFILE")"; then
  # Ours, still starting up (or wedged): give it a moment, else restart.
  infra_log "our broker (pid $pid) is running but not listening yet; waiting"
  if infra_wait 30 "port $PORT" infra_port_open "$PORT" && infra_wait 30 "the broker to answer" answers; then
    infra_log "ready"
    echo "KAFKA_BROKERS=$BROKERS"
    exit 0
  fi
fi

# Fresh start on a throwaway data dir.
stop
mkdir -p "$STATE/data"
write_log4j "$STATE/log4j2.properties" WARN
write_log4j "$STATE/log4j2-tools.properties" ERROR
cat >"$STATE/server.properties" <<EOF
# betterplus local-infra: single-node KRaft (combined broker + controller), throwaway data
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$STATE/data
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
# Topics come from the catalogue (npm run kafka:topics), never from whoever uses one first.
auto.create.topics.enable=false
delete.topic.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=5
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=5
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=4
log.retention.hours=24
EOF

# A cluster id as `kafka-storage random-uuid` makes it (16 random bytes, URL-safe base64, no
# padding, not starting with '-'), without a JVM start.
CLUSTER_ID=""
until [[ "$CLUSTER_ID" =~ ^[A-Za-z0-9_][A-Za-z0-9_-]{21}$ ]]; do
  CLUSTER_ID="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
done
infra_log "formatting $STATE/data (cluster id $CLUSTER_ID)"
"${TOOL_JAVA[@]}" kafka.tools.StorageTool format -t "$CLUSTER_ID" -c "$STATE/server.properties" >"$STATE/format.log" 2>&1 || {
  cat "$STATE/format.log" >&2
  infra_die "kafka-storage format failed"
}

infra_log "starting Kafka $KAFKA_VERSION on $BROKERS (controller 127.0.0.1:$CONTROLLER_PORT, log: $LOGFILE)"
# shellcheck disable=SC2086 # KAFKA_HEAP_OPTS is a list of JVM flags
setsid nohup java ${KAFKA_HEAP_OPTS:--Xms256m -Xmx1g} -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
  -XX:+ExplicitGCInvokesConcurrent -Djava.awt.headless=true \
  -Dlog4j2.configurationFile="$STATE/log4j2.properties" -Dkafka.logs.dir="$STATE" \
  -cp "$LIBS/*" kafka.Kafka "$STATE/server.properties" >"$LOGFILE" 2>&1 </dev/null &
echo $! >"$PIDFILE"

pid="$(cat "$PIDFILE")"
deadline=$((SECONDS + 90))
until infra_port_open "$PORT"; do
  if ! infra_pid_alive "$pid"; then
    tail -n 40 "$LOGFILE" >&2 || true
    infra_die "the broker exited during start-up"
  fi
  if ((SECONDS >= deadline)); then
    tail -n 40 "$LOGFILE" >&2 || true
    infra_die "the broker did not listen on $BROKERS within 90 s"
  fi
  sleep 0.2
done
infra_wait 60 "the broker to answer on $BROKERS" answers || {
  tail -n 40 "$LOGFILE" >&2 || true
  infra_die "the broker listens but does not answer"
}
infra_log "ready"
create_catalogue_topics
echo "KAFKA_BROKERS=$BROKERS"
