/*
 * outcome.c: who wins a sum, and nothing more: a boolean search that stops at the first winning
 * move.
 *
 * Why a second search of sums. The value of a partizan position is its canonical form, and its
 * outcome class follows from it; but the form is the whole game tree's worth of information: to
 * make it, every option of every position is valued, dominated options compared away, reversible
 * ones bypassed. Who wins needs much less. The mover wins iff some move leaves the opponent
 * losing, so once one such move is found, the other moves of that position need not be looked at;
 * and a lost position is proved by refuting each move, each with one winning reply. Research
 * solvers of single boards (MCGS) decide outcomes this way, and beside them nimber's canonical
 * forms were 1.2x-12x slower on single Amazons, Clobber, NoGo and Domineering boards. The sum
 * search (sumsearch.c) does not cut off either: it stores the remoteness of every sum, which
 * needs every option's (the loser delays: the largest of all). This search stores one bit.
 *
 * The rules are sumsearch.c's: a sum is a multiset of components as the family's moves give them
 * (normalised by the family: equal positions have equal encodings, so a grid board's reflections
 * and rotations meet in one key); a move replaces one component by the move's parts; the mover
 * wins iff some move leaves the opponent, moving first in the sum left, losing; a sum without a
 * move is lost by the mover in normal play and won in misère play (the game's convention, read
 * once when the search is made). Impartial families are searched with one player to move.
 *
 * Design. A sum is memoised under its canonical key (its components sorted) and the player to
 * move, in an open-addressing table whose entries point into one growing arena of keys, as in
 * sumsearch.c. The search is an explicit depth-first stack (a game however long needs no C
 * stack). A frame holds the moves of one component at a time, generated when the frame reaches
 * it, so a sum won by a move of its first component never generates the moves of the others;
 * equal components of the sorted key lead to the same sums, so only the first of a run is
 * expanded. A child is made by merging the move's sorted parts into the key without the moved
 * component. When a child is found lost for its mover (the opponent), the frame is won at once
 * and popped: its remaining moves are never tried. A frame whose moves are all tried, each child
 * won by the opponent, is lost. A sum is entered as pending when pushed, so a cycle in a family's
 * moves is reported rather than followed forever.
 *
 * Order of moves. The first winning move found ends the work, so which is tried first matters.
 * When a frame's moves of a component are loaded, each child is first looked up in the memo
 * (an enhanced transposition cut-off): a child already known lost for its mover wins the frame
 * with no search at all, where trying the moves in order might search a deep child first. Then
 * the moves are tried least opponent mobility first: each move is scored by the family's
 * move_bound of the parts it leaves (for Clobber the exact number of moves, for Amazons the
 * larger of the two players' counts; for NoGo and Domineering little more than the empty cells,
 * equal for most moves, so their order barely changes), ties in the family's order, components in
 * key order. A move that leaves the opponent few moves is the likelier win, and a win found
 * early ends the frame. The look-ups cost a key and a hash per move; on bench/mcgs.sh's single
 * boards they took nimber's time from 302 to 247 ms (Amazons 4x4 111 to 77 ms; MCGS's Amazons
 * 3x4 file 0.48 to 0.29 s, its filled 4x4 NoGo file 1.54 to 1.19 s). The ordering (a bound a
 * part, a sort per frame not already won by a look-up) took the 3x6, 3x7 and 4x5 Clobber
 * checkerboards from 870 to 300 ms of CPU and bench/mcgs.sh's 20 random 4x4 Amazons boards
 * from 134 to 120 ms; NoGo and Domineering boards within the shared machine's noise (best of
 * three, 4 December). A frame whose order the scores leave as it is is not rewritten.
 *
 * Integers (normal play, families with the partizan facet's `integer` hook: Amazons). A component
 * the family knows to equal an integer (an Amazons region holding one player's amazons only: a
 * territory) is not held as a position: the sum keeps the integers of its components as one
 * tally beside the others (in the key, the hash and the entry), and a move whose parts include
 * such territories adds their integers to the tally instead. Equal games make equal outcomes in
 * sums, so this changes no answer; it keeps territories of different shapes but equal size in
 * one key, and takes their many moves out of the search: an integer n > 0 is {n - 1 |}, one
 * move for Left, tried after the mover's moves in the other components (it is rarely the
 * winning one, but is tried: a sum may equal a number, where the number avoidance theorem does
 * not promise a winning move elsewhere). A sum whose tally outweighs what the other components
 * can still answer (the family's moves_left bound) is decided without a search (`decided`, its
 * proof there), and one without other components by the tally's sign. The family's answers are
 * kept in a direct-mapped cache (INTEGER_SLOTS), as a territory met again would be searched
 * again by the family otherwise. The tally is a byte (TALLY_MAX either way): a territory that
 * would pass it stays a component. Misère play keeps every component: an integer's misère
 * outcome in a sum is not its normal play value's.
 *
 * Bounds, as the sum search's: at most limits.sums sums memoised (pending ones too, so the stack
 * is bounded by it), at most limits.held_moves moves held on the stack, at most
 * limits.moves_examined moves generated by one call, and every table within limits.memory bytes
 * (memory.c). Beyond any: NB_EDATA naming the limit. After a refusal the pending sums are marked
 * dead and the solved ones kept; after a refusal at the memory limit or at limits.sums the memo
 * is forgotten, so the search stays usable (the solved sums kept would fill the count, and every
 * later position of `value --batch` that needs one sum was refused too).
 */
#include "core/core.h"

#include "base/hash.h"
#include "core/sumkey.h"

#include <stdlib.h>
#include <string.h>

/* This table's seed for the hash of a sum's key (core/sumkey.h). */
#define KEY_SEED 0x13198a2e03707344ull

enum { OUT_PENDING = 1, OUT_DONE = 2, OUT_DEAD = 3 };

typedef struct out_entry {
  uint64_t hash;  /* hash of the key and player; 0 marks an empty slot */
  size_t key;     /* offset of the sorted components in the key arena */
  uint32_t n;     /* number of components */
  uint8_t player; /* player to move */
  uint8_t state;  /* OUT_PENDING, OUT_DONE or OUT_DEAD (abandoned: matches nothing) */
  uint8_t wins;   /* OUT_DONE: 1 iff the player to move wins */
  int8_t tally;   /* the integer held beside the components (0 without the family's integers) */
} out_entry;

typedef struct out_frame {
  size_t key;     /* offset of the sum's sorted components in the key arena */
  uint32_t n;     /* its number of components */
  uint8_t player; /* player to move */
  int8_t tally;   /* the sum's integer, held beside its components */
  bool tallied;   /* the mover's move in the tally was tried (and refuted) */
  uint64_t hash;  /* its key's hash, to find its entry again (slots move as the table grows) */
  size_t comp;    /* the component whose moves are held */
  size_t moves;   /* offset of this frame's moves in the move arena */
  size_t parts;   /* offset of their parts in the part arena */
  size_t count;   /* moves held */
  size_t next;    /* the next move to try */
  size_t cursor;  /* offset in the part arena of that move's parts */
  bool any;       /* some move was tried (and refuted) */
  bool scanned;   /* the held moves were looked up for a child already known lost */
} out_frame;

/* A slot of the cache of the family's integers: what integer_of found for one component. */
typedef struct out_integer {
  nb_pos p;      /* the component */
  int64_t value; /* its integer, where known */
  bool used;     /* the slot holds a component */
  bool known;    /* the family knew it to be an integer */
} out_integer;

/* The integers' cache: direct-mapped (a component's slot is its hash's low bits; a newcomer
 * overwrites), so a fixed INTEGER_SLOTS * 32 bytes: a territory met again is not searched
 * again by the family. */
enum { INTEGER_SLOTS = 1 << 12 };

/* A held move's place in the order of trying. */
typedef struct out_rank {
  size_t score; /* the bound of the opponent's moves in the parts it leaves: least first */
  size_t first; /* offset of its parts in the part arena */
  size_t index; /* its place among the frame's moves as generated (ties keep that order) */
} out_rank;

struct nb_outcome_search {
  const nb_game *game;       /* whose moves define the search */
  bool partizan;             /* copied from the family: two players to move, else one */
  bool misere;               /* the game's convention is misère: the player who cannot move wins */
  const nb_partizan_facet *numbers; /* the family's integers and move bounds, in normal play */
  out_integer *integers;     /* their cache (INTEGER_SLOTS, made at the first use) */
  size_t max_parts;          /* the most parts one move leaves (at least 1) */
  nb_limits limits;          /* the bounds of the search */
  out_entry *table;          /* open addressing, linear probing; capacity a power of two */
  size_t capacity, used;     /* slots, and slots in use (pending, done and dead) */
  nb_pos *keys;              /* the keys of the entries */
  size_t keys_len, keys_cap; /* components in use, and room */
  out_frame *stack;          /* the explicit DFS stack */
  size_t depth, stack_cap;   /* frames in use, and room */
  nb_move *moves;            /* the moves held by the frames, in stack order */
  size_t moves_len, moves_cap; /* moves in use, and room */
  nb_pos *parts;               /* their parts */
  size_t parts_len, parts_cap; /* parts in use, and room */
  nb_pos *child;               /* scratch: a child sum being built, then the moved parts */
  size_t child_cap;            /* room in child */
  struct out_rank *ranks;      /* scratch: the held moves of a frame ranked for trying */
  size_t ranks_cap;            /* room in ranks */
  nb_move *spare_moves;        /* scratch: the held moves rewritten in rank order */
  size_t spare_moves_cap;      /* room in spare_moves */
  nb_pos *spare_parts;         /* scratch: their parts likewise */
  size_t spare_parts_cap;      /* room in spare_parts */
  bool reported;               /* limits.progress was called during the current run */
  uint64_t budget;             /* moves the current call may still generate */
  nb_memory mem;               /* the bytes of the arrays above, within limits.memory */
};

nb_status nb_outcome_search_new(const nb_game *g, const nb_limits *limits, nb_outcome_search **out,
                                nb_error *err) {
  nb_outcome_search *s = nb_alloc(1, sizeof *s, err);
  if (s == NULL) return NB_EINTERNAL;
  s->game = g;
  s->partizan = g->family->partizan;
  s->max_parts = g->family->max_parts > 1 ? g->family->max_parts : 1;
  s->misere = g->play == NB_PLAY_MISERE;
  const nb_partizan_facet *eval = g->family->partizan_eval;
  if (s->partizan && !s->misere && eval != NULL && eval->integer != NULL) s->numbers = eval;
  s->limits = limits ? *limits : nb_limits_default();
  s->mem = (nb_memory){.limit = s->limits.memory, .what = "the outcome search"};
  s->capacity = 1024;
  nb_status st = nb_memory_check(&s->mem, s->capacity, sizeof *s->table, err);
  if (st == NB_OK) s->table = nb_alloc(s->capacity, sizeof *s->table, err);
  if (st == NB_OK && s->table == NULL) st = NB_EINTERNAL;
  if (st != NB_OK) {
    free(s);
    return st;
  }
  nb_memory_grew(&s->mem, 0, s->capacity * sizeof *s->table);
  *out = s;
  return NB_OK;
}

static void free_arrays(nb_outcome_search *s) {
  free(s->integers);
  free(s->keys);
  free(s->stack);
  free(s->moves);
  free(s->parts);
  free(s->child);
  free(s->ranks);
  free(s->spare_moves);
  free(s->spare_parts);
}

void nb_outcome_search_free(nb_outcome_search *s) {
  if (s == NULL) return;
  free(s->table);
  free_arrays(s);
  free(s);
}

/* --- keys ------------------------------------------------------------------------------------ */

/* Makes the scratch buffer hold at least `need` components (at least one: memcmp and qsort
 * take no NULL). */
static nb_status reserve_child(nb_outcome_search *s, size_t need, nb_error *err) {
  return nb_grow_within(&s->mem, (void **)&s->child, &s->child_cap, 0, need ? need : 1,
                        sizeof *s->child, 64, err);
}

/* --- the table ------------------------------------------------------------------------------- */

static bool slot_empty(const void *slot) {
  return ((const out_entry *)slot)->hash == 0;
}

static uint64_t slot_hash(const void *ctx, const void *slot) {
  (void)ctx;
  return ((const out_entry *)slot)->hash;
}

/* The slot of (key, player), or the empty slot where it belongs. */
static inline size_t find(const nb_outcome_search *s, const nb_pos *key, size_t n, unsigned player,
                          int tally, uint64_t h) {
  size_t mask = s->capacity - 1, i = (size_t)h & mask;
  for (;; i = (i + 1) & mask) {
    const out_entry *e = &s->table[i];
    if (e->hash == 0) return i;
    if (e->hash == h && e->n == n && e->player == player && e->tally == tally &&
        e->state != OUT_DEAD &&
        memcmp(s->keys + e->key, key, n * sizeof *key) == 0)
      return i;
  }
}

static nb_status grow_table(nb_outcome_search *s, nb_error *err) {
  nb_status st = nb_memory_check(&s->mem, s->capacity * 2, sizeof *s->table, err);
  if (st != NB_OK) return st;
  out_entry *table = nb_alloc(s->capacity * 2, sizeof *table, err);
  if (table == NULL) return NB_EINTERNAL;
  nb_memory_grew(&s->mem, s->capacity * sizeof *table, s->capacity * 2 * sizeof *table);
  nb_table_rehash(table, s->capacity * 2, s->table, s->capacity, sizeof *table, NULL, slot_empty,
                  slot_hash);
  free(s->table);
  s->table = table;
  s->capacity *= 2;
  return NB_OK;
}

/* After a failure: the pending sums (one per frame) become dead and the stack is emptied; the
 * solved sums are kept. A dead entry never matches but keeps its slot, so probe chains through
 * it stay intact; it counts against limits.sums, which therefore still bounds the memory. */
static void abandon(nb_outcome_search *s) {
  for (size_t d = 0; d < s->depth; d++) {
    const out_frame *f = &s->stack[d];
    s->table[find(s, s->keys + f->key, f->n, f->player, f->tally, f->hash)].state = OUT_DEAD;
  }
  s->depth = s->moves_len = s->parts_len = 0;
}

/* After a refusal at the memory limit or at limits.sums: the tables or the count are full, so
 * every later call would be refused too. The search forgets everything (it is a cache) and gives its arrays back, keeping
 * the hash table's slots, emptied. */
static void forget(nb_outcome_search *s) {
  nb_memory *m = &s->mem;
  nb_memory_grew(m, s->keys_cap * sizeof *s->keys + s->stack_cap * sizeof *s->stack, 0);
  nb_memory_grew(m, s->moves_cap * sizeof *s->moves + s->parts_cap * sizeof *s->parts, 0);
  nb_memory_grew(m, s->child_cap * sizeof *s->child + s->ranks_cap * sizeof *s->ranks, 0);
  nb_memory_grew(m, s->spare_moves_cap * sizeof *s->spare_moves, 0);
  nb_memory_grew(m, s->spare_parts_cap * sizeof *s->spare_parts, 0);
  if (s->integers != NULL) nb_memory_grew(m, INTEGER_SLOTS * sizeof *s->integers, 0);
  free_arrays(s);
  s->integers = NULL;
  s->keys = s->child = s->parts = s->spare_parts = NULL;
  s->ranks = NULL;
  s->spare_moves = NULL;
  s->ranks_cap = s->spare_moves_cap = s->spare_parts_cap = 0;
  s->stack = NULL;
  s->moves = NULL;
  s->keys_len = s->keys_cap = s->stack_cap = s->moves_cap = s->parts_cap = s->child_cap = 0;
  s->depth = s->moves_len = s->parts_len = s->used = 0;
  memset(s->table, 0, s->capacity * sizeof *s->table);
  m->full = false;
}

/* --- the stack ------------------------------------------------------------------------------- */

/* The refusal at a count limit, naming it and, where there is one, how to raise it (hint, "; ..."
 * or ""). */
static nb_status too_large(const char *what, size_t limit, const char *hint, nb_error *err) {
  return nb_fail(err, NB_EDATA, "position too large for the outcome search (more than %zu %s%s)",
                 limit, what, hint);
}

/* --- integers (the family's, in normal play) ------------------------------------------------ */

/* The hash of a sum: its components, the player to move and its tally. */
static uint64_t sum_hash(const nb_pos *key, size_t n, unsigned player, int tally) {
  return nb_sumkey_hash(KEY_SEED ^ (uint64_t)(uint8_t)tally << 40, key, n, player);
}

/* Whether the sum key[0..n) + tally with `player` to move is decided without a search, and who
 * wins (*wins: the mover). Claim (normal play): let E bound the moves of both players together
 * that any play of the components can still make (the family's moves_left, summed), and m the
 * moves the mover has in the tally (the tally for Left, its negative for Right). If m > E the
 * mover wins; if -m >= E the mover loses. Proof. If m > E, the mover plays in the tally at every
 * turn: the opponent then moves only in the components, at most E times, and after each the
 * mover still has a tally move, so the opponent is the first without a move. If -m >= E, the
 * opponent answers each move of the mover, all in the components (the tally is not the mover's),
 * at most E of them, with a tally move, so the mover is the first without a move. With no
 * components (E = 0) this is the sign of the tally: the mover wins iff m > 0. */
static bool decided(const nb_outcome_search *s, const nb_pos *key, size_t n, unsigned player,
                    int tally, bool *wins) {
  if (s->numbers == NULL || (n > 0 && s->numbers->moves_left == NULL)) return false;
  int64_t m = player == NB_LEFT ? tally : -tally;
  uint64_t need = (uint64_t)(m > 0 ? m : -m), e = 0;
  for (size_t i = 0; i < n && e <= need; i++)
    e += s->numbers->moves_left(s->game, key[i]);
  if (m > 0 && (uint64_t)m > e) *wins = true;
  else if (m <= 0 && need >= e) *wins = false;
  else return false;
  return true;
}

/* The most the tally holds either way (it is kept in a byte): a part whose integer would take
 * it past this stays a component, searched as any other. */
enum { TALLY_MAX = 100 };

/* The integer of component p where the family knows it and the tally may take it. */
static bool integer_of(nb_outcome_search *s, nb_pos p, int64_t tally, int64_t *value) {
  out_integer *slot = &s->integers[nb_hash_pair(p.lo, p.hi) & (INTEGER_SLOTS - 1)];
  if (!slot->used || slot->p.lo != p.lo || slot->p.hi != p.hi) {
    slot->known = s->numbers->integer(s->game, p, &slot->value);
    slot->p = p;
    slot->used = true;
  }
  *value = slot->value;
  return slot->known && *value >= -TALLY_MAX - tally && *value <= TALLY_MAX - tally;
}

/* Makes the integers' cache, where the family has integers and it is not made yet. */
static nb_status make_integers(nb_outcome_search *s, nb_error *err) {
  if (s->numbers == NULL || s->integers != NULL) return NB_OK;
  nb_status st = nb_memory_check(&s->mem, INTEGER_SLOTS, sizeof *s->integers, err);
  if (st != NB_OK) return st;
  s->integers = nb_alloc(INTEGER_SLOTS, sizeof *s->integers, err);
  if (s->integers == NULL) return NB_EINTERNAL;
  nb_memory_grew(&s->mem, 0, INTEGER_SLOTS * sizeof *s->integers);
  return NB_OK;
}

/* Takes the parts the family knows to be integers out of f's held moves: each move keeps its
 * other parts, and the sum of those integers in its tag (the search reads no tag otherwise:
 * it never names a move). */
static void take_integers(nb_outcome_search *s, out_frame *f) {
  size_t in = f->parts, out = f->parts;
  for (size_t i = 0; i < f->count; i++) {
    nb_move *m = &s->moves[f->moves + i];
    int64_t delta = 0;
    uint32_t kept = 0;
    for (uint32_t j = 0; j < m->parts; j++, in++) {
      int64_t v;
      if (integer_of(s, s->parts[in], f->tally + delta, &v))
        delta += v;
      else
        s->parts[out + kept++] = s->parts[in];
    }
    m->parts = kept;
    m->tag = (uint32_t)(int32_t)delta;
    out += kept;
  }
  s->parts_len = out;
}

/* The integer a held move adds to the tally. */
static int move_delta(const nb_outcome_search *s, const nb_move *m) {
  return s->numbers != NULL ? (int32_t)m->tag : 0;
}

/* Holds the moves of component f->comp of f's sum, in the frame's slice of the arenas. */
static nb_status load_moves(nb_outcome_search *s, out_frame *f, nb_error *err) {
  const nb_family *fam = s->game->family;
  nb_pos p = s->keys[f->key + f->comp];
  size_t bound = fam->move_bound(s->game, p);
  if (bound > s->limits.held_moves - f->moves)
    return too_large("moves held at once", s->limits.held_moves, "", err);
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
    return too_large("moves examined", s->limits.moves_examined, "; --moves-examined N raises it",
                     err);
  s->budget -= out.count;
  f->count = out.count;
  f->scanned = false;
  f->next = 0;
  f->cursor = f->parts;
  s->moves_len = f->moves + out.count;
  s->parts_len = f->parts + out.nparts;
  if (s->numbers != NULL) take_integers(s, f);
  return NB_OK;
}

/* Enters the sum key[0..n) with `player` to move as pending, and pushes its frame. */
static nb_status push(nb_outcome_search *s, const nb_pos *key, size_t n, unsigned player,
                      int tally, uint64_t h, nb_error *err) {
  if (s->used >= s->limits.sums)
    return too_large("sums", s->limits.sums, "; --sums N raises it, within --memory", err);
  nb_status st = nb_table_needs_room(s->used, s->capacity) ? grow_table(s, err) : NB_OK;
  if (st == NB_OK) /* room for one at least: the empty sum's key too points into the arena */
    st = nb_grow_within(&s->mem, (void **)&s->keys, &s->keys_cap, s->keys_len, n ? n : 1,
                        sizeof *s->keys, 1024, err);
  if (st == NB_OK)
    st = nb_grow_within(&s->mem, (void **)&s->stack, &s->stack_cap, s->depth, 1, sizeof *s->stack,
                        64, err);
  if (st != NB_OK) return st;
  if (n > 0) memcpy(s->keys + s->keys_len, key, n * sizeof *key);
  size_t slot = find(s, key, n, player, tally, h);
  s->table[slot] = (out_entry){.hash = h,
                               .key = s->keys_len,
                               .n = (uint32_t)n,
                               .player = (uint8_t)player,
                               .state = OUT_PENDING,
                               .tally = (int8_t)tally};
  if (++s->used % NB_PROGRESS_EVERY == 0 && s->limits.progress != NULL) {
    s->reported = true;
    s->limits.progress(s->limits.progress_ctx, "sums", s->used, s->limits.sums, false);
  }
  out_frame *f = &s->stack[s->depth++];
  *f = (out_frame){.key = s->keys_len,
                   .n = (uint32_t)n,
                   .player = (uint8_t)player,
                   .tally = (int8_t)tally,
                   .hash = h,
                   .moves = s->moves_len,
                   .parts = s->parts_len};
  s->keys_len += n;
  return n > 0 ? load_moves(s, f, err) : NB_OK;
}

/* Moves f on to the next distinct component; false when there is none. */
static bool next_component(const nb_outcome_search *s, out_frame *f) {
  const nb_pos *key = s->keys + f->key;
  do
    f->comp++;
  while (f->comp < f->n && key[f->comp].lo == key[f->comp - 1].lo &&
         key[f->comp].hi == key[f->comp - 1].hi);
  return f->comp < f->n;
}

/* Completes the top frame: the mover wins or not. */
static void finish(nb_outcome_search *s, bool wins) {
  out_frame *f = &s->stack[s->depth - 1];
  out_entry *e = &s->table[find(s, s->keys + f->key, f->n, f->player, f->tally, f->hash)];
  NB_ASSERT(e->state == OUT_PENDING);
  e->wins = wins;
  e->state = OUT_DONE;
  s->moves_len = f->moves;
  s->parts_len = f->parts;
  s->depth--;
}

/* Looks up the child s->child[0..n) + tally of f, the opponent to move: 1 when it is known won
 * by the opponent (f moves on), 0 when known lost (*done: f is won and popped, the cut-off: its
 * other moves are never tried), and an unknown child is pushed (-1). */
static nb_status enter_child(nb_outcome_search *s, out_frame *f, size_t n, int tally, int *known,
                             nb_error *err) {
  unsigned opp = s->partizan ? 1u - f->player : 0u;
  bool wins;
  *known = -1;
  if (decided(s, s->child, n, opp, tally, &wins)) {
    *known = wins;
  } else {
    uint64_t h = sum_hash(s->child, n, opp, tally);
    const out_entry *e = &s->table[find(s, s->child, n, opp, tally, h)];
    if (e->hash == 0) return push(s, s->child, n, opp, tally, h, err);
    if (e->state == OUT_PENDING)
      return nb_fail(err, NB_EINTERNAL, "the game's moves form a cycle: search cannot terminate");
    *known = e->wins;
  }
  if (*known == 0) finish(s, true);
  return NB_OK;
}

/* Tries f's next move: when its child is known, a child lost for the opponent wins f at once
 * and a child won by the opponent moves f on; an unknown child is pushed. */
static nb_status try_move(nb_outcome_search *s, out_frame *f, nb_error *err) {
  const nb_move *m = &s->moves[f->moves + f->next];
  nb_status st = reserve_child(s, f->n - 1 + 2 * (size_t)m->parts, err);
  if (st != NB_OK) return st;
  size_t n = nb_sumkey_replace(s->child, s->keys + f->key, f->n, f->comp, s->parts + f->cursor,
                               m->parts);
  int known;
  st = enter_child(s, f, n, f->tally + move_delta(s, m), &known, err);
  if (st == NB_OK && known == 1) {
    f->cursor += m->parts;
    f->next++;
    f->any = true;
  }
  return st;
}

/* Whether the mover of f has a move in its tally (an integer n > 0 is {n - 1 |} for Left, -n
 * is {| -n + 1} for Right: one move each, toward 0). */
static bool tally_move(const nb_outcome_search *s, const out_frame *f) {
  return s->numbers != NULL && !f->tallied && (f->player == NB_LEFT ? f->tally > 0 : f->tally < 0);
}

/* Tries f's move in its tally, last of its moves (a move in a number is rarely the best). */
static nb_status try_tally(nb_outcome_search *s, out_frame *f, nb_error *err) {
  nb_status st = reserve_child(s, f->n, err);
  if (st != NB_OK) return st;
  if (f->n > 0) memcpy(s->child, s->keys + f->key, f->n * sizeof *s->child);
  int known;
  st = enter_child(s, f, f->n, f->tally + (f->player == NB_LEFT ? -1 : 1), &known, err);
  if (st == NB_OK && known == 1) f->tallied = f->any = true;
  return st;
}

/* Whether some held move of f leaves a child already memoised as lost for its mover: then f is
 * won without a search (a look-up per move, before any child is searched). */
static nb_status known_win(nb_outcome_search *s, out_frame *f, bool *won, nb_error *err) {
  unsigned opp = s->partizan ? 1u - f->player : 0u;
  size_t cursor = f->cursor;
  *won = false;
  for (size_t i = f->next; i < f->count && !*won; i++) {
    const nb_move *m = &s->moves[f->moves + i];
    nb_status st = reserve_child(s, f->n - 1 + 2 * (size_t)m->parts, err);
    if (st != NB_OK) return st;
    size_t n =
        nb_sumkey_replace(s->child, s->keys + f->key, f->n, f->comp, s->parts + cursor, m->parts);
    int tally = f->tally + move_delta(s, m);
    bool wins;
    if (decided(s, s->child, n, opp, tally, &wins)) {
      *won = !wins;
    } else {
      uint64_t h = sum_hash(s->child, n, opp, tally);
      const out_entry *e = &s->table[find(s, s->child, n, opp, tally, h)];
      *won = e->hash != 0 && e->state == OUT_DONE && !e->wins;
    }
    cursor += m->parts;
  }
  return NB_OK;
}

static int rank_cmp(const void *a, const void *b) {
  const out_rank *x = a, *y = b;
  if (x->score != y->score) return x->score < y->score ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Puts f's untried moves (and their parts) in the order of trying: least opponent mobility
 * first, by the family's move bound of each part the move leaves. */
static nb_status order_moves(nb_outcome_search *s, out_frame *f, nb_error *err) {
  size_t k = f->count - f->next, nparts = s->parts_len - f->cursor;
  if (k < 2) return NB_OK;
  nb_status st =
      nb_grow_within(&s->mem, (void **)&s->ranks, &s->ranks_cap, 0, k, sizeof *s->ranks, 64, err);
  if (st == NB_OK)
    st = nb_grow_within(&s->mem, (void **)&s->spare_moves, &s->spare_moves_cap, 0, k,
                        sizeof *s->spare_moves, 64, err);
  if (st == NB_OK)
    st = nb_grow_within(&s->mem, (void **)&s->spare_parts, &s->spare_parts_cap, 0,
                        nparts ? nparts : 1, sizeof *s->spare_parts, 64, err);
  if (st != NB_OK) return st;
  nb_move *moves = s->moves + f->moves + f->next;
  size_t cursor = f->cursor;
  for (size_t i = 0; i < k; i++) {
    size_t score = 0;
    for (uint32_t j = 0; j < moves[i].parts; j++)
      score += s->game->family->move_bound(s->game, s->parts[cursor + j]);
    s->ranks[i] = (out_rank){.score = score, .first = cursor, .index = i};
    cursor += moves[i].parts;
  }
  qsort(s->ranks, k, sizeof *s->ranks, rank_cmp);
  size_t same = 0; /* the family's order already (every score equal: NoGo's bound, say) */
  while (same < k && s->ranks[same].index == same)
    same++;
  if (same == k) return NB_OK;
  size_t out = 0;
  for (size_t i = 0; i < k; i++) {
    const nb_move *m = &moves[s->ranks[i].index];
    s->spare_moves[i] = *m;
    memcpy(s->spare_parts + out, s->parts + s->ranks[i].first, m->parts * sizeof *s->parts);
    out += m->parts;
  }
  memcpy(moves, s->spare_moves, k * sizeof *moves);
  memcpy(s->parts + f->cursor, s->spare_parts, nparts * sizeof *s->parts);
  return NB_OK;
}

/* Runs the search until the stack is empty: the frame pushed first completes last. */
static nb_status run(nb_outcome_search *s, nb_error *err) {
  nb_status st = NB_OK;
  while (st == NB_OK && s->depth > 0) {
    out_frame *f = &s->stack[s->depth - 1];
    bool won = false;
    if (!f->scanned) {
      f->scanned = true;
      st = known_win(s, f, &won, err);
      if (st == NB_OK && !won) st = order_moves(s, f, err);
    }
    if (st != NB_OK) break;
    if (won)
      finish(s, true);
    else if (f->next < f->count)
      st = try_move(s, f, err);
    else if (f->comp < f->n && next_component(s, f))
      st = load_moves(s, f, err);
    else if (tally_move(s, f))
      st = try_tally(s, f, err);
    else /* every move refuted: lost; no move at all: the convention (won in misère play) */
      finish(s, f->any ? false : s->misere);
  }
  return st;
}

nb_status nb_outcome_search_wins(nb_outcome_search *s, const nb_pos *comps, size_t n, nb_player who,
                                 bool *wins, nb_error *err) {
  unsigned player = s->partizan ? (unsigned)who : 0u;
  nb_status st = reserve_child(s, n, err);
  if (st == NB_OK) st = make_integers(s, err);
  if (st != NB_OK) return st;
  int64_t tally = 0;
  size_t kept = 0;
  for (size_t i = 0; i < n; i++) {
    int64_t v;
    if (s->numbers != NULL && integer_of(s, comps[i], tally, &v))
      tally += v;
    else
      s->child[kept++] = comps[i];
  }
  n = kept;
  qsort(s->child, n, sizeof *s->child, nb_sumkey_cmp);
  if (decided(s, s->child, n, player, (int)tally, wins)) return NB_OK;
  uint64_t h = sum_hash(s->child, n, player, (int)tally);
  size_t slot = find(s, s->child, n, player, (int)tally, h);
  if (s->table[slot].hash == 0) {
    size_t root = s->keys_len; /* where push stores the key; kept while the run succeeds */
    s->budget = s->limits.moves_examined;
    st = push(s, s->child, n, player, (int)tally, h, err);
    if (st == NB_OK) st = run(s, err);
    if (s->reported) { /* the progress display learns that this search is over */
      s->reported = false;
      s->limits.progress(s->limits.progress_ctx, "sums", s->used, s->limits.sums, true);
    }
    if (st != NB_OK) {
      if (s->mem.full || s->used >= s->limits.sums)
        forget(s);
      else
        abandon(s);
      return st;
    }
    slot = find(s, s->keys + root, n, player, (int)tally, h);
  }
  NB_ASSERT(s->table[slot].state == OUT_DONE); /* no frame is left pending between calls */
  *wins = s->table[slot].wins;
  return NB_OK;
}
