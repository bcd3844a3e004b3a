# syntax=docker/dockerfile:1
# The React bundle (web/dist), served by an unprivileged nginx on port 8080, gzip and brotli.
#   docker build -f deploy/docker/web.Dockerfile -t web .
# The nginx base is Debian's nginx with the brotli modules, assembled by deploy/images/bases.sh.
ARG BUILD_IMAGE=node:24-slim
ARG NGINX_IMAGE=localhost/betterplus/nginx-unprivileged:1.22-bookworm

FROM ${BUILD_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY web/package.json web/
# The web workspace only, with its dev dependencies (Vite is one); nothing needs install scripts.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace web --ignore-scripts --no-audit --no-fund
COPY web ./web
RUN npm run build -w web

FROM ${NGINX_IMAGE}
COPY deploy/docker/web-nginx.conf /etc/nginx/conf.d/default.conf
COPY deploy/docker/web-brotli.conf /etc/nginx/conf.d/brotli.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
# The base runs as the unprivileged nginx user (uid 101) and keeps its pid and temporary files
# under /tmp, so a read-only root filesystem with /tmp mounted works.
USER 101:101
EXPOSE 8080
