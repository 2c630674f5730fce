/*
 * heapstep.c: one heap of the sequence engine: G(n) from G(0 .. n - 1), exactly, with far less
 * work than the plain mex over all O(n) splits.
 *
 * Extended values. Write e(x) = 2 G(x) + (x mod 2) for a heap x >= 1. For a split (a, b) of
 * m = n - j, e(a) ^ e(b) = 2 (G(a) ^ G(b)) + ((n + j) mod 2), so with E_n(v) = 2 v + (n mod 2),
 *     E_n(G(a) ^ G(b)) = e(a) ^ e(b) ^ d,   d = j mod 2.                                  (1)
 * The removals j that allow two-heap splits are grouped by their parity d: refining values by
 * the heap's parity is what makes the sets below sparse for many codes (Grundy's game, 0.16).
 *
 * Rare and common (the sparse space). For each group d the engine keeps a set C_d of extended
 * values, "common", chosen so that
 *     C_d does not meet R_d = { c1 ^ c2 ^ d : c1, c2 in C_d } u { d }.                    (2)
 * A heap x >= 1 is common in group d when e(x) is in C_d, rare otherwise; the rare heaps of each
 * group are listed with their values (heaptable.c chooses the sets and keeps the lists).
 *   Lemma. If E_n(v) is not in R_d, no split of group d into two common heaps is worth v.
 *   Proof: by (1) such a split is worth v only if E_n(v) = c1 ^ c2 ^ d with c1, c2 in C_d.
 * A group is "active" at n when it keeps a rare list and has a split at n; a "plain" group
 * (too many rare heaps to list) has all its splits visited. The sparse method, for heap n:
 *   1. Collect the values of every option except the two-common-heap splits of active groups:
 *      the options that are not splits, every split of a plain group, every split with a rare
 *      part (for each removal j and rare heap r < n - j, the split (r, n - j - r)), the equal
 *      split of an octal code (worth 0: it saves a long scan whenever 0 is rare), and, when the
 *      heap before needed a dense scan, the first PRE_WALK splits from each end of each active
 *      removal (see open_lanes).
 *   2. Let c be the least value neither collected nor in the R_d of an active group; by the
 *      lemma, c is not an option. The targets are the values below c not collected: each is in
 *      some active R_d, so may yet be the value of a two-common-heap split.
 *   3. While there are targets, let v be the least. If no active group with splits still to
 *      walk has E_n(v) in R_d, then G(n) = v. Otherwise walk those groups' splits (the dense
 *      scan), dropping every target a split is worth, until v is dropped or they run out.
 *   4. Without targets left, G(n) = c.
 *   Proof. In 4 every value below c is an option (collected, or met by the walk) and c is not.
 *   In 3, every value below v is an option, and v is not: it was not collected, no split
 *   walked was worth it, and the splits not walked are two-common-heap splits of groups whose
 *   splits all were walked (none left) or whose R_d does not hold E_n(v) (the lemma).
 * The result does not depend on which sets obey (2); only the speed does. Grundy's game is the
 * code 4.0 without the equal split: the lemma holds for any subset of the splits, so the method
 * applies, minus the equal split.
 *
 * Lanes. A removal's splits (a, m - a), 1 <= a <= m/2 ((m - 1)/2 without the equal split), are
 * walked from both ends in runs of WALK_RUN: a = 1 .. 32, then m/2 down, then 33 .. 64, ...
 * Small heaps carry special early values and the middle the sequence's settled ones; targets
 * hide in either. Measured on Grundy's game near 10^5 and 10^6, this visits 20 to 30% fewer
 * splits than walking from either end alone. Several active removals advance together,
 * SCAN_CHUNK splits each per round, so that a target met early by any of them is met early.
 *
 * Kernels. The walk is the engine's inner loop. The scalar kernel tests each split's value
 * against the targets' bitset. For 1-byte tables on processors with AVX2 (chosen at run time),
 * and 2-byte tables while every value is below 512 (scan_lane_avx2_w2), a kernel forms 32 split
 * values in one register (two for 2-byte tables) and tests them at once with nibble tables
 * (scan_lane_avx2); it visits splits in the same order, stopping only between runs of 32 (a
 * few more splits visited change nothing but the time). Where the processor has AVX-512 (BW and
 * VBMI), 1-byte tables use scan_lane_avx512 instead: both runs of 32 of one step in one register
 * of 64 values, tested against the targets' bitset itself (one byte permutation), with no nibble
 * tables to keep: Grundy's game to 10^6 takes 12-19% less time than with the AVX2 kernel; and
 * 2-byte tables with values of 9 bits or more use scan_lane_avx512_w2 while the targets lie
 * below 8,192 (the bitset in up to 16 registers; before it, values from 512 on took the scalar
 * kernel, 60-70% of the time of 0.564, 4.007 and 0.264 to 2^17 heaps). The
 * tests run every kernel against the others and the plain mex. The sets of
 * step 1 use byte stamps (mark[x] = stamp), not bits: a stamp is a plain store, where setting
 * bits one after another waits on each; the stamps cycle through 1..255, the array cleared when
 * they wrap.
 *
 * Two threads. With 1-byte tables a second thread may collect most rare splits of the heaps
 * ahead (heapmark.c: those reading values at least HEAPSEQ_LAG heaps back) while this one
 * finishes the heaps before them; the splits each thread collects are fixed by far_share, and
 * step 2 takes the union, so the values are those of one thread. run_1_marked times stretches
 * of heaps and keeps the second thread only while it makes them faster.
 *
 * Three-heap splits (hex digits with bit 8) have no sparse structure (three common parts may
 * reach a common value), so codes with them use the pair sets: P(m) = { G(a) ^ G(m - a) :
 * 1 <= a <= m/2 } as a bitset for every m; the three-heap options of m are the union over
 * a = 1 .. m - 2 of G(a) ^ P(m - a) (each triple (a, b, c) appears with a as its first part),
 * gathered per distinct G(a) so that each bitset is XOR-translated once. O(n^2) words in all.
 */
#include "heap/heapengine.h"

#include <stdlib.h>

#if defined(__GNUC__) && defined(__x86_64__)
#define AVX2_KERNEL 1 /* the dense scan has an AVX2 kernel, chosen at run time */
#include <immintrin.h>
#else
#define AVX2_KERNEL 0
#endif

enum {
  SCAN_CHUNK = 64,        /* splits per removal per round when a dense scan walks several */
  WALK_RUN = 32,          /* a lane is walked this many splits at a time from each end */
  PRE_WALK = 32,          /* splits from each end of each lane collected in step 1 */
  MARK_STRETCH = 1 << 14, /* heaps computed with one marking thread (run_1_marked) */
  WIDE_VALUES = 8192,     /* the wide AVX-512 dense scan holds targets below this (16 registers) */
  WIDE_WINDOW = 1024,     /* values of a window scan's window with the wide AVX-512 kernel (it
                            takes up to HEAPSEQ_WIDE): a window whose every value is met is
                            scanned again by the next from the lanes' start, so a wider window
                            walks fewer splits but meets more targets above the mex; 0.414 and
                            0.76 to 2^18 heaps, CPU, two runs each: 512 values 8.0-9.0 and
                            5.8-6.1 s, 1,024 7.4-7.6 and 5.7, 2,048 7.5-7.6 and 5.9-6.2;
                            twice that as values grow (wide_span) */
  WIDE_MIN_WORDS = 16,    /* and reads at least these words of the target bitset (1,024 values) */
  UNMET_CHOOSE = 256,     /* unmet_choose: heaps between choices */
  UNMET_SWITCH = 500,     /* unmet_choose: unmet sets when lanes times walks passes 500 / 20 */
  PRE_SHARE = 16,         /* plain_pre_of: a plain lane of hi splits, L plain digits: hi L / 16
                            splits from each end marked, plain_pre at least */
};

bool heapseq_has_avx2(void) {
#if AVX2_KERNEL
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
#else
  return false;
#endif
}

bool heapseq_has_vbmi2(void) {
#if AVX2_KERNEL
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512vbmi2");
#else
  return false;
#endif
}

bool heapseq_has_avx512(void) {
#if AVX2_KERNEL
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("bmi");
#else
  return false;
#endif
}

/* --- step 1: collecting ---------------------------------------------------------------------- */

/* The values v for which group g's two-common-heap splits at n may be worth v (E_n(v) in R_d),
 * as a bitset over values; NULL when the group is not active at n. */
HEAPSEQ_HOT const uint64_t *reach_at(const split_group *g, size_t n) {
  if (g->count == 0 || g->plain || g->digit[0] + 2 > n) return NULL;
  return g->reach_by[n & 1];
}

/* The options that are not splits: emptying the heap and leaving one heap. */
HEAPSEQ_HOT void take_options(nb_heapseq *q, size_t n, unsigned w) {
  if (n <= q->k && bit_get(q->empties, n)) q->mark[0] = q->stamp;
  for (size_t i = 0; i < q->ntake && q->take[i] < n; i++)
    q->mark[cell(q->table, w, n - q->take[i])] = q->stamp;
}

/* The splits from each end of a plain lane of hi splits that open_plain marks: plain_pre, or
 * more in long lanes and where each lane serves several heaps. A value met by a split marked is
 * no target of the window scans, and a target the vector walk meets costs a mispredicted branch,
 * so the marks pay while a few more of them spare a target; the longer the lane, the more
 * targets they spare, and with the marks kept in F(m) each lane's are made once for its L plain
 * digits. CPU to 2^18 heaps, marks from each end (cached): 0.244 (L = 2) 4,096: 5.7-5.9 s,
 * 16,384: 3.6-4.2 s, 32,768: 4.2 s; 4.026 (L = 2) 5.2 against 4.5 s; 0.04 (L = 1) 4,096: 2.54
 * s, 8,192: 2.27 s, 2,048: 2.74 s; 0.026 (L = 1) 3.06, 2.74, 3.57 s: about hi L / 16. Any
 * number gives the same values (the window scans settle the rest of the lane); prepare_ends
 * and open_plain take it from here, so F(m) holds the splits open_plain leaves out. */
static size_t plain_pre_of(const nb_heapseq *q, size_t hi) {
  size_t lanes = 0;
  for (int d = 0; d < 2; d++)
    lanes += q->group[d].plain ? q->group[d].count : 0;
  size_t scaled = hi * lanes / PRE_SHARE;
  return scaled > q->plain_pre ? scaled : q->plain_pre;
}

/* The lanes of a plain group's removals at n (lanes[lane_from[2] .. plain_end)), with the values
 * of their first plain_pre_of splits from each end marked now (pre): they settle most values
 * below the mex, so that the window scans (plain_settle) start near it with few targets. With
 * `ends` the values come from the lanes' kept sets F(m) (prepare_ends, "the first splits of
 * plain lanes, once per lane" below): every value outside their intersection is marked, which
 * are exactly the values the splits' own marking marks. */
HEAPSEQ_HOT void open_plain(nb_heapseq *q, size_t n, unsigned w, bool pre, bool ends) {
  size_t nl = q->lane_from[2];
  const void *t = q->table; /* locals: the marks' stores could alias q's fields */
  uint8_t *mark = q->mark, stamp = q->stamp;
  uint32_t end = (uint32_t)1 << q->value_bits;
  uint64_t all[HEAPSEQ_UNMET_TOP / 64]; /* with ends: the intersection of the lanes' F(m) */
  NB_ASSERT(!ends || end <= HEAPSEQ_UNMET_TOP);
  if (ends) memset(all, 0xff, end / 8);
  for (int d = 0; d < 2; d++) {
    const split_group *g = &q->group[d];
    for (size_t i = 0; g->plain && i < g->count && g->digit[i] + 2 <= n; i++) {
      size_t m = n - g->digit[i];
      lane l = {.m = m, .lo = 1, .hi = q->unequal ? (m - 1) / 2 : m / 2};
      if (!pre) {
        q->lanes[nl++] = l;
        continue;
      }
      size_t k = plain_pre_of(q, l.hi), e = m % HEAPSEQ_UNMET_RING;
      if (ends) {
        const uint64_t *f = q->ends[e];
        NB_ASSERT(q->ends_m[e] == m && q->ends_end[e] == end && q->ends_pre[e] == k);
        for (uint32_t u = 0; u < end / 64; u++)
          all[u] &= f[u];
      }
      if (l.hi + 1 - l.lo <= 2 * k) { /* the whole lane */
        if (!ends) heapseq_mark_splits(t, w, q->avx512, m, l.lo, l.hi, mark, stamp);
        continue;
      }
      if (!ends) {
        heapseq_mark_splits(t, w, q->avx512, m, l.lo, l.lo + k - 1, mark, stamp);
        heapseq_mark_splits(t, w, q->avx512, m, l.hi + 1 - k, l.hi, mark, stamp);
      }
      l.lo += k;
      l.hi -= k;
      q->lanes[nl++] = l;
    }
  }
  if (ends) heapseq_mark_clear(all, end, q->avx512, mark, stamp);
  q->plain_end = nl;
}

/* The next stamp (the marks cleared when the stamps wrap). */
static void next_stamp(nb_heapseq *q) {
  if (++q->stamp == 0) { /* the stamps wrapped: clear the marks, start again at 1 */
    memset(q->mark, 0, 64 * words_for(q->value_bits));
    q->stamp = 1;
  }
}

/* --- the unmet sets of plain lanes ----------------------------------------------------------- *
 *
 * A plain group's lanes at heap n are the removals m = n - j, j one of its digits, and lane m
 * is the same set of splits (a, m - a), 1 <= a <= m/2, at every heap m + j that uses it: with
 * two plain digits (0.414: j = 1 and 3; 4.026: 0 and 3) each lane serves two heaps, with three
 * (0.764: 1, 2, 3, when both groups are plain) three. The window scans walk a lane again at
 * each of them, and within one heap again for each window whose every value is met (0.414 at
 * 2^19: 3.4 times its splits a heap, 5 windows of 1,024; at 2^18 2.5). The unmet set
 *     U(m) = { x < E : no split (a, m - a) of lane m is worth x },  E = unmet_end,
 * is computed once for each lane (heapseq_lane_unmet: its splits marked, the rest walked by the
 * wide kernel against the values not marked) and kept for the heaps after it (a ring of
 * HEAPSEQ_UNMET_RING sets by m; codes with k < HEAPSEQ_UNMET_RING only, so that the lanes of
 * one heap, m = n - j with 0 <= j <= k, fall in distinct entries).
 *   Claim. After plain_unmet at heap n, a value x < E is marked if and only if it was marked
 *   before or some split of a plain lane of n is worth it; so the plain groups are settled
 *   below E, as plain_settle would leave them.
 *   Proof. plain_unmet marks exactly the x < E outside the intersection of the lanes' U(m):
 *   x is outside it iff some lane m has x not in U(m), iff (definition of U(m)) some split
 *   of that lane is worth x. U(m) depends on G(1 .. m - 1) only, which never change once
 *   computed, and on E, which an entry records (E grows with the values' bits, up to
 *   unmet_top): an entry is used only for its own m and E (prepare_unmet checks both).
 * Below E no window scan runs, so when E is every value (2^value_bits <= unmet_top) the first
 * splits need no marks (open_plain is told so); else they are marked as before and the window
 * scans settle the values from E on.
 *
 * Which pays. The unmet set marks most splits of a new lane once (about a cycle a split, where
 * the wide kernel tests some 4.5 splits a cycle), once for all the lane's heaps; the window
 * scans walk each lane of each heap r times. Measured r (0.414, 2^16 to 2^19, windows of 1,024)
 * is about 0.6 + 0.55 w for w windows a heap, and w is about G(n) / 1,024 + 1 (the least value
 * not met by the first splits lies near 0). So with L plain lanes a heap the unmet sets pay
 * when L r passes some threshold (UNMET_SWITCH, in 20ths: 500 / 20 = 25 now, below; when the
 * first splits were marked at every heap it was 4: measured, CPU, to 2^18 heaps: 0.342 and
 * 0.224, L = 1, took 2.0 and 1.7 times longer with unmet sets throughout than with the window
 * scans, 0.414, L = 2, 5.8-6.1 s against 6.3-6.6 s): unmet_choose averages L r over
 * UNMET_CHOOSE heaps and takes the cheaper way for the next ones. The choice depends on the
 * values only, so it is the same on every run; the values computed do not depend on it (the
 * claim above). Since the first splits' values are kept per lane (F(m), below), and more of
 * them marked in long lanes, the window scans cost far less, and the switch is at L r = 25:
 * CPU, side by side, the window scans at every heap against the unmet sets at every heap (or
 * the switch at 4 before): 0.414 to 2^19 17.4 s against 25.1 (26.3), to 2^20 86.4 s against
 * 99.0; 0.244 to 2^19 17.7 against 21.2 (the switch at 4), 0.76 16.6 against 22.3. With two
 * plain lanes the sets come in where G(n) averages some 21,000 (0.414's largest value to 2^19
 * is 8,977): values far larger than oct:3's to 2^20, where a heap's windows grow with G(n) and
 * the sets' cost does not. */

/* The values unmet sets cover: those below 2^value_bits, and below unmet_top. */
static uint32_t unmet_end(const nb_heapseq *q) {
  uint32_t limit = (uint32_t)1 << q->value_bits;
  return limit < q->unmet_top ? limit : q->unmet_top;
}

/* Whether heap n settles its plain groups by the lanes' unmet sets (plain_unmet): 2-byte
 * tables with AVX-512 (the wide kernel computes the sets), codes with k below the ring's size. */
static bool unmet_wanted(const nb_heapseq *q, unsigned w) {
  if (w != 2 || !q->avx512 || q->k >= HEAPSEQ_UNMET_RING) return false;
  if (!q->group[0].plain && !q->group[1].plain) return false;
  return q->unmet_mode > 0 || (q->unmet_mode == 0 && q->unmet_on);
}

/* Automatic mode, after G(n) = v: adds heap n's estimate, and every UNMET_CHOOSE heaps takes the
 * way the estimates favour for the next ones. */
static void unmet_choose(nb_heapseq *q, uint32_t v) {
  size_t lanes = q->plain_end - q->lane_from[2];
  if (lanes == 0) return;
  q->unmet_load += lanes * (12 + 11 * (v / WIDE_WINDOW + 1)); /* 20 (0.6 + 0.55 w) */
  if (++q->unmet_heaps < UNMET_CHOOSE) return;
  q->unmet_on = q->unmet_load > UNMET_SWITCH * q->unmet_heaps;
  q->unmet_load = 0;
  q->unmet_heaps = 0;
}

/* Makes sure the unmet sets of heap n's plain lanes are held (each computed with a stamp of
 * its own, before the heap's). */
static void prepare_unmet(nb_heapseq *q, size_t n) {
  uint32_t end = unmet_end(q);
  NB_ASSERT(end <= HEAPSEQ_UNMET_TOP); /* unmet_top is at most that, whatever value_bits is */
  for (int d = 0; d < 2; d++) {
    const split_group *g = &q->group[d];
    for (size_t i = 0; g->plain && i < g->count && g->digit[i] + 2 <= n; i++) {
      size_t m = n - g->digit[i], e = m % HEAPSEQ_UNMET_RING;
      if (q->unmet_m[e] == m && q->unmet_end[e] == end) continue;
      next_stamp(q);
      heapseq_lane_unmet(q->table, m, q->unequal ? (m - 1) / 2 : m / 2, end, q->vbmi2, q->mark,
                         q->stamp, q->unmet[e]);
      q->unmet_m[e] = m;
      q->unmet_end[e] = end;
    }
  }
}

/* --- the first splits of plain lanes, once per lane ------------------------------------------ *
 *
 * open_plain marks the values of the first and last k splits of each plain lane of the heap
 * (k = plain_pre_of: from the lane's length and the plain digits), and lane m is the same at
 * every heap m + j that uses it (above), so with L plain digits those splits were marked L
 * times each (0.346 to 100,000 heaps: 37% of its CPU in that marking, perf). Instead the set
 *     F(m) = { x < 2^value_bits : none of those k + k splits of lane m is worth x }
 * is computed once for each lane and kept in a ring like U(m) (ends, ends_m, ends_end, ends_pre;
 * codes shorter than the ring and tables of 1 or 2 bytes, so that F(m) fits), and the heap
 * marks every value below 2^value_bits outside the intersection of its lanes' F(m).
 *   Claim. The marks afterwards are those the splits' own marking leaves.
 *   Proof. A value x < 2^value_bits is outside the intersection iff some lane's F(m) lacks it,
 *   iff (definition) one of that lane's first or last k splits is worth x; and no split is
 *   worth 2^value_bits or more. F(m) depends on G(1 .. m - 1) only, which never change, on k
 *   (which changes when a group turns plain or sparse) and on value_bits, and an entry records
 *   all three (ends_m, ends_pre, ends_end): it is used only for its own m, k and value_bits
 *   (prepare_ends checks them; open_plain asserts it). Each F(m) is marked with a stamp of its
 *   own (no other mark carries it), so the values read back as marked are exactly those its
 *   splits are worth.
 * The cost of a lane's first splits is then one marking for all its L heaps, plus an AND and a
 * masked store per 64 values at each heap. */

/* Whether heap n takes its plain lanes' first splits from the kept F(m) (see above). */
static bool ends_wanted(const nb_heapseq *q, unsigned w) {
  /* value_bits <= 16 as well as w <= 2: F(m) and open_plain's intersection hold values below
   * HEAPSEQ_UNMET_TOP only, and heapseq_record raises value_bits before it widens the table, so
   * a widening refused (memory cap) or failed leaves 2-byte cells with value_bits 17 */
  return w <= 2 && q->value_bits <= 16 && q->k < HEAPSEQ_UNMET_RING && !q->ends_off &&
         (q->group[0].plain || q->group[1].plain);
}

/* Makes sure F(m) of heap n's plain lanes are held (each marked with a stamp of its own, before
 * the heap's). */
static void prepare_ends(nb_heapseq *q, size_t n, unsigned w) {
  uint32_t end = (uint32_t)1 << q->value_bits;
  NB_ASSERT(end <= HEAPSEQ_UNMET_TOP); /* ends_wanted: F(m) holds values below it */
  for (int d = 0; d < 2; d++) {
    const split_group *g = &q->group[d];
    for (size_t i = 0; g->plain && i < g->count && g->digit[i] + 2 <= n; i++) {
      size_t m = n - g->digit[i], e = m % HEAPSEQ_UNMET_RING, hi = q->unequal ? (m - 1) / 2 : m / 2;
      size_t k = plain_pre_of(q, hi);
      if (q->ends_m[e] == m && q->ends_end[e] == end && q->ends_pre[e] == k) continue;
      next_stamp(q);
      if (hi <= 2 * k) { /* the whole lane, as open_plain takes it */
        heapseq_mark_splits(q->table, w, q->avx512, m, 1, hi, q->mark, q->stamp);
      } else {
        heapseq_mark_splits(q->table, w, q->avx512, m, 1, k, q->mark, q->stamp);
        heapseq_mark_splits(q->table, w, q->avx512, m, hi + 1 - k, hi, q->mark, q->stamp);
      }
      for (uint32_t u = 0; u < end / 64; u++)
        q->ends[e][u] = ~collected_word(q->mark, q->stamp, u);
      q->ends_m[e] = m;
      q->ends_end[e] = end;
      q->ends_pre[e] = k;
    }
  }
}

/* The tests' view of open_plain at heap n (the heaps below n computed): with `ends` (where
 * ends_wanted allows it) the first splits from the kept F(m), as sparse_value takes them,
 * else marked; a stamp of its own, lanes[0 .. plain_end) the plain lanes left for the window
 * scans (lane_from[2] set to 0: the next heap computed sets it again). Returns whether F(m) was
 * used. The marks below 2^value_bits and the lanes must be the same either way. */
bool heapseq_open_plain_probe(nb_heapseq *q, size_t n, bool ends) {
  unsigned w = q->width;
  ends = ends && ends_wanted(q, w);
  if (ends) prepare_ends(q, n, w);
  next_stamp(q);
  q->lane_from[2] = 0;
  open_plain(q, n, w, true, ends);
  return ends;
}

/* Settles the plain lanes below unmet_end (see the claim above): marks every value there that
 * is not in every lane's unmet set. Returns as plain_settle does: values below it are settled. */
static uint32_t plain_unmet(nb_heapseq *q) {
  if (q->plain_end == q->lane_from[2]) return UINT32_MAX;
  uint32_t end = unmet_end(q);
  uint64_t all[HEAPSEQ_UNMET_TOP / 64];
  NB_ASSERT(end <= HEAPSEQ_UNMET_TOP); /* unmet_top is at most that, whatever value_bits is */
  memset(all, 0xff, end / 8);
  for (size_t l = q->lane_from[2]; l < q->plain_end; l++) {
    size_t e = q->lanes[l].m % HEAPSEQ_UNMET_RING;
    NB_ASSERT(q->unmet_m[e] == q->lanes[l].m && q->unmet_end[e] == end);
    for (uint32_t i = 0; i < end / 64; i++)
      all[i] &= q->unmet[e][i];
  }
  heapseq_mark_clear(all, end, q->avx512, q->mark, q->stamp);
  return end >= (uint32_t)1 << q->value_bits ? UINT32_MAX : end;
}

/* The values a window of the wide AVX-512 kernel spans in plain_settle: WIDE_WINDOW (the tests
 * set less: window_span), or twice that in heaps with two plain lanes or more once values have
 * q->wider_bits bits (HEAPSEQ_WIDER_BITS; the tests set less). Each window whose every value is
 * met walks the lanes again from their start, and the windows a heap takes grow with its value
 * (the mex lies some G(n) above the least value the first splits leave unmet), so as values grow
 * a wider window, which walks the lanes fewer times, pays for its dearer lookup (two register
 * pairs, heapseq_targets_wide) and for the targets above the mex it meets. Measured, CPU,
 * oct:0.164 to 2^20 heaps (two plain lanes, values of 14 bits from some 490,000 heaps on) with
 * every window of 1,024 values: 85.3 and 81.5 s, of 2,048: 76.7 and 74.9 s, of 4,096: 82.3 s; to
 * 2^19 (values of 13 bits nearly throughout) 1,024 and 2,048 were even (15.6 and 15.2 s), as
 * 0.414 and 0.76 to 2^18 (above). Heaps with one plain lane walk it whole once a heap (the last
 * window holds the mex) and keep WIDE_WINDOW. Any span gives the same values (the window scan's
 * invariant, heapwindow.c); the tests run spans of 64 and 128 values against the plain mex. */
static uint32_t wide_span(const nb_heapseq *q) {
  size_t lanes = q->plain_end - q->lane_from[2];
  uint32_t span = q->window_span != 0 ? q->window_span : WIDE_WINDOW;
  return lanes >= 2 && q->value_bits >= q->wider_bits ? 2 * span : span;
}

/* Settles the plain groups' splits at the heap being computed for every value below the
 * returned L > from (UINT32_MAX: for every value): afterwards a value below L is marked if
 * some split of a plain group is worth it (the prefixes of open_plain were marked; the rest of
 * each lane is walked by window scans). Values below `from` are settled already. Windows start
 * at the least value not marked; a window whose every value is met (the scan stops early, all
 * its targets dropped) is passed, and the next one scans the lanes again. */
static uint32_t plain_settle(nb_heapseq *q, unsigned w, uint32_t from) {
  if (q->plain_end == q->lane_from[2]) return UINT32_MAX;
  const uint32_t limit = (uint32_t)1 << q->value_bits; /* no split is worth limit or more */
  uint32_t base = from;
  for (;;) {
    while (base < limit && q->mark[base] == q->stamp)
      base++;
    if (base >= limit) return UINT32_MAX;
    base = w == 1 ? 0 : base & ~UINT32_C(63); /* values below base are marked: no targets; the
                                                 1-byte kernel's window holds every byte */
    heap_window win;
    bool wide = heapseq_window_wide(w, q->avx512);
    uint32_t span = wide ? wide_span(q) : HEAPSEQ_WINDOW;
    uint32_t end = limit - base < span ? limit : base + span;
    heapseq_window_open(&win, q->mark, q->stamp, base, end, wide);
    bool met_all = win.left == 0;
    for (size_t l = q->lane_from[2]; !met_all && l < q->plain_end; l++)
      met_all = heapseq_window_scan(q->table, w, q->avx2, q->avx512, q->vbmi2, &q->lanes[l], &win,
                                    q->mark, q->stamp);
    bool consumed = true; /* every lane marked in full (the portable kernel): all settled */
    for (size_t l = q->lane_from[2]; l < q->plain_end; l++)
      consumed = consumed && q->lanes[l].lo > q->lanes[l].hi;
    if (consumed) return UINT32_MAX;
    if (!met_all) return end >= limit ? UINT32_MAX : end;
    base = end;
  }
}

/* mark_rare for each width, compiled apart: inlined into the large step function, the loop
 * would compete for registers and spill its pointers to the stack. */
HEAPSEQ_NOINLINE void mark_rare_1(const void *t, const rare_heap *rare, size_t from, size_t to,
                                  size_t m, uint8_t *mark, uint8_t stamp) {
  mark_rare(t, 1, rare, from, to, m, mark, stamp);
}
HEAPSEQ_NOINLINE void mark_rare_2(const void *t, const rare_heap *rare, size_t from, size_t to,
                                  size_t m, uint8_t *mark, uint8_t stamp) {
  mark_rare(t, 2, rare, from, to, m, mark, stamp);
}
HEAPSEQ_NOINLINE void mark_rare_4(const void *t, const rare_heap *rare, size_t from, size_t to,
                                  size_t m, uint8_t *mark, uint8_t stamp) {
  mark_rare(t, 4, rare, from, to, m, mark, stamp);
}

HEAPSEQ_HOT void mark_rare_w(nb_heapseq *q, unsigned w, const rare_heap *rare, size_t from,
                             size_t to, size_t m) {
  if (from >= to) return;
  if (w == 1)
    mark_rare_1(q->table, rare, from, to, m, q->mark, q->stamp);
  else if (w == 2)
    mark_rare_2(q->table, rare, from, to, m, q->mark, q->stamp);
  else
    mark_rare_4(q->table, rare, from, to, m, q->mark, q->stamp);
}

/* Marks the splits (r, m - r) for the rare heaps r in rare[from .. to), but for Grundy's game
 * the equal split (r = m/2), which it does not have. */
HEAPSEQ_HOT void mark_share(nb_heapseq *q, unsigned w, const rare_heap *rare, size_t from,
                            size_t to, size_t m) {
  size_t skip = equal_split_at(rare, from, to, m, q->unequal);
  mark_rare_w(q, w, rare, from, skip, m);
  if (skip < to) mark_rare_w(q, w, rare, skip + 1, to, m);
}

/* The splits of group g with a rare part, and the equal split (an octal code's; Grundy's game
 * has none, so the rare heap m/2 is skipped there). While a marking thread runs, it marks the
 * splits of its share (far_share) and this thread the others. */
HEAPSEQ_HOT void rare_splits(nb_heapseq *q, const split_group *g, size_t n, unsigned w) {
  for (size_t i = 0; i < g->count && g->digit[i] + 2 <= n; i++) {
    size_t m = n - g->digit[i], end = rare_from(g->rare, 0, g->rare_len, m);
    if (!q->unequal && m % 2 == 0) q->mark[0] = q->stamp; /* G(m/2) ^ G(m/2) = 0 */
    size_t lo, hi, from = end, to = end;                  /* the thread's share: rare[from .. to) */
    if (q->marker != NULL && far_share(n, g->digit[i], q->mark_floor[g - q->group], &lo, &hi)) {
      from = rare_from(g->rare, 0, end, lo);
      to = rare_from(g->rare, from, end, hi + 1);
    }
    mark_share(q, w, g->rare, 0, from, m);
    mark_share(q, w, g->rare, to, end, m);
  }
}

/* The lanes of heap n, one per removal of an active group, with their first PRE_WALK splits
 * from each end collected when the heap before needed a dense scan (as nearly every heap of
 * Grundy's game and 0.16 does): most targets are met within them, and a stamp costs less than
 * a target dropped by the AVX2 kernel. Where scans are rare (0.1777: 1% of heaps) it is
 * skipped, and so it is with the AVX-512 kernel, which meets those 64 splits in one step for
 * less than their 64 stamps (measured on Grundy's game to 10^6: a few per cent). */
HEAPSEQ_HOT void open_lanes(nb_heapseq *q, size_t n, unsigned w) {
  size_t nl = 0, pre = q->scanned && !q->avx512 ? PRE_WALK : 0;
  const void *t = q->table; /* locals: the marks' stores could alias q's fields */
  uint8_t *mark = q->mark, stamp = q->stamp;
  for (int d = 0; d < 2; d++) {
    const split_group *g = &q->group[d];
    q->lane_from[d] = nl;
    for (size_t i = 0; reach_at(g, n) != NULL && i < g->count && g->digit[i] + 2 <= n; i++) {
      size_t m = n - g->digit[i];
      lane l = {.m = m, .lo = 1, .hi = q->unequal ? (m - 1) / 2 : m / 2};
      for (size_t k = 0; k < pre && l.lo <= l.hi; k++, l.lo++)
        mark[cell(t, w, l.lo) ^ cell(t, w, m - l.lo)] = stamp;
      for (size_t k = 0; k < pre && l.lo <= l.hi; k++, l.hi--)
        mark[cell(t, w, l.hi) ^ cell(t, w, m - l.hi)] = stamp;
      q->lanes[nl++] = l;
    }
  }
  q->lane_from[2] = nl;
}

/* --- step 2: c and the targets --------------------------------------------------------------- */

/* Words of the target bitset: those of the values, and at least the 512 values the AVX2 kernels
 * read (nibble_tables: 256 for 1-byte tables, 512 for 2-byte ones), with the spare word; with
 * values of 9 bits or more, at least the 1,024 values (16 words) the wide AVX-512 kernel reads
 * (scan_lane_avx512_w2; the bitset has words_for(9) + HEAPSEQ_TARGET_WORDS = 18 words then). */
static size_t target_words(const nb_heapseq *q) {
  size_t words = words_for(q->value_bits);
  size_t least = q->value_bits >= 9 ? WIDE_MIN_WORDS : HEAPSEQ_TARGET_WORDS;
  return words < least ? least : words;
}

/* Whether the dense scan of a 2-byte table runs the wide AVX-512 kernel for targets below c:
 * values of 9 bits or more (the target bitset then has the 16 words it reads), c at most
 * WIDE_VALUES. */
static bool wide_scan(const nb_heapseq *q, uint32_t c) {
  return q->avx512 && q->width == 2 && q->value_bits >= 9 && c <= WIDE_VALUES;
}

/* Whether the dense scan runs an AVX2 kernel: 1-byte tables, and 2-byte tables while every
 * value is below 512 (Grundy's game from heap 7.8 million on). */
static bool avx2_scan(const nb_heapseq *q) {
  return q->avx2 && (q->width == 1 || (q->width == 2 && q->value_bits <= 9));
}

/* The AVX2 kernels' view of the targets (values below 256, or 512 with 2-byte tables): see
 * scan_lane_avx2. */
static void nibble_tables(nb_heapseq *q) {
  memset(q->nib, 0, sizeof q->nib);
  for (size_t u = 0; u < (q->width == 1 ? 4u : 8u); u++)
    for (uint64_t b = q->seen[u]; b != 0; b &= b - 1) {
      unsigned x = (unsigned)(64 * u + lowest_bit(b));
      q->nib[x >> 7][x & 15] |= (uint8_t)(1u << (x >> 4 & 7));
    }
}

/* Step 2: returns c and leaves the targets in q->seen; *any says whether there are any. far:
 * the values the marking thread collected (4 words), or NULL. */
HEAPSEQ_HOT uint32_t find_targets(nb_heapseq *q, size_t n, const uint64_t *far, bool *any) {
  const uint64_t *r0 = reach_at(&q->group[0], n), *r1 = reach_at(&q->group[1], n);
  uint64_t *targets = q->seen, pending = 0;
  for (size_t u = 0;; u++) {
    uint64_t open = ~(collected_word(q->mark, q->stamp, u) | (far != NULL && u < 4 ? far[u] : 0));
    uint64_t reach = (r0 != NULL ? r0[u] : 0) | (r1 != NULL ? r1[u] : 0);
    uint64_t free_values = open & ~reach;
    if (free_values == 0) {
      targets[u] = open & reach;
      pending |= targets[u];
      continue;
    }
    /* there is one: the values from 2^value_bits on are neither collected nor reached */
    unsigned c = lowest_bit(free_values);
    targets[u] = open & reach & ((UINT64_C(1) << c) - 1);
    *any = (pending | targets[u]) != 0;
    for (size_t rest = u + 1; rest < target_words(q); rest++)
      targets[rest] = 0; /* no stale targets above c for the kernels to meet */
    if (*any && avx2_scan(q) && !(q->avx512 && (q->width == 1 || q->value_bits >= 9)))
      nibble_tables(q); /* the AVX-512 kernels read the bitset itself */
    return (uint32_t)(64 * u + c);
  }
}

/* --- step 3: the dense scan ------------------------------------------------------------------ */

/* What a dense scan works against, shared by its kernels. */
typedef struct scan_state {
  uint64_t *targets;     /* the values still to meet (q->seen), all below c */
  uint32_t c;            /* c itself */
  size_t words;          /* they lie in words 0 .. words - 1 */
  uint32_t least;        /* the least of them, while there is one */
  const uint64_t *reach; /* the walked group's R_d by value, at this heap's parity */
} scan_state;

/* Sets s->least to the least target at or above `from`; false when none is left. */
static bool next_target(scan_state *s, uint32_t from) {
  for (size_t u = from >> 6; u < s->words; u++)
    if (s->targets[u] != 0) {
      s->least = (uint32_t)(64 * u + lowest_bit(s->targets[u]));
      return true;
    }
  return false;
}

/* Drops target y, the value of a split walked. Returns true when the walk should stop: no
 * target is left, or the least one is out of the walked group's reach. */
HEAPSEQ_HOT bool drop_target(scan_state *s, uint32_t y) {
  s->targets[y >> 6] &= ~(UINT64_C(1) << (y & 63));
  if (y != s->least) return false;
  return !next_target(s, y) || !bit_get(s->reach, s->least);
}

/* Drops target x from the nibble tables (see nibble_tables). */
static inline void nib_drop(uint8_t (*nib)[16], uint32_t x) {
  nib[x >> 7][x & 15] &= (uint8_t) ~(1u << (x >> 4 & 7));
}

/* Visits the split (a, m - a): drops its value if it is a target; true when the walk should
 * stop. The nibble tables (NULL unless an AVX2 kernel shares the walk) are kept in step. */
HEAPSEQ_HOT bool visit(const void *t, unsigned w, scan_state *s, size_t a, size_t m,
                       uint8_t (*nib)[16]) {
  uint32_t x = cell(t, w, a) ^ cell(t, w, m - a);
  if (!bit_get(s->targets, x)) return false;
  if (nib != NULL) nib_drop(nib, x);
  return drop_target(s, x);
}

/* Walks lane l for at most `budget` splits, WALK_RUN from each end in turn, until drop_target
 * says stop (returns true) or the budget or the lane runs out (false). */
HEAPSEQ_HOT bool scan_lane(const void *t, unsigned w, scan_state *s, lane *l, size_t budget,
                           uint8_t (*nib)[16]) {
  size_t m = l->m;
  bool settled = false;
  while (l->lo <= l->hi && budget > 0 && !settled) {
    for (size_t k = 0; k < WALK_RUN && l->lo <= l->hi && budget > 0 && !settled; k++, budget--)
      settled = visit(t, w, s, l->lo++, m, nib);
    for (size_t k = 0; k < WALK_RUN && l->lo <= l->hi && budget > 0 && !settled; k++, budget--)
      settled = visit(t, w, s, l->hi--, m, nib);
  }
  return settled;
}

/* scan_lane for each width, compiled apart (see mark_rare_1). */
HEAPSEQ_NOINLINE bool scan_lane_1(const void *t, scan_state *s, lane *l, size_t budget) {
  return scan_lane(t, 1, s, l, budget, NULL);
}
HEAPSEQ_NOINLINE bool scan_lane_2(const void *t, scan_state *s, lane *l, size_t budget) {
  return scan_lane(t, 2, s, l, budget, NULL);
}
HEAPSEQ_NOINLINE bool scan_lane_4(const void *t, scan_state *s, lane *l, size_t budget) {
  return scan_lane(t, 4, s, l, budget, NULL);
}

#if AVX2_KERNEL
/* The nibble table t (16 bytes) in both halves of a register. */
__attribute__((target("avx2"))) static inline __m256i table_of(const uint8_t *t) {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)t));
}

/* Drops the targets met among 32 split values (found: a bit per value met; low and high: each
 * value's low byte, and its high byte with 2-byte tables, else NULL) from the targets and the
 * nibble tables. Returns true when the walk should stop (drop_target's rule, applied once for
 * the 32). */
__attribute__((target("avx2"))) static inline bool drop_found(uint32_t found, const uint8_t *low,
                                                              const uint8_t *high, scan_state *s,
                                                              uint8_t (*nib)[16]) {
  for (; found != 0; found &= found - 1) {
    unsigned i = lowest_bit(found);
    uint32_t y = low[i] | (high != NULL ? (uint32_t)high[i] << 8 : 0);
    s->targets[y >> 6] &= ~(UINT64_C(1) << (y & 63));
    nib_drop(nib, y);
  }
  if (bit_get(s->targets, s->least)) return false; /* the least target is still to meet */
  return !next_target(s, s->least) || !bit_get(s->reach, s->least);
}

/* Tests the 32 split values x against the targets (see scan_lane_avx2) and drops every target
 * met, all 32 at once: no stop within the 32 (visiting a few more splits is harmless), and no
 * branch per value. Returns true when the walk should stop. */
__attribute__((target("avx2"))) static inline bool
probe32(__m256i x, scan_state *s, uint8_t (*nib)[16], __m256i *t0, __m256i *t1) {
  uint32_t found = heapseq_targets_in(x, *t0, *t1);
  if (found == 0) return false;
  uint8_t value[32];
  _mm256_storeu_si256((__m256i *)value, x);
  bool stop = drop_found(found, value, NULL, s, nib);
  *t0 = table_of(nib[0]);
  *t1 = table_of(nib[1]);
  return stop;
}

/* scan_lane for 1-byte tables, 64 splits at a time with AVX2, visiting them in the same order
 * (but stopping only between runs of 32). 32 values x = G(a) ^ G(m - a) are formed in one
 * register (one slice reversed), and each is tested against the targets (values below 256)
 * with two 16-entry tables, the classic nibble lookup: nib[0][x & 15] holds, bit r, whether
 * 16r + (x & 15) is a target for r < 8, and nib[1] the same for r >= 8; bit x >> 4 & 7 of the
 * one chosen by x >> 4 answers. */
__attribute__((target("avx2"))) HEAPSEQ_NOINLINE bool
scan_lane_avx2(const uint8_t *t, scan_state *s, uint8_t (*nib)[16], lane *l, size_t budget) {
  __m256i t0 = table_of(nib[0]), t1 = table_of(nib[1]);
  const __m256i reverse = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15,
                                           14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  size_t m = l->m;
  while (l->hi + 1 >= l->lo + 2 * WALK_RUN && budget >= 2 * WALK_RUN) {
    /* from the small end: (lo + i, m - lo - i), i < 32, the upper slice reversed */
    __m256i up = _mm256_loadu_si256((const __m256i *)(t + m - l->lo - 31));
    up = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(up, reverse), 0x4e);
    __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(t + l->lo)), up);
    l->lo += WALK_RUN;
    if (probe32(x, s, nib, &t0, &t1)) return true;
    /* from the middle: (hi - i, m - hi + i), the lower slice reversed */
    __m256i down = _mm256_loadu_si256((const __m256i *)(t + l->hi - 31));
    down = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(down, reverse), 0x4e);
    x = _mm256_xor_si256(down, _mm256_loadu_si256((const __m256i *)(t + m - l->hi)));
    l->hi -= WALK_RUN;
    if (probe32(x, s, nib, &t0, &t1)) return true;
    budget -= 2 * WALK_RUN;
  }
  return scan_lane(t, 1, s, l, budget, nib); /* the rest, in the same order */
}

/* The 16 values t[p + i] ^ t[q - i], i < 16, of a 2-byte table: one slice reversed. */
__attribute__((target("avx2"))) static inline __m256i pairs16(const uint16_t *t, size_t p,
                                                              size_t q) {
  const __m256i reverse = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14,
                                           15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  __m256i back = _mm256_loadu_si256((const __m256i *)(t + q - 15));
  back = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(back, reverse), 0x4e);
  return _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(t + p)), back);
}

/* probe32 for 32 values below 512 in two registers of 16 2-byte lanes: their low bytes (packed
 * into one register; pack interleaves the two by 128-bit halves, which the membership test does
 * not mind, and the values are read back in the same packed order) looked up in nib[0..1] or
 * nib[2..3] as their high byte is 0 or 1. */
__attribute__((target("avx2"))) static inline bool probe32w(__m256i x0, __m256i x1, scan_state *s,
                                                            uint8_t (*nib)[16], __m256i *t) {
  const __m256i low_byte = _mm256_set1_epi16(0xff);
  __m256i low = _mm256_packus_epi16(_mm256_and_si256(x0, low_byte), _mm256_and_si256(x1, low_byte));
  __m256i high = _mm256_packus_epi16(_mm256_srli_epi16(x0, 8), _mm256_srli_epi16(x1, 8));
  uint32_t upper = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(high, 7)); /* high == 1 */
  uint32_t found = (heapseq_targets_in(low, t[0], t[1]) & ~upper) |
                   (heapseq_targets_in(low, t[2], t[3]) & upper);
  if (found == 0) return false;
  uint8_t lows[32], highs[32];
  _mm256_storeu_si256((__m256i *)lows, low);
  _mm256_storeu_si256((__m256i *)highs, high);
  bool stop = drop_found(found, lows, highs, s, nib);
  for (int k = 0; k < 4; k++)
    t[k] = table_of(nib[k]);
  return stop;
}

/* scan_lane_avx2 for 2-byte tables whose values are all below 512 (so that every split value
 * is: its high byte is 0 or 1), in the same order: 32 splits from each end at a time, formed
 * 16 to a register. */
__attribute__((target("avx2"))) HEAPSEQ_NOINLINE bool
scan_lane_avx2_w2(const uint16_t *t, scan_state *s, uint8_t (*nib)[16], lane *l, size_t budget) {
  __m256i tables[4];
  for (int k = 0; k < 4; k++)
    tables[k] = table_of(nib[k]);
  size_t m = l->m;
  while (l->hi + 1 >= l->lo + 2 * WALK_RUN && budget >= 2 * WALK_RUN) {
    /* from the small end: (lo + i, m - lo - i), i < 32 */
    __m256i x0 = pairs16(t, l->lo, m - l->lo), x1 = pairs16(t, l->lo + 16, m - l->lo - 16);
    l->lo += WALK_RUN;
    if (probe32w(x0, x1, s, nib, tables)) return true;
    /* from the middle: (hi - i, m - hi + i) */
    x0 = pairs16(t, m - l->hi, l->hi);
    x1 = pairs16(t, m - l->hi + 16, l->hi - 16);
    l->hi -= WALK_RUN;
    if (probe32w(x0, x1, s, nib, tables)) return true;
    budget -= 2 * WALK_RUN;
  }
  return scan_lane(t, 2, s, l, budget, nib); /* the rest, in the same order */
}
#endif

#if AVX2_KERNEL
#define AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi")))

/* scan_lane_avx2 with AVX-512 (BW and VBMI), for 1-byte tables: each step of the AVX2 kernel
 * (32 splits from the small end, then 32 from the middle) in one register of 64 values, tested
 * at once against the targets' bitset itself, with no nibble tables: byte x >> 3 of the bitset
 * (one VPERMB: values below 256 index its first 32 bytes), bit x & 7 of it. The splits are
 * visited in the same order, stopping only between steps of 64. */
AVX512_TARGET HEAPSEQ_NOINLINE bool scan_lane_avx512(const uint8_t *t, scan_state *s, lane *l,
                                                     size_t budget) {
  static const uint8_t mirror[64] = {
      /* each half reversed: i -> 31 - i, 32 + i -> 63 - i */
      31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
      9,  8,  7,  6,  5,  4,  3,  2,  1,  0,  63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52,
      51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32};
  const __m512i reverse = _mm512_loadu_si512(mirror), low5 = _mm512_set1_epi8(0x1f),
                low3 = _mm512_set1_epi8(7),
                one_hot = _mm512_broadcast_i32x4(
                    _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0));
  __m512i targets = _mm512_loadu_si512(s->targets); /* values below 512: 8 words */
  size_t m = l->m;
  while (l->hi + 1 >= l->lo + 2 * WALK_RUN && budget >= 2 * WALK_RUN) {
    /* lanes i < 32: (lo + i, m - lo - i); lanes 32 + i: (m - hi + i, hi - i) */
    __m512i direct =
        _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(t + l->lo))),
                           _mm256_loadu_si256((const __m256i *)(t + m - l->hi)), 1);
    __m512i mirrored = _mm512_inserti64x4(
        _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(t + m - l->lo - 31))),
        _mm256_loadu_si256((const __m256i *)(t + l->hi - 31)), 1);
    __m512i x = _mm512_xor_si512(direct, _mm512_permutexvar_epi8(reverse, mirrored));
    l->lo += WALK_RUN;
    l->hi -= WALK_RUN;
    budget -= 2 * WALK_RUN;
    __m512i byte =
        _mm512_permutexvar_epi8(_mm512_and_si512(_mm512_srli_epi16(x, 3), low5), targets);
    __m512i bit = _mm512_shuffle_epi8(one_hot, _mm512_and_si512(x, low3));
    uint64_t found = _mm512_test_epi8_mask(byte, bit);
    if (found == 0) continue;
    uint8_t value[64];
    _mm512_storeu_si512(value, x);
    for (; found != 0; found &= found - 1) { /* in the register: no chain through memory */
      uint32_t y = value[lowest_bit(found)];
      targets = _mm512_mask_andnot_epi64(targets, (__mmask8)(1u << (y >> 6)),
                                         _mm512_set1_epi64((long long)(UINT64_C(1) << (y & 63))),
                                         targets);
    }
    _mm512_storeu_si512(s->targets, targets);
    if (bit_get(s->targets, s->least)) continue; /* the least target is still to meet */
    if (!next_target(s, s->least) || !bit_get(s->reach, s->least)) return true;
  }
  return scan_lane(t, 1, s, l, budget, NULL); /* the rest, in the same order */
}

/* The dense scan of 2-byte tables with AVX-512 (BW), targets below 1024 P (P = 1, 2, 4 or 8
 * register pairs: c at most WIDE_VALUES; the scalar kernel took 60-70% of the time of 0.564,
 * 4.007 and 0.264 to 2^17 heaps, whose values pass 512). Each step of scan_lane (32 splits
 * from the small end, then 32 from the middle) is two registers of 32 values, each of which
 * looks its own bit up in the target bitset held in 2P registers: word x >> 4 of the bitset
 * (16-bit words) is word (x >> 4) & 63 of register pair x >> 10 (one VPERMI2W a pair, all
 * pairs looked up independently and the results blended by bits 10, 11, 12 of x), shifted
 * right by x & 15; values at or past 1024 P are masked off (no target lies there, nor words to
 * read: the bitset's words from c / 64 + 1 to 16 P are zero, find_targets clears them up to
 * target_words, at least 16 P since 1024 P < 2c or P = 1). The splits are visited in the same
 * order, stopping only between steps of 64 (a few more splits visited change nothing but the
 * time), and every target met is dropped, the stop rule applied once a step as drop_found
 * does. */
#define WIDE_TARGET __attribute__((target("avx512f,avx512bw")))

WIDE_TARGET HEAPSEQ_HOT bool scan_wide_pairs(const uint16_t *t, scan_state *s, lane *l,
                                             size_t budget, int pairs) {
  static const uint16_t reverse_index[32] = {31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21,
                                             20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
                                             9,  8,  7,  6,  5,  4,  3,  2,  1,  0};
  const __m512i reverse = _mm512_loadu_si512((const void *)reverse_index),
                size = _mm512_set1_epi16((short)(1024 * pairs));
  __m512i tab[2 * WIDE_VALUES / 1024];
#pragma GCC unroll 16
  for (int k = 0; k < 2 * pairs; k++)
    tab[k] = _mm512_loadu_si512((const void *)(s->targets + 8 * k));
  size_t m = l->m;
  while (l->hi + 1 >= l->lo + 2 * WALK_RUN && budget >= 2 * WALK_RUN) {
    /* lanes i < 32: (lo + i, m - lo - i); then (hi - i, m - hi + i) */
    __m512i x0 = _mm512_xor_si512(
        _mm512_loadu_si512((const void *)(t + l->lo)),
        _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512((const void *)(t + m - l->lo - 31))));
    __m512i x1 = _mm512_xor_si512(
        _mm512_loadu_si512((const void *)(t + m - l->hi)),
        _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512((const void *)(t + l->hi - 31))));
    l->lo += WALK_RUN;
    l->hi -= WALK_RUN;
    budget -= 2 * WALK_RUN;
    uint64_t found = (uint64_t)heapseq_targets_wide(x0, tab, pairs, size) |
                     (uint64_t)heapseq_targets_wide(x1, tab, pairs, size) << 32;
    if (found == 0) continue;
    uint16_t value[64];
    _mm512_storeu_si512((void *)value, x0);
    _mm512_storeu_si512((void *)(value + 32), x1);
    for (; found != 0; found &= found - 1) {
      uint32_t y = value[lowest_bit(found)];
      s->targets[y >> 6] &= ~(UINT64_C(1) << (y & 63));
    }
#pragma GCC unroll 16
    for (int k = 0; k < 2 * pairs; k++)
      tab[k] = _mm512_loadu_si512((const void *)(s->targets + 8 * k));
    if (bit_get(s->targets, s->least)) continue; /* the least target is still to meet */
    if (!next_target(s, s->least) || !bit_get(s->reach, s->least)) return true;
  }
  return scan_lane(t, 2, s, l, budget, NULL); /* the rest, in the same order */
}

/* scan_wide_pairs for each number of register pairs, compiled apart. */
WIDE_TARGET HEAPSEQ_NOINLINE bool scan_lane_avx512_w2(const uint16_t *t, scan_state *s, lane *l,
                                                      size_t budget) {
  _Static_assert(WIDE_VALUES == 8192 && WIDE_MIN_WORDS == 16, "1 to 8 register pairs");
  if (s->c <= 1024) return scan_wide_pairs(t, s, l, budget, 1);
  if (s->c <= 2048) return scan_wide_pairs(t, s, l, budget, 2);
  if (s->c <= 4096) return scan_wide_pairs(t, s, l, budget, 4);
  return scan_wide_pairs(t, s, l, budget, 8);
}

#endif

/* Walks one lane with the kernel for the width. */
HEAPSEQ_HOT bool walk_lane(nb_heapseq *q, unsigned w, scan_state *s, lane *l, size_t budget) {
#if AVX2_KERNEL
  if (w == 1 && q->avx512) return scan_lane_avx512(q->table, s, l, budget);
  if (w == 1 && q->avx2) return scan_lane_avx2(q->table, s, q->nib, l, budget);
  if (w == 2 && wide_scan(q, s->c)) return scan_lane_avx512_w2(q->table, s, l, budget);
  if (w == 2 && avx2_scan(q)) return scan_lane_avx2_w2(q->table, s, q->nib, l, budget);
#endif
  if (w == 1) return scan_lane_1(q->table, s, l, budget);
  if (w == 2) return scan_lane_2(q->table, s, l, budget);
  return scan_lane_4(q->table, s, l, budget);
}

/* Steps 3 and 4: returns G(n). */
HEAPSEQ_HOT uint32_t dense_scan(nb_heapseq *q, size_t n, uint32_t c, unsigned w) {
  lane *lanes = q->lanes;
  const size_t *from = q->lane_from;
  size_t live[2] = {0, 0};
  for (int d = 0; d < 2; d++)
    for (size_t l = from[d]; l < from[d + 1]; l++)
      live[d] += lanes[l].lo <= lanes[l].hi;
  q->scans++;
  scan_state s = {.targets = q->seen, .c = c, .words = c / 64 + 1};
  while (next_target(&s, 0)) {
    bool need[2];
    for (int d = 0; d < 2; d++) {
      const uint64_t *reach = reach_at(&q->group[d], n);
      need[d] = live[d] > 0 && reach != NULL && bit_get(reach, s.least);
    }
    if (!need[0] && !need[1]) return s.least;
    size_t lanes_live = (need[0] ? live[0] : 0) + (need[1] ? live[1] : 0);
    size_t budget = lanes_live == 1 ? SIZE_MAX : SCAN_CHUNK;
    bool settled = false;
    for (int d = 0; d < 2 && !settled; d++) {
      s.reach = reach_at(&q->group[d], n);
      for (size_t l = from[d]; need[d] && !settled && l < from[d + 1]; l++) {
        if (lanes[l].lo > lanes[l].hi) continue;
        size_t before = lanes[l].hi + 1 - lanes[l].lo;
        settled = walk_lane(q, w, &s, &lanes[l], budget);
        size_t walked = before - (lanes[l].hi + 1 - lanes[l].lo);
        q->scan_steps += walked;
        q->group[d].walked += walked;
        if (lanes[l].lo > lanes[l].hi) live[d]--;
      }
    }
  }
  return c;
}

/* G(n) by the sparse method. Plain groups (every split visited) are settled by window scans
 * up to some L (plain_settle): their splits not yet walked are worth L or more only, so c, the
 * least value neither collected nor reached, is exact while c < L (every value at or below it
 * is settled); otherwise the plain groups are settled further and c found again. */
HEAPSEQ_HOT uint32_t sparse_value(nb_heapseq *q, size_t n, unsigned w) {
  bool unmet = unmet_wanted(q, w);
  if (unmet) prepare_unmet(q, n);
  bool pre = !unmet || unmet_end(q) < (uint32_t)1 << q->value_bits, ends = pre && ends_wanted(q, w);
  if (ends) prepare_ends(q, n, w);
  next_stamp(q);
  take_options(q, n, w);
  for (int d = 0; d < 2; d++)
    if (!q->group[d].plain) rare_splits(q, &q->group[d], n, w);
  open_lanes(q, n, w);
  open_plain(q, n, w, pre, ends);
  const uint64_t *far = q->marker != NULL ? heapseq_marker_far(q->marker, n) : NULL;
  bool any = false;
  uint32_t settled = unmet ? plain_unmet(q) : plain_settle(q, w, 0);
  uint32_t c = find_targets(q, n, far, &any);
  while (c >= settled) {
    settled = plain_settle(q, w, settled);
    c = find_targets(q, n, far, &any);
  }
  q->scanned = any;
  uint32_t v = any ? dense_scan(q, n, c, w) : c;
  if (q->unmet_mode == 0 && w == 2 && q->avx512) unmet_choose(q, v);
  return v;
}

/* --- the pair-set method (three-heap splits) ------------------------------------------------- */

/* The least clear bit of a bitset with a clear bit above every set one. */
static uint32_t bits_mex(const uint64_t *seen) {
  size_t u = 0;
  while (~seen[u] == 0)
    u++;
  return (uint32_t)(64 * u + lowest_bit(~seen[u]));
}

/* P(n) = { G(a) ^ G(n - a) : 1 <= a <= n/2 }, known once G(n - 1) is. */
HEAPSEQ_HOT void store_pairs(nb_heapseq *q, size_t n, unsigned w) {
  size_t words = words_for(q->value_bits);
  uint64_t *p = q->pairs + n * words;
  memset(p, 0, words * sizeof *p);
  for (size_t a = 1; 2 * a <= n; a++)
    bit_set(p, cell(q->table, w, a) ^ cell(q->table, w, n - a));
}

/* G(n) from the pair sets P(m), m <= n. */
HEAPSEQ_HOT uint32_t pairs_value(nb_heapseq *q, size_t n, unsigned w) {
  size_t words = words_for(q->value_bits), values = (size_t)1 << q->value_bits;
  uint64_t *seen = q->seen;
  memset(seen, 0, words * sizeof *seen);
  if (n <= q->k && bit_get(q->empties, n)) bit_set(seen, 0);
  for (size_t i = 0; i < q->ntake && q->take[i] < n; i++)
    bit_set(seen, cell(q->table, w, n - q->take[i]));
  for (int d = 0; d < 2; d++)
    for (size_t i = 0; i < q->group[d].count && q->group[d].digit[i] + 2 <= n; i++)
      for (size_t u = 0; u < words; u++)
        seen[u] |= q->pairs[(n - q->group[d].digit[i]) * words + u];
  for (size_t i = 0; i < q->ntriple && q->triple[i] + 3 <= n; i++) {
    size_t m = n - q->triple[i];
    memset(q->gather, 0, values * words * sizeof *q->gather);
    for (size_t a = 1; a + 2 <= m; a++) {
      uint64_t *acc = q->gather + cell(q->table, w, a) * words;
      for (size_t u = 0; u < words; u++)
        acc[u] |= q->pairs[(m - a) * words + u];
    }
    for (size_t t = 0; t < values; t++)
      for (size_t u = 0; u < words; u++)
        for (uint64_t b = q->gather[t * words + u]; b != 0; b &= b - 1)
          bit_set(seen, (u * 64 + lowest_bit(b)) ^ t);
  }
  return bits_mex(seen);
}

/* --- the run --------------------------------------------------------------------------------- */

static uint32_t width_max(unsigned w) {
  return w == 1 ? 0xff : w == 2 ? 0xffff : UINT32_MAX;
}

/* Whether a rare list is full, so that recording the next heap would move it (heapseq_record
 * makes room for one more entry before every heap). */
static bool rare_full(const nb_heapseq *q) {
  for (int d = 0; d < 2; d++) {
    const split_group *g = &q->group[d];
    if (g->count > 0 && !g->plain && g->rare_len == g->rare_cap) return true;
  }
  return false;
}

/* Computes heaps up to stop - 1 in a table of width w; returns early, leaving *wide set, when a
 * value does not fit the width, and, while a marking thread runs, when a rare list is full. */
HEAPSEQ_HOT nb_status run_width(nb_heapseq *q, size_t stop, unsigned w, uint32_t *wide,
                                nb_error *err) {
  while (q->len < stop) {
    uint32_t v;
    if (q->ntriple > 0) {
      store_pairs(q, q->len, w); /* P(n) first: a split without removal (d0) needs it */
      v = pairs_value(q, q->len, w);
    } else {
      v = sparse_value(q, q->len, w);
    }
    if (v > width_max(w)) {
      *wide = v;
      return NB_OK;
    }
    nb_status st = heapseq_record(q, v, err);
    if (st != NB_OK) return st;
    if (q->marker != NULL && q->len % 16 == 0) heapseq_marker_publish(q->marker, q);
    if (q->marker != NULL && rare_full(q)) return NB_OK; /* the stretch ends: see run_1_marked */
  }
  return NB_OK;
}

static nb_status run_1(nb_heapseq *q, size_t stop, uint32_t *wide, nb_error *err) {
  return run_width(q, stop, 1, wide, err);
}
static nb_status run_2(nb_heapseq *q, size_t stop, uint32_t *wide, nb_error *err) {
  return run_width(q, stop, 2, wide, err);
}
static nb_status run_4(nb_heapseq *q, size_t stop, uint32_t *wide, nb_error *err) {
  return run_width(q, stop, 4, wide, err);
}

/* run_1 with a marking thread where it pays, in stretches of MARK_STRETCH heaps. The rare lists
 * must not move under the thread, so a stretch also ends when one is full; the next one starts
 * by making room in it as heapseq_record would (doubling it, at the same heap), with no thread
 * running. So the lists grow exactly as with one thread: the memory held, and any refusal of
 * the cap, do not depend on the threads (an earlier version made room for the whole stretch,
 * up to 16,384 entries a list: 66% more memory for Grundy's game at 150,000 heaps, and caps
 * that one thread met refused with two). In
 * automatic mode each stretch is timed, and the next one uses the mode that computed its last
 * stretch faster a heap: a second thread pays only while a second processor is free, which on a
 * shared machine comes and goes. With spare units to count (nb_heapseq_config.spare: survey
 * --jobs), a stretch runs with the thread only while one is free, held for the stretch. */
static nb_status run_1_marked(nb_heapseq *q, size_t stop, uint32_t *wide, nb_error *err) {
  nb_status st = NB_OK;
  while (st == NB_OK && q->len < stop && *wide == 0) {
    size_t first = q->len, end = stop - first > MARK_STRETCH ? first + MARK_STRETCH : stop;
    nb_error ignored; /* a list cannot grow: one thread computes, and its record fails */
    bool held = heapseq_marker_choose(q) && heapseq_marker_take(q);
    bool two = held && heapseq_rare_room(q, 1, &ignored) == NB_OK && heapseq_marker_start(q, end);
    if (held && !two) heapseq_marker_give(q);
    q->marked_runs += two;
    double start = heapseq_marker_clock();
    st = run_1(q, end, wide, err);
    if (two) heapseq_marker_stop(q), heapseq_marker_give(q);
    heapseq_marker_timed(q, two, q->len - first, heapseq_marker_clock() - start);
  }
  return st;
}

nb_status heapseq_run(nb_heapseq *q, size_t stop, nb_error *err) {
  while (q->len < stop) {
    uint32_t wide = 0;
    nb_status st = q->width == 1 && heapseq_marker_wanted(q, stop)
                       ? run_1_marked(q, stop, &wide, err)
                   : q->width == 1 ? run_1(q, stop, &wide, err)
                   : q->width == 2 ? run_2(q, stop, &wide, err)
                                   : run_4(q, stop, &wide, err);
    if (st == NB_OK && wide != 0) st = heapseq_record(q, wide, err); /* widens the table */
    if (st != NB_OK) return st;
  }
  return NB_OK;
}
