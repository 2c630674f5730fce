/*
 * store.c: the game store: nodes, hash-consing, number-up-star forms, memory cap, caches.
 *
 * Hash-consing. Every node is a canonical form, and canonical forms are unique: two short games
 * are equal iff their canonical forms are identical (Conway; Siegel, Combinatorial Game Theory,
 * II.2). So a game is interned by its canonical option lists (sorted by ID): equal games get
 * one ID, and equality is ID equality. Two indexes find nodes: one by NUS parts, one by
 * option lists.
 *
 * Number-up-stars. The games x + k.^ + *m (x dyadic, k an integer, m >= 0) are interned by
 * their parts and get option lists only when asked (cg_expand). Their canonical forms, with all
 * options again number-up-stars (as CGSuite builds them; the table is checked in tests/test_cg.c
 * against the plain canonical forms of the sums x + ^ + .. + ^ + *m):
 *   integer n > 0:           { n-1 | }           n < 0: { | n+1 }          0: { | }
 *   x = a/2^e, a odd, e > 0: { x - 1/2^e | x + 1/2^e }
 *   x + *m, m > 0:           { x, x*, .., x*(m-1) | x, x*, .., x*(m-1) }
 *   x + ^*:                  { x, x* | x }          x + v*: { x | x, x* }
 *   x + k.^ + *m, k > 0:     { x | x + (k-1).^ + *(m xor 1) }   (other than ^*)
 *   x + k.^ + *m, k < 0:     { x + (k+1).^ + *(m xor 1) | x }   (other than v*)
 * Adding, negating and comparing them needs no options at all (ops.c).
 *
 * Memory. Every array of the store is grown through cg_reserve, which charges its new capacity
 * to the store before allocating and refuses (NB_EDATA) past the cap. The operation cache is
 * direct-mapped and lossy (a newer entry overwrites an older one at its slot): it is a cache,
 * so losing an entry costs time, never correctness; it doubles each time a quarter of its
 * entries' worth has been written since it last grew, while the cap allows, and otherwise stays
 * as it is. (At a quarter, not at all of them: Domineering's calibration case takes 19% fewer
 * steps of work, 60,244 -> 48,843, with a cache of 64 Ki entries instead of 16 Ki, 1 MiB.)
 */
#include "cgt/store.h"

#include "base/hash.h"

#include <stdlib.h>
#include <string.h>

enum {
  MIN_STORE_BYTES = 64 * 1024, /* smallest cap accepted */
  FIRST_SLOTS = 256,           /* first size of each index and of the operation cache */
  MAX_NIMBER_EXPAND = 1 << 24  /* x + *m with more options than this is refused */
};

nb_status cg_full(const nb_cg_store *s, nb_error *err) {
  bool mib = s->max_bytes >= (size_t)1 << 20;
  return nb_fail(err, NB_EDATA,
                 "game store full: the canonical forms need more than %zu %s (the store's limit)",
                 s->max_bytes >> (mib ? 20 : 10), mib ? "MiB" : "KiB");
}

nb_status cg_enter(nb_cg_store *s, nb_error *err) {
  if (s->depth >= NB_CG_MAX_DEPTH)
    return nb_fail(err, NB_EDATA, "game too deep: more than %d nested moves", NB_CG_MAX_DEPTH);
  if (s->steps_left == 0)
    return nb_fail(err, NB_EDATA,
                   "canonical forms too costly: more than %zu steps of work (the limit of one "
                   "request)",
                   s->steps_limit);
  if (s->steps_left != SIZE_MAX) s->steps_left--;
  s->steps_done++;
  s->depth++;
  return NB_OK;
}

void nb_cg_store_limit_steps(nb_cg_store *s, size_t steps) {
  s->steps_left = s->steps_limit = steps;
}

uint64_t nb_cg_store_steps(const nb_cg_store *s) {
  return s->steps_done;
}

nb_status cg_reserve(nb_cg_store *s, void **arr, size_t *cap, size_t len, size_t more, size_t size,
                     nb_error *err) {
  if (more <= *cap && len <= *cap - more) return NB_OK;
  size_t want = *cap ? *cap : 16;
  while (want < len + more) {
    if (want > SIZE_MAX / 2 / size) return cg_full(s, err);
    want *= 2;
  }
  size_t added = (want - *cap) * size;
  if (added > s->max_bytes - s->bytes) return cg_full(s, err);
  void *p = nb_realloc(*arr, want, size, err);
  if (p == NULL) return NB_EINTERNAL;
  *arr = p;
  *cap = want;
  s->bytes += added;
  return NB_OK;
}

/* A zeroed table of n slots of size bytes, charged to the store. */
static nb_status new_table(nb_cg_store *s, size_t n, size_t size, void **out, nb_error *err) {
  if (n * size > s->max_bytes - s->bytes) return cg_full(s, err);
  *out = nb_alloc(n, size, err);
  if (*out == NULL) return NB_EINTERNAL;
  s->bytes += n * size;
  return NB_OK;
}

/* ---- Hashing and the two indexes ------------------------------------------------------------ */

static uint64_t hash_nus(nb_cg_nus v) {
  uint64_t h = nb_hash_mix((uint64_t)v.number.num ^ ((uint64_t)v.number.exp << 56));
  h = nb_hash_mix(h ^ (uint64_t)v.ups);
  return nb_hash_mix(h ^ v.nimber);
}

static uint64_t hash_lists(const nb_cg *left, size_t nleft, const nb_cg *right, size_t nright) {
  uint64_t h = nb_hash_mix(nleft * NB_HASH_GOLDEN + nright);
  for (size_t i = 0; i < nleft; i++)
    h = nb_hash_mix(h ^ left[i]);
  h = nb_hash_mix(h + 0x51);
  for (size_t i = 0; i < nright; i++)
    h = nb_hash_mix(h ^ right[i]);
  return h;
}

static bool nus_equal(const cg_node *n, nb_cg_nus v) {
  return n->num == v.number.num && n->exp == v.number.exp && n->ups == v.ups && n->nim == v.nimber;
}

static bool lists_equal(const nb_cg_store *s, nb_cg g, const nb_cg *left, size_t nleft,
                        const nb_cg *right, size_t nright) {
  const cg_node *n = &s->nodes[g];
  if (n->nleft != nleft || n->nright != nright) return false;
  const nb_cg *p = s->pool + n->opts;
  return cg_same_ids(p, left, nleft) && cg_same_ids(p + nleft, right, nright);
}

static uint64_t node_hash(const nb_cg_store *s, nb_cg g) {
  const cg_node *n = &s->nodes[g];
  if (n->kind == CG_NUS) return hash_nus(cg_nus_of(s, g));
  return hash_lists(s->pool + n->opts, n->nleft, s->pool + n->opts + n->nleft, n->nright);
}

/* The indexes' slots (base/hash.h) hold a node's ID + 1, 0 when empty; a probe carries what it
 * looks for and the store the IDs point into. */
typedef struct nus_probe {
  const nb_cg_store *store; /* whose nodes the IDs name */
  nb_cg_nus value;          /* the number-up-star sought */
} nus_probe;

typedef struct lists_probe {
  const nb_cg_store *store;  /* whose nodes the IDs name */
  const nb_cg *left, *right; /* the option lists sought */
  size_t nleft, nright;      /* their lengths */
} lists_probe;

static bool slot_empty(const void *slot) {
  return *(const uint32_t *)slot == 0;
}

static bool nus_stop(const void *slot, const void *key) {
  uint32_t id = *(const uint32_t *)slot;
  const nus_probe *k = key;
  return id == 0 || nus_equal(&k->store->nodes[id - 1], k->value);
}

static bool lists_stop(const void *slot, const void *key) {
  uint32_t id = *(const uint32_t *)slot;
  const lists_probe *k = key;
  return id == 0 || lists_equal(k->store, id - 1, k->left, k->nleft, k->right, k->nright);
}

static uint64_t slot_hash(const void *store, const void *slot) {
  return node_hash(store, *(const uint32_t *)slot - 1);
}

/* Doubles an index when it would pass half full after one more entry. */
static nb_status index_make_room(nb_cg_store *s, uint32_t **index, size_t *slots, size_t used,
                                 nb_error *err) {
  if (!nb_table_needs_room(used, *slots)) return NB_OK;
  uint32_t *bigger = NULL;
  nb_status st = new_table(s, *slots * 2, sizeof *bigger, (void **)&bigger, err);
  if (st != NB_OK) return st;
  nb_table_rehash(bigger, *slots * 2, *index, *slots, sizeof *bigger, s, slot_empty, slot_hash);
  free(*index);
  s->bytes -= *slots * sizeof **index;
  *index = bigger;
  *slots *= 2;
  return NB_OK;
}

/* ---- Nodes -------------------------------------------------------------------------------- */

/* Appends a blank node; its ID in *out. */
static nb_status new_node(nb_cg_store *s, uint8_t kind, nb_cg *out, nb_error *err) {
  if (s->count >= CG_NONE - 1) return cg_full(s, err);
  nb_status st = cg_reserve(s, (void **)&s->nodes, &s->cap, s->count, 1, sizeof *s->nodes, err);
  if (st != NB_OK) return st;
  cg_node *n = &s->nodes[s->count];
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->neg = CG_NONE;
  n->thermo = CG_NONE;
  *out = (nb_cg)s->count++;
  return NB_OK;
}

nb_status cg_intern_nus(nb_cg_store *s, nb_cg_nus v, nb_cg *out, nb_error *err) {
  uint64_t h = hash_nus(v);
  nus_probe k = {s, v};
  size_t i = nb_table_find(s->nus_index, s->nus_slots, sizeof *s->nus_index, h, &k, nus_stop);
  if (s->nus_index[i] != 0) {
    *out = s->nus_index[i] - 1;
    return NB_OK;
  }
  nb_status st = index_make_room(s, &s->nus_index, &s->nus_slots, s->nus_count, err);
  if (st == NB_OK) st = new_node(s, CG_NUS, out, err);
  if (st != NB_OK) return st;
  cg_node *n = &s->nodes[*out];
  n->num = n->lnum = n->rnum = v.number.num; /* both stops of x + k.^ + *m are x */
  n->exp = n->lexp = n->rexp = v.number.exp;
  n->ups = v.ups;
  n->nim = v.nimber;
  i = nb_table_free_slot(s->nus_index, s->nus_slots, sizeof *s->nus_index, h, slot_empty);
  s->nus_index[i] = *out + 1; /* the index may have grown: its slot found again */
  s->nus_count++;
  return NB_OK;
}

/* Appends option lists to the pool; their offset in *at. */
static nb_status pool_append(nb_cg_store *s, const nb_cg *left, size_t nleft, const nb_cg *right,
                             size_t nright, uint32_t *at, nb_error *err) {
  if (s->pool_len + nleft + nright >= CG_NONE) return cg_full(s, err);
  *at = (uint32_t)s->pool_len;
  if (nleft + nright == 0) return NB_OK; /* the pool may not exist yet: no pointer into it */
  nb_status st = cg_reserve(s, (void **)&s->pool, &s->pool_cap, s->pool_len, nleft + nright,
                            sizeof *s->pool, err);
  if (st != NB_OK) return st;
  cg_copy_ids(s->pool + s->pool_len, left, nleft);
  cg_copy_ids(s->pool + s->pool_len + nleft, right, nright);
  s->pool_len += nleft + nright;
  return NB_OK;
}

/* Stops of an explicit node from its options: L(G) = max R(G^L), R(G) = min L(G^R). Both
 * sides are non-empty: a canonical game without Right options is an integer (a NUS), and
 * likewise without Left options. */
static void set_stops(nb_cg_store *s, nb_cg g) {
  cg_node *n = &s->nodes[g];
  NB_ASSERT(n->nleft > 0 && n->nright > 0);
  nb_dyadic l = cg_rstop(s, s->pool[n->opts]), r = cg_lstop(s, s->pool[n->opts + n->nleft]);
  for (uint32_t i = 1; i < n->nleft; i++) {
    nb_dyadic x = cg_rstop(s, s->pool[n->opts + i]);
    if (cg_dyadic_cmp(x, l) > 0) l = x;
  }
  for (uint32_t i = 1; i < n->nright; i++) {
    nb_dyadic x = cg_lstop(s, s->pool[n->opts + n->nleft + i]);
    if (cg_dyadic_cmp(x, r) < 0) r = x;
  }
  n->lnum = l.num, n->lexp = l.exp, n->rnum = r.num, n->rexp = r.exp;
}

nb_status cg_intern_explicit(nb_cg_store *s, const nb_cg *left, size_t nleft, const nb_cg *right,
                             size_t nright, nb_cg *out, nb_error *err) {
  uint64_t h = hash_lists(left, nleft, right, nright);
  lists_probe k = {s, left, right, nleft, nright};
  size_t i = nb_table_find(s->opt_index, s->opt_slots, sizeof *s->opt_index, h, &k, lists_stop);
  if (s->opt_index[i] != 0) {
    *out = s->opt_index[i] - 1;
    return NB_OK;
  }
  uint32_t at;
  nb_status st = index_make_room(s, &s->opt_index, &s->opt_slots, s->opt_count, err);
  if (st == NB_OK) st = pool_append(s, left, nleft, right, nright, &at, err);
  if (st == NB_OK) st = new_node(s, CG_EXPLICIT, out, err);
  if (st != NB_OK) return st;
  cg_node *n = &s->nodes[*out];
  n->opts = at;
  n->nleft = (uint32_t)nleft;
  n->nright = (uint32_t)nright;
  n->expanded = 1;
  set_stops(s, *out);
  i = nb_table_free_slot(s->opt_index, s->opt_slots, sizeof *s->opt_index, h, slot_empty);
  s->opt_index[i] = *out + 1; /* the index may have grown: its slot found again */
  s->opt_count++;
  return NB_OK;
}

/* ---- Options of number-up-stars ------------------------------------------------------------- */

static nb_status out_of_range(nb_error *err) {
  return nb_fail(err, NB_EDATA,
                 "number out of range: numerators must fit 64 bits and denominators 2^%d",
                 NB_DYADIC_MAX_EXP);
}

/* The parts of the options of a NUS other than x + *m (m > 0): at most two per side (the
 * table at the top of the file). */
nb_status nb_cg_nus_options(nb_cg_nus v, nb_cg_nus left[2], size_t *nl, nb_cg_nus right[2],
                            size_t *nr, nb_error *err) {
  nb_cg_nus x = {v.number, 0, 0}, xstar = {v.number, 0, 1};
  *nl = *nr = 0;
  if (v.ups == 0) { /* a number */
    nb_dyadic step = {1, v.number.exp}, lo, hi;
    bool integer = v.number.exp == 0;
    /* Only the neighbours used are made: INT64_MAX has x - 1 but no x + 1. */
    bool has_lo = !integer || v.number.num > 0, has_hi = !integer || v.number.num < 0;
    if ((has_lo && !nb_dyadic_sub(v.number, step, &lo)) ||
        (has_hi && !nb_dyadic_add(v.number, step, &hi)))
      return out_of_range(err);
    if (has_lo) left[(*nl)++] = (nb_cg_nus){lo, 0, 0};
    if (has_hi) right[(*nr)++] = (nb_cg_nus){hi, 0, 0};
    return NB_OK;
  }
  if (v.ups == 1 && v.nimber == 1) {
    left[(*nl)++] = x, left[(*nl)++] = xstar, right[(*nr)++] = x;
  } else if (v.ups == -1 && v.nimber == 1) {
    left[(*nl)++] = x, right[(*nr)++] = x, right[(*nr)++] = xstar;
  } else if (v.ups > 0) {
    left[(*nl)++] = x;
    right[(*nr)++] = (nb_cg_nus){v.number, v.ups - 1, v.nimber ^ 1};
  } else {
    left[(*nl)++] = (nb_cg_nus){v.number, v.ups + 1, v.nimber ^ 1};
    right[(*nr)++] = x;
  }
  return NB_OK;
}

/* Expands x + *m: both sides are x + *j for j < m. */
static nb_status expand_nimber(nb_cg_store *s, nb_cg g, nb_cg_nus v, nb_error *err) {
  if (v.nimber > MAX_NIMBER_EXPAND)
    return nb_fail(err, NB_EDATA, "nimber *%llu too large to expand (its options are needed)",
                   (unsigned long long)v.nimber);
  size_t m = (size_t)v.nimber;
  nb_status st =
      cg_reserve(s, (void **)&s->pool, &s->pool_cap, s->pool_len, 2 * m, sizeof *s->pool, err);
  if (st != NB_OK) return st;
  size_t at = s->pool_len;
  s->pool_len += 2 * m; /* reserved now: interning below never touches the pool */
  for (size_t j = 0; j < m; j++) {
    nb_cg id;
    st = cg_intern_nus(s, (nb_cg_nus){v.number, 0, j}, &id, err);
    if (st != NB_OK) {
      s->pool_len = at;
      return st;
    }
    s->pool[at + j] = id;
  }
  cg_sort_unique(s->pool + at, m);
  cg_copy_ids(s->pool + at + m, s->pool + at, m);
  cg_node *n = &s->nodes[g];
  n->opts = (uint32_t)at;
  n->nleft = n->nright = (uint32_t)m;
  n->expanded = 1;
  return NB_OK;
}

nb_status cg_expand(nb_cg_store *s, nb_cg g, nb_error *err) {
  if (s->nodes[g].expanded) return NB_OK;
  NB_ASSERT(cg_is_nus(s, g));
  nb_cg_nus v = cg_nus_of(s, g);
  if (v.ups == 0 && v.nimber > 0) return expand_nimber(s, g, v, err);
  nb_cg_nus lp[2], rp[2];
  nb_cg left[2], right[2];
  size_t nl, nr;
  nb_status st = nb_cg_nus_options(v, lp, &nl, rp, &nr, err);
  for (size_t i = 0; st == NB_OK && i < nl; i++)
    st = cg_intern_nus(s, lp[i], &left[i], err);
  for (size_t i = 0; st == NB_OK && i < nr; i++)
    st = cg_intern_nus(s, rp[i], &right[i], err);
  if (st != NB_OK) return st;
  nl = cg_sort_unique(left, nl);
  nr = cg_sort_unique(right, nr);
  uint32_t at;
  st = pool_append(s, left, nl, right, nr, &at, err);
  if (st != NB_OK) return st;
  cg_node *n = &s->nodes[g];
  n->opts = at;
  n->nleft = (uint32_t)nl;
  n->nright = (uint32_t)nr;
  n->expanded = 1;
  return NB_OK;
}

/* ---- Sorting -------------------------------------------------------------------------------- */

static int cmp_id(const void *a, const void *b) {
  nb_cg x = *(const nb_cg *)a, y = *(const nb_cg *)b;
  return (x > y) - (x < y);
}

size_t cg_sort_unique(nb_cg *ids, size_t n) {
  if (n < 2) return n;
  if (n > 64) { /* long lists: qsort, then drop the repeats */
    qsort(ids, n, sizeof *ids, cmp_id);
    size_t k = 1;
    for (size_t i = 1; i < n; i++)
      if (ids[i] != ids[k - 1]) ids[k++] = ids[i];
    return k;
  }
  /* Short lists (option lists of a search, often many repeats of a few values): each ID is
   * looked up in the sorted, repeat-free prefix ids[0..k) from its end, and inserted there if
   * new: a repeat costs a short scan and never a move. */
  size_t k = 1;
  for (size_t i = 1; i < n; i++) {
    nb_cg x = ids[i];
    size_t j = k;
    while (j > 0 && ids[j - 1] > x)
      j--;
    if (j > 0 && ids[j - 1] == x) continue;
    for (size_t m = k; m > j; m--)
      ids[m] = ids[m - 1];
    ids[j] = x;
    k++;
  }
  return k;
}

/* ---- Operation cache ------------------------------------------------------------------------ */

/* The slot of op(a, b): the top bits of one multiplication (Fibonacci hashing; the cache is
 * looked up once or more per comparison and sum, so its hash is kept short), the operation
 * mixed in by a second constant. */
static size_t op_slot(const nb_cg_store *s, uint32_t op, nb_cg a, nb_cg b) {
  uint64_t h = ((uint64_t)a << 32 | b) * 0x9e3779b97f4a7c15ull ^ op * 0xc2b2ae3d27d4eb4full;
  return (size_t)(h >> (64 - (unsigned)__builtin_ctzll(s->op_slots)));
}

/* Doubles the cache, if the cap allows (cg_cache_put calls it once the entries put since the
 * last growth outnumber a quarter of its slots); keeps what it held. A failed allocation is
 * reported, not lived with: a cache that stops growing makes deep comparisons exponential (the
 * tests that fail each allocation in turn ran for hours on one). */
static nb_status op_cache_grow(nb_cg_store *s, nb_error *err) {
  size_t slots = s->op_slots * 2;
  if (slots * sizeof *s->ops > (s->max_bytes - s->bytes) / 2) return NB_OK; /* room for games */
  cg_op_entry *old = s->ops, *bigger = NULL;
  nb_status st = new_table(s, slots, sizeof *bigger, (void **)&bigger, err);
  if (st != NB_OK) return st;
  size_t old_slots = s->op_slots;
  s->ops = bigger;
  s->op_slots = slots;
  for (size_t i = 0; i < old_slots; i++)
    if (old[i].op != 0) s->ops[op_slot(s, old[i].op, old[i].a, old[i].b)] = old[i];
  free(old);
  s->bytes -= old_slots * sizeof *old;
  return NB_OK;
}

bool cg_cache_get(const nb_cg_store *s, uint32_t op, nb_cg a, nb_cg b, uint32_t *result) {
  const cg_op_entry *e = &s->ops[op_slot(s, op, a, b)];
  if (e->op != op || e->a != a || e->b != b) return false;
  *result = e->result;
  return true;
}

nb_status cg_cache_put(nb_cg_store *s, uint32_t op, nb_cg a, nb_cg b, uint32_t result,
                       nb_error *err) {
  if (++s->op_puts > s->op_slots / 4) {
    s->op_puts = 0;
    nb_status st = op_cache_grow(s, err);
    if (st != NB_OK) return st;
  }
  cg_op_entry *e = &s->ops[op_slot(s, op, a, b)];
  e->a = a;
  e->b = b;
  e->result = result;
  e->op = op;
  return NB_OK;
}

/* ---- The store's life ----------------------------------------------------------------------- */

nb_status nb_cg_store_new(size_t max_bytes, nb_cg_store **out, nb_error *err) {
  nb_cg_store *s = nb_alloc(1, sizeof *s, err);
  if (s == NULL) return NB_EINTERNAL;
  s->max_bytes = max_bytes < MIN_STORE_BYTES ? MIN_STORE_BYTES : max_bytes;
  s->bytes = sizeof *s;
  s->nus_slots = s->opt_slots = s->op_slots = FIRST_SLOTS;
  s->steps_left = s->steps_limit = SIZE_MAX;
  nb_cg zero;
  nb_status st = new_table(s, FIRST_SLOTS, sizeof *s->nus_index, (void **)&s->nus_index, err);
  if (st == NB_OK)
    st = new_table(s, FIRST_SLOTS, sizeof *s->opt_index, (void **)&s->opt_index, err);
  if (st == NB_OK) st = new_table(s, FIRST_SLOTS, sizeof *s->ops, (void **)&s->ops, err);
  if (st == NB_OK) st = cg_intern_nus(s, (nb_cg_nus){{0, 0}, 0, 0}, &zero, err);
  if (st != NB_OK) {
    nb_cg_store_free(s);
    return st;
  }
  NB_ASSERT(zero == NB_CG_ZERO);
  *out = s;
  return NB_OK;
}

void nb_cg_store_free(nb_cg_store *s) {
  if (s == NULL) return;
  free(s->nodes);
  free(s->pool);
  free(s->nus_index);
  free(s->opt_index);
  free(s->ops);
  free(s->thermos);
  free(s->points);
  free(s);
}

size_t nb_cg_store_bytes(const nb_cg_store *s) {
  return s->bytes;
}

size_t nb_cg_store_games(const nb_cg_store *s) {
  return s->count;
}

nb_status nb_cg_make_nus(nb_cg_store *s, nb_cg_nus v, nb_cg *out, nb_error *err) {
  if (!nb_dyadic_make(v.number.num, v.number.exp, &v.number) || v.ups == INT64_MIN)
    return out_of_range(err);
  return cg_intern_nus(s, v, out, err);
}

nb_status nb_cg_make_integer(nb_cg_store *s, int64_t n, nb_cg *out, nb_error *err) {
  if (n == INT64_MIN) return out_of_range(err);
  return cg_intern_nus(s, (nb_cg_nus){{n, 0}, 0, 0}, out, err);
}

nb_status nb_cg_make_number(nb_cg_store *s, nb_dyadic x, nb_cg *out, nb_error *err) {
  return nb_cg_make_nus(s, (nb_cg_nus){x, 0, 0}, out, err);
}

nb_status nb_cg_make_nimber(nb_cg_store *s, uint64_t n, nb_cg *out, nb_error *err) {
  return cg_intern_nus(s, (nb_cg_nus){{0, 0}, 0, n}, out, err);
}

nb_status nb_cg_make_ups(nb_cg_store *s, int64_t k, nb_cg *out, nb_error *err) {
  if (k == INT64_MIN) return out_of_range(err);
  return cg_intern_nus(s, (nb_cg_nus){{0, 0}, k, 0}, out, err);
}

nb_status nb_cg_options(nb_cg_store *s, nb_cg g, nb_player who, const nb_cg **opts, size_t *count,
                        nb_error *err) {
  nb_status st = cg_expand(s, g, err);
  if (st != NB_OK) return st;
  const cg_node *n = &s->nodes[g];
  *opts = s->pool + n->opts + (who == NB_RIGHT ? n->nleft : 0);
  *count = who == NB_RIGHT ? n->nright : n->nleft;
  return NB_OK;
}

bool nb_cg_get_nus(const nb_cg_store *s, nb_cg g, nb_cg_nus *out) {
  if (!cg_is_nus(s, g)) return false;
  if (out != NULL) *out = cg_nus_of(s, g);
  return true;
}

bool nb_cg_get_number(const nb_cg_store *s, nb_cg g, nb_dyadic *out) {
  if (!cg_is_number(s, g)) return false;
  if (out != NULL) *out = cg_nus_of(s, g).number;
  return true;
}
