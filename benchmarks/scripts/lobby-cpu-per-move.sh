#!/usr/bin/env bash
# CPU per move of each process of the platform during a sustained lobby run (docs/benchmarks.md, "CPU per move").
#
#   benchmarks/scripts/lobby-cpu-per-move.sh [TARGET] [WARMUP_S] [MEASURE_S] [MATCHES]
#
# Runs `./plyyard bench lobby` against TARGET (localhost:7070) with MATCHES matches (64) and a watcher each, reads every
# process's CPU time (utime + stime in /proc/<pid>/stat) just after the warm-up and just before the end, and
# prints each group's share of a core and its CPU milliseconds per move, beside the run's summary line. Start the
# platform first, without rate limits: PLYYARD_LOBBY_RATE_LIMITS_ENABLED=false ./plyyard up
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:-localhost:7070}; warmup=${2:-20}; measure=${3:-30}; matches=${4:-64}
hz=$(getconf CLK_TCK)
out=$(mktemp); before=$(mktemp); after=$(mktemp)
trap 'rm -f "$out" "$before" "$after"' EXIT

groups() { # lines: pid group, for the platform's processes and the load generator
  for pid in $(pgrep -f 'lobby-service|rules-service|ai-service|plyyard.jar bench'; pgrep -x postgres); do
    cmd=$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null) || continue
    case "$cmd" in
      *plyyard.jar\ bench*) echo "$pid load-generator" ;;
      *lobby-service*) echo "$pid lobby-service" ;;
      *rules-service*) echo "$pid rules-service" ;;
      *ai-service*) echo "$pid ai-service" ;;
      postgres*) echo "$pid postgresql" ;;
    esac
  done
}

snapshot() { # lines: pid ticks (utime + stime: the 12th and 13th fields after the command name in parentheses)
  for pid in $(cut -d' ' -f1 "$1"); do
    sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | awk -v pid="$pid" '{print pid, $12 + $13}' || true
  done
}

./plyyard bench lobby --target "$target" --matches "$matches" --watchers-per-match 1 \
  --duration "${measure}s" --warmup "${warmup}s" > "$out" 2>&1 &
bench=$!
sleep $((warmup + 4))   # the players register and their matches start before the warm-up begins: a few seconds
who=$(mktemp); groups > "$who"
t0=$(date +%s.%N); snapshot "$who" > "$before"
sleep $((measure - 8))  # ends before the measured part does
t1=$(date +%s.%N); snapshot "$who" > "$after"
wait "$bench"
summary=$(tail -1 "$out")
echo "$summary"
rate=$(sed -n 's/.*moves_per_s=\([0-9.]*\).*/\1/p' <<< "$summary")
window=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
awk -v hz="$hz" -v s="$window" -v rate="$rate" '
  FILENAME == ARGV[1] { group[$1] = $2; next }
  FILENAME == ARGV[2] { start[$1] = $2; next }
  ($1 in start) { used[group[$1]] += ($2 - start[$1]) / hz }
  END {
    for (g in used) printf "%-15s %6.1f %% of a core  %5.2f ms CPU per move\n", g, 100 * used[g] / s, 1000 * used[g] / s / rate
    for (p in group) if (!(group[p] in used)) printf "%-15s not measured (its process was gone before the window ended)\n", group[p]
  }
' "$who" "$before" "$after" | sort
rm -f "$who"
