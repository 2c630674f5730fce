/*
 * heapquotapi.c: the public misère quotient calls (nimber.h, "Misère quotients of heap games").
 *
 * The library's nb_quotient (heap/heapquot.h) is the public nb_misere_quotient, kept opaque:
 * these calls open it to callers read-only, so that its layout stays the library's to change.
 * Computing one goes through nb_quotient_compute, which proves every quotient it returns; the
 * game must be a heap game (its heap rules, games/heaps.h), and the bound in range, or the call
 * is a usage error saying which. Reading calls check their arguments by assertion (an element
 * past the order, a heap past the bound): they are the caller's contract, as nb_pos ranges are.
 */
#include "games/heaps.h"
#include "heap/heapquot.h"

#include <string.h>

nb_status nb_misere_quotient_new(const nb_game *g, uint32_t heaps, const nb_limits *limits,
                                 nb_misere_quotient **out, nb_error *err) {
  *out = NULL;
  const nb_heap_rules *r = nb_heap_game_rules(g);
  if (r == NULL)
    return nb_fail(err, NB_EUSAGE,
                   "misère quotient: the game has no heaps (heap games: nim, sub, oct, hex, grundy)");
  if (heaps < 1 || heaps > NB_QUOTIENT_MAX_HEAPS)
    return nb_fail(err, NB_EUSAGE, "misère quotient: heaps %u is not a heap bound from 1 to %u",
                   (unsigned)heaps, (unsigned)NB_QUOTIENT_MAX_HEAPS);
  return nb_quotient_compute(r, heaps, limits, out, NULL, err);
}

void nb_misere_quotient_free(nb_misere_quotient *q) {
  nb_quotient_free(q);
}

uint32_t nb_misere_quotient_heaps(const nb_misere_quotient *q) {
  return q->heaps;
}

uint32_t nb_misere_quotient_order(const nb_misere_quotient *q) {
  return q->order;
}

bool nb_misere_quotient_is_p(const nb_misere_quotient *q, uint32_t e) {
  NB_ASSERT(e < q->order);
  return q->p[e];
}

uint32_t nb_misere_quotient_pretend(const nb_misere_quotient *q, uint32_t n) {
  NB_ASSERT(n <= q->heaps);
  return q->pretend[n];
}

uint32_t nb_misere_quotient_times(const nb_misere_quotient *q, uint32_t e, uint32_t f) {
  NB_ASSERT(e < q->order && f < q->order);
  const uint32_t *x = nb_quotient_normal(q, f); /* f's normal form applied to e */
  for (uint32_t j = 0; j < q->gens; j++)
    for (uint32_t k = 0; k < x[j]; k++)
      e = q->times_heap[(size_t)e * (q->heaps + 1) + q->gen_heap[j]];
  return e;
}

uint32_t nb_misere_quotient_element(const nb_misere_quotient *q, const uint64_t *heaps,
                                    size_t n) {
  for (size_t k = 0; k < n; k++)
    if (heaps[k] > q->heaps && !q->stable) return UINT32_MAX;
  return nb_quotient_element(q, heaps, n);
}

bool nb_misere_quotient_stable(const nb_misere_quotient *q, uint32_t *preperiod, uint32_t *period) {
  if (q->stable && preperiod != NULL) *preperiod = q->preperiod;
  if (q->stable && period != NULL) *period = q->period;
  return q->stable;
}

uint32_t nb_misere_quotient_generators(const nb_misere_quotient *q) {
  return q->gens;
}

uint32_t nb_misere_quotient_generator_heap(const nb_misere_quotient *q, uint32_t j) {
  NB_ASSERT(j < q->gens);
  return q->gen_heap[j];
}

const uint32_t *nb_misere_quotient_normal_form(const nb_misere_quotient *q, uint32_t e) {
  NB_ASSERT(e < q->order);
  return nb_quotient_normal(q, e);
}

uint32_t nb_misere_quotient_relations(const nb_misere_quotient *q) {
  return q->rel_count;
}

void nb_misere_quotient_relation(const nb_misere_quotient *q, uint32_t k, const uint32_t **lhs,
                                 uint32_t *rhs) {
  NB_ASSERT(k < q->rel_count);
  *lhs = q->exps + q->rel[k].lhs;
  *rhs = q->rel[k].rhs;
}

int nb_misere_quotient_word(const nb_misere_quotient *q, const uint32_t *exps, char *buf,
                            size_t cap) {
  return nb_quotient_word(q, exps, buf, cap);
}
