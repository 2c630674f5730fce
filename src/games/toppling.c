/*
 * toppling.c: Toppling Dominoes, the `toppling` family: a strip game on the strip layer
 * (src/grid/strip.h).
 *
 * Rules (Albert, Nowakowski and Wolfe, Lessons in Play; Fink, Nowakowski, Siegel and Wolfe,
 * "Toppling Conjectures"). A row of dominoes, each blue (Left's), red (Right's) or green (either
 * player's). A player topples one of her dominoes (or a green one) to the left or to the right:
 * it falls, and so does every domino on that side of it, all of which leave the row. A player
 * with no move loses.
 *
 * Text. A row is one argument of 'l' (blue), 'r' (red) and 'e' (green), CGSuite's letters, in
 * either case: `lrel`; several rows (one per argument) are a sum. A move is written by the
 * domino's place, 1-based on the row as printed, and the side it falls to: `3l` topples the
 * third domino leftwards (it and the two left of it go), `3r` rightwards (`2:3r` in a sum).
 *
 * Symmetry. The row read right to left is the same game (a domino toppled left there is the
 * same domino toppled right here, leaving the same row reversed), so a row is normalised to the
 * lesser encoding of it and its reversal; the typed row is kept as typed, so that the first
 * moves are numbered on it, and `play` and `moves` keep the row as typed after each move too
 * (toppling_in_place: the dominoes left standing, in their order, not turned), so that every
 * move is numbered on the row the user sees. Exchanging blue and red exchanges the players' moves: the negative
 * (toppling_negative). A row is one game: a move leaves one row (or none), so there is no split.
 *
 * Sizes: two bits a domino, so a row holds at most 60 dominoes.
 */
#include "grid/strip.h"

#include <stdlib.h>

enum {
  BITS = 2,
  BLUE = 1,  /* Left's */
  RED = 2,   /* Right's */
  GREEN = 3, /* either player's */
  MAX_CELLS = NB_STRIP_MAX / BITS
};

static const char symbols[] = "lreLRE";
static const uint8_t state_of[6] = {BLUE, RED, GREEN, BLUE, RED, GREEN};
static const char printed[] = "?lre"; /* state 0 is never a domino */

static bool pos_less(nb_pos a, nb_pos b) {
  return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/* The row normalised: the lesser encoding of it and its reversal. */
static nb_pos normal(const nb_strip *s) {
  nb_strip r = nb_strip_reverse(s);
  nb_pos a = nb_strip_pack(s), b = nb_strip_pack(&r);
  return pos_less(b, a) ? b : a;
}

static nb_status toppling_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("toppling", params, out, err);
}

static nb_status toppling_parse(const nb_game *g, const char *const *tokens, size_t count,
                                size_t first_arg, nb_pos *out, size_t *n, size_t cap,
                                nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    nb_strip s;
    nb_status st =
        nb_strip_parse(tokens[i], first_arg + i, symbols, state_of, BITS, "'l', 'r' or 'e'",
                       "a row of 'l' (blue), 'r' (red) and 'e' (green) dominoes, such "
                       "as 'lrel'",
                       &s, err);
    if (st != NB_OK) return st;
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many rows (at most %zu)", cap);
    out[(*n)++] = nb_strip_pack(&s);
  }
  return NB_OK;
}

static int toppling_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  nb_strip s = nb_strip_unpack(p, BITS);
  return nb_strip_format(&s, printed, buf, cap);
}

/* Two moves at most a domino. */
static size_t toppling_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return 2 * (size_t)nb_strip_unpack(p, BITS).n;
}

/* The definition: `who` topples a domino of her colour or a green one, left (it and every domino
 * left of it go) or right. Tag: the domino's place * 2, + 1 for rightwards. */
static nb_status toppling_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                                nb_error *err) {
  (void)g;
  (void)err;
  nb_strip s = nb_strip_unpack(p, BITS);
  unsigned mine = who == NB_LEFT ? BLUE : RED;
  for (unsigned i = 0; i < s.n; i++) {
    if (s.cell[i] != mine && s.cell[i] != GREEN) continue;
    for (unsigned right = 0; right < 2; right++) {
      nb_strip left_over = right ? nb_strip_slice(&s, 0, i) : nb_strip_slice(&s, i + 1, s.n);
      nb_pos part = normal(&left_over);
      nb_moves_add(out, i << 1 | right, &part, left_over.n > 0);
    }
  }
  return NB_OK;
}

/* The row after the move as the user sees it (the display's: nb_family.in_place): the dominoes
 * left standing in the order typed, not turned to the lesser of the row and its reversal. A
 * move that topples the whole row leaves no row to show: NB_EUSAGE, so its parts (none) are
 * shown, as "0". */
static nb_status toppling_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                                   nb_pos *out, nb_error *err) {
  (void)g;
  (void)who;
  (void)err;
  nb_strip s = nb_strip_unpack(from, BITS);
  unsigned i = m->tag >> 1;
  nb_strip left_over = m->tag & 1 ? nb_strip_slice(&s, 0, i) : nb_strip_slice(&s, i + 1, s.n);
  if (left_over.n == 0) return NB_EUSAGE;
  *out = nb_strip_pack(&left_over);
  return NB_OK;
}

/* "3l": the third domino toppled leftwards; "3r" rightwards. */
static int toppling_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                             char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u%c", (m->tag >> 1) + 1, m->tag & 1 ? 'r' : 'l');
}

/* The row with blue and red exchanged: the negative. */
static bool toppling_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  nb_strip s = nb_strip_unpack(p, BITS);
  for (unsigned i = 0; i < s.n; i++)
    s.cell[i] = s.cell[i] == BLUE ? RED : s.cell[i] == RED ? BLUE : GREEN;
  *q = normal(&s);
  return true;
}

static const nb_partizan_facet toppling_values = {.negative = toppling_negative};

/* One domino of each colour, rows of one colour, mixed rows, capitals, sums. */
static const nb_sample toppling_samples[] = {
    {"toppling", "l"},     {"toppling", "e"},    {"toppling", "lr"},  {"toppling", "lll"},
    {"toppling", "eee"},   {"toppling", "lrel"}, {"toppling", "LRE"}, {"toppling", "lr rl e"},
    {"toppling", "rlrlr"}, {NULL, NULL}};

const nb_family nb_toppling_family = {
    .abi = NB_ABI_VERSION,
    .name = "toppling",
    .synopsis = "toppling  Toppling Dominoes: topple a domino of yours (or a green one) left or "
                "right, and all beyond it",
    .position_help = "one row per argument: 'l' (blue, Left's), 'r' (red, Right's) and 'e' "
                     "(green, either's) dominoes, such as 'lrel'",
    .partizan = true,
    .sum_needs_index = true, /* "3l" names no row of a sum: "2:3l" does */
    .create = toppling_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = toppling_parse,
    .format = toppling_format,
    .joiner = " + ",
    .move_bound = toppling_move_bound,
    .max_parts = 1,
    .moves = toppling_moves,
    .describe = toppling_describe,
    .in_place = toppling_in_place,
    .partizan_eval = &toppling_values,
    .samples = toppling_samples,
};
