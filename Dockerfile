# Virtual Diner: one image for the web process and the bot process.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# pg_dump for `npm run backup` on PostgreSQL (docs/operations.md, "Backups"): version 17, as the compose file's server,
# since pg_dump refuses a server newer than itself and Debian 12's own is 15. PostgreSQL's apt repository, set up by
# the script Debian's postgresql-common ships with the repository's key.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-17 \
  && rm -rf /var/lib/apt/lists/*
# NODE_COMPILE_CACHE: Node's compile cache from the first file on (web/compile-cache.ts).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 DATA_DIR=/app/data NODE_COMPILE_CACHE=/app/node_modules/.cache/node-compile
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 4321
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Run as every launcher runs it, with no Node options (docs/adr/0020-one-way-to-run-the-web-process.md).
CMD ["node", "server.ts"]
