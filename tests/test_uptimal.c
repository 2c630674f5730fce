/*
 * test_uptimal.c: CGSuite's named uptimals ^[n], v[n], ^<n>, v<n> (src/cgt/uptimal.c), read and
 * printed, against plain constructions from their definitions (Siegel, Combinatorial Game
 * Theory, 2013, ch. II, the uptimals):
 *   - ^[n] = ^ + ^<2> + .. + ^<n>, ^<n> = {0 | -^[n-1] + *} (n >= 2), both made here with sums,
 *     negatives and braces only, never through the names; the canonical recursions the reader
 *     uses, ^[n] = {^[n-1] | *} and ^[n]* = {0, ^[n-1]* | 0}, are checked against them;
 *   - published: CGSuite's own test (CanonicalShortGameTestCase.scala) prints {0|*||*|||*||||*}
 *     as ^[4] and {0||0|v*} as {0|^<2>}; ^[1] = ^<1> = ^;
 *   - every x + s.U + *m (U = ^[n] or ^<n>, 2 <= n <= 6, m <= 5, both signs, three numbers x)
 *     is printed with its name, as CGSuite writes it (`-3/4v<3>*2`), and read back equal; so
 *     are a few with large stars (5/8v<7>*31, of 33 options a side);
 *   - 2.^<2> and ^<2> + ^<3> (no unit, no unit sum) are printed as explicit games;
 *   - read(print(G)) = G for random sums of named uptimals and games born by day 2;
 *   - errors: n = 0, n past the limit, a missing bracket, each with its column.
 */
#include <nimber_cgt.h>

#include "cg_calls.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static nb_cg braces1(nb_cg_store *s, nb_cg l, nb_cg r) {
  nb_error err;
  nb_cg g = NB_CG_ZERO;
  CHECK_OK(nb_cg_from_options(s, &l, 1, &r, 1, &g, &err), &err);
  return g;
}

static nb_cg nus(nb_cg_store *s, int64_t num, unsigned exp, int64_t ups, uint64_t nim) {
  nb_error err;
  nb_cg g = NB_CG_ZERO;
  nb_cg_nus v = {{num, (uint8_t)exp}, ups, nim};
  CHECK_OK(nb_cg_make_nus(s, v, &g, &err), &err);
  return g;
}

/* The plain constructions: unit[k] = ^<k>, upsum[k] = ^[k] = unit[1] + .. + unit[k]. */
enum { MAXN = 7 };
typedef struct plain {
  nb_cg unit[MAXN + 1];  /* ^<k>, k >= 1 */
  nb_cg upsum[MAXN + 1]; /* ^[k], k >= 0 (^[0] = 0) */
} plain;

static void make_plain(nb_cg_store *s, plain *p) {
  nb_cg star = nus(s, 0, 0, 0, 1);
  p->upsum[0] = NB_CG_ZERO;
  p->unit[1] = nus(s, 0, 0, 1, 0);
  p->upsum[1] = p->unit[1];
  for (int k = 2; k <= MAXN; k++) {
    p->unit[k] = braces1(s, NB_CG_ZERO, add(s, neg(s, p->upsum[k - 1]), star));
    p->upsum[k] = add(s, p->upsum[k - 1], p->unit[k]);
  }
}

/* The recursions the reader uses, and the published forms. */
static void test_definitions(nb_cg_store *s, const plain *p) {
  nb_cg star = nus(s, 0, 0, 0, 1), zero = NB_CG_ZERO;
  nb_cg rec = p->unit[1], rec_star = nus(s, 0, 0, 1, 1);
  for (int k = 2; k <= MAXN; k++) {
    nb_error err;
    nb_cg opts[2] = {zero, rec_star}, g = zero;
    rec = braces1(s, rec, star); /* {^[k-1] | *} */
    CHECK_OK(nb_cg_from_options(s, opts, 2, &zero, 1, &g, &err), &err);
    rec_star = g; /* {0, ^[k-1]* | 0} */
    CHECK(rec == p->upsum[k], "{^[%d] | *} is not ^ + ^<2> + .. + ^<%d>", k - 1, k);
    CHECK(rec_star == add(s, p->upsum[k], star), "{0, ^[%d]* | 0} is not ^[%d] + *", k - 1, k);
    char text[32];
    snprintf(text, sizeof text, "^[%d]", k);
    CHECK(parse(s, text) == p->upsum[k], "%s read wrong", text);
    snprintf(text, sizeof text, "^<%d>", k);
    CHECK(parse(s, text) == p->unit[k], "%s read wrong", text);
    snprintf(text, sizeof text, "v[%d]", k);
    CHECK(parse(s, text) == neg(s, p->upsum[k]), "%s read wrong", text);
    snprintf(text, sizeof text, "v<%d>", k);
    CHECK(parse(s, text) == neg(s, p->unit[k]), "%s read wrong", text);
  }
  CHECK(parse(s, "^[1]") == p->unit[1] && parse(s, "^<1>") == p->unit[1], "^[1], ^<1> not ^");
  /* CGSuite, CanonicalShortGameTestCase.scala: "{0|*||*|||*||||*}" displays as "^[4]";
   * "{0||0|v*}" as "{0|^<2>}", with right option ^<2> */
  const char *published[][2] = {
      {"{0|*||*|||*||||*}", "^[4]"}, {"{0||0|v*}", "{0|^<2>}"}, {"{0|v*}", "^<2>"},
      {"{0|*||*}", "^[2]"},          {"{*|v}", "v[2]"},         {"{^*|0}", "v<2>"}};
  for (size_t i = 0; i < sizeof published / sizeof *published; i++) {
    char *t = text_of(s, parse(s, published[i][0]));
    CHECK(strcmp(t, published[i][1]) == 0, "%s printed %s, not %s", published[i][0], t,
          published[i][1]);
    free(t);
  }
}

/* Every x + s.U + *m is printed by its name and read back. */
static void test_names(nb_cg_store *s, const plain *p) {
  const int64_t xs[][2] = {{0, 0}, {1, 1}, {-3, 2}}; /* 0, 1/2, -3/4 */
  const char *xtext[] = {"", "1/2", "-3/4"};
  size_t named = 0;
  for (size_t xi = 0; xi < 3; xi++)
    for (int n = 2; n <= 6; n++)
      for (int unit = 0; unit < 2; unit++)
        for (int sign = 1; sign >= -1; sign -= 2)
          for (uint64_t m = 0; m <= 5; m++) {
            nb_cg u = unit ? p->unit[n] : p->upsum[n];
            if (sign < 0) u = neg(s, u);
            nb_cg g = add(s, u, nus(s, xs[xi][0], (unsigned)xs[xi][1], 0, m));
            char want[64], star[16] = "";
            if (m == 1) snprintf(star, sizeof star, "*");
            if (m > 1) snprintf(star, sizeof star, "*%llu", (unsigned long long)m);
            snprintf(want, sizeof want, "%s%c%c%d%c%s", xtext[xi], sign > 0 ? '^' : 'v',
                     unit ? '<' : '[', n, unit ? '>' : ']', star);
            char *t = text_of(s, g);
            CHECK(strcmp(t, want) == 0, "printed %s, not %s", t, want);
            CHECK(parse(s, t) == g, "%s read back as another game", t);
            named += strcmp(t, want) == 0;
            free(t);
          }
  CHECK(named == 3 * 5 * 2 * 2 * 6, "%zu games named", named);
  /* large stars: x + U + *m has some m + 2 options on a side */
  const uint64_t big[] = {17, 31, 40};
  for (size_t i = 0; i < 3; i++)
    for (int unit = 0; unit < 2; unit++) {
      nb_cg g = add(s, unit ? neg(s, p->unit[7]) : p->upsum[3], nus(s, 5, 3, 0, big[i]));
      char want[64];
      snprintf(want, sizeof want, "5/8%s*%llu", unit ? "v<7>" : "^[3]", (unsigned long long)big[i]);
      char *t = text_of(s, g);
      CHECK(strcmp(t, want) == 0, "printed %s, not %s", t, want);
      free(t);
    }
  /* neither a unit nor a unit sum: 2.^<2>, ^<2> + ^<3>, ^ + ^<3> are printed explicitly */
  nb_cg others[] = {add(s, p->unit[2], p->unit[2]), add(s, p->unit[2], p->unit[3]),
                    add(s, p->unit[1], p->unit[3])};
  for (size_t i = 0; i < 3; i++) {
    char *t = text_of(s, others[i]);
    CHECK(t[0] == '{', "%s should be explicit", t);
    CHECK(parse(s, t) == others[i], "%s read back as another game", t);
    free(t);
  }
}

/* read(print(G)) = G for random sums of a named uptimal and games born by day 2. */
static void test_round_trip(nb_cg_store *s, const plain *p) {
  const char *day2[] = {"0",     "*",      "1",     "-1",     "^",      "v",        "^*",  "v*",
                        "*2",    "2",      "-2",    "1/2",    "-1/2",   "1*",       "-1*", "+-1",
                        "{1|0}", "{0|-1}", "{1|*}", "{*|-1}", "{1|-1}", "{0,*|0,*}"};
  uint64_t rng = 18;
  for (int i = 0; i < 400; i++) {
    nb_cg u = check_range(&rng, 0, 1) ? p->unit[check_range(&rng, 2, MAXN)]
                                      : p->upsum[check_range(&rng, 2, MAXN)];
    if (check_range(&rng, 0, 1)) u = neg(s, u);
    nb_cg g = add(s, u, parse(s, day2[check_range(&rng, 0, 21)]));
    if (check_range(&rng, 0, 3) == 0) g = braces1(s, g, parse(s, day2[check_range(&rng, 0, 21)]));
    char *t = text_of(s, g);
    CHECK(parse(s, t) == g, "round trip: %s read back as another game", t);
    free(t);
  }
}

static void expect_error(nb_cg_store *s, const char *text, const char *message) {
  nb_error err = {0};
  nb_cg g;
  nb_status st = nb_cg_parse(s, text, &g, &err);
  CHECK(st == NB_EUSAGE, "%s: status %d", text, (int)st);
  CHECK(strstr(err.message, message) != NULL, "%s: message '%s' lacks '%s'", text, err.message,
        message);
}

int main(void) {
  nb_cg_store *s;
  nb_error err;
  plain p;
  CHECK_OK(nb_cg_store_new(64u << 20, &s, &err), &err);
  make_plain(s, &p);
  test_definitions(s, &p);
  test_names(s, &p);
  test_round_trip(s, &p);
  expect_error(s, "^[0]", "column 3: ^[0]: n must be 1 to 1000");
  expect_error(s, "v<1001>", "column 3: v<1001>: n must be 1 to 1000");
  expect_error(s, "^[3>", "column 4: expected ']', found '>'");
  expect_error(s, "1^<x>", "column 4: expected a digit");
  nb_cg_store_free(s);
  return check_done();
}
