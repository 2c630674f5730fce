/*
 * snort.c: Snort and Col, the `snort` and `col` families: a board game written on the grid layer
 * (src/grid/grid.h), and its mirror image, which differs from it in one rule.
 *
 * Rules (Winning Ways, chapter 2). Left and Right take turns to place a piece of their colour on
 * an empty cell of a board; no piece may be placed orthogonally next to a piece of the other
 * colour. A player with no move loses.
 *
 * What a position is. A placed piece never moves again, and all it does is forbid its
 * neighbours to the other player. So a position is, for each cell, who may still place there:
 * both (an empty cell next to no piece), Left only (an empty cell next to Left pieces only:
 * "tinted" by Left), Right only, or nobody (a piece, a cell next to pieces of both colours, or a
 * cell not on the board). That is two bits a cell, bit 0 "Left may place here" and bit 1 "Right
 * may place here", and the pieces themselves need not be kept: a move clears the cell's two bits
 * and the other player's bit of each of its four neighbours. State 0 (nobody) is the grid layer's
 * dead cell.
 *
 * Text. A board is written as its rows, top first, separated by '/' (as Domineering's), a cell
 * as '.' (empty: both may place), 'l' (Left only), 'r' (Right only) or '#' (nobody); a typed
 * board may also hold the pieces, 'L' and 'R', read as a '#' cell that tints its neighbours, so
 * that a game in progress is typed as it stands: 'L../...' is '#l./l..'. A Left piece next to a
 * Right piece is refused, as no play of Snort makes one. Boards are printed without pieces.
 *
 * Moves are written by the cell, 1-based, row then column, counted on the board as printed:
 * `2,3`. Several boards (one per argument) are a sum; a move in a sum is then `2:2,3`.
 *
 * Regions. Cells whose states are 0 are walls: a move changes only its cell and that cell's
 * neighbours, so cells that no chain of live (nonzero) cells joins never affect each other, and a
 * board is the sum of its regions. A move leaves the regions of the board it makes, each
 * normalised by the grid layer under all eight symmetries of the rectangle: the rules name no
 * direction (unlike Domineering's dominoes), so a board turned or reflected, transposed included,
 * is the same game. A region of one cell is not 0 here ('.' alone is *, 'l' alone is 1, 'r'
 * alone is -1), so unlike Domineering every region is kept.
 *
 * Negative. Exchanging the colours (bit 0 with bit 1 in every cell) exchanges the players' moves
 * cell for cell, so by induction on the board the game of the exchanged board is the negative:
 * snort_negative gives it to the value search, which then values one of each pair. Nothing else
 * is fast: the value search values a board from its moves.
 *
 * Col (Winning Ways, chapter 2; Colin Vout's game), in this file too. Left colours an empty cell
 * blue, Right red; no cell may be coloured next to a cell of the same colour. So a move forbids
 * its cell's neighbours to the mover instead of the other player: the one line where the games
 * differ (`rules.own`, which each family's create puts beside its game). Everything above holds for
 * Col word for word with "its own colour" for "the other colour" (the negative too: exchanging the
 * colours still exchanges the players' moves cell for cell). A typed Col board may hold coloured
 * cells, 'x' (blue) and 'o' (red), as CGSuite writes stones, read as a '#' cell that forbids its
 * neighbours to its own colour: 'x../...' is '#r./r..'; two cells of one colour side by side are
 * refused. Col's letters are read without regard to case ('L' and 'R' are Snort's pieces, so
 * Snort's are not).
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
  LEFT_PIECE = 4, /* the state read for a Left piece (a blue cell in Col) in a typed board */
  RIGHT_PIECE = 5 /* and for a Right one */
};

/* What tells the two games apart. */
typedef struct rules {
  bool own;                    /* a move forbids its neighbours to the mover (Col), not to the
                                * other player (Snort) */
  const nb_grid_syntax syntax; /* the board's letters: states 0..3 print as "#lr." */
  const uint8_t *read_state;   /* the symbol index read -> the state or piece it stands for */
} rules;

/* Snort: a typed board may also hold pieces ('L' 4, 'R' 5). */
static const uint8_t snort_read[6] = {0, 1, 2, 3, LEFT_PIECE, RIGHT_PIECE};
static const rules snort_rules = {
    .own = false,
    .syntax = {.symbols = "#lr.LR",
               .expected = "'.', '#', 'l', 'r', 'L', 'R' or '/'",
               .board = "rows of '.' (empty), '#' (blocked), 'l' and 'r' (Left's or Right's "
                        "only), 'L' and 'R' (pieces) separated by '/', such as '..#/.L./...'",
               .bits = BITS},
    .read_state = snort_read};

/* Col: coloured cells ('x' 4, 'o' 5), every letter in either case (indices 6.. map back). */
static const uint8_t col_read[10] = {0,           1, 2, 3,          LEFT_PIECE,
                                     RIGHT_PIECE, 1, 2, LEFT_PIECE, RIGHT_PIECE};
static const rules col_rules = {
    .own = true,
    .syntax = {.symbols = "#lr.xoLRXO",
               .expected = "'.', '#', 'l', 'r', 'x', 'o' or '/'",
               .board = "rows of '.' (empty), '#' (blocked), 'l' and 'r' (Left's or Right's "
                        "only), 'x' and 'o' (Left's and Right's colours) separated by '/', such "
                        "as '..#/.x./...'",
               .bits = BITS},
    .read_state = col_read};

/* A game of either family: the contract's game, then the rules its create chose. (Not the
 * family pointer: a harness or impartial:GAME may open the game under a copy of the family.) */
typedef struct placement_game {
  nb_game base;     /* first, so that the contract's game is this game */
  const rules *how; /* snort_rules or col_rules */
} placement_game;

static const rules *rules_of(const nb_game *g) {
  return ((const placement_game *)g)->how;
}

/* The state bit of the player who may place: Left's bit 0, Right's bit 1. */
static unsigned may(nb_player who) {
  return who == NB_LEFT ? LEFT_MAY : RIGHT_MAY;
}

/* The bit a move of `who` clears around its cell: the other player's (Snort), or her own (Col). */
static unsigned forbidden(const rules *r, nb_player who) {
  return r->own ? may(who) : EMPTY & ~may(who);
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

static nb_status create(const char *name, const rules *how, const char *params, nb_game **out,
                        nb_error *err) {
  nb_status st = nb_grid_game_create_sized(name, params, sizeof(placement_game), out, err);
  if (st == NB_OK) ((placement_game *)*out)->how = how;
  return st;
}

static nb_status snort_create(const char *params, nb_game **out, nb_error *err) {
  return create("snort", &snort_rules, params, out, err);
}

static nb_status col_create(const char *params, nb_game **out, nb_error *err) {
  return create("col", &col_rules, params, out, err);
}

/* The pieces of a typed board (read: symbol indices) placed: each piece's cell made 0 and its
 * neighbours forbidden as a move there would (see `forbidden`). Two pieces side by side that no
 * play makes (Snort: of the two colours; Col: of one colour) are refused, naming the column of the
 * later one in the text (rows of w cells and a '/' each). */
static nb_status place_pieces(const rules *rl, const nb_grid *read, size_t arg, nb_grid *b,
                              nb_error *err) {
  static const uint8_t state[6] = {0, LEFT_MAY, RIGHT_MAY, EMPTY, 0, 0};
  nb_grid typed = nb_grid_map(read, NB_GRID_MAX_BITS, rl->read_state);
  *b = nb_grid_map(&typed, BITS, state);
  for (unsigned r = 0; r < typed.h; r++)
    for (unsigned c = 0; c < typed.w; c++) {
      unsigned s = nb_grid_get(&typed, r, c);
      if (s != LEFT_PIECE && s != RIGHT_PIECE) continue;
      unsigned clash = rl->own ? s : s == LEFT_PIECE ? RIGHT_PIECE : LEFT_PIECE;
      bool touches = (r > 0 && nb_grid_get(&typed, r - 1, c) == clash) ||
                     (c > 0 && nb_grid_get(&typed, r, c - 1) == clash);
      unsigned column = r * (read->w + 1) + c + 1;
      if (touches && rl->own)
        return nb_fail(err, NB_EUSAGE,
                       "argument %zu: column %u: two %s cells side by side (no play of Col "
                       "makes them)",
                       arg, column, s == LEFT_PIECE ? "blue ('x')" : "red ('o')");
      if (touches)
        return nb_fail(err, NB_EUSAGE,
                       "argument %zu: column %u: a Left piece next to a Right piece (no play of "
                       "Snort makes one)",
                       arg, column);
      forbid_around(b, r, c, forbidden(rl, s == LEFT_PIECE ? NB_LEFT : NB_RIGHT));
    }
  return NB_OK;
}

/* Reads one board (argument number arg) into *out, as typed (not normalised), so that the first
 * moves are numbered on the board the user wrote. */
static nb_status parse_board(const nb_game *g, const char *text, size_t arg, nb_pos *out,
                             nb_error *err) {
  const rules *rl = rules_of(g);
  nb_grid read, b;
  nb_status st = nb_grid_parse(text, arg, &rl->syntax, &read, err);
  if (st == NB_OK) st = place_pieces(rl, &read, arg, &b, err);
  if (st == NB_OK) st = nb_grid_encode(&b, out, err);
  return st;
}

static nb_status snort_parse(const nb_game *g, const char *const *tokens, size_t count,
                             size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  return nb_grid_parse_each(g, tokens, count, first_arg, out, n, cap, parse_board, err);
}

static int snort_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_grid b = nb_grid_decode(p, BITS);
  return nb_grid_format(&b, "#lr.", buf, cap);
}

/* Each move is at a live cell, one move a cell: at most the live cells. */
static size_t snort_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  const uint64_t low = 0x5555555555555555ull; /* bit 0 of each cell */
  uint64_t hi = nb_grid_pos_cells_hi(p);
  return (size_t)nb_bit_count((p.lo | p.lo >> 1) & low) + nb_bit_count((hi | hi >> 1) & low);
}

/* The definition: `who` places a piece on a cell where she may; the cell is then nobody's, and
 * its neighbours are forbidden to the other player (Col: to her). The board left is the sum of
 * its regions. Tag: row * 16 + column. */
static nb_status snort_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                             nb_error *err) {
  (void)err; /* a board always fits: its moves cannot fail */
  nb_pos parts[MAX_CELLS / 2];
  nb_grid b = nb_grid_decode(p, BITS);
  unsigned mine = may(who), theirs = forbidden(rules_of(g), who);
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++) {
      if (!(nb_grid_get(&b, r, c) & mine)) continue;
      nb_grid after = b;
      nb_grid_set(&after, r, c, 0);
      forbid_around(&after, r, c, theirs);
      nb_moves_add(out, r << 4 | c, parts, regions(&after, parts));
    }
  return NB_OK;
}

/* The board after the move, cells in place (the display's: nb_family.in_place): the cell is
 * nobody's and its neighbours are forbidden as in snort_moves. */
static nb_status snort_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                                nb_pos *out, nb_error *err) {
  nb_grid b = nb_grid_decode(from, BITS);
  unsigned r = m->tag >> 4 & 15, c = m->tag & 15;
  nb_grid_set(&b, r, c, 0);
  forbid_around(&b, r, c, forbidden(rules_of(g), who));
  return nb_grid_encode(&b, out, err);
}

/* "2,3": the piece on row 2, column 3. */
static int snort_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                          char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return nb_grid_describe_cell(m->tag, buf, cap);
}

/* The board with the colours exchanged (each cell's two bits swapped), normalised: the negative
 * (see the top of this file). */
static bool snort_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  return nb_grid_swap_pairs(p, NB_GRID_ALL_SYMMETRIES, q);
}

/* The one fast hook: the negative (no canonical shortcut, no dominated moves: none is proven). */
static const nb_partizan_facet snort_values = {.negative = snort_negative};

/* Boards with no move, one cell, strips, tints, pieces, a board that splits, and sums. */
static const nb_sample snort_samples[] = {{"snort", "#"},           {"snort", "."},
                                          {"snort", "l r"},         {"snort", "..."},
                                          {"snort", ".l./r.r"},     {"snort", ".L./..."},
                                          {"snort", "#.#/.../#.#"}, {"snort", "../.. ..."},
                                          {"snort", ".../.#./..."}, {NULL, NULL}};

/* Col: boards with no move, one cell, strips, tints, coloured cells (either case), a board that
 * splits, and sums. */
static const nb_sample col_samples[] = {
    {"col", "#"},           {"col", "."},       {"col", "l r"},         {"col", "...."},
    {"col", ".l./r.r"},     {"col", ".X./..o"}, {"col", "#.#/.../#.#"}, {"col", "../.. ..."},
    {"col", ".../.#./..."}, {NULL, NULL}};

const nb_family nb_snort_family = {
    .abi = NB_ABI_VERSION,
    .name = "snort",
    .synopsis = "snort  Left and Right place pieces on boards, never next to the other's pieces",
    .position_help = "one board per argument: rows of '.' (empty), '#' (blocked), 'l' or 'r' "
                     "(Left's or Right's only) and 'L' or 'R' (pieces) separated by '/', such as "
                     "'..#/.L./...'",
    .partizan = true,
    .sum_needs_index = true, /* "2,3" names no board of a sum: "2:2,3" does */
    .create = snort_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = snort_parse,
    .format = snort_format,
    .joiner = " + ",
    .move_bound = snort_move_bound,
    /* Regions are never adjacent, so an h x w board has at most ceil(h * w / 2), and at most 30
     * when h * w <= 60. */
    .max_parts = MAX_CELLS / 2,
    .moves = snort_moves,
    .describe = snort_describe,
    .in_place = snort_in_place,
    .partizan_eval = &snort_values,
    .samples = snort_samples,
};

const nb_family nb_col_family = {
    .abi = NB_ABI_VERSION,
    .name = "col",
    .synopsis = "col  Left and Right colour cells of boards, never next to their own colour",
    .position_help = "one board per argument: rows of '.' (empty), '#' (blocked), 'l' or 'r' "
                     "(Left's or Right's only) and 'x' or 'o' (Left's and Right's colours) "
                     "separated by '/', such as '..#/.x./...'",
    .partizan = true,
    .sum_needs_index = true,
    .create = col_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = snort_parse,
    .format = snort_format,
    .joiner = " + ",
    .move_bound = snort_move_bound,
    .max_parts = MAX_CELLS / 2,
    .moves = snort_moves,
    .describe = snort_describe,
    .in_place = snort_in_place,
    .partizan_eval = &snort_values,
    .samples = col_samples,
};
