/*
 * heaps.c: the heap-game families nim, sub:S, oct:CODE (kayles, dawson), hex:CODE and grundy,
 * wired on the sequence engine.
 *
 * The rules are those of heap.h, as data (nb_heap_rules); this file only makes them families.
 * A component is one heap of n >= 0 tokens (nb_pos.lo = n; a heap of 0 has no move and is
 * worth 0); a position is heaps separated by spaces, and the value of a sum is the XOR of the
 * heaps' values, composed by the core.
 *
 * Moves are the options of nb_heap_options_each, the definition of the games, one move each in
 * its order: a move leaves 0, 1, 2 or 3 heaps (the parts), non-decreasing. A move's tag is its
 * index in that order, which is all the core needs (distinct tags); its notation is computed
 * from the heap and the parts alone:
 *     N-J        remove J from a heap of N, leaving N - J (or nothing when J = N)
 *     N-J=A+B    remove J and split the rest into A and B (A <= B); "=A+B+C" for three heaps
 *     N=A+B      split without removing anything (Grundy's game, codes 4.x)
 * so "7-2" takes two tokens from a 7 and "7-1=2+4" is Kayles' knocking one pin of a row of
 * seven, leaving rows of 2 and 4. Heaps are named by their size, not their place in the sum:
 * equal heaps have the same moves, to the same positions up to order (as div's "5/2").
 *
 * Values come from the sequence engine (heapseq.c), the solver's cache for this game: the
 * family's cache_new makes it and the solver frees it, so a game stays immutable. nim needs no
 * engine: G(n) = n (moves to every smaller heap, and by induction their values are 0..n-1).
 *
 * Periods. The period hook is nb_heapseq_period: the least preperiod s and period p, proven by
 * the theorems of heapperiod.c from the first values only: the values agree across the period
 * on [s, W), W = s + p + k for sub:S (k = max S), s' + p + k for codes without splits,
 * 2s' + 2p + k (Guy and Smith) with two-heap splits, 3s' + 3p + k with three-heap ones
 * (s' = max(s, 1), k the code's length). `--max N` bounds the heaps computed (default
 * DEFAULT_PERIOD_MAX); within it, none proven is NB_EDATA saying how far it looked. nim and
 * grundy have no such theorem: their hook says why (NB_EUSAGE).
 *
 * Limits. The engine holds one byte per value while values are below 256 (then 2, then 4),
 * within the game's memory bound (nb_limits.memory of its solver, --memory: 2 GiB by default)
 * and at most NB_HEAPSEQ_MAX_HEAPS heaps; a heap whose
 * table would pass either is refused before allocating (NB_EDATA naming heap and limit), unless
 * the period proven on the way answers it (sub, oct, hex: any heap up to 2^64-1 once proven).
 * `sized` (table, value of a size) refuses at once the heaps of games without a period theorem
 * that no table can hold even at one byte a value.
 */
#include "games/heaps.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_PERIOD_MAX UINT64_C(100000000) /* heaps `period` computes at most by default */

/* A heap game: its rules, parsed once. */
typedef struct heap_game {
  nb_game base;         /* must come first */
  nb_heap_rules *rules; /* owned; the engine of each solver borrows it */
} heap_game;

static const nb_heap_rules *rules_of(const nb_game *g) {
  return ((const heap_game *)g)->rules;
}

bool nb_heap_family(const nb_family *f) {
  return f == &nb_nim_family || f == &nb_sub_family || f == &nb_oct_family ||
         f == &nb_hex_family || f == &nb_grundy_family;
}

const nb_heap_rules *nb_heap_game_rules(const nb_game *g) {
  return nb_heap_family(g->family) ? rules_of(g) : NULL;
}

/* --- spec ------------------------------------------------------------------------------------ */

static void heap_destroy(nb_game *g) {
  heap_game *h = (heap_game *)g;
  nb_heap_rules_free(h->rules);
  free(h);
}

static nb_status heap_create(nb_heap_kind kind, const char *params, nb_game **out, nb_error *err) {
  heap_game *h = nb_alloc(1, sizeof *h, err);
  if (h == NULL) return NB_EINTERNAL;
  nb_status st = nb_heap_rules_parse(kind, params, &h->rules, err);
  if (st != NB_OK) {
    free(h);
    return st;
  }
  *out = &h->base;
  return NB_OK;
}

static nb_status nim_create(const char *params, nb_game **out, nb_error *err) {
  return heap_create(NB_HEAP_NIM, params, out, err);
}
static nb_status sub_create(const char *params, nb_game **out, nb_error *err) {
  return heap_create(NB_HEAP_SUB, params, out, err);
}
static nb_status oct_create(const char *params, nb_game **out, nb_error *err) {
  return heap_create(NB_HEAP_OCT, params, out, err);
}
static nb_status hex_create(const char *params, nb_game **out, nb_error *err) {
  return heap_create(NB_HEAP_HEX, params, out, err);
}
static nb_status grundy_create(const char *params, nb_game **out, nb_error *err) {
  return heap_create(NB_HEAP_GRUNDY, params, out, err);
}

static int heap_spec(const nb_game *g, char *buf, size_t cap) {
  return nb_heap_rules_spec(rules_of(g), buf, cap);
}

/* --- positions ------------------------------------------------------------------------------- */

static nb_status heap_parse(const nb_game *g, const char *const *tokens, size_t count,
                            size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    uint64_t x;
    char quoted[NB_QUOTE_CAP];
    if (!nb_parse_u64(tokens[i], &x))
      return nb_fail(err, NB_EUSAGE,
                     "argument %zu: expected a heap (an integer from 0 to 2^64-1), found %s",
                     first_arg + i, nb_quote(quoted, tokens[i], strlen(tokens[i])));
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many heaps (at most %zu)", cap);
    out[(*n)++] = (nb_pos){.lo = x, .hi = 0};
  }
  return NB_OK;
}

static int heap_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "%llu", (unsigned long long)p.lo);
}

/* --- moves ----------------------------------------------------------------------------------- */

static size_t heap_move_bound(const nb_game *g, nb_pos p) {
  uint64_t count = nb_heap_option_count(rules_of(g), p.lo);
  return count < SIZE_MAX ? (size_t)count : SIZE_MAX;
}

/* The move generator's visitor: appends the option as a move tagged by its index. */
static void add_option(void *ctx, const nb_heap_option *o) {
  nb_moves *out = ctx;
  nb_pos parts[3];
  for (unsigned i = 0; i < o->parts; i++)
    parts[i] = (nb_pos){.lo = o->heap[i], .hi = 0};
  NB_ASSERT(out->count < UINT32_MAX); /* callers list at most nb_limits.held_moves moves */
  nb_moves_add(out, (uint32_t)out->count, parts, o->parts);
}

/* The definition: the options of the heap (heap.h), in their order. */
static nb_status heap_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                            nb_error *err) {
  (void)err;
  (void)who;
  nb_heap_options_each(rules_of(g), p.lo, add_option, out);
  return NB_OK;
}

/* "N-J", "N-J=A+B", "N-J=A+B+C" or "N=A+B": see the essay above. J is what the parts leave of
 * N, which is what the move removed. */
static int heap_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                         char *buf, size_t cap) {
  (void)g;
  uint64_t left = 0;
  for (uint32_t i = 0; i < m->parts; i++)
    left += parts[i].lo;
  uint64_t removed = from.lo - left;
  int total = removed > 0 ? snprintf(buf, cap, "%llu-%llu", (unsigned long long)from.lo,
                                     (unsigned long long)removed)
                          : snprintf(buf, cap, "%llu", (unsigned long long)from.lo);
  for (uint32_t i = 0; m->parts >= 2 && i < m->parts; i++)
    nb_bounded_printf(buf, cap, &total, "%c%llu", i == 0 ? '=' : '+',
                      (unsigned long long)parts[i].lo);
  return total;
}

/* --- values ---------------------------------------------------------------------------------- */

/* The sequence engine, bounded by the game's memory bound (--memory) as the searches are. */
static nb_status heap_cache_new(const nb_game *g, void **out, nb_error *err) {
  nb_heapseq *q = NULL;
  nb_heapseq_config config = {.cap_bytes = nb_game_memory(g)};
  nb_status st = nb_heapseq_new(rules_of(g), &config, &q, err);
  if (st == NB_OK) *out = q;
  return st;
}

static void heap_cache_free(void *cache) {
  nb_heapseq_free(cache);
}

static nb_status heap_grundy(const nb_game *g, void *cache, nb_pos p, uint64_t *out,
                             nb_error *err) {
  if (rules_of(g)->kind == NB_HEAP_NIM) {
    *out = p.lo;
    return NB_OK;
  }
  return nb_heapseq_value(cache, p.lo, out, err);
}

/* The heap of n tokens. Games without a period theorem (grundy) value a heap from a table of
 * every smaller heap, which takes at least a byte a heap: heaps that no table within the
 * engine's limits can hold are refused here, before `table` prints anything. */
static nb_status heap_sized(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err) {
  const nb_heap_rules *r = rules_of(g);
  uint64_t bytes = nb_game_memory(g);
  uint64_t most = NB_HEAPSEQ_MAX_HEAPS < bytes ? NB_HEAPSEQ_MAX_HEAPS : bytes;
  if (r->kind != NB_HEAP_NIM && !nb_heap_has_period_theorem(r, NULL) && n >= most) {
    char spec[NB_QUOTE_CAP];
    return nb_fail(err, NB_EDATA,
                   "game %s: heap %llu needs a table of every smaller heap, at least %llu bytes "
                   "(one a heap), above the sequence engine's limit of %llu bytes (the memory "
                   "limit; --memory SIZE raises it) and %llu heaps",
                   nb_game_spec_quote(g, spec), (unsigned long long)n,
                   (unsigned long long)n + (n < UINT64_MAX), (unsigned long long)bytes,
                   (unsigned long long)NB_HEAPSEQ_MAX_HEAPS);
  }
  *out = (nb_pos){.lo = n, .hi = 0};
  return NB_OK;
}

/* Runs of equal values, where proven cheaply: once the engine holds a period of 1, every heap
 * from its preperiod on has one value (oct:0.01: 0 from heap 2 on). Otherwise heap by heap.
 * Only the games with a period theorem (sub, oct, hex) have this hook: nim and grundy prove no
 * runs, so their sizes are surely valued one by one (nb_game_proves_runs says so up front). */
static uint64_t heap_run_end(const nb_game *g, void *cache, uint64_t n) {
  nb_heap_period p;
  (void)g;
  if (cache == NULL) return n;
  if (nb_heapseq_known_period(cache, &p) && p.period == 1 && n >= p.preperiod) return UINT64_MAX;
  return n;
}

/* --- periods --------------------------------------------------------------------------------- */

static nb_status heap_period(const nb_game *g, void *cache, uint64_t max, const nb_limits *limits,
                             nb_period *out, nb_error *err) {
  const nb_heap_rules *r = rules_of(g);
  char spec[NB_QUOTE_CAP];
  const char *why = NULL;
  if (!nb_heap_has_period_theorem(r, &why))
    return nb_fail(err, NB_EUSAGE, "game %s has no period theorem: %s", nb_game_spec_quote(g, spec),
                   why);
  uint64_t limit = max ? max : DEFAULT_PERIOD_MAX;
  nb_heap_period hp;
  nb_heapseq_set_progress(cache, limits->progress, limits->progress_ctx);
  nb_status st = nb_heapseq_period(cache, limit, &hp, err);
  nb_heapseq_set_progress(cache, NULL, NULL);
  if (st == NB_EDATA) /* a refusal names a heap: say it comes from --max */
    return nb_error_suffix(err, st, " (looking for a period within --max %llu%s)",
                           (unsigned long long)limit, max ? "" : ", the default");
  if (st != NB_OK) return st;
  if (!hp.found && hp.arith.proven) { /* Theorem A of heaparith.c */
    *out = (nb_period){.kind = NB_PERIOD_ARITHMETIC,
                       .start = hp.arith.preperiod,
                       .step = hp.arith.period,
                       .saltus = hp.arith.saltus,
                       .checked_from = 0,
                       .checked_to = hp.checked_to - 1};
    snprintf(out->theorem, sizeof out->theorem,
             "G(x + p) = G(x) + %llu for x in [%llu, %llu], hence for every x >= %llu by %s "
             "(src/heap/heaparith.c)",
             (unsigned long long)hp.arith.saltus, (unsigned long long)hp.arith.preperiod,
             (unsigned long long)(hp.checked_to - 1 - hp.arith.period),
             (unsigned long long)hp.arith.preperiod, hp.arith.theorem);
    return NB_OK;
  }
  if (!hp.found && hp.arith.observed) /* said as what it is: an observation, no proof */
    return nb_fail(err, NB_EDATA,
                   "game %s: no period proven by heaps 0 to %llu (--max %llu%s); observed, NOT "
                   "proven: G(x + %llu) = G(x) + %llu (arithmetic periodicity, saltus %llu) for "
                   "every x from %llu to %llu, over the window a period would need; Theorem A "
                   "(src/heap/heaparith.c) does not prove it: %s",
                   nb_game_spec_quote(g, spec), (unsigned long long)hp.checked_to - 1,
                   (unsigned long long)limit, max ? "" : ", the default",
                   (unsigned long long)hp.arith.period, (unsigned long long)hp.arith.saltus,
                   (unsigned long long)hp.arith.saltus, (unsigned long long)hp.arith.preperiod,
                   (unsigned long long)(hp.checked_to - 1 - hp.arith.period), hp.arith.refusal);
  if (!hp.found)
    return nb_fail(err, NB_EDATA,
                   "game %s: no period proven by heaps 0 to %llu (--max %llu%s): a period p from "
                   "heap s is proven only once the values up to its theorem's window W(s, p) "
                   "are known",
                   nb_game_spec_quote(g, spec), (unsigned long long)hp.checked_to - 1,
                   (unsigned long long)limit, max ? "" : ", the default");
  /* The values were compared across the period on [s, W): W - 1 = proof_end + p - 1. */
  *out = (nb_period){.kind = NB_PERIOD_ADDITIVE,
                     .start = hp.preperiod,
                     .step = hp.period,
                     .checked_from = hp.preperiod,
                     .checked_to = hp.proof_end + hp.period - 1};
  snprintf(out->theorem, sizeof out->theorem,
           "G(x + p) = G(x) there, hence for every x >= %llu by %s (src/heap/heapperiod.c)",
           (unsigned long long)hp.preperiod, hp.theorem);
  return NB_OK;
}

/* --- the families ---------------------------------------------------------------------------- */

#define HEAP_POSITION_HELP "heaps: integers from 0 to 2^64-1, separated by spaces"

static const nb_cache_facet heap_cache = {.create = heap_cache_new, .destroy = heap_cache_free};
static const nb_impartial_facet heap_values = {.grundy = heap_grundy};

/* Misère Nim (Bouton, 1902; genus: Conway, ONAG ch. 12): a heap of n has misère Grundy value
 * n xor 1 for n <= 1 and n after (by induction: heap 0 has no move, 1; heap 1's one option is
 * heap 0, of value 1, so 0; heap n >= 2 has options 0..n-1, of values 1, 0, 2, ..., n-1, whose
 * mex is n). Every heap is then fickle (0, 1), (1, 0) or firm (n, n), and so are the heaps it
 * moves to: tame. test_misere holds it to the plain misère search on every sum of small heaps. */
static bool nim_misere(const nb_game *g, void *cache, nb_pos p, uint64_t *grundy, uint64_t *misere,
                       bool *tame) {
  (void)g, (void)cache;
  *grundy = p.lo;
  *misere = p.lo <= 1 ? p.lo ^ 1 : p.lo;
  *tame = true;
  return true;
}

static const nb_impartial_facet nim_values = {.grundy = heap_grundy, .misere = nim_misere};

/* The sizes of every heap family, with its own line of period help; runs proven (RUN_END) only
 * by the games with a period theorem (heap_run_end). */
#define HEAP_SIZES(RUN_END, HELP)                                                                  \
  {                                                                                                \
    .sized = heap_sized, .size_min = 0, .size_noun = "heap", .run_end = RUN_END,                   \
    .period = heap_period, .period_help = HELP                                                     \
  }

static const nb_sizes_facet nim_sizes =
    HEAP_SIZES(NULL, "nim       none: its values G(n) = n grow without bound");
static const nb_sizes_facet sub_sizes = HEAP_SIZES(
    heap_run_end, "sub:S     additive; --max N bounds the heaps computed (default 100000000)");
static const nb_sizes_facet oct_sizes = HEAP_SIZES(
    heap_run_end, "oct:CODE  additive; --max N bounds the heaps computed (default 100000000)");
static const nb_sizes_facet hex_sizes = HEAP_SIZES(
    heap_run_end,
    "hex:CODE  additive or arithmetic; --max N bounds the heaps computed (default 100000000)");
static const nb_sizes_facet grundy_sizes =
    HEAP_SIZES(NULL, "grundy    none: no theorem proves a period from finitely many values");

/* Samples (nb_family.samples): each kind of parameter, heaps of 0, sums, moves that split. */
static const nb_sample nim_samples[] = {
    {"nim", "0"}, {"nim", "5"}, {"nim", "3 5 6"}, {"nim", "0 7 2"}, {NULL, NULL}};
static const nb_sample sub_samples[] = {{"sub:1,3,4", "0"},     {"sub:1,3,4", "17"},
                                        {"sub:1,3,4", "9 4 2"}, {"sub:2,5", "1 20"},
                                        {"sub:7", "30"},        {NULL, NULL}};
static const nb_sample oct_samples[] = {
    {"oct:0.77", "0"},  {"oct:0.77", "14"}, {"oct:0.77", "5 6 + 3"},
    {"kayles", "9"},    {"dawson", "12"},   {"oct:0.137", "11"},
    {"oct:4.07", "10"}, {"oct:0.6", "9 4"}, {"oct:0.01", "7"},
    {"oct:0.75", "13"}, {NULL, NULL}};
static const nb_sample hex_samples[] = {{"hex:0.F", "9"},    {"hex:0.8", "9"}, {"hex:0.FF", "6 3"},
                                        {"hex:0.137", "12"}, {"hex:0.F", "0"}, {NULL, NULL}};
static const nb_sample grundy_samples[] = {
    {"grundy", "0"}, {"grundy", "2"}, {"grundy", "13"}, {"grundy", "7 9 4"}, {NULL, NULL}};

/* What every heap family shares: positions, moves, values, cache. */
#define HEAP_FAMILY_COMMON                                                                         \
  .abi = NB_ABI_VERSION, .position_help = HEAP_POSITION_HELP, .partizan = false,                   \
  .sum_needs_index = false, .destroy = heap_destroy, .spec = heap_spec, .parse = heap_parse,       \
  .format = heap_format, .joiner = " ", .move_bound = heap_move_bound, .moves = heap_moves,        \
  .describe = heap_describe

const nb_family nb_nim_family = {
    HEAP_FAMILY_COMMON,
    .impartial_eval = &nim_values,
    .name = "nim",
    .synopsis = "nim  Nim: remove any positive number of tokens from one heap (G(n) = n)",
    .create = nim_create,
    .max_parts = 1,
    .sizes = &nim_sizes,
    .samples = nim_samples,
};

const nb_family nb_sub_family = {
    HEAP_FAMILY_COMMON,
    .impartial_eval = &heap_values,
    .name = "sub",
    .synopsis = "sub:S  subtraction game: remove s tokens from one heap, s in S (distinct "
                "positive integers, as in sub:1,3,4)",
    .create = sub_create,
    .max_parts = 1,
    .cache = &heap_cache,
    .sizes = &sub_sizes,
    .samples = sub_samples,
};

static const nb_alias oct_aliases[] = {{"kayles", "0.77"}, {"dawson", "0.137"}, {NULL, NULL}};

const nb_family nb_oct_family = {
    HEAP_FAMILY_COMMON,
    .impartial_eval = &heap_values,
    .name = "oct",
    .aliases = oct_aliases,
    .synopsis = "oct:CODE  octal game d0.d1d2...dk: digit dj allows removing j tokens (bit 1: "
                "emptying the heap, 2: leaving one heap, 4: leaving two); aliases kayles = "
                "oct:0.77, dawson = oct:0.137",
    .create = oct_create,
    .max_parts = 2,
    .cache = &heap_cache,
    .sizes = &oct_sizes,
    .samples = oct_samples,
};

const nb_family nb_hex_family = {
    HEAP_FAMILY_COMMON,
    .impartial_eval = &heap_values,
    .name = "hex",
    .synopsis = "hex:CODE  hexadecimal game d0.d1d2...dk, digits 0-F: as oct, and bit 8: "
                "removing j tokens leaving three heaps",
    .create = hex_create,
    .max_parts = 3,
    .cache = &heap_cache,
    .sizes = &hex_sizes,
    .samples = hex_samples,
};

const nb_family nb_grundy_family = {
    HEAP_FAMILY_COMMON,
    .impartial_eval = &heap_values,
    .name = "grundy",
    .synopsis = "grundy  Grundy's game: split one heap into two heaps of different sizes",
    .create = grundy_create,
    .max_parts = 2,
    .cache = &heap_cache,
    .sizes = &grundy_sizes,
    .samples = grundy_samples,
};
