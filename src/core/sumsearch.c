/*
 * sumsearch.c: exhaustive search over whole sums of components.
 *
 * Grundy values compose over sums (XOR), but who wins a partizan sum and how long a sum lasts
 * (remoteness) do not: they need the sum's own game tree. This module searches it, from the
 * family's moves alone, with the same rules as search.c: the mover wins iff some move leaves the
 * opponent losing; remoteness is 0 without moves, else 1 + the least remoteness of a winning
 * option (the winner hurries) or 1 + the largest of all options (the loser delays).
 *
 * Design. A sum is memoised under its canonical key: its components sorted, plus the player to
 * move. Keys live in one growing arena of nb_pos; the hash table holds their offsets. Search is
 * recursive: the depth is the length of the game, bounded by MAX_DEPTH (sums of heaps, towers and
 * piles in practice last far fewer moves; a deep single component goes to search.c, which is
 * iterative).
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 10000 };

typedef struct sum_entry {
  uint64_t hash;       /* hash of the key; 0 marks an empty slot */
  size_t key;          /* offset of the sorted components in the arena */
  uint32_t n;          /* number of components */
  uint8_t player;      /* player to move */
  uint8_t wins;        /* 1 iff the player to move wins */
  uint64_t remoteness; /* moves the game lasts under optimal play */
} sum_entry;

struct nb_sum_search {
  const nb_game *game; /* whose moves define the search */
  nb_search *single;   /* for one-component sums */
  sum_entry *table;    /* open addressing, linear probing; capacity a power of two */
  size_t capacity, used, max_entries;
  nb_pos *arena; /* the keys */
  size_t arena_len, arena_cap;
};

nb_status nb_sum_search_new(const nb_game *g, size_t max_entries, nb_sum_search **out,
                            nb_error *err) {
  nb_sum_search *s = nb_alloc(1, sizeof *s, err);
  if (s == NULL) return NB_EINTERNAL;
  s->game = g;
  s->max_entries = max_entries ? max_entries : (size_t)1 << 20;
  s->capacity = 1024;
  s->table = nb_alloc(s->capacity, sizeof *s->table, err);
  if (s->table == NULL || nb_search_new(g, 0, &s->single, err) != NB_OK) {
    nb_sum_search_free(s);
    return NB_EINTERNAL;
  }
  *out = s;
  return NB_OK;
}

void nb_sum_search_free(nb_sum_search *s) {
  if (s == NULL) return;
  nb_search_free(s->single);
  free(s->table);
  free(s->arena);
  free(s);
}

static int cmp_pos(const void *a, const void *b) {
  const nb_pos *x = a, *y = b;
  if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

static uint64_t hash_key(const nb_pos *key, size_t n, unsigned player) {
  uint64_t h = 0x243f6a8885a308d3ull ^ (uint64_t)player;
  for (size_t i = 0; i < n; i++) {
    h = (h ^ key[i].lo) * 0x100000001b3ull;
    h = (h ^ key[i].hi) * 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
  }
  return h | 1; /* never 0, the empty mark */
}

/* The slot of (key, player), or the empty slot where it belongs. */
static size_t find(const nb_sum_search *s, const nb_pos *key, size_t n, unsigned player,
                   uint64_t h) {
  size_t mask = s->capacity - 1, i = (size_t)h & mask;
  for (;; i = (i + 1) & mask) {
    const sum_entry *e = &s->table[i];
    if (e->hash == 0) return i;
    if (e->hash == h && e->n == n && e->player == player &&
        memcmp(s->arena + e->key, key, n * sizeof *key) == 0)
      return i;
  }
}

static nb_status grow(nb_sum_search *s, nb_error *err) {
  sum_entry *old = s->table;
  size_t old_cap = s->capacity;
  s->table = nb_alloc(old_cap * 2, sizeof *s->table, err);
  if (s->table == NULL) {
    s->table = old;
    return NB_EINTERNAL;
  }
  s->capacity = old_cap * 2;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].hash != 0) {
      size_t j = (size_t)old[i].hash & (s->capacity - 1);
      while (s->table[j].hash != 0)
        j = (j + 1) & (s->capacity - 1);
      s->table[j] = old[i];
    }
  free(old);
  return NB_OK;
}

/* Stores a solved sum. */
static nb_status remember(nb_sum_search *s, const nb_pos *key, size_t n, unsigned player,
                          uint64_t h, bool wins, uint64_t remoteness, nb_error *err) {
  if (s->used >= s->max_entries)
    return nb_fail(err, NB_EDATA, "position too large for exhaustive search (more than %zu sums)",
                   s->max_entries);
  if ((s->used + 1) * 2 > s->capacity && grow(s, err) != NB_OK) return NB_EINTERNAL;
  if (nb_grow((void **)&s->arena, &s->arena_cap, s->arena_len, n, sizeof *s->arena, 1024, err))
    return NB_EINTERNAL;
  memcpy(s->arena + s->arena_len, key, n * sizeof *key);
  size_t slot = find(s, key, n, player, h);
  s->table[slot] = (sum_entry){.hash = h,
                               .key = s->arena_len,
                               .n = (uint32_t)n,
                               .player = (uint8_t)player,
                               .wins = wins,
                               .remoteness = remoteness};
  s->arena_len += n;
  s->used++;
  return NB_OK;
}

static nb_status solve(nb_sum_search *s, const nb_pos *comps, size_t n, unsigned player,
                       unsigned depth, bool *wins, uint64_t *rem, nb_error *err);

/* Folds every move of the (sorted) sum `key` into the winner-hurries/loser-delays rule. */
static nb_status explore(nb_sum_search *s, const nb_pos *key, size_t n, unsigned player,
                         unsigned depth, bool *wins, uint64_t *rem, nb_error *err) {
  const bool partizan = s->game->family->partizan;
  nb_sum_move *moves;
  size_t count;
  nb_status st = nb_sum_moves(s->game, key, n, (nb_player)player, &moves, &count, err);
  if (st != NB_OK) return st;
  nb_pos *next = nb_alloc(n, sizeof *next, err);
  if (next == NULL) {
    free(moves);
    return NB_EINTERNAL;
  }
  uint64_t best_win = UINT64_MAX, longest = 0;
  for (size_t i = 0; i < count && st == NB_OK; i++) {
    memcpy(next, key, n * sizeof *next);
    next[moves[i].component] = moves[i].move.to;
    bool opp_wins;
    uint64_t r;
    st = solve(s, next, n, partizan ? 1u - player : 0u, depth + 1, &opp_wins, &r, err);
    if (st == NB_OK && !opp_wins && r < best_win) best_win = r;
    if (st == NB_OK && r > longest) longest = r;
  }
  free(next);
  free(moves);
  *wins = best_win != UINT64_MAX;
  *rem = count == 0 ? 0 : 1 + (*wins ? best_win : longest);
  return st;
}

static nb_status solve(nb_sum_search *s, const nb_pos *comps, size_t n, unsigned player,
                       unsigned depth, bool *wins, uint64_t *rem, nb_error *err) {
  if (n == 1) return nb_search_wins(s->single, comps[0], (nb_player)player, wins, rem, err);
  if (depth > MAX_DEPTH)
    return nb_fail(err, NB_EDATA,
                   "position too large for exhaustive search (games longer than %d moves)",
                   MAX_DEPTH);
  nb_pos *key = nb_alloc(n, sizeof *key, err);
  if (key == NULL) return NB_EINTERNAL;
  memcpy(key, comps, n * sizeof *key);
  qsort(key, n, sizeof *key, cmp_pos);
  uint64_t h = hash_key(key, n, player);
  size_t slot = find(s, key, n, player, h);
  nb_status st = NB_OK;
  if (s->table[slot].hash != 0) {
    *wins = s->table[slot].wins;
    *rem = s->table[slot].remoteness;
  } else {
    st = explore(s, key, n, player, depth, wins, rem, err);
    if (st == NB_OK) st = remember(s, key, n, player, h, *wins, *rem, err);
  }
  free(key);
  return st;
}

nb_status nb_sum_search_wins(nb_sum_search *s, const nb_pos *comps, size_t n, nb_player who,
                             bool *wins, uint64_t *remoteness, nb_error *err) {
  uint64_t r;
  unsigned player = s->game->family->partizan ? (unsigned)who : 0u;
  nb_status st = solve(s, comps, n, player, 0, wins, &r, err);
  if (st == NB_OK && remoteness != NULL) *remoteness = r;
  return st;
}
