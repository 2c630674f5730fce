/*
 * contest.h: the contest formats, listed by this layer (contests.c). Internal.
 */
#ifndef NB_CONTEST_CONTEST_H
#define NB_CONTEST_CONTEST_H

#include "contest/reader.h"
#include "internal.h"

/* ---------------------------------------------------------------------------------------------
 * Contest front ends: read a contest input from r, write the answers to out.
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_contest {
  const char *name;    /* "twothree" */
  const char *game;    /* the game it poses: a canonical spec ("div:2,3"), or a family name when
                        * the input gives the parameters ("psub") */
  const char *summary; /* one line for help */
  nb_status (*solve)(nb_reader *r, FILE *out, nb_error *err);
} nb_contest;

/* All contest formats, an array of *count entries. */
const nb_contest *nb_contests(size_t *count);

/* The contest format named name (without regard to case), or NULL. */
const nb_contest *nb_contest_find(const char *name);

/* The contest format that poses the game a spec names in the registry ("div:2,3", "tower",
 * "psub", or any alias of them), or NULL. */
const nb_contest *nb_contest_of_game(const nb_registry *games, const char *spec);

nb_status nb_solve_twothree(nb_reader *r, FILE *out, nb_error *err);
nb_status nb_solve_gurdurr(nb_reader *r, FILE *out, nb_error *err); /* Gurdurr: First/Second */
nb_status nb_solve_nimplus(nb_reader *r, FILE *out, nb_error *err);

#endif
