/*
 * heapengine.h: the sequence engine's insides, shared by its files and nothing else.
 *
 *   heapseq.c     the driver: the engine object, how far to compute, the checkpoints, and the
 *                 queries of heap.h;
 *   heapstep.c    one heap: G(n) by the sparse method or the pair sets, and the scan kernels;
 *   heapmark.c    the marking thread: the rare splits of the heaps ahead, beside heapstep.c;
 *   heapwindow.c  the window scan: the splits of plain groups tested against a window of targets;
 *   heaptable.c   the table and its memory, the rare/common sets: where values are recorded;
 *   heapperiod.c  the period theorems and the search for the least period.
 *
 * Calls point one way, from each file to those after it on its line (none calls back):
 *
 *   heapseq.c   -> heapstep.c, heapmark.c, heaptable.c, heapperiod.c
 *   heapstep.c  -> heapmark.c, heapwindow.c, heaptable.c
 *   heapmark.c, heapwindow.c, heaptable.c, heapperiod.c -> no other engine file
 */
#ifndef NB_HEAP_HEAPENGINE_H
#define NB_HEAP_HEAPENGINE_H

#include "heap/heap.h"

#include <string.h>

enum {
  HEAPSEQ_FIRST_CHECK = 64,   /* the first checkpoint; each next one is an eighth further on */
  HEAPSEQ_MIN_VALUE_BITS = 6, /* the value-indexed sets cover values below 2^6 at least */
  HEAPSEQ_TARGET_WORDS = 9,   /* the targets' bitset has at least these words (see heapstep.c) */
  HEAPSEQ_LAG = 256,        /* the marking thread's share reads values this far back (heapmark.c) */
  HEAPSEQ_WINDOW = 512,     /* values a window scan tests splits against (heapwindow.c) */
  HEAPSEQ_WIDE = 8192,      /* the most the AVX-512 kernel for 2-byte tables tests against at once
                               (heapwindow.c, scan_avx512_wide) */
  HEAPSEQ_UNMET_RING = 8,   /* lanes whose unmet values are kept (heapstep.c, plain_unmet) */
  HEAPSEQ_PLAIN_PRE = 4096, /* the least splits from each end of a plain lane marked before the
                               window scans (heapstep.c, plain_pre_of: more in long lanes);
                               0.764 to 80,000 heaps: 1.44 s of CPU with 4096, 1.80 with 1024,
                               1.68 with 8192, measured when they were marked at every heap,
                               before F(m) kept them per lane and before plain_pre_of */
  HEAPSEQ_WIDER_BITS = 14,  /* heaps with two plain lanes or more take windows of twice the
                               values from values of 14 bits on (heapstep.c, wide_span) */
  HEAPSEQ_UNMET_TOP = 1 << 16, /* the unmet sets cover values below this at most: every value of
                                  a 2-byte table (heapwindow.c, heapseq_lane_unmet) */
};

typedef struct heapseq_marker heapseq_marker; /* the marking thread (heapmark.c) */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HEAPSEQ_LITTLE_ENDIAN 1 /* byte i of a word read from memory is its bits 8i .. 8i + 7 */
#else
#define HEAPSEQ_LITTLE_ENDIAN 0
#endif

/* The targets of a window scan (heapwindow.c): the values of [base, base + size) that no split
 * visited so far is worth. size is HEAPSEQ_WINDOW, or for the wide AVX-512 kernel a power of
 * two from 1024 to HEAPSEQ_WIDE. */
typedef struct heap_window {
  uint32_t base;                         /* the window's least value (0 for 1-byte tables) */
  uint32_t size;                         /* the values it spans (no target at or past end) */
  uint64_t want[HEAPSEQ_WIDE / 64];      /* bit y: value base + y is a target */
  size_t left;                           /* how many targets are left */
  uint8_t nib[HEAPSEQ_WINDOW / 128][16]; /* the AVX2 kernels' view of want: bit y >> 4 & 7 of
                                           nib[y >> 7][y & 15] is bit y of want (windows of
                                           HEAPSEQ_WINDOW; all zero in wide ones, which no AVX2
                                           kernel scans) */
} heap_window;

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
  uint64_t walked;       /* splits of its lanes that dense scans walked since the last checkpoint */
  size_t walked_from;    /* the table's length at that checkpoint (0: none yet) */
  size_t plain_until;    /* kept plain until the table holds this many values, because its dense
                            scans walked half its splits or more (heaptable.c); 0: no such */
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
  size_t plain_end;     /* the plain groups' lanes (window scans) are lanes[lane_from[2] ..
                           plain_end) */
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
  bool vbmi2;         /* and the wide window scans list targets met with VBMI2 (heapwindow.c) */
  uint8_t nib[4][16]; /* AVX2 kernels: bit r & 7 of nib[x >> 7][x & 15] set iff x is a target,
                         r = x >> 4 (values below 512; 1-byte tables use nib[0] and nib[1]) */
  uint64_t *freq;     /* occurrences of each extended value among heaps >= 1 */

  size_t next_check;          /* the next checkpoint (period search, new rare/common sets) */
  size_t period_check;        /* the next regular one (an eighth more heaps): periods are
                                 searched at these only */
  bool sparse_trial;          /* a plain group went sparse at the last checkpoint: the next one
                                 comes after 1/64 more heaps, to judge it (heaptable.c) */
  bool periodic;              /* found holds a proven period */
  nb_heap_period found;       /* the proven period, when periodic */
  uint64_t scans, scan_steps; /* statistics: dense scans, and the splits they visited */
  uint64_t marked_runs;       /* statistics: stretches run with the marking thread */
  unsigned threads;           /* nb_heapseq_config.threads: 0 automatic, 1 one, 2 two */
  unsigned cpus;              /* processors online, read once */
  _Atomic unsigned *spare;    /* nb_heapseq_config.spare: NULL, or the units a second thread
                                 must take one of (heapseq_marker_take) */
  heapseq_marker *marker;     /* the marking thread while one runs (heapstep.c), else NULL */
  size_t mark_floor[2];       /* while it runs: its share of group d starts at rare heap
                                 mark_floor[d] (far_share) */
  unsigned mark_split;        /* the share starts this many 64ths into each rare list: set to
                                 balance the threads' work, stretch after stretch (heapmark.c) */
  bool mark_two;              /* automatic: the mode in use (two threads, or one) */
  double mark_last;           /* automatic: seconds a heap took in the last stretch of that
                                 mode, if it was long enough to tell; else 0 */
  unsigned mark_round;        /* automatic: stretches chosen so far */
  uint64_t unmet[HEAPSEQ_UNMET_RING][HEAPSEQ_UNMET_TOP / 64]; /* U(m) below unmet_end[i] for the
                                 lane m = unmet_m[i], i = m % HEAPSEQ_UNMET_RING (heapstep.c) */
  size_t unmet_m[HEAPSEQ_UNMET_RING];     /* the lane each entry is for (0: none: m >= 2) */
  uint32_t unmet_end[HEAPSEQ_UNMET_RING]; /* the values it covers, [0, unmet_end[i]) */
  uint64_t ends[HEAPSEQ_UNMET_RING][HEAPSEQ_UNMET_TOP / 64]; /* F(m), the values below
                                 ends_end[i] that the first and last ends_pre[i] splits of lane m =
                                 ends_m[i] are not worth, i = m % HEAPSEQ_UNMET_RING (heapstep.c) */
  size_t ends_m[HEAPSEQ_UNMET_RING];     /* the lane each entry is for (0: none: m >= 2) */
  uint32_t ends_end[HEAPSEQ_UNMET_RING]; /* 2^value_bits when it was computed */
  size_t ends_pre[HEAPSEQ_UNMET_RING];   /* the splits from each end it covers (plain_pre_of) */
  size_t plain_pre;        /* splits from each end of a plain lane marked before the window scans,
                              at least: HEAPSEQ_PLAIN_PRE (the tests set less, to run the scans) */
  bool ends_off;           /* the tests: mark the first splits at every heap, no F(m) kept */
  uint32_t window_span;    /* the tests: the values of a wide window (a multiple of 64 up to
                              1,024; 0: WIDE_WINDOW, heapstep.c) */
  unsigned wider_bits;     /* window scans of heaps with two plain lanes or more take windows of
                              twice the values from values of these bits on (heapstep.c,
                              wide_span): HEAPSEQ_WIDER_BITS (the tests set less) */
  uint32_t unmet_top;      /* the unmet sets cover values below this at most: HEAPSEQ_UNMET_TOP (the
                              tests set less, a power of two from 64, to run the window scans above
                              it) */
  int unmet_mode;          /* 0 automatic (unmet_on), 1 always, -1 never (the tests set them) */
  bool unmet_on;           /* automatic: plain lanes are settled by their unmet sets now */
  uint64_t unmet_load;     /* automatic: the sum over the heaps since the last choice of lanes times
                               the walks the window scans were estimated to take, in 20ths */
  uint32_t unmet_heaps;    /* automatic: those heaps */
  nb_progress_fn progress; /* nb_heapseq_period's progress reports, or NULL */
  void *progress_ctx;      /* passed to progress */
  uint64_t progress_of;    /* the bound reported (max_n); 0: no call is reporting */
  bool reported;           /* progress was called during the current call */
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

/* The first index in rare[from .. to) (increasing heaps) whose heap is at least h (to: none). */
HEAPSEQ_HOT size_t rare_from(const rare_heap *rare, size_t from, size_t to, size_t h) {
  if (from >= to || rare[to - 1].heap < h) return to; /* all of them: no search */
  size_t lo = from, hi = to;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (rare[mid].heap < h)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Marks the splits (r, m - r) for the rare heaps r in rare[from .. to): the busiest loop in
 * Grundy's game (about 1300 rare heaps), so four at a time from base = G + m. */
HEAPSEQ_HOT void mark_rare(const void *t, unsigned w, const rare_heap *rare, size_t from, size_t to,
                           size_t m, uint8_t *mark, uint8_t stamp) {
  const char *base = (const char *)t + m * w; /* cell(base, w, -r) is G(m - r) */
  size_t r = from;
  for (; r + 4 <= to; r += 4) {
    uint32_t x0 = rare[r].value ^ cell(base, w, -(ptrdiff_t)rare[r].heap);
    uint32_t x1 = rare[r + 1].value ^ cell(base, w, -(ptrdiff_t)rare[r + 1].heap);
    uint32_t x2 = rare[r + 2].value ^ cell(base, w, -(ptrdiff_t)rare[r + 2].heap);
    uint32_t x3 = rare[r + 3].value ^ cell(base, w, -(ptrdiff_t)rare[r + 3].heap);
    mark[x0] = stamp;
    mark[x1] = stamp;
    mark[x2] = stamp;
    mark[x3] = stamp;
  }
  for (; r < to; r++)
    mark[rare[r].value ^ cell(base, w, -(ptrdiff_t)rare[r].heap)] = stamp;
}

/* The index in rare[from .. to) of the rare heap m/2 when the game skips the equal split of m
 * (Grundy's game: `unequal`), which a pass over the rare splits of m must leave out; `to` when
 * there is none to leave out. */
HEAPSEQ_HOT size_t equal_split_at(const rare_heap *rare, size_t from, size_t to, size_t m,
                                  bool unequal) {
  if (!unequal || m % 2 != 0) return to;
  size_t half = rare_from(rare, from, to, m / 2);
  return half < to && 2 * (size_t)rare[half].heap == m ? half : to;
}

/* The values u * 64 .. u * 64 + 63 that carry the stamp, as a word: eight marks at a time,
 * each byte made zero where it equals the stamp, its top bit set exactly for zero bytes, and
 * the eight top bits gathered by one multiplication (each lands on its own bit 56 + j). */
static inline uint64_t collected_word(const uint8_t *mark, uint8_t stamp, size_t u) {
  const uint64_t ones = UINT64_C(0x0101010101010101), low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
  uint64_t bits = 0;
  for (unsigned i = 0; i < 64; i += 8) {
    uint64_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&x, mark + 64 * u + i, sizeof x);
#else
    for (unsigned j = 0; j < 8; j++) /* mark[i + j] in byte j, whatever the machine's order */
      x |= (uint64_t)mark[64 * u + i + j] << (8 * j);
#endif
    x ^= ones * stamp;
    uint64_t zero_tops = ~(((x & low7) + low7) | x | low7);
    bits |= (zero_tops * UINT64_C(0x0002040810204081) >> 56) << i;
  }
  return bits;
}

/* The marking thread's share of the rare heaps r for removal j at heap n (n >= j + 2): the r
 * with lo <= r <= hi, those whose split (r, n - j - r) reads only values HEAPSEQ_LAG heaps back
 * or more (r + j >= LAG and r <= n - LAG) and r >= floor (the share the threads agreed on for
 * the stretch, to balance their work). False when the share is empty. Both threads call this,
 * so that their shares never overlap nor leave a gap. */
HEAPSEQ_HOT bool far_share(size_t n, uint32_t j, size_t floor, size_t *lo, size_t *hi) {
  size_t m = n - j;
  *lo = j >= HEAPSEQ_LAG ? 1 : HEAPSEQ_LAG - j;
  if (*lo < floor) *lo = floor;
  *hi = n < HEAPSEQ_LAG ? 0 : n - HEAPSEQ_LAG;
  if (*hi > m - 1) *hi = m - 1;
  return *lo <= *hi;
}

/* Words of a bitset over values below 2^bits, with one spare word (room for the mex). */
static inline size_t words_for(unsigned bits) {
  return ((size_t)1 << bits) / 64 + 1;
}

/* Bytes the engine holds with room for `heaps` values of `width` bytes, its sets as they are.
 * Inline, as the two below: the driver checks the room at each step of a caller asking heap by
 * heap (`table`), and a call to another file there cost 2% of `table oct:0.16`. */
static inline uint64_t heapseq_bytes_with(const nb_heapseq *q, uint64_t heaps, unsigned width) {
  uint64_t values = (uint64_t)1 << q->value_bits, words = words_for(q->value_bits);
  uint64_t bytes = heaps * width;
  bytes += 8 * (words + HEAPSEQ_TARGET_WORDS) + 64 * words;               /* seen, mark */
  if (q->group[0].count + q->group[1].count > 0) bytes += 8 * 2 * values; /* freq */
  for (int d = 0; d < 2; d++)
    if (q->group[d].count > 0)
      bytes += 8 * q->group[d].rare_cap + 3 * 8 * words_for(q->value_bits + 1) + 4 * 2 * values +
               2 * 8 * words;
  if (q->ntriple > 0) bytes += 8 * words * (heaps + values); /* pairs, gather */
  return bytes;
}

/* The most heaps the table may hold: fewer for codes with three-heap splits, whose pair-set
 * method costs O(n) bitset work a heap (and more as values grow): hex:0.F8 takes 7 s to 5000. */
static inline uint64_t heapseq_max_heaps(const nb_heapseq *q) {
  return q->ntriple > 0 ? NB_HEAPSEQ_TRIPLE_MAX_HEAPS : NB_HEAPSEQ_MAX_HEAPS;
}

/* heaptable.c: NB_EDATA: G(0 .. last) cannot be held (it would take `bytes`). `looked`: the
 * engine was looking for a period on the way and has not proven one among the heaps computed. */
nb_status heapseq_refuse(const nb_heapseq *q, uint64_t last, uint64_t bytes, bool looked,
                         nb_error *err);

/* Checks that `heaps` values fit the limits; a refusal names G(last). */
static inline nb_status heapseq_check_room(const nb_heapseq *q, uint64_t heaps, uint64_t last,
                                           bool looked, nb_error *err) {
  if (heaps > heapseq_max_heaps(q)) return heapseq_refuse(q, last, UINT64_MAX, looked, err);
  if (heapseq_bytes_with(q, heaps, q->width) <= q->cap_bytes) return NB_OK;
  uint64_t bytes =
      last >= heapseq_max_heaps(q) ? UINT64_MAX : heapseq_bytes_with(q, last + 1, q->width);
  return heapseq_refuse(q, last, bytes, looked, err);
}

/* heaptable.c: makes room for `heaps` values (checked by the caller), growing by an eighth
 * within the cap and never beyond `target`, the values the caller means to compute. */
nb_status heapseq_grow_table(nb_heapseq *q, size_t heaps, uint64_t target, nb_error *err);

/* The same, inline where there is room already (the driver asks at every step). */
static inline nb_status heapseq_reserve(nb_heapseq *q, size_t heaps, uint64_t target,
                                        nb_error *err) {
  return heaps <= q->alloc ? NB_OK : heapseq_grow_table(q, heaps, target, err);
}

/* heaptable.c: grows every value-indexed structure to values below 2^bits. On failure
 * value_bits is as it was. */
nb_status heapseq_set_value_bits(nb_heapseq *q, unsigned bits, nb_error *err);

/* heaptable.c: new rare/common sets for both groups, from the frequencies so far (at the
 * checkpoints; at construction, C_d empty and R_d = {d}). */
nb_status heapseq_rebuild_sets(nb_heapseq *q, nb_error *err);

/* heaptable.c: at a trial checkpoint (sparse_trial), makes plain again each sparse group whose
 * sparse method cost more than the plain walk since the last regular checkpoint. Allocates
 * nothing, so it cannot fail. */
void heapseq_judge_sparse(nb_heapseq *q);

/* heaptable.c: records v = G(len) (the table has room), widening the table and the
 * value-indexed sets as v requires, and files the heap as rare or common. On failure nothing is
 * recorded and the engine is as it was. */
nb_status heapseq_record(nb_heapseq *q, uint32_t v, nb_error *err);

/* heapstep.c: computes G(len .. stop - 1) (the table has room for them). */
nb_status heapseq_run(nb_heapseq *q, size_t stop, nb_error *err);

/* heapwindow.c: opens a window at base (a multiple of 64): its targets are the values
 * base <= x < end (end at most base + HEAPSEQ_WINDOW, or base + HEAPSEQ_WIDE when wide, and
 * within the marks) with mark[x] != stamp. A wide window (for the AVX-512 kernel of 2-byte
 * tables only: heapseq_window_wide) spans the least power of two from 1024 on that holds
 * end - base. */
void heapseq_window_open(heap_window *win, const uint8_t *mark, uint8_t stamp, uint32_t base,
                         uint32_t end, bool wide);

/* heapwindow.c: whether the window scans of a w-byte table take wide windows (AVX-512, 2-byte
 * tables). */
bool heapseq_window_wide(unsigned w, bool avx512);

/* heapwindow.c: visits the splits (a, m - a), l->lo <= a <= l->hi, of lane l in the w-byte
 * table t, and drops every target one is worth: its bit cleared and mark[value] = stamp. The
 * AVX2 kernels (when avx2, for 1- and 2-byte tables; 1-byte tables need base 0) stop as soon as
 * no target is left and leave the lane as it was; the portable kernel marks every split's
 * value and consumes the lane (l->lo > l->hi: settled for every value). Returns whether no
 * target is left. Afterwards every value of the window some visited split is worth is marked.
 * vbmi2 (with avx512, wide windows): the lane's first part takes scan_wide_buffered, which lists
 * the targets met branch-free (the engine chooses it once, from its kernel: q->vbmi2). */
bool heapseq_window_scan(const void *t, unsigned w, bool avx2, bool avx512, bool vbmi2, lane *l,
                         heap_window *win, uint8_t *mark, uint8_t stamp);

/* heapwindow.c: marks the values of the splits (a, m - a), lo <= a <= hi (the plain loop,
 * four splits a round; with avx512 and 2-byte tables, 32 values formed in a register, then
 * stored one by one). */
void heapseq_mark_splits(const void *t, unsigned w, bool avx512, size_t m, size_t lo, size_t hi,
                         uint8_t *mark, uint8_t stamp);

/* heapwindow.c: U(m) below end: sets bit x of out (end / 64 words) exactly for the values
 * x < end that no split (a, m - a), 1 <= a <= hi, is worth, in a 2-byte table t, with the
 * AVX-512 kernels (avx512 must hold). end is a power of two from 64 to HEAPSEQ_UNMET_TOP. Uses
 * mark with the stamp given, which the caller sets aside for it (no other mark carries it). */
void heapseq_lane_unmet(const uint16_t *t, size_t m, size_t hi, uint32_t end, bool vbmi2,
                        uint8_t *mark, uint8_t stamp, uint64_t *out);

/* heapwindow.c: marks (mark[x] = stamp) every value x < end whose bit in `bits` is clear (end
 * a multiple of 64). */
void heapseq_mark_clear(const uint64_t *bits, uint32_t end, bool avx512, uint8_t *mark,
                        uint8_t stamp);

/* heapstep.c, for the tests: open_plain at heap n alone, with the first splits from the kept
 * sets F(m) (ends, where they apply; returns whether they did) or marked. */
bool heapseq_open_plain_probe(nb_heapseq *q, size_t n, bool ends);

/* heapstep.c: whether the processor runs the AVX2 scan kernel. */
bool heapseq_has_avx2(void);
bool heapseq_has_avx512(void);
bool heapseq_has_vbmi2(void); /* AVX-512 VBMI2 (VPCOMPRESSW), besides heapseq_has_avx512 */

/* heapmark.c: whether a marking thread should help compute heaps len .. stop - 1 (1-byte
 * tables, the sparse method, long enough rare lists, and a second processor, unless configured). */
bool heapseq_marker_wanted(const nb_heapseq *q, size_t stop);

/* heapmark.c: starts the marking thread for heaps len .. stop - 1 and sets q->marker; false
 * (q->marker NULL) when it cannot (memory, threads): the heaps are then computed by one thread.
 * The caller does not move the rare lists (it stops the thread before one would grow) nor
 * change the table or its width while the thread runs. */
bool heapseq_marker_start(nb_heapseq *q, size_t stop);

/* heapmark.c: waits for the marking thread's share of heap n's options: the values collected
 * from it, as a bitset over values below 256 (4 words). */
const uint64_t *heapseq_marker_far(heapseq_marker *mk, size_t n);

/* heapmark.c: tells the marking thread that G(len - 1) is recorded (and filed in the lists). */
void heapseq_marker_publish(heapseq_marker *mk, const nb_heapseq *q);

/* heapmark.c: stops the marking thread (it may be ahead), waits for it, frees it, and clears
 * q->marker. */
void heapseq_marker_stop(nb_heapseq *q);

/* heapmark.c: whether the next stretch runs with a marking thread: always when configured so;
 * automatically, the mode in use (two threads at first), the other one tried now and then and
 * taken when its stretch was faster a heap than the one before it. */
bool heapseq_marker_choose(nb_heapseq *q);

/* heapmark.c: takes one of the caller's spare processors (nb_heapseq_config.spare) for a
 * marking thread, if one is free (true without spare units to count); heapseq_marker_give gives
 * it back when the thread has stopped. */
bool heapseq_marker_take(nb_heapseq *q);
void heapseq_marker_give(nb_heapseq *q);

/* heapmark.c: a monotonic clock in seconds, and the record of a stretch's time. */
double heapseq_marker_clock(void);
void heapseq_marker_timed(nb_heapseq *q, bool two, size_t heaps, double seconds);

/* heaptable.c: makes room in every rare list for `more` heaps beyond those listed (within the
 * cap). */
nb_status heapseq_rare_room(nb_heapseq *q, size_t more, nb_error *err);

/* heapperiod.c: the theorem that proves the rules' periods (the engine's, and the same from the
 * rules alone: the misère quotients' periodicity theorem of heapquot.c takes its window). */
heapseq_theorem heapseq_theorem_of(const nb_heapseq *q);
heapseq_theorem nb_heap_rules_theorem(const nb_heap_rules *r);

/* heapperiod.c: the window end W(s, p) of theorem thm (k: the code's length, sub: max S); a
 * periodicity checked on s <= n < W - p holds for every n >= s (UINT64_MAX: no theorem). */
uint64_t nb_heap_window_end(heapseq_theorem thm, uint64_t k, uint64_t s, uint64_t p);

/* heapperiod.c: searches G(0 .. L - 1) (computed) for the least period; when one is proven,
 * fills q->found, sets q->periodic and returns true. */
bool heapseq_search_period(nb_heapseq *q, size_t L);

/* heapperiod.c: searches G(0 .. L - 1) (computed) for the least arithmetic periodicity with a
 * saltus of 1 or more over the period theorem's window; OBSERVED, not proven (heapperiod.c
 * says why). Codes with splits only; *out receives it, or observed false. */
bool heapseq_search_arith(const nb_heapseq *q, size_t L, nb_heap_arith *out);

/* heaparith.c: decides whether G(0 .. L - 1) proves the observed pattern *a by Theorem A; sets
 * a->proven and a->theorem, or a->refusal naming the hypothesis that failed. NB_EINTERNAL only
 * when an allocation fails (a is then left unproven). */
nb_status heapseq_prove_arith(const nb_heapseq *q, size_t L, nb_heap_arith *a, nb_error *err);

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>

/* Whether each of the 32 bytes x (values below 256) is a target, as a bit mask: the classic
 * nibble lookup, the byte of table t0 (values below 128) or t1 (128 to 255) at x & 15, bit
 * x >> 4 & 7. The AVX2 kernels of the dense scan (heapstep.c) and of the window scan
 * (heapwindow.c) share it; only they call it, after checking the processor has AVX2. */
__attribute__((target("avx2"))) static inline uint32_t heapseq_targets_in(__m256i x, __m256i t0,
                                                                          __m256i t1) {
  const __m256i nibble = _mm256_set1_epi8(0x0f), zero = _mm256_setzero_si256();
  const __m256i bits = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
                                        1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
  __m256i col = _mm256_and_si256(x, nibble),
          row = _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble);
  __m256i entry = _mm256_blendv_epi8(_mm256_shuffle_epi8(t0, col), _mm256_shuffle_epi8(t1, col), x);
  __m256i hit = _mm256_and_si256(entry, _mm256_shuffle_epi8(bits, row));
  return ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, zero));
}

/* Whether each of the 32 words y (below 8192) is a target of a bitset of 1024 P values held in
 * 2P registers tab (P = pairs: 1, 2, 4 or 8; word y >> 4 of the bitset is word (y >> 4) & 63 of
 * pair y >> 10), bit y & 15 of that word; lanes with y >= size are not. One VPERMI2W looks up
 * the 64 words of each pair independently, and a tree of blends keeps for each lane the word of
 * its own pair (level k by bit 10 + k of y). The wide AVX-512 kernels of the dense scan
 * (heapstep.c) and of the window scan (heapwindow.c) share it; only they call it, after checking
 * the processor has AVX-512 BW. */
__attribute__((target("avx512f,avx512bw"))) HEAPSEQ_HOT __mmask32
heapseq_targets_wide(__m512i y, const __m512i *tab, int pairs, __m512i size) {
  const __m512i low4 = _mm512_set1_epi16(15), one = _mm512_set1_epi16(1);
  __m512i idx = _mm512_srli_epi16(y, 4), word[8];
#pragma GCC unroll 8
  for (int p = 0; p < pairs; p++)
    word[p] = _mm512_permutex2var_epi16(tab[2 * p], idx, tab[2 * p + 1]);
#pragma GCC unroll 4
  for (int level = 1; level < pairs; level *= 2) {
    __mmask32 upper = _mm512_test_epi16_mask(y, _mm512_set1_epi16((short)(1024 * level)));
#pragma GCC unroll 4
    for (int p = 0; p + level < pairs; p += 2 * level)
      word[p] = _mm512_mask_blend_epi16(upper, word[p], word[p + level]);
  }
  __m512i bit = _mm512_srlv_epi16(word[0], _mm512_and_si512(y, low4));
  return _mm512_mask_test_epi16_mask(_mm512_cmplt_epu16_mask(y, size), bit, one);
}
#endif

#endif
