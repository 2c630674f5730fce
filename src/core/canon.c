/*
 * canon.c: the value search: canonical values of components of any partizan family.
 *
 * What it computes. A component p of a short partizan game is the game
 *     G(p) = { G(o) : o a Left option of p  |  G(o) : o a Right option of p }.
 * A move replaces p by its parts q1..qk (none, one or several components), so the option it
 * leads to is the sum q1 + .. + qk, and by the definition of the sum of games its value is
 * G(q1) + .. + G(qk) (0 for no part). The canonical form of {..|..} is then made by the store
 * (nb_cg_from_options: dominated options removed, reversible ones bypassed), and since equal games
 * have one canonical form, and so one ID in the store, the value of a sum is the store's sum of its
 * components' values (theory/partizan/sums.c). Nothing here knows a game: only `moves`, and the
 * family's optional `canonical` hook, which answers the components it knows (a pile whose value
 * a proven period gives, a literal number) and leaves the others to the search, and its optional
 * `negative` hook: where it names a q with G(p) = -G(q), the search values whichever of p and q
 * has the lesser encoding (the "key" of both) and negates for the other, G(p) = -G(q) being the
 * family's theorem (Domineering: transposing a board swaps the players' moves). Where the family
 * has the `value_moves` hook, a frame's moves are those it gives: every move but some it proves
 * dominated, each by a move it keeps (a Left option G^L1 <= G^L2, G^L2 kept). The value is the
 * same: {G^L1, G^L2, .. | ..} = {G^L2, .. | ..} when G^L1 <= G^L2 (deleting dominated options,
 * Winning Ways ch. 3, which nb_cg_from_options does to every list anyway), and likewise for Right
 * with >=; the options left out are simply never made.
 *
 * Design. As search.c: a memo keyed by component (an open-addressing table of nb_pos -> nb_cg),
 * an explicit depth-first stack instead of recursion (games such as subtraction games are one
 * level deep per move), and per frame a slice of shared arenas holding the moves of both players
 * and their parts, plus one value slot per part. A frame resolves its parts in order: a part the
 * hook or the memo knows gets its value at once; one that neither knows is pushed, and when its
 * frame completes the walk resumes at that part, now memoised. When every part is valued the
 * frame sums each move's parts, makes the canonical form and memoises it.
 *
 * Short games have no cycles, so no position is pending twice on the stack; a family whose
 * moves did cycle would grow the stack until the positions limit refuses it. Bounds: at most
 * limits.positions components memoised (and frames on the stack), at most limits.held_moves
 * moves held, and at most limits.memory bytes in the memo, the stack and its arenas together
 * (memory.c); the store has its own memory cap. Any refusal empties the stack and keeps the
 * memo, which holds only finished values (except a refusal at the memory limit, after which the
 * memo is full and is emptied: forget_if_full): the search stays usable, and a later call reuses
 * everything solved before the failure. Progress: with limits.progress set, every
 * NB_PROGRESS_EVERY components memoised are reported (unit "values"), and a call that reported
 * says when it is over, as search.c does.
 */
#include "core/canon.h"
#include "internal.h"

#include "base/hash.h"

#include <stdlib.h>
#include <string.h>

typedef struct canon_entry {
  uint64_t lo, hi; /* the component */
  nb_cg value;     /* its canonical value */
  uint32_t used;   /* 1 for an occupied slot */
} canon_entry;

typedef struct canon_frame {
  nb_pos pos;    /* the component being valued */
  size_t moves;  /* offset of its moves (Left's, then Right's) in the move arena */
  size_t nleft;  /* how many of them are Left's */
  size_t count;  /* moves in all */
  size_t parts;  /* offset of their parts in the part arena (and of their values) */
  size_t nparts; /* parts in all */
  size_t cursor; /* the next part to value, as an offset in the part arena */
} canon_frame;

struct nb_canon {
  const nb_game *game;           /* whose moves define the values */
  nb_cg_store *store;            /* where the values are made (borrowed) */
  nb_limits limits;              /* components memoised and moves held, at most */
  size_t max_parts;              /* the most parts one move leaves (at least 1) */
  const nb_partizan_facet *eval; /* the family's partizan facet, or one with every hook NULL */
  canon_entry *table;    /* the memo: open addressing, linear probing, power-of-two capacity */
  size_t capacity, used; /* slots, and slots in use */
  canon_frame *stack;    /* the explicit DFS stack */
  size_t depth, stack_cap;
  nb_move *moves; /* the moves of the frames on the stack, in stack order */
  size_t moves_len, moves_cap;
  nb_pos *parts; /* their parts */
  size_t parts_len, parts_cap;
  nb_cg *vals; /* the value of each part, once resolved (same offsets as parts) */
  size_t vals_cap;
  nb_cg *side[2]; /* scratch: the option values of the frame being finished */
  size_t side_cap[2];
  bool reported; /* limits.progress was called during the current call */
  nb_memory mem; /* the bytes of the arrays above, within limits.memory */
};

/* The facet of a family without one: every hook absent. */
static const nb_partizan_facet no_eval = {0};

/* The table's view of an entry (base/hash.h): when a probe for a component stops, and the hash
 * an entry was found by. */
static bool slot_empty(const void *slot) {
  return !((const canon_entry *)slot)->used;
}

static bool slot_stop(const void *slot, const void *key) {
  const canon_entry *e = slot;
  const nb_pos *p = key;
  return !e->used || (e->lo == p->lo && e->hi == p->hi);
}

static uint64_t slot_hash(const void *ctx, const void *slot) {
  (void)ctx;
  const canon_entry *e = slot;
  return nb_hash_pair(e->lo, e->hi);
}

nb_status nb_canon_new(const nb_game *g, nb_cg_store *store, const nb_limits *limits,
                       nb_canon **out, nb_error *err) {
  nb_canon *c = nb_alloc(1, sizeof *c, err);
  if (c == NULL) return NB_EINTERNAL;
  c->game = g;
  c->store = store;
  c->limits = limits ? *limits : nb_limits_default();
  c->max_parts = g->family->max_parts > 1 ? g->family->max_parts : 1;
  c->mem = (nb_memory){.limit = c->limits.memory, .what = "the value search"};
  c->eval = g->family->partizan_eval != NULL ? g->family->partizan_eval : &no_eval;
  c->capacity = 1024;
  nb_status st = nb_memory_check(&c->mem, c->capacity, sizeof *c->table, err);
  if (st == NB_OK) c->table = nb_alloc(c->capacity, sizeof *c->table, err);
  if (c->table == NULL) {
    free(c);
    return st != NB_OK ? st : NB_EINTERNAL;
  }
  nb_memory_grew(&c->mem, 0, c->capacity * sizeof *c->table);
  *out = c;
  return NB_OK;
}

void nb_canon_free(nb_canon *c) {
  if (c == NULL) return;
  free(c->table);
  free(c->stack);
  free(c->moves);
  free(c->parts);
  free(c->vals);
  free(c->side[0]);
  free(c->side[1]);
  free(c);
}

size_t nb_canon_count(const nb_canon *c) {
  return c->used;
}

/* --- the memo -------------------------------------------------------------------------------- */

/* The slot of p, or the empty slot where it belongs. */
static size_t find(const nb_canon *c, nb_pos p) {
  return nb_table_find(c->table, c->capacity, sizeof *c->table, nb_hash_pair(p.lo, p.hi), &p,
                       slot_stop);
}

static nb_status grow_table(nb_canon *c, nb_error *err) {
  canon_entry *old = c->table;
  size_t old_cap = c->capacity;
  nb_status st = nb_memory_check(&c->mem, old_cap * 2, sizeof *old, err);
  if (st != NB_OK) return st;
  canon_entry *table = nb_alloc(old_cap * 2, sizeof *table, err);
  if (table == NULL) return NB_EINTERNAL;
  nb_memory_grew(&c->mem, old_cap * sizeof *old, old_cap * 2 * sizeof *old);
  nb_table_rehash(table, old_cap * 2, old, old_cap, sizeof *old, NULL, slot_empty, slot_hash);
  c->table = table;
  c->capacity = old_cap * 2;
  free(old);
  return NB_OK;
}

static nb_status memo_put(nb_canon *c, nb_pos p, nb_cg v, nb_error *err) {
  if (c->used >= c->limits.positions)
    return nb_fail(err, NB_EDATA,
                   "position too large for the value search (more than %zu positions; --positions "
                   "N raises it)",
                   c->limits.positions);
  nb_status st = nb_table_needs_room(c->used, c->capacity) ? grow_table(c, err) : NB_OK;
  if (st != NB_OK) return st;
  c->table[find(c, p)] = (canon_entry){.lo = p.lo, .hi = p.hi, .value = v, .used = 1};
  if (++c->used % NB_PROGRESS_EVERY == 0 && c->limits.progress != NULL) {
    c->reported = true;
    c->limits.progress(c->limits.progress_ctx, "values", c->used, c->limits.positions, false);
  }
  return NB_OK;
}

/* The position valued for p (its key: p, or a q with G(p) = -G(q) and a lesser encoding), and
 * whether p's value is the key's negative. */
static nb_pos key_of(const nb_canon *c, nb_pos p, bool *negated) {
  nb_pos q;
  bool (*negative)(const nb_game *, nb_pos, nb_pos *) = c->eval->negative;
  *negated = negative != NULL && negative(c->game, p, &q) &&
             (q.hi < p.hi || (q.hi == p.hi && q.lo < p.lo));
  return *negated ? q : p;
}

/* The value of p if the memo, the family's hook or the memo under p's key knows it (*known);
 * else *key is the position to value (key_of). What the hook or the key gives is memoised under
 * p itself (room permitting), so that each later look-up of p is one probe. */
static nb_status lookup(nb_canon *c, void *cache, nb_pos p, nb_cg *out, bool *known, nb_pos *key,
                        nb_error *err) {
  nb_status (*canonical)(const nb_game *, void *, nb_cg_store *, nb_pos, nb_cg *, bool *,
                         nb_error *) = c->eval->canonical;
  const canon_entry *e = &c->table[find(c, p)];
  *known = e->used;
  if (e->used) {
    *out = e->value;
    return NB_OK;
  }
  nb_status st = NB_OK;
  bool negated = false;
  if (canonical != NULL) st = canonical(c->game, cache, c->store, p, out, known, err);
  if (st == NB_OK && !*known) {
    *key = key_of(c, p, &negated);
    e = negated ? &c->table[find(c, *key)] : e;
    *known = negated && e->used;
    if (*known) st = nb_cg_negate(c->store, e->value, out, err);
  }
  if (st == NB_OK && *known && c->used < c->limits.positions) st = memo_put(c, p, *out, err);
  return st;
}

/* --- the stack ------------------------------------------------------------------------------- */

/* Pushes a frame for p with the moves of both players (Left's first) in the arenas. */
static nb_status push(nb_canon *c, nb_pos p, nb_error *err) {
  const nb_family *fam = c->game->family;
  size_t bound = fam->move_bound(c->game, p);
  if (c->depth >= c->limits.positions)
    return nb_fail(err, NB_EDATA,
                   "position too large for the value search (more than %zu positions; --positions "
                   "N raises it)",
                   c->limits.positions);
  if (bound > (c->limits.held_moves - c->moves_len) / 2)
    return nb_fail(err, NB_EDATA,
                   "position too large for the value search (more than %zu moves held at once)",
                   c->limits.held_moves);
  size_t room = 2 * bound * c->max_parts;
  nb_memory *m = &c->mem;
  nb_status st =
      nb_grow_within(m, (void **)&c->stack, &c->stack_cap, c->depth, 1, sizeof *c->stack, 64, err);
  if (st == NB_OK)
    st = nb_grow_within(m, (void **)&c->moves, &c->moves_cap, c->moves_len, 2 * bound,
                        sizeof *c->moves, 256, err);
  if (st == NB_OK)
    st = nb_grow_within(m, (void **)&c->parts, &c->parts_cap, c->parts_len, room, sizeof *c->parts,
                        256, err);
  if (st == NB_OK)
    st = nb_grow_within(m, (void **)&c->vals, &c->vals_cap, c->parts_len, room, sizeof *c->vals,
                        256, err);
  if (st != NB_OK) return st;
  canon_frame *f = &c->stack[c->depth++];
  *f = (canon_frame){.pos = p, .moves = c->moves_len, .parts = c->parts_len};
  nb_status (*moves)(const nb_game *, nb_pos, nb_player, nb_moves *, nb_error *) =
      c->eval->value_moves != NULL ? c->eval->value_moves : fam->moves; /* see the file's top */
  nb_moves out = {.move = c->moves + f->moves, .part = c->parts + f->parts};
  st = moves(c->game, p, NB_LEFT, &out, err);
  if (st != NB_OK) return st; /* the caller empties the stack, this frame with it */
  NB_ASSERT(out.count <= bound);
  f->nleft = out.count;
  nb_moves right = {.move = out.move + out.count, .part = out.part + out.nparts};
  if ((st = moves(c->game, p, NB_RIGHT, &right, err)) != NB_OK) return st;
  NB_ASSERT(right.count <= bound);
  f->count = out.count + right.count;
  f->nparts = out.nparts + right.nparts;
  f->cursor = f->parts;
  c->moves_len = f->moves + f->count;
  c->parts_len = f->parts + f->nparts;
  return NB_OK;
}

/* Makes room for n option values on one side of the scratch. */
static nb_status side_room(nb_canon *c, int side, size_t n, nb_error *err) {
  return nb_grow_within(&c->mem, (void **)&c->side[side], &c->side_cap[side], 0, n, sizeof(nb_cg),
                        64, err);
}

/* The top frame has every part valued: makes its canonical value, memoises it, pops it. */
static nb_status finish(nb_canon *c, nb_cg *out, nb_error *err) {
  const canon_frame *f = &c->stack[c->depth - 1];
  nb_status st = side_room(c, 0, f->nleft, err);
  if (st == NB_OK) st = side_room(c, 1, f->count - f->nleft, err);
  size_t at = f->parts;
  for (size_t i = 0; st == NB_OK && i < f->count; i++) {
    uint32_t k = c->moves[f->moves + i].parts;
    nb_cg *slot = i < f->nleft ? &c->side[0][i] : &c->side[1][i - f->nleft];
    if (k == 1) /* most moves leave one part: its value, with no call to sum */
      *slot = c->vals[at];
    else
      st = nb_cg_sum(c->store, c->vals + at, k, slot, err);
    at += k;
  }
  if (st == NB_OK)
    st = nb_cg_from_options(c->store, c->side[0], f->nleft, c->side[1], f->count - f->nleft, out,
                            err);
  if (st == NB_OK) st = memo_put(c, f->pos, *out, err);
  if (st != NB_OK) return st;
  c->moves_len = f->moves;
  c->parts_len = f->parts;
  c->depth--;
  return NB_OK;
}

/* Runs the stack down to empty; *out receives the value of the bottom frame. */
static nb_status run(nb_canon *c, void *cache, nb_cg *out, nb_error *err) {
  while (c->depth > 0) {
    canon_frame *f = &c->stack[c->depth - 1];
    nb_pos child = {0, 0};
    bool pending = false;
    for (; f->cursor < f->parts + f->nparts; f->cursor++) {
      bool known;
      nb_status st =
          lookup(c, cache, c->parts[f->cursor], &c->vals[f->cursor], &known, &child, err);
      if (st != NB_OK) return st;
      if (!known) {
        pending = true;
        break;
      }
    }
    nb_status st = pending ? push(c, child, err) : finish(c, out, err);
    if (st != NB_OK) return st;
  }
  return NB_OK;
}

/* Returns st, after a refusal at the memory limit having emptied the memo: full, it could take
 * nothing new, and every later call would be refused too. Its values stay in the store. */
static nb_status forget_if_full(nb_canon *c, nb_status st) {
  if (c->mem.full) {
    memset(c->table, 0, c->capacity * sizeof *c->table);
    c->used = 0;
    c->mem.full = false;
  }
  return st;
}

nb_status nb_canon_value(nb_canon *c, void *cache, nb_pos p, nb_cg *out, nb_error *err) {
  bool known;
  nb_pos key;
  nb_status st = lookup(c, cache, p, out, &known, &key, err);
  if (st != NB_OK || known) return forget_if_full(c, st);
  st = push(c, key, err);
  if (st == NB_OK) st = run(c, cache, out, err);
  if (c->reported) { /* the progress display learns that this search is over */
    c->reported = false;
    c->limits.progress(c->limits.progress_ctx, "values", c->used, c->limits.positions, true);
  }
  if (st != NB_OK) {
    c->depth = c->moves_len = c->parts_len = 0; /* the memo keeps what is done */
    return forget_if_full(c, st);
  }
  st = lookup(c, cache, p, out, &known, &key, err); /* p's value from its key's */
  return forget_if_full(c, st);
}
