/*
 * psub.h: what the tests need of psub.c beyond nimber.h.
 *
 * The period engine stops at NB_PSUB_MAX_EXPLORE piles or NB_PSUB_MAX_WORK word operations,
 * whichever comes first (psub.c). Reaching either with real games takes seconds; the tests of
 * the refusals lower them instead, to reach both in milliseconds, in every build.
 */
#ifndef NB_GAMES_PSUB_H
#define NB_GAMES_PSUB_H

#include "nimber.h"

/* Lowers the period engine's limits in the solver s of a psub game, before its first
 * evaluation: the engine starts no span of 512 piles at or beyond pile max_piles (at most
 * NB_PSUB_MAX_EXPLORE; a multiple of 512 is then exactly the piles computed), and none once
 * max_work word operations are spent. NB_EUSAGE when s is not a psub solver; NB_EINTERNAL when
 * the engine cannot be made. */
nb_status nb_psub_set_limits(nb_solver *s, uint64_t max_piles, uint64_t max_work, nb_error *err);

#endif
