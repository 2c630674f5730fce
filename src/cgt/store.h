/*
 * cgt/store.h: what the modules of src/cgt share about the store; nothing outside them uses it.
 *
 * Nodes are kept in one array indexed by ID. A node is either a number-up-star (NUS), held by
 * its parts, or an explicit game, held by its canonical option lists in the shared pool. NUS
 * nodes get their option lists in the pool lazily (cg_expand). Invariants (checked by
 * NB_ASSERT where they are used):
 *   - every node is in canonical form, and no two nodes are equal games;
 *   - an explicit node is never equal to a number-up-star (ops.c recognises NUS forms
 *     before interning an explicit node);
 *   - option lists in the pool are sorted by ID and hold no repeats.
 */
#ifndef NB_CGT_STORE_H
#define NB_CGT_STORE_H

#include "cgt/cgt.h"

#include <string.h>

#define CG_NONE UINT32_MAX /* "no game" in ID-valued fields */

enum { CG_NUS = 0, CG_EXPLICIT = 1 };

/* Operations memoised in the operation cache. */
enum { CG_OP_SUM = 1, CG_OP_LEQ = 2 };

typedef struct cg_node {
  int64_t num;      /* NUS: numerator of the number part */
  int64_t ups;      /* NUS: up multiple */
  uint64_t nim;     /* NUS: nimber part */
  int64_t lnum;     /* left stop: numerator (ops.c uses stops to settle comparisons) */
  int64_t rnum;     /* right stop: numerator */
  uint32_t opts;    /* offset in the pool of the options (left, then right), once expanded */
  uint32_t nleft;   /* number of left options, once expanded */
  uint32_t nright;  /* number of right options, once expanded */
  uint32_t neg;     /* ID of the negative, or CG_NONE until computed */
  uint32_t thermo;  /* index in the thermograph table, or CG_NONE until computed */
  uint8_t exp;      /* NUS: denominator exponent of the number part */
  uint8_t lexp;     /* left stop: denominator exponent */
  uint8_t rexp;     /* right stop: denominator exponent */
  uint8_t kind;     /* CG_NUS or CG_EXPLICIT */
  uint8_t expanded; /* 1 once the option lists are in the pool */
} cg_node;

/* One entry of the operation cache: op(a, b) = result. */
typedef struct cg_op_entry {
  uint32_t a, b;   /* the operands (a <= b for sums, which commute) */
  uint32_t result; /* the sum's ID, or 0/1 for a comparison */
  uint32_t op;     /* CG_OP_SUM or CG_OP_LEQ; 0 marks an empty entry */
} cg_op_entry;

/* A corner of a piecewise linear trajectory (a thermograph wall or scaffold): it passes
 * through value v at temperature t and goes on with the given slope (dv/dt) up to the next
 * corner, or forever after the last one. */
typedef struct cg_point {
  nb_dyadic t;  /* temperature */
  nb_dyadic v;  /* value */
  int8_t slope; /* -1, 0 or 1 */
} cg_point;

/* A thermograph: its two walls, each a list of corners from t = -1 up to the temperature, where
 * both walls meet the mast (the last corner, slope 0: vertical above). */
typedef struct cg_thermograph {
  uint32_t left;   /* offset of the left wall's points in the point table */
  uint32_t nleft;  /* number of points of the left wall */
  uint32_t right;  /* offset of the right wall's points */
  uint32_t nright; /* number of points of the right wall */
} cg_thermograph;

struct nb_cg_store {
  size_t max_bytes;          /* memory cap */
  size_t bytes;              /* memory held now: the capacities of every array below */
  cg_node *nodes;            /* the games, by ID */
  size_t count, cap;         /* games and node capacity */
  nb_cg *pool;               /* option lists */
  size_t pool_len, pool_cap; /* used and allocated entries */
  uint32_t *nus_index;       /* open addressing: ID + 1 of NUS nodes, 0 = empty slot */
  size_t nus_slots;          /* slots (a power of two) */
  size_t nus_count;          /* NUS nodes */
  uint32_t *opt_index;       /* open addressing: ID + 1 of explicit nodes, 0 = empty slot */
  size_t opt_slots;          /* slots (a power of two) */
  size_t opt_count;          /* explicit nodes */
  cg_op_entry *ops;          /* direct-mapped cache of sums and comparisons (lossy) */
  size_t op_slots;           /* entries (a power of two) */
  size_t op_puts;            /* entries written since the cache last grew */
  cg_thermograph *thermos;   /* computed thermographs */
  size_t thermo_len, thermo_cap;
  cg_point *points; /* wall points of the thermographs */
  size_t point_len, point_cap;
  unsigned depth;      /* current recursion depth of the engine (bounded by NB_CG_MAX_DEPTH) */
  size_t steps_left;   /* steps the current request may still take (SIZE_MAX: no limit) */
  size_t steps_limit;  /* the limit it was given, for the message */
  uint64_t steps_done; /* steps taken since the store was made */
};

/* Grows *arr (cap items of size bytes, len used) to hold `more` more, charging the store's
 * memory; beyond the cap: NB_EDATA. */
nb_status cg_reserve(nb_cg_store *s, void **arr, size_t *cap, size_t len, size_t more, size_t size,
                     nb_error *err);

/* The NB_EDATA error for a store over its cap. */
nb_status cg_full(const nb_cg_store *s, nb_error *err);

/* Enters one recursion level (NB_EDATA beyond NB_CG_MAX_DEPTH); cg_leave leaves it. */
nb_status cg_enter(nb_cg_store *s, nb_error *err);
static inline void cg_leave(nb_cg_store *s) {
  s->depth--;
}

/* The ID of the NUS v, made if new. */
nb_status cg_intern_nus(nb_cg_store *s, nb_cg_nus v, nb_cg *out, nb_error *err);

/* The ID of the explicit game with these canonical options (sorted by ID, no repeats, not a
 * NUS form), made if new. */
nb_status cg_intern_explicit(nb_cg_store *s, const nb_cg *left, size_t nleft, const nb_cg *right,
                             size_t nright, nb_cg *out, nb_error *err);

/* Puts the option lists of a NUS node into the pool (no-op when already there). */
nb_status cg_expand(nb_cg_store *s, nb_cg g, nb_error *err);

/* Sorts ids[0..n) by ID and drops repeats; returns the new length. */
size_t cg_sort_unique(nb_cg *ids, size_t n);

/* Operation cache: true and *result if op(a, b) is remembered. */
bool cg_cache_get(const nb_cg_store *s, uint32_t op, nb_cg a, nb_cg b, uint32_t *result);
/* Remembers op(a, b) = result, doubling the cache once the entries put since it last grew
 * outnumber a quarter of its slots (within the cap); NB_EINTERNAL if that allocation fails. */
nb_status cg_cache_put(nb_cg_store *s, uint32_t op, nb_cg a, nb_cg b, uint32_t result,
                       nb_error *err);

/* memcmp and memcpy of n IDs, for pointers that may be NULL when n = 0. */
static inline bool cg_same_ids(const nb_cg *a, const nb_cg *b, size_t n) {
  return n == 0 || memcmp(a, b, n * sizeof *a) == 0;
}
static inline void cg_copy_ids(nb_cg *dst, const nb_cg *src, size_t n) {
  if (n > 0) memcpy(dst, src, n * sizeof *dst);
}

/* -1, 0 or 1 as a < b, a = b, a > b (nb_dyadic_cmp, inline: the stops of options are compared
 * for every pair). Of one denominator the numerators compare; else a.num * 2^d against b.num,
 * d = b.exp - a.exp > 0 (a the one of lesser exponent), by q = floor(b.num / 2^d) and the
 * remainder r, never overflowing (the proof atop dyadic.c). */
static inline int cg_dyadic_cmp(nb_dyadic a, nb_dyadic b) {
  if (a.exp == b.exp) return (a.num > b.num) - (a.num < b.num);
  int sign = 1;
  if (a.exp > b.exp) {
    nb_dyadic t = a;
    a = b;
    b = t;
    sign = -1;
  }
  unsigned d = (unsigned)(b.exp - a.exp);
  int64_t q = b.num >> d;                    /* gcc and clang shift signed values arithmetically */
  int64_t r = b.num - q * ((int64_t)1 << d); /* q * 2^d lies in [b.num - 2^d + 1, b.num] */
  int c = a.num != q ? (a.num > q ? 1 : -1) : (r == 0 ? 0 : -1);
  return sign * c;
}

/* The NUS parts of a NUS node. */
static inline nb_cg_nus cg_nus_of(const nb_cg_store *s, nb_cg g) {
  const cg_node *n = &s->nodes[g];
  nb_cg_nus v = {{n->num, n->exp}, n->ups, n->nim};
  return v;
}

/* The left and right stops of a node (computed when it is made). */
static inline nb_dyadic cg_lstop(const nb_cg_store *s, nb_cg g) {
  nb_dyadic d = {s->nodes[g].lnum, s->nodes[g].lexp};
  return d;
}
static inline nb_dyadic cg_rstop(const nb_cg_store *s, nb_cg g) {
  nb_dyadic d = {s->nodes[g].rnum, s->nodes[g].rexp};
  return d;
}

static inline bool cg_is_nus(const nb_cg_store *s, nb_cg g) {
  return s->nodes[g].kind == CG_NUS;
}

static inline bool cg_is_number(const nb_cg_store *s, nb_cg g) {
  const cg_node *n = &s->nodes[g];
  return n->kind == CG_NUS && n->ups == 0 && n->nim == 0;
}

/* Option counts and the i-th option of an expanded node, for Left (right = 0) or Right. Read
 * afresh after any call that makes games: the pool may move. */
static inline uint32_t cg_count(const nb_cg_store *s, nb_cg g, int right) {
  return right ? s->nodes[g].nright : s->nodes[g].nleft;
}
static inline nb_cg cg_option(const nb_cg_store *s, nb_cg g, int right, uint32_t i) {
  const cg_node *n = &s->nodes[g];
  return s->pool[n->opts + (right ? n->nleft : 0) + i];
}

#endif
