#!/usr/bin/env bash
# Benchmarks: usage bench/run.sh [BUILD_DIR]   (make bench)
#
# Generates deterministic inputs into a temporary folder (never committed), times each solver
# end to end (best of REPEAT runs, CPU time) beside two baselines on the same input, in the same
# run: "floor" (bench/floor.c: 64 KiB reads and a plain digit loop, the least any reader can do)
# and "read-only" (nimber's own reader, parsing every token and solving nothing). The ratio is
# solve / floor. Targets are in README.md; nothing here fails on a slow machine: these are
# measurements, not tests.
set -euo pipefail
build=${1:-build}
bin=$build/nimber
repeat=${REPEAT:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu_ms CMD...: the CPU time (user + system) of one run, in microseconds, from bash's own
# clock (TIMEFORMAT, 3 decimals): CPU time rather than wall clock, because the machine is shared.
cpu_us() {
  local TIMEFORMAT='%3U %3S' t
  t=$( { time "$@" >/dev/null; } 2>&1 )
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%d", (a[1] + a[2]) * 1e6 }'
}

# compare FILE KIND SOLVER_ARGS...: the best of REPEAT rounds of solver, floor and read-only,
# run alternately so that load on the machine touches all three alike; prints "s f r" in ms.
compare() {
  local file=$1 kind=$2
  shift 2
  local s f r bs="" bf="" br=""
  for _ in $(seq "$repeat"); do
    s=$(cpu_us "$@" "$file")
    f=$(cpu_us "$build/floor" "$kind" "$file")
    r=$(cpu_us "$build/parse_only" "$kind" "$file")
    if [ -z "$bs" ] || [ "$s" -lt "$bs" ]; then bs=$s; fi
    if [ -z "$bf" ] || [ "$f" -lt "$bf" ]; then bf=$f; fi
    if [ -z "$br" ] || [ "$r" -lt "$br" ]; then br=$r; fi
  done
  awk -v s="$bs" -v f="$bf" -v r="$br" 'BEGIN { printf "%.3f %.3f %.3f", s / 1e3, f / 1e3, r / 1e3 }'
}

# report NAME FILE "SOLVE FLOOR READONLY": one line with size, times, throughput and ratio.
report() {
  local name=$1 file=$2
  local s f r
  read -r s f r <<<"$3"
  local bytes mb
  bytes=$(stat -c %s "$file")
  mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
  awk -v n="$name" -v mb="$mb" -v s="$s" -v f="$f" -v r="$r" 'BEGIN {
    printf "%-26s %7s MB  solve %8.1f ms  floor %8.1f ms  read-only %8.1f ms  solve/floor %5.2fx\n",
           n, mb, s, f, r, (f > 0 ? s / f : 0) }'
}

echo "nimber benchmarks (best of $repeat runs; CPU time; targets in README.md)"

# --- Two and Three ---------------------------------------------------------------------------
# Contest's largest input: 10^5 values up to 10^9 (one case, and 10^5 cases of one value).
"$build/gen_twothree" 1 100000 1000000000 1 >"$tmp/tt_contest.txt"
"$build/gen_twothree" 100000 1 1000000000 2 >"$tmp/tt_cases.txt"
# Beyond the contest: 10^7 values up to 10^18 (about 190 MB), in 100 cases.
"$build/gen_twothree" 100 100000 1000000000000000000 3 >"$tmp/tt_big.txt"
for f in tt_contest tt_cases tt_big; do
  report "twothree $f" "$tmp/$f.txt" "$(compare "$tmp/$f.txt" numbers "$bin" solve twothree)"
done

# --- Nim plus (psub) -------------------------------------------------------------------------
# Contest's largest input: n = 5000, m = 100 amounts per player up to 5000 (DP up to n).
"$build/gen_nimplus" 5000 100 5000 1 >"$tmp/np_contest.txt"
# Beyond the contest: n = 10^18 (answered from the proven period), m = 100 amounts up to 5000,
# then m = 10^5 amounts up to 10^6.
"$build/gen_nimplus" 1000000000000000000 100 5000 2 >"$tmp/np_huge_n.txt"
"$build/gen_nimplus" 1000000000000000000 100000 1000000 3 >"$tmp/np_big.txt"
for f in np_contest np_huge_n np_big; do
  report "nimplus $f" "$tmp/$f.txt" "$(compare "$tmp/$f.txt" numbers "$bin" solve nimplus)"
done

# The slow inputs of issue 11 (m = 10^5 amounts, many losing piles, long preperiods), once each
# (they take seconds): answered, or refused at the period engine's work limit (exit 65, as
# expected here), in seconds; they ran for half an hour before. odd-even as generated is the
# issue's input (refused), with Mao Mao's 200000 replaced by 999998 it is answered; top is
# refused. CPU time, as above.
"$build/gen_nimplus" 1000000000000000000 100000 999999 odd-even >"$tmp/np_oddeven.txt"
sed '3s/ 200000$/ 999998/' "$tmp/np_oddeven.txt" >"$tmp/np_oddeven_answered.txt"
"$build/gen_nimplus" 1000000000000000000 100000 1000000 top >"$tmp/np_top.txt"
for f in np_oddeven_answered np_oddeven np_top; do
  TIMEFORMAT='%3U %3S'
  st=0
  t=$( { time "$bin" solve nimplus "$tmp/$f.txt" >/dev/null 2>&1; } 2>&1 ) || st=$?
  [ "$f" = np_oddeven_answered ] && want=0 || want=65
  if [ "$st" -ne "$want" ]; then
    echo "bench: nimplus $f exited with $st, expected $want" >&2
    exit 1
  fi
  awk -v n="nimplus $f" -v t="$t" -v st="$st" 'BEGIN { split(t, a, " ");
    printf "%-26s %s in %.0f ms\n", n, st == 0 ? "answered" : "refused (work limit)",
           (a[1] + a[2]) * 1e3 }'
done

# The engine's DP against the plain pile-by-pile DP (the engine's old algorithm) on the first
# 600,000 piles of odd-even, in this run (once each: the plain one takes seconds); both must
# count the same outcomes.
plain_out=$("$build/psub_dp" plain "$tmp/np_oddeven.txt" 600000)
engine_out=$("$build/psub_dp" engine "$tmp/np_oddeven.txt" 600000)
if [ "$plain_out" != "$engine_out" ]; then
  echo "bench: psub_dp plain ($plain_out) and engine ($engine_out) disagree" >&2
  exit 1
fi
p=$(cpu_us "$build/psub_dp" plain "$tmp/np_oddeven.txt" 600000)
e=$(cpu_us "$build/psub_dp" engine "$tmp/np_oddeven.txt" 600000)
awk -v p="$p" -v e="$e" 'BEGIN {
  printf "psub DP, 600000 piles of odd-even: plain %.0f ms, engine %.0f ms: %.1fx faster\n",
         p / 1e3, e / 1e3, (e > 0 ? p / e : 0) }'

# --- Tower game (gurdurr) --------------------------------------------------------------------
# Contest's largest input: 30,000 towers of 20 layers, random stable, and adversarial (only III,
# II. and .II: every tower is one run of 20 layers, the longest the compiled run table holds).
"$build/gen_gurdurr" random 30000 20 1 >"$tmp/gd_random.txt"
"$build/gen_gurdurr" adversarial 30000 20 2 >"$tmp/gd_adversarial.txt"
for f in gd_random gd_adversarial; do
  report "gurdurr $f" "$tmp/$f.txt" "$(compare "$tmp/$f.txt" words "$bin" solve gurdurr)"
done

# --- Exhaustive searches ---------------------------------------------------------------------
# The component search and the sum search against plain implementations of the same questions
# (bench/search.c): a splitting family (Kayles), a deep game with 64 moves a position (the cost
# of the move layout: its peak memory is mostly the moves held on the stack), sums of Kayles.
echo
for c in kayles psub sums; do "$build/search" "$c"; done

# --- Canonical forms of partizan games (in process, side by side with a plain implementation) --
# Engine (src/cgt/*.c) against tests/plain_cg.h on the same games; see bench/cg_bench.c.
"$build/cg_bench" "$repeat"

# --- Domineering values (in process, side by side with a plain memoised computation) ---------
# bench/domineering_bench.c: every empty board up to 4x4, the 5x5 with its centre filled, that
# plus a 3x7 board (the calibration case), the empty 5x5; DOMINEERING_SLOW=1 adds boards of 30
# and 36 cells (engine only, seconds each).
echo
"$build/domineering_bench" "$repeat" ${DOMINEERING_SLOW:+--slow}

# --- Heap games: the sequence engine and a plain O(n^2) loop, side by side --------------------
# One run each (the plain loops take seconds): wall and CPU time, the engine's memory, and a
# checksum of the values (engine and plain loop must agree). `engine` computes every value;
# `table` answers each heap as `nimber table` will, from the period once the engine proves it.
# HEAP_BIG=1 adds Grundy's game to 10^8 and the period of 0.1777 (minutes). Measured on the
# shared 2-core machine under nice 19: 0.1777 proven (preperiod 160,949,018, period 60,620,715)
# with 495,925,669 values in 125 s of CPU, 486 MB resident.
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
# Grundy's game with one thread and as the engine chooses (a marking thread while it pays: its
# wall time below its CPU time), one after the other.
HEAPSEQ_THREADS=1 "$hs" engine grundy 1000000
"$hs" engine grundy 1000000

# Games without a sparse space (issue 19): every split of every heap is visited, O(n^2) in all.
# The engine's window scans (src/heap/heapwindow.c) against the plain loop that marks each
# split's value and takes the mex, on the same game and size, CPU time (target: 2x or more);
# then the portable scalar kernel alone. HEAP_DENSE_N sets the size (default 200,000).
dense_n=${HEAP_DENSE_N:-200000}
side_by_side oct:0.04 "$dense_n"
side_by_side oct:0.06 "$dense_n"
HEAPSEQ_KERNEL=scalar "$hs" engine oct:0.04 "$dense_n"

# The same targets through the command, as a user runs them (issue 8): CPU time, best of REPEAT,
# output to /dev/null (printing 10^7 lines is part of the work), beside the engine alone above
# and the plain loop of the same run.
cli_best() { # LABEL ARGS...: the best CPU time of REPEAT runs of nimber ARGS, in seconds
  local label=$1 best="" t
  shift
  for _ in $(seq "$repeat"); do
    t=$(cpu_us "$bin" "$@")
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  awk -v l="$label" -v t="$best" 'BEGIN { printf "  %-44s %8.3f s\n", l, t / 1e6 }'
}
wall_best() { # LABEL ARGS...: the best wall time of REPEAT runs of nimber ARGS, in seconds
  local label=$1 best="" t
  shift
  for _ in $(seq "$repeat"); do
    t=$( { TIMEFORMAT='%3R'; time "$bin" "$@" >/dev/null; } 2>&1 )
    t=$(awk -v t="$t" 'BEGIN { printf "%d", t * 1e6 }')
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  awk -v l="$label" -v t="$best" 'BEGIN { printf "  %-44s %8.3f s\n", l, t / 1e6 }'
}
echo "heap games through the command (best of $repeat; CPU time; output to /dev/null)"
cli_best "table oct:0.16 --to 10000000" table oct:0.16 --to 10000000
cli_best "table oct:0.16 --to 10000000 --json" table oct:0.16 --to 10000000 --json
cli_best "period oct:0.16" period oct:0.16
cli_best "table kayles --to 1000000" table kayles --to 1000000
cli_best "table dawson --to 1000000" table dawson --to 1000000
cli_best "table kayles --to 1000000 --json" table kayles --to 1000000 --json
cli_best "table grundy --to 1000000" table grundy --to 1000000
wall_best "table grundy --to 1000000 (wall time)" table grundy --to 1000000
cli_best "period sub:2,3,7" period sub:2,3,7

# --- value --batch against one process per position (bench/batch.sh) --------------------------
echo
REPEAT=3 bash "$(dirname "$0")/batch.sh" "$build" 400

# --- Board games beside MCGS, the research solver for sums (bench/mcgs.sh) ----------------------
# nimber alone unless MCGS=/path/to/MCGS (built outside the project: see the script and README).
echo
bash "$(dirname "$0")/mcgs.sh" "$build"

if [ "${HEAP_BIG:-0}" = 1 ]; then
  "$hs" engine grundy 100000000
  "$hs" period oct:0.1777 600000000
  # Grundy's game to 10^8 through the command, once: CPU time and peak memory (GNU time, when
  # installed: Debian package time).
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "  table grundy --to 100000000: %U s user, %S s system, %M KB peak" \
      "$bin" table grundy --to 100000000 >/dev/null
  fi
fi
