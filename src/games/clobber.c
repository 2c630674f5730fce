/*
 * clobber.c: Clobber, the `clobber` family: the first board game whose boards do not fit 128
 * bits, written on the grid layer (src/grid/grid.h) and the game's store of large positions.
 *
 * Rules (Albert, Grossman and Nowakowski, 2001; CGSuite's examples.Clobber). Black (`x`, Left)
 * and White (`o`, Right) stones stand on cells of a board. A player moves one of their stones
 * onto an orthogonally adjacent stone of the opponent, which is removed (clobbered); the cell the
 * stone left is empty. A move always captures: a player whose stones touch none of the
 * opponent's has no move, and the player with no move loses. Left has a move exactly where Right
 * has one (every move is along an edge between an `x` and an `o`), so no value is a number other
 * than 0: every Clobber position is all-small (tests/test_clobber.c checks the mean is 0).
 *
 * Text. A board is written as CGSuite writes it: its rows, top first, separated by '/' (or
 * CGSuite's '|'), a cell as `x` (a Left stone), `o` (a Right stone) or `.` (empty), letters read
 * without regard to case: `xo.|.ox`. Boards are printed with '/', in lower case. Several boards
 * (one per argument) are a sum.
 *
 * Moves are written as the stone's cell and the cell it moves to, 1-based, row then column,
 * counted on the board as printed: `2,3-2,4` moves the stone on row 2, column 3 onto the
 * opponent's stone to its right. In a sum a move is prefixed by its board: `2:1,1-1,2`.
 *
 * What a position is. Two bits a cell: 0 empty, 1 a Left stone, 2 a Right stone. State 0 is the
 * grid layer's dead cell, so cropping and regions work on stones. A board the user typed is kept
 * as typed (so the first moves are numbered on the board the user wrote); the boards that moves
 * leave are regions.
 *
 * Regions. Stones that no chain of orthogonally adjacent stones joins never interact: a move
 * takes a stone to an adjacent cell that holds a stone, so it stays within its group, and groups
 * only lose stones. A board is the sum of its groups. A group whose stones are all of one colour
 * has no move for either player, now or ever (no move can reach it), so it is 0 and dropped.
 * Each group kept is normalised by the grid layer under all eight symmetries: the rules name no
 * direction, so a board turned or reflected is the same game.
 *
 * Larger than 128 bits. Two bits a cell fill an nb_pos at 60 cells (7 x 8, 6 x 10); an 8 x 8
 * board is 128 bits. Boards up to 16 x 16 are read, and those that do not fit are interned in the
 * game's store through the grid's _any functions: inline where they fit (every region a search
 * of a 6 x 6 board meets), interned where not. So Clobber's `moves` can fail (the store's bound,
 * or memory), and says so.
 *
 * Strips. A board of one row longer than the grid's 16 columns (CGSuite's 1 x n Clobber, up to
 * STRIP_MAX = 57 cells) is a strip, packed inline: hi bits 56..63 hold STRIP_TAG (0xfe; no inline
 * board of 2 bits a cell has that byte: 16 rows hold at most 3 columns), bits 50..55 its length,
 * and cell i sits at bit 2i of the 114 bits lo, hi[0..49]. A strip's moves are a board's (left
 * and right only); its groups are runs of stones, and a run of 16 stones or fewer is written as
 * the grid's 1 x n board, a longer one as a strip, in the lesser encoding of the run and its
 * reverse (the two symmetries of a row). So every row is one encoding, whichever side it came
 * from, and a long strip costs no store.
 *
 * Negative. Exchanging the colours exchanges the players' moves one for one, so by induction the
 * game of the exchanged board is the negative: clobber_negative gives it to the value search,
 * which then values one of each pair.
 */
#include "games/partizan.h"
#include "grid/grid.h"

#include <stdlib.h>
#include <string.h>

enum {
  BITS = 2,        /* bits per cell */
  EMPTY = 0,       /* cell states */
  LEFT_STONE = 1,  /* `x`, Black */
  RIGHT_STONE = 2, /* `o`, White */
  MAX_CELLS = NB_GRID_MAX_SIDE * NB_GRID_MAX_SIDE,
  /* A move leaves the groups of the board with both colours: each has two stones or more, so
   * there are at most half the cells. */
  MAX_PARTS = MAX_CELLS / 2,
  STRIP_MAX = 57,   /* most cells of a strip: 114 bits beside its tag and length */
  STRIP_TAG = 0xfe, /* hi >> 56 of a strip */
  STRIP_LEN_SHIFT = 50
};

static const uint64_t LOW = 0x5555555555555555ull; /* bit 0 of each cell of a row */

/* States 0..2 print as ".xo"; `X` and `O` are read as 1 and 2 (nb_grid_map, `state` below). */
static const nb_grid_syntax syntax = {
    .symbols = ".xoXO",
    .expected = "'x', 'o', '.', '/' or '|'",
    .board = "rows of 'x' (Left's stones), 'o' (Right's) and '.' (empty) separated by '/' or '|', "
             "such as 'xo.|.ox'",
    .bits = BITS,
    .any_size = true,
    .bar_rows = true,
};

/* --- stones --------------------------------------------------------------------------------- */

/* The even bits of x (one a cell of 2 bits) gathered into the low 32: bit c for cell c. */
static uint32_t gather(uint64_t x) {
  x &= LOW;
  x = (x | x >> 1) & 0x3333333333333333ull;
  x = (x | x >> 2) & 0x0f0f0f0f0f0f0f0full;
  x = (x | x >> 4) & 0x00ff00ff00ff00ffull;
  x = (x | x >> 8) & 0x0000ffff0000ffffull;
  return (uint32_t)(x | x >> 16);
}

/* The stones of `who` in each row of b, bit c for column c. */
static void stones(const nb_grid *b, nb_player who, uint32_t out[NB_GRID_MAX_SIDE]) {
  for (unsigned r = 0; r < b->h; r++)
    out[r] = gather(who == NB_LEFT ? b->row[r] & ~(b->row[r] >> 1) : b->row[r] >> 1 & ~b->row[r]);
}

/* The adjacent pairs of a Left and a Right stone: each is one move for each player. Row r's
 * stones meet across an edge those of the same row one column over and of row r + 1. */
static size_t contacts(const nb_grid *b) {
  uint32_t x[NB_GRID_MAX_SIDE], o[NB_GRID_MAX_SIDE];
  stones(b, NB_LEFT, x);
  stones(b, NB_RIGHT, o);
  unsigned n = 0;
  for (unsigned r = 0; r < b->h; r++) {
    uint32_t beside = x[r] & o[r] >> 1, before = o[r] & x[r] >> 1, below = 0;
    n += nb_bit_count(beside) + nb_bit_count(before);
    if (r + 1 < b->h)
      below = (x[r] & o[r + 1]) | (o[r] & x[r + 1]); /* disjoint: one stone a cell */
    n += nb_bit_count(below);
  }
  return n;
}

/* The groups of b with stones of both colours, normalised, into parts; *n receives how many. */
static nb_status groups(const nb_game *g, const nb_grid *b, nb_pos *parts, uint32_t *n,
                        nb_error *err) {
  nb_grid_cells live = nb_grid_nonzero(b), found[NB_GRID_MAX_REGIONS];
  unsigned count = nb_grid_regions(&live, b->h, NB_GRID_ORTHOGONAL, found);
  *n = 0;
  for (unsigned i = 0; i < count; i++) {
    nb_grid region = nb_grid_restrict(b, &found[i]);
    uint64_t left = 0, right = 0;
    for (unsigned r = 0; r < b->h; r++) {
      left |= region.row[r] & ~(region.row[r] >> 1) & LOW;
      right |= region.row[r] >> 1 & ~region.row[r] & LOW;
    }
    if (left == 0 || right == 0) continue; /* one colour: no move ever, 0 */
    nb_status st = nb_grid_normalise_any(g, &region, NB_GRID_ALL_SYMMETRIES, &parts[(*n)++], err);
    if (st != NB_OK) return st;
  }
  return NB_OK;
}

/* --- strips --------------------------------------------------------------------------------- */

/* A row of up to STRIP_MAX cells, one state a byte. */
typedef struct strip {
  unsigned n;              /* cells */
  uint8_t cell[STRIP_MAX]; /* EMPTY, LEFT_STONE or RIGHT_STONE */
} strip;

static bool is_strip(nb_pos p) {
  return p.hi >> 56 == STRIP_TAG;
}

static nb_pos strip_pack(const uint8_t *cell, unsigned n, bool reversed) {
  nb_pos p = {0, (uint64_t)STRIP_TAG << 56 | (uint64_t)n << STRIP_LEN_SHIFT};
  for (unsigned i = 0; i < n; i++) {
    uint64_t x = cell[reversed ? n - 1 - i : i];
    if (i < 32)
      p.lo |= x << (2 * i);
    else
      p.hi |= x << (2 * i - 64);
  }
  return p;
}

static strip strip_of(nb_pos p) {
  strip t;
  t.n = (unsigned)(p.hi >> STRIP_LEN_SHIFT & 63);
  for (unsigned i = 0; i < t.n; i++)
    t.cell[i] = (uint8_t)((i < 32 ? p.lo >> (2 * i) : p.hi >> (2 * i - 64)) & 3);
  return t;
}

/* A run of stones cell[0..n) (n >= 1) in normal form: the grid's 1 x n board up to 16 cells (it
 * fits an nb_pos: nb_grid_normalise), else the lesser of the strip and its reverse. */
static nb_pos run_normal(const uint8_t *cell, unsigned n) {
  if (n <= NB_GRID_MAX_SIDE) {
    nb_grid b = nb_grid_make(1, n, BITS);
    for (unsigned i = 0; i < n; i++)
      nb_grid_set(&b, 0, i, cell[i]);
    return nb_grid_normalise(&b, NB_GRID_ALL_SYMMETRIES);
  }
  nb_pos a = strip_pack(cell, n, false), b = strip_pack(cell, n, true);
  return a.hi != b.hi ? (a.hi < b.hi ? a : b) : (a.lo < b.lo ? a : b);
}

/* The runs of stones of t with both colours, normalised, into parts; returns how many. */
static uint32_t strip_groups(const strip *t, nb_pos *parts) {
  uint32_t n = 0;
  for (unsigned i = 0; i < t->n;) {
    if (t->cell[i] == EMPTY) {
      i++;
      continue;
    }
    unsigned start = i, colours = 0;
    for (; i < t->n && t->cell[i] != EMPTY; i++)
      colours |= t->cell[i];
    if (colours == (LEFT_STONE | RIGHT_STONE)) parts[n++] = run_normal(t->cell + start, i - start);
  }
  return n;
}

/* The moves of `who` on a strip: the board's, along the row. Tag: bit 16, from << 8 | to. */
static void strip_moves(nb_pos p, nb_player who, nb_moves *out) {
  nb_pos parts[STRIP_MAX / 2 + 1];
  strip t = strip_of(p);
  uint8_t mine = who == NB_LEFT ? LEFT_STONE : RIGHT_STONE, theirs = mine ^ 3;
  for (unsigned i = 0; i < t.n; i++) {
    if (t.cell[i] != mine) continue;
    for (int d = -1; d <= 1; d += 2) {
      unsigned j = (unsigned)((int)i + d);
      if (j >= t.n || t.cell[j] != theirs) continue;
      strip after = t;
      after.cell[i] = EMPTY;
      after.cell[j] = mine;
      nb_moves_add(out, 1u << 16 | i << 8 | j, parts, strip_groups(&after, parts));
    }
  }
}

/* Whether `text` is one row longer than the grid's rows: then it is read here, as a strip (the
 * grid's parse reads every other board, and gives its errors). */
static bool strip_shaped(const char *text) {
  size_t n = strlen(text);
  return n > NB_GRID_MAX_SIDE && strcspn(text, "/|") == n;
}

/* Reads the strip `text` (strip_shaped) into *out, as typed. */
static nb_status parse_strip(const char *text, size_t arg, nb_pos *out, nb_error *err) {
  static const uint8_t state[5] = {EMPTY, LEFT_STONE, RIGHT_STONE, LEFT_STONE, RIGHT_STONE};
  char quoted[NB_QUOTE_CAP];
  size_t n = strlen(text);
  uint8_t cell[STRIP_MAX];
  for (size_t i = 0; i < n; i++) {
    const char *symbol = strchr(syntax.symbols, text[i]);
    if (symbol == NULL)
      return nb_fail(err, NB_EUSAGE, "argument %zu: column %zu: expected %s, found %s", arg, i + 1,
                     syntax.expected, nb_quote(quoted, text + i, 1));
    if (i < STRIP_MAX) cell[i] = state[symbol - syntax.symbols];
  }
  if (n > STRIP_MAX)
    return nb_fail(err, NB_EUSAGE,
                   "argument %zu: board %s is too large (at most 16 rows and 16 columns, or one "
                   "row of %d)",
                   arg, nb_quote(quoted, text, n), STRIP_MAX);
  *out = strip_pack(cell, (unsigned)n, false);
  return NB_OK;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status clobber_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("clobber", params, out, err);
}

/* Reads one board (argument number arg) into *out, as typed (not normalised). A board past 128
 * bits the store refuses (its bound, set by --memory) is a usage error naming the argument, as
 * the family contract wants of parse: the request is out of the scope the user set. */
static nb_status parse_board(const nb_game *g, const char *text, size_t arg, nb_pos *out,
                             nb_error *err) {
  static const uint8_t state[5] = {EMPTY, LEFT_STONE, RIGHT_STONE, LEFT_STONE, RIGHT_STONE};
  if (strip_shaped(text)) return parse_strip(text, arg, out, err);
  nb_grid read;
  nb_status st = nb_grid_parse(text, arg, &syntax, &read, err);
  if (st != NB_OK) return st;
  nb_grid b = nb_grid_map(&read, BITS, state);
  st = nb_grid_encode_any(g, &b, out, err);
  if (st == NB_EDATA) /* the store's bound: parse's failures are usage errors */
    return nb_error_prefix(err, NB_EUSAGE, "argument %zu: ", arg);
  return st;
}

static nb_status clobber_parse(const nb_game *g, const char *const *tokens, size_t count,
                               size_t first_arg, nb_pos *out, size_t *n, size_t cap,
                               nb_error *err) {
  return nb_grid_parse_each(g, tokens, count, first_arg, out, n, cap, parse_board, err);
}

static int clobber_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  if (is_strip(p)) {
    strip t = strip_of(p);
    char text[STRIP_MAX + 1];
    for (unsigned i = 0; i < t.n; i++)
      text[i] = syntax.symbols[t.cell[i]];
    text[t.n] = '\0';
    return snprintf(buf, cap, "%s", text);
  }
  nb_grid b = nb_grid_decode_any(g, p, BITS);
  return nb_grid_format(&b, syntax.symbols, buf, cap);
}

/* Exactly the moves of either player: one for each pair of adjacent stones of both colours. */
static size_t clobber_move_bound(const nb_game *g, nb_pos p) {
  if (is_strip(p)) {
    strip t = strip_of(p);
    size_t n = 0;
    for (unsigned i = 0; i + 1 < t.n; i++)
      n += (t.cell[i] | t.cell[i + 1]) == (LEFT_STONE | RIGHT_STONE);
    return n;
  }
  nb_grid b = nb_grid_decode_any(g, p, BITS);
  return contacts(&b);
}

/* The four directions: up, down, left, right. */
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

/* The definition: `who` moves one of their stones onto an orthogonally adjacent stone of the
 * opponent, which is removed; the board left is the sum of its groups with both colours. Tag:
 * from row << 12 | from column << 8 | to row << 4 | to column. */
static nb_status clobber_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                               nb_error *err) {
  if (is_strip(p)) {
    strip_moves(p, who, out);
    return NB_OK;
  }
  nb_pos parts[MAX_PARTS];
  nb_grid b = nb_grid_decode_any(g, p, BITS);
  unsigned mine = who == NB_LEFT ? LEFT_STONE : RIGHT_STONE, theirs = mine ^ 3;
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++) {
      if (nb_grid_get(&b, r, c) != mine) continue;
      for (int d = 0; d < 4; d++) {
        unsigned r2 = (unsigned)((int)r + dr[d]), c2 = (unsigned)((int)c + dc[d]);
        if (r2 >= b.h || c2 >= b.w || nb_grid_get(&b, r2, c2) != theirs) continue;
        nb_grid after = b;
        nb_grid_set(&after, r, c, EMPTY);
        nb_grid_set(&after, r2, c2, mine);
        uint32_t n;
        nb_status st = groups(g, &after, parts, &n, err);
        if (st != NB_OK) return st;
        nb_moves_add(out, r << 12 | c << 8 | r2 << 4 | c2, parts, n);
      }
    }
  return NB_OK;
}

/* The board or strip after the move, cells in place (the display's: nb_family.in_place): the
 * stone on its victim's cell, its own cell empty, nothing split or normalised. */
static nb_status clobber_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                                  nb_pos *out, nb_error *err) {
  unsigned mine = who == NB_LEFT ? LEFT_STONE : RIGHT_STONE;
  if (is_strip(from)) {
    strip t = strip_of(from);
    t.cell[m->tag >> 8 & 255] = EMPTY;
    t.cell[m->tag & 255] = (uint8_t)mine;
    *out = strip_pack(t.cell, t.n, false);
    return NB_OK;
  }
  nb_grid b = nb_grid_decode_any(g, from, BITS);
  nb_grid_set(&b, m->tag >> 12 & 15, m->tag >> 8 & 15, EMPTY);
  nb_grid_set(&b, m->tag >> 4 & 15, m->tag & 15, mine);
  return nb_grid_encode_any(g, &b, out, err);
}

/* "2,3-2,4": the stone on row 2, column 3 onto the stone on row 2, column 4. */
static int clobber_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                            char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  if (m->tag >> 16) /* a strip: row 1 */
    return snprintf(buf, cap, "1,%u-1,%u", (m->tag >> 8 & 63) + 1, (m->tag & 63) + 1);
  return snprintf(buf, cap, "%u,%u-%u,%u", (m->tag >> 12 & 15) + 1, (m->tag >> 8 & 15) + 1,
                  (m->tag >> 4 & 15) + 1, (m->tag & 15) + 1);
}

/* The board with the colours exchanged (each cell's two bits swapped), normalised: the negative
 * (see the top of this file). False where there is no stone, or the store refuses the board. */
static bool clobber_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  if (is_strip(p)) {
    strip t = strip_of(p);
    for (unsigned i = 0; i < t.n; i++)
      t.cell[i] = (uint8_t)((t.cell[i] & 1) << 1 | t.cell[i] >> 1);
    nb_pos parts[STRIP_MAX / 2 + 1];
    if (strip_groups(&t, parts) != 1) return false; /* only a whole group is its negative */
    *q = parts[0];
    return true;
  }
  nb_grid b = nb_grid_decode_any(g, p, BITS);
  bool any = false;
  for (unsigned r = 0; r < b.h; r++) {
    b.row[r] = (b.row[r] & LOW) << 1 | (b.row[r] >> 1 & LOW);
    any = any || b.row[r] != 0;
  }
  return any && nb_grid_normalise_any(g, &b, NB_GRID_ALL_SYMMETRIES, q, NULL) == NB_OK;
}

static const nb_partizan_facet clobber_values = {.negative = clobber_negative};

/* No move, one contact, CGSuite's notation and case, groups of one colour, a move that splits,
 * 8 x 8 boards (128 bits: through the store), and a strip of 22 cells. */
static const nb_sample clobber_samples[] = {
    {"clobber", "x.o"},
    {"clobber", "xo"},
    {"clobber", "xxo"},
    {"clobber", "XoX|o.."},
    {"clobber", "xoxo/ox.."},
    {"clobber", "xxx/..o/xo."},
    {"clobber", "xoxox"},
    {"clobber", "xo/ox xo"},
    {"clobber", "xo....../......../......../......../......../......../......../......ox"},
    {"clobber", "xoxo..../oxo...../......../......../......../......../......../.......x"},
    {"clobber", "xxxxxxxxxxxxxxxxxo.xoo"},
    {NULL, NULL}};

const nb_family nb_clobber_family = {
    .abi = NB_ABI_VERSION,
    .name = "clobber",
    .synopsis = "clobber  Left's and Right's stones clobber each other's orthogonal neighbours",
    .position_help = "one board per argument: rows of 'x' (Left's stones), 'o' (Right's) and '.' "
                     "(empty) separated by '/' or '|', such as 'xo.|.ox'; up to 16 x 16",
    .partizan = true,
    .sum_needs_index = true, /* "1,1-1,2" names no board of a sum: "2:1,1-1,2" does */
    .create = clobber_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = clobber_parse,
    .format = clobber_format,
    .joiner = " + ",
    .move_bound = clobber_move_bound,
    .max_parts = MAX_PARTS,
    .moves = clobber_moves,
    .describe = clobber_describe,
    .in_place = clobber_in_place,
    .partizan_eval = &clobber_values,
    .samples = clobber_samples,
};
