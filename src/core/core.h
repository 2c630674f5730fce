/*
 * core.h: what core's own files share and the layers above it never call: the budgeted win search
 * the sum search charges.
 * Everything core exports to the layers above is in src/internal.h (and nimber.h), which this
 * header includes.
 */
#ifndef NB_CORE_CORE_H
#define NB_CORE_CORE_H

#include "internal.h"

/* nb_search_wins within *budget moves examined instead of limits.moves_examined, less what it
 * examined on return: the sum search charges the component searches it asks to its own call. */
nb_status nb_search_wins_within(nb_search *s, nb_pos p, nb_player who, bool *wins,
                                uint64_t *remoteness, uint64_t *budget, nb_error *err);

#endif
