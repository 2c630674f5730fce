#!/usr/bin/env bash
# Allocation-failure injection: usage run.sh NIMBER_BINARY [ROOT [K/N]]   (CTest, sanitizer build)
#
# The binary must be built with NB_FAULT_INJECTION (the sanitizer build is): NB_FAIL_ALLOC=N
# makes its N-th allocation and every one after it fail, and NB_ALLOC_COUNT=FILE receives how
# many allocations the run asked for. Each command below runs once plainly (the reference: its
# output, status and allocation count M), then M times with NB_FAIL_ALLOC = 1, 2, ..., M (made by
# nimber itself: NB_FAIL_SWEEP, one forked child a run, see sweep below): every
# allocation it makes fails once in turn. Each such run must
#   - end with exit status 70 and exactly one line on standard error, "nimber: ...", having
#     printed on standard output nothing but a prefix of the reference's output that ends a line
#     (answers before the failure; `play`, a dialogue with prompts, any prefix), and for --json
#     commands and `plot` (an SVG picture) nothing at all: no broken JSON or SVG;
#   - or, where the failure is survivable by design, give exactly the reference's output;
# and never crash, report a sanitizer error or leak (LeakSanitizer runs at exit in this build).
# Allocations made by the C library itself (stdio's buffers) are outside the hook.
#
# Inputs are small so that the whole loop stays within seconds, and each path is here once (`help
# value` runs `value --help`, and the help texts of the commands share one printer, so one stands
# for all; `moves` of psub and in text beside --json walk the paths of `value` and `moves --json`
# again; a board kept in the store after a move, as shown, is Konane's 9 x 9); ROOT (default:
# this repository)
# is where examples/ is found. K/N (default 1/1) runs the K-th of N shares of the failure points:
# of each case (after its reference run, which every share makes), the allocations n with
# n + case number = K - 1 (mod N), so that the shares are as long as each other whatever the cases
# weigh (shares of whole cases were 6 to 30 s long). CTest runs the shares as N tests, side by
# side (the whole loop is a minute of one core under the sanitizers, the longest test of `make
# test`).
set -uf
bin=${1:?usage: run.sh NIMBER_BINARY [ROOT [K/N]]}
root=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
share=${3:-1/1}
share_k=${share%/*} share_n=${share#*/}
# Each run is a process: a quarantine of 1 MB (freed memory kept from reuse; 256 MB by default)
# makes each start and end 15% cheaper, and a run frees far less than that.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}:quarantine_size_mb=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root" || exit 2

# One case per line: standard input (printf format; '-' for none), a tab, the arguments.
cases=$(cat <<'CASES'
-	--help
-	--version
-	games
-	value --help
2\n3\n1 2 5\n1\n7\n	solve twothree
-	solve twothree examples/twothree.txt
2\n1\nIII\n3\nII.\n.II\nIII\n	solve gurdurr
20 3\n3 7 10\n2 6 7\n	solve nimplus
2\n1\n1 x\n	solve twothree
-	value twothree 1 2 5
-	value twothree 1 2 5 --json
-	value twothree 100 --remoteness
-	value gurdurr III .I. II. + III
-	value psub:3,7,10/2,6,7 20 --json
-	value psub:1/2 7 --remoteness --json
-	value twothree 0
-	moves twothree 1 2 5 --json
-	moves gurdurr III III + II. --json
hint\nmoves\n5/2\n2/2\n	play twothree 1 2 5
help\n-1\nquit\n	play psub:1/2 5 --engine-first
2L\nnonsense\n1M\n	play gurdurr III II.
-	table twothree --to 40 --runs
-	table twothree --to 12 --json
-	table psub:1/2 --to 10 --json
-	table gurdurr --to 4
-	period twothree
-	period psub:3,7,10/2,6,7 --json
-	period div:2,5 --json
-	plot twothree --to 40
-	plot psub:1/2 --to 20
-	version
-	value kayles 3 5 7 --json
-	moves oct:0.137 10
-	period kayles --json
-	table grundy --to 30
-	value cg {1|*} ^
-	moves domineering ..#/.../... --player right
-	value clobber xxo....o/.......x/......../...xo.../...ox.../......../x......./o.....xo --json
-	moves konane xo......./........./........./........./........./........./........./........./........o --json
kayles 3 4\ndomineering ../..\nnogame 1\n	value --batch - --brief
-	moves --all domineering ..#/.../... --json
-	moves --all kayles 5 3
moves\nh1,1\nhint\n	play domineering .../... --player right
-	quotient kayles --heaps 4 --json
-	quotient oct:0.75 --heaps 5
-	value kayles 5 6 --misere
-	value clobber xox./oxo./.xox --outcome --json
-	value amazons x.#./..../.#.o --outcome
oct:0.6\noct:4.4\noct:4.6\nhex:0.3\noct:0.30\n	survey file:/dev/stdin --max 200 --no-seconds
CASES
)

failures=0 runs=0 places_total=0 allocations_total=0
fail() {
  failures=$((failures + 1))
  echo "FAIL nimber $args with allocation $n failing: $*"
  printf '%s' "$err" | head -5 | sed 's/^/  stderr: /'
}

# slurp FILE VAR: the file's whole text into VAR, by the shell itself. Each run's checks are done
# by builtins only: the loop makes thousands of runs, and a helper process per check (cmp, wc,
# grep, head, tail) cost as much as the run of nimber it checked.
# False if the text holds a NUL byte, where reading stopped (no output of nimber holds one).
# False also if the file is missing (VAR is then empty, never the text of an earlier run).
slurp() { printf -v "$2" '' && [ -f "$1" ] && ! IFS= read -r -d '' "$2" <"$1"; }

run() { # the reference run, without failures, into out, err, status and the count file
  # shellcheck disable=SC2086
  NB_ALLOC_COUNT=$tmp/count NB_ALLOC_SITES=$tmp/sites "$bin" $args <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
  status=$?
  runs=$((runs + 1))
  slurp "$tmp/out" out || fail "the reference's output missing or holds a NUL byte"
  slurp "$tmp/err" err || fail "the reference's standard error missing or holds a NUL byte"
}

# sweep SPEC: the runs with NB_FAIL_ALLOC = FIRST, FIRST + STEP, ... <= LAST (SPEC FIRST,STEP,LAST)
# or each N of a file (SPEC @FILE, one N a line), made by
# nimber itself (NB_FAIL_SWEEP, src/cli/main.c: one forked child each, as a fresh process would
# start), into $tmp/sweep/N.out, N.err and the lines "N STATUS" of $tmp/sweep/status.
sweep() {
  rm -rf "$tmp/sweep" && mkdir "$tmp/sweep"
  # shellcheck disable=SC2086
  NB_FAIL_SWEEP=$1 NB_SWEEP_DIR=$tmp/sweep "$bin" $args <"$tmp/in" >/dev/null 2>"$tmp/err"
  local st=$?
  if [ $st -ne 0 ]; then
    slurp "$tmp/err" err
    fail "the sweep of failures $1 ended with status $st"
  fi
}

newline=$'\n'
index=0
declare -A seen=() # the places whose first allocation a case before has failed (make test)
while IFS=$'\t' read -r input args; do
  index=$((index + 1))
  if [ "$input" = - ]; then : >"$tmp/in"; else printf "$input" >"$tmp/in"; fi
  n=0
  rm -f "$tmp/count"
  run
  ref_out=$out ref_err=$err ref_status=$status
  total=
  [ -f "$tmp/count" ] && { slurp "$tmp/count" total || total=; }
  total=${total%$newline}
  if [ -z "$total" ]; then
    fail "no allocation count (is the binary built with NB_FAULT_INJECTION?)"
    break
  fi
  case " $args " in *" --json "* | " plot "*) json=1 ;; *) json=0 ;; esac # whole or nothing
  case "$args" in play*) dialogue=1 ;; *) dialogue=0 ;; esac
  # This share's failure points: with NB_TEST_LONG every allocation n with n + case number =
  # K - 1 (mod N); otherwise the first allocation of each place not failed by an earlier case (a
  # line of the sites file not seen before in the whole loop: every share reads every case's
  # sites, so they agree), the j-th such place of the loop when j = K - 1 (mod N).
  expected=0 spec=
  if [ -n "${NB_TEST_LONG:-}" ]; then
    first=$(((share_k - 1 - index % share_n + 2 * share_n) % share_n))
    [ "$first" -eq 0 ] && first=$share_n
    [ "$first" -le "$total" ] && expected=$(((total - first) / share_n + 1))
    spec=$first,$share_n,$total
  else
    points= n=0
    while read -r site; do
      n=$((n + 1))
      [ -n "${seen[$site]:-}" ] && continue
      seen[$site]=1
      [ $((places_total % share_n)) -eq $((share_k - 1)) ] && points+="$n$newline" expected=$((expected + 1))
      places_total=$((places_total + 1))
    done <"$tmp/sites"
    [ "$n" -eq "$total" ] || fail "the sites file has $n lines for $total allocations"
    printf '%s' "$points" >"$tmp/points"
    spec=@$tmp/points
  fi
  allocations_total=$((allocations_total + total))
  swept=0
  if [ "$expected" -gt 0 ]; then
    sweep "$spec"
    while read -r n status; do
      swept=$((swept + 1)) runs=$((runs + 1))
      slurp "$tmp/sweep/$n.out" out || { fail "output missing or holds a NUL byte"; continue; }
      slurp "$tmp/sweep/$n.err" err || { fail "standard error missing or holds a NUL byte"; continue; }
      if [ "$status" -eq "$ref_status" ] && [ "$out" == "$ref_out" ] && [ "$err" == "$ref_err" ]; then
        continue # survived by design, with the same result
      fi
      if [ "$status" -ne 70 ]; then fail "exit status $status (reference $ref_status)"; continue; fi
      # one line, "nimber: ...": the text ends with its only newline
      if [[ $err != "nimber: "*"$newline" || ${err%$newline} == *"$newline"* ]]; then
        fail "standard error is not one 'nimber: ' line"
        continue
      fi
      if [ -n "$out" ]; then
        if [ $json -eq 1 ]; then fail "a whole-or-nothing command printed ${#out} bytes"; continue; fi
        if [[ $ref_out != "$out"* ]]; then
          fail "output is not a prefix of the reference's"
          continue
        fi
        if [ $dialogue -eq 0 ] && [[ $out != *"$newline" ]]; then
          fail "output ends inside a line"
          continue
        fi
      fi
    done <"$tmp/sweep/status"
    [ "$swept" -eq "$expected" ] || fail "$swept runs swept of $expected"
  fi
  echo "nimber $args: $total allocations, share $share of them failed in turn"
done <<<"$cases"
if [ -n "${NB_TEST_LONG:-}" ]; then
  echo "$runs runs (every allocation: $allocations_total), $failures failures"
else
  echo "$runs runs (the first allocation of each of $places_total places of $allocations_total allocations, this share's of them failed), $failures failures"
fi
[ $failures -eq 0 ]
