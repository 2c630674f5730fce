#!/usr/bin/env bash
# tests/mpi/run.sh NIMBER: `nimber survey` under `mpirun -n 4` on one machine (a build with
# -DNB_MPI=ON: `make test-mpi`) gives the survey `--jobs 1` gives, including a job killed midway
# and continued with --resume under mpirun. Files are compared without "seconds" and "check"
# (which hashes the seconds too); standard output likewise.
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpi=(mpirun -n 4 --oversubscribe)
[ "$(id -u)" -eq 0 ] && mpi+=(--allow-run-as-root)
strip() { sed -E 's/"seconds":[0-9.]+//; s/"check":"[0-9a-f]+"//; s/ [0-9]+\.[0-9]{3}$//; s/[0-9.]+ s of work//' "$1"; }
fail() { echo "mpi: $*" >&2; exit 1; }

# 1. the whole of oct:2 (each open game to 5,000 heaps), text on standard output
"$bin" survey oct:2 --max 5000 -o "$tmp/one" >"$tmp/one.out"
"${mpi[@]}" "$bin" survey oct:2 --max 5000 -o "$tmp/four" >"$tmp/four.out"
cmp -s <(strip "$tmp/one") <(strip "$tmp/four") || fail "oct:2: the file differs from --jobs 1"
cmp -s <(strip "$tmp/one.out") <(strip "$tmp/four.out") || fail "oct:2: the output differs"

# 2. a job killed midway, then resumed under mpirun: each open game of oct:2 to 60,000 heaps
"$bin" survey oct:2 --max 60000 -o "$tmp/ref" --json >/dev/null
"${mpi[@]}" "$bin" survey oct:2 --max 60000 -o "$tmp/cut" --json >/dev/null &
job=$!
for _ in $(seq 200); do # until some games are filed, then kill the job
  [ -f "$tmp/cut" ] && [ "$(wc -l <"$tmp/cut")" -gt 40 ] && break
  sleep 0.05
done
kill "$job" 2>/dev/null || true
# Open MPI's mpirun was once seen to hang after SIGTERM with its ranks already ended (zombies it
# never reaped, 17 minutes): after 10 s it is killed outright, a stop as good as any other here.
for _ in $(seq 100); do kill -0 "$job" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$job" 2>/dev/null; then
  kill -KILL "$job" 2>/dev/null || true
  echo "mpi: note: mpirun had not ended 10 s after SIGTERM: killed" >&2
fi
wait "$job" 2>/dev/null || true
done_lines=$(wc -l <"$tmp/cut")
[ "$done_lines" -lt 129 ] || echo "mpi: note: the job finished before it was killed" >&2
"${mpi[@]}" "$bin" survey oct:2 --max 60000 --resume "$tmp/cut" --json >/dev/null
cmp -s <(strip "$tmp/ref") <(strip "$tmp/cut") || fail "killed after $done_lines lines and resumed: the file differs"

# 3. a refusal reaches the user from rank 0 (and the other ranks stop)
echo keep >"$tmp/exists"
if "${mpi[@]}" "$bin" survey oct:1 -o "$tmp/exists" 2>/dev/null; then fail "an existing file was overwritten"; fi
[ "$(cat "$tmp/exists")" = keep ] || fail "the existing file changed"
echo "mpi: 3 passed (oct:2 as --jobs 1; killed after $done_lines lines and resumed; refusal)"
