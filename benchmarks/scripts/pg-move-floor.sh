#!/usr/bin/env bash
# The ceiling of durable move writes PostgreSQL alone reaches on this machine (docs/benchmarks.md, "The floor under
# issue 14's targets"): a scratch PostgreSQL (Debian's binaries, or any whose bin directory is given as PGBIN) in a
# temporary directory, tables shaped like matches and match_events, and pgbench running the shape of the lobby's move
# write (one UPDATE of a match row guarded by nothing else, one event row of ~1.4 KB, one commit, synchronous_commit
# on) — one move per commit at 64 and at 1 client, then 8 matches' moves per statement and commit at 8 clients.
#
#   benchmarks/scripts/pg-move-floor.sh [SECONDS]
#
# Needs pgbench and initdb (PostgreSQL's client and server tools); run as root it runs PostgreSQL as user postgres.
set -euo pipefail
seconds=${1:-30}
bin=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | tail -n 1)}
[ -x "$bin/pgbench" ] || { echo "pgbench not found: set PGBIN to PostgreSQL's bin directory" >&2; exit 1; }
dir=$(mktemp -d); port=5499
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -c "$*"; else bash -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
trap 'as_pg "$bin/pg_ctl -D $dir/data stop -m fast" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
as_pg "$bin/initdb -D $dir/data -A trust" >/dev/null
as_pg "$bin/pg_ctl -D $dir/data -o '-p $port -k $dir -c synchronous_commit=on' -l $dir/log start" >/dev/null
sleep 2
psql=("$bin/psql" -h "$dir" -p $port -U postgres -q -d postgres)
"${psql[@]}" <<'SQL'
create table matches(id bigint primary key, version int not null, state bytea, updated_at timestamptz);
create table match_events(match_id bigint, version int, payload bytea, created_at timestamptz default now(),
                          primary key (match_id, version));
insert into matches select g, 0, decode(repeat('ab', 600), 'hex'), now() from generate_series(1, 64) g;
SQL
cat > "$dir/move.sql" <<'SQL'
\set m random(1, 64)
with u as (update matches set version = version + 1, state = decode(repeat('cd', 600), 'hex'), updated_at = now()
           where id = :m returning id, version)
insert into match_events(match_id, version, payload) select id, version, decode(repeat('ef', 700), 'hex') from u;
SQL
cat > "$dir/batch8.sql" <<'SQL'
\set m :client_id
with u as (update matches set version = version + 1, state = decode(repeat('cd', 600), 'hex'), updated_at = now()
           where id between :m * 8 + 1 and :m * 8 + 8 returning id, version)
insert into match_events(match_id, version, payload) select id, version, decode(repeat('ef', 700), 'hex') from u;
SQL
bench() { # label clients script
  "$bin/pgbench" -h "$dir" -p $port -U postgres -n -c "$2" -j 2 -T "$seconds" -f "$dir/$3" postgres 2>&1 |
    awk -v l="$1" '/^latency average/ {lat=$4} /^tps/ {tps=$3} END {printf "%s transactions_per_s=%.0f latency_avg_ms=%s\n", l, tps, lat}'
}
bench "one_move_per_commit clients=64" 64 move.sql
bench "one_move_per_commit clients=1" 1 move.sql
bench "eight_moves_per_commit clients=8" 8 batch8.sql
