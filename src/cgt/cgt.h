/*
 * cgt/cgt.h: what the rest of the library uses of the short-game algebra beyond its public
 * header, nimber_cgt.h (stores, making games, sums, order, options, stops, notation), which it
 * includes: the notation reader with a builder of one's own (the literal games of the cg family
 * keep their games as written), and number-up-stars printed and expanded by their parts.
 *
 * The algebra (src/cgt/) stands below the core: it includes only the public headers, base/base.h
 * (allocation, assertions, quoting) and its own headers, never core/, games/, theory/ or cli/.
 * Design essays and proofs: store.c (nodes, NUS forms), ops.c (canonical forms, order, sums),
 * thermo.c (stops, thermographs), notation.c (CGSuite's notation), dyadic.c (dyadic rationals).
 */
#ifndef NB_CGT_CGT_H
#define NB_CGT_CGT_H

#include "base/base.h"
#include "nimber_cgt.h"

/* What the reader makes the games it reads with. nb_cg_parse makes canonical forms in a store;
 * a family of literal games (src/games/cg.c) keeps them as written. Handles are the builder's
 * (IDs in a store, indices in a table). A builder that refuses a number-up-star with NB_EUSAGE
 * gets the column of its text put before its message. */
typedef struct nb_cg_builder {
  void *ctx; /* passed to each function */
  /* The number-up-star v. */
  nb_status (*nus)(void *ctx, nb_cg_nus v, uint32_t *out, nb_error *err);
  /* The game {left[0..nl) | right[0..nr)} (handles made before, repeats possible). */
  nb_status (*braces)(void *ctx, const uint32_t *left, size_t nl, const uint32_t *right, size_t nr,
                      uint32_t *out, nb_error *err);
  /* The negative of g (for +-x = {x | -x}, and -x). */
  nb_status (*negate)(void *ctx, uint32_t g, uint32_t *out, nb_error *err);
  /* The sum a + b (an expression inside braces or parentheses; at the top level too for
   * nb_cg_read). A refusal with NB_EUSAGE gets the column of the operator. */
  nb_status (*add)(void *ctx, uint32_t a, uint32_t b, uint32_t *out, nb_error *err);
  /* Optional (NULL: not told): g, just made, is CGSuite's named uptimal `name` (n >= 2, with
   * its number and star: `^[3]`, `1/2v<2>*`), for a builder that prints games as written. */
  nb_status (*named)(void *ctx, uint32_t g, const char *name, nb_error *err);
} nb_cg_builder;

/* Reads a game as nb_cg_parse does, making it with b. */
nb_status nb_cg_read(const nb_cg_builder *b, const char *text, uint32_t *out, nb_error *err);

/* Reads an expression as nb_cg_read does, but leaves the terms of its top level unsummed: into
 * *out (allocated, the caller frees it) *n >= 1 handles, a term after '-' negated. `{1|*} + ^ -
 * *2` gives {1|*}, ^ and -*2; `(1 + ^)` one term, made with b->add. *out is written only on
 * success. */
nb_status nb_cg_read_terms(const nb_cg_builder *b, const char *text, uint32_t **out, size_t *n,
                           nb_error *err);

/* Writes the number-up-star v as nb_cg_format writes it (`1/2^*`, `v3`, `*2`); returns the
 * length snprintf would (at most 95). */
int nb_cg_nus_format(nb_cg_nus v, char *buf, size_t cap);

/* The parts of the canonical options of a number-up-star other than x + *m (m > 0), at most two
 * a side (the table in store.c); NB_EDATA if one is out of range (a numerator past 64 bits).
 * The options of x + *m are x + *j for j < m. */
nb_status nb_cg_nus_options(nb_cg_nus v, nb_cg_nus left[2], size_t *nl, nb_cg_nus right[2],
                            size_t *nr, nb_error *err);

/* CGSuite's named uptimals (uptimal.c): number + sign * (^[n] or ^<n>) + *nimber. */
typedef struct nb_cg_uptimal {
  nb_dyadic number; /* the number part x */
  uint64_t n;       /* the index n >= 1 (printed names have n >= 2) */
  uint64_t nimber;  /* the star part *m */
  int8_t sign;      /* 1 for ^[n] or ^<n>, -1 for v[n] or v<n> */
  bool unit;        /* ^<n> (the up-nth), else ^[n] (the sum ^ + ^<2> + .. + ^<n>) */
} nb_cg_uptimal;

/* The largest n read in ^[n] or ^<n>: the game is about n levels deep, within the engine's
 * recursion limit (NB_CG_MAX_DEPTH). */
#define NB_CG_UPTIMAL_MAX 1000

/* Makes u with b (its definition in uptimal.c). */
nb_status nb_cg_make_uptimal(const nb_cg_builder *b, nb_cg_uptimal u, uint32_t *out,
                             nb_error *err);

/* Writes u as CGSuite does (`^[3]`, `1/2v<2>*`); returns the length snprintf would. */
int nb_cg_uptimal_format(nb_cg_uptimal u, char *buf, size_t cap);

/* A judge of which games of a store are named uptimals, with a verdict per game kept for its
 * life (make one per printing: the store only grows meanwhile). */
typedef struct nb_cg_namer nb_cg_namer;
nb_status nb_cg_namer_new(nb_cg_store *s, nb_cg_namer **out, nb_error *err);
void nb_cg_namer_free(nb_cg_namer *n);

/* Whether g is a named uptimal (n >= 2), and which (*out, when *named). May make games in the
 * store (the candidates compared). */
nb_status nb_cg_name_uptimal(nb_cg_namer *n, nb_cg g, bool *named, nb_cg_uptimal *out,
                             nb_error *err);

#endif
