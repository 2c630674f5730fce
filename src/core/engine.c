/*
 * engine.c: perfect play, for `nimber play` and for anyone driving games through the library.
 *
 * With a winning move the engine takes one: all winning moves are found (values.c) and one is
 * drawn with the caller's generator, so games vary by seed yet replay exactly. Without one, the
 * game is lost against perfect play and the engine resists: it plays the move after which the
 * opponent needs the most moves to win (the remoteness, from the exhaustive search over the
 * whole sum), and where that search is too large, the move that leaves the most moves on the
 * board, a cheap stand-in for "keeps the most moves in hand".
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static uint64_t next_random(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* The sum after move m, in a caller-provided buffer of n components. */
static void after_move(const nb_pos *comps, size_t n, const nb_sum_move *m, nb_pos *out) {
  memcpy(out, comps, n * sizeof *out);
  out[m->component] = m->move.to;
}

/* Moves available to `who` in total across the sum: the fallback score. */
static uint64_t moves_in_hand(const nb_game *g, const nb_pos *comps, size_t n, nb_player who,
                              nb_error *err, nb_status *st) {
  uint64_t total = 0;
  for (size_t i = 0; i < n && *st == NB_OK; i++) {
    nb_move *buf = nb_alloc(g->family->move_bound(g, comps[i]), sizeof *buf, err);
    if (buf == NULL) {
      *st = NB_EINTERNAL;
      break;
    }
    total += g->family->moves(g, comps[i], who, buf);
    free(buf);
  }
  return total;
}

/* Picks the move after which the opponent's win takes longest (first on ties). NB_EDATA when the
 * search gives up (the sum is too large for it: the caller falls back); any other failure (out
 * of memory) is the caller's to report, never a reason to play another move silently. */
static nb_status longest_resistance(nb_sum_search *sums, const nb_pos *comps, size_t n,
                                    nb_player opponent, const nb_sum_move *all, size_t count,
                                    nb_pos *after, size_t *best, nb_error *err) {
  uint64_t best_score = 0;
  for (size_t i = 0; i < count; i++) {
    after_move(comps, n, &all[i], after);
    uint64_t score;
    bool wins;
    nb_status st = nb_sum_search_wins(sums, after, n, opponent, &wins, &score, err);
    if (st != NB_OK) return st;
    if (i == 0 || score > best_score) {
      best_score = score;
      *best = i;
    }
  }
  return NB_OK;
}

/* Picks the move leaving the opponent the most moves (first on ties). */
static nb_status most_in_hand(const nb_game *g, const nb_pos *comps, size_t n, nb_player opponent,
                              const nb_sum_move *all, size_t count, nb_pos *after, size_t *best,
                              nb_error *err) {
  uint64_t best_score = 0;
  nb_status st = NB_OK;
  for (size_t i = 0; i < count && st == NB_OK; i++) {
    after_move(comps, n, &all[i], after);
    uint64_t score = moves_in_hand(g, after, n, opponent, err, &st);
    if (i == 0 || score > best_score) {
      best_score = score;
      *best = i;
    }
  }
  return st;
}

/* The move that resists longest in a lost position. */
static nb_status resist(const nb_game *g, nb_sum_search **sums, const nb_pos *comps, size_t n,
                        nb_player opponent, const nb_sum_move *all, size_t count, size_t *best,
                        nb_error *err) {
  nb_pos *after = nb_alloc(n, sizeof *after, err);
  if (after == NULL) return NB_EINTERNAL;
  nb_status st = NB_EDATA;
  if (*sums != NULL)
    st = longest_resistance(*sums, comps, n, opponent, all, count, after, best, err);
  if (st == NB_EDATA) { /* too large for the search (or none): the cheap stand-in from now on */
    nb_sum_search_free(*sums);
    *sums = NULL;
    st = most_in_hand(g, comps, n, opponent, all, count, after, best, err);
  }
  free(after);
  return st;
}

nb_status nb_engine_choose(const nb_game *g, nb_search *search, nb_sum_search **sums,
                           const nb_pos *comps, size_t n, nb_player who, uint64_t *rng,
                           nb_sum_move *out, bool *found, nb_error *err) {
  nb_sum_move *moves;
  size_t count;
  *found = false;
  nb_status st = nb_winning_moves(g, search, comps, n, who, &moves, &count, err);
  if (st != NB_OK) return st;
  if (count > 0) {
    *out = moves[next_random(rng) % count];
    *found = true;
    free(moves);
    return NB_OK;
  }
  free(moves);
  st = nb_sum_moves(g, comps, n, who, &moves, &count, err);
  if (st != NB_OK) return st; /* moves is not set: nothing to free */
  if (count == 0) {
    free(moves);
    return NB_OK;
  }
  nb_player opponent = g->family->partizan ? (who == NB_LEFT ? NB_RIGHT : NB_LEFT) : who;
  size_t best = 0;
  st = resist(g, sums, comps, n, opponent, moves, count, &best, err);
  if (st == NB_OK) {
    *out = moves[best];
    *found = true;
  }
  free(moves);
  return st;
}
