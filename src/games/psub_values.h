/*
 * psub_values.h: the canonical values of the piles of a partizan subtraction game, computed in
 * order and answered from a proven period of the values where one appears (psub_values.c). The
 * psub family's cache holds one, for its `canonical` hook.
 */
#ifndef NB_GAMES_PSUB_VALUES_H
#define NB_GAMES_PSUB_VALUES_H

#include "cgt/cgt.h"

enum {
  PSUB_VALUES_MAX_PILES = 1 << 10,  /* most piles valued one by one */
  PSUB_VALUES_MAX_OPTIONS = 1 << 18 /* most options made in all (piles times amounts) */
};

typedef struct psub_values psub_values;

/* A value engine for the game with Left's amounts left[0..nleft) and Right's right[0..nright)
 * (increasing, distinct; borrowed: they must outlive the engine). */
nb_status psub_values_new(const uint64_t *left, size_t nleft, const uint64_t *right, size_t nright,
                          psub_values **out, nb_error *err);
void psub_values_free(psub_values *v); /* NULL is allowed */

/* The canonical value of pile n, made in store (always the same store for one engine): from the
 * values computed pile by pile, or from their proven period. NB_EDATA when n is beyond what was
 * computed and no period appeared within the limits above (or the store refuses). */
nb_status psub_values_get(psub_values *v, nb_cg_store *store, uint64_t n, nb_cg *out,
                          nb_error *err);

/* Whether the values are proven periodic: value(n + *period) = value(n) for every n >= *start
 * (the least such start for that period). */
bool psub_values_period(const psub_values *v, uint64_t *start, uint64_t *period);

#endif
