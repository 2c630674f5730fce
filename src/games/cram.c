/*
 * cram.c: Cram, the `cram` family: Domineering in which both players place dominoes either way.
 *
 * Rules (Winning Ways, chapter 8; Gardner, Scientific American, February 1974). A board of cells,
 * each empty or filled. A player places a domino on two empty cells side by side or one above
 * the other; the cells become filled. A player with no move loses. Both players have the same
 * moves, so Cram is impartial: every board is a nim heap, its Grundy value.
 *
 * Text. As Domineering's: rows top first separated by '/', '.' an empty cell, '#' a filled one:
 * `..#/.../...`. Several boards (one per argument) are a sum. Moves are written as Domineering's,
 * by the domino's first cell, 1-based on the board as printed: `v2,3` covers rows 2 and 3 of
 * column 3, `h1,1` columns 1 and 2 of row 1; in a sum `2:h1,1`.
 *
 * Regions. A domino covers two orthogonally adjacent empty cells, so cells no chain of empty
 * cells joins never share one: a board is the sum of its regions (Grundy values add by XOR), and
 * a move leaves the regions of the board it makes. A region of one cell has no move (Grundy 0)
 * and is dropped, as Domineering drops it.
 *
 * Symmetries. The rules name no direction (a domino may lie either way), so each of the eight
 * symmetries of a rectangle, transposes included, maps moves to moves: a region and its image
 * are the same game. Each region is normalised under all eight (nb_grid_normalise with
 * NB_GRID_ALL_SYMMETRIES): the value search meets a board, its mirror images and its transpose
 * under one key. On boards that fit a 64-bit word (and whose transposes do) the normal form is
 * made in the word: the least of the reflections of the region and the least of the reflections
 * of its transpose, whose smaller is the least over all eight (the reflections and the
 * transposed reflections are the whole group); it is the nb_pos nb_grid_normalise gives.
 *
 * Encoding: the grid layer's, one bit a cell (set: empty), so a board holds at most 120 cells
 * and 16 rows and 16 columns (10 x 12, 8 x 15, 1 x 16 fit).
 */
#include "grid/grid.h"

#include <stdlib.h>

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

static bool pos_less(nb_pos a, nb_pos b) {
  return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/* A region (at least two cells) of a board word of layout l, normalised under all eight
 * symmetries: the lesser of its least reflection and its transpose's. */
static nb_pos word_normalise_all(uint64_t region, nb_grid_layout l) {
  nb_pos q = nb_grid_word_normalise(region, l);
  unsigned h = nb_grid_pos_h(q), w = nb_grid_pos_w(q);
  if (!nb_grid_word_fits(w, h)) {
    nb_grid b = nb_grid_decode(q, 1);
    return nb_grid_normalise(&b, NB_GRID_ALL_SYMMETRIES);
  }
  nb_pos t = nb_grid_word_normalise(nb_grid_word_transpose(q, h, w), nb_grid_layout_of(h));
  return pos_less(t, q) ? t : q;
}

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
    parts[n++] = word_normalise_all(region, l);
  }
  return n;
}

/* Writes the normalised regions of b with at least two cells into parts; returns how many. */
static uint32_t regions(const nb_grid *b, nb_pos *parts) {
  if (nb_grid_word_fits(b->h, b->w))
    return regions_in_word(word_of(b), nb_grid_layout_of(b->w), parts);
  nb_grid_cells cells = nb_grid_nonzero(b), found[NB_GRID_MAX_REGIONS];
  unsigned count = nb_grid_regions(&cells, b->h, NB_GRID_ORTHOGONAL, found);
  uint32_t n = 0;
  for (unsigned i = 0; i < count; i++) {
    unsigned size = 0;
    for (unsigned r = 0; r < b->h; r++)
      size += nb_bit_count(found[i].row[r]);
    if (size < 2) continue;
    nb_grid region = nb_grid_restrict(b, &found[i]);
    parts[n++] = nb_grid_normalise(&region, NB_GRID_ALL_SYMMETRIES);
  }
  return n;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status cram_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("cram", params, out, err);
}

/* Reads one board (argument number arg) into *out, as typed (not normalised), so that the first
 * moves are numbered on the board the user wrote. */
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

static nb_status cram_parse(const nb_game *g, const char *const *tokens, size_t count,
                            size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  return nb_grid_parse_each(g, tokens, count, first_arg, out, n, cap, parse_board, err);
}

static int cram_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_grid b = nb_grid_decode(p, 1);
  return nb_grid_format(&b, syntax.symbols, buf, cap);
}

/* Each move's first cell is an empty cell, at most two moves (one each way) a cell. */
static size_t cram_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return 2 * ((size_t)nb_bit_count(p.lo) + nb_bit_count(nb_grid_pos_cells_hi(p)));
}

/* The definition: a domino on two empty cells, one above the other (vertical) or side by side
 * (horizontal), for either player; the board left is the sum of its regions. Tag: bit 8 for
 * horizontal, then row * 16 + column of the first cell. Vertical moves first, cell by cell. */
static nb_status cram_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                            nb_error *err) {
  (void)g;
  (void)who; /* impartial: both players have these moves */
  (void)err; /* a board always fits: its moves cannot fail */
  nb_pos parts[MAX_CELLS / 2];
  nb_grid b = nb_grid_decode(p, 1);
  for (unsigned horizontal = 0; horizontal < 2; horizontal++)
    for (unsigned r = 0; r < b.h; r++) {
      uint64_t starts =
          horizontal ? b.row[r] & b.row[r] >> 1 : (r + 1 < b.h ? b.row[r] & b.row[r + 1] : 0);
      for (; starts != 0; starts &= starts - 1) {
        unsigned c = (unsigned)__builtin_ctzll(starts);
        nb_grid after = b;
        after.row[r] &= ~((uint64_t)1 << c);
        if (horizontal)
          after.row[r] &= ~((uint64_t)2 << c);
        else
          after.row[r + 1] &= ~((uint64_t)1 << c);
        nb_moves_add(out, horizontal << 8 | r << 4 | c, parts, regions(&after, parts));
      }
    }
  return NB_OK;
}

/* The board after the move, cells in place (the display's: nb_family.in_place): the domino's
 * two cells filled, nothing split or normalised. */
static nb_status cram_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                               nb_pos *out, nb_error *err) {
  (void)g;
  (void)who; /* impartial */
  nb_grid b = nb_grid_decode(from, 1);
  unsigned r = m->tag >> 4 & 15, c = m->tag & 15;
  nb_grid_set(&b, r, c, 0);
  nb_grid_set(&b, m->tag >> 8 ? r : r + 1, m->tag >> 8 ? c + 1 : c, 0);
  return nb_grid_encode(&b, out, err);
}

/* "v2,3": vertical domino from row 2, column 3; "h1,1": horizontal from row 1, column 1. */
static int cram_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                         char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%c%u,%u", m->tag >> 8 ? 'h' : 'v', (m->tag >> 4 & 15) + 1,
                  (m->tag & 15) + 1);
}

/* Boards with no move, one move, strips (Dawson's Kayles), moves that split, filled cells, a
 * board wider than the word's fast path transposes, and sums. */
static const nb_sample cram_samples[] = {{"cram", "."},
                                         {"cram", "../.."},
                                         {"cram", "......"},
                                         {"cram", "..../.##."},
                                         {"cram", ".../.../..."},
                                         {"cram", "#../.../..#"},
                                         {"cram", "../../.. ...."},
                                         {"cram", "..#../.#.../....."},
                                         {"cram", "................/#..............#"},
                                         {NULL, NULL}};

const nb_family nb_cram_family = {
    .abi = NB_ABI_VERSION,
    .name = "cram",
    .synopsis = "cram  both players place dominoes either way on the empty cells of boards "
                "(impartial Domineering)",
    .position_help = "one board per argument: rows of '.' (empty) and '#' (filled) separated by "
                     "'/', such as '..#/.../...'",
    .partizan = false,
    .sum_needs_index = true, /* "v1,1" names no board of a sum: "2:v1,1" does */
    .create = cram_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = cram_parse,
    .format = cram_format,
    .joiner = " + ",
    .move_bound = cram_move_bound,
    .max_parts = MAX_CELLS / 2, /* at most 118 empty cells after a move: 59 regions of two */
    .moves = cram_moves,
    .describe = cram_describe,
    .in_place = cram_in_place,
    .samples = cram_samples,
};
