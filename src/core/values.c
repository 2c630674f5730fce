/*
 * values.c: values of positions, composed from components.
 *
 * Each component is valued by its family's fast evaluator when it has one, else by the
 * exhaustive search. Sums are composed here, never in a family: for impartial games the Grundy
 * value of a sum is the XOR of its components' values (Sprague-Grundy), so a move of component i
 * to a position of value g' wins iff G ^ g_i ^ g' == 0, where G is the sum's value. Partizan
 * positions are single components (their sums need game values, which are out of scope), and a
 * move wins iff the opponent, moving first in the result, loses.
 */
#include "internal.h"

#include <stdlib.h>

nb_status nb_grundy(const nb_game *g, nb_search *s, nb_pos p, uint64_t *out, nb_error *err) {
  if (g->family->grundy != NULL) return g->family->grundy(g, p, out, err);
  if (s == NULL)
    return nb_fail(err, NB_EINTERNAL, "no evaluator for %s and no search given", g->family->name);
  return nb_search_grundy(s, p, out, err);
}

nb_status nb_grundy_of_sum(const nb_game *g, nb_search *s, const nb_pos *comps, size_t n,
                           uint64_t *out, nb_error *err) {
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t v;
    nb_status st = nb_grundy(g, s, comps[i], &v, err);
    if (st != NB_OK) return st;
    total ^= v;
  }
  *out = total;
  return NB_OK;
}

static nb_outcome outcome_from_wins(bool left_first_wins, bool right_first_wins) {
  if (left_first_wins) return right_first_wins ? NB_OUTCOME_N : NB_OUTCOME_L;
  return right_first_wins ? NB_OUTCOME_R : NB_OUTCOME_P;
}

nb_status nb_outcome_of(const nb_game *g, nb_search *s, nb_pos p, nb_outcome *out, nb_error *err) {
  if (g->family->outcome != NULL) return g->family->outcome(g, p, out, err);
  if (s == NULL)
    return nb_fail(err, NB_EINTERNAL, "no evaluator for %s and no search given", g->family->name);
  bool left, right;
  nb_status st = nb_search_wins(s, p, NB_LEFT, &left, NULL, err);
  if (st == NB_OK) st = nb_search_wins(s, p, NB_RIGHT, &right, NULL, err);
  if (st == NB_OK) *out = outcome_from_wins(left, right);
  return st;
}

char nb_outcome_letter(nb_outcome o) {
  return "PNLR"[o & 3];
}

bool nb_outcome_wins(nb_outcome o, nb_player who) {
  switch (o) {
  case NB_OUTCOME_N:
    return true;
  case NB_OUTCOME_L:
    return who == NB_LEFT;
  case NB_OUTCOME_R:
    return who == NB_RIGHT;
  default:
    return false;
  }
}

nb_status nb_sum_moves(const nb_game *g, const nb_pos *comps, size_t n, nb_player who,
                       nb_sum_move **out, size_t *count, nb_error *err) {
  size_t bound = 0, most = 0;
  for (size_t i = 0; i < n; i++) {
    size_t b = g->family->move_bound(g, comps[i]);
    bound += b;
    most = b > most ? b : most;
  }
  nb_sum_move *moves = nb_alloc(bound, sizeof *moves, err);
  nb_move *one = nb_alloc(most, sizeof *one, err);
  if (moves == NULL || one == NULL) {
    free(moves);
    free(one);
    return NB_EINTERNAL;
  }
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    size_t m = g->family->moves(g, comps[i], who, one);
    for (size_t j = 0; j < m; j++)
      moves[k++] = (nb_sum_move){.component = i, .move = one[j]};
  }
  free(one);
  *out = moves;
  *count = k;
  return NB_OK;
}

/* Whether a move wins, given the sum's Grundy value (impartial) or the mover (partizan). */
static nb_status move_wins(const nb_game *g, nb_search *s, const nb_pos *comps, uint64_t total,
                           nb_player who, const nb_sum_move *m, bool *wins, nb_error *err) {
  nb_status st;
  if (g->family->partizan) {
    nb_outcome o;
    st = nb_outcome_of(g, s, m->move.to, &o, err);
    *wins = st == NB_OK && !nb_outcome_wins(o, who == NB_LEFT ? NB_RIGHT : NB_LEFT);
    return st;
  }
  uint64_t before, after;
  st = nb_grundy(g, s, comps[m->component], &before, err);
  if (st == NB_OK) st = nb_grundy(g, s, m->move.to, &after, err);
  *wins = st == NB_OK && (total ^ before ^ after) == 0;
  return st;
}

nb_status nb_winning_moves(const nb_game *g, nb_search *s, const nb_pos *comps, size_t n,
                           nb_player who, nb_sum_move **out, size_t *count, nb_error *err) {
  uint64_t total = 0;
  nb_status st = g->family->partizan ? NB_OK : nb_grundy_of_sum(g, s, comps, n, &total, err);
  if (st != NB_OK) return st;
  nb_sum_move *moves;
  size_t all;
  st = nb_sum_moves(g, comps, n, who, &moves, &all, err);
  if (st != NB_OK) return st;
  size_t k = 0;
  for (size_t i = 0; i < all && st == NB_OK; i++) {
    bool wins = false;
    st = move_wins(g, s, comps, total, who, &moves[i], &wins, err);
    if (wins) moves[k++] = moves[i];
  }
  if (st != NB_OK) {
    free(moves);
    return st;
  }
  *out = moves;
  *count = k;
  return NB_OK;
}

int nb_sum_move_describe(const nb_game *g, const nb_pos *comps, size_t n, const nb_sum_move *m,
                         char *buf, size_t cap) {
  int pre = 0;
  if (g->family->sum_needs_index && n > 1) pre = snprintf(buf, cap, "%zu:", m->component + 1);
  size_t used = (size_t)pre < cap ? (size_t)pre : cap;
  return pre + g->family->describe(g, comps[m->component], &m->move, buf + used, cap - used);
}
