/*
 * toads.c: Toads and Frogs, the `toads` family: a strip game on the strip layer
 * (src/grid/strip.h).
 *
 * Rules (Winning Ways, chapter 1). A strip of cells, each empty, a toad (Left's) or a frog
 * (Right's). Left moves one toad one cell right into an empty cell, or jumps it over one frog
 * just right of it into the empty cell beyond; Right moves a frog the same way leftwards, over a
 * toad. A player with no move loses.
 *
 * Text. A strip is one argument of '.' (empty), 't' (a toad) and 'f' (a frog), in either case:
 * `tt.ff`; several strips (one per argument) are a sum. A move is written by the cell of the
 * piece that moves, 1-based on the strip as printed: `2` (`2:2` in a sum); a piece has at most
 * one move (one step, or else one jump).
 *
 * Pieces that never move. A frog with only frogs to its left, up to the left end, never moves (it
 * would need an empty cell to its left, or a toad to jump), and no piece ever enters its cell;
 * so leading frogs, and likewise trailing toads, are cut off: the end of the strip does what they
 * did. And four cells "ttff" never change: the toads would need the frog cells to empty, the frogs
 * the toad cells (a toad moves only into an empty cell or over a frog into an empty one, the left
 * toad is blocked by the right one, the right toad by two frogs; symmetrically for the frogs), so
 * none of the four ever moves; for the cells left of them the block is as the right end of the
 * strip (a toad needs an empty cell or a frog and an empty cell ahead), and for those right of it
 * as the left end. So a strip is the sum of its parts between such blocks, each part cut of its
 * leading frogs and trailing toads, and parts with no piece (all empty) dropped. A move leaves
 * those parts: the value search meets each under one key. The typed strip is kept as typed, so
 * that the first moves are numbered on it.
 *
 * Negative. The strip read right to left, toads and frogs exchanged, exchanges the players'
 * moves piece for piece (a toad's step right is a frog's step left in the mirror), so it is the
 * negative (induction on the position): toads_negative gives it to the value search.
 *
 * Sizes: two bits a cell, so a strip holds at most 60 cells.
 */
#include "grid/strip.h"

#include <stdlib.h>

enum {
  BITS = 2,
  EMPTY = 0,
  TOAD = 1, /* Left's */
  FROG = 2, /* Right's */
  MAX_CELLS = NB_STRIP_MAX / BITS,
  MAX_PARTS = MAX_CELLS / 4 + 1 /* parts are separated by blocks of four cells */
};

static const char symbols[] = ".tfTF";
static const uint8_t state_of[5] = {EMPTY, TOAD, FROG, TOAD, FROG};
static const char printed[] = ".tf";

/* --- parts ----------------------------------------------------------------------------------- */

/* Cells from..to-1 of s cut of leading frogs and trailing toads, appended to parts unless no
 * piece is left. */
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

/* The parts of s between "ttff" blocks (see the top of this file); returns how many. */
static uint32_t split(const nb_strip *s, nb_pos *parts) {
  uint32_t n = 0;
  unsigned from = 0;
  for (unsigned i = 0; i + 4 <= s->n; i++)
    if (s->cell[i] == TOAD && s->cell[i + 1] == TOAD && s->cell[i + 2] == FROG &&
        s->cell[i + 3] == FROG) {
      add_part(s, from, i, parts, &n);
      from = i + 4;
      i += 3;
    }
  add_part(s, from, s->n, parts, &n);
  return n;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status toads_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("toads", params, out, err);
}

static nb_status toads_parse(const nb_game *g, const char *const *tokens, size_t count,
                             size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    nb_strip s;
    nb_status st =
        nb_strip_parse(tokens[i], first_arg + i, symbols, state_of, BITS, "'.', 't' or 'f'",
                       "a strip of '.' (empty), 't' (toads) and 'f' (frogs), such as "
                       "'tt.ff'",
                       &s, err);
    if (st != NB_OK) return st;
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many strips (at most %zu)", cap);
    out[(*n)++] = nb_strip_pack(&s);
  }
  return NB_OK;
}

static int toads_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_strip s = nb_strip_unpack(p, BITS);
  return nb_strip_format(&s, printed, buf, cap);
}

/* One move at most a piece: at most the cells. */
static size_t toads_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return nb_strip_unpack(p, BITS).n;
}

/* Where the piece at i moves to, or -1: one step ahead into an empty cell, or a jump over one
 * opponent piece into the empty cell beyond (ahead: right for a toad, left for a frog). */
static int target(const nb_strip *s, unsigned i, int step) {
  unsigned mine = s->cell[i], theirs = mine == TOAD ? FROG : TOAD;
  unsigned a = (unsigned)((int)i + step), b = (unsigned)((int)i + 2 * step);
  if (a < s->n && s->cell[a] == EMPTY) return (int)a;
  if (a < s->n && b < s->n && s->cell[a] == theirs && s->cell[b] == EMPTY) return (int)b;
  return -1;
}

/* The definition: `who` moves one of her pieces (toads right, frogs left) one step, or a jump
 * over one opponent piece. Tag: the cell of the piece. */
static nb_status toads_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                             nb_error *err) {
  (void)g;
  (void)err;
  nb_pos parts[MAX_PARTS];
  nb_strip s = nb_strip_unpack(p, BITS);
  unsigned mine = who == NB_LEFT ? TOAD : FROG;
  int step = who == NB_LEFT ? 1 : -1;
  for (unsigned i = 0; i < s.n; i++) {
    if (s.cell[i] != mine) continue;
    int to = target(&s, i, step);
    if (to < 0) continue;
    nb_strip after = s;
    after.cell[i] = EMPTY;
    after.cell[to] = (uint8_t)mine;
    nb_moves_add(out, i, parts, split(&after, parts));
  }
  return NB_OK;
}

/* The strip after the move, cells in place (the display's: nb_family.in_place): the piece on
 * its new cell, the strip not cut into parts. */
static nb_status toads_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                                nb_pos *out, nb_error *err) {
  (void)g;
  (void)err;
  nb_strip s = nb_strip_unpack(from, BITS);
  int to = target(&s, m->tag, who == NB_LEFT ? 1 : -1);
  NB_ASSERT(to >= 0);
  s.cell[to] = s.cell[m->tag];
  s.cell[m->tag] = EMPTY;
  *out = nb_strip_pack(&s);
  return NB_OK;
}

/* "3": the piece on cell 3. */
static int toads_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                          char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u", m->tag + 1);
}

/* The strip reversed with toads and frogs exchanged, cut as parts are: the negative. */
static bool toads_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  nb_strip s = nb_strip_unpack(p, BITS), r = nb_strip_reverse(&s);
  for (unsigned i = 0; i < r.n; i++)
    r.cell[i] = r.cell[i] == TOAD ? FROG : r.cell[i] == FROG ? TOAD : EMPTY;
  nb_pos parts[MAX_PARTS];
  if (split(&r, parts) != 1) return false; /* p is not one part: the search values it as is */
  *q = parts[0];
  return true;
}

static const nb_partizan_facet toads_values = {.negative = toads_negative};

/* No move, one piece, the textbook starts, a block that splits, cut ends, capitals, sums. */
static const nb_sample toads_samples[] = {
    {"toads", "tf"},      {"toads", "t."},       {"toads", "t.f"},   {"toads", "tt.ff"},
    {"toads", "ftt.f.t"}, {"toads", "t.ttff.f"}, {"toads", "TT..F"}, {"toads", "t.f .tf."},
    {"toads", "t.tf.ff"}, {NULL, NULL}};

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
    .parse = toads_parse,
    .format = toads_format,
    .joiner = " + ",
    .move_bound = toads_move_bound,
    .max_parts = MAX_PARTS,
    .moves = toads_moves,
    .describe = toads_describe,
    .in_place = toads_in_place,
    .partizan_eval = &toads_values,
    .samples = toads_samples,
};
