/*
 * internal.h: what the library's own modules share and users of nimber.h never see, above the
 * base utilities (base/base.h: allocation, assertions, quoting, the text builder), which it
 * includes: games, values and solvers.
 */
#ifndef NB_INTERNAL_H
#define NB_INTERNAL_H

#include "base/base.h"

/* nb_value_json appending to out instead of allocating a string (`table` writes millions). */
nb_status nb_value_json_add(const nb_game *g, const nb_value *v, nb_text *out, nb_error *err);

/* The canonical spec of g ("div:2,3") in a new string of its true length, or NULL (err filled)
 * when out of memory. The caller frees it. */
char *nb_game_spec_new(const nb_game *g, nb_error *err);

/* The canonical spec of g quoted for a message (nb_quote: cut visibly when long); returns buf.
 * Allocates nothing, for error paths. */
const char *nb_game_spec_quote(const nb_game *g, char buf[NB_QUOTE_CAP]);

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

/* A game from a spec among a fixed list of families (what nb_registry_open and nb_game_open
 * share: no registry object needed for the built-in list). */
nb_status nb_game_open_among(const nb_family *const *families, size_t count, const char *spec,
                             nb_game **out, nb_error *err);

/* Whether g's family may prove runs of equal values (nb_sizes_facet.run_end) for g: false without a
 * run_end, and for the heap games without a period theorem (nim, grundy: their run_end proves
 * runs only from a period), whose sizes are then surely valued one by one (src/games/heaps.c). */
bool nb_runs_provable(const nb_game *g);

/* The built-in families, in display order (src/games/builtin.c). */
const nb_family *const *nb_builtin_families(size_t *count);

#endif
