/*
 * canon.h: the value search, canonical values of components of any partizan family from their
 * moves alone (canon.c). A solver owns one, over its game store.
 */
#ifndef NB_CORE_CANON_H
#define NB_CORE_CANON_H

#include "cgt/cgt.h"
#include "core/core.h"

typedef struct nb_canon nb_canon;

/* A value search over g's moves, making its values in `store` (borrowed: it must outlive the
 * search), within the limits: at most limits->positions components memoised and
 * limits->held_moves moves held on its stack; beyond either NB_EDATA, naming the limit. */
nb_status nb_canon_new(const nb_game *g, nb_cg_store *store, const nb_limits *limits,
                       nb_canon **out, nb_error *err);
void nb_canon_free(nb_canon *c); /* NULL is allowed */

/* The canonical value of component p: the family's `canonical` hook where it knows it (cache is
 * the family's cache, passed to the hook), else {values of Left's options | values of Right's
 * options} made canonical, the value of an option being the sum of its parts' values. After a
 * failure (the store's cap, a limit) what was solved stays memoised and the search is usable. */
nb_status nb_canon_value(nb_canon *c, void *cache, nb_pos p, nb_cg *out, nb_error *err);

/* The number of components memoised (a measure for tests and benchmarks). */
size_t nb_canon_count(const nb_canon *c);

#endif
