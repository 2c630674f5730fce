/*
 * core.h: what core's own files share and the layers above it never call: the solver's limits and
 * store, the budgeted win search the sum search charges, and canonical values of components.
 * Everything core exports to the layers above is in src/internal.h (and nimber.h), which this
 * header includes.
 */
#ifndef NB_CORE_CORE_H
#define NB_CORE_CORE_H

#include "internal.h"

/* The solver's limits (as given to nb_solver_new, or the defaults). */
const nb_limits *nb_solver_limits(const nb_solver *s);

/* nb_search_wins within *budget moves examined instead of limits.moves_examined, less what it
 * examined on return: the sum search charges the component searches it asks to its own call. */
nb_status nb_search_wins_within(nb_search *s, nb_pos p, nb_player who, bool *wins,
                                uint64_t *remoteness, uint64_t *budget, nb_error *err);

/* The solver's store of canonical forms, made on first call (capped at limits.game_store). */
nb_status nb_solver_store(nb_solver *s, nb_cg_store **out, nb_error *err);

/* The canonical value of one component of a partizan game, in the solver's store: from the
 * family's `canonical` hook where it knows it, else from the solver's value search (canon.c). */
nb_status nb_solver_canonical(nb_solver *s, nb_pos p, nb_cg *out, nb_error *err);

#endif
