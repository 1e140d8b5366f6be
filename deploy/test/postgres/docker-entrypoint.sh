#!/bin/bash
# TEST ONLY (deploy/test/postgres/Dockerfile): the official postgres image's contract, in short. On an empty data
# directory: initdb with POSTGRES_USER as the superuser and POSTGRES_PASSWORD as its password (scram-sha-256 for every
# network connection), then POSTGRES_DB created; then the command ("postgres [options]") as the postgres user.
set -euo pipefail
if [ "${1:-}" != "postgres" ]; then
  exec "$@"
fi
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set (as with the official image)}"
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
as_postgres=(setpriv --reuid=postgres --regid=postgres --init-groups)
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
else
  as_postgres=()
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  chown postgres "$pwfile"
  "${as_postgres[@]}" initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\";" | "${as_postgres[@]}" postgres --single -D "$PGDATA" -c listen_addresses='' postgres >/dev/null
  fi
  echo "docker-entrypoint.sh: initialised $PGDATA (user $user, database $db)"
fi
shift
exec "${as_postgres[@]}" postgres -D "$PGDATA" -c listen_addresses='*' "$@"
