/*
 * test_heaparith.c: arithmetic periodicity, G(n + p) = G(n) + s with s >= 1, as the heap
 * engine's period search reports it (nb_heap_period.arith: observed, then proven by Theorem A of
 * src/heap/heaparith.c where its hypotheses hold, else refused naming the one that fails).
 *
 * Theorem A, three ways. (1) Games it proves, each with the values it read and the pattern it
 * gives, held to the plain mex far past those values (two to forty times as far). (2) Refusals:
 * a saltus that is no power of 2, a value reaching the saltus before the pattern starts, too few
 * values, a split of large heaps that may reach the value; each names its hypothesis. (3) A sweep
 * of the codes d0.d1d2, d0 in {0, 4, 8}, d1 any, d2 in {0, 8, C, F}: every pattern proven from 200
 * values is held to the plain mex to 300 heaps (250 in the quick run, 1500 in the long one), and
 * at least 20 are proven. (1) reaches 500 heaps (350 quick, 2000 long); the plain mex of a code
 * with three-heap splits costs n^3 / 36 option visits to n. These games are our own choice: we
 * could not read the published tables of arithmetic-periodic hexadecimal games (Howse and
 * Nowakowski 2004), so none is quoted from them.
 *
 * The observation:
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
      if (holds)
        return (nb_heap_arith){
            .observed = true, .preperiod = n0, .period = p, .saltus = (uint64_t)s};
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
  CHECK(got.arith.observed == expect, "%s: observed %d, expected %d", code, (int)got.arith.observed,
        (int)expect);
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

/* G(n + p) = G(n) + s on plain values for e <= n < far - p, and not at e - 1. */
static void hold_to_plain(const char *code, const nb_heap_rules *r, uint64_t e, uint64_t p,
                          uint64_t s, uint64_t far) {
  uint32_t *g = plain_heap_values(r, (size_t)far);
  uint64_t bad = 0;
  for (uint64_t n = e; n + p < far; n++)
    bad += g[n + p] != g[n] + s;
  CHECK(bad == 0, "%s: G(n + %llu) = G(n) + %llu fails %llu times below %llu", code,
        (unsigned long long)p, (unsigned long long)s, (unsigned long long)bad,
        (unsigned long long)far);
  CHECK(e == 0 || g[e - 1 + p] != g[e - 1] + s, "%s: preperiod %llu is not least", code,
        (unsigned long long)e);
  free(g);
}

/* The engine's answer for hex:code from L values. */
static nb_heap_period period_from(const char *code, uint64_t L, nb_heap_rules **r) {
  CHECK_OK(nb_heap_rules_parse(NB_HEAP_HEX, code, r, &err), &err);
  nb_heapseq *q = NULL;
  CHECK_OK(nb_heapseq_new(*r, NULL, &q, &err), &err);
  nb_heap_period got;
  CHECK_OK(nb_heapseq_period(q, L, &got, &err), &err);
  nb_heapseq_free(q);
  return got;
}

/* (1) Proven from L values with preperiod e, period p, saltus s, and true to `far` heaps. */
static void check_proven(const char *code, uint64_t L, uint64_t e, uint64_t p, uint64_t s,
                         uint64_t far) {
  nb_heap_rules *r = NULL;
  nb_heap_period got = period_from(code, L, &r);
  const nb_heap_arith *a = &got.arith;
  CHECK(!got.found && a->proven && a->preperiod == e && a->period == p && a->saltus == s,
        "hex:%s from %llu values: proven %d, e %llu p %llu s %llu (%s)", code,
        (unsigned long long)L, (int)a->proven, (unsigned long long)a->preperiod,
        (unsigned long long)a->period, (unsigned long long)a->saltus,
        a->refusal ? a->refusal : "-");
  hold_to_plain(code, r, e, p, s, far);
  nb_heap_rules_free(r);
}

/* (2) Observed from L values and refused, the refusal starting with `hyp` ("(H0)"). */
static void check_refused(const char *code, uint64_t L, const char *hyp) {
  nb_heap_rules *r = NULL;
  nb_heap_period got = period_from(code, L, &r);
  CHECK(got.arith.observed && !got.arith.proven && got.arith.refusal != NULL &&
            strncmp(got.arith.refusal, hyp, strlen(hyp)) == 0,
        "hex:%s from %llu values: observed %d proven %d, refusal '%s', want %s", code,
        (unsigned long long)L, (int)got.arith.observed, (int)got.arith.proven,
        got.arith.refusal ? got.arith.refusal : "-", hyp);
  nb_heap_rules_free(r);
}

/* (3) The sweep. */
static void sweep(void) {
  static const char d0s[] = "048", d2s[] = "08CF", d1s[] = "0123456789ABCDEF";
  uint64_t far = check_long() ? 1500 : quick ? 250 : 300;
  int proven = 0;
  for (const char *a = d0s; *a; a++)
    for (const char *b = d1s; *b; b++)
      for (const char *c = d2s; *c; c++) {
        char code[8] = {*a, '.', *b, *c, '\0'};
        nb_heap_rules *r = NULL;
        nb_heap_period got = period_from(code, 200, &r);
        if (got.arith.proven) {
          proven++;
          hold_to_plain(code, r, got.arith.preperiod, got.arith.period, got.arith.saltus, far);
        }
        nb_heap_rules_free(r);
      }
  CHECK(proven >= 20, "the sweep proved only %d patterns", proven);
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
  uint64_t far = check_long() ? 2000 : quick ? 350 : 500;
  check_proven("0.8", 19, 1, 3, 1, far);   /* the fewest values its window allows */
  check_proven("0.8F", 300, 7, 7, 4, far); /* 0 0 1 1 2 2 3 | 3 4 4 5 5 6 6 | 7 8 ... */
  check_proven("0.F8", 300, 7, 6, 4, far);
  check_proven("0.CF", 300, 3, 3, 2, far);
  check_proven("0.C", 300, 1, 2, 1, far);
  check_proven("0.FF", 300, 0, 1, 1, far); /* G(n) = n */
  check_proven("0.BF", 300, 4, 1, 1, far); /* by its multiple (4, 4): (1, 1) fails (H1) */
  check_proven("8.F", 300, 3, 1, 1, far);  /* d0 = 8: a heap splits in three, nothing taken */
  check_refused("0.3F", 300, "(H0)");      /* saltus 3 */
  check_refused("4.9", 300, "(H1)");
  check_refused("0.8", 14, "(H2)");
  check_refused("0.28", 300, "(H3)");
  sweep();
  return check_done();
}
