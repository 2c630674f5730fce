#!/usr/bin/env bash
# bench/misere_peer.sh: misère quotients of octal games (Plambeck and Siegel's tables) by
# `nimber quotient`, and by Siegel's MisereSolver when the user points this script at one they
# built, side by side: wall seconds of each, their ratio, and whether the two agree on the order,
# the size of the P-portion and the pretending function (each heap's word, spaces and ^ dropped).
#
# Usage: bench/misere_peer.sh NIMBER [TIMEOUT_SECONDS]
#   MISERESOLVER_CP    classpath of a MisereSolver build (CGSuite's lib/core, built outside this
#                      project); unset: nimber's column only
#   MISERESOLVER_MAIN  its main class (default org.cgsuite.core.misere.solver.CommandLineInterface),
#                      run as `java -cp CP MAIN --maxheap N CODE`; its output must hold the lines
#                      CommandLineInterface prints for a presentation: "|Q| = X; |P| = Y" and
#                      "Phi = w0 w1 ... wN" (the last of each is read)
#   MISERE_GAMES       the runs, CODE:N separated by blanks (default below)
# Times are wall seconds of each whole process (the JVM's start, about 0.3 s, included).
set -u
nimber=$1 limit=${2:-60}
main=${MISERESOLVER_MAIN:-org.cgsuite.core.misere.solver.CommandLineInterface}
games=${MISERE_GAMES:-"0.75:40 0.77:12 0.77:16 0.77:18 0.07:12 0.07:16 0.07:19 0.137:12 0.137:16 0.137:19 0.347:12 0.347:14"}
out_n=$(mktemp) out_m=$(mktemp)
trap 'rm -f "$out_n" "$out_m"' EXIT

# Wall seconds of a command into stdout, or "timeout"/"failed"; its output into file $1.
timed() {
  local file=$1 start end
  shift
  start=$(date +%s.%N)
  if ! timeout "$limit" "$@" >"$file" 2>&1; then
    [[ $? == 124 ]] && echo timeout || echo failed
    return
  fi
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}

printf '%-7s %4s  %10s %12s %8s  %6s %4s  %s\n' game N nimber miseresolver ratio order P agree
for run in $games; do
  code=${run%:*} n=${run##*:}
  t_n=$(timed "$out_n" "$nimber" quotient "oct:$code" --heaps "$n")
  order=$(sed -n 's/^order: //p' "$out_n")
  pn=$(sed -n 's/^P-portion: //p' "$out_n" | tr ',' '\n' | grep -c .)
  phi_n=$(sed -n 's/^pretending (heaps 0 to [0-9]*): //p' "$out_n" | tr -d ' ^' | tr ',' ' ')
  t_m=- ratio=- agree="(no MisereSolver: set MISERESOLVER_CP)"
  if [[ -n ${MISERESOLVER_CP:-} ]]; then
    t_m=$(timed "$out_m" java -cp "$MISERESOLVER_CP" "$main" --maxheap "$n" "$code")
    qm=$(grep -o '|Q| = [0-9]*; |P| = [0-9]*' "$out_m" | tail -1)
    phi_m=$(grep '^Phi = ' "$out_m" | tail -1 | sed 's/^Phi = //; s/ *$//')
    agree=yes
    if [[ $t_n == timeout || $t_n == failed || $t_m == timeout || $t_m == failed ]]; then
      agree="-"
    elif [[ $qm != "|Q| = $order; |P| = $pn" ]]; then
      agree="NO: nimber order $order |P| $pn, MisereSolver $qm"
    elif [[ $phi_m != "$phi_n" ]]; then
      agree="order and |P| agree; pretending words differ: $phi_n / $phi_m"
    fi
    [[ $t_n != timeout && $t_n != failed && $t_m != timeout && $t_m != failed ]] &&
      ratio=$(awk -v a="$t_m" -v b="$t_n" 'BEGIN { printf "%.2f\n", a / b }')
  fi
  printf '%-7s %4s  %10s %12s %8s  %6s %4s  %s\n' "$code" "$n" "$t_n" "$t_m" "$ratio" \
    "${order:--}" "${pn:--}" "$agree"
done
echo "ratio: MisereSolver's seconds / nimber's (above 1: nimber is faster)"
