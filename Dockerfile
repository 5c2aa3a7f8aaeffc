# Builds with BuildKit and with the classic builder (no `# syntax=` line: nothing is fetched from
# Docker Hub but the base image).
#
# npm configuration (a private registry, a proxy, a CA): `npm ci` uses the base image's global npm
# configuration (/usr/local/etc/npmrc), so a company base image built FROM node:24-bookworm-slim
# with that file is the way to set it. Credentials never go into a layer: this Dockerfile writes no
# .npmrc, and .dockerignore keeps a project .npmrc out of the build context. (A BuildKit secret,
# `RUN --mount=type=secret,...`, cannot be made optional here: the classic builder refuses any
# `RUN --mount` with "the --mount option requires BuildKit", and this file must build with both.)

# 1. Build: every dependency, compile the server (nest build), generate the client's API types
#    and build the client (Vite), then drop the dev dependencies in place (`npm prune`, no
#    second download).
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NO_COLOR=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# 2. The runtime: compiled code and production dependencies only, a non-root user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    NO_COLOR=1
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# --liftoff-only: the embedded database (PGlite, PostgreSQL in WebAssembly) keeps V8's baseline
# code for it instead of also compiling its hot functions again with TurboFan, whose code and
# compilation memory kept about 60 MB more resident at idle; no measurable cost in its throughput
# here (README, "Memory"). Without the embedded database nothing is WebAssembly and it changes nothing.

# The same owner-only umask the app sets before its database opens (#28), for anything a shell or a
# one-off command writes into /data too.
CMD ["sh", "-c", "umask 077 && exec node --liftoff-only dist/server/main.js"]
