/*
 * ops.c: order, sums, negatives and canonical forms of short games.
 *
 * References: Siegel, Combinatorial Game Theory (AMS 2013), chapter II ("CGT" below); Winning
 * Ways, chapters 2-8.
 *
 * Order. G <= H iff no G^L >= H and no H^R <= G (Conway). Three facts cut the work:
 *   - Number avoidance (CGT II.3, Number Avoidance Theorem): if x is a number and H is not,
 *     then x <= H iff no H^R <= x, and H <= x iff no H^L >= x (if Left has a winning move in
 *     H - x, she has one in H). So the options of a number compared with a non-number are never
 *     looked at, and a number such as 10^18 (whose canonical form is 10^18 levels deep) costs
 *     nothing.
 *   - Number-up-stars compare by their parts: with G - H = d + k.^ + *m, G >= H iff d > 0, or
 *     d = 0 and (k >= 2, or k = 1 and m != 1, or k = m = 0). (^*m is positive for m != 1 and
 *     ^* is fuzzy; k.^ + *m is positive for k >= 2 whatever m; the rest by negation.)
 *   - Stops (L(G) = max R(G^L), R(G) = min L(G^R), x for a game equal to a number x; kept in
 *     every node). For a number x, x > L(K) implies x > K and x < R(K) implies x < K (CGT II.3,
 *     the stop theorems). Hence
 *       (a) if L(G) < R(H), a number x between them gives G < x < H: G < H;
 *       (b) G <= x implies L(G) <= x: otherwise (G not a number) Left, moving first in G - x,
 *           goes to a G^L - x whose right stop L(G) - x is positive, so G^L - x > 0: she wins;
 *       (c) if G <= H then L(G) <= L(H) (and likewise R(G) <= R(H)): otherwise a number x with
 *           L(H) < x < L(G) has G <= H < x, so L(G) <= x by (b), a contradiction.
 *     So stops settle many comparisons at once: (a) says yes, (c) says no.
 * Comparisons of stored games are memoised in the store's operation cache.
 *
 * Sums. G + H = {G^L + H, G + H^L | G^R + H, G + H^R}, made canonical; by number translation
 * (CGT II.3, a corollary of number avoidance) the moves in a number summand may be left out
 * when the other summand is not a number: x + H = {x + H^L | x + H^R}. Number-up-stars add by
 * their parts. Sums are memoised (a + b and b + a share an entry).
 *
 * Canonical form of {L | R} (options canonical; CGT II.2, dominated and reversible options):
 *   1. drop repeats and dominated options (a Left option A with A <= A' for another Left
 *      option A'; a Right option B with B >= B');
 *   2. bypass reversible options: a Left option A is reversible through A^R when A^R <= G; it
 *      is then replaced by the Left options of A^R (G keeps its value). Likewise a Right option
 *      B with B^L >= G is replaced by the Right options of B^L. Repeat until none is left (each
 *      bypass replaces an option by options of lower birthday, so this ends);
 *   3. drop dominated options again.
 * The result has no dominated and no reversible option, so it is the canonical form. The
 * comparisons with G in step 2 are made against G as it stands (a "loose" game given by its
 * current option lists, not yet in the store).
 * Shortcuts before that, both theorems about values:
 *   - simplicity: if every option is a number and every Left option is below every Right
 *     option, G is the simplest number strictly between them (CGT II.3, the simplicity theorem);
 *   - mex rule: if every option is a nimber and the mex of Left's equals the mex of Right's,
 *     G = *mex (G + *mex is a second-player win: a move to a nimber *j + *mex, j != mex, is
 *     fuzzy; a move to *j + *mex with j < mex is answered by *j + *j = 0).
 * A canonical result that is a number-up-star form (store.c) becomes the NUS node, so that
 * equal games keep one ID.
 */
#include "cgt/store.h"

#include <stdlib.h>
#include <string.h>

/* A growable list of IDs, private to one call (not charged to the store). */
typedef struct cg_list {
  nb_cg *v;   /* the IDs */
  size_t n;   /* how many */
  size_t cap; /* allocated entries */
} cg_list;

static nb_status list_push(cg_list *l, nb_cg g, nb_error *err) {
  nb_status st = nb_grow((void **)&l->v, &l->cap, l->n, 1, sizeof *l->v, 8, err);
  if (st == NB_OK) l->v[l->n++] = g;
  return st;
}

static bool list_has(const cg_list *l, nb_cg g) {
  for (size_t i = 0; i < l->n; i++)
    if (l->v[i] == g) return true;
  return false;
}

static nb_status out_of_range(nb_error *err) {
  return nb_fail(err, NB_EDATA,
                 "number out of range: numerators must fit 64 bits and denominators 2^%d",
                 NB_DYADIC_MAX_EXP);
}

/* ---- Number-up-star arithmetic -------------------------------------------------------------- */

static nb_status nus_add(nb_cg_nus a, nb_cg_nus b, nb_cg_nus *out, nb_error *err) {
  if (!nb_dyadic_add(a.number, b.number, &out->number) ||
      __builtin_add_overflow(a.ups, b.ups, &out->ups) || out->ups == INT64_MIN)
    return out_of_range(err);
  out->nimber = a.nimber ^ b.nimber;
  return NB_OK;
}

/* Whether a <= b, by the rule at the top of the file. */
static bool nus_leq(nb_cg_nus a, nb_cg_nus b) {
  int c = cg_dyadic_cmp(a.number, b.number);
  if (c != 0) return c < 0;
  if (a.ups < b.ups - 1) return true;                        /* b - a >= 2 ups */
  if (a.ups == b.ups - 1) return (a.nimber ^ b.nimber) != 1; /* ^*m >= 0 iff m != 1 */
  return a.ups == b.ups && a.nimber == b.nimber;
}

/* ---- Order ---------------------------------------------------------------------------------- */

static nb_status leq(nb_cg_store *s, nb_cg a, nb_cg b, bool *out, nb_error *err);

/* Whether G <= H from the stops, when they decide: 1 (yes), 0 (no), -1 (they do not). */
static int by_stops(nb_dyadic gl, nb_dyadic gr, nb_dyadic hl, nb_dyadic hr) {
  if (cg_dyadic_cmp(gl, hl) > 0 || cg_dyadic_cmp(gr, hr) > 0) return 0;
  return cg_dyadic_cmp(gl, hr) < 0 ? 1 : -1;
}

/* a <= b by the options (neither is a number-up-star of the other's kind: see leq). */
static nb_status leq_by_options(nb_cg_store *s, nb_cg a, nb_cg b, bool *out, nb_error *err) {
  nb_status st = NB_OK;
  bool hit = false;
  *out = false;
  if (!cg_is_number(s, a)) { /* number avoidance: a number's options never matter here */
    st = cg_expand(s, a, err);
    for (uint32_t i = 0; st == NB_OK && !hit && i < cg_count(s, a, 0); i++)
      st = leq(s, b, cg_option(s, a, 0, i), &hit, err);
  }
  if (!cg_is_number(s, b)) {
    if (st == NB_OK) st = cg_expand(s, b, err);
    for (uint32_t i = 0; st == NB_OK && !hit && i < cg_count(s, b, 1); i++)
      st = leq(s, cg_option(s, b, 1, i), a, &hit, err);
  }
  *out = !hit;
  return st;
}

static nb_status leq(nb_cg_store *s, nb_cg a, nb_cg b, bool *out, nb_error *err) {
  uint32_t known;
  if (a == b) {
    *out = true;
    return NB_OK;
  }
  if (cg_is_nus(s, a) && cg_is_nus(s, b)) {
    *out = nus_leq(cg_nus_of(s, a), cg_nus_of(s, b));
    return NB_OK;
  }
  int decided = by_stops(cg_lstop(s, a), cg_rstop(s, a), cg_lstop(s, b), cg_rstop(s, b));
  if (decided >= 0) {
    *out = decided == 1;
    return NB_OK;
  }
  if (cg_cache_get(s, CG_OP_LEQ, a, b, &known)) {
    *out = known != 0;
    return NB_OK;
  }
  nb_status st = cg_enter(s, err);
  if (st != NB_OK) return st;
  st = leq_by_options(s, a, b, out, err);
  cg_leave(s);
  if (st == NB_OK) st = cg_cache_put(s, CG_OP_LEQ, a, b, *out, err);
  return st;
}

/* A game being made canonical: its current option lists. (Stops do not settle comparisons
 * with it: max R(G^L) is the left stop only of a form that is not equal to a number, and a
 * form on its way to being canonical may well be one, as {-2 | 0, *} = -1.) */
typedef struct loose {
  const cg_list *left;  /* Left options */
  const cg_list *right; /* Right options */
} loose;

static nb_status geq_loose(nb_cg_store *s, nb_cg y, const loose *g, bool *out, nb_error *err);

/* Whether x <= G for the loose game G: no G^R <= x and no x^L >= G. */
static nb_status leq_loose(nb_cg_store *s, nb_cg x, const loose *g, bool *out, nb_error *err) {
  bool hit = false;
  nb_status st = cg_enter(s, err);
  if (st != NB_OK) return st;
  for (size_t i = 0; st == NB_OK && !hit && i < g->right->n; i++)
    st = leq(s, g->right->v[i], x, &hit, err);
  if (st == NB_OK && !hit) st = cg_expand(s, x, err);
  for (uint32_t i = 0; st == NB_OK && !hit && i < cg_count(s, x, 0); i++)
    st = geq_loose(s, cg_option(s, x, 0, i), g, &hit, err);
  cg_leave(s);
  *out = !hit;
  return st;
}

/* Whether G <= y for the loose game G: no G^L >= y and no y^R <= G. */
static nb_status geq_loose(nb_cg_store *s, nb_cg y, const loose *g, bool *out, nb_error *err) {
  bool hit = false;
  nb_status st = cg_enter(s, err);
  if (st != NB_OK) return st;
  for (size_t i = 0; st == NB_OK && !hit && i < g->left->n; i++)
    st = leq(s, y, g->left->v[i], &hit, err);
  if (st == NB_OK && !hit) st = cg_expand(s, y, err);
  for (uint32_t i = 0; st == NB_OK && !hit && i < cg_count(s, y, 1); i++)
    st = leq_loose(s, cg_option(s, y, 1, i), g, &hit, err);
  cg_leave(s);
  *out = !hit;
  return st;
}

/* ---- Canonical forms ------------------------------------------------------------------------ */

/* The simplest number strictly between lo (if has_lo) and hi (if has_hi), lo < hi: the integer
 * of least magnitude if there is one, else the dyadic of least denominator (CGT II.3). */
static nb_status simplest_between(bool has_lo, nb_dyadic lo, bool has_hi, nb_dyadic hi,
                                  nb_dyadic *out, nb_error *err) {
  nb_dyadic zero = {0, 0};
  if ((!has_lo || nb_dyadic_cmp(lo, zero) < 0) && (!has_hi || nb_dyadic_cmp(hi, zero) > 0)) {
    *out = zero;
    return NB_OK;
  }
  if (!has_hi || !has_lo) { /* one-sided and 0 excluded: the next integer outward */
    if ((has_lo && lo.num >> lo.exp == INT64_MAX) || (has_hi && (-hi.num) >> hi.exp == INT64_MAX))
      return out_of_range(err); /* checked first: the next integer would overflow */
    int64_t n = has_lo ? (lo.num >> lo.exp) + 1 : -((-hi.num) >> hi.exp) - 1;
    *out = (nb_dyadic){n, 0};
    return NB_OK;
  }
  if (nb_dyadic_cmp(hi, zero) <= 0) { /* mirror: the integer nearest 0 is the largest one */
    nb_dyadic mlo = {-hi.num, hi.exp}, mhi = {-lo.num, lo.exp};
    nb_status st = simplest_between(true, mlo, true, mhi, out, err);
    out->num = -out->num;
    return st;
  }
  for (unsigned e = 0; e <= NB_DYADIC_MAX_EXP; e++) { /* floor(lo * 2^e) + 1, over 2^e */
    int64_t f;
    if (e >= lo.exp) {
      if (__builtin_mul_overflow(lo.num, (int64_t)1 << (e - lo.exp), &f)) return out_of_range(err);
    } else {
      f = lo.num >> (lo.exp - e); /* arithmetic shift: floor */
    }
    nb_dyadic c;
    if (f == INT64_MAX || !nb_dyadic_make(f + 1, e, &c)) return out_of_range(err);
    if (nb_dyadic_cmp(c, hi) < 0) {
      *out = c;
      return NB_OK;
    }
  }
  return out_of_range(err);
}

/* Shortcut 1: all options numbers. Sets *done when it decided. */
static nb_status all_numbers(nb_cg_store *s, cg_list *left, cg_list *right, nb_cg *out, bool *done,
                             nb_error *err) {
  nb_dyadic lo = {0, 0}, hi = {0, 0}, x;
  *done = false;
  for (size_t i = 0; i < left->n; i++) {
    if (!nb_cg_get_number(s, left->v[i], &x)) return NB_OK;
    if (i == 0 || cg_dyadic_cmp(x, lo) > 0) lo = x;
  }
  for (size_t i = 0; i < right->n; i++) {
    if (!nb_cg_get_number(s, right->v[i], &x)) return NB_OK;
    if (i == 0 || cg_dyadic_cmp(x, hi) < 0) hi = x;
  }
  if (left->n > 0 && right->n > 0 && cg_dyadic_cmp(lo, hi) >= 0) return NB_OK;
  nb_status st = simplest_between(left->n > 0, lo, right->n > 0, hi, &x, err);
  if (st != NB_OK) return st;
  *done = true;
  return cg_intern_nus(s, (nb_cg_nus){x, 0, 0}, out, err);
}

/* The mex of a list of nimbers, or UINT64_MAX if some option is not a nimber. */
static uint64_t mex_of_nimbers(const nb_cg_store *s, const cg_list *l) {
  uint64_t mex = 0;
  for (size_t i = 0; i < l->n; i++) {
    nb_cg_nus v;
    if (!nb_cg_get_nus(s, l->v[i], &v) || v.number.num != 0 || v.ups != 0) return UINT64_MAX;
  }
  for (bool grew = true; grew;) { /* lists are short: quadratic is fine */
    grew = false;
    for (size_t i = 0; i < l->n; i++)
      if (s->nodes[l->v[i]].nim == mex) {
        mex++;
        grew = true;
      }
  }
  return mex;
}

/* Stops as integers: a stop num / 2^exp with exp <= STOP_SCALE and |num| < 2^STOP_RANGE is
 * num * 2^(STOP_SCALE - exp), exactly, and of magnitude below 2^(STOP_RANGE + STOP_SCALE) <
 * 2^63; two such stops compare as those integers. */
enum { STOP_SCALE = 20, STOP_RANGE = 40, SHORT_LIST = 64 };

/* The stop num / 2^exp as an integer over 2^STOP_SCALE; false when it does not fit. */
static bool scaled_stop(int64_t num, uint8_t exp, int64_t *out) {
  if (exp > STOP_SCALE || num >= (int64_t)1 << STOP_RANGE || num <= -((int64_t)1 << STOP_RANGE))
    return false;
  *out = num * ((int64_t)1 << (STOP_SCALE - exp));
  return true;
}

/* The stops of the options of l (at most SHORT_LIST) as integers; false when one does not fit. */
static bool scaled_stops(const nb_cg_store *s, const cg_list *l, int64_t *left, int64_t *right) {
  for (size_t i = 0; i < l->n; i++) {
    const cg_node *n = &s->nodes[l->v[i]];
    if (!scaled_stop(n->lnum, n->lexp, &left[i]) || !scaled_stop(n->rnum, n->rexp, &right[i]))
      return false;
  }
  return true;
}

/* Removes dominated options (and repeats): Left keeps the maximal ones, Right the minimal ones.
 * When split > 0 the list is two antichains, [0, split) and [split, n) (the options G^L + H
 * and G + H^L of a sum: G^L1 + H <= G^L2 + H iff G^L1 <= G^L2, which never holds between two
 * canonical options of G), and only pairs across them are compared. An option dominated by a
 * dropped one is dominated by a kept one (the relation is transitive), so dropped options need
 * not be compared again. Each pair is first put to the stops (by_stops: what leq tries first,
 * but read once per option and compared as integers when they fit, scaled_stops): most pairs of
 * a list are settled there, and only the others go to leq. */
static nb_status drop_dominated(nb_cg_store *s, cg_list *l, bool is_right, size_t split,
                                nb_error *err) {
  bool local[SHORT_LIST] = {false}; /* short lists (most) need no allocation */
  int64_t ls[SHORT_LIST], rs[SHORT_LIST];
  bool *dead = l->n <= SHORT_LIST ? local : nb_alloc(l->n, sizeof *dead, err);
  if (dead == NULL) return NB_EINTERNAL;
  bool scaled = l->n <= SHORT_LIST && scaled_stops(s, l, ls, rs);
  nb_status st = NB_OK;
  for (size_t i = 0; st == NB_OK && i < l->n; i++) {
    bool in_first = i < split;
    for (size_t j = 0; st == NB_OK && !dead[i] && j < l->n; j++) {
      if (j == i || dead[j] || (split > 0 && (j < split) == in_first)) continue;
      size_t x = is_right ? j : i, y = is_right ? i : j;        /* is option x <= option y? */
      if (scaled && (ls[x] > ls[y] || rs[x] > rs[y])) continue; /* by_stops: no */
      if (scaled && ls[x] < rs[y]) {                            /* by_stops: yes */
        dead[i] = true;
        continue;
      }
      st = leq(s, l->v[x], l->v[y], &dead[i], err);
    }
  }
  size_t k = 0;
  for (size_t i = 0; i < l->n; i++)
    if (!dead[i]) l->v[k++] = l->v[i];
  if (st == NB_OK) l->n = k;
  if (dead != local) free(dead);
  return st;
}

/* Replaces l->v[i] (an option reversible through `through`) by the options of `through` on the
 * same side, skipping those already listed. */
static nb_status bypass(nb_cg_store *s, cg_list *l, size_t i, nb_cg through, int side,
                        nb_error *err) {
  nb_status st = cg_expand(s, through, err);
  l->v[i] = l->v[--l->n];
  for (uint32_t k = 0; st == NB_OK && k < cg_count(s, through, side); k++) {
    nb_cg g = cg_option(s, through, side, k);
    if (!list_has(l, g)) st = list_push(l, g, err);
  }
  return st;
}

/* Bypasses every reversible option of one side of g; *changed says whether any was. */
static nb_status bypass_side(nb_cg_store *s, const loose *g, cg_list *l, bool is_right,
                             bool *changed, nb_error *err) {
  for (size_t i = 0; i < l->n;) {
    nb_cg a = l->v[i];
    nb_status st = cg_expand(s, a, err);
    bool reversible = false;
    uint32_t j = 0;
    /* A Left option A reverses through A^R <= G; a Right option B through B^L >= G. */
    for (; st == NB_OK && !reversible && j < cg_count(s, a, !is_right); j++) {
      nb_cg through = cg_option(s, a, !is_right, j);
      st = is_right ? geq_loose(s, through, g, &reversible, err)
                    : leq_loose(s, through, g, &reversible, err);
    }
    if (st == NB_OK && reversible) {
      *changed = true;
      st = bypass(s, l, i, cg_option(s, a, !is_right, j - 1), is_right, err);
    } else {
      i++;
    }
    if (st != NB_OK) return st;
  }
  return NB_OK;
}

/* Whether the sorted lists are exactly the options of game g. */
static nb_status has_options(nb_cg_store *s, nb_cg g, const cg_list *left, const cg_list *right,
                             bool *out, nb_error *err) {
  nb_status st = cg_expand(s, g, err);
  if (st != NB_OK) return st;
  const cg_node *n = &s->nodes[g];
  *out = n->nleft == left->n && n->nright == right->n &&
         cg_same_ids(s->pool + n->opts, left->v, left->n) &&
         cg_same_ids(s->pool + n->opts + n->nleft, right->v, right->n);
  return NB_OK;
}

/* The only number-up-star that canonical lists {left | right} can be, by the shapes listed in
 * store.c; false when they fit none. */
static bool nus_candidate(const nb_cg_store *s, const cg_list *left, const cg_list *right,
                          nb_cg_nus *c) {
  nb_cg_nus a, b;
  size_t nl = left->n, nr = right->n;
  if (nl == 0 && nr == 0) return *c = (nb_cg_nus){{0, 0}, 0, 0}, true;
  if (nl == 1 && nr == 0 && nb_cg_get_nus(s, left->v[0], &a) && a.number.exp == 0 &&
      a.number.num < INT64_MAX)
    return *c = (nb_cg_nus){{a.number.num + 1, 0}, 0, 0}, true;
  if (nl == 0 && nr == 1 && nb_cg_get_nus(s, right->v[0], &b) && b.number.exp == 0 &&
      b.number.num > -INT64_MAX)
    return *c = (nb_cg_nus){{b.number.num - 1, 0}, 0, 0}, true;
  if (nl == nr && nl > 0 && cg_same_ids(left->v, right->v, nl) && nb_cg_get_nus(s, left->v[0], &a))
    return *c = (nb_cg_nus){a.number, 0, nl}, true; /* x + *m */
  if (nl == 2 && nr == 1 && nb_cg_get_number(s, right->v[0], &a.number))
    return *c = (nb_cg_nus){a.number, 1, 1}, true; /* x + ^* */
  if (nl == 1 && nr == 2 && nb_cg_get_number(s, left->v[0], &a.number))
    return *c = (nb_cg_nus){a.number, -1, 1}, true; /* x + v* */
  if (nl != 1 || nr != 1 || !nb_cg_get_nus(s, left->v[0], &a) || !nb_cg_get_nus(s, right->v[0], &b))
    return false;
  if (a.ups == 0 && a.nimber == 0 && b.ups == 0 && b.nimber == 0) { /* {x - d | x + d} */
    nb_dyadic sum;
    return nb_dyadic_cmp(a.number, b.number) < 0 && nb_dyadic_add(a.number, b.number, &sum) &&
           nb_dyadic_make(sum.num, sum.exp + 1u, &c->number) && (c->ups = 0, c->nimber = 0, true);
  }
  if (a.ups == 0 && a.nimber == 0 && b.ups >= 0 && b.ups < INT64_MAX)
    return *c = (nb_cg_nus){a.number, b.ups + 1, b.nimber ^ 1}, true; /* {x | x + ..} */
  if (b.ups == 0 && b.nimber == 0 && a.ups <= 0 && a.ups > -INT64_MAX)
    return *c = (nb_cg_nus){b.number, a.ups - 1, a.nimber ^ 1}, true; /* {x + .. | x} */
  return false;
}

/* Interns the canonical lists (sorted) as a NUS node when they are one, else explicitly. */
static nb_status intern_canonical(nb_cg_store *s, cg_list *left, cg_list *right, nb_cg *out,
                                  nb_error *err) {
  nb_cg_nus c;
  if (nus_candidate(s, left, right, &c)) {
    nb_cg g;
    bool same = false;
    nb_status st = cg_intern_nus(s, c, &g, err);
    if (st == NB_OK) st = has_options(s, g, left, right, &same, err);
    if (st != NB_OK) return st;
    if (same) {
      *out = g;
      return NB_OK;
    }
  }
  return cg_intern_explicit(s, left->v, left->n, right->v, right->n, out, err);
}

/* The canonical form of {left | right}; the lists are the caller's, and are reordered. Each
 * list is two antichains split at lsplit (rsplit), or lsplit = 0 (rsplit = 0) for any list. */
static nb_status canonical(nb_cg_store *s, cg_list *left, cg_list *right, size_t lsplit,
                           size_t rsplit, nb_cg *out, nb_error *err) {
  bool done = false, changed = false;
  nb_status st = all_numbers(s, left, right, out, &done, err);
  if (st != NB_OK || done) return st;
  uint64_t mex = mex_of_nimbers(s, left);
  if (mex != UINT64_MAX && mex == mex_of_nimbers(s, right))
    return cg_intern_nus(s, (nb_cg_nus){{0, 0}, 0, mex}, out, err);
  loose g = {left, right};
  st = drop_dominated(s, left, false, lsplit, err);
  if (st == NB_OK) st = drop_dominated(s, right, true, rsplit, err);
  if (st == NB_OK) st = bypass_side(s, &g, left, false, &changed, err);
  if (st == NB_OK) st = bypass_side(s, &g, right, true, &changed, err);
  if (st == NB_OK && changed) st = drop_dominated(s, left, false, 0, err);
  if (st == NB_OK && changed) st = drop_dominated(s, right, true, 0, err);
  if (st != NB_OK) return st;
  left->n = cg_sort_unique(left->v, left->n);
  right->n = cg_sort_unique(right->v, right->n);
  return intern_canonical(s, left, right, out, err);
}

static nb_status copy_list(cg_list *l, const nb_cg *ids, size_t n, nb_error *err) {
  nb_status st = nb_grow((void **)&l->v, &l->cap, 0, n, sizeof *l->v, 8, err);
  if (st != NB_OK) return st;
  cg_copy_ids(l->v, ids, n);
  l->n = n;
  return NB_OK;
}

nb_status nb_cg_from_options(nb_cg_store *s, const nb_cg *left, size_t nleft, const nb_cg *right,
                             size_t nright, nb_cg *out, nb_error *err) {
  cg_list l = {0}, r = {0};
  for (size_t i = 0; i < nleft; i++)
    NB_ASSERT(left[i] < s->count);
  for (size_t i = 0; i < nright; i++)
    NB_ASSERT(right[i] < s->count);
  nb_status st = copy_list(&l, left, nleft, err);
  if (st == NB_OK) st = copy_list(&r, right, nright, err);
  if (st == NB_OK) {
    l.n = cg_sort_unique(l.v, l.n);
    r.n = cg_sort_unique(r.v, r.n);
    st = canonical(s, &l, &r, 0, 0, out, err);
  }
  free(l.v);
  free(r.v);
  return st;
}

/* ---- Sums and negatives --------------------------------------------------------------------- */

static nb_status add(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg *out, nb_error *err);

/* Appends fixed + (each option of `moving` on one side) to l, fixed on the left of the sum. */
static nb_status add_options(nb_cg_store *s, nb_cg fixed, nb_cg moving, int side, cg_list *l,
                             nb_error *err) {
  nb_status st = cg_expand(s, moving, err);
  for (uint32_t i = 0; st == NB_OK && i < cg_count(s, moving, side); i++) {
    nb_cg sum;
    st = add(s, fixed, cg_option(s, moving, side, i), &sum, err);
    if (st == NB_OK) st = list_push(l, sum, err);
  }
  return st;
}

/* a + b from the options (one of them at least is not a number). */
static nb_status add_by_options(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg *out, nb_error *err) {
  cg_list left = {0}, right = {0};
  nb_status st = NB_OK;
  if (!cg_is_number(s, a)) { /* number translation: no moves in a number summand */
    st = add_options(s, b, a, 0, &left, err);
    if (st == NB_OK) st = add_options(s, b, a, 1, &right, err);
  }
  size_t lsplit = left.n, rsplit = right.n; /* the a^L + b, then the a + b^L */
  if (st == NB_OK && !cg_is_number(s, b)) {
    st = add_options(s, a, b, 0, &left, err);
    if (st == NB_OK) st = add_options(s, a, b, 1, &right, err);
  }
  if (st == NB_OK) st = canonical(s, &left, &right, lsplit, rsplit, out, err);
  free(left.v);
  free(right.v);
  return st;
}

static nb_status add(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg *out, nb_error *err) {
  uint32_t known;
  if (a == NB_CG_ZERO || b == NB_CG_ZERO) {
    *out = a == NB_CG_ZERO ? b : a;
    return NB_OK;
  }
  if (cg_is_nus(s, a) && cg_is_nus(s, b)) {
    nb_cg_nus sum;
    nb_status st = nus_add(cg_nus_of(s, a), cg_nus_of(s, b), &sum, err);
    return st != NB_OK ? st : cg_intern_nus(s, sum, out, err);
  }
  if (a > b) { /* one cache entry for a + b and b + a */
    nb_cg t = a;
    a = b;
    b = t;
  }
  if (cg_cache_get(s, CG_OP_SUM, a, b, &known)) {
    *out = known;
    return NB_OK;
  }
  nb_status st = cg_enter(s, err);
  if (st != NB_OK) return st;
  st = add_by_options(s, a, b, out, err);
  cg_leave(s);
  if (st == NB_OK) st = cg_cache_put(s, CG_OP_SUM, a, b, *out, err);
  return st;
}

/* The negatives of the options of g on one side, sorted. */
static nb_status negate_side(nb_cg_store *s, nb_cg g, int side, cg_list *l, nb_error *err) {
  nb_status st = NB_OK;
  for (uint32_t i = 0; st == NB_OK && i < cg_count(s, g, side); i++) {
    nb_cg n;
    st = nb_cg_negate(s, cg_option(s, g, side, i), &n, err);
    if (st == NB_OK) st = list_push(l, n, err);
  }
  if (st == NB_OK) l->n = cg_sort_unique(l->v, l->n);
  return st;
}

nb_status nb_cg_negate(nb_cg_store *s, nb_cg a, nb_cg *out, nb_error *err) {
  if (cg_is_nus(s, a)) {
    nb_cg_nus v = cg_nus_of(s, a); /* numerators and ups exclude INT64_MIN: no overflow */
    v.number.num = -v.number.num;
    v.ups = -v.ups;
    return cg_intern_nus(s, v, out, err);
  }
  if (s->nodes[a].neg != CG_NONE) {
    *out = s->nodes[a].neg;
    return NB_OK;
  }
  /* -G = {-G^R | -G^L} is canonical when G is, and not a NUS when G is not. */
  cg_list left = {0}, right = {0};
  nb_status st = cg_enter(s, err);
  if (st != NB_OK) return st;
  st = negate_side(s, a, 1, &left, err);
  if (st == NB_OK) st = negate_side(s, a, 0, &right, err);
  if (st == NB_OK) st = cg_intern_explicit(s, left.v, left.n, right.v, right.n, out, err);
  cg_leave(s);
  free(left.v);
  free(right.v);
  if (st != NB_OK) return st;
  s->nodes[a].neg = *out;
  s->nodes[*out].neg = a;
  return NB_OK;
}

/* ---- Public entry points -------------------------------------------------------------------- */

nb_status nb_cg_add(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg *out, nb_error *err) {
  NB_ASSERT(a < s->count && b < s->count);
  return add(s, a, b, out, err);
}

nb_status nb_cg_subtract(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg *out, nb_error *err) {
  nb_cg nb;
  nb_status st = nb_cg_negate(s, b, &nb, err);
  return st != NB_OK ? st : add(s, a, nb, out, err);
}

nb_status nb_cg_sum(nb_cg_store *s, const nb_cg *games, size_t n, nb_cg *out, nb_error *err) {
  nb_cg total = NB_CG_ZERO;
  for (size_t i = 0; i < n; i++) {
    nb_status st = add(s, total, games[i], &total, err);
    if (st != NB_OK) return st;
  }
  *out = total;
  return NB_OK;
}

nb_status nb_cg_leq(nb_cg_store *s, nb_cg a, nb_cg b, bool *out, nb_error *err) {
  NB_ASSERT(a < s->count && b < s->count);
  return leq(s, a, b, out, err);
}

nb_status nb_cg_compare(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg_order *out, nb_error *err) {
  bool le, ge;
  nb_status st = leq(s, a, b, &le, err);
  if (st == NB_OK) st = leq(s, b, a, &ge, err);
  if (st != NB_OK) return st;
  NB_ASSERT(!(le && ge) || a == b); /* canonical forms are unique */
  *out = le ? (ge ? NB_CG_EQUAL : NB_CG_LESS) : (ge ? NB_CG_GREATER : NB_CG_CONFUSED);
  return NB_OK;
}

nb_status nb_cg_outcome(nb_cg_store *s, nb_cg g, nb_outcome *out, nb_error *err) {
  nb_cg_order order;
  nb_status st = nb_cg_compare(s, g, NB_CG_ZERO, &order, err);
  if (st != NB_OK) return st;
  static const nb_outcome by_order[] = {NB_OUTCOME_P, NB_OUTCOME_R, NB_OUTCOME_L, NB_OUTCOME_N};
  *out = by_order[order];
  return NB_OK;
}

nb_status nb_cg_is_switch(nb_cg_store *s, nb_cg g, bool *out, nb_error *err) {
  nb_cg n;
  nb_status st = nb_cg_negate(s, g, &n, err);
  if (st == NB_OK) *out = g != NB_CG_ZERO && n == g;
  return st;
}
