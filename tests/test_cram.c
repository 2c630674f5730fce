/*
 * test_cram.c: the cram family (src/games/cram.c) against the rules, plainly.
 *
 * The reference (tests/plain_board.h) plays Cram from its rules alone on boards of characters:
 * a move puts a domino on two orthogonally adjacent '.' cells, which become '#'; the Grundy
 * value is the least value no move leaves, memoised by the whole board (no regions, no
 * symmetries). Checked here:
 *   - every board of '.' and '#' of up to 8 cells (1 x 1 .. 1 x 8, 2 x 2, 2 x 3, 3 x 2, 2 x 4,
 *     4 x 2), every 3 x 3 board, random 3 x 4, 4 x 3 and 4 x 4 boards: the library's Grundy
 *     value equals the plain one, and the board turned by a symmetry has the same value;
 *   - a row of n cells is Dawson's Kayles, oct:0.07 (a domino takes two adjacent cells of a
 *     row, leaving the rows on either side): against the oct family through the library for
 *     n <= 16 (the widest board), and for n up to 30 on a path of n cells folded into three
 *     rows, whose cells touch only their neighbours along the path (the same game);
 *   - published facts, with their sources;
 *   - impartial:domineering (both players have both players' Domineering moves) is Cram: the
 *     same plain values on every board of up to 8 cells and random 3 x 4 and 4 x 4 boards;
 *   - the text: moves named by their first cells, regions normalised under all eight
 *     symmetries, refusals, random texts.
 */
#include "plain_board.h"

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

/* The rules: a domino on two adjacent empty cells, either way, for either player. */
static int cram_rule(const pboard *b, int who, pboard *next) {
  (void)who;
  int n = 0;
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++)
      for (int way = 0; way < 2; way++) {
        int r2 = r + (way == 0), c2 = c + (way == 1);
        if (!pb_on(b, r2, c2) || b->cell[r][c] != '.' || b->cell[r2][c2] != '.') continue;
        next[n] = *b;
        next[n].cell[r][c] = next[n].cell[r2][c2] = '#';
        n++;
      }
  return n;
}

/* The board turned by symmetry k has the board's value (the rules name no direction). */
static void check_turned(pb_lib *l, const pboard *b, int k) {
  pboard t = pb_turned(b, k);
  pb_check_related(l, b, &t, false);
}

static void test_against_plain(pb_lib *l) {
  pb_plain p = pb_plain_new(cram_rule);
  uint64_t rng = 20;
  static const int shapes[][2] = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7},
                                  {1, 8}, {2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    pb_check_shape(l, &p, shapes[i][0], shapes[i][1], "#.", 0, &rng, NULL, check_turned);
  pb_check_shape(l, &p, 3, 4, "#...", quick ? 60 : 400, &rng, NULL, check_turned);
  pb_check_shape(l, &p, 4, 3, "#...", quick ? 30 : 200, &rng, NULL, check_turned);
  pb_check_shape(l, &p, 4, 4, "#....", quick ? 10 : 60, &rng, NULL, check_turned);
  pb_plain_free(&p);
}

/* impartial:domineering (src/games/impartial.c: both players have Left's and Right's moves) is
 * Cram: held to the same plain Cram on every board of up to 8 cells and random larger ones. */
static void test_twin(void) {
  pb_lib twin = pb_lib_open("impartial:domineering");
  pb_plain p = pb_plain_new(cram_rule);
  uint64_t rng = 28;
  static const int shapes[][2] = {{1, 2}, {1, 5}, {1, 8}, {2, 2}, {2, 3},
                                  {3, 2}, {2, 4}, {4, 2}, {3, 3}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    pb_check_shape(&twin, &p, shapes[i][0], shapes[i][1], "#.", 0, &rng, NULL, NULL);
  pb_check_shape(&twin, &p, 3, 4, "#...", quick ? 30 : 200, &rng, NULL, NULL);
  pb_check_shape(&twin, &p, 4, 4, "#....", quick ? 5 : 30, &rng, NULL, NULL);
  pb_plain_free(&p);
  pb_lib_free(&twin);
}

/* The Grundy value of heap n of oct:0.07, through the library. */
static uint64_t dawson(uint64_t n) {
  pb_lib oct = pb_lib_open("oct:0.07");
  nb_pos heap = {n, 0};
  nb_value v;
  nb_error err;
  CHECK_OK(nb_value_of(oct.solver, &heap, 1, &v, &err), &err);
  pb_lib_free(&oct);
  return v.nimber;
}

/* A path of n cells (3 <= n <= 46) folded into three rows of w = ceil((n - 1) / 2) columns:
 * along the top row, down the last column's middle cell, back along the bottom row. The middle
 * row's other cells are filled, so path cells touch only their neighbours on the path. */
static void folded_path(int n, char *text) {
  int w = n / 2, k = 0; /* top w, middle 1, bottom n - w - 1 <= w from the right */
  for (int c = 0; c < w; c++)
    text[k++] = '.';
  text[k++] = '/';
  for (int c = 0; c < w; c++)
    text[k++] = c == w - 1 ? '.' : '#';
  text[k++] = '/';
  for (int c = 0; c < w; c++)
    text[k++] = c >= w - (n - w - 1) ? '.' : '#';
  text[k] = '\0';
}

static void test_dawson(pb_lib *l) {
  for (int n = 1; n <= 16; n++) {
    char text[20];
    memset(text, '.', (size_t)n);
    text[n] = '\0';
    nb_value v = pb_value(l, text);
    CHECK(v.nimber == dawson((uint64_t)n), "1 x %d: *%llu, oct:0.07 %d: *%llu", n,
          (unsigned long long)v.nimber, n, (unsigned long long)dawson((uint64_t)n));
  }
  for (int n = 4; n <= 30; n++) {
    char text[64];
    folded_path(n, text);
    nb_value v = pb_value(l, text);
    CHECK(v.nimber == dawson((uint64_t)n), "path of %d (%s): *%llu, oct:0.07: *%llu", n, text,
          (unsigned long long)v.nimber, (unsigned long long)dawson((uint64_t)n));
  }
}

static void test_published(pb_lib *l) {
  /* Wikipedia, "Cram (game)", Symmetry play: "In the even-by-even case, the second player wins
   * by symmetry play ... In the even-by-odd case, the first player wins by similar symmetry
   * play. Player 1 places their first domino in the center two squares" (Gardner, Scientific
   * American, February 1974). Second-player wins are Grundy value 0. */
  static const char *const even_even[] = {"../..", "..../....", "..../..../..../....",
                                          "....../....../....../......"};
  for (size_t i = 0; i < sizeof even_even / sizeof even_even[0]; i++)
    CHECK(pb_value(l, even_even[i]).nimber == 0, "%s: not a second-player win", even_even[i]);
  static const char *const even_odd[] = {"../../..", "..../..../....", "...../.....",
                                         "...../...../...../.....", "......./......."};
  for (size_t i = 0; i < sizeof even_odd / sizeof even_odd[0]; i++)
    CHECK(pb_value(l, even_odd[i]).nimber != 0, "%s: not a first-player win", even_odd[i]);
}

static void test_text(pb_lib *l) {
  char got[512];
  pb_moves_text(l, "...", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "h1,1 ->; h1,2 ->") == 0, "'...': %s", got);
  pb_moves_text(l, "../..", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "v1,1 -> ..; v1,2 -> ..; h1,1 -> ..; h2,1 -> ..") == 0, "'../..': %s", got);
  pb_moves_text(l, "...../#.#.#", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "v1,2 -> .../#.#; v1,4 -> .../#.#; h1,1 -> .../#.#; h1,2 -> ../.#; h1,3 -> "
                    "../.#; h1,4 -> .../#.#") == 0,
        "'...../#.#.#': %s", got);
  pb_check_refused(l, ".x", "argument 1: column 2: expected '.', '#' or '/', found 'x'");
  pb_check_refused(l, "../...",
                   "argument 1: column 7: row 2 is 3 long, row 1 is 2 (every row "
                   "must be as long)");
  pb_check_refused(l, ".................",
                   "argument 1: board '.................' is too large "
                   "(at most 16 rows, 16 columns and 120 cells)");
  pb_check_parse_fuzzed(l, "#./x", quick ? 3000 : 30000, 27, 47);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  pb_lib l = pb_lib_open("cram");
  test_text(&l);
  test_published(&l);
  test_dawson(&l);
  test_against_plain(&l);
  test_twin();
  pb_lib_free(&l);
  return check_done();
}
