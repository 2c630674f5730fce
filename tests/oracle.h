/*
 * oracle.h: the winning-move check every family's tests share.
 *
 * check_winning_moves(g, s, comps, n, who) holds nb_winning_moves to the exhaustive search: a
 * move is winning iff the opponent, moving first in the result, loses. For impartial games that
 * is "the result's Grundy value is 0", the XOR of the components' values by search; for partizan
 * games (one component) it is the search's own win bit. Every reported move must be winning and
 * legal, and every legal move not reported must not be winning.
 */
#ifndef NB_TESTS_ORACLE_H
#define NB_TESTS_ORACLE_H

#include "check.h"
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

/* Whether the opponent of `who`, moving first in comps (n components), loses, by search. */
static inline bool oracle_opponent_loses(const nb_game *g, nb_search *s, const nb_pos *comps,
                                         size_t n, nb_player who) {
  nb_error err;
  if (g->family->partizan) {
    bool wins = false;
    CHECK_OK(nb_search_wins(s, comps[0], who == NB_LEFT ? NB_RIGHT : NB_LEFT, &wins, NULL, &err),
             &err);
    return !wins;
  }
  uint64_t x = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t v = 0;
    CHECK_OK(nb_search_grundy(s, comps[i], &v, &err), &err);
    x ^= v;
  }
  return x == 0;
}

/* Checks the winning moves of `who` in the sum against the search; `what` names the case. */
static inline void check_winning_moves(const nb_game *g, nb_search *s, const nb_pos *comps,
                                       size_t n, nb_player who, const char *what) {
  nb_sum_move *all, *win;
  size_t nall, nwin, k = 0;
  nb_error err;
  CHECK_OK(nb_sum_moves(g, comps, n, who, &all, &nall, &err), &err);
  CHECK_OK(nb_winning_moves(g, s, comps, n, who, &win, &nwin, &err), &err);
  nb_pos *after = malloc(n * sizeof *after);
  for (size_t i = 0; i < nall; i++) {
    memcpy(after, comps, n * sizeof *after);
    after[all[i].component] = all[i].move.to;
    bool reported =
        k < nwin && win[k].component == all[i].component && win[k].move.tag == all[i].move.tag;
    k += reported;
    CHECK(reported == oracle_opponent_loses(g, s, after, n, who), "%s: move %zu %s", what, i,
          reported ? "reported but not winning" : "winning but not reported");
  }
  CHECK(k == nwin, "%s: a reported move is not legal", what);
  free(after);
  free(all);
  free(win);
}

#endif
