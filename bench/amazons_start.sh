#!/usr/bin/env bash
# The standard 5x5 Amazons start (four amazons each; Müller 2001, Song and Müller 2015: a
# first-player win): who wins and one winning move, by the board search (src/games/amazons_board.c),
# with its CPU time and peak memory. Usage: bench/amazons_start.sh [NIMBER] [--memory SIZE]
# (default build/nimber, the default --memory of 2G). About eight minutes of CPU (5 December).
# Not a test (no timed assertions): it checks the answer, and prints the time.
set -euo pipefail
nimber=${1:-build/nimber}
shift || true
start='.o.o./o...o/...../x...x/.x.x.'
# The outcome class says who wins with each player moving first (the board is its own
# colours-exchanged mirror image, so Right's search is Left's, found in the memo); the move is
# Left's (--player right gives Right's).
out=$(mktemp)
/usr/bin/time -f '%U s user, %S s system, %M KB peak' -o "$out.time" \
  "$nimber" moves amazons "$start" --first "$@" >"$out"
cat "$out"
echo "  ($(cat "$out.time"); load average $(cut -d' ' -f1-3 /proc/loadavg))"
status=0
grep -q '^N: ' "$out" || { echo "expected N (a first-player win)"; status=1; }
grep -q 'a winning move:' "$out" || { echo "expected a winning move"; status=1; }
rm -f "$out" "$out.time"
exit $status
