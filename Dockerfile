# kiroku: build with the full toolchain, run as a non-root user with only production dependencies.
# The base image is pinned to an exact release tag (Node 24 LTS), so a rebuild does not move to another
# Node by itself. Its digest could not be read where this was written (no registry access): where it
# can, pin it too, as node:24.21.0-bookworm-slim@sha256:<digest>, and update both lines together.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# Only for sqlite3 when no prebuilt binary fits: node-gyp builds it from source. Not in the image.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY commands ./commands
COPY tools ./tools
# The compiled JavaScript runs, its start bundled (tools/bundle.mjs); tsx, TypeScript and esbuild (dev)
# stay here. Optional dependencies stay: the
# pictures' renderer (@napi-rs/canvas) arrives as an optional, per-platform package.
RUN npm run build && npm prune --omit=dev

FROM node:24.21.0-bookworm-slim
# tini as PID 1 forwards SIGTERM to node and reaps children: node as PID 1 would ignore signals it
# has no handler for yet.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HTTP_PORT=8080
ENV HTTP_HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Liveness (/livez): an unhealthy container may be restarted (Swarm, autoheal), and a bot that is
# merely reconnecting to Discord must not be. Readiness (/readyz) is for load balancers and alerts.
HEALTHCHECK --start-period=30s --interval=30s --timeout=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.HTTP_PORT+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# The operator programs run the same way: docker compose exec kiroku node dist/src/cli/admin.js status
CMD ["node", "--disable-warning=UnsupportedCacheOverwriteWarning", "dist/bundle/src/main.js"]
