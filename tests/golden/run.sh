#!/usr/bin/env bash
# Golden CLI tests. Usage: run.sh NIMBER_BINARY FILE.t
#
# A .t file is a list of cases. Each case starts with a command line and lists what it must do:
#   $ nimber value twothree 1 2 5     the command (bash syntax; "nimber" is the binary under test,
#                                     wherever it appears: a shell function; `repeat TEXT N`
#                                     prints TEXT N times)
#   < 1 2 5                           a line of standard input (none: stdin is empty)
#   > *3: the first player wins       a line of expected standard output, exactly
#   ! nimber: ...                     a line of expected standard error, exactly
#   ? 65                              the expected exit status (default 0)
#   ~ slow                            a case of seconds of work (a large table, a refusal at a
#                                     search limit): the quick run (NB_TEST_QUICK, the sanitizer
#                                     build) skips it; the Release run always runs it
#   ~ once                            a case checking what every build makes alike (the manual
#                                     page's text): skipped by the quick run too, as slow is
#   ~ long                            a case of many seconds or gigabytes (a default limit of the
#                                     searches reached): run only by make check-long (NB_TEST_LONG)
# Lines starting with '#' and blank lines are ignored. Output must match line for line: a case
# that prints more or less than listed fails. Where a program is needed, not a shell function
# (under `timeout`), $NIMBER names the binary.
set -u
bin=$1
file=$2
[ -x "$bin" ] || { echo "golden: no binary at $bin" >&2; exit 2; }
export NIMBER=$bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every case runs from the repository's root (examples/, tests/...); its checks are made by the
# shell's builtins, with no helper process per case (cmp, dirname): under the sanitizers, those
# were a third of the cost of a case.
root=$(cd "$(dirname "$file")/../.." && pwd)

passed=0 failed=0 skipped=0 slow=0
cmd="" lineno=0 caseline=0
: >"$tmp/in"; want_out=""; want_err=""; status=0

nimber() { "$bin" "$@"; }

# The command as a server (NB_GOLDEN_SERVER=1, set by CTest in builds made with NB_TEST_SERVER:
# src/cli/main.c says how): started once for the file, it forks for each plain case (below) in
# place of a new process, the sanitized start's cost (~40 ms of CPU) paid once.
server=""
if [ "${NB_GOLDEN_SERVER:-0}" = 1 ]; then
  mkfifo "$tmp/req" "$tmp/rep"
  NB_TEST_SERVER=$tmp "$bin" &
  server=$!
  # read-write: neither open waits for the server (a binary that is not one never opens them)
  exec {req}<>"$tmp/req" {rep}<>"$tmp/rep"
  # its first line: it has opened both ends (closing ours before that would leave it waiting)
  until IFS= read -r -t 1 -u "$rep" ready; do
    kill -0 "$server" 2>/dev/null || { echo "golden: $file: no test server" >&2; exit 2; }
  done
  [ "$ready" = ready ] || { echo "golden: $file: the test server said '$ready'" >&2; exit 2; }
fi
# repeat TEXT N: TEXT N times, for the cases that need long inputs (a builtin, where a python3 -c
# took half a second of CPU to start).
repeat() { local s; printf -v s '%*s' "$2" ''; printf '%s' "${s// /"$1"}"; }

# slurp FILE VAR: the file's whole text into VAR.
# False if the text holds a NUL byte, where reading stopped (no output of nimber holds one).
# False also if the file is missing (VAR is then empty).
slurp() { printf -v "$2" '' && [ -f "$1" ] && ! IFS= read -r -d '' "$2" <"$1"; }

next_case() {
  cmd=""; status=0; slow=0
  : >"$tmp/in"; want_out=""; want_err=""
}

run_case() {
  [ -n "$cmd" ] || return 0
  if { [ $slow -eq 1 ] && [ -n "${NB_TEST_QUICK:-}" ]; } ||
     { [ $slow -eq 2 ] && { [ -z "${NB_TEST_LONG:-}" ] || [ -n "${NB_TEST_QUICK:-}" ]; }; }; then
    skipped=$((skipped + 1))
    next_case
    return 0
  fi
  # A case that is one plain `nimber ARGS` (no operator, redirection, expansion or quote that
  # could hide one) has the case's subshell become the command (exec): one fork fewer a case,
  # 6 of its 16 ms of CPU here. Any other case runs as written.
  # Quoted words are set aside first: '...' whole, "..." where it holds no expansion.
  local run=$cmd bare=$cmd
  while [[ $bare =~ ^([^\'\"]*)(\'[^\']*\'|\"[^\"\$\`\\]*\")(.*)$ ]]; do
    bare=${BASH_REMATCH[1]}q${BASH_REMATCH[3]}
  done
  local plain=""
  case "$bare" in
    *[\;\&\|\<\>\$\`\(\)\\\"\'\{\}\*\?\[\~\#]* | *$'\n'*) ;;
    'nimber '*) plain=1 run="exec \"\$bin\" ${cmd#nimber }" ;;
  esac
  local got got_out got_err
  if [ -n "$plain" ] && [ -n "$server" ]; then
    # the words as the shell would make them (a plain case has nothing to expand), to the server
    eval "set -- ${cmd#nimber }"
    printf '%s\0' "$#" "$root" "$tmp/in" "$tmp/out.got" "$tmp/err.got" "$@" >&"$req"
    # bash reads a FIFO a byte at a time, and a read that times out keeps what it read so far
    # (the status "65" read as "6", then "5", on a loaded machine: it was seen failing a case as
    # "expected 65, got 5"): the parts are put together
    local part=""
    got=""
    until IFS= read -r -t 1 -u "$rep" part; do
      got+=$part
      kill -0 "$server" 2>/dev/null || { echo "golden: $file:$caseline: no test server" >&2; exit 2; }
    done
    got+=$part
  else
    (cd "$root" && eval "$run") <"$tmp/in" >"$tmp/out.got" 2>"$tmp/err.got"
    got=$?
  fi
  slurp "$tmp/out.got" got_out || got_out+=$'\n(a NUL byte: the rest not read)'
  slurp "$tmp/err.got" got_err || got_err+=$'\n(a NUL byte: the rest not read)'
  if [ "$got" -eq "$status" ] && [ "$got_out" == "$want_out" ] && [ "$got_err" == "$want_err" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $file:$caseline: $cmd"
    [ "$got" -eq "$status" ] || echo "  exit status: expected $status, got $got"
    printf '%s' "$want_out" >"$tmp/out.want"
    printf '%s' "$want_err" >"$tmp/err.want"
    diff -u --label "stdout expected" --label "stdout got" "$tmp/out.want" "$tmp/out.got" | sed 's/^/  /'
    diff -u --label "stderr expected" --label "stderr got" "$tmp/err.want" "$tmp/err.got" | sed 's/^/  /'
  fi
  next_case
}

while IFS= read -r line || [ -n "$line" ]; do
  lineno=$((lineno + 1))
  case "$line" in
    '$ '*) run_case; cmd=${line#\$ }; caseline=$lineno ;;
    '<'*) l=${line#<}; printf '%s\n' "${l# }" >>"$tmp/in" ;;
    '>'*) l=${line#>}; want_out+="${l# }"$'\n' ;;
    '!'*) l=${line#!}; want_err+="${l# }"$'\n' ;;
    '? '*) status=${line#? } ;;
    '~ slow' | '~ once') slow=1 ;;
    '~ long') slow=2 ;;
    '#'*|'') ;;
    *) echo "golden: $file:$lineno: cannot read line: $line" >&2; exit 2 ;;
  esac
done <"$file"
run_case
if [ -n "$server" ]; then exec {req}>&-; wait "$server"; fi
if [ $skipped -gt 0 ]; then echo "$passed passed, $failed failed, $skipped slow or long cases skipped"; else echo "$passed passed, $failed failed"; fi
[ $failed -eq 0 ]
