# syntax=docker/dockerfile:1
# The test cluster's mail sink (deploy/cluster/mail-sink): smtp-server and one TypeScript file,
# run by Node 24 directly, on the same distroless base as the services.
#   bash deploy/images/build.sh mail-sink   (not among the images build.sh makes by default)
ARG BUILD_IMAGE=node:24-slim
ARG RUNTIME_IMAGE=gcr.io/distroless/nodejs24-debian12:nonroot

FROM ${BUILD_IMAGE} AS deps
WORKDIR /app
COPY deploy/cluster/mail-sink/package.json deploy/cluster/mail-sink/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM ${RUNTIME_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY deploy/cluster/mail-sink/mail-sink.ts ./
USER 65532:65532
EXPOSE 2525 8080
CMD ["mail-sink.ts"]
