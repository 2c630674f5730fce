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
 * board the user wrote); the boards that moves leave are normalised regions. After a move the
 * printed position is therefore the regions, each cropped and perhaps reflected, and move
 * coordinates always refer to the board as printed.
 *
 * Encoding in an nb_pos: width - 1 in hi bits 56..59, height - 1 in hi bits 60..63, and bit
 * r * width + c of the 120 bits lo, hi[0..55] set iff cell (r, c) is empty. The height is the
 * most significant field because the value search values whichever of a board and its
 * transpose has the lesser encoding (dom_negative): the one with fewer rows, whose regions are
 * then normalised in fewer row steps (2% fewer instructions on the calibration case than with
 * the width there). Boards hold at most
 * 120 cells and at most 16 rows and 16 columns (so 10 x 12, 8 x 15, 11 x 10 fit).
 */
#include "cgt/cgt.h"
#include "games/partizan.h"

#include <stdlib.h>
#include <string.h>

enum {
  MAX_SIDE = 16,  /* most rows, and most columns */
  MAX_CELLS = 120 /* most cells: what an nb_pos holds beside the dimensions */
};

/* A board being worked on: its empty cells as one bitmask per row. */
typedef struct board {
  unsigned h, w;          /* rows and columns */
  uint16_t row[MAX_SIDE]; /* bit c of row[r] set iff cell (r, c) is empty */
} board;

/* --- encoding -------------------------------------------------------------------------------- */

/* Row r of a board of width w occupies bits r*w .. r*w+w-1 of the 120 cell bits (lo, then the
 * low 56 bits of hi). */
static board decode(nb_pos p) {
  board b = {.h = (unsigned)(p.hi >> 60) + 1, .w = (unsigned)(p.hi >> 56 & 15) + 1};
  uint64_t cells_hi = p.hi & (((uint64_t)1 << 56) - 1), mask = ((uint64_t)1 << b.w) - 1;
  for (unsigned r = 0, at = 0; r < b.h; r++, at += b.w) {
    uint64_t bits = at < 64 ? p.lo >> at : cells_hi >> (at - 64);
    if (at < 64 && at + b.w > 64) bits |= cells_hi << (64 - at);
    b.row[r] = (uint16_t)(bits & mask);
  }
  return b;
}

static nb_pos encode(const board *b) {
  nb_pos p = {0, (uint64_t)(b->h - 1) << 60 | (uint64_t)(b->w - 1) << 56};
  for (unsigned r = 0, at = 0; r < b->h; r++, at += b->w) {
    uint64_t row = b->row[r];
    if (at < 64) {
      p.lo |= row << at;
      if (at + b->w > 64) p.hi |= row >> (64 - at);
    } else {
      p.hi |= row << (at - 64);
    }
  }
  return p;
}

/* --- regions --------------------------------------------------------------------------------- */

/* The region (connected set of cells of `cells`) containing the seed cells: grown one step in
 * every direction at a time until it stops growing. */
static void grow_region(const board *cells, uint16_t region[MAX_SIDE]) {
  for (bool grew = true; grew;) {
    grew = false;
    for (unsigned r = 0; r < cells->h; r++) {
      unsigned m = region[r] | region[r] << 1 | region[r] >> 1;
      if (r > 0) m |= region[r - 1];
      if (r + 1 < cells->h) m |= region[r + 1];
      uint16_t next = (uint16_t)(m & cells->row[r]);
      grew = grew || next != region[r];
      region[r] = next;
    }
  }
}

/* Bytes in reverse bit order, a table built by the preprocessor (each step places two bits). */
#define REV2(n) n, n + 2 * 64, n + 1 * 64, n + 3 * 64
#define REV4(n) REV2(n), REV2(n + 2 * 16), REV2(n + 1 * 16), REV2(n + 3 * 16)
#define REV6(n) REV4(n), REV4(n + 2 * 4), REV4(n + 1 * 4), REV4(n + 3 * 4)
static const uint8_t reversed_byte[256] = {REV6(0), REV6(2), REV6(1), REV6(3)};

/* The low w bits of x in reverse order. */
static uint16_t reverse_bits(uint16_t x, unsigned w) {
  unsigned y = (unsigned)reversed_byte[x & 255] << 8 | reversed_byte[x >> 8];
  return (uint16_t)(y >> (16 - w));
}

/* The cells rows[0..h) (a region from its top row to its bottom row, at least one cell)
 * cropped to their columns, in the reflection of least encoding. The encoding's most significant
 * cell bits are the last row's, so of boards of one size the least encoding is the one whose
 * rows, read from the last to the first as integers, are least. */
static nb_pos normalise_rows(const uint16_t *rows, unsigned h) {
  unsigned cols = 0;
  for (unsigned r = 0; r < h; r++)
    cols |= rows[r];
  unsigned first = (unsigned)__builtin_ctz(cols), w = 32 - (unsigned)__builtin_clz(cols) - first;
  uint16_t m[2][MAX_SIDE];           /* m[1]: each row reversed (the left-right reflection) */
  uint64_t packed[4] = {0, 0, 0, 0}; /* the four reflections' cell bits, when they fit 64 */
  for (unsigned r = 0; r < h; r++) {
    m[0][r] = (uint16_t)(rows[r] >> first);
    m[1][r] = reverse_bits(m[0][r], w);
    unsigned at = r * w, back = (h - 1 - r) * w;
    if (h * w > 64) continue;
    packed[0] |= (uint64_t)m[0][r] << at;
    packed[1] |= (uint64_t)m[1][r] << at;
    packed[2] |= (uint64_t)m[0][r] << back;
    packed[3] |= (uint64_t)m[1][r] << back;
  }
  if (h * w <= 64) { /* the least encoding is the least of the four words */
    uint64_t least = packed[0];
    for (int f = 1; f < 4; f++)
      least = packed[f] < least ? packed[f] : least;
    return (nb_pos){least, (uint64_t)(h - 1) << 60 | (uint64_t)(w - 1) << 56};
  }
  /* Reflection f: row i is m[f & 1][f & 2 ? h - 1 - i : i]. */
  int best = 0;
  for (int f = 1; f < 4; f++)
    for (unsigned i = h; i-- > 0;) {
      uint16_t a = m[f & 1][f & 2 ? h - 1 - i : i], c = m[best & 1][best & 2 ? h - 1 - i : i];
      if (a != c) {
        if (a < c) best = f;
        break;
      }
    }
  /* encode(), on the chosen rows in place */
  nb_pos p = {0, (uint64_t)(h - 1) << 60 | (uint64_t)(w - 1) << 56};
  const uint16_t *src = m[best & 1];
  for (unsigned r = 0, at = 0; r < h; r++, at += w) {
    uint64_t row = src[best & 2 ? h - 1 - r : r];
    if (at < 64) {
      p.lo |= row << at;
      if (at + w > 64) p.hi |= row >> (64 - at);
    } else {
      p.hi |= row << (at - 64);
    }
  }
  return p;
}

/* The region (cells of a board of h rows, at least one) normalised: cropped, then reflected. */
static nb_pos normalise(const board *b, const uint16_t region[MAX_SIDE]) {
  unsigned top = 0, bottom = b->h - 1;
  while (region[top] == 0)
    top++;
  while (region[bottom] == 0)
    bottom--;
  return normalise_rows(region + top, bottom - top + 1);
}

/* Boards whose rows fit one 64-bit word with a spare column between them (h * (w + 1) <= 64,
 * every board up to 7 x 8 and 5 x 10) are searched for regions in that word: a region grows by
 * shifting the whole word one column or one row at a time, and the spare column, never a cell,
 * stops a shift from wrapping into the next row. Same regions as the row-by-row search below. */
static bool fits_word(const board *b) {
  return b->h * (b->w + 1) <= 64;
}

/* The board's cells as one word, row r at bit r * (w + 1). */
static uint64_t word_of(const board *b) {
  uint64_t cells = 0;
  for (unsigned r = 0; r < b->h; r++)
    cells |= (uint64_t)b->row[r] << (r * (b->w + 1));
  return cells;
}

/* The cells of p as a board word, read straight from the encoding: for a board that fits the
 * word (h * (w + 1) <= 64), h * w <= 64 and every cell bit is in p.lo. */
static uint64_t word_of_pos(nb_pos p, unsigned h, unsigned w) {
  uint64_t mask = ((uint64_t)1 << w) - 1, cells = 0;
  for (unsigned r = 0; r < h; r++)
    cells |= (p.lo >> (r * w) & mask) << (r * (w + 1));
  return cells;
}

/* A board word's layout: its row stride s = w + 1 (2..17), and the reciprocal that finds the
 * row of a bit without a division, row_of(i) = i * ceil(2^16 / s) / 2^16 = floor(i / s) for
 * every bit i < 64: writing ceil(2^16 / s) = 2^16 / s + e with 0 <= e < 1, the product over
 * 2^16 is i / s + i * e / 2^16, and i * e / 2^16 < 64 / 2^16 < 1 / 17 <= 1 / s, less than the
 * distance from i / s (a multiple of 1 / s) up to the next integer. */
typedef struct layout {
  unsigned stride; /* bits per row: the columns and the spare one */
  unsigned inv;    /* ceil(2^16 / stride) */
} layout;

static layout layout_of(unsigned w) {
  return (layout){w + 1, (65536 + w) / (w + 1)};
}

static unsigned row_of(layout l, unsigned bit) {
  return bit * l.inv >> 16;
}

/* The region of `cells` (a board word of row stride `stride`) that holds the seed cells. */
static uint64_t fill(uint64_t region, uint64_t cells, unsigned stride) {
  for (;;) {
    uint64_t grown =
        (region | region << 1 | region >> 1 | region << stride | region >> stride) & cells;
    if (grown == region) return region;
    region = grown;
  }
}

/* x with its 64 bits in reverse order. */
static uint64_t reverse64(uint64_t x) {
  x = __builtin_bswap64(x);
  x = (x >> 4 & 0x0f0f0f0f0f0f0f0full) | (x & 0x0f0f0f0f0f0f0f0full) << 4;
  x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
  return (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
}

/* A region (at least one cell) of a board word of layout l normalised, as
 * normalise_rows does it, in the word: cropped to x, its rows at stride s = stride from bit 0
 * and its columns 0..w-1 (the columns found by folding the rows onto the first, in log2(h)
 * shifts). Packing the rows of x at stride w, in order and in reverse order, gives two of the
 * four reflections: x as is and upside down. Reversing the h * w bits of a packed board takes
 * row r, column c to row h-1-r, column w-1-c: it turns the board half a turn, so the reversed
 * words are the other two reflections (both reflections, and left-right only); of boards of at
 * most 32 cells, both are reversed by one 64-bit reversal of the two side by side. The least of
 * the four words is the least encoding (as in normalise_rows). */
static nb_pos normalise_word(uint64_t region, layout l) {
  unsigned stride = l.stride, top = row_of(l, (unsigned)__builtin_ctzll(region));
  unsigned h = row_of(l, 63 - (unsigned)__builtin_clzll(region)) - top + 1, n = h * stride;
  uint64_t x = region >> (top * stride), cols = x;
  for (unsigned k = stride; k < n; k *= 2) /* rows 0..2k/s-1 folded onto row 0 */
    cols |= cols >> k;
  cols &= ((uint64_t)1 << (stride - 1)) - 1;
  unsigned first = (unsigned)__builtin_ctzll(cols);
  unsigned w = 64 - (unsigned)__builtin_clzll(cols) - first;
  uint64_t mask = ((uint64_t)1 << w) - 1, as_is = 0, upside_down = 0;
  x >>= first;
  for (unsigned at = 0, back = (h - 1) * w; x != 0; at += w, back -= w, x >>= stride) {
    as_is |= (x & mask) << at;
    upside_down |= (x & mask) << back;
  }
  unsigned cells = h * w; /* at most 64: the board fits the word */
  uint64_t half_turn, left_right;
  if (cells <= 32) { /* both words reversed at once: as_is lands in the high half */
    uint64_t both = reverse64(as_is | upside_down << 32);
    half_turn = both >> (64 - cells);
    left_right = (both & 0xffffffffu) >> (32 - cells);
  } else {
    half_turn = reverse64(as_is) >> (64 - cells);
    left_right = reverse64(upside_down) >> (64 - cells);
  }
  uint64_t least = as_is < upside_down ? as_is : upside_down;
  least = half_turn < least ? half_turn : least;
  least = left_right < least ? left_right : least;
  return (nb_pos){least, (uint64_t)(h - 1) << 60 | (uint64_t)(w - 1) << 56};
}

/* The normalised regions of two cells or more of the cells of a board word of layout l. */
static uint32_t regions_in_word(uint64_t cells, layout l, nb_pos *parts) {
  uint32_t n = 0;
  while (cells != 0) {
    uint64_t region = fill(cells & -cells, cells, l.stride);
    cells &= ~region;
    if ((region & (region - 1)) == 0) continue; /* one cell: no move in it */
    parts[n++] = normalise_word(region, l);
  }
  return n;
}

/* Writes the normalised regions of b with at least two cells into parts; returns how many. */
static uint32_t regions(const board *b, nb_pos *parts) {
  if (fits_word(b)) return regions_in_word(word_of(b), layout_of(b->w), parts);
  board left = *b; /* cells not yet in a region */
  uint32_t n = 0;
  for (unsigned r = 0; r < b->h; r++)
    while (left.row[r] != 0) {
      uint16_t region[MAX_SIDE] = {0};
      region[r] = left.row[r] & (uint16_t)-left.row[r]; /* the lowest cell as the seed */
      grow_region(&left, region);
      for (unsigned k = r; k < b->h; k++) /* the region has no cell above row r */
        left.row[k] &= (uint16_t)~region[k];
      bool single = region[r] == (region[r] & (uint16_t)-region[r]) &&
                    (r + 1 == b->h || region[r + 1] == 0); /* one cell: no neighbour in it */
      if (!single) parts[n++] = normalise(b, region);
    }
  return n;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status dom_create(const char *params, nb_game **out, nb_error *err) {
  if (params != NULL)
    return nb_fail(err, NB_EUSAGE, "domineering takes no parameters: its positions are boards");
  nb_game *g = nb_alloc(1, sizeof *g, err);
  if (g == NULL) return NB_EINTERNAL;
  *out = g;
  return NB_OK;
}

static void dom_destroy(nb_game *g) {
  free(g);
}

static int dom_spec(const nb_game *g, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "domineering");
}

/* Reads one board (argument number arg) into *out. */
static nb_status parse_board(const char *text, size_t arg, nb_pos *out, nb_error *err) {
  board b = {.h = 1};
  unsigned width = 0; /* cells in the current row so far */
  bool too_large = false;
  char quoted[NB_QUOTE_CAP];
  if (text[0] == '\0')
    return nb_fail(err, NB_EUSAGE,
                   "argument %zu: expected a board: rows of '.' (empty) and '#' (filled) "
                   "separated by '/', such as '..#/.../...'",
                   arg);
  for (size_t i = 0; !too_large; i++) {
    char c = text[i];
    if (c == '/' || c == '\0') {
      if (b.h == 1) b.w = width;
      if (width != b.w)
        return nb_fail(err, NB_EUSAGE,
                       "argument %zu: column %zu: row %u is %u long, row 1 is %u (every row "
                       "must be as long)",
                       arg, i + 1, b.h, width, b.w);
      if (c == '\0') break;
      too_large = b.h == MAX_SIDE;
      b.h++;
      width = 0;
    } else if (c != '.' && c != '#') {
      return nb_fail(err, NB_EUSAGE, "argument %zu: column %zu: expected '.', '#' or '/', found %s",
                     arg, i + 1, nb_quote(quoted, text + i, 1));
    } else {
      too_large = width == MAX_SIDE;
      if (c == '.' && !too_large) b.row[b.h - 1] |= (uint16_t)(1u << width);
      width++;
    }
  }
  if (!too_large && b.w == 0)
    return nb_fail(err, NB_EUSAGE, "argument %zu: expected a board with at least one cell", arg);
  if (too_large || b.h * b.w > MAX_CELLS)
    return nb_fail(err, NB_EUSAGE,
                   "argument %zu: board %s is too large (at most %d rows, %d columns and %d cells)",
                   arg, nb_quote(quoted, text, strlen(text)), MAX_SIDE, MAX_SIDE, MAX_CELLS);
  *out = encode(&b);
  return NB_OK;
}

static nb_status dom_parse(const nb_game *g, const char *const *tokens, size_t count,
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

static int dom_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  board b = decode(p);
  char text[MAX_SIDE * (MAX_SIDE + 1) + 1];
  size_t n = 0;
  for (unsigned r = 0; r < b.h; r++) {
    if (r > 0) text[n++] = '/';
    for (unsigned c = 0; c < b.w; c++)
      text[n++] = b.row[r] >> c & 1 ? '.' : '#';
  }
  text[n] = '\0';
  return snprintf(buf, cap, "%s", text);
}

/* The cells where a domino of `who` can start: Left's vertical ones (cell and the one below),
 * Right's horizontal ones (cell and the one to its right), as one mask per row. */
static void starts(const board *b, nb_player who, uint16_t out[MAX_SIDE]) {
  for (unsigned r = 0; r < b->h; r++)
    if (who == NB_LEFT)
      out[r] = r + 1 < b->h ? b->row[r] & b->row[r + 1] : 0;
    else
      out[r] = b->row[r] & (uint16_t)(b->row[r] >> 1);
}

/* Each move's first cell is an empty cell, and no two of one player's moves share it. */
static size_t dom_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  uint64_t cells_hi = p.hi & (((uint64_t)1 << 56) - 1);
  return (size_t)(__builtin_popcountll(p.lo) + __builtin_popcountll(cells_hi));
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
 * In a board word (fits_word): cells along the direction are `step` bits apart (the stride for
 * Left, 1 for Right), across it `side` bits apart; the spare column and the ends of the word
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

/* The moves of `who` in a board of h rows and w columns that fits the word (fits_word), in
 * the order of dom_moves below; with drop_dominated, without those dominated_starts finds. */
static void word_moves(nb_pos p, unsigned h, unsigned w, nb_player who, bool drop_dominated,
                       nb_moves *out) {
  nb_pos parts[MAX_CELLS / 2];
  layout l = layout_of(w);
  unsigned stride = l.stride, step = who == NB_LEFT ? stride : 1;
  uint64_t cells = word_of_pos(p, h, w), starts = cells & cells >> step;
  if (drop_dominated) starts &= ~dominated_starts(cells, step, who == NB_LEFT ? 1 : stride);
  for (; starts != 0; starts &= starts - 1) {
    unsigned at = (unsigned)__builtin_ctzll(starts), r = row_of(l, at), c = at - r * stride;
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
  unsigned h = (unsigned)(p.hi >> 60) + 1, w = (unsigned)(p.hi >> 56 & 15) + 1;
  if (h * (w + 1) <= 64) { /* the same moves, in the same order, in one word (regions_in_word) */
    word_moves(p, h, w, who, false, out);
    return NB_OK;
  }
  board b = decode(p);
  uint16_t s[MAX_SIDE];
  starts(&b, who, s);
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++) {
      if (!(s[r] >> c & 1)) continue;
      board after = b;
      after.row[r] &= (uint16_t) ~(1u << c);
      if (who == NB_LEFT)
        after.row[r + 1] &= (uint16_t) ~(1u << c);
      else
        after.row[r] &= (uint16_t) ~(2u << c);
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
  unsigned h = (unsigned)(p.hi >> 60) + 1, w = (unsigned)(p.hi >> 56 & 15) + 1;
  if (h * (w + 1) > 64) return dom_moves(g, p, who, out, err);
  word_moves(p, h, w, who, true, out);
  return NB_OK;
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
static int64_t dominoes_in_runs(const uint16_t *runs, unsigned n) {
  int64_t total = 0;
  for (unsigned i = 0; i < n; i++)
    for (uint16_t m = runs[i]; m != 0;) {
      unsigned start = (unsigned)__builtin_ctz(m), len = (unsigned)__builtin_ctz(~(m >> start));
      total += len / 2;
      m = (uint16_t)(m & ~(((1u << len) - 1) << start));
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
  unsigned h = (unsigned)(p.hi >> 60) + 1, w = (unsigned)(p.hi >> 56 & 15) + 1;
  if (h * (w + 1) <= 64) { /* both players have a move: the usual case, seen in the word */
    uint64_t cells = word_of_pos(p, h, w);
    *known = !(cells & cells >> (w + 1)) || !(cells & cells >> 1);
    if (!*known) return NB_OK;
  }
  board b = decode(p);
  uint16_t s[2][MAX_SIDE];
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
  uint16_t cols[MAX_SIDE] = {0}; /* the columns as masks over the rows */
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++)
      cols[c] |= (uint16_t)((b.row[r] >> c & 1u) << r);
  return nb_cg_make_integer(store, dominoes_in_runs(cols, b.w), out, err);
}

/* The transposed board: the vertical dominoes of one are the horizontal ones of the other, so
 * Left's moves in a board are Right's in its transpose and conversely, and by induction on the
 * board the two games are negatives, G(transpose(p)) = -G(p). Normalised as regions are. */
static bool dom_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  unsigned h = (unsigned)(p.hi >> 60) + 1, w = (unsigned)(p.hi >> 56 & 15) + 1;
  if (h * (w + 1) <= 64 && w * (h + 1) <= 64) {    /* both boards fit the word */
    uint64_t mask = ((uint64_t)1 << w) - 1, t = 0; /* row c of t is column c of p: stride h + 1 */
    for (unsigned r = 0; r < h; r++)
      for (uint64_t row = p.lo >> (r * w) & mask; row != 0; row &= row - 1)
        t |= (uint64_t)1 << ((unsigned)__builtin_ctzll(row) * (h + 1) + r);
    if (t != 0) *q = normalise_word(t, layout_of(h));
    return t != 0;
  }
  board b = decode(p), t = {.h = b.w, .w = b.h};
  bool any = false; /* normalise needs a cell: a board without one is 0 anyway */
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned c = 0; c < b.w; c++)
      t.row[c] |= (uint16_t)((b.row[r] >> c & 1u) << r);
  for (unsigned r = 0; r < t.h; r++)
    any = any || t.row[r] != 0;
  if (any) *q = normalise(&t, t.row); /* cropping and reflecting keep a board's value too */
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
    .destroy = dom_destroy,
    .spec = dom_spec,
    .parse = dom_parse,
    .format = dom_format,
    .joiner = " + ",
    .move_bound = dom_move_bound,
    .max_parts = MAX_CELLS / 2, /* at most 118 empty cells after a move: 59 regions of two */
    .moves = dom_moves,
    .describe = dom_describe,
    .partizan_eval = &dom_values,
    .samples = dom_samples,
};
