/*
 * heaps.h: the heap-game families (heaps.c), made of the rules and the sequence engine of the
 * heap layer (src/heap/heap.h). Internal to the library: the built-in list and the tests use it.
 */
#ifndef NB_GAMES_HEAPS_H
#define NB_GAMES_HEAPS_H

#include "heap/heap.h"

/* The families: nim, sub:S, oct:CODE (aliases kayles, dawson), hex:CODE, grundy. */
extern const nb_family nb_nim_family, nb_sub_family, nb_oct_family, nb_hex_family, nb_grundy_family;

/* Whether f is one of these families: its games are heap games (the misère quotient's). */
bool nb_heap_family(const nb_family *f);

/* The rules of g when it is a game of one of these families (opened by the registry); NULL for
 * any other game. Borrowed: they live as long as g. */
const nb_heap_rules *nb_heap_game_rules(const nb_game *g);

#endif
