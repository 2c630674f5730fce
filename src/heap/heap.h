/*
 * heap.h: heap games (nim, subtraction games sub:S, octal codes oct:, hexadecimal codes hex:,
 * Grundy's game) as data, their plain option generator, and the sequence engine that computes
 * G(0), G(1), ... fast and proves where the sequence is periodic.
 *
 * The heap layer (src/heap/), below the games layer: the families made of these rules live in
 * src/games/heaps.c (heaps.h), and this layer knows no family table. Internal to the library
 * (the heap families and the tests use it; nimber.h does not show it).
 *
 * Rules (the digit rules). A position is one heap of n >= 0 tokens; a move acts on one
 * heap and leaves 0, 1, 2 or 3 heaps (a heap of 0 is no heap: worth 0).
 *   - nim: remove any positive number of tokens.
 *   - sub:S: remove s tokens, s in S (a set of distinct positive integers), s <= n.
 *   - oct:d0.d1d2...dk, digits 0-7. For j >= 1, digit dj allows: bit 1, removing j tokens when
 *     that empties the heap (n = j); bit 2, removing j leaving one non-empty heap (n > j); bit 4,
 *     removing j and splitting the rest into two non-empty heaps (n - j >= 2, split any way).
 *     d0 is 0 or 4 (4: split a heap into two non-empty heaps without removing anything).
 *   - hex:d0.d1...dk, digits 0-F: the same, plus bit 8, removing j and splitting the rest into
 *     three non-empty heaps. d0 is 0, 4, 8 or C.
 *   - grundy: Grundy's game: split one heap into two non-empty heaps of different sizes.
 * Codes: trailing zero digits are accepted and dropped (oct:0.160 is oct:0.16), since they
 * allow nothing; a code keeps at least one digit after the point (oct:4.0). The code's length
 * k is its last non-zero digit's position (0 for a code of zeros). Aliases (kayles = oct:0.77,
 * dawson = oct:0.137) belong to the families (src/games/heaps.c).
 */
#ifndef NB_HEAP_HEAP_H
#define NB_HEAP_HEAP_H

#include "internal.h"

#include <stdatomic.h>

/* The kinds of heap game. */
typedef enum nb_heap_kind {
  NB_HEAP_NIM,    /* nim */
  NB_HEAP_SUB,    /* sub:S */
  NB_HEAP_OCT,    /* oct:CODE */
  NB_HEAP_HEX,    /* hex:CODE */
  NB_HEAP_GRUNDY, /* grundy */
} nb_heap_kind;

enum {
  NB_HEAP_MAX_DIGITS = 1024,     /* most digits after the point in a code */
  NB_HEAP_MAX_AMOUNT = 1u << 22, /* largest amount in a subtraction set (4194304) */
  NB_HEAP_DIGIT_EMPTY = 1,       /* digit bit: remove j, emptying the heap */
  NB_HEAP_DIGIT_LEAVE_ONE = 2,   /* digit bit: remove j, leaving one non-empty heap */
  NB_HEAP_DIGIT_LEAVE_TWO = 4,   /* digit bit: remove j, leaving two non-empty heaps */
  NB_HEAP_DIGIT_LEAVE_THREE = 8, /* digit bit (hex only): remove j, leaving three */
};

/* The rules of one heap game, as data. */
typedef struct nb_heap_rules {
  nb_heap_kind kind; /* which game family */
  uint8_t *digit;    /* oct/hex: digit[0..k], each a set of NB_HEAP_DIGIT_* bits; else NULL */
  uint64_t *amount;  /* sub: the set S, increasing; else NULL */
  size_t count;      /* sub: |S| */
  uint32_t k;        /* oct/hex: the code's length (last non-zero digit); sub: max S; else 0 */
} nb_heap_rules;

/* Parses the text after the family name: params is what follows ':' in "oct:0.137" (NULL when
 * the spec has no ':'). nim and grundy take no parameters. Faults are NB_EUSAGE, naming what is
 * wrong ("'8' (character 3 of '0.8') is not an octal digit 0-7"). On success *out is the caller's,
 * freed with nb_heap_rules_free. */
nb_status nb_heap_rules_parse(nb_heap_kind kind, const char *params, nb_heap_rules **out,
                              nb_error *err);

/* Frees rules from nb_heap_rules_parse. NULL is allowed. */
void nb_heap_rules_free(nb_heap_rules *r);

/* Writes the canonical spec ("oct:0.137", "sub:1,3,4", "hex:0.F", "grundy", "nim") into buf;
 * returns the length snprintf would. */
int nb_heap_rules_spec(const nb_heap_rules *r, char *buf, size_t cap);

/* One option of a heap: the heaps a move leaves. */
typedef struct nb_heap_option {
  uint64_t removed; /* tokens removed (0 for a split that removes nothing) */
  uint64_t heap[3]; /* the heaps left, non-empty and non-decreasing; heap[parts..] are 0 */
  unsigned parts;   /* how many heaps are left: 0 to 3 */
} nb_heap_option;

/* The number of options of a heap of n tokens (one per legal move: a move is a number removed
 * and a way to leave the rest), saturating at UINT64_MAX. Closed forms, checked against
 * nb_heap_options by the tests. */
uint64_t nb_heap_option_count(const nb_heap_rules *r, uint64_t n);

/* The definition of the game: writes every option of a heap of n tokens into out (room for
 * nb_heap_option_count(r, n) entries), ordered by the number removed, then by the number of
 * heaps left, then by the heaps (lexicographically), and returns how many. Written plainly from
 * the rules above; the sequence engine is tested against a mex over these options. */
size_t nb_heap_options(const nb_heap_rules *r, uint64_t n, nb_heap_option *out);

/* A visitor of options: called with each option in turn (o is valid during the call only). */
typedef void (*nb_heap_option_fn)(void *ctx, const nb_heap_option *o);

/* The same options, in the same order, handed one at a time to visit(ctx, o) instead of stored
 * (for callers that must not allocate: the heap families' move generators); returns how many.
 * nb_heap_options is this with a visitor that stores them. */
size_t nb_heap_options_each(const nb_heap_rules *r, uint64_t n, nb_heap_option_fn visit, void *ctx);

/* ---------------------------------------------------------------------------------------------
 * The sequence engine (heapseq.c): G(0), G(1), ... as a growing table in a context object.
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_heapseq nb_heapseq;

#define NB_HEAPSEQ_DEFAULT_CAP ((uint64_t)1 << 31)   /* bytes a table may take by default (2 GiB) */
#define NB_HEAPSEQ_MAX_HEAPS ((uint64_t)UINT32_MAX)  /* most values a table holds (2^32 - 1) */
#define NB_HEAPSEQ_TRIPLE_MAX_HEAPS ((uint64_t)4096) /* the same, codes with three-heap splits */

/* The dense scan's kernels (heapstep.c), each chosen only where the processor has it. */
typedef enum nb_heapseq_kernel {
  NB_HEAPSEQ_KERNEL_BEST = 0, /* the fastest of the ones below */
  NB_HEAPSEQ_KERNEL_SCALAR,   /* portable C */
  NB_HEAPSEQ_KERNEL_AVX2,     /* 32 splits a register (1-byte tables, 2-byte ones below 512) */
  NB_HEAPSEQ_KERNEL_AVX512,   /* 64 splits a register (1-byte tables; AVX-512 BW and VBMI), the
                                 dense scan of 2-byte tables with targets below 8,192 and their
                                 window scans (windows of 1,024 values), 32 a register */
  NB_HEAPSEQ_KERNEL_AVX512_VBMI2, /* and the wide window scans list the targets they meet
                                     branch-free (AVX-512 VBMI2, heapwindow.c) */
} nb_heapseq_kernel;

/* How an engine behaves. */
typedef struct nb_heapseq_config {
  uint64_t cap_bytes; /* the engine's memory limit (table, rare lists, pair sets); 0: default */
  bool no_period;     /* true: never look for a period while computing (raw speed, benchmarks);
                         false: look at checkpoints and stop computing once one is proven */
  nb_heapseq_kernel kernel; /* the fastest dense-scan kernel allowed (tests run them against
                               each other); NB_HEAPSEQ_KERNEL_BEST: the fastest the processor has */
  unsigned value_bytes;     /* 0: automatic (1 byte per value, wider when values need it); 2 or 4:
                               start that wide (tests of the wider kernels) */
  unsigned threads;         /* 0: automatic (a second thread collects the rare splits of the
                               heaps ahead when the process may use two processors and the rare
                               lists are long: Grundy's game); 1: one thread; 2: the second
                               thread whenever the method allows it (1-byte tables, two-heap
                               splits) */
  _Atomic unsigned *spare;  /* NULL: as threads says; else, with threads 0, a second thread runs
                               only while it holds one of *spare's units, taken (decremented)
                               when it starts and given back when it stops: processors a caller
                               running several engines has free (survey --jobs: the workers
                               with no game left), so that the threads never outnumber them */
} nb_heapseq_config;

/* An arithmetic periodicity: G(n + period) = G(n) + saltus, saltus >= 1, OBSERVED for every n with
 * preperiod <= n < checked_to - period, over the window the code's period theorem would need
 * (W(preperiod, period) <= checked_to, see heapperiod.c); then PROVEN for every n >= preperiod
 * when the values computed meet the hypotheses of Theorem A (heaparith.c), else reported as
 * observed, not proven, with the hypothesis that failed. */
typedef struct nb_heap_arith {
  bool observed;      /* the pattern holds over the window; the fields below hold it */
  uint64_t preperiod; /* the least n0 from which it holds up to checked_to - period */
  uint64_t period;    /* the least p >= 1 with such a pattern (and saltus >= 1) */
  uint64_t saltus;    /* s >= 1: G(n + p) - G(n) */
  bool proven;        /* Theorem A proves it for every n >= preperiod */
  const char *theorem; /* when proven: the theorem, in words (static text) */
  const char *refusal; /* when observed and not proven: the hypothesis that failed (static) */
} nb_heap_arith;

/* The periodicity found by nb_heapseq_period. */
typedef struct nb_heap_period {
  bool found;         /* a period is proven; the fields below hold it */
  uint64_t preperiod; /* s: the least n0 with G(n + p) = G(n) for every n >= n0 */
  uint64_t period;    /* p: the least p >= 1 for which some n0 exists */
  uint64_t proof_end; /* the theorem's window: G(n + p) = G(n) was checked for s <= n < proof_end */
  uint64_t checked_to; /* values G(0 .. checked_to - 1) were computed and examined */
  const char *theorem; /* which theorem of heapperiod.c made the window a proof, and its window
                          end W, in words (static text) */
  nb_heap_arith arith; /* when found is false, for codes with splits: an arithmetic periodicity
                          observed among the values examined (arith.observed), and whether
                          Theorem A proves it (arith.proven) */
} nb_heap_period;

/* Makes an engine for r (borrowed: r must outlive the engine). config may be NULL (defaults).
 * Nothing is computed yet. */
nb_status nb_heapseq_new(const nb_heap_rules *r, const nb_heapseq_config *config, nb_heapseq **out,
                         nb_error *err);

/* Frees the engine and its tables. NULL is allowed. */
void nb_heapseq_free(nb_heapseq *q);

/* G(n), for any n < 2^64: from the table, computing it up to n when needed, or from the proven
 * period once the engine has one (it searches at each checkpoint while computing, unless
 * no_period, and stops computing once a period is proven). Limits: a table beyond
 * NB_HEAPSEQ_MAX_HEAPS values (NB_HEAPSEQ_TRIPLE_MAX_HEAPS with three-heap splits) or the engine's
 * cap is never allocated. Where no period can help (no theorem, or no_period) such an n is refused
 * at once; otherwise the engine computes until the limit and then refuses, saying how far it
 * looked. Refusals are NB_EDATA naming the heap, the bytes it would need and the limit; the engine
 * stays usable. */
nb_status nb_heapseq_value(nb_heapseq *q, uint64_t n, uint64_t *out, nb_error *err);

/* Computes G(0 .. n - 1) into the table, even past a proven period (for `table` and benchmarks).
 * Limits as for nb_heapseq_value. */
nb_status nb_heapseq_extend(nb_heapseq *q, uint64_t n, nb_error *err);

/* Proves the least preperiod and period, computing values up to max_n at most (the search runs
 * at checkpoints as the table grows and once more with all max_n values). The answer depends on
 * max_n only: a period is reported iff the first max_n values prove it (W(s, p) <= max_n, see
 * heapperiod.c), whatever the engine computed before. None proven: NB_OK with out->found false
 * and out->checked_to saying how far it looked. Games with no period theorem (nim, grundy) are
 * NB_EUSAGE saying why. Limits as for nb_heapseq_value. */
nb_status nb_heapseq_period(nb_heapseq *q, uint64_t max_n, nb_heap_period *out, nb_error *err);

/* Progress reports while nb_heapseq_period computes values (fn NULL: none, the default):
 * fn(ctx, "values", computed, max_n, false) after each stretch of values computed (from one
 * checkpoint to the next, at most NB_HEAPSEQ_PROGRESS_EVERY values), then fn(..., true) once
 * when the call that reported returns, whatever it returns. */
void nb_heapseq_set_progress(nb_heapseq *q, nb_progress_fn fn, void *ctx);
#define NB_HEAPSEQ_PROGRESS_EVERY ((size_t)1 << 20)

/* Whether the engine has proven a period so far (while computing values, or asked by
 * nb_heapseq_period), without computing anything; *out receives it when it has. */
bool nb_heapseq_known_period(const nb_heapseq *q, nb_heap_period *out);

/* Whether the rules have a period theorem (sub, oct, hex); if not, *why (may be NULL) receives
 * the reason, a sentence without the game's name. */
bool nb_heap_has_period_theorem(const nb_heap_rules *r, const char **why);

/* How many values the table holds (G(0 .. computed - 1)). */
uint64_t nb_heapseq_computed(const nb_heapseq *q);

/* What the engine holds now, for benchmarks and the README's memory figures. */
typedef struct nb_heapseq_stats {
  uint64_t computed;    /* values in the table */
  unsigned value_bytes; /* bytes per value: 1 while values are below 256, then 2, then 4 */
  uint64_t max_value;   /* the largest value computed */
  uint64_t rare[2];     /* heaps in the rare lists, by split parity (0 even, 1 odd removals) */
  uint64_t bytes;       /* memory held by the engine's tables */
  uint64_t scans;       /* heaps whose value needed the dense proof scan */
  uint64_t scan_steps;  /* splits visited by those scans */
  uint64_t marked_runs; /* stretches of heaps computed with the marking thread (heapstep.c) */
} nb_heapseq_stats;

void nb_heapseq_stats_of(const nb_heapseq *q, nb_heapseq_stats *out);

#endif
