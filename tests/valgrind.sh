#!/usr/bin/env bash
# valgrind over the test suite: usage tests/valgrind.sh BUILD_DIR   (make valgrind)
#
# BUILD_DIR must be a build without sanitizers (valgrind and ASan do not mix); `make valgrind`
# makes one (RelWithDebInfo: optimised, with line numbers in the reports). Every golden CLI test
# runs with nimber replaced by a wrapper that runs it under valgrind, and every unit test runs
# under valgrind, all with NB_TEST_QUICK=1 (the sanitizer run's lighter loops, and no '~ slow'
# golden cases: valgrind is some 20 to 50 times slower than native). Any memory error (an invalid read or write, a use of an
# uninitialised value, a bad free) or definite leak makes valgrind exit with 99, so the golden
# case or the unit test fails with the report on its standard error. Exit status 0 iff clean.
set -uo pipefail
build=${1:?usage: tests/valgrind.sh BUILD_DIR}
build=$(cd "$build" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null 2>&1 || {
  echo "valgrind: not installed (Debian package: valgrind)" >&2
  exit 2
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags=(--error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect -q)

# The wrapper the golden runner takes for the nimber binary.
cat >"$tmp/nimber" <<EOF
#!/bin/sh
exec valgrind ${flags[*]} "$build/nimber" "\$@"
EOF
chmod +x "$tmp/nimber"
# What the golden tests find beside the binary under CTest: the manual page next to it, and the
# plug-ins built for plugin.t and completion.t.
ln -s "$build/nimber.1" "$tmp/nimber.1"
export NB_PLUGIN_DIR=$build/plugins

failed=0
for t in "$root"/tests/golden/*.t; do
  echo "== golden $(basename "$t") under valgrind"
  NB_TEST_QUICK=1 bash "$root/tests/golden/run.sh" "$tmp/nimber" "$t" || failed=$((failed + 1))
done
# the unit tests: test_conformance is a program, the others are nimber_tests NAME (tests/driver.c)
for src in "$root"/tests/test_*.c; do
  name=$(basename "$src" .c)
  if [ "$name" = test_conformance ]; then run=("$build/$name"); else run=("$build/nimber_tests" "$name"); fi
  [ -x "${run[0]}" ] || continue
  echo "== $name under valgrind"
  (cd "$root" && NB_TEST_QUICK=1 valgrind "${flags[@]}" "${run[@]}") || failed=$((failed + 1))
done
if [ $failed -ne 0 ]; then
  echo "valgrind: $failed test file(s) failed" >&2
  exit 1
fi
echo "valgrind: clean"
