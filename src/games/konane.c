/*
 * konane.c: Konane, the `konane` family, on the grid layer (src/grid/grid.h) and, for boards past
 * 128 bits, the game's store of large positions.
 *
 * Rules (Ernst, "Playing Konane mathematically", UMAP Journal 16 (1995); CGSuite's
 * examples.Konane). Black (`x`, Left) and White (`o`, Right) stones stand on cells of a board,
 * some of whose cells may be blocked (`#`: off the board). A player jumps one of their stones
 * orthogonally over an adjacent stone of the opponent into the empty cell just beyond, capturing
 * (removing) the stone jumped; the same stone may go on jumping in the same direction, over
 * another opponent stone into the empty cell beyond, and so on. Each stop is a move of its own:
 * a stone that could jump twice to the right has two moves to the right. The player with no move
 * loses.
 *
 * Text. Rows, top first, separated by '/' (or CGSuite's '|'), a cell `x`, `o`, `.` (empty) or
 * `#` (blocked), in either case: `xo.|.ox`. One board per argument; several are a sum. Boards
 * are printed with '/', in lower case. A move is the stone's cell and the cell it lands on,
 * 1-based, row then column, on the board as printed: `1,1-1,3` jumps the stone of row 1, column
 * 1 over the stone at 1,2 (`1,1-1,5` jumps twice). In a sum: `2:1,1-1,3`.
 *
 * What a position is. Two bits a cell: 0 blocked, 1 empty, 2 Left's stone, 3 Right's. Blocked is
 * the grid layer's dead state 0, so cropping drops blocked rows and columns at the edges and
 * regions are those of the cells in play. A board as typed is kept as typed (its moves are
 * numbered on it); the boards that moves leave are regions, normalised.
 *
 * Regions (the theorem that splits a board). Call two cells joined when a chain of orthogonally
 * adjacent unblocked cells (empty or with a stone) links them; the classes are the regions.
 * Claim: a board is the sum of its regions, and a region whose stones are all of one colour is 0.
 * Proof. A move of a stone from cell a in direction d to a + 2kd reads and writes only the cells
 * a, a + d, ..., a + 2kd: a line of consecutive cells, each a stone or an empty cell, so all
 * unblocked and all in a's region; nothing in another region is read or changed. So the moves of
 * the whole are exactly the moves of one region with the others left as they are, which is the
 * definition of the sum. The regions never change (cells never become blocked or unblocked), so
 * this holds at every later position too. A move captures an opponent stone and creates none, so
 * a region with stones of one colour only, or none, has no move for either player now or ever:
 * it is 0. Stones of two colours in one region that never meet are not split further: a jump
 * lands two cells away, so stones apart now may meet later, and a finer split would need that
 * proved position by position. The rules name no direction, so each region is normalised under
 * all eight symmetries of the grid.
 *
 * Negative. Exchanging the colours exchanges the players' moves one for one, so by induction the
 * exchanged board is the negative (konane_negative).
 */
#include "games/partizan.h"
#include "grid/grid.h"

#include <stdlib.h>
#include <string.h>

enum {
  BITS = 2,        /* bits per cell */
  BLOCKED = 0,     /* cell states */
  EMPTY = 1,       /* an unblocked cell without a stone */
  LEFT_STONE = 2,  /* `x`, Black */
  RIGHT_STONE = 3, /* `o`, White */
  MAX_CELLS = NB_GRID_MAX_SIDE * NB_GRID_MAX_SIDE,
  /* a region kept after a move has two stones at least */
  MAX_PARTS = MAX_CELLS / 2,
  MAX_JUMPS = 7 /* most jumps of one move: a row of 16 cells holds 7 */
};

/* States 0..3 print as "#.xo"; the syntax's symbols are read through `state` below. */
static const char printed[] = "#.xo";
static const nb_grid_syntax syntax = {
    .symbols = ".xo#XO",
    .expected = "'x', 'o', '.', '#', '/' or '|'",
    .board = "rows of 'x' (Left's stones), 'o' (Right's), '.' (empty) and '#' (blocked) "
             "separated by '/' or '|', such as 'xo.|.ox'",
    .bits = BITS,
    .any_size = true,
    .bar_rows = true,
};
static const uint8_t state[6] = {EMPTY, LEFT_STONE, RIGHT_STONE, BLOCKED, LEFT_STONE, RIGHT_STONE};

/* The regions of b with stones of both colours, normalised, into parts; *n receives how many. */
static nb_status regions(const nb_game *g, const nb_grid *b, nb_pos *parts, uint32_t *n,
                         nb_error *err) {
  nb_grid_cells live = nb_grid_nonzero(b), found[NB_GRID_MAX_REGIONS];
  unsigned count = nb_grid_regions(&live, b->h, NB_GRID_ORTHOGONAL, found);
  *n = 0;
  for (unsigned i = 0; i < count; i++) {
    nb_grid region = nb_grid_restrict(b, &found[i]);
    bool left = false, right = false;
    for (unsigned r = 0; r < b->h; r++)
      for (unsigned c = 0; c < b->w; c++) {
        unsigned s = nb_grid_get(&region, r, c);
        left = left || s == LEFT_STONE;
        right = right || s == RIGHT_STONE;
      }
    if (!left || !right) continue; /* no move ever: 0 */
    nb_status st = nb_grid_normalise_any(g, &region, NB_GRID_ALL_SYMMETRIES, &parts[(*n)++], err);
    if (st != NB_OK) return st;
  }
  return NB_OK;
}

static nb_status konane_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("konane", params, out, err);
}

/* Reads one board (argument number arg) into *out, as typed. A board past 128 bits that the
 * store refuses (its bound) is a usage error naming the argument, as in clobber. */
static nb_status parse_board(const nb_game *g, const char *text, size_t arg, nb_pos *out,
                             nb_error *err) {
  nb_grid read;
  nb_status st = nb_grid_parse(text, arg, &syntax, &read, err);
  if (st != NB_OK) return st;
  nb_grid b = nb_grid_map(&read, BITS, state);
  st = nb_grid_encode_any(g, &b, out, err);
  if (st == NB_EDATA) return nb_error_prefix(err, NB_EUSAGE, "argument %zu: ", arg);
  return st;
}

static nb_status konane_parse(const nb_game *g, const char *const *tokens, size_t count,
                              size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  return nb_grid_parse_each(g, tokens, count, first_arg, out, n, cap, parse_board, err);
}

static int konane_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  nb_grid b = nb_grid_decode_any(g, p, BITS);
  return nb_grid_format(&b, printed, buf, cap);
}

/* The four directions: up, down, left, right. */
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

/* Whether (r, c) is on b. */
static bool on(const nb_grid *b, int r, int c) {
  return r >= 0 && c >= 0 && (unsigned)r < b->h && (unsigned)c < b->w;
}

/* Calls visit(b, r, c, d, k, ctx) for each move of `who`: the stone at (r, c) jumping k times in
 * direction d; stops at the first status that is not NB_OK. */
typedef nb_status (*visit_fn)(const nb_grid *b, int r, int c, int d, int k, void *ctx);

static nb_status each_move(const nb_grid *b, nb_player who, visit_fn visit, void *ctx) {
  unsigned mine = who == NB_LEFT ? LEFT_STONE : RIGHT_STONE, theirs = mine ^ 1;
  for (int r = 0; r < (int)b->h; r++)
    for (int c = 0; c < (int)b->w; c++) {
      if (nb_grid_get(b, (unsigned)r, (unsigned)c) != mine) continue;
      for (int d = 0; d < 4; d++)
        for (int k = 1;; k++) {
          int r1 = r + (2 * k - 1) * dr[d], c1 = c + (2 * k - 1) * dc[d];
          int r2 = r + 2 * k * dr[d], c2 = c + 2 * k * dc[d];
          if (!on(b, r2, c2) || nb_grid_get(b, (unsigned)r1, (unsigned)c1) != theirs ||
              nb_grid_get(b, (unsigned)r2, (unsigned)c2) != EMPTY)
            break;
          nb_status st = visit(b, r, c, d, k, ctx);
          if (st != NB_OK) return st;
        }
    }
  return NB_OK;
}

static nb_status count_one(const nb_grid *b, int r, int c, int d, int k, void *ctx) {
  (void)b, (void)r, (void)c, (void)d, (void)k;
  ++*(size_t *)ctx;
  return NB_OK;
}

static size_t konane_move_bound(const nb_game *g, nb_pos p) {
  nb_grid b = nb_grid_decode_any(g, p, BITS);
  size_t n[2] = {0, 0};
  each_move(&b, NB_LEFT, count_one, &n[0]);
  each_move(&b, NB_RIGHT, count_one, &n[1]);
  return n[0] > n[1] ? n[0] : n[1];
}

/* What adding a move needs. */
typedef struct adder {
  const nb_game *g; /* the game (its store) */
  nb_moves *out;    /* the list */
  nb_error *err;    /* for the store's refusals */
} adder;

/* The board after the move: the stone lands, the stones jumped go. Tag: from row << 12 | from
 * column << 8 | to row << 4 | to column. */
static nb_status add_move(const nb_grid *b, int r, int c, int d, int k, void *ctx) {
  adder *a = ctx;
  nb_grid after = *b;
  unsigned mine = nb_grid_get(b, (unsigned)r, (unsigned)c);
  nb_grid_set(&after, (unsigned)r, (unsigned)c, EMPTY);
  for (int j = 1; j < 2 * k; j += 2)
    nb_grid_set(&after, (unsigned)(r + j * dr[d]), (unsigned)(c + j * dc[d]), EMPTY);
  unsigned r2 = (unsigned)(r + 2 * k * dr[d]), c2 = (unsigned)(c + 2 * k * dc[d]);
  nb_grid_set(&after, r2, c2, mine);
  nb_pos parts[MAX_PARTS];
  uint32_t n;
  nb_status st = regions(a->g, &after, parts, &n, a->err);
  if (st != NB_OK) return st;
  nb_moves_add(a->out, (uint32_t)r << 12 | (uint32_t)c << 8 | r2 << 4 | c2, parts, n);
  return NB_OK;
}

/* The definition (the top of this file), through each_move. */
static nb_status konane_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                              nb_error *err) {
  nb_grid b = nb_grid_decode_any(g, p, BITS);
  adder a = {g, out, err};
  return each_move(&b, who, add_move, &a);
}

/* The board after the move, cells in place (the display's: nb_family.in_place): the stone
 * lands, the stones it jumped over (every other cell on the way) go, nothing else changes. */
static nb_status konane_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                                 nb_pos *out, nb_error *err) {
  nb_grid b = nb_grid_decode_any(g, from, BITS);
  int r = (int)(m->tag >> 12 & 15), c = (int)(m->tag >> 8 & 15);
  int r2 = (int)(m->tag >> 4 & 15), c2 = (int)(m->tag & 15);
  int sr = (r2 > r) - (r2 < r), sc = (c2 > c) - (c2 < c); /* one step along the jump */
  for (int j = 0; r + j * sr != r2 || c + j * sc != c2; j++)
    nb_grid_set(&b, (unsigned)(r + j * sr), (unsigned)(c + j * sc), EMPTY);
  nb_grid_set(&b, (unsigned)r2, (unsigned)c2, who == NB_LEFT ? LEFT_STONE : RIGHT_STONE);
  return nb_grid_encode_any(g, &b, out, err);
}

/* "1,1-1,3": the stone on row 1, column 1 lands on row 1, column 3. */
static int konane_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                           char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u,%u-%u,%u", (m->tag >> 12 & 15) + 1, (m->tag >> 8 & 15) + 1,
                  (m->tag >> 4 & 15) + 1, (m->tag & 15) + 1);
}

/* The board with the colours exchanged, normalised: the negative. False where every cell is
 * blocked (nothing to normalise) or the store refuses it. */
static bool konane_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  nb_grid b = nb_grid_decode_any(g, p, BITS);
  bool any = false;
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++) {
      unsigned s = nb_grid_get(&b, r, c);
      any = any || s != BLOCKED;
      if (s >= LEFT_STONE) nb_grid_set(&b, r, c, s ^ 1);
    }
  return any && nb_grid_normalise_any(g, &b, NB_GRID_ALL_SYMMETRIES, q, NULL) == NB_OK;
}

static const nb_partizan_facet konane_values = {.negative = konane_negative};

/* No move, one jump, a double jump, blocked cells, CGSuite's notation and case, regions of one
 * colour, a sum, and a 9 x 9 board (162 bits: through the store). */
static const nb_sample konane_samples[] = {
    {"konane", "x.o"},
    {"konane", "xo."},
    {"konane", "xo.o."},
    {"konane", ".xo.|o#x."},
    {"konane", "XO.x/.#o./x..o"},
    {"konane", "xx.#/...#/oo.."},
    {"konane", "xo. .ox"},
    {"konane", "xo......./........./........./........./........./........./........./"
               "........./.......ox"},
    {NULL, NULL}};

const nb_family nb_konane_family = {
    .abi = NB_ABI_VERSION,
    .name = "konane",
    .synopsis = "konane  Konane: jump a stone of the other's into the empty cell beyond, "
                "capturing it",
    .position_help = "one board per argument: rows of 'x' (Left's stones), 'o' (Right's), '.' "
                     "(empty) and '#' (blocked) separated by '/' or '|', such as 'xo.|.ox'; up "
                     "to 16 x 16",
    .partizan = true,
    .sum_needs_index = true, /* "1,1-1,3" names no board of a sum: "2:1,1-1,3" does */
    .create = konane_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = konane_parse,
    .format = konane_format,
    .joiner = " + ",
    .move_bound = konane_move_bound,
    .max_parts = MAX_PARTS,
    .moves = konane_moves,
    .describe = konane_describe,
    .in_place = konane_in_place,
    .partizan_eval = &konane_values,
    .samples = konane_samples,
};
