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
# With REFUSED=1 set, the command must fail with status 65 (a refusal) instead of succeeding.
best_ms() {
  local best="" t0 t1 ms st
  for _ in $(seq "$repeat"); do
    t0=$(date +%s%N)
    st=0
    "$@" >/dev/null 2>&1 || st=$?
    t1=$(date +%s%N)
    if [ "$st" -ne "$(( ${REFUSED:-0} ? 65 : 0 ))" ]; then
      echo "bench: '$*' exited with $st" >&2
      exit 1
    fi
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

# The slow inputs of issue 11 (m = 10^5, many losing piles, long preperiods): answered or
# refused at the period engine's work limit, in seconds (they ran for half an hour before).
# odd-even with Mao Mao's largest amount 999998 instead of 200000 is answered; as generated
# (the input) it is refused, as is top.
"$build/gen_nimplus" 1000000000000000000 100000 999999 odd-even >"$tmp/np_oddeven.txt"
sed '3s/ 200000$/ 999998/' "$tmp/np_oddeven.txt" >"$tmp/np_oddeven_answered.txt"
"$build/gen_nimplus" 1000000000000000000 100000 1000000 top >"$tmp/np_top.txt"
s=$(repeat=1 best_ms "$bin" solve nimplus "$tmp/np_oddeven_answered.txt")
echo "nimplus np_oddeven_answered: answered in $s ms"
for f in np_oddeven np_top; do
  s=$(repeat=1 REFUSED=1 best_ms "$bin" solve nimplus "$tmp/$f.txt")
  echo "nimplus $f: refused (work limit) in $s ms"
done

# The engine's DP against the plain pile-by-pile DP (the engine's old algorithm) on the first
# 600,000 piles of odd-even, in this run (once each: the plain one takes seconds); both must
# count the same outcomes.
t0=$(date +%s%N)
plain_out=$("$build/psub_dp" plain "$tmp/np_oddeven.txt" 600000)
t1=$(date +%s%N)
engine_out=$("$build/psub_dp" engine "$tmp/np_oddeven.txt" 600000)
t2=$(date +%s%N)
if [ "$plain_out" != "$engine_out" ]; then
  echo "bench: psub_dp plain ($plain_out) and engine ($engine_out) disagree" >&2
  exit 1
fi
awk -v p=$(( (t1 - t0) / 1000000 )) -v e=$(( (t2 - t1) / 1000000 )) 'BEGIN {
  printf "psub DP, 600000 piles of odd-even: plain %d ms, engine %d ms, %.1fx faster\n",
         p, e, (e > 0 ? p / e : 0) }'

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
