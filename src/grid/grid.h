/*
 * grid.h: rectangular boards for the board-game families (Domineering, Snort, and the ones to
 * come: Clobber, Konane, Cram, NoGo...). Internal; the design is in grid.c.
 *
 * A board (nb_grid) is R x C cells, each with a small state of `bits` bits (1 to 4) whose
 * meaning is the family's; state 0 is the one the layer treats as "not part of the game": the
 * cells a normalised board is cropped to are the nonzero ones. The layer gives:
 *   - the codec: a board in an nb_pos (nb_grid_encode, nb_grid_decode), refused clearly when it
 *     does not fit 128 bits; and boards of any size up to 16 x 16 through the game's store of
 *     large positions (the _any functions: inline where the board fits, interned where not);
 *   - the eight symmetries of a rectangle (nb_grid_transform and their algebra);
 *   - regions: the connected sets of a set of cells (nb_grid_regions);
 *   - normalisation: a board cropped and put in the symmetry of least encoding, so that boards
 *     that are the same game have one key (nb_grid_normalise);
 *   - text: boards as rows separated by '/', one character a cell (nb_grid_parse, nb_grid_format);
 *   - one-bit boards in one 64-bit word (nb_grid_word_*): the fast path of Domineering's search.
 */
#ifndef NB_GRID_GRID_H
#define NB_GRID_GRID_H

#include "internal.h"

enum {
  NB_GRID_MAX_SIDE = 16,    /* most rows, and most columns: 4 bits each in the encoding */
  NB_GRID_POS_BITS = 120,   /* cell bits an nb_pos holds beside the two dimensions */
  NB_GRID_MAX_BITS = 4,     /* most bits per cell: a row of 16 cells fills one 64-bit word */
  NB_GRID_MAX_SYMBOLS = 16, /* most characters a board's text may use (nb_grid_parse) */
  NB_GRID_MAX_REGIONS = 128 /* most regions of a set of cells (a checkerboard of 16 x 16) */
};

/* A board: R x C cells of `bits` bits each. */
typedef struct nb_grid {
  unsigned h;                     /* rows, 1..16 */
  unsigned w;                     /* columns, 1..16 */
  unsigned bits;                  /* bits per cell, 1..4 */
  uint64_t row[NB_GRID_MAX_SIDE]; /* cell (r, c) in bits c*bits .. c*bits+bits-1 of row[r];
                                   * the bits past column w-1, and rows h.., are zero */
} nb_grid;

/* A set of cells of a board. */
typedef struct nb_grid_cells {
  uint16_t row[NB_GRID_MAX_SIDE]; /* bit c of row[r] set iff cell (r, c) is in the set */
} nb_grid_cells;

/* An empty board (every cell 0) of h rows, w columns and `bits` bits per cell. */
nb_grid nb_grid_make(unsigned h, unsigned w, unsigned bits);

static inline unsigned nb_grid_get(const nb_grid *g, unsigned r, unsigned c) {
  return (unsigned)(g->row[r] >> (c * g->bits)) & ((1u << g->bits) - 1);
}

static inline void nb_grid_set(nb_grid *g, unsigned r, unsigned c, unsigned state) {
  uint64_t mask = (((uint64_t)1 << g->bits) - 1) << (c * g->bits);
  g->row[r] = (g->row[r] & ~mask) | ((uint64_t)state << (c * g->bits) & mask);
}

/* --- the codec --------------------------------------------------------------------------------
 * Encoding: h - 1 in hi bits 60..63, w - 1 in hi bits 56..59, and cell (r, c) in the `bits` bits
 * from bit (r * w + c) * bits of the 120 bits lo, hi[0..55]. The bits per cell are not stored:
 * a family knows its own. The height is the most significant field, so that of a board and its
 * transpose the one with fewer rows has the lesser encoding. */

/* Whether a board of h rows, w columns and `bits` bits per cell fits an nb_pos. */
static inline bool nb_grid_fits(unsigned h, unsigned w, unsigned bits) {
  return h >= 1 && w >= 1 && h <= NB_GRID_MAX_SIDE && w <= NB_GRID_MAX_SIDE &&
         h * w * bits <= NB_GRID_POS_BITS;
}

/* The most cells of a board that fits, at `bits` bits per cell. */
static inline unsigned nb_grid_max_cells(unsigned bits) {
  return NB_GRID_POS_BITS / bits;
}

static inline unsigned nb_grid_pos_h(nb_pos p) {
  return (unsigned)(p.hi >> 60) + 1;
}

static inline unsigned nb_grid_pos_w(nb_pos p) {
  return (unsigned)(p.hi >> 56 & 15) + 1;
}

/* The cell bits of p in hi (lo holds the others whole). */
static inline uint64_t nb_grid_pos_cells_hi(nb_pos p) {
  return p.hi & (((uint64_t)1 << 56) - 1);
}

/* *out = the encoding of g. A board that does not fit (nb_grid_fits) is refused with NB_EDATA,
 * saying its size and what fits; the board game then needs a larger position, not a new codec
 * in its family. */
nb_status nb_grid_encode(const nb_grid *g, nb_pos *out, nb_error *err);

/* The encoding of g, which fits (NB_ASSERTed): the codec of the hot paths. */
nb_pos nb_grid_pack(const nb_grid *g);

/* The board p encodes, at `bits` bits per cell. */
nb_grid nb_grid_decode(nb_pos p, unsigned bits);

/* --- boards of any size -----------------------------------------------------------------------
 * A board of up to 16 x 16 cells of up to 4 bits that does not fit an nb_pos (nb_grid_fits) is
 * interned in the game's store of large positions (nimber.h, nb_pos_intern) as one byte string:
 * (h - 1) << 4 | (w - 1), then the cells packed as the codec packs them, cell (r, c) at bit
 * (r * w + c) * bits, in ceil(h * w * bits / 8) bytes. A board that fits is always inline and one
 * that does not always interned, so equal boards still have equal encodings; no inline board is
 * 16 x 16, so the handle's hi (NB_POS_INTERNED: all ones, h and w 16) is never an inline one.
 * The families whose boards may be large use these; the functions above stay inline only (the
 * hot paths of the boards that fit, and the families that refuse larger ones). */

/* Whether a board of h rows, w columns fits the nb_grid struct (and so these functions). */
static inline bool nb_grid_fits_any(unsigned h, unsigned w) {
  return h >= 1 && w >= 1 && h <= NB_GRID_MAX_SIDE && w <= NB_GRID_MAX_SIDE;
}

/* *out = the encoding of g, inline where it fits, else interned in game's store (whose
 * refusals, NB_EDATA at its bound or NB_EINTERNAL, are returned as they are). */
nb_status nb_grid_encode_any(const nb_game *game, const nb_grid *g, nb_pos *out, nb_error *err);

/* The board p encodes (inline, or a handle of game's store made by nb_grid_encode_any or
 * nb_grid_normalise_any), at `bits` bits per cell. */
nb_grid nb_grid_decode_any(const nb_game *game, nb_pos p, unsigned bits);

/* The rows and columns of the board p encodes, without decoding its cells. */
void nb_grid_dims_any(const nb_game *game, nb_pos p, unsigned *h, unsigned *w);

/* --- symmetries -------------------------------------------------------------------------------
 * The eight symmetries of a rectangle, as numbers 0..7: symmetry s transposes if s & 4 (cell
 * (r, c) to (c, r), an h x w board to a w x h one), then mirrors the columns if s & 1 (c to
 * w - 1 - c) and the rows if s & 2 (r to h - 1 - r). 0 is the identity; 0..3 are the four
 * reflections that keep the shape (the whole group of a non-square board that keeps it). */
enum {
  NB_GRID_MIRROR_COLUMNS = 1, /* left-right */
  NB_GRID_MIRROR_ROWS = 2,    /* top-bottom */
  NB_GRID_TRANSPOSE = 4,      /* rows become columns */
  NB_GRID_REFLECTIONS = 0x0f, /* as a set of symmetries (bit s: symmetry s): 0..3 */
  NB_GRID_ALL_SYMMETRIES = 0xff
};

/* Where symmetry s takes cell (*r, *c) of an h x w board. */
void nb_grid_sym_point(unsigned s, unsigned h, unsigned w, unsigned *r, unsigned *c);

/* The symmetry "a, then b". */
unsigned nb_grid_sym_then(unsigned a, unsigned b);

/* The symmetry that undoes s. */
unsigned nb_grid_sym_inverse(unsigned s);

/* g moved by symmetry s: cell (r, c) of g is the cell nb_grid_sym_point names. */
nb_grid nb_grid_transform(const nb_grid *g, unsigned s);

/* --- regions and normalisation ---------------------------------------------------------------- */

/* How cells touch: across an edge only, or across a corner too (Amazons' queens). */
typedef enum nb_grid_adjacency {
  NB_GRID_ORTHOGONAL = 0, /* four neighbours */
  NB_GRID_KING = 1,       /* eight neighbours */
} nb_grid_adjacency;

/* The cells of g whose state is not 0. */
nb_grid_cells nb_grid_nonzero(const nb_grid *g);

/* g with every cell outside `keep` set to 0. */
nb_grid nb_grid_restrict(const nb_grid *g, const nb_grid_cells *keep);

/* Splits `cells` (of a board of h rows) into its regions, the maximal connected sets under adj,
 * written to out (room for NB_GRID_MAX_REGIONS) in the order of their first cells (row by row,
 * left to right); returns how many. The regions partition the cells. */
unsigned nb_grid_regions(const nb_grid_cells *cells, unsigned h, nb_grid_adjacency adj,
                         nb_grid_cells *out);

/* g normalised: cropped to the bounding box of its nonzero cells (at least one, NB_ASSERTed),
 * then moved by the symmetry of `syms` (a set, bit s for symmetry s, that must contain 0 and be
 * a group: NB_GRID_REFLECTIONS or NB_GRID_ALL_SYMMETRIES) whose encoding is least. Two boards
 * one symmetry of the set apart, or differing only in rows and columns of 0 around them, are
 * normalised to the same nb_pos. */
nb_pos nb_grid_normalise(const nb_grid *g, unsigned syms);

/* nb_grid_normalise for boards of any size: where the cropped board fits an nb_pos, the same
 * nb_pos; else the image of least encoding in the same order (the dimensions, then the cells from
 * the last) interned in game's store. Fails only as the store does. */
nb_status nb_grid_normalise_any(const nb_game *game, const nb_grid *g, unsigned syms, nb_pos *out,
                                nb_error *err);

/* --- text -------------------------------------------------------------------------------------
 * A board is written as its rows, top first, separated by '/', one character a cell. */

/* What a family's boards are written with. */
typedef struct nb_grid_syntax {
  const char *symbols;  /* the characters of cells: symbols[i] is read as i (at most 16) */
  const char *expected; /* how a message lists the characters allowed: "'.', '#' or '/'" */
  const char *board;    /* what a board is, after "expected a board: ": "rows of '.' (empty) ..." */
  unsigned bits;        /* bits per cell the family encodes: larger boards are refused */
  bool any_size;        /* boards up to 16 x 16 are read (the family encodes with the _any
                         * functions); false: only boards that fit an nb_pos */
  bool bar_rows;        /* '|' separates rows too (CGSuite's notation), as '/' does */
} nb_grid_syntax;

/* Reads the board `text` (command-line argument number arg) into *out, cell (r, c) being the
 * index in syn->symbols of its character, at NB_GRID_MAX_BITS bits per cell; the family maps
 * those to its states (nb_grid_map). Errors are NB_EUSAGE naming the argument and the column of
 * the offending byte: an empty text, rows of unequal length, a character not in the syntax, no
 * cell, a board that would not fit at syn->bits bits per cell (or, with syn->any_size, a board
 * of more than 16 rows or columns). */
nb_status nb_grid_parse(const char *text, size_t arg, const nb_grid_syntax *syn, nb_grid *out,
                        nb_error *err);

/* g with each cell's state s replaced by map[s], at `bits` bits per cell. */
nb_grid nb_grid_map(const nb_grid *g, unsigned bits, const uint8_t *map);

/* Writes g's rows, cell state s as symbols[s]; returns the length snprintf would. */
int nb_grid_format(const nb_grid *g, const char *symbols, char *buf, size_t cap);

/* --- one-bit boards in one word ---------------------------------------------------------------
 * A board of one bit per cell whose rows fit one 64-bit word with a spare column between them
 * (h * (w + 1) <= 64: every board up to 7 x 8 and 5 x 10), row r at bit r * (w + 1). A set of
 * cells then grows by shifting the whole word one column or one row at a time, and the spare
 * column, never a cell, stops a shift from wrapping into the next row. */

static inline bool nb_grid_word_fits(unsigned h, unsigned w) {
  return h * (w + 1) <= 64;
}

/* A board word's layout: its row stride s = w + 1 (2..17), and the reciprocal that finds the row
 * of a bit without a division, row_of(i) = i * ceil(2^16 / s) / 2^16 = floor(i / s) for every
 * bit i < 64: writing ceil(2^16 / s) = 2^16 / s + e with 0 <= e < 1, the product over 2^16 is
 * i / s + i * e / 2^16, and i * e / 2^16 < 64 / 2^16 < 1 / 17 <= 1 / s, less than the distance
 * from i / s (a multiple of 1 / s) up to the next integer. */
typedef struct nb_grid_layout {
  unsigned stride; /* bits per row: the columns and the spare one */
  unsigned inv;    /* ceil(2^16 / stride) */
} nb_grid_layout;

static inline nb_grid_layout nb_grid_layout_of(unsigned w) {
  return (nb_grid_layout){w + 1, (65536 + w) / (w + 1)};
}

static inline unsigned nb_grid_row_of(nb_grid_layout l, unsigned bit) {
  return bit * l.inv >> 16;
}

/* The cells of the one-bit board p (h rows, w columns, fitting the word) as a board word: then
 * h * w <= 64 and every cell bit is in p.lo. */
static inline uint64_t nb_grid_word_of_pos(nb_pos p, unsigned h, unsigned w) {
  uint64_t mask = ((uint64_t)1 << w) - 1, cells = 0;
  for (unsigned r = 0; r < h; r++)
    cells |= (p.lo >> (r * w) & mask) << (r * (w + 1));
  return cells;
}

/* The region of `cells` (a board word of row stride `stride`) that holds the seed cells, cells
 * touching across an edge. */
static inline uint64_t nb_grid_word_fill(uint64_t region, uint64_t cells, unsigned stride) {
  for (;;) {
    uint64_t grown =
        (region | region << 1 | region >> 1 | region << stride | region >> stride) & cells;
    if (grown == region) return region;
    region = grown;
  }
}

/* A set of cells (at least one) of a board word of layout l as a one-bit board, normalised as
 * nb_grid_normalise does with NB_GRID_REFLECTIONS, in the word (the same nb_pos, faster). */
nb_pos nb_grid_word_normalise(uint64_t region, nb_grid_layout l);

/* The transpose of the one-bit board p (h rows, w columns; both it and its transpose fit the
 * word) as a board word of the transpose's layout (row stride h + 1). */
uint64_t nb_grid_word_transpose(nb_pos p, unsigned h, unsigned w);

/* A board game without parameters, its positions boards: create refuses parameters with "NAME
 * takes no parameters: its positions are boards", destroy frees the game, spec writes the
 * family's name (the registry sets g->family once create returns). The family tables of
 * Domineering and Snort use destroy and spec as they are, and create through one line. */
nb_status nb_grid_game_create(const char *name, const char *params, nb_game **out, nb_error *err);
/* The same for a game that keeps more beside the contract's game (a struct of `size` bytes, zeroed,
 * whose first member is the nb_game): Snort and Col, Toads and Elephants keep their rules there. */
nb_status nb_grid_game_create_sized(const char *name, const char *params, size_t size,
                                    nb_game **out, nb_error *err);
void nb_grid_game_destroy(nb_game *g);
int nb_grid_game_spec(const nb_game *g, char *buf, size_t cap);

/* Reads one board, argument number arg (for messages), into *out. */
typedef nb_status (*nb_grid_board_reader)(const nb_game *g, const char *text, size_t arg,
                                          nb_pos *out, nb_error *err);

/* A board game's parse hook, given how to read one board: each of the count tokens is one board
 * (argument first_arg + i), appended to out[*n..] while *n < cap ("too many boards" past it). */
nb_status nb_grid_parse_each(const nb_game *g, const char *const *tokens, size_t count,
                             size_t first_arg, nb_pos *out, size_t *n, size_t cap,
                             nb_grid_board_reader one, nb_error *err);

/* "2,3": a move on one cell, tagged row * 16 + column (0-based), written 1-based. */
int nb_grid_describe_cell(unsigned tag, char *buf, size_t cap);

/* The board p of two bits a cell (at most 60 cells: nb_grid_encode's) with the two bits of every
 * cell exchanged, normalised under syms, into *q: the negative of a game whose cells' two bits
 * are the two players' (who may use the cell in Snort and Col, whose stone it is in NoGo). False
 * when no cell is live (normalising needs one; such a board is 0 anyway). */
bool nb_grid_swap_pairs(nb_pos p, unsigned syms, nb_pos *q);

#endif
