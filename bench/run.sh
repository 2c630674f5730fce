#!/usr/bin/env bash
# Benchmarks: usage bench/run.sh [BUILD_DIR]   (make bench)
#
# Generates deterministic inputs into a temporary folder (never committed), times each solver
# end to end (best of REPEAT runs, wall clock) and, where it makes sense, the read-only baseline
# on the same input, and prints times, throughput and ratios. Targets are in README.md; nothing
# here fails on a slow machine: these are measurements, not tests.
set -euo pipefail
build=${1:-build}
bin=$build/nimber
repeat=${REPEAT:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best_ms CMD...: the best wall-clock time of REPEAT runs, in milliseconds (3 decimals).
best_ms() {
  local best="" t0 t1 ms
  for _ in $(seq "$repeat"); do
    t0=$(date +%s%N)
    "$@" >/dev/null
    t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  printf '%d.%03d' $((best / 1000)) $((best % 1000))
}

# report NAME FILE SOLVER_MS BASE_MS: one line with size, times, throughput and ratio.
report() {
  local name=$1 file=$2 solve=$3 base=$4
  local bytes mb
  bytes=$(stat -c %s "$file")
  mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
  awk -v n="$name" -v mb="$mb" -v s="$solve" -v b="$base" 'BEGIN {
    printf "%-34s %8s MB  solve %9.3f ms  read-only %9.3f ms  ratio %5.2fx  %7.1f MB/s\n",
           n, mb, s, b, (b > 0 ? s / b : 0), (s > 0 ? mb / (s / 1000) : 0) }'
}

echo "nimber benchmarks (best of $repeat runs; wall clock; targets in README.md)"

# --- Two and Three ---------------------------------------------------------------------------
# Contest's largest input: 10^5 values up to 10^9 (one case, and 10^5 cases of one value).
"$build/gen_twothree" 1 100000 1000000000 1 >"$tmp/tt_contest.txt"
"$build/gen_twothree" 100000 1 1000000000 2 >"$tmp/tt_cases.txt"
# Beyond the contest: 10^7 values up to 10^18 (about 190 MB), in 100 cases.
"$build/gen_twothree" 100 100000 1000000000000000000 3 >"$tmp/tt_big.txt"
for f in tt_contest tt_cases tt_big; do
  s=$(best_ms "$bin" solve twothree "$tmp/$f.txt")
  b=$(best_ms "$build/parse_only" numbers "$tmp/$f.txt")
  report "twothree $f" "$tmp/$f.txt" "$s" "$b"
done

# --- Nim plus (psub) -------------------------------------------------------------------------
# Contest's largest input: n = 5000, m = 100 amounts per player up to 5000 (DP up to n).
"$build/gen_nimplus" 5000 100 5000 1 >"$tmp/np_contest.txt"
# Beyond the contest: n = 10^18 (answered from the proven period), m = 100 amounts up to 5000,
# then m = 10^5 amounts up to 10^6.
"$build/gen_nimplus" 1000000000000000000 100 5000 2 >"$tmp/np_huge_n.txt"
"$build/gen_nimplus" 1000000000000000000 100000 1000000 3 >"$tmp/np_big.txt"
for f in np_contest np_huge_n np_big; do
  s=$(best_ms "$bin" solve nimplus "$tmp/$f.txt")
  b=$(best_ms "$build/parse_only" numbers "$tmp/$f.txt")
  report "nimplus $f" "$tmp/$f.txt" "$s" "$b"
done

# --- Tower game (gurdurr) --------------------------------------------------------------------
# Contest's largest input: 30,000 towers of 20 layers, random stable, and adversarial (only III,
# II. and .II: every tower is one run of 20 layers, the longest the compiled run table holds).
"$build/gen_gurdurr" random 30000 20 1 >"$tmp/gd_random.txt"
"$build/gen_gurdurr" adversarial 30000 20 2 >"$tmp/gd_adversarial.txt"
for f in gd_random gd_adversarial; do
  s=$(best_ms "$bin" solve gurdurr "$tmp/$f.txt")
  b=$(best_ms "$build/parse_only" words "$tmp/$f.txt")
  report "gurdurr $f" "$tmp/$f.txt" "$s" "$b"
done

# --- Heap games: the sequence engine and a plain O(n^2) loop, side by side --------------------
# One run each (the plain loops take seconds): wall and CPU time, the engine's memory, and a
# checksum of the values (engine and plain loop must agree). `engine` computes every value;
# `table` answers each heap as `nimber table` will, from the period once the engine proves it.
# HEAP_BIG=1 adds Grundy's game to 10^8 and the period of 0.1777 (minutes, gigabytes).
hs=$build/heapseq
cpu_of() { sed -n 's/.*cpu *\([0-9.]*\) s.*/\1/p'; }
side_by_side() { # GAME N: the engine and the plain loop on G(0..N-1), and their ratio
  local e p
  e=$("$hs" engine "$1" "$2") && echo "$e"
  p=$("$hs" plain "$1" "$2") && echo "$p"
  awk -v e="$(echo "$e" | cpu_of)" -v p="$(echo "$p" | cpu_of)" -v g="$1" -v n="$2" \
    'BEGIN { printf "  -> %s to %s: engine %.1fx faster than the plain loop (CPU time)\n", g, n, p / e }'
}
echo "heap games (one run each; targets in issue 8)"
side_by_side oct:0.16 300000
"$hs" engine oct:0.16 10000000
"$hs" table oct:0.16 10000000
"$hs" period oct:0.16 1000000
"$hs" table oct:0.77 1000000
"$hs" table oct:0.137 1000000
side_by_side grundy 100000
"$hs" engine grundy 1000000
if [ "${HEAP_BIG:-0}" = 1 ]; then
  "$hs" engine grundy 100000000
  "$hs" period oct:0.1777 600000000
fi
