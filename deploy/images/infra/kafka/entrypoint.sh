#!/bin/sh
# entrypoint.sh          the broker, with server.properties and the KAFKA_* overrides
# entrypoint.sh format   format the data directory (done once at build time)
set -eu
config=/tmp/server.properties
cp /opt/kafka/config/server.properties "$config"
# KAFKA_FOO_BAR=v -> foo.bar=v; a later line wins when Kafka reads the file.
env | sed -n 's/^KAFKA_\([A-Z0-9_]*\)=\(.*\)$/\1=\2/p' | grep -v '^HEAP_OPTS=' | while IFS= read -r line; do
  key="${line%%=*}"
  printf '%s=%s\n' "$(printf '%s' "$key" | sed -e 's/___/-/g' -e 's/__/@/g' -e 's/_/./g' -e 's/@/_/g' | tr '[:upper:]' '[:lower:]')" "${line#*=}"
done >>"$config"
java_main() {
  # shellcheck disable=SC2086 # KAFKA_HEAP_OPTS is a list of JVM flags
  exec java ${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m} -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -Djava.awt.headless=true -Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties \
    -cp '/opt/kafka/libs/*' "$@"
}
if [ "${1:-}" = format ]; then
  # A cluster id as `kafka-storage random-uuid` makes it: 16 random bytes, URL-safe base64.
  id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' | sed 's/^-/A/')"
  java_main kafka.tools.StorageTool format -t "$id" -c "$config"
fi
java_main kafka.Kafka "$config"
