/*
 * sumkey.h: the key of a sum, for the two searches that memoise sums (sumsearch.c, the values
 * and remoteness of a sum; outcome.c, who wins it). A sum is the sorted array of its components'
 * positions (ordered by hi, then lo), so that one sum has one key whatever order its components
 * came in; the player to move is hashed with it. Inline: both searches make and hash a key at
 * every move they examine.
 */
#ifndef NB_CORE_SUMKEY_H
#define NB_CORE_SUMKEY_H

#include "core/core.h"

/* The order of the components in a key (qsort's comparison). */
static inline int nb_sumkey_cmp(const void *a, const void *b) {
  const nb_pos *x = a, *y = b;
  if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

/* The hash of key[0..n) with the player to move, from a seed of the table's own; never 0 (a
 * table's empty mark). */
static inline uint64_t nb_sumkey_hash(uint64_t seed, const nb_pos *key, size_t n, unsigned player) {
  uint64_t h = seed ^ (uint64_t)player ^ ((uint64_t)n << 32);
  for (size_t i = 0; i < n; i++) {
    h = (h ^ key[i].lo) * 0x100000001b3ull;
    h = (h ^ key[i].hi) * 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
  }
  return h | 1;
}

/* Writes into out the sorted key of the sum key[0..n) (sorted) with component c replaced by
 * parts[0..k): the parts are sorted apart, in out[n - 1 + k .. n - 1 + 2k), and merged in, so
 * out must have room for n - 1 + 2k components. Returns the new key's length, n - 1 + k. */
static inline size_t nb_sumkey_replace(nb_pos *out, const nb_pos *key, size_t n, size_t c,
                                       const nb_pos *parts, size_t k) {
  nb_pos *sorted = out + n - 1 + k;
  for (size_t i = 0; i < k; i++) { /* insertion sort: k is at most max_parts */
    size_t j = i;
    for (; j > 0 && nb_sumkey_cmp(&sorted[j - 1], &parts[i]) > 0; j--)
      sorted[j] = sorted[j - 1];
    sorted[j] = parts[i];
  }
  size_t len = 0, j = 0;
  for (size_t i = 0; i < n; i++) {
    if (i == c) continue;
    while (j < k && nb_sumkey_cmp(&sorted[j], &key[i]) < 0)
      out[len++] = sorted[j++];
    out[len++] = key[i];
  }
  while (j < k)
    out[len++] = sorted[j++];
  return len;
}

#endif
