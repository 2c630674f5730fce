/*
 * nimber.h: the public API of nimber, a verified engine for combinatorial games.
 *
 * A game is written once, as a move generator (a "family" of games with parameters, such as the
 * division game div:2,3), and everything else is measured against it. The pieces:
 *
 *   - errors:    every fallible call returns an nb_status and fills an nb_error; nothing prints.
 *   - reader:    a strict streaming tokenizer for contest inputs, with line/column diagnostics.
 *   - families:  the plug-in contract (nb_family) and the registry that resolves "div:2,3" etc.
 *   - search:    the exhaustive memoised solver over any family's moves: the oracle of the tests.
 *   - values:    Grundy values of sums, outcome classes, winning moves, built on the above.
 *
 * Positions are sums of components. A component is an nb_pos, 128 bits whose meaning belongs to
 * its family (a heap size, an encoded tower, a pile). Sums are composed here, never in a family.
 */
#ifndef NIMBER_H
#define NIMBER_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---------------------------------------------------------------------------------------------
 * Status and errors
 * ------------------------------------------------------------------------------------------- */

/* Status codes double as the command's exit statuses (sysexits.h values). */
typedef enum nb_status {
  NB_OK = 0,
  NB_EUSAGE = 64,    /* bad command line: unknown game, bad argument, request out of scope */
  NB_EDATA = 65,     /* bad input data: malformed, out of range, or too large to hold */
  NB_EINTERNAL = 70, /* out of memory or a broken invariant */
} nb_status;

typedef struct nb_error {
  nb_status status;  /* the status the failing call returned */
  char message[512]; /* one line, no trailing newline, without the "nimber: " prefix */
} nb_error;

/* Fills err (which may be NULL) with status st and a printf-formatted message; returns st, so
 * that callers write `return nb_fail(err, NB_EDATA, "...", ...);`. */
nb_status nb_fail(nb_error *err, nb_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Allocation that never returns NULL silently: on failure it fills err with NB_EINTERNAL and
 * returns NULL. The caller frees with free(). */
void *nb_alloc(size_t count, size_t size, nb_error *err);

/* Parses a whole string as an unsigned decimal integer (digits only, no sign, no spaces, at most
 * 2^64-1). Returns false, leaving *out unchanged, for anything else. For command-line values. */
bool nb_parse_u64(const char *text, uint64_t *out);

/* ---------------------------------------------------------------------------------------------
 * Strict streaming reader
 *
 * Reads a file or standard input in fixed-size chunks, so inputs far larger than memory are
 * fine. Tokens are separated by ASCII white space. Every error names the input, the line and the
 * column (1-based, in bytes) of the offending token: "NAME:LINE:COL: expected ..., found '...'".
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_reader nb_reader;

/* Opens path for reading; path NULL or "-" means standard input (named "<stdin>"). On success
 * *out owns the stream until nb_reader_close. */
nb_status nb_reader_open(const char *path, nb_reader **out, nb_error *err);

/* Reads from an in-memory buffer (not copied: it must outlive the reader). For tests. */
nb_status nb_reader_open_mem(const char *name, const char *data, size_t len, nb_reader **out,
                             nb_error *err);

/* Closes the stream (unless it is stdin) and frees the reader. NULL is allowed. */
void nb_reader_close(nb_reader *r);

/* Sets a phrase added to "found end of input" errors, e.g. "test case 3 of 5 is incomplete".
 * The text is copied; NULL clears it. */
void nb_reader_set_context(nb_reader *r, const char *context);

/* The cheap form of nb_reader_set_context for a loop over items: end-of-input errors then say
 * "(UNIT INDEX of TOTAL is incomplete)", formatted only if an error happens. unit is not copied:
 * it must be a string literal or outlive the reader. unit NULL clears it. */
void nb_reader_set_item(nb_reader *r, const char *unit, uint64_t index, uint64_t total);

/* Reads one unsigned decimal integer in [lo, hi]. `what` describes the expected token for the
 * message ("the number of test cases, from 1 to 1000000000"). Signs, non-digits, values above
 * 2^64-1, values outside [lo, hi] and end of input are NB_EDATA errors. */
nb_status nb_read_u64(nb_reader *r, uint64_t lo, uint64_t hi, const char *what, uint64_t *out,
                      nb_error *err);

/* Reads one token into buf (NUL-terminated). A token longer than cap-1 bytes is an NB_EDATA
 * error. *line and *col (if not NULL) receive the token's position. */
nb_status nb_read_word(nb_reader *r, char *buf, size_t cap, const char *what, uint64_t *line,
                       uint64_t *col, nb_error *err);

/* Skips white space; true iff nothing else remains. */
bool nb_reader_at_end(nb_reader *r);

/* Succeeds iff only white space remains; otherwise "expected end of input, found '...'". */
nb_status nb_read_end(nb_reader *r, nb_error *err);

/* Fails with NB_EDATA and a message "NAME:LINE:COL: <formatted text>" at the given position of
 * this input: for errors found after a token was read (such as an unstable tower). */
nb_status nb_reader_fail_at(nb_reader *r, uint64_t line, uint64_t col, nb_error *err,
                            const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* ---------------------------------------------------------------------------------------------
 * Game families
 * ------------------------------------------------------------------------------------------- */

typedef enum nb_player { NB_LEFT = 0, NB_RIGHT = 1 } nb_player;

/* Outcome classes of a partizan position: who wins under optimal play. */
typedef enum nb_outcome {
  NB_OUTCOME_P = 0, /* the player to move loses */
  NB_OUTCOME_N = 1, /* the player to move wins */
  NB_OUTCOME_L = 2, /* Left wins whoever starts */
  NB_OUTCOME_R = 3, /* Right wins whoever starts */
} nb_outcome;

/* One component of a position; the encoding belongs to the family. Unused bits must be zero,
 * so that equal positions have equal encodings (the search hashes them). */
typedef struct nb_pos {
  uint64_t lo; /* low 64 bits */
  uint64_t hi; /* high 64 bits */
} nb_pos;

/* One move of one component. */
typedef struct nb_move {
  nb_pos to;    /* the component after the move */
  uint32_t tag; /* family-defined: which move this is, read back by describe */
} nb_move;

typedef struct nb_family nb_family;

/* A family instantiated with its parameters. Each family's private struct begins with this. */
typedef struct nb_game {
  const nb_family *family; /* the family whose create made this game */
} nb_game;

/* The plug-in contract: one const table per family, listed in src/core/registry.c. */
struct nb_family {
  const char *name;          /* as typed before ':' in a spec: "div", "tower", "psub" */
  const char *synopsis;      /* one line for `nimber games`: spec syntax and what the game is */
  const char *position_help; /* one line: how a position is written on the command line */
  bool partizan;             /* false: impartial (Grundy values); true: outcome classes */
  bool sum_needs_index;      /* true: a move in a sum is prefixed by its component number ("2:") */

  /* Makes a game from the text after ':' (NULL when the spec has none). Errors are NB_EUSAGE,
   * saying what is wrong with the parameters; nb_game_open prefixes "game 'SPEC': ". */
  nb_status (*create)(const char *params, nb_game **out, nb_error *err);
  /* Frees a game made by create. */
  void (*destroy)(nb_game *g);
  /* Writes the canonical spec ("div:2,3") into buf; returns the length snprintf would. */
  int (*spec)(const nb_game *g, char *buf, size_t cap);

  /* Parses one group of command-line tokens (a sum's parts are separated by "+" tokens) into
   * components appended at out[*n], room permitting (cap entries in all); the family decides
   * whether a group is one component (a tower) or one per token (heaps). Errors: NB_EUSAGE,
   * naming the token by its number `first_arg + i` (1-based, as the user typed it). */
  nb_status (*parse)(const nb_game *g, const char *const *tokens, size_t count, size_t first_arg,
                     nb_pos *out, size_t *n, size_t cap, nb_error *err);
  /* Writes one component in the syntax parse reads; returns the length snprintf would. */
  int (*format)(const nb_game *g, nb_pos p, char *buf, size_t cap);
  /* How components are joined when a sum is printed: " " for heaps, " + " for towers. */
  const char *joiner;

  /* Upper bound on the number of moves of p for either player (the room moves needs). */
  size_t (*move_bound)(const nb_game *g, nb_pos p);
  /* The definition of the game: writes every legal move of p for `who` (ignored by impartial
   * families) into out, in a fixed order, and returns how many. Written for obviousness. */
  size_t (*moves)(const nb_game *g, nb_pos p, nb_player who, nb_move *out);
  /* Writes the move's notation (what `nimber moves` prints and `nimber play` reads), such as
   * "5/2" or "3L"; returns the length snprintf would. */
  int (*describe)(const nb_game *g, nb_pos from, const nb_move *m, char *buf, size_t cap);

  /* Optional fast evaluators (NULL: the exhaustive search answers). They must agree with the
   * search on every position; the differential tests hold them to it. */
  nb_status (*grundy)(const nb_game *g, nb_pos p, uint64_t *out, nb_error *err);
  nb_status (*outcome)(const nb_game *g, nb_pos p, nb_outcome *out, nb_error *err);

  /* Optional, for `nimber table`: families whose components have a natural size. sized makes
   * the component of size n (NB_EUSAGE naming the range when there is none); size_min is the
   * smallest size; size_noun names a size in output ("heap", "pile"). */
  nb_status (*sized)(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err);
  uint64_t size_min;
  const char *size_noun;
  /* Optional: the largest m >= n such that every size in n..m has the value of size n, where
   * the family can prove it cheaply (division games: their run table); NULL: sizes are valued
   * one by one. */
  uint64_t (*run_end)(const nb_game *g, uint64_t n);
};

/* All registered families, in display order; *count receives their number. */
const nb_family *const *nb_families(size_t *count);

/* Makes a game from a spec such as "div:2,3", "tower" or an alias ("twothree" = "div:2,3",
 * "gurdurr" = "tower", "nimplus:A/B" = "psub:A/B"). Unknown names and bad parameters are
 * NB_EUSAGE. The caller frees *out with nb_game_free. */
nb_status nb_game_open(const char *spec, nb_game **out, nb_error *err);

/* Frees a game from nb_game_open. NULL is allowed. */
void nb_game_free(nb_game *g);

/* Writes the canonical spec of g ("div:2,3") into buf; returns the length snprintf would. */
int nb_game_spec(const nb_game *g, char *buf, size_t cap);

/* Parses a whole command-line position: tokens separated into groups by "+" tokens, each group
 * handed to the family's parse. Writes up to cap components; *n receives their number. A sum of
 * more than one component in a partizan family is NB_EUSAGE (values of partizan sums are out of
 * scope). first_arg numbers tokens in messages. */
nb_status nb_position_parse(const nb_game *g, const char *const *tokens, size_t count,
                            size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err);

/* Formats a sum of components with the family's joiner; returns the length snprintf would. */
int nb_position_format(const nb_game *g, const nb_pos *comps, size_t n, char *buf, size_t cap);

/* ---------------------------------------------------------------------------------------------
 * Exhaustive search: memoised over any family's move generator.
 *
 * The oracle: written only from the family's moves, it knows no particular game. Grundy values
 * (impartial), who wins with a given player to move (partizan), and remoteness: the number of
 * moves the game lasts when the winner hurries and the loser delays (a position with no move has
 * remoteness 0; the player to move wins iff the remoteness is odd).
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_search nb_search;

/* A search over g's moves that memoises at most max_entries positions (0: a default of 2^22);
 * exceeding it is NB_EDATA ("position too large for exhaustive search"), never a crash. */
nb_status nb_search_new(const nb_game *g, size_t max_entries, nb_search **out, nb_error *err);
void nb_search_free(nb_search *s);

/* Grundy value of one component of an impartial game, from the moves alone. */
nb_status nb_search_grundy(nb_search *s, nb_pos p, uint64_t *out, nb_error *err);

/* Whether the player `who`, moving first in p, wins (any family; impartial families ignore the
 * player). *remoteness (may be NULL) receives the remoteness of p with `who` to move. */
nb_status nb_search_wins(nb_search *s, nb_pos p, nb_player who, bool *wins, uint64_t *remoteness,
                         nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Exhaustive search over whole sums: who wins and the remoteness of a position of several
 * components, which are not functions of the components' values. Memoised by the multiset of
 * components (so the order of a sum's components does not matter) and the player to move.
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_sum_search nb_sum_search;

/* A sum search over g's moves memoising at most max_entries sums (0: 2^20); beyond it, and for
 * games more than 10,000 moves long, NB_EDATA ("too large for exhaustive search"). */
nb_status nb_sum_search_new(const nb_game *g, size_t max_entries, nb_sum_search **out,
                            nb_error *err);
void nb_sum_search_free(nb_sum_search *s);

/* Whether `who`, moving first in the sum comps[0..n), wins, and the remoteness (may be NULL).
 * One-component sums are delegated to an nb_search kept inside. */
nb_status nb_sum_search_wins(nb_sum_search *s, const nb_pos *comps, size_t n, nb_player who,
                             bool *wins, uint64_t *remoteness, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Values: fast evaluator where the family has one, exhaustive search otherwise.
 * ------------------------------------------------------------------------------------------- */

/* Grundy value of one component of an impartial game. s may be NULL when the family has a fast
 * evaluator; otherwise it is the search to use (and memoise into). */
nb_status nb_grundy(const nb_game *g, nb_search *s, nb_pos p, uint64_t *out, nb_error *err);

/* Grundy value of a sum: the XOR of its components' values (Sprague-Grundy theorem). */
nb_status nb_grundy_of_sum(const nb_game *g, nb_search *s, const nb_pos *comps, size_t n,
                           uint64_t *out, nb_error *err);

/* Outcome class of one component of a partizan game. */
nb_status nb_outcome_of(const nb_game *g, nb_search *s, nb_pos p, nb_outcome *out, nb_error *err);

/* Letter of an outcome class: 'P', 'N', 'L' or 'R'. */
char nb_outcome_letter(nb_outcome o);

/* Whether `who` wins moving first in a position of class o. */
bool nb_outcome_wins(nb_outcome o, nb_player who);

/* A move of a sum: which component moved, and the move. */
typedef struct nb_sum_move {
  size_t component; /* index into the sum's components */
  nb_move move;     /* the component's move */
} nb_sum_move;

/* Every legal move of the sum for `who`, in component order. *out is allocated (free() it) and
 * *n receives the count. */
nb_status nb_sum_moves(const nb_game *g, const nb_pos *comps, size_t n, nb_player who,
                       nb_sum_move **out, size_t *count, nb_error *err);

/* The winning moves of `who` moving first in the sum: impartial, the moves to a sum of Grundy
 * value 0; partizan (one component), the moves after which the opponent, moving first, loses.
 * Allocated like nb_sum_moves; a lost position gives *count = 0. */
nb_status nb_winning_moves(const nb_game *g, nb_search *s, const nb_pos *comps, size_t n,
                           nb_player who, nb_sum_move **out, size_t *count, nb_error *err);

/* Writes a sum move's notation: the family's describe, prefixed by "k:" (1-based component)
 * when the family asks for it and the sum has more than one component. */
int nb_sum_move_describe(const nb_game *g, const nb_pos *comps, size_t n, const nb_sum_move *m,
                         char *buf, size_t cap);

/* ---------------------------------------------------------------------------------------------
 * Engine: perfect play.
 * ------------------------------------------------------------------------------------------- */

/* Chooses `who`'s move in the sum: a winning move when there is one (drawn among all winning
 * moves with the splitmix64 state *rng); otherwise the move after which the opponent's win takes
 * longest (remoteness by *sums); if *sums is NULL or the sum proves too large for it (then *sums
 * is freed and set to NULL, so later calls skip it), the move leaving the opponent the most
 * moves. *found is false when `who` has no move. search is as for nb_grundy. */
nb_status nb_engine_choose(const nb_game *g, nb_search *search, nb_sum_search **sums,
                           const nb_pos *comps, size_t n, nb_player who, uint64_t *rng,
                           nb_sum_move *out, bool *found, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Division games (div:D) and Two and Three.
 * ------------------------------------------------------------------------------------------- */

extern const nb_family nb_division_family;

/* Grundy value of heap x >= 1 in div:2,3, in O(1): with k = floor(log_6 x), it is 0 on
 * [6^k, 2*6^k), 1 on [2*6^k, 4*6^k) and 2 on [4*6^k, 6^(k+1)). Proven in division.c. */
unsigned nb_twothree_grundy(uint64_t x);

/* Multiplicative periodicity of a division game: g(x) = g(floor(x/ratio)) for every x >= start,
 * so the values on [start, ratio*start) determine all others. */
typedef struct nb_div_period {
  uint64_t ratio;      /* Q, an element of the monoid generated by D */
  uint64_t start;      /* T >= Q: the least start for this ratio */
  uint64_t checked_to; /* the proof checked every heap in [T, checked_to] = [T, T*max(D)) */
} nb_div_period;

/* Finds the least ratio Q <= max_ratio (then the least start) for which the periodicity is
 * proven: the equation checked on the window [T, T*max(D)), which implies it for every heap
 * (theorem in division.c). None found: NB_EDATA, saying so. Not a division game: NB_EUSAGE. */
nb_status nb_div_period_of(const nb_game *g, uint64_t max_ratio, nb_div_period *out, nb_error *err);

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
 * period once found. Caches what it computes in g (so g must not be evaluated from two threads
 * at once). Fails with NB_EDATA when n is beyond the DP and no period appears among the first
 * NB_PSUB_MAX_EXPLORE piles, or within NB_PSUB_MAX_WORK word operations (games with many
 * amounts and long preperiods); NB_EUSAGE when g is not a psub game. */
nb_status nb_psub_outcome(const nb_game *g, uint64_t n, nb_outcome *out, nb_error *err);

/* The periodicity of the outcome sequence o(0), o(1), ...: the least period p >= 1 and the least
 * preperiod s such that o(n + p) = o(n) for every n >= s. */
typedef struct nb_psub_period {
  uint64_t preperiod; /* s: the first pile of the periodic part */
  uint64_t period;    /* p: its least period */
} nb_psub_period;

/* Computes (once, then cached in g) the preperiod and period of a psub game. The outcomes over
 * one period are nb_psub_outcome(g, s + i) for i < p, each O(1) afterwards. Errors as for
 * nb_psub_outcome (NB_EDATA when the period is not found within the engine's limits). */
nb_status nb_psub_period_of(const nb_game *g, nb_psub_period *out, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Tower game (tower, alias gurdurr): the seed Gurdurr. Rules and proofs in src/games/tower.c.
 * ------------------------------------------------------------------------------------------- */

extern const nb_family nb_tower_family;

enum {
  NB_TOWER_MAX_LAYERS = 42,   /* most layers in a tower (an nb_pos holds 42 3-bit layer codes) */
  NB_TOWER_MAX_RUN = 24,      /* longest run the fast evaluator values (tables: 64 MiB at 24) */
  NB_TOWER_COMPILED_RUN = 20, /* runs up to this long: from the table generated at build time */
};

/* Layer codes, as stored in a tower's nb_pos and passed to nb_tower_grundy_layers. */
typedef enum nb_tower_layer {
  NB_LAYER_III = 1,       /* III */
  NB_LAYER_II_DOT = 2,    /* II. */
  NB_LAYER_DOT_II = 3,    /* .II */
  NB_LAYER_I_DOT_I = 4,   /* I.I */
  NB_LAYER_DOT_I_DOT = 5, /* .I. */
} nb_tower_layer;

/* The code of a layer written as text ("III"...), or 0 if text is not one of the five. */
int nb_tower_layer_parse(const char *text);

/* The text of a layer code 1..5 ("?" for anything else). */
const char *nb_tower_layer_text(int code);

/* Values of runs (maximal blocks of III, II. and .II layers with no .I. next to them): runs of
 * up to NB_TOWER_COMPILED_RUN layers from the table compiled into the library, longer ones built
 * lazily by length. A cache object: not thread-safe; the tower game owns one, and so does the
 * contest solver. */
typedef struct nb_tower_table nb_tower_table;

nb_status nb_tower_table_new(nb_tower_table **out, nb_error *err);
void nb_tower_table_free(nb_tower_table *t); /* NULL is allowed */

/* A table that ignores the compiled values and builds every length at run time, from the rules'
 * recurrence: how the build makes the compiled table (tools/gen_tower_table.c), and what the
 * tests check it against. Slower to fill: about 40 ms for all lengths up to 20. */
nb_status nb_tower_table_new_uncompiled(nb_tower_table **out, nb_error *err);

/* Makes runs of every length up to len available; len > NB_TOWER_MAX_RUN is NB_EDATA (refused
 * before allocating). Free up to NB_TOWER_COMPILED_RUN, unless the table is uncompiled; building
 * all lengths up to L > NB_TOWER_COMPILED_RUN takes about 2^(L+2) bytes. */
nb_status nb_tower_table_reserve(nb_tower_table *t, size_t len, nb_error *err);

/* Grundy value of the run of length len (already reserved) whose layer j from the top is III iff
 * bit j of mask is set (the others are II. or .II). */
unsigned nb_tower_run_grundy(const nb_tower_table *t, size_t len, uint32_t mask);

/* Grundy value of a stable tower of n (at most NB_TOWER_MAX_LAYERS) layer codes (top first), by
 * the run decomposition. A run longer than NB_TOWER_MAX_RUN is NB_EDATA, and *bad_run (if not
 * NULL) receives the index of its first layer. */
nb_status nb_tower_grundy_layers(nb_tower_table *t, const uint8_t *layers, size_t n,
                                 size_t *bad_run, uint64_t *out, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Contest front ends: read a contest input from r, write the answers to out.
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_contest {
  const char *name;    /* "twothree" */
  const char *summary; /* one line for help */
  nb_status (*solve)(nb_reader *r, FILE *out, nb_error *err);
} nb_contest;

/* All contest formats, an array of *count entries. */
const nb_contest *nb_contests(size_t *count);

/* The contest format named name, or NULL. */
const nb_contest *nb_contest_find(const char *name);

nb_status nb_solve_twothree(nb_reader *r, FILE *out, nb_error *err);
nb_status nb_solve_gurdurr(nb_reader *r, FILE *out, nb_error *err); /* Gurdurr: First/Second */
nb_status nb_solve_nimplus(nb_reader *r, FILE *out, nb_error *err);

#endif /* NIMBER_H */
