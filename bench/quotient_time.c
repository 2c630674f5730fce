/*
 * quotient_time.c: the time of a misère quotient computed in the process, without the process's
 * start (exec, the dynamic loader, the page faults of a fresh process), to set beside
 * MisereSolver's own timer (which leaves the JVM's start out the same way).
 *
 * usage: quotient_time GAME N [REPEATS]
 * GAME is what `nimber quotient` takes (kayles, oct:0.75, ...). Opens the game once, then
 * computes the quotient of the heaps up to N REPEATS times (default 20) through the public API
 * (nb_misere_quotient_new, the default limits, theorem M as `nimber quotient` applies it), and
 * prints one line: the best and the mean wall time of one computation, the best CPU time, the
 * order and the size of the P-portion. The first computation pays the process's first touches
 * of its memory; the best of several is the computation's own cost.
 */
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 3 || argc > 4) {
    fputs("usage: quotient_time GAME N [REPEATS]\n", stderr);
    return 64;
  }
  char *end;
  unsigned long heaps = strtoul(argv[2], &end, 10), repeats = 20;
  if (*end != '\0' || heaps < 1 || heaps > NB_MISERE_QUOTIENT_MAX_HEAPS ||
      (argc == 4 && ((repeats = strtoul(argv[3], &end, 10)) < 1 || *end != '\0'))) {
    fputs("quotient_time: N must be 1 to 200 and REPEATS a positive count\n", stderr);
    return 64;
  }
  nb_error err;
  nb_game *g;
  if (nb_game_open(argv[1], &g, &err) != NB_OK) {
    fprintf(stderr, "quotient_time: %s\n", err.message);
    return err.status;
  }
  double best = 1e300, best_cpu = 1e300, total = 0;
  uint32_t order = 0, p = 0;
  for (unsigned long r = 0; r < repeats; r++) {
    nb_misere_quotient *q;
    double t0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
    nb_status st = nb_misere_quotient_new(g, (uint32_t)heaps, NULL, &q, &err);
    double t = seconds(CLOCK_MONOTONIC) - t0, c = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (st != NB_OK) {
      fprintf(stderr, "quotient_time: %s\n", err.message);
      nb_game_free(g);
      return st;
    }
    order = nb_misere_quotient_order(q);
    p = 0;
    for (uint32_t e = 0; e < order; e++)
      p += nb_misere_quotient_is_p(q, e);
    nb_misere_quotient_free(q);
    best = t < best ? t : best;
    best_cpu = c < best_cpu ? c : best_cpu;
    total += t;
  }
  nb_game_free(g);
  printf("%s %lu: best %.3f ms, mean %.3f ms wall; best %.3f ms CPU (%lu runs); order %u, |P| %u\n",
         argv[1], heaps, best * 1e3, total / (double)repeats * 1e3, best_cpu * 1e3, repeats,
         (unsigned)order, (unsigned)p);
  return 0;
}
