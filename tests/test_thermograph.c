/*
 * test_thermograph.c: thermographs against a plain thermograph computed by cooling, from the
 * definition (issue 18).
 *
 * The reference. For t >= -1, G cooled by t (Winning Ways, ch. 6; Siegel, Combinatorial Game
 * Theory, 2013, II.5) is, over the options of G's canonical form:
 *   G_t = n                         if G is the integer n;
 *   G_t = x                         if G_t' is infinitesimally close to a number x for some
 *                                   t' < t (x of the least such t');
 *   G_t = {G^L_t - t | G^R_t + t}   otherwise.
 * The left wall of the thermograph at t is the left stop of G_t, the right wall its right stop;
 * the mean is that number x and the temperature that least t' (-1 for an integer). Stops by
 * their definition: L(G) = R(G) = x for a number x, else L(G) = max R(G^L), R(G) = min L(G^R);
 * and G is infinitesimally close to a number exactly when L(G) = R(G) (Siegel, II.3: G - x is
 * infinitesimal iff its stops are both 0), the number being that stop.
 *
 * The reference builds each G_t with the algebra (nb_cg_from_options, nb_cg_add: canonical forms,
 * checked against plain forms by test_cg.c) and takes its stops by the definition above over its
 * options; it uses nothing of src/cgt/thermo.c nor the stops the store keeps. The least t'
 * is found by stepping t' = -1, -1 + 1/16, ... until G_t' is close to a number, then halving the
 * last step 12 times: exact for temperatures of denominator up to 2^16, if closeness, once
 * reached inside that last step of 1/16, holds to its end; a temperature found finer than 2^-12
 * fails the test, as one the reference may not resolve.
 *
 * Compared, for every game born by day 3 (1474, all of day 2 among them), sums of two of them,
 * number-up-stars and CGSuite's uptimals beside numbers that are not integers,
 * and positions of Domineering, Toads and Frogs, Hackenbush and Clobber (one component and
 * sums): nimber's left and right walls (nb_cg_thermograph_wall) with L(G_t) and R(G_t) at every
 * 1/8 from -1 to past the mast, at each of nimber's corners, halfway between corners, and
 * above the temperature; the mean and temperature (nb_cg_mean_temperature, and for positions
 * nb_value_thermograph) with the reference's.
 */
#include "cg_calls.h"
#include "cg_days.h"
#include "check.h"

#include <nimber.h>
#include <nimber_cgt.h>

#include <stdlib.h>
#include <string.h>

static bool quick; /* NB_TEST_QUICK: fewer games (sanitizer run) */

/* ---- The reference's memo: results by (kind, game, temperature) ---------------------------- */

/* What an entry holds. */
typedef enum memo_kind {
  MEMO_FORMULA = 1, /* {G^L_t - t | G^R_t + t} for (g, t) */
  MEMO_FREEZE = 2,  /* the temperature and the mean of g (t unused) */
  MEMO_LSTOP = 3,   /* L(g) (t unused) */
  MEMO_RSTOP = 4,   /* R(g) (t unused) */
} memo_kind;

typedef struct memo_entry {
  uint8_t kind; /* a memo_kind, or 0 for a free slot */
  nb_cg g;      /* the game */
  nb_dyadic t;  /* the temperature, for MEMO_FORMULA */
  nb_cg game;   /* MEMO_FORMULA: the game made */
  nb_dyadic a;  /* MEMO_FREEZE: the temperature; MEMO_*STOP: the stop */
  nb_dyadic b;  /* MEMO_FREEZE: the mean */
} memo_entry;

/* The reference: the store it builds in and its memo (open addressing, linear probing). */
typedef struct cooling {
  nb_cg_store *s;   /* the store of the games cooled */
  memo_entry *slot; /* the memo */
  size_t cap;       /* slots, a power of 2 */
  size_t used;      /* slots in use */
} cooling;

static uint64_t memo_hash(uint8_t kind, nb_cg g, nb_dyadic t) {
  uint64_t h = (uint64_t)kind * 0x9e3779b97f4a7c15ull ^ (uint64_t)g * 0xbf58476d1ce4e5b9ull;
  h ^= (uint64_t)t.num * 0x94d049bb133111ebull ^ (uint64_t)t.exp << 56;
  return h ^ (h >> 29);
}

/* The entry for the key, or the free slot where it goes (kind 0). */
static memo_entry *memo_find(cooling *c, uint8_t kind, nb_cg g, nb_dyadic t) {
  if (2 * (c->used + 1) > c->cap) {
    memo_entry *old = c->slot;
    size_t old_cap = c->cap;
    c->cap = c->cap ? 2 * c->cap : 1024;
    c->slot = calloc(c->cap, sizeof *c->slot);
    if (c->slot == NULL) abort();
    for (size_t i = 0; i < old_cap; i++)
      if (old[i].kind != 0) *memo_find(c, old[i].kind, old[i].g, old[i].t) = old[i];
    free(old);
  }
  for (size_t i = memo_hash(kind, g, t) & (c->cap - 1);; i = (i + 1) & (c->cap - 1)) {
    memo_entry *e = &c->slot[i];
    if (e->kind == 0) return e;
    if (e->kind == kind && e->g == g && e->t.num == t.num && e->t.exp == t.exp) return e;
  }
}

/* Fills a free slot found by memo_find. */
static memo_entry *memo_put(cooling *c, memo_entry *e, uint8_t kind, nb_cg g, nb_dyadic t) {
  e->kind = kind;
  e->g = g;
  e->t = t;
  c->used++;
  return e;
}

/* ---- The reference ----------------------------------------------------------------------- */

static const nb_dyadic NO_T = {0, 0};

static nb_dyadic dy(int64_t num, unsigned exp) {
  nb_dyadic d;
  if (!nb_dyadic_make(num, exp, &d)) abort();
  return d;
}

static nb_dyadic dy_add(nb_dyadic a, nb_dyadic b) {
  nb_dyadic r;
  CHECK(nb_dyadic_add(a, b, &r), "dyadic overflow");
  return r;
}

static nb_dyadic dy_sub(nb_dyadic a, nb_dyadic b) {
  nb_dyadic r;
  CHECK(nb_dyadic_sub(a, b, &r), "dyadic overflow");
  return r;
}

static nb_dyadic dy_half(nb_dyadic a) {
  return dy(a.num, a.exp + 1u);
}

/* A copy of g's options for one side (the store's list moves when games are made). */
static nb_cg *options_of(nb_cg_store *s, nb_cg g, nb_player who, size_t *n) {
  nb_error err;
  const nb_cg *o;
  CHECK_OK(nb_cg_options(s, g, who, &o, n, &err), &err);
  nb_cg *copy = malloc((*n + 1) * sizeof *copy);
  if (copy == NULL) abort();
  if (*n > 0) memcpy(copy, o, *n * sizeof *o);
  return copy;
}

/* The left (left = true) or right stop of g, by the definition. */
static nb_dyadic stop(cooling *c, nb_cg g, bool left) {
  nb_dyadic x;
  if (nb_cg_get_number(c->s, g, &x)) return x;
  memo_entry *e = memo_find(c, left ? MEMO_LSTOP : MEMO_RSTOP, g, NO_T);
  if (e->kind != 0) return e->a;
  size_t n;
  nb_cg *opts = options_of(c->s, g, left ? NB_LEFT : NB_RIGHT, &n);
  CHECK(n > 0, "a game that is not a number has options on both sides");
  nb_dyadic best = {0, 0};
  for (size_t i = 0; i < n; i++) {
    x = stop(c, opts[i], !left);
    if (i == 0 || (left ? nb_dyadic_cmp(x, best) > 0 : nb_dyadic_cmp(x, best) < 0)) best = x;
  }
  free(opts);
  e = memo_find(c, left ? MEMO_LSTOP : MEMO_RSTOP, g, NO_T); /* the memo may have grown */
  memo_put(c, e, left ? MEMO_LSTOP : MEMO_RSTOP, g, NO_T)->a = best;
  return best;
}

/* Whether g is infinitesimally close to a number: L(g) = R(g), the number, into *x. */
static bool close_to_number(cooling *c, nb_cg g, nb_dyadic *x) {
  *x = stop(c, g, true);
  return nb_dyadic_cmp(*x, stop(c, g, false)) == 0;
}

static nb_cg number(cooling *c, nb_dyadic x) {
  nb_error err;
  nb_cg g;
  CHECK_OK(nb_cg_make_number(c->s, x, &g, &err), &err);
  return g;
}

static nb_cg cooled(cooling *c, nb_cg g, nb_dyadic t);

/* {G^L_t - t | G^R_t + t}. */
static nb_cg formula(cooling *c, nb_cg g, nb_dyadic t) {
  memo_entry *e = memo_find(c, MEMO_FORMULA, g, t);
  if (e->kind != 0) return e->game;
  nb_cg *side[2];
  size_t n[2];
  nb_dyadic shift[2] = {{-t.num, t.exp}, t};
  for (int r = 0; r < 2; r++) {
    side[r] = options_of(c->s, g, r ? NB_RIGHT : NB_LEFT, &n[r]);
    for (size_t i = 0; i < n[r]; i++)
      side[r][i] = add(c->s, cooled(c, side[r][i], t), number(c, shift[r]));
  }
  nb_error err;
  nb_cg out;
  CHECK_OK(nb_cg_from_options(c->s, side[0], n[0], side[1], n[1], &out, &err), &err);
  free(side[0]);
  free(side[1]);
  e = memo_find(c, MEMO_FORMULA, g, t);
  memo_put(c, e, MEMO_FORMULA, g, t)->game = out;
  return out;
}

/* The temperature of g (the least t' with g_t' close to a number) into *temp, that number into
 * *mean; g is not an integer. */
static void freeze(cooling *c, nb_cg g, nb_dyadic *temp, nb_dyadic *mean) {
  memo_entry *e = memo_find(c, MEMO_FREEZE, g, NO_T);
  if (e->kind != 0) {
    *temp = e->a, *mean = e->b;
    return;
  }
  nb_dyadic step = dy(1, 4), t = dy(-1, 0), x;
  while (!close_to_number(c, formula(c, g, t), &x)) {
    t = dy_add(t, step);
    if (nb_dyadic_cmp(t, dy(64, 0)) > 0) {
      CHECK(false, "no temperature below 64");
      *temp = *mean = t;
      return;
    }
  }
  if (nb_dyadic_cmp(t, dy(-1, 0)) > 0) /* the least close point of (t - step, t] */
    for (int i = 0; i < 12; i++) {
      step = dy_half(step);
      nb_dyadic mid = dy_sub(t, step), y;
      if (close_to_number(c, formula(c, g, mid), &y)) t = mid, x = y;
    }
  CHECK(t.exp <= 12, "a temperature finer than the reference resolves");
  *temp = t, *mean = x;
  e = memo_find(c, MEMO_FREEZE, g, NO_T);
  e = memo_put(c, e, MEMO_FREEZE, g, NO_T);
  e->a = t, e->b = x;
}

/* G cooled by t, t >= -1. */
static nb_cg cooled(cooling *c, nb_cg g, nb_dyadic t) {
  nb_dyadic x, temp, mean;
  if (nb_cg_get_number(c->s, g, &x) && x.exp == 0) return g;
  freeze(c, g, &temp, &mean);
  if (nb_dyadic_cmp(t, temp) > 0) return number(c, mean);
  return formula(c, g, t);
}

/* The reference's temperature and mean of g (-1 and n for an integer n). */
static void ref_mean_temperature(cooling *c, nb_cg g, nb_dyadic *mean, nb_dyadic *temp) {
  nb_dyadic x;
  if (nb_cg_get_number(c->s, g, &x) && x.exp == 0) {
    *mean = x, *temp = dy(-1, 0);
    return;
  }
  freeze(c, g, temp, mean);
}

/* ---- nimber's walls ------------------------------------------------------------------------ */

enum { MAX_CORNERS = 512 };

/* A wall as nimber gives it: corners (values[i] at temps[i]) by increasing temperature. */
typedef struct wall {
  nb_dyadic v[MAX_CORNERS]; /* values */
  nb_dyadic t[MAX_CORNERS]; /* temperatures */
  size_t n;                 /* corners */
} wall;

static void wall_of(nb_cg_store *s, nb_cg g, nb_player side, wall *w) {
  nb_error err;
  CHECK_OK(nb_cg_thermograph_wall(s, g, side, w->v, w->t, MAX_CORNERS, &w->n, &err), &err);
  CHECK(w->n >= 1 && w->n <= MAX_CORNERS, "%zu corners", w->n);
  if (w->n > MAX_CORNERS) w->n = MAX_CORNERS;
}

/* The wall at t >= -1: on the segment across t (slope -1, 0 or 1, checked), or the mast above
 * the last corner. */
static nb_dyadic wall_at(const wall *w, nb_dyadic t) {
  if (nb_dyadic_cmp(t, w->t[w->n - 1]) >= 0) return w->v[w->n - 1];
  size_t i = 0;
  while (nb_dyadic_cmp(w->t[i + 1], t) <= 0)
    i++;
  nb_dyadic dt = dy_sub(w->t[i + 1], w->t[i]), dv = dy_sub(w->v[i + 1], w->v[i]);
  int slope = nb_dyadic_cmp(dv, (nb_dyadic){0, 0});
  bool ok = slope == 0 || nb_dyadic_cmp(dt, slope > 0 ? dv : (nb_dyadic){-dv.num, dv.exp}) == 0;
  CHECK(ok, "a wall segment of slope other than -1, 0, 1");
  nb_dyadic d = dy_sub(t, w->t[i]);
  return slope > 0 ? dy_add(w->v[i], d) : slope < 0 ? dy_sub(w->v[i], d) : w->v[i];
}

/* ---- The comparison ------------------------------------------------------------------------ */

static char *dtext(nb_dyadic x, char *buf) {
  nb_dyadic_format(x, buf, 32);
  return buf;
}

/* Compares nimber's walls of g with L(g_t), R(g_t) at t; `what` names the game. */
static void check_at(cooling *c, nb_cg g, const wall *w, nb_dyadic t, const char *what) {
  nb_cg gt = cooled(c, g, t);
  for (int side = 0; side < 2; side++) {
    nb_dyadic want = stop(c, gt, side == 0), got = wall_at(&w[side], t);
    char b1[32], b2[32], b3[32];
    CHECK(nb_dyadic_cmp(want, got) == 0, "%s: %s wall at t = %s is %s, the %s stop of G_t is %s",
          what, side ? "right" : "left", dtext(t, b1), dtext(got, b2), side ? "right" : "left",
          dtext(want, b3));
  }
}

/* The whole comparison for g: mean, temperature, and walls at many temperatures. */
static void check_game(cooling *c, nb_cg g, const char *what) {
  nb_error err;
  nb_dyadic mean, temp, rmean, rtemp;
  CHECK_OK(nb_cg_mean_temperature(c->s, g, &mean, &temp, &err), &err);
  ref_mean_temperature(c, g, &rmean, &rtemp);
  char b1[32], b2[32], b3[32], b4[32];
  CHECK(nb_dyadic_cmp(mean, rmean) == 0 && nb_dyadic_cmp(temp, rtemp) == 0,
        "%s: mean %s and temperature %s, by cooling %s and %s", what, dtext(mean, b1),
        dtext(temp, b2), dtext(rmean, b3), dtext(rtemp, b4));
  static wall w[2];
  wall_of(c->s, g, NB_LEFT, &w[0]);
  wall_of(c->s, g, NB_RIGHT, &w[1]);
  nb_dyadic top = dy_add(rtemp, dy(1, 0));
  for (nb_dyadic t = dy(-1, 0); nb_dyadic_cmp(t, top) <= 0; t = dy_add(t, dy(1, 3)))
    check_at(c, g, w, t, what);
  for (int side = 0; side < 2; side++)
    for (size_t i = 0; i < w[side].n; i++) {
      check_at(c, g, w, w[side].t[i], what);
      if (i + 1 < w[side].n)
        check_at(c, g, w, dy_half(dy_add(w[side].t[i], w[side].t[i + 1])), what);
    }
  check_at(c, g, w, dy_add(rtemp, dy(1, 6)), what);
  check_at(c, g, w, dy_add(rtemp, dy(7, 0)), what);
}

static void check_cg(cooling *c, nb_cg g) {
  char *text = text_of(c->s, g);
  check_game(c, g, text);
  free(text);
}

/* ---- Textbook thermographs ----------------------------------------------------------------- */

/* Published values the reference must give, so that a reference wrong in the same way as the
 * library is caught: Winning Ways, ch. 6 ({2|-1}: mean 1/2, temperature 3/2; +-1: 0 and 1;
 * {{6|4}|{-2|-6}}: 1/2 and 9/2; 1/2: temperature -1/2; ^ and *: temperature 0). */
static void test_textbook(cooling *c) {
  static const struct {
    const char *game, *mean, *temp;
  } known[] = {{"{2|-1}", "1/2", "3/2"}, {"+-1", "0", "1"},       {"{{6|4}|{-2|-6}}", "1/2", "9/2"},
               {"1/2", "1/2", "-1/2"},   {"^", "0", "0"},         {"*", "0", "0"},
               {"3", "3", "-1"},         {"{4|{2|-4}}", "2", "2"}};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    nb_dyadic m, t;
    char bm[32], bt[32];
    ref_mean_temperature(c, parse(c->s, known[i].game), &m, &t);
    CHECK(strcmp(dtext(m, bm), known[i].mean) == 0 && strcmp(dtext(t, bt), known[i].temp) == 0,
          "cooling %s: mean %s temperature %s, want %s and %s", known[i].game, bm, bt,
          known[i].mean, known[i].temp);
  }
  /* {2|-1} cooled by 1 is {1|0} (Winning Ways, ch. 6): stops 1 and 0. */
  nb_cg g = cooled(c, parse(c->s, "{2|-1}"), dy(1, 0));
  CHECK(g == parse(c->s, "{1|0}"), "{2|-1} cooled by 1");
}

/* ---- Games born by day 3 and their sums ---------------------------------------------------- */

static void test_day3(cooling *c, uint64_t seed) {
  nb_cg zero = NB_CG_ZERO, *day1, *day2, *day3;
  size_t n1 = next_day(c->s, &zero, 1, &day1), n2 = next_day(c->s, day1, n1, &day2);
  size_t n3 = next_day(c->s, day2, n2, &day3);
  CHECK(n2 == 22 && n3 == 1474, "games born by day 2 and 3: %zu, %zu", n2, n3);
  for (size_t i = 0; i < n3; i += quick ? 5 : 1)
    check_cg(c, day3[i]);
  uint64_t rng = seed;
  for (int i = 0; i < (quick ? 60 : 300); i++)
    check_cg(c, add(c->s, day3[check_range(&rng, 0, n3 - 1)], day3[check_range(&rng, 0, n3 - 1)]));
  free(day1);
  free(day2);
  free(day3);
}

/* Number-up-stars with a number part that is not an integer, and CGSuite's uptimals beside
 * numbers: the walls of x + k.^ + *m come from a closed form (src/cgt/thermo.c), which the
 * games born by day 3 meet only as 1/2* and -1/2*. */
static void test_named(cooling *c) {
  static const char *const games[] = {
      "1/2^",          "1/2v",          "3/4^*",        "-3/8v*3",     "5/8^^*",
      "1/2 + v<3>*2",  "^[3]",          "3/4 + ^<2>*",  "{0|^[3]}",    "1/4 + v[2]",
      "{1/2^|-1/4v*}", "+-(1/2*)",      "{1/4*|-1/4*}", "{3/4v|1/2^}", "7/16^*2",
      "^<2> + v<3>",   "{1/2*,1|1/4v}", "-5/4 + ^[2]*", "{1/8^|-1/8*}"};
  for (size_t i = 0; i < sizeof games / sizeof *games; i++)
    check_cg(c, parse(c->s, games[i]));
}

/* ---- Positions of the board and strip families ------------------------------------------- */

/* Checks the value of one position of an open game (tokens separated by spaces). */
static void check_position(nb_game *game, nb_solver *solver, const char *text) {
  char buf[256], *tokens[16], what[300];
  size_t count = 0, n = 0;
  nb_error err;
  nb_pos comps[16];
  snprintf(buf, sizeof buf, "%s", text);
  for (char *t = strtok(buf, " "); t != NULL && count < 16; t = strtok(NULL, " "))
    tokens[count++] = t;
  CHECK_OK(nb_position_parse(game, (const char *const *)tokens, count, 1, comps, &n, 16, &err),
           &err);
  nb_value v;
  CHECK_OK(nb_value_of(solver, comps, n, &v, &err), &err);
  CHECK(v.kind == NB_VALUE_CANONICAL, "%s: no canonical value", text);
  if (v.kind != NB_VALUE_CANONICAL) return;
  cooling c = {.s = v.store};
  snprintf(what, sizeof what, "%s %s", game->family->name, text);
  check_game(&c, v.game, what);
  nb_dyadic mean, temp, rmean, rtemp;
  CHECK_OK(nb_value_thermograph(&v, &mean, &temp, &err), &err);
  ref_mean_temperature(&c, v.game, &rmean, &rtemp);
  CHECK(nb_dyadic_cmp(mean, rmean) == 0 && nb_dyadic_cmp(temp, rtemp) == 0,
        "%s: nb_value_thermograph's mean and temperature", what);
  free(c.slot);
}

/* A random string of `len` characters from `alphabet`, into buf. */
static void random_text(uint64_t *rng, const char *alphabet, size_t len, char *buf) {
  size_t k = strlen(alphabet);
  for (size_t i = 0; i < len; i++)
    buf[i] = alphabet[check_range(rng, 0, k - 1)];
  buf[len] = '\0';
}

/* A random board of rows x cols cells from `alphabet`, rows separated by '/'. */
static void random_board(uint64_t *rng, const char *alphabet, size_t rows, size_t cols, char *buf) {
  for (size_t r = 0; r < rows; r++) {
    random_text(rng, alphabet, cols, buf);
    buf += cols;
    *buf++ = r + 1 < rows ? '/' : '\0';
  }
}

/* Random positions of one family: `count` of them, each one or two components. */
static void test_family(const char *spec, uint64_t seed, int count,
                        void (*make)(uint64_t *rng, char *buf)) {
  nb_error err;
  nb_game *game;
  nb_solver *solver;
  CHECK_OK(nb_game_open(spec, &game, &err), &err);
  CHECK_OK(nb_solver_new(game, NULL, &solver, &err), &err);
  uint64_t rng = seed;
  for (int i = 0; i < count; i++) {
    char text[256];
    make(&rng, text);
    if (check_range(&rng, 0, 2) == 0) { /* a sum of two */
      size_t len = strlen(text);
      text[len] = ' ';
      make(&rng, text + len + 1);
    }
    check_position(game, solver, text);
  }
  nb_solver_free(solver);
  nb_game_free(game);
}

static void domineering(uint64_t *rng, char *buf) {
  random_board(rng, "...#", check_range(rng, 1, 3), check_range(rng, 1, 4), buf);
}

static void toads(uint64_t *rng, char *buf) {
  random_text(rng, "..tf", check_range(rng, 2, 8), buf);
}

static void hackenbush(uint64_t *rng, char *buf) {
  random_text(rng, "lllrrre", check_range(rng, 1, 6), buf);
}

static void clobber(uint64_t *rng, char *buf) {
  random_board(rng, "xxoo.", check_range(rng, 1, 2), check_range(rng, 2, 4), buf);
}

static void test_positions(uint64_t seed) {
  int count = quick ? 15 : 60;
  test_family("domineering", seed, count, domineering);
  test_family("toads", seed + 1, count, toads);
  test_family("hackenbush", seed + 2, count, hackenbush);
  test_family("clobber", seed + 3, count, clobber);
}

int main(void) {
  quick = check_quick();
  nb_error err;
  cooling c = {0};
  CHECK_OK(nb_cg_store_new(1 << 28, &c.s, &err), &err);
  test_textbook(&c);
  test_named(&c);
  test_day3(&c, 7);
  nb_cg_store_free(c.s);
  free(c.slot);
  test_positions(11);
  return check_done();
}
