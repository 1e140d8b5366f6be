#!/usr/bin/env bash
# CPU per move of each process of the platform during a sustained lobby run (docs/benchmarks.md, "CPU per move").
#
#   benchmarks/scripts/lobby-cpu-per-move.sh [TARGET] [WARMUP_S] [MEASURE_S] [MATCHES]
#
# Runs `./plyyard bench lobby` against TARGET (localhost:7070) with MATCHES matches (64) and a watcher each, reads every
# process's CPU time (utime + stime in /proc/<pid>/stat) shortly after the warm-up and shortly before the end, and
# prints each group's share of a core and its CPU milliseconds per move, beside the run's summary line. Start the
# platform first, without rate limits: PLYYARD_LOBBY_RATE_LIMITS_ENABLED=false ./plyyard up
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:-localhost:7070}; warmup=${2:-20}; measure=${3:-30}; matches=${4:-64}
hz=$(getconf CLK_TCK)
out=$(mktemp); before=$(mktemp); after=$(mktemp)
trap 'rm -f "$out" "$before" "$after"' EXIT

snapshot() { # lines: group pid ticks
  for stat in /proc/[0-9]*/stat; do
    pid=${stat#/proc/}; pid=${pid%/stat}
    cmd=$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null || true)
    case "$cmd" in
      *lobby-service*) group=lobby-service ;;
      *rules-service*) group=rules-service ;;
      *ai-service*) group=ai-service ;;
      postgres*) group=postgresql ;;
      *plyyard.jar\ bench*) group=load-generator ;;
      *) continue ;;
    esac
    # the fields after the command name, which is in parentheses and may hold spaces: utime and stime are 12th, 13th
    ticks=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | awk '{print $12 + $13}') || continue
    [ -n "$ticks" ] && echo "$group $pid $ticks"
  done
}

./plyyard bench lobby --target "$target" --matches "$matches" --watchers-per-match 1 \
  --duration "${measure}s" --warmup "${warmup}s" > "$out" 2>&1 &
bench=$!
sleep $((warmup + 8))
snapshot > "$before"
window=$((measure - 4))
sleep "$window"
snapshot > "$after"
wait "$bench"
summary=$(tail -1 "$out")
echo "$summary"
rate=$(sed -n 's/.*moves_per_s=\([0-9.]*\).*/\1/p' <<< "$summary")
awk -v hz="$hz" -v s="$window" -v rate="$rate" '
  NR == FNR { start[$2] = $3; next }
  ($2 in start) { used[$1] += ($3 - start[$2]) / hz }
  END { for (g in used) printf "%-15s %6.1f %% of a core  %5.2f ms CPU per move\n", g, 100 * used[g] / s, 1000 * used[g] / s / rate }
' "$before" "$after" | sort
