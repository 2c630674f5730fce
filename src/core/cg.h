/*
 * cg.h: canonical forms of short partizan games (the value engine of partizan families).
 *
 * A short game is G = {G^L | G^R}: finitely many Left and Right options, each again a short
 * game. Its canonical form is the unique simplest game equal to it (no dominated option, no
 * reversible one). Games live in a store (nb_cg_store) owned by the caller: every game in it is
 * canonical and appears once (hash-consing), so a game is a small integer ID (nb_cg) and two
 * games are equal exactly when their IDs are equal. Freeing the store frees every game.
 *
 * The store has a memory cap fixed at creation: any operation that would take the store past it
 * fails with NB_EDATA and a message saying so, leaving the store usable (games already made
 * stay valid). Games nested more than NB_CG_MAX_DEPTH levels are refused the same way.
 *
 * Numbers, nimbers, ups and their sums x + k.^ + *m ("number-up-star", NUS: x a dyadic rational,
 * k an integer, m a nimber) are held by their parts, not by trees: adding, comparing and
 * negating them is arithmetic, and an integer such as 10^18 costs one node. Their options are
 * made on demand when an algorithm asks for them.
 *
 * Design essays and proofs: cg_store.c (nodes, NUS forms), cg_ops.c (canonical forms, order,
 * sums), cg_thermo.c (stops, thermographs), cg_text.c (notation).
 */
#ifndef NB_CORE_CG_H
#define NB_CORE_CG_H

#include "internal.h"

/* A game in a store is its ID (nb_cg, in nimber.h): valid until the store is freed; equal IDs
 * iff equal games. Dyadic rationals (nb_dyadic) are declared there too. */

/* The game 0 = { | } has ID 0 in every store. */
#define NB_CG_ZERO ((nb_cg)0)

/* Games are refused beyond this nesting depth (the recursions of the engine are this deep at
 * most, far within the C stack). */
#define NB_CG_MAX_DEPTH 10000

/* Largest denominator exponent of a dyadic rational: denominators are 2^0 .. 2^62. */
#define NB_DYADIC_MAX_EXP 62

/* The parts of a number-up-star x + k.^ + *m. */
typedef struct nb_cg_nus {
  nb_dyadic number; /* x */
  int64_t ups;      /* k: copies of up (negative: down) */
  uint64_t nimber;  /* m: the nimber *m */
} nb_cg_nus;

/* How two games compare. */
typedef enum nb_cg_order {
  NB_CG_EQUAL = 0,    /* G = H */
  NB_CG_LESS = 1,     /* G < H */
  NB_CG_GREATER = 2,  /* G > H */
  NB_CG_CONFUSED = 3, /* G || H: neither G <= H nor H <= G */
} nb_cg_order;

/* ---- Store ---------------------------------------------------------------------------------- */

/* A new store holding only 0, which may use at most max_bytes of memory in all (nodes, option
 * lists, hash tables, caches); max_bytes below 64 KiB is raised to 64 KiB. */
nb_status nb_cg_store_new(size_t max_bytes, nb_cg_store **out, nb_error *err);

/* Frees the store and every game in it. NULL is allowed. */
void nb_cg_store_free(nb_cg_store *s);

/* Bytes the store holds now (never more than its cap), and the number of games in it. */
size_t nb_cg_store_bytes(const nb_cg_store *s);
size_t nb_cg_store_games(const nb_cg_store *s);

/* Work. A step is one level of the engine's recursions that no shortcut or cache answered (a
 * comparison or a sum made from options, a negative, a printed or thermographed node). Memory
 * bounds what a form may hold, not what it costs: comparing games with many options can take
 * hours in a few megabytes. So a caller may give the steps the next requests may take in all
 * (SIZE_MAX, the default, for no limit); past them every operation fails with NB_EDATA, saying
 * so, and the store stays usable (give it steps again). nb_cg_store_steps counts every step
 * since the store was made (a measure). */
void nb_cg_store_limit_steps(nb_cg_store *s, size_t steps);
uint64_t nb_cg_store_steps(const nb_cg_store *s);

/* ---- Making games --------------------------------------------------------------------------- */

/* The game x + k.^ + *m (x is reduced to lowest terms; k > INT64_MIN). */
nb_status nb_cg_make_nus(nb_cg_store *s, nb_cg_nus v, nb_cg *out, nb_error *err);

/* The integer n (|n| <= INT64_MAX). */
nb_status nb_cg_make_integer(nb_cg_store *s, int64_t n, nb_cg *out, nb_error *err);

/* The canonical form of {left[0..nleft) | right[0..nright)}: options of games of this store, in
 * any order, repeats allowed. */
nb_status nb_cg_from_options(nb_cg_store *s, const nb_cg *left, size_t nleft, const nb_cg *right,
                             size_t nright, nb_cg *out, nb_error *err);

/* ---- Arithmetic and order ------------------------------------------------------------------- */

nb_status nb_cg_add(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg *out, nb_error *err);
nb_status nb_cg_negate(nb_cg_store *s, nb_cg a, nb_cg *out, nb_error *err);
nb_status nb_cg_subtract(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg *out, nb_error *err);

/* The sum of games[0..n) (0 when n = 0). */
nb_status nb_cg_sum(nb_cg_store *s, const nb_cg *games, size_t n, nb_cg *out, nb_error *err);

/* Whether a <= b (Left is at least as happy with a as with b, in every context). */
nb_status nb_cg_leq(nb_cg_store *s, nb_cg a, nb_cg b, bool *out, nb_error *err);

/* How a compares with b. */
nb_status nb_cg_compare(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg_order *out, nb_error *err);

/* The outcome class of g: P (g = 0), L (g > 0), R (g < 0) or N (g || 0). */
nb_status nb_cg_outcome(nb_cg_store *s, nb_cg g, nb_outcome *out, nb_error *err);

/* ---- Looking inside ------------------------------------------------------------------------- */

/* The canonical options of g for `who`: *opts points to *count IDs inside the store, valid until
 * the next call on the store that makes a game. Number-up-stars get their options made here. */
nb_status nb_cg_options(nb_cg_store *s, nb_cg g, nb_player who, const nb_cg **opts, size_t *count,
                        nb_error *err);

/* True iff g is a number-up-star; then *out (may be NULL) receives its parts. */
bool nb_cg_get_nus(const nb_cg_store *s, nb_cg g, nb_cg_nus *out);

/* True iff g is a number (a dyadic rational); then *out (may be NULL) receives it. */
bool nb_cg_get_number(const nb_cg_store *s, nb_cg g, nb_dyadic *out);

/* Whether g is a switch: g = -g and g != 0, that is g = {A,B,..|-A,-B,..}. */
nb_status nb_cg_is_switch(nb_cg_store *s, nb_cg g, bool *out, nb_error *err);

/* ---- Stops and thermography (cg_thermo.c) --------------------------------------------------- */

/* The left and right stops: where the game ends, as a number, when Left (right) starts and both
 * play to the first number reached, alternately. */
nb_status nb_cg_stops(nb_cg_store *s, nb_cg g, nb_dyadic *left, nb_dyadic *right, nb_error *err);

/* The mean (the mast of the thermograph) and the temperature (where the mast starts) of g.
 * Numbers have mean x and temperature -1/2^e for x = a/2^e in lowest terms (-1 for integers);
 * every other game has temperature >= 0. */
nb_status nb_cg_mean_temperature(nb_cg_store *s, nb_cg g, nb_dyadic *mean, nb_dyadic *temperature,
                                 nb_error *err);

/* ---- Notation (cg_text.c) ------------------------------------------------------------------- */

/* Writes g in CGSuite's notation into a new string (*out, free() it; *len its length): `0`, `3`,
 * `-1/2`, `*`, `*2`, `^`, `v`, `^^`, `^3`, `1/2^*`, `+-1`, `{2|{1|0}}`, ... Longer than max_len
 * bytes is NB_EDATA ("... longer than N bytes"), nothing allocated. */
nb_status nb_cg_format(nb_cg_store *s, nb_cg g, size_t max_len, char **out, size_t *len,
                       nb_error *err);

/* Reads a game in that notation, plus CGSuite's slashes ({2||1|0} = {2|{1|0}}). A malformed
 * text is NB_EUSAGE: "column C: expected ..., found ...". */
nb_status nb_cg_parse(nb_cg_store *s, const char *text, nb_cg *out, nb_error *err);

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
  /* The negative of g (for +-x = {x | -x}). */
  nb_status (*negate)(void *ctx, uint32_t g, uint32_t *out, nb_error *err);
} nb_cg_builder;

/* Reads a game as nb_cg_parse does, making it with b. */
nb_status nb_cg_read(const nb_cg_builder *b, const char *text, uint32_t *out, nb_error *err);

/* Writes the number-up-star v as nb_cg_format writes it (`1/2^*`, `v3`, `*2`); returns the
 * length snprintf would (at most 95). */
int nb_cg_nus_format(nb_cg_nus v, char *buf, size_t cap);

/* The parts of the canonical options of a number-up-star other than x + *m (m > 0), at most two
 * a side (the table in cg_store.c); NB_EDATA if one is out of range (a numerator past 64 bits).
 * The options of x + *m are x + *j for j < m. */
nb_status nb_cg_nus_options(nb_cg_nus v, nb_cg_nus left[2], size_t *nl, nb_cg_nus right[2],
                            size_t *nr, nb_error *err);

/* ---- Dyadic rationals (cg_dyadic.c) --------------------------------------------------------- */

/* The dyadic num / 2^exp reduced to lowest terms; false if exp > NB_DYADIC_MAX_EXP or
 * num = INT64_MIN. */
bool nb_dyadic_make(int64_t num, unsigned exp, nb_dyadic *out);

/* a + b, a - b: false on overflow (numerator beyond 64 bits or denominator beyond 2^62). */
bool nb_dyadic_add(nb_dyadic a, nb_dyadic b, nb_dyadic *out);
bool nb_dyadic_sub(nb_dyadic a, nb_dyadic b, nb_dyadic *out);

/* -1, 0 or 1 as a < b, a = b, a > b (exact; never overflows). */
int nb_dyadic_cmp(nb_dyadic a, nb_dyadic b);

/* nb_dyadic_format (nimber.h) writes `3`, `-2`, `1/2`, `-3/8`. */

#endif
