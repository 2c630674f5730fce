/*
 * board_memo.c: the memo of the single-board searches (board_memo.h).
 */
#include "games/board_memo.h"

#include "base/hash.h"

#include <stdlib.h>
#include <string.h>

#define ENTRY_USED (1ull << 63)
#define ENTRY_WINS (1ull << 62)
#define KEY_BITS ((1ull << 56) - 1)
#define WORK_SHIFT 56 /* nb_board_memo_keep: the work class in hi's bits 56..61 */
#define WORK_MASK (63ull << WORK_SHIFT)

void nb_board_memo_free(nb_board_memo *m) {
  free(m->table);
  m->table = NULL;
  m->capacity = m->used = 0;
}

void nb_board_memo_forget(nb_board_memo *m) {
  if (m->table != NULL) memset(m->table, 0, m->capacity * sizeof *m->table);
  m->used = 0;
  m->evicted = 0;
  m->mem.full = false;
}

static bool slot_empty(const void *slot) {
  return ((const nb_board_entry *)slot)->hi == 0;
}

static uint64_t key_hash(uint64_t lo, uint64_t hi) {
  return nb_hash_pair(lo, hi & KEY_BITS); /* the key only: flags and work class left out */
}

static uint64_t slot_hash(const void *ctx, const void *slot) {
  (void)ctx;
  const nb_board_entry *e = slot;
  return key_hash(e->lo, e->hi);
}

/* The slot of key (lo, hi), or the empty slot where it belongs. */
static size_t find(const nb_board_memo *m, uint64_t lo, uint64_t hi) {
  size_t mask = m->capacity - 1, i = (size_t)key_hash(lo, hi) & mask;
  for (;; i = (i + 1) & mask) {
    const nb_board_entry *e = &m->table[i];
    if (e->hi == 0 || (e->lo == lo && (e->hi & KEY_BITS) == hi)) return i;
  }
}

/* Doubles the table (its first size: `first` slots). */
static nb_status grow_table(nb_board_memo *m, size_t first, nb_error *err) {
  size_t capacity = m->capacity ? m->capacity * 2 : first;
  nb_status st = nb_memory_check(&m->mem, capacity, sizeof *m->table, err);
  if (st != NB_OK) return st;
  nb_board_entry *table = nb_alloc(capacity, sizeof *table, err);
  if (table == NULL) return NB_EINTERNAL;
  nb_memory_grew(&m->mem, m->capacity * sizeof *table, capacity * sizeof *table);
  if (m->table != NULL)
    nb_table_rehash(table, capacity, m->table, m->capacity, sizeof *table, NULL, slot_empty,
                    slot_hash);
  free(m->table);
  m->table = table;
  m->capacity = capacity;
  return NB_OK;
}

bool nb_board_memo_find(const nb_board_memo *m, uint64_t lo, uint64_t hi, bool *wins) {
  if (m->capacity == 0) return false;
  const nb_board_entry *e = &m->table[find(m, lo, hi)];
  if (e->hi == 0) return false;
  *wins = (e->hi & ENTRY_WINS) != 0;
  return true;
}

nb_status nb_board_memo_add(nb_board_memo *m, uint64_t lo, uint64_t hi, bool wins, nb_error *err) {
  if (m->capacity == 0 || nb_table_needs_room(m->used, m->capacity)) {
    nb_status st = grow_table(m, 1 << 16, err);
    if (st != NB_OK) return st;
  }
  size_t i = find(m, lo, hi);
  if (m->table[i].hi == 0) m->used++;
  m->table[i] = (nb_board_entry){lo, hi | ENTRY_USED | (wins ? ENTRY_WINS : 0)};
  return NB_OK;
}

size_t nb_board_memo_keep_capacity(const nb_board_memo *m) {
  size_t cap = 1 << 10, quarter = m->mem.limit / 4 / sizeof(nb_board_entry);
  while (cap <= quarter / 2)
    cap *= 2;
  return cap;
}

nb_status nb_board_memo_keep(nb_board_memo *m, uint64_t lo, uint64_t hi, bool wins, unsigned work,
                             nb_error *err) {
  size_t most = nb_board_memo_keep_capacity(m);
  bool largest = m->capacity != 0 && m->capacity >= most;
  if (m->capacity == 0 || (!largest && nb_table_needs_room(m->used, m->capacity))) {
    nb_status st = grow_table(m, most < 1 << 16 ? most : 1 << 16, err);
    if (st != NB_OK) return st;
  }
  uint64_t entry = hi | ENTRY_USED | (wins ? ENTRY_WINS : 0) |
                   (uint64_t)(work < 63 ? work : 63) << WORK_SHIFT;
  size_t mask = m->capacity - 1, home = (size_t)key_hash(lo, hi) & mask, i = find(m, lo, hi);
  if (m->table[i].hi != 0 || m->used < m->capacity - m->capacity / 4) {
    if (m->table[i].hi == 0) m->used++;
    m->table[i] = (nb_board_entry){lo, entry};
    return NB_OK;
  }
  /* Full: replace on the probe path from home to i (every slot there holds another key, so a
   * later find of this key, walking from home, meets it before any empty slot; a find of the
   * evicted key fails, as a memo may; the path stays unbroken). A path of no slot (the key's
   * home empty) would fill the table past three quarters: the position is then not kept. */
  size_t victim = i, steps = (i - home) & mask;
  unsigned least = 64;
  for (size_t k = 0; k < steps && k < 4; k++) {
    size_t j = (home + k) & mask;
    unsigned w = (unsigned)((m->table[j].hi & WORK_MASK) >> WORK_SHIFT);
    if (w < least) least = w, victim = j;
  }
  if (victim == i) return NB_OK;
  m->table[victim] = (nb_board_entry){lo, entry};
  m->evicted++;
  return NB_OK;
}

void nb_board_syms_setup(nb_board_syms *s, nb_board_memo *m, unsigned h, unsigned w) {
  s->h = h, s->w = w, s->n = h * w;
  /* Boards of different shapes share the memo: the shape is in the key where the cells leave it
   * room (up to 56 cells, 112 bits), and the memo is forgotten when a board of more cells comes
   * after a board of another shape, or any board after it. */
  unsigned shape = (h - 1) << 4 | (w - 1);
  s->shape = s->n <= 56 ? (uint64_t)shape << 48 : 0;
  unsigned wide = s->n > 56 ? shape + 1 : 0;
  if (m->wide != wide) { /* a wide board's keys might be a narrow one's */
    nb_board_memo_forget(m);
    m->wide = wide;
  }
  /* symmetry k: transpose if k & 4 (square boards only), then flip rows if k & 1, columns if
   * k & 2 */
  s->nsym = h == w ? 8 : 4;
  for (unsigned k = 0; k < s->nsym; k++)
    for (unsigned r = 0; r < h; r++)
      for (unsigned c = 0; c < w; c++) {
        unsigned rr = k & 4 ? c : r, cc = k & 4 ? r : c;
        if (k & 1) rr = h - 1 - rr;
        if (k & 2) cc = w - 1 - cc;
        s->dest[k][r * w + c] = (uint8_t)(rr * w + cc);
      }
}

void nb_board_key(const nb_board_syms *s, const uint8_t *state, uint64_t *lo, uint64_t *hi) {
  uint64_t l[8] = {0}, h[8] = {0};
  for (unsigned i = 0; i < s->n; i++) {
    uint64_t v = state[i];
    if (v == 0) continue;
    for (unsigned k = 0; k < s->nsym; k++) {
      unsigned d = s->dest[k][i];
      if (d < 32)
        l[k] |= v << (2 * d);
      else
        h[k] |= v << (2 * (d - 32));
    }
  }
  unsigned best = 0;
  for (unsigned k = 1; k < s->nsym; k++)
    if (h[k] < h[best] || (h[k] == h[best] && l[k] < l[best])) best = k;
  *lo = l[best], *hi = h[best] | s->shape;
}
