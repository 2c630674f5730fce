/*
 * nogo.c: NoGo, the `nogo` family: a board game written on the grid layer (src/grid/grid.h).
 *
 * Rules (the Go-like game of the 2011 Combinatorial Game Theory workshop at BIRS; CGSuite's
 * NoGo). Left (black, 'x') and Right (white, 'o') take turns to place a stone of their colour on
 * an empty cell. No move may leave a group (a maximal set of orthogonally connected stones of one
 * colour) of either colour without a liberty (an empty cell next to it): so there are neither
 * captures nor suicides. A player with no move loses.
 *
 * What a position is. Every cell is off the board (or blocked), empty, black or white: two bits
 * a cell, state 0 '#' (the grid layer's dead cell, so that a board is cropped to its live
 * cells), 1 black, 2 white, 3 empty. With bit 0 "not white" and bit 1 "not black" exchanging the
 * colours is swapping the two bits of every cell, as in Snort (src/games/snort.c).
 *
 * The rule, checked plainly. A stone placed at c changes the liberties of only the groups that
 * touch c: its own new group (c and the groups of its colour next to it) and the groups of the
 * other colour next to c, each of which loses the liberty c. So a move is legal iff the new
 * group has a liberty and each group of the other colour next to c still has one; groups that
 * do not touch c keep every liberty they had (none of them is c), and a typed board is refused
 * when a group has none (below), so they have one. This is the rule "no group of either colour
 * without a liberty", only not rechecked where nothing changed (the test, tests/test_nogo.c,
 * rechecks every group of the board after every move, and so holds this to the rule).
 *
 * Regions. Blocked cells are walls: groups and liberties are made of orthogonally adjacent live
 * cells, so cells that no chain of live cells joins never affect each other, and a board is the
 * sum of its regions (the live cells' connected sets). A move leaves the regions of the board it
 * makes, each normalised under the eight symmetries of the rectangle (the rules name no
 * direction). A region with no empty cell has no move and is 0: it is dropped.
 *
 * Negative. Exchanging the colours exchanges the players' moves cell for cell (the rule does not
 * name a colour), so by induction the exchanged board is the negative: nogo_negative gives it to
 * the value search, which then values one of each pair.
 *
 * Text. A board is written as its rows, top first, separated by '/', a cell as '.' (empty), 'x'
 * (a black stone, Left's), 'o' (a white stone, Right's) or '#' (blocked), letters in either case,
 * as CGSuite writes NoGo boards. A typed board with a group without a liberty is refused (exit
 * 64), naming the column of the group's first stone: no play of NoGo makes one. Moves are written
 * by the cell, 1-based, row then column, on the board as printed: `2,3` (`2:2,3` in a sum).
 *
 * Sizes: two bits a cell, so a board holds at most 60 cells (and at most 16 rows and 16
 * columns): 7 x 8, 6 x 10, 5 x 12 fit.
 */
#include "games/nogo.h"
#include "games/partizan.h"
#include "grid/grid.h"

#include <stdlib.h>

enum {
  BITS = 2, /* bits per cell */
  BLOCKED = NOGO_BLOCKED,
  BLACK = NOGO_BLACK,
  WHITE = NOGO_WHITE,
  EMPTY = NOGO_EMPTY,
  MAX_CELLS = NB_GRID_POS_BITS / BITS
};

/* States 0..3 print as "#xo."; a typed board may use capitals (indices 4, 5: read_state). */
static const nb_grid_syntax syntax = {
    .symbols = "#xo.XO",
    .expected = "'.', '#', 'x', 'o' or '/'",
    .board = "rows of '.' (empty), 'x' (Left's black stones), 'o' (Right's white stones) and "
             "'#' (blocked) separated by '/', such as '.x./o../...'",
    .bits = BITS,
};

static const uint8_t read_state[6] = {BLOCKED, BLACK, WHITE, EMPTY, BLACK, WHITE};

static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

/* --- groups ---------------------------------------------------------------------------------- */

/* Whether the group of the stone at (r, c) has a liberty: a flood over its stones. */
static bool has_liberty(const nb_grid *b, unsigned r, unsigned c) {
  unsigned colour = nb_grid_get(b, r, c), stack[MAX_CELLS], top = 0;
  uint16_t seen[NB_GRID_MAX_SIDE] = {0};
  seen[r] |= (uint16_t)(1u << c);
  stack[top++] = r << 4 | c;
  while (top > 0) {
    unsigned at = stack[--top], r0 = at >> 4, c0 = at & 15;
    for (int k = 0; k < 4; k++) {
      unsigned r2 = (unsigned)((int)r0 + dr[k]), c2 = (unsigned)((int)c0 + dc[k]);
      if (r2 >= b->h || c2 >= b->w || (seen[r2] >> c2 & 1)) continue;
      unsigned s = nb_grid_get(b, r2, c2);
      if (s == EMPTY) return true;
      if (s != colour) continue;
      seen[r2] |= (uint16_t)(1u << c2);
      stack[top++] = r2 << 4 | c2;
    }
  }
  return false;
}

/* Whether placing `colour` on the empty cell (r, c) is legal: afterwards the stone's group and
 * every group of the other colour next to it have a liberty (the others keep theirs: see the top
 * of this file). */
static bool legal(const nb_grid *b, unsigned r, unsigned c, unsigned colour) {
  nb_grid after = *b;
  nb_grid_set(&after, r, c, colour);
  if (!has_liberty(&after, r, c)) return false;
  for (int k = 0; k < 4; k++) {
    unsigned r2 = (unsigned)((int)r + dr[k]), c2 = (unsigned)((int)c + dc[k]);
    if (r2 < b->h && c2 < b->w && nb_grid_get(&after, r2, c2) == (colour ^ 3) &&
        !has_liberty(&after, r2, c2))
      return false;
  }
  return true;
}

/* The normalised regions of b with an empty cell into parts; returns how many. */
static uint32_t regions(const nb_grid *b, nb_pos *parts) {
  nb_grid_cells live = nb_grid_nonzero(b), found[NB_GRID_MAX_REGIONS];
  unsigned n = nb_grid_regions(&live, b->h, NB_GRID_ORTHOGONAL, found);
  uint32_t kept = 0;
  for (unsigned i = 0; i < n; i++) {
    nb_grid region = nb_grid_restrict(b, &found[i]);
    bool any_empty = false;
    for (unsigned r = 0; r < region.h && !any_empty; r++)
      for (unsigned c = 0; c < region.w && !any_empty; c++)
        any_empty = nb_grid_get(&region, r, c) == EMPTY;
    if (any_empty) parts[kept++] = nb_grid_normalise(&region, NB_GRID_ALL_SYMMETRIES);
  }
  return kept;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status nogo_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("nogo", params, out, err);
}

/* A group without a liberty refused, naming the column of its first stone in the text (rows of
 * w cells and a '/' each). */
static nb_status check_liberties(const nb_grid *b, size_t arg, nb_error *err) {
  for (unsigned r = 0; r < b->h; r++)
    for (unsigned c = 0; c < b->w; c++) {
      unsigned s = nb_grid_get(b, r, c);
      if ((s == BLACK || s == WHITE) && !has_liberty(b, r, c))
        return nb_fail(err, NB_EUSAGE,
                       "argument %zu: column %u: the %s group there has no liberty (no play of "
                       "NoGo leaves one)",
                       arg, r * (b->w + 1) + c + 1, s == BLACK ? "black ('x')" : "white ('o')");
    }
  return NB_OK;
}

/* Reads one board (argument number arg) into *out, as typed (not normalised), so that the first
 * moves are numbered on the board the user wrote. */
static nb_status parse_board(const nb_game *g, const char *text, size_t arg, nb_pos *out,
                             nb_error *err) {
  (void)g;
  nb_grid read;
  nb_status st = nb_grid_parse(text, arg, &syntax, &read, err);
  if (st != NB_OK) return st;
  nb_grid b = nb_grid_map(&read, BITS, read_state);
  st = check_liberties(&b, arg, err);
  return st == NB_OK ? nb_grid_encode(&b, out, err) : st;
}

static nb_status nogo_parse(const nb_game *g, const char *const *tokens, size_t count,
                            size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  return nb_grid_parse_each(g, tokens, count, first_arg, out, n, cap, parse_board, err);
}

static int nogo_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_grid b = nb_grid_decode(p, BITS);
  return nb_grid_format(&b, syntax.symbols, buf, cap);
}

/* Each move is on an empty cell (state 3: both bits set), one move a cell. */
static size_t nogo_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  const uint64_t low = 0x5555555555555555ull; /* bit 0 of each cell */
  uint64_t hi = nb_grid_pos_cells_hi(p);
  return (size_t)nb_bit_count(p.lo & p.lo >> 1 & low) + nb_bit_count(hi & hi >> 1 & low);
}

/* The definition: `who` places a stone of her colour on an empty cell where it leaves every
 * group a liberty. The board left is the sum of its regions. Tag: row * 16 + column. */
static nb_status nogo_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                            nb_error *err) {
  (void)g;
  (void)err; /* a board always fits: its moves cannot fail */
  nb_pos parts[MAX_CELLS / 2];
  nb_grid b = nb_grid_decode(p, BITS);
  unsigned colour = who == NB_LEFT ? BLACK : WHITE;
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++) {
      if (nb_grid_get(&b, r, c) != EMPTY || !legal(&b, r, c, colour)) continue;
      nb_grid after = b;
      nb_grid_set(&after, r, c, colour);
      nb_moves_add(out, r << 4 | c, parts, regions(&after, parts));
    }
  return NB_OK;
}

/* The board after the move, cells in place (the display's: nb_family.in_place): the mover's
 * stone on the cell. */
static nb_status nogo_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                               nb_pos *out, nb_error *err) {
  (void)g;
  nb_grid b = nb_grid_decode(from, BITS);
  nb_grid_set(&b, m->tag >> 4 & 15, m->tag & 15, who == NB_LEFT ? BLACK : WHITE);
  return nb_grid_encode(&b, out, err);
}

/* "2,3": the stone on row 2, column 3. */
static int nogo_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                         char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return nb_grid_describe_cell(m->tag, buf, cap);
}

/* The board with the colours exchanged (each cell's two bits swapped), normalised: the negative
 * (see the top of this file). */
static bool nogo_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  return nb_grid_swap_pairs(p, NB_GRID_ALL_SYMMETRIES, q);
}

static const nb_cache_facet nogo_cache = {.create = nb_nogo_cache_new,
                                          .destroy = nb_nogo_cache_free};

static const nb_partizan_facet nogo_values = {.outcome = nb_nogo_outcome,
                                              .negative = nogo_negative};

/* Boards with no move, one cell, strips, stones of both colours (either case), a move that
 * would take a group's last liberty, a board that splits, and sums. */
static const nb_sample nogo_samples[] = {
    {"nogo", "#"},           {"nogo", "."},       {"nogo", "x.o"},         {"nogo", "...."},
    {"nogo", ".x./o.."},     {"nogo", "X.O/..."}, {"nogo", "..#/.../#.."}, {"nogo", "../.. ..."},
    {"nogo", ".x./x.o/.o."}, {NULL, NULL}};

const nb_family nb_nogo_family = {
    .abi = NB_ABI_VERSION,
    .name = "nogo",
    .synopsis = "nogo  Left and Right place stones; no group of either colour may lose its last "
                "liberty",
    .position_help = "one board per argument: rows of '.' (empty), 'x' and 'o' (Left's and "
                     "Right's stones) and '#' (blocked) separated by '/', such as '.x./o../...'",
    .partizan = true,
    .sum_needs_index = true, /* "2,3" names no board of a sum: "2:2,3" does */
    .create = nogo_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = nogo_parse,
    .format = nogo_format,
    .joiner = " + ",
    .move_bound = nogo_move_bound,
    /* Regions are separated by blocked cells, so an h x w board has at most ceil(h * w / 2), and
     * at most 30 when h * w <= 60. */
    .max_parts = MAX_CELLS / 2,
    .moves = nogo_moves,
    .describe = nogo_describe,
    .in_place = nogo_in_place,
    .cache = &nogo_cache,
    .partizan_eval = &nogo_values,
    .samples = nogo_samples,
};
