/*
 * heapengine.h: the sequence engine's insides, shared by its three files and nothing else.
 *
 *   heapseq.c     the engine object: the table and its memory, the rare/common sets, the
 *                 checkpoints, and the queries of heap.h;
 *   heapstep.c    one heap: G(n) by the sparse method or the pair sets, and the scan kernels;
 *   heapperiod.c  the period theorems and the search for the least period.
 */
#ifndef NB_GAMES_HEAPENGINE_H
#define NB_GAMES_HEAPENGINE_H

#include "games/heap.h"

#include <string.h>

enum {
  HEAPSEQ_FIRST_CHECK = 64,   /* the first checkpoint; each next one is an eighth further on */
  HEAPSEQ_MIN_VALUE_BITS = 6, /* the value-indexed sets cover values below 2^6 at least */
  HEAPSEQ_TARGET_WORDS = 9,   /* the targets' bitset has at least these words (see heapstep.c) */
};

/* Which theorem proves periods (heapperiod.c). */
typedef enum heapseq_theorem {
  HEAPSEQ_NO_THEOREM, /* nim, grundy */
  HEAPSEQ_T_SUB,      /* T1, subtraction games: W = s + p + k */
  HEAPSEQ_T_TAKE,     /* T2, codes without splits: W = s' + p + k */
  HEAPSEQ_T_PAIRS,    /* T3, codes with two-heap splits: W = 2s' + 2p + k */
  HEAPSEQ_T_TRIPLES,  /* T4, codes with three-heap splits: W = 3s' + 3p + k */
} heapseq_theorem;

/* A rare heap and its value, as the sparse method reads them. */
typedef struct rare_heap {
  uint32_t heap;  /* x >= 1 */
  uint32_t value; /* G(x) */
} rare_heap;

/* The splits (a, m - a) of one removal still to be walked by a dense scan (heapstep.c). */
typedef struct lane {
  size_t m;  /* tokens left after the removal */
  size_t lo; /* the splits with lo <= a <= hi remain */
  size_t hi;
} lane;

/* The two-heap splits whose removal j has one parity d, and their rare/common sets. */
typedef struct split_group {
  uint32_t *digit;       /* the removals j of parity d that allow a two-heap split, increasing */
  size_t count;          /* how many */
  bool plain;            /* no rare list: all the group's splits are visited (too many rare) */
  uint64_t *common;      /* C_d: bit x set iff extended value x is common */
  uint64_t *rare_set;    /* bit x set iff extended value x was met and filed as rare */
  uint64_t *reach;       /* R_d: C_d ^ C_d ^ d, and d, over extended values */
  uint64_t *reach_by[2]; /* reach_by[p]: bit v set iff 2v + p is in R_d */
  uint32_t *members;     /* the elements of C_d, in the order they joined */
  size_t members_len;    /* |C_d| */
  rare_heap *rare;       /* the rare heaps, increasing (none when plain) */
  size_t rare_len;       /* entries in use */
  size_t rare_cap;       /* entries allocated */
} split_group;

struct nb_heapseq {
  const nb_heap_rules *rules; /* borrowed */
  uint64_t cap_bytes;         /* the memory limit */
  bool no_period;             /* never search for a period unless asked */
  heapseq_theorem thm;        /* how periods are proven */
  bool unequal;               /* Grundy's game: no equal split */
  uint32_t k;                 /* the code's length (sub: max S) */

  void *table;         /* G(0 .. len - 1), `width` bytes each */
  unsigned width;      /* 1, 2 or 4 */
  size_t len;          /* values computed */
  size_t alloc;        /* values the table has room for */
  uint32_t max_value;  /* the largest value so far */
  unsigned value_bits; /* every value and option value is below 2^value_bits */

  uint64_t *empties;    /* bit j: removing j may empty a heap of j (j <= k) */
  uint32_t *take;       /* removals that may leave one non-empty heap, increasing */
  size_t ntake;         /* how many */
  split_group group[2]; /* two-heap splits by the parity of the removal */
  lane *lanes;          /* dense scan: one lane per two-heap removal */
  size_t lane_from[3];  /* group d's lanes are lanes[lane_from[d] .. lane_from[d + 1]) */
  uint32_t *triple;     /* removals that may leave three non-empty heaps, increasing */
  size_t ntriple;       /* how many; > 0 selects the pair-set method */
  uint64_t *pairs;      /* pair-set method: P(m) at pairs + m * pair_words, m < alloc */
  uint64_t *gather;     /* pair-set method: per value t, the union of P(m - a) over G(a) = t */

  uint64_t *seen;     /* pair-set method: the mex bitset; sparse method: the dense scan's
                         targets; words_for(value_bits) + HEAPSEQ_TARGET_WORDS words */
  uint8_t *mark;      /* sparse method: mark[x] == stamp iff value x was collected for the
                         heap being computed; 64 * words_for(value_bits) entries */
  uint8_t stamp;      /* the current heap's stamp, 1 to 255 in turn */
  bool scanned;       /* the last heap computed needed a dense scan */
  bool avx2;          /* the dense scan uses the AVX2 kernels */
  bool avx512;        /* and, for 1-byte tables, the AVX-512 one instead */
  uint8_t nib[4][16]; /* AVX2 kernels: bit r & 7 of nib[x >> 7][x & 15] set iff x is a target,
                         r = x >> 4 (values below 512; 1-byte tables use nib[0] and nib[1]) */
  uint64_t *freq;     /* occurrences of each extended value among heaps >= 1 */

  size_t next_check;          /* the next checkpoint (period search, new rare/common sets) */
  bool periodic;              /* found holds a proven period */
  nb_heap_period found;       /* the proven period, when periodic */
  uint64_t scans, scan_steps; /* statistics: dense scans, and the splits they visited */
  nb_progress_fn progress;    /* nb_heapseq_period's progress reports, or NULL */
  void *progress_ctx;         /* passed to progress */
  uint64_t progress_of;       /* the bound reported (max_n); 0: no call is reporting */
  bool reported;              /* progress was called during the current call */
};

#if defined(__GNUC__)
#define HEAPSEQ_HOT static inline __attribute__((always_inline))
#define HEAPSEQ_NOINLINE static __attribute__((noinline))
#else
#define HEAPSEQ_HOT static inline
#define HEAPSEQ_NOINLINE static
#endif

HEAPSEQ_HOT void bit_set(uint64_t *b, size_t i) {
  b[i >> 6] |= UINT64_C(1) << (i & 63);
}

HEAPSEQ_HOT bool bit_get(const uint64_t *b, size_t i) {
  return b[i >> 6] >> (i & 63) & 1;
}

/* The index of the lowest set bit of x != 0. */
static inline unsigned lowest_bit(uint64_t x) {
#if defined(__GNUC__)
  return (unsigned)__builtin_ctzll(x);
#else
  unsigned i = 0;
  while (!(x >> i & 1))
    i++;
  return i;
#endif
}

/* Cell i of a table of w-byte values (i may be negative relative to a pointer into it). */
HEAPSEQ_HOT uint32_t cell(const void *table, unsigned w, ptrdiff_t i) {
  if (w == 1) return ((const uint8_t *)table)[i];
  if (w == 2) return ((const uint16_t *)table)[i];
  return ((const uint32_t *)table)[i];
}

HEAPSEQ_HOT void set_cell(void *table, unsigned w, size_t i, uint32_t v) {
  if (w == 1)
    ((uint8_t *)table)[i] = (uint8_t)v;
  else if (w == 2)
    ((uint16_t *)table)[i] = (uint16_t)v;
  else
    ((uint32_t *)table)[i] = v;
}

/* Words of a bitset over values below 2^bits, with one spare word (room for the mex). */
static inline size_t words_for(unsigned bits) {
  return ((size_t)1 << bits) / 64 + 1;
}

/* heapseq.c: records v = G(len) (the table has room), widening the table and the value-indexed
 * sets as v requires, and files the heap as rare or common. On failure nothing is recorded and
 * the engine is as it was. */
nb_status heapseq_record(nb_heapseq *q, uint32_t v, nb_error *err);

/* heapstep.c: computes G(len .. stop - 1) (the table has room for them). */
nb_status heapseq_run(nb_heapseq *q, size_t stop, nb_error *err);

/* heapstep.c: whether the processor runs the AVX2 scan kernel. */
bool heapseq_has_avx2(void);
bool heapseq_has_avx512(void);

/* heapperiod.c: the theorem that proves the rules' periods. */
heapseq_theorem heapseq_theorem_of(const nb_heapseq *q);

/* heapperiod.c: searches G(0 .. L - 1) (computed) for the least period; when one is proven,
 * fills q->found, sets q->periodic and returns true. */
bool heapseq_search_period(nb_heapseq *q, size_t L);

#endif
