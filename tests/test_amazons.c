/*
 * test_amazons.c: the Game of the Amazons (src/games/amazons.c) against its rules, plainly.
 *
 * The reference (tests/plain_board.h) plays the game from its rules alone on boards of
 * characters ('x' Left's amazon, 'o' Right's, '.' empty, '#' burned), memoised by the whole board
 * as typed: no regions, no symmetries, no bits. Checked here:
 *   - every board of up to 6 cells in a row, every 2 x 2 and 2 x 3 board over 'x', 'o', '.',
 *     '#'; random 3 x 3, 2 x 4 and 3 x 4 boards, and 4 x 4 boards with at most three amazons
 *     (quick: fewer): the library's canonical value equals the plain one, tree for tree; on
 *     each, the colours exchanged give the negative and one of the eight symmetries (by turn)
 *     the same value;
 *   - the region split: boards joined only across a corner are not split (a queen passes
 *     diagonally), boards parted by burned cells are their sum;
 *   - a published value (a 3 x 4 board, CGSuite's form as cgt-tools quotes it), values worked
 *     from the rules, the text: moves, CGSuite's '|' and capitals, every refusal,
 *     random texts.
 */
#include "plain_board.h"

#include "games/board_memo.h"

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

/* Whether (r, c) is on b and '.'. */
static bool free_at(const pboard *b, int r, int c) {
  return pb_on(b, r, c) && b->cell[r][c] == '.';
}

/* The rules: `who` moves an amazon of theirs like a queen through empty cells, then shoots an
 * arrow like a queen from where it landed (the cell it left is empty now), burning the cell the
 * arrow stops on. */
static int amazons_rule(const pboard *b, int who, pboard *next) {
  static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
  char mine = who == 0 ? 'x' : 'o';
  int n = 0;
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      if (b->cell[r][c] != mine) continue;
      for (int d = 0; d < 8; d++)
        for (int k = 1; free_at(b, r + k * dr[d], c + k * dc[d]); k++) {
          pboard moved = *b;
          int r2 = r + k * dr[d], c2 = c + k * dc[d];
          moved.cell[r][c] = '.';
          moved.cell[r2][c2] = mine;
          for (int e = 0; e < 8; e++)
            for (int j = 1; free_at(&moved, r2 + j * dr[e], c2 + j * dc[e]); j++) {
              next[n] = moved;
              next[n++].cell[r2 + j * dr[e]][c2 + j * dc[e]] = '#';
            }
        }
    }
  return n;
}

/* The colours exchanged: the negative; symmetry k: the same; the board search's outcome: the
 * value's (which the sweep holds to the plain search's). */
static void check_related(pb_lib *l, const pboard *b, int k) {
  pboard s = pb_swapped(b, "xo", "ox"), t = pb_turned(b, k);
  pb_check_related(l, b, &s, true);
  pb_check_related(l, b, &t, false);
  char text[PB_TEXT];
  pb_text(b, text);
  pb_check_board_outcome(l, text, pb_value(l, text).outcome);
}

/* Boards with at most three amazons. */
static bool few_amazons(const pboard *b) {
  int n = 0;
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++)
      n += b->cell[r][c] == 'x' || b->cell[r][c] == 'o';
  return n <= 3;
}

static void test_sweep(void) {
  pb_lib l = pb_lib_open("amazons");
  pb_plain p = pb_plain_new(amazons_rule);
  uint64_t rng = 20;
  for (int w = 1; w <= 6; w++)
    pb_check_shape(&l, &p, 1, w, "xo.#", 0, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 2, 2, "xo.#", 0, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 2, 3, "xo.#", quick ? 500 : 0, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 3, 3, "xo.#", quick ? 100 : 800, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 2, 4, "xo..#", quick ? 100 : 600, &rng, NULL, check_related);
  pb_check_shape(&l, &p, 3, 4, "xo...##", quick ? 6 : 40, &rng, few_amazons, check_related);
  pb_check_shape(&l, &p, 4, 4, "xo..###", quick ? 4 : 30, &rng, few_amazons, check_related);
  pb_plain_free(&p);
  pb_lib_free(&l);
}

/* The board search (amazons_board.c) against the generic outcome search (core/outcome.c), which
 * knows the rules only through the family's moves, on random boards with more amazons than the
 * sweep's: 3 x 3, 3 x 4 and 4 x 4 (the last with more burned cells, within the generic search's
 * reach), each player moving first. */
static void test_board_search(void) {
  pb_lib l = pb_lib_open("amazons");
  nb_outcome_search *generic;
  nb_error err;
  CHECK_OK(nb_outcome_search_new(l.game, NULL, &generic, &err), &err);
  static const struct {
    int h, w, count, quick;
    const char *symbols;
  } shapes[] = {{3, 3, 300, 8, "xxoo...#"},
                {3, 4, 200, 4, "xxoo....#"},
                {4, 4, 60, 0, "xxoo....###"},
                {4, 4, 30, 0, "xo.....##"},
                {4, 4, 200, 6, "xo####...."},
                /* many amazons, few empty cells: the plain search of boards of few empty cells
                 * (amazons_board.c, tiny_wins) and the solo bounds of amazons walled in by the
                 * other player's (region_bounds (2)) */
                {5, 5, 60, 4, "xxoo..####"},
                {4, 5, 60, 4, "xxxooo..###"}};
  uint64_t rng = 5;
  for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
    uint64_t all = 1;
    for (int i = 0; i < shapes[k].h * shapes[k].w; i++)
      all *= strlen(shapes[k].symbols);
    /* the Release run a third of each count, make check-long all (5.4 -> 2.x s of CPU) */
    int count = quick          ? shapes[k].quick
                : check_long() ? shapes[k].count
                               : (shapes[k].count + 2) / 3;
    for (int i = 0; i < count; i++) {
      pboard b =
          pb_of_code(shapes[k].h, shapes[k].w, check_range(&rng, 0, all - 1), shapes[k].symbols);
      char text[PB_TEXT];
      nb_pos p;
      bool left, right;
      pb_text(&b, text);
      pb_parse_one(&l, text, &p);
      CHECK_OK(nb_outcome_search_wins(generic, &p, 1, NB_LEFT, &left, &err), &err);
      CHECK_OK(nb_outcome_search_wins(generic, &p, 1, NB_RIGHT, &right, &err), &err);
      pb_check_board_outcome(&l, text,
                             left ? (right ? NB_OUTCOME_N : NB_OUTCOME_L)
                                  : (right ? NB_OUTCOME_R : NB_OUTCOME_P));
    }
  }
  /* Two territories beside each other, Right's of two moves, Left's of one: -1 (the value
   * search's form), R; the board search's bound once misread whose territory was whose here
   * (bench/mcgs.sh's random 4x4 boards found it). */
  pb_check_board_outcome(&l, "o.##/.##x/#..#/###.", NB_OUTCOME_R);
  pb_check_board_outcome(&l, "o.##/.##./##x#/###.", NB_OUTCOME_R);
  /* Two territories, each its owner's integer 1 (Left's with two empty cells, Right's with
   * one): 1 - 1 = 0, P; decided by the bounds once a territory's integer is its upper bound too
   * (amazons_board.c), by the search before. */
  pb_check_board_outcome(&l, "#x##o./.#.###", NB_OUTCOME_P);
  /* Left's amazon walled in by Right's: its solo bound is 0 (it reaches no empty cell while
   * Right's stand still), so the board is <= 0 and Left moving first loses, decided by the
   * bounds (the region's 5 empty cells decided nothing before); Right moving first is searched.
   * The outcome is the canonical value's. */
  pb_check_board_outcome(&l, "xo./oo./...", pb_value(&l, "xo./oo./...").outcome);
  /* Solo bounds at their tightest: Left's amazon reaches one empty cell and Right's none, so
   * 0 <= G <= 1 (G is 1: N would be wrong, L is right); the six cells past the burned one keep
   * the board out of the plain search of few empty cells, so the bounds are asked. A bound one
   * too low (tried: hi one less) calls it a loss for Left moving first. And the colours
   * exchanged. */
  pb_check_board_outcome(&l, "ox.#......", NB_OUTCOME_L);
  pb_check_board_outcome(&l, "xo.#......", NB_OUTCOME_R);
  nb_outcome_search_free(generic);
  pb_lib_free(&l);
}

/* The board search against a plain minimax of the rules (pb_wins: memoised by the board as
 * typed) on crowded boards, more empty cells than the plain search of few empty cells takes and
 * many amazons walling each other in: the solo bounds (amazons_board.c, region_bounds (2))
 * decide many of their positions. */
static void test_crowded(void) {
  pb_lib l = pb_lib_open("amazons");
  static const struct {
    int h, w, count, quick;
    const char *symbols;
  } shapes[] = {{4, 4, 90, 6, "xxxooo...."}, {3, 5, 90, 6, "xxooo...."}};
  uint64_t rng = 7;
  for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
    uint64_t all = 1;
    for (int i = 0; i < shapes[k].h * shapes[k].w; i++)
      all *= strlen(shapes[k].symbols);
    int count = quick ? shapes[k].quick : check_long() ? 3 * shapes[k].count : shapes[k].count;
    for (int i = 0; i < count; i++) {
      pboard b =
          pb_of_code(shapes[k].h, shapes[k].w, check_range(&rng, 0, all - 1), shapes[k].symbols);
      char text[PB_TEXT];
      pb_text(&b, text);
      int empty = 0;
      for (const char *t = text; *t; t++)
        empty += *t == '.';
      if (empty < 6 || empty > 7)
        continue;                              /* past the plain search of few empty cells, and
                                                * within the plain minimax's reach */
      pb_plain p = pb_plain_new(amazons_rule); /* a memo a board: its chains stay short */
      bool left = pb_wins(&p, &b, 0), right = pb_wins(&p, &b, 1);
      pb_plain_free(&p);
      pb_check_board_outcome(&l, text,
                             left ? (right ? NB_OUTCOME_N : NB_OUTCOME_L)
                                  : (right ? NB_OUTCOME_R : NB_OUTCOME_P));
    }
  }
  pb_lib_free(&l);
}

/* Whether `who`, moving first in the sum comps[0..n), wins by the generic outcome search. */
static bool generic_wins(nb_outcome_search *generic, const nb_pos *comps, size_t n, nb_player who) {
  nb_error err;
  bool won = false;
  CHECK_OK(nb_outcome_search_wins(generic, comps, n, who, &won, &err), &err);
  return won;
}

/* The board search with its memo a small cache (amazons_board.c, nb_board_memo_keep: within a
 * quarter of 256 KiB, 4096 positions, replaced once full) and its winning move (nb_winning_move,
 * the family's `winning_move`), on board `text`: who wins with each player moving first is
 * wins[0] (Left) and wins[1] (Right), and the move given wins (the opponent, moving first after
 * it, loses by the generic outcome search), none where the player loses. */
static void check_bounded(nb_solver *solver, nb_outcome_search *generic, const char *text,
                          const bool wins[2]) {
  nb_error err;
  nb_pos p;
  size_t n;
  nb_value v;
  const char *args[1] = {text};
  CHECK_OK(nb_position_parse(nb_solver_game(solver), args, 1, 1, &p, &n, 1, &err), &err);
  CHECK_OK(nb_value_outcome(solver, &p, 1, &v, &err), &err);
  for (int k = 0; k < 2; k++) {
    nb_player who = k ? NB_RIGHT : NB_LEFT;
    CHECK(nb_value_wins(&v, who) == wins[k], "%s: %s first: the bounded board search says %d",
          text, k ? "Right" : "Left", (int)!wins[k]);
    nb_move_list l;
    CHECK_OK(nb_winning_move(solver, &p, 1, who, &l, &err), &err);
    CHECK(l.count == (wins[k] ? 1u : 0u), "%s: %zu winning moves given", text, l.count);
    if (l.count == 1) {
      nb_pos after[8];
      size_t len = nb_sum_after(&p, 1, &l, 0, after);
      CHECK(!generic_wins(generic, after, len, k ? NB_LEFT : NB_RIGHT),
            "%s: the winning move given for %s loses", text, k ? "Right" : "Left");
    }
    nb_move_list_free(&l);
  }
}

/* The bounded board search against the generic outcome search on every 3 x 3 and 3 x 4 board
 * with one amazon each (3 x 4 and 4 x 4 only with check-long) and on boards like the standard
 * start (Left's amazons on the lower rows, Right's on the upper), and against a plain minimax of
 * the rules (pb_wins) on random crowded 5 x 5 boards of 6 or 7 empty cells. */
static void test_bounded_memo(void) {
  nb_game *game;
  nb_solver *solver;
  nb_outcome_search *generic;
  nb_error err;
  nb_limits limits = nb_limits_default();
  limits.memory = 256 << 10;
  CHECK_OK(nb_game_open("amazons", &game, &err), &err);
  CHECK_OK(nb_solver_new(game, &limits, &solver, &err), &err);
  CHECK_OK(nb_outcome_search_new(game, NULL, &generic, &err), &err);
  char text[PB_TEXT];
  static const int shapes[][2] = {{3, 3}, {3, 4}, {4, 4}};
  int nshapes = check_long() ? 3 : 1;
  for (int k = 0; k < nshapes; k++) {
    int h = shapes[k][0], w = shapes[k][1];
    for (int x = 0; x < h * w; x++)
      for (int o = 0; o < h * w; o++) {
        if (x == o) continue;
        pboard b = {.h = h, .w = w};
        memset(b.cell, '.', sizeof b.cell);
        b.cell[x / w][x % w] = 'x';
        b.cell[o / w][o % w] = 'o';
        pb_text(&b, text);
        nb_pos p;
        pb_parse_one(&(pb_lib){.game = game, .solver = solver}, text, &p);
        const bool wins[2] = {generic_wins(generic, &p, 1, NB_LEFT),
                              generic_wins(generic, &p, 1, NB_RIGHT)};
        check_bounded(solver, generic, text, wins);
      }
  }
  static const char *const starts[] = {".o./x.x", "o.o/.../.x.", ".o.o/..../x..x", "o..o/x..x",
                                       ".oo./..../.xx.", "o..o/..../..../x..x"};
  size_t nstarts = quick ? 0 : check_long() ? 6 : 5; /* the last: 5.8 s, the generic search's */
  for (size_t i = 0; i < nstarts; i++) {
    nb_pos p;
    pb_parse_one(&(pb_lib){.game = game, .solver = solver}, starts[i], &p);
    const bool wins[2] = {generic_wins(generic, &p, 1, NB_LEFT),
                          generic_wins(generic, &p, 1, NB_RIGHT)};
    check_bounded(solver, generic, starts[i], wins);
  }
  uint64_t rng = 11;
  int count = quick ? 3 : check_long() ? 120 : 12;
  for (int i = 0; i < count;) {
    static const char symbols[] = "xxoo....##";
    pboard b = {.h = 5, .w = 5};
    int empty = 0;
    for (int c = 0; c < 25; c++) {
      b.cell[c / 5][c % 5] = symbols[check_range(&rng, 0, sizeof symbols - 2)];
      empty += b.cell[c / 5][c % 5] == '.';
    }
    if (empty < 6 || empty > 7) continue;
    i++;
    pb_text(&b, text);
    pb_plain plain = pb_plain_new(amazons_rule);
    const bool wins[2] = {pb_wins(&plain, &b, 0), pb_wins(&plain, &b, 1)};
    pb_plain_free(&plain);
    check_bounded(solver, generic, text, wins);
  }
  nb_outcome_search_free(generic);
  nb_solver_free(solver);
  nb_game_free(game);
}

/* Published (Song and Müller, "An Enhanced Solver for the Game of Amazons", IEEE TCIAIG 7(1),
 * 2015, its abstract): the 4 x 5 and 5 x 4 starts are first-player wins. The paper's layouts are
 * not quoted here: these are the standard 5 x 5 start (README) one row or one column less, our
 * reading. make check-long only (0.6 and 1.3 s of CPU, Release); the 5 x 5 start itself, about
 * eight minutes, is bench/amazons_start.sh's. */
static void test_published_starts(void) {
  if (!check_long()) return;
  pb_lib l = pb_lib_open("amazons");
  pb_check_board_outcome(&l, ".o.o./o...o/x...x/.x.x.", NB_OUTCOME_N);
  pb_check_board_outcome(&l, ".o.o/o..o/..../x..x/.x.x", NB_OUTCOME_N);
  pb_lib_free(&l);
}

/* nb_board_memo_keep as a cache (board_memo.c), alone: 8192 keys, each with an answer and a work
 * class (0..70: past 63 it is held as 63), kept in a memo of 1024 slots (a quarter of 64 KiB),
 * so that it is refilled several times over and probe paths cross. Keys come in pairs that
 * differ in one bit only (lo's or hi's bit 55, next to the work class), so a key stored in part
 * would be confused. A key just kept is found with its answer unless its home slot was empty
 * with the table three quarters full (not kept); at every step every key found has its own
 * answer, the table never passes three quarters, and keeping a key again finds it still. */
static void test_memo_keep(void) {
  enum { KEYS = 8192 };
  static uint64_t lo[KEYS], hi[KEYS];
  static bool answer[KEYS];
  nb_board_memo m = {0};
  nb_error err;
  m.mem.limit = 64 << 10;
  uint64_t rng = 5;
  size_t kept = 0;
  for (size_t i = 0; i < KEYS; i++) {
    if (i % 2 == 0) {
      lo[i] = check_rand(&rng), hi[i] = check_rand(&rng) & ((1ull << 56) - 1);
    } else {
      bool in_hi = check_range(&rng, 0, 1) == 1;
      lo[i] = lo[i - 1] ^ (in_hi ? 0 : 1ull << 55), hi[i] = hi[i - 1] ^ (in_hi ? 1ull << 55 : 0);
    }
    answer[i] = check_range(&rng, 0, 1) == 1;
    CHECK_OK(nb_board_memo_keep(&m, lo[i], hi[i], answer[i], (unsigned)check_range(&rng, 0, 70),
                                &err),
             &err);
    bool wins = !answer[i];
    if (nb_board_memo_find(&m, lo[i], hi[i], &wins)) {
      kept++;
      CHECK(wins == answer[i], "memo key %zu: kept with the wrong answer", i);
    }
    CHECK(m.capacity == nb_board_memo_keep_capacity(&m) || m.capacity < 1024,
          "memo: %zu slots", m.capacity);
    CHECK(m.used <= m.capacity - m.capacity / 4, "memo: %zu of %zu slots used", m.used, m.capacity);
    if (i % 512 != 511) continue;
    for (size_t j = 0; j <= i; j++) {
      bool w = !answer[j];
      if (nb_board_memo_find(&m, lo[j], hi[j], &w))
        CHECK(w == answer[j], "memo key %zu: found with another's answer after %zu", j, i);
    }
  }
  CHECK(m.capacity == 1024 && m.evicted > 4 * 1024 && kept > KEYS / 2,
        "memo: %zu slots, %llu replaced, %zu of %d kept", m.capacity,
        (unsigned long long)m.evicted, kept, KEYS);
  /* keeping a key again (as a search after a refusal would) finds its slot, not a new one */
  size_t used = m.used;
  for (size_t j = KEYS - 64; j < KEYS; j++) {
    bool w;
    if (!nb_board_memo_find(&m, lo[j], hi[j], &w)) continue;
    CHECK_OK(nb_board_memo_keep(&m, lo[j], hi[j], answer[j], 0, &err), &err);
    CHECK(nb_board_memo_find(&m, lo[j], hi[j], &w) && w == answer[j] && m.used == used,
          "memo key %zu: kept again", j);
  }
  nb_board_memo_forget(&m);
  CHECK(m.used == 0 && m.evicted == 0, "memo: forgotten");
  nb_board_memo_free(&m);
}

/* The board search with heavy replacement against itself with none: crowded 5 x 5 boards of 12
 * empty cells, two amazons each, searched within 32 KiB (a memo of 1024 positions: such boards
 * replace up to 30 times its slots) and within the default limit (no replacement), the outcome
 * and, for each player who wins, the move nb_winning_move gives within 32 KiB leaving the
 * opponent losing by the unbounded search (itself held to the plain rules by test_bounded_memo
 * and test_crowded). */
static void test_evicting_search(void) {
  pb_lib big = pb_lib_open("amazons");
  nb_solver *small;
  nb_error err;
  nb_limits limits = nb_limits_default();
  limits.memory = 32 << 10;
  CHECK_OK(nb_solver_new(big.game, &limits, &small, &err), &err);
  uint64_t rng = 12;
  char text[PB_TEXT];
  int count = quick ? 2 : 8, answered = 0;
  for (int i = 0; i < count; i++) {
    pboard b = {.h = 5, .w = 5};
    memset(b.cell, '#', sizeof b.cell);
    static const char pieces[] = "xxoo............";
    for (int k = 0; k < 16; k++) { /* 16 distinct cells of the 25: 4 amazons, 12 empty */
      int c;
      do
        c = (int)check_range(&rng, 0, 24);
      while (b.cell[c / 5][c % 5] != '#');
      b.cell[c / 5][c % 5] = pieces[k];
    }
    pb_text(&b, text);
    nb_pos p;
    pb_parse_one(&big, text, &p);
    nb_value want, got;
    CHECK_OK(nb_value_outcome(big.solver, &p, 1, &want, &err), &err);
    nb_status st = nb_value_outcome(small, &p, 1, &got, &err);
    if (st == NB_EDATA) continue; /* past the work 32 KiB allows: a refusal, never an answer */
    CHECK_OK(st, &err);
    answered++;
    CHECK(got.outcome == want.outcome, "%s: within 32 KiB %d, unbounded %d", text,
          (int)got.outcome, (int)want.outcome);
    for (int k = 0; k < 2; k++) {
      nb_player who = k ? NB_RIGHT : NB_LEFT;
      nb_move_list l;
      st = nb_winning_move(small, &p, 1, who, &l, &err);
      if (st == NB_EDATA) continue;
      CHECK_OK(st, &err);
      CHECK(l.count == (nb_value_wins(&want, who) ? 1u : 0u), "%s: %zu winning moves", text,
            l.count);
      if (l.count == 1) {
        nb_pos after[8];
        nb_value v;
        size_t len = nb_sum_after(&p, 1, &l, 0, after);
        CHECK_OK(nb_value_outcome(big.solver, after, len, &v, &err), &err);
        CHECK(!nb_value_wins(&v, k ? NB_LEFT : NB_RIGHT), "%s: the move given for %s loses", text,
              k ? "Right" : "Left");
      }
      nb_move_list_free(&l);
    }
  }
  CHECK(answered > 0, "no board answered within 32 KiB");
  nb_solver_free(small);
  pb_lib_free(&big);
}

/* The board search's work within --memory: its memo replaces positions once full, and the search
 * is refused, naming the limit, once it has replaced 64 times its slots (1024 within 64 KiB, the
 * least memo: the refusal comes after 65,536 replacements, half the work of 128 KiB's, which
 * was a third of this test's CPU under the sanitizers); the solver still answers afterwards
 * (the memo forgotten). */
static void test_board_limit(void) {
  pb_check_board_limit("amazons", "the Amazons board search", 64 << 10, "xo.../...../...../...ox",
                       "x..#/..#./#..o", NB_OUTCOME_N);
}

static void test_values(void) {
  pb_lib l = pb_lib_open("amazons");
  /* Worked from the rules (no source quoted; the plain search agrees, above): a lone amazon
   * with one empty cell moves there and burns the cell it left: {0|} = 1; with two empty cells
   * in a row it can keep one move for later: 2; 'x.o' is one move for whoever starts: *. */
  pb_check_form(&l, "x", "0");
  pb_check_form(&l, "x.", "1");
  pb_check_form(&l, "x..", "2");
  pb_check_form(&l, "x.o", "*");
  /* Published: t4ccer's cgt-tools, github.com/t4ccer/cgt-tools, cgt/short/partizan/games/
   * amazons.rs (commit 639fe42), test canonical_form, "Confirmed with cgsuite": the 3 x 4 board
   * x..#|....|.#.o, one amazon each in opposite corners and two burned cells, is this form
   * (quoted as printed there; nimber prints {0,^*|0} as ^[2]* and orders options its own way). */
  pb_check_published(
      &l, "x..#|....|.#.o",
      "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, {0, {0|-2}, "
      "{1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, {{2, {2|0}|0, {0, {2|0, "
      "{2|0}}|0}}, {2, {3|0}|0, {0, {0, ^*|0}|-1}}, {{2|0}, {2|{1|1/4}, {2|0}}|v*, "
      "{1/2|{{0|-1}, {*|-1}|-1}}, {{0, ^*|0}|-1}}, {{3|0}, {3|1, {2|0}}, {3, {3|1}|1, "
      "{1|0, *}}|-1/16, {0|-1}, {*|-1}}|-5, {v, v*, {0, {0, ^*|0}|-1}|-5}, {{1/2|{-1/4, "
      "{0|-1}, {*|-1}|-1}}, {{1|1/4}|{-1/4|-1}}, {{1|{1|0}, {1|*}}|-1/2}|-5}}}");
  /* Regions: burned cells part 'x.#.o' into the sum 'x.' + '.o'; cells touching only across a
   * corner stay one region (a queen passes diagonally): the plain search, which splits
   * nothing, agrees on two such boards. */
  CHECK(pb_value(&l, "x.#.o").game == pb_value(&l, "x. .o").game, "'x.#.o' is not its sum");
  pb_plain p = pb_plain_new(amazons_rule);
  pboard corner = pb_board("x.#/#.o"), parted = pb_board("x#./#.o");
  pb_check_plain(&l, &p, &corner);
  pb_check_plain(&l, &p, &parted);
  pb_plain_free(&p);
  pb_lib_free(&l);
}

static void test_text(void) {
  char got[512];
  pb_lib l = pb_lib_open("amazons");
  pb_moves_text(&l, "x..", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "1,1-1,2/1,1 -> x.; 1,1-1,2/1,3 -> x.; 1,1-1,3/1,2 ->; 1,1-1,3/1,1 -> x.") == 0,
        "'x..' Left: %s", got);
  CHECK(pb_value(&l, "X.#|#.O").game == pb_value(&l, "x.#/#.o").game, "capitals and '|'");
  pb_check_refused(&l, "x.z",
                   "argument 1: column 3: expected 'x', 'o', '.', '#', '/' or '|', "
                   "found 'z'");
  pb_check_refused(&l, "........./........./........./........./........./........./........",
                   "argument 1: column 69: row 7 is 8 long, row 1 is 9 (every row must be as "
                   "long)");
  pb_check_parse_fuzzed(&l, "xo.#XO/|z", quick ? 3000 : 20000, 47, 79);
  pb_lib_free(&l);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  test_text();
  test_values();
  test_sweep();
  test_board_search();
  test_crowded();
  test_bounded_memo();
  test_published_starts();
  test_memo_keep();
  test_evicting_search();
  test_board_limit();
  return check_done();
}
