#!/usr/bin/env bash
# bench/quotient.sh: `value GAME HEAPS... --misere` on sums of many small heaps, answered by the
# sum search (a build without quotients: SEARCH, e.g. main's) and by the misère quotient (NEW),
# side by side: wall seconds of each, their ratio, and whether the two answers agree.
# Usage: bench/quotient.sh SEARCH_NIMBER NEW_NIMBER [TIMEOUT_SECONDS]
set -u
old=$1 new=$2 limit=${3:-60}
# A deterministic list of `count` heaps from 1 to `most` (a linear congruential walk).
heaps() {
  local count=$1 most=$2 seed=$3 out=""
  for ((k = 0; k < count; k++)); do
    seed=$(((seed * 1103515245 + 12345) % 2147483648))
    out+=" $((seed / 65536 % most + 1))"
  done
  echo "$out"
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# Wall seconds of a command, or "timeout"; its first line of output into the file $tmp.
timed() {
  local start end
  start=$(date +%s.%N)
  if ! timeout "$limit" "$@" >"$tmp" 2>&1; then
    echo timeout >"$tmp"
    echo timeout
    return
  fi
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
printf '%-10s %6s %5s  %10s %10s %8s  %s\n' game heaps most search quotient ratio agree
for spec in kayles:9 oct:0.07:10 dawson:8 grundy:8 oct:0.75:10; do
  game=${spec%:*} most=${spec##*:}
  for count in 6 10 14 20 40; do
    list=$(heaps "$count" "$most" "$count$most")
    t_old=$(timed "$old" value "$game" $list --misere); a_old=$(head -1 "$tmp")
    t_new=$(timed "$new" value "$game" $list --misere); a_new=$(head -1 "$tmp")
    ratio=-
    [[ $t_old != timeout && $t_new != timeout ]] && ratio=$(echo "scale=1; $t_old / $t_new" | bc)
    agree=yes
    [[ $a_old == timeout ]] && agree="(search timed out)"
    [[ $a_old != timeout && ${a_old%%:*} != "${a_new%%:*}" ]] && agree="NO: $a_old / $a_new"
    printf '%-10s %6s %5s  %10s %10s %8s  %s\n' "$game" "$count" "$most" "$t_old" "$t_new" "$ratio" "$agree"
  done
done
