/*
 * test_cg.c: the canonical-form engine (src/cgt/) against textbook values, published
 * counts, a plain implementation (plain_cg.h), minimax, and the algebra of games.
 *
 *   - notation: textbook games read and printed in CGSuite's notation; every malformed form
 *     refused with its column; print(read(x)) canonical and read(print(G)) = G on random games;
 *     thousands of mutated texts read or refused, never a crash;
 *   - counts: 4 games born by day 1, 22 by day 2, 1474 by day 3 (Siegel, CGT; OEIS A065401);
 *   - differential: canonical forms of random forms and of sums equal the plain implementation's
 *     (structurally); the number-up-star table equals plain sums of numbers, ups and stars;
 *     outcomes equal minimax over the forms;
 *   - laws on random games: G + -G = 0, commutativity, associativity, idempotent canonical form,
 *     G <= H and H <= G iff G = H, comparison = outcome of G - H, means add up, stops;
 *   - thermography: textbook means and temperatures;
 *   - limits: the memory cap, the print cap, the depth bound, failed allocations.
 */
#include "cg_calls.h"
#include "cg_days.h"
#include "cgt/cgt.h"
#include "cgt/store.h" /* to check the recursion depth is back to 0 after errors */
#include "check.h"
#include "plain_cg_same.h"

#include <stdlib.h>
#include <string.h>

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

/* The text of g (caller frees). */
static bool leq(nb_cg_store *s, nb_cg a, nb_cg b) {
  nb_error err;
  bool r = false;
  CHECK_OK(nb_cg_leq(s, a, b, &r, &err), &err);
  return r;
}

static nb_outcome outcome(nb_cg_store *s, nb_cg g) {
  nb_error err;
  nb_outcome o = NB_OUTCOME_P;
  CHECK_OK(nb_cg_outcome(s, g, &o, &err), &err);
  return o;
}

/* Copies the options of g for one side (the store's pointer moves when games are made). */
static size_t options(nb_cg_store *s, nb_cg g, nb_player who, nb_cg *out, size_t cap) {
  nb_error err;
  const nb_cg *o;
  size_t n;
  CHECK_OK(nb_cg_options(s, g, who, &o, &n, &err), &err);
  if (n > cap) {
    fprintf(stderr, "test_cg: game with %zu options\n", n);
    exit(1);
  }
  memcpy(out, o, n * sizeof *o);
  return n;
}

/* ---- Notation and textbook values --------------------------------------------------------- */

/* Reading `in` and printing gives `out`. */
static void check_print(nb_cg_store *s, const char *in, const char *out) {
  char *t = text_of(s, parse(s, in));
  CHECK(strcmp(t, out) == 0, "'%s' printed as '%s', want '%s'", in, t, out);
  free(t);
}

static void test_textbook_notation(void) {
  nb_error err;
  nb_cg_store *s;
  CHECK_OK(nb_cg_store_new(1 << 24, &s, &err), &err);
  static const char *const cases[][2] = {
      {"{|}", "0"},
      {"{0|}", "1"},
      {"{|0}", "-1"},
      {"{1|}", "2"},
      {"{0|1}", "1/2"},
      {"{1/2|1}", "3/4"},
      {"{-1|0}", "-1/2"},
      {"{0|0}", "*"},
      {"{0|*}", "^"},
      {"{*|0}", "v"},
      {"{0,*|0}", "^*"},
      {"{0|^}", "^^*"},
      {"{0|^*}", "^^"},
      {"{0|^^*}", "^3"},
      {"{1|-1}", "+-1"},
      {"{2|-1}", "{2|-1}"},
      {"{3|1}", "{3|1}"},
      {"{1|1}", "1*"},
      {"{0,*|0,*}", "*2"},
      {"{0,*,*2|0,*,*2}", "*3"},
      {"{0||0|-2}", "Tiny(2)"}, /* tiny-2 and miny-2, as CGSuite prints them */
      {"{2|0||0}", "Miny(2)"},
      {"Tiny(1/2)", "Tiny(1/2)"},
      {"-Tiny(3)", "Miny(3)"},
      {"Miny(1) + Tiny(1)", "0"},
      {"Tiny(0)", "^"},
      {"Tiny(*)", "^^*"},
      {"{2||1|0}", "{2|{1|0}}"},
      {"{3|2||1|0}", "{{3|2}|{1|0}}"},
      {"-3/8", "-3/8"},
      {"6/16", "3/8"},
      {"1*", "1*"},
      {"-1/2*3", "-1/2*3"},
      {"^^^", "^3"},
      {"vv*", "vv*"},
      {"2v*", "2v*"},
      {"1/2^", "1/2^"},
      {"^3*2", "^3*2"},
      {"v5", "v5"},
      {"*0", "0"},
      {"(1)", "1"},
      {" { 1 | -1 } ", "+-1"},
      {"+-1", "+-1"},
      {"+-(1*)", "+-(1*)"},
      {"+-{2|1}", "+-{2|1}"},
      {"+-{1,2}", "+-2"},
      {"{*|*}", "0"},
      {"{0,^|-2}", "{^|-2}"},
      {"{1,{2|1}|0}", "{1,{2|1}|0}"},
      {"9223372036854775807", "9223372036854775807"},
      {"1/4611686018427387904", "1/4611686018427387904"},
      /* Expressions (issue 18): sums, differences, negatives of any game, as CGSuite reads them. */
      {"{1|*} + ^", "{1^|^*}"},
      {"-(+-1)", "+-1"},
      {"-{2|1}", "{-1|-2}"},
      {"-{0||0|-2}", "Miny(2)"},
      {"{2+*|1}", "{2*|1}"},
      {"2+-1", "{3|1}"},
      {"2 + +-1", "{3|1}"},
      {"-2^", "-2^"},
      {"-(2^)", "-2v"},
      {"-^", "v"},
      {"- -^", "^"},
      {"^ - ^", "0"},
      {"*-1", "-1*"},
      {"* + *", "0"},
      {"1/2 - 1/4 + (1 - 1/4)", "1"},
      {"+-1 + 3", "{4|2}"},
      {"{1 - 1|-1}", "{0|-1}"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    check_print(s, cases[i][0], cases[i][1]);

  /* Sums, negatives, outcomes. */
  CHECK(add(s, parse(s, "^"), parse(s, "*")) == parse(s, "^*"), "^ + * = ^*");
  CHECK(add(s, parse(s, "^"), parse(s, "^")) == parse(s, "^^"), "^ + ^ = ^^");
  CHECK(add(s, parse(s, "^"), parse(s, "v")) == NB_CG_ZERO, "^ + v = 0");
  CHECK(add(s, parse(s, "*2"), parse(s, "*3")) == parse(s, "*"), "*2 + *3 = *");
  CHECK(add(s, parse(s, "1/2"), parse(s, "1/2")) == parse(s, "1"), "1/2 + 1/2 = 1");
  CHECK(add(s, parse(s, "+-1"), parse(s, "+-1")) == NB_CG_ZERO, "+-1 + +-1 = 0");
  CHECK(add(s, parse(s, "{2|-1}"), parse(s, "-1/2")) == parse(s, "+-3/2"), "{2|-1} - 1/2 = +-3/2");
  CHECK(add(s, parse(s, "+-1"), parse(s, "3")) == parse(s, "{4|2}"), "3 + +-1 = {4|2}");
  CHECK(neg(s, parse(s, "{2|{1|0}}")) == parse(s, "{{0|-1}|-2}"), "-{2||1|0} = {0|-1||-2}");
  /* tiny-2 + tiny-2 is positive yet less than ^ (Winning Ways). */
  nb_cg tiny = parse(s, "{0||0|-2}");
  CHECK(outcome(s, add(s, tiny, tiny)) == NB_OUTCOME_L, "tiny + tiny > 0");
  CHECK(leq(s, tiny, parse(s, "^")) && !leq(s, parse(s, "^"), tiny), "tiny-2 < ^");
  static const struct {
    const char *game;
    char outcome;
  } outcomes[] = {{"0", 'P'},  {"*", 'N'},      {"^", 'L'},       {"v", 'R'},        {"^*", 'N'},
                  {"v*", 'N'}, {"^^*", 'L'},    {"^*2", 'L'},     {"+-1", 'N'},      {"-1/2", 'R'},
                  {"*5", 'N'}, {"{0|-1}", 'N'}, {"{1|1/2}", 'L'}, {"{0||0|-2}", 'L'}};
  for (size_t i = 0; i < sizeof outcomes / sizeof outcomes[0]; i++) {
    char got = nb_outcome_letter(outcome(s, parse(s, outcomes[i].game)));
    CHECK(got == outcomes[i].outcome, "outcome of %s: %c, want %c", outcomes[i].game, got,
          outcomes[i].outcome);
  }
  nb_cg_store_free(s);
}

static void check_mean_temperature(nb_cg_store *s, const char *game, const char *mean,
                                   const char *temperature) {
  nb_error err;
  nb_dyadic m, t;
  char ms[64], ts[64];
  CHECK_OK(nb_cg_mean_temperature(s, parse(s, game), &m, &t, &err), &err);
  nb_dyadic_format(m, ms, sizeof ms);
  nb_dyadic_format(t, ts, sizeof ts);
  CHECK(strcmp(ms, mean) == 0 && strcmp(ts, temperature) == 0,
        "%s: mean %s temperature %s, want %s and %s", game, ms, ts, mean, temperature);
}

static void test_thermography(void) {
  nb_error err;
  nb_cg_store *s;
  CHECK_OK(nb_cg_store_new(1 << 24, &s, &err), &err);
  check_mean_temperature(s, "{2|-1}", "1/2", "3/2");
  check_mean_temperature(s, "+-1", "0", "1");
  check_mean_temperature(s, "^", "0", "0");
  check_mean_temperature(s, "*", "0", "0");
  check_mean_temperature(s, "v*", "0", "0");
  check_mean_temperature(s, "3/2^^", "3/2", "0");
  check_mean_temperature(s, "{3|1}", "2", "1");
  check_mean_temperature(s, "5", "5", "-1");
  check_mean_temperature(s, "-3/8", "-3/8", "-1/8");
  check_mean_temperature(s, "{0||0|-2}", "0", "0");           /* tiny-2: infinitesimal */
  check_mean_temperature(s, "{{6|4}|{-2|-6}}", "1/2", "9/2"); /* scaffolds with corners */
  check_mean_temperature(s, "{2,{5|1}|-1}", "1", "2");        /* two Left options */
  check_mean_temperature(s, "{4|{2|-4}}", "2", "2");          /* {4 || 2 | -4} */
  nb_dyadic l, r;
  CHECK_OK(nb_cg_stops(s, parse(s, "{{6|4}|{-2|-6}}"), &l, &r, &err), &err);
  CHECK(l.num == 4 && l.exp == 0 && r.num == -2 && r.exp == 0, "stops of {6|4||-2|-6}: %lld %lld",
        (long long)l.num, (long long)r.num);
  nb_cg_store_free(s);
}

/* ---- Malformed games ---------------------------------------------------------------------- */

static void test_malformed(void) {
  nb_error err;
  nb_cg_store *s;
  CHECK_OK(nb_cg_store_new(1 << 22, &s, &err), &err);
  static const char *const cases[][2] = {
      {"", "column 1: expected a game, found end of text"},
      {"{1|", "column 4: expected '}', found end of text"},
      {"1/3", "column 3: expected a power of 2 up to 2^62 as denominator, found 3"},
      {"* -", "column 4: expected a game, found end of text"},
      {"1 + }", "column 5: expected a game, found '}'"},
      {"-}", "column 2: expected a game, found '}'"},
      {"{a|b}", "column 2: expected a game, found 'a'"},
      {"+-", "column 3: expected a game, found end of text"},
      {"+-{}", "column 4: expected a game, found '}'"},
      {"{1|2|3}", "column 5: a second '|' at the same level (write braces, or more bars for the "
                  "outer split)"},
      {"{1,|2}", "column 4: expected a game, found '|'"},
      {"{,1|}", "column 2: expected a game, found ','"},
      {"{1 2|}", "column 4: expected ',', '|' or '}', found '2'"},
      {"{1}", "column 3: expected '|' between braces, found '}'"},
      {"1/0", "column 3: expected a power of 2 up to 2^62 as denominator, found 0"},
      {"1/", "column 3: expected a denominator, found end of text"},
      {"-", "column 2: expected a game, found end of text"},
      {"-1^^3", "column 5: expected '*' or the end of the game after repeated ups, found '3'"},
      {"^^3", "column 3: expected '*' or the end of the game after repeated ups, found '3'"},
      {"^0", "column 1: up multiple out of range"},
      {"99999999999999999999", "column 1: number too large (at most 64 bits)"},
      {"9223372036854775808", "column 1: number too large (at most 64 bits)"},
      {"1/9223372036854775808", "column 3: expected a power of 2 up to 2^62 as denominator, "
                                "found 9223372036854775808"},
      {"{1|2}}", "column 6: expected the end of the game, found '}'"},
      {"(1", "column 3: expected ')', found end of text"},
      {"1 2", "column 3: expected the end of the game, found '2'"},
      {"x", "column 1: expected a game, found 'x'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    nb_cg g;
    nb_status st = nb_cg_parse(s, cases[i][0], &g, &err);
    CHECK(st == NB_EUSAGE && strcmp(err.message, cases[i][1]) == 0,
          "'%s': status %d, message '%s', want '%s'", cases[i][0], (int)st,
          st == NB_OK ? "" : err.message, cases[i][1]);
  }
  /* The simplest number beyond the largest integer does not exist in 64 bits: refused, never an
   * overflow (found by fuzz/fuzz_cg.c; the next integer was computed before the check). */
  static const char *const beyond[] = {"{9223372036854775807|}", "{|-9223372036854775807}",
                                       "{9223372036854775807||}|}"};
  for (size_t i = 0; i < sizeof beyond / sizeof beyond[0]; i++) {
    nb_cg g;
    nb_status st = nb_cg_parse(s, beyond[i], &g, &err);
    CHECK(st == NB_EDATA && strncmp(err.message, "number out of range", 19) == 0,
          "'%s': status %d, message '%s'", beyond[i], (int)st, st == NB_OK ? "" : err.message);
  }
  /* Deep nesting is refused, not a crash. */
  size_t depth = NB_CG_MAX_DEPTH + 10;
  char *deep = malloc(2 * depth + 2);
  memset(deep, '(', depth);
  deep[depth] = '0';
  memset(deep + depth + 1, ')', depth);
  deep[2 * depth + 1] = '\0';
  nb_cg g;
  CHECK(nb_cg_parse(s, deep, &g, &err) == NB_EUSAGE && strstr(err.message, "nested") != NULL,
        "deep nesting: %s", err.message);
  free(deep);
  nb_cg_store_free(s);
}

/* ---- Counts of games born by day n -------------------------------------------------------- */

static nb_cg *day3; /* the 1474 games born by day 3, for the random tests */
static size_t day3_count;

static void test_born_by_day(nb_cg_store *s) {
  nb_cg zero = NB_CG_ZERO, *day1, *day2;
  size_t n1 = next_day(s, &zero, 1, &day1);
  size_t n2 = next_day(s, day1, n1, &day2);
  CHECK(n1 == 4, "games born by day 1: %zu, want 4", n1);
  CHECK(n2 == 22, "games born by day 2: %zu, want 22", n2);
  day3_count = next_day(s, day2, n2, &day3);
  CHECK(day3_count == 1474, "games born by day 3: %zu, want 1474", day3_count);
  free(day1);
  free(day2);
}

/* ---- Differential tests against the plain implementation ---------------------------------- */

/* Forms built side by side: plain trees and the engine's canonical forms of them. */
typedef struct forms {
  plain_pool p;    /* the plain forms */
  uint32_t *plain; /* form i in p */
  nb_cg *engine;   /* the engine's canonical form of form i */
  unsigned *birth; /* its birthday as a form */
  size_t n, cap;
} forms;

static void forms_add(forms *f, uint32_t plain, nb_cg engine, unsigned birth) {
  if (f->n == f->cap) {
    f->cap = f->cap ? 2 * f->cap : 64;
    f->plain = plain_xrealloc(f->plain, f->cap * sizeof *f->plain);
    f->engine = plain_xrealloc(f->engine, f->cap * sizeof *f->engine);
    f->birth = plain_xrealloc(f->birth, f->cap * sizeof *f->birth);
  }
  f->plain[f->n] = plain;
  f->engine[f->n] = engine;
  f->birth[f->n++] = birth;
}

/* A random form of birthday <= max_birth with up to 3 options a side, from earlier forms. */
static void forms_random(nb_cg_store *s, forms *f, unsigned max_birth, uint64_t *rng) {
  nb_error err;
  uint32_t pl[2][3];
  nb_cg en[2][3];
  unsigned birth = 0, n[2];
  for (int r = 0; r < 2; r++) {
    n[r] = (unsigned)check_range(rng, 0, 3);
    for (unsigned i = 0; i < n[r]; i++) {
      size_t k;
      do
        k = (size_t)check_range(rng, 0, f->n - 1);
      while (f->birth[k] >= max_birth);
      pl[r][i] = f->plain[k];
      en[r][i] = f->engine[k];
      if (f->birth[k] + 1 > birth) birth = f->birth[k] + 1;
    }
  }
  nb_cg g;
  CHECK_OK(nb_cg_from_options(s, en[0], n[0], en[1], n[1], &g, &err), &err);
  forms_add(f, plain_new(&f->p, pl[0], n[0], pl[1], n[1]), g, birth);
}

static void test_against_plain(nb_cg_store *s, uint64_t seed) {
  forms f = {0};
  uint64_t rng = seed;
  forms_add(&f, plain_new(&f.p, NULL, 0, NULL, 0), NB_CG_ZERO, 0);
  size_t count = quick ? 150 : 600;
  for (size_t i = 0; i < count; i++) {
    forms_random(s, &f, 4, &rng);
    size_t k = f.n - 1;
    uint32_t c = plain_canonical(&f.p, f.plain[k]);
    CHECK(plain_cg_same(s, &f.p, c, f.engine[k]), "form %zu: canonical form differs from plain", k);
    nb_outcome o = outcome(s, f.engine[k]);
    bool lw = plain_wins(&f.p, f.plain[k], true), rw = plain_wins(&f.p, f.plain[k], false);
    CHECK(nb_outcome_wins(o, NB_LEFT) == lw && nb_outcome_wins(o, NB_RIGHT) == rw,
          "form %zu: outcome %c, minimax says left %d right %d", k, nb_outcome_letter(o), lw, rw);
  }
  /* Sums of small games: plain sums of the plain canonical forms. */
  size_t pairs = quick ? 15 : 60;
  for (size_t i = 0; i < pairs; i++) {
    size_t a, b;
    do
      a = (size_t)check_range(&rng, 0, f.n - 1), b = (size_t)check_range(&rng, 0, f.n - 1);
    while (f.birth[a] + f.birth[b] > 5);
    uint32_t ca = plain_canonical(&f.p, f.plain[a]), cb = plain_canonical(&f.p, f.plain[b]);
    uint32_t sum = plain_add(&f.p, ca, cb);
    CHECK(plain_cg_same(s, &f.p, sum, add(s, f.engine[a], f.engine[b])), "sum of forms %zu and %zu",
          a, b);
  }
  plain_free(&f.p);
  free(f.plain);
  free(f.engine);
  free(f.birth);
}

/* Dominated options are found first by the stops, compared as integers over 2^20 when every
 * stop of the list fits (numerators below 2^40, denominators up to 2^20), else by the full
 * comparison: the same canonical form either way. Each form with a dominated option is the
 * form without it (one ID), on both sides of the scale's edges, and an incomparable pair is kept.
 */
static void test_stop_scales(nb_cg_store *s) {
  static const char *const same[][2] = {
      {"{0*,1/1024*|-5}", "{1/1024*|-5}"},               /* stops on the scale */
      {"{0*,1/2097152*|-5}", "{1/2097152*|-5}"},         /* denominator 2^21: off it */
      {"{0*,1099511627775*|-5}", "{1099511627775*|-5}"}, /* 2^40 - 1: on it */
      {"{0*,1099511627776*|-5}", "{1099511627776*|-5}"}, /* 2^40: off it */
      {"{5|0*,1/1024*}", "{5|0*}"},                      /* Right keeps the least */
      {"{5|0*,-1/2097152*}", "{5|-1/2097152*}"},
      {"{5|-1099511627776*,0*}", "{5|-1099511627776*}"},
  };
  for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
    CHECK(parse(s, same[i][0]) == parse(s, same[i][1]), "%s is not %s", same[i][0], same[i][1]);
  nb_cg kept[4];
  static const char *const both[] = {"{1*,{3|0}|-5}", "{1/2097152*,{3|0}|-5}"};
  for (size_t i = 0; i < 2; i++)
    CHECK(options(s, parse(s, both[i]), NB_LEFT, kept, 4) == 2, "%s: both Left options kept",
          both[i]);
}

/* Plain canonical forms of numbers (by their definition) and of ups and nimbers (by sums). */
static uint32_t plain_number(plain_pool *p, nb_dyadic x) {
  nb_dyadic step = {1, x.exp}, lo, hi;
  nb_dyadic_sub(x, step, &lo);
  nb_dyadic_add(x, step, &hi);
  if (x.exp == 0 && x.num == 0) return plain_new(p, NULL, 0, NULL, 0);
  uint32_t l = x.exp > 0 || x.num > 0 ? plain_number(p, lo) : 0;
  uint32_t r = x.exp > 0 || x.num < 0 ? plain_number(p, hi) : 0;
  return plain_new(p, &l, x.exp > 0 || x.num > 0, &r, x.exp > 0 || x.num < 0);
}

static uint32_t plain_nimber(plain_pool *p, unsigned m) {
  uint32_t opts[16];
  for (unsigned j = 0; j < m; j++)
    opts[j] = plain_nimber(p, j);
  return plain_new(p, opts, m, opts, m);
}

static void test_nus_table(nb_cg_store *s) {
  nb_error err;
  plain_pool p = {0};
  static const nb_dyadic numbers[] = {{0, 0}, {1, 0}, {-1, 1}, {3, 2}, {-2, 0}};
  uint32_t zero = plain_number(&p, (nb_dyadic){0, 0}), star = plain_nimber(&p, 1);
  uint32_t up = plain_new(&p, &zero, 1, &star, 1), down = plain_new(&p, &star, 1, &zero, 1);
  for (size_t xi = 0; xi < sizeof numbers / sizeof numbers[0]; xi++)
    for (int k = -3; k <= 3; k++)
      for (unsigned m = 0; m <= 3; m++) {
        if (quick && xi > 2) continue;
        uint32_t g = plain_add(&p, plain_number(&p, numbers[xi]), plain_nimber(&p, m));
        for (int i = 0; i < (k < 0 ? -k : k); i++)
          g = plain_add(&p, g, k < 0 ? down : up);
        nb_cg e;
        CHECK_OK(nb_cg_make_nus(s, (nb_cg_nus){numbers[xi], k, m}, &e, &err), &err);
        CHECK(plain_cg_same(s, &p, g, e),
              "x + %d.^ + *%u for x = %lld/2^%u: form differs from plain", k, m,
              (long long)numbers[xi].num, numbers[xi].exp);
      }
  plain_free(&p);
}

/* ---- Birthdays (nb_cg_birthday) -------------------------------------------------------------- */

/* The birthday by its definition (Siegel, Combinatorial Game Theory, 2013, ch. II): 0 for 0,
 * else 1 + the largest birthday of the canonical options; no closed form, no memo. */
static uint64_t plain_birthday(nb_cg_store *s, nb_cg g) {
  nb_cg opts[2][64];
  size_t n[2] = {options(s, g, NB_LEFT, opts[0], 64), options(s, g, NB_RIGHT, opts[1], 64)};
  if (n[0] + n[1] == 0) return 0;
  uint64_t most = 0;
  for (int side = 0; side < 2; side++)
    for (size_t i = 0; i < n[side]; i++) {
      uint64_t b = plain_birthday(s, opts[side][i]);
      most = b > most ? b : most;
    }
  return most + 1;
}

static uint64_t birthday_of(nb_cg_store *s, nb_cg g) {
  nb_error err;
  uint64_t b = 0;
  CHECK_OK(nb_cg_birthday(s, g, &b, &err), &err);
  return b;
}

static void test_birthdays(nb_cg_store *s, uint64_t seed) {
  /* Published: 1 game born by day 0, 4 by day 1, 22 by day 2, 1474 by day 3 (Winning Ways;
   * Siegel, CGT, 2013, ch. III); the day3 list holds the 1474. */
  size_t by_day[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < day3_count; i++) {
    uint64_t b = birthday_of(s, day3[i]);
    CHECK(b <= 3, "a game born by day 3 has birthday %llu", (unsigned long long)b);
    for (uint64_t d = b; d < 4; d++)
      by_day[d]++;
    CHECK(b == plain_birthday(s, day3[i]), "birthday of a day-3 game against the definition");
  }
  CHECK(by_day[0] == 1 && by_day[1] == 4 && by_day[2] == 22 && by_day[3] == 1474,
        "games born by day 0..3: %zu %zu %zu %zu, want 1 4 22 1474", by_day[0], by_day[1],
        by_day[2], by_day[3]);
  /* Textbook values, and closed forms against the walk where it is short. */
  static const struct {
    const char *game;
    uint64_t birthday;
  } known[] = {
      {"0", 0},      {"*", 1},   {"^", 2},         {"^^*", 3},
      {"+-1", 2},    {"1/2", 2}, {"3/4", 3},       {"-5/4", 4},
      {"-5", 5},     {"*7", 7},  {"1*", 2},        {"1/2*3", 5},
      {"{2|-1}", 3}, {"^3", 4},  {"{0||0|-2}", 4}, {"1000000000000000000", 1000000000000000000}};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    uint64_t b = birthday_of(s, parse(s, known[i].game));
    CHECK(b == known[i].birthday, "birthday of %s: %llu, want %llu", known[i].game,
          (unsigned long long)b, (unsigned long long)known[i].birthday);
  }
  static const char *const walked[] = {"7/8", "-13/4", "5*3", "^*2", "v5*", "1/2^", "3v*"};
  for (size_t i = 0; i < sizeof walked / sizeof *walked; i++) {
    nb_cg g = parse(s, walked[i]);
    CHECK(birthday_of(s, g) == plain_birthday(s, g), "birthday of %s against the definition",
          walked[i]);
  }
  /* the closed form for x + k.^ (+ *) (props.c) against the walk */
  static const char *const xs[] = {"", "1", "-1/2", "3/4", "5", "-13/8"};
  for (size_t i = 0; i < sizeof xs / sizeof *xs; i++)
    for (int k = -7; k <= 7; k++)
      for (int star = 0; star < 2 && k != 0; star++) {
        char text[64];
        snprintf(text, sizeof text, "%s%c%d%s", xs[i], k > 0 ? '^' : 'v', k > 0 ? k : -k,
                 star ? "*" : "");
        nb_cg g = parse(s, text);
        CHECK(birthday_of(s, g) == plain_birthday(s, g), "birthday of %s against the walk", text);
      }
  CHECK(birthday_of(s, parse(s, "^536870911")) == 536870912, "birthday of ^536870911");
  uint64_t rng = seed; /* sums of two day-3 games, born by day 6 */
  for (int i = 0; i < (quick ? 100 : 400); i++) {
    nb_cg g = add(s, day3[check_range(&rng, 0, day3_count - 1)],
                  day3[check_range(&rng, 0, day3_count - 1)]);
    uint64_t b = birthday_of(s, g);
    CHECK(b == plain_birthday(s, g) && b <= 6, "birthday of a sum against the definition");
  }
}

/* ---- Atomic weights, reduced canonical forms, thermograph walls ------------------------------ */

static void mean_temp(nb_cg_store *s, nb_cg g, nb_dyadic *m, nb_dyadic *t);

/* The atomic weight of g, or UINT32_MAX where it is undefined. */
static nb_cg weight_of(nb_cg_store *s, nb_cg g) {
  nb_error err;
  nb_cg w = 0;
  bool defined = false;
  CHECK_OK(nb_cg_atomic_weight(s, g, &w, &defined, &err), &err);
  return defined ? w : UINT32_MAX;
}

static nb_cg reduced_of(nb_cg_store *s, nb_cg g) {
  nb_error err;
  nb_cg r = 0;
  CHECK_OK(nb_cg_reduced(s, g, &r, &err), &err);
  return r;
}

/* Whether g - h is infinitesimal, by the definition: -x < g - h < x for x = 2^-20, a number
 * smaller than any gap between the stops of games born by day 6 (dyadics of exponent <= 6). */
static bool inf_close(nb_cg_store *s, nb_cg g, nb_cg h) {
  nb_error err;
  nb_cg d = add(s, g, neg(s, h)), x;
  CHECK_OK(nb_cg_make_number(s, (nb_dyadic){1, 20}, &x, &err), &err);
  return leq(s, d, x) && leq(s, neg(s, x), d) && !leq(s, x, d) && !leq(s, d, neg(s, x));
}

/* Whether g is all-small, by the definition: in every subposition Left can move iff Right can. */
static bool plain_all_small(nb_cg_store *s, nb_cg g) {
  nb_cg opts[2][64];
  size_t n[2] = {options(s, g, NB_LEFT, opts[0], 64), options(s, g, NB_RIGHT, opts[1], 64)};
  if ((n[0] == 0) != (n[1] == 0)) return false;
  for (int side = 0; side < 2; side++)
    for (size_t i = 0; i < n[side]; i++)
      if (!plain_all_small(s, opts[side][i])) return false;
  return true;
}

static void test_atomic_weights(nb_cg_store *s, uint64_t seed) {
  /* Published (Winning Ways ch. 8; Siegel, CGT, 2013, II.7): aw(^) = 1, aw(^^*) = 2 for
   * ^^* = {0|^}, aw(*) = 0, aw(*m) = 0, aw(v) = -1; numbers other than 0 have none. */
  static const struct {
    const char *game, *weight;
  } known[] = {{"^", "1"},   {"{0|^}", "2"}, {"*", "0"},  {"*5", "0"},   {"v", "-1"},
               {"^3*", "3"}, {"0", "0"},     {"1", NULL}, {"+-1", NULL}, {"{0|{0|-2}}", NULL}};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    nb_cg w = weight_of(s, parse(s, known[i].game));
    bool ok = known[i].weight == NULL ? w == UINT32_MAX
                                      : w != UINT32_MAX && w == parse(s, known[i].weight);
    CHECK(ok, "atomic weight of %s", known[i].game);
  }
  nb_cg small[1474];
  size_t k = 0;
  for (size_t i = 0; i < day3_count; i++) {
    bool defined = weight_of(s, day3[i]) != UINT32_MAX;
    CHECK(defined == plain_all_small(s, day3[i]), "atomic weight defined iff all-small");
    if (defined) small[k++] = day3[i];
  }
  CHECK(k > 20, "%zu all-small games born by day 3", k);
  /* Laws (Winning Ways ch. 8; CGT II.7): aw(G + H) = aw(G) + aw(H), aw(-G) = -aw(G); the two-ahead
   * rule: aw(G) >= 2 implies G > 0, aw(G) <= -2 implies G < 0. */
  uint64_t rng = seed;
  nb_cg two = parse(s, "2"), minus_two = parse(s, "-2");
  for (int i = 0; i < (quick ? 150 : 600); i++) {
    nb_cg g = small[check_range(&rng, 0, k - 1)], h = small[check_range(&rng, 0, k - 1)];
    nb_cg wg = weight_of(s, g), wh = weight_of(s, h), wgh = weight_of(s, add(s, g, h));
    CHECK(wgh != UINT32_MAX && wgh == add(s, wg, wh), "aw(G + H) != aw(G) + aw(H)");
    CHECK(weight_of(s, neg(s, g)) == neg(s, wg), "aw(-G) != -aw(G)");
    nb_cg sum = add(s, g, h);
    if (leq(s, two, wgh)) CHECK(outcome(s, sum) == NB_OUTCOME_L, "aw >= 2 but not G > 0");
    if (leq(s, wgh, minus_two)) CHECK(outcome(s, sum) == NB_OUTCOME_R, "aw <= -2 but not G < 0");
  }
}

static void test_reduced(nb_cg_store *s, uint64_t seed) {
  /* Published (Siegel, CGT, 2013, II.6): rcf(^) = 0, rcf(*) = 0; infinitesimals reduce to 0. */
  static const char *const known[][2] = {{"^", "0"},          {"*", "0"},        {"^^*", "0"},
                                         {"{0|{0|-2}}", "0"}, {"+-1", "+-1"},    {"{1|*}", "{1|0}"},
                                         {"1^*", "1"},        {"{2|1}", "{2|1}"}};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++)
    CHECK(reduced_of(s, parse(s, known[i][0])) == parse(s, known[i][1]), "rcf(%s) != %s",
          known[i][0], known[i][1]);
  /* By the definition on the games born by day 3: rcf(G) is infinitesimally close to G, is its
   * own reduced form, and is born no later than any game born by day 3 close to G (the
   * simplest); games close to each other have one reduced form. */
  uint64_t rng = seed;
  for (size_t i = 0; i < day3_count; i++) {
    nb_cg g = day3[i], r = reduced_of(s, g);
    CHECK(inf_close(s, g, r), "G - rcf(G) is not infinitesimal");
    CHECK(reduced_of(s, r) == r, "rcf(rcf(G)) != rcf(G)");
  }
  for (int i = 0; i < (quick ? 3 : 12); i++) {
    nb_cg g = day3[check_range(&rng, 0, day3_count - 1)], r = reduced_of(s, g);
    for (size_t j = 0; j < day3_count; j++) {
      if (!inf_close(s, g, day3[j])) continue;
      CHECK(reduced_of(s, day3[j]) == r, "games infinitesimally close have two reduced forms");
      CHECK(birthday_of(s, r) <= birthday_of(s, day3[j]), "rcf(G) is not the simplest");
    }
  }
}

/* The walls by their definition at t = 0 (the stops) and at their top (mean, temperature). */
static void test_walls(nb_cg_store *s) {
  nb_error err;
  for (size_t i = 0; i < day3_count; i += 7) {
    nb_cg g = day3[i];
    nb_dyadic val[2][64], tmp[2][64], l, r, m, t;
    size_t n[2];
    for (int side = 0; side < 2; side++)
      CHECK_OK(
          nb_cg_thermograph_wall(s, g, (nb_player)side, val[side], tmp[side], 64, &n[side], &err),
          &err);
    CHECK_OK(nb_cg_stops(s, g, &l, &r, &err), &err);
    mean_temp(s, g, &m, &t);
    for (int side = 0; side < 2; side++) {
      CHECK(n[side] >= 1 && n[side] <= 64 && tmp[side][0].num == -1 && tmp[side][0].exp == 0,
            "a wall starts at t = -1");
      CHECK(nb_dyadic_cmp(val[side][n[side] - 1], m) == 0 &&
                nb_dyadic_cmp(tmp[side][n[side] - 1], t) == 0,
            "a wall ends at the mast's foot");
      for (size_t j = 1; j < n[side]; j++)
        CHECK(nb_dyadic_cmp(tmp[side][j - 1], tmp[side][j]) < 0, "temperatures increase");
    }
    if (nb_cg_get_number(s, g, NULL)) continue;
    for (int side = 0; side < 2; side++) { /* the value at t = 0: on the segment across it */
      nb_dyadic at0 = val[side][n[side] - 1], zero = {0, 0};
      for (size_t j = 1; j < n[side]; j++) {
        if (nb_dyadic_cmp(tmp[side][j - 1], zero) >= 0 || nb_dyadic_cmp(tmp[side][j], zero) < 0)
          continue;
        nb_dyadic d; /* slope -1, 0 or 1: value at 0 = v_j - slope * t_j */
        nb_dyadic_sub(val[side][j], val[side][j - 1], &d);
        int slope = nb_dyadic_cmp(d, zero);
        at0 = val[side][j];
        if (slope > 0) nb_dyadic_sub(val[side][j], tmp[side][j], &at0);
        if (slope < 0) nb_dyadic_add(val[side][j], tmp[side][j], &at0);
      }
      CHECK(nb_dyadic_cmp(at0, side ? r : l) == 0, "the %s wall at t = 0 is not the stop",
            side ? "right" : "left");
    }
  }
}

/* ---- Laws on random games ------------------------------------------------------------------ */

/* The left (or right) stop by its definition, over the engine's options. */
static nb_dyadic stop_of(nb_cg_store *s, nb_cg g, bool left) {
  nb_dyadic x, best = {0, 0};
  if (nb_cg_get_number(s, g, &x)) return x;
  nb_cg opts[64];
  size_t n = options(s, g, left ? NB_LEFT : NB_RIGHT, opts, 64);
  for (size_t i = 0; i < n; i++) {
    x = stop_of(s, opts[i], !left);
    if (i == 0 || (left ? nb_dyadic_cmp(x, best) > 0 : nb_dyadic_cmp(x, best) < 0)) best = x;
  }
  return best;
}

static void mean_temp(nb_cg_store *s, nb_cg g, nb_dyadic *m, nb_dyadic *t) {
  nb_error err;
  CHECK_OK(nb_cg_mean_temperature(s, g, m, t, &err), &err);
}

/* A random game: born by day 3, or (one time in four) the sum of two such. */
static nb_cg random_game(nb_cg_store *s, uint64_t *rng) {
  nb_cg a = day3[check_range(rng, 0, day3_count - 1)];
  if (check_range(rng, 0, 3) > 0) return a;
  return add(s, a, day3[check_range(rng, 0, day3_count - 1)]);
}

static void check_laws(nb_cg_store *s, nb_cg g, nb_cg h, nb_cg k) {
  nb_error err;
  char *tg = text_of(s, g), *th = text_of(s, h);
  nb_cg gh = add(s, g, h);
  CHECK(add(s, g, neg(s, g)) == NB_CG_ZERO, "G - G != 0 for G = %s", tg);
  CHECK(gh == add(s, h, g), "G + H != H + G for %s, %s", tg, th);
  CHECK(add(s, gh, k) == add(s, g, add(s, h, k)), "(G + H) + K != G + (H + K) for %s, %s", tg, th);
  nb_cg opts[2][64], same;
  size_t nl = options(s, g, NB_LEFT, opts[0], 64), nr = options(s, g, NB_RIGHT, opts[1], 64);
  CHECK_OK(nb_cg_from_options(s, opts[0], nl, opts[1], nr, &same, &err), &err);
  CHECK(same == g, "canonical form of the options of %s is another game", tg);
  bool le = leq(s, g, h), ge = leq(s, h, g);
  CHECK((le && ge) == (g == h), "G <= H and H <= G but G != H (or the reverse): %s, %s", tg, th);
  nb_cg_order order;
  CHECK_OK(nb_cg_compare(s, g, h, &order, &err), &err);
  nb_cg diff;
  CHECK_OK(nb_cg_subtract(s, g, h, &diff, &err), &err);
  static const nb_outcome want[] = {NB_OUTCOME_P, NB_OUTCOME_R, NB_OUTCOME_L, NB_OUTCOME_N};
  CHECK(outcome(s, diff) == want[order], "compare(%s, %s) = %d but G - H is %c", tg, th, (int)order,
        nb_outcome_letter(outcome(s, diff)));
  /* Means add up; a number shifts the mean and keeps the temperature. */
  nb_dyadic mg, tg_, mh, th_, mgh, tgh, sum;
  mean_temp(s, g, &mg, &tg_);
  mean_temp(s, h, &mh, &th_);
  mean_temp(s, gh, &mgh, &tgh);
  CHECK(nb_dyadic_add(mg, mh, &sum) && nb_dyadic_cmp(sum, mgh) == 0,
        "mean(G + H) != mean(G) + mean(H) for %s, %s", tg, th);
  nb_dyadic mn, tn;
  mean_temp(s, neg(s, g), &mn, &tn);
  CHECK(mn.num == -mg.num && mn.exp == mg.exp && nb_dyadic_cmp(tn, tg_) == 0,
        "mean or temperature of -G for %s", tg);
  nb_dyadic x;
  if (nb_cg_get_number(s, h, &x) && !nb_cg_get_number(s, g, NULL)) {
    CHECK(nb_dyadic_cmp(tgh, tg_) == 0, "temperature(G + x) != temperature(G): %s, %s", tg, th);
  }
  nb_dyadic l, r;
  CHECK_OK(nb_cg_stops(s, g, &l, &r, &err), &err);
  CHECK(nb_dyadic_cmp(l, stop_of(s, g, true)) == 0 && nb_dyadic_cmp(r, stop_of(s, g, false)) == 0,
        "stops of %s", tg);
  CHECK(nb_dyadic_cmp(l, mg) >= 0 && nb_dyadic_cmp(mg, r) >= 0, "mean of %s outside its stops", tg);
  free(tg);
  free(th);
}

/* read(print(G)) = G, and a fresh store prints it the same (the text depends on G only). */
static void check_round_trip(nb_cg_store *s, nb_cg_store *fresh, nb_cg g) {
  char *t = text_of(s, g);
  CHECK(parse(s, t) == g, "read(print(G)) != G for %s", t);
  char *t2 = text_of(fresh, parse(fresh, t));
  CHECK(strcmp(t, t2) == 0, "'%s' printed '%s' in a fresh store", t, t2);
  free(t);
  free(t2);
}

/* Expressions against the algebra: "(G) - (G)" reads as 0, "-(-(G))" as G, "G + H" as the sum,
 * "-G" as the negative, "G - H" as the difference, written in several spacings. */
static void check_expressions(nb_cg_store *s, nb_cg g, nb_cg h) {
  char *tg = text_of(s, g), *th = text_of(s, h);
  size_t cap = 2 * (strlen(tg) + strlen(th)) + 32;
  char *e = malloc(cap);
  snprintf(e, cap, "(%s) - (%s)", tg, tg);
  CHECK(parse(s, e) == NB_CG_ZERO, "'%s' is not 0", e);
  snprintf(e, cap, "-(-(%s))", tg);
  CHECK(parse(s, e) == g, "'%s' is not G", e);
  snprintf(e, cap, "-%s", tg);
  bool signed_number = tg[0] == '-' || (tg[0] >= '0' && tg[0] <= '9'); /* -1^ is -1 + ^ */
  CHECK(signed_number || parse(s, e) == neg(s, g), "'%s' is not -G", e);
  snprintf(e, cap, "- (%s)", tg);
  CHECK(parse(s, e) == neg(s, g), "'%s' is not -G", e);
  snprintf(e, cap, "%s + %s", tg, th);
  CHECK(parse(s, e) == add(s, g, h), "'%s' is not G + H", e);
  snprintf(e, cap, "(%s) -(%s)", tg, th);
  CHECK(parse(s, e) == add(s, g, neg(s, h)), "'%s' is not G - H", e);
  snprintf(e, cap, "{%s + %s|}", tg, th); /* a sum as an option: {G + H |} */
  nb_cg opt = add(s, g, h), want;
  nb_error err;
  CHECK_OK(nb_cg_from_options(s, &opt, 1, NULL, 0, &want, &err), &err);
  CHECK(parse(s, e) == want, "'%s' is not {G + H |}", e);
  free(e);
  free(tg);
  free(th);
}

static void test_laws(nb_cg_store *s, uint64_t seed) {
  nb_error err;
  nb_cg_store *fresh;
  CHECK_OK(nb_cg_store_new(1 << 26, &fresh, &err), &err);
  uint64_t rng = seed;
  size_t count = quick ? 60 : 300;
  for (size_t i = 0; i < count; i++) {
    nb_cg g = random_game(s, &rng), h = random_game(s, &rng);
    nb_cg k = day3[check_range(&rng, 0, day3_count - 1)];
    if (i % 4 == 0)
      CHECK_OK(
          nb_cg_make_nus(s, (nb_cg_nus){{(int64_t)i % 7 - 3, (uint8_t)(i % 3)}, 0, 0}, &h, &err),
          &err);
    check_laws(s, g, h, k);
    check_round_trip(s, fresh, g);
    check_expressions(s, g, h);
  }
  for (size_t i = 0; i < day3_count; i++)
    check_round_trip(s, fresh, day3[i]);
  nb_cg_store_free(fresh);
}

/* Mutated game texts: each is read or refused with a column, never a crash; what is read
 * prints canonically and reads back to itself. */
static void test_mutated_notation(nb_cg_store *s, uint64_t seed) {
  static const char alphabet[] = "{}|,*^v+-/()0123456789 x";
  uint64_t rng = seed;
  size_t count = quick ? 500 : 3000;
  for (size_t i = 0; i < count; i++) {
    char *t = text_of(s, day3[check_range(&rng, 0, day3_count - 1)]);
    size_t len = strlen(t);
    char *m = malloc(len + 8);
    memcpy(m, t, len + 1);
    for (int k = (int)check_range(&rng, 1, 3); k > 0; k--) {
      size_t at = (size_t)check_range(&rng, 0, len);
      char c = alphabet[check_range(&rng, 0, sizeof alphabet - 2)];
      uint64_t how = check_range(&rng, 0, 2);
      if (how == 0 && at < len) { /* replace */
        m[at] = c;
      } else if (how == 1) { /* insert */
        memmove(m + at + 1, m + at, len - at + 1);
        m[at] = c;
        len++;
      } else if (at < len) { /* delete */
        memmove(m + at, m + at + 1, len - at);
        len--;
      }
    }
    nb_error err;
    nb_cg g;
    nb_status st = nb_cg_parse(s, m, &g, &err);
    CHECK(st == NB_OK || (st == NB_EUSAGE && strncmp(err.message, "column ", 7) == 0) ||
              st == NB_EDATA,
          "'%s': status %d, %s", m, (int)st, st == NB_OK ? "" : err.message);
    if (st == NB_OK) {
      char *again = text_of(s, g);
      CHECK(parse(s, again) == g, "'%s' read as '%s', which reads back differently", m, again);
      free(again);
    }
    free(m);
    free(t);
  }
}

/* ---- Limits --------------------------------------------------------------------------------- */

static void test_limits(void) {
  nb_error err;
  nb_cg_store *s;
  CHECK_OK(nb_cg_store_new(0, &s, &err), &err); /* the smallest store: 64 KiB */
  nb_cg total = NB_CG_ZERO;
  nb_status st = NB_OK;
  const char *parts[] = {"{2|{1|0}}", "{{3|1}|-2}", "+-5", "{4|{2|-4}}", "^*", "{1|*}"};
  for (size_t i = 0; i < 1000 && st == NB_OK; i++) {
    nb_cg g;
    st = nb_cg_parse(s, parts[i % 6], &g, &err);
    if (st == NB_OK) st = nb_cg_add(s, total, g, &total, &err);
  }
  CHECK(st == NB_EDATA && strstr(err.message, "game store full") != NULL,
        "a full store: status %d, %s", (int)st, err.message);
  CHECK(nb_cg_store_bytes(s) <= 64 * 1024, "store holds %zu bytes, cap 64 KiB",
        nb_cg_store_bytes(s));
  CHECK(s->depth == 0, "recursion depth %u after a full store", s->depth);
  CHECK(add(s, parse(s, "1"), parse(s, "1")) == parse(s, "2"), "a full store still adds 1 + 1");
  nb_cg_store_free(s);

  CHECK_OK(nb_cg_store_new(1 << 24, &s, &err), &err);
  nb_cg g = parse(s, "{{3|1}|{-2|-5}}");
  char *t = NULL;
  size_t len;
  CHECK(nb_cg_format(s, g, 10, &t, &len, &err) == NB_EDATA &&
            strcmp(err.message, "the canonical form is longer than 10 bytes") == 0,
        "print cap: %s", t == NULL ? err.message : t);
  CHECK_OK(nb_cg_format(s, g, 15, &t, &len, &err), &err); /* exactly 15 bytes fit */
  CHECK(len == 15 && strcmp(t, "{{3|1}|{-2|-5}}") == 0, "print at its length: %s", t);
  free(t);
  /* A sum needing a recursion deeper than the bound is refused, not a crash. */
  nb_cg downs, sum;
  CHECK_OK(nb_cg_make_nus(s, (nb_cg_nus){{0, 0}, -(NB_CG_MAX_DEPTH + 100), 0}, &downs, &err), &err);
  CHECK(nb_cg_add(s, downs, parse(s, "+-1"), &sum, &err) == NB_EDATA &&
            strstr(err.message, "too deep") != NULL,
        "deep sum: %s", err.message);
  CHECK(s->depth == 0, "recursion depth %u after the refusal", s->depth);
  nb_cg x = parse(s, "{3|1}"), y = parse(s, "+-1");
  CHECK(add(s, add(s, x, y), neg(s, y)) == x, "the store works after that");
  /* Games nested within the bound go through every recursion of the engine (the sanitizer
   * run checks that the C stack holds): G_{i+1} = {G_i | -100}, G_0 = +-1, to half the bound
   * for a sum (which recurses as deep as both summands and their comparisons), then to the
   * bound for the rest. */
  nb_cg deep = parse(s, "+-1"), m, minus100 = parse(s, "-100");
  for (int depth = 1; depth < NB_CG_MAX_DEPTH - 100; depth++) {
    CHECK_OK(nb_cg_from_options(s, &deep, 1, &minus100, 1, &deep, &err), &err);
    if (depth == NB_CG_MAX_DEPTH / 2) {
      nb_cg up = parse(s, "^"), with_up = add(s, deep, up);
      CHECK(add(s, with_up, neg(s, up)) == deep, "(G + ^) + v = G at depth %d", depth);
    }
    if (depth != NB_CG_MAX_DEPTH - 101) continue;
    char *deep_text = text_of(s, deep);
    CHECK(parse(s, deep_text) == deep, "read(print(G)) for G of depth %d", depth);
    free(deep_text);
    nb_dyadic mean, temp;
    CHECK_OK(nb_cg_mean_temperature(s, deep, &mean, &temp, &err), &err);
    CHECK_OK(nb_cg_negate(s, deep, &m, &err), &err);
    CHECK(leq(s, deep, parse(s, "^")) && !leq(s, parse(s, "{1|-101}"), deep) &&
              outcome(s, deep) == NB_OUTCOME_R,
          "comparisons at depth %d", depth);
  }
  /* Numbers beyond 64 bits are refused. */
  nb_cg big = parse(s, "9223372036854775807");
  CHECK(nb_cg_add(s, big, parse(s, "1"), &sum, &err) == NB_EDATA &&
            strstr(err.message, "out of range") != NULL,
        "overflow: %s", err.message);
  nb_cg_store_free(s);
}

/* Every allocation of a small workload failing in turn: each failure is a clean error. */
static void test_allocation_failures(void) {
  for (uint64_t n = 1;; n++) {
    nb_error err;
    nb_cg_store *s = NULL;
    nb_cg a, b, sum;
    nb_dyadic m, t;
    char *text = NULL;
    size_t len;
    nb_alloc_fail_after(n);
    nb_status st = nb_cg_store_new(1 << 22, &s, &err);
    if (st == NB_OK) st = nb_cg_parse(s, "{2|{1|0}}", &a, &err);
    if (st == NB_OK) st = nb_cg_parse(s, "{{3|1}|-2, *}", &b, &err);
    if (st == NB_OK) st = nb_cg_add(s, a, b, &sum, &err);
    if (st == NB_OK) st = nb_cg_mean_temperature(s, sum, &m, &t, &err);
    if (st == NB_OK) st = nb_cg_format(s, sum, 1000, &text, &len, &err);
    uint64_t used = nb_alloc_fail_after(0);
    free(text);
    nb_cg_store_free(s);
    CHECK(st == NB_OK || st == NB_EINTERNAL, "allocation %llu failing: status %d",
          (unsigned long long)n, (int)st);
    if (st == NB_OK || n > 100000) {
      CHECK(st == NB_OK && n > 10, "workload never completed (%llu allocations)",
            (unsigned long long)used);
      break;
    }
  }
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  nb_error err;
  nb_cg_store *s;
  test_textbook_notation();
  test_thermography();
  test_malformed();
  CHECK_OK(nb_cg_store_new(1 << 28, &s, &err), &err);
  test_born_by_day(s);
  test_nus_table(s);
  test_against_plain(s, 1);
  test_stop_scales(s);
  test_laws(s, 2);
  test_birthdays(s, 4);
  test_atomic_weights(s, 5);
  test_reduced(s, 6);
  test_walls(s);
  test_mutated_notation(s, 3);
  nb_cg_store_free(s);
  free(day3);
  test_limits();
  test_allocation_failures();
  return check_done();
}
