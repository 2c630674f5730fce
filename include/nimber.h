/*
 * nimber.h: the public API of nimber, a verified engine for combinatorial games.
 *
 * A game is written once, as a move generator (a "family" of games with parameters, such as the
 * division game div:2,3), and everything else is measured against it. The pieces:
 *
 *   - errors:    every fallible call returns an nb_status and fills an nb_error; nothing prints.
 *   - families:  the plug-in contract (nb_family), and registries that resolve "div:2,3" among
 *                the built-in families and families loaded from plug-ins (shared objects).
 *   - search:    the exhaustive memoised searches over any family's moves, of components and of
 *                sums: the oracle of the tests.
 *   - solver:    one game's context object, owning every cache used to value its positions.
 *   - values:    one value type for every family (nimbers, outcome classes), values of sums,
 *                winning moves, periods, perfect play; all built on the above.
 *
 * Positions are sums of components. A component is an nb_pos, 128 bits whose meaning belongs to
 * its family (a heap size, an encoded tower, a pile). A move replaces one component by zero, one
 * or several components. Sums are composed here, never in a family.
 *
 * This header and nimber_cgt.h (the short-game algebra: canonical forms of partizan games) are
 * the whole public API; everything else (family internals, the contest formats,
 * the reader) lives in internal headers under src/ and may change between versions. Link with
 * -lnimber (pkg-config nimber; CMake: find_package(nimber), target nimber::nimber).
 */
#ifndef NIMBER_H
#define NIMBER_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header (CMake reads it from here: one place to change). */
#define NB_VERSION_MAJOR 0
#define NB_VERSION_MINOR 10
#define NB_VERSION_PATCH 0
#define NB_VERSION_STRING "0.10.0"

/* The version of the library linked in, "MAJOR.MINOR.PATCH": NB_VERSION_STRING of the header it
 * was built with. */
const char *nb_version(void);

/* The version of the family contract: nb_family, nb_moves and what a family's functions receive.
 * A plug-in built against another value is refused at load (nb_registry_load). Bumped whenever
 * any of them changes in a way that breaks a compiled family (2: the partizan hooks `canonical`
 * and `negative`, canonical values in nb_value; 3: the period hook takes the solver's limits;
 * 4: nb_limits gained moves_examined, and a family may hold it by value; 5: the partizan hook
 * `value_moves`; 6: the family as rules plus facets, nb_limits gained memory, and `moves` and
 * `value_moves` return a status; 7: nb_game gained its play convention and its store of
 * positions larger than 128 bits (nb_pos_intern), so every family's game struct, which begins
 * with an nb_game, has its own fields further on; 8: the optional hook `in_place`, the board
 * after a move as the user sees it; 9: the partizan hooks `integer` and `moves_left`; 10: the
 * partizan hook `winning_move`). */
#define NB_ABI_VERSION 10

/* ---------------------------------------------------------------------------------------------
 * Status and errors
 * ------------------------------------------------------------------------------------------- */

/* Status codes double as the command's exit statuses (sysexits.h values). */
typedef enum nb_status {
  NB_OK = 0,
  NB_EUSAGE = 64,    /* bad command line: unknown game, bad argument, request out of scope */
  NB_EDATA = 65,     /* bad input data: malformed, out of range, or too large to hold */
  NB_ENOINPUT = 66,  /* an input file is missing or cannot be read */
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
 * Game families: the contract
 *
 * A family is one const nb_family table. Its rules are `moves`, written plainly; everything
 * else (values, winning moves, play, tables, periods) is built on them by the library, through
 * the game's value theory. A move replaces one component by zero, one or several components (its
 * "parts"); positions are sums of components, composed by the theory, never packed into one
 * nb_pos by a family.
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
 * so that equal positions have equal encodings (the searches hash them). A component larger than
 * 128 bits is a handle of the game's position store (nb_pos_intern, below). */
typedef struct nb_pos {
  uint64_t lo; /* low 64 bits */
  uint64_t hi; /* high 64 bits */
} nb_pos;

/* One move of one component. The move replaces the component by `parts` components: none when
 * it removes the component (the last pins of a row of Kayles), one for the usual move, several
 * when it splits the component (a take-and-break move leaves up to three heaps; a Domineering
 * move may cut a board into regions). The parts themselves are not in the move: a list of moves
 * keeps the parts of all its moves in one array, in move order, so the parts of move i follow
 * those of moves 0..i-1.
 *
 * Why a side array and not room for the parts in the move. The exhaustive search holds the whole
 * move list of every position on its stack, and lists are long (a psub pile has up to 4,194,304
 * moves), so bytes per move multiply: a move with room for six parts would take 104 bytes, and
 * most moves leave one part. Here a move costs 8 bytes plus 16 per part it really leaves: 24 for
 * the usual one-part move, exactly what a move cost before moves could split. Measured on a deep
 * psub game (bench/search.c psub; README, "Benchmarks"): 261 MB peak, against 258 MB for the
 * old one-part move and 761 MB (and twice the time) for a move with room for six parts. */
typedef struct nb_move {
  uint32_t tag;   /* family-defined: which move this is, read back by describe */
  uint32_t parts; /* how many components the move leaves in place of the one it moves in */
} nb_move;

/* Where a family's `moves` writes: the caller provides room for move_bound(p) moves and
 * max_parts parts for each, and starts with count = nparts = 0. */
typedef struct nb_moves {
  nb_move *move; /* the moves written so far: move[0..count) */
  nb_pos *part;  /* their parts, in move order: part[0..nparts) */
  size_t count;  /* moves written */
  size_t nparts; /* parts written */
} nb_moves;

/* Appends a move tagged `tag` that leaves parts[0..n) (n = 0: the component is gone). */
static inline void nb_moves_add(nb_moves *out, uint32_t tag, const nb_pos *parts, uint32_t n) {
  size_t k = out->nparts; /* in a local: stores to the parts could alias the counters */
  nb_move *m = &out->move[out->count++];
  m->tag = tag;
  m->parts = n;
  for (uint32_t i = 0; i < n; i++)
    out->part[k + i] = parts[i];
  out->nparts = k + n;
}

/* Appends a move tagged `tag` that leaves the one component `to`: the usual move. */
static inline void nb_moves_add1(nb_moves *out, uint32_t tag, nb_pos to) {
  size_t c = out->count, k = out->nparts;
  out->move[c].tag = tag;
  out->move[c].parts = 1;
  out->part[k] = to;
  out->count = c + 1;
  out->nparts = k + 1;
}

typedef struct nb_family nb_family;
typedef struct nb_limits nb_limits; /* the solver's search limits (below) */

/* A short partizan game in canonical form: its ID in a game store, which owns it (equal games
 * have equal IDs in one store). The store and its operations (making, reading, printing, adding,
 * comparing games, their options, mean and temperature) are the short-game algebra of
 * nimber_cgt.h, installed beside this header; each solver owns a store, for the canonical values
 * of its game's positions (NB_VALUE_CANONICAL). */
typedef uint32_t nb_cg;
typedef struct nb_cg_store nb_cg_store;

/* A dyadic rational num / 2^exp in lowest terms (num odd, or exp = 0), num > INT64_MIN: the
 * numbers of short games, their means and temperatures. */
typedef struct nb_dyadic {
  int64_t num; /* numerator */
  uint8_t exp; /* exponent of the denominator, 0..62 */
} nb_dyadic;

/* Writes `3`, `-2`, `1/2`, `-3/8`; returns the length snprintf would. */
int nb_dyadic_format(nb_dyadic x, char *buf, size_t cap);

/* The play convention: who wins when the player to move has no move. In normal play that
 * player loses (the last player to move wins); in misère play that player wins (the last player
 * to move loses). A game is opened under one (nb_registry_open_play), normal by default; its
 * searches, solver and value theory follow it. */
typedef enum nb_play {
  NB_PLAY_NORMAL = 0, /* the player who cannot move loses */
  NB_PLAY_MISERE = 1, /* the player who cannot move wins */
} nb_play;

typedef struct nb_pos_store nb_pos_store;

/* A family instantiated with its parameters. Each family's private struct begins with this. A
 * game is immutable once made: caches live in the solver (nb_solver), never in the game; the one
 * exception is its store of large positions (nb_pos_intern), which a family grows as it meets
 * positions larger than 128 bits, and which makes a game that interns a one-thread object. */
typedef struct nb_game {
  const nb_family *family; /* the family whose create made this game (set by the registry) */
  nb_play play;            /* its play convention, set when the game is opened (not by create) */
  nb_pos_store *positions; /* its store of interned positions (made by the registry, freed with
                            * the game; NULL for a game made without one: nothing interns) */
} nb_game;

/* ---------------------------------------------------------------------------------------------
 * Positions of any size: the game's position store.
 *
 * A component is 128 bits, and most positions fit (a heap, a tower, a Domineering board of up to
 * 120 cells). One that does not (an 8x8 Clobber board: 64 cells of 2 bits and its shape) is
 * written by its family as a byte string of any length and interned in the game's store, which
 * hands back an nb_pos: hi = NB_POS_INTERNED, lo the string's index in the store. The store is
 * hash-consed: equal byte strings give the same handle, so "equal positions have equal
 * encodings" still holds and every search, hash table and sum search works on handles
 * unchanged. A family that interns (1) writes each position in one canonical byte string (a
 * position is either always inline or always interned), and (2) keeps NB_POS_INTERNED out of the
 * hi of its inline encodings. Handles belong to their game: another game's store gives other
 * handles, and a handle means nothing once its game is freed.
 *
 * The store only grows while its game lives (positions met during a search stay), and it is
 * bounded: it holds at most nb_limits.memory bytes of the solver last made for its game (2 GiB
 * before any), counting its strings, index and hash table; an intern that would pass that is
 * refused with NB_EDATA naming the limit, and the store stays as it was, usable.
 *
 * Threads: interning changes the game's store, so a game whose family interns (clobber) is used
 * by one thread at a time, with its solvers; open one game per thread (solvers of one game in
 * two threads are safe only for families that never intern: every family but clobber today).
 * ------------------------------------------------------------------------------------------- */

/* The hi of an interned position's handle. */
#define NB_POS_INTERNED UINT64_MAX

/* Whether p is a handle of a game's position store. */
static inline bool nb_pos_is_interned(nb_pos p) {
  return p.hi == NB_POS_INTERNED;
}

/* The handle of bytes[0..len) (len >= 1) in g's store, interned if it is new: *out =
 * {index, NB_POS_INTERNED}, the same handle for equal bytes. NB_EDATA when the store would pass
 * its bound (the message names it), NB_EINTERNAL when memory runs out or g has no store (a game
 * not opened by a registry); on failure the store is unchanged and *out untouched. */
nb_status nb_pos_intern(const nb_game *g, const void *bytes, size_t len, nb_pos *out,
                        nb_error *err);

/* The bytes of the interned handle p of g (NULL, *len = 0, when p is not one of its handles);
 * valid while g lives: the store never moves a string. */
const void *nb_pos_bytes(const nb_game *g, nb_pos p, size_t *len);

/* How many positions g's store holds, and the bytes it takes (0 for a game without one). */
size_t nb_pos_store_count(const nb_game *g);
size_t nb_pos_store_size(const nb_game *g);

/* A proven description of the values of the sizes of a game (nb_sizes_facet): what `nimber
 * period` prints. "value" is the Grundy value (impartial) or the outcome class (partizan). */
typedef enum nb_period_kind {
  NB_PERIOD_ADDITIVE = 0,       /* value(n + step) = value(n) for every n >= start */
  NB_PERIOD_MULTIPLICATIVE = 1, /* value(n) = value(floor(n / step)) for every n >= start */
  NB_PERIOD_ARITHMETIC = 2,     /* Grundy values: value(n + step) = value(n) + saltus, saltus >= 1,
                                   for every n >= start (newest kind: nb_period kept its size) */
} nb_period_kind;

typedef struct nb_period {
  nb_period_kind kind;   /* which equation holds */
  uint64_t start;        /* additive: the least preperiod s; multiplicative: the start T */
  uint64_t step;         /* additive: the least period p; multiplicative: the ratio Q */
  uint64_t checked_from; /* the proof computed every size from here ... */
  uint64_t checked_to;   /* ... to here */
  /* One line: why that check proves the equation for every size, naming the file that holds
   * the theorem ("... (theorem in src/games/x.c)"). */
  char theorem[216];
  uint64_t saltus; /* NB_PERIOD_ARITHMETIC: the saltus; 0 for the other kinds */
} nb_period;

/* Another name of a family, as users may type it: "twothree" for div:2,3, "kayles" for oct:0.77.
 * A family lists its aliases in an array ended by {NULL, NULL}. */
typedef struct nb_alias {
  const char *name;   /* the alias as typed (matched without regard to case) */
  const char *params; /* the parameters it stands for (then it takes none), or NULL: given */
} nb_alias;

/* A position a family offers for testing (nb_family.samples): a game of the family and a position
 * of it, as typed on the command line. The conformance test (tests/test_conformance.c) holds
 * every registered family's fast evaluators, text and moves to the exhaustive search on them. */
typedef struct nb_sample {
  const char *spec;     /* the game: "div:2,3", or the family's name alone */
  const char *position; /* tokens separated by spaces ("7 12", "III + II"); "0": the empty sum */
} nb_sample;

/* The facets of a family: optional groups of hooks, each serving one use. A family points to the
 * facets it has (NULL: none) and fills in each only what it knows; the core asks a facet's hooks
 * where present and otherwise answers from the rules (`moves`) alone. Every fast evaluator must
 * agree with the exhaustive search on every position: the conformance test holds it to that on
 * the family's samples. */

/* The family's cache: the solver (nb_solver) makes it on first use, passes it to the evaluators
 * and frees it with itself, so that tables and engines that grow as positions are valued live
 * here and a game stays immutable. Both hooks are required in the facet. */
typedef struct nb_cache_facet {
  nb_status (*create)(const nb_game *g, void **out, nb_error *err); /* a new cache for g */
  void (*destroy)(void *cache);                                     /* frees what create made */
} nb_cache_facet;

/* Impartial families only (refused on a partizan one): the Grundy value of one component
 * without the search. cache is the solver's (NULL without a cache facet). Required in the facet. */
typedef struct nb_impartial_facet {
  nb_status (*grundy)(const nb_game *g, void *cache, nb_pos p, uint64_t *out, nb_error *err);
  /* Optional (NULL: the misère search values every component from its moves): what misère play
   * needs of p where the family proves it, true then: its normal Grundy value *grundy, its
   * misère Grundy value *misere (1 for a position without moves, else the mex of its options')
   * and *tame, whether every position reachable from p, p included, is tame (its pair of values
   * (0, 1), (1, 0) or equal: src/core/misere.c states the rule this decides sums by). false: not
   * known, the search answers. Nim's heaps (Bouton): (n, n xor 1, true) for n <= 1, (n, n, true)
   * after. */
  bool (*misere)(const nb_game *g, void *cache, nb_pos p, uint64_t *grundy, uint64_t *misere,
                 bool *tame);
} nb_impartial_facet;

/* Partizan families only (refused on an impartial one); every hook is optional (NULL: the
 * searches answer from the moves). */
typedef struct nb_partizan_facet {
  /* The outcome class of one component, without the search. */
  nb_status (*outcome)(const nb_game *g, void *cache, nb_pos p, nb_outcome *out, nb_error *err);
  /* The canonical value of p made in `store` (the solver's), where the family knows it without
   * the value search (*known = true); *known = false leaves p to the search, which values it
   * from its moves. The value is made with the functions of nimber_cgt.h (nb_cg_make_number,
   * nb_cg_from_options, nb_cg_add, ...), so a plug-in can implement it
   * (examples/plugin/hackenbush.c); an error of theirs (the store's cap: NB_EDATA) is returned
   * as it is. */
  nb_status (*canonical)(const nb_game *g, void *cache, nb_cg_store *store, nb_pos p, nb_cg *out,
                         bool *known, nb_error *err);
  /* True and *q a position of the opposite value, G(p) = -G(q) (Domineering: the transposed
   * board), where the family knows one; the value search then values only one of each such pair
   * and negates, which halves its work where both occur. */
  bool (*negative)(const nb_game *g, nb_pos p, nb_pos *q);
  /* The moves the value search uses for p, as `moves` writes them (same order, tags and parts)
   * but leaving out moves the family proves dominated: a Left move whose option is <= that of a
   * Left move it keeps, a Right move whose option is >= that of a Right move it keeps. A
   * canonical form drops dominated options, so the value is the same, and the search makes
   * fewer options (Domineering: 14% fewer instructions on its calibration case). NULL: moves.
   * Returns a status as `moves` does, with the same contract. */
  nb_status (*value_moves)(const nb_game *g, nb_pos p, nb_player who, nb_moves *out, nb_error *err);
  /* For the outcome search in normal play (core/outcome.c). True and *value = n where the family
   * knows cheaply that p equals the integer n (Amazons: a region holding one player's amazons
   * only, where the other never has a move); false where it does not know, and p is searched.
   * The search then holds the sum's integers as one tally instead of their positions. NULL:
   * never. */
  bool (*integer)(const nb_game *g, nb_pos p, int64_t *value);
  /* With integer: an upper bound on the moves, of both players together, that any play of p
   * can still make (Amazons: its empty cells, each move burning one). The outcome search
   * decides a sum at once when its tally exceeds what the rest can answer. NULL: none. */
  uint64_t (*moves_left)(const nb_game *g, nb_pos p);
  /* One winning move of `who` moving first in p (normal play), by the family's own search: *found
   * true and *tag the move's tag as `moves` writes it; *found false where `who` loses. For
   * positions whose every winning move would take too long to list (nb_winning_move). NULL:
   * none. */
  nb_status (*winning_move)(const nb_game *g, void *cache, nb_pos p, nb_player who, bool *found,
                            uint32_t *tag, nb_error *err);
} nb_partizan_facet;

/* For `nimber table`, `plot` and `period`: families whose components have a natural size. */
typedef struct nb_sizes_facet {
  /* Required in the facet: makes the component of size n (NB_EUSAGE naming the range when there
   * is none). */
  nb_status (*sized)(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err);
  uint64_t size_min;     /* the smallest size */
  const char *size_noun; /* required: names a size in output ("heap", "pile"; plural: "s") */
  /* Optional: the largest m >= n such that every size in n..m has the value of size n, where
   * the family can prove it cheaply (division games: their run table); n where it proves no
   * more. NULL: the family proves no runs, and its sizes are valued one by one (nb_run_of_size;
   * a family that never proves runs leaves it NULL, so that callers know it up front). */
  uint64_t (*run_end)(const nb_game *g, void *cache, uint64_t n);
  /* Optional: the proven periodicity of the values of the sizes. max bounds the work as the
   * family documents it in `period_help` (0: the family's default). No period within the bound:
   * NB_EDATA saying how far the proof looked. Once it succeeds, and the value of the period's
   * last size (start + step - 1, or start * step - 1) has been computed, every size of the
   * period must be valued without failing: `nimber period` streams them. limits are the
   * solver's: where the work is long, the family may report it through limits->progress (unit
   * "values", done of at most the bound), then once with finished set. */
  nb_status (*period)(const nb_game *g, void *cache, uint64_t max, const nb_limits *limits,
                      nb_period *out, nb_error *err);
  const char *period_help; /* required with period: one line saying what --max bounds */
} nb_sizes_facet;

/* The plug-in contract: one const table per family, the rules plus facets. The built-in families
 * are listed in src/games/builtin.c; a plug-in exports its own (see nb_plugin). Required: abi,
 * name, synopsis, position_help, joiner, create, destroy, spec, parse, format, move_bound,
 * moves, describe; the rest is optional (NULL or 0). nb_registry_add refuses a family that lacks
 * a required field, or has a facet of the other kind (grundy on a partizan family, canonical on
 * an impartial one) or a facet without its required hooks. docs/PLUGINS.md is the guide. */
struct nb_family {
  /* --- identity --- */
  uint32_t abi;              /* NB_ABI_VERSION, as the family was compiled */
  const char *name;          /* as typed before ':' in a spec: "div", "tower", "psub" (lower case
                              * letters, digits, '_' and '-'; matched without regard to case) */
  const nb_alias *aliases;   /* other names, ended by {NULL, NULL}; NULL: none */
  const char *synopsis;      /* one line for `nimber games`: spec syntax and what the game is */
  const char *position_help; /* one line: how a position is written on the command line */
  /* The kind of the rules, which chooses the family's value theory (nb_family_theory) and which
   * evaluator facet it may have: false, impartial (both players have the same moves; Grundy
   * values); true, partizan (Left and Right; outcome classes and canonical forms). */
  bool partizan;
  bool sum_needs_index; /* true: a move in a sum is prefixed by its component number ("2:") */

  /* --- games --- */
  /* Makes a game from the text after ':' (NULL when the spec has none). Errors are NB_EUSAGE,
   * saying what is wrong with the parameters; the registry prefixes "game 'SPEC': ". */
  nb_status (*create)(const char *params, nb_game **out, nb_error *err);
  /* Frees a game made by create. */
  void (*destroy)(nb_game *g);
  /* Writes the canonical spec ("div:2,3") into buf; returns the length snprintf would; cap may be
   * 0 and buf NULL, as for format. */
  int (*spec)(const nb_game *g, char *buf, size_t cap);

  /* --- text in and out --- */
  /* Parses one group of command-line tokens (a sum's parts are separated by "+" tokens) into
   * components appended at out[*n], room permitting (cap entries in all); the family decides
   * whether a group is one component (a tower) or one per token (heaps). Each component it
   * returns must be normalised: equal positions have equal encodings (the searches hash them).
   * Errors: NB_EUSAGE, naming the token by its number `first_arg + i` (1-based, as the user
   * typed it). */
  nb_status (*parse)(const nb_game *g, const char *const *tokens, size_t count, size_t first_arg,
                     nb_pos *out, size_t *n, size_t cap, nb_error *err);
  /* Writes one component in the syntax parse reads (parse gives it back as that one component);
   * returns the length snprintf would. As with snprintf, cap may be 0 and buf then NULL (a
   * caller whose buffer is full asks for the length only): write nothing then. */
  int (*format)(const nb_game *g, nb_pos p, char *buf, size_t cap);
  /* How components are joined when a sum is printed: " " for heaps, " + " for towers. */
  const char *joiner;

  /* --- rules --- */
  /* Upper bound on the number of moves of p for either player (the room `moves` gets). */
  size_t (*move_bound)(const nb_game *g, nb_pos p);
  /* The most parts one move leaves: 1 for families whose moves never split (0 counts as 1). */
  uint32_t max_parts;
  /* The definition of the game: appends every legal move of p for `who` (ignored by impartial
   * families) to out with nb_moves_add, in a fixed order, each part normalised as parse's. At
   * most move_bound(p) moves and max_parts parts each: the room is no larger. Written for
   * obviousness. Returns NB_OK with every move written; or fails, err filled: NB_EINTERNAL when
   * memory runs out, NB_EDATA when a limit of the family's is reached (a store of large
   * positions full). On failure out may hold part of the list, which the caller discards; the
   * search that asked returns the error and stays usable, as after its own refusals. */
  nb_status (*moves)(const nb_game *g, nb_pos p, nb_player who, nb_moves *out, nb_error *err);
  /* Writes the notation of move m of `from`, whose parts are parts[0..m->parts) (what `nimber
   * moves` prints and `nimber play` reads, such as "5/2" or "3L"); returns the length snprintf
   * would; cap may be 0 and buf NULL, as for format. */
  int (*describe)(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts, char *buf,
                  size_t cap);
  /* Optional: a lower bound on the length (moves) of every play from p, whoever starts, the
   * players alternating; the positions on a play are distinct, so the component search refuses
   * at once, naming its limit, a component whose bound reaches it, instead of filling memory
   * first. NULL: no bound known. */
  uint64_t (*min_length)(const nb_game *g, nb_pos p);
  /* Optional: the component `from` after `who`'s move m, as the user sees it: kept whole, every
   * cell in its place, the move's cells changed and nothing else (not split into the move's
   * parts, not cropped, not turned to a normal form), into *out: what parse would return for
   * that board typed. Only the command line's display asks it (nb_sum_after_in_place: `play`
   * and `moves` show a board as the user wrote it, and number moves on it); the searches never
   * do, so it costs the memo nothing. NULL: the move's parts are shown, as for heaps, where
   * they are what the user expects; so too when it returns NB_EUSAGE, err untouched (a family
   * whose games differ: impartial:GAME keeps boards in place where GAME does). Otherwise it
   * fails only as parse may (a store of large positions full). */
  nb_status (*in_place)(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                        nb_pos *out, nb_error *err);

  /* --- facets (NULL: none) --- */
  const nb_cache_facet *cache;              /* the solver-owned cache the evaluators share */
  const nb_impartial_facet *impartial_eval; /* impartial fast evaluators */
  const nb_partizan_facet *partizan_eval;   /* partizan fast evaluators and search helpers */
  const nb_sizes_facet *sizes;              /* components by size: tables, runs, periods */
  /* Positions for testing, ended by {NULL, NULL}: small ones covering the family's interesting
   * cases (each kind of parameter, the empty position, moves that split, every evaluator's
   * paths). NULL: none (the conformance test then fails for a registered family). */
  const nb_sample *samples;
};

/* ---------------------------------------------------------------------------------------------
 * Registries: which families a spec may name.
 *
 * A registry is a list of families, each with its aliases. nb_registry_new makes one holding the
 * built-in families; nb_registry_load adds the families of a plug-in. A spec is "NAME" or
 * "NAME:PARAMS", NAME a family name or an alias (without regard to case).
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_registry nb_registry;

/* A registry of the built-in families (div, psub, tower, ...). Free with nb_registry_free. */
nb_status nb_registry_new(nb_registry **out, nb_error *err);

/* Frees the registry and closes the plug-ins it loaded: games opened through it must be freed
 * first. NULL is allowed. */
void nb_registry_free(nb_registry *r);

/* Adds a family (not copied: it must outlive the registry). NB_EUSAGE when it is malformed (a
 * required field missing, another ABI version) or its name or an alias is taken. */
nb_status nb_registry_add(nb_registry *r, const nb_family *f, nb_error *err);

/* What a plug-in exports, under the symbol name "nimber_plugin": the families it defines. */
typedef struct nb_plugin {
  uint32_t abi;                     /* NB_ABI_VERSION, as the plug-in was compiled */
  const nb_family *const *families; /* its families */
  size_t count;                     /* how many */
} nb_plugin;

/* Loads the shared object at path and adds its families. The object must export
 * `const nb_plugin nimber_plugin`; it is refused (NB_EUSAGE, nothing added) when it cannot be
 * loaded, has no such symbol, was built for another ABI version, or any of its families is
 * malformed or clashes with a family already registered. Its calls into nimber (nb_fail,
 * nb_alloc, ...) resolve to the program loading it: the `nimber` command exports them. */
nb_status nb_registry_load(nb_registry *r, const char *path, nb_error *err);

/* The registry's families, in order: built-in ones first, then plug-ins in load order. */
const nb_family *const *nb_registry_families(const nb_registry *r, size_t *count);

/* The family a name stands for (a family name or an alias, without regard to case), or NULL;
 * *params receives an alias's parameters (NULL for a family name, or an alias without). */
const nb_family *nb_registry_find(const nb_registry *r, const char *name, size_t len,
                                  const char **params);

/* Makes a game from a spec among the registry's families. Unknown names and bad parameters are
 * NB_EUSAGE; an unknown name suggests the nearest registered one. The caller frees *out with
 * nb_game_free. */
nb_status nb_registry_open(const nb_registry *r, const char *spec, nb_game **out, nb_error *err);

/* nb_registry_open among the built-in families only, without a registry. */
nb_status nb_game_open(const char *spec, nb_game **out, nb_error *err);

/* nb_registry_open and nb_game_open under a play convention: NB_PLAY_MISERE opens the game for
 * misère play, where the player who cannot move wins; every search, solver, value and move of
 * it is then a misère one (its theory: nb_game_theory). The plain calls open for normal play. */
nb_status nb_registry_open_play(const nb_registry *r, const char *spec, nb_play play,
                                nb_game **out, nb_error *err);
nb_status nb_game_open_play(const char *spec, nb_play play, nb_game **out, nb_error *err);

/* The play convention g was opened under. */
nb_play nb_game_play(const nb_game *g);

/* Frees a game from nb_game_open. NULL is allowed. */
void nb_game_free(nb_game *g);

/* Writes the canonical spec of g ("div:2,3") into buf; returns the length snprintf would. */
int nb_game_spec(const nb_game *g, char *buf, size_t cap);

/* Parses a whole command-line position: tokens separated into groups by "+" tokens, each group
 * handed to the family's parse. Writes up to cap components; *n receives their number.
 * first_arg numbers tokens in messages.
 *
 * The empty sum (every component gone, as after the last move of a game) is written "0", the
 * zero game: a position that is the single token "0" is the family's component "0" when the
 * family has one (a heap or pile of 0, which is worth 0 too), and the empty sum (*n = 0)
 * otherwise. nb_position_format prints the empty sum as "0". */
nb_status nb_position_parse(const nb_game *g, const char *const *tokens, size_t count,
                            size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err);

/* Formats a sum of components with the family's joiner ("0" for the empty sum); returns the
 * length snprintf would. */
int nb_position_format(const nb_game *g, const nb_pos *comps, size_t n, char *buf, size_t cap);

/* ---------------------------------------------------------------------------------------------
 * Limits of the exhaustive searches
 *
 * Both searches are exact and memoise what they solve; these caps keep a position too large for
 * brute force an error message (NB_EDATA, naming the limit) instead of an exhausted machine.
 * ------------------------------------------------------------------------------------------- */

/* A progress report from a search: it holds `done` entries (unit: "positions", "sums" or "values")
 * of the `limit` it may hold; `finished` once the search call that reported returns. */
typedef void (*nb_progress_fn)(void *ctx, const char *unit, uint64_t done, uint64_t limit,
                               bool finished);

struct nb_limits {
  size_t positions;  /* components the component and value searches may memoise (default 2^22) */
  size_t sums;       /* sums the sum search may memoise (default 2^20) */
  size_t held_moves; /* moves any search may hold on its stack at once (default 2^24) */
  size_t game_store; /* bytes the solver's store of canonical forms may take (default 2^28) */
  size_t game_steps; /* steps of work on canonical forms one value may take (default 2^25) */
  size_t form_text;  /* longest canonical form printed, in bytes (default 2^28; at most memory/4) */
  /* Optional (NULL: none, the default), for a progress display: each search (component, sum,
   * and the value search of partizan games) calls it with progress_ctx every NB_PROGRESS_EVERY
   * entries it memoises, then once with finished set when the search call that reported
   * returns, whether it succeeded or not. It must not call into the solver. */
  nb_progress_fn progress;
  void *progress_ctx; /* passed to progress */
  /* Moves the component and sum searches may examine in one call (default 2^27): their work.
   * The other limits bound memory; a position with few positions and many moves each (*65536
   * in cg: 2^32 moves) needs this one. */
  size_t moves_examined;
  /* Bytes the tables of each search may take (default 2 GiB, 2^31): the memo, the keys, the
   * stack and the moves held of the component search, of the sum search and of the value
   * search, each search counting its own tables, a hash table counted twice while it is
   * rehashed (old and new both exist). A search refuses (NB_EDATA, naming this limit) before an
   * allocation would pass it, in addition to the count limits above: a sum of 200 heaps is a
   * key of 3,200 bytes, so sums alone would let it take 3.3 GB. The solver's game store takes
   * at most the smaller of game_store and this. The families' own engines (the heap sequence
   * engine, psub's period engine, the tower's run tables) are bound by it too, each its own
   * tables, through the game (the bound of its last solver). Last, so the fields above keep
   * their offsets. */
  size_t memory;
};

#define NB_PROGRESS_EVERY 65536 /* entries memoised between two progress reports */

/* The defaults above. */
nb_limits nb_limits_default(void);

/* ---------------------------------------------------------------------------------------------
 * Exhaustive search of components: memoised over any family's move generator.
 *
 * The oracle: written only from the family's moves, it knows no particular game. Grundy values
 * (impartial; a move's option is worth the XOR of its parts' values), who wins with a given
 * player to move and the remoteness: the number of moves the game lasts when the winner hurries
 * and the loser delays (a position with no move has remoteness 0; the player to move wins iff
 * the remoteness is odd). Who wins and the remoteness are properties of one component only when
 * its moves never split it (max_parts 1); otherwise they are questions about sums, for the sum
 * search below.
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_search nb_search;

/* A search over g's moves within the limits (NULL: the defaults); exceeding them is NB_EDATA
 * ("position too large for exhaustive search ..."), never a crash. */
nb_status nb_search_new(const nb_game *g, const nb_limits *limits, nb_search **out, nb_error *err);
void nb_search_free(nb_search *s);

/* Grundy value of one component of an impartial game, from the moves alone. */
nb_status nb_search_grundy(nb_search *s, nb_pos p, uint64_t *out, nb_error *err);

/* Whether the player `who`, moving first in p, wins (impartial families ignore the player), and
 * the remoteness (may be NULL), under the game's play convention (nb_game.play: in misère play
 * a position without moves is won, and the mover wins iff the remoteness is even). For families
 * whose moves never split (else NB_EUSAGE). Grundy values (nb_search_grundy) are normal play's
 * under either convention. */
nb_status nb_search_wins(nb_search *s, nb_pos p, nb_player who, bool *wins, uint64_t *remoteness,
                         nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Exhaustive search of sums: who wins and the remoteness of a sum of components, which are not
 * functions of the components' Grundy values or outcomes. Memoised by the multiset of components
 * (the order of a sum's components does not matter) and the player to move; iterative, so a game
 * however long needs no C stack, and bounded by the limits.
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_sum_search nb_sum_search;

/* A sum search over g's moves within the limits (NULL: the defaults). One-component sums of a
 * family whose moves never split are asked of `components` (borrowed: it must outlive the sum
 * search), or of a component search made and owned inside when it is NULL. */
nb_status nb_sum_search_new(const nb_game *g, const nb_limits *limits, nb_search *components,
                            nb_sum_search **out, nb_error *err);
void nb_sum_search_free(nb_sum_search *s);

/* Whether `who`, moving first in the sum comps[0..n), wins, and the remoteness (may be NULL),
 * under the game's play convention. n = 0 is the empty sum: remoteness 0, lost at once in normal
 * play, won at once in misère play. */
nb_status nb_sum_search_wins(nb_sum_search *s, const nb_pos *comps, size_t n, nb_player who,
                             bool *wins, uint64_t *remoteness, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Outcome search: who wins a sum, and nothing more (core/outcome.c). A boolean search over the
 * family's moves that stops at the first winning move of every position it proves won, with a
 * memo keyed by the sum's components (sorted) and the player to move; iterative, bounded by the
 * limits (sums, moves held, moves examined, memory) like the sum search. Much less work than a
 * canonical form or the remoteness when only the winner is asked (`nimber value --outcome`).
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_outcome_search nb_outcome_search;

/* An outcome search over g's moves within the limits (NULL: the defaults); exceeding them is
 * NB_EDATA ("position too large for the outcome search (more than N sums)"), never a crash. */
nb_status nb_outcome_search_new(const nb_game *g, const nb_limits *limits,
                                nb_outcome_search **out, nb_error *err);
void nb_outcome_search_free(nb_outcome_search *s); /* NULL is allowed */

/* Whether `who`, moving first in the sum comps[0..n), wins, under the game's play convention
 * (impartial families ignore the player). n = 0 is the empty sum. */
nb_status nb_outcome_search_wins(nb_outcome_search *s, const nb_pos *comps, size_t n,
                                 nb_player who, bool *wins, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * The solver: one game's context for valuing positions.
 *
 * It owns every cache used to value positions of its game: the component search, the sum search,
 * the outcome search (each made on first use, within its limits) and the family's own cache
 * (cache_new). Every value, moves and engine call takes it. One solver per thread: it is not
 * thread-safe, and the game it was made for must outlive it. A game whose family interns
 * positions (clobber) is changed by its solvers' searches, so it and all its solvers stay in
 * one thread at a time (above: "Positions of any size"). Making a solver sets its game's store
 * bound to the solver's limits.memory.
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_solver nb_solver;

/* A solver for g within the limits (NULL: nb_limits_default()). Free with nb_solver_free. */
nb_status nb_solver_new(const nb_game *g, const nb_limits *limits, nb_solver **out, nb_error *err);
void nb_solver_free(nb_solver *s); /* NULL is allowed */

/* The game the solver values. */
const nb_game *nb_solver_game(const nb_solver *s);

/* The family's cache, made on first call (*out = NULL for families without one). */
nb_status nb_solver_cache(nb_solver *s, void **out, nb_error *err);

/* The solver's searches, made on first call. */
nb_status nb_solver_search(nb_solver *s, nb_search **out, nb_error *err);
nb_status nb_solver_sum_search(nb_solver *s, nb_sum_search **out, nb_error *err);
nb_status nb_solver_outcome_search(nb_solver *s, nb_outcome_search **out, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Values: one type for every family.
 *
 * The value of a sum is composed here: for impartial games the nimber *g, g the XOR of the
 * components' Grundy values (Sprague-Grundy), each from the family's fast evaluator where it has
 * one, else from the component search; for partizan games the canonical form, the sum of the
 * components' canonical values (each from the family's `canonical` hook where it knows it, else
 * from the value search over its moves), made in the solver's game store. Where that form is
 * refused (the store's cap, a value engine's limit), the value is the outcome class alone, from
 * the family's fast evaluator for one component, else from the sum search, with the reason.
 * ------------------------------------------------------------------------------------------- */

typedef enum nb_value_kind {
  NB_VALUE_NIMBER = 0,    /* impartial: the position equals the nimber *nimber */
  NB_VALUE_OUTCOME = 1,   /* partizan: its outcome class, which is all that is known of it */
  NB_VALUE_CANONICAL = 2, /* partizan: its canonical form, `game` in the solver's store */
  NB_VALUE_GENUS = 3,     /* impartial, misère play: its genus (`genus`; nimber holds g) */
} nb_value_kind;

/* The genus of an impartial component in misère play (Conway, On Numbers and Games ch. 12;
 * Winning Ways ch. 13), g^(g0 g1 g2 ...): g its normal Grundy value, g_n the misère Grundy value
 * of the component plus n nim heaps *2. The sequence ends alternating two values; it is written
 * up to where the alternation starts ("0^120" is 0^(1 2 0 2 0 ...), the empty game's). */
#define NB_GENUS_MAX 12 /* the most terms written; a genus that has not settled is refused */
typedef struct nb_genus {
  uint64_t g;                   /* the normal Grundy value */
  uint64_t term[NB_GENUS_MAX];  /* g0, g1, ... as written: the last two then alternate */
  uint32_t len;                 /* terms written (at least 2) */
  uint32_t computed;            /* terms the search computed: len + 2 (the alternation seen) */
  bool tame;                    /* hereditarily tame: the alternation is proven, not only seen
                                 * (src/core/misere.c) */
} nb_genus;

typedef struct nb_value {
  nb_value_kind kind; /* which of the fields below describe the position */
  nb_outcome outcome; /* every kind: who wins with each player moving first (nimbers: P iff 0) */
  uint64_t nimber;    /* NB_VALUE_NIMBER: the Grundy value */
  nb_cg game;         /* NB_VALUE_CANONICAL: the canonical form ... */
  nb_cg_store *store; /* ... in the solver's store: valid while the solver lives */
  size_t form_text;   /* NB_VALUE_CANONICAL: the longest form printed (the solver's limit) */
  /* NB_VALUE_OUTCOME of a partizan position: why it has no canonical form (the refusal's
   * message), or "" */
  char note[512];
  nb_play play;  /* the play convention the value is of: outcome is the misère outcome */
  nb_genus genus; /* NB_VALUE_GENUS: the genus (of one component, or of a sum of tame ones) */
} nb_value;

/* The value of the sum comps[0..n) (n = 0: the empty sum, worth 0). */
nb_status nb_value_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out, nb_error *err);

/* Who wins the sum comps[0..n) with each player moving first, and nothing more, by the
 * cheapest means the game's theory has: for partizan games in normal play the outcome search
 * (nb_outcome_search: no canonical form is made, and the search stops at each position's first
 * winning move), *out of kind NB_VALUE_OUTCOME with an empty note; for the other theories their
 * value, which carries the outcome (nb_value_of: a Grundy value, a misère outcome class). A sum
 * too large for the search is NB_EDATA naming the limit. */
nb_status nb_value_outcome(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                           nb_error *err);

/* The value of the component of size `size` (the family's sized; NB_EUSAGE without one), as
 * `table` and `period` describe sizes: the Grundy value, or the outcome class for partizan games
 * (their periods are periods of outcomes). */
nb_status nb_value_of_size(nb_solver *s, uint64_t size, nb_value *out, nb_error *err);

/* Runs of sizes: the values of a family's sizes in order, a run of equal values at a time, as
 * `table --runs`, `plot` and `period` show them (src/core/sizes.c). */

/* Whether g's family proves runs of sizes with equal values (nb_sizes_facet.run_end), so that a
 * long run costs a few values; false: its sizes are valued one by one, and a range of them costs
 * one value a size. */
bool nb_game_proves_runs(const nb_game *g);

/* Whether g's components have sizes (nb_sizes_facet.sized): what `table`, `plot` and `period` list.
 */
bool nb_game_has_sizes(const nb_game *g);

/* The component of size n into *out, when n is a size of g that can be valued; else the
 * family's refusal (NB_EUSAGE naming the range, or NB_EDATA naming the limit that no table within
 * it can pass), made before any work: a front end checks the end of a range before valuing its
 * start. NB_EUSAGE when g has no sizes. */
nb_status nb_size_position(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err);

/* The caller's tally of the sizes nb_run_of_size valued, and its bound: start it zeroed, with
 * `most` set. */
typedef struct nb_size_tally {
  uint64_t most;   /* the most sizes to value (0: no bound) */
  uint64_t valued; /* sizes valued so far, each counted once */
  uint64_t last;   /* with valued > 0: the size valued last. The size after a run is valued to end
                      it and starts the next run: valued again then, it is not counted twice */
} nb_size_tally;

/* The run of equal values that starts at size n, within [n, to] (n <= to): *v receives the
 * value of size n (as nb_value_of_size) and *last the largest m <= to such that every size n..m
 * has that value; m < to means that size m + 1 has another one. Where the family proves runs
 * (nb_game_proves_runs) they are taken whole, whatever their length; elsewhere, and past what it
 * proves, the sizes after n are valued one by one. to = n values size n alone. tally (NULL:
 * none) counts the sizes valued; a size that would pass its `most` is refused: NB_EDATA saying
 * how many sizes were valued one by one. On failure *v and *last are unspecified. */
nb_status nb_run_of_size(nb_solver *s, uint64_t n, uint64_t to, nb_size_tally *tally, nb_value *v,
                         uint64_t *last, nb_error *err);

/* Whether the player moving first wins (impartial games: either player). */
bool nb_value_wins(const nb_value *v, nb_player first);

/* Whether two values are the same (table runs). */
bool nb_value_equal(const nb_value *a, const nb_value *b);

/* Writes the value as nimber prints it: "0", "*3" (nimbers), "L", "R", "N", "P" (outcome
 * classes), the canonical form in CGSuite's notation ("^*", "+-1", "{2|{1|0}}"); a form longer
 * than v->form_text bytes is printed as its outcome class, and nb_value_note says why. Returns
 * the length snprintf would, or -1 when out of memory. */
int nb_value_format(const nb_value *v, char *buf, size_t cap);

/* Writes why the value printed is an outcome class where a canonical form was asked for (a form
 * refused when valued, or too long to print: "the canonical form is longer than N bytes"), or ""
 * when it is not; returns the length snprintf would. */
int nb_value_note(const nb_value *v, char *buf, size_t cap);

/* The mean and the temperature of a canonical value (thermography): numbers have their own value
 * as mean and a negative temperature, every other game a temperature >= 0. NB_EUSAGE for other
 * kinds; NB_EDATA when the store refuses the work. */
nb_status nb_value_thermograph(const nb_value *v, nb_dyadic *mean, nb_dyadic *temperature,
                               nb_error *err);

/* How value a compares with value b (both of one solver's game): *relation NB_CG_EQUAL,
 * NB_CG_LESS, NB_CG_GREATER or NB_CG_CONFUSED (nimber_cgt.h's nb_cg_order), and *difference the
 * outcome class of a - b, which decides it (P: =, R: <, L: >, N: ||). Canonical forms compare
 * in the algebra; nimbers *a and *b are equal or confused (*a - *b = *(a XOR b)). NB_EUSAGE for
 * values of different kinds or solvers, or an outcome class alone (the form was refused: its
 * note says why); NB_EDATA when the store refuses the work. */
nb_status nb_value_compare(const nb_value *a, const nb_value *b, int *relation,
                           nb_outcome *difference, nb_error *err);

/* For listing values side by side (`moves --all`), a convention, not an order of games: negative
 * when a comes before b, positive after, 0 when the listing keeps them as made. Nimbers: the least
 * first (*a before *b when a < b); any other pair: 0 (compare canonical forms with
 * nb_value_compare, which orders what the games order). */
int nb_value_list_order(const nb_value *a, const nb_value *b);

/* The game written in CGSuite's notation (nb_cg_parse: expressions too) as a canonical value in
 * the store of `like`, a canonical value (of the game whose solver made it), into *out: a
 * literal game to compare a position with. NB_EUSAGE when like is not canonical or the text is
 * malformed (the message naming the column), NB_EDATA at the store's limits. */
nb_status nb_value_of_notation(const nb_value *like, const char *text, nb_value *out,
                               nb_error *err);

/* Letter of an outcome class: 'P', 'N', 'L' or 'R'. */
char nb_outcome_letter(nb_outcome o);

/* Whether `who` wins moving first in a position of class o. */
bool nb_outcome_wins(nb_outcome o, nb_player who);

/* The remoteness of the sum with `who` to move, from the sum search. */
nb_status nb_remoteness(nb_solver *s, const nb_pos *comps, size_t n, nb_player who, uint64_t *out,
                        nb_error *err);

/* The proven periodicity of the values of the game's sizes, from the family's period hook
 * (NB_EUSAGE when it has none). max as for nb_sizes_facet.period. */
nb_status nb_period_of(nb_solver *s, uint64_t max, nb_period *out, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Value theories: how the values of a game are told.
 *
 * A game's values belong to a theory, chosen when the game is opened, by its kind and its play
 * convention: normal play impartial (Grundy values: a sum is won by the player to move iff its
 * nimber is not 0), normal play partizan (canonical forms and outcome classes, Left and Right),
 * misère impartial (the genus of a component, or of a sum of tame components, NB_VALUE_GENUS;
 * the outcome class P or N of other sums, by the sum search) and misère partizan (outcome
 * classes by the sum search). What a command prints of a
 * value, and in which words it says who wins, is the theory's: the command line asks it and
 * never looks at a value's kind itself.
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_theory nb_theory;

/* The theory of g's values, and the one a family's games have by default. */
const nb_theory *nb_game_theory(const nb_game *g);
const nb_theory *nb_family_theory(const nb_family *f);

/* Its name ("normal impartial", "normal partizan", "misere impartial", "misere partizan") and
 * what its values are, in one line for a
 * list of games ("impartial: Grundy values"). */
const char *nb_theory_name(const nb_theory *t);
const char *nb_theory_summary(const nb_theory *t);

/* 2 where Left and Right are sides with their own moves (an option naming a side applies), 1
 * where only the player to move matters. */
unsigned nb_theory_sides(const nb_theory *t);

/* Whether the values of sizes (nb_value_of_size) are classes, each one letter, which JSON runs
 * together in one string ("outcomes": "PNNL"), rather than values listed one by one ("values":
 * [0, 1, 1, 2]); and the word for them in text ("outcomes", "values"). */
bool nb_theory_size_classes(const nb_theory *t);
const char *nb_theory_size_noun(const nb_theory *t);

/* What nb_value_report writes. */
enum {
  NB_REPORT_JSON = 1u,       /* JSON members (`"key":value` separated by commas), not text */
  NB_REPORT_BRIEF = 2u,      /* leave out the canonical form (a 6x6 Domineering form is 600 KB) */
  NB_REPORT_REMOTENESS = 4u, /* also the remoteness, from the sum search */
  NB_REPORT_OPTIONS = 8u,    /* partizan: also the options of the canonical form, each side */
  NB_REPORT_OUTCOME = 16u,   /* who wins alone, from nb_value_outcome: no form, mean or stops */
};

/* The value of the sum comps[0..n) as `nimber value` prints it, into *out (a new string, which
 * the caller frees): in text, lines such as "*3: the first player wins" or "^*: N, the player
 * to move wins (Left moving first: Left wins; Right moving first: Right wins)"; in JSON, the
 * members "grundy" and "winner" (impartial) or "value", "outcome", "left_first", "right_first",
 * "mean" and "temperature" (partizan; "note" where the form is not given), with the remoteness
 * members when asked. A canonical form is formatted once. In misère play: "0^120: the first
 * player wins (misère play)" and each component's genus; JSON "play" ("misere"), "value",
 * "winner" and "genus" (a list of strings, null where not computed; "note" says why), or
 * "play", "outcome", "left_first" and "right_first" (partizan). */
nb_status nb_value_report(nb_solver *s, const nb_pos *comps, size_t n, unsigned flags, char **out,
                          nb_error *err);

/* Whether `who` moving first wins v, told as `nimber moves` heads its list: in text "VALUE: the
 * first player wins" or "VALUE: Left moving first loses"; in JSON the members "value" (where the
 * form is given), "player", "outcome" and "winner" (partizan) or "grundy" and "winner". Into *out,
 * a new string. g is the game whose solver made v. */
nb_status nb_value_verdict(const nb_game *g, const nb_value *v, nb_player who, unsigned flags,
                           char **out, nb_error *err);

/* The value v (of a game g) as one JSON item: a Grundy value as its integer, any other value as
 * its text in a JSON string ("L", "{1|*}"). Into *out, a new string. */
nb_status nb_value_json(const nb_game *g, const nb_value *v, char **out, nb_error *err);

/* ---------------------------------------------------------------------------------------------
 * Moves of sums
 * ------------------------------------------------------------------------------------------- */

/* A move of a sum: which component moved, the move, and where its parts are in the list. */
typedef struct nb_sum_move {
  size_t component; /* index into the sum's components */
  size_t first;     /* index of the move's first part in the list's part array */
  nb_move move;     /* the component's move */
} nb_sum_move;

/* A list of moves of a sum, owned by the caller: free it with nb_move_list_free. */
typedef struct nb_move_list {
  nb_sum_move *move; /* move[0..count), in component order */
  size_t count;      /* number of moves */
  nb_pos *part;      /* the parts of every move, part[0..nparts) */
  size_t nparts;     /* number of parts */
} nb_move_list;

/* Frees the list's arrays and empties it. NULL and empty lists are allowed. */
void nb_move_list_free(nb_move_list *l);

/* Every legal move of the sum for `who`, in component order, into *out (a new list). A sum whose
 * components may have more moves in all than the solver's limits.held_moves (a heap of 10^12 in
 * nim) is NB_EDATA, refused before anything is allocated; nb_winning_moves likewise. */
nb_status nb_sum_moves(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                       nb_move_list *out, nb_error *err);

/* The winning moves of `who` moving first in the sum: the moves after which the opponent,
 * moving first, loses. Impartial: a move of component i to parts P wins iff G ^ g(i) ^ XOR g(P)
 * == 0, G the value of the sum; partizan, with canonical values: Left's move to a sum of value
 * H wins iff H >= 0 (Right, moving first there, loses), Right's iff H <= 0; where canonical forms
 * are refused, the outcome of the sum after the move. Into *out (a new list; a lost position
 * gives none). */
nb_status nb_winning_moves(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                           nb_move_list *out, nb_error *err);

/* One winning move of `who` moving first in the sum, into *out (a new list of one move; none
 * where `who` loses): for one component of a partizan family with the hook `winning_move`, in
 * normal play, the move its search finds first (without judging every move: Amazons boards
 * whose other winning moves would each take a proof as long); otherwise the first of
 * nb_winning_moves' list. */
nb_status nb_winning_move(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                          nb_move_list *out, nb_error *err);

/* The sum after move i of list l: comps with the moved component replaced, in its place, by
 * the move's parts. out has room for n - 1 + l->move[i].move.parts components (it may not be
 * comps); returns their number. */
size_t nb_sum_after(const nb_pos *comps, size_t n, const nb_move_list *l, size_t i, nb_pos *out);

/* The sum after `who`'s move i of l as the user sees it: where the moved component's family
 * has an in_place hook, that component kept whole, its cells in place, in its position of the
 * sum (a board stays the board the user typed, with the move made); else comps with the
 * component replaced by the move's parts, as nb_sum_after. out has room for n - 1 +
 * max(1, l->move[i].move.parts) components (it may not be comps); *count receives their number.
 * A front end that keeps its position so (`nimber play`) numbers every move on the boards as
 * typed; the values are the same, since the hook's board and the move's parts are one game. */
nb_status nb_sum_after_in_place(const nb_game *g, const nb_pos *comps, size_t n,
                                const nb_move_list *l, size_t i, nb_player who, nb_pos *out,
                                size_t *count, nb_error *err);

/* Writes the notation of move i of l: the family's describe, prefixed by "k:" (1-based
 * component) when the family asks for it and the sum has more than one component. */
int nb_sum_move_describe(const nb_game *g, const nb_pos *comps, size_t n, const nb_move_list *l,
                         size_t i, char *buf, size_t cap);

/* ---------------------------------------------------------------------------------------------
 * Misère quotients of heap games (Plambeck and Siegel, "Misère quotients for impartial games",
 * JCTA 115, 2008): the commutative monoid of the sums of heaps of 1..N tokens modulo misère
 * indistinguishability, computed and proved (src/heap/heapquot.c: each candidate, built from
 * the quotient of the heaps below, passes an exhaustive check of the misère rule). Elements are
 * numbered 0..order-1, 0 the identity (the empty sum). A sum of heaps each at most N is a
 * second-player win in misère play exactly when its element is in the P-portion.
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_quotient nb_misere_quotient; /* opaque; free with nb_misere_quotient_free */

enum { NB_MISERE_QUOTIENT_MAX_HEAPS = 200 }; /* the largest heap bound N accepted */

/* The misère quotient of the heaps of at most `heaps` tokens of the heap game g (nim, sub:S,
 * oct:CODE, hex:CODE, grundy; 1 <= heaps <= NB_MISERE_QUOTIENT_MAX_HEAPS), within limits (NULL:
 * the defaults; positions, sums, moves_examined and memory bound the computation). NB_EUSAGE
 * when g is no heap game or heaps is out of range; NB_EDATA past a limit, naming it, the heap
 * reached and the order of the quotient before it. *out is the caller's. */
nb_status nb_misere_quotient_new(const nb_game *g, uint32_t heaps, const nb_limits *limits,
                                 nb_misere_quotient **out, nb_error *err);
void nb_misere_quotient_free(nb_misere_quotient *q);

uint32_t nb_misere_quotient_heaps(const nb_misere_quotient *q); /* N */
uint32_t nb_misere_quotient_order(const nb_misere_quotient *q); /* |Q| */
/* Whether the sums whose element is e are misère P-positions (e < order). */
bool nb_misere_quotient_is_p(const nb_misere_quotient *q, uint32_t e);
/* The pretending function: the element of a heap of n tokens (n <= N). */
uint32_t nb_misere_quotient_pretend(const nb_misere_quotient *q, uint32_t n);
/* The product of elements e and f. */
uint32_t nb_misere_quotient_times(const nb_misere_quotient *q, uint32_t e, uint32_t f);
/* The element of a sum of heaps (each at most N, or of any size when the quotient is stable;
 * 0: no heap); UINT32_MAX when a heap is larger and the quotient is not stable. */
uint32_t nb_misere_quotient_element(const nb_misere_quotient *q, const uint64_t *heaps,
                                    size_t n);
/* Whether the quotient is proven to be that of every heap size (theorem M, src/heap/heapquot.c:
 * the pretending function periodic over the window of the code's periodicity theorem); then
 * *preperiod and *period (either may be NULL) say from which heap and with which period the
 * pretending function repeats forever. Since 0.10. */
bool nb_misere_quotient_stable(const nb_misere_quotient *q, uint32_t *preperiod,
                               uint32_t *period);

/* The presentation. Generators 0..gens-1 are heaps whose element is no product of smaller
 * heaps' (named a, b, c, ... in order); a word is a vector of gens exponents. Each element's
 * normal form is its least word (fewest generators, then reverse lexicographic); the relations
 * lhs = normal form of rhs rewrite every word to its normal form. */
uint32_t nb_misere_quotient_generators(const nb_misere_quotient *q);
uint32_t nb_misere_quotient_generator_heap(const nb_misere_quotient *q, uint32_t j);
const uint32_t *nb_misere_quotient_normal_form(const nb_misere_quotient *q, uint32_t e);
uint32_t nb_misere_quotient_relations(const nb_misere_quotient *q);
/* Relation k: *lhs its left word (gens exponents, owned by q), its right side the element *rhs. */
void nb_misere_quotient_relation(const nb_misere_quotient *q, uint32_t k, const uint32_t **lhs,
                                 uint32_t *rhs);
/* Writes a word as text ("a^2 b", "1" for the identity) into buf; returns the length snprintf
 * would. */
int nb_misere_quotient_word(const nb_misere_quotient *q, const uint32_t *exps, char *buf,
                            size_t cap);

/* ---------------------------------------------------------------------------------------------
 * Engine: perfect play.
 * ------------------------------------------------------------------------------------------- */

/* Chooses `who`'s move in the sum: a winning move when there is one (drawn among all winning
 * moves with the splitmix64 state *rng); otherwise the move after which the opponent's win takes
 * longest (remoteness, from the solver's sum search), or, where that search refuses the sum as
 * too large, the move leaving the opponent the most moves. *moves receives a list (free it with
 * nb_move_list_free, found or not) and *chosen the index of the move in it; *found is false when
 * `who` has no move. */
nb_status nb_engine_choose(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                           uint64_t *rng, nb_move_list *moves, size_t *chosen, bool *found,
                           nb_error *err);

#ifdef __cplusplus
}
#endif

#endif /* NIMBER_H */
