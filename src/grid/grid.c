/*
 * grid.c: rectangular boards, shared by the board-game families (grid.h lists what it gives).
 *
 * Why a layer. A board game's rules are short (Domineering places dominoes, Snort places
 * pieces), but around them every board game needs the same machinery: a board packed into an
 * nb_pos, read from and written as text, split into the regions that are independent games, and
 * put into a normal form so that the value search meets each game under one key. That machinery
 * was Domineering's own; here it is written once, generic over the bits a cell holds (Domineering
 * one: empty or not; Snort two: who may still play there; Clobber two: empty, black, white), so
 * a new board game is its rules and nothing else.
 *
 * The codec. Cells are packed row after row, `bits` bits a cell, into the 120 bits of an nb_pos
 * beside the two 4-bit dimensions (grid.h, "the codec"). A board of one bit per cell packs
 * exactly as Domineering always packed its boards, so its keys and its printed normal forms are
 * unchanged. What does not fit is refused by nb_grid_encode with a message naming the size and
 * what fits. A family whose boards may be larger (Clobber: 8 x 8 is 128 cell bits) encodes with
 * the _any functions instead, which intern such a board in the game's store of large positions
 * as one byte string (grid.h gives its layout) and decode the handle back; boards that fit are
 * packed exactly as before, so they cost no more, and Domineering and Snort, which keep to boards
 * that fit, call the inline codec as they did. The normal form of a large board is chosen in the
 * same order as an inline one's (dimensions first, then the cells from the last), among images
 * packed into words (struct big), and only the least is interned: interning costs one hash of
 * its bytes, and the images that lose are never stored.
 *
 * Symmetries. A symmetry of the rectangle is a transpose or not, then a mirror of the columns or
 * not, then of the rows or not: eight, numbered by those three bits (grid.h). Composition has a
 * closed form: moving a transpose ahead of a mirror exchanges which axis the mirror flips, so
 * "a, then b" transposes iff exactly one of them does, and mirrors the axes of a's mirrors
 * (exchanged if b transposes) and b's, each axis flipped once per mirror of it (xor). The inverse
 * of a symmetry without transpose is itself (mirrors commute and are involutions); with one, T M
 * is undone by M T = T M', M' the mirrors exchanged.
 *
 * Normal form. Two boards are the same game when one is a symmetry of the other that the game's
 * rules respect (Snort: all eight; Domineering: the four reflections, since a transpose turns
 * vertical dominoes into horizontal ones), or when they differ only by dead cells around them.
 * nb_grid_normalise crops to the nonzero cells and takes, of the allowed symmetries of the
 * cropped board, the one whose encoding is least as a 128-bit number: the dimensions first (the
 * board with fewer rows, where the transpose is allowed), then the cells from the last. The least
 * over a group's orbit is the same from every board of the orbit, which is what makes it a normal
 * form. The images are made by whole rows: a left-right mirror reverses the cells of each row (a
 * byte swap and swaps within bytes), a top-bottom one packs the rows in reverse order, and the
 * four symmetries with a transpose are the reflections of one transpose made cell by cell (a
 * third of Snort's work was normalising, cell by cell, before). One-bit boards that fit a word
 * have the fast path Domineering's search runs on (nb_grid_word_normalise, below), which gives
 * the same nb_pos.
 *
 * Regions. Cells that no chain of adjacent cells of a set joins are independent; nb_grid_regions
 * grows each region from its first cell one step in every direction at a time until it stops
 * growing, row masks at a time. The family says which cells are live (a set of cells) and which
 * neighbours count (across edges, or corners too).
 */
#include "grid/grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The helpers of the normal form are inlined into it, as they were when it was their only caller:
 * the large boards' path (nb_grid_normalise_any) calls them too, and a call each cost Snort's
 * search 2% more instructions. */
#define HOT static inline __attribute__((always_inline))

nb_grid nb_grid_make(unsigned h, unsigned w, unsigned bits) {
  NB_ASSERT(h <= NB_GRID_MAX_SIDE && w <= NB_GRID_MAX_SIDE);
  NB_ASSERT(bits >= 1 && bits <= NB_GRID_MAX_BITS);
  nb_grid g;
  memset(&g, 0, sizeof g);
  g.h = h;
  g.w = w;
  g.bits = bits;
  return g;
}

/* --- the codec ----------------------------------------------------------------------------- */

static uint64_t header(unsigned h, unsigned w) {
  return (uint64_t)(h - 1) << 60 | (uint64_t)(w - 1) << 56;
}

/* The encoding of the rows row[0..h) of w cells of `bits` bits, in reverse order if upside_down:
 * row r, w * bits bits from bit r * w * bits of the 120 cell bits (lo, then the low 56 of hi). */
static nb_pos pack_rows(const uint64_t *row, unsigned h, unsigned w, unsigned bits,
                        bool upside_down) {
  nb_pos p = {0, header(h, w)};
  unsigned width = w * bits;
  for (unsigned r = 0, at = 0; r < h; r++, at += width) {
    uint64_t x = row[upside_down ? h - 1 - r : r];
    if (at < 64) {
      p.lo |= x << at;
      if (at + width > 64) p.hi |= x >> (64 - at);
    } else {
      p.hi |= x << (at - 64);
    }
  }
  return p;
}

nb_pos nb_grid_pack(const nb_grid *g) {
  NB_ASSERT(nb_grid_fits(g->h, g->w, g->bits));
  return pack_rows(g->row, g->h, g->w, g->bits, false);
}

nb_status nb_grid_encode(const nb_grid *g, nb_pos *out, nb_error *err) {
  if (!nb_grid_fits(g->h, g->w, g->bits))
    return nb_fail(err, NB_EDATA,
                   "a board of %u x %u cells of %u bits does not fit a position (at most %d rows, "
                   "%d columns and %u cells)",
                   g->h, g->w, g->bits, NB_GRID_MAX_SIDE, NB_GRID_MAX_SIDE,
                   nb_grid_max_cells(g->bits));
  *out = nb_grid_pack(g);
  return NB_OK;
}

nb_grid nb_grid_decode(nb_pos p, unsigned bits) {
  nb_grid g = nb_grid_make(nb_grid_pos_h(p), nb_grid_pos_w(p), bits);
  unsigned width = g.w * bits;
  uint64_t cells_hi = nb_grid_pos_cells_hi(p);
  uint64_t mask = width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
  for (unsigned r = 0, at = 0; r < g.h; r++, at += width) {
    uint64_t row = at < 64 ? p.lo >> at : cells_hi >> (at - 64);
    if (at < 64 && at + width > 64) row |= cells_hi << (64 - at);
    g.row[r] = row & mask;
  }
  return g;
}

/* --- boards of any size ---------------------------------------------------------------------- */

enum {
  BIG_WORDS = NB_GRID_MAX_SIDE * NB_GRID_MAX_SIDE * NB_GRID_MAX_BITS / 64, /* cell words: 16 */
  BIG_BYTES = 1 + BIG_WORDS * 8 /* the longest byte string: the header and the cells */
};

/* A board packed for the store: its cells in words, as the codec packs them, beyond 128 bits. */
typedef struct big {
  unsigned h, w;            /* rows and columns */
  unsigned nwords;          /* words holding the cells: ceil(h * w * bits / 64) */
  uint64_t word[BIG_WORDS]; /* cell (r, c) at bit (r * w + c) * bits; the rest zero */
} big;

/* The rows row[0..h) of w cells of `bits` bits, packed (in reverse order if upside_down). */
static big pack_big(const uint64_t *row, unsigned h, unsigned w, unsigned bits, bool upside_down) {
  big b;
  memset(&b, 0, sizeof b);
  b.h = h;
  b.w = w;
  unsigned width = w * bits;
  b.nwords = (h * width + 63) / 64;
  for (unsigned r = 0, at = 0; r < h; r++, at += width) {
    uint64_t x = row[upside_down ? h - 1 - r : r];
    b.word[at / 64] |= x << (at % 64);
    if (at % 64 + width > 64) b.word[at / 64 + 1] |= x >> (64 - at % 64);
  }
  return b;
}

/* Whether a's encoding is less than b's: the dimensions first (height, then width), then the
 * cells from the last word, as an inline encoding compares. */
static bool big_less(const big *a, const big *b) {
  if (a->h != b->h) return a->h < b->h;
  if (a->w != b->w) return a->w < b->w;
  for (unsigned i = a->nwords; i-- > 0;)
    if (a->word[i] != b->word[i]) return a->word[i] < b->word[i];
  return false;
}

/* Interns b (cells of `bits` bits) as its byte string. */
static nb_status intern_big(const nb_game *game, const big *b, unsigned bits, nb_pos *out,
                            nb_error *err) {
  uint8_t bytes[BIG_BYTES];
  size_t len = 1 + (b->h * b->w * bits + 7) / 8;
  bytes[0] = (uint8_t)((b->h - 1) << 4 | (b->w - 1));
  for (size_t i = 1; i < len; i++)
    bytes[i] = (uint8_t)(b->word[(i - 1) / 8] >> ((i - 1) % 8 * 8));
  return nb_pos_intern(game, bytes, len, out, err);
}

nb_status nb_grid_encode_any(const nb_game *game, const nb_grid *g, nb_pos *out, nb_error *err) {
  NB_ASSERT(nb_grid_fits_any(g->h, g->w));
  if (nb_grid_fits(g->h, g->w, g->bits)) {
    *out = nb_grid_pack(g);
    return NB_OK;
  }
  big b = pack_big(g->row, g->h, g->w, g->bits, false);
  return intern_big(game, &b, g->bits, out, err);
}

void nb_grid_dims_any(const nb_game *game, nb_pos p, unsigned *h, unsigned *w) {
  size_t len;
  const uint8_t *bytes = nb_pos_is_interned(p) ? nb_pos_bytes(game, p, &len) : NULL;
  NB_ASSERT(!nb_pos_is_interned(p) || bytes != NULL); /* a handle of this game's store */
  *h = bytes != NULL ? (unsigned)(bytes[0] >> 4) + 1 : nb_grid_pos_h(p);
  *w = bytes != NULL ? (unsigned)(bytes[0] & 15) + 1 : nb_grid_pos_w(p);
}

nb_grid nb_grid_decode_any(const nb_game *game, nb_pos p, unsigned bits) {
  if (!nb_pos_is_interned(p)) return nb_grid_decode(p, bits);
  size_t len;
  const uint8_t *bytes = nb_pos_bytes(game, p, &len);
  NB_ASSERT(bytes != NULL && len >= 2);
  nb_grid g = nb_grid_make((unsigned)(bytes[0] >> 4) + 1, (unsigned)(bytes[0] & 15) + 1, bits);
  uint64_t word[BIG_WORDS] = {0};
  for (size_t i = 1; i < len; i++)
    word[(i - 1) / 8] |= (uint64_t)bytes[i] << ((i - 1) % 8 * 8);
  unsigned width = g.w * bits;
  uint64_t mask = width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
  for (unsigned r = 0, at = 0; r < g.h; r++, at += width) {
    uint64_t row = word[at / 64] >> (at % 64);
    if (at % 64 + width > 64) row |= word[at / 64 + 1] << (64 - at % 64);
    g.row[r] = row & mask;
  }
  return g;
}

/* --- symmetries ------------------------------------------------------------------------------ */

void nb_grid_sym_point(unsigned s, unsigned h, unsigned w, unsigned *r, unsigned *c) {
  if (s & NB_GRID_TRANSPOSE) {
    unsigned t = *r;
    *r = *c;
    *c = t;
    t = h;
    h = w;
    w = t;
  }
  if (s & NB_GRID_MIRROR_COLUMNS) *c = w - 1 - *c;
  if (s & NB_GRID_MIRROR_ROWS) *r = h - 1 - *r;
}

/* The mirrors of s with the two axes exchanged. */
static unsigned swap_mirrors(unsigned s) {
  return (s & 1) << 1 | (s >> 1 & 1);
}

unsigned nb_grid_sym_then(unsigned a, unsigned b) {
  unsigned mirrors_a = b & NB_GRID_TRANSPOSE ? swap_mirrors(a) : a & 3;
  return ((a ^ b) & NB_GRID_TRANSPOSE) | ((mirrors_a ^ b) & 3);
}

unsigned nb_grid_sym_inverse(unsigned s) {
  return s & NB_GRID_TRANSPOSE ? NB_GRID_TRANSPOSE | swap_mirrors(s) : s;
}

nb_grid nb_grid_transform(const nb_grid *g, unsigned s) {
  bool t = s & NB_GRID_TRANSPOSE;
  nb_grid out = nb_grid_make(t ? g->w : g->h, t ? g->h : g->w, g->bits);
  for (unsigned r = 0; r < g->h; r++)
    for (unsigned c = 0; c < g->w; c++) {
      unsigned r2 = r, c2 = c;
      nb_grid_sym_point(s, g->h, g->w, &r2, &c2);
      nb_grid_set(&out, r2, c2, nb_grid_get(g, r, c));
    }
  return out;
}

/* --- regions --------------------------------------------------------------------------------- */

/* Bit c: whether cell c of a row of w cells of `bits` bits is nonzero. Cells of 2 bits: each
 * cell's two bits folded onto its low one, then the low bits gathered in halving steps (every
 * step closes up the gaps between pairs of bits). */
static uint16_t nonzero_cells(uint64_t row, unsigned w, unsigned bits) {
  if (bits == 1) return (uint16_t)row;
  if (bits == 2) {
    uint64_t x = (row | row >> 1) & 0x5555555555555555ull;
    x = (x | x >> 1) & 0x3333333333333333ull;
    x = (x | x >> 2) & 0x0f0f0f0f0f0f0f0full;
    x = (x | x >> 4) & 0x00ff00ff00ff00ffull;
    x = (x | x >> 8) & 0x0000ffff0000ffffull;
    return (uint16_t)(x | x >> 16);
  }
  uint16_t out = 0, mask = (uint16_t)((1u << bits) - 1);
  for (unsigned c = 0; c < w; c++)
    out |= (uint16_t)(((row >> (c * bits) & mask) != 0) << c);
  return out;
}

/* The bits of the cells of a row named by `keep` (bit c: cell c), at `bits` bits a cell: the
 * inverse of the gathering above for 2 bits. */
static uint64_t cells_bits(uint16_t keep, unsigned bits) {
  if (bits == 1) return keep;
  if (bits == 2) {
    uint64_t x = keep;
    x = (x | x << 8) & 0x00ff00ffull;
    x = (x | x << 4) & 0x0f0f0f0full;
    x = (x | x << 2) & 0x33333333ull;
    x = (x | x << 1) & 0x55555555ull;
    return x | x << 1;
  }
  uint64_t out = 0, mask = ((uint64_t)1 << bits) - 1;
  for (unsigned c = 0; keep >> c != 0; c++)
    if (keep >> c & 1) out |= mask << (c * bits);
  return out;
}

nb_grid_cells nb_grid_nonzero(const nb_grid *g) {
  nb_grid_cells out = {{0}};
  for (unsigned r = 0; r < g->h; r++)
    out.row[r] = nonzero_cells(g->row[r], g->w, g->bits);
  return out;
}

nb_grid nb_grid_restrict(const nb_grid *g, const nb_grid_cells *keep) {
  nb_grid out = *g;
  for (unsigned r = 0; r < g->h; r++)
    out.row[r] &= cells_bits(keep->row[r], g->bits);
  return out;
}

/* A row mask and its cells' neighbours in the row. */
static unsigned spread(unsigned m) {
  return m | m << 1 | m >> 1;
}

/* The region of `cells` (h rows) that holds the seed cells of `region`: grown one step in every
 * direction at a time until it stops growing. */
static void grow(const nb_grid_cells *cells, unsigned h, nb_grid_adjacency adj,
                 nb_grid_cells *region) {
  for (bool grew = true; grew;) {
    grew = false;
    for (unsigned r = 0; r < h; r++) {
      unsigned m = spread(region->row[r]);
      if (r > 0) m |= adj == NB_GRID_KING ? spread(region->row[r - 1]) : region->row[r - 1];
      if (r + 1 < h) m |= adj == NB_GRID_KING ? spread(region->row[r + 1]) : region->row[r + 1];
      uint16_t next = (uint16_t)(m & cells->row[r]);
      grew = grew || next != region->row[r];
      region->row[r] = next;
    }
  }
}

/* The region of `cells` (a word of rows at stride `stride`, a spare column between them, as in
 * the one-bit words below) that holds the seed cells: a whole-word flood. With corners, the
 * diagonal shifts are stride - 1 and stride + 1, and the spare column stops those from wrapping
 * as it does the others. */
static uint64_t word_fill(uint64_t region, uint64_t cells, unsigned stride, nb_grid_adjacency adj) {
  if (adj == NB_GRID_ORTHOGONAL) return nb_grid_word_fill(region, cells, stride);
  for (;;) {
    uint64_t m = region | region << 1 | region >> 1;
    uint64_t grown = (m | m << stride | m >> stride) & cells;
    if (grown == region) return region;
    region = grown;
  }
}

/* nb_grid_regions on cells of h rows and w columns that fit a word (h * (w + 1) <= 64): every
 * region flooded at once in the word, its first cell as the seed. */
static unsigned regions_in_word(const nb_grid_cells *cells, unsigned h, unsigned w,
                                nb_grid_adjacency adj, nb_grid_cells *out) {
  unsigned stride = w + 1, n = 0;
  uint64_t word = 0;
  for (unsigned r = 0; r < h; r++)
    word |= (uint64_t)cells->row[r] << (r * stride);
  while (word != 0) {
    uint64_t region = word_fill(word & -word, word, stride, adj);
    word &= ~region;
    nb_grid_cells *o = &out[n++];
    memset(o, 0, sizeof *o);
    for (unsigned r = 0; r < h; r++)
      o->row[r] = (uint16_t)(region >> (r * stride) & ((1u << w) - 1));
  }
  return n;
}

unsigned nb_grid_regions(const nb_grid_cells *cells, unsigned h, nb_grid_adjacency adj,
                         nb_grid_cells *out) {
  unsigned cols = 0;
  for (unsigned r = 0; r < h; r++)
    cols |= cells->row[r];
  unsigned w = cols == 0 ? 0 : 32 - (unsigned)__builtin_clz(cols);
  if (h * (w + 1) <= 64) return regions_in_word(cells, h, w, adj, out);
  nb_grid_cells left = *cells; /* cells not yet in a region */
  unsigned n = 0;
  for (unsigned r = 0; r < h; r++)
    while (left.row[r] != 0) {
      nb_grid_cells *region = &out[n++];
      memset(region, 0, sizeof *region);
      region->row[r] = left.row[r] & (uint16_t)-left.row[r]; /* the first cell as the seed */
      grow(&left, h, adj, region);
      for (unsigned k = r; k < h; k++) /* the region has no cell above row r */
        left.row[k] &= (uint16_t)~region->row[k];
    }
  return n;
}

/* --- normalisation --------------------------------------------------------------------------- */

/* g cropped to the bounding box of its nonzero cells (at least one). */
HOT nb_grid crop(const nb_grid *g) {
  unsigned top = 0, bottom = g->h - 1;
  while (g->row[top] == 0)
    top++;
  while (g->row[bottom] == 0)
    bottom--;
  uint64_t cols = 0;
  for (unsigned r = top; r <= bottom; r++)
    cols |= g->row[r];
  unsigned first = (unsigned)__builtin_ctzll(cols) / g->bits;
  unsigned last = (63 - (unsigned)__builtin_clzll(cols)) / g->bits;
  nb_grid out = nb_grid_make(bottom - top + 1, last - first + 1, g->bits);
  for (unsigned r = top; r <= bottom; r++)
    out.row[r - top] = g->row[r] >> (first * g->bits);
  return out;
}

static bool pos_less(nb_pos a, nb_pos b) {
  return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
}

/* The cells of a row of w cells of `bits` bits in reverse order (the left-right mirror). Where a
 * cell's bits divide a byte (1, 2 or 4), reversing the bytes reverses the order of the bytes'
 * cells, swapping the halves of each byte then (for cells of 2 bits or 1) the quarters then (for
 * 1) the bits reverses the cells within a byte, and the row ends in the high end of the word;
 * other widths move cell by cell. */
HOT uint64_t mirror_row(uint64_t row, unsigned w, unsigned bits) {
  if (8 % bits != 0) {
    uint64_t out = 0, mask = ((uint64_t)1 << bits) - 1;
    for (unsigned c = 0; c < w; c++)
      out |= (row >> (c * bits) & mask) << ((w - 1 - c) * bits);
    return out;
  }
  uint64_t x = __builtin_bswap64(row);
  x = (x >> 4 & 0x0f0f0f0f0f0f0f0full) | (x & 0x0f0f0f0f0f0f0f0full) << 4;
  if (bits <= 2) x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
  if (bits == 1) x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
  return x >> (64 - w * bits);
}

/* The transpose of g, cell by cell. */
HOT nb_grid transpose(const nb_grid *g) {
  nb_grid t = nb_grid_make(g->w, g->h, g->bits);
  uint64_t mask = ((uint64_t)1 << g->bits) - 1;
  for (unsigned r = 0; r < g->h; r++)
    for (unsigned c = 0; c < g->w; c++)
      t.row[c] |= (g->row[r] >> (c * g->bits) & mask) << (r * g->bits);
  return t;
}

/* Lowers *best to the least encoding of the reflections of g in `set` (bit s for symmetry s of
 * 0..3), each made by whole rows: mirrored rows (mirror_row), and rows in reverse order. */
static void least_reflection(const nb_grid *g, unsigned set, nb_pos *best) {
  uint64_t mirrored[NB_GRID_MAX_SIDE];
  if (set & 0xa) /* some reflection mirrors the columns */
    for (unsigned r = 0; r < g->h; r++)
      mirrored[r] = mirror_row(g->row[r], g->w, g->bits);
  for (unsigned s = 0; s < 4; s++) {
    if (!(set >> s & 1)) continue;
    nb_pos p = pack_rows(s & NB_GRID_MIRROR_COLUMNS ? mirrored : g->row, g->h, g->w, g->bits,
                         s & NB_GRID_MIRROR_ROWS);
    if (pos_less(p, *best)) *best = p;
  }
}

/* The cropped board's images: the reflections by rows, and the transpose's reflections (the
 * symmetries 4..7: transpose, then reflect), with one transpose cell by cell. */
nb_pos nb_grid_normalise(const nb_grid *g, unsigned syms) {
  NB_ASSERT(syms & 1);
  nb_grid cropped = crop(g);
  nb_pos best = nb_grid_pack(&cropped);
  least_reflection(&cropped, syms & 0xe, &best);
  if (syms & 0xf0) {
    nb_grid t = transpose(&cropped);
    least_reflection(&t, syms >> 4 & 0xf, &best);
  }
  return best;
}

/* The least image by whole rows of g's reflections in `set` (as least_reflection), packed big. */
static void least_big_reflection(const nb_grid *g, unsigned set, big *best, bool *any) {
  uint64_t mirrored[NB_GRID_MAX_SIDE];
  if (set & 0xa)
    for (unsigned r = 0; r < g->h; r++)
      mirrored[r] = mirror_row(g->row[r], g->w, g->bits);
  for (unsigned s = 0; s < 4; s++) {
    if (!(set >> s & 1)) continue;
    big b = pack_big(s & NB_GRID_MIRROR_COLUMNS ? mirrored : g->row, g->h, g->w, g->bits,
                     s & NB_GRID_MIRROR_ROWS);
    if (!*any || big_less(&b, best)) *best = b;
    *any = true;
  }
}

nb_status nb_grid_normalise_any(const nb_game *game, const nb_grid *g, unsigned syms, nb_pos *out,
                                nb_error *err) {
  NB_ASSERT(syms & 1);
  nb_grid cropped = crop(g);
  if (nb_grid_fits(cropped.h, cropped.w, cropped.bits)) {
    *out = nb_grid_normalise(&cropped, syms);
    return NB_OK;
  }
  big best;
  bool any = false;
  least_big_reflection(&cropped, syms & 0xf, &best, &any);
  if (syms & 0xf0) {
    nb_grid t = transpose(&cropped);
    least_big_reflection(&t, syms >> 4 & 0xf, &best, &any);
  }
  return intern_big(game, &best, g->bits, out, err);
}

/* --- text ------------------------------------------------------------------------------------ */

nb_status nb_grid_parse(const char *text, size_t arg, const nb_grid_syntax *syn, nb_grid *out,
                        nb_error *err) {
  nb_grid b = nb_grid_make(1, 0, NB_GRID_MAX_BITS);
  unsigned width = 0; /* cells in the current row so far */
  bool too_large = false;
  char quoted[NB_QUOTE_CAP];
  if (text[0] == '\0')
    return nb_fail(err, NB_EUSAGE, "argument %zu: expected a board: %s", arg, syn->board);
  for (size_t i = 0; !too_large; i++) {
    char c = text[i];
    if (c == '/' || c == '\0' || (c == '|' && syn->bar_rows)) {
      if (b.h == 1) b.w = width;
      if (width != b.w)
        return nb_fail(err, NB_EUSAGE,
                       "argument %zu: column %zu: row %u is %u long, row 1 is %u (every row "
                       "must be as long)",
                       arg, i + 1, b.h, width, b.w);
      if (c == '\0') break;
      too_large = b.h == NB_GRID_MAX_SIDE;
      b.h++;
      width = 0;
      continue;
    }
    const char *symbol = strchr(syn->symbols, c);
    if (symbol == NULL)
      return nb_fail(err, NB_EUSAGE, "argument %zu: column %zu: expected %s, found %s", arg, i + 1,
                     syn->expected, nb_quote(quoted, text + i, 1));
    too_large = width == NB_GRID_MAX_SIDE;
    if (!too_large) nb_grid_set(&b, b.h - 1, width, (unsigned)(symbol - syn->symbols));
    width++;
  }
  if (!too_large && b.w == 0)
    return nb_fail(err, NB_EUSAGE, "argument %zu: expected a board with at least one cell", arg);
  if (syn->any_size && (too_large || !nb_grid_fits_any(b.h, b.w)))
    return nb_fail(err, NB_EUSAGE,
                   "argument %zu: board %s is too large (at most %d rows and %d "
                   "columns)",
                   arg, nb_quote(quoted, text, strlen(text)), NB_GRID_MAX_SIDE, NB_GRID_MAX_SIDE);
  if (!syn->any_size && (too_large || !nb_grid_fits(b.h, b.w, syn->bits)))
    return nb_fail(err, NB_EUSAGE,
                   "argument %zu: board %s is too large (at most %d rows, %d columns and %u cells)",
                   arg, nb_quote(quoted, text, strlen(text)), NB_GRID_MAX_SIDE, NB_GRID_MAX_SIDE,
                   nb_grid_max_cells(syn->bits));
  *out = b;
  return NB_OK;
}

nb_grid nb_grid_map(const nb_grid *g, unsigned bits, const uint8_t *map) {
  nb_grid out = nb_grid_make(g->h, g->w, bits);
  for (unsigned r = 0; r < g->h; r++)
    for (unsigned c = 0; c < g->w; c++)
      nb_grid_set(&out, r, c, map[nb_grid_get(g, r, c)]);
  return out;
}

int nb_grid_format(const nb_grid *g, const char *symbols, char *buf, size_t cap) {
  char text[NB_GRID_MAX_SIDE * (NB_GRID_MAX_SIDE + 1) + 1];
  size_t n = 0;
  for (unsigned r = 0; r < g->h; r++) {
    if (r > 0) text[n++] = '/';
    for (unsigned c = 0; c < g->w; c++)
      text[n++] = symbols[nb_grid_get(g, r, c)];
  }
  text[n] = '\0';
  return snprintf(buf, cap, "%s", text);
}

/* --- one-bit boards in one word -------------------------------------------------------------- */

/* x with its 64 bits in reverse order. */
static uint64_t reverse64(uint64_t x) {
  x = __builtin_bswap64(x);
  x = (x >> 4 & 0x0f0f0f0f0f0f0f0full) | (x & 0x0f0f0f0f0f0f0f0full) << 4;
  x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
  return (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
}

/* The region, cropped to x: its rows at stride s = stride from bit 0 and its columns 0..w-1 (the
 * columns found by folding the rows onto the first, in log2(h) shifts). Packing the rows of x at
 * stride w, in order and in reverse order, gives two of the four reflections: x as is and upside
 * down. Reversing the h * w bits of a packed board takes row r, column c to row h-1-r, column
 * w-1-c: it turns the board half a turn, so the reversed words are the other two reflections
 * (both mirrors, and left-right only); of boards of at most 32 cells, both are reversed by one
 * 64-bit reversal of the two side by side. A one-bit board of at most 64 cells has all its cell
 * bits in lo, so the least of the four words is the least encoding (nb_grid_normalise's). */
nb_pos nb_grid_word_normalise(uint64_t region, nb_grid_layout l) {
  unsigned stride = l.stride, top = nb_grid_row_of(l, (unsigned)__builtin_ctzll(region));
  unsigned h = nb_grid_row_of(l, 63 - (unsigned)__builtin_clzll(region)) - top + 1;
  unsigned n = h * stride;
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
  return (nb_pos){least, header(h, w)};
}

/* Row c of the result is column c of p, at stride h + 1. */
uint64_t nb_grid_word_transpose(nb_pos p, unsigned h, unsigned w) {
  uint64_t mask = ((uint64_t)1 << w) - 1, t = 0;
  for (unsigned r = 0; r < h; r++)
    for (uint64_t row = p.lo >> (r * w) & mask; row != 0; row &= row - 1)
      t |= (uint64_t)1 << ((unsigned)__builtin_ctzll(row) * (h + 1) + r);
  return t;
}

/* --- board games without parameters ---------------------------------------------------------- */

nb_status nb_grid_game_create(const char *name, const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create_sized(name, params, sizeof(nb_game), out, err);
}

nb_status nb_grid_game_create_sized(const char *name, const char *params, size_t size,
                                    nb_game **out, nb_error *err) {
  if (params != NULL)
    return nb_fail(err, NB_EUSAGE, "%s takes no parameters: its positions are boards", name);
  nb_game *g = nb_alloc(1, size, err);
  if (g == NULL) return NB_EINTERNAL;
  *out = g;
  return NB_OK;
}

void nb_grid_game_destroy(nb_game *g) {
  free(g);
}

int nb_grid_game_spec(const nb_game *g, char *buf, size_t cap) {
  return snprintf(buf, cap, "%s", g->family->name);
}

nb_status nb_grid_parse_each(const nb_game *g, const char *const *tokens, size_t count,
                             size_t first_arg, nb_pos *out, size_t *n, size_t cap,
                             nb_grid_board_reader one, nb_error *err) {
  for (size_t i = 0; i < count; i++) {
    nb_pos p;
    nb_status st = one(g, tokens[i], first_arg + i, &p, err);
    if (st != NB_OK) return st;
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many boards (at most %zu)", cap);
    out[(*n)++] = p;
  }
  return NB_OK;
}

int nb_grid_describe_cell(unsigned tag, char *buf, size_t cap) {
  return snprintf(buf, cap, "%u,%u", (tag >> 4 & 15) + 1, (tag & 15) + 1);
}

bool nb_grid_swap_pairs(nb_pos p, unsigned syms, nb_pos *q) {
  nb_grid b = nb_grid_decode(p, 2);
  const uint64_t low = 0x5555555555555555ull; /* bit 0 of each cell */
  bool any = false;
  for (unsigned r = 0; r < b.h; r++) {
    b.row[r] = (b.row[r] & low) << 1 | (b.row[r] >> 1 & low);
    any = any || b.row[r] != 0;
  }
  if (any) *q = nb_grid_normalise(&b, syms);
  return any;
}
