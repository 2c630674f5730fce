/*
 * test_clobber.c: the clobber family (src/games/clobber.c) against the rules, plainly.
 *
 * The reference is written here from the rules alone: a board of characters ('x' Left's stone,
 * 'o' Right's, '.' empty) where a player moves a stone of theirs onto an orthogonally adjacent
 * stone of the other's, which is removed. Its canonical value is the plain canonical form
 * (tests/plain_cg.h) of {the values after Left's moves | after Right's}, memoised by the whole
 * board as typed: no groups, no symmetries, no bits, no normal form, no store.
 *
 * Checked here:
 *   - every board of up to 6 cells (1 x 1 .. 1 x 6, 2 x 2, 2 x 3, 3 x 2) of 'x', 'o', '.';
 *     random 3 x 3, 2 x 5 and 4 x 4 boards (three cells in five stones): the library's canonical
 * value equals the plain one, tree for tree; on each, the colours exchanged give the negative, each
 * of the eight symmetries (transposition among them) the same value, and the mean is 0 (all-small);
 *   - boards past 128 bits, through the game's store: L-shaped snakes of stones on 8 x 8 and
 *     9 x 9 boards (a path of cells, each adjacent only to the next, so the game is that of the
 *     strip of the same colours: Clobber depends only on the graph of the cells) equal the
 *     strip's value, and the plain value for some; two groups in far corners of an 8 x 8 board
 *     are their sum; the store holds the large boards met; strips of one row of 17 to 23 cells
 *     (inline, not through the store) equal their snakes on a 12 x 12 board and the plain value;
 *   - the text: CGSuite's '|' and upper case read as '/' and lower case; moves are named by
 *     their cells and leave the groups with both colours, normalised; random texts are read or
 *     refused cleanly, and what is read prints and reads back as the same position.
 */
#include "cgt/cgt.h"
#include "check.h"
#include "plain_board.h"
#include "plain_cg_same.h"

#include <stdlib.h>
#include <string.h>

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

/* ---- the plain rules ------------------------------------------------------------------------ */

enum {
  SIDE = 16,      /* boards of the test: at most 16 rows ... */
  WIDE = 2 * SIDE /* ... and 32 columns (strips of one row past 16 cells) */
};

/* A board in the test, as the user types it. */
typedef struct tboard {
  int h, w;              /* rows and columns */
  char cell[SIDE][WIDE]; /* 'x', 'o' or '.' */
} tboard;

static void board_text(const tboard *b, char *out) {
  size_t k = 0;
  for (int r = 0; r < b->h && r < SIDE; r++) {
    if (r > 0) out[k++] = '/';
    for (int c = 0; c < b->w && c < WIDE; c++)
      out[k++] = b->cell[r][c];
  }
  out[k] = '\0';
}

/* The memo: board text -> plain canonical node, a list searched linearly per key hash bucket. */
typedef struct memo {
  char (*key)[300]; /* board texts */
  uint32_t *node;   /* their values */
  size_t n, cap;    /* used, allocated */
  size_t *bucket;   /* 4096 chains: index + 1 of the first entry, 0 none */
  size_t *next;     /* the next entry of the chain */
} memo;

static size_t text_hash(const char *s) {
  size_t h = 5381;
  while (*s)
    h = h * 33 + (unsigned char)*s++;
  return h & 4095;
}

static void memo_init(memo *m) {
  memset(m, 0, sizeof *m);
  m->bucket = calloc(4096, sizeof *m->bucket);
}

static void memo_free(memo *m) {
  free(m->key);
  free(m->node);
  free(m->bucket);
  free(m->next);
}

static bool memo_get(const memo *m, const char *text, uint32_t *node) {
  for (size_t i = m->bucket[text_hash(text)]; i != 0; i = m->next[i - 1])
    if (strcmp(m->key[i - 1], text) == 0) {
      *node = m->node[i - 1];
      return true;
    }
  return false;
}

static void memo_put(memo *m, const char *text, uint32_t node) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 1024;
    m->key = realloc(m->key, m->cap * sizeof *m->key);
    m->node = realloc(m->node, m->cap * sizeof *m->node);
    m->next = realloc(m->next, m->cap * sizeof *m->next);
  }
  size_t h = text_hash(text);
  snprintf(m->key[m->n], sizeof m->key[m->n], "%s", text);
  m->node[m->n] = node;
  m->next[m->n] = m->bucket[h];
  m->bucket[h] = ++m->n;
}

/* The plain canonical value of the board (memoised by its text): every stone of the mover next
 * to a stone of the other moves onto it. */
static uint32_t plain_value(plain_pool *p, memo *m, tboard *b) {
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  char text[300];
  uint32_t v;
  board_text(b, text);
  if (memo_get(m, text, &v)) return v;
  plain_list side[2] = {{0}, {0}};
  for (int who = 0; who < 2; who++) {
    char mine = who == 0 ? 'x' : 'o', theirs = who == 0 ? 'o' : 'x';
    for (int r = 0; r < b->h; r++)
      for (int c = 0; c < b->w; c++)
        for (int k = 0; k < 4 && b->cell[r][c] == mine; k++) {
          int r2 = r + dr[k], c2 = c + dc[k];
          if (r2 < 0 || r2 >= b->h || c2 < 0 || c2 >= b->w || b->cell[r2][c2] != theirs) continue;
          b->cell[r][c] = '.';
          b->cell[r2][c2] = mine;
          plain_push(&side[who], plain_value(p, m, b));
          b->cell[r][c] = mine;
          b->cell[r2][c2] = theirs;
        }
  }
  v = plain_reduce(p, &side[0], &side[1]);
  memo_put(m, text, v);
  return v;
}

/* ---- the library ---------------------------------------------------------------------------- */

typedef pb_lib fixture; /* the game and a solver shared by every board (and so its store) */

/* The value of the boards (texts separated by spaces) by the solver. */
static nb_value value_of(fixture *f, const char *texts) {
  char buf[1200], *tokens[8];
  size_t count = 0, n = 0;
  nb_pos comps[8];
  nb_error err;
  nb_value v;
  snprintf(buf, sizeof buf, "%s", texts);
  for (char *t = strtok(buf, " "); t != NULL && count < 8; t = strtok(NULL, " "))
    tokens[count++] = t;
  CHECK_OK(nb_position_parse(f->game, (const char *const *)tokens, count, 1, comps, &n, 8, &err),
           &err);
  CHECK_OK(nb_value_of(f->solver, comps, n, &v, &err), &err);
  CHECK(v.kind == NB_VALUE_CANONICAL, "%s: no canonical value", texts);
  return v;
}

/* The board with the colours exchanged. */
static tboard swapped(const tboard *b) {
  tboard s = *b;
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++)
      s.cell[r][c] = b->cell[r][c] == 'x' ? 'o' : b->cell[r][c] == 'o' ? 'x' : '.';
  return s;
}

/* The board moved by symmetry k (bit 2: transpose, then bit 0: mirror columns, bit 1: rows). */
static tboard turned(const tboard *b, int k) {
  tboard t = {.h = k & 4 ? b->w : b->h, .w = k & 4 ? b->h : b->w};
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      int r2 = k & 4 ? c : r, c2 = k & 4 ? r : c;
      if (k & 1) c2 = t.w - 1 - c2;
      if (k & 2) r2 = t.h - 1 - r2;
      t.cell[r2][c2] = b->cell[r][c];
    }
  return t;
}

/* The board against the plain value; its colours exchanged against the negative; symmetry k and
 * the transpose against the same value; the mean 0. */
static void check_board(fixture *f, plain_pool *p, memo *m, const tboard *b, int k) {
  char text[300], other[300];
  nb_error err;
  tboard copy = *b;
  board_text(b, text);
  nb_value v = value_of(f, text);
  CHECK(plain_cg_same(v.store, p, plain_value(p, m, &copy), v.game),
        "%s: not the plain canonical form", text);
  nb_dyadic mean, temp;
  CHECK_OK(nb_value_thermograph(&v, &mean, &temp, &err), &err);
  CHECK(mean.num == 0, "%s: mean %lld/2^%u, not all-small", text, (long long)mean.num, mean.exp);
  tboard s = swapped(b), t = turned(b, k), tr = turned(b, 4);
  board_text(&s, other);
  nb_cg neg;
  CHECK_OK(nb_cg_negate(v.store, v.game, &neg, &err), &err);
  CHECK(value_of(f, other).game == neg, "%s: %s is not its negative", text, other);
  board_text(&t, other);
  CHECK(value_of(f, other).game == v.game, "%s: %s (symmetry %d) differs", text, other, k);
  board_text(&tr, other);
  CHECK(value_of(f, other).game == v.game, "%s: %s (transposed) differs", text, other);
}

/* A board of h x w cells, cell i the digit i of `code` in base `strlen(symbols)`. */
static tboard board_of_code(int h, int w, uint64_t code, const char *symbols) {
  tboard b = {.h = h, .w = w};
  uint64_t base = strlen(symbols);
  for (int i = 0; i < h * w; i++, code /= base)
    b.cell[i / w][i % w] = symbols[code % base];
  return b;
}

/* Every board of one shape over the symbols, or `sample` random ones (0: all). */
static void check_shape(fixture *f, int h, int w, const char *symbols, int sample, uint64_t *rng) {
  plain_pool p = {0};
  memo m;
  memo_init(&m);
  uint64_t all = 1;
  for (int i = 0; i < h * w; i++)
    all *= strlen(symbols);
  for (uint64_t i = 0; i < (sample ? (uint64_t)sample : all); i++) {
    tboard b = board_of_code(h, w, sample ? check_range(rng, 0, all - 1) : i, symbols);
    check_board(f, &p, &m, &b, (int)(i % 8));
  }
  memo_free(&m);
  plain_free(&p);
}

static void test_against_plain(fixture *f) {
  uint64_t rng = 31;
  static const int shapes[][2] = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5},
                                  {1, 6}, {2, 2}, {2, 3}, {3, 2}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    check_shape(f, shapes[i][0], shapes[i][1], ".xo",
                quick && shapes[i][0] * shapes[i][1] == 6 ? 200 : 0, &rng);
  check_shape(f, 3, 3, ".xo", quick ? 150 : 1500, &rng);
  check_shape(f, 2, 5, ".xo", quick ? 100 : 800, &rng);
  check_shape(f, 4, 4, "...xo", quick ? 4 : 30, &rng);
}

/* ---- values by hand and published ----------------------------------------------------------- */

static void test_values(fixture *f) {
  nb_error err;
  nb_value v = value_of(f, "xo");
  char text[64];
  /* By the rules: in 'xo' each player's one move leaves a lone stone, 0, so 'xo' = {0|0} = *.
   * In 'xxo' Left's move (the middle stone takes 'o') leaves 'x.x' = 0, Right's leaves 'xo.' =
   * *, so 'xxo' = {0|*} = ^ (up). */
  nb_value_format(&v, text, sizeof text);
  CHECK(strcmp(text, "*") == 0, "xo = %s", text);
  v = value_of(f, "xxo");
  nb_value_format(&v, text, sizeof text);
  CHECK(strcmp(text, "^") == 0, "xxo = %s", text);
  /* D. Wolfe, "Clobber research" (homepages.gac.edu/~wolfe/games/clobber): "all clobber
   * positions are all small: Since White has a legal move if and only if Black does, non-zero
   * numbers cannot appear as values." Checked on every board above (mean 0); here the full
   * checkerboards up to 3 x 4, which are no numbers but 0. */
  static const char *const full[] = {"xo/ox", "xox/oxo", "xox/oxo/xox", "xoxo/oxox/xoxo"};
  for (size_t i = 0; i < sizeof full / sizeof full[0]; i++) {
    v = value_of(f, full[i]);
    nb_dyadic mean, temp;
    CHECK_OK(nb_value_thermograph(&v, &mean, &temp, &err), &err);
    CHECK(mean.num == 0 && (temp.num >= 0 || v.outcome == NB_OUTCOME_P), "%s: a number?", full[i]);
  }
  /* CGSuite's convention (examples/Clobber.cgs: "Left can move any black stone onto an
   * orthogonally adjacent white stone"), 'x' black: Left wins 'xxo' whoever starts. */
  CHECK(value_of(f, "xxo").outcome == NB_OUTCOME_L, "xxo: Left's");
}

/* ---- boards past 128 bits ------------------------------------------------------------------- */

/* An L-shaped snake on an n x n board: down the first column from the top, then along the last
 * row; cell i of the path holds colours[i]. Each cell of the path is adjacent to the next only,
 * so the game is the strip `colours`. */
static void snake(const char *colours, int n, char *out) {
  tboard b = {.h = n, .w = n};
  memset(b.cell, '.', sizeof b.cell);
  for (int i = 0; colours[i] != '\0'; i++) {
    int r = i < n ? i : n - 1, c = i < n ? 0 : i - n + 1;
    b.cell[r][c] = colours[i];
  }
  board_text(&b, out);
}

static void test_large(fixture *f) {
  uint64_t rng = 37;
  char text[300], strip[40];
  size_t before = nb_pos_store_count(f->game);
  plain_pool p = {0};
  memo m;
  memo_init(&m);
  for (int k = 0; k < (quick ? 6 : 40); k++) {
    int n = k % 2 ? 8 : 9, len = (int)check_range(&rng, n + 1, 2 * n - 2 < 15 ? 2 * n - 2 : 15);
    for (int i = 0; i < len; i++)
      strip[i] = "xo"[check_range(&rng, 0, 1)];
    strip[len] = '\0';
    snake(strip, n, text);
    nb_value big = value_of(f, text), small = value_of(f, strip);
    CHECK(big.game == small.game, "the snake of %s on %d x %d is not the strip", strip, n, n);
    if (len <= 11) {
      tboard b = {.h = 1, .w = len};
      memcpy(b.cell[0], strip, (size_t)len);
      CHECK(plain_cg_same(big.store, &p, plain_value(&p, &m, &b), big.game), "%s: not plain",
            strip);
    }
  }
  /* Strips of one row past 16 cells (packed inline, no store): the snake of the same colours
   * on a 12 x 12 board (interned, valued as a board), and for short ones the plain value. */
  for (int k = 0; k < (quick ? 4 : 24); k++) {
    int len = 17 + k % 7;
    for (int i = 0; i < len; i++) /* runs of one colour: cheap for the plain search */
      strip[i] = i > 0 && check_range(&rng, 0, 2) ? strip[i - 1] : "xo"[check_range(&rng, 0, 1)];
    strip[len] = '\0';
    snake(strip, 12, text);
    nb_value row = value_of(f, strip), board = value_of(f, text);
    CHECK(row.game == board.game, "the strip %s is not its snake", strip);
    if (len <= 18) {
      tboard b = {.h = 1, .w = len};
      memcpy(b.cell[0], strip, (size_t)len);
      CHECK(plain_cg_same(row.store, &p, plain_value(&p, &m, &b), row.game), "%s: not plain",
            strip);
    }
  }
  memo_free(&m);
  plain_free(&p);
  CHECK(nb_pos_store_count(f->game) > before, "the snakes were interned");
  /* Two groups in far corners: 'xxo' (^) and 'xo' (*) make ^*. */
  nb_value v =
      value_of(f, "xxo...../......../......../......../......../......../......../......xo");
  nb_value_format(&v, text, sizeof text);
  CHECK(strcmp(text, "^*") == 0, "xxo and xo in the corners of 8 x 8: %s", text);
  v = value_of(f, "XXO.....|........|........|........|........|........|........|......OX");
  nb_value_format(&v, text, sizeof text);
  CHECK(strcmp(text, "^*") == 0, "in CGSuite's notation: %s", text);
}

/* ---- text and moves ------------------------------------------------------------------------- */

static void test_text(fixture *f) {
  char got[1024];
  CHECK(value_of(f, "XoX|o..").game == value_of(f, "xox/o..").game, "'|' and case");
  CHECK(pb_moves_text(f, "xxo", NB_LEFT, got, sizeof got), "%s: move_bound not exact", "xxo");
  CHECK(strcmp(got, "1,2-1,3 ->") == 0, "'xxo' Left: %s", got);
  CHECK(pb_moves_text(f, "xxo", NB_RIGHT, got, sizeof got), "%s: move_bound not exact", "xxo");
  CHECK(strcmp(got, "1,3-1,2 -> ox") == 0, "'xxo' Right: %s", got);
  CHECK(pb_moves_text(f, "xox/.x.", NB_RIGHT, got, sizeof got), "%s: move_bound not exact",
        "xox/.x.");
  CHECK(strcmp(got, "1,2-2,2 ->; 1,2-1,1 ->; 1,2-1,3 ->") == 0, "'xox/.x.' Right: %s", got);
  CHECK(pb_moves_text(f, "xo.ox/.x.x.", NB_LEFT, got, sizeof got), "%s: move_bound not exact",
        "xo.ox/.x.x.");
  CHECK(strcmp(got, "1,1-1,2 -> ox/x.; 1,5-1,4 -> ox/x.; 2,2-1,2 -> ox/x.; 2,4-1,4 -> ox/x.") == 0,
        "'xo.ox/.x.x.' Left: %s", got);
  pb_check_refused(f, "xo/o",
                   "argument 1: column 5: row 2 is 1 long, row 1 is 2 (every row must "
                   "be as long)");
  pb_check_refused(f, "x#o", "argument 1: column 2: expected 'x', 'o', '.', '/' or '|', found '#'");
  pb_check_refused(f, "xoxoxoxoxoxoxoxox/x",
                   "argument 1: board 'xoxoxoxoxoxoxoxox/x' is too large "
                   "(at most 16 rows and 16 columns)");
  pb_check_refused(
      f, "xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo",
      "argument 1: board 'xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo' is "
      "too large (at most 16 rows and 16 columns, or one row of 57)");
  pb_check_refused(f, "xoxoxoxoxoxoxoxoxo#",
                   "argument 1: column 19: expected 'x', 'o', '.', '/' or "
                   "'|', found '#'");
  CHECK(pb_moves_text(f, "xxxxxxxxxxxxxxxxo.xo", NB_RIGHT, got, sizeof got),
        "%s: move_bound not exact", "xxxxxxxxxxxxxxxxo.xo");
  CHECK(strcmp(got, "1,17-1,16 -> oxxxxxxxxxxxxxxx ox; 1,20-1,19 -> oxxxxxxxxxxxxxxxx") == 0,
        "a strip of 20, Right: %s", got);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  fixture f;
  nb_error err;
  CHECK_OK(nb_game_open("clobber", &f.game, &err), &err);
  CHECK_OK(nb_solver_new(f.game, NULL, &f.solver, &err), &err);
  test_text(&f);
  pb_check_parse_fuzzed(&f, "xo.XO/|#", quick ? 3000 : 30000, 41, 199);
  test_values(&f);
  test_large(&f);
  test_against_plain(&f);
  nb_solver_free(f.solver);
  nb_game_free(f.game);
  return check_done();
}
