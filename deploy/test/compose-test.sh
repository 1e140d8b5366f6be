#!/usr/bin/env bash
# The container test: docker-compose.yml built, started and played for real (docs/deployment.md; README, "Deployment:
# docker compose up"). Never part of ./mvnw verify; .ci/run calls it after the build. On a Debian machine like the
# development one (root, no image registry, no Docker engine, no bridge networks) it
#   1. installs what it needs from Debian's packages when missing (podman, runc, catatonit, debootstrap,
#      docker-compose, curl; --no-install-recommends) and configures podman in a folder of its own ($WORK), never the
#      machine's global configuration;
#   2. starts Keycloak in the background (its distribution org.keycloak:keycloak-quarkus-dist from Maven Central, in
#      dev mode with its H2 file store, on a JDK 21 or newer of the machine, the realm deploy/keycloak/plyyard-realm.json)
#      and makes the base images offline meanwhile: Debian bookworm by debootstrap, then Debian's JRE, HAProxy and
#      PostgreSQL on it (deploy/test/base, deploy/test/postgres): the stand-ins for eclipse-temurin:17-jre, haproxy:2.6,
#      postgres:17;
#   3. runs the README's commands: ./mvnw -DskipTests package, docker-compose build, docker-compose up -d, with
#      deploy/test/docker-compose.host.yml on top (test only: those bases, host networking on 127.0.0.1 ports of its own,
#      two lobby replicas), waits until every container is healthy, and plays a game with ./plyyard through HAProxy;
#   4. runs ComposeStackContainersIT (client module, -Pcontainers): through HAProxy with the client's own code, a
#      draughts game against the AI to the end with a spectator, a four-player Ploy pool with AI fill, the browser page
#      and gRPC-Web, one lobby replica killed mid-game (podman kill), the PostgreSQL container restarted, HAProxy's
#      image with TLS on the players' side;
#      and, with Keycloak as the outside identity provider, a player who signs in there (a token by the password grant)
#      claims a name and plays a game against the AI through HAProxy with the provider's token;
#   5. records figures (image sizes, time from up to healthy, memory per container) in target/compose-test/figures.txt;
#   6. stops everything it started by its own ids (docker-compose down -v, the podman service, its health ticker,
#      Keycloak) and removes the image store, the debootstrapped tree, Keycloak's folder and podman's folder, whether the
#      test passed or not.
#
# Usage: deploy/test/compose-test.sh [--keep-bases]
#   --keep-bases  keep the debootstrapped tree and the base images for the next run (development; CI starts from nothing)
# Environment: PLYYARD_CONTAINERS_DIR (podman's folder goes in its podman/, default target/compose-test), MAVEN_ARGS
# (read by Maven itself, e.g. -Dmaven.repo.local=...), DEBIAN_MIRROR (default: the machine's apt source for Debian),
# KEYCLOAK_JAVA_HOME (a JDK 21 or newer for Keycloak; default: the newest such JDK under /usr/lib/jvm).
# Ports: 127.0.0.1:37070-37075 and 35432 (deploy/test/docker-compose.host.yml), 37076-37077 (the IT's TLS HAProxy),
# 37078 (Keycloak); the test stops if one is taken.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/target/compose-test"
WORK="${PLYYARD_CONTAINERS_DIR:-$OUT}/podman"
PROJECT=plyyard-test
KEEP_BASES=no
for arg in "$@"; do
  case "$arg" in
    --keep-bases) KEEP_BASES=yes ;;
    *) echo "usage: $0 [--keep-bases]" >&2; exit 2 ;;
  esac
done

PORTS=(35432 37070 37071 37072 37073 37074 37075 37076 37077 37078)
PLAYERS=127.0.0.1:37070
MONITOR=127.0.0.1:37075
# the outside identity provider: Keycloak (dev mode) on the host, its realm and test user from the repository
KEYCLOAK_VERSION=26.5.6
KEYCLOAK_PORT=37078
KEYCLOAK_DIR="$OUT/keycloak"
OIDC_ISSUER="http://127.0.0.1:$KEYCLOAK_PORT/realms/plyyard"
OIDC_AUDIENCE=plyyard-lobby
# the realm's public client and its two test users, who sign in by the password grant (ComposeStackContainersIT)
read -r OIDC_CLIENT OIDC_USER OIDC_PASSWORD OIDC_USER_2 OIDC_PASSWORD_2 < <(python3 -c '
import json, sys
realm = json.load(open(sys.argv[1]))
users = [u["username"] + " " + u["credentials"][0]["value"] for u in realm["users"][:2]]
print(realm["clients"][0]["clientId"], *users)
' "$ROOT/deploy/keycloak/plyyard-realm.json")
BASES=(localhost/plyyard-test/debian:bookworm localhost/plyyard-test/jre localhost/plyyard-test/haproxy
  localhost/plyyard-test/postgres:15)
IMAGES=(plyyard/rules-service:0.1.0 plyyard/ai-service:0.1.0 plyyard/lobby-service:0.1.0 plyyard/haproxy:0.1.0)
COMPOSE=(docker-compose -p "$PROJECT" -f "$ROOT/docker-compose.yml" -f "$ROOT/deploy/test/docker-compose.host.yml")

START=$(date +%s)
log() { printf '[compose-test %4ss] %s\n' "$(( $(date +%s) - START ))" "$*"; }
fail() { log "FAILED: $*"; exit 1; }
now_ms() { date +%s%3N; }

mkdir -p "$OUT"
FIGURES="$OUT/figures.txt"
: > "$FIGURES"
figure() { printf '%s\n' "$*" | tee -a "$FIGURES"; }

# ------------------------------------------------------------------------------------------------ 1. packages, podman

need_packages() {
  local missing=() p
  for p in podman runc catatonit conmon debootstrap docker-compose curl; do
    if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing from Debian: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  local try
  for try in 1 2 3 4 5 6; do # apt may be locked for a moment by someone else
    if $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        "${missing[@]}"; then
      return 0
    fi
    log "apt-get failed (try $try); trying again in 10 s"
    sleep 10
  done
  fail "could not install ${missing[*]}"
}

debian_mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then
    echo "$DEBIAN_MIRROR"
    return
  fi
  local m
  m="$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -E '/debian/?$' | head -n 1 || true)"
  [ -n "$m" ] || m="$(grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | awk '{print $2}' \
    | grep -E '/debian/?$' | head -n 1 || true)"
  echo "${m:-http://deb.debian.org/debian}"
}

configure_podman() {
  mkdir -p "$WORK/conf" "$WORK/run" "$WORK/storage" "$WORK/networks" "$WORK/tmp"
  # runc and cgroupfs: crun and the systemd cgroup manager do not work here (no systemd, hybrid cgroups); the ulimits
  # must fit under the shell's hard limits; host namespaces for the network: no bridge, no iptables, no routes
  cat > "$WORK/conf/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
netns = "host"
utsns = "host"
cgroupns = "host"

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$WORK/run/events.log"
tmp_dir = "$WORK/run/libpod"
image_copy_tmp_dir = "$WORK/tmp"

[network]
network_config_dir = "$WORK/networks"
EOF
  cat > "$WORK/conf/storage.conf" <<EOF
[storage]
driver = "overlay"
graphroot = "$WORK/storage"
runroot = "$WORK/run/storage"
EOF
  # no registry is searched for short names: every image here is local
  cat > "$WORK/conf/registries.conf" <<EOF
unqualified-search-registries = []
short-name-mode = "permissive"
EOF
  export CONTAINERS_CONF="$WORK/conf/containers.conf"
  export CONTAINERS_STORAGE_CONF="$WORK/conf/storage.conf"
  export CONTAINERS_REGISTRIES_CONF="$WORK/conf/registries.conf"
}

# ------------------------------------------------------------------------------------------------------- clean-up

SERVICE_PID=""
TICKER_PID=""
KEYCLOAK_PID=""
DOWN_DONE=no
CACHE_DIR=/var/lib/containers
CACHE_EXISTED=yes
[ -e "$CACHE_DIR" ] || CACHE_EXISTED=no

stop_pid() { # stop_pid PID: TERM, then KILL after 10 s
  local pid="$1" i
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill "$pid" 2>/dev/null || true
  for i in $(seq 1 20); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.5
  done
  kill -9 "$pid" 2>/dev/null || true
}

cleanup() {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  log "cleaning up (exit code $rc)"
  stop_pid "$TICKER_PID"
  if [ "$DOWN_DONE" = no ] && [ -n "$SERVICE_PID" ] && kill -0 "$SERVICE_PID" 2>/dev/null; then
    "${COMPOSE[@]}" logs --no-color > "$OUT/compose-logs.txt" 2>&1
    "${COMPOSE[@]}" down -v -t 10 > "$OUT/down.txt" 2>&1 || log "docker-compose down failed: see $OUT/down.txt"
  fi
  stop_pid "$SERVICE_PID"
  stop_pid "$KEYCLOAK_PID"
  rm -rf "$KEYCLOAK_DIR" # the distribution and its H2 store (its log stays in $OUT)
  if command -v podman >/dev/null 2>&1 && [ -n "${CONTAINERS_CONF:-}" ]; then
    # whatever compose left (a failed start): ours only, this storage only
    podman rm -a -f -t 0 >/dev/null 2>&1
    podman volume rm -a -f >/dev/null 2>&1
    podman rmi -f "${IMAGES[@]}" >/dev/null 2>&1
    if [ "$KEEP_BASES" = no ]; then
      podman rmi -a -f >/dev/null 2>&1
    fi
  fi
  # conmon or podman processes of this store still running (a container that would not stop): by their ids
  local pid
  for pid in $(pgrep -f -- "^(/usr/bin/)?(conmon|podman) .*$WORK/" 2>/dev/null); do
    kill -9 "$pid" 2>/dev/null
  done
  if [ "$KEEP_BASES" = no ]; then
    awk -v w="$WORK" '$2 ~ "^"w {print $2}' /proc/mounts | sort -r | while read -r m; do umount -l "$m"; done
    rm -rf "$WORK"
    if [ "$CACHE_EXISTED" = no ]; then
      rm -rf "$CACHE_DIR" # podman's blob-info cache, which it always puts there (not configurable)
    fi
  else
    rm -rf "$WORK/run" "$WORK/tmp"
  fi
  local left
  left="$(pgrep -a -f -- "^(/usr/bin/)?(conmon|podman) .*$WORK/" 2>/dev/null || true)"
  [ -z "$left" ] || log "processes still running: $left"
  log "done in $(( $(date +%s) - START )) s"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --------------------------------------------------------------------------------------- the outside identity provider

# A JDK for Keycloak 26, which needs Java 21 or newer (the project's own build stays on 17): KEYCLOAK_JAVA_HOME, else
# the newest under /usr/lib/jvm (the development machines have Temurin's beside Debian's 17)
keycloak_java() {
  local best="" best_v=0 j v
  for j in ${KEYCLOAK_JAVA_HOME:-} /usr/lib/jvm/*; do
    [ -x "$j/bin/java" ] || continue
    v="$("$j/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')"
    v="${v%%.*}"
    [[ "$v" =~ ^[0-9]+$ ]] || continue
    if [ -n "${KEYCLOAK_JAVA_HOME:-}" ] && [ "$j" = "$KEYCLOAK_JAVA_HOME" ] && [ "$v" -ge 21 ]; then
      echo "$j"
      return 0
    fi
    if [ "$v" -ge 21 ] && [ "$v" -gt "$best_v" ]; then
      best="$j"
      best_v="$v"
    fi
  done
  [ -n "$best" ] || return 1
  echo "$best"
}

# Keycloak's distribution from Maven Central (through the wrapper's Maven, like every other artifact), unpacked in
# $KEYCLOAK_DIR, the realm put where --import-realm reads it, then started in dev mode in the background (H2 file store
# in its data/, plain HTTP on 127.0.0.1 only)
start_keycloak() {
  local java t
  java="$(keycloak_java)" || fail "Keycloak $KEYCLOAK_VERSION needs Java 21 or newer and none was found under /usr/lib/jvm; set KEYCLOAK_JAVA_HOME to one"
  log "Keycloak $KEYCLOAK_VERSION from Maven Central, on $java"
  t=$(now_ms)
  rm -rf "$KEYCLOAK_DIR"
  mkdir -p "$KEYCLOAK_DIR"
  ./mvnw -B -ntp -N dependency:copy -Dartifact="org.keycloak:keycloak-quarkus-dist:$KEYCLOAK_VERSION:tar.gz" \
    -DoutputDirectory="$KEYCLOAK_DIR" > "$OUT/keycloak-download.log" 2>&1 \
    || fail "downloading Keycloak failed: see $OUT/keycloak-download.log"
  tar -C "$KEYCLOAK_DIR" -xzf "$KEYCLOAK_DIR/keycloak-quarkus-dist-$KEYCLOAK_VERSION.tar.gz"
  rm -f "$KEYCLOAK_DIR/keycloak-quarkus-dist-$KEYCLOAK_VERSION.tar.gz"
  local home="$KEYCLOAK_DIR/keycloak-$KEYCLOAK_VERSION"
  mkdir -p "$home/data/import"
  cp "$ROOT/deploy/keycloak/plyyard-realm.json" "$home/data/import/"
  figure "Keycloak $KEYCLOAK_VERSION: downloaded and unpacked in $(( ($(now_ms) - t) / 1000 )) s"
  KEYCLOAK_STARTED=$(now_ms)
  JAVA_HOME="$java" JAVA_OPTS_KC_HEAP="-Xms64m -Xmx512m" \
    "$home/bin/kc.sh" start-dev --http-host=127.0.0.1 --http-port="$KEYCLOAK_PORT" --import-realm \
    > "$OUT/keycloak.log" 2>&1 &
  KEYCLOAK_PID=$!
}

# until the realm's discovery document answers (Keycloak started meanwhile, alongside the bases and the build)
await_keycloak() {
  local i
  for i in $(seq 1 300); do
    if curl -sf -o /dev/null "$OIDC_ISSUER/.well-known/openid-configuration"; then
      figure "Keycloak $KEYCLOAK_VERSION ready (the realm's discovery document answers) $(( ($(now_ms) - KEYCLOAK_STARTED) / 1000 )) s after it was started, waited for $i s here; $(ps -o rss= -p "$KEYCLOAK_PID" | awk '{printf "%.0f MB", $1/1024}') resident"
      return 0
    fi
    kill -0 "$KEYCLOAK_PID" 2>/dev/null || { tail -n 30 "$OUT/keycloak.log"; fail "Keycloak stopped: see $OUT/keycloak.log"; }
    sleep 1
  done
  tail -n 30 "$OUT/keycloak.log"
  fail "Keycloak did not answer at $OIDC_ISSUER within 300 s: see $OUT/keycloak.log"
}

# -------------------------------------------------------------------------------------------------------- the run

log "ROOT=$ROOT WORK=$WORK"
[ "$(id -u)" -eq 0 ] || fail "the container test runs as root (rootful podman with host networking, as on the development machine)"
need_packages
for port in "${PORTS[@]}"; do
  if ss -Hltn "sport = :$port" | grep -q .; then
    fail "port $port is taken; the container test needs 127.0.0.1:${PORTS[*]}"
  fi
done
configure_podman
figure "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
figure "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
figure "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(podman --version), runc $(runc --version | head -n 1 | awk '{print $3}'), $(docker-compose --version | cut -d, -f1)"

# 2. the outside identity provider, started now so that it comes up while the bases and the jars are made
cd "$ROOT"
start_keycloak

# the base images, offline
if ! podman image exists localhost/plyyard-test/debian:bookworm; then
  mirror="$(debian_mirror)"
  log "debootstrap --variant=minbase bookworm from $mirror"
  t=$(now_ms)
  rm -rf "$WORK/rootfs"
  debootstrap --variant=minbase bookworm "$WORK/rootfs" "$mirror" > "$OUT/debootstrap.log" 2>&1 \
    || fail "debootstrap failed: see $OUT/debootstrap.log"
  tar -C "$WORK/rootfs" -c . | podman import --change 'CMD ["/bin/bash"]' - localhost/plyyard-test/debian:bookworm \
    >> "$OUT/debootstrap.log" 2>&1
  rm -rf "$WORK/rootfs"
  figure "base debian (debootstrap + import): $(( ($(now_ms) - t) / 1000 )) s"
fi
build_base() { # build_base IMAGE CONTEXT
  podman image exists "$1" && return 0
  log "building the stand-in base $1"
  local t
  t=$(now_ms)
  podman build --network host -q -t "$1" "$2" > "$OUT/build-$(basename "$2").log" 2>&1 \
    || fail "building $1 failed: see $OUT/build-$(basename "$2").log"
  figure "base $1: built in $(( ($(now_ms) - t) / 1000 )) s"
}
build_base localhost/plyyard-test/jre "$ROOT/deploy/test/base/jre"
build_base localhost/plyyard-test/haproxy "$ROOT/deploy/test/base/haproxy"
build_base localhost/plyyard-test/postgres:15 "$ROOT/deploy/test/postgres"

# 3. the README's commands
cd "$ROOT"
# a password of this run's own: PostgreSQL's and the lobbies' come from it (docker-compose.yml)
PLYYARD_DB_PASSWORD="$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"
export PLYYARD_DB_PASSWORD
log "./mvnw -DskipTests package"
t=$(now_ms)
./mvnw -B -ntp -DskipTests package > "$OUT/package.log" 2>&1 || fail "the package build failed: see $OUT/package.log"
figure "./mvnw -DskipTests package: $(( ($(now_ms) - t) / 1000 )) s"

log "podman system service on $WORK/podman.sock"
podman system service --time=0 "unix://$WORK/podman.sock" > "$OUT/podman-service.log" 2>&1 &
SERVICE_PID=$!
export DOCKER_HOST="unix://$WORK/podman.sock"
for i in $(seq 1 50); do
  [ -S "$WORK/podman.sock" ] && break
  sleep 0.2
done
[ -S "$WORK/podman.sock" ] || fail "the podman service did not start: see $OUT/podman-service.log"

log "docker-compose build"
t=$(now_ms)
"${COMPOSE[@]}" build > "$OUT/compose-build.log" 2>&1 || fail "docker-compose build failed: see $OUT/compose-build.log"
figure "docker-compose build (the four images of ours): $(( ($(now_ms) - t) / 1000 )) s"

# podman runs health checks on systemd timers, and there is no systemd here: until every container is healthy this loop
# runs them instead (test only), so that depends_on: service_healthy and the health states work as with Docker
health_ticker() {
  while true; do
    for id in $(podman ps -q --filter "label=com.docker.compose.project=$PROJECT" --filter health=starting \
        --filter health=unhealthy 2>/dev/null); do
      podman healthcheck run "$id" >/dev/null 2>&1 || true
    done
    sleep 1
  done
}
health_ticker &
TICKER_PID=$!

# the project's containers' states: "<service> <state> <health>" a line
states() {
  local id
  for id in $(podman ps -a -q --filter "label=com.docker.compose.project=$PROJECT"); do
    podman inspect --format '{{index .Config.Labels "com.docker.compose.service"}} {{.State.Status}} {{.State.Health.Status}}' "$id"
  done
}

# the lobbies are told the provider (docker-compose.yml passes these on); it must answer before they start
await_keycloak
export PLYYARD_OIDC_ISSUER="$OIDC_ISSUER" PLYYARD_OIDC_AUDIENCE="$OIDC_AUDIENCE"

log "docker-compose up -d"
t=$(now_ms)
"${COMPOSE[@]}" up -d > "$OUT/compose-up.log" 2>&1 || fail "docker-compose up failed: see $OUT/compose-up.log"
up_returned=$(( $(now_ms) - t ))
# the services the override runs: postgres, rules-service, ai-service, lobby-service, lobby-service-b, haproxy-host
expected=$("${COMPOSE[@]}" ps -q | wc -l)
[ "$expected" -eq 6 ] || fail "docker-compose up started $expected containers, not 6"
healthy=no
while [ $(( $(now_ms) - t )) -lt 180000 ]; do
  s="$(states)"
  if [ "$(echo "$s" | grep -c ' running healthy$')" -eq "$expected" ]; then
    healthy=yes
    break
  fi
  sleep 0.5
done
# a container that did not become healthy: its exit, and its log's tail, where CI shows them (the whole logs stay in $OUT)
explain_unhealthy() {
  local id name
  for id in $(podman ps -a -q --filter "label=com.docker.compose.project=$PROJECT"); do
    name="$(podman inspect --format '{{index .Config.Labels "com.docker.compose.service"}}' "$id")"
    if ! podman inspect --format '{{.State.Status}} {{.State.Health.Status}}' "$id" | grep -q '^running healthy$'; then
      echo "--- $name: $(podman inspect --format 'status={{.State.Status}} health={{.State.Health.Status}} exit={{.State.ExitCode}} oom={{.State.OOMKilled}} restarts={{.RestartCount}} error={{.State.Error}}' "$id")"
      podman logs --tail 60 "$id" 2>&1 | sed "s/^/$name| /"
    fi
  done
}
[ "$healthy" = yes ] || { echo "$s"; explain_unhealthy; fail "not every container became healthy within 180 s"; }
ms=$(( $(now_ms) - t ))
figure "docker-compose up -d: returned after $(( up_returned / 1000 )).$(( up_returned % 1000 / 100 )) s, all $expected containers healthy after $(( ms / 1000 )).$(( ms % 1000 / 100 )) s (health checks run every second or so)"
stop_pid "$TICKER_PID"
TICKER_PID=""
"${COMPOSE[@]}" ps | tee "$OUT/compose-ps.txt"

figure "images (podman images; the stand-in bases, then ours on them):"
podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | sort | sed 's/^/  /' | tee -a "$FIGURES"
for image in "${IMAGES[@]}"; do
  # the layers of ours: everything above the base image
  figure "  $image: layers of ours $(podman history --format '{{.CreatedBy}}|{{.Size}}' "$image" | grep -E '^(/bin/sh -c #\(nop\) )?COPY' | awk -F'|' '{print $2}' | paste -sd+ -)"
done
figure "memory per container at rest, after start (podman stats --no-stream):"
podman stats --no-stream --format '{{.Name}} {{.MemUsage}}' | sort | sed 's/^/  /' | tee -a "$FIGURES"

log "the README: ./plyyard play --variant draughts:fmjd --vs ai (with --target, --autoplay first, a fresh PLYYARD_HOME)"
export PLYYARD_HOME="$OUT/player-home"
rm -rf "$PLYYARD_HOME"
t=$(now_ms)
./plyyard play --target "$PLAYERS" --name readme-player --variant draughts:fmjd --vs ai --autoplay first --ascii \
  > "$OUT/readme-play.txt" 2>&1 || { tail -n 20 "$OUT/readme-play.txt"; fail "./plyyard play failed"; }
grep -q '^result: ' "$OUT/readme-play.txt" || fail "./plyyard play did not finish the game: see $OUT/readme-play.txt"
figure "./plyyard play (draughts:fmjd against the AI at its default level, to the end): $(( ($(now_ms) - t) / 1000 )) s, $(grep '^result: ' "$OUT/readme-play.txt")"
unset PLYYARD_HOME

# 4. the client's own code, from outside, through HAProxy
log "ComposeStackContainersIT"
t=$(now_ms)
# the lifecycle up to verify (not the failsafe goals alone): the reactor then hands client the modules it just
# packaged, so nothing has to be installed in ~/.m2 first (a fresh machine has none of ours there)
./mvnw -B -ntp -Pcontainers -pl client -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test=ComposeStackContainersIT -Dfailsafe.failIfNoSpecifiedTests=false \
  -Dplyyard.containers.players="$PLAYERS" -Dplyyard.containers.monitor="$MONITOR" \
  -Dplyyard.containers.project="$PROJECT" -Dplyyard.containers.figures="$OUT/figures-it.txt" \
  -Dplyyard.containers.oidc-issuer="$OIDC_ISSUER" -Dplyyard.containers.oidc-audience="$OIDC_AUDIENCE" \
  -Dplyyard.containers.oidc-client="$OIDC_CLIENT" -Dplyyard.containers.oidc-user="$OIDC_USER" \
  -Dplyyard.containers.oidc-password="$OIDC_PASSWORD" \
  -Dplyyard.containers.oidc-user-2="$OIDC_USER_2" -Dplyyard.containers.oidc-password-2="$OIDC_PASSWORD_2" \
  > "$OUT/it.log" 2>&1 || { grep -E 'Tests run|FAIL|ERROR' "$OUT/it.log" | head -n 40; fail "ComposeStackContainersIT failed: see $OUT/it.log"; }
grep -E 'Tests run:' "$OUT/it.log" | tail -n 1
figure "ComposeStackContainersIT: $(( ($(now_ms) - t) / 1000 )) s"
[ -f "$OUT/figures-it.txt" ] && cat "$OUT/figures-it.txt" | tee -a "$FIGURES"

figure "memory per container after the games (podman stats --no-stream):"
podman stats --no-stream --format '{{.Name}} {{.MemUsage}}' | sort | sed 's/^/  /' | tee -a "$FIGURES"
figure "  Keycloak (on the host): $(ps -o rss= -p "$KEYCLOAK_PID" | awk '{printf "%.0f MB", $1/1024}') resident"

log "docker-compose down -v"
t=$(now_ms)
"${COMPOSE[@]}" logs --no-color > "$OUT/compose-logs.txt" 2>&1 || true
down_started="$(date +%s.%N)"
"${COMPOSE[@]}" down -v -t 10 > "$OUT/down.txt" 2>&1 || fail "docker-compose down failed: see $OUT/down.txt"
DOWN_DONE=yes
figure "docker-compose down -v: $(( ($(now_ms) - t) / 1000 )) s; each container stopped after (podman's events):"
# podman's event log: when each container died, counted from the start of `down` (10 s = stopped by SIGKILL at -t 10)
python3 - "$WORK/run/events.log" "$down_started" <<'PY' | sed 's/^/  /' | tee -a "$FIGURES"
import datetime, json, sys
start = float(sys.argv[2])
for line in open(sys.argv[1]):
    e = json.loads(line)
    if e.get("Type") == "container" and e.get("Status") == "died":
        t = e["Time"]
        stamp = datetime.datetime.strptime(t[:26].rstrip("Z"), "%Y-%m-%dT%H:%M:%S.%f").replace(
            tzinfo=datetime.timezone.utc).timestamp()
        if stamp >= start:
            print(f'{e["Name"]} {stamp - start:.1f} s')
PY
left="$(podman ps -a -q)"
[ -z "$left" ] || fail "containers left after down: $left"
log "PASSED"
