/*
 * engine.c: perfect play, for `nimber play` and for anyone driving games through the library.
 *
 * With a winning move the engine takes one: all winning moves are found (values.c, each judged by
 * the game's theory) and one is drawn with the caller's generator, so games vary by seed yet replay
 * exactly. Without one, the game is lost against perfect play and the engine resists: it plays the
 * move after which the opponent needs the most moves to win (the remoteness, from the solver's
 * exhaustive search over the whole sum), and where that search refuses the sum as too large, the
 * move that leaves the opponent the most moves, a cheap stand-in for "keeps the most moves in
 * hand", scoring moves in order until the replies listed pass the solver's limits.moves_examined
 * (each score lists every reply, so scoring all of them is quadratic: two nim heaps of 20,000 took
 * 21 s; the best move scored so far is then played, the first if none was). A sum search that
 * refused for its memo (sums, positions) keeps what it solved and refuses the next, larger-or-equal
 * work at once, so a game played past those limits does not redo the failed search at every move; a
 * refusal for moves examined is not remembered (the memo is not full), so each turn of the engine
 * may spend up to that limit again before it falls back.
 */
#include "theory/theory.h"

#include "base/hash.h"

#include <stdlib.h>

/* SplitMix64: the finalizer over a Weyl sequence (base/hash.h). */
static uint64_t next_random(uint64_t *s) {
  return nb_hash_mix(*s += NB_HASH_GOLDEN);
}

/* How the engine scores a move in a lost position: larger is better. */
typedef enum resistance { BY_REMOTENESS, BY_MOVES_IN_HAND } resistance;

/* The score of the sum after[0..len) with `opponent` to move. */
static nb_status score(nb_solver *s, resistance how, const nb_pos *after, size_t len,
                       nb_player opponent, uint64_t *out, nb_error *err) {
  if (how == BY_REMOTENESS) return nb_remoteness(s, after, len, opponent, out, err);
  nb_move_list l;
  nb_status st = nb_sum_moves(s, after, len, opponent, &l, err);
  *out = l.count;
  nb_move_list_free(&l);
  return st;
}

/* The index of the move of `all` scoring highest (first on ties). */
static nb_status best_move(nb_solver *s, resistance how, const nb_pos *comps, size_t n,
                           nb_player opponent, const nb_move_list *all, size_t *best,
                           nb_error *err) {
  nb_status st = NB_OK;
  uint64_t best_score = 0, listed = 0, budget = nb_solver_limits(s)->moves_examined;
  for (size_t i = 0; i < all->count && st == NB_OK && listed <= budget; i++) {
    nb_pos *after = nb_alloc(n + all->move[i].move.parts, sizeof *after, err);
    if (after == NULL) return NB_EINTERNAL;
    size_t len = nb_sum_after(comps, n, all, i, after);
    uint64_t sc = 0;
    st = score(s, how, after, len, opponent, &sc, err);
    if (how == BY_MOVES_IN_HAND) listed += sc; /* the replies the score listed */
    if (st == NB_OK && (i == 0 || sc > best_score)) {
      best_score = sc;
      *best = i;
    }
    free(after);
  }
  return st;
}

/* The move that resists longest in a lost position: by remoteness, else by moves in hand. */
static nb_status resist(nb_solver *s, const nb_pos *comps, size_t n, nb_player opponent,
                        const nb_move_list *all, size_t *best, nb_error *err) {
  nb_error refused;
  nb_status st = best_move(s, BY_REMOTENESS, comps, n, opponent, all, best, &refused);
  if (st == NB_EDATA) /* the sum search refused: too large for it */
    st = best_move(s, BY_MOVES_IN_HAND, comps, n, opponent, all, best, err);
  else if (st != NB_OK && err != NULL)
    *err = refused;
  return st;
}

nb_status nb_engine_choose(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                           uint64_t *rng, nb_move_list *moves, size_t *chosen, bool *found,
                           nb_error *err) {
  *found = false;
  nb_status st = nb_winning_moves(s, comps, n, who, moves, err);
  if (st != NB_OK) return st;
  if (moves->count > 0) {
    *chosen = (size_t)(next_random(rng) % moves->count);
    *found = true;
    return NB_OK;
  }
  nb_move_list_free(moves);
  st = nb_sum_moves(s, comps, n, who, moves, err);
  if (st != NB_OK || moves->count == 0) return st;
  nb_player opponent = nb_theory_opponent(nb_game_theory(nb_solver_game(s)), who);
  *chosen = 0;
  st = resist(s, comps, n, opponent, moves, chosen, err);
  *found = st == NB_OK;
  return st;
}
