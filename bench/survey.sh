#!/usr/bin/env bash
# bench/survey.sh: `nimber survey` with --jobs 1 and --jobs 2 side by side (README, "Surveys").
# Usage: bench/survey.sh NIMBER CLASS MAX [ROUNDS]
# Prints, per round and per J, the wall and CPU seconds (user + system) of the whole survey,
# then the ratio of the wall times; the two files must hold the same records (but for seconds
# and the check), or it says so and fails. The machine may be shared: CPU time is the steadier
# figure, wall time the one that --jobs changes.
set -euo pipefail
bin=$1 cls=$2 max=$3 rounds=${4:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
strip() { sed -E 's/"seconds":[0-9.]+//; s/"check":"[0-9a-f]+"//' "$1"; }
for r in $(seq "$rounds"); do
  for j in 1 2; do
    rm -f "$tmp/j$j"
    /usr/bin/time -f "%e %U %S" -o "$tmp/t$j" "$bin" survey "$cls" --max "$max" --jobs "$j" \
      -o "$tmp/j$j" >/dev/null
    read -r wall user sys <"$tmp/t$j"
    echo "round $r  $cls --max $max --jobs $j: wall $wall s, cpu $(echo "$user + $sys" | bc) s"
  done
  w1=$(cut -d' ' -f1 "$tmp/t1") w2=$(cut -d' ' -f1 "$tmp/t2")
  echo "round $r  wall ratio jobs 1 / jobs 2: $(echo "scale=2; $w1 / $w2" | bc)"
  cmp -s <(strip "$tmp/j1") <(strip "$tmp/j2") || { echo "the records differ" >&2; exit 1; }
done
grep -c '"status":"open"' "$tmp/j1" | sed 's/^/open games: /'
