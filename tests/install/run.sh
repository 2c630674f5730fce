#!/usr/bin/env bash
# The installed library as a user sees it. Usage: run.sh BUILD_DIR SOURCE_DIR
#
# Installs BUILD_DIR into a temporary prefix (through DESTDIR, as packagers do), checks the files
# a user expects, then builds examples/library/value.c against the installed copy twice, with
# pkg-config and with CMake's find_package, and runs both: each must print the value and the
# winning move of `twothree 1 2 5`; likewise examples/library/cgt.c, the short-game algebra of
# nimber_cgt.h, and the plug-ins of examples/plugin. Finally uninstalls and checks that nothing
# is left.
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stage=$tmp/stage
prefix=/opt/nimber-test

fail() { echo "install test: $*" >&2; exit 1; }

DESTDIR=$stage cmake --install "$build" --prefix "$prefix" >/dev/null
root=$stage$prefix
libdir=$(cd "$root" && ls -d lib* | head -n 1)
for f in bin/nimber include/nimber.h include/nimber_cgt.h "$libdir/libnimber.a" \
         "$libdir/libnimber.so" "$libdir/pkgconfig/nimber.pc" "$libdir/cmake/nimber/nimberConfig.cmake" \
         share/man/man1/nimber.1 share/bash-completion/completions/nimber; do
  [ -e "$root/$f" ] || fail "missing $f"
done
soname=$(objdump -p "$root/$libdir/libnimber.so" | awk '/SONAME/ { print $2 }')
[ "$soname" = "libnimber.so.0.10" ] || fail "soname is '$soname', expected libnimber.so.0.10"

want=$'grundy value 3: the first player wins\nwinning move: 5/2'

# The README's recipe as a user types it, with nothing in LD_LIBRARY_PATH: the program must
# find libnimber.so at run time (issue 18: without the rpath it could not).
export PKG_CONFIG_PATH=$root/$libdir/pkgconfig
cc "$src/examples/library/value.c" $(pkg-config --cflags --libs nimber) \
  -Wl,-rpath,"$(pkg-config --variable=libdir nimber)" -o "$tmp/value_rpath"
got=$(env -u LD_LIBRARY_PATH "$tmp/value_rpath" twothree 1 2 5)
[ "$got" = "$want" ] || fail "the README's recipe (rpath) printed: $got"

export LD_LIBRARY_PATH=$root/$libdir

# pkg-config: the .pc file finds its prefix from its own place, so the staged copy works as is.
export PKG_CONFIG_PATH=$root/$libdir/pkgconfig
cc -std=c17 -Wall -Wextra -Werror "$src/examples/library/value.c" \
  $(pkg-config --cflags --libs nimber) -o "$tmp/value_pc"
got=$("$tmp/value_pc" twothree 1 2 5)
[ "$got" = "$want" ] || fail "pkg-config build printed: $got"
cc -std=c17 "$src/examples/library/value.c" $(pkg-config --cflags nimber) \
  "$root/$libdir/libnimber.a" -o "$tmp/value_static"
got=$("$tmp/value_static" twothree 1 2 5)
[ "$got" = "$want" ] || fail "static build printed: $got"

# The short-game algebra (nimber_cgt.h), shared and static.
want_cgt=$'^ + * = ^*: N, mean 0, temperature 0\nLeft\'s options: 0, *; Right\'s: 0\n^ || *'
cc -std=c17 -Wall -Wextra -Werror "$src/examples/library/cgt.c" \
  $(pkg-config --cflags --libs nimber) -o "$tmp/cgt_pc"
got=$("$tmp/cgt_pc" '{0|*}' '*')
[ "$got" = "$want_cgt" ] || fail "the algebra example printed: $got"
cc -std=c17 "$src/examples/library/cgt.c" $(pkg-config --cflags nimber) \
  "$root/$libdir/libnimber.a" -pthread -o "$tmp/cgt_static"
got=$("$tmp/cgt_static" '{0|*}' '*')
[ "$got" = "$want_cgt" ] || fail "the static algebra example printed: $got"

# CMake: find_package(nimber) and nimber::nimber.
cmake -S "$src/examples/library" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$root" >/dev/null
cmake --build "$tmp/cmake" >/dev/null
got=$("$tmp/cmake/value" twothree 1 2 5)
[ "$got" = "$want" ] || fail "CMake build printed: $got"
got=$("$tmp/cmake/cgt" '{0|*}' '*')
[ "$got" = "$want_cgt" ] || fail "CMake build of the algebra example printed: $got"

# A plug-in built with the one-line command of examples/plugin/wythoff.c against the installed
# header, loaded by the installed command.
cc -shared -fPIC -O2 -o "$tmp/wythoff.so" "$src/examples/plugin/wythoff.c" $(pkg-config --cflags nimber)
got=$("$root/bin/nimber" --load "$tmp/wythoff.so" value wythoff 3,5)
[ "$got" = "0: the second player wins" ] || fail "the plug-in printed: $got"
# The partizan one implements `canonical` with the installed nimber_cgt.h.
cc -shared -fPIC -O2 -o "$tmp/hackenbush.so" "$src/examples/plugin/hackenbush.c" \
  $(pkg-config --cflags nimber)
got=$("$root/bin/nimber" --load "$tmp/hackenbush.so" value bluered BRR RB --brief)
[ "${got%%:*}" = "R" ] || fail "the hackenbush plug-in printed: $got"
got=$("$root/bin/nimber" --load "$tmp/hackenbush.so" value bluered BRR RB)
[ "${got%%:*}" = "-1/4" ] || fail "the hackenbush plug-in printed: $got"

# The header is C++-clean (extern "C", no C-only syntax in its inline functions), where a C++
# compiler is installed.
if command -v c++ >/dev/null 2>&1; then
  printf '#include <nimber_cgt.h>\nint main() { return nb_version()[0] == 0 || NB_CG_ZERO != 0; }\n' \
    >"$tmp/api.cc"
  c++ -Wall -Wextra -Werror "$tmp/api.cc" $(pkg-config --cflags --libs nimber) -o "$tmp/api_cc"
  "$tmp/api_cc" || fail "the C++ program failed"
fi

# Uninstall from the manifest the install wrote (its paths leave DESTDIR out).
while IFS= read -r f || [ -n "$f" ]; do rm -f "$stage$f"; done <"$build/install_manifest.txt"
left=$(find "$stage" -type f | wc -l)
[ "$left" -eq 0 ] || fail "$left files left after uninstall"
echo "installed; linked with pkg-config (shared, static), CMake and C++, the algebra too;" \
  "two plug-ins loaded; uninstalled"
