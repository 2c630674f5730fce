/*
 * oracle.h: the winning-move check every family's tests share.
 *
 * check_winning_moves(s, o, comps, n, who) holds nb_winning_moves (through the solver s) to an
 * oracle o built apart from it: a move is winning iff the opponent, moving first in the sum after
 * the move, loses. For impartial games that is "the sum's Grundy value is 0", the XOR of its
 * components' values by the oracle's component search; for partizan games it is the oracle's sum
 * search's win bit. Every reported move must be winning and legal, and every legal move not
 * reported must not be winning. Moves may split a component: the sum after the move is built
 * here, by hand, from the move's parts.
 */
#ifndef NB_TESTS_ORACLE_H
#define NB_TESTS_ORACLE_H

#include "check.h"
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

/* The oracle's own searches, independent of any solver under test. */
typedef struct oracle {
  const nb_game *game; /* the game */
  nb_search *search;   /* its component search */
  nb_sum_search *sums; /* its sum search (over its own component search) */
} oracle;

static inline void oracle_open(oracle *o, const nb_game *g) {
  nb_error err;
  o->game = g;
  CHECK_OK(nb_search_new(g, NULL, &o->search, &err), &err);
  CHECK_OK(nb_sum_search_new(g, NULL, o->search, &o->sums, &err), &err);
}

static inline void oracle_close(oracle *o) {
  nb_sum_search_free(o->sums);
  nb_search_free(o->search);
}

/* Whether the opponent of `who`, moving first in comps (n components), loses, by search. */
static inline bool oracle_opponent_loses(oracle *o, const nb_pos *comps, size_t n, nb_player who) {
  nb_error err;
  if (o->game->family->partizan) {
    bool wins = false;
    CHECK_OK(nb_sum_search_wins(o->sums, comps, n, who == NB_LEFT ? NB_RIGHT : NB_LEFT, &wins, NULL,
                                &err),
             &err);
    return !wins;
  }
  uint64_t x = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t v = 0;
    CHECK_OK(nb_search_grundy(o->search, comps[i], &v, &err), &err);
    x ^= v;
  }
  return x == 0;
}

/* The sum after move i of l, built by hand: comps with the component replaced by the parts. */
static inline size_t oracle_after(const nb_pos *comps, size_t n, const nb_move_list *l, size_t i,
                                  nb_pos *out) {
  size_t len = 0, c = l->move[i].component;
  for (size_t j = 0; j < c; j++)
    out[len++] = comps[j];
  for (size_t j = 0; j < l->move[i].move.parts; j++)
    out[len++] = l->part[l->move[i].first + j];
  for (size_t j = c + 1; j < n; j++)
    out[len++] = comps[j];
  return len;
}

/* Checks the winning moves of `who` in the sum against the oracle; `what` names the case. */
static inline void check_winning_moves(nb_solver *s, oracle *o, const nb_pos *comps, size_t n,
                                       nb_player who, const char *what) {
  nb_move_list all, win;
  size_t k = 0;
  nb_error err;
  CHECK_OK(nb_sum_moves(s, comps, n, who, &all, &err), &err);
  CHECK_OK(nb_winning_moves(s, comps, n, who, &win, &err), &err);
  size_t most = 0;
  for (size_t i = 0; i < all.count; i++)
    most = all.move[i].move.parts > most ? all.move[i].move.parts : most;
  nb_pos *after = malloc((n + most) * sizeof *after), *got = malloc((n + most) * sizeof *got);
  for (size_t i = 0; i < all.count; i++) {
    size_t len = oracle_after(comps, n, &all, i, after);
    bool reported = k < win.count && win.move[k].component == all.move[i].component &&
                    win.move[k].move.tag == all.move[i].move.tag;
    if (reported) { /* the list's own composition of the sum agrees with the oracle's */
      size_t got_len = nb_sum_after(comps, n, &win, k, got);
      CHECK(got_len == len && memcmp(got, after, len * sizeof *got) == 0,
            "%s: move %zu: nb_sum_after differs", what, i);
    }
    k += reported;
    CHECK(reported == oracle_opponent_loses(o, after, len, who), "%s: move %zu %s", what, i,
          reported ? "reported but not winning" : "winning but not reported");
  }
  CHECK(k == win.count, "%s: a reported move is not legal", what);
  free(after);
  free(got);
  nb_move_list_free(&all);
  nb_move_list_free(&win);
}

#endif
