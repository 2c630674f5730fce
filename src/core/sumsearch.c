/*
 * sumsearch.c: exhaustive search of whole sums of components.
 *
 * Grundy values compose over sums (XOR), but who wins a partizan sum and how long a sum lasts
 * (remoteness) do not: they need the sum's own game tree. This module searches it, from the
 * family's moves alone, with the rules of search.c: the mover wins iff some move leaves the
 * opponent losing; a sum without moves is lost for the mover in normal play and won in misère
 * play (the game's convention, read once when the search is made: one test a sum solved, none a
 * move); the remoteness is 0 without moves, else 1 + the least remoteness of a winning
 * option (the winner hurries) or 1 + the largest of all options (the loser delays). A move of a
 * sum replaces one component by the move's parts, so sums change length: a split makes them
 * longer, a move that leaves no part shorter, down to the empty sum (no move: lost at once in
 * normal play, won at once in misère play).
 *
 * Design. A sum is memoised under its canonical key: its components sorted, plus the player to
 * move. Keys live in one growing arena of nb_pos; the hash table holds their offsets. The search
 * is an explicit depth-first stack, so a game however long needs no C stack (the old recursive
 * search crashed on 1.5 MB stacks). A sum is entered as pending when pushed, so cycles are
 * reported and the stack is never deeper than the number of memoised sums. A frame holds the
 * moves of one component at a time (not of the whole sum): when they are exhausted it generates
 * those of the next distinct component in the same place (equal components of the sorted key
 * lead to the same sums, so only the first of a run is expanded). A child sum is made by merging
 * the move's parts (sorted) into the key without the moved component: O(n), no sort.
 *
 * A one-component sum of a family whose moves never split stays a one-component sum (or the
 * empty sum) forever, so it is asked of the component search (search.c), whose memo is smaller.
 *
 * Bounds: at most limits.sums sums memoised (pending ones included, so the stack too), at most
 * limits.held_moves moves held on the stack, and at most limits.moves_examined moves examined by
 * one call, those of the component searches it asks included (a move is counted when loaded,
 * and each is tried once; without this bound *1000 + *1000 in cg, 2^20 sums of 2,000 moves,
 * ran for minutes within the other two; a move of an n-component sum also copies and hashes its
 * key, so this search reaches the limit in 9-12 s where the component search takes 3). Whether a
 * call is refused depends on what earlier calls memoised (a solved sum costs nothing again).
 * And every table here grows within limits.memory bytes in all (memory.c): the keys of a sum of
 * 200 heaps take 3,200 bytes, so 2^20 sums of them took 3.3 GB (and 20,000 heaps, 335 GB: the
 * kernel killed the command) where the count of sums alone was the bound; the key arena now
 * stops at the memory limit, the hash table's entries and the stack beside it counted too.
 * Where the family bounds the length of plays from below (min_length; impartial families whose
 * moves never split), a sum whose plays would hold more than these limits is refused before any
 * work (plays_fit below): 20,000 heaps of 2^64-1 in div:2,3 need 128 GB on their first play.
 * Beyond any: NB_EDATA naming the limit. After a failure the solved sums are kept (the pending
 * ones are marked dead), so a search that proved too small for a position refuses the next one
 * as fast instead of redoing the work; except after a refusal at the memory limit, where the
 * tables are full and every later call would be refused: the search then forgets its memo and
 * gives its arrays back (forget), so that a solver stays usable.
 *
 * Progress: as in search.c, every NB_PROGRESS_EVERY sums memoised are reported to
 * limits.progress, and a call that reported says when it is over.
 */
#include "core/core.h"

#include "base/hash.h"
#include "core/sumkey.h"

#include <stdlib.h>
#include <string.h>

/* This table's seed for the hash of a sum's key (core/sumkey.h). */
#define KEY_SEED 0x243f6a8885a308d3ull

enum { SUM_PENDING = 1, SUM_DONE = 2, SUM_DEAD = 3 };

typedef struct sum_entry {
  uint64_t hash;       /* hash of the key; 0 marks an empty slot */
  size_t key;          /* offset of the sorted components in the key arena */
  uint32_t n;          /* number of components */
  uint8_t player;      /* player to move */
  uint8_t state;       /* SUM_PENDING, SUM_DONE or SUM_DEAD (abandoned: matches nothing) */
  uint8_t wins;        /* SUM_DONE: 1 iff the player to move wins */
  uint64_t remoteness; /* SUM_DONE: moves the game lasts under optimal play */
} sum_entry;

typedef struct sum_frame {
  size_t key;        /* offset of the sum's sorted components in the key arena */
  uint32_t n;        /* its number of components */
  uint8_t player;    /* player to move */
  uint64_t hash;     /* its key's hash, to find its entry again (slots move as the table grows) */
  size_t comp;       /* the component whose moves are held */
  size_t moves;      /* offset of this frame's moves in the move arena */
  size_t parts;      /* offset of their parts in the part arena */
  size_t count;      /* moves held */
  size_t next;       /* the next move to try */
  size_t cursor;     /* offset in the part arena of that move's parts */
  bool any;          /* some move was tried */
  uint64_t best_win; /* least remoteness of an option lost for the opponent, or UINT64_MAX */
  uint64_t longest;  /* largest remoteness of all options */
} sum_frame;

struct nb_sum_search {
  const nb_game *game;   /* whose moves define the search */
  bool partizan;         /* copied from the family */
  bool splits;           /* the family's moves may leave several parts */
  bool misere;           /* the game's play convention is misère: the player who cannot move wins */
  size_t max_parts;      /* the most parts one move leaves (at least 1) */
  nb_limits limits;      /* sums memoised and moves held, at most */
  nb_search *components; /* for one-component sums when moves never split */
  bool owns_components;  /* whether components was made here */
  sum_entry *table;      /* open addressing, linear probing; capacity a power of two */
  size_t capacity, used; /* slots, and slots in use (pending and done) */
  nb_pos *keys;          /* the keys of the entries */
  size_t keys_len, keys_cap;
  sum_frame *stack; /* the explicit DFS stack */
  size_t depth, stack_cap;
  nb_move *moves; /* the moves held by the frames, in stack order */
  size_t moves_len, moves_cap;
  nb_pos *parts; /* their parts */
  size_t parts_len, parts_cap;
  nb_pos *child; /* scratch: a child sum being built, then the moved parts sorted */
  size_t child_cap;
  bool reported;   /* limits.progress was called during the current run */
  uint64_t budget; /* moves the current call may still examine */
  nb_memory mem;   /* the bytes of the arrays above, within limits.memory */
};

nb_status nb_sum_search_new(const nb_game *g, const nb_limits *limits, nb_search *components,
                            nb_sum_search **out, nb_error *err) {
  nb_sum_search *s = nb_alloc(1, sizeof *s, err);
  if (s == NULL) return NB_EINTERNAL;
  s->game = g;
  s->partizan = g->family->partizan;
  s->max_parts = g->family->max_parts > 1 ? g->family->max_parts : 1;
  s->splits = s->max_parts > 1;
  s->misere = g->play == NB_PLAY_MISERE;
  s->limits = limits ? *limits : nb_limits_default();
  s->components = components;
  s->mem = (nb_memory){.limit = s->limits.memory, .what = "exhaustive search"};
  s->capacity = 1024;
  nb_status st = nb_memory_check(&s->mem, s->capacity, sizeof *s->table, err);
  if (st == NB_OK) s->table = nb_alloc(s->capacity, sizeof *s->table, err);
  if (st == NB_OK && s->table == NULL) st = NB_EINTERNAL;
  if (st == NB_OK) nb_memory_grew(&s->mem, 0, s->capacity * sizeof *s->table);
  if (st == NB_OK && components == NULL) {
    s->owns_components = true;
    st = nb_search_new(g, &s->limits, &s->components, err);
  }
  if (st != NB_OK) {
    nb_sum_search_free(s);
    return st;
  }
  *out = s;
  return NB_OK;
}

void nb_sum_search_free(nb_sum_search *s) {
  if (s == NULL) return;
  if (s->owns_components) nb_search_free(s->components);
  free(s->table);
  free(s->keys);
  free(s->stack);
  free(s->moves);
  free(s->parts);
  free(s->child);
  free(s);
}

/* --- keys ------------------------------------------------------------------------------------ */

static bool same_pos(nb_pos a, nb_pos b) {
  return a.lo == b.lo && a.hi == b.hi;
}

/* Makes the scratch buffer hold at least `need` components. */
static nb_status reserve_child(nb_sum_search *s, size_t need, nb_error *err) {
  /* at least one: even the empty sum's key is an array (qsort and memcmp take no NULL) */
  return nb_grow_within(&s->mem, (void **)&s->child, &s->child_cap, 0, need ? need : 1,
                        sizeof *s->child, 64, err);
}

/* --- the table ------------------------------------------------------------------------------- */

/* The table's view of an entry (base/hash.h), for its rehash. */
static bool slot_empty(const void *slot) {
  return ((const sum_entry *)slot)->hash == 0;
}

static uint64_t slot_hash(const void *ctx, const void *slot) {
  (void)ctx;
  return ((const sum_entry *)slot)->hash;
}

/* The slot of (key, player), or the empty slot where it belongs. */
static inline size_t find(const nb_sum_search *s, const nb_pos *key, size_t n, unsigned player,
                          uint64_t h) {
  /* The probe is written out, not nb_table_find: the generic probe, inlined, cost this search 3.6%
   * more instructions (bench/search sums: 275.2M against 265.7M), written out none. */
  size_t mask = s->capacity - 1, i = (size_t)h & mask;
  for (;; i = (i + 1) & mask) {
    const sum_entry *e = &s->table[i];
    if (e->hash == 0) return i;
    if (e->hash == h && e->n == n && e->player == player && e->state != SUM_DEAD &&
        memcmp(s->keys + e->key, key, n * sizeof *key) == 0)
      return i;
  }
}

static nb_status grow_table(nb_sum_search *s, nb_error *err) {
  nb_status st = nb_memory_check(&s->mem, s->capacity * 2, sizeof *s->table, err);
  if (st != NB_OK) return st;
  sum_entry *table = nb_alloc(s->capacity * 2, sizeof *table, err);
  if (table == NULL) return NB_EINTERNAL;
  nb_memory_grew(&s->mem, s->capacity * sizeof *table, s->capacity * 2 * sizeof *table);
  nb_table_rehash(table, s->capacity * 2, s->table, s->capacity, sizeof *table, NULL, slot_empty,
                  slot_hash);
  free(s->table);
  s->table = table;
  s->capacity *= 2;
  return NB_OK;
}

/* After a failure: the sums still pending (one per frame on the stack) become dead, the stack
 * is emptied, the solved sums are kept. A dead entry never matches a look-up but still occupies
 * its slot, so probe chains through it stay intact and nothing is allocated; it counts against
 * limits.sums, which therefore still bounds the memory. */
static void abandon(nb_sum_search *s) {
  for (size_t d = 0; d < s->depth; d++) {
    const sum_frame *f = &s->stack[d];
    s->table[find(s, s->keys + f->key, f->n, f->player, f->hash)].state = SUM_DEAD;
  }
  s->depth = s->moves_len = s->parts_len = 0;
}

/* --- refusing at once ------------------------------------------------------------------------ */

static uint64_t add_sat(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t mul_sat(uint64_t a, uint64_t b) {
  return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Whether a search of key[0..n) from an empty memo could fit the limits, by the family's
 * min_length: NB_EDATA, naming the limit, when it surely cannot.
 *
 * Theorem. Let m_1 <= ... <= m_n be the components' min_length. From an empty memo, the
 * search's stack holds at some moment every sum of a play from the root while it has two
 * components or more: the first sum it completes has no option to push (each of its moves ends
 * the play or leaves one component, which the component search answers), and the stack then
 * holds the play from the root to it, every sum pending, in the table, with its key in the
 * arena. A play of the sum moves
 * component i at least m_i times (its moves alone are a play of it, which ends only when it has
 * no move), and the component is in the key until its m_i-th move (moves never split, and a
 * move that removes it would end its play sooner). The n - 1 components finished first are
 * finished by then, so the stack holds at least L = m_1 + ... + m_(n-1) sums (scheduling: they
 * take that many moves), whose keys hold together at least the sum of those components'
 * completion times, at least B = sum over k < n of (n - k) m_k (the shortest job first, each
 * still in the key of every sum before it is finished). So a search from scratch needs L sums
 * and 16 B bytes of keys (B components of 16 bytes), L frames and a table of 2L entries at least.
 * Earlier calls may have memoised sums of its plays; like the component search, the bound is the
 * search's from scratch, the same for every call. */
static nb_status plays_fit(nb_sum_search *s, const nb_pos *key, size_t n, nb_error *err) {
  const nb_family *fam = s->game->family;
  if (fam->min_length == NULL || s->partizan || s->splits || n < 2) return NB_OK;
  uint64_t *m = nb_alloc(n, sizeof *m, err);
  if (m == NULL) return NB_EINTERNAL;
  for (size_t i = 0; i < n; i++)
    m[i] = fam->min_length(s->game, key[i]);
  qsort(m, n, sizeof *m, cmp_u64);
  uint64_t sums = 0, comps = 0;
  for (size_t k = 0; k + 1 < n; k++) {
    sums = add_sat(sums, m[k]);
    comps = add_sat(comps, mul_sat(n - 1 - k, m[k]));
  }
  free(m);
  if (sums > s->limits.sums)
    return nb_fail(
        err, NB_EDATA,
        "position too large for exhaustive search (more than %zu sums; --sums N raises it)",
        s->limits.sums);
  uint64_t per_sum = sizeof(sum_frame) + 2 * sizeof(sum_entry);
  uint64_t bytes = add_sat(mul_sat(comps, sizeof(nb_pos)), mul_sat(sums, per_sum));
  if (bytes <= s->limits.memory) return NB_OK;
  nb_status st = nb_memory_refuse(&s->mem, err);
  s->mem.full = false; /* refused before any work: the memo is as it was, and is kept */
  return st;
}

/* After a refusal at the memory limit: the tables are full, so the memo could take nothing new
 * and every later call would be refused too. The search forgets everything (it is a cache) and
 * gives its arrays back, keeping the hash table's slots, emptied. */
static void forget(nb_sum_search *s) {
  nb_memory *m = &s->mem;
  nb_memory_grew(m, s->keys_cap * sizeof *s->keys + s->stack_cap * sizeof *s->stack, 0);
  nb_memory_grew(m, s->moves_cap * sizeof *s->moves + s->parts_cap * sizeof *s->parts, 0);
  nb_memory_grew(m, s->child_cap * sizeof *s->child, 0);
  free(s->keys);
  free(s->stack);
  free(s->moves);
  free(s->parts);
  free(s->child);
  s->keys = s->child = s->parts = NULL;
  s->stack = NULL;
  s->moves = NULL;
  s->keys_len = s->keys_cap = s->stack_cap = s->moves_cap = s->parts_cap = s->child_cap = 0;
  s->depth = s->moves_len = s->parts_len = s->used = 0;
  memset(s->table, 0, s->capacity * sizeof *s->table);
  m->full = false;
}

/* --- the stack ------------------------------------------------------------------------------- */

/* Holds the moves of component f->comp of f's sum, in the frame's slice of the arenas. */
static nb_status load_moves(nb_sum_search *s, sum_frame *f, nb_error *err) {
  const nb_family *fam = s->game->family;
  nb_pos p = s->keys[f->key + f->comp];
  size_t bound = fam->move_bound(s->game, p);
  if (bound > s->limits.held_moves - f->moves)
    return nb_fail(err, NB_EDATA,
                   "position too large for exhaustive search (more than %zu moves held at once)",
                   s->limits.held_moves);
  nb_status st = nb_grow_within(&s->mem, (void **)&s->moves, &s->moves_cap, f->moves, bound,
                                sizeof *s->moves, 64, err);
  if (st == NB_OK)
    st = nb_grow_within(&s->mem, (void **)&s->parts, &s->parts_cap, f->parts, bound * s->max_parts,
                        sizeof *s->parts, 64, err);
  if (st != NB_OK) return st;
  nb_moves out = {.move = s->moves + f->moves, .part = s->parts + f->parts};
  st = fam->moves(s->game, p, (nb_player)f->player, &out, err);
  if (st != NB_OK) return st; /* the caller abandons the stack, this partial list with it */
  NB_ASSERT(out.count <= bound);
  if (out.count > s->budget)
    return nb_fail(err, NB_EDATA,
                   "position too large for exhaustive search (more than %zu moves examined; "
                   "--moves-examined N raises it)",
                   s->limits.moves_examined);
  s->budget -= out.count;
  f->count = out.count;
  f->next = 0;
  f->cursor = f->parts;
  s->moves_len = f->moves + out.count;
  s->parts_len = f->parts + out.nparts;
  return NB_OK;
}

/* Enters the sum key[0..n) (s->child or the caller's sorted copy) with `player` to move as
 * pending, and pushes its frame. */
static nb_status push(nb_sum_search *s, const nb_pos *key, size_t n, unsigned player, uint64_t h,
                      nb_error *err) {
  if (s->used >= s->limits.sums)
    return nb_fail(
        err, NB_EDATA,
        "position too large for exhaustive search (more than %zu sums; --sums N raises it)",
        s->limits.sums);
  nb_status st = nb_table_needs_room(s->used, s->capacity) ? grow_table(s, err) : NB_OK;
  /* room for at least one: the empty sum's key too must point into an array */
  if (st == NB_OK)
    st = nb_grow_within(&s->mem, (void **)&s->keys, &s->keys_cap, s->keys_len, n ? n : 1,
                        sizeof *s->keys, 1024, err);
  if (st == NB_OK)
    st = nb_grow_within(&s->mem, (void **)&s->stack, &s->stack_cap, s->depth, 1, sizeof *s->stack,
                        64, err);
  if (st != NB_OK) return st;
  memcpy(s->keys + s->keys_len, key, n * sizeof *key);
  size_t slot = find(s, key, n, player, h);
  s->table[slot] = (sum_entry){.hash = h,
                               .key = s->keys_len,
                               .n = (uint32_t)n,
                               .player = (uint8_t)player,
                               .state = SUM_PENDING};
  if (++s->used % NB_PROGRESS_EVERY == 0 && s->limits.progress != NULL) {
    s->reported = true;
    s->limits.progress(s->limits.progress_ctx, "sums", s->used, s->limits.sums, false);
  }
  sum_frame *f = &s->stack[s->depth++];
  *f = (sum_frame){.key = s->keys_len,
                   .n = (uint32_t)n,
                   .player = (uint8_t)player,
                   .hash = h,
                   .moves = s->moves_len,
                   .parts = s->parts_len,
                   .best_win = UINT64_MAX};
  s->keys_len += n;
  return n > 0 ? load_moves(s, f, err) : NB_OK;
}

/* Moves f on to the next distinct component; false when there is none. */
static bool next_component(const nb_sum_search *s, sum_frame *f) {
  const nb_pos *key = s->keys + f->key;
  do
    f->comp++;
  while (f->comp < f->n && same_pos(key[f->comp], key[f->comp - 1]));
  return f->comp < f->n;
}

/* Folds an option (the opponent, moving first there, wins or not, in rem moves) into f. */
static void absorb(nb_sum_search *s, sum_frame *f, bool opp_wins, uint64_t rem) {
  if (!opp_wins && rem < f->best_win) f->best_win = rem;
  if (rem > f->longest) f->longest = rem;
  f->any = true;
  f->cursor += s->moves[f->moves + f->next].parts;
  f->next++;
}

/* Completes the top frame: its value follows from everything absorbed. */
static void finish(nb_sum_search *s) {
  sum_frame *f = &s->stack[s->depth - 1];
  sum_entry *e = &s->table[find(s, s->keys + f->key, f->n, f->player, f->hash)];
  NB_ASSERT(e->state == SUM_PENDING);
  e->wins = f->any ? f->best_win != UINT64_MAX : s->misere; /* no move: the convention */
  e->remoteness = !f->any ? 0 : 1 + (e->wins ? f->best_win : f->longest);
  e->state = SUM_DONE;
  s->moves_len = f->moves;
  s->parts_len = f->parts;
  s->depth--;
}

/* Tries f's next move: absorbs its option when known, else pushes it. */
static nb_status try_move(nb_sum_search *s, sum_frame *f, nb_error *err) {
  const nb_move *m = &s->moves[f->moves + f->next];
  unsigned opp = s->partizan ? 1u - f->player : 0u;
  nb_status grown = reserve_child(s, f->n - 1 + 2 * (size_t)m->parts, err);
  if (grown != NB_OK) return grown;
  size_t n = nb_sumkey_replace(s->child, s->keys + f->key, f->n, f->comp, s->parts + f->cursor,
                               m->parts);
  bool wins;
  uint64_t rem;
  if (n == 1 && !s->splits) {
    nb_status st = nb_search_wins_within(s->components, s->child[0], (nb_player)opp, &wins, &rem,
                                         &s->budget, err);
    if (st == NB_OK) absorb(s, f, wins, rem);
    return st;
  }
  uint64_t h = nb_sumkey_hash(KEY_SEED, s->child, n, opp);
  const sum_entry *e = &s->table[find(s, s->child, n, opp, h)];
  if (e->hash == 0) return push(s, s->child, n, opp, h, err);
  if (e->state == SUM_PENDING)
    return nb_fail(err, NB_EINTERNAL, "the game's moves form a cycle: search cannot terminate");
  absorb(s, f, e->wins, e->remoteness);
  return NB_OK;
}

/* Runs the search until the stack is empty: the frame pushed first completes last. */
static nb_status run(nb_sum_search *s, nb_error *err) {
  nb_status st = NB_OK;
  while (st == NB_OK && s->depth > 0) {
    sum_frame *f = &s->stack[s->depth - 1];
    if (f->next < f->count)
      st = try_move(s, f, err);
    else if (f->comp < f->n && next_component(s, f))
      st = load_moves(s, f, err);
    else
      finish(s);
  }
  return st;
}

nb_status nb_sum_search_wins(nb_sum_search *s, const nb_pos *comps, size_t n, nb_player who,
                             bool *wins, uint64_t *remoteness, nb_error *err) {
  unsigned player = s->partizan ? (unsigned)who : 0u;
  uint64_t r = 0;
  if (n == 1 && !s->splits) {
    nb_status st = nb_search_wins(s->components, comps[0], (nb_player)player, wins, &r, err);
    if (st == NB_OK && remoteness != NULL) *remoteness = r;
    return st;
  }
  if (n == 0) { /* the empty sum: no move, lost at once in normal play, won in misère play (and
                   no key to store: the arrays may not exist yet) */
    *wins = s->misere;
    if (remoteness != NULL) *remoteness = 0;
    return NB_OK;
  }
  nb_status grown = reserve_child(s, n, err);
  if (grown != NB_OK) return grown;
  if (n > 0) memcpy(s->child, comps, n * sizeof *comps); /* comps may be NULL when n = 0 */
  qsort(s->child, n, sizeof *s->child, nb_sumkey_cmp);
  uint64_t h = nb_sumkey_hash(KEY_SEED, s->child, n, player);
  size_t slot = find(s, s->child, n, player, h);
  if (s->table[slot].hash == 0) {
    size_t root = s->keys_len; /* where push stores the key; kept while the run succeeds */
    s->budget = s->limits.moves_examined;
    nb_status st = plays_fit(s, s->child, n, err);
    if (st == NB_OK) st = push(s, s->child, n, player, h, err);
    if (st == NB_OK) st = run(s, err);
    if (s->reported) { /* the progress display learns that this search is over */
      s->reported = false;
      s->limits.progress(s->limits.progress_ctx, "sums", s->used, s->limits.sums, true);
    }
    if (st != NB_OK) {
      if (s->mem.full)
        forget(s);
      else
        abandon(s);
      return st;
    }
    slot = find(s, s->keys + root, n, player, h);
  }
  NB_ASSERT(s->table[slot].state == SUM_DONE); /* no frame is left pending between calls */
  *wins = s->table[slot].wins;
  if (remoteness != NULL) *remoteness = s->table[slot].remoteness;
  return NB_OK;
}
