/*
 * amazons.c: the Game of the Amazons, the `amazons` family, on the grid layer (src/grid/grid.h).
 *
 * Rules (Walter Zamkauskas, 1988; Berlekamp, "Sums of N x 2 Amazons", 2000; CGSuite's
 * game.grid.Amazons). Left's (`x`) and Right's (`o`) amazons stand on a board whose cells are
 * empty (`.`) or burned (`#`). A move is two steps by one of the mover's amazons: it moves like a
 * chess queen, any number of cells in one of the eight directions, through and onto empty cells
 * only; then, from where it landed, it shoots an arrow like a queen, through and onto empty
 * cells (the cell it has just left counts as empty), and the cell the arrow lands on is burned.
 * The player with no move loses.
 *
 * Text. Rows, top first, separated by '/' (or CGSuite's '|'), a cell `x`, `o`, `.` or `#`, as
 * CGSuite's Amazons writes them (its character map is ".xo#"; CGSuite has no L/R letters for
 * Amazons, and neither has this family), in either case. One board per argument; several are a
 * sum. A move is the amazon's cell, the cell it moves to and the cell the arrow burns, 1-based,
 * row then column, on the board as printed: `1,1-1,3/1,1` moves the amazon from row 1, column 1
 * to column 3 and shoots back to column 1 (`2:1,1-1,3/1,1` in a sum).
 *
 * What a position is. Two bits a cell: 0 burned, 1 empty, 2 Left's amazon, 3 Right's. Burned is
 * the grid layer's dead state 0, so cropping drops burned rows and columns at the edges and
 * regions are those of the live cells. A board as typed is kept as typed; the boards that moves
 * leave are regions, normalised under the eight symmetries (the queen's moves have them all).
 *
 * Regions (the theorem that splits a board). Call two cells joined when a chain of live cells
 * (empty or holding an amazon), each touching the next across an edge or a corner, links them;
 * the classes are the regions. Claim: a board is the sum of its regions; a region without an
 * empty cell, or without an amazon, is 0. Proof. A move reads and writes the cells of two queen
 * lines: the amazon's cell a, the empty cells it passes and lands on (each touching the one
 * before, across an edge or a corner), then the empty cells the arrow passes and the one it
 * burns, each touching the one before, starting from the landing cell (or a itself, now empty).
 * All are live and joined to a, so the move stays in a's region and reads nothing outside it: the
 * moves of the whole are the moves of one region with the others unchanged, the definition of
 * the sum. Cells only ever die (an arrow burns one; a move empties one and fills one), so regions
 * only split and never merge, and the claim holds at every later position. A region without an
 * amazon has no move; one whose cells are all amazons has none either (the first step needs an
 * empty cell). Both are 0 now and ever, and are dropped.
 *
 * Sizes. Two bits a cell: boards of at most 60 cells (7 x 8, 6 x 10), 16 rows and 16 columns,
 * inline; larger boards are refused naming that limit. Values of 5 x 5 boards with few amazons
 * and some burned cells come within the searches' limits; open boards past that are refused by
 * the searches, naming theirs (README, "Amazons").
 *
 * Negative. Exchanging the colours exchanges the players' moves one for one: the negative.
 */
#include "games/amazons.h"
#include "games/partizan.h"
#include "grid/grid.h"
#include "nimber_cgt.h"

#include <stdlib.h>
#include <string.h>

enum {
  BITS = 2,         /* bits per cell */
  BURNED = 0,       /* cell states */
  EMPTY = 1,        /* a live cell without an amazon */
  LEFT_AMAZON = 2,  /* `x` */
  RIGHT_AMAZON = 3, /* `o` */
  MAX_CELLS = 60,   /* two bits a cell in 120 */
  /* a region kept after a move has an amazon and an empty cell */
  MAX_PARTS = MAX_CELLS / 2
};

static const char printed[] = "#.xo";
static const nb_grid_syntax syntax = {
    .symbols = ".xo#XO",
    .expected = "'x', 'o', '.', '#', '/' or '|'",
    .board = "rows of 'x' (Left's amazons), 'o' (Right's), '.' (empty) and '#' (burned) "
             "separated by '/' or '|', such as 'x..|#.o'",
    .bits = BITS,
    .any_size = false,
    .bar_rows = true,
};
static const uint8_t state[6] = {EMPTY,  LEFT_AMAZON, RIGHT_AMAZON,
                                 BURNED, LEFT_AMAZON, RIGHT_AMAZON};

/* The regions of b with an amazon and an empty cell, normalised, into parts; returns how many. */
static uint32_t regions(const nb_grid *b, nb_pos *parts) {
  nb_grid_cells live = nb_grid_nonzero(b), found[NB_GRID_MAX_REGIONS];
  unsigned count = nb_grid_regions(&live, b->h, NB_GRID_KING, found);
  uint32_t n = 0;
  for (unsigned i = 0; i < count; i++) {
    nb_grid region = nb_grid_restrict(b, &found[i]);
    bool amazon = false, empty = false;
    for (unsigned r = 0; r < b->h; r++)
      for (unsigned c = 0; c < b->w; c++) {
        unsigned s = nb_grid_get(&region, r, c);
        amazon = amazon || s >= LEFT_AMAZON;
        empty = empty || s == EMPTY;
      }
    if (amazon && empty) parts[n++] = nb_grid_normalise(&region, NB_GRID_ALL_SYMMETRIES);
  }
  return n;
}

static nb_status amazons_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("amazons", params, out, err);
}

/* One board as typed (not normalised), so that the first moves are numbered on it. */
static nb_status parse_board(const nb_game *g, const char *text, size_t arg, nb_pos *out,
                             nb_error *err) {
  (void)g;
  nb_grid read;
  nb_status st = nb_grid_parse(text, arg, &syntax, &read, err);
  if (st != NB_OK) return st;
  nb_grid b = nb_grid_map(&read, BITS, state);
  *out = nb_grid_pack(&b);
  return NB_OK;
}

static nb_status amazons_parse(const nb_game *g, const char *const *tokens, size_t count,
                               size_t first_arg, nb_pos *out, size_t *n, size_t cap,
                               nb_error *err) {
  return nb_grid_parse_each(g, tokens, count, first_arg, out, n, cap, parse_board, err);
}

static int amazons_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_grid b = nb_grid_decode(p, BITS);
  return nb_grid_format(&b, printed, buf, cap);
}

/* The eight directions of a queen. */
static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

/* Whether (r, c) is on b and empty. */
static bool empty_at(const nb_grid *b, int r, int c) {
  return r >= 0 && c >= 0 && (unsigned)r < b->h && (unsigned)c < b->w &&
         nb_grid_get(b, (unsigned)r, (unsigned)c) == EMPTY;
}

/* A move: the amazon's cell, where it lands, where its arrow burns. */
typedef struct amove {
  int r, c;   /* the amazon */
  int r2, c2; /* where it lands */
  int r3, c3; /* the cell burned */
} amove;

/* Calls visit(b, m, ctx) for each move of `who` (the definition, the top of this file); stops
 * at the first status that is not NB_OK. */
typedef nb_status (*visit_fn)(const nb_grid *b, const amove *m, void *ctx);

static nb_status shots(const nb_grid *b, amove m, visit_fn visit, void *ctx) {
  nb_grid moved = *b; /* the amazon moved: its old cell empty, its new one taken */
  nb_grid_set(&moved, (unsigned)m.r, (unsigned)m.c, EMPTY);
  nb_grid_set(&moved, (unsigned)m.r2, (unsigned)m.c2, LEFT_AMAZON);
  for (int e = 0; e < 8; e++)
    for (int k = 1; empty_at(&moved, m.r2 + k * dr[e], m.c2 + k * dc[e]); k++) {
      m.r3 = m.r2 + k * dr[e];
      m.c3 = m.c2 + k * dc[e];
      nb_status st = visit(b, &m, ctx);
      if (st != NB_OK) return st;
    }
  return NB_OK;
}

static nb_status each_move(const nb_grid *b, nb_player who, visit_fn visit, void *ctx) {
  unsigned mine = who == NB_LEFT ? LEFT_AMAZON : RIGHT_AMAZON;
  for (int r = 0; r < (int)b->h; r++)
    for (int c = 0; c < (int)b->w; c++) {
      if (nb_grid_get(b, (unsigned)r, (unsigned)c) != mine) continue;
      for (int d = 0; d < 8; d++)
        for (int k = 1; empty_at(b, r + k * dr[d], c + k * dc[d]); k++) {
          amove m = {r, c, r + k * dr[d], c + k * dc[d], 0, 0};
          nb_status st = shots(b, m, visit, ctx);
          if (st != NB_OK) return st;
        }
    }
  return NB_OK;
}

/* The moves of each player on b, counted without making them (the outcome search orders its
 * moves by this bound of the boards they leave, so it runs once for each move it holds). The
 * board is copied into a frame of burned cells, one byte a cell, so that a queen's line stops at
 * the frame with no bounds test; an amazon's moves are, for each cell it can land on, the cells
 * its arrow can reach from there with its own first cell empty: the lengths of eight lines.
 * tests/test_outcome.c (territories) holds it to the moves' count. */
enum { FRAME = NB_GRID_MAX_SIDE + 2 };

static void count_moves(const nb_grid *b, size_t n[2]) {
  uint8_t cell[FRAME * FRAME];
  static const int step[8] = {-FRAME - 1, -FRAME, -FRAME + 1, -1, 1, FRAME - 1, FRAME, FRAME + 1};
  memset(cell, BURNED, sizeof cell);
  for (unsigned r = 0; r < b->h; r++)
    for (unsigned c = 0; c < b->w; c++)
      cell[(r + 1) * FRAME + c + 1] = (uint8_t)nb_grid_get(b, r, c);
  n[0] = n[1] = 0;
  for (int at = FRAME + 1; at < FRAME * (FRAME - 1); at++) {
    unsigned s = cell[at];
    if (s < LEFT_AMAZON) continue;
    size_t count = 0;
    cell[at] = EMPTY; /* the amazon's cell is empty while it moves */
    for (int d = 0; d < 8; d++)
      for (int to = at + step[d]; cell[to] == EMPTY; to += step[d])
        for (int e = 0; e < 8; e++)
          for (int arrow = to + step[e]; cell[arrow] == EMPTY; arrow += step[e])
            count++;
    cell[at] = (uint8_t)s;
    n[s - LEFT_AMAZON] += count;
  }
}

static size_t amazons_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  nb_grid b = nb_grid_decode(p, BITS);
  size_t n[2];
  count_moves(&b, n);
  return n[0] > n[1] ? n[0] : n[1];
}

/* The board after move m, as regions. Tag: the three cells, a byte each (row << 4 | column),
 * amazon in bits 16..23, landing in 8..15, arrow in 0..7. */
static nb_status add_move(const nb_grid *b, const amove *m, void *ctx) {
  nb_moves *out = ctx;
  nb_grid after = *b;
  unsigned mine = nb_grid_get(b, (unsigned)m->r, (unsigned)m->c);
  nb_grid_set(&after, (unsigned)m->r, (unsigned)m->c, EMPTY);
  nb_grid_set(&after, (unsigned)m->r2, (unsigned)m->c2, mine);
  nb_grid_set(&after, (unsigned)m->r3, (unsigned)m->c3, BURNED);
  nb_pos parts[MAX_PARTS];
  uint32_t n = regions(&after, parts);
  uint32_t tag = (uint32_t)(m->r << 4 | m->c) << 16 | (uint32_t)(m->r2 << 4 | m->c2) << 8 |
                 (uint32_t)(m->r3 << 4 | m->c3);
  nb_moves_add(out, tag, parts, n);
  return NB_OK;
}

static nb_status amazons_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                               nb_error *err) {
  (void)g;
  (void)err;
  nb_grid b = nb_grid_decode(p, BITS);
  return each_move(&b, who, add_move, out);
}

/* The board after the move, cells in place (the display's: nb_family.in_place): the amazon on
 * its landing cell, the arrow's cell burned, nothing else changed. */
static nb_status amazons_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                                  nb_pos *out, nb_error *err) {
  (void)g;
  nb_grid b = nb_grid_decode(from, BITS);
  uint32_t t = m->tag;
  nb_grid_set(&b, t >> 20 & 15, t >> 16 & 15, EMPTY);
  nb_grid_set(&b, t >> 12 & 15, t >> 8 & 15, who == NB_LEFT ? LEFT_AMAZON : RIGHT_AMAZON);
  nb_grid_set(&b, t >> 4 & 15, t & 15, BURNED);
  return nb_grid_encode(&b, out, err);
}

/* "1,1-1,3/1,1": from row 1, column 1 to column 3, the arrow back to column 1. */
static int amazons_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                            char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  uint32_t t = m->tag;
  return snprintf(buf, cap, "%u,%u-%u,%u/%u,%u", (t >> 20 & 15) + 1, (t >> 16 & 15) + 1,
                  (t >> 12 & 15) + 1, (t >> 8 & 15) + 1, (t >> 4 & 15) + 1, (t & 15) + 1);
}

/* The board with the colours exchanged, normalised: the negative. False where every cell is
 * burned (nothing to normalise). */
static bool amazons_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  nb_grid b = nb_grid_decode(p, BITS);
  bool any = false;
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++) {
      unsigned s = nb_grid_get(&b, r, c);
      any = any || s != BURNED;
      if (s >= LEFT_AMAZON) nb_grid_set(&b, r, c, s ^ 1);
    }
  if (any) *q = nb_grid_normalise(&b, NB_GRID_ALL_SYMMETRIES);
  return any;
}

/* Territories (for the outcome search, nb_partizan_facet.integer). Claim: a board on which only
 * Left has amazons equals the integer n, the most moves Left can make on it one after another
 * (Right's only: -n). Proof. Right has no amazon now and none ever appears, so Right never has a
 * move: G = {G^L |}. By induction on the moves left, each G^L is the integer n_i, the longest
 * sequence from it, and {n_1, ..., n_k |} with integers n_i >= 0 is max n_i + 1 (no options: 0),
 * which is the longest sequence from G. Each move empties one cell and fills two (the landing
 * cell and the arrow's), so the empty cells drop by one a move and bound n (and every play of
 * any board: amazons_moves_left). The value search takes a territory's integer from here too
 * (amazons_canonical). The longest sequence is found by a depth-first search that
 * stops once it reaches that bound (territories without defects, the usual case, in one
 * descent) and gives up, answering "not known", past TERRITORY_NODES positions. */
enum { TERRITORY_NODES = 256 };

typedef struct territory {
  unsigned depth, best, bound; /* moves made on the current line; the most found; empty cells */
  unsigned nodes;              /* positions visited; past TERRITORY_NODES the search gives up */
} territory;

static nb_status territory_move(const nb_grid *b, const amove *m, void *ctx);

/* The longest line of moves from b by `mine`'s amazons, into t->best; NB_EDATA to stop (the
 * bound reached, or the budget spent: t->nodes tells which). */
static nb_status territory_search(const nb_grid *b, territory *t) {
  if (t->depth > t->best) t->best = t->depth;
  if (t->best == t->bound) return NB_EDATA;
  if (++t->nodes > TERRITORY_NODES) return NB_EDATA;
  return each_move(b, NB_LEFT, territory_move, t); /* a Right-only board comes recoloured */
}

static nb_status territory_move(const nb_grid *b, const amove *m, void *ctx) {
  territory *t = ctx;
  nb_grid after = *b;
  nb_grid_set(&after, (unsigned)m->r, (unsigned)m->c, EMPTY);
  nb_grid_set(&after, (unsigned)m->r2, (unsigned)m->c2, LEFT_AMAZON);
  nb_grid_set(&after, (unsigned)m->r3, (unsigned)m->c3, BURNED);
  t->depth++;
  nb_status st = territory_search(&after, t);
  t->depth--;
  return st;
}

bool nb_amazons_integer(const nb_game *g, nb_pos p, int64_t *value) {
  (void)g;
  nb_grid b = nb_grid_decode(p, BITS);
  unsigned count[4] = {0, 0, 0, 0};
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++)
      count[nb_grid_get(&b, r, c)]++;
  if (count[LEFT_AMAZON] > 0 && count[RIGHT_AMAZON] > 0) return false;
  bool right = count[RIGHT_AMAZON] > 0;
  if (right) /* Right's territory: the negative of the same board with Left's amazons */
    for (unsigned r = 0; r < b.h; r++)
      for (unsigned c = 0; c < b.w; c++)
        if (nb_grid_get(&b, r, c) == RIGHT_AMAZON) nb_grid_set(&b, r, c, LEFT_AMAZON);
  territory t = {.bound = count[EMPTY]};
  territory_search(&b, &t);
  if (t.nodes > TERRITORY_NODES) return false;
  *value = right ? -(int64_t)t.best : (int64_t)t.best;
  return true;
}

static uint64_t amazons_moves_left(const nb_game *g, nb_pos p) {
  (void)g;
  nb_grid b = nb_grid_decode(p, BITS);
  uint64_t empty = 0;
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++)
      empty += nb_grid_get(&b, r, c) == EMPTY;
  return empty;
}

/* The value search's hook: a territory is its integer (the claim above), made at once. */
static nb_status amazons_canonical(const nb_game *g, void *cache, nb_cg_store *store, nb_pos p,
                                   nb_cg *out, bool *known, nb_error *err) {
  (void)cache;
  int64_t n;
  *known = nb_amazons_integer(g, p, &n);
  return *known ? nb_cg_make_integer(store, n, out, err) : NB_OK;
}

static const nb_cache_facet amazons_cache = {.create = nb_amazons_cache_new,
                                             .destroy = nb_amazons_cache_free};

static const nb_partizan_facet amazons_values = {.outcome = nb_amazons_outcome,
                                                 .canonical = amazons_canonical,
                                                 .negative = amazons_negative,
                                                 .integer = nb_amazons_integer,
                                                 .moves_left = amazons_moves_left,
                                                 .winning_move = nb_amazons_winning_move};

/* No move, one amazon, both, burned cells splitting, diagonals, CGSuite's '|' and case, sums. */
static const nb_sample amazons_samples[] = {{"amazons", "x"},
                                            {"amazons", "x."},
                                            {"amazons", "x.."},
                                            {"amazons", "x.o"},
                                            {"amazons", "x#./.#o"},
                                            {"amazons", "X.#|#.O"},
                                            {"amazons", "x../.o."},
                                            {"amazons", "x.. o.#"},
                                            {"amazons", "x..#/..#./#..o"},
                                            {NULL, NULL}};

const nb_family nb_amazons_family = {
    .abi = NB_ABI_VERSION,
    .name = "amazons",
    .synopsis = "amazons  the Game of the Amazons: move an amazon like a queen, then shoot an "
                "arrow like one",
    .position_help = "one board per argument: rows of 'x' (Left's amazons), 'o' (Right's), '.' "
                     "(empty) and '#' (burned) separated by '/' or '|', such as 'x..|#.o'; up to "
                     "60 cells",
    .partizan = true,
    .sum_needs_index = true, /* "1,1-1,3/1,1" names no board of a sum: "2:1,1-1,3/1,1" does */
    .create = amazons_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = amazons_parse,
    .format = amazons_format,
    .joiner = " + ",
    .move_bound = amazons_move_bound,
    .max_parts = MAX_PARTS,
    .moves = amazons_moves,
    .describe = amazons_describe,
    .in_place = amazons_in_place,
    .cache = &amazons_cache,
    .partizan_eval = &amazons_values,
    .samples = amazons_samples,
};
