/*
 * search.c: exhaustive memoised search of components over any family's move generator.
 *
 * This is the oracle: it knows no particular game, only the family's `moves`. A move replaces the
 * component by its parts (none, one or several components), so the option it leads to is the sum
 * of its parts. For a component p with player `who` to move the search computes
 *   - the Grundy value (impartial families): the mex, over the moves, of the XOR of the values of
 *     the move's parts. By Sprague-Grundy the option, a sum, is worth the XOR of its parts; a
 *     move that leaves no part leads to the empty sum, worth 0.
 *   - whether `who` wins and the remoteness, for families whose moves never split (max_parts 1):
 *     each option is then one component, or none (the empty sum: the opponent, to move there,
 *     has no move and loses at once in normal play, wins at once in misère play; remoteness 0).
 *     A position without moves is lost for the mover in normal play and won in misère play (the
 *     game's convention, g->play, read once when the search is made: a parameter of the search,
 *     one test a position, none a move); with moves, the mover wins iff some option is lost for
 *     the opponent moving first, under either convention. The remoteness is 0 with no move,
 *     else 1 + the least remoteness of an option lost for the opponent (the winner hurries),
 *     else 1 + the largest of all (the loser delays). The mover wins iff it is odd in normal
 *     play, even in misère play. When moves split, who wins a component and how long it lasts
 *     are questions about sums: sumsearch.c answers them. Grundy values are normal play's
 *     under either convention (a misère game's normal Grundy value is the g of its genus;
 *     misère Grundy values of sums are misere.c's).
 *
 * Design. The memo is an open-addressing hash table keyed by (component, player to move); the
 * player is always NB_LEFT for impartial families, whose moves do not depend on it. The search is
 * an explicit depth-first stack rather than recursion, because games such as subtraction games
 * are deep (one move per pile unit) and the C stack is not. Each frame owns a slice of a shared
 * move arena and of a shared part arena (nb_move in nimber.h says why parts live apart). A frame
 * walks its moves in order and, within a move, its parts in order: a part already memoised is
 * XORed into the move's value at once; one that is not is pushed, and when its frame completes
 * the walk resumes at the same part, now memoised. A position is entered into the table as
 * "pending" when pushed, so a family whose moves form a cycle is reported (NB_EINTERNAL) instead
 * of looping.
 *
 * Bounds: at most limits.positions positions are memoised, and at most limits.held_moves moves
 * are held on the stack at once (every frame holds all the moves of its position: a deep game
 * with many moves per position would otherwise take memory without bound). Those bound memory,
 * not time: *n in cg has n + 1 positions a player but n^2 / 2 moves among them, so one call
 * examines at most limits.moves_examined moves (a move is counted when its frame generates it,
 * and each move generated is examined once: the work of a call is linear in that count, the
 * parts it looks up being at most max_parts a move). Beyond any of them the search stops with
 * NB_EDATA naming the limit: a position too large for brute force is an error message, not an
 * exhausted machine, nor a command that runs for minutes. Where the family bounds the length of
 * every play from below (min_length), a component whose plays are longer than the positions limit
 * is refused before any work: the positions of a play are distinct, and a play's are all in the
 * table at once. Only the call's own bound is compared with the limit, not added to what earlier
 * calls memoised: their positions may lie on this call's plays, and need no new entry.
 * Counts are not bytes: every array here also grows within limits.memory bytes in all (memory.c
 * checks each growth before allocating), so no count limit, however large it is set, lets the
 * search take more memory than that.
 *
 * Progress: with limits.progress set, every NB_PROGRESS_EVERY positions memoised are reported,
 * and a solve that reported says when it is over (finished), so a display can erase its line.
 * One test of a counter per new position; nothing is printed here.
 */
#include "core/core.h"

#include "base/hash.h"

#include <stdlib.h>
#include <string.h>

enum { ENTRY_EMPTY = 0, ENTRY_PENDING = 1, ENTRY_DONE = 2 };

typedef struct entry {
  uint64_t lo, hi;     /* the component */
  uint64_t remoteness; /* moves the game lasts under optimal play (moves that never split) */
  uint32_t grundy;     /* Grundy value (impartial families) */
  uint8_t state;       /* ENTRY_EMPTY, ENTRY_PENDING or ENTRY_DONE */
  uint8_t player;      /* player to move (always NB_LEFT for impartial families) */
  uint8_t wins;        /* 1 iff the player to move wins (moves that never split) */
} entry;

typedef struct frame {
  nb_pos pos;       /* the position (its table slot moves when the table grows) */
  size_t moves;     /* offset of this frame's moves in the move arena */
  size_t parts;     /* offset of their parts in the part arena */
  size_t seen;      /* offset of this frame's mex bitmap in the bitmap arena (words) */
  size_t count;     /* number of moves */
  size_t next;      /* the move being valued */
  size_t cursor;    /* offset in the part arena of that move's first part */
  uint64_t acc;     /* XOR of the Grundy values of that move's parts valued so far */
  uint64_t opt_rem; /* moves that never split: the option's remoteness (no part: 0) ... */
  uint64_t win_rem; /* smallest remoteness of an option lost for the opponent, or UINT64_MAX */
  uint64_t max_rem; /* largest remoteness among all options */
  uint32_t valued;  /* parts of the current move valued so far */
  uint8_t player;   /* player to move */
  bool opt_wins;    /* ... and whether the opponent wins it (no part: the empty sum, lost) */
} frame;

struct nb_search {
  const nb_game *game; /* whose moves define the search */
  bool partizan;       /* copied from the family */
  bool splits;         /* the family's moves may leave several parts */
  bool misere;         /* the game's play convention is misère: the player who cannot move wins */
  nb_limits limits;    /* positions memoised and moves held, at most */
  entry *table;        /* open addressing, linear probing; capacity a power of two */
  size_t capacity;     /* slots in table */
  size_t used;         /* occupied slots */
  frame *stack;        /* the explicit DFS stack */
  size_t depth, stack_cap;
  nb_move *arena; /* moves of the frames on the stack, in stack order */
  size_t arena_len, arena_cap;
  nb_pos *parts; /* their parts, in the same order */
  size_t parts_len, parts_cap;
  uint64_t *bits; /* mex bitmaps of the frames on the stack, in stack order */
  size_t bits_len, bits_cap;
  bool reported;   /* limits.progress was called during the current solve */
  uint64_t budget; /* moves the current solve may still examine */
  nb_memory mem;   /* the bytes of the arrays above, within limits.memory */
};

/* The hash of (component, player). */
static uint64_t hash_of(uint64_t lo, uint64_t hi, unsigned player) {
  return nb_hash_mix(lo ^ (hi * NB_HASH_GOLDEN) ^ ((uint64_t)player << 63));
}

/* The table's view of an entry (base/hash.h), for its rehash. */
static bool slot_empty(const void *slot) {
  return ((const entry *)slot)->state == ENTRY_EMPTY;
}

static uint64_t slot_hash(const void *ctx, const void *slot) {
  (void)ctx;
  const entry *e = slot;
  return hash_of(e->lo, e->hi, e->player);
}

nb_limits nb_limits_default(void) {
  return (nb_limits){.positions = (size_t)1 << 22,
                     .sums = (size_t)1 << 20,
                     .held_moves = (size_t)1 << 24,
                     .game_store = (size_t)1 << 28,
                     .game_steps = (size_t)1 << 25,
                     .form_text = (size_t)1 << 28,
                     .moves_examined = (size_t)1 << 27,
                     .memory = (size_t)1 << 31};
}

nb_status nb_search_new(const nb_game *g, const nb_limits *limits, nb_search **out, nb_error *err) {
  nb_search *s = nb_alloc(1, sizeof *s, err);
  if (s == NULL) return NB_EINTERNAL;
  s->game = g;
  s->partizan = g->family->partizan;
  s->splits = g->family->max_parts > 1;
  s->misere = g->play == NB_PLAY_MISERE;
  s->limits = limits ? *limits : nb_limits_default();
  s->mem = (nb_memory){.limit = s->limits.memory, .what = "exhaustive search"};
  s->capacity = 1024;
  nb_status st = nb_memory_check(&s->mem, s->capacity, sizeof *s->table, err);
  if (st == NB_OK) s->table = nb_alloc(s->capacity, sizeof *s->table, err);
  if (s->table == NULL) {
    free(s);
    return st != NB_OK ? st : NB_EINTERNAL;
  }
  nb_memory_grew(&s->mem, 0, s->capacity * sizeof *s->table);
  *out = s;
  return NB_OK;
}

void nb_search_free(nb_search *s) {
  if (s == NULL) return;
  free(s->table);
  free(s->stack);
  free(s->arena);
  free(s->parts);
  free(s->bits);
  free(s);
}

/* The slot holding (p, player), or the empty slot where it belongs. */
static inline size_t find_slot(const nb_search *s, nb_pos p, unsigned player) {
  /* The probe is written out, not nb_table_find: the generic probe, inlined, cost this search 1.8%
   * more instructions (bench/search kayles: 2065.6M against 2029.8M), written out none. */
  size_t mask = s->capacity - 1;
  size_t i = (size_t)hash_of(p.lo, p.hi, player) & mask;
  while (s->table[i].state != ENTRY_EMPTY &&
         (s->table[i].lo != p.lo || s->table[i].hi != p.hi || s->table[i].player != player))
    i = (i + 1) & mask;
  return i;
}

static nb_status grow_table(nb_search *s, nb_error *err) {
  size_t old_cap = s->capacity;
  entry *old = s->table;
  nb_status st = nb_memory_check(&s->mem, old_cap * 2, sizeof *old, err);
  if (st != NB_OK) return st;
  entry *table = nb_alloc(old_cap * 2, sizeof *table, err);
  if (table == NULL) return NB_EINTERNAL;
  nb_memory_grew(&s->mem, old_cap * sizeof *old, old_cap * 2 * sizeof *old);
  nb_table_rehash(table, old_cap * 2, old, old_cap, sizeof *old, NULL, slot_empty, slot_hash);
  s->table = table;
  s->capacity = old_cap * 2;
  free(old);
  return NB_OK;
}

/* Makes room on the stack for a frame of up to `bound` moves, within the limits. */
static nb_status reserve_frame(nb_search *s, size_t bound, nb_error *err) {
  if (s->used >= s->limits.positions)
    return nb_fail(err, NB_EDATA,
                   "position too large for exhaustive search (more than %zu positions; --positions "
                   "N raises it)",
                   s->limits.positions);
  NB_ASSERT(s->arena_len <= s->limits.held_moves); /* each push checks what it adds */
  if (bound > s->limits.held_moves - s->arena_len)
    return nb_fail(err, NB_EDATA,
                   "position too large for exhaustive search (more than %zu moves held at once)",
                   s->limits.held_moves);
  size_t max_parts = s->game->family->max_parts > 1 ? s->game->family->max_parts : 1;
  nb_status st = nb_table_needs_room(s->used, s->capacity) ? grow_table(s, err) : NB_OK;
  if (st != NB_OK) return st;
  if (s->depth < s->stack_cap && bound <= s->arena_cap - s->arena_len &&
      bound * max_parts <= s->parts_cap - s->parts_len &&
      bound / 64 + 1 <= s->bits_cap - s->bits_len)
    return NB_OK; /* the usual case: room everywhere, no call */
  nb_memory *m = &s->mem;
  st = nb_grow_within(m, (void **)&s->stack, &s->stack_cap, s->depth, 1, sizeof *s->stack, 64, err);
  if (st == NB_OK)
    st = nb_grow_within(m, (void **)&s->arena, &s->arena_cap, s->arena_len, bound, sizeof *s->arena,
                        64, err);
  if (st == NB_OK)
    st = nb_grow_within(m, (void **)&s->parts, &s->parts_cap, s->parts_len, bound * max_parts,
                        sizeof *s->parts, 64, err);
  if (st == NB_OK)
    st = nb_grow_within(m, (void **)&s->bits, &s->bits_cap, s->bits_len, bound / 64 + 1,
                        sizeof *s->bits, 64, err);
  return st;
}

/* Enters (p, player) as pending and pushes its frame with its moves. */
static nb_status push(nb_search *s, nb_pos p, unsigned player, nb_error *err) {
  const nb_family *fam = s->game->family;
  size_t bound = fam->move_bound(s->game, p);
  nb_status st = reserve_frame(s, bound, err);
  if (st != NB_OK) return st;
  size_t slot = find_slot(s, p, player);
  s->table[slot] =
      (entry){.lo = p.lo, .hi = p.hi, .state = ENTRY_PENDING, .player = (uint8_t)player};
  if (++s->used % NB_PROGRESS_EVERY == 0 && s->limits.progress != NULL) {
    s->reported = true;
    s->limits.progress(s->limits.progress_ctx, "positions", s->used, s->limits.positions, false);
  }
  nb_moves out = {.move = s->arena + s->arena_len, .part = s->parts + s->parts_len};
  st = fam->moves(s->game, p, (nb_player)player, &out, err);
  if (st != NB_OK) return st;    /* as below: the pending entry goes with the rest (abandon) */
  NB_ASSERT(out.count <= bound); /* the family's move_bound is an upper bound */
  if (out.count > s->budget)     /* the table's pending entry goes with the rest (abandon) */
    return nb_fail(err, NB_EDATA,
                   "position too large for exhaustive search (more than %zu moves examined; "
                   "--moves-examined N raises it)",
                   s->limits.moves_examined);
  s->budget -= out.count;
  frame *f = &s->stack[s->depth++];
  *f = (frame){.pos = p,
               .player = (uint8_t)player,
               .moves = s->arena_len,
               .count = out.count,
               .cursor = s->parts_len,
               .parts = s->parts_len,
               .seen = s->bits_len,
               .win_rem = UINT64_MAX};
  if (out.count == 0 && s->misere) f->win_rem = 0; /* no move: won at once (finish reads it) */
  size_t words = out.count / 64 + 1;
  s->arena_len += out.count;
  s->parts_len += out.nparts;
  memset(s->bits + s->bits_len, 0, words * sizeof *s->bits);
  s->bits_len += words;
  return NB_OK;
}

/* Folds a move of f whose parts are all valued into f: their XOR acc, and (moves that never
 * split) whether the opponent wins the option and its remoteness. */
static void fold(nb_search *s, frame *f, uint64_t acc, bool opp_wins, uint64_t rem) {
  uint64_t *seen = s->bits + f->seen;
  if (!s->partizan && acc <= f->count) seen[acc / 64] |= 1ull << (acc % 64);
  if (!opp_wins && rem < f->win_rem) f->win_rem = rem;
  if (rem > f->max_rem) f->max_rem = rem;
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
  e->wins = f->win_rem != UINT64_MAX; /* without moves: the convention's, set by push */
  e->remoteness = f->count == 0 ? 0 : 1 + (e->wins ? f->win_rem : f->max_rem);
  e->state = ENTRY_DONE;
  s->arena_len = f->moves;
  s->parts_len = f->parts;
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
  s->parts_len = 0;
  s->bits_len = 0;
  s->mem.full = false; /* the memo is empty again: room for the next call */
}

/* Walks the top frame f on from where it stopped: values the parts of each move in order and
 * folds each move in once its parts are valued. Returns when the walk is over (next == count)
 * or after pushing the first part not memoised yet, having saved in f how far the current move
 * got (the walk resumes at that part when its frame completes). Progress is kept in locals
 * meanwhile: most parts are memoised, and the frame is written only when the walk stops. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline nb_status
walk(nb_search *s, frame *f, bool empty_wins, nb_error *err) {
  unsigned opp = s->partizan ? 1u - f->player : 0u;
  uint32_t valued = f->valued;
  uint64_t acc = f->acc, rem = f->opt_rem;
  /* empty_wins: whether the opponent wins the empty sum a move without parts leaves (the
   * convention); opp_wins, the current move's option so far: the saved one mid-move, else as if
   * it left no part */
  bool opp_wins = valued ? f->opt_wins : empty_wins;
  for (; f->next < f->count; f->next++) {
    const nb_move *m = &s->arena[f->moves + f->next];
    for (; valued < m->parts; valued++) {
      nb_pos q = s->parts[f->cursor + valued];
      const entry *e = &s->table[find_slot(s, q, opp)];
      if (e->state != ENTRY_DONE) {
        f->valued = valued; /* where the walk resumes */
        f->acc = acc;
        f->opt_rem = rem;
        f->opt_wins = opp_wins;
        if (e->state == ENTRY_PENDING)
          return nb_fail(err, NB_EINTERNAL,
                         "the game's moves form a cycle: search cannot terminate");
        return push(s, q, opp, err);
      }
      acc ^= e->grundy;
      opp_wins = e->wins;
      rem = e->remoteness;
    }
    fold(s, f, acc, opp_wins, rem);
    f->cursor += m->parts;
    valued = 0;
    acc = rem = 0;
    /* a move without parts leads to the empty sum: remoteness 0, and the opponent, who cannot
     * move there, loses in normal play and wins in misère play */
    opp_wins = empty_wins;
  }
  f->valued = 0;
  f->acc = f->opt_rem = 0;
  return NB_OK;
}

/* The walk of each convention, compiled apart with empty_wins a constant: normal play's is the
 * walk as it was before misère play (empty_wins read a walk cost psub's deep search one
 * instruction a move, 0.7%). */
static nb_status step_normal(nb_search *s, frame *f, nb_error *err) {
  return walk(s, f, false, err);
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static nb_status
step_misere(nb_search *s, frame *f, nb_error *err) {
  return walk(s, f, true, err);
}

/* Runs the search until (p, player) is memoised, examining at most *budget moves (less what it
 * examined on return); returns its entry's slot. */
static nb_status solve(nb_search *s, nb_pos p, unsigned player, uint64_t *budget, size_t *slot,
                       nb_error *err) {
  size_t i = find_slot(s, p, player);
  if (s->table[i].state == ENTRY_DONE) {
    *slot = i;
    return NB_OK;
  }
  const nb_family *fam = s->game->family;
  if (fam->min_length != NULL && fam->min_length(s->game, p) >= s->limits.positions)
    return nb_fail(err, NB_EDATA,
                   "position too large for exhaustive search (more than %zu positions; --positions "
                   "N raises it)",
                   s->limits.positions); /* a play of min_length moves visits one more */
  s->budget = *budget;
  nb_status st = push(s, p, player, err);
  while (st == NB_OK && s->depth > 0) {
    frame *f = &s->stack[s->depth - 1];
    if (f->next == f->count)
      finish(s);
    else if (!s->misere)
      st = step_normal(s, f, err);
    else
      st = step_misere(s, f, err);
  }
  if (s->reported) { /* the progress display learns that this search is over */
    s->reported = false;
    s->limits.progress(s->limits.progress_ctx, "positions", s->used, s->limits.positions, true);
  }
  *budget = s->budget;
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
  uint64_t budget = s->limits.moves_examined;
  nb_status st = solve(s, p, NB_LEFT, &budget, &slot, err);
  if (st == NB_OK) *out = s->table[slot].grundy;
  return st;
}

nb_status nb_search_wins(nb_search *s, nb_pos p, nb_player who, bool *wins, uint64_t *remoteness,
                         nb_error *err) {
  uint64_t budget = s->limits.moves_examined;
  return nb_search_wins_within(s, p, who, wins, remoteness, &budget, err);
}

nb_status nb_search_wins_within(nb_search *s, nb_pos p, nb_player who, bool *wins,
                                uint64_t *remoteness, uint64_t *budget, nb_error *err) {
  if (s->splits)
    return nb_fail(err, NB_EUSAGE,
                   "moves of %s split a component: who wins it is a question for the sum search",
                   s->game->family->name);
  size_t slot;
  nb_status st = solve(s, p, s->partizan ? (unsigned)who : 0u, budget, &slot, err);
  if (st != NB_OK) return st;
  *wins = s->table[slot].wins;
  if (remoteness != NULL) *remoteness = s->table[slot].remoteness;
  return NB_OK;
}
