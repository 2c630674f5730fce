/*
 * test_cgt_api.c: the short-game algebra as a library user and a plug-in see it, through the
 * installed header nimber_cgt.h alone (no internal header: the guard below fails the build if
 * one slips in).
 *
 *   - published facts, each with its source: the games born by day 2, up and its relatives,
 *     switches, nim addition, numbers and simplicity, means, temperatures and stops;
 *   - the constants (integers, numbers, nimbers, ups) against the notation;
 *   - algebra laws on random games born by day 3 (options drawn from the 22 games born by day
 *     2): G + -G = 0, commutativity, associativity, the sum of a list, subtraction, -(-G) = G,
 *     compare agreeing with leq and with the outcome of G - H, the outcome with compare(G, 0),
 *     switches, means adding up, the options of -G being the negatives of G's,
 *     from_options(options of G) = G, and read(print(G)) = G;
 *   - errors: malformed notation names its column; a store at its cap refuses with NB_EDATA and
 *     stays usable.
 */
#include <nimber_cgt.h>

#if defined(NB_INTERNAL_H) || defined(NB_BASE_BASE_H) || defined(NB_CGT_CGT_H)
#error "test_cgt_api.c must use the public headers only"
#endif

#include "cg_calls.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

/* ---- Small wrappers: every call must succeed --------------------------------------------------
 */

static nb_cg braces(nb_cg_store *s, const nb_cg *l, size_t nl, const nb_cg *r, size_t nr) {
  nb_error err;
  nb_cg g = NB_CG_ZERO;
  CHECK_OK(nb_cg_from_options(s, l, nl, r, nr, &g, &err), &err);
  return g;
}

static bool leq(nb_cg_store *s, nb_cg a, nb_cg b) {
  nb_error err;
  bool r = false;
  CHECK_OK(nb_cg_leq(s, a, b, &r, &err), &err);
  return r;
}

static nb_cg_order compare(nb_cg_store *s, nb_cg a, nb_cg b) {
  nb_error err;
  nb_cg_order o = NB_CG_EQUAL;
  CHECK_OK(nb_cg_compare(s, a, b, &o, &err), &err);
  return o;
}

static nb_outcome outcome(nb_cg_store *s, nb_cg g) {
  nb_error err;
  nb_outcome o = NB_OUTCOME_P;
  CHECK_OK(nb_cg_outcome(s, g, &o, &err), &err);
  return o;
}

/* The options of g for who, copied into opts (room for cap); returns their count. */
static size_t options(nb_cg_store *s, nb_cg g, nb_player who, nb_cg *opts, size_t cap) {
  nb_error err;
  const nb_cg *list = NULL;
  size_t n = 0;
  CHECK_OK(nb_cg_options(s, g, who, &list, &n, &err), &err);
  if (n > cap) {
    fprintf(stderr, "a game with %zu options, more than the test's %zu\n", n, cap);
    exit(1);
  }
  if (n > 0) memcpy(opts, list, n * sizeof *opts);
  return n;
}

static nb_dyadic dyadic(int64_t num, unsigned exp) {
  nb_dyadic x = {0, 0};
  if (!nb_dyadic_make(num, exp, &x)) {
    fprintf(stderr, "no dyadic %lld/2^%u\n", (long long)num, exp);
    exit(1);
  }
  return x;
}

/* The mean and temperature of g as text, "MEAN TEMPERATURE". */
static void mean_temp(nb_cg_store *s, nb_cg g, char out[64]) {
  nb_error err;
  nb_dyadic m, t;
  char a[32], b[32];
  CHECK_OK(nb_cg_mean_temperature(s, g, &m, &t, &err), &err);
  nb_dyadic_format(m, a, sizeof a);
  nb_dyadic_format(t, b, sizeof b);
  snprintf(out, 64, "%s %s", a, b);
}

/* g printed equals want. */
static void check_text(nb_cg_store *s, nb_cg g, const char *want, const char *what) {
  char *t = text_of(s, g);
  CHECK(strcmp(t, want) == 0, "%s is %s, expected %s", what, t, want);
  free(t);
}

/* ---- Published facts ---------------------------------------------------------------------------
 */

/* Winning Ways (Berlekamp, Conway, Guy, 2nd ed.), ch. 3 ("up", "star"; "up-star is fuzzy, but
 * double-up-star is positive"), ch. 1-2 (numbers, the simplicity rule), ch. 6 (switches,
 * temperature); Siegel, Combinatorial Game Theory (AMS 2013), II.2-II.5; Conway, On Numbers and
 * Games, ch. 7 (nim addition). */
static void test_published(nb_cg_store *s) {
  nb_cg zero = NB_CG_ZERO, star = parse(s, "*"), up = parse(s, "^");
  nb_cg one = parse(s, "1"), minus_one = parse(s, "-1");
  /* {0|*} = ^ (WW ch. 3), its options read back as 0 and *. */
  CHECK(braces(s, &zero, 1, &star, 1) == up, "{0|*} is not ^");
  nb_cg opts[8];
  CHECK(options(s, up, NB_LEFT, opts, 8) == 1 && opts[0] == zero, "Left's option of ^ is not 0");
  CHECK(options(s, up, NB_RIGHT, opts, 8) == 1 && opts[0] == star, "Right's of ^ is not *");
  /* ^ > 0, yet ^ || *: ^* = ^ + * = {0,*|0} is fuzzy, a first-player win (WW ch. 3). */
  nb_cg up_star = add(s, up, star), zero_star[2] = {zero, star};
  CHECK(compare(s, up, zero) == NB_CG_GREATER, "^ is not positive");
  CHECK(compare(s, up, star) == NB_CG_CONFUSED, "^ is not confused with *");
  CHECK(outcome(s, up_star) == NB_OUTCOME_N, "^* is not a first-player win");
  CHECK(braces(s, zero_star, 2, &zero, 1) == up_star, "{0,*|0} is not ^*");
  check_text(s, up_star, "^*", "^ + *");
  /* ^ + ^ + * is positive, not confused (WW ch. 3: "double-up-star is positive"): ^^* > 0. */
  nb_cg games[3] = {up, up, star}, double_up_star;
  nb_error err;
  CHECK_OK(nb_cg_sum(s, games, 3, &double_up_star, &err), &err);
  CHECK(outcome(s, double_up_star) == NB_OUTCOME_L, "^^* is not positive");
  CHECK(braces(s, &zero, 1, &up, 1) == double_up_star, "{0|^} is not ^^*");
  /* * + * = 0 and *2 + *3 = *1: nimbers add as nim-sum, 2 xor 3 = 1 (ONAG ch. 7). */
  nb_cg star2 = parse(s, "*2"), star3 = parse(s, "*3");
  CHECK(add(s, star, star) == zero, "* + * is not 0");
  CHECK(add(s, star2, star3) == star, "*2 + *3 is not *");
  /* {1|-1} = +-1, a switch, hot: mean 0, temperature 1; +-1 + +-1 = 0 (WW ch. 6). */
  nb_cg pm1 = braces(s, &one, 1, &minus_one, 1);
  bool is_switch = false;
  char mt[64];
  check_text(s, pm1, "+-1", "{1|-1}");
  CHECK_OK(nb_cg_is_switch(s, pm1, &is_switch, &err), &err);
  CHECK(is_switch, "+-1 is not a switch");
  CHECK(add(s, pm1, pm1) == zero, "+-1 + +-1 is not 0");
  mean_temp(s, pm1, mt);
  CHECK(strcmp(mt, "0 1") == 0, "mean and temperature of +-1: %s, expected 0 1", mt);
  /* {3|-1}: mean (3 + -1)/2 = 1, temperature (3 - -1)/2 = 2; stops 3 and -1 (Siegel II.5). */
  nb_cg hot = parse(s, "{3|-1}");
  nb_dyadic ls, rs;
  mean_temp(s, hot, mt);
  CHECK(strcmp(mt, "1 2") == 0, "mean and temperature of {3|-1}: %s, expected 1 2", mt);
  CHECK_OK(nb_cg_stops(s, hot, &ls, &rs, &err), &err);
  CHECK(nb_dyadic_cmp(ls, dyadic(3, 0)) == 0 && nb_dyadic_cmp(rs, dyadic(-1, 0)) == 0,
        "stops of {3|-1} are not 3 and -1");
  /* Numbers: {0|1} = 1/2, 1/2 + 1/2 = 1, {1|} = 2, and {-1|1} = 0 (the simplest number between:
   * WW ch. 2). Numbers are cold: 1/2 has temperature -1/2. */
  nb_cg half = braces(s, &zero, 1, &one, 1);
  CHECK(add(s, half, half) == one, "1/2 + 1/2 is not 1");
  CHECK(braces(s, &one, 1, NULL, 0) == parse(s, "2"), "{1|} is not 2");
  CHECK(braces(s, &minus_one, 1, &one, 1) == zero, "{-1|1} is not 0");
  mean_temp(s, half, mt);
  CHECK(strcmp(mt, "1/2 -1/2") == 0, "mean and temperature of 1/2: %s", mt);
  /* tiny = {0||0|-1} is positive and smaller than ^ (WW ch. 5, "tiny"). */
  nb_cg tiny = parse(s, "{0||0|-1}");
  CHECK(compare(s, tiny, zero) == NB_CG_GREATER, "tiny is not positive");
  CHECK(compare(s, tiny, up) == NB_CG_LESS, "tiny is not below ^");
}

/* The games born by day 2 (options among the 4 born by day 1: 0, 1, -1, *) are 22 (Siegel, CGT,
 * II.4; OEIS A065401: 1, 4, 22, 1474). Fills day2 with them. */
static size_t born_by_day2(nb_cg_store *s, nb_cg day2[32]) {
  nb_cg day1[4] = {NB_CG_ZERO, parse(s, "1"), parse(s, "-1"), parse(s, "*")};
  size_t count = 0;
  for (unsigned lmask = 0; lmask < 16; lmask++) {
    for (unsigned rmask = 0; rmask < 16; rmask++) {
      nb_cg l[4], r[4];
      size_t nl = 0, nr = 0;
      for (unsigned i = 0; i < 4; i++) {
        if (lmask >> i & 1) l[nl++] = day1[i];
        if (rmask >> i & 1) r[nr++] = day1[i];
      }
      nb_cg g = braces(s, l, nl, r, nr);
      bool seen = false;
      for (size_t j = 0; j < count; j++)
        seen = seen || day2[j] == g;
      if (!seen && count < 32) day2[count++] = g;
    }
  }
  CHECK(count == 22, "%zu games born by day 2, expected 22", count);
  return count;
}

/* ---- Constants
 * ----------------------------------------------------------------------------------- */

static void test_constants(nb_cg_store *s) {
  nb_error err;
  nb_cg g;
  CHECK_OK(nb_cg_make_integer(s, 3, &g, &err), &err);
  CHECK(g == parse(s, "3"), "make_integer(3) is not 3");
  CHECK_OK(nb_cg_make_integer(s, -1000000000000000000, &g, &err), &err);
  check_text(s, g, "-1000000000000000000", "make_integer(-10^18)");
  CHECK_OK(nb_cg_make_number(s, dyadic(-3, 3), &g, &err), &err);
  CHECK(g == parse(s, "-3/8"), "make_number(-3/8) is not -3/8");
  CHECK_OK(nb_cg_make_number(s, (nb_dyadic){6, 2}, &g, &err), &err); /* not reduced: 3/2 */
  CHECK(g == parse(s, "3/2"), "make_number(6/4) is not 3/2");
  nb_dyadic x;
  CHECK(nb_cg_get_number(s, g, &x) && x.num == 3 && x.exp == 1, "3/2 is not the number 3/2");
  CHECK_OK(nb_cg_make_nimber(s, 2, &g, &err), &err);
  CHECK(g == parse(s, "*2") && !nb_cg_get_number(s, g, NULL), "make_nimber(2) is not *2");
  CHECK_OK(nb_cg_make_nimber(s, 0, &g, &err), &err);
  CHECK(g == NB_CG_ZERO, "make_nimber(0) is not 0");
  CHECK_OK(nb_cg_make_ups(s, 2, &g, &err), &err);
  CHECK(g == parse(s, "^^"), "make_ups(2) is not ^^");
  CHECK_OK(nb_cg_make_ups(s, -1, &g, &err), &err);
  CHECK(g == parse(s, "v") && g == neg(s, parse(s, "^")), "make_ups(-1) is not v = -^");
  CHECK(nb_cg_make_ups(s, INT64_MIN, &g, &err) == NB_EDATA, "make_ups(INT64_MIN) accepted");
  CHECK(nb_cg_make_integer(s, INT64_MIN, &g, &err) == NB_EDATA, "make_integer(INT64_MIN)");
  nb_cg_nus v = {dyadic(1, 1), 1, 1}, back;
  CHECK_OK(nb_cg_make_nus(s, v, &g, &err), &err);
  check_text(s, g, "1/2^*", "1/2 + ^ + *");
  CHECK(nb_cg_get_nus(s, g, &back) && back.ups == 1 && back.nimber == 1 &&
            nb_dyadic_cmp(back.number, v.number) == 0,
        "the parts of 1/2^* do not read back");
  CHECK(!nb_cg_get_nus(s, parse(s, "{3|-1}"), NULL), "{3|-1} taken for a number-up-star");
}

/* ---- Laws on random games
 * -------------------------------------------------------------------------- */

/* A random game born by day 3: random sets of Left and Right options among day2[0..n). */
static nb_cg random_day3(nb_cg_store *s, const nb_cg *day2, size_t n, uint64_t *rng) {
  nb_cg l[32], r[32];
  size_t nl = 0, nr = 0;
  uint64_t lmask = check_rand(rng), rmask = check_rand(rng);
  /* about three options a side: each of the 22 with probability 1/8 (3 bits each: 66 bits,
   * the last one short, which only makes day2[21] a little likelier) */
  for (size_t i = 0; i < n; i++) {
    if ((lmask >> (3 * i) & 7) == 0) l[nl++] = day2[i];
    if ((rmask >> (3 * i) & 7) == 0) r[nr++] = day2[i];
  }
  return braces(s, l, nl, r, nr);
}

/* compare(a, b) from the outcome of a - b. */
static nb_cg_order order_of_outcome(nb_outcome o) {
  switch (o) {
  case NB_OUTCOME_P:
    return NB_CG_EQUAL;
  case NB_OUTCOME_L:
    return NB_CG_GREATER;
  case NB_OUTCOME_R:
    return NB_CG_LESS;
  default:
    return NB_CG_CONFUSED;
  }
}

static void check_order(nb_cg_store *s, nb_cg g, nb_cg h, const char *tg, const char *th) {
  nb_cg_order o = compare(s, g, h), back = compare(s, h, g);
  bool le = leq(s, g, h), ge = leq(s, h, g);
  nb_error err;
  nb_cg diff;
  CHECK_OK(nb_cg_subtract(s, g, h, &diff, &err), &err);
  CHECK(diff == add(s, g, neg(s, h)), "G - H is not G + -H for %s, %s", tg, th);
  CHECK(o == order_of_outcome(outcome(s, diff)), "compare(%s, %s) is not the sign of G - H", tg,
        th);
  CHECK((o == NB_CG_EQUAL) == (g == h), "compare(%s, %s) = %d, IDs equal: %d", tg, th, (int)o,
        g == h);
  CHECK(le == (o == NB_CG_EQUAL || o == NB_CG_LESS), "leq(%s, %s) against compare", tg, th);
  CHECK(ge == (o == NB_CG_EQUAL || o == NB_CG_GREATER), "leq(%s, %s) against compare", th, tg);
  nb_cg_order flipped = o == NB_CG_LESS ? NB_CG_GREATER : o == NB_CG_GREATER ? NB_CG_LESS : o;
  CHECK(back == flipped, "compare(%s, %s) is not compare(%s, %s) turned", th, tg, tg, th);
}

/* The options of -G for who are the negatives of G's options for the other player. */
static void check_negative_options(nb_cg_store *s, nb_cg g, const char *tg) {
  nb_cg ng = neg(s, g), a[64], b[64];
  for (int side = 0; side < 2; side++) {
    nb_player who = side ? NB_RIGHT : NB_LEFT, other = side ? NB_LEFT : NB_RIGHT;
    size_t na = options(s, ng, who, a, 64), nb = options(s, g, other, b, 64);
    bool same = na == nb;
    for (size_t i = 0; same && i < nb; i++) {
      nb_cg want = neg(s, b[i]);
      bool found = false;
      for (size_t j = 0; j < na; j++)
        found = found || a[j] == want;
      same = found;
    }
    CHECK(same, "the options of -G are not the negatives of G's for G = %s", tg);
  }
}

static void check_one(nb_cg_store *s, nb_cg g, const char *tg) {
  nb_error err;
  nb_cg l[64], r[64], back = NB_CG_ZERO;
  size_t nl = options(s, g, NB_LEFT, l, 64), nr = options(s, g, NB_RIGHT, r, 64);
  CHECK(braces(s, l, nl, r, nr) == g, "from_options(options of %s) is another game", tg);
  CHECK_OK(nb_cg_parse(s, tg, &back, &err), &err);
  CHECK(back == g, "read(print(G)) is another game for %s", tg);
  CHECK(add(s, g, neg(s, g)) == NB_CG_ZERO, "G + -G is not 0 for %s", tg);
  CHECK(neg(s, neg(s, g)) == g, "-(-G) is not G for %s", tg);
  nb_cg_order o = compare(s, g, NB_CG_ZERO);
  static const nb_outcome of_order[4] = {NB_OUTCOME_P, NB_OUTCOME_R, NB_OUTCOME_L, NB_OUTCOME_N};
  CHECK(outcome(s, g) == of_order[o], "outcome of %s against compare with 0", tg);
  bool sw = false;
  CHECK_OK(nb_cg_is_switch(s, g, &sw, &err), &err);
  CHECK(sw == (g != NB_CG_ZERO && neg(s, g) == g), "is_switch(%s) = %d", tg, sw);
  check_negative_options(s, g, tg);
}

static void check_sums(nb_cg_store *s, nb_cg g, nb_cg h, nb_cg k, const char *tg) {
  nb_error err;
  nb_cg gh = add(s, g, h), three[3] = {g, h, k}, total;
  CHECK(gh == add(s, h, g), "G + H is not H + G (G = %s)", tg);
  CHECK(add(s, gh, k) == add(s, g, add(s, h, k)), "(G + H) + K is not G + (H + K) (G = %s)", tg);
  CHECK_OK(nb_cg_sum(s, three, 3, &total, &err), &err);
  CHECK(total == add(s, gh, k), "sum of G, H, K is not G + H + K (G = %s)", tg);
  nb_dyadic mg, mh, mgh, both;
  CHECK_OK(nb_cg_mean_temperature(s, g, &mg, NULL, &err), &err);
  CHECK_OK(nb_cg_mean_temperature(s, h, &mh, NULL, &err), &err);
  CHECK_OK(nb_cg_mean_temperature(s, gh, &mgh, NULL, &err), &err);
  CHECK(nb_dyadic_add(mg, mh, &both) && nb_dyadic_cmp(both, mgh) == 0,
        "mean(G + H) is not mean(G) + mean(H) (G = %s)", tg);
}

static void test_laws(nb_cg_store *s, bool quick) {
  nb_cg day2[32];
  size_t n = born_by_day2(s, day2);
  uint64_t rng = 2026;
  int rounds = quick ? 300 : 2000;
  unsigned seen[4] = {0};
  for (int i = 0; i < rounds; i++) {
    nb_cg g = random_day3(s, day2, n, &rng), h = random_day3(s, day2, n, &rng);
    nb_cg k = random_day3(s, day2, n, &rng);
    char *tg = text_of(s, g), *th = text_of(s, h);
    check_one(s, g, tg);
    check_order(s, g, h, tg, th);
    check_sums(s, g, h, k, tg);
    seen[compare(s, g, h)]++;
    free(tg);
    free(th);
  }
  /* the random pairs meet every relation, so each branch of the checks above was taken */
  for (int o = 0; o < 4; o++)
    CHECK(seen[o] > 0, "no random pair compared as %d", o);
}

/* ---- Errors
 * ---------------------------------------------------------------------------------------- */

static void test_errors(void) {
  nb_cg_store *s;
  nb_error err;
  CHECK_OK(nb_cg_store_new(0, &s, &err), &err); /* raised to 64 KiB */
  nb_cg g = NB_CG_ZERO;
  CHECK(nb_cg_parse(s, "{0|", &g, &err) == NB_EUSAGE &&
            strcmp(err.message, "column 4: expected '}', found end of text") == 0,
        "'{0|': %s", err.message);
  CHECK(nb_cg_parse(s, "{1|x}", &g, &err) == NB_EUSAGE && strncmp(err.message, "column 4:", 9) == 0,
        "'{1|x}': %s", err.message);
  CHECK(g == NB_CG_ZERO, "a failed parse wrote its result");
  /* The cap: distinct integers until the store refuses, then it still works. */
  nb_status st = NB_OK;
  int64_t made = 0;
  while (st == NB_OK && made < 10000000)
    st = nb_cg_make_integer(s, ++made, &g, &err);
  CHECK(st == NB_EDATA, "no refusal at the cap after %lld integers", (long long)made);
  CHECK(nb_cg_store_bytes(s) <= 64 * 1024, "the store holds %zu bytes", nb_cg_store_bytes(s));
  size_t games = nb_cg_store_games(s);
  CHECK(add(s, parse(s, "1"), parse(s, "1")) == parse(s, "2"), "1 + 1 is not 2 after the cap");
  CHECK(nb_cg_store_games(s) == games, "games were added for games already made");
  nb_cg_store_free(s);
  nb_cg_store_free(NULL);
}

/* ---- Defects found by a tester: each case failed before its fix ------------------------------
 */

/* The stops of a game whose thermograph was never asked for (it read an uncomputed cache). */
static void test_stops_first(void) {
  nb_cg_store *s;
  nb_error err;
  CHECK_OK(nb_cg_store_new(1 << 20, &s, &err), &err);
  nb_cg g = parse(s, "{3|-1}");
  nb_dyadic l = {0, 0}, r = {0, 0};
  CHECK_OK(nb_cg_stops(s, g, &l, &r, &err), &err);
  CHECK(l.num == 3 && l.exp == 0 && r.num == -1 && r.exp == 0,
        "stops of {3|-1}: %lld/2^%u %lld/2^%u", (long long)l.num, (unsigned)l.exp, (long long)r.num,
        (unsigned)r.exp);
  nb_cg_store_free(s);
}

/* A failed parse leaves *out as it was, also when the fault is after a whole game. */
static void test_parse_keeps_out(void) {
  nb_cg_store *s;
  nb_error err;
  CHECK_OK(nb_cg_store_new(1 << 20, &s, &err), &err);
  const char *bad[] = {"{1|2}x", "1 2", "* -", "{0|"};
  nb_cg sentinel = parse(s, "{5|-5}");
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    nb_cg g = sentinel;
    CHECK(nb_cg_parse(s, bad[i], &g, &err) == NB_EUSAGE, "'%s' was read", bad[i]);
    CHECK(g == sentinel, "the failed parse of '%s' wrote its result", bad[i]);
  }
  nb_cg_store_free(s);
}

/* Dyadics are reduced first, then checked; notation deeper than NB_CG_MAX_DEPTH is NB_EUSAGE;
 * past the step limit, games made without work (integers) are still made. */
static void test_header_claims(void) {
  nb_cg_store *s;
  nb_error err;
  CHECK_OK(nb_cg_store_new(64 << 20, &s, &err), &err);
  nb_dyadic x = {7, 7};
  CHECK(nb_dyadic_make(2, 63, &x) && x.num == 1 && x.exp == 62, "2/2^63 is not 1/2^62");
  CHECK(nb_dyadic_make(0, 200, &x) && x.num == 0 && x.exp == 0, "0/2^200 is not 0");
  x = (nb_dyadic){7, 7};
  CHECK(!nb_dyadic_make(INT64_MIN, 3, &x) && x.num == 7 && x.exp == 7, "INT64_MIN/8 was made");
  CHECK(!nb_dyadic_make(1, 63, &x) && x.num == 7 && x.exp == 7, "1/2^63 was made");
  nb_cg g = NB_CG_ZERO, h = NB_CG_ZERO;
  CHECK_OK(nb_cg_make_number(s, (nb_dyadic){2, 63}, &g, &err), &err);
  CHECK(nb_cg_get_number(s, g, &x) && x.num == 1 && x.exp == 62, "make_number(2/2^63)");
  h = g;
  CHECK(nb_cg_make_number(s, (nb_dyadic){INT64_MIN, 3}, &h, &err) == NB_EDATA && h == g,
        "make_number(INT64_MIN/2^3) was not refused");
  /* Notation nested too deep. */
  size_t depth = NB_CG_MAX_DEPTH + 1;
  char *text = malloc(2 * depth + 2);
  CHECK(text != NULL, "out of memory");
  if (text != NULL) {
    memset(text, '(', depth);
    text[depth] = '0';
    memset(text + depth + 1, ')', depth);
    text[2 * depth + 1] = '\0';
    CHECK(nb_cg_parse(s, text, &g, &err) == NB_EUSAGE, "%zu parentheses: %s", depth, err.message);
    free(text);
  }
  /* The step limit: work fails, integers are still made. */
  nb_cg a = parse(s, "{2|{1|0}}"), b = parse(s, "{{3|1}|-2}");
  nb_cg_store_limit_steps(s, 0);
  CHECK(nb_cg_add(s, a, b, &g, &err) == NB_EDATA, "a sum made past the step limit");
  CHECK(nb_cg_make_integer(s, 123456, &g, &err) == NB_OK, "no integer past the step limit");
  nb_cg half = NB_CG_ZERO;
  CHECK(nb_cg_make_number(s, dyadic(1, 1), &half, &err) == NB_OK, "no 1/2: %s", err.message);
  CHECK(nb_cg_add(s, g, half, &h, &err) == NB_OK, "no sum of numbers: %s", err.message);
  nb_dyadic m, t, l, r;
  CHECK(nb_cg_mean_temperature(s, b, &m, &t, &err) == NB_OK && m.num == 0 && t.num == 2 &&
            t.exp == 0,
        "mean and temperature of {{3|1}|-2}: %s", err.message);
  CHECK(nb_cg_stops(s, a, &l, &r, &err) == NB_OK && l.num == 2 && r.num == 1, "stops of {2|{1|0}}");
  nb_cg_store_limit_steps(s, SIZE_MAX);
  /* from_options does not measure depth: G = {G | -100} 12,000 times over is made, and an
   * operation recursing through it is refused. */
  nb_cg deep = NB_CG_ZERO, minus100 = parse(s, "-100");
  nb_status st = NB_OK;
  for (int i = 0; st == NB_OK && i < 12000; i++)
    st = nb_cg_from_options(s, &deep, 1, &minus100, 1, &deep, &err);
  CHECK(st == NB_OK, "from_options refused a deep game: %s", err.message);
  h = deep;
  CHECK(nb_cg_negate(s, deep, &h, &err) == NB_EDATA && h == deep, "a too deep negate: %s",
        err.message);
  nb_cg_store_free(s);
}

/* The integer n = +-INT64_MAX has one option, n - 1 for Left if n > 0, n + 1 for Right if
 * n < 0, though its neighbour on the other side is not representable. */
static void check_extreme_integer(nb_cg_store *s, int64_t n) {
  nb_error err;
  nb_cg g = NB_CG_ZERO, want = NB_CG_ZERO;
  CHECK_OK(nb_cg_make_integer(s, n, &g, &err), &err);
  CHECK_OK(nb_cg_make_integer(s, n > 0 ? n - 1 : n + 1, &want, &err), &err);
  const nb_cg *opts = NULL;
  size_t count = 9;
  nb_status st = nb_cg_options(s, g, n > 0 ? NB_LEFT : NB_RIGHT, &opts, &count, &err);
  CHECK(st == NB_OK && count == 1 && opts[0] == want, "the options of %lld: %s", (long long)n,
        st == NB_OK ? "not n -+ 1" : err.message);
  count = 9;
  st = nb_cg_options(s, g, n > 0 ? NB_RIGHT : NB_LEFT, &opts, &count, &err);
  CHECK(st == NB_OK && count == 0, "the options of %lld: %s", (long long)n,
        st == NB_OK ? "options on the other side" : err.message);
}

static void test_extreme_integers(void) {
  nb_cg_store *s;
  nb_error err;
  CHECK_OK(nb_cg_store_new(1 << 20, &s, &err), &err);
  check_extreme_integer(s, INT64_MAX);
  check_extreme_integer(s, -INT64_MAX);
  nb_cg_store_free(s);
}

int main(void) {
  bool quick = getenv("NB_TEST_QUICK") != NULL;
  nb_cg_store *s;
  nb_error err;
  CHECK_OK(nb_cg_store_new(256u << 20, &s, &err), &err);
  test_published(s);
  test_constants(s);
  test_laws(s, quick);
  nb_cg_store_free(s);
  test_errors();
  test_stops_first();
  test_parse_keeps_out();
  test_header_claims();
  test_extreme_integers();
  return check_done();
}
