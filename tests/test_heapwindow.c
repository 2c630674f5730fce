/*
 * test_heapwindow.c: the heap engine's window scans (src/heap/heapwindow.c), the dense loop of
 * games without a sparse space (0.04, 0.06), against plain references written here.
 *
 *   - The kernels alone: random 1- and 2-byte tables (values spread, or bunched so that a few
 *     are frequent, as in 0.04), random marks, windows at random bases, random lanes; the AVX2
 *     kernel (where the processor has it) and the portable one must each leave marked exactly
 *     the window's values that were marked before or that a split of the lane is worth (the
 *     plain set, computed split by split here), unless they report every target met, when every
 *     value of the window must be marked (the AVX-512 kernel of 2-byte tables also with wide
 *     windows, 1,024 to 8,192 values, every register-pair count, lanes long enough for the
 *     VBMI2 kernel's lists of targets met); and outside the window the
 *     marks they add must be
 *     values of splits; and the first splits' marking (heapseq_mark_splits, with AVX-512 for
 *     2-byte tables and without) must mark exactly the values of the lane's splits.
 *   - The engine: random octal and hexadecimal codes whose split groups go plain, and 0.04 and
 *     0.06, with the portable and the AVX2 kernels, one thread and two, against the plain mex
 *     (plain_heap.h); in the long run (not NB_TEST_QUICK), 0.04 to 45,000 heaps, where values
 *     pass 512 and the windows move on (several windows for one heap), against a plain loop
 *     over its splits written from the rules (remove 2, split the rest in two non-empty heaps).
 *   - make check-long: 0.04 to 200,000 heaps ends with its group plain (no rare list), the
 *     sparse method it took from 160,000 heaps judged dearer than the plain walk.
 */
#include "check.h"
#include "heap/heapengine.h"
#include "plain_heap.h"

#include <stdlib.h>
#include <string.h>

static nb_error err;
static int quick; /* NB_TEST_QUICK (the sanitizer run): fewer and shorter trials */

static uint64_t next(uint64_t *s) { /* splitmix64: seeded, every failure reproduces */
  uint64_t z = (*s += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* --- the kernels alone ----------------------------------------------------------------------- */

enum { MAX_VALUE = 16384 }; /* table values below 8192; their XORs below 16384 */

static uint32_t table_value(const void *t, unsigned w, size_t i) {
  return w == 1 ? ((const uint8_t *)t)[i] : ((const uint16_t *)t)[i];
}

/* One trial: a table of `len` values of width w, marks, a window and a lane; runs the kernel
 * (avx2 or portable) and checks the marks against the plain set. */
static void kernel_trial(uint64_t *rng, unsigned w, bool avx2, bool avx512, int trial) {
  /* one trial in four with lanes of up to 6,000 splits: the VBMI2 wide kernel lists targets
   * over 1,024 splits before settling them (scan_wide_buffered), shorter rests go to scan_wide */
  size_t len = 64 + next(rng) % (trial % 4 == 0 ? 12000 : 3000);
  uint32_t top = w == 1 ? 256 : next(rng) % 2 ? 2048 : 8192, bunch = 1 + (uint32_t)(next(rng) % 4);
  uint8_t *t1 = malloc(len);
  uint16_t *t2 = malloc(len * sizeof *t2);
  for (size_t i = 0; i < len; i++) {
    uint32_t v = (uint32_t)(next(rng) % top);
    if (bunch > 1 && next(rng) % 4 != 0) v %= 16 * bunch; /* a few frequent values */
    t1[i] = (uint8_t)v;
    t2[i] = (uint16_t)v;
  }
  const void *t = w == 1 ? (const void *)t1 : (const void *)t2;
  static uint8_t mark[MAX_VALUE + HEAPSEQ_WIDE], before[MAX_VALUE + HEAPSEQ_WIDE];
  uint8_t stamp = (uint8_t)(1 + next(rng) % 255);
  for (size_t x = 0; x < sizeof mark; x++)
    mark[x] = next(rng) % 3 == 0 ? stamp : (uint8_t)(stamp + 1 + next(rng) % 254);
  memcpy(before, mark, sizeof mark);
  size_t m = 2 + next(rng) % (len - 2);
  lane l = {.m = m, .lo = 1 + next(rng) % (m / 2 + 1), .hi = m / 2};
  if (l.lo > l.hi) l.lo = 1;
  lane kept = l;
  uint32_t base = w == 1 ? 0 : (uint32_t)(64 * (next(rng) % (MAX_VALUE / 64)));
  bool wide = heapseq_window_wide(w, avx512) && next(rng) % 2 == 0; /* 1,024 to 8,192 values */
  uint32_t end = wide ? base + 1 + (uint32_t)(next(rng) % HEAPSEQ_WIDE) : base + HEAPSEQ_WINDOW;
  if (w == 1) end = 256;
  heap_window win;
  heapseq_window_open(&win, mark, stamp, base, end, wide);
  bool all = heapseq_window_scan(t, w, avx2, avx512, &l, &win, mark, stamp);
  static bool met[MAX_VALUE + HEAPSEQ_WIDE];
  memset(met, 0, sizeof met);
  for (size_t a = kept.lo; a <= kept.hi; a++)
    met[table_value(t, w, a) ^ table_value(t, w, m - a)] = true;
  size_t wrong = 0, unmarked = 0;
  for (uint32_t x = 0; x < sizeof mark; x++) {
    bool was = before[x] == stamp, is = mark[x] == stamp, in = x >= base && x < end;
    if (is && !was && !met[x]) wrong++;                /* marked, yet no split is worth it */
    if (in && (was || met[x]) && !is && !all) wrong++; /* in the window, met, not marked */
    if (in && !is) unmarked++;
  }
  CHECK(wrong == 0, "trial %d (width %u, %s, window %u): %zu values marked wrongly", trial, w,
        avx512 ? "AVX-512"
        : avx2 ? "AVX2"
               : "portable",
        win.size, wrong);
  CHECK(all == (unmarked == 0), "trial %d (width %u, %s): reported all met %d, %zu unmarked", trial,
        w,
        avx512 ? "AVX-512"
        : avx2 ? "AVX2"
               : "portable",
        (int)all, unmarked);
  CHECK(win.left == unmarked, "trial %d: %zu targets left, %zu values unmarked", trial, win.left,
        unmarked);
  /* the first splits' marking (heapseq_mark_splits, AVX-512 for 2-byte tables where asked)
   * marks exactly the plain set of the lane, and nothing else */
  memcpy(mark, before, sizeof mark);
  heapseq_mark_splits(t, w, avx512, m, kept.lo, kept.hi, mark, stamp);
  wrong = 0;
  for (uint32_t x = 0; x < sizeof mark; x++)
    wrong += (mark[x] == stamp) != (before[x] == stamp || met[x]);
  CHECK(wrong == 0, "trial %d (width %u, %s): the marking of splits is wrong at %zu values", trial,
        w, avx512 ? "AVX-512" : "portable", wrong);
  free(t1);
  free(t2);
}

/* heapseq_lane_unmet (AVX-512, 2-byte tables) against the plain set of the lane: bit x of its
 * set for x < end exactly when no split is worth x; lanes short enough to be marked whole and
 * lanes longer than its first marks (2 x 65,536 splits), whose middle the wide kernel walks;
 * sets up to 8,192 values and past it (every split marked), table values up to 2^16. */
static void unmet_trial(uint64_t *rng, bool long_lane, int trial) {
  size_t len = long_lane ? 270000 + next(rng) % 20000 : 64 + next(rng) % 3000;
  uint32_t top = (uint32_t)2048 << next(rng) % 6, bunch = 1 + (uint32_t)(next(rng) % 4);
  uint16_t *t = malloc(len * sizeof *t);
  for (size_t i = 0; i < len; i++) {
    uint32_t v = (uint32_t)(next(rng) % top);
    if (bunch > 1 && next(rng) % 4 != 0) v %= 16 * bunch; /* a few frequent values */
    t[i] = (uint16_t)v;
  }
  size_t m = long_lane ? len - 1 - next(rng) % 1000 : 2 + next(rng) % (len - 2), hi = m / 2;
  uint32_t end = (uint32_t)64 << next(rng) % 11; /* 64 to HEAPSEQ_UNMET_TOP */
  static uint8_t mark[HEAPSEQ_UNMET_TOP];
  static bool met[HEAPSEQ_UNMET_TOP];
  uint8_t stamp = (uint8_t)(1 + next(rng) % 255);
  size_t span = top > end ? top : end; /* every split's value is below top */
  for (size_t x = 0; x < span; x++)
    mark[x] = (uint8_t)(stamp + 1 + next(rng) % 254); /* no value carries the stamp */
  memset(met, 0, sizeof met);
  for (size_t a = 1; a <= hi; a++)
    met[t[a] ^ t[m - a]] = true;
  uint64_t out[HEAPSEQ_UNMET_TOP / 64];
  heapseq_lane_unmet(t, m, hi, end, mark, stamp, out);
  size_t wrong = 0;
  for (uint32_t x = 0; x < end; x++)
    wrong += bit_get(out, x) == met[x];
  CHECK(wrong == 0, "unmet trial %d (lane %zu, end %u): %zu values wrong", trial, m, end, wrong);
  free(t);
}

static void test_kernels(void) {
  uint64_t rng = 19;
  bool avx2 = heapseq_has_avx2(), avx512 = avx2 && heapseq_has_avx512();
  /* 2,000 trials (make check-long) were 5 s of CPU in the Release run once the wide windows came */
  for (int trial = 0; trial < (quick ? 200 : check_long() ? 2000 : 500); trial++)
    for (unsigned w = 1; w <= 2; w++) {
      kernel_trial(&rng, w, false, false, trial);
      if (avx2) kernel_trial(&rng, w, true, false, trial);
      if (avx512) kernel_trial(&rng, w, true, true, trial);
    }
  for (int trial = 0; avx512 && trial < (quick ? 40 : 200); trial++)
    unmet_trial(&rng, trial % 20 == 0, trial);
}

/* --- the engine ------------------------------------------------------------------------------ */

/* The engine q, extended to count heaps, against the plain values want (the first three
 * differences reported, under label). */
static void check_values(nb_heapseq *q, const uint32_t *want, size_t count, const char *label) {
  CHECK_OK(nb_heapseq_extend(q, count, &err), &err);
  size_t bad = 0;
  for (size_t n = 0; n < count && bad < 3; n++) {
    uint64_t got = UINT64_MAX;
    CHECK_OK(nb_heapseq_value(q, n, &got, &err), &err);
    if (got != want[n]) bad++;
    CHECK(got == want[n], "%s, heap %zu: engine %llu, plain %u", label, n, (unsigned long long)got,
          want[n]);
  }
}

/* The engine against want[0 .. count - 1]: variants 0 and 1 the portable and the fastest kernel
 * with one thread, 2 and 3 the same with two threads allowed. */
static void check_engine(const nb_heap_rules *r, const char *spec, const uint32_t *want,
                         size_t count, int variants) {
  for (int variant = 0; variant < variants; variant++) {
    nb_heapseq_config cfg = {.no_period = true,
                             .kernel = variant % 2 == 0 ? NB_HEAPSEQ_KERNEL_SCALAR
                                                        : NB_HEAPSEQ_KERNEL_BEST,
                             .threads = variant < 2 ? 1 : 2};
    nb_heapseq *q = NULL;
    CHECK_OK(nb_heapseq_new(r, &cfg, &q, &err), &err);
    char label[160];
    snprintf(label, sizeof label, "%s variant %d", spec, variant);
    check_values(q, want, count, label);
    nb_heapseq_free(q);
  }
}

/* The engine with 2-byte tables and the plain lanes settled by their unmet sets at every heap
 * (heapstep.c; AVX-512 only, else the window scans run), the sets covering values below top
 * (64 to 8,192: below 2^value_bits, the window scans settle the values from top on). */
static void check_unmet(const nb_heap_rules *r, const char *spec, const uint32_t *want,
                        size_t count, uint32_t top) {
  nb_heapseq_config cfg = {.no_period = true, .value_bytes = 2, .threads = 1};
  nb_heapseq *q = NULL;
  CHECK_OK(nb_heapseq_new(r, &cfg, &q, &err), &err);
  q->unmet_mode = 1;
  q->unmet_top = top;
  char label[160];
  snprintf(label, sizeof label, "%s unmet sets below %u", spec, top);
  check_values(q, want, count, label);
  nb_heapseq_free(q);
}

/* The engine with the first splits of plain lanes marked 8 from each end at least (not 4,096;
 * plain_pre_of takes hi L / 16 in longer lanes, L <= 4 here), so that the window scans walk the
 * rest of every lane past 16 splits, the values taken from the kept sets F(m) (heapstep.c, "the
 * first splits of plain lanes, once per lane") or, ends_off, marked at every heap. */
static void check_ends(const nb_heap_rules *r, const char *spec, const uint32_t *want, size_t count,
                       unsigned bytes, bool ends_off) {
  nb_heapseq_config cfg = {.no_period = true, .value_bytes = bytes, .threads = 1};
  nb_heapseq *q = NULL;
  CHECK_OK(nb_heapseq_new(r, &cfg, &q, &err), &err);
  q->plain_pre = 8;
  q->ends_off = ends_off;
  char label[160];
  snprintf(label, sizeof label, "%s, %u-byte values, first splits %s", spec, bytes,
           ends_off ? "marked at every heap" : "from F(m)");
  check_values(q, want, count, label);
  nb_heapseq_free(q);
}

static void check_code(nb_heap_kind kind, const char *code, size_t count) {
  nb_heap_rules *r = NULL;
  CHECK_OK(nb_heap_rules_parse(kind, code, &r, &err), &err);
  uint32_t *want = plain_heap_values(r, count);
  check_engine(r, code, want, count, 4);
  check_unmet(r, code, want, count, 64);
  check_unmet(r, code, want, count, HEAPSEQ_WIDE);
  check_ends(r, code, want, count, 1, false);
  check_ends(r, code, want, count, 2, false);
  check_ends(r, code, want, count, 2, true);
  free(want);
  nb_heap_rules_free(r);
}

/* Random codes of up to four digits whose digits mostly split (4, 5, 6, 7; hex C-F): the split
 * groups' rare lists grow too long and go plain. */
static void test_engine_random(void) {
  uint64_t rng = 23;
  static const char oct[] = "4567", hex[] = "4567CDEF";
  for (int trial = 0; trial < (quick ? 8 : 40); trial++) {
    bool is_hex = trial % 4 == 3;
    char code[16] = "0.";
    size_t digits = 1 + next(&rng) % 4;
    for (size_t i = 0; i < digits; i++)
      code[2 + i] = is_hex ? hex[next(&rng) % 8] : oct[next(&rng) % 4];
    check_code(is_hex ? NB_HEAP_HEX : NB_HEAP_OCT, code, is_hex ? 60 : (quick ? 300 : 1500));
  }
  check_code(NB_HEAP_OCT, "0.04", quick ? 600 : 3000);
  check_code(NB_HEAP_OCT, "0.06", quick ? 600 : 3000);
}

/* 0.04 written from the rules: remove 2 tokens and split the rest into two non-empty heaps. */
static uint32_t *plain_004(size_t count) {
  uint32_t *g = calloc(count, sizeof *g), *seen = calloc(MAX_VALUE + 1, sizeof *seen);
  for (size_t n = 0; g != NULL && seen != NULL && n < count; n++) {
    for (size_t a = 1; n >= 2 && 2 * a <= n - 2; a++)
      seen[g[a] ^ g[n - 2 - a]] = (uint32_t)n + 1;
    uint32_t mex = 0;
    while (seen[mex] == (uint32_t)n + 1)
      mex++;
    g[n] = mex;
  }
  free(seen);
  return g;
}

/* 0.04 far enough that values pass 512 (from heap 40,000 or so): windows move on. */
static void test_engine_far(void) {
  if (quick) return;
  size_t count = 45000;
  uint32_t *want = plain_004(count), largest = 0;
  for (size_t n = 0; n < count; n++)
    largest = want[n] > largest ? want[n] : largest;
  CHECK(largest >= 512, "0.04 to %zu: largest value %u, below one window", count, largest);
  nb_heap_rules *r = NULL;
  CHECK_OK(nb_heap_rules_parse(NB_HEAP_OCT, "0.04", &r, &err), &err);
  check_engine(r, "0.04", want, count, 2); /* one thread: no marking thread here */
  nb_heap_rules_free(r);
  free(want);
}

/* 0.04 past 160,000 heaps (make check-long: 3.5 s of CPU): fewer than an eighth of its heaps
 * are rare there, but the sparse method costs more than the plain walk (its rare marks and a
 * third of each heap's splits walked), so the group, judged 1/64 heaps after it goes sparse, is
 * plain again (heaptable.c, scans_heavy): no rare list at 200,000. Before the rule the engine
 * ended with some 21,000 rare heaps listed, and took 1.5 times as long. */
static void test_engine_sparse_judged(void) {
  if (!check_long()) return;
  nb_heap_rules *r = NULL;
  nb_heapseq *q = NULL;
  nb_heapseq_config config = {.threads = 1};
  CHECK_OK(nb_heap_rules_parse(NB_HEAP_OCT, "0.04", &r, &err), &err);
  CHECK_OK(nb_heapseq_new(r, &config, &q, &err), &err);
  CHECK_OK(nb_heapseq_extend(q, 200000, &err), &err);
  nb_heapseq_stats stats;
  nb_heapseq_stats_of(q, &stats);
  CHECK(stats.computed == 200000, "0.04: %llu values computed", (unsigned long long)stats.computed);
  CHECK(stats.rare[0] + stats.rare[1] == 0, "0.04 to 200,000: %llu heaps still in rare lists",
        (unsigned long long)(stats.rare[0] + stats.rare[1]));
  nb_heapseq_free(q);
  nb_heap_rules_free(r);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  test_kernels();
  test_engine_random();
  test_engine_far();
  test_engine_sparse_judged();
  return check_done();
}
