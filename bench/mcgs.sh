#!/usr/bin/env bash
# nimber beside MCGS on the same sums: usage bench/mcgs.sh [BUILD_DIR]   (part of make bench)
#
# MCGS (Folkersen, Müller and Du, University of Alberta: a C++ minimax solver for sums of
# combinatorial games) is the research peer of issue 20. Nothing of it is in this repository:
# build it yourself (its release 1.5: `make DEBUG=0 MCGS` in its folder) and point this script at
# it with MCGS=/path/to/MCGS; optionally MCGS_DB=/path/to/database.bin (made by its
# --db-file-create) and MCGS_ARGS (more options, such as --tt-sumgame-idx-bits 26). Without MCGS
# only nimber's side is run and timed.
#
# The positions are drawn with fixed seeds (awk's srand), set by set, each set one game of both
# solvers: sums of several components and single larger boards. Each set is written twice, as
# `nimber value --batch` lines and as an MCGS input file (one sum a line, `{B, W}`: who wins
# with Black, Left, moving first and with White, Right, first; `{N}`: the nim value of an
# impartial sum), each solved by one process (nimber's `--batch --outcome --json` by default:
# a single board by the outcome search, a sum by its components' canonical forms; with
# NIMBER_FLAGS="--brief --json" every outcome from the canonical form; MCGS's `--file`). The answers are compared sum by
# sum (a disagreement is printed and the script exits 1) and the CPU time of each process
# (user + system, best of REPEAT runs, default 1, run alternately) printed side by side with
# the ratio MCGS / nimber (above 1: nimber faster). A board nimber refuses (a NoGo group without
# a liberty) is dropped from both files before the runs.
#
# The third column is bench/plain_outcome (built beside nimber): a plain memoised minimax of the
# raw rules, keyed by the whole position, written for this benchmark (issue 20), run on the
# sets of Clobber, NoGo, Amazons and Domineering in the same run, stopped after PLAIN_TIMEOUT
# seconds (default: MCGS_TIMEOUT, else 60) or at PLAIN_MEMORY MiB of table (default 4096). Its
# answers are checked against nimber's like MCGS's (a difference: exit 1); PLAIN=0 leaves it out.
set -euo pipefail
build=${1:-build}
bin=$build/nimber
mcgs=${MCGS:-}
plain=$build/plain_outcome
{ [ "${PLAIN:-1}" = 0 ] || [ ! -x "$plain" ]; } && plain=""
# nimber's options: --outcome decides who wins by the outcome search (no canonical form);
# NIMBER_FLAGS="--brief --json" measures the canonical forms' path as before
read -r -a nb_flags <<<"${NIMBER_FLAGS:---outcome --json}"
repeat=${REPEAT:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x "$bin" ] || { echo "mcgs.sh: no nimber at $bin" >&2; exit 2; }
if [ -n "$mcgs" ] && [ ! -x "$mcgs" ]; then echo "mcgs.sh: MCGS=$mcgs is not a program" >&2; exit 2; fi

# gen SET: the set's sums, one a line: nimber's `GAME POSITION...`, a tab, MCGS's sum with its
# section and command. Boards are drawn cell by cell from an alphabet whose letters repeat to
# weight them (MCGS's letters: X Black, O White, . empty, # blocked), rows joined by '|' (MCGS)
# or '/' (nimber); elephants and toppling letters are mapped to nimber's (t f, l r e).
gen() {
  awk -v set="$1" '
  function board(h, w, alpha,   r, c, s) {
    s = ""
    for (r = 0; r < h; r++) {
      if (r > 0) s = s "|"
      for (c = 0; c < w; c++) s = s substr(alpha, 1 + int(rand() * length(alpha)), 1)
    }
    return s
  }
  function between(a, b) { return a + int(rand() * (b - a + 1)) }
  # emit NIMBER_GAME MAP SECTION COMMAND: the sum held in parts[1..np]
  function emit(game, map, section, command,   i, nb, mc, p) {
    nb = game; mc = "[" section "]"
    for (i = 1; i <= np; i++) {
      p = parts[i]; mc = mc " " p
      gsub(/\|/, "/", p)
      if (map == "elephants") { gsub(/X/, "t", p); gsub(/O/, "f", p) }
      if (map == "toppling") { gsub(/X/, "l", p); gsub(/O/, "r", p); gsub(/#/, "e", p) }
      nb = nb " " p
    }
    print nb "\t" mc " " command
  }
  # sums COUNT MIN MAX H1 H2 W1 W2 ALPHA GAME MAP SECTION COMMAND: COUNT sums of MIN to MAX
  # boards, each H1..H2 rows by W1..W2 columns
  function sums(count, lo, hi, h1, h2, w1, w2, alpha, game, map, section, command,   k, i) {
    for (k = 0; k < count; k++) {
      np = between(lo, hi)
      for (i = 1; i <= np; i++) parts[i] = board(between(h1, h2), between(w1, w2), alpha)
      emit(game, map, section, command)
    }
  }
  # alternating H W: the checkerboard of X and O
  function alternating(h, w,   r, c, s) {
    s = ""
    for (r = 0; r < h; r++) {
      if (r > 0) s = s "|"
      for (c = 0; c < w; c++) s = s ((r + c) % 2 ? "O" : "X")
    }
    return s
  }
  BEGIN {
    srand(length(set) * 7919 + 20)
    BW = "{B, W}"; N = "{N}"
    if (set == "clobber_1xn sums") sums(60, 2, 4, 1, 1, 4, 10, "XXXXOOOO..", "clobber", "", "clobber_1xn", BW)
    if (set == "clobber_1xn long") {
      for (n = 12; n <= 22; n += 2) { np = 1; parts[1] = alternating(1, n); emit("clobber", "", "clobber_1xn", BW) }
      sums(6, 1, 1, 1, 1, 16, 20, "XXXXOOOO.", "clobber", "", "clobber_1xn", BW)
    }
    if (set == "clobber sums") sums(50, 2, 3, 2, 3, 2, 4, "XXXXOOOO..", "clobber", "", "clobber", BW)
    if (set == "clobber boards") {
      for (n = 0; n < 2; n++) { np = 1; parts[1] = alternating(3, 4 + n); emit("clobber", "", "clobber", BW) }
      sums(12, 1, 1, 4, 5, 4, 5, "XXXOOO...", "clobber", "", "clobber", BW)
    }
    if (set == "clobber hard") {
      for (n = 0; n < 2; n++) { np = 1; parts[1] = alternating(3, 6 + n); emit("clobber", "", "clobber", BW) }
      sums(4, 1, 1, 5, 5, 5, 5, "XXXOOO..", "clobber", "", "clobber", BW)
    }
    if (set == "nogo_1xn sums") sums(60, 2, 3, 1, 1, 4, 10, "XO.......", "nogo", "", "nogo_1xn", BW)
    if (set == "nogo boards") {
      sums(20, 1, 1, 3, 3, 3, 4, "XO......", "nogo", "", "nogo", BW)
      sums(12, 1, 1, 4, 4, 4, 4, "XXOO......", "nogo", "", "nogo", BW)
    }
    if (set == "nogo hard") sums(6, 1, 1, 4, 4, 4, 4, "XO..........", "nogo", "", "nogo", BW)
    if (set == "amazons 3x3 3x4 sums") sums(40, 2, 3, 3, 3, 3, 4, "XO##....", "amazons", "", "amazons", BW)
    if (set == "amazons 4x4") sums(20, 1, 1, 4, 4, 4, 4, "XO####....", "amazons", "", "amazons", BW)
    if (set == "domineering sums") sums(50, 2, 3, 2, 4, 2, 4, "...#", "domineering", "", "domineering", BW)
    if (set == "domineering boards") sums(12, 1, 1, 5, 5, 5, 6, "....#", "domineering", "", "domineering", BW)
    if (set == "elephants sums") sums(50, 2, 4, 1, 1, 5, 12, "XXOO...", "elephants", "elephants", "elephants", BW)
    if (set == "toppling sums") sums(50, 2, 4, 1, 1, 4, 14, "XXXOOO#", "toppling", "toppling", "toppling_dominoes", BW)
    if (set == "toppling long") sums(10, 1, 1, 1, 1, 30, 40, "XXXOOO#", "toppling", "toppling", "toppling_dominoes", BW)
    if (set == "cram boards") sums(30, 1, 2, 2, 4, 2, 5, "...#", "cram", "", "impartial domineering", N)
    if (set == "impartial clobber_1xn sums") sums(40, 2, 3, 1, 1, 4, 9, "XXXOOO.", "impartial:clobber", "", "impartial clobber_1xn", N)
  }'
}

# nimber's answers, one a line: "B W" (the winners with Black, then White, moving first, each
# B or W) or "N k" (a nim value), from value --batch --json.
nimber_answers() {
  sed -n 's/.*"grundy":\([0-9]*\).*/N \1/p; t
          s/.*"left_first":"\([a-z]*\)","right_first":"\([a-z]*\)".*/\1 \2/p' |
    sed 's/^left /B /; s/^right /W /; s/ left$/ B/; s/ right$/ W/'
}

# MCGS's answers, one a line, in the same words, from its output: a "Player: B" (or W, or IMP)
# line and a "Got: Win" (Loss, or the nim value) line per command; a sum whose command did not
# complete (a timeout, an error) is "? ?".
mcgs_answers() {
  awk '/^Test type:/ { n++; got[n] = "?" }
       /^Player: / { who[n] = $2 }
       /^Got: / { got[n] = $2 }
       END {
         for (i = 1; i <= n; i++) {
           if (who[i] == "IMP") { print "N " got[i]; continue }
           b = got[i] == "Win" ? "B" : got[i] == "Loss" ? "W" : "?"
           w = got[i + 1] == "Win" ? "W" : got[i + 1] == "Loss" ? "B" : "?"
           print b " " w; i++
         }
       }'
}

cpu_ms() { # FILE_OUT CMD...: runs CMD, output to FILE_OUT; prints its CPU time in ms
  local out=$1 TIMEFORMAT='%3U %3S' t
  shift
  t=$( { time "$@" >"$out" 2>"$out.err"; } 2>&1 ) || true
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.1f", (a[1] + a[2]) * 1e3 }'
}

# Each solver's cost of starting (MCGS: its transposition tables and database; nimber: its
# families) on one trivial sum, best of 3, subtracted from its times in the "net" ratio.
printf '[clobber_1xn] XO {B, W}\n' >"$tmp/start.test"
sed -i '1i {version 1.5}' "$tmp/start.test"
echo "clobber xo" >"$tmp/start.txt"
start_n="" start_m=0
for _ in 1 2 3; do
  n=$(cpu_ms "$tmp/start.out" "$bin" value --batch "$tmp/start.txt" "${nb_flags[@]}")
  start_n=$(awk -v x="$n" -v y="$start_n" 'BEGIN { print (y == "" || x < y) ? x : y }')
done
mcgs_run() { # OUT FILE: MCGS on FILE with the chosen options, stopped after MCGS_TIMEOUT
  # seconds (default 300: its unanswered sums are then "? ?"); prints its CPU time in ms
  # shellcheck disable=SC2086
  cpu_ms "$1" timeout "${MCGS_TIMEOUT:-300}" "$mcgs" ${MCGS_DB:+--db-file-load "$MCGS_DB"} \
    $mcgs_args --file "$2"
}
if [ -n "$mcgs" ]; then
  # default tables: 2^24 sum entries, 2^22 impartial (about 120 MB, sized for these sets;
  # MCGS's own defaults, 2^28 and 2^26, take 1.7 GB and 1.6 s of CPU to start)
  mcgs_args=${MCGS_ARGS:---tt-sumgame-idx-bits 24 --tt-imp-sumgame-idx-bits 22}
  [ -n "${MCGS_DB:-}" ] || mcgs_args="--no-use-db $mcgs_args"
  start_m=""
  for _ in 1 2 3; do
    m=$(mcgs_run "$tmp/start.out" "$tmp/start.test")
    start_m=$(awk -v x="$m" -v y="$start_m" 'BEGIN { print (y == "" || x < y) ? x : y }')
  done
  echo "MCGS: $mcgs $mcgs_args${MCGS_DB:+ --db-file-load $MCGS_DB}"
fi
peer="not run (MCGS=/path/to/MCGS runs it)"
[ -z "$mcgs" ] || peer="$start_m ms"
echo "start (one trivial sum): nimber $start_n ms, MCGS $peer"
printf '%-28s %5s  %10s  %10s  %7s  %9s  %10s  %8s\n' "set" "sums" "nimber ms" "MCGS ms" "MCGS/nb" "net ratio" \
  "plain ms" "plain/nb"
sets=("clobber_1xn sums" "clobber_1xn long" "clobber sums" "clobber boards" "nogo_1xn sums"
  "nogo boards" "amazons 3x3 3x4 sums" "amazons 4x4" "domineering sums" "domineering boards"
  "elephants sums" "toppling sums" "toppling long" "cram boards" "impartial clobber_1xn sums")
[ "${MCGS_HARD:-0}" = 1 ] && sets+=("clobber hard" "nogo hard")
[ -n "${MCGS_SETS:-}" ] && IFS=, read -r -a sets <<<"$MCGS_SETS"
# check_answers FILE NAME WITHIN: compare the other solver's answers in FILE (one a line, as
# nimber.ans) with nimber's, sum by sum; "? ?" or nothing (stopped, or its table full) is not a
# difference. Prints the differences and how many it answered; returns 1 on a difference.
check_answers() {
  local rc=0
  paste -d'|' "$tmp/nb.ans" "$1" "$tmp/nb.txt" >"$tmp/both"
  if awk -F'|' '$2 != "? ?" && $2 != "" && $1 != $2 { bad = 1 } END { exit !bad }' "$tmp/both"; then
    echo "mcgs.sh: $set: nimber and $2 differ (line: nimber | $2 | sum):" >&2
    awk -F'|' '$2 != "? ?" && $2 != "" && $1 != $2 { print NR ": " $0 }' "$tmp/both" | head >&2
    rc=1
  fi
  all_answered "$1" ||
    echo "mcgs.sh: $set: $2 answered $(grep -vc '?' "$1") of $count sums$3" >&2
  return $rc
}
# all_answered FILE: whether FILE has an answer (no "?") for each of the set's sums
all_answered() { [ "$(wc -l <"$1")" -eq "$count" ] && ! grep -q '?' "$1"; }

fail=0 tn=0 tm=0 tp=0 tpn=0
for set in "${sets[@]}"; do
  gen "$set" >"$tmp/all.tsv"
  cut -f1 "$tmp/all.tsv" >"$tmp/nb.txt"
  # drop what nimber refuses as malformed (exit 64's messages name the line)
  "$bin" value --batch "$tmp/nb.txt" --brief --json >/dev/null 2>"$tmp/bad" || true
  bad=$(sed -n 's/^nimber: [^:]*:\([0-9]*\):[0-9]*: .*/\1/p' "$tmp/bad" | tr '\n' ' ')
  awk -v bad="$bad" 'BEGIN { n = split(bad, b, " "); for (i = 1; i <= n; i++) skip[b[i]] = 1 }
                     !(NR in skip)' "$tmp/all.tsv" >"$tmp/ok.tsv"
  cut -f1 "$tmp/ok.tsv" >"$tmp/nb.txt"
  { echo "{version 1.5}"; cut -f2 "$tmp/ok.tsv"; } >"$tmp/mcgs.test"
  count=$(wc -l <"$tmp/nb.txt")
  best_n="" best_m=""
  for _ in $(seq "$repeat"); do
    n=$(cpu_ms "$tmp/nb.out" "$bin" value --batch "$tmp/nb.txt" "${nb_flags[@]}")
    best_n=$(awk -v x="$n" -v y="$best_n" 'BEGIN { print (y == "" || x < y) ? x : y }')
    if [ -n "$mcgs" ]; then
      m=$(mcgs_run "$tmp/mc.out" "$tmp/mcgs.test")
      best_m=$(awk -v x="$m" -v y="$best_m" 'BEGIN { print (y == "" || x < y) ? x : y }')
    fi
  done
  best_p="" pratio="-"
  if [ -n "$plain" ] && grep -qvE '^(clobber|nogo|amazons|domineering) ' "$tmp/nb.txt"; then :;
  elif [ -n "$plain" ]; then
    for _ in $(seq "$repeat"); do
      p=$(cpu_ms "$tmp/pl.out" timeout "${PLAIN_TIMEOUT:-${MCGS_TIMEOUT:-60}}" "$plain" "$tmp/nb.txt")
      best_p=$(awk -v x="$p" -v y="$best_p" 'BEGIN { print (y == "" || x < y) ? x : y }')
    done
  fi
  if [ "$(wc -l <"$tmp/nb.out")" -ne "$count" ]; then
    echo "mcgs.sh: $set: nimber answered $(wc -l <"$tmp/nb.out") of $count sums:" >&2
    head -3 "$tmp/nb.out.err" >&2
    fail=1
  fi
  nimber_answers <"$tmp/nb.out" >"$tmp/nb.ans"
  ratio="-" net="-"
  if [ -n "$mcgs" ]; then
    mcgs_answers <"$tmp/mc.out" >"$tmp/mc.ans"
    # every sum MCGS answered must have nimber's answer; "? ?" or nothing (MCGS stopped) is
    # counted apart
    check_answers "$tmp/mc.ans" MCGS " within ${MCGS_TIMEOUT:-300} s" || fail=1
    all_answered "$tmp/mc.ans" || best_m=">$best_m"
    m=${best_m#>}
    ratio=$(awk -v a="$m" -v b="$best_n" -v more="${best_m%%[0-9]*}" \
      'BEGIN { r = b > 0 ? a / b : 0; printf (r < 1 ? "%s%.2fx" : "%s%.1fx"), more, r }')
    # net: each side less its start; "-" where MCGS's run is within its start (noise)
    net=$(awk -v a="$m" -v b="$best_n" -v sa="$start_m" -v sb="$start_n" -v more="${best_m%%[0-9]*}" \
      'BEGIN { a -= sa; b -= sb; if (b < 0.5) b = 0.5; if (a < 0.05 * sa) print "-"; else printf (a < b ? "%s%.2fx" : "%s%.1fx"), more, a / b }')
    tm=$(awk -v a="$tm" -v b="$m" 'BEGIN { print a + b }')
  fi
  if [ -n "$best_p" ]; then
    # the plain search's answers, checked like MCGS's: "? ?" (stopped, or its table full) apart
    check_answers "$tmp/pl.out" "the plain search" "" || fail=1
    all_answered "$tmp/pl.out" || best_p=">$best_p"
    pratio=$(awk -v a="${best_p#>}" -v b="$best_n" -v more="${best_p%%[0-9]*}" \
      'BEGIN { r = b > 0 ? a / b : 0; printf (r < 1 ? "%s%.2fx" : "%s%.1fx"), more, r }')
    tp=$(awk -v a="$tp" -v b="${best_p#>}" 'BEGIN { print a + b }')
    tpn=$(awk -v a="$tpn" -v b="$best_n" 'BEGIN { print a + b }')
  fi
  tn=$(awk -v a="$tn" -v b="$best_n" 'BEGIN { print a + b }')
  printf '%-28s %5d  %10s  %10s  %7s  %9s  %10s  %8s\n' "$set" "$count" "$best_n" "${best_m:--}" "$ratio" \
    "${net:--}" "${best_p:--}" "$pratio"
done
total_ratio=$(awk -v a="$tm" -v b="$tn" 'BEGIN { printf "%.1fx", (b > 0 && a > 0 ? a / b : 0) }')
printf '%-28s %5s  %10.1f  %10s  %7s\n' "total" "" "$tn" "${mcgs:+$tm}" "${mcgs:+$total_ratio}"
if [ -n "$plain" ]; then
  awk -v a="$tp" -v b="$tpn" 'BEGIN { printf "plain search, its sets: %.1f ms against nimber %.1f ms (%.1fx)\n", a, b, (b > 0 ? a / b : 0) }'
fi
exit $fail
