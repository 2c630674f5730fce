/*
 * psub.h: what the contest layer and the tests use of psub.c beyond the family contract.
 * Internal: not part of the public API.
 *
 * The period engine stops at NB_PSUB_MAX_EXPLORE piles or NB_PSUB_MAX_WORK word operations,
 * whichever comes first (psub.c). Reaching either with real games takes seconds; the tests of
 * the refusals lower them instead, to reach both in milliseconds, in every build.
 */
#ifndef NB_GAMES_PSUB_H
#define NB_GAMES_PSUB_H

#include "internal.h"

/* ---------------------------------------------------------------------------------------------
 * Partizan subtraction (psub:A/B) and Nim plus.
 *
 * One pile; Left removes an amount in A, Right an amount in B (never more than the pile); a
 * player with no move loses. The outcome sequence of the piles 0, 1, 2, ... is eventually
 * periodic; the period engine proves where (psub.c) and answers every pile from it.
 * ------------------------------------------------------------------------------------------- */

extern const nb_family nb_psub_family;

#define NB_PSUB_MAX_AMOUNT 4194304u             /* largest amount a set may hold (2^22) */
#define NB_PSUB_MAX_EXPLORE ((uint64_t)1 << 27) /* most piles the period engine computes */
#define NB_PSUB_MAX_WORK ((uint64_t)1 << 31)    /* most word operations it spends (psub.c) */

/* Makes psub:A/B from two arrays (any order, duplicates allowed; copied). Amounts outside
 * 1..NB_PSUB_MAX_AMOUNT are NB_EUSAGE. The caller frees *out with nb_game_free. */
nb_status nb_psub_new(const uint64_t *left, size_t nleft, const uint64_t *right, size_t nright,
                      nb_game **out, nb_error *err);

/* Outcome class of pile n (any n < 2^64) in a psub game, exact: the DP up to n, or the proven
 * period once found. The DP and the period engine are the family's cache, kept in the solver s
 * (made for a psub game). Fails with NB_EDATA when n is beyond the DP and no period appears among
 * the first NB_PSUB_MAX_EXPLORE piles, or within NB_PSUB_MAX_WORK word operations (games with
 * many amounts and long preperiods); NB_EUSAGE when the game is not a psub game. */
nb_status nb_psub_outcome(nb_solver *s, uint64_t n, nb_outcome *out, nb_error *err);

/* The periodicity of the outcome sequence o(0), o(1), ...: the least period p >= 1 and the least
 * preperiod s such that o(n + p) = o(n) for every n >= s. */
typedef struct nb_psub_period {
  uint64_t preperiod;  /* s: the first pile of the periodic part */
  uint64_t period;     /* p: its least period */
  uint64_t window;     /* k = max(A u B): the outcomes from pile k on depend on the k before */
  uint64_t repeat;     /* j: the window of piles [j-k, j) repeats that of [j-p-k, j-p) */
  uint64_t checked_to; /* j - 1: the DP computed every pile up to here (0 when j = 0) */
} nb_psub_period;

/* Computes (once, then kept in the solver's cache) the preperiod and period of a psub game. The
 * outcomes over one period are nb_psub_outcome(s, preperiod + i) for i < p, each O(1)
 * afterwards. Errors as for nb_psub_outcome (NB_EDATA when the period is not found within the
 * engine's limits). */
nb_status nb_psub_period_of(nb_solver *s, nb_psub_period *out, nb_error *err);

/* Lowers the period engine's limits in the solver s of a psub game, before its first
 * evaluation: the engine starts no span of 512 piles at or beyond pile max_piles (at most
 * NB_PSUB_MAX_EXPLORE; a multiple of 512 is then exactly the piles computed), and none once
 * max_work word operations are spent. NB_EUSAGE when s is not a psub solver; NB_EINTERNAL when
 * the engine cannot be made. */
nb_status nb_psub_set_limits(nb_solver *s, uint64_t max_piles, uint64_t max_work, nb_error *err);

#endif
