/*
 * col.c: Col, the `col` family: a board game written on the grid layer (src/grid/grid.h), as
 * Snort's mirror image.
 *
 * Rules (Winning Ways, chapter 2; Colin Vout's game). Left and Right take turns to colour an
 * empty cell of a board, Left blue, Right red; no cell may be coloured orthogonally next to a
 * cell of the same colour. A player with no move loses.
 *
 * What a position is. A coloured cell never changes again, and all it does is forbid its
 * neighbours to the player who coloured it. So a position is, for each cell, who may still
 * colour it: both (an empty cell next to no coloured cell), Left only (an empty cell next to red
 * cells only), Right only (next to blue cells only), or nobody (a coloured cell, a cell next to
 * both colours, or a cell not on the board). Two bits a cell, bit 0 "Left may colour here" and
 * bit 1 "Right may": a move clears its cell's two bits and the mover's own bit of each of its
 * four neighbours (Snort, src/games/snort.c, clears the other player's bit: the one line where
 * the two games differ). State 0 (nobody) is the grid layer's dead cell.
 *
 * Text. A board is written as its rows, top first, separated by '/' (as Domineering's), a cell
 * as '.' (empty: both may colour), 'l' (Left only), 'r' (Right only) or '#' (nobody); a typed
 * board may also hold coloured cells, 'x' (Left's, blue) and 'o' (Right's, red), as CGSuite
 * writes stones, read as a '#' cell that forbids its neighbours to its own colour, so that a game
 * in progress is typed as it stands: 'x../...' is '#r./r..'. Two cells of one colour side by
 * side are refused, as no play of Col makes them. Letters are read without regard to case.
 * Boards are printed without the coloured cells.
 *
 * Moves are written by the cell, 1-based, row then column, counted on the board as printed:
 * `2,3`. Several boards (one per argument) are a sum; a move in a sum is then `2:2,3`.
 *
 * Regions. Cells whose states are 0 are walls: a move changes only its cell and that cell's
 * neighbours, so cells that no chain of live (nonzero) cells joins never affect each other, and a
 * board is the sum of its regions. A move leaves the regions of the board it makes, each
 * normalised under all eight symmetries of the rectangle (the rules name no direction).
 *
 * Negative. Exchanging the colours (bit 0 with bit 1 in every cell) exchanges the players' moves
 * cell for cell, so by induction on the board the game of the exchanged board is the negative:
 * col_negative gives it to the value search, which then values one of each pair.
 *
 * Sizes: two bits a cell, so a board holds at most 60 cells (and at most 16 rows and 16
 * columns): 7 x 8, 6 x 10, 5 x 12 fit.
 */
#include "games/partizan.h"
#include "grid/grid.h"

#include <stdlib.h>

enum {
  BITS = 2,      /* bits per cell */
  LEFT_MAY = 1,  /* state bit: Left may place here */
  RIGHT_MAY = 2, /* state bit: Right may place here */
  EMPTY = LEFT_MAY | RIGHT_MAY,
  MAX_CELLS = NB_GRID_POS_BITS / BITS,
  LEFT_PIECE = 4, /* the state read for a blue (Left) cell in a typed board */
  RIGHT_PIECE = 5 /* and for a red (Right) one */
};

/* States 0..3 print as "#lr."; a typed board may also hold coloured cells ('x' 4, 'o' 5), and
 * every letter in either case (indices 6.. map back to 1, 2, 4, 5: read_state). */
static const nb_grid_syntax syntax = {
    .symbols = "#lr.xoLRXO",
    .expected = "'.', '#', 'l', 'r', 'x', 'o' or '/'",
    .board = "rows of '.' (empty), '#' (blocked), 'l' and 'r' (Left's or Right's only), 'x' and "
             "'o' (Left's and Right's colours) separated by '/', such as '..#/.x./...'",
    .bits = BITS,
};

/* The symbol index read -> the state or piece it stands for (upper case as lower). */
static const uint8_t read_state[10] = {0,           1, 2, 3,          LEFT_PIECE,
                                       RIGHT_PIECE, 1, 2, LEFT_PIECE, RIGHT_PIECE};

/* The state bit of the player who may place: Left's bit 0, Right's bit 1. */
static unsigned may(nb_player who) {
  return who == NB_LEFT ? LEFT_MAY : RIGHT_MAY;
}

/* --- the board ------------------------------------------------------------------------------- */

/* Clears `bit` from the states of the (up to four) neighbours of cell (r, c). */
static void forbid_around(nb_grid *b, unsigned r, unsigned c, unsigned bit) {
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  for (int k = 0; k < 4; k++) {
    unsigned r2 = (unsigned)((int)r + dr[k]), c2 = (unsigned)((int)c + dc[k]);
    if (r2 < b->h && c2 < b->w) nb_grid_set(b, r2, c2, nb_grid_get(b, r2, c2) & ~bit);
  }
}

/* The normalised regions of b (every live cell is in one) into parts; returns how many. */
static uint32_t regions(const nb_grid *b, nb_pos *parts) {
  nb_grid_cells live = nb_grid_nonzero(b), found[NB_GRID_MAX_REGIONS];
  unsigned n = nb_grid_regions(&live, b->h, NB_GRID_ORTHOGONAL, found);
  for (unsigned i = 0; i < n; i++) {
    nb_grid region = nb_grid_restrict(b, &found[i]);
    parts[i] = nb_grid_normalise(&region, NB_GRID_ALL_SYMMETRIES);
  }
  return n;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status col_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("col", params, out, err);
}

/* The coloured cells of a typed board (read: symbol indices) placed: each one's cell made 0 and
 * its neighbours forbidden to its own colour. Two cells of one colour side by side are refused,
 * naming the column of the later one in the text (rows of w cells and a '/' each). */
static nb_status place_pieces(const nb_grid *read, size_t arg, nb_grid *b, nb_error *err) {
  static const uint8_t state[6] = {0, LEFT_MAY, RIGHT_MAY, EMPTY, 0, 0};
  nb_grid typed = nb_grid_map(read, NB_GRID_MAX_BITS, read_state);
  *b = nb_grid_map(&typed, BITS, state);
  for (unsigned r = 0; r < typed.h; r++)
    for (unsigned c = 0; c < typed.w; c++) {
      unsigned s = nb_grid_get(&typed, r, c);
      if (s != LEFT_PIECE && s != RIGHT_PIECE) continue;
      bool touches = (r > 0 && nb_grid_get(&typed, r - 1, c) == s) ||
                     (c > 0 && nb_grid_get(&typed, r, c - 1) == s);
      if (touches)
        return nb_fail(err, NB_EUSAGE,
                       "argument %zu: column %u: two %s cells side by side (no play of Col "
                       "makes them)",
                       arg, r * (read->w + 1) + c + 1,
                       s == LEFT_PIECE ? "blue ('x')" : "red ('o')");
      forbid_around(b, r, c, s == LEFT_PIECE ? LEFT_MAY : RIGHT_MAY);
    }
  return NB_OK;
}

/* Reads one board (argument number arg) into *out, as typed (not normalised), so that the first
 * moves are numbered on the board the user wrote. */
static nb_status parse_board(const char *text, size_t arg, nb_pos *out, nb_error *err) {
  nb_grid read, b;
  nb_status st = nb_grid_parse(text, arg, &syntax, &read, err);
  if (st == NB_OK) st = place_pieces(&read, arg, &b, err);
  if (st == NB_OK) st = nb_grid_encode(&b, out, err);
  return st;
}

static nb_status col_parse(const nb_game *g, const char *const *tokens, size_t count,
                           size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    nb_pos p;
    nb_status st = parse_board(tokens[i], first_arg + i, &p, err);
    if (st != NB_OK) return st;
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many boards (at most %zu)", cap);
    out[(*n)++] = p;
  }
  return NB_OK;
}

static int col_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_grid b = nb_grid_decode(p, BITS);
  return nb_grid_format(&b, syntax.symbols, buf, cap);
}

/* Each move is at a live cell, one move a cell: at most the live cells. */
static size_t col_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  const uint64_t low = 0x5555555555555555ull; /* bit 0 of each cell */
  uint64_t hi = nb_grid_pos_cells_hi(p);
  return (size_t)(__builtin_popcountll((p.lo | p.lo >> 1) & low) +
                  __builtin_popcountll((hi | hi >> 1) & low));
}

/* The definition: `who` colours a cell where she may; the cell is then nobody's, and its
 * neighbours are forbidden to her. The board left is the sum of its regions.
 * Tag: row * 16 + column. */
static nb_status col_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                           nb_error *err) {
  (void)g;
  (void)err; /* a board always fits: its moves cannot fail */
  nb_pos parts[MAX_CELLS / 2];
  nb_grid b = nb_grid_decode(p, BITS);
  unsigned mine = may(who);
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++) {
      if (!(nb_grid_get(&b, r, c) & mine)) continue;
      nb_grid after = b;
      nb_grid_set(&after, r, c, 0);
      forbid_around(&after, r, c, mine);
      nb_moves_add(out, r << 4 | c, parts, regions(&after, parts));
    }
  return NB_OK;
}

/* The board after the move, cells in place (the display's: nb_family.in_place): the cell is
 * nobody's and its neighbours are forbidden to the mover, as in col_moves. */
static nb_status col_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                              nb_pos *out, nb_error *err) {
  (void)g;
  nb_grid b = nb_grid_decode(from, BITS);
  unsigned r = m->tag >> 4 & 15, c = m->tag & 15;
  nb_grid_set(&b, r, c, 0);
  forbid_around(&b, r, c, may(who));
  return nb_grid_encode(&b, out, err);
}

/* "2,3": the cell coloured, row 2, column 3. */
static int col_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                        char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u,%u", (m->tag >> 4 & 15) + 1, (m->tag & 15) + 1);
}

/* The board with the colours exchanged (each cell's two bits swapped), normalised: the negative
 * (see the top of this file). */
static bool col_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  nb_grid b = nb_grid_decode(p, BITS);
  const uint64_t low = 0x5555555555555555ull;
  bool any = false; /* normalising needs a live cell: a board without one is 0 anyway */
  for (unsigned r = 0; r < b.h; r++) {
    b.row[r] = (b.row[r] & low) << 1 | (b.row[r] >> 1 & low);
    any = any || b.row[r] != 0;
  }
  if (any) *q = nb_grid_normalise(&b, NB_GRID_ALL_SYMMETRIES);
  return any;
}

/* The one fast hook: the negative (no canonical shortcut, no dominated moves: none is proven). */
static const nb_partizan_facet col_values = {.negative = col_negative};

/* Boards with no move, one cell, strips, tints, coloured cells (either case), a board that
 * splits, and sums. */
static const nb_sample col_samples[] = {
    {"col", "#"},           {"col", "."},       {"col", "l r"},         {"col", "...."},
    {"col", ".l./r.r"},     {"col", ".X./..o"}, {"col", "#.#/.../#.#"}, {"col", "../.. ..."},
    {"col", ".../.#./..."}, {NULL, NULL}};

const nb_family nb_col_family = {
    .abi = NB_ABI_VERSION,
    .name = "col",
    .synopsis = "col  Left and Right colour cells of boards, never next to their own colour",
    .position_help = "one board per argument: rows of '.' (empty), '#' (blocked), 'l' or 'r' "
                     "(Left's or Right's only) and 'x' or 'o' (Left's and Right's colours) "
                     "separated by '/', such as '..#/.x./...'",
    .partizan = true,
    .sum_needs_index = true, /* "2,3" names no board of a sum: "2:2,3" does */
    .create = col_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = col_parse,
    .format = col_format,
    .joiner = " + ",
    .move_bound = col_move_bound,
    /* Regions are never adjacent, so an h x w board has at most ceil(h * w / 2), and at most 30
     * when h * w <= 60. */
    .max_parts = MAX_CELLS / 2,
    .moves = col_moves,
    .describe = col_describe,
    .in_place = col_in_place,
    .partizan_eval = &col_values,
    .samples = col_samples,
};
