/*
 * plain_cg_same.h: whether a plain form (plain_cg.h) and a game of the canonical-form engine
 * (include/nimber_cgt.h) are the same tree. Canonical forms are unique, so a plain canonical form and
 * the engine's canonical form of the same game must match option for option. Used by the tests
 * and benchmarks that hold the engine to the plain implementation.
 */
#ifndef NB_TESTS_PLAIN_CG_SAME_H
#define NB_TESTS_PLAIN_CG_SAME_H

#include "cgt/cgt.h"
#include "plain_cg.h"

/* Whether the plain form c is the engine's game e, tree for tree (games with more than 64 options
 * on a side are never the same here). Aborts if the engine fails to list options: test code. */
static bool plain_cg_same(nb_cg_store *s, const plain_pool *p, uint32_t c, nb_cg e) {
  nb_cg side[2][64];
  size_t n[2];
  for (int r = 0; r < 2; r++) {
    const nb_cg *o;
    nb_error err;
    if (nb_cg_options(s, e, r ? NB_RIGHT : NB_LEFT, &o, &n[r], &err) != NB_OK) {
      fprintf(stderr, "plain_cg_same: %s\n", err.message);
      abort();
    }
    if (n[r] > 64) return false;
    if (n[r] > 0) memcpy(side[r], o, n[r] * sizeof *o); /* o may be NULL when there are none */
  }
  if (n[0] != p->v[c].nl || n[1] != p->v[c].nr) return false;
  for (int r = 0; r < 2; r++)
    for (uint32_t i = 0; i < n[r]; i++) {
      bool found = false;
      for (size_t j = 0; j < n[r] && !found; j++)
        found = plain_cg_same(s, p, plain_opt(p, c, r, i), side[r][j]);
      if (!found) return false;
    }
  return true;
}

#endif
