/*
 * test_sizes.c: runs of sizes (nb_run_of_size, src/theory/sizes.c) against the values of the
 * sizes one by one.
 *
 * For games that prove their runs (division games by their run table, octal games once a period
 * of 1 is proven) and games that do not (nim, Grundy's game, psub), every run that
 * nb_run_of_size reports over a range must hold sizes of one value, equal to nb_value_of_size of
 * each, and end where the value changes or at the range's end; runs must tile the range. The
 * tally counts each size once and refuses the size past its bound; games that prove runs value
 * far fewer sizes than the range holds.
 */
#include "check.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Walks [from, to] run by run and checks each run against the sizes valued one by one; returns
 * the sizes the tally counted. */
static uint64_t walk(const char *spec, uint64_t from, uint64_t to) {
  nb_error err = {0};
  nb_game *g = NULL;
  nb_solver *runs = NULL, *each = NULL;
  CHECK_OK(nb_game_open(spec, &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &runs, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &each, &err), &err);
  nb_size_tally tally = {0};
  for (uint64_t a = from;;) {
    nb_value v, w;
    uint64_t b = 0;
    CHECK_OK(nb_run_of_size(runs, a, to, &tally, &v, &b, &err), &err);
    CHECK(b >= a && b <= to, "%s: run [%llu, %llu]", spec, (unsigned long long)a,
          (unsigned long long)b);
    for (uint64_t m = a; m <= b; m++) {
      CHECK_OK(nb_value_of_size(each, m, &w, &err), &err);
      CHECK(nb_value_equal(&v, &w), "%s: size %llu in the run from %llu", spec,
            (unsigned long long)m, (unsigned long long)a);
    }
    if (b == to) break;
    CHECK_OK(nb_value_of_size(each, b + 1, &w, &err), &err);
    CHECK(!nb_value_equal(&v, &w), "%s: the run from %llu ends at %llu, yet %llu has its value",
          spec, (unsigned long long)a, (unsigned long long)b, (unsigned long long)b + 1);
    a = b + 1;
  }
  nb_solver_free(each);
  nb_solver_free(runs);
  nb_game_free(g);
  return tally.valued;
}

static void test_runs(void) {
  /* division games prove runs: long runs cost a few values */
  uint64_t valued = walk("div:2,3", 1, 100000);
  CHECK(valued < 1000, "div:2,3 valued %llu sizes of 100000", (unsigned long long)valued);
  walk("div:2,5,7", 1, 5000);
  /* oct:0.01 is 0 from heap 2 on (period 1): proven once the engine holds the period */
  walk("oct:0.01", 0, 3000);
  walk("kayles", 0, 2000);
  walk("sub:2,3,7", 0, 500);
  /* games that prove no runs: one size at a time, all of them counted */
  CHECK(walk("nim", 0, 300) == 301, "nim counts each size");
  CHECK(walk("grundy", 0, 1000) == 1001, "grundy counts each size");
  walk("psub:1/2", 0, 300);
  /* towers past the compiled 20 layers are built lazily, in about a second each under the
   * sanitizers, twice (two solvers): the sanitizer run (NB_TEST_QUICK) stops at 21 */
  walk("tower", 1, getenv("NB_TEST_QUICK") != NULL ? 21 : 24);
}

static void test_proves_runs(void) {
  static const struct {
    const char *spec;
    bool proves;
  } cases[] = {{"twothree", true}, {"kayles", true}, {"sub:1,2", true},
               {"hex:0.F", true},  {"nim", false},   {"grundy", false}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    nb_error err = {0};
    nb_game *g = NULL;
    CHECK_OK(nb_game_open(cases[i].spec, &g, &err), &err);
    CHECK(nb_game_proves_runs(g) == cases[i].proves, "%s", cases[i].spec);
    CHECK(nb_game_has_sizes(g), "%s has sizes", cases[i].spec);
    nb_game_free(g);
  }
}

/* The tally's bound: the size past it is refused with the count, a size valued again is free. */
static void test_tally(void) {
  nb_error err = {0};
  nb_game *g = NULL;
  nb_solver *s = NULL;
  CHECK_OK(nb_game_open("grundy", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  nb_size_tally tally = {.most = 10};
  nb_value v;
  uint64_t last = 0;
  CHECK(nb_run_of_size(s, 0, 100, &tally, &v, &last, &err) == NB_OK, "%s", err.message);
  CHECK(last == 2 && tally.valued == 4, "G(0..2) = 0, G(3) = 1: run [0, %llu], %llu valued",
        (unsigned long long)last, (unsigned long long)tally.valued);
  /* then 1 0 2 1 0 2 1 3 ..., a run a size: 3 was valued to end the run, and is not counted
   * again when it starts the next one */
  uint64_t a = 3;
  nb_status st = NB_OK;
  while (st == NB_OK && a <= 100) {
    st = nb_run_of_size(s, a, 100, &tally, &v, &last, &err);
    a = last + 1;
  }
  CHECK(st == NB_EDATA && tally.valued == 10, "refused at the bound: %d, %llu valued", (int)st,
        (unsigned long long)tally.valued);
  CHECK(strstr(err.message, "10 sizes of 'grundy' valued one by one") != NULL, "%s", err.message);
  nb_solver_free(s);
  nb_game_free(g);
}

int main(void) {
  test_runs();
  test_proves_runs();
  test_tally();
  return check_done();
}
