/*
 * test_search.c: the exhaustive searches on toy families whose answers are known in closed form,
 * written here from their rules: Grundy values, wins, remoteness, cycle detection and the limits.
 * Also the generic sum machinery in values.c, and the sum search on a game far deeper than any
 * recursion could go, run on a thread with a 256 KiB stack.
 */
#include "check.h"
#include "nimber.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Toy impartial family: subtract 1 or 2 from a pile. g(n) = n mod 3; remoteness: n mod 3 == 0
 * loses and the game lasts... computed below by the rule's definition. A "cycle" flag makes the
 * pile 0 move back to 1 (a cycle), to test detection. */
typedef struct toy {
  nb_game base;
  bool cycle;
  bool partizan_split; /* partizan variant: Left subtracts 1, Right subtracts 2 */
} toy;

static nb_status toy_create(const char *params, nb_game **out, nb_error *err) {
  (void)params;
  toy *t = nb_alloc(1, sizeof *t, err);
  if (t == NULL) return NB_EINTERNAL;
  *out = &t->base;
  return NB_OK;
}
static void toy_destroy(nb_game *g) {
  free(g);
}
static int toy_spec(const nb_game *g, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "toy");
}
static nb_status toy_parse(const nb_game *g, const char *const *tokens, size_t count,
                           size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    uint64_t v;
    if (!nb_parse_u64(tokens[i], &v))
      return nb_fail(err, NB_EUSAGE, "argument %zu: bad pile", first_arg + i);
    if (*n < cap) out[(*n)++] = (nb_pos){v, 0};
  }
  return NB_OK;
}
static int toy_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "%llu", (unsigned long long)p.lo);
}
static size_t toy_bound(const nb_game *g, nb_pos p) {
  (void)g;
  (void)p;
  return 2;
}
static nb_status toy_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                           nb_error *err) {
  (void)err;
  const toy *t = (const toy *)g;
  if (t->cycle && p.lo == 0) {
    nb_moves_add1(out, 0, (nb_pos){1, 0});
    return NB_OK;
  }
  for (uint64_t k = 1; k <= 2; k++) {
    if (t->partizan_split && k != (who == NB_LEFT ? 1u : 2u)) continue;
    if (p.lo >= k) nb_moves_add1(out, (uint32_t)k, (nb_pos){p.lo - k, 0});
  }
  return NB_OK;
}
static int toy_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                        char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "-%u", m->tag);
}

/* What the test families share: one-part moves on positions written as numbers. */
#define TOY_FAMILY_COMMON                                                                          \
  .create = toy_create, .destroy = toy_destroy, .spec = toy_spec, .parse = toy_parse,              \
  .format = toy_format, .joiner = " ", .max_parts = 1, .describe = toy_describe

static const nb_family toy_family = {
    TOY_FAMILY_COMMON,        .name = "toy",           .synopsis = "toy",
    .position_help = "piles", .move_bound = toy_bound, .moves = toy_moves,
};

static toy make_toy(bool cycle, bool partizan) {
  toy t = {.base = {&toy_family, NULL}, .cycle = cycle, .partizan_split = partizan};
  return t;
}

static void test_impartial(void) {
  toy t = make_toy(false, false);
  nb_search *s;
  nb_error err;
  CHECK_OK(nb_search_new(&t.base, NULL, &s, &err), &err);
  for (uint64_t n = 0; n < 3000; n++) {
    uint64_t g, rem;
    bool wins;
    CHECK_OK(nb_search_grundy(s, (nb_pos){n, 0}, &g, &err), &err);
    CHECK(g == n % 3, "g(%llu)=%llu", (unsigned long long)n, (unsigned long long)g);
    CHECK_OK(nb_search_wins(s, (nb_pos){n, 0}, NB_LEFT, &wins, &rem, &err), &err);
    CHECK(wins == (n % 3 != 0), "wins(%llu)", (unsigned long long)n);
    /* Winner takes n mod 3 then answers 3 - k: each round of 3 is 2 moves. The loser delays
     * by taking 1: then the winner takes 2. Remoteness = 2*(n/3) + (n%3 ? 1 : 0). */
    uint64_t want = 2 * (n / 3) + (n % 3 ? 1 : 0);
    CHECK(rem == want, "rem(%llu)=%llu want %llu", (unsigned long long)n, (unsigned long long)rem,
          (unsigned long long)want);
  }
  /* A deep position: the explicit stack copes where recursion might not. */
  uint64_t g;
  CHECK_OK(nb_search_grundy(s, (nb_pos){1000000, 0}, &g, &err), &err);
  CHECK(g == 1000000 % 3, "deep");
  nb_search_free(s);

  nb_limits small = nb_limits_default();
  small.positions = 100;
  CHECK_OK(nb_search_new(&t.base, &small, &s, &err), &err);
  CHECK(nb_search_grundy(s, (nb_pos){500, 0}, &g, &err) == NB_EDATA, "limit not enforced");
  CHECK(strstr(err.message, "too large for exhaustive search") != NULL, "%s", err.message);
  /* After a refusal the search is still usable. */
  CHECK_OK(nb_search_grundy(s, (nb_pos){50, 0}, &g, &err), &err);
  CHECK(g == 50 % 3, "after refusal");
  nb_search_free(s);
}

static void test_cycle_and_partizan(void) {
  toy t = make_toy(true, false);
  nb_search *s;
  nb_error err;
  uint64_t g;
  CHECK_OK(nb_search_new(&t.base, NULL, &s, &err), &err);
  CHECK(nb_search_grundy(s, (nb_pos){5, 0}, &g, &err) == NB_EINTERNAL, "cycle not detected");
  CHECK(strstr(err.message, "cycle") != NULL, "%s", err.message);
  nb_search_free(s);

  /* Partizan: Left takes 1, Right takes 2. With Left to move at n: Left always has a move iff
   * n >= 1. Check against a direct table computed from the rules. */
  toy p = make_toy(false, true);
  nb_family fam = toy_family;
  fam.partizan = true;
  p.base.family = &fam;
  CHECK_OK(nb_search_new(&p.base, NULL, &s, &err), &err);
  nb_solver *solver;
  CHECK_OK(nb_solver_new(&p.base, NULL, &solver, &err), &err);
  enum { N = 400 };
  bool lw[N], rw[N];
  for (int n = 0; n < N; n++) {
    lw[n] = n >= 1 && !rw[n - 1];
    rw[n] = n >= 2 && !lw[n - 2];
  }
  for (int n = 0; n < N; n++) {
    bool l, r;
    CHECK_OK(nb_search_wins(s, (nb_pos){(uint64_t)n, 0}, NB_LEFT, &l, NULL, &err), &err);
    CHECK_OK(nb_search_wins(s, (nb_pos){(uint64_t)n, 0}, NB_RIGHT, &r, NULL, &err), &err);
    CHECK(l == lw[n] && r == rw[n], "n=%d", n);
    nb_value v;
    nb_pos one = {(uint64_t)n, 0};
    CHECK_OK(nb_value_of(solver, &one, 1, &v, &err), &err);
    CHECK(v.kind == NB_VALUE_CANONICAL && nb_value_wins(&v, NB_LEFT) == lw[n] &&
              nb_value_wins(&v, NB_RIGHT) == rw[n],
          "value of %d", n);
  }
  CHECK(nb_search_grundy(s, (nb_pos){3, 0}, &g, &err) == NB_EUSAGE, "grundy of partizan");
  nb_search_free(s);
  nb_solver_free(solver);
}

/* Winning moves of sums: each reported move leads to XOR 0, each other move does not. */
static void test_sums(void) {
  toy t = make_toy(false, false);
  nb_solver *s;
  nb_error err;
  CHECK_OK(nb_solver_new(&t.base, NULL, &s, &err), &err);
  uint64_t rng = 11;
  for (int trial = 0; trial < 500; trial++) {
    nb_pos comps[4];
    size_t n = (size_t)check_range(&rng, 1, 4);
    for (size_t i = 0; i < n; i++)
      comps[i] = (nb_pos){check_range(&rng, 0, 30), 0};
    nb_move_list all, win;
    CHECK_OK(nb_sum_moves(s, comps, n, NB_LEFT, &all, &err), &err);
    CHECK_OK(nb_winning_moves(s, comps, n, NB_LEFT, &win, &err), &err);
    size_t k = 0;
    for (size_t i = 0; i < all.count; i++) {
      nb_pos after[4];
      CHECK(nb_sum_after(comps, n, &all, i, after) == n, "a toy move leaves one pile");
      uint64_t x = 0;
      for (size_t j = 0; j < n; j++)
        x ^= after[j].lo % 3;
      bool reported = k < win.count && win.move[k].component == all.move[i].component &&
                      win.move[k].move.tag == all.move[i].move.tag;
      if (reported) k++;
      CHECK(reported == (x == 0), "trial %d move %zu", trial, i);
    }
    CHECK(k == win.count, "reported moves not all legal");
    nb_move_list_free(&all);
    nb_move_list_free(&win);
  }
  nb_solver_free(s);
}

/* Plain recursion over a sum of at most 3 toy piles of at most 7, from the rules, memoised in a
 * flat array indexed by the piles: (wins, remoteness). */
static void plain_sum(const uint64_t *piles, size_t n, bool *wins, uint64_t *rem) {
  static signed char memo_wins[4][512];
  static uint64_t memo_rem[4][512];
  size_t code = 0;
  for (size_t i = 0; i < n; i++)
    code = code * 8 + piles[i];
  if (memo_wins[n][code]) {
    *wins = memo_wins[n][code] > 0;
    *rem = memo_rem[n][code];
    return;
  }
  uint64_t best_win = UINT64_MAX, longest = 0;
  bool any = false;
  for (size_t i = 0; i < n; i++)
    for (uint64_t k = 1; k <= 2 && k <= piles[i]; k++) {
      uint64_t next[4];
      memcpy(next, piles, n * sizeof *next);
      next[i] -= k;
      bool w;
      uint64_t r;
      plain_sum(next, n, &w, &r);
      any = true;
      if (!w && r < best_win) best_win = r;
      if (r > longest) longest = r;
    }
  *wins = best_win != UINT64_MAX;
  *rem = !any ? 0 : 1 + (*wins ? best_win : longest);
  memo_wins[n][code] = *wins ? 1 : -1;
  memo_rem[n][code] = *rem;
}

static void test_sum_search(void) {
  toy t = make_toy(false, false);
  nb_sum_search *s;
  nb_error err;
  CHECK_OK(nb_sum_search_new(&t.base, NULL, NULL, &s, &err), &err);
  uint64_t rng = 17;
  for (int trial = 0; trial < 300; trial++) {
    size_t n = (size_t)check_range(&rng, 1, 3);
    uint64_t piles[4];
    nb_pos comps[4];
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
      piles[i] = check_range(&rng, 0, 7);
      comps[i] = (nb_pos){piles[i], 0};
      x ^= piles[i] % 3;
    }
    bool wins, want_wins;
    uint64_t rem, want_rem;
    plain_sum(piles, n, &want_wins, &want_rem);
    CHECK_OK(nb_sum_search_wins(s, comps, n, NB_LEFT, &wins, &rem, &err), &err);
    CHECK(wins == want_wins && rem == want_rem && wins == (x != 0),
          "trial %d: wins %d/%d rem %llu/%llu", trial, wins, want_wins, (unsigned long long)rem,
          (unsigned long long)want_rem);
  }
  bool w;
  uint64_t r = 99;
  CHECK_OK(nb_sum_search_wins(s, NULL, 0, NB_LEFT, &w, &r, &err), &err);
  CHECK(!w && r == 0, "the empty sum is lost at once");
  nb_sum_search_free(s);
  /* Asked first, before any array of the search exists (found by fuzz/fuzz_position.c: a NULL
   * array was passed to qsort and memcpy, which UBSan reports). */
  CHECK_OK(nb_sum_search_new(&t.base, NULL, NULL, &s, &err), &err);
  CHECK_OK(nb_sum_search_wins(s, NULL, 0, NB_RIGHT, &w, &r, &err), &err);
  CHECK(!w && r == 0, "the empty sum, asked first, is lost at once");
  nb_sum_search_free(s);
}

/* The limits: too many sums, or too many moves held at once, is NB_EDATA naming the limit. A
 * refusal keeps what was solved before it (and answers it), and leaves the search usable. */
static void test_sum_search_limits(void) {
  toy t = make_toy(false, false);
  nb_sum_search *s;
  nb_error err;
  bool w;
  uint64_t r;
  nb_limits few_sums = nb_limits_default();
  few_sums.sums = 10;
  CHECK_OK(nb_sum_search_new(&t.base, &few_sums, NULL, &s, &err), &err);
  nb_pos small[2] = {{1, 0}, {1, 0}}; /* 1 + 1, 0 + 1 and 0 + 0: three sums */
  CHECK_OK(nb_sum_search_wins(s, small, 2, NB_LEFT, &w, &r, &err), &err);
  CHECK(!w && r == 2, "1 + 1: %d %llu", w, (unsigned long long)r);
  nb_pos big[2] = {{40, 0}, {40, 0}};
  CHECK(nb_sum_search_wins(s, big, 2, NB_LEFT, &w, NULL, &err) == NB_EDATA, "sums limit");
  CHECK(strstr(err.message, "more than 10 sums") != NULL, "%s", err.message);
  w = true;
  r = 0;
  CHECK_OK(nb_sum_search_wins(s, small, 2, NB_LEFT, &w, &r, &err), &err);
  CHECK(!w && r == 2, "1 + 1 after a refusal: %d %llu", w, (unsigned long long)r);
  CHECK(nb_sum_search_wins(s, big, 2, NB_LEFT, &w, NULL, &err) == NB_EDATA, "refused again");
  nb_sum_search_free(s);

  nb_limits few_moves = nb_limits_default();
  few_moves.held_moves = 50; /* the toy holds 2 moves a level: about 25 levels */
  CHECK_OK(nb_sum_search_new(&t.base, &few_moves, NULL, &s, &err), &err);
  nb_pos deep[2] = {{100, 0}, {100, 0}};
  CHECK(nb_sum_search_wins(s, deep, 2, NB_LEFT, &w, NULL, &err) == NB_EDATA, "held limit");
  CHECK(strstr(err.message, "more than 50 moves held at once") != NULL, "%s", err.message);
  CHECK_OK(nb_sum_search_wins(s, small, 2, NB_LEFT, &w, &r, &err), &err);
  CHECK(!w && r == 2, "after the held-moves refusal");
  nb_sum_search_free(s);
}

/* Toy "star" family for the work limit: *n moves to *k for every k < n, except that the move to
 * *0 leaves no part (the component is gone). Few positions, many moves: *n has n + 1 positions
 * below it and n(n + 1) / 2 moves among them, while the search holds at most 2n moves at once. */
static size_t star_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return (size_t)p.lo;
}
static nb_status star_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                            nb_error *err) {
  (void)err;
  (void)g;
  (void)who;
  for (uint64_t k = 0; k < p.lo; k++)
    if (k == 0)
      nb_moves_add(out, 0, NULL, 0);
    else
      nb_moves_add1(out, (uint32_t)k, (nb_pos){k, 0});
  return NB_OK;
}
static const nb_family star_family = {
    TOY_FAMILY_COMMON,          .name = "star",           .synopsis = "star",
    .position_help = "nimbers", .move_bound = star_bound, .moves = star_moves,
};

/* A family that breaks the contract: heap 1 has one move, to nothing on one call and to a heap
 * of 0 on the next (heap 0 has none). Its value is *1 either way. */
static unsigned fickle_calls; /* calls of fickle_moves on heap 1 */
static size_t fickle_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return p.lo > 0;
}
static nb_status fickle_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                              nb_error *err) {
  (void)err;
  (void)g;
  (void)who;
  if (p.lo == 0) return NB_OK;
  if (fickle_calls++ % 2 == 0)
    nb_moves_add(out, 1, NULL, 0);
  else
    nb_moves_add1(out, 1, (nb_pos){0, 0});
  return NB_OK;
}
static const nb_family fickle_family = {
    TOY_FAMILY_COMMON,        .name = "fickle",           .synopsis = "fickle",
    .position_help = "heaps", .move_bound = fickle_bound, .moves = fickle_moves,
};

/* The winning moves are listed in two passes over each component's moves (flagged, then copied
 * into a list of exactly their size): moves that change between the passes, fewer parts or
 * more, are refused with NB_EINTERNAL, never copied past the list's room or given unjudged
 * (under ASan, the copy would overflow the parts array on one of the two parities). */
static void test_moves_changed(void) {
  nb_game fickle = {&fickle_family, NULL};
  nb_error err;
  nb_solver *s;
  CHECK_OK(nb_solver_new(&fickle, NULL, &s, &err), &err);
  nb_pos one = {1, 0};
  for (int k = 0; k < 4; k++) { /* each parity of the calls between and within the passes */
    nb_move_list l;
    fickle_calls = (unsigned)k;
    nb_status st = nb_winning_moves(s, &one, 1, NB_LEFT, &l, &err);
    CHECK(st == NB_EINTERNAL, "call %d: status %d", k, (int)st);
    CHECK(st != NB_EINTERNAL || strstr(err.message, "moves changed between two calls") != NULL,
          "%s", err.message);
    CHECK(st == NB_OK || l.count == 0, "a refused list is empty: %zu moves", l.count);
    nb_move_list_free(&l);
  }
  nb_solver_free(s);
}

/* The moves a sum search examines on the star sum *a + *b (1 <= a <= b), counted here from the
 * rules: each two-component sum {x, y} reachable loads the moves of x, and of y unless y = x
 * (equal components lead to the same sums); each one-component sum goes to the component search,
 * which solves *1 .. *b once, k moves each (the move to *0 leaves one component, then none). */
static uint64_t star_sum_work(unsigned a, unsigned b) {
  static bool seen[64][64];
  memset(seen, 0, sizeof seen);
  uint64_t work = (uint64_t)b * (b + 1) / 2;
  for (unsigned i = 1; i <= a; i++)
    for (unsigned j = 1; j <= b; j++) {
      unsigned x = i < j ? i : j, y = i < j ? j : i;
      if (seen[x][y]) continue;
      seen[x][y] = true;
      work += x == y ? x : x + y;
    }
  return work;
}

/* The work limit: a call examines at most limits.moves_examined moves, exactly (the count that
 * passes passes, one fewer is refused, naming the limit), the sum search's own moves and those of
 * the component searches it asks together, whatever the other limits allow. */
static void test_work_limit(void) {
  nb_game star = {&star_family, NULL};
  nb_error err;
  uint64_t g;
  for (uint64_t n = 2; n <= 300; n += 37) {
    uint64_t work = n * (n + 1) / 2; /* *k for k = 1..n: k moves each */
    nb_limits limits = nb_limits_default();
    limits.positions = n + 1;         /* the positions fit ... */
    limits.held_moves = 2 * n;        /* ... and the moves held */
    limits.moves_examined = work - 1; /* not the work */
    nb_search *s;
    CHECK_OK(nb_search_new(&star, &limits, &s, &err), &err);
    CHECK(nb_search_grundy(s, (nb_pos){n, 0}, &g, &err) == NB_EDATA, "*%llu: work limit",
          (unsigned long long)n);
    char want[96];
    snprintf(want, sizeof want, "more than %llu moves examined", (unsigned long long)(work - 1));
    CHECK(strstr(err.message, want) != NULL, "*%llu: %s", (unsigned long long)n, err.message);
    nb_search_free(s);
    limits.moves_examined = work;
    CHECK_OK(nb_search_new(&star, &limits, &s, &err), &err);
    CHECK_OK(nb_search_grundy(s, (nb_pos){n, 0}, &g, &err), &err);
    CHECK(g == n, "*%llu: grundy %llu", (unsigned long long)n, (unsigned long long)g);
    /* The limit is a call's: the next one has its own (*n + 1: n + 1 moves, the rest known). */
    CHECK_OK(nb_search_grundy(s, (nb_pos){n + 1, 0}, &g, &err), &err);
    CHECK(g == n + 1, "*%llu after", (unsigned long long)n + 1);
    nb_search_free(s);
  }
  static const unsigned pairs[][2] = {{1, 1}, {1, 9}, {3, 3}, {5, 12}, {20, 40}, {33, 33}};
  for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
    unsigned a = pairs[k][0], b = pairs[k][1];
    uint64_t work = star_sum_work(a, b), rem;
    nb_pos sum[2] = {{a, 0}, {b, 0}};
    bool w;
    nb_limits limits = nb_limits_default();
    for (int pass = 0; pass < 2; pass++) {
      limits.moves_examined = work - 1 + (uint64_t)pass;
      nb_sum_search *s;
      CHECK_OK(nb_sum_search_new(&star, &limits, NULL, &s, &err), &err);
      nb_status st = nb_sum_search_wins(s, sum, 2, NB_LEFT, &w, &rem, &err);
      if (pass == 0) {
        CHECK(st == NB_EDATA && strstr(err.message, "moves examined") != NULL,
              "*%u + *%u within %llu: %s", a, b, (unsigned long long)(work - 1),
              st == NB_OK ? "answered" : err.message);
      } else {
        CHECK(st == NB_OK, "*%u + *%u within %llu: %s", a, b, (unsigned long long)work,
              err.message);
        CHECK(w == (a != b), "*%u + *%u: the first player wins iff a != b", a, b);
      }
      nb_sum_search_free(s);
    }
  }
}

/* What a search told its progress callback (nb_limits.progress). */
typedef struct progress_log {
  unsigned reports;  /* calls with finished unset */
  unsigned finished; /* calls with finished set */
  uint64_t last;     /* done, as last reported */
  uint64_t limit;    /* limit, as last reported */
  bool ordered;      /* reports came in increasing order, all before finished */
  char unit[16];     /* the unit of the last call */
} progress_log;

static void record_progress(void *ctx, const char *unit, uint64_t done, uint64_t limit,
                            bool finished) {
  progress_log *log = ctx;
  if (!finished && (done <= log->last || log->finished > 0)) log->ordered = false;
  if (finished)
    log->finished++;
  else
    log->reports++;
  log->last = done;
  log->limit = limit;
  snprintf(log->unit, sizeof log->unit, "%s", unit);
}

/* Progress: every NB_PROGRESS_EVERY entries memoised, then once "finished" when the call that
 * reported returns, success or refusal; a call that memoises fewer reports nothing. */
static void test_progress_reports(void) {
  toy t = make_toy(false, false);
  nb_error err;
  progress_log log = {.ordered = true};
  nb_limits limits = nb_limits_default();
  limits.progress = record_progress;
  limits.progress_ctx = &log;
  nb_search *s;
  uint64_t g;
  CHECK_OK(nb_search_new(&t.base, &limits, &s, &err), &err);
  CHECK_OK(nb_search_grundy(s, (nb_pos){140000, 0}, &g, &err), &err); /* 140,001 positions */
  CHECK(log.reports == 2 && log.finished == 1 && log.ordered, "%u reports, %u finished",
        log.reports, log.finished);
  CHECK(log.last == 140001 && log.limit == limits.positions && strcmp(log.unit, "positions") == 0,
        "finished at %llu of %llu %s", (unsigned long long)log.last, (unsigned long long)log.limit,
        log.unit);
  CHECK_OK(nb_search_grundy(s, (nb_pos){1000, 0}, &g, &err), &err); /* memoised: no work */
  CHECK(log.reports == 2 && log.finished == 1, "a call without work reported");
  nb_search_free(s);

  log = (progress_log){.ordered = true};
  limits.positions = 70000; /* refused after one report: still told it is over */
  CHECK_OK(nb_search_new(&t.base, &limits, &s, &err), &err);
  CHECK(nb_search_grundy(s, (nb_pos){140000, 0}, &g, &err) == NB_EDATA, "limit");
  CHECK(log.reports == 1 && log.finished == 1 && log.ordered, "refusal: %u reports, %u finished",
        log.reports, log.finished);
  nb_search_free(s);

  log = (progress_log){.ordered = true};
  limits = nb_limits_default();
  limits.progress = record_progress;
  limits.progress_ctx = &log;
  nb_sum_search *sums;
  bool w;
  CHECK_OK(nb_sum_search_new(&t.base, &limits, NULL, &sums, &err), &err);
  nb_pos pair[2] = {{370, 0}, {370, 0}}; /* the pairs a <= b <= 370: 69,006 sums */
  CHECK_OK(nb_sum_search_wins(sums, pair, 2, NB_LEFT, &w, NULL, &err), &err);
  CHECK(log.reports == 1 && log.finished == 1 && log.ordered && strcmp(log.unit, "sums") == 0,
        "sums: %u reports, %u finished, %s", log.reports, log.finished, log.unit);
  CHECK(log.last == 69006 && log.limit == limits.sums, "sums: %llu of %llu",
        (unsigned long long)log.last, (unsigned long long)log.limit);
  nb_sum_search_free(sums);
}

/* A game DEEP moves long (a pile of DEEP beside an empty one), solved by the sum search on a
 * thread whose whole stack is 256 KiB: the recursive search this replaced crashed on 1.5 MB. */
enum { DEEP = 200000 };

typedef struct deep_job {
  nb_status st;        /* the search's status */
  bool wins;           /* who wins, moving first */
  uint64_t remoteness; /* how long the game lasts */
  nb_error err;        /* the search's error */
} deep_job;

static void *deep_search(void *arg) {
  deep_job *job = arg;
  toy t = make_toy(false, false);
  nb_sum_search *s;
  job->st = nb_sum_search_new(&t.base, NULL, NULL, &s, &job->err);
  if (job->st != NB_OK) return NULL;
  nb_pos comps[2] = {{DEEP, 0}, {0, 0}};
  job->st = nb_sum_search_wins(s, comps, 2, NB_LEFT, &job->wins, &job->remoteness, &job->err);
  nb_sum_search_free(s);
  return NULL;
}

static void test_deep_sum_small_stack(void) {
  pthread_attr_t attr;
  pthread_t thread;
  deep_job job = {0};
  CHECK(pthread_attr_init(&attr) == 0, "attr");
  CHECK(pthread_attr_setstacksize(&attr, 256 * 1024) == 0, "stack size");
  CHECK(pthread_create(&thread, &attr, deep_search, &job) == 0, "thread");
  CHECK(pthread_join(thread, NULL) == 0, "join");
  pthread_attr_destroy(&attr);
  uint64_t want = 2 * (DEEP / 3) + (DEEP % 3 ? 1 : 0);
  CHECK(job.st == NB_OK, "deep: %s", job.err.message);
  CHECK(job.wins == (DEEP % 3 != 0) && job.remoteness == want, "deep: %d %llu, want %llu", job.wins,
        (unsigned long long)job.remoteness, (unsigned long long)want);
}

int main(void) {
  test_sum_search();
  test_sum_search_limits();
  test_work_limit();
  test_deep_sum_small_stack();
  test_impartial();
  test_cycle_and_partizan();
  test_sums();
  test_progress_reports();
  test_moves_changed();
  return check_done();
}
