/*
 * test_nogo.c: the nogo family (src/games/nogo.c) against the rules, plainly.
 *
 * The reference (tests/plain_board.h) plays NoGo from its rules alone on boards of characters
 * ('.' empty, 'x' black, 'o' white, '#' blocked): a player puts a stone of her colour ('x' for
 * Left, 'o' for Right) on a '.' cell, and the move is legal iff afterwards every group of every
 * colour on the whole board has a liberty (rechecked everywhere, not only next to the stone).
 * Checked here:
 *   - every board of up to 6 cells over '#', '.', 'x', 'o' whose groups all have a liberty (the
 *     others are refused: checked too); every 3 x 3 board of '#' and '.'; random 2 x 4, 3 x 3,
 *     3 x 4 and 4 x 4 boards: the library's canonical value equals the plain one, tree for tree;
 *   - on each, the board with the colours exchanged has the negative value, and the board turned
 *     by a symmetry the same value;
 *   - the text: letters in either case, boards with a group without a liberty refused naming the
 *     column, moves named by their cells.
 */
#include "plain_board.h"

static bool quick;       /* NB_TEST_QUICK: fewer random cases (sanitizer run) */
static pb_lib *refusing; /* the library that must refuse breathless boards (main's) */

/* Whether the group of the stone at (r, c) has a liberty: a plain flood. */
static bool group_breathes(const pboard *b, int r, int c) {
  bool seen[PB_MAX_H][PB_MAX_W] = {{false}};
  int stack[PB_MAX_H * PB_MAX_W], top = 0;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  seen[r][c] = true;
  stack[top++] = r * PB_MAX_W + c;
  while (top > 0) {
    int at = stack[--top], r0 = at / PB_MAX_W, c0 = at % PB_MAX_W;
    for (int k = 0; k < 4; k++) {
      int r2 = r0 + dr[k], c2 = c0 + dc[k];
      if (!pb_on(b, r2, c2) || seen[r2][c2]) continue;
      if (b->cell[r2][c2] == '.') return true;
      if (b->cell[r2][c2] != b->cell[r][c]) continue;
      seen[r2][c2] = true;
      stack[top++] = r2 * PB_MAX_W + c2;
    }
  }
  return false;
}

/* Whether every group of the board has a liberty. */
static bool all_breathe(const pboard *b) {
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++)
      if ((b->cell[r][c] == 'x' || b->cell[r][c] == 'o') && !group_breathes(b, r, c)) return false;
  return true;
}

static int nogo_rule(const pboard *b, int who, pboard *next) {
  int n = 0;
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      if (b->cell[r][c] != '.') continue;
      next[n] = *b;
      next[n].cell[r][c] = who == 0 ? 'x' : 'o';
      if (all_breathe(&next[n])) n++;
    }
  return n;
}

/* The colour swap negates, symmetry k keeps the value. */
static void check_related(pb_lib *l, const pboard *b, int k) {
  pboard s = pb_swapped(b, "xo", "ox"), t = pb_turned(b, k);
  pb_check_related(l, b, &s, true);
  pb_check_related(l, b, &t, false);
}

/* A board with a group without a liberty is refused (and no other is). */
static bool refused_if_breathless(const pboard *b) {
  if (all_breathe(b)) return true;
  char text[PB_TEXT];
  pb_text(b, text);
  const char *tokens[1] = {text};
  nb_pos p;
  size_t n = 0;
  nb_error err;
  CHECK(nb_position_parse(refusing->game, tokens, 1, 1, &p, &n, 1, &err) == NB_EUSAGE &&
            strstr(err.message, "has no liberty") != NULL,
        "%s: not refused", text);
  return false;
}

static void test_against_plain(pb_lib *l) {
  pb_plain p = pb_plain_new(nogo_rule);
  uint64_t rng = 24;
  static const int shapes[][2] = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5},
                                  {1, 6}, {2, 2}, {2, 3}, {3, 2}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    pb_check_shape(l, &p, shapes[i][0], shapes[i][1], "#.xo",
                   quick && shapes[i][0] * shapes[i][1] >= 5 ? 150 : 0, &rng, refused_if_breathless,
                   check_related);
  pb_check_shape(l, &p, 3, 3, "#.", 0, &rng, NULL, check_related);
  pb_check_shape(l, &p, 2, 4, "#..xo", quick ? 40 : 600, &rng, all_breathe, check_related);
  pb_check_shape(l, &p, 3, 3, "#...xo", quick ? 40 : 600, &rng, all_breathe, check_related);
  pb_check_shape(l, &p, 3, 4, "#...xo", quick ? 8 : 80, &rng, all_breathe, check_related);
  pb_check_shape(l, &p, 4, 4, "##...xo", quick ? 1 : 8, &rng, all_breathe, check_related);
  pb_plain_free(&p);
}

static void test_text(pb_lib *l) {
  char got[512];
  CHECK(pb_value(l, "X.O/...").game == pb_value(l, "x.o/...").game, "capitals");
  pb_moves_text(l, "...", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "1,1 -> ..x; 1,2 -> .x.; 1,3 -> ..x") == 0, "'...' Left: %s", got);
  pb_moves_text(l, "x..", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "1,3 -> o.x") == 0, "'x..' Right: %s", got);
  pb_moves_text(l, ".", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "") == 0, "'.' Right: %s", got);
  pb_check_refused(l, "xo",
                   "argument 1: column 1: the black ('x') group there has no liberty (no play of "
                   "NoGo leaves one)");
  pb_check_refused(l, ".x./xox/.x.",
                   "argument 1: column 6: the white ('o') group there has no liberty (no play of "
                   "NoGo leaves one)");
  pb_check_refused(l, ".y", "argument 1: column 2: expected '.', '#', 'x', 'o' or '/', found 'y'");
  pb_check_parse_fuzzed(l, "#..xoXO/y", quick ? 3000 : 30000, 31, 47);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  pb_lib l = pb_lib_open("nogo");
  refusing = &l;
  test_text(&l);
  test_against_plain(&l);
  pb_lib_free(&l);
  return check_done();
}
