/*
 * test_memory.c: the searches' memory bound (nb_limits.memory, src/core/memory.c).
 *
 * The helper first: an array grows only as far as the limit allows and is refused, unchanged,
 * past it; a hash table's new block is checked with the old one still held. Then each search
 * under a small bound: the component and the sum search on a toy game (tests/fixtures.h: subtract 1
 * or 2, g(n) = n mod 3), and the solver on twothree, the case (200 heaps of 2^64-1 with
 * the remoteness asked took 3.3 GB before its count limit refused it). Each refusal is NB_EDATA
 * naming the bound, and the same search then answers smaller questions right. Last, the lower
 * bound on plays that lets the sum search refuse 20,000 heaps at once (division min_length)
 * is checked against the shortest play, computed from the rules. The families' own engines (the
 * heap sequence engine, psub's period engine) take the same bound through the game.
 */
#include "check.h"
#include "fixtures.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* --- the helper ------------------------------------------------------------------------------ */

static void test_grow_within(void) {
  nb_memory m = {.limit = 1000, .what = "the test"};
  char *a = NULL;
  size_t cap = 0;
  nb_error err = {0};
  CHECK_OK(nb_grow_within(&m, (void **)&a, &cap, 0, 100, 1, 64, &err), &err);
  CHECK(cap == 128 && m.held == 128, "first growth: cap %zu, held %zu", cap, m.held);
  /* 600 bytes: doubling would make 1024, past the limit: it stops at the limit, 1000 */
  CHECK_OK(nb_grow_within(&m, (void **)&a, &cap, 128, 472, 1, 64, &err), &err);
  CHECK(cap == 1000 && m.held == 1000, "clamped growth: cap %zu, held %zu", cap, m.held);
  memset(a, 7, cap); /* all of it is there (ASan) */
  char *before = a;
  CHECK(nb_grow_within(&m, (void **)&a, &cap, 1000, 1, 1, 64, &err) == NB_EDATA, "past the limit");
  CHECK(a == before && cap == 1000 && m.held == 1000, "a refusal changes nothing");
  CHECK(strstr(err.message, "memory limit of 1000 bytes") != NULL &&
            strstr(err.message, "--memory"),
        "%s", err.message);
  CHECK(nb_memory_check(&m, 1, 1, &err) == NB_EDATA, "no room for another table");
  nb_memory_grew(&m, 1000, 0); /* the array is given back */
  free(a);
  CHECK(m.held == 0 && nb_memory_check(&m, 500, 2, &err) == NB_OK, "room again");
  CHECK(nb_memory_check(&m, 501, 2, &err) == NB_EDATA, "501 items of 2 bytes pass 1000");
  nb_memory big = {.limit = SIZE_MAX, .what = "the test"};
  CHECK(nb_memory_check(&big, SIZE_MAX, 2, &err) == NB_EDATA, "an overflowing size is refused");
  char text[32];
  CHECK(strcmp(nb_bytes_text(text, (size_t)1 << 31), "2 GiB") == 0, "%s", text);
  CHECK(strcmp(nb_bytes_text(text, 3 << 20), "3 MiB") == 0, "%s", text);
  CHECK(strcmp(nb_bytes_text(text, 1536), "1536 bytes") == 0, "%s", text);
  CHECK(nb_limits_default().memory == (size_t)1 << 31, "the default is 2 GiB");
}

/* --- a toy game: subtract 1 or 2 from a pile (fixtures.h), opened only here ----------------- */

static nb_status toy_create(const char *params, nb_game **out, nb_error *err) {
  (void)params;
  (void)out;
  return nb_fail(err, NB_EUSAGE, "not opened by spec");
}
static void toy_destroy(nb_game *g) {
  (void)g;
}
static nb_status toy_parse(const nb_game *g, const char *const *tokens, size_t count,
                           size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g, (void)tokens, (void)count, (void)first_arg, (void)out, (void)n, (void)cap;
  return nb_fail(err, NB_EUSAGE, "not parsed");
}
static const nb_family toy_family = {
    .abi = NB_ABI_VERSION,
    .name = "toy",
    .synopsis = "toy",
    .position_help = "piles",
    .create = toy_create,
    .destroy = toy_destroy,
    .spec = fixture_spec,
    .parse = toy_parse,
    .format = fixture_format_number,
    .joiner = " ",
    .move_bound = fixture_take12_bound,
    .max_parts = 1,
    .moves = fixture_take12_moves,
    .describe = fixture_take12_describe,
};

/* A pile of 200,000 needs 200,001 positions memoised and as many frames: some 30 MB, refused
 * under 8 MiB, and answered with the default bound. */
static void test_component_search(void) {
  nb_game toy = {.family = &toy_family};
  nb_limits small = nb_limits_default();
  small.memory = (size_t)8 << 20;
  nb_search *s;
  nb_error err = {0};
  uint64_t g = 99;
  CHECK_OK(nb_search_new(&toy, &small, &s, &err), &err);
  CHECK(nb_search_grundy(s, (nb_pos){200000, 0}, &g, &err) == NB_EDATA, "refused under 8 MiB");
  CHECK(strstr(err.message, "memory limit of 8 MiB") != NULL, "%s", err.message);
  for (uint64_t n = 1000; n < 1010; n++) { /* the same search, still usable */
    CHECK_OK(nb_search_grundy(s, (nb_pos){n, 0}, &g, &err), &err);
    CHECK(g == n % 3, "g(%llu) = %llu after the refusal", (unsigned long long)n,
          (unsigned long long)g);
  }
  nb_search_free(s);
  CHECK_OK(nb_search_new(&toy, NULL, &s, &err), &err);
  CHECK_OK(nb_search_grundy(s, (nb_pos){200000, 0}, &g, &err), &err);
  CHECK(g == 200000 % 3, "g(200000) = %llu by default", (unsigned long long)g);
  nb_search_free(s);
}

/* 300 + 300: some 45,000 sums (about 5 MB), refused under 1 MiB; then small sums are answered
 * right by the same search (the first player wins iff the piles differ mod 3). */
static void test_sum_search(void) {
  nb_game toy = {.family = &toy_family};
  nb_limits small = nb_limits_default();
  small.memory = (size_t)1 << 20;
  nb_sum_search *s;
  nb_error err = {0};
  bool wins;
  uint64_t rem;
  CHECK_OK(nb_sum_search_new(&toy, &small, NULL, &s, &err), &err);
  nb_pos big[2] = {{300, 0}, {300, 0}};
  CHECK(nb_sum_search_wins(s, big, 2, NB_LEFT, &wins, &rem, &err) == NB_EDATA,
        "300 + 300 refused under 1 MiB");
  CHECK(strstr(err.message, "memory limit of 1 MiB") != NULL, "%s", err.message);
  for (uint64_t a = 0; a < 8; a++)
    for (uint64_t b = 0; b < 8; b++) {
      nb_pos sum[2] = {{a, 0}, {b, 0}};
      CHECK_OK(nb_sum_search_wins(s, sum, 2, NB_LEFT, &wins, &rem, &err), &err);
      CHECK(wins == (a % 3 != b % 3), "%llu + %llu after the refusal", (unsigned long long)a,
            (unsigned long long)b);
    }
  nb_sum_search_free(s);
  CHECK_OK(nb_sum_search_new(&toy, NULL, NULL, &s, &err), &err);
  CHECK_OK(nb_sum_search_wins(s, big, 2, NB_LEFT, &wins, &rem, &err), &err);
  CHECK(!wins, "300 + 300 is lost for the first player");
  nb_sum_search_free(s);
}

/* --- twothree: the case ----------------------------------------------------------------
 */

static double seconds_since(struct timespec t0) {
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
}

/* 200 heaps of 2^64-1 under 64 MiB: refused by the bound (not by the sums limit, which took
 * 3.3 GB to reach); the same solver then gives remoteness of small sums equal to a fresh one's.
 * 20,000 heaps are refused before any work, with the default bound. */
static void test_twothree(void) {
  nb_game *g;
  nb_error err = {0};
  CHECK_OK(nb_game_open("twothree", &g, &err), &err);
  enum { MANY = 20000 };
  nb_pos *heaps = malloc(MANY * sizeof *heaps);
  for (size_t i = 0; i < MANY; i++)
    heaps[i] = (nb_pos){UINT64_MAX, 0};
  nb_limits small = nb_limits_default();
  small.memory = (size_t)64 << 20;
  nb_solver *s, *fresh;
  CHECK_OK(nb_solver_new(g, &small, &s, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &fresh, &err), &err);
  uint64_t r, want;
  CHECK(nb_remoteness(s, heaps, 200, NB_LEFT, &r, &err) == NB_EDATA, "200 heaps under 64 MiB");
  CHECK(strstr(err.message, "memory limit of 64 MiB") != NULL, "%s", err.message);
  static const uint64_t sums[][3] = {{1, 2, 5}, {7, 7, 9}, {100, 3, 1000}, {64, 81, 1}};
  for (size_t k = 0; k < sizeof sums / sizeof sums[0]; k++) {
    nb_pos p[3] = {{sums[k][0], 0}, {sums[k][1], 0}, {sums[k][2], 0}};
    CHECK_OK(nb_remoteness(s, p, 3, NB_LEFT, &r, &err), &err);
    CHECK_OK(nb_remoteness(fresh, p, 3, NB_LEFT, &want, &err), &err);
    CHECK(r == want, "sum %zu: remoteness %llu, a fresh solver's %llu", k, (unsigned long long)r,
          (unsigned long long)want);
  }
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CHECK(nb_remoteness(fresh, heaps, MANY, NB_LEFT, &r, &err) == NB_EDATA, "20,000 heaps");
  CHECK(strstr(err.message, "memory limit of 2 GiB") != NULL, "%s", err.message);
  CHECK(seconds_since(t0) < 1.0, "refused at once: %.2f s", seconds_since(t0));
  nb_limits few = nb_limits_default();
  few.sums = 1000; /* 25 heaps' first play holds 24 * 40 sums */
  nb_solver *f;
  CHECK_OK(nb_solver_new(g, &few, &f, &err), &err);
  CHECK(nb_remoteness(f, heaps, 25, NB_LEFT, &r, &err) == NB_EDATA, "25 heaps within 1000 sums");
  CHECK(strstr(err.message, "more than 1000 sums") != NULL, "%s", err.message);
  nb_solver_free(f);
  nb_solver_free(s);
  nb_solver_free(fresh);
  free(heaps);
  nb_game_free(g);
}

/* --- the families' own engines ---------------------------------------------------------------- */

/* The value of one size (a heap, a pile) of spec under a memory bound (0: the default), by a
 * solver of its own game; the status, and the value where NB_OK. */
static nb_status value_under(const char *spec, size_t bound, uint64_t size, nb_value *out,
                             nb_error *err) {
  nb_game *g;
  nb_solver *s;
  nb_limits limits = nb_limits_default();
  if (bound != 0) limits.memory = bound;
  CHECK_OK(nb_game_open(spec, &g, err), err);
  CHECK_OK(nb_solver_new(g, &limits, &s, err), err);
  nb_pos p = {size, 0};
  nb_status st = nb_value_of(s, &p, 1, out, err);
  nb_solver_free(s);
  nb_game_free(g);
  return st;
}

/* The engines a family keeps in the solver's cache take the bound too (nb_game_memory): the heap
 * sequence engine's table of Grundy's game to heap 30,000 (about 50 KB), refused under 16 KiB
 * and made under 64 KiB as by default; psub:4194304/1's period engine, whose two rings of
 * 4194305 piles take 32 MiB before its first pile, refused under 16 MiB; and the psub engine
 * of psub:4999,5000/4998,5000 (preperiod 49,970,004), whose bitsets pass 1 MiB near pile
 * 530,000: refused there, and the same solver then answers a pile below, as the default does. */
static void test_engines(void) {
  nb_error err = {0};
  nb_value v, want;
  CHECK(value_under("grundy", 16 << 10, 30000, &v, &err) == NB_EDATA &&
            strstr(err.message, "limit of 16384 bytes (the memory limit") != NULL,
        "grundy 30000 under 16 KiB: %s", err.message);
  CHECK_OK(value_under("grundy", 64 << 10, 30000, &v, &err), &err);
  CHECK_OK(value_under("grundy", 0, 30000, &want, &err), &err);
  CHECK(v.nimber == want.nimber, "grundy 30000: %llu under 64 KiB, %llu by default",
        (unsigned long long)v.nimber, (unsigned long long)want.nimber);
  CHECK(value_under("psub:4194304/1", 16 << 20, 3, &v, &err) == NB_EDATA &&
            strstr(err.message, "memory limit of 16 MiB") != NULL,
        "psub:4194304/1 under 16 MiB: %s", err.message);
  CHECK_OK(value_under("psub:4194304/1", 0, 3, &want, &err), &err);
  CHECK(want.outcome == NB_OUTCOME_R, "psub:4194304/1, pile 3: Right's");
  nb_game *g;
  nb_solver *s, *fresh;
  nb_limits small = nb_limits_default();
  small.memory = 1 << 20;
  CHECK_OK(nb_game_open("psub:4999,5000/4998,5000", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, &small, &s, &err), &err);
  nb_pos far = {1000000, 0}, near = {200000, 0};
  nb_outcome o, w;
  CHECK(nb_value_of(s, &far, 1, &v, &err) == NB_EDATA &&
            strstr(err.message, "period engine's tables would take more than the memory limit "
                                "of 1 MiB") != NULL,
        "pile 10^6 under 1 MiB: %s", err.message);
  CHECK_OK(nb_value_of(s, &near, 1, &v, &err), &err);
  o = v.outcome;
  CHECK_OK(nb_solver_new(g, NULL, &fresh, &err), &err);
  CHECK_OK(nb_value_of(fresh, &near, 1, &v, &err), &err);
  w = v.outcome;
  CHECK(o == w, "pile 200000: %c under 1 MiB after the refusal, %c by default",
        nb_outcome_letter(o), nb_outcome_letter(w));
  CHECK_OK(nb_value_of(fresh, &far, 1, &v, &err), &err);
  nb_solver_free(fresh);
  nb_solver_free(s);
  nb_game_free(g);
}

/* min_length of division games is at most the shortest play, computed from the rules. */
static void test_division_min_length(void) {
  static const char *const specs[] = {"div:2,3", "div:3,5,7", "div:2", "div:4,9,10"};
  enum { TOP = 5000 };
  uint64_t *shortest = malloc((TOP + 1) * sizeof *shortest);
  for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
    nb_game *g;
    nb_error err = {0};
    CHECK_OK(nb_game_open(specs[k], &g, &err), &err);
    const nb_family *fam = g->family;
    CHECK(fam->min_length != NULL, "%s has min_length", specs[k]);
    bool tight = false;
    for (uint64_t x = 1; x <= TOP; x++) {
      nb_move move[16];
      nb_pos part[16];
      nb_moves out = {.move = move, .part = part};
      CHECK_OK(fam->moves(g, (nb_pos){x, 0}, NB_LEFT, &out, &err), &err);
      uint64_t best = UINT64_MAX;
      for (size_t i = 0; i < out.count; i++)
        if (1 + shortest[part[i].lo] < best) best = 1 + shortest[part[i].lo];
      shortest[x] = out.count == 0 ? 0 : best;
      uint64_t bound = fam->min_length(g, (nb_pos){x, 0});
      CHECK(bound <= shortest[x], "%s: heap %llu: bound %llu, shortest play %llu", specs[k],
            (unsigned long long)x, (unsigned long long)bound, (unsigned long long)shortest[x]);
      tight |= x > 100 && bound == shortest[x];
    }
    CHECK(tight, "%s: the bound is reached somewhere (it is not a trivial 0)", specs[k]);
    if (k == 0)
      CHECK(fam->min_length(g, (nb_pos){UINT64_MAX, 0}) == 40, "twothree 2^64-1: %llu",
            (unsigned long long)fam->min_length(g, (nb_pos){UINT64_MAX, 0}));
    nb_game_free(g);
  }
  free(shortest);
}

int main(void) {
  test_grow_within();
  test_component_search();
  test_sum_search();
  test_twothree();
  test_engines();
  test_division_min_length();
  return check_done();
}
