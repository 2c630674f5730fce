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
 * A board given on the command line stays as typed (so the first moves are numbered on the
 * board the user wrote); the boards that moves leave are normalised regions. After a move the
 * printed position is therefore the regions, each cropped and perhaps reflected, and move
 * coordinates always refer to the board as printed.
 *
 * Encoding in an nb_pos: height - 1 in hi bits 56..59, width - 1 in hi bits 60..63, and bit
 * r * width + c of the 120 bits lo, hi[0..55] set iff cell (r, c) is empty. Boards hold at most
 * 120 cells and at most 16 rows and 16 columns (so 10 x 12, 8 x 15, 11 x 10 fit).
 */
#include "core/cg.h"
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
  board b = {.h = (unsigned)(p.hi >> 56 & 15) + 1, .w = (unsigned)(p.hi >> 60) + 1};
  uint64_t cells_hi = p.hi & (((uint64_t)1 << 56) - 1), mask = ((uint64_t)1 << b.w) - 1;
  for (unsigned r = 0, at = 0; r < b.h; r++, at += b.w) {
    uint64_t bits = at < 64 ? p.lo >> at : cells_hi >> (at - 64);
    if (at < 64 && at + b.w > 64) bits |= cells_hi << (64 - at);
    b.row[r] = (uint16_t)(bits & mask);
  }
  return b;
}

static nb_pos encode(const board *b) {
  nb_pos p = {0, (uint64_t)(b->w - 1) << 60 | (uint64_t)(b->h - 1) << 56};
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

/* The low w bits of x in reverse order. */
static uint16_t reverse_bits(uint16_t x, unsigned w) {
  unsigned y = x;
  y = (y & 0x5555) << 1 | (y >> 1 & 0x5555);
  y = (y & 0x3333) << 2 | (y >> 2 & 0x3333);
  y = (y & 0x0f0f) << 4 | (y >> 4 & 0x0f0f);
  y = (y & 0x00ff) << 8 | (y >> 8 & 0x00ff);
  return (uint16_t)(y >> (16 - w));
}

/* Row i of reflection `flip` of board b (1: left-right, 2: top-bottom, 3: both). */
static uint16_t reflected_row(const board *b, int flip, unsigned i) {
  uint16_t row = b->row[flip & 2 ? b->h - 1 - i : i];
  return flip & 1 ? reverse_bits(row, b->w) : row;
}

/* The region's cells cropped to their bounding box, in the reflection of least encoding. The
 * encoding's most significant cell bits are the last row's, so of boards of one size the least
 * encoding is the one whose rows, read from the last to the first as integers, are least. */
static nb_pos normalise(const board *b, const uint16_t region[MAX_SIDE]) {
  unsigned top = MAX_SIDE, bottom = 0, cols = 0;
  for (unsigned r = 0; r < b->h; r++)
    if (region[r] != 0) {
      top = top < r ? top : r;
      bottom = r;
      cols |= region[r];
    }
  unsigned first = (unsigned)__builtin_ctz(cols), last = 31 - (unsigned)__builtin_clz(cols);
  board crop = {.h = bottom - top + 1, .w = last - first + 1};
  for (unsigned r = 0; r < crop.h; r++)
    crop.row[r] = (uint16_t)(region[top + r] >> first);
  int best = 0;
  for (int flip = 1; flip < 4; flip++)
    for (unsigned i = crop.h; i-- > 0;) {
      uint16_t a = reflected_row(&crop, flip, i), c = reflected_row(&crop, best, i);
      if (a != c) {
        if (a < c) best = flip;
        break;
      }
    }
  board m = {.h = crop.h, .w = crop.w};
  for (unsigned r = 0; r < crop.h; r++)
    m.row[r] = reflected_row(&crop, best, r);
  return encode(&m);
}

/* Writes the normalised regions of b with at least two cells into parts; returns how many. */
static uint32_t regions(const board *b, nb_pos *parts) {
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

static size_t dom_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  board b = decode(p);
  uint16_t s[2][MAX_SIDE];
  size_t n[2] = {0, 0};
  for (int who = 0; who < 2; who++) {
    starts(&b, (nb_player)who, s[who]);
    for (unsigned r = 0; r < b.h; r++)
      n[who] += (size_t)__builtin_popcount(s[who][r]);
  }
  return n[0] > n[1] ? n[0] : n[1];
}

/* The definition: `who` places a domino (vertical for Left, horizontal for Right) on two empty
 * cells; the board left is the sum of its regions. Tag: bit 8 for horizontal, then row * 16 +
 * column of the first cell. */
static void dom_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out) {
  (void)g;
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
      nb_pos parts[MAX_CELLS / 2];
      uint32_t n = regions(&after, parts);
      nb_moves_add(out, (uint32_t)(who == NB_RIGHT) << 8 | r << 4 | c, parts, n);
    }
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

/* The transposed board: the vertical dominoes of one are the horizontal ones of the other, so
 * Left's moves in a board are Right's in its transpose and conversely, and by induction on the
 * board the two games are negatives, G(transpose(p)) = -G(p). Normalised as regions are. */
static bool dom_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
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
    .negative = dom_negative,
};
