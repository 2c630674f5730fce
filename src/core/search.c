/*
 * search.c: exhaustive memoised search over any family's move generator.
 *
 * This is the oracle: it knows no particular game, only the family's `moves`. For a position p
 * with player `who` to move it computes
 *   - the Grundy value (impartial families): mex of the options' values;
 *   - whether `who` wins: some option leaves the opponent, moving first there, losing;
 *   - the remoteness: 0 with no move; otherwise, if some option is lost for the opponent,
 *     1 + the smallest remoteness among those options (the winner hurries), else 1 + the largest
 *     remoteness among all options (the loser delays). The mover wins iff it is odd.
 *
 * Design. The memo is an open-addressing hash table keyed by (component, player to move); the
 * player is always NB_LEFT for impartial families, whose moves do not depend on it. The search
 * is an explicit depth-first stack rather than recursion, because games such as subtraction
 * games are deep (one move per pile unit) and the C stack is not. Each frame owns a slice of a
 * shared move arena. A position is entered into the table as "pending" when pushed, so a family
 * whose moves form a cycle is reported (NB_EINTERNAL) instead of looping.
 *
 * Bounds: at most max_entries positions are memoised; the next one is refused with NB_EDATA, so
 * a position too large for brute force is an error message, not an exhausted machine.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum { ENTRY_EMPTY = 0, ENTRY_PENDING = 1, ENTRY_DONE = 2 };

typedef struct entry {
  uint64_t lo, hi;     /* the component */
  uint64_t remoteness; /* moves the game lasts under optimal play */
  uint32_t grundy;     /* Grundy value (impartial families) */
  uint8_t state;       /* ENTRY_EMPTY, ENTRY_PENDING or ENTRY_DONE */
  uint8_t player;      /* player to move (always NB_LEFT for impartial families) */
  uint8_t wins;        /* 1 iff the player to move wins */
} entry;

typedef struct frame {
  nb_pos pos;       /* the position (its table slot moves when the table grows) */
  unsigned player;  /* player to move */
  size_t moves;     /* offset of this frame's moves in the arena */
  size_t count;     /* number of moves */
  size_t next;      /* next move to look at */
  size_t seen;      /* offset of this frame's mex bitmap in the bitmap arena (words) */
  uint64_t win_rem; /* smallest remoteness of an option lost for the opponent, or UINT64_MAX */
  uint64_t max_rem; /* largest remoteness among all options */
} frame;

struct nb_search {
  const nb_game *game; /* whose moves define the search */
  bool partizan;       /* copied from the family */
  entry *table;        /* open addressing, linear probing; capacity a power of two */
  size_t capacity;     /* slots in table */
  size_t used;         /* occupied slots */
  size_t max_entries;  /* refuse to memoise more than this */
  frame *stack;        /* the explicit DFS stack */
  size_t depth, stack_cap;
  nb_move *arena; /* moves of the frames on the stack, in stack order */
  size_t arena_len, arena_cap;
  uint64_t *bits; /* mex bitmaps of the frames on the stack, in stack order */
  size_t bits_len, bits_cap;
};

static uint64_t mix(uint64_t lo, uint64_t hi, unsigned player) {
  uint64_t z = lo ^ (hi * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)player << 63);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

nb_status nb_search_new(const nb_game *g, size_t max_entries, nb_search **out, nb_error *err) {
  nb_search *s = nb_alloc(1, sizeof *s, err);
  if (s == NULL) return NB_EINTERNAL;
  s->game = g;
  s->partizan = g->family->partizan;
  s->max_entries = max_entries ? max_entries : (size_t)1 << 22;
  s->capacity = 1024;
  s->table = nb_alloc(s->capacity, sizeof *s->table, err);
  if (s->table == NULL) {
    free(s);
    return NB_EINTERNAL;
  }
  *out = s;
  return NB_OK;
}

void nb_search_free(nb_search *s) {
  if (s == NULL) return;
  free(s->table);
  free(s->stack);
  free(s->arena);
  free(s->bits);
  free(s);
}

/* The slot holding (p, player), or the empty slot where it belongs. */
static size_t find_slot(const nb_search *s, nb_pos p, unsigned player) {
  size_t mask = s->capacity - 1;
  size_t i = (size_t)mix(p.lo, p.hi, player) & mask;
  while (s->table[i].state != ENTRY_EMPTY &&
         (s->table[i].lo != p.lo || s->table[i].hi != p.hi || s->table[i].player != player))
    i = (i + 1) & mask;
  return i;
}

static nb_status grow_table(nb_search *s, nb_error *err) {
  size_t old_cap = s->capacity;
  entry *old = s->table;
  entry *table = nb_alloc(old_cap * 2, sizeof *table, err);
  if (table == NULL) return NB_EINTERNAL;
  s->table = table;
  s->capacity = old_cap * 2;
  for (size_t i = 0; i < old_cap; i++) {
    if (old[i].state == ENTRY_EMPTY) continue;
    nb_pos p = {old[i].lo, old[i].hi};
    s->table[find_slot(s, p, old[i].player)] = old[i];
  }
  free(old);
  return NB_OK;
}

/* Enters (p, player) as pending and pushes its frame with its moves. */
static nb_status push(nb_search *s, nb_pos p, unsigned player, nb_error *err) {
  if (s->used >= s->max_entries)
    return nb_fail(err, NB_EDATA,
                   "position too large for exhaustive search (more than %zu positions)",
                   s->max_entries);
  if ((s->used + 1) * 2 > s->capacity && grow_table(s, err) != NB_OK) return NB_EINTERNAL;
  const nb_family *fam = s->game->family;
  size_t bound = fam->move_bound(s->game, p);
  size_t words = bound / 64 + 1;
  if (nb_grow((void **)&s->stack, &s->stack_cap, s->depth, 1, sizeof *s->stack, 64, err) ||
      nb_grow((void **)&s->arena, &s->arena_cap, s->arena_len, bound, sizeof *s->arena, 64, err) ||
      nb_grow((void **)&s->bits, &s->bits_cap, s->bits_len, words, sizeof *s->bits, 64, err))
    return NB_EINTERNAL;
  size_t slot = find_slot(s, p, player);
  s->table[slot] =
      (entry){.lo = p.lo, .hi = p.hi, .state = ENTRY_PENDING, .player = (uint8_t)player};
  s->used++;
  frame *f = &s->stack[s->depth++];
  *f = (frame){.pos = p,
               .player = player,
               .moves = s->arena_len,
               .seen = s->bits_len,
               .win_rem = UINT64_MAX};
  f->count = fam->moves(s->game, p, (nb_player)player, s->arena + s->arena_len);
  s->arena_len += f->count;
  memset(s->bits + s->bits_len, 0, words * sizeof *s->bits);
  s->bits_len += words;
  return NB_OK;
}

/* Folds a finished option into its parent frame. */
static void absorb(nb_search *s, frame *f, const entry *opt) {
  uint64_t *seen = s->bits + f->seen;
  if (!s->partizan && opt->grundy <= f->count) seen[opt->grundy / 64] |= 1ull << (opt->grundy % 64);
  if (!opt->wins && opt->remoteness < f->win_rem) f->win_rem = opt->remoteness;
  if (opt->remoteness > f->max_rem) f->max_rem = opt->remoteness;
}

/* Completes the top frame: its value follows from everything absorbed. */
static void finish(nb_search *s) {
  frame *f = &s->stack[s->depth - 1];
  entry *e = &s->table[find_slot(s, f->pos, f->player)];
  uint32_t mex = 0;
  const uint64_t *seen = s->bits + f->seen;
  while (!s->partizan && (seen[mex / 64] >> (mex % 64) & 1))
    mex++;
  e->grundy = mex;
  e->wins = f->win_rem != UINT64_MAX;
  e->remoteness = f->count == 0 ? 0 : 1 + (e->wins ? f->win_rem : f->max_rem);
  e->state = ENTRY_DONE;
  s->arena_len = f->moves;
  s->bits_len = f->seen;
  s->depth--;
}

/* After a failure the table holds pending entries that would later look like cycles: forget
 * everything (the memo is only a cache) and empty the stack. */
static void abandon(nb_search *s) {
  memset(s->table, 0, s->capacity * sizeof *s->table);
  s->used = 0;
  s->depth = 0;
  s->arena_len = 0;
  s->bits_len = 0;
}

/* Runs the search until (p, player) is memoised; returns its entry's slot. */
static nb_status solve(nb_search *s, nb_pos p, unsigned player, size_t *slot, nb_error *err) {
  size_t i = find_slot(s, p, player);
  if (s->table[i].state == ENTRY_DONE) {
    *slot = i;
    return NB_OK;
  }
  nb_status st = push(s, p, player, err);
  while (st == NB_OK && s->depth > 0) {
    frame *f = &s->stack[s->depth - 1];
    if (f->next == f->count) {
      finish(s);
      continue;
    }
    const nb_move *m = &s->arena[f->moves + f->next];
    unsigned opp = s->partizan ? 1u - f->player : 0u;
    size_t j = find_slot(s, m->to, opp);
    if (s->table[j].state == ENTRY_DONE) {
      absorb(s, f, &s->table[j]);
      f->next++;
    } else if (s->table[j].state == ENTRY_PENDING) {
      st = nb_fail(err, NB_EINTERNAL, "the game's moves form a cycle: search cannot terminate");
    } else {
      st = push(s, m->to, opp, err);
    }
  }
  if (st != NB_OK) {
    abandon(s);
    return st;
  }
  *slot = find_slot(s, p, player);
  return NB_OK;
}

nb_status nb_search_grundy(nb_search *s, nb_pos p, uint64_t *out, nb_error *err) {
  if (s->partizan) return nb_fail(err, NB_EUSAGE, "Grundy values are for impartial games");
  size_t slot;
  nb_status st = solve(s, p, NB_LEFT, &slot, err);
  if (st == NB_OK) *out = s->table[slot].grundy;
  return st;
}

nb_status nb_search_wins(nb_search *s, nb_pos p, nb_player who, bool *wins, uint64_t *remoteness,
                         nb_error *err) {
  size_t slot;
  nb_status st = solve(s, p, s->partizan ? (unsigned)who : 0u, &slot, err);
  if (st != NB_OK) return st;
  *wins = s->table[slot].wins;
  if (remoteness != NULL) *remoteness = s->table[slot].remoteness;
  return NB_OK;
}
