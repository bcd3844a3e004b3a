# syntax=docker/dockerfile:1
# The React bundle (web/dist), served by an unprivileged nginx on port 8080.
#   docker build -f deploy/docker/web.Dockerfile -t web .
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY web/package.json web/
# The web workspace only, with its dev dependencies (Vite is one); nothing needs install scripts.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace web --ignore-scripts --no-audit --no-fund
COPY web ./web
RUN npm run build -w web

FROM nginxinc/nginx-unprivileged:1.30-alpine
COPY deploy/docker/web-nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
# The image already runs as the unprivileged nginx user (uid 101) and keeps its pid and
# temporary files under /tmp, so a read-only root filesystem with /tmp mounted works.
EXPOSE 8080
