/*
 * cg_bench.c: the canonical-form engine (src/cgt/) side by side with the plain
 * implementation of tests/plain_cg.h (textbook definitions: no hash-consing, no shortcuts, no
 * memo), in the same run, on the same games. Usage: cg_bench [REPEAT] (make bench).
 *
 * Workloads:
 *   - sums: canonical forms of sums of three random games born by day 3 (random forms with up
 *     to three options a side, made canonical first; the same triples for both);
 *   - psub piles: the canonical values of the piles 0..160 of psub:1,2/1,3, each from its
 *     options (Left removes 1 or 2, Right 1 or 3), as a family's value search will make them;
 *   - psub sums: the sums of three consecutive piles n + (n-1) + (n-2) for n up to 16;
 *   - psub piles to 100,000, the engine alone.
 * Each line prints the best of REPEAT runs (CPU time) for each side and the ratio plain /
 * engine; the results of both sides are checked equal (structurally) on the first run.
 */
#include "../tests/plain_cg_same.h"
#include "cgt/cgt.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* CPU time of this process, in ms: steadier than wall clock on a shared machine. */
static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void die(const nb_error *err) {
  fprintf(stderr, "cg_bench: %s\n", err->message);
  exit(70);
}

/* A splitmix64 step: deterministic random numbers. */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* ---- Sums of random games ------------------------------------------------------------------- */

enum { GAMES = 300, PAIRS = 200, TERMS = 3 };

/* Random games born by day 3, as plain canonical forms (in p) and as text for the engine. */
typedef struct game_set {
  plain_pool p;          /* the plain forms */
  uint32_t plain[GAMES]; /* canonical plain form of game i */
  unsigned birth[GAMES]; /* birthday of its form */
  int left[GAMES][3];    /* options of game i (indices of earlier games), -1 = none */
  int right[GAMES][3];
} game_set;

static void make_games(game_set *g, uint64_t seed) {
  uint64_t rng = seed;
  g->plain[0] = plain_new(&g->p, NULL, 0, NULL, 0);
  g->birth[0] = 0;
  for (int k = 0; k < 3; k++)
    g->left[0][k] = g->right[0][k] = -1;
  for (int i = 1; i < GAMES; i++) {
    uint32_t opts[2][3];
    unsigned n[2], birth = 0;
    for (int r = 0; r < 2; r++) {
      n[r] = (unsigned)(next_random(&rng) % 4);
      for (int k = 0; k < 3; k++) {
        int j = -1;
        if ((unsigned)k < n[r]) {
          do
            j = (int)(next_random(&rng) % (uint64_t)i);
          while (g->birth[j] >= 3);
          opts[r][k] = g->plain[j];
          if (g->birth[j] + 1 > birth) birth = g->birth[j] + 1;
        }
        (r ? g->right : g->left)[i][k] = j;
      }
    }
    uint32_t form = plain_new(&g->p, opts[0], n[0], opts[1], n[1]);
    g->plain[i] = plain_canonical(&g->p, form);
    g->birth[i] = birth;
  }
}

/* The engine's games for the set, in a new store. */
static nb_cg_store *engine_games(const game_set *g, nb_cg *ids) {
  nb_error err;
  nb_cg_store *s;
  if (nb_cg_store_new((size_t)1 << 30, &s, &err) != NB_OK) die(&err);
  ids[0] = NB_CG_ZERO;
  for (int i = 1; i < GAMES; i++) {
    nb_cg side[2][3];
    size_t n[2] = {0, 0};
    for (int k = 0; k < 3; k++) {
      if (g->left[i][k] >= 0) side[0][n[0]++] = ids[g->left[i][k]];
      if (g->right[i][k] >= 0) side[1][n[1]++] = ids[g->right[i][k]];
    }
    if (nb_cg_from_options(s, side[0], n[0], side[1], n[1], &ids[i], &err) != NB_OK) die(&err);
  }
  return s;
}

static void pick_pairs(int pairs[PAIRS][TERMS], uint64_t seed) {
  uint64_t rng = seed;
  for (int k = 0; k < PAIRS; k++)
    for (int j = 0; j < TERMS; j++)
      pairs[k][j] = (int)(next_random(&rng) % GAMES);
}

static double time_engine_sums(const game_set *g, int pairs[PAIRS][TERMS], nb_cg *sums) {
  nb_error err;
  nb_cg ids[GAMES];
  double t0 = now_ms();
  nb_cg_store *s = engine_games(g, ids);
  for (int k = 0; k < PAIRS; k++) {
    nb_cg terms[TERMS];
    for (int j = 0; j < TERMS; j++)
      terms[j] = ids[pairs[k][j]];
    if (nb_cg_sum(s, terms, TERMS, &sums[k], &err) != NB_OK) die(&err);
  }
  double t = now_ms() - t0;
  nb_cg_store_free(s);
  return t;
}

static double time_plain_sums(game_set *g, int pairs[PAIRS][TERMS], uint32_t *sums) {
  double t0 = now_ms();
  for (int k = 0; k < PAIRS; k++) {
    sums[k] = g->plain[pairs[k][0]];
    for (int j = 1; j < TERMS; j++)
      sums[k] = plain_add(&g->p, sums[k], g->plain[pairs[k][j]]);
  }
  return now_ms() - t0;
}

static void check_sums(game_set *g, int pairs[PAIRS][TERMS], const uint32_t *plain) {
  nb_error err;
  nb_cg ids[GAMES];
  nb_cg_store *s = engine_games(g, ids);
  for (int k = 0; k < PAIRS; k++) {
    nb_cg sum, terms[TERMS];
    for (int j = 0; j < TERMS; j++)
      terms[j] = ids[pairs[k][j]];
    if (nb_cg_sum(s, terms, TERMS, &sum, &err) != NB_OK) die(&err);
    if (!plain_cg_same(s, &g->p, plain[k], sum)) {
      fprintf(stderr, "cg_bench: sum %d differs between the engine and the plain forms\n", k);
      exit(70);
    }
  }
  nb_cg_store_free(s);
}

/* ---- psub:1,2/1,3 piles from their options -------------------------------------------------- */

static const int LEFT_TAKES[] = {1, 2}, RIGHT_TAKES[] = {1, 3};

/* The engine's values of piles 0..piles into values, in the store s. */
static void engine_psub(nb_cg_store *s, int piles, nb_cg *values) {
  nb_error err;
  for (int n = 0; n <= piles; n++) {
    nb_cg side[2][2];
    size_t k[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
      if (LEFT_TAKES[i] <= n) side[0][k[0]++] = values[n - LEFT_TAKES[i]];
      if (RIGHT_TAKES[i] <= n) side[1][k[1]++] = values[n - RIGHT_TAKES[i]];
    }
    if (nb_cg_from_options(s, side[0], k[0], side[1], k[1], &values[n], &err) != NB_OK) die(&err);
  }
}

static void plain_psub(plain_pool *p, int piles, uint32_t *values) {
  for (int n = 0; n <= piles; n++) {
    plain_list side[2] = {{0}, {0}};
    for (int i = 0; i < 2; i++) {
      if (LEFT_TAKES[i] <= n) plain_push(&side[0], values[n - LEFT_TAKES[i]]);
      if (RIGHT_TAKES[i] <= n) plain_push(&side[1], values[n - RIGHT_TAKES[i]]);
    }
    values[n] = plain_reduce(p, &side[0], &side[1]);
  }
}

enum { PILES = 160, SUM_TOP = 16, ENGINE_PILES = 100000 };

/* One run of the psub workloads on both sides; checks the results on the first run. */
static void psub_run(bool check, double *t_piles, double *t_sums, double *p_piles, double *p_sums) {
  nb_error err;
  nb_cg_store *s;
  nb_cg values[PILES + 1], sums[SUM_TOP + 1];
  uint32_t pvalues[PILES + 1], psums[SUM_TOP + 1];
  plain_pool p = {0};
  if (nb_cg_store_new((size_t)1 << 30, &s, &err) != NB_OK) die(&err);
  double t0 = now_ms();
  engine_psub(s, PILES, values);
  double t1 = now_ms();
  for (int n = 2; n <= SUM_TOP; n++) { /* piles n + (n-1) + (n-2) */
    nb_cg three[3] = {values[n], values[n - 1], values[n - 2]};
    if (nb_cg_sum(s, three, 3, &sums[n], &err) != NB_OK) die(&err);
  }
  double t2 = now_ms();
  plain_psub(&p, PILES, pvalues);
  double t3 = now_ms();
  for (int n = 2; n <= SUM_TOP; n++)
    psums[n] = plain_add(&p, plain_add(&p, pvalues[n], pvalues[n - 1]), pvalues[n - 2]);
  double t4 = now_ms();
  *t_piles = t1 - t0, *t_sums = t2 - t1, *p_piles = t3 - t2, *p_sums = t4 - t3;
  for (int n = 0; check && n <= PILES; n++)
    if (!plain_cg_same(s, &p, pvalues[n], values[n]) ||
        (n >= 2 && n <= SUM_TOP && !plain_cg_same(s, &p, psums[n], sums[n]))) {
      fprintf(stderr, "cg_bench: psub pile %d (or its sum) differs between engine and plain\n", n);
      exit(70);
    }
  plain_free(&p);
  nb_cg_store_free(s);
}

static void report(const char *name, double engine, double plain) {
  printf("%-46s engine %9.3f ms   plain %9.3f ms   ratio %7.1fx\n", name, engine, plain,
         engine > 0 ? plain / engine : 0);
}

static double min2(double a, double b) {
  return a < b ? a : b;
}

int main(int argc, char **argv) {
  int repeat = argc > 1 ? atoi(argv[1]) : 5;
  if (repeat < 1) repeat = 1;
  printf("canonical forms (best of %d runs, CPU time; plain = tests/plain_cg.h)\n", repeat);

  /* Sums of random games. */
  game_set *g = calloc(1, sizeof *g);
  int pairs[PAIRS][TERMS];
  nb_cg sums[PAIRS];
  uint32_t plain_sums[PAIRS];
  make_games(g, 1);
  pick_pairs(pairs, 2);
  double best_e = 1e300, best_p = 1e300;
  for (int r = 0; r < repeat; r++) {
    best_e = min2(best_e, time_engine_sums(g, pairs, sums));
    best_p = min2(best_p, time_plain_sums(g, pairs, plain_sums));
  }
  check_sums(g, pairs, plain_sums);
  char name[96];
  snprintf(name, sizeof name, "cg: %d sums of %d games born by day 3", PAIRS, TERMS);
  report(name, best_e, best_p);
  plain_free(&g->p);
  free(g);

  /* psub:1,2/1,3: pile values from options, and sums of three piles. */
  double best[4] = {1e300, 1e300, 1e300, 1e300};
  for (int r = 0; r < repeat; r++) {
    double t[4];
    psub_run(r == 0, &t[0], &t[1], &t[2], &t[3]);
    for (int k = 0; k < 4; k++)
      best[k] = min2(best[k], t[k]);
  }
  snprintf(name, sizeof name, "cg: psub:1,2/1,3 piles 0..%d from options", PILES);
  report(name, best[0], best[2]);
  snprintf(name, sizeof name, "cg: psub:1,2/1,3 sums n+(n-1)+(n-2), n<=%d", SUM_TOP);
  report(name, best[1], best[3]);

  /* The engine alone, far beyond. */
  nb_cg *values = calloc(ENGINE_PILES + 1, sizeof *values);
  best_e = 1e300;
  for (int r = 0; r < repeat; r++) {
    nb_error err;
    nb_cg_store *s;
    if (nb_cg_store_new((size_t)1 << 30, &s, &err) != NB_OK) die(&err);
    double t0 = now_ms();
    engine_psub(s, ENGINE_PILES, values);
    best_e = min2(best_e, now_ms() - t0);
    nb_cg_store_free(s);
  }
  snprintf(name, sizeof name, "cg: psub:1,2/1,3 piles 0..%d from options", ENGINE_PILES);
  printf("%-46s engine %9.3f ms   (plain: not run)\n", name, best_e);
  free(values);
  return 0;
}
