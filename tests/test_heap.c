/*
 * test_heap.c: heap games (nim, sub:S, oct:, hex:, grundy) and their sequence engine.
 *
 * The references, each written from the rules and nothing else:
 *   - an enumeration of every way to leave 0 to 3 heaps, filtered by the digit rules, against
 *     which the option generator (the definition of the games) is checked, order included;
 *   - a plain O(n^2) mex over the option generator, against which the engine is checked on every
 *     heap up to a few hundred (random oct, hex and sub games) or a few thousand (chosen codes,
 *     Grundy's game), with each scan kernel (scalar, AVX2 and AVX-512 where the processor has
 *     them), with and without its period shortcut, and with its
 *     table 1, 2 and 4 bytes wide;
 *   - published values: Kayles (OEIS A002186), Dawson's chess (A002187), Grundy's game (A002188),
 *     and the periods of 0.77, 0.07, 0.137, 0.16, 0.56 and sub:2,3,7.
 * Every period the engine proves is re-checked by direct computation well past s + p, and its
 * minimality (s - 1 and every smaller p fail) on the computed values. Limits (the memory cap, the
 * period search's bound) and allocation failures are checked to fail cleanly. All randomness is
 * seeded: every failure reproduces.
 */
#include "check.h"
#include "heap/heap.h"
#include "plain_heap.h"

#include <stdlib.h>
#include <string.h>

static nb_error err;
static int quick; /* NB_TEST_QUICK (set for the sanitizer run): fewer and shorter random trials */

static nb_heap_rules *rules_of(nb_heap_kind kind, const char *params) {
  nb_heap_rules *r = NULL;
  CHECK_OK(nb_heap_rules_parse(kind, params, &r, &err), &err);
  return r;
}

static const char *spec_of(const nb_heap_rules *r) {
  static char buf[4096];
  nb_heap_rules_spec(r, buf, sizeof buf);
  return buf;
}

/* --- specs ----------------------------------------------------------------------------------- */

static void expect_spec(nb_heap_kind kind, const char *params, const char *canonical) {
  nb_heap_rules *r = NULL;
  nb_status st = nb_heap_rules_parse(kind, params, &r, &err);
  CHECK(st == NB_OK, "'%s' refused: %s", params ? params : "(none)", err.message);
  if (st != NB_OK) return;
  CHECK(strcmp(spec_of(r), canonical) == 0, "'%s' printed as '%s', want '%s'", params, spec_of(r),
        canonical);
  nb_heap_rules_free(r);
}

static void expect_refused(nb_heap_kind kind, const char *params, const char *fragment) {
  nb_heap_rules *r = NULL;
  nb_status st = nb_heap_rules_parse(kind, params, &r, &err);
  CHECK(st == NB_EUSAGE && strstr(err.message, fragment) != NULL,
        "'%s': status %d, message '%s' (want usage error naming '%s')", params ? params : "(none)",
        (int)st, st == NB_OK ? "" : err.message, fragment);
  if (st == NB_OK) nb_heap_rules_free(r);
}

static void test_specs(void) {
  expect_spec(NB_HEAP_OCT, "0.137", "oct:0.137");
  expect_spec(NB_HEAP_OCT, "0.160", "oct:0.16"); /* trailing zeros allow nothing: dropped */
  expect_spec(NB_HEAP_OCT, "4.0", "oct:4.0");
  expect_spec(NB_HEAP_OCT, "0.000", "oct:0.0");
  expect_spec(NB_HEAP_OCT, "4.77", "oct:4.77");
  expect_spec(NB_HEAP_HEX, "0.f7", "hex:0.F7");
  expect_spec(NB_HEAP_HEX, "C.80", "hex:C.8");
  expect_spec(NB_HEAP_SUB, "7,2,3", "sub:2,3,7");
  expect_spec(NB_HEAP_SUB, "4194304", "sub:4194304");
  expect_spec(NB_HEAP_NIM, NULL, "nim");
  expect_spec(NB_HEAP_GRUNDY, NULL, "grundy");

  expect_refused(NB_HEAP_SUB, NULL, "comma list");
  expect_refused(NB_HEAP_SUB, "", "comma list");
  expect_refused(NB_HEAP_SUB, "0", "found '0'");
  expect_refused(NB_HEAP_SUB, "1,1", "amount 1 is repeated");
  expect_refused(NB_HEAP_SUB, "1,,2", "found ''");
  expect_refused(NB_HEAP_SUB, "2,x", "found 'x'");
  expect_refused(NB_HEAP_SUB, "4194305", "from 1 to 4194304");
  expect_refused(NB_HEAP_SUB, "-3", "found '-3'");
  expect_refused(NB_HEAP_OCT, NULL, "octal code");
  expect_refused(NB_HEAP_OCT, "", "octal code");
  expect_refused(NB_HEAP_OCT, "0.8", "'8' (character 3 of '0.8') is not an octal digit");
  expect_refused(NB_HEAP_OCT, "1.7", "must be 0 or 4, found '1'");
  expect_refused(NB_HEAP_OCT, "2.7", "must be 0 or 4, found '2'");
  expect_refused(NB_HEAP_OCT, "0.", "no digit after the point");
  expect_refused(NB_HEAP_OCT, "4", "expected '.' after the first digit");
  expect_refused(NB_HEAP_OCT, "0137", "expected '.' after the first digit");
  expect_refused(NB_HEAP_OCT, ".137", "'.' (character 1 of '.137')");
  expect_refused(NB_HEAP_OCT, "0.1.2", "'.' (character 4");
  expect_refused(NB_HEAP_OCT, "0.F", "not an octal digit");
  expect_refused(NB_HEAP_HEX, "0.G", "'G' (character 3 of '0.G') is not a hexadecimal digit");
  expect_refused(NB_HEAP_HEX, "1.0", "must be 0, 4, 8 or C, found '1'");
  expect_refused(NB_HEAP_HEX, "", "hexadecimal code");
  expect_refused(NB_HEAP_GRUNDY, "", "grundy takes no parameters");
  expect_refused(NB_HEAP_NIM, "3", "nim takes no parameters");

  char *long_code = malloc(NB_HEAP_MAX_DIGITS + 8);
  strcpy(long_code, "0.");
  memset(long_code + 2, '7', NB_HEAP_MAX_DIGITS);
  long_code[NB_HEAP_MAX_DIGITS + 2] = '\0';
  nb_heap_rules *r = rules_of(NB_HEAP_OCT, long_code); /* the longest code allowed */
  CHECK(r->k == NB_HEAP_MAX_DIGITS, "k = %u", r->k);
  nb_heap_rules_free(r);
  strcat(long_code, "7");
  expect_refused(NB_HEAP_OCT, long_code, "digits after the point (at most 1024)");
  free(long_code);
}

/* --- the option generator -------------------------------------------------------------------- */

/* Whether the rules allow removing j tokens and leaving `parts` heaps (sizes not yet checked). */
static bool allowed(const nb_heap_rules *r, uint64_t j, unsigned parts, const uint64_t *heap) {
  switch (r->kind) {
  case NB_HEAP_NIM:
    return j >= 1 && parts <= 1;
  case NB_HEAP_GRUNDY:
    return j == 0 && parts == 2 && heap[0] != heap[1];
  case NB_HEAP_SUB:
    for (size_t i = 0; i < r->count; i++)
      if (r->amount[i] == j) return parts <= 1;
    return false;
  case NB_HEAP_OCT:
  case NB_HEAP_HEX: {
    unsigned d = j <= r->k ? r->digit[j] : 0;
    return d >> (parts == 0 ? 0 : parts) & 1 && (parts > 0 || j >= 1);
  }
  }
  return false;
}

static int cmp_option(const void *pa, const void *pb) {
  const nb_heap_option *a = pa, *b = pb;
  if (a->removed != b->removed) return a->removed < b->removed ? -1 : 1;
  if (a->parts != b->parts) return a->parts < b->parts ? -1 : 1;
  for (int i = 0; i < 3; i++)
    if (a->heap[i] != b->heap[i]) return a->heap[i] < b->heap[i] ? -1 : 1;
  return 0;
}

/* Every non-decreasing tuple of 0 to 3 positive sizes with sum at most n, kept when the rules
 * allow removing the rest: the options, independently of the generator. */
static size_t enumerate_options(const nb_heap_rules *r, uint64_t n, nb_heap_option *out) {
  size_t count = 0;
  for (unsigned parts = 0; parts <= 3; parts++)
    for (uint64_t a = parts >= 1 ? 1 : 0; a <= (parts >= 1 ? n : 0); a++)
      for (uint64_t b = parts >= 2 ? a : 0; b <= (parts >= 2 ? n : 0); b++)
        for (uint64_t c = parts >= 3 ? b : 0; c <= (parts >= 3 ? n : 0); c++) {
          uint64_t h[3] = {a, b, c}, sum = a + b + c;
          if (sum > n) continue;
          if (allowed(r, n - sum, parts, h))
            out[count++] = (nb_heap_option){.removed = n - sum, .heap = {a, b, c}, .parts = parts};
        }
  qsort(out, count, sizeof *out, cmp_option);
  return count;
}

static void check_options(const nb_heap_rules *r, uint64_t max_n) {
  nb_heap_option *want = malloc(20000 * sizeof *want), *got = malloc(20000 * sizeof *got);
  for (uint64_t n = 0; n <= max_n; n++) {
    size_t nw = enumerate_options(r, n, want);
    uint64_t count = nb_heap_option_count(r, n);
    size_t ng = count <= 20000 ? nb_heap_options(r, n, got) : 0;
    CHECK(count == nw && ng == nw, "%s heap %llu: count %llu, generated %zu, want %zu", spec_of(r),
          (unsigned long long)n, (unsigned long long)count, ng, nw);
    if (ng != nw) continue;
    for (size_t i = 0; i < nw; i++) /* same options, in the documented order */
      CHECK(cmp_option(&got[i], &want[i]) == 0, "%s heap %llu: option %zu differs", spec_of(r),
            (unsigned long long)n, i);
  }
  free(want);
  free(got);
}

static void random_code(uint64_t *rng, bool hex, char *buf) {
  int digits = (int)check_range(rng, 1, hex ? 3 : 4);
  unsigned base = hex ? 16 : 8;
  const char *first = hex ? "048C" : "04";
  int len = sprintf(buf, "%c.", first[check_range(rng, 0, hex ? 3 : 1)]);
  for (int i = 0; i < digits; i++)
    buf[len++] = "0123456789ABCDEF"[check_range(rng, i + 1 == digits ? 1 : 0, base - 1)];
  buf[len] = '\0';
}

static void random_set(uint64_t *rng, char *buf, int max_items, uint64_t max_amount) {
  bool used[64] = {false};
  int items = (int)check_range(rng, 1, (uint64_t)max_items), len = 0;
  for (int i = 0; i < items; i++) {
    uint64_t a = check_range(rng, 1, max_amount);
    if (used[a]) continue;
    used[a] = true;
    len += sprintf(buf + len, "%s%llu", len > 0 ? "," : "", (unsigned long long)a);
  }
}

static void test_options(void) {
  const struct {
    nb_heap_kind kind;
    const char *params;
  } fixed[] = {{NB_HEAP_NIM, NULL},    {NB_HEAP_GRUNDY, NULL}, {NB_HEAP_SUB, "1,3,4"},
               {NB_HEAP_OCT, "0.137"}, {NB_HEAP_OCT, "4.7"},   {NB_HEAP_HEX, "8.0"},
               {NB_HEAP_HEX, "C.F7"},  {NB_HEAP_HEX, "0.1248"}};
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
    nb_heap_rules *r = rules_of(fixed[i].kind, fixed[i].params);
    check_options(r, 24);
    nb_heap_rules_free(r);
  }
  uint64_t rng = 7;
  for (int t = 0; t < (quick ? 20 : 100); t++) {
    char code[32];
    random_code(&rng, t % 2 == 1, code);
    nb_heap_rules *r = rules_of(t % 2 == 1 ? NB_HEAP_HEX : NB_HEAP_OCT, code);
    check_options(r, 20);
    nb_heap_rules_free(r);
  }
  /* Counts saturate instead of overflowing: nim's count is n, three-way splits ~n^2/12. */
  nb_heap_rules *nim = rules_of(NB_HEAP_NIM, NULL), *hex = rules_of(NB_HEAP_HEX, "0.8");
  CHECK(nb_heap_option_count(nim, UINT64_MAX) == UINT64_MAX, "nim count");
  CHECK(nb_heap_option_count(hex, UINT64_MAX) == UINT64_MAX, "hex count saturates");
  CHECK(nb_heap_option_count(hex, 1000001) == (UINT64_C(1000000) * 1000000 + 6) / 12,
        "hex count %llu", (unsigned long long)nb_heap_option_count(hex, 1000001));
  nb_heap_rules_free(nim);
  nb_heap_rules_free(hex);
}

/* --- the engine against the plain reference (plain_heap.h) ---------------------------------- */

static nb_heapseq *engine(const nb_heap_rules *r, nb_heapseq_config cfg) {
  nb_heapseq *q = NULL;
  CHECK_OK(nb_heapseq_new(r, &cfg, &q, &err), &err);
  return q;
}

static uint64_t value_of(nb_heapseq *q, uint64_t n) {
  uint64_t v = UINT64_MAX;
  CHECK_OK(nb_heapseq_value(q, n, &v, &err), &err);
  return v;
}

/* The engine in every configuration against the plain values on heaps 0 .. count - 1. */
static void check_engine(const nb_heap_rules *r, const uint32_t *want, size_t count) {
  for (int variant = 0; variant < 10; variant += quick ? 2 : 1) { /* quick: 0, 2, 4, 6, 8 */
    nb_heapseq_config cfg = {.no_period = variant % 2 == 1,
                             .kernel = variant >= 2 && variant < 4   ? NB_HEAPSEQ_KERNEL_SCALAR
                                       : variant >= 6 && variant < 8 ? NB_HEAPSEQ_KERNEL_AVX2
                                                                     : NB_HEAPSEQ_KERNEL_BEST,
                             .value_bytes = variant == 4   ? 2
                                            : variant == 5 ? 4
                                                           : 0,
                             .threads = variant >= 8 ? 2 : 1}; /* 8, 9: the marking thread */
    nb_heapseq *q = engine(r, cfg);
    if (variant >= 8) CHECK_OK(nb_heapseq_extend(q, count, &err), &err); /* one run: a thread */
    size_t bad = 0;
    for (size_t n = 0; n < count && bad < 3; n++) {
      uint64_t got = value_of(q, n);
      if (got != want[n]) bad++;
      CHECK(got == want[n], "%s variant %d heap %zu: engine %llu, plain %u", spec_of(r), variant, n,
            (unsigned long long)got, want[n]);
    }
    nb_heapseq_free(q);
  }
}

static void check_against_plain(nb_heap_kind kind, const char *params, size_t count) {
  nb_heap_rules *r = rules_of(kind, params);
  uint32_t *want = plain_heap_values(r, count);
  check_engine(r, want, count);
  free(want);
  nb_heap_rules_free(r);
}

static void test_engine_random(void) {
  uint64_t rng = 11;
  char buf[256];
  for (int t = 0; t < (quick ? 30 : 150); t++) {
    random_code(&rng, false, buf);
    check_against_plain(NB_HEAP_OCT, buf, quick ? 150 : 400);
  }
  for (int t = 0; t < (quick ? 10 : 40); t++) {
    random_code(&rng, true, buf);
    check_against_plain(NB_HEAP_HEX, buf, quick ? 60 : 120);
  }
  for (int t = 0; t < (quick ? 20 : 60); t++) {
    random_set(&rng, buf, 6, 12);
    check_against_plain(NB_HEAP_SUB, buf, 300);
  }
}

static void test_engine_long(void) {
  size_t count = quick ? 500 : 3000;
  check_against_plain(NB_HEAP_OCT, "0.16", count);
  check_against_plain(NB_HEAP_OCT, "0.1777", count);
  check_against_plain(NB_HEAP_OCT, "4.1777", count);
  check_against_plain(NB_HEAP_OCT, "0.137", count);
  check_against_plain(NB_HEAP_OCT, "4.44", count);      /* values above 255: a wider table */
  check_against_plain(NB_HEAP_OCT, "0.4444444", count); /* and many rare heaps */
  check_against_plain(NB_HEAP_GRUNDY, NULL, count);
  check_against_plain(NB_HEAP_HEX, "4.8C", quick ? 200 : 500); /* a three-way split first */
  check_against_plain(NB_HEAP_NIM, NULL, 200);
  /* sub:1..300 is n mod 301: values past 255 */
  char set[2000];
  int len = 0;
  for (int a = 1; a <= 300; a++)
    len += sprintf(set + len, "%s%d", a > 1 ? "," : "", a);
  check_against_plain(NB_HEAP_SUB, set, 1000);
}

/* The kernels against each other far past the plain reference's reach: the 1-byte ones (the
 * fastest the processor has, and AVX2), the 2-byte ones (the fastest the processor has: AVX-512
 * where it has it, and AVX2) and the scalar 2-byte one, on every value of Grundy's game and 0.16 to
 * 100,000; and where values pass 255 (4.44: up to 296 by heap 8000), against the plain mex as well.
 */
static void check_wide(nb_heap_kind kind, const char *params, size_t count, bool with_plain) {
  nb_heap_rules *r = rules_of(kind, params);
  nb_heapseq *narrow = engine(r, (nb_heapseq_config){.no_period = true, .threads = 1});
  nb_heapseq *narrow2 = engine(r, (nb_heapseq_config){.no_period = true,
                                                      .kernel = NB_HEAPSEQ_KERNEL_AVX2,
                                                      .threads = 2}); /* and the marking thread */
  nb_heapseq *wide = engine(r, (nb_heapseq_config){.no_period = true, .value_bytes = 2});
  nb_heapseq *wide2 = engine(
      r,
      (nb_heapseq_config){.no_period = true, .value_bytes = 2, .kernel = NB_HEAPSEQ_KERNEL_AVX2});
  nb_heapseq *scalar = engine(
      r,
      (nb_heapseq_config){.no_period = true, .value_bytes = 2, .kernel = NB_HEAPSEQ_KERNEL_SCALAR});
  uint32_t *want = with_plain ? plain_heap_values(r, count) : NULL;
  CHECK_OK(nb_heapseq_extend(narrow, count, &err), &err);
  CHECK_OK(nb_heapseq_extend(narrow2, count, &err), &err);
  CHECK_OK(nb_heapseq_extend(wide, count, &err), &err);
  CHECK_OK(nb_heapseq_extend(wide2, count, &err), &err);
  CHECK_OK(nb_heapseq_extend(scalar, count, &err), &err);
  size_t bad = 0;
  for (size_t n = 0; n < count && bad < 3; n++) {
    uint64_t a = value_of(narrow, n), a2 = value_of(narrow2, n), b = value_of(wide, n),
             b2 = value_of(wide2, n), c = value_of(scalar, n);
    bool ok = a == a2 && a == b && b == b2 && b == c && (want == NULL || a == want[n]);
    bad += !ok;
    CHECK(ok,
          "%s heap %zu: 1-byte start %llu (AVX2, two threads %llu), 2-byte best %llu (AVX2 "
          "%llu), 2-byte scalar %llu, plain %lld",
          spec_of(r), n, (unsigned long long)a, (unsigned long long)a2, (unsigned long long)b,
          (unsigned long long)b2, (unsigned long long)c, want ? (long long)want[n] : -1LL);
  }
  free(want);
  nb_heapseq_free(narrow);
  nb_heapseq_free(narrow2);
  nb_heapseq_free(wide);
  nb_heapseq_free(wide2);
  nb_heapseq_free(scalar);
  nb_heap_rules_free(r);
}

/* The marking thread (heapmark.c) against one thread, where its share is large: random codes to
 * 3000 heaps (its share starts 256 heaps back), and a code whose splitting removal (300) is
 * itself beyond that lag, against the plain mex too. */
static void check_threads(nb_heap_kind kind, const char *params, size_t count, size_t plain) {
  nb_heap_rules *r = rules_of(kind, params);
  nb_heapseq *one = engine(r, (nb_heapseq_config){.no_period = true, .threads = 1});
  nb_heapseq *two = engine(r, (nb_heapseq_config){.no_period = true, .threads = 2});
  uint32_t *want = plain > 0 ? plain_heap_values(r, plain) : NULL;
  CHECK_OK(nb_heapseq_extend(two, count, &err), &err);
  size_t bad = 0;
  for (size_t n = 0; n < count && bad < 3; n++) {
    uint64_t a = value_of(one, n), b = value_of(two, n);
    bool ok = a == b && (n >= plain || a == want[n]);
    bad += !ok;
    CHECK(ok, "%s heap %zu: one thread %llu, two %llu, plain %lld", spec_of(r), n,
          (unsigned long long)a, (unsigned long long)b, n < plain ? (long long)want[n] : -1LL);
  }
  free(want);
  nb_heapseq_free(one);
  nb_heapseq_free(two);
  nb_heap_rules_free(r);
}

/* A spare processor (nb_heapseq_config.spare, survey --jobs): with none free, automatic mode
 * never starts the marking thread; with one, it may (as its timing decides), and gives the unit
 * back; the values are the same. Grundy's game to 70,000 heaps: its rare lists pass 256 heaps,
 * the automatic mode's floor, within the first stretches, and a thread may start in the third
 * (heapmark.c). Release run only: 2 s of CPU under the sanitizers, where test_threads runs the
 * marking thread itself. */
static void test_spare(void) {
  if (quick) return;
  size_t heaps = 70000;
  nb_heap_rules *r = rules_of(NB_HEAP_GRUNDY, NULL);
  _Atomic unsigned spare[2] = {0, 1};
  nb_heapseq *q[2];
  for (unsigned units = 0; units < 2; units++) {
    q[units] = engine(r, (nb_heapseq_config){.no_period = true, .spare = &spare[units]});
    CHECK_OK(nb_heapseq_extend(q[units], heaps, &err), &err);
    nb_heapseq_stats st;
    nb_heapseq_stats_of(q[units], &st);
    CHECK(atomic_load(&spare[units]) == units, "spare %u: %u left", units,
          atomic_load(&spare[units]));
    CHECK(units == 1 || st.marked_runs == 0, "no spare processor, yet %llu stretches with two",
          (unsigned long long)st.marked_runs);
  }
  size_t bad = 0;
  for (size_t n = 0; n < heaps; n++)
    bad += value_of(q[0], n) != value_of(q[1], n);
  CHECK(bad == 0, "%zu values differ with a spare processor", bad);
  nb_heapseq_free(q[0]);
  nb_heapseq_free(q[1]);
  nb_heap_rules_free(r);
}

static void test_threads(void) {
  uint64_t rng = 29;
  char buf[1100];
  for (int t = 0; t < (quick ? 8 : 30); t++) {
    random_code(&rng, false, buf);
    check_threads(NB_HEAP_OCT, buf, 3000, 0);
  }
  int len = sprintf(buf, "0.777");
  for (int j = 4; j < 300; j++)
    buf[len++] = '0';
  sprintf(buf + len, "4");
  check_threads(NB_HEAP_OCT, buf, quick ? 1500 : 4000, quick ? 600 : 1200);
  /* Grundy's game computed in runs of 8 heaps from each offset mod 8, so that every heap from
   * 512 on starts a block of the thread's in one of the engines (its equal split, skipped,
   * meets the eight-at-once pass there), against the plain mex. */
  nb_heap_rules *r = rules_of(NB_HEAP_GRUNDY, NULL);
  size_t count = quick ? 1500 : 3000;
  uint32_t *want = plain_heap_values(r, count);
  for (size_t offset = 0; offset < 8; offset++) {
    nb_heapseq *q = engine(r, (nb_heapseq_config){.no_period = true, .threads = 2});
    for (size_t n = 512 + offset; n <= count; n += n + 8 > count && n < count ? count - n : 8)
      CHECK_OK(nb_heapseq_extend(q, n, &err), &err);
    size_t bad = 0;
    for (size_t n = 0; n < count && bad < 3; n++) {
      uint64_t got = value_of(q, n);
      bad += got != want[n];
      CHECK(got == want[n], "grundy offset %zu heap %zu: two threads %llu, plain %u", offset, n,
            (unsigned long long)got, want[n]);
    }
    nb_heapseq_free(q);
  }
  free(want);
  nb_heap_rules_free(r);
}

/* The marking thread holds no more memory than one thread, so a cap that one thread meets is met
 * with two: Grundy's game to 20,000 heaps, whose stretches cross the doubling of its rare list
 * (an earlier version made room for a whole stretch there: 59,640 bytes against 43,256). */
static void test_threads_memory(void) {
  nb_heap_rules *r = rules_of(NB_HEAP_GRUNDY, NULL);
  nb_heapseq_stats s[2];
  for (unsigned t = 1; t <= 2; t++) {
    nb_heapseq *q = engine(r, (nb_heapseq_config){.no_period = true, .threads = t});
    CHECK_OK(nb_heapseq_extend(q, 20000, &err), &err);
    nb_heapseq_stats_of(q, &s[t - 1]);
    nb_heapseq_free(q);
  }
  CHECK(s[0].bytes == s[1].bytes && s[0].rare[0] == s[1].rare[0],
        "grundy to 20000: one thread holds %llu bytes, two %llu", (unsigned long long)s[0].bytes,
        (unsigned long long)s[1].bytes);
  nb_heapseq *q =
      engine(r, (nb_heapseq_config){.no_period = true, .threads = 2, .cap_bytes = s[0].bytes});
  CHECK_OK(nb_heapseq_extend(q, 20000, &err), &err);
  nb_heapseq_free(q);
  nb_heap_rules_free(r);
}

/* Two threads configured, asked heap after heap (as `table` asks): the same values as one thread,
 * computed a stretch ahead (before, a thread was started and joined for every heap). */
static void test_threads_heap_by_heap(void) {
  nb_heap_rules *r = rules_of(NB_HEAP_GRUNDY, NULL);
  nb_heapseq *one = engine(r, (nb_heapseq_config){.threads = 1});
  nb_heapseq *two = engine(r, (nb_heapseq_config){.threads = 2});
  size_t bad = 0, count = 3000;
  for (size_t n = 0; n < count && bad < 3; n++) {
    uint64_t a = value_of(one, n), b = value_of(two, n);
    bad += a != b;
    CHECK(a == b, "grundy heap %zu: one thread %llu, two %llu", n, (unsigned long long)a,
          (unsigned long long)b);
  }
  CHECK(nb_heapseq_computed(two) >= count + 4096,
        "grundy heap by heap with two threads: %llu computed for %zu asked",
        (unsigned long long)nb_heapseq_computed(two), count);
  nb_heapseq_free(one);
  nb_heapseq_free(two);
  nb_heap_rules_free(r);
}

static void test_wide_kernel(void) {
  check_wide(NB_HEAP_GRUNDY, NULL, quick ? 8000 : 100000, false);
  check_wide(NB_HEAP_OCT, "0.16", quick ? 8000 : 100000, false);
  check_wide(NB_HEAP_OCT, "4.44", quick ? 4000 : 12000, true); /* wide dense scan, 1 pair */
  if (!check_long()) return;
  /* the wide AVX-512 dense scan (heapstep.c, scan_lane_avx512_w2) past 1,024 and 4,096:
   * 0.564's values pass 1,024 at heap 19,917 (2 register pairs), 0.764's pass 4,096 at
   * 64,455 (8 pairs; against the other kernels only: the plain mex would take minutes) */
  check_wide(NB_HEAP_OCT, "0.564", 24000, true);
  check_wide(NB_HEAP_OCT, "0.764", 66000, false);
}

/* --- published values ------------------------------------------------------------------------ */

/* OEIS A002186 (Kayles, 0.77), A002187 (Dawson's chess, 0.137), A002188 (Grundy's game). */
static const uint8_t kayles[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
                                 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4,
                                 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2,
                                 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
                                 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1};
static const uint8_t dawson[] = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1,
                                 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3,
                                 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3,
                                 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3,
                                 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1,
                                 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4};
static const uint8_t grundy[] = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
                                 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5,
                                 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3,
                                 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5,
                                 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};

/* G(n) == table[n - shift] for every n >= shift the table covers (OEIS lists games that are
 * shifted copies of another: 4.4 is Kayles one heap later, 0.07 and 0.4 are Dawson's chess). */
static void check_published(nb_heap_kind kind, const char *params, const uint8_t *table, size_t len,
                            size_t shift) {
  nb_heap_rules *r = rules_of(kind, params);
  nb_heapseq *q = engine(r, (nb_heapseq_config){0});
  for (size_t i = 0; i < len; i++) {
    uint64_t got = value_of(q, i + shift);
    CHECK(got == table[i], "%s heap %zu: %llu, published %u", spec_of(r), i + shift,
          (unsigned long long)got, table[i]);
  }
  nb_heapseq_free(q);
  nb_heap_rules_free(r);
}

/* The engine's period must be the stated one. */
static nb_heap_period expect_period(nb_heap_kind kind, const char *params, uint64_t preperiod,
                                    uint64_t period, uint64_t max_n) {
  nb_heap_rules *r = rules_of(kind, params);
  nb_heapseq *q = engine(r, (nb_heapseq_config){0});
  nb_heap_period p = {0};
  CHECK_OK(nb_heapseq_period(q, max_n, &p, &err), &err);
  CHECK(p.found && p.preperiod == preperiod && p.period == period,
        "%s: found %d preperiod %llu period %llu, want %llu and %llu", spec_of(r), p.found,
        (unsigned long long)p.preperiod, (unsigned long long)p.period,
        (unsigned long long)preperiod, (unsigned long long)period);
  nb_heapseq_free(q);
  nb_heap_rules_free(r);
  return p;
}

static void test_published(void) {
  check_published(NB_HEAP_OCT, "0.77", kayles, sizeof kayles, 0);
  check_published(NB_HEAP_OCT, "4.4", kayles, sizeof kayles, 1);
  check_published(NB_HEAP_OCT, "0.137", dawson, sizeof dawson, 0);
  check_published(NB_HEAP_OCT, "0.07", dawson, sizeof dawson, 1);
  check_published(NB_HEAP_OCT, "0.4", dawson, sizeof dawson, 2);
  check_published(NB_HEAP_GRUNDY, NULL, grundy, sizeof grundy, 0);
  /* Kayles: exceptions up to 70, then period 12 (A002186); Dawson's chess: last exception 51,
   * period 34 (A002187), 0.07 one heap later; 0.1377: last exception 140, period 24 (A071434,
   * whose offset 1 lists G(1) first). */
  expect_period(NB_HEAP_OCT, "0.77", 71, 12, 1000);
  expect_period(NB_HEAP_OCT, "0.137", 52, 34, 1000);
  expect_period(NB_HEAP_OCT, "0.07", 53, 34, 1000);
  expect_period(NB_HEAP_OCT, "0.1377", 141, 24, 1000);
  /* More of OEIS's octal games (offset 1, "last exception at n"): .177 (A071435) 496 and 20,
   * .11377 (A071452) 186 and 32, .117 (A071453) 46 and 48, .176 (A125920) 23 and 8, .127
   * (A071464, from Gangolli and Plambeck) 46577 and 4. */
  expect_period(NB_HEAP_OCT, "0.177", 497, 20, 5000);
  expect_period(NB_HEAP_OCT, "0.11377", 187, 32, 5000);
  expect_period(NB_HEAP_OCT, "0.117", 47, 48, 5000);
  expect_period(NB_HEAP_OCT, "0.176", 24, 8, 5000);
  if (quick) return; /* the three below compute 0.1, 0.5 and 0.65 million values */
  expect_period(NB_HEAP_OCT, "0.127", 46578, 4, 200000);
  nb_heap_period p = expect_period(NB_HEAP_SUB, "2,3,7", 0, 5, 1000);
  CHECK(p.proof_end == 0 + 7, "sub:2,3,7 window end %llu", (unsigned long long)p.proof_end);
  /* 0.16: preperiod and period 105351 and 149459 (Gangolli and Plambeck). 0.56: period 144
   * (A071436), but A071436 says the last exception is at 326637, where G(326639) = 26 and
   * G(326639 + 144) = 16: a plain O(n^2) mex over every heap up to 326799, run once, agrees with
   * the engine, so the preperiod is 326640 (A071436's comment is two heaps early). */
  expect_period(NB_HEAP_OCT, "0.16", 105351, 149459, 1000000);
  expect_period(NB_HEAP_OCT, "0.56", 326640, 144, 1000000);
}

/* --- periods, re-checked --------------------------------------------------------------------- */

/* Re-checks a proven period on values computed directly (the engine, never using the period,
 * checked against the plain mex above) well past the proof: G(n + p) = G(n) for s <= n < limit,
 * and minimality: G(s - 1 + p) != G(s - 1), and every smaller p' fails somewhere in [s, s + p). */
static void recheck_period(const nb_heap_rules *r, const nb_heap_period *p) {
  uint64_t limit = 4 * (p->proof_end + p->period) + 1000;
  nb_heapseq *q = engine(r, (nb_heapseq_config){.no_period = true});
  CHECK_OK(nb_heapseq_extend(q, limit + p->period, &err), &err);
  uint64_t bad = 0;
  for (uint64_t n = p->preperiod; n < limit && bad == 0; n++)
    bad += value_of(q, n + p->period) != value_of(q, n);
  CHECK(bad == 0, "%s: period %llu from %llu fails before %llu", spec_of(r),
        (unsigned long long)p->period, (unsigned long long)p->preperiod, (unsigned long long)limit);
  if (p->preperiod > 0)
    CHECK(value_of(q, p->preperiod - 1 + p->period) != value_of(q, p->preperiod - 1),
          "%s: preperiod %llu is not least", spec_of(r), (unsigned long long)p->preperiod);
  for (uint64_t shorter = 1; shorter < p->period; shorter++) {
    bool fails = false;
    for (uint64_t n = p->preperiod; n < p->preperiod + p->period && !fails; n++)
      fails = value_of(q, n + shorter) != value_of(q, n);
    CHECK(fails, "%s: %llu is a shorter period", spec_of(r), (unsigned long long)shorter);
  }
  nb_heapseq_free(q);
}

static void test_periods_rechecked(void) {
  uint64_t rng = 23;
  int found = 0;
  for (int t = 0; t < (quick ? 40 : 300); t++) {
    char buf[256];
    nb_heap_kind kind = t % 3 == 0 ? NB_HEAP_SUB : t % 3 == 1 ? NB_HEAP_OCT : NB_HEAP_HEX;
    if (kind == NB_HEAP_SUB)
      random_set(&rng, buf, 5, 20);
    else
      random_code(&rng, kind == NB_HEAP_HEX, buf);
    nb_heap_rules *r = rules_of(kind, buf);
    nb_heapseq *q = engine(r, (nb_heapseq_config){0});
    nb_heap_period p;
    CHECK_OK(nb_heapseq_period(q, kind == NB_HEAP_HEX ? 300 : 3000, &p, &err), &err);
    if (p.found) {
      found++;
      recheck_period(r, &p);
    }
    nb_heapseq_free(q);
    nb_heap_rules_free(r);
  }
  CHECK(found >= (quick ? 12 : 100), "only %d random games had a period", found);
}

static void test_period_limits(void) {
  nb_heap_rules *r = rules_of(NB_HEAP_OCT, "0.16");
  nb_heapseq *q = engine(r, (nb_heapseq_config){0});
  nb_heap_period p;
  CHECK_OK(nb_heapseq_period(q, 5000, &p, &err), &err);
  CHECK(!p.found && p.checked_to == 5000, "0.16 within 5000: found %d checked %llu", p.found,
        (unsigned long long)p.checked_to);
  nb_heapseq_free(q);
  nb_heap_rules_free(r);

  /* Kayles proven with 168 values: W = 2*71 + 2*12 + 2; with fewer, not found. */
  r = rules_of(NB_HEAP_OCT, "0.77");
  q = engine(r, (nb_heapseq_config){0});
  CHECK_OK(nb_heapseq_period(q, 167, &p, &err), &err);
  CHECK(!p.found, "Kayles proven with 167 values");
  CHECK_OK(nb_heapseq_period(q, 168, &p, &err), &err);
  CHECK(p.found && p.proof_end == 156, "Kayles with 168 values: %d", p.found);
  nb_heapseq_free(q);
  nb_heap_rules_free(r);

  nb_heap_kind none[] = {NB_HEAP_GRUNDY, NB_HEAP_NIM};
  const char *why[] = {"equal split", "grow without bound"};
  for (int i = 0; i < 2; i++) {
    r = rules_of(none[i], NULL);
    q = engine(r, (nb_heapseq_config){0});
    nb_status st = nb_heapseq_period(q, 1000, &p, &err);
    CHECK(st == NB_EUSAGE && strstr(err.message, why[i]) != NULL, "%s: %d %s", spec_of(r), (int)st,
          err.message);
    CHECK(!nb_heap_has_period_theorem(r, NULL), "%s has a theorem", spec_of(r));
    nb_heapseq_free(q);
    nb_heap_rules_free(r);
  }
}

/* --- limits and failures --------------------------------------------------------------------- */

static void test_limits(void) {
  nb_heapseq_config small = {.cap_bytes = 1 << 16};
  /* Kayles is answered from its period far beyond any table. */
  nb_heap_rules *r = rules_of(NB_HEAP_OCT, "0.77");
  nb_heapseq *q = engine(r, small);
  CHECK(value_of(q, UINT64_C(1000000000000000000)) == kayles[71 + (1000000000000000000 - 71) % 12],
        "Kayles at 10^18");
  CHECK(value_of(q, UINT64_MAX) == kayles[71 + (UINT64_MAX - 71) % 12], "Kayles at 2^64-1");
  CHECK(nb_heapseq_computed(q) < 1000, "Kayles computed %llu values",
        (unsigned long long)nb_heapseq_computed(q));
  nb_heapseq_free(q);
  nb_heap_rules_free(r);

  /* Grundy's game beyond the cap: refused before allocating, naming heap and limit. */
  r = rules_of(NB_HEAP_GRUNDY, NULL);
  q = engine(r, small);
  uint64_t v;
  nb_status st = nb_heapseq_value(q, 1000000, &v, &err);
  CHECK(st == NB_EDATA && strstr(err.message, "G(1000000)") &&
            strstr(err.message, "limit of 65536"),
        "Grundy beyond the cap: %d %s", (int)st, err.message);
  CHECK(nb_heapseq_computed(q) == 0, "computed %llu before refusing",
        (unsigned long long)nb_heapseq_computed(q));
  st = nb_heapseq_value(q, UINT64_MAX, &v, &err);
  CHECK(st == NB_EDATA && strstr(err.message, "beyond the sequence engine's table"), "%s",
        err.message);
  CHECK(value_of(q, 1000) == 17, "still usable after a refusal"); /* G(1000), Grundy */
  nb_heapseq_free(q);
  nb_heap_rules_free(r);

  /* 0.16 looks for its period until the cap, then says so. */
  r = rules_of(NB_HEAP_OCT, "0.16");
  q = engine(r, small);
  st = nb_heapseq_value(q, 1000000000, &v, &err);
  CHECK(st == NB_EDATA && strstr(err.message, "no period was proven among heaps 0 to"),
        "0.16 beyond the cap: %s", err.message);
  nb_heapseq_free(q);
  nb_heap_rules_free(r);
}

static void test_allocation_failures(void) {
  char set[2000]; /* sub:1..300 widens its table at heap 256 */
  for (int a = 1, len = 0; a <= 300; a++)
    len += sprintf(set + len, "%s%d", a > 1 ? "," : "", a);
  const struct {
    nb_heap_kind kind;
    const char *params;
    size_t heaps;
  } games[] = {{NB_HEAP_OCT, "0.16", quick ? 200 : 400},
               {NB_HEAP_GRUNDY, NULL, quick ? 200 : 400},
               {NB_HEAP_HEX, "0.F8", quick ? 100 : 200},
               {NB_HEAP_OCT, "0.4444444", quick ? 200 : 400},
               {NB_HEAP_SUB, set, 300}};
  /* Each game with one thread and with the marking thread (games 0 and 1 again): a marking
   * thread that cannot be made (its allocation fails) is no failure, the stretch is computed by
   * one thread, so there an allocation may fail and the values must still be right. */
  /* Grundy's game with the marking thread is left to make check-long: it takes 10,000 heaps for
   * the thread to start, computed again for every allocation failed (11 s in Release, some 80 s
   * under the sanitizers, with the two threads taking turns on a loaded machine); 0.16 with the
   * thread takes the same paths in the engine and the thread. The sanitizer run (quick), whose
   * point here is leaks on the way out, fails every 8th allocation of 0.16 with the thread and
   * each of its last 16 (its 150 runs cost 13 s there); the Release run fails each. */
  size_t cases = sizeof games / sizeof games[0] + (check_long() ? 2 : 1);
  for (size_t g = 0; g < cases; g++) {
    bool two = g >= sizeof games / sizeof games[0];
    size_t game = two ? g - sizeof games / sizeof games[0] : g;
    nb_heap_rules *r = rules_of(games[game].kind, games[game].params);
    size_t heaps = !two ? games[game].heaps : game == 0 ? 2000 : 10000, fell_back = 0;
    /* two threads: far enough that the thread starts (Grundy's game: from about 6000 heaps) */
    uint32_t *want = plain_heap_values(r, heaps);
    nb_heapseq_config cfg = {.threads = two ? 2 : 1};
    /* quick, with the thread: every 8th allocation, and each of the last 16, where the marking
     * thread, started last, makes its own (an every-8th walk alone missed them when the engine
     * came to make two more allocations before) */
    uint64_t total = 0;
    if (two && quick) {
      nb_heapseq *q = NULL;
      nb_alloc_fail_after(0);
      if (nb_heapseq_new(r, &cfg, &q, &err) == NB_OK) nb_heapseq_extend(q, heaps, &err);
      nb_heapseq_free(q);
      total = nb_alloc_fail_after(0);
    }
    /* with the thread, the k-th allocation alone fails (transient): Grundy's game grows its
     * rare lists after its last stretch with the thread starts, so failing every allocation
     * from the thread's on ended in an error at every k (make check-long failed so) */
    for (uint64_t k = 1;; k += two && quick && k + 24 < total ? 8 : 1) {
      if (two)
        nb_alloc_fail_only(k);
      else
        nb_alloc_fail_after(k);
      nb_heapseq *q = NULL;
      nb_status st = nb_heapseq_new(r, &cfg, &q, &err);
      if (st == NB_OK) st = nb_heapseq_extend(q, heaps, &err);
      uint64_t counted = nb_alloc_fail_after(0);
      CHECK(st == NB_OK || st == NB_EINTERNAL, "%s failing allocation %llu: status %d", spec_of(r),
            (unsigned long long)k, (int)st);
      if (st == NB_OK && two && counted >= k) { /* the thread was not made: one thread did it */
        fell_back++;
        for (size_t n = 0; n < heaps; n += 7)
          CHECK(value_of(q, n) == want[n], "%s, no marking thread at failure %llu: heap %zu",
                spec_of(r), (unsigned long long)k, n);
        nb_heapseq_free(q);
        continue;
      }
      if (st == NB_OK) { /* every allocation succeeded: done with this game */
        nb_heapseq_free(q);
        CHECK(counted < k, "%s: allocation %llu failed silently", spec_of(r),
              (unsigned long long)k);
        CHECK(!two || fell_back > 0, "%s: no allocation of the marking thread failed", spec_of(r));
        break;
      }
      if (q != NULL) { /* a failed extension leaves a usable engine */
        for (size_t n = 0; n < heaps; n += 7)
          CHECK(value_of(q, n) == want[n], "%s after failure %llu: heap %zu", spec_of(r),
                (unsigned long long)k, n);
        nb_heapseq_free(q);
      }
    }
    free(want);
    nb_heap_rules_free(r);
  }
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  test_specs();
  test_options();
  test_engine_random();
  test_engine_long();
  test_wide_kernel();
  test_threads();
  test_spare();
  test_threads_memory();
  test_threads_heap_by_heap();
  test_published();
  test_periods_rechecked();
  test_period_limits();
  test_limits();
  test_allocation_failures();
  return check_done();
}
