# syntax=docker/dockerfile:1
# The Envoy gateway with the generated route config (gateway/envoy.yaml, made by
# `npm run envoy:generate -w gateway`). The Helm chart mounts the same file from a ConfigMap.
#   docker build -f deploy/docker/gateway.Dockerfile -t gateway .
# Distroless: no shell, runs as the image's nonroot user (65532); entrypoint is envoy itself.
FROM envoyproxy/envoy:distroless-v1.39.5
COPY gateway/envoy.yaml /etc/envoy/envoy.yaml
EXPOSE 8080
CMD ["-c", "/etc/envoy/envoy.yaml", "--disable-hot-restart"]
