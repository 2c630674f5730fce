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
 *     by a symmetry the same value, and the board search (nogo_board.c, `value --outcome`) the
 *     value's outcome class;
 *   - the board search against the generic outcome search on random 3 x 3 to 4 x 4 boards (the
 *     Release run a tenth of make check-long's), boards its own classes decide, and its refusal
 *     at --memory;
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

/* The colour swap negates, symmetry k keeps the value; the board search's outcome is the
 * value's (which the sweep holds to the plain search's). */
static void check_related(pb_lib *l, const pboard *b, int k) {
  pboard s = pb_swapped(b, "xo", "ox"), t = pb_turned(b, k);
  pb_check_related(l, b, &s, true);
  pb_check_related(l, b, &t, false);
  char text[PB_TEXT];
  pb_text(b, text);
  pb_check_board_outcome(l, text, pb_value(l, text).outcome);
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

/* The board search's outcome of `text` equals the generic outcome search's (core/outcome.c),
 * which knows the rules only through the family's moves (each child split into regions and
 * normalised), each player moving first. */
static void check_against_generic(pb_lib *l, nb_outcome_search *generic, const char *text) {
  nb_error err;
  nb_pos p;
  bool left, right;
  pb_parse_one(l, text, &p);
  CHECK_OK(nb_outcome_search_wins(generic, &p, 1, NB_LEFT, &left, &err), &err);
  CHECK_OK(nb_outcome_search_wins(generic, &p, 1, NB_RIGHT, &right, &err), &err);
  pb_check_board_outcome(l, text,
                      left ? (right ? NB_OUTCOME_N : NB_OUTCOME_L)
                           : (right ? NB_OUTCOME_R : NB_OUTCOME_P));
}

/* The board search (nogo_board.c) against the generic outcome search on random 3 x 3 to 4 x 4
 * boards, and on boards where its own classes (Theorem 2, Corollary 3 there) decide. */
static void test_board_search(pb_lib *l) {
  nb_outcome_search *generic;
  nb_error err;
  CHECK_OK(nb_outcome_search_new(l->game, NULL, &generic, &err), &err);
  static const struct {
    int h, w, count, quick;
    const char *symbols;
  } shapes[] = {{3, 3, 300, 30, "#...xo"},
                {3, 4, 150, 10, "#....xo"},
                {4, 3, 60, 4, "#....xxoo"},
                {4, 4, 40, 2, "#.....xo"},
                {4, 4, 40, 2, "##....xxoo"}};
  uint64_t rng = 7;
  for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
    uint64_t all = 1;
    for (int i = 0; i < shapes[k].h * shapes[k].w; i++)
      all *= strlen(shapes[k].symbols);
    int count = quick ? shapes[k].quick : check_long() ? shapes[k].count : shapes[k].count / 10;
    for (int i = 0; i < count; i++) {
      pboard b =
          pb_of_code(shapes[k].h, shapes[k].w, check_range(&rng, 0, all - 1), shapes[k].symbols);
      if (!all_breathe(&b)) continue;
      char text[PB_TEXT];
      pb_text(&b, text);
      check_against_generic(l, generic, text);
    }
  }
  /* Worked from the rules: black's group breathes only through the three top cells, each of
   * which has only black stones and edges around it, so white may play none (a lone stone
   * without a liberty): black's own class, where black fills two of the three (the third would
   * take the group's last liberty), 2; white's bottom cells likewise, -2: 2 + (-2) = 0, P. */
  pb_check_board_outcome(l, ".x.x./xxxxx/ooooo/.o.o.", NB_OUTCOME_P);
  /* with two cells beside them that either player may take ('#' walls them off): a stone on one
   * needs the other as its liberty, so no second stone fits: * there, 0 + * = *, N (a lone
   * cell would be 0: a stone there has no liberty) */
  pb_check_board_outcome(l, ".x.x./xxxxx/ooooo/.o.o./#####/..###", NB_OUTCOME_N);
  /* the same with a contested region joined to white's eyes */
  check_against_generic(l, generic, ".x.x./xxxxx/ooooo/.o...");
  check_against_generic(l, generic, ".x.x./xxxxx/oooo./.o...");
  nb_outcome_search_free(generic);
}

/* The board search's memo within --memory: refused past it naming the limit, and the solver
 * answers afterwards (the memo forgotten). */
static void test_board_limit(void) {
  pb_check_board_limit("nogo", "the NoGo board search", 2 << 20, "..../..../..../....", ".../.../...",
                       NB_OUTCOME_N);
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
  test_board_search(&l);
  test_board_limit();
  pb_lib_free(&l);
  return check_done();
}
