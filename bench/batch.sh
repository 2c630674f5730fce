#!/usr/bin/env bash
# value --batch against one process per position: usage bench/batch.sh [BUILD_DIR] [COUNT]
#
# COUNT (default 400) small Domineering boards, 1 x 1 to 4 x 4, each cell filled ('#') with
# probability 1/4, drawn with a fixed seed: valued once by `nimber value` started once per board,
# and once by one `nimber value --batch` run over a file of them. Both answers are compared line
# by line (they must agree), and the CPU time (user + system, children included) of each is
# printed side by side with the ratio; best of REPEAT rounds (default 3), run alternately.
set -euo pipefail
build=${1:-build}
count=${2:-400}
repeat=${REPEAT:-3}
bin=$build/nimber
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

awk -v n="$count" 'BEGIN {
  srand(20)
  for (i = 0; i < n; i++) {
    h = 1 + int(rand() * 4); w = 1 + int(rand() * 4); b = ""
    for (r = 0; r < h; r++) {
      if (r > 0) b = b "/"
      for (c = 0; c < w; c++) b = b (rand() < 0.25 ? "#" : ".")
    }
    print "domineering " b
  }
}' >"$tmp/boards.txt"

one_by_one() {
  while read -r game board; do "$bin" value "$game" "$board"; done <"$tmp/boards.txt"
}
batch() { "$bin" value --batch "$tmp/boards.txt"; }

# cpu_ms FUNCTION: CPU time of one run in ms (bash's clock counts the children it waited for).
cpu_ms() {
  local TIMEFORMAT='%3U %3S' t
  t=$( { time "$1" >"$tmp/$1.out"; } 2>&1 )
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.1f", (a[1] + a[2]) * 1e3 }'
}

best_one="" best_batch=""
for _ in $(seq "$repeat"); do
  a=$(cpu_ms one_by_one)
  b=$(cpu_ms batch)
  best_one=$(awk -v x="$a" -v y="$best_one" 'BEGIN { print (y == "" || x < y) ? x : y }')
  best_batch=$(awk -v x="$b" -v y="$best_batch" 'BEGIN { print (y == "" || x < y) ? x : y }')
done
# one process a board prints its value's lines; batch joins them with "; " (joined here, untimed)
while read -r game board; do
  "$bin" value "$game" "$board" | sed ':a;N;s/\n/; /;ta'
done <"$tmp/boards.txt" >"$tmp/joined.out"
if ! cmp -s "$tmp/joined.out" "$tmp/batch.out"; then
  echo "batch: the answers differ from one process per position" >&2
  diff "$tmp/joined.out" "$tmp/batch.out" | head >&2
  exit 1
fi
awk -v n="$count" -v a="$best_one" -v b="$best_batch" 'BEGIN {
  printf "value, %d Domineering boards up to 4x4: one process each %8.1f ms  --batch %7.1f ms  ratio %5.1fx\n",
         n, a, b, (b > 0 ? a / b : 0) }'
