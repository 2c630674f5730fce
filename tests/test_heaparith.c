/*
 * test_heaparith.c: arithmetic periodicity, G(n + p) = G(n) + s with s >= 1, as the heap
 * engine's period search reports it (nb_heap_period.arith: OBSERVED, never proven; see
 * src/heap/heapperiod.c for why no theorem is applied).
 *
 * For each game the engine's observation within max_n values is held to a search written here
 * from the definition (the least p, then the least n0, with G(n + p) - G(n) constant and >= 1
 * for n0 <= n < max_n - p, over the window W(n0, p) <= max_n of the code's period theorem:
 * 2 max(n0, 1) + 2p + k with two-heap splits, 3 max(n0, 1) + 3p + k with three-heap ones) on the
 * plain mex values (plain_heap.h); then the pattern it reports is re-checked on plain values
 * three times as far (twice in the quick run). The games: hexadecimal codes with three-heap
 * splits whose values this engine observed to grow so (hex:0.8, 0.89, 0.8B, 0.AA; these are our
 * own observations, re-checked here, not published values), and games with none: octal 0.04
 * and 0.06 (whose values grow, but not by a saltus; Horrocks and Nowakowski, INTEGERS 3 (2003)
 * G1, state that finite octal games are never arithmetic-periodic), Kayles (periodic: a period
 * proven, no observation), and a subtraction game (no splits: never searched).
 */
#include "check.h"
#include "heap/heap.h"
#include "plain_heap.h"

#include <stdlib.h>
#include <string.h>

static nb_error err;
static int quick;

/* The window end W(n0, p) of the code's period theorem (splits into `parts` heaps, length k). */
static uint64_t window(unsigned parts, uint64_t k, uint64_t n0, uint64_t p) {
  uint64_t s1 = n0 > 0 ? n0 : 1;
  return parts * s1 + parts * p + k;
}

/* The reference search on g[0 .. L - 1]: the least p, then the least n0. */
static nb_heap_arith reference(const uint32_t *g, uint64_t L, unsigned parts, uint64_t k) {
  for (uint64_t p = 1; L > p && window(parts, k, 0, p) <= L; p++)
    for (uint64_t n0 = 0; n0 + p < L && window(parts, k, n0, p) <= L; n0++) {
      int64_t s = (int64_t)g[n0 + p] - (int64_t)g[n0];
      bool holds = s >= 1;
      for (uint64_t n = n0; holds && n + p < L; n++)
        holds = (int64_t)g[n + p] - (int64_t)g[n] == s;
      if (holds) return (nb_heap_arith){.observed = true, .preperiod = n0, .period = p,
                                        .saltus = (uint64_t)s};
    }
  return (nb_heap_arith){.observed = false};
}

static void check_game(nb_heap_kind kind, const char *code, uint64_t max_n, unsigned parts,
                       bool expect) {
  nb_heap_rules *r = NULL;
  CHECK_OK(nb_heap_rules_parse(kind, code, &r, &err), &err);
  nb_heapseq *q = NULL;
  CHECK_OK(nb_heapseq_new(r, NULL, &q, &err), &err);
  nb_heap_period got;
  CHECK_OK(nb_heapseq_period(q, max_n, &got, &err), &err);
  uint64_t far = (quick ? 2 : 3) * max_n;
  uint32_t *g = plain_heap_values(r, far);
  nb_heap_arith want = parts > 0 && !got.found ? reference(g, max_n, parts, r->k)
                                               : (nb_heap_arith){.observed = false};
  CHECK(got.arith.observed == expect, "%s: observed %d, expected %d", code,
        (int)got.arith.observed, (int)expect);
  CHECK(got.arith.observed == want.observed && got.arith.period == want.period &&
            got.arith.preperiod == want.preperiod && got.arith.saltus == want.saltus,
        "%s: engine p %llu n0 %llu s %llu, reference p %llu n0 %llu s %llu", code,
        (unsigned long long)got.arith.period, (unsigned long long)got.arith.preperiod,
        (unsigned long long)got.arith.saltus, (unsigned long long)want.period,
        (unsigned long long)want.preperiod, (unsigned long long)want.saltus);
  for (uint64_t n = got.arith.preperiod; got.arith.observed && n + got.arith.period < far; n++)
    if (g[n + got.arith.period] != g[n] + got.arith.saltus) {
      CHECK(false, "%s: G(%llu) = %u, G(%llu) = %u: the pattern breaks", code,
            (unsigned long long)(n + got.arith.period), g[n + got.arith.period],
            (unsigned long long)n, g[n]);
      break;
    }
  free(g);
  nb_heapseq_free(q);
  nb_heap_rules_free(r);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  uint64_t hex_n = quick ? 150 : 300;
  check_game(NB_HEAP_HEX, "0.8", hex_n, 3, true);
  check_game(NB_HEAP_HEX, "0.89", hex_n, 3, true);
  check_game(NB_HEAP_HEX, "0.8B", hex_n, 3, true);
  check_game(NB_HEAP_HEX, "0.AA", hex_n, 3, true);
  check_game(NB_HEAP_OCT, "0.04", 2000, 2, false);
  check_game(NB_HEAP_OCT, "0.06", 2000, 2, false);
  check_game(NB_HEAP_OCT, "0.77", 2000, 2, false); /* Kayles: periodic, so nothing observed */
  check_game(NB_HEAP_SUB, "2,3,7", 200, 0, false);
  return check_done();
}
