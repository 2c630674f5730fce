/*
 * props.c: what a short game's canonical form tells beyond its value: its birthday, its atomic
 * weight, its reduced canonical form.
 *
 * Birthday (Siegel, Combinatorial Game Theory, 2013, ch. II, "birthdays"; Winning Ways ch. 1:
 * the day a game is born). The formal birthday of a form is 0 for { | } and otherwise one more
 * than the largest formal birthday of its options; the birthday b(G) of a game is the formal
 * birthday of its canonical form, the least of any form equal to it. Computed on the canonical
 * options, memoised by ID for the call, with closed forms where the tree is too deep to walk:
 *   - a number x = a/2^e in lowest terms: b(x) = floor(|x|) + 1 + e for e > 0, |x| for an
 *     integer. The integer n = {n - 1 | } is born on day |n|; a/2^e (e > 0) is the simplest
 *     number between its neighbours (a - 1)/2^e and (a + 1)/2^e, one of which has the next
 *     smaller exponent and is born one day earlier, the other earlier still: by induction b
 *     grows by one with each binary digit after the point, from floor(|x|) + 1 for e = 1;
 *   - x + *m (m >= 1): b = b(x) + m. Its canonical form is {x, x + *, .., x + *(m-1) | the
 *     same} (store.c), whose options x + *j have b(x) + j by induction (b(x + *0) = b(x)).
 *   - x + k.^ and x + k.^ + * (k != 0): b = b(x) + |k| + 1. The canonical forms are
 *     ^ = {0 | *}, ^* = {0, * | 0}, k.^ = {0 | (k-1).^*} and k.^* = {0 | (k-1).^} for k >= 2
 *     (store.c), and for a number x, x + G = {x + G^L | x + G^R} (number translation, G not a
 *     number): x + ^ = {x | x*} and x + ^* = {x, x* | x} are born on day b(x) + 2, and x + k.^
 *     (+ *) one day after its option x + (k-1).^ (+ *), born b(x) + k by induction; negatives
 *     have the same birthdays. tests/test_cg.c checks it against the walk for |k| <= 7 and
 *     several x; it gives ^536870911 its birthday without a walk 536870911 levels deep.
 * Every other number-up-star (x + k.^ + *m, m >= 2) is walked through its canonical options,
 * which the store makes on demand; they end in such closed forms within a few levels.
 *
 * Atomic weight (Winning Ways, ch. 8, the atomic weight calculus; Siegel, CGT, 2013, II.7), for
 * all-small games only: those where, in every subposition, Left can move iff Right can (so
 * every number in the tree is 0; a canonical all-small game is k.^ + *m or an explicit game of
 * all-small options). With the options' weights, G'' = {aw(G^L) - 2 | aw(G^R) + 2}; aw(G) =
 * G'' unless G'' is an integer and G is comparable with a far star *N (N beyond every nimber in
 * G's tree: the "eccentric" case): if G > *N, aw(G) is the largest integer n with n <| aw(G^R)
 * + 2 for every G^R; if G < *N, the least integer n with n |> aw(G^L) - 2 for every G^L.
 * Number-up-stars k.^ + *m weigh k. Published: aw(^) = 1, aw(^^*) = 2, aw(*) = 0.
 *
 * Reduced canonical form (Calistrate 1996; Grossman and Siegel, "Reductions of partizan games",
 * 2009; Siegel, CGT, 2013, II.6): the simplest game infinitesimally close to G, G - rcf(G)
 * infinitesimal. G <=_Inf H (G <= H + x for every positive number x) iff L(G - H) <= 0: a
 * number x above the left stop of a game is above the game, and one below it is not (the stop
 * theorems, CGT II.3). G is infinitesimally close to a number iff its stops are equal, and then
 * rcf(G) is that number. Otherwise: the options reduced, Inf-dominated options removed (a Left
 * option A with A <=_Inf A' for another A'; Right alike), Inf-reversible ones bypassed (a Left
 * option A with some A^R <=_Inf G is replaced by A^R's Left options; a Right option B with some
 * B^L >=_Inf G by B^L's Right options), until none is left; the result has neither dominated
 * nor reversible options, so its canonical form is itself. Published: rcf(^) = 0, rcf(*) = 0.
 */
#include "cgt/store.h"

#include <stdlib.h>

/* The birthday of the number x (the closed form above). */
static uint64_t number_birthday(nb_dyadic x) {
  uint64_t a = x.num < 0 ? (uint64_t)0 - (uint64_t)x.num : (uint64_t)x.num;
  return x.exp == 0 ? a : (a >> x.exp) + 1 + x.exp;
}

/* Memo of one call (birthdays, all-smallness, atomic weights): values by ID, in a table of
 * open addressing that grows with what the call meets, so that a call costs what the game's
 * tree holds, not what the store holds (arrays by ID made each call O(store): quadratic for a
 * caller asking about many games of one large store). */
typedef struct memo {
  uint32_t *key; /* the IDs, CG_NONE in empty slots */
  uint64_t *val; /* their values */
  size_t cap;    /* slots: 0 or a power of two */
  size_t n;      /* IDs held */
} memo;

static size_t memo_slot(const memo *m, uint32_t g) {
  size_t i = (size_t)((g * 0x9E3779B97F4A7C15ull) >> 32) & (m->cap - 1);
  while (m->key[i] != CG_NONE && m->key[i] != g)
    i = (i + 1) & (m->cap - 1);
  return i;
}

static bool memo_get(const memo *m, uint32_t g, uint64_t *v) {
  if (m->cap == 0) return false;
  size_t i = memo_slot(m, g);
  if (m->key[i] != g) return false;
  *v = m->val[i];
  return true;
}

static nb_status memo_put(memo *m, uint32_t g, uint64_t v, nb_error *err) {
  if (2 * (m->n + 1) > m->cap) { /* at most half full */
    memo bigger = {nb_alloc(m->cap ? 2 * m->cap : 64, sizeof *m->key, err),
                   nb_alloc(m->cap ? 2 * m->cap : 64, sizeof *m->val, err),
                   m->cap ? 2 * m->cap : 64, m->n};
    if (bigger.key == NULL || bigger.val == NULL) {
      free(bigger.key);
      free(bigger.val);
      return NB_EINTERNAL;
    }
    for (size_t i = 0; i < bigger.cap; i++)
      bigger.key[i] = CG_NONE;
    for (size_t i = 0; i < m->cap; i++)
      if (m->key[i] != CG_NONE) {
        size_t j = memo_slot(&bigger, m->key[i]);
        bigger.key[j] = m->key[i];
        bigger.val[j] = m->val[i];
      }
    free(m->key);
    free(m->val);
    *m = bigger;
  }
  size_t i = memo_slot(m, g);
  if (m->key[i] == CG_NONE) m->n++;
  m->key[i] = g;
  m->val[i] = v;
  return NB_OK;
}

static void memo_free(memo *m) {
  free(m->key);
  free(m->val);
}

static nb_status birthday(nb_cg_store *s, nb_cg g, memo *m, uint64_t *out, nb_error *err) {
  nb_cg_nus v;
  if (nb_cg_get_nus(s, g, &v) && (v.ups == 0 || v.nimber <= 1)) {
    uint64_t b = number_birthday(v.number);
    uint64_t k = v.ups < 0 ? (uint64_t)0 - (uint64_t)v.ups : (uint64_t)v.ups;
    uint64_t more = v.ups == 0 ? v.nimber : k + 1; /* x + *m, or x + k.^ (+ *) */
    if (b + more < b) return nb_fail(err, NB_EDATA, "birthday beyond 2^64");
    *out = b + more;
    return NB_OK;
  }
  if (memo_get(m, g, out)) return NB_OK;
  nb_status st = cg_enter(s, err);
  if (st != NB_OK) return st;
  st = cg_expand(s, g, err);
  uint64_t most = 0;
  for (int side = 0; st == NB_OK && side < 2; side++)
    for (uint32_t i = 0; st == NB_OK && i < cg_count(s, g, side); i++) {
      uint64_t b = 0; /* the pool may move while an option is walked: read it afresh */
      st = birthday(s, cg_option(s, g, side, i), m, &b, err);
      if (st == NB_OK && b > most) most = b;
    }
  cg_leave(s);
  if (st != NB_OK) return st;
  *out = most + 1;
  return memo_put(m, g, *out, err);
}

nb_status nb_cg_birthday(nb_cg_store *s, nb_cg g, uint64_t *out, nb_error *err) {
  NB_ASSERT(g < s->count);
  memo m = {NULL, NULL, 0, 0};
  uint64_t b = 0;
  nb_status st = birthday(s, g, &m, &b, err);
  memo_free(&m);
  if (st == NB_OK) *out = b;
  return st;
}

/* ---- Atomic weight ----------------------------------------------------------------------------
 */

/* What one call of nb_cg_atomic_weight shares. */
typedef struct aw_call {
  nb_cg far_star; /* *N, N beyond every nimber of the game's tree */
  memo small;     /* by ID: 1 all-small, 0 not */
  memo weight;    /* by ID: the atomic weight */
} aw_call;

/* Whether g is all-small, and the largest nimber part in its tree into *most. */
static nb_status all_small(nb_cg_store *s, nb_cg g, aw_call *c, bool *out, uint64_t *most,
                           nb_error *err) {
  nb_cg_nus v;
  if (nb_cg_get_nus(s, g, &v)) {
    *out = v.number.num == 0;
    if (v.nimber > *most) *most = v.nimber;
    return NB_OK;
  }
  uint64_t known;
  if (memo_get(&c->small, g, &known)) {
    *out = known == 1;
    return NB_OK;
  }
  nb_status st = cg_enter(s, err);
  if (st != NB_OK) return st;
  bool small = cg_count(s, g, 0) > 0 && cg_count(s, g, 1) > 0;
  for (int side = 0; st == NB_OK && small && side < 2; side++)
    for (uint32_t i = 0; st == NB_OK && small && i < cg_count(s, g, side); i++)
      st = all_small(s, cg_option(s, g, side, i), c, &small, most, err);
  cg_leave(s);
  if (st == NB_OK) st = memo_put(&c->small, g, small ? 1 : 0, err);
  *out = small;
  return st;
}

/* The eccentric case: the largest integer n with n <| every opts[i] (right), or the least with
 * n |> every opts[i] (left). A number n above L(o) is above o, so the largest n <| o is at most
 * floor(L(o)); one below R(o) is below, so the least n |> o is at least ceil(R(o)). */
static nb_status eccentric(nb_cg_store *s, const nb_cg *opts, size_t k, bool right, nb_cg *out,
                           nb_error *err) {
  int64_t best = right ? INT64_MAX : INT64_MIN;
  nb_status st = NB_OK;
  for (size_t i = 0; st == NB_OK && i < k; i++) {
    nb_dyadic l, r;
    st = nb_cg_stops(s, opts[i], &l, &r, err);
    nb_dyadic stop = right ? l : r;
    int64_t n = stop.num >> stop.exp;                                    /* floor */
    if (!right && (stop.num & (((int64_t)1 << stop.exp) - 1)) != 0) n++; /* ceil */
    n += right ? 1 : -1;
    for (bool found = false; st == NB_OK && !found;) {
      nb_cg x;
      bool leq = false;
      st = nb_cg_make_integer(s, n, &x, err);
      /* right: n <| o iff not o <= n; left: n |> o iff not n <= o */
      if (st == NB_OK)
        st = right ? nb_cg_leq(s, opts[i], x, &leq, err) : nb_cg_leq(s, x, opts[i], &leq, err);
      found = st == NB_OK && !leq;
      if (st == NB_OK && !found) n += right ? -1 : 1;
    }
    if (st == NB_OK && (right ? n < best : n > best)) best = n;
  }
  return st == NB_OK ? nb_cg_make_integer(s, best, out, err) : st;
}

static nb_status weigh(nb_cg_store *s, nb_cg g, aw_call *c, nb_cg *out, nb_error *err);

/* The options' weights, shifted by -2 (Left) or +2 (Right), into *w (allocated). */
static nb_status shifted_weights(nb_cg_store *s, nb_cg g, int side, aw_call *c, nb_cg **w,
                                 size_t *k, nb_error *err) {
  *k = cg_count(s, g, side);
  *w = nb_alloc(*k + 1, sizeof **w, err);
  if (*w == NULL) return NB_EINTERNAL;
  nb_cg two;
  nb_status st = nb_cg_make_integer(s, side ? 2 : -2, &two, err);
  for (size_t i = 0; st == NB_OK && i < *k; i++) {
    st = weigh(s, cg_option(s, g, side, (uint32_t)i), c, &(*w)[i], err);
    if (st == NB_OK) st = nb_cg_add(s, (*w)[i], two, &(*w)[i], err);
  }
  return st;
}

static nb_status weigh_explicit(nb_cg_store *s, nb_cg g, aw_call *c, nb_cg *out, nb_error *err) {
  nb_cg *wl = NULL, *wr = NULL, candidate;
  size_t kl = 0, kr = 0;
  nb_dyadic x;
  nb_cg_order order = NB_CG_CONFUSED;
  nb_status st = shifted_weights(s, g, 0, c, &wl, &kl, err);
  if (st == NB_OK) st = shifted_weights(s, g, 1, c, &wr, &kr, err);
  if (st == NB_OK) st = nb_cg_from_options(s, wl, kl, wr, kr, &candidate, err);
  bool integer = st == NB_OK && nb_cg_get_number(s, candidate, &x) && x.exp == 0;
  if (integer) st = nb_cg_compare(s, g, c->far_star, &order, err);
  if (st == NB_OK) *out = candidate;
  if (st == NB_OK && integer && order == NB_CG_GREATER) st = eccentric(s, wr, kr, true, out, err);
  if (st == NB_OK && integer && order == NB_CG_LESS) st = eccentric(s, wl, kl, false, out, err);
  free(wl);
  free(wr);
  return st;
}

static nb_status weigh(nb_cg_store *s, nb_cg g, aw_call *c, nb_cg *out, nb_error *err) {
  nb_cg_nus v;
  if (nb_cg_get_nus(s, g, &v)) return nb_cg_make_integer(s, v.ups, out, err); /* x = 0 here */
  uint64_t known;
  if (memo_get(&c->weight, g, &known)) {
    *out = (nb_cg)known;
    return NB_OK;
  }
  nb_status st = cg_enter(s, err);
  if (st != NB_OK) return st;
  st = weigh_explicit(s, g, c, out, err);
  cg_leave(s);
  if (st == NB_OK) st = memo_put(&c->weight, g, *out, err);
  return st;
}

nb_status nb_cg_atomic_weight(nb_cg_store *s, nb_cg g, nb_cg *out, bool *defined, nb_error *err) {
  NB_ASSERT(g < s->count);
  aw_call c = {0, {NULL, NULL, 0, 0}, {NULL, NULL, 0, 0}};
  nb_status st = NB_OK;
  uint64_t most = 0;
  bool small = false;
  if (st == NB_OK) st = all_small(s, g, &c, &small, &most, err);
  uint64_t n = 2; /* a power of two beyond every nimber part: beyond m XOR 1 too */
  while (n <= most && n < ((uint64_t)1 << 62))
    n *= 2;
  if (st == NB_OK && small) st = nb_cg_make_nimber(s, 2 * n, &c.far_star, err);
  nb_cg w = 0;
  if (st == NB_OK && small) st = weigh(s, g, &c, &w, err);
  memo_free(&c.small);
  memo_free(&c.weight);
  if (st != NB_OK) return st;
  *defined = small;
  if (small) *out = w;
  return NB_OK;
}

/* ---- Reduced canonical form -------------------------------------------------------------------
 */

/* *out = whether a <=_Inf b: L(a - b) <= 0. */
static nb_status inf_leq(nb_cg_store *s, nb_cg a, nb_cg b, bool *out, nb_error *err) {
  nb_cg d;
  nb_dyadic l, zero = {0, 0};
  nb_status st = nb_cg_subtract(s, a, b, &d, err);
  if (st == NB_OK) st = nb_cg_stops(s, d, &l, NULL, err);
  if (st == NB_OK) *out = nb_dyadic_cmp(l, zero) <= 0;
  return st;
}

/* A list of IDs private to one reduction. */
typedef struct idlist {
  nb_cg *v;   /* the IDs */
  size_t n;   /* how many */
  size_t cap; /* allocated */
} idlist;

static nb_status id_push(idlist *l, nb_cg g, nb_error *err) {
  nb_status st = nb_grow((void **)&l->v, &l->cap, l->n, 1, sizeof *l->v, 8, err);
  if (st == NB_OK) l->v[l->n++] = g;
  return st;
}

/* Removes the options of l that are Inf-dominated by another one still there (Left keeps the
 * Inf-greatest, Right the Inf-least); *changed if any went. */
static nb_status drop_inf_dominated(nb_cg_store *s, idlist *l, bool right, bool *changed,
                                    nb_error *err) {
  nb_status st = NB_OK;
  for (size_t i = 0; st == NB_OK && i < l->n;) {
    bool dominated = false;
    for (size_t j = 0; st == NB_OK && !dominated && j < l->n; j++)
      if (j != i)
        st = right ? inf_leq(s, l->v[j], l->v[i], &dominated, err)
                   : inf_leq(s, l->v[i], l->v[j], &dominated, err);
    if (st == NB_OK && dominated) {
      l->v[i] = l->v[--l->n];
      *changed = true;
    } else {
      i++;
    }
  }
  return st;
}

/* Bypasses the first Inf-reversible option of side l of g = {left | right}, if there is one. */
static nb_status bypass_inf_reversible(nb_cg_store *s, idlist *left, idlist *right, bool on_right,
                                       bool *changed, nb_error *err) {
  nb_cg g;
  idlist *l = on_right ? right : left;
  nb_status st = nb_cg_from_options(s, left->v, left->n, right->v, right->n, &g, err);
  for (size_t i = 0; st == NB_OK && i < l->n; i++) {
    const nb_cg *back;
    size_t nb = 0;
    st = nb_cg_options(s, l->v[i], on_right ? NB_LEFT : NB_RIGHT, &back, &nb, err);
    for (size_t j = 0; st == NB_OK && j < nb; j++) {
      nb_cg through = back[j];
      bool reversible = false;
      st = on_right ? inf_leq(s, g, through, &reversible, err)
                    : inf_leq(s, through, g, &reversible, err);
      if (st != NB_OK || !reversible) {
        if (st == NB_OK)
          st = nb_cg_options(s, l->v[i], on_right ? NB_LEFT : NB_RIGHT, &back, &nb,
                             err); /* the list may have moved */
        continue;
      }
      const nb_cg *repl;
      size_t nrepl = 0;
      st = nb_cg_options(s, through, on_right ? NB_RIGHT : NB_LEFT, &repl, &nrepl, err);
      nb_cg *copy = st == NB_OK ? nb_alloc(nrepl + 1, sizeof *copy, err) : NULL;
      if (st == NB_OK && copy == NULL) st = NB_EINTERNAL;
      for (size_t k = 0; st == NB_OK && k < nrepl; k++)
        copy[k] = repl[k];
      if (st == NB_OK) l->v[i] = l->v[--l->n];
      for (size_t k = 0; st == NB_OK && k < nrepl; k++)
        st = id_push(l, copy[k], err);
      free(copy);
      if (st == NB_OK) *changed = true;
      return st;
    }
  }
  return st;
}

static nb_status reduce(nb_cg_store *s, nb_cg g, nb_cg *out, nb_error *err);

/* The reduced options of one side of g. */
static nb_status reduced_side(nb_cg_store *s, nb_cg g, int side, idlist *l, nb_error *err) {
  nb_status st = cg_expand(s, g, err);
  for (uint32_t i = 0; st == NB_OK && i < cg_count(s, g, side); i++) {
    nb_cg r;
    st = reduce(s, cg_option(s, g, side, i), &r, err);
    if (st == NB_OK) st = id_push(l, r, err);
  }
  return st;
}

static nb_status reduce(nb_cg_store *s, nb_cg g, nb_cg *out, nb_error *err) {
  nb_dyadic l, r;
  nb_status st = nb_cg_stops(s, g, &l, &r, err);
  if (st != NB_OK) return st;
  if (nb_dyadic_cmp(l, r) == 0) return nb_cg_make_number(s, l, out, err);
  st = cg_enter(s, err);
  if (st != NB_OK) return st;
  idlist left = {0}, right = {0};
  st = reduced_side(s, g, 0, &left, err);
  if (st == NB_OK) st = reduced_side(s, g, 1, &right, err);
  for (bool changed = true; st == NB_OK && changed;) {
    changed = false;
    st = drop_inf_dominated(s, &left, false, &changed, err);
    if (st == NB_OK) st = drop_inf_dominated(s, &right, true, &changed, err);
    if (st == NB_OK && !changed) st = bypass_inf_reversible(s, &left, &right, false, &changed, err);
    if (st == NB_OK && !changed) st = bypass_inf_reversible(s, &left, &right, true, &changed, err);
  }
  if (st == NB_OK) st = nb_cg_from_options(s, left.v, left.n, right.v, right.n, out, err);
  cg_leave(s);
  free(left.v);
  free(right.v);
  return st;
}

nb_status nb_cg_reduced(nb_cg_store *s, nb_cg g, nb_cg *out, nb_error *err) {
  NB_ASSERT(g < s->count);
  nb_cg r = 0;
  nb_status st = reduce(s, g, &r, err);
  if (st == NB_OK) *out = r;
  return st;
}
