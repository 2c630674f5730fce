/*
 * test_heapfam.c: the heap families (nim, sub:S, oct:CODE, hex:CODE, grundy) as the core sees
 * them, against references written from the rules.
 *
 *   - the families' moves are exactly the options of the generator (heap.h), in its order, and
 *     their notation names each move of a heap once;
 *   - every heap's value through the solver (the family's grundy hook: the sequence engine)
 *     equals the exhaustive search over the family's moves (nb_search, which knows nothing of
 *     heaps), on every heap up to a few hundred, for many random codes and sets;
 *   - the value of random sums is the XOR of the searched values, and who wins a small sum agrees
 *     with the sum search over whole sums (Sprague-Grundy through an independent path);
 *   - winning moves, move by move (tests/oracle.h);
 *   - every period the period hook reports is re-checked by a plain mex over the generator, well
 *     past its proof's window, with its minimality; the published ones (Kayles, Dawson's chess,
 *     0.07, sub:2,3,7) are stated; the refusals (--max too small, no theorem) are checked;
 *   - the limits: heaps answered from a period far beyond any table, lists of moves refused above
 *     their limit, heaps of Grundy's game refused before any table is made.
 * All randomness is seeded.
 */
#include "check.h"
#include "heap/heap.h"
#include "nimber.h"
#include "oracle.h"
#include "plain_heap.h"

#include <stdlib.h>
#include <string.h>

static int quick; /* NB_TEST_QUICK: fewer random games */

static nb_game *open_game(const char *spec) {
  nb_game *g = NULL;
  nb_error err;
  CHECK_OK(nb_game_open(spec, &g, &err), &err);
  return g;
}

static nb_solver *solver_of(const nb_game *g) {
  nb_solver *s = NULL;
  nb_error err;
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  return s;
}

static uint64_t fast_value(nb_solver *s, uint64_t n) {
  nb_value v = {0};
  nb_pos p = {n, 0};
  nb_error err;
  CHECK_OK(nb_value_of(s, &p, 1, &v, &err), &err);
  return v.nimber;
}

static uint64_t searched(nb_search *s, uint64_t n) {
  uint64_t v = UINT64_MAX;
  nb_error err;
  CHECK_OK(nb_search_grundy(s, (nb_pos){n, 0}, &v, &err), &err);
  return v;
}

/* The rules of a spec (aliases resolved by the registry), for the plain references below. */
static nb_heap_rules *rules_of(const char *alias) {
  char spec[256];
  nb_game *g = open_game(alias);
  nb_game_spec(g, spec, sizeof spec);
  nb_game_free(g);
  static const struct {
    const char *name;
    nb_heap_kind kind;
  } kinds[] = {{"nim", NB_HEAP_NIM},
               {"grundy", NB_HEAP_GRUNDY},
               {"sub:", NB_HEAP_SUB},
               {"oct:", NB_HEAP_OCT},
               {"hex:", NB_HEAP_HEX}};
  nb_heap_rules *r = NULL;
  nb_error err;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    size_t len = strlen(kinds[i].name);
    if (strncmp(spec, kinds[i].name, len) != 0) continue;
    CHECK_OK(nb_heap_rules_parse(kinds[i].kind, len < strlen(spec) ? spec + len : NULL, &r, &err),
             &err);
    return r;
  }
  fprintf(stderr, "no rules for %s\n", spec);
  exit(1);
}

/* --- random games ---------------------------------------------------------------------------- */

static void random_code(uint64_t *rng, bool hex, char *buf) {
  int digits = (int)check_range(rng, 1, hex ? 3 : 4);
  const char *first = hex ? "048C" : "04";
  int len = sprintf(buf, "%s:%c.", hex ? "hex" : "oct", first[check_range(rng, 0, hex ? 3 : 1)]);
  for (int i = 0; i < digits; i++)
    buf[len++] = "0123456789ABCDEF"[check_range(rng, i + 1 == digits ? 1 : 0, hex ? 15 : 7)];
  buf[len] = '\0';
}

static void random_set(uint64_t *rng, char *buf, int max_items, uint64_t max_amount) {
  bool used[64] = {false};
  int items = (int)check_range(rng, 1, (uint64_t)max_items), len = sprintf(buf, "sub:");
  for (int i = 0; i < items; i++) {
    uint64_t a = check_range(rng, 1, max_amount);
    if (used[a]) continue;
    used[a] = true;
    len += sprintf(buf + len, "%s%llu", len > 4 ? "," : "", (unsigned long long)a);
  }
}

/* --- moves ----------------------------------------------------------------------------------- */

/* The family's moves of heap n are the generator's options, in order; each has its own
 * notation; the notation reads as the rules say (N-J, N-J=A+B..., N=A+B). */
static void check_moves(const char *spec, uint64_t max_n) {
  nb_game *g = open_game(spec);
  nb_solver *s = solver_of(g);
  nb_heap_rules *r = rules_of(spec);
  nb_error err;
  for (uint64_t n = 0; n <= max_n; n++) {
    size_t count = (size_t)nb_heap_option_count(r, n);
    nb_heap_option *opt = malloc((count + 1) * sizeof *opt);
    nb_heap_options(r, n, opt);
    nb_move_list l;
    nb_pos p = {n, 0};
    CHECK_OK(nb_sum_moves(s, &p, 1, NB_LEFT, &l, &err), &err);
    CHECK(l.count == count, "%s heap %llu: %zu moves, %zu options", spec, (unsigned long long)n,
          l.count, count);
    char **names = calloc(l.count + 1, sizeof *names);
    for (size_t i = 0; i < l.count && i < count; i++) {
      const nb_sum_move *m = &l.move[i];
      bool same = m->move.parts == opt[i].parts;
      for (unsigned k = 0; same && k < opt[i].parts; k++)
        same = l.part[m->first + k].lo == opt[i].heap[k] && l.part[m->first + k].hi == 0;
      CHECK(same, "%s heap %llu: move %zu is not option %zu", spec, (unsigned long long)n, i, i);
      char want[96], got[96];
      int len = opt[i].removed > 0 ? sprintf(want, "%llu-%llu", (unsigned long long)n,
                                             (unsigned long long)opt[i].removed)
                                   : sprintf(want, "%llu", (unsigned long long)n);
      for (unsigned k = 0; opt[i].parts >= 2 && k < opt[i].parts; k++)
        len += sprintf(want + len, "%c%llu", k ? '+' : '=', (unsigned long long)opt[i].heap[k]);
      nb_sum_move_describe(g, &p, 1, &l, i, got, sizeof got);
      CHECK(strcmp(got, want) == 0, "%s heap %llu: move %zu is '%s', want '%s'", spec,
            (unsigned long long)n, i, got, want);
      names[i] = strdup(got);
      for (size_t j = 0; j < i; j++)
        CHECK(strcmp(names[j], got) != 0, "%s heap %llu: '%s' names two moves", spec,
              (unsigned long long)n, got);
    }
    for (size_t i = 0; i < l.count; i++)
      free(names[i]);
    free(names);
    nb_move_list_free(&l);
    free(opt);
  }
  nb_heap_rules_free(r);
  nb_solver_free(s);
  nb_game_free(g);
}

static void test_moves(void) {
  const char *specs[] = {"nim",      "grundy",   "sub:1,3,4", "kayles",   "dawson",
                         "oct:4.07", "hex:0.F8", "hex:C.1",   "oct:0.16", "hex:8.0"};
  for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
    check_moves(specs[i], 30);
}

/* --- values ---------------------------------------------------------------------------------- */

/* Heaps 0 .. max_n: the solver's value (the engine) against the search over the moves. */
static void check_values(const char *spec, uint64_t max_n) {
  nb_game *g = open_game(spec);
  nb_solver *s = solver_of(g);
  nb_search *search;
  nb_error err;
  CHECK_OK(nb_search_new(g, NULL, &search, &err), &err);
  int bad = 0;
  for (uint64_t n = 0; n <= max_n && bad < 3; n++) {
    uint64_t want = searched(search, n), got = fast_value(s, n);
    bad += got != want;
    CHECK(got == want, "%s heap %llu: engine %llu, search %llu", spec, (unsigned long long)n,
          (unsigned long long)got, (unsigned long long)want);
  }
  nb_search_free(search);
  nb_solver_free(s);
  nb_game_free(g);
}

static void test_values(void) {
  check_values("nim", 200);
  check_values("grundy", quick ? 300 : 600);
  check_values("kayles", 400);
  check_values("dawson", 400);
  check_values("oct:0.16", 400);
  check_values("hex:4.8C", quick ? 60 : 120);
  uint64_t rng = 31;
  char spec[64];
  for (int t = 0; t < (quick ? 15 : 60); t++) {
    random_code(&rng, false, spec);
    check_values(spec, quick ? 150 : 300);
  }
  for (int t = 0; t < (quick ? 5 : 20); t++) {
    random_code(&rng, true, spec);
    check_values(spec, quick ? 50 : 90);
  }
  for (int t = 0; t < (quick ? 15 : 50); t++) {
    random_set(&rng, spec, 6, 20);
    check_values(spec, 300);
  }
}

/* Published values, through the command's path (nb_value_of_size): OEIS A002186 (Kayles),
 * A002187 (Dawson's chess), A002188 (Grundy's game), first terms. */
static void test_published(void) {
  static const struct {
    const char *spec;
    const char *values;
  } seq[] = {
      {"kayles", "0123143214264127143214674128547218"},
      {"dawson", "0112031103322405223301130211045274"},
      {"grundy", "0001021021021321324304304304123124"},
      {"sub:2,3,7", "0011200112001120011200112001120011"},
  };
  for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
    nb_game *g = open_game(seq[i].spec);
    nb_solver *s = solver_of(g);
    for (size_t n = 0; seq[i].values[n] != '\0'; n++) {
      nb_value v;
      nb_error err;
      CHECK_OK(nb_value_of_size(s, n, &v, &err), &err);
      CHECK(v.nimber == (uint64_t)(seq[i].values[n] - '0'), "%s heap %zu: %llu", seq[i].spec, n,
            (unsigned long long)v.nimber);
    }
    nb_solver_free(s);
    nb_game_free(g);
  }
}

/* --- sums ------------------------------------------------------------------------------------ */

/* Random sums: the value is the XOR of the searched values of the heaps; for small sums, who
 * wins agrees with the sum search over whole sums; and the winning moves, move by move. */
static void check_sums(const char *spec, uint64_t max_heap, int trials) {
  nb_game *g = open_game(spec);
  nb_solver *s = solver_of(g);
  oracle o;
  oracle_open(&o, g);
  uint64_t rng = 77;
  nb_error err;
  for (int t = 0; t < trials; t++) {
    nb_pos comps[5];
    size_t n = (size_t)check_range(&rng, 1, 5);
    uint64_t want = 0;
    for (size_t i = 0; i < n; i++) {
      comps[i] = (nb_pos){check_range(&rng, 0, max_heap), 0};
      want ^= searched(o.search, comps[i].lo);
    }
    nb_value v;
    CHECK_OK(nb_value_of(s, comps, n, &v, &err), &err);
    CHECK(v.kind == NB_VALUE_NIMBER && v.nimber == want, "%s trial %d: %llu, XOR %llu", spec, t,
          (unsigned long long)v.nimber, (unsigned long long)want);
    if (t % 4 == 0) { /* a small sum, by the sum search */
      for (size_t i = 0; i < n && i < 3; i++)
        comps[i].lo %= 9;
      size_t k = n < 3 ? n : 3;
      bool wins;
      CHECK_OK(nb_value_of(s, comps, k, &v, &err), &err);
      CHECK_OK(nb_sum_search_wins(o.sums, comps, k, NB_LEFT, &wins, NULL, &err), &err);
      CHECK(wins == (v.nimber != 0), "%s trial %d: sum search %d, value %llu", spec, t, wins,
            (unsigned long long)v.nimber);
    }
    check_winning_moves(s, &o, comps, n, NB_LEFT, spec);
  }
  oracle_close(&o);
  nb_solver_free(s);
  nb_game_free(g);
}

static void test_sums(void) {
  int trials = quick ? 60 : 300;
  check_sums("nim", 60, trials);
  check_sums("sub:1,3,4", 300, trials);
  check_sums("kayles", 120, trials);
  check_sums("dawson", 120, trials);
  check_sums("oct:4.07", 120, trials);
  check_sums("grundy", 120, trials);
  check_sums("hex:0.F8", 40, trials / 4);
}

/* --- periods --------------------------------------------------------------------------------- */

static bool period_of(const char *spec, uint64_t max, nb_period *out, nb_status *st,
                      nb_error *err) {
  nb_game *g = open_game(spec);
  nb_solver *s = solver_of(g);
  *st = nb_period_of(s, max, out, err);
  nb_solver_free(s);
  nb_game_free(g);
  return *st == NB_OK;
}

/* A reported period against a plain mex well past its proof: G(n + p) = G(n) + saltus (0 unless
 * arithmetic, Theorem A of heaparith.c: then this is its differential test, three times the
 * values the proof read and 300 more) for s <= n < limit, not from s - 1, and no shorter period
 * from s with any constant difference; the values of one period through the solver (what
 * `nimber period` prints) are the plain ones. */
static void recheck(const char *spec, const nb_period *pd) {
  uint64_t s = pd->start, p = pd->step, limit = 3 * (pd->checked_to + 1) + 300;
  bool arith = pd->kind == NB_PERIOD_ARITHMETIC;
  uint64_t sal = arith ? pd->saltus : 0;
  CHECK((pd->kind == NB_PERIOD_ADDITIVE && pd->checked_from == s && sal == 0) ||
            (arith && pd->checked_from == 0 && pd->saltus >= 1),
        "%s: kind %d, checked from %llu, saltus %llu", spec, (int)pd->kind,
        (unsigned long long)pd->checked_from, (unsigned long long)pd->saltus);
  CHECK(pd->checked_to >= s + p, "%s: checked to %llu", spec, (unsigned long long)pd->checked_to);
  nb_heap_rules *r = rules_of(spec);
  uint32_t *g = plain_heap_values(r, (size_t)(limit + p));
  uint64_t bad = 0;
  for (uint64_t n = s; n < limit; n++)
    bad += g[n + p] != g[n] + sal;
  CHECK(bad == 0, "%s: period %llu saltus %llu from %llu fails %llu times before %llu", spec,
        (unsigned long long)p, (unsigned long long)sal, (unsigned long long)s,
        (unsigned long long)bad, (unsigned long long)limit);
  if (s > 0)
    CHECK(g[s - 1 + p] != g[s - 1] + sal, "%s: preperiod %llu is not least", spec,
          (unsigned long long)s);
  for (uint64_t q = 1; q < p; q++) {
    bool fails = false;
    for (uint64_t n = s; n < limit && !fails; n++)
      fails = g[n + q] - g[n] != g[s + q] - g[s];
    CHECK(fails, "%s: %llu is a shorter period", spec, (unsigned long long)q);
  }
  nb_game *game = open_game(spec);
  nb_solver *solver = solver_of(game);
  for (uint64_t n = s; n < s + p; n++) {
    nb_value v;
    nb_error err;
    CHECK_OK(nb_value_of_size(solver, n, &v, &err), &err);
    CHECK(v.nimber == g[n], "%s heap %llu: %llu, plain %u", spec, (unsigned long long)n,
          (unsigned long long)v.nimber, g[n]);
  }
  nb_solver_free(solver);
  nb_game_free(game);
  free(g);
  nb_heap_rules_free(r);
}

static void expect_period(const char *spec, uint64_t s, uint64_t p, uint64_t checked_to) {
  nb_period pd;
  nb_status st;
  nb_error err;
  if (!period_of(spec, 0, &pd, &st, &err)) {
    CHECK(0, "%s: %s", spec, err.message);
    return;
  }
  CHECK(pd.start == s && pd.step == p && pd.checked_to == checked_to,
        "%s: preperiod %llu period %llu checked to %llu, want %llu %llu %llu", spec,
        (unsigned long long)pd.start, (unsigned long long)pd.step,
        (unsigned long long)pd.checked_to, (unsigned long long)s, (unsigned long long)p,
        (unsigned long long)checked_to);
  CHECK(strstr(pd.theorem, "heapperiod.c") != NULL, "%s: theorem '%s'", spec, pd.theorem);
  recheck(spec, &pd);
}

static void test_periods(void) {
  /* Kayles (A002186): last exception 70, period 12; W = 2*71 + 2*12 + 2 = 168. Dawson's chess
   * (A002187) and 0.07, one heap later: period 34. sub:2,3,7: period 5 from 0, W = 0+5+7. */
  expect_period("kayles", 71, 12, 167);
  expect_period("dawson", 52, 34, 2 * 52 + 2 * 34 + 3 - 1);
  expect_period("oct:0.07", 53, 34, 2 * 53 + 2 * 34 + 2 - 1);
  expect_period("sub:2,3,7", 0, 5, 11);
  /* Random games: every period reported is re-checked. */
  uint64_t rng = 91;
  int found = 0, trials = quick ? 30 : 120;
  for (int t = 0; t < trials; t++) {
    char spec[64];
    if (t % 3 == 0)
      random_set(&rng, spec, 5, 20);
    else
      random_code(&rng, t % 3 == 2, spec);
    nb_period pd;
    nb_status st;
    nb_error err;
    if (period_of(spec, t % 3 == 2 ? 200 : 2000, &pd, &st, &err)) {
      found++;
      recheck(spec, &pd);
    } else {
      CHECK(st == NB_EDATA && strstr(err.message, "no period proven by heaps 0 to") != NULL,
            "%s: %d %s", spec, (int)st, err.message);
    }
  }
  CHECK(found >= trials / 3, "only %d of %d random games had a period", found, trials);
}

static void test_period_refusals(void) {
  nb_period pd;
  nb_status st;
  nb_error err;
  /* One large amount: G(n) = floor(n / k) mod 2, period 2k from 0 (every n below k has no move,
   * and n + k has exactly the move to n). Its values come in blocks of k, so a search that scans
   * down for every candidate period spent about k per candidate: sub:1000000 ran for hours. */
  CHECK(period_of("sub:300000", 0, &pd, &st, &err) && pd.start == 0 && pd.step == 600000,
        "sub:300000: %d %s", (int)st, err.message);
  /* Kayles needs 168 values: with --max 167 there is no proof yet. */
  CHECK(!period_of("kayles", 167, &pd, &st, &err) && st == NB_EDATA &&
            strstr(err.message, "no period proven by heaps 0 to 166 (--max 167)") != NULL,
        "kayles --max 167: %d %s", (int)st, err.message);
  CHECK(period_of("kayles", 168, &pd, &st, &err) && pd.start == 71 && pd.step == 12,
        "kayles --max 168: %d", (int)st);
  CHECK(!period_of("grundy", 0, &pd, &st, &err) && st == NB_EUSAGE &&
            strstr(err.message, "no period theorem") && strstr(err.message, "equal split"),
        "grundy: %d %s", (int)st, err.message);
  CHECK(!period_of("nim", 0, &pd, &st, &err) && st == NB_EUSAGE && strstr(err.message, "G(n) = n"),
        "nim: %d %s", (int)st, err.message);
}

/* What the period search told its progress callback (nb_limits.progress). */
typedef struct progress_log {
  unsigned reports, finished; /* calls with finished unset, and set */
  uint64_t last, limit;       /* done and limit as last reported */
  bool ordered;               /* reports increase, all before finished */
  bool values;                /* every call's unit was "values" */
} progress_log;

static void record_progress(void *ctx, const char *unit, uint64_t done, uint64_t limit,
                            bool finished) {
  progress_log *log = ctx;
  if (!finished && (done <= log->last || log->finished > 0)) log->ordered = false;
  log->values = log->values && strcmp(unit, "values") == 0;
  *(finished ? &log->finished : &log->reports) += 1;
  log->last = done;
  log->limit = limit;
}

/* `nimber period` shows progress: the hook reports the values computed through the solver's
 * limits, in increasing order and within --max, then once finished, refusal or not; a call with
 * nothing to compute reports nothing. */
static void test_period_progress(void) {
  nb_game *g = open_game("oct:0.1777"); /* no period proven before 4.4*10^8 values */
  nb_error err;
  progress_log log = {.ordered = true, .values = true};
  nb_limits limits = nb_limits_default();
  limits.progress = record_progress;
  limits.progress_ctx = &log;
  nb_solver *s;
  nb_period pd;
  CHECK_OK(nb_solver_new(g, &limits, &s, &err), &err);
  uint64_t max = quick ? 100000 : 1500000; /* past NB_HEAPSEQ_PROGRESS_EVERY in the full run */
  CHECK(nb_period_of(s, max, &pd, &err) == NB_EDATA, "oct:0.1777 --max %llu: a period?",
        (unsigned long long)max);
  CHECK(log.reports >= 2 && log.finished == 1 && log.ordered && log.values,
        "%u reports, %u finished, ordered %d, unit values %d", log.reports, log.finished,
        (int)log.ordered, (int)log.values);
  CHECK(log.last == max && log.limit == max, "finished at %llu of %llu",
        (unsigned long long)log.last, (unsigned long long)log.limit);
  unsigned before = log.reports + log.finished;
  CHECK(nb_period_of(s, max, &pd, &err) == NB_EDATA, "again: a period?");
  CHECK(log.reports + log.finished == before, "a call without work reported");
  nb_solver_free(s);
  nb_game_free(g);
}

/* --- limits ---------------------------------------------------------------------------------- */

static void test_limits(void) {
  nb_error err;
  /* Kayles at 10^18 and 2^64-1, from the period (71, 12): G(71 + i) for i = n - 71 mod 12. */
  nb_game *g = open_game("kayles");
  nb_solver *s = solver_of(g);
  static const uint8_t period[12] = {7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2};
  uint64_t big[] = {UINT64_C(1000000000000000000), UINT64_MAX, 1000};
  for (int i = 0; i < 3; i++)
    CHECK(fast_value(s, big[i]) == period[(big[i] - 71) % 12], "kayles %llu",
          (unsigned long long)big[i]);
  nb_solver_free(s);
  nb_game_free(g);

  /* nim: G(n) = n everywhere, and a heap of 10^12 has too many moves to list. */
  g = open_game("nim");
  s = solver_of(g);
  CHECK(fast_value(s, UINT64_MAX) == UINT64_MAX, "nim 2^64-1");
  nb_pos p = {UINT64_C(1000000000000), 0};
  nb_move_list l;
  nb_status st = nb_sum_moves(s, &p, 1, NB_LEFT, &l, &err);
  CHECK(st == NB_EDATA && strstr(err.message, "too large to list its moves"), "nim 10^12: %d %s",
        (int)st, err.message);
  nb_solver_free(s);
  nb_game_free(g);

  /* Grundy's game: heaps no table can hold are refused at once, by value and by size. */
  g = open_game("grundy");
  s = solver_of(g);
  nb_value v;
  st = nb_value_of_size(s, UINT64_C(3000000000), &v, &err);
  CHECK(st == NB_EDATA && strstr(err.message, "heap 3000000000 needs a table"), "%d %s", (int)st,
        err.message);
  p.lo = UINT64_C(5000000000);
  st = nb_value_of(s, &p, 1, &v, &err);
  CHECK(st == NB_EDATA && strstr(err.message, "beyond the sequence engine's table"), "%d %s",
        (int)st, err.message);
  CHECK(fast_value(s, 1000) == 17, "grundy 1000 after the refusals");
  nb_solver_free(s);
  nb_game_free(g);

  /* Codes with three-heap splits hold at most 4096 heaps (O(n^2) work): hex:0.4F, which shows no
   * period (nor a saltus) by then, is refused beyond, after one last look for a period (not in the
   * quick run). */
  if (!quick) {
    g = open_game("hex:0.4F");
    s = solver_of(g);
    nb_period pd;
    st = nb_period_of(s, 0, &pd, &err);
    CHECK(st == NB_EDATA && strstr(err.message, "at most 4096 heaps with three-heap splits") &&
              strstr(err.message, "no period was proven among heaps 0 to 4095"),
          "hex:0.4F: %d %s", (int)st, err.message);
    nb_pos heap = {4095, 0};
    CHECK(nb_value_of(s, &heap, 1, &v, &err) == NB_OK, "hex:0.4F heap 4095: %s", err.message);
    heap.lo = 4096;
    st = nb_value_of(s, &heap, 1, &v, &err);
    CHECK(st == NB_EDATA && strstr(err.message, "heap 4096 is beyond"), "hex:0.4F heap 4096: %s",
          err.message);
    nb_solver_free(s);
    nb_game_free(g);
  }

  /* Runs: oct:0.01 is 0 from heap 3 on, proven (period 1), so the run reaches 2^64-1. */
  g = open_game("oct:0.01");
  s = solver_of(g);
  CHECK(fast_value(s, 1000) == 0 && fast_value(s, 2) == 1, "oct:0.01 values");
  void *cache;
  CHECK_OK(nb_solver_cache(s, &cache, &err), &err);
  CHECK(g->family->sizes->run_end(g, cache, 3) == UINT64_MAX, "oct:0.01: run from 3");
  CHECK(g->family->sizes->run_end(g, cache, 2) == 2, "oct:0.01: run of 2");
  nb_solver_free(s);
  nb_game_free(g);
}

/* Specs and positions through the registry: aliases, canonical specs, faults named. */
static void test_specs(void) {
  static const struct {
    const char *spec, *canonical;
  } ok[] = {{"KAYLES", "oct:0.77"}, {"Dawson", "oct:0.137"},    {"oct:0.160", "oct:0.16"},
            {"hex:0.f", "hex:0.F"}, {"sub:7,2,3", "sub:2,3,7"}, {"Grundy", "grundy"},
            {"NIM", "nim"}};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    nb_game *g = open_game(ok[i].spec);
    char buf[64];
    nb_game_spec(g, buf, sizeof buf);
    CHECK(strcmp(buf, ok[i].canonical) == 0, "%s -> %s", ok[i].spec, buf);
    nb_game_free(g);
  }
  static const char *bad[] = {"oct:0.8", "oct:", "hex:0.G", "sub:",     "sub:0",
                              "oct:1.7", "oct",  "nim:3",   "grundy:1", "kayles:0.7"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    nb_game *g = NULL;
    nb_error err;
    nb_status st = nb_game_open(bad[i], &g, &err);
    CHECK(st == NB_EUSAGE, "%s: %d", bad[i], (int)st);
    if (st == NB_OK) nb_game_free(g);
  }
  nb_game *g = open_game("kayles");
  const char *tokens[] = {"0", "18446744073709551615", "7"};
  nb_pos comps[3];
  size_t n = 0;
  nb_error err;
  CHECK_OK(nb_position_parse(g, tokens, 3, 1, comps, &n, 3, &err), &err);
  CHECK(n == 3 && comps[0].lo == 0 && comps[1].lo == UINT64_MAX && comps[2].lo == 7, "parsed");
  const char *worse[] = {"7", "-1"};
  n = 0;
  nb_status st = nb_position_parse(g, worse, 2, 2, comps, &n, 3, &err);
  CHECK(st == NB_EUSAGE && strstr(err.message, "argument 3: expected a heap"), "%d %s", (int)st,
        err.message);
  nb_game_free(g);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  test_specs();
  test_moves();
  test_values();
  test_published();
  test_sums();
  test_periods();
  test_period_refusals();
  test_period_progress();
  test_limits();
  return check_done();
}
