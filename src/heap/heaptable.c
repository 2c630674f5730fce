/*
 * heaptable.c: the sequence engine's table and the sets filed beside it: G(0), G(1), ... in a
 * growing table, its memory within the engine's cap, and the rare/common sets of the sparse
 * method. The engine's one place that records a value (heapseq_record).
 *
 * Why a module of its own. The step (heapstep.c) values heap after heap and records each value
 * here; the driver (heapseq.c) decides how far to compute, reserves room here and runs the step.
 * Both call down into this file and it calls neither: calls point one way (driver -> step ->
 * table, driver -> table), where the step once called back into the driver for every heap.
 *
 * The table. G(n) is kept in 1 byte while every value is below 256, then in 2 (below 65536),
 * then in 4; widening converts the table once. Everything else is small beside it: the rare
 * lists (8 bytes per rare heap; a group gives its list up when more than an eighth of the
 * heaps would be rare, so they never cost more than one byte per value), the value-indexed sets
 * (a few bitsets over values), and, for codes with three-heap splits, the pair sets (2^b / 8
 * bytes per heap for values below 2^b). Every allocation is checked against the engine's cap
 * (NB_HEAPSEQ_DEFAULT_CAP unless configured) before it is made, and the table never holds more
 * than NB_HEAPSEQ_MAX_HEAPS values, so that rare heaps fit in 32 bits (codes with three-heap
 * splits NB_HEAPSEQ_TRIPLE_MAX_HEAPS: their pair-set method is O(n^2) work, seconds at 4096).
 *
 * Rare and common. heapstep.c is exact whatever sets C_d obey its rule (2), R_d = C_d ^ C_d ^ d
 * (and d) never meeting C_d; their choice only decides its speed, which wants few rare heaps.
 * At each checkpoint (each time the table grows by an eighth) the sets are chosen greedily:
 * the extended values met so far, most frequent first, each added to C_d when (2) still holds
 * (x is addable iff x is not in R_d; adding it adds x ^ c ^ d to R_d for every c in C_d and x).
 * When C_d comes out as before, the rare list is kept; otherwise it is rebuilt from the table.
 * A plain group that goes sparse is judged at a trial checkpoint 1/64 heaps later (which
 * allocates nothing and chooses no sets), and at every regular one: if the sparse method visited
 * half as many splits as the plain walk would (scans_heavy), the group is plain again until the
 * table has doubled.
 * Between checkpoints a heap whose extended value is met for the first time makes that value
 * common if (2) allows (no listed heap has it, so no list changes), and rare otherwise. A group
 * whose list cannot be rebuilt (memory) becomes plain, which is always correct.
 *
 * Failures leave the engine usable: a value is recorded only once every allocation it needs
 * has succeeded.
 */
#include "heap/heapengine.h"

#include <stdlib.h>

enum {
  RARE_SHARE = 8, /* a group keeps its rare list while at most 1/RARE_SHARE of heaps are rare */
};

/* --- memory ---------------------------------------------------------------------------------- */

/* NB_EDATA: G(0 .. last) cannot be held (it would take `bytes`). `looked`: the engine was
 * looking for a period on the way and has not proven one among the heaps computed. */
nb_status heapseq_refuse(const nb_heapseq *q, uint64_t last, uint64_t bytes, bool looked,
                         nb_error *err) {
  char spec[96], period[128] = "";
  nb_heap_rules_spec(q->rules, spec, sizeof spec);
  if (looked)
    snprintf(period, sizeof period, "; no period was proven among heaps 0 to %llu",
             (unsigned long long)q->len - 1);
  if (last >= heapseq_max_heaps(q))
    return nb_fail(err, NB_EDATA,
                   "game '%s': heap %llu is beyond the sequence engine's table (at most %llu "
                   "heaps%s)%s",
                   spec, (unsigned long long)last, (unsigned long long)heapseq_max_heaps(q),
                   q->ntriple > 0 ? " with three-heap splits, each heap O(n) bitset work" : "",
                   period);
  return nb_fail(err, NB_EDATA,
                 "game '%s': computing G(0) to G(%llu) needs about %llu bytes, above the "
                 "sequence engine's limit of %llu bytes (the memory limit; --memory SIZE raises "
                 "it)%s",
                 spec, (unsigned long long)last, (unsigned long long)bytes,
                 (unsigned long long)q->cap_bytes, period);
}

/* Words of a pair set. */
static size_t pair_words(const nb_heapseq *q) {
  return words_for(q->value_bits);
}

/* Makes room for `heaps` values (checked by the caller), growing by an eighth within the cap
 * and never beyond `target`, the values the caller means to compute (so a table of N values
 * takes N cells, not the next power of two; a caller asking heap by heap, with no target, holds
 * at most an eighth more than it computed). */
nb_status heapseq_grow_table(nb_heapseq *q, size_t heaps, uint64_t target, nb_error *err) {
  size_t want = q->alloc < HEAPSEQ_FIRST_CHECK ? HEAPSEQ_FIRST_CHECK : q->alloc + q->alloc / 8;
  if (want > target) want = (size_t)target;
  if (want < heaps || want > heapseq_max_heaps(q) ||
      heapseq_bytes_with(q, want, q->width) > q->cap_bytes)
    want = heaps;
  void *table = nb_realloc(q->table, want, q->width, err);
  if (table == NULL) return NB_EINTERNAL;
  q->table = table;
  if (q->ntriple > 0) {
    uint64_t *pairs = nb_realloc(q->pairs, want * pair_words(q), sizeof *pairs, err);
    if (pairs == NULL) return NB_EINTERNAL;
    q->pairs = pairs;
  }
  q->alloc = want;
  return NB_OK;
}

/* Converts the table to the next width, for a value above the current one's range. */
static nb_status widen(nb_heapseq *q, nb_error *err) {
  unsigned width = q->width == 1 ? 2 : 4;
  uint64_t bytes = heapseq_bytes_with(q, q->alloc, width);
  if (bytes > q->cap_bytes) return heapseq_refuse(q, q->len, bytes, false, err);
  void *table = nb_alloc(q->alloc, width, err);
  if (table == NULL) return NB_EINTERNAL;
  for (size_t i = 0; i < q->len; i++)
    set_cell(table, width, i, cell(q->table, q->width, (ptrdiff_t)i));
  free(q->table);
  q->table = table;
  q->width = width;
  return NB_OK;
}

/* Resizes a bitset from `old` to `words` words, zeroing the new ones. */
static nb_status grow_bits(uint64_t **b, size_t old, size_t words, nb_error *err) {
  uint64_t *grown = nb_realloc(*b, words, sizeof **b, err);
  if (grown == NULL) return NB_EINTERNAL;
  memset(grown + old, 0, (words - old) * sizeof *grown);
  *b = grown;
  return NB_OK;
}

/* Re-strides the pair sets from `old_words` to pair_words(q) words each. */
static nb_status restride_pairs(nb_heapseq *q, size_t old_words, nb_error *err) {
  size_t words = pair_words(q);
  uint64_t *pairs = nb_alloc(q->alloc * words, sizeof *pairs, err);
  uint64_t *gather = nb_alloc(((size_t)1 << q->value_bits) * words, sizeof *gather, err);
  if (pairs == NULL || gather == NULL) {
    free(pairs);
    free(gather);
    return NB_EINTERNAL;
  }
  /* rows 0 .. len: P(len) is computed before G(len) is recorded (heapstep.c) */
  for (size_t m = 0; m <= q->len && m < q->alloc && q->pairs != NULL; m++)
    memcpy(pairs + m * words, q->pairs + m * old_words, old_words * sizeof *pairs);
  free(q->pairs);
  free(q->gather);
  q->pairs = pairs;
  q->gather = gather;
  return NB_OK;
}

/* Grows every value-indexed structure to values below 2^bits. On failure value_bits is as it
 * was (some arrays may be larger already, which is harmless). */
nb_status heapseq_set_value_bits(nb_heapseq *q, unsigned bits, nb_error *err) {
  unsigned old_bits = q->value_bits;
  size_t old_pair_words = pair_words(q);
  size_t old_words = old_bits ? words_for(old_bits) : 0,
         old_ext = old_bits ? words_for(old_bits + 1) : 0;
  size_t old_seen = old_bits ? old_words + HEAPSEQ_TARGET_WORDS : 0;
  size_t old_freq = old_bits ? (size_t)2 << old_bits : 0;
  q->value_bits = bits;
  uint64_t bytes = heapseq_bytes_with(q, q->alloc, q->width);
  q->value_bits = old_bits;
  if (bytes > q->cap_bytes) return heapseq_refuse(q, q->len, bytes, false, err);
  size_t words = words_for(bits), ext = words_for(bits + 1), nfreq = (size_t)2 << bits;
  nb_status st = grow_bits(&q->seen, old_seen, words + HEAPSEQ_TARGET_WORDS, err);
  uint8_t *mark = st == NB_OK ? nb_realloc(q->mark, 64 * words, 1, err) : NULL;
  if (mark == NULL)
    st = NB_EINTERNAL;
  else {
    q->mark = mark;
    memset(mark + 64 * old_words, 0, 64 * (words - old_words)); /* stamps are never 0 */
  }
  /* the rare/common sets exist only for groups with splits (not for sub, nim, codes without) */
  if (st == NB_OK && q->group[0].count + q->group[1].count > 0)
    st = grow_bits(&q->freq, old_freq, nfreq, err);
  for (int d = 0; d < 2 && st == NB_OK; d++) {
    split_group *g = &q->group[d];
    if (g->count == 0) continue;
    st = grow_bits(&g->common, old_ext, ext, err);
    if (st == NB_OK) st = grow_bits(&g->rare_set, old_ext, ext, err);
    if (st == NB_OK) st = grow_bits(&g->reach, old_ext, ext, err);
    for (int p = 0; p < 2 && st == NB_OK; p++)
      st = grow_bits(&g->reach_by[p], old_words, words, err);
    uint32_t *members = st == NB_OK ? nb_realloc(g->members, nfreq, sizeof *members, err) : NULL;
    if (members == NULL)
      st = NB_EINTERNAL;
    else
      g->members = members;
  }
  if (st == NB_OK && q->ntriple > 0) {
    q->value_bits = bits;
    st = restride_pairs(q, old_pair_words, err);
  }
  q->value_bits = st == NB_OK ? bits : old_bits;
  return st;
}

/* --- rare and common ------------------------------------------------------------------------- */

/* Adds extended value x to R_d and to its by-parity view. */
static void add_reach(split_group *g, uint32_t x) {
  bit_set(g->reach, x);
  bit_set(g->reach_by[x & 1], x >> 1);
}

/* Adds extended value x (not in R_d) to C_d, keeping R_d = C_d ^ C_d ^ d and d. */
static void make_common(split_group *g, uint32_t x, unsigned d) {
  NB_ASSERT(!bit_get(g->reach, x) && !bit_get(g->common, x));
  bit_set(g->common, x);
  g->members[g->members_len++] = x;
  for (size_t i = 0; i < g->members_len; i++)
    add_reach(g, x ^ g->members[i] ^ d);
}

/* Makes room in group g's rare list for `more` heaps beyond those listed, within the cap. */
static nb_status rare_room_for(nb_heapseq *q, split_group *g, size_t more, nb_error *err) {
  if (g->rare_cap - g->rare_len >= more) return NB_OK;
  size_t want = g->rare_cap < 64 ? 64 : 2 * g->rare_cap, old = g->rare_cap;
  if (want - g->rare_len < more) want = g->rare_len + more;
  g->rare_cap = want;
  uint64_t bytes = heapseq_bytes_with(q, q->alloc, q->width);
  g->rare_cap = old;
  if (bytes > q->cap_bytes) return heapseq_refuse(q, q->len, bytes, false, err);
  rare_heap *rare = nb_realloc(g->rare, want, sizeof *rare, err);
  if (rare == NULL) return NB_EINTERNAL;
  g->rare = rare;
  g->rare_cap = want;
  return NB_OK;
}

/* Makes room for one more rare heap in group g, within the cap. */
static nb_status rare_room(nb_heapseq *q, split_group *g, nb_error *err) {
  return rare_room_for(q, g, 1, err);
}

nb_status heapseq_rare_room(nb_heapseq *q, size_t more, nb_error *err) {
  nb_status st = NB_OK;
  for (int d = 0; d < 2 && st == NB_OK; d++)
    if (q->group[d].count > 0 && !q->group[d].plain) st = rare_room_for(q, &q->group[d], more, err);
  return st;
}

/* Files heap n (value v, n >= 1; room made in every list) as common or rare in each group. */
static void classify(nb_heapseq *q, size_t n, uint32_t v) {
  if (q->group[0].count + q->group[1].count == 0) return;
  uint32_t x = v << 1 | (uint32_t)(n & 1);
  q->freq[x]++;
  for (unsigned d = 0; d < 2; d++) {
    split_group *g = &q->group[d];
    if (g->count == 0 || g->plain || bit_get(g->common, x)) continue;
    if (!bit_get(g->rare_set, x) && !bit_get(g->reach, x)) {
      make_common(g, x, d); /* met for the first time: no listed heap has it */
      continue;
    }
    bit_set(g->rare_set, x);
    g->rare[g->rare_len++] = (rare_heap){.heap = (uint32_t)n, .value = v};
  }
}

/* Whether extended value x comes before y: more frequent first, then smaller. */
static bool before(uint32_t x, uint32_t y, const uint64_t *freq) {
  return freq[x] != freq[y] ? freq[x] > freq[y] : x < y;
}

/* Insertion sort by frequency: the list is short (values met, at most 2^(value_bits+1)). */
static void sort_by_frequency(uint32_t *xs, size_t n, const uint64_t *freq) {
  for (size_t i = 1; i < n; i++) {
    uint32_t x = xs[i];
    size_t j = i;
    for (; j > 0 && before(x, xs[j - 1], freq); j--)
      xs[j] = xs[j - 1];
    xs[j] = x;
  }
}

/* Rebuilds group g's rare list from the table; on failure the group goes plain. */
static nb_status relist(nb_heapseq *q, split_group *g, nb_error *err) {
  g->rare_len = 0;
  for (size_t x = 1; x < q->len; x++) {
    uint32_t v = cell(q->table, q->width, (ptrdiff_t)x);
    if (!bit_get(g->rare_set, v << 1 | (uint32_t)(x & 1))) continue;
    nb_status st = rare_room(q, g, err);
    if (st != NB_OK) {
      g->plain = true;
      g->rare_len = 0;
      return st;
    }
    g->rare[g->rare_len++] = (rare_heap){.heap = (uint32_t)x, .value = v};
  }
  return NB_OK;
}

/* Whether the sparse method visited, since the last checkpoint, half as many splits as the plain
 * walk has or more: its rare marks (g->count lanes a heap, each marking about g->rare_len rare
 * splits) and the splits its dense scans walked, against the plain walk's g->count lanes of
 * about n / 2 splits at heap n, count (L1^2 - L0^2) / 4 over the heaps L0 .. L1 (in doubles:
 * L1^2 passes 64 bits near 2^32 heaps, and an estimate is all a choice of speed needs). Such a
 * group is a game without a sparse space in disguise: 0.04 from 160,000 heaps has fewer than an
 * eighth of its heaps rare, but each heap marks them all and its scan walks a third of its
 * lanes (values of 512 and more: the scalar walk), where the window scans (heapwindow.c) walk
 * once with vector instructions and stop. 0.04 to 200,000 took 6.2 s of CPU with its last
 * 40,000 heaps sparse, 3.6 s plain throughout. A true sparse space never comes near: its rare
 * marks are at most a quarter of the plain splits (rare share 1/8) and its scans are short. */
static bool scans_heavy(const nb_heapseq *q, const split_group *g) {
  if (g->plain || g->walked_from == 0 || q->len <= g->walked_from) return false;
  double l0 = (double)g->walked_from, l1 = (double)q->len, lanes = (double)g->count;
  double sparse = lanes * (double)g->rare_len * (l1 - l0) + (double)g->walked;
  return 2.0 * sparse >= lanes * (l1 * l1 - l0 * l0) / 4;
}

/* Chooses C_d greedily over the extended values met (`order`, most frequent first) and relists
 * the rare heaps, or goes plain; when C_d comes out as it was, the list is kept (`old` is
 * scratch room for the previous C_d). */
static nb_status rebuild_group(nb_heapseq *q, split_group *g, unsigned d, const uint32_t *order,
                               size_t met, uint64_t *old, nb_error *err) {
  size_t ext = words_for(q->value_bits + 1), words = words_for(q->value_bits);
  bool was_plain = g->plain;
  if (scans_heavy(q, g)) g->plain_until = 2 * q->len; /* tried sparse again once it has doubled */
  g->walked = 0; /* judged from here: at the trial checkpoint, then at the next regular one */
  g->walked_from = q->len;
  memcpy(old, g->common, ext * sizeof *old);
  memset(g->common, 0, ext * sizeof *g->common);
  memset(g->rare_set, 0, ext * sizeof *g->rare_set);
  memset(g->reach, 0, ext * sizeof *g->reach);
  memset(g->reach_by[0], 0, words * sizeof *g->reach_by[0]);
  memset(g->reach_by[1], 0, words * sizeof *g->reach_by[1]);
  add_reach(g, d);
  g->members_len = 0;
  uint64_t rare_heaps = 0;
  for (size_t i = 0; i < met; i++) {
    if (!bit_get(g->reach, order[i])) {
      make_common(g, order[i], d);
    } else {
      bit_set(g->rare_set, order[i]);
      rare_heaps += q->freq[order[i]];
    }
  }
  g->plain = rare_heaps * RARE_SHARE > q->len || q->len < g->plain_until;
  q->sparse_trial = q->sparse_trial || (was_plain && !g->plain);
  if (g->plain) {
    free(g->rare);
    g->rare = NULL;
    g->rare_len = g->rare_cap = 0;
    return NB_OK;
  }
  if (!was_plain && memcmp(old, g->common, ext * sizeof *old) == 0) return NB_OK;
  return relist(q, g, err);
}

void heapseq_judge_sparse(nb_heapseq *q) {
  q->sparse_trial = false;
  for (unsigned d = 0; d < 2; d++) {
    split_group *g = &q->group[d];
    if (g->count == 0 || !scans_heavy(q, g)) continue;
    g->plain_until = 2 * q->len; /* tried sparse again once the table has doubled */
    g->plain = true;
    free(g->rare);
    g->rare = NULL;
    g->rare_len = g->rare_cap = 0;
  }
}

/* New rare/common sets for both groups, from the frequencies so far. */
nb_status heapseq_rebuild_sets(nb_heapseq *q, nb_error *err) {
  q->sparse_trial = false;
  if (q->ntriple > 0 || (q->group[0].count == 0 && q->group[1].count == 0)) return NB_OK;
  size_t nfreq = (size_t)2 << q->value_bits, met = 0;
  uint32_t *order = nb_alloc(nfreq, sizeof *order, err);
  uint64_t *old = nb_alloc(words_for(q->value_bits + 1), sizeof *old, err);
  nb_status st = order == NULL || old == NULL ? NB_EINTERNAL : NB_OK;
  for (size_t x = 0; x < nfreq && st == NB_OK; x++)
    if (q->freq[x] > 0) order[met++] = (uint32_t)x;
  if (st == NB_OK) sort_by_frequency(order, met, q->freq);
  for (unsigned d = 0; d < 2 && st == NB_OK; d++)
    if (q->group[d].count > 0) st = rebuild_group(q, &q->group[d], d, order, met, old, err);
  free(order);
  free(old);
  return st;
}

nb_status heapseq_record(nb_heapseq *q, uint32_t v, nb_error *err) {
  size_t n = q->len;
  nb_status st = NB_OK;
  if (v >> q->value_bits) {
    unsigned bits = q->value_bits;
    while (bits < 32 && v >> bits)
      bits++;
    st = heapseq_set_value_bits(q, bits, err);
  }
  while (st == NB_OK && v > (q->width == 1 ? 0xffu : q->width == 2 ? 0xffffu : UINT32_MAX))
    st = widen(q, err);
  for (int d = 0; d < 2 && st == NB_OK && n >= 1 && q->ntriple == 0; d++)
    if (q->group[d].count > 0 && !q->group[d].plain) st = rare_room(q, &q->group[d], err);
  if (st != NB_OK) return st;
  set_cell(q->table, q->width, n, v);
  if (v > q->max_value) q->max_value = v;
  if (n >= 1 && q->ntriple == 0) classify(q, n, v);
  q->len = n + 1;
  return NB_OK;
}
