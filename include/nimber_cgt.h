/*
 * nimber_cgt.h: the short-game algebra of nimber, canonical forms of short partizan games.
 *
 * A short game is G = {G^L | G^R}: finitely many Left and Right options, each again a short
 * game. Its canonical form is the unique simplest game equal to it (no dominated option, no
 * reversible one: Winning Ways, ch. 3; Siegel, Combinatorial Game Theory, II.2). This header lets
 * a program make such games, add, negate and compare them, look at their options, read and
 * print them in CGSuite's notation, and take their stops, mean and temperature; and it lets a
 * plug-in family implement the `canonical` hook of nb_family (nimber.h) with nothing else.
 *
 * Stores. Games live in a store (nb_cg_store) that the caller makes, owns and frees. Every game
 * in it is canonical and appears once (hash-consing), so a game is a small integer ID (nb_cg)
 * and two games of one store are equal exactly when their IDs are equal. IDs are valid until
 * their store is freed and mean nothing in another store. Freeing the store frees every game.
 * A solver owns a store of its own for the values of its game (nb_value.store); a family's
 * `canonical` hook receives it and makes its values there.
 *
 * Memory and work. The store has a memory cap fixed at creation: any operation that would take
 * the store past it fails with NB_EDATA and a message saying so, leaving the store usable (games
 * already made stay valid). An operation that would recurse more than NB_CG_MAX_DEPTH levels
 * (a sum, negative, comparison, print of games nested that deep) fails the same way, and
 * nb_cg_parse refuses text nested deeper (NB_EUSAGE); nb_cg_from_options does not measure depth,
 * so it can make a game deeper than that, on which those operations then fail. A caller may
 * also bound the work of the next requests (nb_cg_store_limit_steps).
 *
 * Errors. Every fallible call returns NB_OK or a status and fills the nb_error (nimber.h): NB_EDATA
 * for a game or a number beyond a bound (the store's cap, the depth, the steps, 64-bit
 * numerators), NB_EUSAGE for malformed or too deeply nested notation (nb_cg_parse),
 * NB_EINTERNAL when memory runs out. A failed call leaves *out unchanged and the store usable. A
 * store is not thread-safe: one thread at a time (each solver has its own). Preconditions are the
 * caller's: a game passed in must be an ID its store gave (another is undefined behaviour, caught
 * by assertions in debug builds), and result pointers must not be NULL unless a function says they
 * may.
 *
 * Numbers, nimbers, ups and their sums x + k.^ + *m ("number-up-star": x a dyadic rational, k an
 * integer, m a nimber) are held by their parts, not by trees: adding, comparing and negating
 * them is arithmetic, and an integer such as 10^18 costs one node. Their options are made on
 * demand when asked for.
 *
 * Link with -lnimber, as for nimber.h; the implementation is src/cgt/ of the source tree.
 */
#ifndef NIMBER_CGT_H
#define NIMBER_CGT_H

#include "nimber.h"

#ifdef __cplusplus
extern "C" {
#endif

/* nb_cg (a game's ID), nb_cg_store and nb_dyadic (with nb_dyadic_format) are declared in
 * nimber.h, where the family contract and nb_value use them. */

/* The game 0 = { | } has ID 0 in every store. */
#define NB_CG_ZERO ((nb_cg)0)

/* The algebra's recursions go at most this deep: an operation that would go deeper fails with
 * NB_EDATA, and notation nested deeper is NB_EUSAGE (see the top). At the limit they take about
 * 6 MB of stack in an optimised build (about 600 bytes a level), 8 MB at -O0 with sanitizers and
 * more at -O1 with them: call the algebra on deep forms from a thread with a stack of 8 MB or
 * more in an optimised build, 16 MB or more in an instrumented one (the `nimber` command runs
 * its commands with 64 MB of stack: src/cli/main.c). */
#define NB_CG_MAX_DEPTH 10000

/* Largest denominator exponent of a dyadic rational: denominators are 2^0 .. 2^62. */
#define NB_DYADIC_MAX_EXP 62

/* The parts of a number-up-star x + k.^ + *m. */
typedef struct nb_cg_nus {
  nb_dyadic number; /* x */
  int64_t ups;      /* k: copies of up, ^ = {0|*} (negative: copies of down, v = -^) */
  uint64_t nimber;  /* m: the nimber *m (*1 = * = {0|0}) */
} nb_cg_nus;

/* How one game compares with another (nb_cg_compare). */
typedef enum nb_cg_order {
  NB_CG_EQUAL = 0,    /* G = H */
  NB_CG_LESS = 1,     /* G < H */
  NB_CG_GREATER = 2,  /* G > H */
  NB_CG_CONFUSED = 3, /* G || H: neither G <= H nor H <= G (G - H is a first-player win) */
} nb_cg_order;

/* ---------------------------------------------------------------------------------------------
 * Stores
 * ------------------------------------------------------------------------------------------- */

/* A new store holding only 0, into *out, which may use at most max_bytes of memory in all
 * (nodes, option lists, hash tables, caches); max_bytes below 64 KiB is raised to 64 KiB. The
 * caller owns the store and frees it with nb_cg_store_free. NB_EINTERNAL when out of memory. */
nb_status nb_cg_store_new(size_t max_bytes, nb_cg_store **out, nb_error *err);

/* Frees the store and every game in it: their IDs and the option lists nb_cg_options gave are
 * invalid after. NULL is allowed. */
void nb_cg_store_free(nb_cg_store *s);

/* Bytes the store holds now (never more than its cap), and the number of games in it. */
size_t nb_cg_store_bytes(const nb_cg_store *s);
size_t nb_cg_store_games(const nb_cg_store *s);

/* Work. A step is one level of the algebra's recursions that no shortcut or cache answered (a
 * comparison or a sum made from options, a negative, a printed node). Memory bounds what a form
 * may hold, not what it costs: comparing games with many options can take hours in a few
 * megabytes. So a caller may give the steps the next requests may take in all (SIZE_MAX, the
 * default, for no limit); past them every operation that needs a step fails with NB_EDATA,
 * saying so, and the store stays usable (give it steps again). Calls that need none still
 * succeed: making integers, numbers, nimbers, ups and number-up-stars, and their sums, negatives
 * and comparisons among themselves (arithmetic), answers already cached, and stops, means and
 * temperatures (thermographs are not counted). nb_cg_store_steps counts every step
 * since the store was made (a measure). */
void nb_cg_store_limit_steps(nb_cg_store *s, size_t steps);
uint64_t nb_cg_store_steps(const nb_cg_store *s);

/* ---------------------------------------------------------------------------------------------
 * Dyadic rationals: the numbers of short games
 * ------------------------------------------------------------------------------------------- */

/* The dyadic num / 2^exp reduced to lowest terms, into *out; false (and *out unchanged) if
 * num = INT64_MIN (whatever exp: INT64_MIN / 2^3 is refused), or if the exponent once reduced
 * exceeds NB_DYADIC_MAX_EXP (2 / 2^63 is made, as 1 / 2^62; 1 / 2^63 is refused). */
bool nb_dyadic_make(int64_t num, unsigned exp, nb_dyadic *out);

/* a + b and a - b into *out; false (and *out unchanged) on overflow: a numerator beyond 64 bits
 * or a denominator beyond 2^62. */
bool nb_dyadic_add(nb_dyadic a, nb_dyadic b, nb_dyadic *out);
bool nb_dyadic_sub(nb_dyadic a, nb_dyadic b, nb_dyadic *out);

/* -1, 0 or 1 as a < b, a = b, a > b (exact; never overflows). */
int nb_dyadic_cmp(nb_dyadic a, nb_dyadic b);

/* ---------------------------------------------------------------------------------------------
 * Making games. Each writes the new game's ID to *out (a game already in the store keeps its
 * ID); NB_EDATA past the store's cap, NB_EINTERNAL when out of memory.
 * ------------------------------------------------------------------------------------------- */

/* The integer n, |n| <= INT64_MAX (n = INT64_MIN is NB_EDATA). */
nb_status nb_cg_make_integer(nb_cg_store *s, int64_t n, nb_cg *out, nb_error *err);

/* The number x, a dyadic rational (made with nb_dyadic_make; reduced here if it is not, as
 * nb_dyadic_make reduces: a numerator INT64_MIN, or an exponent past NB_DYADIC_MAX_EXP once
 * reduced, is NB_EDATA). */
nb_status nb_cg_make_number(nb_cg_store *s, nb_dyadic x, nb_cg *out, nb_error *err);

/* The nimber *n: 0, * = {0|0}, *2 = {0,*|0,*}, ... (any n < 2^64). */
nb_status nb_cg_make_nimber(nb_cg_store *s, uint64_t n, nb_cg *out, nb_error *err);

/* k copies of up, ^ = {0|*}: ^ (k = 1), ^^ (2), ...; v = {*|0} for k = -1, vv, ...; 0 for k = 0.
 * k = INT64_MIN is NB_EDATA. */
nb_status nb_cg_make_ups(nb_cg_store *s, int64_t k, nb_cg *out, nb_error *err);

/* The game x + k.^ + *m of the parts v (x reduced; k > INT64_MIN, else NB_EDATA). */
nb_status nb_cg_make_nus(nb_cg_store *s, nb_cg_nus v, nb_cg *out, nb_error *err);

/* The canonical form of {left[0..nleft) | right[0..nright)}: options are games of this store,
 * in any order, repeats allowed; the arrays are only read (either may be NULL when its count
 * is 0), and may be the list nb_cg_options gave. Dominated options are removed and reversible
 * ones bypassed, so {0|*} gives ^ and {-1|1} gives 0. */
nb_status nb_cg_from_options(nb_cg_store *s, const nb_cg *left, size_t nleft, const nb_cg *right,
                             size_t nright, nb_cg *out, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Arithmetic and order. Games a, b are games of the store s; results are made in it.
 * ------------------------------------------------------------------------------------------- */

/* The sum a + b (the disjunctive sum: a move is a move in one of them), canonical. */
nb_status nb_cg_add(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg *out, nb_error *err);

/* The negative -a = {-a^R | -a^L} (Left and Right swapped): a + -a = 0. */
nb_status nb_cg_negate(nb_cg_store *s, nb_cg a, nb_cg *out, nb_error *err);

/* The difference a - b = a + -b. */
nb_status nb_cg_subtract(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg *out, nb_error *err);

/* The sum of games[0..n) (0 when n = 0; games may be NULL then). */
nb_status nb_cg_sum(nb_cg_store *s, const nb_cg *games, size_t n, nb_cg *out, nb_error *err);

/* *out = whether a <= b: Left is at least as happy with b as with a in every context, that is
 * Right moving first in b - a loses. */
nb_status nb_cg_leq(nb_cg_store *s, nb_cg a, nb_cg b, bool *out, nb_error *err);

/* *out = how a compares with b: NB_CG_EQUAL, NB_CG_LESS, NB_CG_GREATER or NB_CG_CONFUSED (the
 * outcome class of a - b: P, R, L, N in that order). */
nb_status nb_cg_compare(nb_cg_store *s, nb_cg a, nb_cg b, nb_cg_order *out, nb_error *err);

/* *out = the outcome class of g: NB_OUTCOME_P (g = 0: the second player wins), L (g > 0: Left
 * wins), R (g < 0: Right wins) or N (g || 0: the first player wins). */
nb_status nb_cg_outcome(nb_cg_store *s, nb_cg g, nb_outcome *out, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Looking inside
 * ------------------------------------------------------------------------------------------- */

/* The canonical options of g for `who` (NB_LEFT or NB_RIGHT), sorted by ID without repeats:
 * *opts points to *count IDs inside the store, which the caller reads but does not free. The
 * list is valid until the next call on the store that makes a game (every call but the const
 * ones, nb_cg_get_*, nb_cg_store_bytes/games/steps); copy it first to make games from it.
 * Number-up-stars get their options made here (so this may fail at the cap). */
nb_status nb_cg_options(nb_cg_store *s, nb_cg g, nb_player who, const nb_cg **opts, size_t *count,
                        nb_error *err);

/* True iff g is a number-up-star x + k.^ + *m; then *out (may be NULL) receives its parts. */
bool nb_cg_get_nus(const nb_cg_store *s, nb_cg g, nb_cg_nus *out);

/* True iff g is a number (a dyadic rational); then *out (may be NULL) receives it. */
bool nb_cg_get_number(const nb_cg_store *s, nb_cg g, nb_dyadic *out);

/* *out = whether g is a switch: g = -g and g != 0, that is g = {A,B,..|-A,-B,..} (+-1, *). */
nb_status nb_cg_is_switch(nb_cg_store *s, nb_cg g, bool *out, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Stops and thermography
 * ------------------------------------------------------------------------------------------- */

/* The left and right stops: the number where play ends when Left (right) starts and both play
 * alternately until a number is reached (Winning Ways, ch. 6). Either pointer may be NULL. The
 * store keeps them with each game, so this never fails (it returns NB_OK), even where the
 * thermograph passes 64-bit dyadics. */
nb_status nb_cg_stops(nb_cg_store *s, nb_cg g, nb_dyadic *left, nb_dyadic *right, nb_error *err);

/* The mean (the mast of the thermograph: m(G + H) = m(G) + m(H)) and the temperature (where the
 * mast starts) of g. Numbers have mean x and temperature -1/2^e for x = a/2^e in lowest terms
 * (-1 for integers); every other game has temperature >= 0: {3|-1} has mean 1, temperature 2.
 * Either pointer may be NULL. */
nb_status nb_cg_mean_temperature(nb_cg_store *s, nb_cg g, nb_dyadic *mean, nb_dyadic *temperature,
                                 nb_error *err);

/* The corners of g's thermograph wall on one side (NB_LEFT: the left wall, LW(t) = the left stop
 * of g cooled by t; NB_RIGHT: the right wall), by increasing temperature from t = -1 to the foot
 * of the mast (the last corner, where both walls meet at the mean, at g's temperature; above it
 * the wall is vertical): values[i] at temperatures[i], straight lines between (Winning Ways,
 * ch. 6; Siegel, CGT, 2013, II.5). Writes at most cap corners and sets *count to their number
 * (call again with more room when *count > cap). NB_EDATA when the store refuses the work. */
nb_status nb_cg_thermograph_wall(nb_cg_store *s, nb_cg g, nb_player side, nb_dyadic *values,
                                 nb_dyadic *temperatures, size_t cap, size_t *count,
                                 nb_error *err);

/* *out = the birthday of g: the formal birthday of its canonical form, 0 for 0 and otherwise
 * 1 + the largest birthday of its options (Siegel, Combinatorial Game Theory, 2013, ch. II):
 * b(^) = 2, b(*m) = m, b(n) = |n| for an integer, b(3/4) = 3. Numbers and x + *m are closed
 * forms (an integer such as 10^18 costs nothing); other games walk their canonical options,
 * so a number-up-star of more ups than NB_CG_MAX_DEPTH fails with NB_EDATA, as does a birthday
 * beyond 2^64 - 1. */
nb_status nb_cg_birthday(nb_cg_store *s, nb_cg g, uint64_t *out, nb_error *err);

/* The atomic weight of g where it is defined, that is where g is all-small (in every
 * subposition Left can move iff Right can): *defined, and then *out, a game (Winning Ways,
 * ch. 8, the atomic weight calculus; Siegel, CGT, 2013, II.7; the rules in src/cgt/props.c):
 * aw(^) = 1, aw(^^*) = 2, aw(*) = 0, aw(G + H) = aw(G) + aw(H). *defined false (and *out
 * untouched) for any other game. */
nb_status nb_cg_atomic_weight(nb_cg_store *s, nb_cg g, nb_cg *out, bool *defined, nb_error *err);

/* The reduced canonical form of g into *out: the simplest game infinitesimally close to g
 * (g - rcf(g) is infinitesimal: between -x and x for every positive number x), equal for games
 * that differ by an infinitesimal (Calistrate; Grossman and Siegel; Siegel, CGT, 2013, II.6):
 * rcf(^) = 0, rcf(*) = 0, rcf({1|*}) = {1|0}, rcf(+-1) = +-1. */
nb_status nb_cg_reduced(nb_cg_store *s, nb_cg g, nb_cg *out, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Notation (CGSuite's)
 * ------------------------------------------------------------------------------------------- */

/* Writes g in CGSuite's notation into a new string (*out, NUL-terminated: the caller frees it
 * with free(); *len its length without the NUL; len may be NULL): `0`, `3`, `-1/2`, `*`, `*2`,
 * `^`, `v`, `^^`, `^3`, `1/2^*`, `+-1`, `{2|{1|0}}`, ... A text longer than max_len bytes is
 * NB_EDATA ("... longer than N bytes"), with nothing allocated. Printing makes games in s (the
 * negative of each game printed, to tell switches `+-A`), so it may also fail at the store's cap
 * (NB_EDATA) or past the step limit. nb_cg_parse reads the text back to g. */
nb_status nb_cg_format(nb_cg_store *s, nb_cg g, size_t max_len, char **out, size_t *len,
                       nb_error *err);

/* Reads a game in that notation (as `nimber value cg '...'` does) and makes its canonical form
 * in s, into *out. It takes everything nb_cg_format writes (integers, fractions a/2^e, nimbers,
 * ups and downs, their sums written together as `1/2^*`, `+-x` = {x|-x}, braces of comma
 * lists), blanks between tokens, parentheses around any game, expressions of games with '+',
 * '-' and unary '-' (`{1|*} + ^ - *2`, `-{2|1}`, `{2+*|1}`; a '-' directly before a digit is the
 * number's sign, so `-2^` is -2 + ^; "+-" after a term adds a switch: `2+-1` = {3|1}), and
 * CGSuite's slashes: the separator with the most bars splits a braced game, {2||1|0} = {2|{1|0}}.
 * Malformed text is NB_EUSAGE naming the column (from 1) of the fault and what was expected there:
 * "column 4: expected a game, found '}'". Numbers beyond 64 bits and games nested more than
 * NB_CG_MAX_DEPTH deep are NB_EUSAGE too; the store's cap and the step limit NB_EDATA. */
nb_status nb_cg_parse(nb_cg_store *s, const char *text, nb_cg *out, nb_error *err);

#ifdef __cplusplus
}
#endif

#endif /* NIMBER_CGT_H */
