/*
 * props.c: what a short game's canonical form tells beyond its value: its birthday.
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
 * Every other number-up-star (ups, 1/2^*) is walked through its canonical options, which the
 * store makes on demand; they end in such closed forms within |k| + 2 levels for k ups.
 */
#include "cgt/store.h"

#include <stdlib.h>

/* The birthday of the number x (the closed form above). */
static uint64_t number_birthday(nb_dyadic x) {
  uint64_t a = x.num < 0 ? (uint64_t)0 - (uint64_t)x.num : (uint64_t)x.num;
  return x.exp == 0 ? a : (a >> x.exp) + 1 + x.exp;
}

/* Memo of one call: birthdays of the games that existed when it started, by ID. */
typedef struct memo {
  uint64_t *v; /* UINT64_MAX: not known yet */
  size_t n;    /* games covered */
} memo;

static nb_status birthday(nb_cg_store *s, nb_cg g, memo *m, uint64_t *out, nb_error *err) {
  nb_cg_nus v;
  if (nb_cg_get_nus(s, g, &v) && v.ups == 0) {
    uint64_t b = number_birthday(v.number);
    if (b + v.nimber < b) return nb_fail(err, NB_EDATA, "birthday beyond 2^64");
    *out = b + v.nimber;
    return NB_OK;
  }
  if (g < m->n && m->v[g] != UINT64_MAX) {
    *out = m->v[g];
    return NB_OK;
  }
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
  if (g < m->n) m->v[g] = *out;
  return NB_OK;
}

nb_status nb_cg_birthday(nb_cg_store *s, nb_cg g, uint64_t *out, nb_error *err) {
  NB_ASSERT(g < s->count);
  memo m = {nb_alloc(s->count, sizeof *m.v, err), s->count};
  if (m.v == NULL) return NB_EINTERNAL;
  for (size_t i = 0; i < m.n; i++)
    m.v[i] = UINT64_MAX;
  uint64_t b = 0;
  nb_status st = birthday(s, g, &m, &b, err);
  free(m.v);
  if (st == NB_OK) *out = b;
  return st;
}
