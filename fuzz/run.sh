#!/usr/bin/env bash
# Runs the fuzz harnesses: usage fuzz/run.sh BUILD_DIR SECONDS [NAME...]   (make fuzz, make fuzz-ci)
#
# Each harness (BUILD_DIR/fuzz_NAME, every one unless NAMEs are given) runs for SECONDS, one after
# the other, at low priority (nice), starting from the repository's corpus fuzz/corpus/NAME/ and
# a scratch corpus BUILD_DIR/fuzz-corpus/NAME/ that keeps what earlier runs found. New inputs go
# to the scratch corpus only: the repository's corpus is never rewritten. A finding (a failed
# check, a sanitizer report, a timeout, running out of memory) stops the run, is saved as
# BUILD_DIR/fuzz-findings/NAME-crash-... (or -timeout-, -oom-), and makes this script fail; the
# README says how to reproduce, minimise and keep it. Ends with one line per harness: executions,
# time, corpus size.
#
# Environment: FUZZ_TIMEOUT (seconds one input may take before it is a finding, default 30),
# FUZZ_RSS_MB (the process's memory before it is a finding, default 2560; one allocation above
# 2560 MB is a finding whatever it is), FUZZ_FLAGS (more libFuzzer flags, such as -runs=...).
set -uo pipefail
build=${1:?usage: fuzz/run.sh BUILD_DIR SECONDS [NAME...]}
seconds=${2:?usage: fuzz/run.sh BUILD_DIR SECONDS [NAME...]}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for src in "$root"/fuzz/fuzz_*.c; do
    n=$(basename "$src" .c)
    names+=("${n#fuzz_}")
  done
fi
mkdir -p "$build/fuzz-findings" "$build/fuzz-logs"
summary=() failed=0
for name in "${names[@]}"; do
  bin=$build/fuzz_$name
  [ -x "$bin" ] || { echo "fuzz: no harness $bin (make fuzz builds them)" >&2; exit 2; }
  scratch=$build/fuzz-corpus/$name
  mkdir -p "$scratch"
  dict=()
  [ -f "$root/fuzz/$name.dict" ] && dict=(-dict="$root/fuzz/$name.dict")
  log=$build/fuzz-logs/$name.log
  echo "== fuzz_$name: $seconds s (log: $log)"
  start=$(date +%s)
  # shellcheck disable=SC2086
  nice -n 10 "$bin" "$scratch" "$root/fuzz/corpus/$name" "${dict[@]}" \
    -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb="${FUZZ_RSS_MB:-2560}" -malloc_limit_mb=2560 \
    -artifact_prefix="$build/fuzz-findings/$name-" -print_final_stats=1 ${FUZZ_FLAGS:-} \
    >"$log" 2>&1
  status=$?
  elapsed=$(($(date +%s) - start))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  size=$(find "$scratch" -type f | wc -l)
  line="$name: ${runs:-?} executions in $elapsed s (${rate:-?}/s), scratch corpus $size inputs"
  if [ $status -ne 0 ]; then
    failed=1
    line="$line: FINDING (exit $status)"
    grep -E "fuzz check failed|ERROR: |SUMMARY: |Test unit written" "$log" | head -8 >&2
  fi
  summary+=("$line")
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $failed
