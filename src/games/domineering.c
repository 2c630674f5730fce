/*
 * domineering.c: Domineering, the `domineering` family.
 *
 * Rules. A board of cells, each empty or filled. Left places a vertical domino on two empty
 * cells one above the other, Right a horizontal one on two empty cells side by side (CGSuite's
 * convention); the cells become filled. A player with no move loses. A board is written as its
 * rows, top first, separated by '/', with '.' for an empty cell and '#' for a filled one:
 * `..#/.../...`. Several boards (one per argument) are a sum.
 *
 * Moves are written by the domino's first cell, 1-based: `v2,3` is Left's domino on rows 2 and
 * 3 of column 3, `h1,1` Right's on columns 1 and 2 of row 1, counted on the board as printed.
 *
 * Regions. Cells that are not orthogonally connected through empty cells never share a domino,
 * so a board is the sum of its regions (the maximal connected sets of empty cells), and a move
 * leaves the regions of the board it makes: the family's moves may leave several parts. A region
 * of one cell has no move for either player (it is 0) and is dropped. Each region is written
 * normalised, which is what lets the value search memoise well (equal keys, equal values):
 *   - cropped to its bounding box (the filled cells around it change nothing);
 *   - of its four reflections (left-right, top-bottom, both), the one with the least encoding.
 *     Reflections map vertical dominoes to vertical ones and horizontal to horizontal, so they
 *     keep every move of both players: the reflected board is the same game. Transposing does
 *     not: it swaps vertical and horizontal, so a transposed board is the negative of the board
 *     (Left's moves become Right's), and is not a normal form of it.
 * The value search takes its moves from dom_value_moves, which leaves out some moves proven
 * dominated (dominated_starts: a domino at the end of a one-player run of three cells); every
 * other use of the moves (listing, judging, playing) gets them all.
 *
 * A board given on the command line stays as typed (so the first moves are numbered on the
 * board the user wrote); the boards that moves leave are normalised regions, the memo's keys.
 * What the user sees is kept apart from them: dom_in_place (nb_family.in_place) gives the board
 * after a move whole, the domino's two cells filled in place, and `play` and `moves` keep that
 * board as their position, so every move is numbered on the board as the user wrote it (the
 * board and the move's regions are one game: test_conformance checks their values equal).
 *
 * The board machinery is the grid layer's (src/grid/grid.h): a board is a grid of one bit per
 * cell, set iff the cell is empty, encoded by its codec (width - 1 in hi bits 56..59, height - 1
 * in hi bits 60..63, bit r * width + c of the 120 bits lo, hi[0..55] for cell (r, c)); its text
 * is the grid's with '#' for state 0 and '.' for 1; regions and normal forms (the four
 * reflections) are the grid's, on boards that fit one word (nb_grid_word_*) the fast path. The
 * height is the most significant field because the value search values whichever of a board and
 * its transpose has the lesser encoding (dom_negative): the one with fewer rows, whose regions
 * are then normalised in fewer row steps (2% fewer instructions on the calibration case than
 * with the width there). Boards hold at most 120 cells and at most 16 rows and 16 columns (so
 * 10 x 12, 8 x 15, 11 x 10 fit).
 */
#include "cgt/cgt.h"
#include "games/partizan.h"
#include "grid/grid.h"

#include <stdlib.h>
#include <string.h>

enum {
  MAX_CELLS = NB_GRID_POS_BITS /* most cells: one bit each */
};

/* A board's text: '#' is state 0 (filled), '.' state 1 (empty). */
static const nb_grid_syntax syntax = {
    .symbols = "#.",
    .expected = "'.', '#' or '/'",
    .board = "rows of '.' (empty) and '#' (filled) separated by '/', such as '..#/.../...'",
    .bits = 1,
};

/* --- regions --------------------------------------------------------------------------------- */

/* The board's cells as one word, row r at bit r * (w + 1) (it fits: nb_grid_word_fits). */
static uint64_t word_of(const nb_grid *b) {
  uint64_t cells = 0;
  for (unsigned r = 0; r < b->h; r++)
    cells |= b->row[r] << (r * (b->w + 1));
  return cells;
}

/* The normalised regions of two cells or more of the cells of a board word of layout l. */
static uint32_t regions_in_word(uint64_t cells, nb_grid_layout l, nb_pos *parts) {
  uint32_t n = 0;
  while (cells != 0) {
    uint64_t region = nb_grid_word_fill(cells & -cells, cells, l.stride);
    cells &= ~region;
    if ((region & (region - 1)) == 0) continue; /* one cell: no move in it */
    parts[n++] = nb_grid_word_normalise(region, l);
  }
  return n;
}

/* Writes the normalised regions of b with at least two cells into parts; returns how many. */
static uint32_t regions(const nb_grid *b, nb_pos *parts) {
  if (nb_grid_word_fits(b->h, b->w))
    return regions_in_word(word_of(b), nb_grid_layout_of(b->w), parts);
  nb_grid_cells cells = {{0}}, found[NB_GRID_MAX_REGIONS];
  for (unsigned r = 0; r < b->h; r++)
    cells.row[r] = (uint16_t)b->row[r];
  unsigned count = nb_grid_regions(&cells, b->h, NB_GRID_ORTHOGONAL, found);
  uint32_t n = 0;
  for (unsigned i = 0; i < count; i++) {
    nb_grid region = nb_grid_make(b->h, b->w, 1);
    unsigned size = 0;
    for (unsigned r = 0; r < b->h; r++) {
      region.row[r] = found[i].row[r];
      size += nb_bit_count(found[i].row[r]);
    }
    if (size > 1) parts[n++] = nb_grid_normalise(&region, NB_GRID_REFLECTIONS);
  }
  return n;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status dom_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("domineering", params, out, err);
}

/* Reads one board (argument number arg) into *out. */
static nb_status parse_board(const nb_game *g, const char *text, size_t arg, nb_pos *out,
                             nb_error *err) {
  (void)g;
  static const uint8_t state[2] = {0, 1}; /* the symbols' indices are the states */
  nb_grid read;
  nb_status st = nb_grid_parse(text, arg, &syntax, &read, err);
  if (st != NB_OK) return st;
  nb_grid b = nb_grid_map(&read, 1, state);
  return nb_grid_encode(&b, out, err);
}

static nb_status dom_parse(const nb_game *g, const char *const *tokens, size_t count,
                           size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  return nb_grid_parse_each(g, tokens, count, first_arg, out, n, cap, parse_board, err);
}

static int dom_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_grid b = nb_grid_decode(p, 1);
  return nb_grid_format(&b, syntax.symbols, buf, cap);
}

/* The cells where a domino of `who` can start: Left's vertical ones (cell and the one below),
 * Right's horizontal ones (cell and the one to its right), as one mask per row. */
static void starts(const nb_grid *b, nb_player who, uint64_t out[NB_GRID_MAX_SIDE]) {
  for (unsigned r = 0; r < b->h; r++)
    if (who == NB_LEFT)
      out[r] = r + 1 < b->h ? b->row[r] & b->row[r + 1] : 0;
    else
      out[r] = b->row[r] & b->row[r] >> 1;
}

/* Each move's first cell is an empty cell, and no two of one player's moves share it. */
static size_t dom_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return (size_t)nb_bit_count(p.lo) + nb_bit_count(nb_grid_pos_cells_hi(p));
}

/* --- dominated moves ------------------------------------------------------------------------ */

/* Which moves the value search may leave out (dom_value_moves), by a theorem on cells that only
 * one player can ever use.
 *
 * Lemma. Let P be a board and Q a board holding P's cells and more, none of the cells of Q \ P
 * with a horizontal neighbour in Q. Then G(Q) >= G(P). Symmetrically, if none of the cells of
 * Q \ P has a vertical neighbour in Q, then G(Q) <= G(P).
 * Proof. G(Q) >= G(P) iff Left wins Q + (-P) when Right starts. In -P the roles are exchanged:
 * Left places horizontal dominoes of P, Right vertical ones. Left answers each of Right's
 * moves by the same domino on the other board: a horizontal domino of Q by the same one in -P,
 * a vertical domino of -P by the same one in Q. Invariant: after each answer the boards Q', P'
 * (Q' within Q) hold P' within Q', with Q' \ P' within Q \ P (true at the start, and both
 * boards lose the same two cells). The answer is legal: a horizontal domino of Q' meets no cell
 * of Q' \ P' (those have no horizontal neighbour in Q, nor so in Q'), so it lies in P'; a
 * vertical domino of P' lies in Q'. Left always has an answer, so Right is the first without a
 * move: Q + (-P) >= 0. The second half is the first with the players exchanged.
 *
 * Theorem (dominated moves). Let x, y, z be empty cells one below the other in a column of a
 * board B, the cell above x filled (or off the board), and the cells left and right of z
 * filled (or off the board). Then Left's move on {y, z} is dominated by her move on {x, y}:
 * G(B - {x, y}) >= G(B - {y, z}). Proof: with C = B - {x, y, z}, B - {x, y} is C and z, which
 * has no horizontal neighbour there, so G(B - {x, y}) >= G(C) (lemma); B - {y, z} is C and x,
 * which has no vertical neighbour there (above it: filled; below it: y, covered), so
 * G(C) >= G(B - {y, z}) (lemma). By the top-bottom reflection (which keeps the game), if
 * instead the cell below z is filled and the cells beside x, then {x, y} is dominated by
 * {y, z}. For Right the same with rows for columns and the two halves of the lemma exchanged:
 * x, y, z left to right in a row, the cell left of x filled and the cells above and below z
 * filled give G(B - {x, y}) <= G(B - {y, z}), so Right's move on {y, z} is dominated (Right
 * prefers the lesser option); and the left-right reflection of that.
 *
 * Which moves are left out: along the direction of the player's dominoes, call x, y, z the
 * cells of a run of three as above. The "first" rule leaves out {y, z} when the cell before x
 * is filled and z's sides are; the "last" rule leaves out {x, y} when the cell after z is filled
 * and x's sides are, unless the first rule holds for the same three cells (then the two
 * options are equal, each dominating the other: only {y, z} is left out). Each move left out
 * is dominated by one kept. The move that dominates by the first rule, {x, y}, is not left out
 * by the first rule (its triple would start at the cell before x, filled) nor by the last (its
 * triple would be x, y, z, where the first rule holds). The move that dominates by the last
 * rule, {y, z}, is not left out by the last rule (its triple would end at the cell after z,
 * filled) nor by the first (its triple would be x, y, z, excluded). So the options
 * kept dominate the ones left out, and the canonical value is unchanged (canon.c). On the
 * calibration case (README, Benchmarks), 14% fewer instructions (19% fewer moves made).
 *
 * Why no other pairs: the proof walks from B - m1 down to B - m2 one cell at a time, removing
 * cells with no horizontal neighbour and adding cells with no vertical neighbour (the lemma's
 * two halves); walked directly, it removes m2's cells and adds m1's. Two cells of one domino of
 * Left's are each other's vertical neighbours, so they cannot both be added: one must be m2's too.
 * The two dominoes share a cell, and the conditions above are then the lemma's exactly (Right's
 * likewise).
 *
 * In a board word (nb_grid_word_fits): cells along the direction are `step` bits apart (the stride
 * for Left, 1 for Right), across it `side` bits apart; the spare column and the ends of the word
 * read as filled cells, as the board's edges are. The result: the first cells of the moves to
 * leave out. */
static uint64_t dominated_starts(uint64_t cells, unsigned step, unsigned side) {
  uint64_t starts = cells & cells >> step;
  uint64_t first = cells & ~(cells << step), last = cells & ~(cells >> step); /* run ends */
  uint64_t alone = cells & ~(cells << side) & ~(cells >> side); /* both sides filled */
  uint64_t by_first = starts & first << step & alone >> step;   /* start y: x first, z alone */
  uint64_t by_last = starts & alone & last >> 2 * step & ~(by_first >> step); /* start x */
  return by_first | by_last;
}

/* --- moves ----------------------------------------------------------------------------------- */

/* The moves of `who` in a board of h rows and w columns that fits the word (nb_grid_word_fits),
 * in the order of dom_moves below; with drop_dominated, without those dominated_starts finds. */
static void word_moves(nb_pos p, unsigned h, unsigned w, nb_player who, bool drop_dominated,
                       nb_moves *out) {
  nb_pos parts[MAX_CELLS / 2];
  nb_grid_layout l = nb_grid_layout_of(w);
  unsigned stride = l.stride, step = who == NB_LEFT ? stride : 1;
  uint64_t cells = nb_grid_word_of_pos(p, h, w), starts = cells & cells >> step;
  if (drop_dominated) starts &= ~dominated_starts(cells, step, who == NB_LEFT ? 1 : stride);
  for (; starts != 0; starts &= starts - 1) {
    unsigned at = (unsigned)__builtin_ctzll(starts), r = nb_grid_row_of(l, at);
    unsigned c = at - r * stride;
    uint64_t domino = (uint64_t)1 << at | (uint64_t)1 << (at + step);
    uint32_t n = regions_in_word(cells & ~domino, l, parts);
    nb_moves_add(out, (uint32_t)(who == NB_RIGHT) << 8 | r << 4 | c, parts, n);
  }
}

/* The definition: `who` places a domino (vertical for Left, horizontal for Right) on two empty
 * cells; the board left is the sum of its regions. Tag: bit 8 for horizontal, then row * 16 +
 * column of the first cell. */
static nb_status dom_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                           nb_error *err) {
  (void)err;
  (void)g;
  nb_pos parts[MAX_CELLS / 2];
  unsigned h = nb_grid_pos_h(p), w = nb_grid_pos_w(p);
  if (nb_grid_word_fits(h, w)) { /* the same moves, in the same order, in one word */
    word_moves(p, h, w, who, false, out);
    return NB_OK;
  }
  nb_grid b = nb_grid_decode(p, 1);
  uint64_t s[NB_GRID_MAX_SIDE];
  starts(&b, who, s);
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++) {
      if (!(s[r] >> c & 1)) continue;
      nb_grid after = b;
      after.row[r] &= ~((uint64_t)1 << c);
      if (who == NB_LEFT)
        after.row[r + 1] &= ~((uint64_t)1 << c);
      else
        after.row[r] &= ~((uint64_t)2 << c);
      uint32_t n = regions(&after, parts);
      nb_moves_add(out, (uint32_t)(who == NB_RIGHT) << 8 | r << 4 | c, parts, n);
    }
  return NB_OK;
}

/* The moves the value search uses: those of dom_moves but the dominated ones that
 * dominated_starts finds, on boards that fit the word (the regions of the games valued, up to
 * 7 x 8 and 5 x 10); on larger boards, every move. */
static nb_status dom_value_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                                 nb_error *err) {
  unsigned h = nb_grid_pos_h(p), w = nb_grid_pos_w(p);
  if (!nb_grid_word_fits(h, w)) return dom_moves(g, p, who, out, err);
  word_moves(p, h, w, who, true, out);
  return NB_OK;
}

/* The board after the move, cells in place (the display's: nb_family.in_place): the domino's
 * two cells filled, nothing split or normalised. */
static nb_status dom_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                              nb_pos *out, nb_error *err) {
  (void)g;
  (void)who; /* the tag says the domino's direction */
  nb_grid b = nb_grid_decode(from, 1);
  unsigned r = m->tag >> 4 & 15, c = m->tag & 15;
  nb_grid_set(&b, r, c, 0);
  nb_grid_set(&b, m->tag >> 8 ? r : r + 1, m->tag >> 8 ? c + 1 : c, 0);
  return nb_grid_encode(&b, out, err);
}

/* "v2,3": vertical domino from row 2, column 3; "h1,1": horizontal from row 1, column 1. */
static int dom_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                        char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%c%u,%u", m->tag >> 8 ? 'h' : 'v', (m->tag >> 4 & 15) + 1,
                  (m->tag & 15) + 1);
}

/* Dominoes that fit in runs of empty cells: floor(L/2) per run of L cells in the rows (mask
 * after mask), for one player's direction. */
static int64_t dominoes_in_runs(const uint64_t *runs, unsigned n) {
  int64_t total = 0;
  for (unsigned i = 0; i < n; i++)
    for (uint64_t m = runs[i]; m != 0;) {
      unsigned start = (unsigned)__builtin_ctzll(m), len = (unsigned)__builtin_ctzll(~(m >> start));
      total += len / 2;
      m &= ~((((uint64_t)1 << len) - 1) << start);
    }
  return total;
}

/* Boards where one player has no move: Left-only boards are integers, the most moves Left can
 * make (a game where only Left moves is worth the length of her longest play), and Left's
 * dominoes in different columns never meet, so that is the sum over the columns' runs of empty
 * cells of floor(length / 2); Right-only boards are the negatives, by rows. Other boards are
 * left to the value search. */
static nb_status dom_canonical(const nb_game *g, void *cache, nb_cg_store *store, nb_pos p,
                               nb_cg *out, bool *known, nb_error *err) {
  (void)g;
  (void)cache;
  unsigned h = nb_grid_pos_h(p), w = nb_grid_pos_w(p);
  if (nb_grid_word_fits(h, w)) { /* both players have a move: the usual case, seen in the word */
    uint64_t cells = nb_grid_word_of_pos(p, h, w);
    *known = !(cells & cells >> (w + 1)) || !(cells & cells >> 1);
    if (!*known) return NB_OK;
  }
  nb_grid b = nb_grid_decode(p, 1);
  uint64_t s[2][NB_GRID_MAX_SIDE];
  bool any[2] = {false, false};
  for (int who = 0; who < 2; who++) {
    starts(&b, (nb_player)who, s[who]);
    for (unsigned r = 0; r < b.h; r++)
      any[who] = any[who] || s[who][r] != 0;
  }
  *known = !any[NB_LEFT] || !any[NB_RIGHT];
  if (!*known) return NB_OK;
  if (!any[NB_LEFT] && !any[NB_RIGHT]) return nb_cg_make_integer(store, 0, out, err);
  if (any[NB_RIGHT]) return nb_cg_make_integer(store, -dominoes_in_runs(b.row, b.h), out, err);
  nb_grid t = nb_grid_transform(&b, NB_GRID_TRANSPOSE); /* the columns as rows */
  return nb_cg_make_integer(store, dominoes_in_runs(t.row, t.h), out, err);
}

/* The transposed board: the vertical dominoes of one are the horizontal ones of the other, so
 * Left's moves in a board are Right's in its transpose and conversely, and by induction on the
 * board the two games are negatives, G(transpose(p)) = -G(p). Normalised as regions are. */
static bool dom_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  unsigned h = nb_grid_pos_h(p), w = nb_grid_pos_w(p);
  if (nb_grid_word_fits(h, w) && nb_grid_word_fits(w, h)) { /* both boards fit the word */
    uint64_t t = nb_grid_word_transpose(p, h, w);
    if (t != 0) *q = nb_grid_word_normalise(t, nb_grid_layout_of(h));
    return t != 0;
  }
  nb_grid b = nb_grid_decode(p, 1), t = nb_grid_transform(&b, NB_GRID_TRANSPOSE);
  bool any = false; /* normalising needs a cell: a board without one is 0 anyway */
  for (unsigned r = 0; r < t.h; r++)
    any = any || t.row[r] != 0;
  if (any) *q = nb_grid_normalise(&t, NB_GRID_REFLECTIONS); /* reflections keep the value too */
  return any;
}

static const nb_partizan_facet dom_values = {
    .canonical = dom_canonical, .negative = dom_negative, .value_moves = dom_value_moves};
/* Boards with no move, one move, moves that split a board, filled cells, tall and wide boards
 * (the negative's pairs), and sums. */
static const nb_sample dom_samples[] = {{"domineering", "."},
                                        {"domineering", "../.."},
                                        {"domineering", "..."},
                                        {"domineering", "..../.##."},
                                        {"domineering", ".../.../..."},
                                        {"domineering", "#../.../..#"},
                                        {"domineering", "../../.. ...."},
                                        {"domineering", "..#../.#.../....."},
                                        {"domineering", "..#./.#../...."},
                                        {NULL, NULL}};

const nb_family nb_domineering_family = {
    .abi = NB_ABI_VERSION,
    .name = "domineering",
    .synopsis = "domineering  Left places vertical dominoes, Right horizontal ones, on the empty "
                "cells of boards",
    .position_help = "one board per argument: rows of '.' (empty) and '#' (filled) separated by "
                     "'/', such as '..#/.../...'",
    .partizan = true,
    .sum_needs_index = true, /* "v1,1" names no board of a sum: "2:v1,1" does */
    .create = dom_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = dom_parse,
    .format = dom_format,
    .joiner = " + ",
    .move_bound = dom_move_bound,
    .max_parts = MAX_CELLS / 2, /* at most 118 empty cells after a move: 59 regions of two */
    .moves = dom_moves,
    .describe = dom_describe,
    .in_place = dom_in_place,
    .partizan_eval = &dom_values,
    .samples = dom_samples,
};
