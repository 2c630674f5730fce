/*
 * test_division.c: division games against the rules.
 *
 * The exhaustive search over div's move generator is the oracle; a plain recursive definition
 * written here checks the search itself. The closed form of div:2,3 and the run table of any D
 * must agree with it on every small heap and on random heaps up to 2^64-1.
 */
#include "check.h"
#include "games/division.h"
#include "nimber.h"
#include "oracle.h"

#include <stdlib.h>
#include <string.h>

static nb_game *open_game(const char *spec) {
  nb_game *g = NULL;
  nb_error err;
  CHECK_OK(nb_game_open(spec, &g, &err), &err);
  return g;
}

/* A game and its run table (the family's cache, which a solver would make on first use). */
typedef struct div_game {
  nb_game *g;      /* the game */
  nb_div_table *t; /* its run table, within the default memory bound */
} div_game;

static div_game open_div(const char *spec) {
  div_game d = {open_game(spec), NULL};
  nb_error err;
  CHECK_OK(nb_div_table_new(d.g, &d.t, &err), &err);
  return d;
}

static void close_div(div_game d) {
  nb_div_table_free(d.t);
  nb_game_free(d.g);
}

/* The run table's value of heap x, or its refusal's status (*st, where st is given). */
static uint64_t fast_or(div_game d, uint64_t x, nb_status *st) {
  uint64_t v = 99;
  nb_error err;
  nb_status got = d.g->family->impartial_eval->grundy(d.g, d.t, (nb_pos){x, 0}, &v, &err);
  if (st != NULL)
    *st = got;
  else
    CHECK_OK(got, &err);
  return v;
}

static uint64_t fast(div_game d, uint64_t x) {
  return fast_or(d, x, NULL);
}

static uint64_t searched(nb_search *s, uint64_t x) {
  uint64_t v = 99;
  nb_error err;
  CHECK_OK(nb_search_grundy(s, (nb_pos){x, 0}, &v, &err), &err);
  return v;
}

/* The rules, plainly: g(x) = mex { g(floor(x/d)) : d in D, floor(x/d) >= 1 }. */
static unsigned plain(const uint64_t *div, size_t n, uint64_t x) {
  unsigned seen = 0;
  for (size_t i = 0; i < n; i++)
    if (x / div[i] >= 1) seen |= 1u << plain(div, n, x / div[i]);
  unsigned mex = 0;
  while (seen >> mex & 1)
    mex++;
  return mex;
}

/* Every heap below 6^7 = 279,936 against the search (so every interval [6^k, 6^(k+1)) of the
 * closed form up to k = 6 in full, the last of them [46656, 279936)), then the closed form
 * against the run table, both O(1), up to 10^6 (k = 7). */
static void test_twothree_small(void) {
  div_game d = open_div("twothree");
  nb_game *g = d.g;
  nb_search *s;
  nb_error err;
  CHECK_OK(nb_search_new(g, NULL, &s, &err), &err);
  for (uint64_t x = 1; x < 279936; x++) {
    uint64_t want = searched(s, x);
    unsigned closed = nb_twothree_grundy(x);
    uint64_t table = fast(d, x);
    CHECK(closed == want && table == want, "x=%llu closed=%u table=%llu search=%llu",
          (unsigned long long)x, closed, (unsigned long long)table, (unsigned long long)want);
  }
  for (uint64_t x = 279936; x <= 1000000; x++)
    CHECK(nb_twothree_grundy(x) == fast(d, x), "x=%llu", (unsigned long long)x);
  nb_search_free(s);
  close_div(d);
}

/* Random heaps up to 2^64-1, and every boundary 6^k * {1,2,4} and its neighbours. */
static void test_twothree_large(int count) {
  div_game d = open_div("div:3,2");
  nb_game *g = d.g;
  nb_search *s = NULL;
  nb_error err;
  uint64_t rng = 2026;
  for (int i = 0; i < count; i++) {
    if (i % 100 == 0) { /* keep the memo small: random heaps share few values */
      nb_search_free(s);
      CHECK_OK(nb_search_new(g, NULL, &s, &err), &err);
    }
    uint64_t x = check_rand(&rng) >> (check_rand(&rng) % 64);
    if (x == 0) x = 1;
    uint64_t want = searched(s, x);
    CHECK(nb_twothree_grundy(x) == want && fast(d, x) == want, "x=%llu", (unsigned long long)x);
  }
  for (uint64_t p = 1; p <= UINT64_MAX / 6; p *= 6) {
    uint64_t edges[] = {p, 2 * p, p <= UINT64_MAX / 4 ? 4 * p : p, 6 * p};
    for (size_t e = 0; e < 4; e++)
      for (uint64_t x = edges[e] - 1; x <= edges[e] + 1; x++) {
        if (x == 0) continue;
        uint64_t want = searched(s, x);
        CHECK(nb_twothree_grundy(x) == want && fast(d, x) == want, "edge x=%llu",
              (unsigned long long)x);
      }
  }
  CHECK(nb_twothree_grundy(UINT64_MAX) == searched(s, UINT64_MAX), "2^64-1");
  nb_search_free(s);
  close_div(d);
}

/* Random divisor sets: search == plain recursion on small heaps; run table == search on small
 * and random large heaps. */
static void test_random_sets(int sets) {
  uint64_t rng = 99;
  for (int t = 0; t < sets; t++) {
    uint64_t div[5];
    size_t n = (size_t)check_range(&rng, 1, 5);
    char spec[128];
    int len = snprintf(spec, sizeof spec, "div:");
    for (size_t i = 0; i < n; i++) {
      div[i] = check_range(&rng, 2, t % 3 == 0 ? 40 : 9);
      len += snprintf(spec + len, sizeof spec - (size_t)len, "%s%llu", i ? "," : "",
                      (unsigned long long)div[i]);
    }
    div_game d = open_div(spec);
    nb_game *g = d.g;
    nb_search *s;
    nb_error err;
    CHECK_OK(nb_search_new(g, NULL, &s, &err), &err);
    for (uint64_t x = 1; x <= 400; x++) {
      uint64_t want = plain(div, n, x);
      CHECK(searched(s, x) == want, "%s x=%llu", spec, (unsigned long long)x);
    }
    for (uint64_t x = 1; x <= 5000; x++)
      CHECK(fast(d, x) == searched(s, x), "%s x=%llu", spec, (unsigned long long)x);
    for (int i = 0; i < 100; i++) {
      uint64_t x = check_rand(&rng) >> (check_rand(&rng) % 64);
      x = x ? x : 1;
      CHECK(fast(d, x) == searched(s, x), "%s x=%llu", spec, (unsigned long long)x);
    }
    nb_search_free(s);
    close_div(d);
  }
}

/* Every winning move reported leads to a sum of value 0; every other move does not. */
static void test_winning_moves(int trials) {
  nb_game *g = open_game("div:2,3,5");
  nb_solver *s;
  oracle o;
  nb_error err;
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  oracle_open(&o, g);
  uint64_t rng = 5;
  for (int trial = 0; trial < trials; trial++) {
    nb_pos comps[5];
    size_t n = (size_t)check_range(&rng, 1, 5);
    for (size_t i = 0; i < n; i++)
      comps[i] = (nb_pos){check_range(&rng, 1, trial < trials / 2 ? 50 : 1000000000), 0};
    check_winning_moves(s, &o, comps, n, NB_LEFT, "div:2,3,5");
  }
  oracle_close(&o);
  nb_solver_free(s);
  nb_game_free(g);
}

static void test_specs(void) {
  nb_game *g = open_game("div:3,2,3");
  char spec[64];
  nb_game_spec(g, spec, sizeof spec);
  CHECK(strcmp(spec, "div:2,3") == 0, "%s", spec);
  nb_game_free(g);
  static const struct {
    const char *spec, *message;
  } bad[] = {
      {"div", "game 'div': expected divisors, as in div:2,3"},
      {"div:", "game 'div:': expected divisors, as in div:2,3"},
      {"div:1", "game 'div:1': expected a divisor (an integer from 2 to 2^64-1), found '1'"},
      {"div:2,,3", "game 'div:2,,3': expected a divisor (an integer from 2 to 2^64-1), found ''"},
      {"div:2,x", "game 'div:2,x': expected a divisor (an integer from 2 to 2^64-1), found 'x'"},
      {"div:2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18",
       "game "
       "'div:2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18': at most 16 divisors"},
      {"twothree:2", "game 'twothree:2': twothree takes no parameters (it is div:2,3)"},
      {"chess", "unknown game 'chess' (see 'nimber games')"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    nb_error err = {0};
    nb_game *x = NULL;
    CHECK(nb_game_open(bad[i].spec, &x, &err) == NB_EUSAGE, "%s accepted", bad[i].spec);
    CHECK(strcmp(err.message, bad[i].message) == 0, "%s", err.message);
  }
}

/* Many small primes make the monoid too large to list: heaps beyond it are refused by the run
 * table, and heaps below it still agree with the search. */
static void test_large_monoid(int count) {
  div_game d = open_div("div:2,3,5,7,11,13,17,19,23,29,31,37,41,43,47,53");
  nb_game *g = d.g;
  nb_status st;
  nb_error err;
  fast_or(d, UINT64_MAX, &st);
  CHECK(st == NB_EUSAGE, "2^64-1 valued by a table listed to its cap: status %d", (int)st);
  nb_search *s;
  CHECK_OK(nb_search_new(g, NULL, &s, &err), &err);
  uint64_t rng = 3;
  for (int i = 0; i < count; i++) { /* each search reaches ~10^5 of the monoid's elements */
    uint64_t x = check_range(&rng, 1, 100000000000ull);
    CHECK(fast(d, x) == searched(s, x), "x=%llu", (unsigned long long)x);
  }
  nb_search_free(s);
  close_div(d);
}

/* The run table is the family's cache, made after the solver and within its memory bound
 * (--memory): it was made when the game was opened, up to 64 MiB whatever the bound. Heaps of
 * div:2,3,5,7,11,13: the monoid holds 1,381,206 elements below 2^64 (the 13-smooth numbers:
 * 11 MB listed), so a bound of 1 MiB refuses the table, naming the bound, before it passes it,
 * and so does the period finder; 64 MiB values the heaps, as the plain recursion does. */
static void test_memory_bound(void) {
  static const uint64_t div[] = {2, 3, 5, 7, 11, 13};
  nb_game *g = open_game("div:2,3,5,7,11,13");
  nb_limits limits = nb_limits_default();
  nb_pos heaps[] = {{5, 0}, {1000, 0}};
  nb_value v;
  nb_solver *s;
  nb_error err = {0};
  limits.memory = 1 << 20;
  CHECK_OK(nb_solver_new(g, &limits, &s, &err), &err);
  nb_status st = nb_value_of(s, heaps, 2, &v, &err);
  CHECK(st == NB_EDATA && strstr(err.message, "run table") != NULL &&
            strstr(err.message, "memory limit of 1 MiB") != NULL,
        "status %d: %s", (int)st, err.message);
  nb_period pd; /* the period finder needs the table too */
  CHECK(nb_period_of(s, 0, &pd, &err) == NB_EDATA && strstr(err.message, "1 MiB") != NULL, "%s",
        err.message);
  nb_solver_free(s);
  limits.memory = 64 << 20;
  CHECK_OK(nb_solver_new(g, &limits, &s, &err), &err);
  CHECK_OK(nb_value_of(s, heaps, 2, &v, &err), &err);
  unsigned want = plain(div, 6, 5) ^ plain(div, 6, 1000);
  CHECK(v.nimber == want, "value %llu, plainly %u", (unsigned long long)v.nimber, want);
  nb_solver_free(s);
  nb_game_free(g);
}

/* The proven multiplicative period holds: g(x) = g(floor(x/Q)) for x >= T, on random heaps and
 * against the search on small ones; and Two and Three's is Q = 6 from T = 6. */
static void test_periods(void) {
  div_game d = open_div("twothree");
  nb_game *g = d.g;
  nb_div_period dp;
  nb_error err;
  CHECK_OK(nb_div_period_of(g, d.t, 1000000, &dp, &err), &err);
  CHECK(dp.ratio == 6 && dp.start == 6 && dp.checked_to == 17, "twothree: %llu %llu",
        (unsigned long long)dp.ratio, (unsigned long long)dp.start);
  CHECK(nb_div_period_of(g, d.t, 5, &dp, &err) == NB_EDATA, "ratio bound ignored");
  /* The same through the family's period hook, the generic call `nimber period` makes. */
  nb_solver *solver;
  nb_period pd;
  CHECK_OK(nb_solver_new(g, NULL, &solver, &err), &err);
  CHECK_OK(nb_period_of(solver, 0, &pd, &err), &err);
  CHECK(pd.kind == NB_PERIOD_MULTIPLICATIVE && pd.step == 6 && pd.start == 6 &&
            pd.checked_from == 6 && pd.checked_to == 17 &&
            strstr(pd.theorem, "src/games/division.c") != NULL,
        "hook: %llu %llu %s", (unsigned long long)pd.step, (unsigned long long)pd.start,
        pd.theorem);
  CHECK(nb_period_of(solver, 5, &pd, &err) == NB_EDATA, "hook: ratio bound ignored");
  nb_solver_free(solver);
  close_div(d);
  uint64_t rng = 8;
  for (int t = 0; t < 60; t++) {
    char spec[64];
    snprintf(spec, sizeof spec, "div:%llu,%llu", (unsigned long long)check_range(&rng, 2, 12),
             (unsigned long long)check_range(&rng, 2, 12));
    d = open_div(spec);
    g = d.g;
    nb_search *s;
    CHECK_OK(nb_search_new(g, NULL, &s, &err), &err);
    if (nb_div_period_of(g, d.t, 1000000, &dp, &err) != NB_OK) {
      CHECK(0, "%s: %s", spec, err.message);
    } else {
      for (uint64_t x = dp.start; x < dp.start + 5000; x++)
        CHECK(searched(s, x) == searched(s, x / dp.ratio), "%s x=%llu", spec,
              (unsigned long long)x);
      for (int i = 0; i < 2000; i++) {
        uint64_t x = check_rand(&rng) >> (check_rand(&rng) % 60);
        if (x >= dp.start)
          CHECK(fast(d, x) == fast(d, x / dp.ratio), "%s x=%llu", spec, (unsigned long long)x);
      }
    }
    nb_search_free(s);
    close_div(d);
  }
}

/* --- the period search against a plain one --------------------------------------------------- */

/* The largest heap the run table answers, found through the family's contract (grundy refuses
 * heaps beyond it). */
static uint64_t table_end(div_game d) {
  nb_status st;
  if (fast_or(d, UINT64_MAX, &st), st == NB_OK) return UINT64_MAX;
  uint64_t lo = 1, hi = UINT64_MAX; /* grundy accepts lo, refuses hi */
  while (hi - lo > 1) {
    uint64_t mid = lo + (hi - lo) / 2;
    fast_or(d, mid, &st);
    if (st == NB_OK)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

/* The monoid generated by div[0..n), listed plainly: every product of divisors up to bound,
 * by depth-first search (with repeats, removed after sorting). */
typedef struct list {
  uint64_t *at;
  size_t len, cap;
} list;

static void list_products(const uint64_t *div, size_t n, size_t from, uint64_t m, uint64_t bound,
                          list *out) {
  for (size_t i = from; i < n; i++) {
    if (m > bound / div[i]) continue;
    if (out->len == out->cap) {
      out->cap = out->cap ? 2 * out->cap : 1024;
      out->at = realloc(out->at, out->cap * sizeof *out->at);
      if (out->at == NULL) exit(1);
    }
    out->at[out->len++] = m * div[i];
    list_products(div, n, i, m * div[i], bound, out);
  }
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* The last y in [q, end] with g(y) != g(floor(y/q)), plainly: upward over the segments where
 * both sides stay in one run (as the finder did before it scanned downward). */
static uint64_t plain_last_break(div_game d, uint64_t q, uint64_t end) {
  const nb_game *g = d.g;
  uint64_t last = q - 1;
  for (uint64_t y = q;;) {
    uint64_t stop = g->family->sizes->run_end(g, d.t, y),
             r = g->family->sizes->run_end(g, d.t, y / q);
    uint64_t stop_q = r >= (UINT64_MAX - q + 1) / q ? UINT64_MAX : (r + 1) * q - 1;
    if (stop_q < stop) stop = stop_q;
    if (stop > end) stop = end;
    if (fast(d, y) != fast(d, y / q)) last = stop;
    if (stop == end) return last;
    y = stop + 1;
  }
}

/* The period search, plainly: every Q of the monoid from 2 to min(max_ratio, end) in order, T
 * from the plain last break, proven when T * dmax - 1 <= end. */
static bool plain_period(div_game d, const uint64_t *div, size_t n, uint64_t max_ratio,
                         nb_div_period *out) {
  uint64_t end = table_end(d), dmax = 0;
  for (size_t i = 0; i < n; i++)
    dmax = div[i] > dmax ? div[i] : dmax;
  list m = {0};
  list_products(div, n, 0, 1, max_ratio < end ? max_ratio : end, &m);
  if (m.len > 1) qsort(m.at, m.len, sizeof *m.at, cmp_u64);
  bool found = false;
  for (size_t i = 0; i < m.len && !found; i++) {
    uint64_t q = m.at[i];
    if (i > 0 && q == m.at[i - 1]) continue;
    uint64_t t = plain_last_break(d, q, end) + 1;
    if (t != 0 && t <= UINT64_MAX / dmax && t * dmax - 1 <= end) {
      *out = (nb_div_period){.ratio = q, .start = t, .checked_to = t * dmax - 1};
      found = true;
    }
  }
  free(m.at);
  return found;
}

/* The finder stops at the largest provable ratio and scans downward: it must still find what
 * the plain search finds, ratio, start and window, or find nothing when it finds nothing. */
static void test_period_against_plain(int trials) {
  static const char *const fixed[] = {"div:2",     "div:2,3",          "div:3,4",
                                      "div:2,5,7", "div:3,1000000007", "div:4,6,9",
                                      "div:2,4,8", "div:5,7"};
  uint64_t rng = 11;
  for (int t = 0; t < trials; t++) {
    char spec[96];
    uint64_t div[4];
    size_t n = 0;
    if (t < (int)(sizeof fixed / sizeof fixed[0])) {
      snprintf(spec, sizeof spec, "%s", fixed[t]);
    } else {
      n = (size_t)check_range(&rng, 1, 3);
      int len = snprintf(spec, sizeof spec, "div:");
      for (size_t i = 0; i < n; i++)
        len += snprintf(spec + len, sizeof spec - (size_t)len, "%s%llu", i ? "," : "",
                        (unsigned long long)check_range(&rng, 2, t % 4 ? 16 : 2000));
    }
    n = 0;
    for (const char *p = spec + 4; *p; p += *p == ',') {
      div[n++] = strtoull(p, NULL, 10);
      p += strspn(p, "0123456789");
    }
    div_game d = open_div(spec);
    static const uint64_t bounds[] = {5, 1000, 1000000, UINT64_MAX};
    for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
      nb_div_period got = {0}, want = {0};
      nb_error err = {0};
      nb_status st = nb_div_period_of(d.g, d.t, bounds[b], &got, &err);
      bool found = plain_period(d, div, n, bounds[b], &want);
      CHECK(st == (found ? NB_OK : NB_EDATA), "%s max %llu: status %d (%s)", spec,
            (unsigned long long)bounds[b], (int)st, err.message);
      if (st == NB_OK && found)
        CHECK(got.ratio == want.ratio && got.start == want.start &&
                  got.checked_to == want.checked_to,
              "%s max %llu: Q %llu T %llu, plainly Q %llu T %llu", spec,
              (unsigned long long)bounds[b], (unsigned long long)got.ratio,
              (unsigned long long)got.start, (unsigned long long)want.ratio,
              (unsigned long long)want.start);
    }
    close_div(d);
  }
}

/* No ratio bound: the finder used to try every element of the monoid up to the table's end
 * (82 s for 16 divisors ending in 101, none provable: that case is a slow golden test, in
 * tests/golden/limits.t); it stops at the largest provable ratio, floor((end + 1) / max D), and
 * says so. */
static void test_period_refusal(void) {
  div_game d = open_div("div:2,5,7");
  nb_div_period dp;
  nb_error err = {0};
  uint64_t end = table_end(d), t_max = end / 7 + (end % 7 == 6);
  CHECK(end == UINT64_MAX && t_max == 2635249153387078802ull, "table end %llu, bound %llu",
        (unsigned long long)end, (unsigned long long)t_max);
  CHECK(nb_div_period_of(d.g, d.t, UINT64_MAX, &dp, &err) == NB_EDATA, "div:2,5,7: a period");
  CHECK(strcmp(err.message,
               "no multiplicative period could be proven: every ratio up to 2635249153387078802 "
               "was tried, and no larger one can be (heaps are known up to "
               "18446744073709551615, and a ratio Q needs them up to T*7 - 1 for a start T >= "
               "Q)") == 0,
        "%s", err.message);
  close_div(d);
}

int main(void) {
  test_periods();
  test_memory_bound();
  /* NB_TEST_QUICK (set for the sanitizer run) scales the random parts down. */
  int quick = getenv("NB_TEST_QUICK") != NULL;
  test_specs();
  test_twothree_small();
  /* Each random heap up to 2^64-1 costs a search of about a thousand positions. */
  test_twothree_large(quick ? 1000 : 10000);
  test_random_sets(quick ? 15 : 120);
  test_winning_moves(quick ? 1000 : 3000);
  /* The fast evaluator's table for sixteen divisors runs to its cap: 7 s at -O0, so the
   * sanitizer run leaves it to the Release run. */
  if (!quick) test_large_monoid(60);
  test_period_against_plain(quick ? 11 : 40); /* the 8 fixed sets, then random ones */
  test_period_refusal();
  return check_done();
}
