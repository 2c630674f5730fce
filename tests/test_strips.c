/*
 * test_strips.c: the strip families, toads and elephants (src/games/toads.c, one file: with and
 * without jumps) and toppling (toppling.c), against their rules, plainly.
 *
 * The reference (tests/plain_board.h) plays each game from its rules alone on a row of
 * characters, memoised by the whole row: no cut ends, no splits, no reversal. Checked here:
 *   - Toads and Frogs and Elephants and Rhinos: every strip of up to 8 cells over '.', 't', 'f',
 *     random strips of 9 to 12 cells: the library's canonical value equals the plain one, tree
 *     for tree; each strip reversed with the pieces exchanged is its negative;
 *   - Toppling Dominoes: every row of up to 7 dominoes over 'l', 'r', 'e', random rows of 8 to
 *     11: the same; each row reversed has its value, with blue and red exchanged the negative;
 *   - published facts, with their sources; the text: moves, capitals, refusals, random texts;
 *   - toppling's rows shown in place (the display's in_place): after every move on every row of
 *     up to 6 dominoes, the row the plain rule leaves, in the order typed (never reversed), or
 *     none (NB_EUSAGE) when the whole row falls.
 */
#include "plain_board.h"

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

/* Toads and Frogs on row 0: a toad ('t', Left) steps right into '.', or jumps one 'f' into the
 * '.' beyond; a frog ('f', Right) the same leftwards over a 't'. With jumps false, Elephants and
 * Rhinos: steps only. */
static int strip_rule(const pboard *b, int who, pboard *next, bool jumps) {
  char mine = who == 0 ? 't' : 'f', theirs = who == 0 ? 'f' : 't';
  int step = who == 0 ? 1 : -1, n = 0;
  for (int c = 0; c < b->w; c++) {
    if (b->cell[0][c] != mine) continue;
    int to = -1;
    if (pb_on(b, 0, c + step) && b->cell[0][c + step] == '.')
      to = c + step;
    else if (jumps && pb_on(b, 0, c + 2 * step) && b->cell[0][c + step] == theirs &&
             b->cell[0][c + 2 * step] == '.')
      to = c + 2 * step;
    if (to < 0) continue;
    next[n] = *b;
    next[n].cell[0][c] = '.';
    next[n++].cell[0][to] = mine;
  }
  return n;
}

static int toads_rule(const pboard *b, int who, pboard *next) {
  return strip_rule(b, who, next, true);
}

static int elephants_rule(const pboard *b, int who, pboard *next) {
  return strip_rule(b, who, next, false);
}

/* Toppling Dominoes: a domino of the mover's colour ('l' Left, 'r' Right) or green ('e') falls
 * left or right, taking every domino on that side with it. A row toppled whole is the one-cell
 * row '-' here, a row with nothing in it (the library has no empty row: it is no part). */
static int toppling_rule(const pboard *b, int who, pboard *next) {
  char mine = who == 0 ? 'l' : 'r';
  int n = 0;
  if (b->cell[0][0] == '-') return 0;
  for (int c = 0; c < b->w; c++) {
    if (b->cell[0][c] != mine && b->cell[0][c] != 'e') continue;
    for (int right = 0; right < 2; right++) {
      pboard after = {.h = 1, .w = right ? c : b->w - c - 1};
      memcpy(after.cell[0], right ? b->cell[0] : b->cell[0] + c + 1, (size_t)after.w);
      if (after.w == 0) after = pb_board("-");
      next[n++] = after;
    }
  }
  return n;
}

/* Reversed, with the pieces exchanged: the negative (toads, elephants). */
static void check_exchanged(pb_lib *l, const pboard *b, int k) {
  (void)k;
  pboard t = pb_turned(b, 1), s = pb_swapped(&t, "tf", "ft");
  pb_check_related(l, b, &s, true);
}

/* Reversed: the same; blue and red exchanged: the negative (toppling). */
static void check_toppled(pb_lib *l, const pboard *b, int k) {
  (void)k;
  pboard t = pb_turned(b, 1), s = pb_swapped(b, "lr", "rl");
  pb_check_related(l, b, &t, false);
  pb_check_related(l, b, &s, true);
}

static void sweep(const char *spec, pb_rule rule, const char *symbols, int all_to, int random_to,
                  void (*also)(pb_lib *, const pboard *, int)) {
  pb_lib l = pb_lib_open(spec);
  pb_plain p = pb_plain_new(rule);
  uint64_t rng = 26;
  for (int w = 1; w <= all_to; w++)
    pb_check_shape(&l, &p, 1, w, symbols, quick && w >= all_to - 1 ? 150 : 0, &rng, NULL, also);
  for (int w = all_to + 1; w <= random_to; w++)
    pb_check_shape(&l, &p, 1, w, symbols, quick ? 8 : 150, &rng, NULL, also);
  pb_plain_free(&p);
  pb_lib_free(&l);
}

static void test_published(void) {
  pb_lib l = pb_lib_open("toppling");
  /* Lessons in Play (Albert, Nowakowski, Wolfe), Toppling Dominoes: a row of n blue dominoes is
   * the integer n (Left topples one end and leaves n - 1), and a row of n green dominoes is the
   * nim heap *n (toppling leaves any shorter row of green dominoes). */
  pb_check_form(&l, "llll", "4");
  pb_check_form(&l, "rrr", "-3");
  pb_check_form(&l, "eeeee", "*5");
  pb_check_form(&l, "e", "*");
  pb_lib_free(&l);
}

static void test_text(void) {
  char got[512];
  pb_lib t = pb_lib_open("toads");
  pb_moves_text(&t, "tt.ff", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "2 -> t.tff") == 0, "'tt.ff' Left: %s", got);
  pb_moves_text(&t, "t.f.", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "3 -> tf..") == 0, "'t.f.' Right: %s", got);
  pb_moves_text(&t, "tf.", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "") == 0, "'tf.' Right: %s", got);
  CHECK(pb_value(&t, "TT.FF").game == pb_value(&t, "tt.ff").game, "capitals");
  pb_check_refused(&t, "t.x", "argument 1: column 3: expected '.', 't' or 'f', found 'x'");
  pb_check_refused(&t, "",
                   "argument 1: expected a strip of '.' (empty), 't' (toads) and 'f' "
                   "(frogs), such as 'tt.ff'");
  char long_strip[64];
  memset(long_strip, '.', 61);
  long_strip[61] = '\0';
  pb_check_refused(&t, long_strip,
                   "argument 1: column 61: the strip is too long (at most 60 "
                   "cells)");
  pb_check_parse_fuzzed(&t, ".tfTF/x", quick ? 3000 : 20000, 33, 47);
  pb_lib_free(&t);
  pb_lib e = pb_lib_open("elephants");
  pb_moves_text(&e, "t.tf..f", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "7 -> t. .f.") == 0, "'t.tf..f' Right: %s", got);
  pb_check_parse_fuzzed(&e, ".tfTF/x", quick ? 3000 : 20000, 35, 47);
  pb_lib_free(&e);
  pb_lib d = pb_lib_open("toppling");
  pb_moves_text(&d, "lre", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "1l -> er; 1r ->; 3l ->; 3r -> rl") == 0, "'lre' Left: %s", got);
  CHECK(pb_value(&d, "LRE").game == pb_value(&d, "lre").game, "capitals");
  pb_check_refused(&d, "l.r", "argument 1: column 2: expected 'l', 'r' or 'e', found '.'");
  pb_check_parse_fuzzed(&d, "lreLRE/x", quick ? 3000 : 20000, 37, 47);
  pb_lib_free(&d);
}

/* Toppling's in_place against toppling_rule's rows (which are never reversed), move by move:
 * both list a domino's leftward topple, then its rightward one, dominoes left to right. */
static void test_in_place(void) {
  pb_lib d = pb_lib_open("toppling");
  const nb_family *fam = d.game->family;
  pboard next[PB_MOVES];
  size_t checked = 0;
  for (int w = 1, rows = 3; w <= 6; w++, rows *= 3) {
    for (int code = 0; code < rows; code++) {
      pboard b = pb_of_code(1, w, (uint64_t)code, "lre");
      char text[PB_MAX_W + 1], got[PB_MAX_W + 1], want[PB_MAX_W + 1];
      pb_text(&b, text);
      const char *arg = text;
      nb_pos comp, part[2 * PB_MAX_W];
      nb_move move[2 * PB_MAX_W];
      size_t n = 0;
      nb_error err;
      CHECK_OK(nb_position_parse(d.game, &arg, 1, 1, &comp, &n, 1, &err), &err);
      for (int who = 0; who < 2; who++) {
        nb_moves m = {move, part, 0, 0};
        nb_player p = who == 0 ? NB_LEFT : NB_RIGHT;
        CHECK_OK(fam->moves(d.game, comp, p, &m, &err), &err);
        int count = toppling_rule(&b, who, next);
        CHECK((int)m.count == count, "'%s': %zu moves, the rule %d", text, m.count, count);
        for (int i = 0; i < count && i < (int)m.count; i++, checked++) {
          nb_pos after;
          nb_status st = fam->in_place(d.game, comp, p, &m.move[i], &after, &err);
          pb_text(&next[i], want);
          if (strcmp(want, "-") == 0) {
            CHECK(st == NB_EUSAGE, "'%s' move %d: the whole row falls, yet status %d", text, i,
                  (int)st);
            continue;
          }
          CHECK_OK(st, &err);
          fam->format(d.game, after, got, sizeof got);
          CHECK(strcmp(got, want) == 0, "'%s' move %d in place: %s, the rule leaves %s", text, i,
                got, want);
        }
      }
    }
  }
  CHECK(checked > 4000, "only %zu moves checked", checked);
  pb_lib_free(&d);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  test_text();
  test_published();
  test_in_place();
  sweep("toads", toads_rule, ".tf", 8, 12, check_exchanged);
  sweep("elephants", elephants_rule, ".tf", 8, 12, check_exchanged);
  sweep("toppling", toppling_rule, "lre", 7, 11, check_toppled);
  return check_done();
}
