/*
 * heapwindow.c: the dense loop of games without a sparse space (0.04, 0.06): a split group whose
 * rare heaps are too many to list ("plain", heapstep.c) has every split (a, m - a) of every heap
 * to visit, O(n) a heap and O(n^2) in all, and no known method avoids it. What this file makes
 * cheaper is the visit.
 *
 * The plain way marks every split's value, G(a) ^ G(m - a), and takes the mex: one store a
 * split, which no vector instruction set here can do several at a time (AVX2 has no scatter).
 * But the mex needs far less than every value: only which values are never met. After the first
 * splits are marked (heapstep.c, plain_pre_of: HEAPSEQ_PLAIN_PRE of them from each end of each
 * removal at least, hi L / 16 in long lanes, their values kept per lane in F(m)),
 * nearly every value below the mex is met already, and the few values not met that could still
 * decide the mex are "targets". A window of HEAPSEQ_WINDOW values [base, base + HEAPSEQ_WINDOW),
 * base the least value not met, holds them; the rest of the splits are then only tested against the
 * window's targets, 32 splits at a time in two registers with AVX2, and a split's value is
 * stored only when it meets a target (the target is dropped: marked, as the plain loop would
 * have marked it). When no target is left in the window the walk stops at once: every value of
 * the window is met, and the caller (plain_settle in heapstep.c) moves the window on.
 *
 * Invariant, after heapseq_window_scan over splits S with window [base, base + W) whose targets
 * were every value of the window not marked before: each value of the window that some split
 * of S is worth is marked. Proof: such a value was marked before, or was a target; a target met
 * is marked when met, and the walk stops early only when no target is left (every value of the
 * window marked). So the marks tell exactly which values of the window the splits are worth,
 * whatever the order the splits are visited in; the kernels visit them in different orders and
 * groupings, and the results are the same by this invariant (the tests run each against the
 * plain mex and against each other).
 *
 * Kernels. The portable kernel (any processor, any table width) marks every split of the lane,
 * as the plain loop does, and consumes the lane (mark_lane): a scalar test against the window
 * is a branch on unpredictable values, dearer than the store. The AVX2 kernels, chosen at run
 * time (q->avx2): 1-byte tables form 32 values G(a + i) ^ G(m - a - i) in one register (the
 * upper slice loaded and reversed) and test them with the nibble lookup of heapstep.c (two
 * 16-byte tables for values below 256, base 0);
 * 2-byte tables form two registers of 16, subtract base, pack the low and high bytes of the 32
 * differences, and look the low bytes up in the tables of the high byte's 256-value quarter
 * (high byte 0 to 3; any other high byte is outside the window). Where the processor has
 * AVX-512 F, BW and VBMI (q->avx512, heapseq_has_avx512, which asks BMI1 too for the first
 * splits' marking, mark_avx512_2; the kernel itself needs F and BW),
 * 2-byte tables take scan_avx512_2 instead: the targets' bitset is one register and each split
 * looks its own bit up (about 3 times fewer instructions: 0.634, 0.764 and 0.06 to 131,072
 * heaps took 1.45 to 1.8 times less CPU than with the AVX2 kernel, both marking the first
 * splits one at a time). 4-byte tables (values of 65536 and more: far beyond any game computed
 * so far) use the scalar kernel.
 *
 * Differences below base. y = x - base is formed in 16 bits, so a value x < base wraps to
 * y = 2^16 - (base - x). That is never taken for a target: a 2-byte table holds values at most
 * 0xffff, so the window's end is at most 2^16 and y >= 2^16 - base >= end - base, while want
 * (or the AVX2 quarter tables, whose high byte must be 0 to 3) has no target at or past end -
 * base. The 32-bit recomputation in window_drop agrees with the 16-bit y wherever a target is met.
 */
#include "heap/heapengine.h"

#if defined(__GNUC__) && defined(__x86_64__)
#define WINDOW_AVX2 1 /* the window scan has AVX2 kernels, chosen at run time */
#include <immintrin.h>
#else
#define WINDOW_AVX2 0
#endif

/* Drops target y (a value base + y of the window): clears it, marks its value, and keeps the
 * nibble tables in step. Returns true when no target is left. */
static inline bool window_drop(heap_window *win, uint32_t y, uint8_t *mark, uint8_t stamp) {
  if (!bit_get(win->want, y)) return false;
  win->want[y >> 6] &= ~(UINT64_C(1) << (y & 63));
  if (y < HEAPSEQ_WINDOW) win->nib[y >> 7][y & 15] &= (uint8_t) ~(1u << (y >> 4 & 7));
  mark[win->base + y] = stamp;
  return --win->left == 0;
}

#if WINDOW_AVX2
/* heapseq_window_open's targets of a wide window (AVX-512 BW, which a wide window implies:
 * heapseq_window_wide): each word of want is ~collected_word, the 64 marks compared with the stamp
 * at once (bit i of the comparison's mask is byte i, value 64 u + i), and left its popcount. The
 * nibble tables are left empty: no AVX2 kernel scans a wide window (heapseq_window_scan), and
 * window_drop only clears their bits. Before, each target went through a loop setting its nibble
 * bit (some 500 a window at 2^18 heaps of 0.136): heapseq_window_open was 4% of that game's
 * CPU (perf). */
__attribute__((target("avx512f,avx512bw"))) static void open_wide(heap_window *win,
                                                                  const uint8_t *mark,
                                                                  uint8_t stamp, uint32_t end) {
  const __m512i s = _mm512_set1_epi8((char)stamp);
  for (uint32_t u = 0; u < win->size / 64; u++) {
    uint32_t from = win->base + 64 * u; /* the values from .. from + 63, those below end */
    uint64_t want = 0;
    if (from < end)
      want = ~(uint64_t)_mm512_cmpeq_epi8_mask(_mm512_loadu_si512((const void *)(mark + from)), s);
    if (from < end && end - from < 64) want &= (UINT64_C(1) << (end - from)) - 1;
    win->want[u] = want;
    win->left += (size_t)__builtin_popcountll(want);
  }
}
#endif

bool heapseq_window_wide(unsigned w, bool avx512) {
  return WINDOW_AVX2 && avx512 && w == 2;
}

void heapseq_window_open(heap_window *win, const uint8_t *mark, uint8_t stamp, uint32_t base,
                         uint32_t end, bool wide) {
  uint32_t size = HEAPSEQ_WINDOW;
  if (wide)
    for (size = 1024; size < end - base && size < HEAPSEQ_WIDE; size *= 2) {
    }
  NB_ASSERT(base % 64 == 0 && end > base && end - base <= size);
  memset(win->nib, 0, sizeof win->nib);
  win->base = base;
  win->size = size;
  win->left = 0;
#if WINDOW_AVX2
  if (wide) {
    open_wide(win, mark, stamp, end);
    return;
  }
#endif
  for (uint32_t u = 0; u < size / 64; u++) {
    uint32_t from = base + 64 * u; /* the values from .. from + 63, those below end */
    uint64_t want = 0;
    if (from < end) want = ~collected_word(mark, stamp, from / 64);
    if (from < end && end - from < 64) want &= (UINT64_C(1) << (end - from)) - 1;
    win->want[u] = want;
    for (; want != 0; want &= want - 1) {
      uint32_t y = 64 * u + lowest_bit(want);
      if (y < HEAPSEQ_WINDOW) win->nib[y >> 7][y & 15] |= (uint8_t)(1u << (y >> 4 & 7));
      win->left++;
    }
  }
}

/* The scalar kernel: splits (a, m - a) for lo <= a <= hi, one at a time. */
HEAPSEQ_HOT bool scan_scalar(const void *t, unsigned w, size_t m, size_t lo, size_t hi,
                             heap_window *win, uint8_t *mark, uint8_t stamp) {
  const uint32_t base = win->base;
  for (size_t a = lo; a <= hi; a++) {
    uint32_t y = (cell(t, w, a) ^ cell(t, w, m - a)) - base;
    if (y < win->size && bit_get(win->want, y) && window_drop(win, y, mark, stamp)) return true;
  }
  return false;
}

/* The portable kernel: marks every split of the lane, as the plain loop does (without vector
 * instructions a test against the window costs a branch on unpredictable values, more than the
 * store: 0.04 to 60,000 took twice the plain loop's time that way). The lane is then consumed:
 * its splits are settled for every value, and later windows need not walk it again. */
HEAPSEQ_HOT void mark_lane(const void *t, unsigned w, lane *l, uint8_t *mark, uint8_t stamp) {
  size_t m = l->m, a = l->lo;
  for (; a + 4 <= l->hi + 1; a += 4) {
    uint32_t x0 = cell(t, w, a) ^ cell(t, w, m - a);
    uint32_t x1 = cell(t, w, a + 1) ^ cell(t, w, m - a - 1);
    uint32_t x2 = cell(t, w, a + 2) ^ cell(t, w, m - a - 2);
    uint32_t x3 = cell(t, w, a + 3) ^ cell(t, w, m - a - 3);
    mark[x0] = stamp;
    mark[x1] = stamp;
    mark[x2] = stamp;
    mark[x3] = stamp;
  }
  for (; a <= l->hi; a++)
    mark[cell(t, w, a) ^ cell(t, w, m - a)] = stamp;
  l->lo = l->hi + 1;
}

/* mark_lane for each width, compiled apart (the width a constant in each). */
HEAPSEQ_NOINLINE void mark_lane_1(const void *t, lane *l, uint8_t *mark, uint8_t stamp) {
  mark_lane(t, 1, l, mark, stamp);
}
HEAPSEQ_NOINLINE void mark_lane_2(const void *t, lane *l, uint8_t *mark, uint8_t stamp) {
  mark_lane(t, 2, l, mark, stamp);
}
HEAPSEQ_NOINLINE void mark_lane_4(const void *t, lane *l, uint8_t *mark, uint8_t stamp) {
  mark_lane(t, 4, l, mark, stamp);
}

/* mark_lane of a table of width w. */
static void mark_lane_w(const void *t, unsigned w, lane *l, uint8_t *mark, uint8_t stamp) {
  if (w == 1)
    mark_lane_1(t, l, mark, stamp);
  else if (w == 2)
    mark_lane_2(t, l, mark, stamp);
  else
    mark_lane_4(t, l, mark, stamp);
}

/* The window's targets after a lane was marked: those still not marked. */
static void window_recount(heap_window *win, const uint8_t *mark, uint8_t stamp) {
  win->left = 0;
  for (uint32_t u = 0; u < win->size / 64; u++)
    for (uint64_t b = win->want[u]; b != 0; b &= b - 1) {
      uint32_t y = 64 * u + lowest_bit(b);
      if (mark[win->base + y] == stamp) {
        win->want[u] &= ~(UINT64_C(1) << (y & 63));
        if (y < HEAPSEQ_WINDOW) win->nib[y >> 7][y & 15] &= (uint8_t) ~(1u << (y >> 4 & 7));
      } else {
        win->left++;
      }
    }
}

#if WINDOW_AVX2
#define AVX2_TARGET __attribute__((target("avx2")))

/* The nibble table t (16 bytes) in both halves of a register. */
AVX2_TARGET static inline __m256i nibbles(const uint8_t *t) {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)t));
}

/* The 32 values t[a + i] ^ t[m - a - i], i < 32, of a 1-byte table (the upper slice reversed). */
AVX2_TARGET static inline __m256i pairs_1(const uint8_t *t, size_t a, size_t m) {
  const __m256i reverse = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15,
                                           14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  __m256i up = _mm256_loadu_si256((const __m256i *)(t + m - a - 31));
  up = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(up, reverse), 0x4e);
  return _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(t + a)), up);
}

/* The 16 values t[a + i] ^ t[m - a - i], i < 16, of a 2-byte table. */
AVX2_TARGET static inline __m256i pairs_2(const uint16_t *t, size_t a, size_t m) {
  const __m256i reverse = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14,
                                           15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  __m256i up = _mm256_loadu_si256((const __m256i *)(t + m - a - 15));
  up = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(up, reverse), 0x4e);
  return _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(t + a)), up);
}

/* 1-byte tables (base 0: the window holds every byte value). */
AVX2_TARGET HEAPSEQ_NOINLINE bool scan_avx2_1(const uint8_t *t, size_t m, size_t lo, size_t hi,
                                              heap_window *win, uint8_t *mark, uint8_t stamp) {
  __m256i t0 = nibbles(win->nib[0]), t1 = nibbles(win->nib[1]);
  size_t a = lo;
  for (; a + 31 <= hi; a += 32) {
    __m256i x = pairs_1(t, a, m);
    uint32_t found = heapseq_targets_in(x, t0, t1); /* heapengine.h */
    if (found == 0) continue;
    uint8_t value[32];
    _mm256_storeu_si256((__m256i *)value, x);
    for (; found != 0; found &= found - 1)
      if (window_drop(win, value[lowest_bit(found)], mark, stamp)) return true;
    t0 = nibbles(win->nib[0]);
    t1 = nibbles(win->nib[1]);
  }
  return a <= hi && scan_scalar(t, 1, m, a, hi, win, mark, stamp);
}

/* 2-byte tables: differences y = x - base, in the window iff their high byte h is below 4;
 * the low byte is looked up in the tables of h's 256-value quarter, nib[2h] and nib[2h + 1]. */
AVX2_TARGET HEAPSEQ_NOINLINE bool scan_avx2_2(const uint16_t *t, size_t m, size_t lo, size_t hi,
                                              heap_window *win, uint8_t *mark, uint8_t stamp) {
  enum { QUARTERS = HEAPSEQ_WINDOW / 256 };
  __m256i tab[2 * QUARTERS];
  for (int k = 0; k < 2 * QUARTERS; k++)
    tab[k] = nibbles(win->nib[k]);
  const __m256i base = _mm256_set1_epi16((short)win->base), low_byte = _mm256_set1_epi16(0xff),
                nibble = _mm256_set1_epi8(0x0f), zero = _mm256_setzero_si256();
  const __m256i bits = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
                                        1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
  size_t a = lo;
  for (; a + 31 <= hi; a += 32) {
    __m256i y0 = _mm256_sub_epi16(pairs_2(t, a, m), base),
            y1 = _mm256_sub_epi16(pairs_2(t, a + 16, m), base);
    /* packus interleaves y0 and y1 by 128-bit halves: low and high in the same order */
    __m256i low =
        _mm256_packus_epi16(_mm256_and_si256(y0, low_byte), _mm256_and_si256(y1, low_byte));
    __m256i high = _mm256_packus_epi16(_mm256_srli_epi16(y0, 8), _mm256_srli_epi16(y1, 8));
    __m256i col = _mm256_and_si256(low, nibble),
            row = _mm256_shuffle_epi8(bits, _mm256_and_si256(_mm256_srli_epi16(low, 4), nibble));
    __m256i entry = zero;
    for (int h = 0; h < QUARTERS; h++) {
      __m256i e = _mm256_blendv_epi8(_mm256_shuffle_epi8(tab[2 * h], col),
                                     _mm256_shuffle_epi8(tab[2 * h + 1], col), low);
      __m256i is_h = _mm256_cmpeq_epi8(high, _mm256_set1_epi8((char)h));
      entry = _mm256_or_si256(entry, _mm256_and_si256(e, is_h));
    }
    uint32_t found =
        ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(entry, row), zero));
    if (found == 0) continue;
    uint8_t lows[32], highs[32];
    _mm256_storeu_si256((__m256i *)lows, low);
    _mm256_storeu_si256((__m256i *)highs, high);
    for (; found != 0; found &= found - 1) {
      unsigned i = lowest_bit(found);
      if (window_drop(win, lows[i] | (uint32_t)highs[i] << 8, mark, stamp)) return true;
    }
    for (int k = 0; k < 2 * QUARTERS; k++)
      tab[k] = nibbles(win->nib[k]);
  }
  return a <= hi && scan_scalar(t, 2, m, a, hi, win, mark, stamp);
}

/* AVX-512 (BW), 2-byte tables: the targets' bitset want (512 bits, 32 words of 16) is one
 * register, and each difference y = x - base looks its bit up itself: word y >> 4 by a
 * permutation (its low 5 bits), shifted right by y & 15; y below HEAPSEQ_WINDOW is compared
 * apart (y wrapped below base is no target: see "Differences below base" above). About 12
 * instructions for 32 splits, against the AVX2 kernel's 40 for 32: no packing to bytes, no quarter
 * tables. Little-endian only (bit y of want is bit y & 15 of 16-bit word y >> 4 as the register
 * reads it), which every x86-64 is. */
#define AVX512_TARGET __attribute__((target("avx512f,avx512bw")))

/* The 32 values t[a + i] ^ t[m - a - i], i < 32, of a 2-byte table (the upper slice reversed). */
AVX512_TARGET static inline __m512i pairs_32(const uint16_t *t, size_t a, size_t m,
                                             __m512i reverse) {
  __m512i up =
      _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512((const void *)(t + m - a - 31)));
  return _mm512_xor_si512(_mm512_loadu_si512((const void *)(t + a)), up);
}

/* The bits of the 32 differences y that are targets. */
AVX512_TARGET static inline __mmask32 targets_32(__m512i y, __m512i want, __m512i low4, __m512i one,
                                                 __m512i size) {
  __m512i word = _mm512_permutexvar_epi16(_mm512_srli_epi16(y, 4), want);
  __m512i bit = _mm512_srlv_epi16(word, _mm512_and_si512(y, low4));
  return _mm512_mask_test_epi16_mask(_mm512_cmplt_epu16_mask(y, size), bit, one);
}

AVX512_TARGET HEAPSEQ_NOINLINE bool scan_avx512_2(const uint16_t *t, size_t m, size_t lo, size_t hi,
                                                  heap_window *win, uint8_t *mark, uint8_t stamp) {
  _Static_assert(HEAPSEQ_WINDOW == 512, "the window is one 512-bit register");
  static const uint16_t reverse_index[32] = {31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21,
                                             20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
                                             9,  8,  7,  6,  5,  4,  3,  2,  1,  0};
  const __m512i reverse = _mm512_loadu_si512((const void *)reverse_index),
                base = _mm512_set1_epi16((short)win->base), low4 = _mm512_set1_epi16(15),
                one = _mm512_set1_epi16(1), size = _mm512_set1_epi16(HEAPSEQ_WINDOW);
  __m512i want = _mm512_loadu_si512((const void *)win->want);
  size_t a = lo;
  for (; a + 63 <= hi; a += 64) {
    __m512i y0 = _mm512_sub_epi16(pairs_32(t, a, m, reverse), base),
            y1 = _mm512_sub_epi16(pairs_32(t, a + 32, m, reverse), base);
    uint64_t found = (uint64_t)targets_32(y0, want, low4, one, size) |
                     (uint64_t)targets_32(y1, want, low4, one, size) << 32;
    if (found == 0) continue;
    for (; found != 0; found &= found - 1) {
      size_t i = a + lowest_bit(found);
      if (window_drop(win, (uint32_t)(t[i] ^ t[m - i]) - win->base, mark, stamp)) return true;
    }
    want = _mm512_loadu_si512((const void *)win->want);
  }
  return a <= hi && scan_scalar(t, 2, m, a, hi, win, mark, stamp);
}

/* The wide kernel (AVX-512 BW, 2-byte tables): scan_avx512_2 over a window of 1024 P values,
 * P = 1, 2, 4 or 8 (size 1024 to HEAPSEQ_WIDE), its bitset in 2P registers of 32 words. Word
 * y >> 4 of it is word (y >> 4) & 63 of the register pair p = y >> 10: one VPERMI2W looks up
 * the 64 words of a pair, every pair is looked up independently, and a tree of blends keeps
 * for each lane the word of its own pair (level k by bit 10 + k of y), so each lane ends with
 * its own word when y < size; the lanes with y >= size are masked off by the comparison.
 * Why wide: a window whose every value is met (the scan stops early) is scanned again by the
 * next window from the start of the lanes, and where a heap's mex lies far above the least
 * value the first splits leave unmet (0.414 at 2^18: 0 to 5,000 apart, 3.6 windows of 512 a
 * heap) the lanes were walked 3 times; a wider window walks them fewer times (1,024: 2.0,
 * 2,048: 1.4) but meets more targets, those above the mex among them (its drops 1.2 and 1.6
 * times as many). plain_settle takes 1,024 (WIDE_WINDOW, heapstep.c), the best measured to
 * 2^19, and 2,048 in heaps with two plain lanes or more once values have 14 bits (wide_span);
 * the tests run every size. Differences below base: as for scan_avx512_2, with size for
 * HEAPSEQ_WINDOW (base + size may pass 2^16 when size was rounded up to a power of two, but a
 * wrapped y is at least 2^16 - base >= end - base, and want has no target at or past end -
 * base).
 * Targets met are dropped in the registers themselves: the value marked (at[y] = stamp), bit y
 * cleared in register y >> 9 (each register compares its own 32 word indices with y >> 4), and
 * the walk stops when every register is zero (no target left). Invariant as for window_drop:
 * a bit is cleared only after its value is marked, and a split met while its bit is set is
 * marked; a split whose bit is clear is worth a marked value or none in the window. A value met
 * twice in one step is marked and cleared twice (the same effect). Before, each target went
 * through window_drop and the registers were reloaded from want just written (a store
 * forwarded to a wider load, which stalls): 0.026 to 2^18 2.95 against 2.78 s. A target met
 * takes its value from the table again (two loads of lines just read, an XOR, a subtraction),
 * not from the step's differences written out as 64 words (two 64-byte stores, then a 2-byte
 * load forwarded from them: perf put 7% of the kernel's samples on it); 0.026, 0.136, 0.06 and
 * 0.125 to 2^18, CPU, three runs each, one after the other: 1.89-1.98 -> 1.83-2.02,
 * 1.77-1.88 -> 1.68-1.84, 1.72-1.80 -> 1.65-1.93, 1.75-1.82 -> 1.70-1.73 s. The step's test by
 * KORTEST (no transfer of the masks) was slower (1.79-1.82 and 1.84-1.87 s on the last two). */
AVX512_TARGET HEAPSEQ_HOT bool scan_wide(const uint16_t *t, size_t m, size_t lo, size_t hi,
                                         heap_window *win, uint8_t *mark, uint8_t stamp,
                                         int pairs) {
  static const uint16_t reverse_index[32] = {31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21,
                                             20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
                                             9,  8,  7,  6,  5,  4,  3,  2,  1,  0};
  static const uint16_t iota_index[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                          11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                          22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
  const __m512i reverse = _mm512_loadu_si512((const void *)reverse_index),
                iota = _mm512_loadu_si512((const void *)iota_index),
                base = _mm512_set1_epi16((short)win->base),
                size = _mm512_set1_epi16((short)win->size);
  uint8_t *at = mark + win->base; /* value base + y is at[y] */
  const uint16_t base16 = (uint16_t)win->base;
  __m512i tab[2 * HEAPSEQ_WIDE / 1024];
#pragma GCC unroll 16
  for (int k = 0; k < 2 * pairs; k++)
    tab[k] = _mm512_loadu_si512((const void *)(win->want + 8 * k));
  size_t a = lo;
  bool none_left = false;
  for (; a + 63 <= hi; a += 64) {
    __m512i y0 = _mm512_sub_epi16(pairs_32(t, a, m, reverse), base),
            y1 = _mm512_sub_epi16(pairs_32(t, a + 32, m, reverse), base);
    uint64_t found = (uint64_t)heapseq_targets_wide(y0, tab, pairs, size) |
                     (uint64_t)heapseq_targets_wide(y1, tab, pairs, size) << 32;
    if (found == 0) continue;
    for (; found != 0; found &= found - 1) { /* y < size: found tested it */
      size_t i = a + lowest_bit(found);
      uint32_t y = (uint16_t)((t[i] ^ t[m - i]) - base16);
      at[y] = stamp;
      /* clear bit y & 15 of word y >> 4 (word (y >> 4) & 31 of register y >> 9) */
      const __m512i bit = _mm512_set1_epi16((short)(1u << (y & 15)));
#pragma GCC unroll 16
      for (int k = 0; k < 2 * pairs; k++) {
        __mmask32 here =
            _mm512_cmpeq_epi16_mask(iota, _mm512_set1_epi16((short)((int)(y >> 4) - 32 * k)));
        tab[k] =
            _mm512_mask_andnot_epi32(tab[k], 0xffff, _mm512_maskz_mov_epi16(here, bit), tab[k]);
      }
    }
    __m512i any = tab[0];
#pragma GCC unroll 16
    for (int k = 1; k < 2 * pairs; k++)
      any = _mm512_or_si512(any, tab[k]);
    if (_mm512_test_epi64_mask(any, any) == 0) {
      none_left = true;
      break;
    }
  }
#pragma GCC unroll 16
  for (int k = 0; k < 2 * pairs; k++)
    _mm512_storeu_si512((void *)(win->want + 8 * k), tab[k]);
  win->left = 0;
  for (uint32_t u = 0; u < win->size / 64; u++)
    win->left += (size_t)__builtin_popcountll(win->want[u]);
  if (none_left) return true;
  return a <= hi && scan_scalar(t, 2, m, a, hi, win, mark, stamp);
}

/* The wide kernel with every target met written down without a branch (AVX-512 VBMI2), over the
 * first LISTED_PART-th of the lane: games with one plain lane a heap (0.026, 0.036, 0.125) walk
 * it whole once a heap (the last window holds the mex, which no split meets), some 210 targets
 * met a heap at 2^18 (half of them above the mex), and each met in its own step of 64 cost
 * scan_wide a mispredicted branch: 20% of the kernel's samples sat on the instruction after it
 * (perf). Here each step compresses the differences that are targets (VPCOMPRESSW) to the end
 * of a list met[0 .. n) and counts them (popcount of the mask), branch-free; every FLUSH_BLOCKS
 * steps the list is settled: each y marked (at[y] = stamp) and cleared in want, the registers
 * reloaded, and the walk stops if no target is left. The listing costs every step some ten
 * instructions more, so it pays only where targets are met often, early in the walk: 0.026 to
 * 2^19, CPU, three runs each, one after the other: scan_wide alone 9.2-9.4 s, the lists over the
 * whole lane 10.4-12.6, over its first eighth 8.3-9.0, its first quarter 8.1-9.1 (main 10.0-10.2).
 * Correctness: between settlings the registers are stale (a target met stays a target), so a
 * split worth a target at the step's start is listed; at the settling each listed value is
 * marked before its bit is cleared. So after each settling every value of the window that a
 * split walked so far is worth is marked (it was marked before the window opened, or listed,
 * or its bit was clear because it was marked at an earlier settling), which is the invariant
 * above; listed twice means marked twice (the same store), and the walk stops only when want is
 * all zero (every value of the window marked). The list holds at most 64 a step: each store of
 * a compressed register writes 32 entries at met + n with n <= 64 FLUSH_BLOCKS - 32, so
 * 64 FLUSH_BLOCKS entries suffice. The rest of the lane goes to scan_wide (same invariant). The
 * walk runs up to FLUSH_BLOCKS - 1 steps past the point where scan_wide would stop, which changes
 * only the time. */
#define VBMI2_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi2")))
enum {
  FLUSH_BLOCKS = 16, /* steps of 64 splits between settlings */
  LISTED_PART = 8    /* the first (hi - lo) / 8 splits of the walk listed, the rest to scan_wide */
};
VBMI2_TARGET HEAPSEQ_HOT bool scan_wide_buffered(const uint16_t *t, size_t m, size_t lo, size_t hi,
                                                 heap_window *win, uint8_t *mark, uint8_t stamp,
                                                 int pairs) {
  static const uint16_t reverse_index[32] = {31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21,
                                             20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
                                             9,  8,  7,  6,  5,  4,  3,  2,  1,  0};
  const __m512i reverse = _mm512_loadu_si512((const void *)reverse_index),
                base = _mm512_set1_epi16((short)win->base),
                size = _mm512_set1_epi16((short)win->size);
  uint8_t *at = mark + win->base; /* value base + y is at[y] */
  uint16_t met[64 * FLUSH_BLOCKS];
  __m512i tab[2 * HEAPSEQ_WIDE / 1024];
#pragma GCC unroll 16
  for (int k = 0; k < 2 * pairs; k++)
    tab[k] = _mm512_loadu_si512((const void *)(win->want + 8 * k));
  size_t a = lo, stop = lo + (hi - lo) / LISTED_PART;
  while (a + 64 * FLUSH_BLOCKS - 1 <= hi && a < stop) {
    size_t n = 0;
    for (int b = 0; b < FLUSH_BLOCKS; b++, a += 64) {
      __m512i y0 = _mm512_sub_epi16(pairs_32(t, a, m, reverse), base),
              y1 = _mm512_sub_epi16(pairs_32(t, a + 32, m, reverse), base);
      __mmask32 f0 = heapseq_targets_wide(y0, tab, pairs, size),
                f1 = heapseq_targets_wide(y1, tab, pairs, size);
      _mm512_storeu_si512((void *)(met + n), _mm512_maskz_compress_epi16(f0, y0));
      n += (size_t)__builtin_popcount(f0);
      _mm512_storeu_si512((void *)(met + n), _mm512_maskz_compress_epi16(f1, y1));
      n += (size_t)__builtin_popcount(f1);
    }
    if (n == 0) continue;
    for (size_t i = 0; i < n; i++) {
      uint32_t y = met[i];
      at[y] = stamp;
      win->want[y >> 6] &= ~(UINT64_C(1) << (y & 63));
    }
    __m512i any = _mm512_setzero_si512();
#pragma GCC unroll 16
    for (int k = 0; k < 2 * pairs; k++) {
      tab[k] = _mm512_loadu_si512((const void *)(win->want + 8 * k));
      any = _mm512_or_si512(any, tab[k]);
    }
    if (_mm512_test_epi64_mask(any, any) == 0) {
      win->left = 0;
      return true;
    }
  }
  win->left = 0;
  for (uint32_t u = 0; u < win->size / 64; u++)
    win->left += (size_t)__builtin_popcountll(win->want[u]);
  return a <= hi && scan_wide(t, m, a, hi, win, mark, stamp, pairs);
}

/* scan_wide_buffered for each number of register pairs, compiled apart. */
VBMI2_TARGET HEAPSEQ_NOINLINE bool scan_avx512_buffered(const uint16_t *t, size_t m, size_t lo,
                                                        size_t hi, heap_window *win, uint8_t *mark,
                                                        uint8_t stamp) {
  switch (win->size) {
  case 1024:
    return scan_wide_buffered(t, m, lo, hi, win, mark, stamp, 1);
  case 2048:
    return scan_wide_buffered(t, m, lo, hi, win, mark, stamp, 2);
  case 4096:
    return scan_wide_buffered(t, m, lo, hi, win, mark, stamp, 4);
  default:
    return scan_wide_buffered(t, m, lo, hi, win, mark, stamp, 8);
  }
}

/* scan_wide for each number of register pairs, compiled apart (the loops over pairs unrolled). */
AVX512_TARGET HEAPSEQ_NOINLINE bool scan_avx512_wide(const uint16_t *t, size_t m, size_t lo,
                                                     size_t hi, heap_window *win, uint8_t *mark,
                                                     uint8_t stamp) {
  _Static_assert(HEAPSEQ_WIDE == 8192, "at most 8 register pairs");
  switch (win->size) {
  case 1024:
    return scan_wide(t, m, lo, hi, win, mark, stamp, 1);
  case 2048:
    return scan_wide(t, m, lo, hi, win, mark, stamp, 2);
  case 4096:
    return scan_wide(t, m, lo, hi, win, mark, stamp, 4);
  default:
    return scan_wide(t, m, lo, hi, win, mark, stamp, 8);
  }
}
#endif

#if WINDOW_AVX2
/* The first splits' marking (heapstep.c's open_plain, a third of the time of a game without a
 * sparse space) for 2-byte tables with AVX-512: the 32 values G(a + i) ^ G(m - a - i), i < 32,
 * formed in one register as scan_avx512_2 forms them, written out, then each marked by a plain
 * store: one load and one store a split where mark_lane has two loads, an XOR and a store. The
 * values leave the register as eight 64-bit words, four values each, the middle two taken out
 * by one BEXTR each (BMI1; the compiler's copy, shift and zero-extension were three operations
 * a value, and the loop was bound by its operations more than by its stores), and the next
 * step's 32 values are loaded and reversed before this step's stores (the 32 stores of a step
 * fill the store queue, and the loads behind them waited: perf put the samples at the loop's
 * head). 0.136 and 0.026 to 2^18, CPU, three runs each, one after the other: main 1.87-1.96
 * and 2.00-2.19 s, BEXTR alone 1.80-1.81 (0.136), BEXTR and the next step ahead 1.75-1.76 and
 * 1.93-1.98 s; two steps ahead the same (1.92-2.03 on 0.026); the words read back from memory
 * instead of the register (a wide store forwarded to narrower loads) no better than main. It
 * marks exactly the values mark_lane marks (the same splits, each value stored once; the order
 * of stores of one stamp does not matter), so the window scans after it see the same marks; the
 * tests run it against the portable kernel and the plain mex. */
__attribute__((target("avx512f,avx512bw,bmi"))) HEAPSEQ_NOINLINE void
mark_avx512_2(const uint16_t *t, size_t m, size_t lo, size_t hi, uint8_t *mark, uint8_t stamp) {
  static const uint16_t reverse_index[32] = {31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21,
                                             20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
                                             9,  8,  7,  6,  5,  4,  3,  2,  1,  0};
  const __m512i reverse = _mm512_loadu_si512((const void *)reverse_index);
  size_t a = lo;
  if (a + 31 <= hi) {
    __m512i x = pairs_32(t, a, m, reverse);
    for (;;) {
      bool more = a + 63 <= hi; /* the next step's values loaded before this step's stores */
      __m512i next = more ? pairs_32(t, a + 32, m, reverse) : x;
      uint64_t v[8];
      _mm512_storeu_si512((void *)v, x);
      for (int i = 0; i < 8; i++) { /* four values a word (little-endian: value 4i + k in bits
                                       16k .. 16k + 15), split by BEXTR */
        uint64_t w = v[i];
        mark[w & 0xffff] = stamp;
        mark[__bextr_u64(w, 16 | 16 << 8)] = stamp;
        mark[__bextr_u64(w, 32 | 16 << 8)] = stamp;
        mark[w >> 48] = stamp;
      }
      a += 32;
      if (!more) break;
      x = next;
    }
  }
  for (; a <= hi; a++)
    mark[t[a] ^ t[m - a]] = stamp;
}

/* heapseq_mark_clear with AVX-512 (BW): 64 marks a store, masked by the clear bits. */
AVX512_TARGET HEAPSEQ_NOINLINE void mark_clear_avx512(const uint64_t *bits, uint32_t end,
                                                      uint8_t *mark, uint8_t stamp) {
  const __m512i s = _mm512_set1_epi8((char)stamp);
  for (uint32_t u = 0; u < end / 64; u++)
    _mm512_mask_storeu_epi8(mark + 64 * u, ~bits[u], s);
}
#endif

/* U(m) below end (heapstep.c, "the unmet sets of plain lanes"): the first and last UNMET_PRE
 * splits are marked (a store each; the whole lane when it is no longer), then the rest walked
 * by the wide kernel against a window [base, end) whose targets are the values not marked, base
 * the first multiple of 64 with a value not marked (every value below it is marked: met). By
 * the invariant above, afterwards the window's targets left (want) are exactly the values of
 * [base, end) that no split of the lane is worth: a value not marked by the first splits is a
 * target, and a target is dropped exactly when a split walked is worth it (or the walk stops
 * early, no target left: none unmet). So U(m) is want shifted up by base, nothing below base.
 * Marking pays over walking where values are met first late in the lane: a lane of 0.414 near
 * 2^19 heaps (2^18 splits) left some 5,000 of 8,192 values for the walk after 4,096 marks from
 * each end, and each target met costs a mispredicted branch; 0.414 to 2^19 with unmet sets
 * throughout, CPU: 4,096 marks from each end 35.7 s, 65,536 21.3 s, every split marked 22.6 s.
 * Sets reaching past HEAPSEQ_WIDE (end > 8,192: more targets than the wide kernel's 16
 * registers hold) mark every split of the lane, and U(m) is the values below end not marked:
 * a value is marked exactly when some split (a, m - a), 1 <= a <= hi, is worth it, since the
 * stamp is the lane's own (no other mark carries it) and heapseq_mark_splits marks the value of
 * every split it visits and nothing else. Before this, values from 8,192 on were left to the
 * window scans at every heap (0.414 grew 4.8 times from 2^19 to 2^20 heaps, its largest values
 * passing 8,192 near 2^19); the test runs sets up to 65,536 against the plain set. */
void heapseq_lane_unmet(const uint16_t *t, size_t m, size_t hi, uint32_t end, bool vbmi2,
                        uint8_t *mark, uint8_t stamp, uint64_t *out) {
  enum { PRE = 65536 };     /* UNMET_PRE */
  if (end > HEAPSEQ_WIDE) { /* beyond the wide kernel's registers: every split marked */
    if (hi >= 1) heapseq_mark_splits(t, 2, true, m, 1, hi, mark, stamp);
    for (uint32_t u = 0; u < end / 64; u++)
      out[u] = ~collected_word(mark, stamp, u);
    return;
  }
  lane l = {.m = m, .lo = 1, .hi = hi};
  if (hi >= 1 && hi <= 2 * PRE) {
    heapseq_mark_splits(t, 2, true, m, 1, hi, mark, stamp);
    l.lo = hi + 1;
  } else if (hi >= 1) {
    heapseq_mark_splits(t, 2, true, m, 1, PRE, mark, stamp);
    heapseq_mark_splits(t, 2, true, m, hi + 1 - PRE, hi, mark, stamp);
    l.lo += PRE;
    l.hi -= PRE;
  }
  heap_window win;
  uint32_t base = 0; /* the window from the first word with a value not marked: fewer register
                       pairs for the wide kernel when the first marks met every low value */
  while (base + 64 < end && collected_word(mark, stamp, base / 64) == UINT64_MAX)
    base += 64;
  heapseq_window_open(&win, mark, stamp, base, end, true);
  heapseq_window_scan(t, 2, true, true, vbmi2, &l, &win, mark, stamp);
  memset(out, 0, base / 64 * sizeof *out);
  memcpy(out + base / 64, win.want, (end - base) / 64 * sizeof *out);
}

void heapseq_mark_clear(const uint64_t *bits, uint32_t end, bool avx512, uint8_t *mark,
                        uint8_t stamp) {
#if WINDOW_AVX2
  if (avx512) {
    mark_clear_avx512(bits, end, mark, stamp);
    return;
  }
#else
  (void)avx512;
#endif
  for (uint32_t u = 0; u < end / 64; u++)
    for (uint64_t b = ~bits[u]; b != 0; b &= b - 1)
      mark[64 * u + lowest_bit(b)] = stamp;
}

void heapseq_mark_splits(const void *t, unsigned w, bool avx512, size_t m, size_t lo, size_t hi,
                         uint8_t *mark, uint8_t stamp) {
#if WINDOW_AVX2
  if (avx512 && w == 2) {
    mark_avx512_2(t, m, lo, hi, mark, stamp);
    return;
  }
#else
  (void)avx512;
#endif
  lane l = {.m = m, .lo = lo, .hi = hi};
  mark_lane_w(t, w, &l, mark, stamp);
}

bool heapseq_window_scan(const void *t, unsigned w, bool avx2, bool avx512, bool vbmi2, lane *l,
                         heap_window *win, uint8_t *mark, uint8_t stamp) {
  if (l->lo > l->hi || win->left == 0) return win->left == 0;
#if WINDOW_AVX2
  if (avx2 && w == 1) return scan_avx2_1(t, l->m, l->lo, l->hi, win, mark, stamp);
  if (vbmi2 && avx512 && w == 2 && win->size > HEAPSEQ_WINDOW)
    return scan_avx512_buffered(t, l->m, l->lo, l->hi, win, mark, stamp);
  if (avx512 && w == 2 && win->size > HEAPSEQ_WINDOW)
    return scan_avx512_wide(t, l->m, l->lo, l->hi, win, mark, stamp);
  if (avx512 && w == 2) return scan_avx512_2(t, l->m, l->lo, l->hi, win, mark, stamp);
  NB_ASSERT(win->size == HEAPSEQ_WINDOW); /* the AVX2 kernels' nibble tables hold 512 values */
  if (avx2 && w == 2) return scan_avx2_2(t, l->m, l->lo, l->hi, win, mark, stamp);
#else
  (void)avx2;
  (void)avx512;
  (void)vbmi2;
#endif
  mark_lane_w(t, w, l, mark, stamp);
  window_recount(win, mark, stamp);
  return win->left == 0;
}
