/*
 * toads.c: Toads and Frogs and Elephants and Rhinos, the `toads` and `elephants` families: one
 * strip game on the strip layer (src/grid/strip.h), with or without jumps.
 *
 * Rules. A strip of cells, each empty or holding a piece of Left's (a toad, or an elephant) or of
 * Right's (a frog, or a rhino). Left moves one of her pieces one cell right into an empty cell;
 * Right moves one of his one cell left the same way. In Toads and Frogs (Winning Ways, chapter 1)
 * a piece may instead jump over one opponent piece just ahead of it into the empty cell beyond;
 * in Elephants and Rhinos (Albert, Nowakowski and Wolfe, Lessons in Play) it may not. A player
 * with no move loses. The two games differ only there (`rules.jumps`, and so the block that never
 * changes, `rules.block`), which each family's create puts beside its game.
 *
 * Text. A strip is one argument of '.' (empty), 't' (Left's piece: a toad, or an elephant, as the
 * issue's notation shares the letter) and 'f' (Right's), in either case: `tt.ff`; several strips
 * (one per argument) are a sum. A move is written by the cell of the piece that moves, 1-based on
 * the strip as printed: `2` (`2:2` in a sum); a piece has at most one move (one step, or else one
 * jump).
 *
 * Pieces that never move. A Right piece with only Right pieces to its left, up to the left end,
 * never moves (it would need an empty cell to its left, or, jumping, a Left piece to jump), and no
 * piece ever enters its cell; so leading Right pieces, and likewise trailing Left pieces, are cut
 * off: the end of the strip does what they did. And a block of cells never changes:
 * - with jumps, four cells "ttff": the toads would need the frog cells to empty, the frogs the
 *   toad cells (a toad moves only into an empty cell or over a frog into an empty one: the left
 *   toad is blocked by the right one, the right toad by two frogs; symmetrically for the frogs);
 * - without, two cells "tf": each piece's only move is into the other's cell.
 * None of the block's pieces ever moves, and no piece enters its cells; for the cells left of it
 * the block is as the right end of the strip (a Left piece needs an empty cell, or with jumps a
 * Right piece and an empty cell, ahead), and for those right of it as the left end. So a strip is
 * the sum of its parts between such blocks, each part cut of its leading Right pieces and trailing
 * Left pieces, and parts with no piece (all empty) dropped. A move leaves those parts: the value
 * search meets each under one key. The typed strip is kept as typed, so that the first moves are
 * numbered on it.
 *
 * Negative. The strip read right to left, the two sides' pieces exchanged, exchanges the players'
 * moves piece for piece (a step or jump right is a step or jump left in the mirror), so it is the
 * negative (induction on the position): strip_negative gives it to the value search.
 *
 * Sizes: two bits a cell, so a strip holds at most 60 cells.
 */
#include "grid/strip.h"

#include <stdlib.h>

enum {
  BITS = 2,
  EMPTY = 0,
  TOAD = 1, /* Left's: a toad, or an elephant */
  FROG = 2, /* Right's: a frog, or a rhino */
  MAX_CELLS = NB_STRIP_MAX / BITS,
  MAX_PARTS = MAX_CELLS / 2 + 1 /* parts are separated by blocks of at least two cells */
};

/* What tells the two games apart. */
typedef struct rules {
  bool jumps;        /* a piece may jump one opponent piece just ahead (Toads and Frogs) */
  unsigned block;    /* the cells of a block that never changes: 4 ("ttff") or 2 ("tf") */
  const char *strip; /* what a strip is, for the messages of the parser */
} rules;

static const rules toads_rules = {
    .jumps = true,
    .block = 4,
    .strip = "a strip of '.' (empty), 't' (toads) and 'f' (frogs), such as 'tt.ff'"};
static const rules elephants_rules = {
    .jumps = false,
    .block = 2,
    .strip = "a strip of '.' (empty), 't' (elephants) and 'f' (rhinos), such as 't..f'"};

/* A game of either family: the contract's game, then the rules its create chose. (Not the
 * family pointer: a harness or impartial:GAME may open the game under a copy of the family.) */
typedef struct strip_game {
  nb_game base;     /* first, so that the contract's game is this game */
  const rules *how; /* toads_rules or elephants_rules */
} strip_game;

static const rules *rules_of(const nb_game *g) {
  return ((const strip_game *)g)->how;
}

static const char symbols[] = ".tfTF";
static const uint8_t state_of[5] = {EMPTY, TOAD, FROG, TOAD, FROG};
static const char printed[] = ".tf";

/* --- parts ----------------------------------------------------------------------------------- */

/* Cells from..to-1 of s cut of leading Right pieces and trailing Left pieces, appended to parts
 * unless no piece is left. */
static void add_part(const nb_strip *s, unsigned from, unsigned to, nb_pos *parts, uint32_t *n) {
  while (from < to && s->cell[from] == FROG)
    from++;
  while (to > from && s->cell[to - 1] == TOAD)
    to--;
  bool piece = false;
  for (unsigned i = from; i < to && !piece; i++)
    piece = s->cell[i] != EMPTY;
  if (!piece) return;
  nb_strip part = nb_strip_slice(s, from, to);
  parts[(*n)++] = nb_strip_pack(&part);
}

/* Whether cells i.. of s hold a block of r: half its cells Left's pieces, then half Right's. */
static bool block_at(const nb_strip *s, unsigned i, const rules *r) {
  if (i + r->block > s->n) return false;
  for (unsigned k = 0; k < r->block; k++)
    if (s->cell[i + k] != (k < r->block / 2 ? TOAD : FROG)) return false;
  return true;
}

/* The parts of s between blocks (see the top of this file); returns how many. */
static uint32_t split(const nb_strip *s, const rules *r, nb_pos *parts) {
  uint32_t n = 0;
  unsigned from = 0;
  for (unsigned i = 0; i + r->block <= s->n; i++)
    if (block_at(s, i, r)) {
      add_part(s, from, i, parts, &n);
      from = i + r->block;
      i += r->block - 1;
    }
  add_part(s, from, s->n, parts, &n);
  return n;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status create(const char *name, const rules *how, const char *params, nb_game **out,
                        nb_error *err) {
  nb_status st = nb_grid_game_create_sized(name, params, sizeof(strip_game), out, err);
  if (st == NB_OK) ((strip_game *)*out)->how = how;
  return st;
}

static nb_status toads_create(const char *params, nb_game **out, nb_error *err) {
  return create("toads", &toads_rules, params, out, err);
}

static nb_status elephants_create(const char *params, nb_game **out, nb_error *err) {
  return create("elephants", &elephants_rules, params, out, err);
}

static nb_status strip_parse(const nb_game *g, const char *const *tokens, size_t count,
                             size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  for (size_t i = 0; i < count; i++) {
    nb_strip s;
    nb_status st = nb_strip_parse(tokens[i], first_arg + i, symbols, state_of, BITS,
                                  "'.', 't' or 'f'", rules_of(g)->strip, &s, err);
    if (st != NB_OK) return st;
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many strips (at most %zu)", cap);
    out[(*n)++] = nb_strip_pack(&s);
  }
  return NB_OK;
}

static int strip_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_strip s = nb_strip_unpack(p, BITS);
  return nb_strip_format(&s, printed, buf, cap);
}

/* One move at most a piece: at most the cells. */
static size_t strip_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return nb_strip_unpack(p, BITS).n;
}

/* Where the piece at i moves to, or -1: one step ahead into an empty cell, or, where r allows
 * jumps, a jump over one opponent piece into the empty cell beyond (ahead: right for Left's
 * pieces, left for Right's). */
static int target(const nb_strip *s, unsigned i, int step, const rules *r) {
  unsigned mine = s->cell[i], theirs = mine == TOAD ? FROG : TOAD;
  unsigned a = (unsigned)((int)i + step), b = (unsigned)((int)i + 2 * step);
  if (a < s->n && s->cell[a] == EMPTY) return (int)a;
  if (r->jumps && a < s->n && b < s->n && s->cell[a] == theirs && s->cell[b] == EMPTY)
    return (int)b;
  return -1;
}

/* The definition: `who` moves one of her pieces (Left's right, Right's left) one step, or (with
 * jumps) a jump over one opponent piece. Tag: the cell of the piece. */
static nb_status strip_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                             nb_error *err) {
  (void)err;
  const rules *r = rules_of(g);
  nb_pos parts[MAX_PARTS];
  nb_strip s = nb_strip_unpack(p, BITS);
  unsigned mine = who == NB_LEFT ? TOAD : FROG;
  int step = who == NB_LEFT ? 1 : -1;
  for (unsigned i = 0; i < s.n; i++) {
    if (s.cell[i] != mine) continue;
    int to = target(&s, i, step, r);
    if (to < 0) continue;
    nb_strip after = s;
    after.cell[i] = EMPTY;
    after.cell[to] = (uint8_t)mine;
    nb_moves_add(out, i, parts, split(&after, r, parts));
  }
  return NB_OK;
}

/* The strip after the move, cells in place (the display's: nb_family.in_place): the piece on
 * its new cell, the strip not cut into parts. */
static nb_status strip_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                                nb_pos *out, nb_error *err) {
  (void)err;
  nb_strip s = nb_strip_unpack(from, BITS);
  int to = target(&s, m->tag, who == NB_LEFT ? 1 : -1, rules_of(g));
  NB_ASSERT(to >= 0);
  s.cell[to] = s.cell[m->tag];
  s.cell[m->tag] = EMPTY;
  *out = nb_strip_pack(&s);
  return NB_OK;
}

/* "3": the piece on cell 3. */
static int strip_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                          char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u", m->tag + 1);
}

/* The strip reversed with the two sides' pieces exchanged, cut as parts are: the negative. */
static bool strip_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  nb_strip s = nb_strip_unpack(p, BITS), r = nb_strip_reverse(&s);
  for (unsigned i = 0; i < r.n; i++)
    r.cell[i] = r.cell[i] == TOAD ? FROG : r.cell[i] == FROG ? TOAD : EMPTY;
  nb_pos parts[MAX_PARTS];
  if (split(&r, rules_of(g), parts) != 1) return false; /* not one part: valued as is */
  *q = parts[0];
  return true;
}

static const nb_partizan_facet strip_values = {.negative = strip_negative};

/* No move, one piece, the textbook starts, a block that splits, cut ends, capitals, sums. */
static const nb_sample toads_samples[] = {
    {"toads", "tf"},      {"toads", "t."},       {"toads", "t.f"},   {"toads", "tt.ff"},
    {"toads", "ftt.f.t"}, {"toads", "t.ttff.f"}, {"toads", "TT..F"}, {"toads", "t.f .tf."},
    {"toads", "t.tf.ff"}, {NULL, NULL}};

/* No move, one piece, blocked pairs that split, cut ends, capitals, sums. */
static const nb_sample elephants_samples[] = {{"elephants", "tf"},         {"elephants", "t."},
                                              {"elephants", "t..f"},       {"elephants", "t.t..f"},
                                              {"elephants", "ft.tf..f"},   {"elephants", "T..F"},
                                              {"elephants", "t.f ..tf.f"}, {NULL, NULL}};

const nb_family nb_toads_family = {
    .abi = NB_ABI_VERSION,
    .name = "toads",
    .synopsis = "toads  Toads and Frogs: Left's toads move right, Right's frogs left, stepping or "
                "jumping one opponent",
    .position_help = "one strip per argument: '.' (empty), 't' (Left's toads) and 'f' (Right's "
                     "frogs), such as 'tt.ff'",
    .partizan = true,
    .sum_needs_index = true, /* "2" names no strip of a sum: "2:2" does */
    .create = toads_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = strip_parse,
    .format = strip_format,
    .joiner = " + ",
    .move_bound = strip_move_bound,
    .max_parts = MAX_PARTS,
    .moves = strip_moves,
    .describe = strip_describe,
    .in_place = strip_in_place,
    .partizan_eval = &strip_values,
    .samples = toads_samples,
};

const nb_family nb_elephants_family = {
    .abi = NB_ABI_VERSION,
    .name = "elephants",
    .synopsis = "elephants  Elephants and Rhinos: Left's elephants step right, Right's rhinos "
                "left, into empty cells",
    .position_help = "one strip per argument: '.' (empty), 't' (Left's elephants) and 'f' "
                     "(Right's rhinos), such as 't..f'",
    .partizan = true,
    .sum_needs_index = true,
    .create = elephants_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = strip_parse,
    .format = strip_format,
    .joiner = " + ",
    .move_bound = strip_move_bound,
    .max_parts = MAX_PARTS,
    .moves = strip_moves,
    .describe = strip_describe,
    .in_place = strip_in_place,
    .partizan_eval = &strip_values,
    .samples = elephants_samples,
};
