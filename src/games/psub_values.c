/*
 * psub_values.c: canonical values of the piles of psub:A/B, and their proven period.
 *
 * The value of pile n is G(n) = { G(n - a) : a in A, a <= n | G(n - b) : b in B, b <= n }, made
 * canonical in the solver's game store. Piles are valued in order, each from the ones below it.
 *
 * Theorem (value window). Let k = max(A u B) and W(j) = (G(j-k), ..., G(j-1)) for j >= k. From
 * pile k on every amount is legal, so G(n) = F(W(n)) for n >= k, with one map F (the canonical
 * form of {the entries at a in A | the entries at b in B}). If W(i) = W(j) for some k <= i < j,
 * then G(i) = F(W(i)) = F(W(j)) = G(j), hence W(i+1) = W(j+1), and by induction
 * G(t) = G(t + (j - i)) for every t >= i - k: the values are periodic with period j - i from
 * pile i - k on. Equality of windows is equality of games, and two games of one store are equal
 * iff their IDs are (canonical forms are unique and the store interns them), so comparing the
 * windows' IDs is a proof, not a heuristic.
 *
 * Outcomes are eventually periodic for every psub game (psub.c), but values need not be: in
 * psub:1,2/1,3 the piles 2, 6, 8, 12, .. are ^, ^^, ^3, ^4, .., all different. A period of the
 * outcomes therefore says nothing about the values; only the windows of values above prove
 * one. Where none appears within PSUB_VALUES_MAX_PILES piles and PSUB_VALUES_MAX_OPTIONS
 * options, a pile beyond those computed is refused (NB_EDATA), and the caller falls back to the
 * outcome, which the outcome engine always gives.
 *
 * Finding a repeat: each window gets a rolling polynomial hash (mod 2^64, updated in O(1) per
 * pile) and goes into a hash table; a hit is verified by comparing the two windows' IDs, so the
 * first verified hit W(i) = W(j) is a proven period. The least start for it is then found by
 * scanning back while G(s - 1) = G(s - 1 + p).
 */
#include "games/psub_values.h"

#include "base/hash.h"

#include <stdlib.h>
#include <string.h>

/* The rolling hash's base: odd, so multiplication by it is a bijection mod 2^64. */
#define HASH_BASE NB_HASH_GOLDEN

struct psub_values {
  const uint64_t *amount[2]; /* amount[NB_LEFT] = A, amount[NB_RIGHT] = B (borrowed) */
  size_t count[2];           /* their sizes */
  uint64_t k;                /* max(A u B), 0 when both are empty */
  uint64_t base_pow_k;       /* HASH_BASE^k, to drop the oldest pile from a window's hash */
  nb_cg_store *store;        /* the store of the values (the first one given), or NULL */
  nb_cg *value;              /* value[n]: G(n) for n < len */
  size_t len, cap;
  uint64_t options; /* options made so far, against PSUB_VALUES_MAX_OPTIONS */
  uint64_t hash;    /* hash of W(len) (piles below 0 count as nothing) */
  uint64_t *slot;   /* windows seen: hash table of (fingerprint << 32 | j + 1), 0 empty */
  size_t slots;     /* slots (a power of two, or 0) */
  size_t entries;   /* slots in use */
  bool periodic;    /* start and period are proven */
  uint64_t start;   /* G(n + period) = G(n) for every n >= start */
  uint64_t period;
  nb_cg *side[2]; /* scratch: the options of the pile being valued */
};

nb_status psub_values_new(const uint64_t *left, size_t nleft, const uint64_t *right, size_t nright,
                          psub_values **out, nb_error *err) {
  psub_values *v = nb_alloc(1, sizeof *v, err);
  if (v == NULL) return NB_EINTERNAL;
  v->amount[NB_LEFT] = left;
  v->amount[NB_RIGHT] = right;
  v->count[NB_LEFT] = nleft;
  v->count[NB_RIGHT] = nright;
  for (int p = 0; p < 2; p++)
    if (v->count[p] > 0 && v->amount[p][v->count[p] - 1] > v->k)
      v->k = v->amount[p][v->count[p] - 1];
  v->base_pow_k = 1;
  for (uint64_t i = 0; i < v->k; i++)
    v->base_pow_k *= HASH_BASE;
  v->side[0] = nb_alloc(nleft + 1, sizeof(nb_cg), err);
  v->side[1] = v->side[0] ? nb_alloc(nright + 1, sizeof(nb_cg), err) : NULL;
  if (v->side[1] == NULL) {
    psub_values_free(v);
    return NB_EINTERNAL;
  }
  *out = v;
  return NB_OK;
}

void psub_values_free(psub_values *v) {
  if (v == NULL) return;
  free(v->value);
  free(v->slot);
  free(v->side[0]);
  free(v->side[1]);
  free(v);
}

bool psub_values_period(const psub_values *v, uint64_t *start, uint64_t *period) {
  *start = v->start;
  *period = v->period;
  return v->periodic;
}

/* --- windows --------------------------------------------------------------------------------- */

static uint32_t fingerprint(uint64_t hash) {
  return (uint32_t)(hash >> 32) ^ (uint32_t)hash;
}

/* Whether W(i) = W(j): the same k IDs. */
static bool windows_equal(const psub_values *v, uint64_t i, uint64_t j) {
  return v->k == 0 || memcmp(v->value + i - v->k, v->value + j - v->k, v->k * sizeof(nb_cg)) == 0;
}

/* The table (base/hash.h): a slot is (fingerprint << 32 | i + 1) for the window W(i), 0 when
 * empty; it is found by the window's rolling hash, mixed (the rolling hash's low bits depend on
 * the newest piles only). A probe carries the window sought. */
typedef struct window_probe {
  const psub_values *values; /* whose windows the slots name */
  uint64_t j;                /* the window W(j) sought */
  uint32_t fingerprint;      /* of its hash */
} window_probe;

static bool slot_empty(const void *slot) {
  return *(const uint64_t *)slot == 0;
}

static bool slot_stop(const void *slot, const void *key) {
  uint64_t e = *(const uint64_t *)slot;
  const window_probe *k = key;
  return e == 0 || ((uint32_t)(e >> 32) == k->fingerprint &&
                    windows_equal(k->values, (e & 0xffffffffu) - 1, k->j));
}

/* The hash of W(j), computed afresh (to rebuild the table). */
static uint64_t hash_of(const psub_values *v, uint64_t j) {
  uint64_t h = 0;
  for (uint64_t t = j - v->k; t < j; t++)
    h = h * HASH_BASE + v->value[t] + 1;
  return h;
}

static uint64_t slot_hash(const void *values, const void *slot) {
  return nb_hash_mix(hash_of(values, (*(const uint64_t *)slot & 0xffffffffu) - 1));
}

/* An earlier window equal to W(j) (hash h), or UINT64_MAX. Entries keep only a fingerprint, so
 * the table is rebuilt from the windows themselves when it grows (see insert). */
static uint64_t find(const psub_values *v, uint64_t j, uint64_t h) {
  if (v->slots == 0) return UINT64_MAX;
  window_probe k = {v, j, fingerprint(h)};
  uint64_t e =
      v->slot[nb_table_find(v->slot, v->slots, sizeof *v->slot, nb_hash_mix(h), &k, slot_stop)];
  return e == 0 ? UINT64_MAX : (e & 0xffffffffu) - 1;
}

/* Inserts W(j) (hash h), doubling the table when half full. */
static nb_status insert(psub_values *v, uint64_t j, uint64_t h, nb_error *err) {
  if (nb_table_needs_room(v->entries, v->slots)) {
    size_t slots = v->slots ? 2 * v->slots : 1024;
    uint64_t *bigger = nb_alloc(slots, sizeof *bigger, err);
    if (bigger == NULL) return NB_EINTERNAL;
    nb_table_rehash(bigger, slots, v->slot, v->slots, sizeof *bigger, v, slot_empty, slot_hash);
    free(v->slot);
    v->slot = bigger;
    v->slots = slots;
  }
  size_t s = nb_table_free_slot(v->slot, v->slots, sizeof *v->slot, nb_hash_mix(h), slot_empty);
  v->slot[s] = (uint64_t)fingerprint(h) << 32 | (j + 1);
  v->entries++;
  return NB_OK;
}

/* --- piles ----------------------------------------------------------------------------------- */

/* Values pile n = len from the piles below it, and looks the window W(n + 1) up. */
static nb_status step(psub_values *v, nb_error *err) {
  uint64_t n = v->len, per_pile = v->count[0] + v->count[1];
  if (v->len >= PSUB_VALUES_MAX_PILES || v->options + per_pile > PSUB_VALUES_MAX_OPTIONS)
    return nb_fail(err, NB_EDATA,
                   "no period among the canonical values of piles 0 to %llu (the value engine "
                   "values at most %d piles, making at most %d options)",
                   (unsigned long long)v->len - (v->len > 0), PSUB_VALUES_MAX_PILES,
                   PSUB_VALUES_MAX_OPTIONS);
  size_t nopt[2] = {0, 0};
  for (int p = 0; p < 2; p++)
    for (size_t i = 0; i < v->count[p] && v->amount[p][i] <= n; i++)
      v->side[p][nopt[p]++] = v->value[n - v->amount[p][i]];
  if (nb_grow((void **)&v->value, &v->cap, v->len, 1, sizeof *v->value, 1024, err) != NB_OK)
    return NB_EINTERNAL;
  nb_cg g;
  nb_status st = nb_cg_from_options(v->store, v->side[0], nopt[0], v->side[1], nopt[1], &g, err);
  if (st != NB_OK) return st;
  v->value[v->len++] = g;
  v->options += per_pile;
  uint64_t out = n >= v->k ? (v->value[n - v->k] + 1) * v->base_pow_k : 0;
  v->hash = v->hash * HASH_BASE + g + 1 - out;
  uint64_t j = n + 1; /* the window W(j) is complete */
  if (j < v->k) return NB_OK;
  uint64_t i = find(v, j, v->hash);
  if (i == UINT64_MAX) return insert(v, j, v->hash, err);
  uint64_t p = j - i, s = i - v->k; /* the theorem at the top of the file */
  while (s > 0 && v->value[s - 1] == v->value[s - 1 + p])
    s--;
  v->periodic = true;
  v->start = s;
  v->period = p;
  free(v->slot); /* the table has done its work */
  v->slot = NULL;
  v->slots = v->entries = 0;
  return NB_OK;
}

nb_status psub_values_get(psub_values *v, nb_cg_store *store, uint64_t n, nb_cg *out,
                          nb_error *err) {
  if (v->store == NULL) v->store = store;
  NB_ASSERT(v->store == store); /* the IDs below belong to it */
  while (!v->periodic && v->len <= n) {
    nb_status st = step(v, err);
    if (st != NB_OK) return st;
  }
  if (n >= v->len) n = v->start + (n - v->start) % v->period;
  *out = v->value[n];
  return NB_OK;
}
