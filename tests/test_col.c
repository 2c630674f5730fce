/*
 * test_col.c: the col family (src/games/snort.c, with Snort) against the rules, plainly.
 *
 * The reference (tests/plain_board.h) plays Col from its rules alone on boards of characters
 * ('.' empty, 'l' and 'r' empty but for one player only, '#' blocked, 'x' blue and 'o' red
 * cells): Left may colour a '.' or 'l' cell with no 'x' neighbour, which becomes 'x' (Right
 * likewise with 'r' and 'o'). Checked here:
 *   - every board of up to 6 cells over '#', '.', 'l', 'r'; every 3 x 3 board of '#' and '.';
 *     random 3 x 3 and 3 x 4 boards with coloured cells; random 3 x 4 and 4 x 4 boards: the
 *     library's canonical value equals the plain one, tree for tree;
 *   - on each, the board with the colours exchanged has the negative value, the board turned by
 *     a symmetry the same value, and the value is a number or a number plus * (Winning Ways);
 *   - the mirror strategy: boards symmetric under a half turn without a fixed cell are 0;
 *   - the text: coloured cells forbid their neighbours to their own colour, letters in either
 *     case, two cells of one colour side by side refused, moves named by their cells.
 */
#include "plain_board.h"

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

/* Whether player who (0 Left, 1 Right) may colour (r, c). */
static bool may_colour(const pboard *b, int who, int r, int c) {
  char self = b->cell[r][c], mine = who == 0 ? 'x' : 'o', kept = who == 0 ? 'r' : 'l';
  if (self != '.' && self != 'l' && self != 'r') return false;
  if (self == kept) return false;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  for (int k = 0; k < 4; k++)
    if (pb_on(b, r + dr[k], c + dc[k]) && b->cell[r + dr[k]][c + dc[k]] == mine) return false;
  return true;
}

static int col_rule(const pboard *b, int who, pboard *next) {
  int n = 0;
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++)
      if (may_colour(b, who, r, c)) {
        next[n] = *b;
        next[n++].cell[r][c] = who == 0 ? 'x' : 'o';
      }
  return n;
}

/* Whether two cells of one colour are side by side (the parser refuses such boards). */
static bool no_clash(const pboard *b) {
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      char x = b->cell[r][c];
      if (x != 'x' && x != 'o') continue;
      if ((pb_on(b, r, c + 1) && b->cell[r][c + 1] == x) ||
          (pb_on(b, r + 1, c) && b->cell[r + 1][c] == x))
        return false;
    }
  return true;
}

/* The colour swap negates, symmetry k keeps the value, and the value is x or x* (Winning Ways,
 * chapter 2: "every Col position has value a number, or a number plus *"). */
static void check_related(pb_lib *l, const pboard *b, int k) {
  pboard s = pb_swapped(b, "lrxo", "rlox"), t = pb_turned(b, k);
  pb_check_related(l, b, &s, true);
  pb_check_related(l, b, &t, false);
  char text[PB_TEXT];
  pb_text(b, text);
  nb_value v = pb_value(l, text);
  nb_cg_nus nus;
  CHECK(nb_cg_get_nus(v.store, v.game, &nus) && nus.ups == 0 && nus.nimber <= 1,
        "%s: neither a number nor a number plus *", text);
}

static void test_against_plain(pb_lib *l) {
  pb_plain p = pb_plain_new(col_rule);
  uint64_t rng = 22;
  static const int shapes[][2] = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5},
                                  {1, 6}, {2, 2}, {2, 3}, {3, 2}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    pb_check_shape(l, &p, shapes[i][0], shapes[i][1], "#.lr",
                   quick && shapes[i][0] * shapes[i][1] >= 5 ? 150 : 0, &rng, NULL, check_related);
  pb_check_shape(l, &p, 3, 3, "#.", 0, &rng, NULL, check_related);
  pb_check_shape(l, &p, 3, 3, "#..lrxo", quick ? 40 : 1000, &rng, no_clash, check_related);
  pb_check_shape(l, &p, 3, 4, "#...lrxo", quick ? 8 : 150, &rng, no_clash, check_related);
  pb_check_shape(l, &p, 3, 4, "#...lr", quick ? 4 : 40, &rng, NULL, check_related);
  pb_check_shape(l, &p, 4, 4, "##...lr", quick ? 1 : 6, &rng, NULL, check_related);
  pb_plain_free(&p);
}

/* Tweedledum and Tweedledee (Winning Ways, chapter 2): on a board that a half turn maps to
 * itself with the colours exchanged, and no cell fixed, the second player answers each move by
 * the other colour on the image cell (legal: the image was free as the cell was, and in Col a
 * cell may touch the other colour), so the board is 0. */
static void test_mirror(pb_lib *l) {
  static const char *const symmetric[] = {
      "..",      "....",      "../..",          ".../...",    "..../..../..../....",
      "x.#/#.o", ".l../..r.", "..../.##./....", "..#../..#.."};
  for (size_t i = 0; i < sizeof symmetric / sizeof symmetric[0]; i++) {
    nb_value v = pb_value(l, symmetric[i]);
    nb_dyadic x;
    CHECK(nb_cg_get_number(v.store, v.game, &x) && x.num == 0, "%s: not 0", symmetric[i]);
  }
}

static void test_text(pb_lib *l) {
  char got[512];
  CHECK(pb_value(l, "x../...").game == pb_value(l, "#r./r..").game, "x forbids its neighbours");
  CHECK(pb_value(l, "X.O").game == pb_value(l, "x.o").game, "capitals");
  CHECK(pb_value(l, "L.R").game == pb_value(l, "l.r").game, "capitals");
  CHECK(pb_value(l, "x.o").game == pb_value(l, "#").game, "a cell between both colours is dead");
  pb_moves_text(l, "..", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "1,1 -> r; 1,2 -> r") == 0, "'..' Left: %s", got);
  pb_moves_text(l, "...", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "1,1 -> .l; 1,2 -> l l; 1,3 -> .l") == 0, "'...' Right: %s", got);
  pb_check_refused(l, "xx",
                   "argument 1: column 2: two blue ('x') cells side by side (no play of Col "
                   "makes them)");
  pb_check_refused(l, "../o./O.",
                   "argument 1: column 7: two red ('o') cells side by side (no play of Col "
                   "makes them)");
  pb_check_refused(l, ".y",
                   "argument 1: column 2: expected '.', '#', 'l', 'r', 'x', 'o' or '/', found 'y'");
  pb_check_parse_fuzzed(l, "#.lrxoLRXO/y", quick ? 3000 : 30000, 29, 47);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  pb_lib l = pb_lib_open("col");
  test_text(&l);
  test_mirror(&l);
  test_against_plain(&l);
  pb_lib_free(&l);
  return check_done();
}
