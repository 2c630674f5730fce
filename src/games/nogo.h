/*
 * nogo.h: what the NoGo family's two files share (nogo.c: the rules; nogo_board.c: the outcome
 * search of one board). Internal.
 */
#ifndef NB_GAMES_NOGO_H
#define NB_GAMES_NOGO_H

#include "internal.h"

enum {
  NOGO_BLOCKED = 0, /* cell states, two bits a cell: the grid layer's dead state */
  NOGO_BLACK = 1,   /* Left's stone, `x` */
  NOGO_WHITE = 2,   /* Right's stone, `o` */
  NOGO_EMPTY = 3
};

/* The solver's cache of the board search (the family's cache facet): its memo, kept between
 * calls of one solver. */
nb_status nb_nogo_cache_new(const nb_game *g, void **out, nb_error *err);
void nb_nogo_cache_free(void *cache);

/* The outcome class of the board p (the partizan facet's `outcome`): nogo_board.c. */
nb_status nb_nogo_outcome(const nb_game *g, void *cache, nb_pos p, nb_outcome *out, nb_error *err);

#endif
