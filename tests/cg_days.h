/*
 * cg_days.h: the games born by day n, made from those born by day n - 1: {L | R} for every pair of
 * antichains (sets of pairwise incomparable games) L and R, made canonical and kept once (Siegel,
 * Combinatorial Game Theory, 2013, ch. III: 4 games born by day 1, 22 by day 2, 1474 by day 3).
 * Written once for test_cg.c (which checks the counts) and test_thermograph.c. Test code: aborts
 * when memory runs out, through plain_cg.h's allocator.
 */
#ifndef NB_TESTS_CG_DAYS_H
#define NB_TESTS_CG_DAYS_H

#include "check.h"
#include "plain_cg.h"

#include <nimber_cgt.h>

static inline bool cg_days_leq(nb_cg_store *s, nb_cg a, nb_cg b) {
  nb_error err;
  bool r = false;
  CHECK_OK(nb_cg_leq(s, a, b, &r, &err), &err);
  return r;
}

/* Every antichain (pairwise incomparable subset) of games[0..n), by DFS; appended to out as
 * (start, length) runs in flat. */
typedef struct antichains {
  nb_cg *flat;     /* all antichains, concatenated */
  size_t len, cap; /* entries */
  size_t *start;   /* where each antichain starts in flat */
  size_t *size;    /* its length */
  size_t count;    /* antichains */
  size_t cap2;     /* allocated entries of start and size */
} antichains;

static inline void antichain_add(antichains *a, const nb_cg *members, size_t k) {
  if (a->len + k > a->cap) {
    a->cap = 2 * (a->len + k) + 64;
    a->flat = plain_xrealloc(a->flat, a->cap * sizeof *a->flat);
  }
  if (a->count == a->cap2) {
    a->cap2 = a->cap2 ? 2 * a->cap2 : 64;
    a->start = plain_xrealloc(a->start, a->cap2 * sizeof *a->start);
    a->size = plain_xrealloc(a->size, a->cap2 * sizeof *a->size);
  }
  if (k > 0) memcpy(a->flat + a->len, members, k * sizeof *members);
  a->start[a->count] = a->len;
  a->size[a->count++] = k;
  a->len += k;
}

static inline void antichain_dfs(nb_cg_store *s, const nb_cg *games, size_t n, size_t from,
                                 const bool *comparable, nb_cg *chosen, size_t *idx, size_t k,
                                 antichains *out) {
  antichain_add(out, chosen, k);
  for (size_t i = from; i < n; i++) {
    bool ok = true;
    for (size_t j = 0; j < k && ok; j++)
      ok = !comparable[i * n + idx[j]];
    if (!ok) continue;
    chosen[k] = games[i];
    idx[k] = i;
    antichain_dfs(s, games, n, i + 1, comparable, chosen, idx, k + 1, out);
  }
}

/* The games born by the next day: {L | R} for antichains L, R of games[0..n). */
static inline size_t next_day(nb_cg_store *s, const nb_cg *games, size_t n, nb_cg **out) {
  nb_error err;
  bool *comparable = calloc(n * n, 1);
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      comparable[i * n + j] =
          i != j && (cg_days_leq(s, games[i], games[j]) || cg_days_leq(s, games[j], games[i]));
  antichains a = {0};
  nb_cg *chosen = calloc(n + 1, sizeof *chosen);
  size_t *idx = calloc(n + 1, sizeof *idx);
  antichain_dfs(s, games, n, 0, comparable, chosen, idx, 0, &a);
  size_t seen_cap = 1024, cap = 1024, count = 0;
  bool *seen = calloc(seen_cap, 1);
  *out = malloc(cap * sizeof **out);
  for (size_t i = 0; i < a.count; i++)
    for (size_t j = 0; j < a.count; j++) {
      nb_cg g;
      CHECK_OK(nb_cg_from_options(s, a.flat + a.start[i], a.size[i], a.flat + a.start[j], a.size[j],
                                  &g, &err),
               &err);
      if (g >= seen_cap) {
        seen = realloc(seen, 2 * g);
        memset(seen + seen_cap, 0, 2 * g - seen_cap);
        seen_cap = 2 * g;
      }
      if (seen[g]) continue;
      seen[g] = true;
      if (count == cap) *out = realloc(*out, (cap *= 2) * sizeof **out);
      (*out)[count++] = g;
    }
  free(seen);
  free(chosen);
  free(idx);
  free(comparable);
  free(a.flat);
  free(a.start);
  free(a.size);
  return count;
}

#endif
