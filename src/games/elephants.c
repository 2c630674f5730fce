/*
 * elephants.c: Elephants and Rhinos, the `elephants` family: a strip game on the strip layer
 * (src/grid/strip.h), Toads and Frogs (toads.c) without the jumps.
 *
 * Rules (Albert, Nowakowski and Wolfe, Lessons in Play). A strip of cells, each empty, an
 * elephant (Left's) or a rhino (Right's). Left moves one elephant one cell right into an empty
 * cell; Right moves one rhino one cell left into an empty cell. A player with no move loses.
 *
 * Text. A strip is one argument of '.' (empty), 't' (an elephant: the elephants' letter, as the
 * issue's notation shares it) and 'f' (a rhino), in either case: `t..f`; several strips (one per
 * argument) are a sum. A move is written by the cell of the piece that moves, 1-based on the
 * strip as printed: `2` (`2:2` in a sum).
 *
 * Pieces that never move. A rhino with only rhinos to its left, up to the left end, never moves,
 * and no piece ever enters its cell: leading rhinos, and likewise trailing elephants, are cut
 * off. An elephant just left of a rhino ("tf") never moves (its only move is into the rhino's
 * cell), nor the rhino (into the elephant's), and no piece enters either cell; for the cells left
 * of the pair it is as the right end of the strip, for those right of it as the left end. So a
 * strip is the sum of its parts between such pairs, each cut of its leading rhinos and trailing
 * elephants, parts with no piece dropped. A move leaves those parts; the typed strip is kept as
 * typed, so that the first moves are numbered on it.
 *
 * Negative. The strip read right to left, elephants and rhinos exchanged, is the negative (the
 * players' moves exchanged piece for piece): elephants_negative gives it to the value search.
 *
 * Sizes: two bits a cell, so a strip holds at most 60 cells.
 */
#include "grid/strip.h"

#include <stdlib.h>

enum {
  BITS = 2,
  EMPTY = 0,
  TOAD = 1, /* Left's elephant */
  FROG = 2, /* Right's rhino */
  MAX_CELLS = NB_STRIP_MAX / BITS,
  MAX_PARTS = MAX_CELLS / 2 + 1 /* parts are separated by pairs of cells */
};

static const char symbols[] = ".tfTF";
static const uint8_t state_of[5] = {EMPTY, TOAD, FROG, TOAD, FROG};
static const char printed[] = ".tf";

/* --- parts ----------------------------------------------------------------------------------- */

/* Cells from..to-1 of s cut of leading rhinos and trailing elephants, appended to parts unless no
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

/* The parts of s between "tf" pairs (see the top of this file); returns how many. */
static uint32_t split(const nb_strip *s, nb_pos *parts) {
  uint32_t n = 0;
  unsigned from = 0;
  for (unsigned i = 0; i + 2 <= s->n; i++)
    if (s->cell[i] == TOAD && s->cell[i + 1] == FROG) {
      add_part(s, from, i, parts, &n);
      from = i + 2;
      i++;
    }
  add_part(s, from, s->n, parts, &n);
  return n;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status elephants_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("elephants", params, out, err);
}

static nb_status elephants_parse(const nb_game *g, const char *const *tokens, size_t count,
                                 size_t first_arg, nb_pos *out, size_t *n, size_t cap,
                                 nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    nb_strip s;
    nb_status st =
        nb_strip_parse(tokens[i], first_arg + i, symbols, state_of, BITS, "'.', 't' or 'f'",
                       "a strip of '.' (empty), 't' (elephants) and 'f' (rhinos), such as "
                       "'t..f'",
                       &s, err);
    if (st != NB_OK) return st;
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many strips (at most %zu)", cap);
    out[(*n)++] = nb_strip_pack(&s);
  }
  return NB_OK;
}

static int elephants_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_strip s = nb_strip_unpack(p, BITS);
  return nb_strip_format(&s, printed, buf, cap);
}

/* One move at most a piece: at most the cells. */
static size_t elephants_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return nb_strip_unpack(p, BITS).n;
}

/* Where the piece at i moves to, or -1: one step ahead into an empty cell (ahead: right for an
 * elephant, left for a rhino). */
static int target(const nb_strip *s, unsigned i, int step) {
  unsigned a = (unsigned)((int)i + step);
  return a < s->n && s->cell[a] == EMPTY ? (int)a : -1;
}

/* The definition: `who` moves one of her pieces (elephants right, rhinos left) one step into an
 * empty cell. Tag: the cell of the piece. */
static nb_status elephants_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
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
static nb_status elephants_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
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
static int elephants_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                              char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u", m->tag + 1);
}

/* The strip reversed with elephants and rhinos exchanged, cut as parts are: the negative. */
static bool elephants_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  nb_strip s = nb_strip_unpack(p, BITS), r = nb_strip_reverse(&s);
  for (unsigned i = 0; i < r.n; i++)
    r.cell[i] = r.cell[i] == TOAD ? FROG : r.cell[i] == FROG ? TOAD : EMPTY;
  nb_pos parts[MAX_PARTS];
  if (split(&r, parts) != 1) return false; /* p is not one part: the search values it as is */
  *q = parts[0];
  return true;
}

static const nb_partizan_facet elephants_values = {.negative = elephants_negative};

/* No move, one piece, blocked pairs that split, cut ends, capitals, sums. */
static const nb_sample elephants_samples[] = {{"elephants", "tf"},         {"elephants", "t."},
                                              {"elephants", "t..f"},       {"elephants", "t.t..f"},
                                              {"elephants", "ft.tf..f"},   {"elephants", "T..F"},
                                              {"elephants", "t.f ..tf.f"}, {NULL, NULL}};

const nb_family nb_elephants_family = {
    .abi = NB_ABI_VERSION,
    .name = "elephants",
    .synopsis = "elephants  Elephants and Rhinos: Left's elephants step right, Right's rhinos "
                "left, into empty cells",
    .position_help = "one strip per argument: '.' (empty), 't' (Left's elephants) and 'f' "
                     "(Right's rhinos), such as 't..f'",
    .partizan = true,
    .sum_needs_index = true, /* "2" names no strip of a sum: "2:2" does */
    .create = elephants_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = elephants_parse,
    .format = elephants_format,
    .joiner = " + ",
    .move_bound = elephants_move_bound,
    .max_parts = MAX_PARTS,
    .moves = elephants_moves,
    .describe = elephants_describe,
    .in_place = elephants_in_place,
    .partizan_eval = &elephants_values,
    .samples = elephants_samples,
};
