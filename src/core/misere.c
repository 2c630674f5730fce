/*
 * misere.c: misère Grundy values of sums, tameness, and the genus of a component.
 *
 * In misère play the player who cannot move wins. Its Grundy value (Conway, On Numbers and
 * Games, ch. 12; Winning Ways, ch. 13) is M(X) = 1 when X has no move, else the mex of M over the
 * options of X; X is a misère P-position iff M(X) = 0 (by induction: a position without moves is
 * won, M = 1; one with moves is lost iff no option is lost, iff no option has M = 0). Unlike
 * normal play, M of a sum is no function of M of its parts, so this module values sums: a sum
 * S of the family's components together with `twos` nim heaps *2 and `ones` heaps *1 (what the
 * genus needs, below), from the family's moves alone. The options of S + a*2 + b*1 are a move of
 * one component, a *2 taken to *0 or to *1, a *1 taken away.
 *
 * The genus of a component G (Conway, ONAG ch. 12; WW ch. 13) is g^(g0 g1 g2 ...): g its normal
 * Grundy value, g_n = M(G + n*2), the misère Grundy value of G plus n heaps *2. ONAG proves that
 * the sequence g0 g1 ... ends alternating two values; it is written up to where the alternation
 * starts: 0^120 is 0^(1 2 0 2 0 ...), the genus of the empty game. nb_misere_genus computes the
 * terms until the last two written repeat twice (g_(k+1) = g_(k-1), g_(k+2) = g_k, k >= 1), and
 * says how many it computed: for the tame components below the tail is proven (g_n = g xor 2
 * for odd n >= 1, g for even n >= 2); for others it is what the search saw.
 *
 * Tameness. Call a component fickle when (g, g0) is (0, 1) or (1, 0) (like *0 and *1), firm when
 * g0 = g (like *2, or *2 + *2, of genus 0^02), and tame when it is fickle or firm and every
 * component of every option is tame (hereditarily). For a sum S of tame components let g(S) be
 * the xor of their g and m(S) = g(S) xor 1 when every component is fickle, else g(S).
 *
 * Theorem (the tame rule; Conway, ONAG ch. 12, in these terms). M(S) = m(S) for every sum S of
 * tame components; so S is a misère P-position iff m(S) = 0.
 * Proof, by induction on S. Without moves every component is the empty game, fickle with g = 0,
 * so m(S) = 1 = M(S). Otherwise M(S) = mex of M(S') = mex of m(S') over the options S' (by
 * induction: an option replaces one component G_i by a sum of tame components). Two facts: (a)
 * for a sum X of tame components m(X) is g(X) or g(X) xor 1; (b) if R is all fickle with g(R) =
 * r, then m(R + X) = r xor m(X) for every such X (both sides are g(R)+g(X) xor 1 when X is all
 * fickle, g(R) xor g(X) otherwise). For a component G_i, O_i = {m(G')} over its options has mex
 * g0_i (its misère value, by induction), and the normal values {g(G')} have mex g_i.
 * Case 1, S all fickle: m(S) = g(S) xor 1 is 0 or 1, and by (b) with R = S - G_i (r_i = g(S) xor
 * g_i) an option in G_i has m = r_i xor m(G'), which equals m(S) = r_i xor g0_i only if m(G') =
 * g0_i: never. When m(S) = 1 some option must have m = 0, i.e. r_i in O_i for some i: take any
 * G_i; if g_i = 0 then g0_i = 1, r_i = 0 and 0 is in O_i; if g_i = 1 then g0_i = 0 and r_i = 1,
 * and G_i has an option of normal value 0 whose m is 0 or 1 (a) and not 0 (g0_i = 0): it is 1.
 * Case 2, some component firm: m(S) = g(S). An option S' has m(S') = g(S') unless S' is all
 * fickle, which needs G_i the only firm component and G' all fickle. No option has m = g(S):
 * with m(S') = g(S') it would have g(S') = g(S), impossible (normal play); all fickle, by (b)
 * m(S') = r_i xor m(G') = g(S) would need m(G') = g_i = g0_i, not in O_i. Every v < g(S) is
 * some m(S'): normal play gives an option S' with g(S') = v; if m(S') = v done; else S' is all
 * fickle, G_i is the only firm component and R = S - G_i all fickle with r = g(R) in {0, 1}, and
 * the options in G_i have the values r xor O_i, O_i containing 0..g_i - 1 (g0_i = g_i). If r =
 * 0 these cover every v < g(S) = g_i. If r = 1 and g_i is odd, 1 xor {0..g_i - 1} covers 0..g_i
 * - 2 = 0..g(S) - 1. If r = 1 and g_i is even, it covers 0..g_i - 1 and v = g_i remains: R has a
 * component of g = 1 (r = 1), whose option of normal value 0 leaves a sum with the firm G_i, of
 * m = g(S) xor 1 = g_i. So mex = m(S) in both cases. QED.
 * Nim heaps are tame (*0 and *1 fickle, *n firm for n >= 2), so this is misère Nim (Bouton,
 * 1902: with every heap 0 or 1 the player to move wins iff the number of heaps of 1 is even,
 * otherwise iff the xor is not 0) and a tame component's genus: G + n*2 is not all fickle for n
 * >= 1, so g_n = g xor 2 (n odd) or g (n even) from g1 on: 0^120, 1^031, 0^02, 1^13, g^(g, g^2).
 *
 * Design. Both memos are hash tables: components (their g, g0 and tameness) and sums (their
 * sorted components and counts of *2 and *1, with M). A sum of tame components is valued by the
 * rule, never searched, so the search is spent on the wild ones. The search is recursive, bounded
 * in depth (MAX_DEPTH calls deep: a play that long is refused, NB_EDATA, for the callers to fall
 * back on the sum search, which is iterative), in entries (limits.positions components,
 * limits.sums sums), in moves examined a call (limits.moves_examined) and in bytes (memory.c).
 * After a failure the memos are emptied (pending entries would look like cycles).
 */
#include "core/core.h"

#include "base/hash.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 2000, EMPTY = 0, PENDING = 1, DONE = 2 };

typedef struct comp_entry {
  uint64_t lo, hi; /* the component */
  uint64_t g;      /* its normal Grundy value */
  uint64_t g0;     /* its misère Grundy value */
  uint8_t state;   /* EMPTY, PENDING or DONE */
  uint8_t tame;    /* 1 iff hereditarily tame (fickle or firm, and so is every option's part) */
} comp_entry;

typedef struct msum_entry {
  uint64_t hash;  /* hash of the key and counts; 0: an empty slot */
  size_t key;     /* offset of the sorted components in the key arena */
  uint32_t n;     /* components */
  uint32_t twos;  /* heaps *2 beside them */
  uint32_t ones;  /* heaps *1 beside them */
  uint8_t state;  /* PENDING or DONE */
  uint64_t value; /* DONE: M of the sum */
} msum_entry;

struct nb_misere {
  const nb_game *game;       /* whose moves define the values */
  nb_search *normal;         /* borrowed: normal Grundy values of components */
  void *cache;               /* borrowed: the family's cache, for its misère hook (or NULL) */
  size_t held;               /* moves held by the calls under way (the room made for them) */
  nb_limits limits;          /* entries, moves examined and bytes, at most */
  comp_entry *comp;          /* the component table (base/hash.h); capacity a power of two */
  size_t comp_cap;           /* slots in comp */
  size_t comp_used;          /* occupied slots */
  msum_entry *sum;           /* likewise, for sums */
  size_t sum_cap, sum_used;  /* slots and occupied slots */
  nb_pos *keys;              /* the sums' keys */
  size_t keys_len, keys_cap; /* components in keys, and room */
  unsigned depth;            /* calls under way */
  uint64_t budget;           /* moves the current call may still examine */
  nb_memory mem;             /* the bytes of the tables above, within limits.memory */
};

nb_status nb_misere_new(const nb_game *g, const nb_limits *limits, nb_search *normal, void *cache,
                        nb_misere **out, nb_error *err) {
  nb_misere *m = nb_alloc(1, sizeof *m, err);
  if (m == NULL) return NB_EINTERNAL;
  *m = (nb_misere){.game = g,
                   .normal = normal,
                   .cache = cache,
                   .limits = limits ? *limits : nb_limits_default()};
  m->mem = (nb_memory){.limit = m->limits.memory, .what = "misère search"};
  m->comp_cap = m->sum_cap = 256;
  nb_status st = nb_memory_check(&m->mem, 2 * 256, sizeof(comp_entry) + sizeof(msum_entry), err);
  if (st == NB_OK) m->comp = nb_alloc(m->comp_cap, sizeof *m->comp, err);
  if (st == NB_OK && m->comp != NULL) m->sum = nb_alloc(m->sum_cap, sizeof *m->sum, err);
  if (st != NB_OK || m->sum == NULL) {
    nb_misere_free(m);
    return st != NB_OK ? st : NB_EINTERNAL;
  }
  nb_memory_grew(&m->mem, 0, 256 * (sizeof(comp_entry) + sizeof(msum_entry)));
  *out = m;
  return NB_OK;
}

void nb_misere_free(nb_misere *m) {
  if (m == NULL) return;
  free(m->comp);
  free(m->sum);
  free(m->keys);
  free(m);
}

/* --- tables ---------------------------------------------------------------------------------- */

/* The component table: slots are comp_entry, keyed by the component. */
static bool comp_empty(const void *slot) {
  return ((const comp_entry *)slot)->state == EMPTY;
}

static bool comp_stop(const void *slot, const void *key) {
  const comp_entry *e = slot;
  const nb_pos *p = key;
  return e->state == EMPTY || (e->lo == p->lo && e->hi == p->hi);
}

static uint64_t comp_hash(const void *ctx, const void *slot) {
  (void)ctx;
  const comp_entry *e = slot;
  return nb_hash_pair(e->lo, e->hi);
}

static size_t comp_slot(const comp_entry *table, size_t cap, nb_pos p) {
  return nb_table_find(table, cap, sizeof *table, nb_hash_pair(p.lo, p.hi), &p, comp_stop);
}

static uint64_t sum_hash(const nb_pos *key, size_t n, uint32_t twos, uint32_t ones) {
  uint64_t h =
      nb_hash_mix(0x243f6a8885a308d3ull ^ n ^ ((uint64_t)twos << 32) ^ ((uint64_t)ones << 48));
  for (size_t i = 0; i < n; i++)
    h = nb_hash_mix(h ^ key[i].lo ^ nb_hash_mix(key[i].hi + i));
  return h | 1; /* never 0, the empty mark */
}

/* A sum sought in the sum table: key[0..n) + twos*2 + ones*1, of hash h. */
typedef struct sum_probe {
  const nb_misere *m;  /* whose key arena the entries point into */
  const nb_pos *key;   /* the sorted components */
  size_t n;            /* how many */
  uint32_t twos, ones; /* heaps *2 and *1 beside them */
  uint64_t h;          /* sum_hash of all that */
} sum_probe;

static bool sum_empty(const void *slot) {
  return ((const msum_entry *)slot)->hash == 0;
}

static bool sum_stop(const void *slot, const void *key) {
  const msum_entry *e = slot;
  const sum_probe *k = key;
  return e->hash == 0 ||
         (e->hash == k->h && e->n == k->n && e->twos == k->twos && e->ones == k->ones &&
          memcmp(k->m->keys + e->key, k->key, k->n * sizeof *k->key) == 0);
}

static uint64_t sum_entry_hash(const void *ctx, const void *slot) {
  (void)ctx;
  return ((const msum_entry *)slot)->hash;
}

/* The slot of the sum key[0..n) + twos*2 + ones*1 (hash h), or the empty slot where it goes. */
static size_t sum_slot(const nb_misere *m, const nb_pos *key, size_t n, uint32_t twos,
                       uint32_t ones, uint64_t h) {
  sum_probe k = {m, key, n, twos, ones, h};
  return nb_table_find(m->sum, m->sum_cap, sizeof *m->sum, h, &k, sum_stop);
}

/* Doubles a table of cap slots of `size` bytes (rehashed by empty and hash) within m's memory. */
static nb_status double_table(nb_misere *m, void **table, size_t *cap, size_t size,
                              bool (*empty)(const void *slot),
                              uint64_t (*hash)(const void *ctx, const void *slot), nb_error *err) {
  size_t bigger = *cap * 2;
  nb_status st = nb_memory_check(&m->mem, bigger, size, err);
  void *fresh = st == NB_OK ? nb_alloc(bigger, size, err) : NULL;
  if (fresh == NULL) return st != NB_OK ? st : NB_EINTERNAL;
  nb_memory_grew(&m->mem, *cap * size, bigger * size);
  nb_table_rehash(fresh, bigger, *table, *cap, size, NULL, empty, hash);
  free(*table);
  *table = fresh;
  *cap = bigger;
  return NB_OK;
}

/* Doubles the component table when it would pass half full; refuses past limits.positions. */
static nb_status comp_room(nb_misere *m, nb_error *err) {
  if (m->comp_used >= m->limits.positions)
    return nb_fail(err, NB_EDATA,
                   "position too large for the misère search (more than %zu "
                   "positions; --positions N raises it)",
                   m->limits.positions);
  if (!nb_table_needs_room(m->comp_used, m->comp_cap)) return NB_OK;
  return double_table(m, (void **)&m->comp, &m->comp_cap, sizeof *m->comp, comp_empty, comp_hash,
                      err);
}

/* Likewise for the sum table (limits.sums), and room for a key of n components. */
static nb_status sum_room(nb_misere *m, size_t n, nb_error *err) {
  if (m->sum_used >= m->limits.sums)
    return nb_fail(
        err, NB_EDATA,
        "position too large for the misère search (more than %zu sums; --sums N raises it)",
        m->limits.sums);
  nb_status st = nb_grow_within(&m->mem, (void **)&m->keys, &m->keys_cap, m->keys_len, n ? n : 1,
                                sizeof *m->keys, 256, err);
  if (st != NB_OK || !nb_table_needs_room(m->sum_used, m->sum_cap)) return st;
  return double_table(m, (void **)&m->sum, &m->sum_cap, sizeof *m->sum, sum_empty, sum_entry_hash,
                      err);
}

/* --- values ---------------------------------------------------------------------------------- */

static int cmp_pos(const void *a, const void *b) {
  const nb_pos *x = a, *y = b;
  if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* The mex of vals[0..n) (reordered). */
static uint64_t mex_of(uint64_t *vals, size_t n) {
  qsort(vals, n, sizeof *vals, cmp_u64);
  uint64_t x = 0;
  for (size_t i = 0; i < n && vals[i] <= x; i++)
    if (vals[i] == x) x++;
  return x;
}

/* One call deeper, within MAX_DEPTH. */
static nb_status deeper(nb_misere *m, nb_error *err) {
  if (m->depth >= MAX_DEPTH)
    return nb_fail(err, NB_EDATA,
                   "position too deep for the misère search (plays longer than %d moves)",
                   (int)MAX_DEPTH);
  m->depth++;
  return NB_OK;
}

static nb_status cycle(nb_error *err) {
  return nb_fail(err, NB_EINTERNAL, "the game's moves form a cycle: search cannot terminate");
}

/* The moves of one component, held while its options are valued. */
typedef struct held_moves {
  nb_move *move; /* the moves */
  nb_pos *part;  /* their parts */
  size_t count;  /* moves */
  size_t room;   /* moves room was made for (the family's move_bound), counted in m->held */
} held_moves;

/* The family's moves of p, in new arrays (moves_free), counted against the call's budget of
 * moves examined; the room made for them, against limits.held_moves with the room every call
 * under way holds (each recursive call holds its component's moves: a nim heap of 10^6 would
 * otherwise hold 10^6 moves at every one of its levels). */
static nb_status moves_of(nb_misere *m, nb_pos p, held_moves *out, nb_error *err) {
  const nb_family *f = m->game->family;
  size_t bound = f->move_bound(m->game, p), per = f->max_parts > 1 ? f->max_parts : 1;
  *out = (held_moves){0};
  if (bound > m->limits.held_moves - m->held)
    return nb_fail(err, NB_EDATA,
                   "position too large for the misère search (more than %zu moves held at once)",
                   m->limits.held_moves);
  nb_memory check = {.limit = m->limits.memory, .what = "misère search"};
  nb_status st = nb_memory_check(&check, bound, sizeof(nb_move) + per * sizeof(nb_pos), err);
  if (st != NB_OK) return st;
  m->held += bound;
  out->room = bound;
  out->move = nb_alloc(bound, sizeof *out->move, err);
  out->part = out->move ? nb_alloc(bound * per, sizeof *out->part, err) : NULL;
  if (out->part == NULL) return NB_EINTERNAL;
  nb_moves written = {.move = out->move, .part = out->part};
  st = f->moves(m->game, p, NB_LEFT, &written, err);
  out->count = written.count;
  if (st == NB_OK && out->count > m->budget)
    st = nb_fail(err, NB_EDATA,
                 "position too large for the misère search (more than %zu moves examined; "
                 "--moves-examined N raises it)",
                 m->limits.moves_examined);
  if (st == NB_OK) m->budget -= out->count;
  return st;
}

static void moves_free(nb_misere *m, held_moves *mv) {
  m->held -= mv->room;
  free(mv->move);
  free(mv->part);
}

/* A growing list of option values. */
typedef struct values {
  uint64_t *v;     /* v[0..len) */
  size_t len, cap; /* values and room */
} values;

static nb_status values_add(values *vs, uint64_t x, nb_error *err) {
  nb_status st = nb_grow((void **)&vs->v, &vs->cap, vs->len, 1, sizeof *vs->v, 16, err);
  if (st == NB_OK) vs->v[vs->len++] = x;
  return st;
}

static nb_status sum_value(nb_misere *m, const nb_pos *comps, size_t n, uint32_t twos,
                           uint32_t ones, uint64_t *out, bool *tame, nb_error *err);

/* key[0..n) without component c, then parts[0..k), into out; returns n - 1 + k. */
static size_t splice(const nb_pos *key, size_t n, size_t c, const nb_pos *parts, size_t k,
                     nb_pos *out) {
  memcpy(out, key, c * sizeof *out);
  memcpy(out + c, key + c + 1, (n - c - 1) * sizeof *out);
  memcpy(out + n - 1, parts, k * sizeof *out);
  return n - 1 + k;
}

/* M of each option of p (a sum of the move's parts) into vs, and whether every part is tame. */
static nb_status option_values(nb_misere *m, nb_pos p, values *vs, bool *parts_tame,
                               nb_error *err) {
  held_moves mv;
  nb_status st = moves_of(m, p, &mv, err);
  const nb_pos *parts = mv.part;
  *parts_tame = true;
  for (size_t j = 0; j < mv.count && st == NB_OK; parts += mv.move[j++].parts) {
    uint64_t v;
    bool t;
    st = sum_value(m, parts, mv.move[j].parts, 0, 0, &v, &t, err);
    if (st == NB_OK) st = values_add(vs, v, err);
    *parts_tame = *parts_tame && t;
  }
  moves_free(m, &mv);
  return st;
}

/* Fills e (a copy) with component p's g, g0 and tameness, memoised. */
static nb_status component(nb_misere *m, nb_pos p, comp_entry *out, nb_error *err) {
  size_t i = comp_slot(m->comp, m->comp_cap, p);
  if (m->comp[i].state == DONE) {
    *out = m->comp[i];
    return NB_OK;
  }
  if (m->comp[i].state == PENDING) return cycle(err);
  const nb_impartial_facet *eval = m->game->family->impartial_eval;
  comp_entry known = {.lo = p.lo, .hi = p.hi, .state = DONE};
  bool tame;
  if (eval != NULL && eval->misere != NULL &&
      eval->misere(m->game, m->cache, p, &known.g, &known.g0, &tame)) {
    known.tame = tame; /* the family proves it: not memoised, asked again (it is cheap) */
    *out = known;
    return NB_OK;
  }
  nb_status st = comp_room(m, err);
  if (st != NB_OK) return st;
  m->comp[comp_slot(m->comp, m->comp_cap, p)] =
      (comp_entry){.lo = p.lo, .hi = p.hi, .state = PENDING};
  m->comp_used++;
  comp_entry e = {.lo = p.lo, .hi = p.hi, .state = DONE};
  values vs = {0};
  bool parts_tame = false;
  st = nb_search_grundy(m->normal, p, &e.g, err);
  if (st == NB_OK) st = deeper(m, err);
  if (st != NB_OK) return st;
  st = option_values(m, p, &vs, &parts_tame, err);
  m->depth--;
  e.g0 = vs.len == 0 ? 1 : mex_of(vs.v, vs.len); /* no move: the mover wins, M = 1 */
  free(vs.v);
  if (st != NB_OK) return st;
  e.tame = parts_tame && (e.g0 == e.g || (e.g <= 1 && e.g0 == (e.g ^ 1)));
  m->comp[comp_slot(m->comp, m->comp_cap, p)] = e;
  *out = e;
  return NB_OK;
}

/* M of the sum key[0..n) + twos*2 + ones*1 (key sorted, not in the arena) by search, memoised. */
static nb_status search_sum(nb_misere *m, const nb_pos *key, size_t n, uint32_t twos, uint32_t ones,
                            uint64_t *out, nb_error *err) {
  uint64_t h = sum_hash(key, n, twos, ones);
  size_t i = sum_slot(m, key, n, twos, ones, h);
  if (m->sum[i].hash != 0 && m->sum[i].state == DONE) {
    *out = m->sum[i].value;
    return NB_OK;
  }
  if (m->sum[i].hash != 0) return cycle(err);
  nb_status st = sum_room(m, n, err);
  if (st != NB_OK) return st;
  memcpy(m->keys + m->keys_len, key, n * sizeof *key);
  m->sum[sum_slot(m, key, n, twos, ones, h)] = (msum_entry){.hash = h,
                                                            .key = m->keys_len,
                                                            .n = (uint32_t)n,
                                                            .twos = twos,
                                                            .ones = ones,
                                                            .state = PENDING};
  m->keys_len += n;
  m->sum_used++;
  if ((st = deeper(m, err)) != NB_OK) return st;
  values vs = {0};
  nb_pos *child = nb_alloc(n + m->game->family->max_parts + 1, sizeof *child, err);
  st = child != NULL ? NB_OK : NB_EINTERNAL;
  for (size_t c = 0; c < n && st == NB_OK; c++) {
    if (c > 0 && key[c].lo == key[c - 1].lo && key[c].hi == key[c - 1].hi) continue;
    held_moves mv;
    st = moves_of(m, key[c], &mv, err);
    const nb_pos *parts = mv.part;
    for (size_t j = 0; j < mv.count && st == NB_OK; parts += mv.move[j++].parts) {
      size_t len = splice(key, n, c, parts, mv.move[j].parts, child);
      uint64_t v;
      bool t;
      st = sum_value(m, child, len, twos, ones, &v, &t, err);
      if (st == NB_OK) st = values_add(&vs, v, err);
    }
    moves_free(m, &mv);
  }
  uint64_t v;
  bool t;
  if (st == NB_OK && twos > 0) st = sum_value(m, key, n, twos - 1, ones, &v, &t, err);
  if (st == NB_OK && twos > 0 && (st = values_add(&vs, v, err)) == NB_OK)
    st = sum_value(m, key, n, twos - 1, ones + 1, &v, &t, err);
  if (st == NB_OK && twos > 0) st = values_add(&vs, v, err);
  if (st == NB_OK && ones > 0) st = sum_value(m, key, n, twos, ones - 1, &v, &t, err);
  if (st == NB_OK && ones > 0) st = values_add(&vs, v, err);
  m->depth--;
  free(child);
  if (st == NB_OK) {
    *out = vs.len == 0 ? 1 : mex_of(vs.v, vs.len);
    msum_entry *e = &m->sum[sum_slot(m, key, n, twos, ones, h)];
    e->value = *out;
    e->state = DONE;
  }
  free(vs.v);
  return st;
}

/* M of comps[0..n) + twos*2 + ones*1 (any order); *tame: every component is tame (then M is
 * the tame rule's m, never searched). */
static nb_status sum_value(nb_misere *m, const nb_pos *comps, size_t n, uint32_t twos,
                           uint32_t ones, uint64_t *out, bool *tame, nb_error *err) {
  uint64_t g = (twos & 1 ? 2 : 0) ^ (ones & 1);
  bool fickle = twos == 0;
  *tame = true;
  for (size_t i = 0; i < n; i++) {
    comp_entry e;
    nb_status st = component(m, comps[i], &e, err);
    if (st != NB_OK) return st;
    if (n == 1 && twos == 0 && ones == 0) {
      *out = e.g0;
      *tame = e.tame;
      return NB_OK;
    }
    *tame = *tame && e.tame;
    g ^= e.g;
    fickle = fickle && e.g0 != e.g;
  }
  if (*tame) { /* the tame rule (theorem above) */
    *out = fickle ? g ^ 1 : g;
    return NB_OK;
  }
  nb_pos *key = nb_alloc(n, sizeof *key, err);
  if (key == NULL) return NB_EINTERNAL;
  memcpy(key, comps, n * sizeof *key);
  qsort(key, n, sizeof *key, cmp_pos);
  nb_status st = search_sum(m, key, n, twos, ones, out, err);
  free(key);
  return st;
}

/* --- calls ----------------------------------------------------------------------------------- */

/* Before a call: its budget. After a failed one: forget everything (pending entries would look
 * like cycles; the memos are caches). */
static void begin(nb_misere *m) {
  m->budget = m->limits.moves_examined;
  m->depth = 0;
  m->held = 0;
}

static nb_status end(nb_misere *m, nb_status st) {
  if (st == NB_OK) return st;
  memset(m->comp, 0, m->comp_cap * sizeof *m->comp);
  memset(m->sum, 0, m->sum_cap * sizeof *m->sum);
  m->comp_used = m->sum_used = m->keys_len = 0;
  m->mem.full = false;
  return st;
}

nb_status nb_misere_component(nb_misere *m, nb_pos p, nb_misere_info *out, nb_error *err) {
  comp_entry e;
  begin(m);
  nb_status st = end(m, component(m, p, &e, err));
  if (st == NB_OK) *out = (nb_misere_info){.g = e.g, .g0 = e.g0, .tame = e.tame};
  return st;
}

nb_status nb_misere_grundy(nb_misere *m, const nb_pos *comps, size_t n, uint32_t twos,
                           uint64_t *out, bool *tame, nb_error *err) {
  begin(m);
  return end(m, sum_value(m, comps, n, twos, 0, out, tame, err));
}

nb_status nb_misere_genus(nb_misere *m, nb_pos p, nb_genus *out, nb_error *err) {
  uint64_t t[NB_GENUS_MAX + 2];
  bool tame;
  nb_misere_info info;
  nb_status st = nb_misere_component(m, p, &info, err);
  if (st != NB_OK) return st;
  *out = (nb_genus){.g = info.g, .tame = info.tame};
  for (uint32_t k = 0; k < NB_GENUS_MAX + 2 && st == NB_OK; k++) {
    if (info.tame) /* the tame rule: g0, then g xor 2 and g alternating */
      t[k] = k == 0 ? info.g0 : k % 2 ? info.g ^ 2 : info.g;
    else
      st = nb_misere_grundy(m, &p, 1, k, &t[k], &tame, err);
    if (st != NB_OK || k < 3 || t[k] != t[k - 2] || t[k - 1] != t[k - 3]) continue;
    out->len = k - 1; /* t[0..k-2] written: the last two repeat twice after */
    memcpy(out->term, t, out->len * sizeof *t);
    out->computed = k + 1;
    return NB_OK;
  }
  if (st != NB_OK) return st;
  char spec[NB_QUOTE_CAP];
  return nb_fail(err, NB_EDATA, "the genus of a component of %s does not settle within %d terms",
                 nb_game_spec_quote(m->game, spec), (int)NB_GENUS_MAX);
}
