/*
 * partizan.h: the partizan families that need nothing beyond their table: literal games in
 * CGSuite's notation (cg.c) and Domineering (domineering.c). Internal.
 */
#ifndef NB_GAMES_PARTIZAN_H
#define NB_GAMES_PARTIZAN_H

#include "internal.h"

extern const nb_family nb_cg_family;
extern const nb_family nb_domineering_family;

#endif
