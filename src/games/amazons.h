/*
 * amazons.h: what the Amazons family's two files share (amazons.c: the rules; amazons_board.c:
 * the outcome search of one board). Internal.
 */
#ifndef NB_GAMES_AMAZONS_H
#define NB_GAMES_AMAZONS_H

#include "internal.h"

enum {
  AMAZONS_BURNED = 0, /* cell states, two bits a cell: the grid layer's dead state */
  AMAZONS_EMPTY = 1,  /* a live cell without an amazon */
  AMAZONS_LEFT = 2,   /* `x` */
  AMAZONS_RIGHT = 3,  /* `o` */
  AMAZONS_CELLS = 60  /* the most cells of a board: two bits a cell in 120 */
};

/* Whether p, a board of Left's amazons only (or of Right's only), equals an integer the family
 * finds cheaply, and which (amazons.c: territories, with their proof). */
bool nb_amazons_integer(const nb_game *g, nb_pos p, int64_t *value);

/* The solver's cache of the board search (the family's cache facet): its memo, kept between
 * calls of one solver. */
nb_status nb_amazons_cache_new(const nb_game *g, void **out, nb_error *err);
void nb_amazons_cache_free(void *cache);

/* The outcome class of the board p (the partizan facet's `outcome`): amazons_board.c. */
nb_status nb_amazons_outcome(const nb_game *g, void *cache, nb_pos p, nb_outcome *out,
                             nb_error *err);

/* One winning move of `who` moving first on the board p, by the same search (the partizan facet's
 * `winning_move`): *found, and *tag as amazons.c's `moves` tags it; *found false where who
 * loses. */
nb_status nb_amazons_winning_move(const nb_game *g, void *cache, nb_pos p, nb_player who,
                                  bool *found, uint32_t *tag, nb_error *err);

#endif
