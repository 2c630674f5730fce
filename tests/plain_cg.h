/*
 * plain_cg.h: short games the plain way, the reference for the canonical-form engine.
 *
 * A game is a node of a pool with explicit Left and Right option lists (indices of earlier
 * nodes). Everything follows the textbook definitions and nothing else: no hash-consing (equal
 * games are different nodes), no number or nimber shortcuts, no memo, no number avoidance:
 *   G <= H  iff  no G^L >= H and no H^R <= G;
 *   G + H = {G^L + H, G + H^L | G^R + H, G + H^R};  -G = {-G^R | -G^L};
 *   canonical form: options made canonical, then dominated options removed and reversible ones
 *   bypassed until neither is left (Siegel, Combinatorial Game Theory, II.2).
 * Used by tests/test_cg.c (differential tests) and bench/cg_bench.c (the baseline of the
 * benchmark). Aborts on out-of-memory: it is test code.
 */
#ifndef NB_TESTS_PLAIN_CG_H
#define NB_TESTS_PLAIN_CG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct plain_node {
  uint32_t nl;    /* number of Left options */
  uint32_t nr;    /* number of Right options */
  uint32_t *opts; /* Left options, then Right options */
} plain_node;

typedef struct plain_pool {
  plain_node *v; /* the nodes */
  size_t n;      /* how many */
  size_t cap;    /* allocated */
} plain_pool;

static inline void *plain_xrealloc(void *p, size_t bytes) {
  void *q = realloc(p, bytes ? bytes : 1); /* test code: the allocation hook is not needed */
  if (q == NULL) {
    fprintf(stderr, "plain_cg: out of memory\n");
    abort();
  }
  return q;
}

static inline void plain_free(plain_pool *p) {
  for (size_t i = 0; i < p->n; i++)
    free(p->v[i].opts);
  free(p->v);
  p->v = NULL;
  p->n = p->cap = 0;
}

/* A new node {left | right}. */
static inline uint32_t plain_new(plain_pool *p, const uint32_t *left, uint32_t nl,
                                 const uint32_t *right, uint32_t nr) {
  if (p->n == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 64;
    p->v = plain_xrealloc(p->v, p->cap * sizeof *p->v);
  }
  plain_node *g = &p->v[p->n];
  g->nl = nl;
  g->nr = nr;
  g->opts = plain_xrealloc(NULL, (nl + nr) * sizeof *g->opts);
  if (nl) memcpy(g->opts, left, nl * sizeof *left);
  if (nr) memcpy(g->opts + nl, right, nr * sizeof *right);
  return (uint32_t)p->n++;
}

static inline uint32_t plain_opt(const plain_pool *p, uint32_t g, int right, uint32_t i) {
  return p->v[g].opts[(right ? p->v[g].nl : 0) + i];
}

static inline bool plain_leq(const plain_pool *p, uint32_t g, uint32_t h) {
  for (uint32_t i = 0; i < p->v[g].nl; i++)
    if (plain_leq(p, h, plain_opt(p, g, 0, i))) return false;
  for (uint32_t i = 0; i < p->v[h].nr; i++)
    if (plain_leq(p, plain_opt(p, h, 1, i), g)) return false;
  return true;
}

static inline bool plain_eq(const plain_pool *p, uint32_t g, uint32_t h) {
  return plain_leq(p, g, h) && plain_leq(p, h, g);
}

/* A growable list of node indices. */
typedef struct plain_list {
  uint32_t *v;
  uint32_t n, cap;
} plain_list;

static inline void plain_push(plain_list *l, uint32_t g) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 8;
    l->v = plain_xrealloc(l->v, l->cap * sizeof *l->v);
  }
  l->v[l->n++] = g;
}

/* Drops options dominated by (or equal to) another: Left keeps maxima, Right minima. */
static inline bool plain_drop_dominated(const plain_pool *p, plain_list *l, bool right) {
  bool changed = false;
  for (uint32_t i = 0; i < l->n;) {
    bool drop = false;
    for (uint32_t j = 0; j < l->n && !drop; j++)
      if (j != i) drop = right ? plain_leq(p, l->v[j], l->v[i]) : plain_leq(p, l->v[i], l->v[j]);
    if (drop) {
      l->v[i] = l->v[--l->n];
      changed = true;
    } else {
      i++;
    }
  }
  return changed;
}

/* Bypasses one reversible option of one side of g = {left | right}, if there is one. */
static inline bool plain_bypass_one(plain_pool *p, plain_list *left, plain_list *right,
                                    bool on_right) {
  uint32_t g = plain_new(p, left->v, left->n, right->v, right->n);
  plain_list *l = on_right ? right : left;
  for (uint32_t i = 0; i < l->n; i++) {
    uint32_t a = l->v[i];
    uint32_t na = on_right ? p->v[a].nl : p->v[a].nr;
    for (uint32_t j = 0; j < na; j++) {
      uint32_t t = plain_opt(p, a, !on_right, j);
      if (on_right ? plain_leq(p, g, t) : plain_leq(p, t, g)) {
        l->v[i] = l->v[--l->n];
        uint32_t nt = on_right ? p->v[t].nr : p->v[t].nl;
        for (uint32_t k = 0; k < nt; k++)
          plain_push(l, plain_opt(p, t, on_right, k));
        return true;
      }
    }
  }
  return false;
}

/* The canonical form of {left | right} for canonical options, as a new node; frees the lists. */
static inline uint32_t plain_reduce(plain_pool *p, plain_list *left, plain_list *right) {
  for (bool changed = true; changed;) {
    plain_drop_dominated(p, left, false);
    plain_drop_dominated(p, right, true);
    changed = plain_bypass_one(p, left, right, false) || plain_bypass_one(p, left, right, true);
  }
  uint32_t c = plain_new(p, left->v, left->n, right->v, right->n);
  free(left->v);
  free(right->v);
  return c;
}

/* The canonical form of g, as a new node (g's options need not be canonical). */
static inline uint32_t plain_canonical(plain_pool *p, uint32_t g) {
  plain_list left = {0}, right = {0};
  for (uint32_t i = 0; i < p->v[g].nl; i++)
    plain_push(&left, plain_canonical(p, plain_opt(p, g, 0, i)));
  for (uint32_t i = 0; i < p->v[g].nr; i++)
    plain_push(&right, plain_canonical(p, plain_opt(p, g, 1, i)));
  return plain_reduce(p, &left, &right);
}

static inline uint32_t plain_neg(plain_pool *p, uint32_t g) {
  plain_list left = {0}, right = {0};
  for (uint32_t i = 0; i < p->v[g].nr; i++)
    plain_push(&left, plain_neg(p, plain_opt(p, g, 1, i)));
  for (uint32_t i = 0; i < p->v[g].nl; i++)
    plain_push(&right, plain_neg(p, plain_opt(p, g, 0, i)));
  uint32_t c = plain_new(p, left.v, left.n, right.v, right.n);
  free(left.v);
  free(right.v);
  return c;
}

/* The sum g + h as a form (not made canonical). */
static inline uint32_t plain_add_form(plain_pool *p, uint32_t g, uint32_t h) {
  plain_list side[2] = {{0}, {0}};
  for (int r = 0; r < 2; r++) {
    uint32_t ng = r ? p->v[g].nr : p->v[g].nl, nh = r ? p->v[h].nr : p->v[h].nl;
    for (uint32_t i = 0; i < ng; i++)
      plain_push(&side[r], plain_add_form(p, plain_opt(p, g, r, i), h));
    for (uint32_t i = 0; i < nh; i++)
      plain_push(&side[r], plain_add_form(p, g, plain_opt(p, h, r, i)));
  }
  uint32_t c = plain_new(p, side[0].v, side[0].n, side[1].v, side[1].n);
  free(side[0].v);
  free(side[1].v);
  return c;
}

/* The canonical form of g + h for canonical g and h, summing canonical options (the plain
 * recursion: canonical(g^L + h) for each option, then canonical of the whole). */
static inline uint32_t plain_add(plain_pool *p, uint32_t g, uint32_t h) {
  plain_list side[2] = {{0}, {0}};
  for (int r = 0; r < 2; r++) {
    uint32_t ng = r ? p->v[g].nr : p->v[g].nl, nh = r ? p->v[h].nr : p->v[h].nl;
    for (uint32_t i = 0; i < ng; i++)
      plain_push(&side[r], plain_add(p, plain_opt(p, g, r, i), h));
    for (uint32_t i = 0; i < nh; i++)
      plain_push(&side[r], plain_add(p, g, plain_opt(p, h, r, i)));
  }
  return plain_reduce(p, &side[0], &side[1]);
}

/* Whether `left_moves` (Left to move if true) wins g, by minimax over the form. */
static inline bool plain_wins(const plain_pool *p, uint32_t g, bool left_moves) {
  uint32_t n = left_moves ? p->v[g].nl : p->v[g].nr;
  for (uint32_t i = 0; i < n; i++)
    if (!plain_wins(p, plain_opt(p, g, !left_moves, i), !left_moves)) return true;
  return false;
}

#endif
