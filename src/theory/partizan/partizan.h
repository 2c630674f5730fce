/*
 * partizan.h: what the two files of the normal partizan theory share: partizan.c (the theory,
 * and how its values are told) and sums.c (how they are composed, and which moves win).
 */
#ifndef NB_THEORY_PARTIZAN_H
#define NB_THEORY_PARTIZAN_H

#include "theory/theory.h"

/* The nb_theory entries of the same names (theory.h), defined in sums.c. */
nb_status nb_partizan_value_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                               nb_error *err);
nb_status nb_partizan_outcome_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                                 nb_error *err);
nb_status nb_partizan_size_value(nb_solver *s, nb_pos p, nb_value *out, nb_error *err);
nb_status nb_partizan_judge_new(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                                nb_judge **out, nb_error *err);
nb_status nb_partizan_judge_move(nb_judge *j, size_t c, const nb_pos *parts, size_t k, bool *wins,
                                 nb_error *err);
void nb_partizan_judge_free(nb_judge *j);

#endif
