#!/bin/sh
# The stand-in postgres image's start (container/stand-in-services.Containerfile): what the
# official image's entrypoint does for compose.yaml, with Debian's PostgreSQL 15. On an empty
# data volume it makes the cluster with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, then
# runs the server in the foreground, listening on every address with passwords asked of all.
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
# The mark is written last: a start cut off half way begins again from an empty folder.
if [ ! -e "$PGDATA/.stand-in-initialised" ]; then
  find "$PGDATA" -mindepth 1 -delete
  pwfile=$(mktemp)
  printf %s "$POSTGRES_PASSWORD" > "$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  createdb -U "$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  touch "$PGDATA/.stand-in-initialised"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
