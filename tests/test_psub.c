/*
 * test_psub.c: differential tests of the partizan subtraction family psub:A/B and Nim plus.
 *
 * Three references, each written from the rules and nothing else:
 *   - a plain memoised recursion over "some legal move leaves the opponent losing";
 *   - a direct DP over every pile up to LIMIT (no periodicity, no bitsets);
 *   - the core's exhaustive search over the family's move generator.
 * The evaluator (bitset DP plus period engine) must agree with all of them; its claimed period
 * and preperiod are checked to be periods, and the least ones, on the direct DP's sequence.
 * All randomness is seeded: every failure reproduces.
 */
#include "check.h"
#include "contest/contest.h"
#include "games/psub.h"
#include "nimber.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum {
  LIMIT = 100000,      /* piles compared with the direct DP */
  QUICK_LIMIT = 25000, /* the same, in the quick run (sanitizers) */
  MAX_SET = 1500,      /* most amounts per player in these tests */
};

/* A move set as the tests see it: raw (unsorted, maybe repeated) amounts. */
typedef struct set {
  uint64_t amount[MAX_SET];
  size_t count;
} set;

static nb_error err;
static int quick; /* NB_TEST_QUICK (set for the sanitizer run): fewer random trials */

static nb_game *make_game(const set *a, const set *b) {
  nb_game *g = NULL;
  CHECK_OK(nb_psub_new(a->amount, a->count, b->amount, b->count, &g, &err), &err);
  return g;
}

/* A solver of g: it owns the period engine that values g's piles. */
static nb_solver *make_solver(const nb_game *g) {
  nb_solver *s = NULL;
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  return s;
}

static void random_set(uint64_t *rng, set *s, size_t lo, size_t hi, uint64_t max_amount) {
  s->count = (size_t)check_range(rng, lo, hi);
  for (size_t i = 0; i < s->count; i++)
    s->amount[i] = check_range(rng, 1, max_amount);
}

/* --- reference 1: the recursive definition -----------------------------------------------------
 */

/* memo[who][n]: 0 unknown, 1 loses, 2 wins. */
static bool wins_rec(const set *side[2], int who, uint64_t n, unsigned char (*memo)[64]) {
  if (memo[who][n] == 0) {
    bool w = false;
    for (size_t i = 0; i < side[who]->count && !w; i++)
      if (side[who]->amount[i] <= n && !wins_rec(side, 1 - who, n - side[who]->amount[i], memo))
        w = true;
    memo[who][n] = w ? 2 : 1;
  }
  return memo[who][n] == 2;
}

static nb_outcome class_of(bool left_first_wins, bool right_first_wins) {
  if (left_first_wins) return right_first_wins ? NB_OUTCOME_N : NB_OUTCOME_L;
  return right_first_wins ? NB_OUTCOME_R : NB_OUTCOME_P;
}

static void test_recursive_definition(void) {
  uint64_t rng = 1;
  for (int t = 0; t < 500; t++) {
    set a, b;
    random_set(&rng, &a, 0, 4, 12);
    random_set(&rng, &b, 0, 4, 12);
    const set *side[2] = {&a, &b};
    unsigned char memo[2][64] = {{0}};
    nb_game *g = make_game(&a, &b);
    nb_solver *s = make_solver(g);
    for (uint64_t n = 0; n < 64; n++) {
      nb_outcome want = class_of(wins_rec(side, 0, n, memo), wins_rec(side, 1, n, memo)), got;
      CHECK_OK(nb_psub_outcome(s, n, &got, &err), &err);
      CHECK(got == want, "trial %d pile %llu: got %c, want %c", t, (unsigned long long)n,
            nb_outcome_letter(got), nb_outcome_letter(want));
    }
    nb_solver_free(s);
    nb_game_free(g);
  }
}

/* --- reference 2: the direct DP up to LIMIT, and the period ------------------------------------
 */

/* Fills cls[0..limit) from the rules, one pile after another (limit <= LIMIT). */
static void direct_dp(const set *a, const set *b, nb_outcome *cls, bool *wl, bool *wr,
                      uint64_t limit) {
  for (uint64_t n = 0; n < limit; n++) {
    wl[n] = wr[n] = false;
    for (size_t i = 0; i < a->count && !wl[n]; i++)
      wl[n] = a->amount[i] <= n && !wr[n - a->amount[i]];
    for (size_t i = 0; i < b->count && !wr[n]; i++)
      wr[n] = b->amount[i] <= n && !wl[n - b->amount[i]];
    cls[n] = class_of(wl[n], wr[n]);
  }
}

/* Checks that (s, p) is a period of cls on [0, limit), the least one, with the least start. */
static void check_period(const nb_outcome *cls, nb_psub_period pp, int trial, uint64_t limit) {
  uint64_t s = pp.preperiod, p = pp.period;
  CHECK(p >= 1, "trial %d: period 0", trial);
  bool holds = true;
  for (uint64_t n = s; n + p < limit && holds; n++)
    holds = cls[n] == cls[n + p];
  CHECK(holds, "trial %d: (%llu, %llu) is not a period", trial, (unsigned long long)s,
        (unsigned long long)p);
  if (s > 0 && s - 1 + p < limit)
    CHECK(cls[s - 1] != cls[s - 1 + p], "trial %d: preperiod %llu is not the least", trial,
          (unsigned long long)s);
  if (s + 3 * p < limit) /* a smaller period would show within the data */
    for (uint64_t q = 1; q < p; q++) {
      bool also = true;
      for (uint64_t n = s; n + q < limit && also; n++)
        also = cls[n] == cls[n + q];
      CHECK(!also, "trial %d: %llu is a smaller period than %llu", trial, (unsigned long long)q,
            (unsigned long long)p);
    }
}

/* The evaluator against the DP for every pile below LIMIT (QUICK_LIMIT in the quick run), both
 * after the period is proven (answers from the period) and by a fresh solver of the same game
 * walked upward (answers from the DP): two solvers value one game side by side, each with its own
 * engine. */
static void compare_with_dp(const set *a, const set *b, int trial, nb_outcome *cls, bool *wl,
                            bool *wr) {
  uint64_t limit = quick ? QUICK_LIMIT : LIMIT;
  direct_dp(a, b, cls, wl, wr, limit);
  nb_game *g = make_game(a, b);
  nb_solver *periodic = make_solver(g), *walked = make_solver(g);
  nb_psub_period pp;
  CHECK_OK(nb_psub_period_of(periodic, &pp, &err), &err);
  check_period(cls, pp, trial, limit);
  /* The proof's terms: the window of k piles before j repeats the one p piles earlier. */
  uint64_t k = pp.window, j = pp.repeat;
  CHECK(j >= k + pp.period && pp.checked_to + 1 == j, "trial %d: window %llu at %llu", trial,
        (unsigned long long)k, (unsigned long long)j);
  for (uint64_t t = 0; t < k && j < limit; t++)
    CHECK(cls[j - k + t] == cls[j - pp.period - k + t], "trial %d: the windows differ", trial);
  nb_period pd; /* the period hook says the same */
  CHECK_OK(nb_period_of(periodic, 0, &pd, &err), &err);
  CHECK(pd.kind == NB_PERIOD_ADDITIVE && pd.start == pp.preperiod && pd.step == pp.period &&
            pd.checked_to == pp.checked_to,
        "trial %d: the hook disagrees", trial);
  /* With a bound, on fresh solvers (which stop computing at the bound's proof_bound): found iff
   * preperiod + period is within it. */
  for (uint64_t max = pp.preperiod + pp.period - 1; max <= pp.preperiod + pp.period; max++) {
    if (max == 0) continue;
    nb_solver *bounded = make_solver(g);
    nb_error e = {0};
    nb_status st = nb_period_of(bounded, max, &pd, &e);
    CHECK(max >= pp.preperiod + pp.period ? st == NB_OK && pd.start == pp.preperiod
                                          : st == NB_EDATA,
          "trial %d: max %llu: status %d (%s)", trial, (unsigned long long)max, (int)st, e.message);
    nb_solver_free(bounded);
  }
  unsigned long bad = 0;
  for (uint64_t n = 0; n < limit; n++) {
    nb_outcome x, y;
    CHECK_OK(nb_psub_outcome(periodic, n, &x, &err), &err);
    CHECK_OK(nb_psub_outcome(walked, n, &y, &err), &err);
    bad += x != cls[n] || y != cls[n];
  }
  CHECK(bad == 0, "trial %d: %lu piles disagree with the direct DP", trial, bad);
  /* Far piles: the period's answer at n and at n - p must agree. */
  for (uint64_t n = UINT64_MAX - 5; n < UINT64_MAX; n++) {
    nb_outcome x, y;
    CHECK_OK(nb_psub_outcome(periodic, n, &x, &err), &err);
    CHECK_OK(nb_psub_outcome(periodic, n - pp.period, &y, &err), &err);
    CHECK(x == y, "trial %d: far pile %llu", trial, (unsigned long long)n);
  }
  nb_solver_free(periodic);
  nb_solver_free(walked);
  nb_game_free(g);
}

static void test_periodic_equals_dp(void) {
  nb_outcome *cls = malloc(LIMIT * sizeof *cls);
  bool *wl = malloc(LIMIT * sizeof *wl), *wr = malloc(LIMIT * sizeof *wr);
  if (cls == NULL || wl == NULL || wr == NULL) exit(1);
  uint64_t rng = 2;
  int trial = 0;
  for (; trial < (quick ? 15 : 300); trial++) { /* random sets, sizes 1 to 10, amounts to 60 */
    set a, b;
    random_set(&rng, &a, 1, 10, 60);
    random_set(&rng, &b, 1, 10, 60);
    compare_with_dp(&a, &b, trial, cls, wl, wr);
  }
  for (uint64_t x = 1; x <= 60; x++) /* single-element sets, equal and not */
    for (uint64_t y = 1; y <= 60; y += quick ? 59 : 7) {
      set a = {{x}, 1}, b = {{y}, 1};
      compare_with_dp(&a, &b, trial++, cls, wl, wr);
    }
  for (int t = 0; t < (quick ? 5 : 40); t++) { /* equal sets */
    set a;
    random_set(&rng, &a, 1, 10, 60);
    compare_with_dp(&a, &a, trial++, cls, wl, wr);
  }
  set empty = {{0}, 0}, some = {{3, 5, 5, 9}, 4}, big = {{60, 59, 1000, 4000}, 4};
  compare_with_dp(&empty, &empty, trial++, cls, wl, wr);
  compare_with_dp(&empty, &some, trial++, cls, wl, wr);
  compare_with_dp(&some, &empty, trial++, cls, wl, wr);
  compare_with_dp(&big, &some, trial++, cls, wl, wr); /* amounts beyond many piles */
  compare_with_dp(&some, &big, trial++, cls, wl, wr);
  for (int t = 0; t < (quick ? 3 : 30);
       t++) { /* larger amounts, dense and sparse: all three DP tests run */
    set a, b;
    uint64_t max_amount = t % 2 ? 3000 : 150; /* 150: dense enough for the word test */
    random_set(&rng, &a, 1, MAX_SET, max_amount);
    random_set(&rng, &b, 1, t % 3 ? 3 : MAX_SET, max_amount);
    compare_with_dp(&a, &b, trial++, cls, wl, wr);
  }
  free(cls);
  free(wl);
  free(wr);
}

/* Dense sets, many amounts above 64 and many losing piles in the window: the engine's tiers
 * (far, mid, near) and both ways to build the far and mid words (by amounts, by losers) all
 * run, and the early stop when the words fill up. Only the DP is required to agree here on
 * piles below `limit` (these games may have periods beyond the engine's limits: in the quick run
 * the period search is cut short at 2^17 piles); when a period is found it is checked too. */
static void compare_dense(const set *a, const set *b, int trial, nb_outcome *cls, bool *wl,
                          bool *wr) {
  uint64_t limit = quick ? 20000 : LIMIT;
  direct_dp(a, b, cls, wl, wr, limit);
  nb_game *g = make_game(a, b);
  nb_solver *walked = make_solver(g), *periodic = make_solver(g);
  unsigned long bad = 0;
  for (uint64_t n = 0; n < limit; n++) {
    nb_outcome x;
    CHECK_OK(nb_psub_outcome(walked, n, &x, &err), &err);
    bad += x != cls[n];
  }
  CHECK(bad == 0, "dense trial %d: %lu piles disagree with the direct DP", trial, bad);
  if (quick)
    CHECK_OK(nb_psub_set_limits(periodic, (uint64_t)1 << 17, NB_PSUB_MAX_WORK, &err), &err);
  nb_psub_period pp;
  nb_error e = {0};
  nb_status st = nb_psub_period_of(periodic, &pp, &e);
  CHECK(st == NB_OK || (st == NB_EDATA && strstr(e.message, "period engine's") != NULL),
        "dense trial %d: %s", trial, e.message);
  if (st == NB_OK) check_period(cls, pp, trial, limit);
  nb_solver_free(walked);
  nb_solver_free(periodic);
  nb_game_free(g);
}

/* Every step-th amount from `from` while at most `to`, then `extra` (if not 0). */
static void progression(set *s, uint64_t from, uint64_t step, uint64_t to, uint64_t extra) {
  s->count = 0;
  for (uint64_t x = from; x <= to && s->count < MAX_SET - 1; x += step)
    s->amount[s->count++] = x;
  if (extra != 0) s->amount[s->count++] = extra;
}

static void test_dense_sets(void) {
  nb_outcome *cls = malloc(LIMIT * sizeof *cls);
  bool *wl = malloc(LIMIT * sizeof *wl), *wr = malloc(LIMIT * sizeof *wr);
  static set a, b; /* large: kept off the stack */
  if (cls == NULL || wl == NULL || wr == NULL) exit(1);
  int trial = 0;
  /* The shape of the slow Nim plus input, scaled down: Left's odd amounts and one large one,
   * Right's even amounts. */
  progression(&a, 1, 2, 1999, 9999);
  progression(&b, 2, 2, 2000, 0);
  compare_dense(&a, &b, trial++, cls, wl, wr);
  progression(&a, 1, 2, 2999, 0);
  progression(&b, 2, 2, 2998, 2999);
  compare_dense(&a, &b, trial++, cls, wl, wr);
  /* Intervals near the largest amount: every amount far, long preperiods. */
  progression(&a, 801, 1, 1000, 0);
  progression(&b, 800, 1, 999, 0);
  compare_dense(&a, &b, trial++, cls, wl, wr);
  progression(&a, 64, 1, 127, 0); /* exactly the far amounts of one block */
  progression(&b, 1, 1, 63, 0);   /* exactly the near ones */
  compare_dense(&a, &b, trial++, cls, wl, wr);
  compare_dense(&b, &a, trial++, cls, wl, wr);
  uint64_t rng = 9;
  for (int t = 0; t < (quick ? 3 : 12); t++) { /* random dense sets, near and far */
    random_set(&rng, &a, 200, MAX_SET, t % 2 ? 1500 : 5000);
    random_set(&rng, &b, 1, t % 3 ? 40 : MAX_SET, t % 2 ? 5000 : 1500);
    compare_dense(&a, &b, trial++, cls, wl, wr);
  }
  free(cls);
  free(wl);
  free(wr);
}

/* --- reference 3: the exhaustive search, and the winning moves ---------------------------------
 */

static void test_search_and_moves(void) {
  uint64_t rng = 3;
  for (int t = 0; t < 100; t++) {
    set a, b;
    random_set(&rng, &a, 1, 5, 20);
    random_set(&rng, &b, 1, 5, 20);
    nb_game *g = make_game(&a, &b);
    nb_solver *solver = make_solver(g);
    nb_search *s = NULL;
    CHECK_OK(nb_search_new(g, NULL, &s, &err), &err);
    /* The shortest play from pile n with `who` to move, from the rules: 0 without a move, else
     * 1 + the shortest from n - x with the other to move, over the mover's amounts x <= n. */
    uint64_t shortest[150][2];
    for (uint64_t n = 0; n < 150; n++)
      for (int who = 0; who < 2; who++) {
        const set *mine = who == NB_LEFT ? &a : &b;
        uint64_t best = UINT64_MAX;
        for (size_t i = 0; i < mine->count; i++)
          if (mine->amount[i] <= n && shortest[n - mine->amount[i]][1 - who] < best)
            best = shortest[n - mine->amount[i]][1 - who];
        shortest[n][who] = best == UINT64_MAX ? 0 : best + 1;
      }
    for (uint64_t n = 0; n < 150; n++) {
      nb_pos p = {.lo = n, .hi = 0};
      bool wins[2];
      nb_outcome o;
      uint64_t rem[2];
      CHECK_OK(nb_search_wins(s, p, NB_LEFT, &wins[0], &rem[0], &err), &err);
      CHECK_OK(nb_search_wins(s, p, NB_RIGHT, &wins[1], &rem[1], &err), &err);
      /* The family's lower bound on every play's length holds for the shortest plays. */
      uint64_t bound = g->family->min_length(g, p);
      uint64_t least = shortest[n][0] < shortest[n][1] ? shortest[n][0] : shortest[n][1];
      CHECK(bound <= least, "trial %d pile %llu: min_length %llu > %llu", t, (unsigned long long)n,
            (unsigned long long)bound, (unsigned long long)least);
      CHECK_OK(nb_psub_outcome(solver, n, &o, &err), &err);
      CHECK(o == class_of(wins[0], wins[1]), "trial %d pile %llu: search disagrees", t,
            (unsigned long long)n);
      for (int who = 0; who < 2; who++) {
        const set *mine = who == NB_LEFT ? &a : &b;
        nb_move_list moves;
        CHECK_OK(nb_winning_moves(solver, &p, 1, (nb_player)who, &moves, &err), &err);
        size_t count = moves.count;
        /* The DP's winning amounts: a <= n with the opponent losing, moving first, at n - a. */
        size_t want = 0;
        for (uint64_t amt = 1; amt <= n && amt <= 20; amt++) {
          bool in = false;
          for (size_t i = 0; i < mine->count; i++)
            in = in || mine->amount[i] == amt;
          nb_outcome after;
          CHECK_OK(nb_psub_outcome(solver, n - amt, &after, &err), &err);
          if (in && !nb_outcome_wins(after, (nb_player)(1 - who))) want++;
        }
        CHECK(count == want, "trial %d pile %llu: %zu winning moves, want %zu", t,
              (unsigned long long)n, count, want);
        CHECK((count > 0) == wins[who], "trial %d pile %llu: winning moves vs search", t,
              (unsigned long long)n);
        for (size_t i = 0; i < count; i++) {
          nb_outcome after;
          CHECK(moves.move[i].move.parts == 1, "trial %d: a pile move leaves one pile", t);
          CHECK_OK(nb_psub_outcome(solver, moves.part[moves.move[i].first].lo, &after, &err), &err);
          CHECK(!nb_outcome_wins(after, (nb_player)(1 - who)), "trial %d: move does not win", t);
        }
        nb_move_list_free(&moves);
      }
    }
    nb_search_free(s);
    nb_solver_free(solver);
    nb_game_free(g);
  }
}

/* --- the family contract ------------------------------------------------------------------------
 */

static void test_spec_and_moves(void) {
  nb_game *g = NULL;
  char buf[128];
  CHECK_OK(nb_game_open("psub:10,7,3,3/7,2,6", &g, &err), &err);
  nb_game_spec(g, buf, sizeof buf);
  CHECK(strcmp(buf, "psub:3,7,10/2,6,7") == 0, "spec %s", buf);
  nb_move moves[8];
  nb_pos parts[8];
  nb_pos p = {.lo = 7, .hi = 0};
  CHECK(g->family->move_bound(g, p) == 3, "move bound");
  nb_moves out = {.move = moves, .part = parts};
  CHECK_OK(g->family->moves(g, p, NB_LEFT, &out, &err), &err);
  CHECK(out.count == 2 && out.nparts == 2 && parts[0].lo == 4 && parts[1].lo == 0,
        "left moves at 7");
  g->family->describe(g, p, &moves[0], &parts[0], buf, sizeof buf);
  CHECK(strcmp(buf, "-3") == 0, "describe %s", buf);
  out = (nb_moves){.move = moves, .part = parts};
  CHECK_OK(g->family->moves(g, p, NB_RIGHT, &out, &err), &err);
  CHECK(out.count == 3 && parts[2].lo == 0, "right moves at 7");
  nb_game_free(g);

  CHECK_OK(nb_game_open("nimplus:/4", &g, &err), &err);
  nb_game_spec(g, buf, sizeof buf);
  CHECK(strcmp(buf, "psub:/4") == 0, "spec %s", buf);
  nb_game_free(g);
  CHECK_OK(nb_game_open("psub:4/", &g, &err), &err);
  nb_game_spec(g, buf, sizeof buf);
  CHECK(strcmp(buf, "psub:4/") == 0, "spec %s", buf);
  nb_game_free(g);

  const char *bad[] = {
      "psub",     "psub:",       "psub:1,2",       "psub:0/1",  "psub:1/2/3",
      "psub:a/1", "psub:1,,2/3", "psub:4194305/1", "psub:1/-2", "psub:99999999999999999999/1"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    nb_error e = {0};
    g = NULL;
    CHECK(nb_game_open(bad[i], &g, &e) == NB_EUSAGE && g == NULL, "'%s' accepted", bad[i]);
  }
  const char *tokens[] = {"12", "+", "3"};
  nb_pos comps[4];
  size_t count;
  CHECK_OK(nb_game_open("psub:1/2", &g, &err), &err);
  nb_error e = {0};
  CHECK_OK(nb_position_parse(g, tokens, 3, 1, comps, &count, 4, &err), &err);
  CHECK(count == 2 && comps[0].lo == 12 && comps[1].lo == 3, "a sum of piles");
  const char *huge[] = {"9223372036854775808"};
  CHECK(nb_position_parse(g, huge, 1, 1, comps, &count, 4, &e) == NB_EUSAGE, "2^63 accepted");
  const char *max[] = {"9223372036854775807"};
  CHECK_OK(nb_position_parse(g, max, 1, 1, comps, &count, 4, &err), &err);
  nb_game_free(g);

  /* A pile whose every play is longer than the search's positions limit is refused at once. */
  CHECK_OK(nb_game_open("psub:1/1", &g, &err), &err);
  nb_search *search;
  bool wins;
  CHECK_OK(nb_search_new(g, NULL, &search, &err), &err);
  CHECK(nb_search_wins(search, (nb_pos){4194304, 0}, NB_LEFT, &wins, NULL, &e) == NB_EDATA &&
            strstr(e.message, "more than 4194304 positions") != NULL,
        "refused up front: %s", e.message);
  nb_search_free(search);
  nb_game_free(g);

  uint64_t too_big = NB_PSUB_MAX_AMOUNT + 1, one = 1;
  CHECK(nb_psub_new(&too_big, 1, &one, 1, &g, &e) == NB_EUSAGE, "amount beyond the limit");
  CHECK_OK(nb_game_open("twothree", &g, &err), &err);
  nb_solver *s = make_solver(g);
  nb_outcome o;
  CHECK(nb_psub_outcome(s, 1, &o, &e) == NB_EUSAGE, "not a psub game");
  nb_solver_free(s);
  nb_game_free(g);
}

/* --- the contest front end ----------------------------------------------------------------------
 */

static nb_status solve(const char *input, char *output, size_t cap, nb_error *e) {
  nb_reader *r = NULL;
  FILE *out = tmpfile();
  if (out == NULL) exit(1);
  nb_status st = nb_reader_open_mem("in", input, strlen(input), &r, e);
  if (st == NB_OK) st = nb_solve_nimplus(r, out, e);
  nb_reader_close(r);
  rewind(out);
  size_t n = fread(output, 1, cap - 1, out);
  output[n] = '\0';
  fclose(out);
  return st;
}

static void test_contest(void) {
  static const struct {
    const char *input, *output;
  } cases[] = {
      {"5 1\n6\n7\n", "Mao Mao nb!\n"},
      {"20 3\n3 7 10\n2 6 7\n", "Long Long nb!\n"},
      {"1 1\n1\n1\n", "Long Long nb!\n"},
      {"2 1\n1\n1\n", "Mao Mao nb!\n"},
      /* The seed write-up says "Mao Mao nb!" here, wrongly: with A = B = {1, 10}, Long Long
       * removes 10 and leaves 0, where Mao Mao cannot move. */
      {"10 2\n1 10\n1 10\n", "Long Long nb!\n"},
      {"3 2\n5 6\n1 2\n", "Mao Mao nb!\n"},
      {"20 3\n10 7 3\n7 6 2 \n", "Long Long nb!\n"},
      {"1000000000000000000 2\n1 1\n2 2\n", "Long Long nb!\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char got[64];
    nb_error e = {0};
    nb_status st = solve(cases[i].input, got, sizeof got, &e);
    CHECK(st == NB_OK && strcmp(got, cases[i].output) == 0, "case %zu: got '%s' (%s)", i, got,
          e.message);
  }
  static const struct {
    const char *input, *message;
  } errors[] = {
      {"", "in:1:1: expected the number of balls n, from 1 to 1000000000000000000, found end of "
           "input"},
      {"0 1\n1\n1\n", "in:1:1: expected the number of balls n, from 1 to 1000000000000000000, "
                      "found '0'"},
      {"5 100001\n", "in:1:3: expected the number of amounts m, from 1 to 100000, found '100001'"},
      {"5 2\n1 2\n3\n", "in:4:1: expected an amount of Mao Mao's, from 1 to 1000000, found end "
                        "of input (Mao Mao's 2 amounts are incomplete)"},
      {"5 2\n1 1000001\n3 4\n", "in:2:3: expected an amount of Long Long's, from 1 to 1000000, "
                                "found '1000001'"},
      {"5 1\n1\n1\n1\n", "in:4:1: expected end of input, found '1'"},
  };
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
    char got[64];
    nb_error e = {0};
    nb_status st = solve(errors[i].input, got, sizeof got, &e);
    CHECK(st == NB_EDATA && got[0] == '\0' && strcmp(e.message, errors[i].message) == 0,
          "error case %zu: status %d, message '%s'", i, (int)st, e.message);
  }
}

/* --- the engine's limits ------------------------------------------------------------------------
 */

/* The slow Nim plus input of issue 11, m = 10^5: Long Long's odd amounts up to 2*10^5 (the first
 * 99,999) and 999999, Mao Mao's even amounts up to 2*10^5. */
static void slow_nimplus_sets(uint64_t *left, uint64_t *right) {
  for (uint64_t i = 0; i < 99999; i++)
    left[i] = 2 * i + 1;
  left[99999] = 999999;
  for (uint64_t i = 0; i < 100000; i++)
    right[i] = 2 * i + 2;
}

/* Both refusals, reached in milliseconds through the test hook: the piles cap on a game with a
 * long preperiod (about 5 * 10^7), the work cap on the slow Nim plus sets. Each refusal names
 * the game, the piles explored and the limit; piles below the cap are still answered, and
 * exactly (the direct DP agrees); a refused pile stays refused. */
static void test_limits(void) {
  static set a = {{4999, 5000}, 2}, b = {{4998, 5000}, 2};
  nb_outcome *cls = malloc(LIMIT * sizeof *cls), o;
  bool *wl = malloc(LIMIT * sizeof *wl), *wr = malloc(LIMIT * sizeof *wr);
  if (cls == NULL || wl == NULL || wr == NULL) exit(1);
  direct_dp(&a, &b, cls, wl, wr, LIMIT);
  nb_game *g = make_game(&a, &b);
  nb_solver *s = make_solver(g);
  CHECK_OK(nb_psub_set_limits(s, 6144, UINT64_MAX, &err), &err);
  unsigned long bad = 0;
  for (uint64_t n = 0; n < 6144; n++) {
    CHECK_OK(nb_psub_outcome(s, n, &o, &err), &err);
    bad += o != cls[n];
  }
  CHECK(bad == 0, "%lu piles below the cap disagree with the direct DP", bad);
  free(cls);
  free(wl);
  free(wr);
  nb_error e = {0};
  CHECK(nb_psub_outcome(s, 6144, &o, &e) == NB_EDATA &&
            strcmp(e.message, "game 'psub:4999,5000/4998,5000': no period among piles 0 to 6143 "
                              "(the period engine's limit), so pile 6144 cannot be evaluated") == 0,
        "%s", e.message);
  nb_psub_period pp;
  CHECK(nb_psub_period_of(s, &pp, &e) == NB_EDATA &&
            strcmp(e.message, "game 'psub:4999,5000/4998,5000': no period among piles 0 to 6143 "
                              "(the period engine's limit)") == 0,
        "%s", e.message);
  nb_solver_free(s);
  nb_game_free(g);

  static uint64_t left[100000], right[100000];
  slow_nimplus_sets(left, right);
  CHECK_OK(nb_psub_new(left, 100000, right, 100000, &g, &err), &err);
  s = make_solver(g);
  CHECK_OK(nb_psub_set_limits(s, NB_PSUB_MAX_EXPLORE, (uint64_t)1 << 22, &err), &err);
  CHECK(nb_psub_outcome(s, 1000000000000000000ull, &o, &e) == NB_EDATA, "not refused");
  unsigned long long last = 0, per_pile = 0;
  int used = 0;
  CHECK(sscanf(e.message,
               "game 'psub:1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31,33,35,37,39,41,4...' "
               "(1288899 bytes in all): no period among piles 0 to %llu (the period engine's "
               "work limit: 4194304 word operations, about %llu a pile here), so pile "
               "1000000000000000000 cannot be evaluated%n",
               &last, &per_pile, &used) == 2 &&
            e.message[used] == '\0',
        "%s", e.message);
  /* The engine stops before a span (512 piles) once the limit is spent, and a span costs at
   * most 8 words per far amount of each side, and per block of the span the 448 mid amounts
   * at most and 8 words counting losers: 2 * 8 * 10^5 + 2 * 8 * (448 + 8). */
  uint64_t spent_low = (last + 1) * per_pile, spent_high = (last + 1) * (per_pile + 1);
  CHECK(last % 512 == 511 && spent_high > ((uint64_t)1 << 22) &&
            spent_low < ((uint64_t)1 << 22) + 2 * 8 * 100000 + 2 * 8 * (448 + 8),
        "%llu piles, %llu a pile", last + 1, per_pile);
  CHECK_OK(nb_psub_outcome(s, last, &o, &err), &err); /* known: answered */
  CHECK(nb_psub_outcome(s, last + 1, &o, &e) == NB_EDATA, "pile after the last one answered");
  nb_solver_free(s);
  nb_game_free(g);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  test_recursive_definition();
  test_periodic_equals_dp();
  test_dense_sets();
  test_search_and_moves();
  test_spec_and_moves();
  test_contest();
  test_limits();
  return check_done();
}
