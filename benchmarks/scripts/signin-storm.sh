#!/usr/bin/env bash
# Moves during a sign-in storm (docs/benchmarks.md, "Sign-ins"): interleaved rounds of `bench lobby` alone and
# `bench lobby` while `bench signin` runs, against the platform of `./plyyard up` on this machine.
# usage: benchmarks/scripts/signin-storm.sh LABEL ROUNDS [bench signin options, e.g. --addresses 8]
# Output: one line per run, "LABEL baseline|storm|signin N: <the bench's summary line>"; the full outputs in
# ${OUT:-/tmp/signin-storm}.
set -uo pipefail
label=$1; rounds=$2; shift 2
out=${OUT:-/tmp/signin-storm}
mkdir -p "$out"
cd "$(dirname "$0")/../.."
./plyyard bench lobby --matches 64 --duration 30s --warmup 10s > "$out/$label-warm.txt" 2>&1 # the JIT, the tables
for r in $(seq 1 "$rounds"); do
  ./plyyard bench lobby --matches 64 --duration 60s --warmup 10s > "$out/$label-base-$r.txt" 2>&1
  echo "$label baseline $r: $(tail -1 "$out/$label-base-$r.txt")"
  ./plyyard bench signin --clients 8 --accounts 20 --duration 85s "$@" > "$out/$label-signin-$r.txt" 2>&1 &
  sleep 8 # the storm's accounts signed up, its callers going
  ./plyyard bench lobby --matches 64 --duration 60s --warmup 10s > "$out/$label-storm-$r.txt" 2>&1
  echo "$label storm $r: $(tail -1 "$out/$label-storm-$r.txt")"
  wait
  echo "$label signin $r: $(grep -h 'sign_ins=' "$out/$label-signin-$r.txt" | head -1)"
done
