/*
 * test_konane.c: Konane (src/games/konane.c) against its rules, plainly.
 *
 * The reference (tests/plain_board.h) plays the game from its rules alone on boards of
 * characters ('x' Left's stone, 'o' Right's, '.' empty, '#' blocked), memoised by the whole board
 * as typed: no regions, no symmetries, no bits, no store. Checked here:
 *   - every board of up to 7 cells in a row and every 2 x 2, 2 x 3 and 3 x 2 board over 'x',
 *     'o', '.', '#', every 3 x 3 board over 'x', 'o', '.'; random 3 x 3, 2 x 4, 3 x 4 and 4 x 4
 *     boards (quick: fewer): the library's
 *     canonical value equals the plain one, tree for tree; on each, the colours exchanged give
 *     the negative and one of the eight symmetries (by turn) the same value;
 *   - the region split's theorem on boards where it bites: two groups one blocked column apart
 *     are their sum, and two groups in one region that meet only after a jump are not split;
 *   - a board past 128 bits (9 x 9, through the game's store) equals its small copy;
 *   - published values (t4ccer's cgt-tools, quoted with their source), values worked from the
 *     rules, the text: moves (each stop of a multiple jump), CGSuite's
 *     '|' and capitals, every refusal, random texts.
 */
#include "plain_board.h"

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

/* The rules: `who` jumps a stone of theirs over an adjacent stone of the other's into the empty
 * cell beyond, capturing it, and may go on jumping the same way; each stop is a move. */
static int konane_rule(const pboard *b, int who, pboard *next) {
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  char mine = who == 0 ? 'x' : 'o', theirs = who == 0 ? 'o' : 'x';
  int n = 0;
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      if (b->cell[r][c] != mine) continue;
      for (int d = 0; d < 4; d++) {
        pboard after = *b;
        int at_r = r, at_c = c;
        while (pb_on(b, at_r + 2 * dr[d], at_c + 2 * dc[d]) &&
               b->cell[at_r + dr[d]][at_c + dc[d]] == theirs &&
               b->cell[at_r + 2 * dr[d]][at_c + 2 * dc[d]] == '.') {
          after.cell[at_r][at_c] = '.';
          after.cell[at_r + dr[d]][at_c + dc[d]] = '.';
          at_r += 2 * dr[d];
          at_c += 2 * dc[d];
          after.cell[at_r][at_c] = mine;
          next[n++] = after;
        }
      }
    }
  return n;
}

/* The colours exchanged: the negative; symmetry k: the same. */
static void check_related(pb_lib *l, const pboard *b, int k) {
  pboard s = pb_swapped(b, "xo", "ox"), t = pb_turned(b, k);
  pb_check_related(l, b, &s, true);
  pb_check_related(l, b, &t, false);
}

static void test_sweep(void) {
  pb_lib l = pb_lib_open("konane");
  pb_plain p = pb_plain_new(konane_rule);
  uint64_t rng = 20;
  for (int w = 1; w <= 7; w++)
    pb_check_shape(&l, &p, 1, w, "xo.#", quick && w == 7 ? 400 : 0, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 2, 2, "xo.#", 0, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 2, 3, "xo.#", 0, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 3, 2, "xo.#", quick ? 300 : 0, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 3, 3, "xo.#", quick ? 100 : 600, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 3, 3, "xo.", quick ? 300 : 0, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 2, 4, "xo.", quick ? 100 : 600, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 3, 4, "xo.", quick ? 30 : 200, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 4, 4, "xxoo..", quick ? 10 : 60, &rng, NULL, check_related);
  pb_plain_free(&p);
  pb_lib_free(&l);
}

static void test_values(void) {
  pb_lib l = pb_lib_open("konane");
  /* Worked from the rules: 'xo.' has one Left jump to a dead board and no Right move: {0|} = 1;
   * '.xo.' one jump each: {0|0} = *; 'xo.o.' Left jumps once or twice, both leaving stones that
   * never meet: {0, 0|} = 1 (no source quoted: the plain search agrees, above). */
  pb_check_form(&l, "xo.", "1");
  pb_check_form(&l, ".xo.", "*");
  pb_check_form(&l, "xo.o.", "1");
  pb_check_form(&l, "x.o", "0");
  /* Published: t4ccer's cgt-tools, github.com/t4ccer/cgt-tools, cgt/short/partizan/games/
   * konane.rs (commit 1b43dd0), test values: "..ox" is 1, ".ox." is *, and the 3 x 4 board
   * .ox.|o..x|.... is {1|-1}. */
  pb_check_published(&l, "..ox", "1");
  pb_check_published(&l, ".ox.", "*");
  pb_check_published(&l, ".ox.|o..x|....", "{1|-1}");
  /* The regions: a blocked column splits a board into a sum ... */
  nb_value a = pb_value(&l, "xo.#.xo."), b = pb_value(&l, "xo. .xo.");
  CHECK(a.game == b.game, "'xo.#.xo.' is not 'xo.' + '.xo.'");
  /* ... an empty one does not: 'xo..o' lets x land next to the far o after its jump. */
  pb_plain p = pb_plain_new(konane_rule);
  pboard joined = pb_board("xo.o.ox..");
  pb_check_plain(&l, &p, &joined);
  pb_plain_free(&p);
  /* Past 128 bits: a 9 x 9 board (through the store) blocked but for two corners is the sum of
   * the corners. */
  nb_value big = pb_value(&l, "xo.o.####/.o.######/#########/#########/#########/#########/"
                              "#########/#######.x/######.ox"),
           small = pb_value(&l, "xo.o./.o.## #.x/.ox");
  CHECK(big.game == small.game, "9 x 9 board: not its small copy");
  pb_lib_free(&l);
}

static void test_text(void) {
  char got[512];
  pb_lib l = pb_lib_open("konane");
  pb_moves_text(&l, "xo.o.", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "1,1-1,3 -> .ox..; 1,1-1,5 ->") == 0, "'xo.o.' Left: %s", got);
  pb_moves_text(&l, ".xo./o#x.", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "1,3-1,1 -> o#x./o...") == 0, "'.xo./o#x.' Right: %s", got);
  CHECK(pb_value(&l, "XO.|.OX").game == pb_value(&l, "xo./.ox").game, "capitals and '|'");
  pb_check_refused(&l, "xo/o",
                   "argument 1: column 5: row 2 is 1 long, row 1 is 2 (every row "
                   "must be as long)");
  pb_check_refused(&l, "x.z",
                   "argument 1: column 3: expected 'x', 'o', '.', '#', '/' or '|', "
                   "found 'z'");
  pb_check_parse_fuzzed(&l, "xo.#XO/|z", quick ? 3000 : 20000, 43, 199);
  pb_lib_free(&l);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  test_text();
  test_values();
  test_sweep();
  return check_done();
}
