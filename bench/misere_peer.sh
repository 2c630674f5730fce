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
# Times are wall seconds of each whole process (the JVM's start, about 0.3 s, included), and
# MisereSolver's own timer where its output has one (the line after "=== Performance Data ===",
# "X sec", as CGSuite's command line prints it): the ratio against it leaves the JVM's start out.
# Like for like, that timer goes beside nimber's quotient timed in its process (quotient_time,
# built from bench/quotient_time.c beside NIMBER: the best of 20 computations, no process start);
# the column nb_inproc is it, in seconds, and ratio3 the timer over it.
set -u
nimber=$1 limit=${2:-60}
main=${MISERESOLVER_MAIN:-org.cgsuite.core.misere.solver.CommandLineInterface}
games=${MISERE_GAMES:-"0.75:60 0.77:26 0.77:100 0.07:24 0.07:25 0.07:30 0.137:25 0.137:30 0.347:16 0.347:20 0.347:24"}
qtime=$(dirname "$nimber")/quotient_time
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

printf '%-7s %4s  %10s %12s %8s %8s %8s %10s %8s  %6s %4s  %s\n' game N nimber miseresolver \
  ratio ms_timer ratio2 nb_inproc ratio3 order P agree
for run in $games; do
  code=${run%:*} n=${run##*:}
  t_n=$(timed "$out_n" "$nimber" quotient "oct:$code" --heaps "$n")
  order=$(sed -n 's/^order: //p' "$out_n")
  pn=$(sed -n 's/^P-portion: //p' "$out_n" | tr ',' '\n' | grep -c .)
  phi_n=$(sed -n 's/^pretending (heaps 0 to [0-9]*): //p' "$out_n" | tr -d ' ^' | tr ',' ' ')
  t_m=- ratio=- inproc=- ratio2=- ratio3=- agree="(no MisereSolver: set MISERESOLVER_CP)"
  t_q=-
  if [[ -x $qtime ]] && [[ $t_n != timeout && $t_n != failed ]]; then
    t_q=$(timeout "$limit" "$qtime" "oct:$code" "$n" 20 |
      sed -n 's/.*: best \([0-9.]*\) ms,.*/\1/p' | awk '{ printf "%.6f\n", $1 / 1000 }')
    [[ -n $t_q ]] || t_q=-
  fi
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
    inproc=$(sed -n '/=== Performance Data ===/,$ s/^\([0-9.]*\) sec$/\1/p' "$out_m" | head -1)
    [[ -n $inproc ]] || inproc=-
    if [[ $t_n != timeout && $t_n != failed && $t_m != timeout && $t_m != failed ]]; then
      ratio=$(awk -v a="$t_m" -v b="$t_n" 'BEGIN { printf "%.2f\n", a / b }')
      [[ $inproc != - ]] && ratio2=$(awk -v a="$inproc" -v b="$t_n" 'BEGIN { printf "%.2f\n", a / b }')
      [[ $inproc != - && $t_q != - ]] &&
        ratio3=$(awk -v a="$inproc" -v b="$t_q" 'BEGIN { printf "%.0f\n", (b > 0 ? a / b : 0) }')
    fi
  fi
  printf '%-7s %4s  %10s %12s %8s %8s %8s %10s %8s  %6s %4s  %s\n' "$code" "$n" "$t_n" "$t_m" \
    "$ratio" "$inproc" "$ratio2" "$t_q" "$ratio3" "${order:--}" "${pn:--}" "$agree"
done
echo "ratio: MisereSolver's seconds / nimber's (above 1: nimber is faster); ms_timer: MisereSolver's"
echo "own timer (no JVM start), ratio2: it / nimber's whole process; nb_inproc: nimber's quotient in"
echo "its process (quotient_time, best of 20), ratio3: MisereSolver's timer / it (like for like)"
