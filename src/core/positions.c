/*
 * positions.c: the game's store of positions larger than 128 bits (nb_pos_intern).
 *
 * Why a store, and why hash-consed. The searches, their memo tables and the sum search all key
 * on 128-bit components, and "equal positions have equal encodings" is what makes their memos
 * right. A position larger than that (an 8x8 Clobber board) is written by its family as a byte
 * string; interning gives every distinct string one small index, and the handle {index,
 * NB_POS_INTERNED} is then an ordinary nb_pos: equal strings have equal handles, so nothing
 * above the family needs to know that a component was large. Positions that fit stay inline and
 * never touch the store, so families and boards that fit pay nothing.
 *
 * Why the game owns it, not the solver. A family meets large positions in `parse` (the board a
 * user typed) and in `format` and `describe`, which take the game alone, as well as in `moves`;
 * a handle must mean the same position to all of them and to every solver of the game, so the
 * store lives with the game, made by the registry when it opens the game and freed with it. The
 * price is that a game that interns is no longer immutable: it and its solvers are used by one
 * thread at a time (nimber.h, "Positions of any size"). Families that never intern leave the
 * store empty, and their games stay shareable as before.
 *
 * Layout. Strings are copied into blocks of BLOCK bytes (a longer string gets a block of its
 * own), which never move, so nb_pos_bytes can hand out pointers that stay valid while the game
 * lives; entry[i] says where string i is and its hash. The hash table is the library's one
 * open-addressing table (base/hash.h: linear probing, at most half full, doubled when it would
 * pass that) over slots holding indices + 1 (0: empty slot), and the hash is FNV-1a over the
 * bytes through the library's one finalizer. Nothing is ever removed: a search meets the same
 * large positions again and again.
 *
 * The bound. held counts every byte the store has allocated (blocks, the entry array, the
 * table, the list of blocks). Each growth is checked against `limit` before anything is
 * allocated, so an intern that would pass the bound fails with NB_EDATA and leaves the store as
 * it was; an allocation that fails (NB_EINTERNAL) likewise. The bound is nb_limits.memory of the
 * solver last made for the game (2 GiB, the default, before any): a search that fills the store
 * is refused with the limit the user set with --memory, as its own tables are.
 */
#include "internal.h"

#include "base/hash.h"

#include <stdlib.h>
#include <string.h>

enum {
  BLOCK = 65536,     /* bytes of a block of strings (a longer string has a block of its own) */
  FIRST_SLOTS = 64,  /* slots of the first hash table */
  FIRST_ENTRIES = 32 /* entries of the first entry array */
};

#define DEFAULT_LIMIT ((size_t)1 << 31) /* the bound before any solver sets it: 2 GiB */

/* Where one interned string is. */
typedef struct entry {
  const uint8_t *bytes; /* its copy, in a block */
  size_t len;           /* its length */
  uint64_t hash;        /* hash_of(bytes, len) */
} entry;

struct nb_pos_store {
  entry *entry;        /* entry[i]: string i (the handle's lo) */
  size_t count;        /* strings interned */
  size_t entry_cap;    /* entries allocated */
  size_t *slot;        /* hash table: index + 1 of a string, 0 for an empty slot */
  size_t slots;        /* slots allocated (a power of two, or 0 before the first intern) */
  uint8_t **block;     /* the blocks of strings, the current one last */
  size_t blocks;       /* blocks allocated */
  size_t block_cap;    /* room in the list of blocks */
  size_t used;         /* bytes used of the current block */
  size_t current_size; /* bytes of the current block (BLOCK, or more for a long string) */
  size_t held;         /* bytes allocated in all: what the bound counts */
  size_t limit;        /* the bound on held */
};

nb_status nb_pos_store_new(nb_pos_store **out, nb_error *err) {
  nb_pos_store *s = nb_alloc(1, sizeof *s, err);
  if (s == NULL) return NB_EINTERNAL;
  s->limit = DEFAULT_LIMIT;
  *out = s;
  return NB_OK;
}

void nb_pos_store_free(nb_pos_store *s) {
  if (s == NULL) return;
  for (size_t i = 0; i < s->blocks; i++)
    free(s->block[i]);
  free(s->block);
  free(s->slot);
  free(s->entry);
  free(s);
}

/* Written only when it changes: solvers of one game made in two threads with the same bound (the
 * default) then only read it, so a game that never interns stays shareable. */
void nb_pos_store_limit(const nb_game *g, size_t bytes) {
  if (g->positions != NULL && g->positions->limit != bytes) g->positions->limit = bytes;
}

size_t nb_game_memory(const nb_game *g) {
  return g->positions != NULL ? g->positions->limit : DEFAULT_LIMIT;
}

/* FNV-1a over the bytes, then the finalizer (FNV's low bits alone probe badly). */
static uint64_t hash_of(const uint8_t *bytes, size_t len) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < len; i++)
    h = (h ^ bytes[i]) * 0x100000001b3ull;
  return nb_hash_mix(h);
}

/* NB_OK when the store may allocate `more` bytes beyond what it holds; else NB_EDATA. */
static nb_status room_for(const nb_pos_store *s, size_t more, nb_error *err) {
  char limit[32];
  if (s->held <= s->limit && more <= s->limit - s->held) return NB_OK;
  return nb_fail(err, NB_EDATA,
                 "position too large: the store of large positions would take more than the "
                 "memory limit of %s (it holds %zu positions; --memory SIZE raises it)",
                 nb_bytes_text(limit, s->limit), s->count);
}

/* A string sought in the table. */
typedef struct probe {
  const nb_pos_store *store; /* whose entries the slots name */
  const uint8_t *bytes;      /* the string */
  size_t len;                /* its length */
  uint64_t hash;             /* hash_of(bytes, len) */
} probe;

static bool slot_empty(const void *slot) {
  return *(const size_t *)slot == 0;
}

/* The probe stops at an empty slot or at the string's. */
static bool slot_stop(const void *slot, const void *key) {
  size_t k = *(const size_t *)slot;
  const probe *p = key;
  if (k == 0) return true;
  const entry *e = &p->store->entry[k - 1];
  return e->hash == p->hash && e->len == p->len && memcmp(e->bytes, p->bytes, p->len) == 0;
}

static uint64_t slot_hash(const void *store, const void *slot) {
  return ((const nb_pos_store *)store)->entry[*(const size_t *)slot - 1].hash;
}

/* The slot where a string of this hash and these bytes is, or the empty slot where it would go. */
static size_t find(const nb_pos_store *s, const uint8_t *bytes, size_t len, uint64_t hash) {
  probe p = {s, bytes, len, hash};
  return nb_table_find(s->slot, s->slots, sizeof *s->slot, hash, &p, slot_stop);
}

/* Doubles the hash table (or makes the first one) and puts every string back in it. */
static nb_status grow_table(nb_pos_store *s, nb_error *err) {
  size_t slots = s->slots ? s->slots * 2 : FIRST_SLOTS;
  nb_status st = room_for(s, slots * sizeof(size_t), err); /* the old one exists while copying */
  if (st != NB_OK) return st;
  size_t *slot = nb_alloc(slots, sizeof *slot, err);
  if (slot == NULL) return NB_EINTERNAL;
  nb_table_rehash(slot, slots, s->slot, s->slots, sizeof *slot, s, slot_empty, slot_hash);
  free(s->slot);
  s->held = s->held - s->slots * sizeof(size_t) + slots * sizeof(size_t);
  s->slot = slot;
  s->slots = slots;
  return NB_OK;
}

/* Room for one more entry. */
static nb_status grow_entries(nb_pos_store *s, nb_error *err) {
  if (s->count < s->entry_cap) return NB_OK;
  size_t cap = s->entry_cap ? s->entry_cap * 2 : FIRST_ENTRIES;
  nb_status st = room_for(s, (cap - s->entry_cap) * sizeof(entry), err);
  if (st != NB_OK) return st;
  entry *e = nb_realloc(s->entry, cap, sizeof *e, err);
  if (e == NULL) return NB_EINTERNAL;
  s->held += (cap - s->entry_cap) * sizeof(entry);
  s->entry = e;
  s->entry_cap = cap;
  return NB_OK;
}

/* Room for len bytes in the current block, starting a new block when it has none. */
static nb_status grow_blocks(nb_pos_store *s, size_t len, nb_error *err) {
  if (s->blocks > 0 && len <= s->current_size - s->used) return NB_OK;
  size_t size = len > BLOCK ? len : BLOCK, more = s->blocks == s->block_cap;
  size_t list = more ? (s->block_cap ? s->block_cap * 2 : 8) : s->block_cap;
  nb_status st = room_for(s, size + (list - s->block_cap) * sizeof(uint8_t *), err);
  if (st != NB_OK) return st;
  if (more) {
    uint8_t **b = nb_realloc(s->block, list, sizeof *b, err);
    if (b == NULL) return NB_EINTERNAL;
    s->held += (list - s->block_cap) * sizeof(uint8_t *);
    s->block = b;
    s->block_cap = list;
  }
  uint8_t *block = nb_alloc(size, 1, err);
  if (block == NULL) return NB_EINTERNAL;
  s->held += size;
  s->block[s->blocks++] = block;
  s->used = 0;
  s->current_size = size;
  return NB_OK;
}

nb_status nb_pos_intern(const nb_game *g, const void *bytes, size_t len, nb_pos *out,
                        nb_error *err) {
  nb_pos_store *s = g->positions;
  NB_ASSERT(len >= 1);
  if (s == NULL)
    return nb_fail(err, NB_EINTERNAL,
                   "this game has no store of large positions (it was not "
                   "opened through a registry)");
  uint64_t hash = hash_of(bytes, len);
  if (s->slots > 0) {
    size_t k = s->slot[find(s, bytes, len, hash)];
    if (k != 0) {
      *out = (nb_pos){k - 1, NB_POS_INTERNED};
      return NB_OK;
    }
  }
  nb_status st = nb_table_needs_room(s->count, s->slots) ? grow_table(s, err) : NB_OK;
  if (st == NB_OK) st = grow_entries(s, err);
  if (st == NB_OK) st = grow_blocks(s, len, err);
  if (st != NB_OK) return st; /* what grew is room only: no string was added */
  uint8_t *copy = s->block[s->blocks - 1] + s->used;
  memcpy(copy, bytes, len);
  s->used += len;
  s->entry[s->count] = (entry){copy, len, hash};
  s->slot[nb_table_free_slot(s->slot, s->slots, sizeof *s->slot, hash, slot_empty)] = ++s->count;
  *out = (nb_pos){s->count - 1, NB_POS_INTERNED};
  return NB_OK;
}

const void *nb_pos_bytes(const nb_game *g, nb_pos p, size_t *len) {
  const nb_pos_store *s = g->positions;
  if (s == NULL || !nb_pos_is_interned(p) || p.lo >= s->count) {
    *len = 0;
    return NULL;
  }
  *len = s->entry[p.lo].len;
  return s->entry[p.lo].bytes;
}

size_t nb_pos_store_count(const nb_game *g) {
  return g->positions != NULL ? g->positions->count : 0;
}

size_t nb_pos_store_size(const nb_game *g) {
  return g->positions != NULL ? g->positions->held : 0;
}
