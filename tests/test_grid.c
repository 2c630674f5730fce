/*
 * test_grid.c: the grid layer (src/grid/grid.h) against plain definitions written here.
 *
 * Checked here:
 *   - the codec: random boards of every shape that fits, at 1 to 4 bits a cell, round-trip
 *     through nb_grid_encode / nb_grid_decode, with each cell where the layout says (a plain
 *     bit-by-bit packing) and no bit set beyond; shapes that do not fit are refused, NB_EDATA;
 *   - symmetries: each moves cells as its definition says (transpose, then mirror columns, then
 *     rows); "a then b" is the composition and the inverse undoes (so they form a group of
 *     eight, four keeping a non-square shape); the eight images of a board of distinct cells
 *     are distinct;
 *   - normal forms: invariant under every symmetry of the set and under padding with dead rows
 *     and columns, the least encoding of the cropped board's images, and the one-bit word path
 *     equal to the generic one; the word transpose is the transpose;
 *   - regions: they partition the cells, each is connected (checked by a plain flood fill), no
 *     two touch, listed by their first cells; for both adjacencies, on boards that fit the word
 *     path and larger ones; the nonzero cells and restriction against the cells one by one;
 *   - text: format then parse is the identity, and the messages of malformed boards.
 *   - boards of any size (the _any functions, through a game's store of large positions):
 *     random boards of every shape up to 16 x 16 at 1 to 4 bits round-trip, inline exactly when
 *     they fit (and then as nb_grid_encode packs them), interned otherwise, one handle for equal
 *     boards and another for a board one cell apart; their normal forms are invariant under the
 *     set's symmetries and padding, are an image of the cropped board and the least of them by
 *     the order written plainly here (dimensions, then cell bits from the last), and equal
 *     nb_grid_normalise where the cropped board fits; text of up to 16 x 16 and '|' as a row
 *     separator where the syntax asks.
 */
#include "check.h"
#include "grid/grid.h"

#include <string.h>

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

static bool same_pos(nb_pos a, nb_pos b) {
  return a.lo == b.lo && a.hi == b.hi;
}

static bool same_grid(const nb_grid *a, const nb_grid *b) {
  if (a->h != b->h || a->w != b->w || a->bits != b->bits) return false;
  for (unsigned r = 0; r < NB_GRID_MAX_SIDE; r++)
    if (a->row[r] != b->row[r]) return false;
  return true;
}

/* A random board; each cell 0 with probability 1/zero_in (0: states uniform). */
static nb_grid random_grid(uint64_t *rng, unsigned h, unsigned w, unsigned bits, unsigned zero_in) {
  nb_grid g = nb_grid_make(h, w, bits);
  for (unsigned r = 0; r < h; r++)
    for (unsigned c = 0; c < w; c++) {
      unsigned s = (unsigned)check_range(rng, 0, (1u << bits) - 1);
      if (zero_in != 0)
        s = check_range(rng, 1, zero_in) == 1 ? 0 : (unsigned)check_range(rng, 1, (1u << bits) - 1);
      nb_grid_set(&g, r, c, s);
    }
  return g;
}

/* Bit i of the 120 cell bits of p. */
static unsigned cell_bit(nb_pos p, unsigned i) {
  return (unsigned)(i < 64 ? p.lo >> i & 1 : p.hi >> (i - 64) & 1);
}

/* ---- the codec ------------------------------------------------------------------------------ */

static void test_codec(void) {
  uint64_t rng = 1;
  unsigned shapes = 0;
  for (unsigned bits = 1; bits <= NB_GRID_MAX_BITS; bits++)
    for (unsigned h = 1; h <= NB_GRID_MAX_SIDE; h++)
      for (unsigned w = 1; w <= NB_GRID_MAX_SIDE; w++) {
        nb_grid g = random_grid(&rng, h, w, bits, 0);
        nb_pos p;
        nb_error err;
        if (!nb_grid_fits(h, w, bits)) {
          CHECK(nb_grid_encode(&g, &p, &err) == NB_EDATA && strstr(err.message, "does not fit"),
                "%ux%u at %u bits: not refused", h, w, bits);
          continue;
        }
        shapes++;
        for (int k = 0; k < (quick ? 2 : 8); k++) {
          g = random_grid(&rng, h, w, bits, 0);
          CHECK_OK(nb_grid_encode(&g, &p, &err), &err);
          nb_grid back = nb_grid_decode(p, bits);
          CHECK(same_grid(&g, &back), "%ux%u at %u bits: no round trip", h, w, bits);
          CHECK(nb_grid_pos_h(p) == h && nb_grid_pos_w(p) == w, "%ux%u: dimensions", h, w);
          bool placed = true; /* every bit where the layout says, none beyond */
          for (unsigned i = 0; i < NB_GRID_POS_BITS; i++) {
            unsigned cell = i / bits, want = 0;
            if (cell < h * w) want = nb_grid_get(&g, cell / w, cell % w) >> (i % bits) & 1;
            placed = placed && cell_bit(p, i) == want;
          }
          CHECK(placed, "%ux%u at %u bits: a bit out of place", h, w, bits);
        }
      }
  CHECK(nb_grid_fits(10, 12, 1) && !nb_grid_fits(11, 11, 1) && nb_grid_fits(7, 8, 2) &&
            !nb_grid_fits(8, 8, 2) && nb_grid_fits(5, 8, 3) && !nb_grid_fits(16, 16, 1) &&
            !nb_grid_fits(1, 17, 1) && nb_grid_fits(2, 15, 4),
        "the shapes that fit");
  CHECK(shapes > 400, "only %u shapes tried", shapes);
}

/* ---- symmetries ----------------------------------------------------------------------------- */

/* Where the definition takes (r, c): transpose, then mirror columns, then rows. */
static void by_definition(unsigned s, unsigned h, unsigned w, unsigned *r, unsigned *c) {
  unsigned r2 = *r, c2 = *c, h2 = h, w2 = w;
  if (s & 4) {
    r2 = *c;
    c2 = *r;
    h2 = w;
    w2 = h;
  }
  if (s & 1) c2 = w2 - 1 - c2;
  if (s & 2) r2 = h2 - 1 - r2;
  *r = r2;
  *c = c2;
}

static void test_symmetries(void) {
  uint64_t rng = 2;
  for (int k = 0; k < (quick ? 20 : 200); k++) {
    unsigned h = (unsigned)check_range(&rng, 1, 7), w = (unsigned)check_range(&rng, 1, 7);
    nb_grid g = random_grid(&rng, h, w, 4, 0);
    for (unsigned a = 0; a < 8; a++) {
      nb_grid ga = nb_grid_transform(&g, a);
      bool moved = true;
      for (unsigned r = 0; r < h; r++)
        for (unsigned c = 0; c < w; c++) {
          unsigned r2 = r, c2 = c;
          by_definition(a, h, w, &r2, &c2);
          moved = moved && nb_grid_get(&ga, r2, c2) == nb_grid_get(&g, r, c);
        }
      CHECK(moved, "symmetry %u does not move cells as defined", a);
      nb_grid undone = nb_grid_transform(&ga, nb_grid_sym_inverse(a));
      CHECK(same_grid(&undone, &g), "the inverse of %u does not undo it", a);
      CHECK(nb_grid_sym_then(a, nb_grid_sym_inverse(a)) == 0, "%u then its inverse", a);
      for (unsigned b = 0; b < 8; b++) {
        nb_grid gab = nb_grid_transform(&ga, b),
                direct = nb_grid_transform(&g, nb_grid_sym_then(a, b));
        CHECK(same_grid(&gab, &direct), "%u then %u is not nb_grid_sym_then", a, b);
        for (unsigned c = 0; c < 8; c++)
          CHECK(nb_grid_sym_then(nb_grid_sym_then(a, b), c) ==
                    nb_grid_sym_then(a, nb_grid_sym_then(b, c)),
                "not associative: %u %u %u", a, b, c);
      }
    }
  }
  /* A 3 x 5 board of distinct cells: eight distinct images, four of its shape. */
  nb_grid d = nb_grid_make(3, 5, 4);
  for (unsigned i = 0; i < 15; i++)
    nb_grid_set(&d, i / 5, i % 5, i + 1);
  unsigned same_shape = 0;
  for (unsigned a = 0; a < 8; a++) {
    nb_grid ga = nb_grid_transform(&d, a);
    same_shape += ga.h == 3;
    for (unsigned b = 0; b < a; b++) {
      nb_grid gb = nb_grid_transform(&d, b);
      CHECK(!same_grid(&ga, &gb), "symmetries %u and %u agree", a, b);
    }
  }
  CHECK(same_shape == 4, "%u symmetries keep a 3 x 5 board's shape", same_shape);
}

/* ---- normal forms --------------------------------------------------------------------------- */

/* g cropped to its nonzero cells, plainly: the least and most rows and columns holding one. */
static nb_grid plain_crop(const nb_grid *g) {
  unsigned r0 = 99, r1 = 0, c0 = 99, c1 = 0;
  for (unsigned r = 0; r < g->h; r++)
    for (unsigned c = 0; c < g->w; c++)
      if (nb_grid_get(g, r, c) != 0) {
        r0 = r < r0 ? r : r0;
        r1 = r > r1 ? r : r1;
        c0 = c < c0 ? c : c0;
        c1 = c > c1 ? c : c1;
      }
  nb_grid out = nb_grid_make(r1 - r0 + 1, c1 - c0 + 1, g->bits);
  for (unsigned r = r0; r <= r1; r++)
    for (unsigned c = c0; c <= c1; c++)
      nb_grid_set(&out, r - r0, c - c0, nb_grid_get(g, r, c));
  return out;
}

static bool pos_leq(nb_pos a, nb_pos b) {
  return a.hi != b.hi ? a.hi < b.hi : a.lo <= b.lo;
}

/* The board as a one-bit word of its layout (rows at stride w + 1). */
static uint64_t word_of_grid(const nb_grid *g) {
  uint64_t x = 0;
  for (unsigned r = 0; r < g->h; r++)
    for (unsigned c = 0; c < g->w; c++)
      if (nb_grid_get(g, r, c)) x |= (uint64_t)1 << (r * (g->w + 1) + c);
  return x;
}

static void check_normal_form(const nb_grid *g, unsigned syms) {
  nb_pos n = nb_grid_normalise(g, syms);
  nb_grid cropped = plain_crop(g);
  bool least = true, among = false;
  for (unsigned s = 0; s < 8; s++) {
    if (!(syms >> s & 1)) continue;
    nb_grid moved = nb_grid_transform(g, s);
    CHECK(same_pos(nb_grid_normalise(&moved, syms), n), "not invariant under symmetry %u", s);
    nb_grid image = nb_grid_transform(&cropped, s);
    nb_pos p = nb_grid_pack(&image);
    least = least && pos_leq(n, p);
    among = among || same_pos(n, p);
  }
  CHECK(least && among, "not the least image of the cropped board");
  if (g->h + 2 <= 8 && g->w + 2 <= 8) { /* padded with a dead row and column on each side */
    nb_grid padded = nb_grid_make(g->h + 2, g->w + 2, g->bits);
    for (unsigned r = 0; r < g->h; r++)
      for (unsigned c = 0; c < g->w; c++)
        nb_grid_set(&padded, r + 1, c + 1, nb_grid_get(g, r, c));
    CHECK(same_pos(nb_grid_normalise(&padded, syms), n), "not invariant under padding");
  }
}

static void test_normalise(void) {
  uint64_t rng = 3;
  for (int k = 0; k < (quick ? 100 : 1500); k++) {
    unsigned bits = (unsigned)check_range(&rng, 1, 4);
    unsigned h = (unsigned)check_range(&rng, 1, 6), w = (unsigned)check_range(&rng, 1, 6);
    while (!nb_grid_fits(h, w, bits)) /* 4 bits a cell: at most 30 cells */
      w--;
    nb_grid g = random_grid(&rng, h, w, bits, 3);
    nb_grid_set(&g, (unsigned)check_range(&rng, 0, h - 1), (unsigned)check_range(&rng, 0, w - 1),
                1);
    check_normal_form(&g, NB_GRID_REFLECTIONS);
    check_normal_form(&g, NB_GRID_ALL_SYMMETRIES);
    if (bits == 1 && nb_grid_word_fits(h, w)) {
      nb_pos slow = nb_grid_normalise(&g, NB_GRID_REFLECTIONS);
      CHECK(same_pos(nb_grid_word_normalise(word_of_grid(&g), nb_grid_layout_of(w)), slow),
            "%ux%u: the word path differs", h, w);
      if (nb_grid_word_fits(w, h)) {
        nb_grid t = nb_grid_transform(&g, NB_GRID_TRANSPOSE);
        CHECK(nb_grid_word_transpose(nb_grid_pack(&g), h, w) == word_of_grid(&t),
              "%ux%u: the word transpose differs", h, w);
      }
    }
  }
}

/* ---- regions -------------------------------------------------------------------------------- */

static bool touch(unsigned r1, unsigned c1, unsigned r2, unsigned c2, nb_grid_adjacency adj) {
  unsigned dr = r1 > r2 ? r1 - r2 : r2 - r1, dc = c1 > c2 ? c1 - c2 : c2 - c1;
  return adj == NB_GRID_KING ? dr <= 1 && dc <= 1 && dr + dc > 0 : dr + dc == 1;
}

static bool in(const nb_grid_cells *s, unsigned r, unsigned c) {
  return s->row[r] >> c & 1;
}

/* Whether the set (of h rows, w columns) is connected: a plain flood from its first cell. */
static bool connected(const nb_grid_cells *s, unsigned h, unsigned w, nb_grid_adjacency adj) {
  nb_grid_cells seen = {{0}};
  bool first = true, grew = true;
  for (unsigned r = 0; r < h && first; r++)
    for (unsigned c = 0; c < w && first; c++)
      if (in(s, r, c)) {
        seen.row[r] |= (uint16_t)(1u << c);
        first = false;
      }
  while (grew) {
    grew = false;
    for (unsigned r = 0; r < h; r++)
      for (unsigned c = 0; c < w; c++)
        for (unsigned r2 = 0; r2 < h && in(s, r, c) && !in(&seen, r, c); r2++)
          for (unsigned c2 = 0; c2 < w; c2++)
            if (in(&seen, r2, c2) && touch(r, c, r2, c2, adj)) {
              seen.row[r] |= (uint16_t)(1u << c);
              grew = true;
              break;
            }
  }
  return memcmp(&seen, s, sizeof seen) == 0;
}

static void test_regions(void) {
  uint64_t rng = 4;
  for (int k = 0; k < (quick ? 100 : 1000); k++) {
    unsigned h = (unsigned)check_range(&rng, 1, 9), w = (unsigned)check_range(&rng, 1, 9);
    nb_grid_adjacency adj = k % 2 ? NB_GRID_KING : NB_GRID_ORTHOGONAL;
    nb_grid g = random_grid(&rng, h, w, 1, 2);
    nb_grid_cells cells = nb_grid_nonzero(&g), found[NB_GRID_MAX_REGIONS], all = {{0}};
    unsigned n = nb_grid_regions(&cells, h, adj, found), prev_first = 0;
    bool disjoint = true, apart = true, ordered = true;
    for (unsigned i = 0; i < n; i++) {
      CHECK(connected(&found[i], h, w, adj), "region %u is not connected", i);
      unsigned first = 999;
      for (unsigned r = 0; r < h; r++) {
        disjoint = disjoint && (all.row[r] & found[i].row[r]) == 0;
        all.row[r] |= found[i].row[r];
        if (first == 999 && found[i].row[r])
          first = r * 16 + (unsigned)__builtin_ctz(found[i].row[r]);
      }
      ordered = ordered && (i == 0 || first > prev_first);
      prev_first = first;
      for (unsigned j = 0; j < i; j++)
        for (unsigned r = 0; r < h; r++)
          for (unsigned c = 0; c < w; c++)
            for (unsigned r2 = 0; r2 < h; r2++)
              for (unsigned c2 = 0; c2 < w; c2++)
                if (in(&found[i], r, c) && in(&found[j], r2, c2) && touch(r, c, r2, c2, adj))
                  apart = false;
    }
    CHECK(disjoint && apart && ordered, "regions overlap, touch or are out of order");
    CHECK(memcmp(&all, &cells, sizeof all) == 0, "regions do not cover the cells");
  }
}

/* nb_grid_nonzero and nb_grid_restrict against the cells one by one, at 1 to 4 bits a cell. */
static void test_cell_sets(void) {
  uint64_t rng = 6;
  for (int k = 0; k < (quick ? 200 : 2000); k++) {
    unsigned bits = (unsigned)check_range(&rng, 1, 4), h = (unsigned)check_range(&rng, 1, 16);
    unsigned w = (unsigned)check_range(&rng, 1, 16);
    nb_grid g = random_grid(&rng, h, w, bits, 3);
    nb_grid_cells live = nb_grid_nonzero(&g), keep = {{0}};
    for (unsigned r = 0; r < h; r++)
      keep.row[r] = (uint16_t)check_rand(&rng) & (uint16_t)((1u << w) - 1);
    nb_grid kept = nb_grid_restrict(&g, &keep);
    bool right = true;
    for (unsigned r = 0; r < NB_GRID_MAX_SIDE; r++)
      for (unsigned c = 0; c < NB_GRID_MAX_SIDE; c++) {
        bool inside = r < h && c < w;
        unsigned s = inside ? nb_grid_get(&g, r, c) : 0;
        right = right && in(&live, r, c) == (s != 0);
        if (inside) right = right && nb_grid_get(&kept, r, c) == (in(&keep, r, c) ? s : 0);
      }
    CHECK(right, "%ux%u at %u bits: nonzero or restrict wrong", h, w, bits);
  }
}

/* ---- text ----------------------------------------------------------------------------------- */

static const nb_grid_syntax syntax = {.symbols = "#.xo",
                                      .expected = "'#', '.', 'x', 'o' or '/'",
                                      .board = "rows of cells",
                                      .bits = 2};

static void check_message(const char *text, const char *want) {
  nb_grid g;
  nb_error err;
  nb_status st = nb_grid_parse(text, 3, &syntax, &g, &err);
  CHECK(st == NB_EUSAGE && strcmp(err.message, want) == 0, "%s: got '%s'", text,
        st == NB_OK ? "ok" : err.message);
}

static void test_text(void) {
  uint64_t rng = 5;
  for (int k = 0; k < (quick ? 50 : 500); k++) {
    unsigned h = (unsigned)check_range(&rng, 1, 7), w = (unsigned)check_range(&rng, 1, 8);
    nb_grid g = random_grid(&rng, h, w, 2, 0), read;
    char text[300];
    nb_error err;
    nb_grid_format(&g, syntax.symbols, text, sizeof text);
    CHECK_OK(nb_grid_parse(text, 1, &syntax, &read, &err), &err);
    static const uint8_t identity[4] = {0, 1, 2, 3};
    nb_grid back = nb_grid_map(&read, 2, identity);
    CHECK(same_grid(&back, &g), "%s: no round trip", text);
  }
  check_message("", "argument 3: expected a board: rows of cells");
  check_message("..x/.o",
                "argument 3: column 7: row 2 is 2 long, row 1 is 3 (every row must be as long)");
  check_message("..x/.?.", "argument 3: column 6: expected '#', '.', 'x', 'o' or '/', found '?'");
  check_message("/", "argument 3: expected a board with at least one cell");
  nb_grid g;
  nb_error err;
  nb_status st =
      nb_grid_parse("......../......../......../......../......../......../......../........", 3,
                    &syntax, &g, &err);
  CHECK(st == NB_EUSAGE &&
            strstr(err.message, "(71 bytes in all) is too large (at most 16 rows, 16 columns and "
                                "60 cells)") != NULL,
        "8 x 8 at 2 bits: %s", err.message);
  check_message("................./.", "argument 3: board '................./.' is too large "
                                       "(at most 16 rows, 16 columns and 60 cells)");
}

/* ---- boards of any size -------------------------------------------------------------------- */

/* Whether a's encoding is at most b's by the definition: the height, the width, then the cell
 * bits from the last, bit by bit. */
static bool plain_leq(const nb_grid *a, const nb_grid *b) {
  if (a->h != b->h) return a->h < b->h;
  if (a->w != b->w) return a->w < b->w;
  for (unsigned i = a->h * a->w * a->bits; i-- > 0;) {
    unsigned cell = i / a->bits, k = i % a->bits;
    unsigned x = nb_grid_get(a, cell / a->w, cell % a->w) >> k & 1;
    unsigned y = nb_grid_get(b, cell / b->w, cell % b->w) >> k & 1;
    if (x != y) return x < y;
  }
  return true;
}

static void test_any_codec(const nb_game *game) {
  uint64_t rng = 11;
  nb_error err;
  for (int k = 0; k < (quick ? 200 : 2000); k++) {
    unsigned bits = (unsigned)check_range(&rng, 1, 4);
    unsigned h = (unsigned)check_range(&rng, 1, 16), w = (unsigned)check_range(&rng, 1, 16);
    nb_grid g = random_grid(&rng, h, w, bits, 0);
    nb_pos p, again, other;
    CHECK_OK(nb_grid_encode_any(game, &g, &p, &err), &err);
    bool fits = nb_grid_fits(h, w, bits);
    CHECK(nb_pos_is_interned(p) == !fits, "%ux%u at %u bits: interned iff it does not fit", h, w,
          bits);
    if (fits) CHECK(same_pos(p, nb_grid_pack(&g)), "%ux%u: inline as the codec packs it", h, w);
    nb_grid back = nb_grid_decode_any(game, p, bits);
    CHECK(same_grid(&back, &g), "%ux%u at %u bits: no round trip", h, w, bits);
    unsigned dh, dw;
    nb_grid_dims_any(game, p, &dh, &dw);
    CHECK(dh == h && dw == w, "%ux%u: dimensions %ux%u", h, w, dh, dw);
    nb_grid copy = g;
    CHECK_OK(nb_grid_encode_any(game, &copy, &again, &err), &err);
    CHECK(same_pos(p, again), "%ux%u: one handle for equal boards", h, w);
    unsigned r = (unsigned)check_range(&rng, 0, h - 1), c = (unsigned)check_range(&rng, 0, w - 1);
    nb_grid_set(&copy, r, c, nb_grid_get(&copy, r, c) ^ 1);
    CHECK_OK(nb_grid_encode_any(game, &copy, &other, &err), &err);
    CHECK(!same_pos(p, other), "%ux%u: boards a cell apart, one handle", h, w);
  }
}

static void check_any_normal_form(const nb_game *game, const nb_grid *g, unsigned syms) {
  nb_error err;
  nb_pos n, m;
  CHECK_OK(nb_grid_normalise_any(game, g, syms, &n, &err), &err);
  nb_grid cropped = plain_crop(g), norm = nb_grid_decode_any(game, n, g->bits);
  if (nb_grid_fits(cropped.h, cropped.w, g->bits))
    CHECK(same_pos(n, nb_grid_normalise(g, syms)), "fits: not nb_grid_normalise's");
  bool least = true, among = false;
  for (unsigned s = 0; s < 8; s++) {
    if (!(syms >> s & 1)) continue;
    nb_grid moved = nb_grid_transform(g, s), image = nb_grid_transform(&cropped, s);
    CHECK_OK(nb_grid_normalise_any(game, &moved, syms, &m, &err), &err);
    CHECK(same_pos(m, n), "%ux%u: not invariant under symmetry %u", g->h, g->w, s);
    least = least && plain_leq(&norm, &image);
    among = among || same_grid(&norm, &image);
  }
  CHECK(least && among, "%ux%u: not the least image of the cropped board", g->h, g->w);
  if (g->h + 2 <= NB_GRID_MAX_SIDE && g->w + 2 <= NB_GRID_MAX_SIDE) {
    nb_grid padded = nb_grid_make(g->h + 2, g->w + 2, g->bits);
    for (unsigned r = 0; r < g->h; r++)
      for (unsigned c = 0; c < g->w; c++)
        nb_grid_set(&padded, r + 1, c + 1, nb_grid_get(g, r, c));
    CHECK_OK(nb_grid_normalise_any(game, &padded, syms, &m, &err), &err);
    CHECK(same_pos(m, n), "%ux%u: not invariant under padding", g->h, g->w);
  }
}

static void test_any_normalise(const nb_game *game) {
  uint64_t rng = 13;
  for (int k = 0; k < (quick ? 60 : 600); k++) {
    unsigned bits = (unsigned)check_range(&rng, 1, 4);
    unsigned h = (unsigned)check_range(&rng, 1, 14), w = (unsigned)check_range(&rng, 1, 14);
    nb_grid g = random_grid(&rng, h, w, bits, k % 2 ? 3 : 8);
    nb_grid_set(&g, (unsigned)check_range(&rng, 0, h - 1), (unsigned)check_range(&rng, 0, w - 1),
                1);
    check_any_normal_form(game, &g, NB_GRID_REFLECTIONS);
    check_any_normal_form(game, &g, NB_GRID_ALL_SYMMETRIES);
  }
}

static void test_any_text(void) {
  nb_grid_syntax big = syntax;
  big.any_size = true;
  big.bar_rows = true;
  char text[300];
  nb_grid g = nb_grid_make(16, 16, 2), read;
  for (unsigned r = 0; r < 16; r++)
    for (unsigned c = 0; c < 16; c++)
      nb_grid_set(&g, r, c, (r * 7 + c * 3) % 4);
  nb_grid_format(&g, big.symbols, text, sizeof text);
  nb_error err;
  CHECK_OK(nb_grid_parse(text, 1, &big, &read, &err), &err);
  static const uint8_t identity[4] = {0, 1, 2, 3};
  nb_grid back = nb_grid_map(&read, 2, identity);
  CHECK(same_grid(&back, &g), "16 x 16: no round trip");
  CHECK_OK(nb_grid_parse("x.|.o/#x", 1, &big, &read, &err), &err);
  CHECK(read.h == 3 && read.w == 2 && nb_grid_get(&read, 1, 1) == 3, "'|' separates rows");
  CHECK(nb_grid_parse("x.|.o", 3, &syntax, &read, &err) == NB_EUSAGE &&
            strstr(err.message, "column 3: expected") != NULL,
        "'|' is a cell where the syntax does not ask: %s", err.message);
  nb_status st = nb_grid_parse("................./.", 3, &big, &read, &err);
  CHECK(st == NB_EUSAGE && strcmp(err.message, "argument 3: board '................./.' is too "
                                               "large (at most 16 rows and 16 columns)") == 0,
        "17 columns: %s", err.message);
}

/* ---- helpers of the board families ----------------------------------------------------------- */

/* nb_grid_swap_pairs against the cells swapped one by one (state 1 <-> 2; 0 and 3 kept), then
 * normalised; nb_grid_describe_cell writes row and column 1-based. */
static void test_family_helpers(void) {
  uint64_t rng = 5;
  static const unsigned swapped[4] = {0, 2, 1, 3};
  for (int k = 0; k < (quick ? 100 : 1000); k++) {
    unsigned h = (unsigned)check_range(&rng, 1, 7), w = (unsigned)check_range(&rng, 1, 8);
    while (!nb_grid_fits(h, w, 2))
      w--;
    nb_grid g = random_grid(&rng, h, w, 2, k % 5 == 0 ? 1 : 3); /* some with no live cell */
    nb_grid plain = g;
    bool live = false;
    for (unsigned r = 0; r < h; r++)
      for (unsigned c = 0; c < w; c++) {
        nb_grid_set(&plain, r, c, swapped[nb_grid_get(&g, r, c)]);
        live = live || nb_grid_get(&g, r, c) != 0;
      }
    nb_pos q = {0, 0}, p;
    nb_error err;
    CHECK_OK(nb_grid_encode(&g, &p, &err), &err);
    bool got = nb_grid_swap_pairs(p, NB_GRID_ALL_SYMMETRIES, &q);
    CHECK(got == live, "%ux%u: swap says %d, the board has live cells %d", h, w, got, live);
    if (got && live)
      CHECK(same_pos(q, nb_grid_normalise(&plain, NB_GRID_ALL_SYMMETRIES)),
            "%ux%u: the swapped board differs from the cells swapped one by one", h, w);
  }
  char buf[16];
  nb_grid_describe_cell(0, buf, sizeof buf);
  CHECK(strcmp(buf, "1,1") == 0, "cell 0: %s", buf);
  nb_grid_describe_cell(15 << 4 | 9, buf, sizeof buf);
  CHECK(strcmp(buf, "16,10") == 0, "cell (15, 9): %s", buf);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  nb_game *game;
  nb_error err;
  CHECK_OK(nb_game_open("nim", &game, &err), &err); /* any game: its store holds the boards */
  test_any_codec(game);
  test_any_normalise(game);
  test_any_text();
  nb_game_free(game);
  test_codec();
  test_symmetries();
  test_normalise();
  test_regions();
  test_cell_sets();
  test_text();
  test_family_helpers();
  return check_done();
}
