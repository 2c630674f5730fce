/*
 * fuzz_heap.c: the heap-game notation (nim, sub:S, oct:, hex:, grundy; src/heap/heap.h) on
 * arbitrary text, then the rules it reads against plain definitions.
 *
 * Input: byte 0 picks the kind; the rest is the text after ':' (none when the input is one byte).
 * Whatever the text, nb_heap_rules_parse answers NB_OK or NB_EUSAGE with a message. Rules read:
 *   - print (nb_heap_rules_spec) as a spec whose parameters read back to the same spec;
 *   - for every heap n up to SMALL_HEAP, have the number of options the rules say, counted here
 *     from heap.h's definitions (nim: n; sub: the amounts at most n; oct/hex digit j, bit 1: one
 *     option if n = j, bit 2: one if n > j, bit 4: floor((n-j)/2) splits, bit 8: the partitions
 *     of n-j into three parts; grundy: floor((n-1)/2)), and nb_heap_option_count agrees;
 *   - list options (nb_heap_options) that are legal by the rules (tokens conserved, heaps
 *     non-empty and non-decreasing, the digit or amount allowing the move), distinct and in the
 *     documented order;
 *   - and the sequence engine's values G(0..SMALL_HEAP) equal the mex over those options, and a
 *     period it proves from the first PERIOD_HEAPS values holds on them.
 * Heaps stop early once a heap has more than MAX_OPTIONS options (long hex codes), so that one
 * input stays in the milliseconds.
 */
#include "fuzz.h"
#include "heap/heap.h"

enum {
  SMALL_HEAP = 48,   /* heaps whose options and values are checked */
  PERIOD_HEAPS = 40, /* values the period search may use */
  MAX_OPTIONS = 256, /* most options of one heap checked */
};

/* Partitions of m into three positive parts: the nearest integer to m^2 / 12. */
static uint64_t three_parts(uint64_t m) {
  return m < 3 ? 0 : (m * m + 6) / 12;
}

/* The number of options of a heap of n, from the rules' definitions. */
static uint64_t plain_count(const nb_heap_rules *r, uint64_t n) {
  uint64_t c = 0;
  switch (r->kind) {
  case NB_HEAP_NIM:
    return n;
  case NB_HEAP_GRUNDY:
    return n >= 1 ? (n - 1) / 2 : 0;
  case NB_HEAP_SUB:
    for (size_t i = 0; i < r->count; i++)
      c += r->amount[i] <= n;
    return c;
  default:
    for (uint64_t j = 0; j <= r->k && j <= n; j++) {
      unsigned d = r->digit[j];
      uint64_t rest = n - j;
      c += (d & NB_HEAP_DIGIT_EMPTY) && rest == 0 && j > 0;
      c += (d & NB_HEAP_DIGIT_LEAVE_ONE) && rest > 0 && j > 0;
      c += (d & NB_HEAP_DIGIT_LEAVE_TWO) && rest >= 2 ? rest / 2 : 0;
      c += (d & NB_HEAP_DIGIT_LEAVE_THREE) ? three_parts(rest) : 0;
    }
    return c;
  }
}

/* Whether the option is legal by the rules for a heap of n. */
static bool legal(const nb_heap_rules *r, uint64_t n, const nb_heap_option *o) {
  uint64_t left = 0;
  for (unsigned i = 0; i < o->parts; i++) {
    if (o->heap[i] == 0 || (i > 0 && o->heap[i] < o->heap[i - 1])) return false;
    left += o->heap[i];
  }
  if (o->parts > 3 || o->removed + left != n) return false;
  for (unsigned i = o->parts; i < 3; i++)
    if (o->heap[i] != 0) return false;
  switch (r->kind) {
  case NB_HEAP_NIM:
    return o->removed >= 1 && o->parts <= 1;
  case NB_HEAP_GRUNDY:
    return o->removed == 0 && o->parts == 2 && o->heap[0] != o->heap[1];
  case NB_HEAP_SUB: {
    bool listed = false;
    for (size_t i = 0; i < r->count; i++)
      listed |= r->amount[i] == o->removed;
    return listed && o->removed >= 1 && o->parts == (o->removed < n ? 1u : 0u);
  }
  default: {
    if (o->removed > r->k) return false;
    unsigned bit = o->parts == 0 ? NB_HEAP_DIGIT_EMPTY : 1u << o->parts;
    return (r->digit[o->removed] & bit) && (o->removed > 0 || o->parts >= 2);
  }
  }
}

/* a before b in the documented order: removed, then heaps left, then the heaps. */
static int order(const nb_heap_option *a, const nb_heap_option *b) {
  if (a->removed != b->removed) return a->removed < b->removed ? -1 : 1;
  if (a->parts != b->parts) return a->parts < b->parts ? -1 : 1;
  for (int i = 0; i < 3; i++)
    if (a->heap[i] != b->heap[i]) return a->heap[i] < b->heap[i] ? -1 : 1;
  return 0;
}

/* Checks the options of heaps 0..SMALL_HEAP and computes their values by mex into g; returns
 * how many heaps were checked (fewer when a heap has too many options). */
static uint64_t check_options(const nb_heap_rules *r, uint64_t *g) {
  nb_heap_option *opts = nb_alloc(MAX_OPTIONS, sizeof *opts, NULL);
  bool *seen = nb_alloc(MAX_OPTIONS + 2, sizeof *seen, NULL);
  FUZZ_CHECK(opts && seen, "out of memory");
  uint64_t n = 0;
  for (; n <= SMALL_HEAP; n++) {
    uint64_t want = plain_count(r, n), count = nb_heap_option_count(r, n);
    FUZZ_CHECK(count == want, "heap %llu: %llu options counted, the rules give %llu",
               (unsigned long long)n, (unsigned long long)count, (unsigned long long)want);
    if (count > MAX_OPTIONS) break;
    size_t listed = nb_heap_options(r, n, opts);
    FUZZ_CHECK(listed == count, "heap %llu: %zu options listed of %llu", (unsigned long long)n,
               listed, (unsigned long long)count);
    memset(seen, 0, (MAX_OPTIONS + 2) * sizeof *seen);
    for (size_t i = 0; i < listed; i++) {
      FUZZ_CHECK(legal(r, n, &opts[i]), "heap %llu: option %zu is not a legal move",
                 (unsigned long long)n, i);
      FUZZ_CHECK(i == 0 || order(&opts[i - 1], &opts[i]) < 0, "heap %llu: options %zu, %zu",
                 (unsigned long long)n, i - 1, i);
      uint64_t v = 0;
      for (unsigned k = 0; k < opts[i].parts; k++)
        v ^= g[opts[i].heap[k]];
      if (v <= MAX_OPTIONS + 1) seen[v] = true;
    }
    uint64_t mex = 0;
    while (seen[mex])
      mex++;
    g[n] = mex;
  }
  free(seen);
  free(opts);
  return n;
}

/* The engine's values and period against the plain values g[0..checked). */
static void check_engine(const nb_heap_rules *r, const uint64_t *g, uint64_t checked) {
  nb_heapseq_config config = {.cap_bytes = 1 << 22};
  nb_heapseq *q;
  nb_error err;
  FUZZ_CHECK(nb_heapseq_new(r, &config, &q, &err) == NB_OK, "%s", err.message);
  for (uint64_t n = 0; n < checked; n++) {
    uint64_t v;
    FUZZ_CHECK(nb_heapseq_value(q, n, &v, &err) == NB_OK, "G(%llu): %s", (unsigned long long)n,
               err.message);
    FUZZ_CHECK(v == g[n], "G(%llu) = %llu, the mex says %llu", (unsigned long long)n,
               (unsigned long long)v, (unsigned long long)g[n]);
  }
  nb_heap_period p;
  if (checked > PERIOD_HEAPS && nb_heap_has_period_theorem(r, NULL)) {
    FUZZ_CHECK(nb_heapseq_period(q, PERIOD_HEAPS, &p, &err) == NB_OK, "%s", err.message);
    for (uint64_t n = p.preperiod; p.found && n + p.period < checked; n++)
      FUZZ_CHECK(g[n + p.period] == g[n], "period %llu from %llu fails at %llu",
                 (unsigned long long)p.period, (unsigned long long)p.preperiod,
                 (unsigned long long)n);
  }
  nb_heapseq_free(q);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const nb_heap_kind kinds[] = {NB_HEAP_NIM, NB_HEAP_SUB, NB_HEAP_OCT, NB_HEAP_HEX,
                                       NB_HEAP_GRUNDY};
  if (size == 0) return 0;
  nb_heap_kind kind = kinds[data[0] % 5];
  char *params = size > 1 ? fuzz_string(data + 1, size - 1) : NULL;
  nb_heap_rules *r = NULL, *again = NULL;
  nb_error err = {0};
  nb_status st = nb_heap_rules_parse(kind, params, &r, &err);
  if (st != NB_OK) {
    FUZZ_CHECK(st == NB_EUSAGE && err.message[0] != '\0', "status %d: %s", (int)st, err.message);
    free(params);
    return 0;
  }
  char probe[1];
  int len = nb_heap_rules_spec(r, probe, 0);
  char *spec = nb_alloc((size_t)len + 1, 1, NULL), *spec2 = nb_alloc((size_t)len + 1, 1, NULL);
  FUZZ_CHECK(spec && spec2 && nb_heap_rules_spec(r, spec, (size_t)len + 1) == len, "spec");
  const char *colon = strchr(spec, ':');
  FUZZ_CHECK(nb_heap_rules_parse(kind, colon ? colon + 1 : NULL, &again, &err) == NB_OK,
             "spec '%s' refused: %s", spec, err.message);
  FUZZ_CHECK(nb_heap_rules_spec(again, spec2, (size_t)len + 1) == len && strcmp(spec, spec2) == 0,
             "spec '%s' reads back as '%s'", spec, spec2);
  uint64_t g[SMALL_HEAP + 1];
  uint64_t checked = check_options(r, g);
  check_engine(r, g, checked);
  nb_heap_rules_free(again);
  nb_heap_rules_free(r);
  free(spec2);
  free(spec);
  free(params);
  return 0;
}
