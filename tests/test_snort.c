/*
 * test_snort.c: the snort family (src/games/snort.c) against the rules, plainly.
 *
 * The reference is written here from the rules alone: a board of characters ('.' empty, 'l'
 * and 'r' empty but for one player only, as if next to a piece off the board, '#' blocked, 'L'
 * and 'R' pieces), where Left may place on an empty cell that is not 'r' and has no 'R'
 * neighbour (and Right likewise), and the cell becomes her piece. Its canonical value is the
 * plain canonical form (tests/plain_cg.h) of {the values after Left's moves | after Right's},
 * memoised by the whole board as typed: no regions, no symmetries, no bits, no normal form.
 *
 * Checked here:
 *   - every board of up to 6 cells (1 x 1 .. 1 x 6, 2 x 2, 2 x 3, 3 x 2) with every cell one of
 *     '#', '.', 'l', 'r'; every 3 x 3 board of '#' and '.'; random 3 x 3 boards of those four,
 *     random 3 x 3 and 3 x 4 boards with pieces; random 3 x 4 and 4 x 4 boards: the library's
 *     canonical value equals the plain one, tree for tree;
 *   - on each, the board with the colours exchanged has the negative value (the family's
 *     `negative`), and the board turned by each of the eight symmetries has the same value;
 *   - published facts, with their sources: stars K_{1,n} have temperature n; empty boards of an
 *     odd number of rows and of columns are first-player wins;
 *   - the text: pieces tint their neighbours, a Left piece next to a Right one is refused, moves
 *     are named by their cells and leave the regions normalised; random texts are read or
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

/* A board in the test, as the user types it (at most 6 x 6 here). */
typedef struct tboard {
  int h, w;        /* rows and columns */
  char cell[6][6]; /* '.', 'l', 'r', '#', 'L' or 'R' */
} tboard;

static void board_text(const tboard *b, char *out) {
  size_t k = 0;
  for (int r = 0; r < b->h && r < 6; r++) { /* (r, c < 6: what GCC's bounds check needs) */
    if (r > 0) out[k++] = '/';
    for (int c = 0; c < b->w && c < 6; c++)
      out[k++] = b->cell[r][c];
  }
  out[k] = '\0';
}

/* Whether `who` (0 Left, 1 Right) may place on (r, c): an empty cell not kept for the other,
 * with no piece of the other next to it. */
static bool may_place(const tboard *b, int who, int r, int c) {
  char self = b->cell[r][c], theirs = who == 0 ? 'R' : 'L', kept = who == 0 ? 'r' : 'l';
  if (self != '.' && self != 'l' && self != 'r') return false;
  if (self == kept) return false;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  for (int k = 0; k < 4; k++) {
    int r2 = r + dr[k], c2 = c + dc[k];
    if (r2 >= 0 && r2 < b->h && c2 >= 0 && c2 < b->w && b->cell[r2][c2] == theirs) return false;
  }
  return true;
}

/* The memo: board text -> plain canonical node, a list searched linearly per key hash bucket. */
typedef struct memo {
  char (*key)[48]; /* board texts */
  uint32_t *node;  /* their values */
  size_t n, cap;   /* used, allocated */
  size_t *bucket;  /* MEMO_BUCKETS chains: index + 1 of the first entry, 0 none */
  size_t *next;    /* the next entry of the chain */
} memo;

/* Chains: a full run memoises some 10^6 boards, so 4096 chains were hundreds long (62% of the
 * test's time in strcmp); 2^18 keep them a few entries long. */
enum { MEMO_BUCKETS = 1 << 18 };

static size_t text_hash(const char *s) {
  size_t h = 5381;
  while (*s)
    h = h * 33 + (unsigned char)*s++;
  return h & (MEMO_BUCKETS - 1);
}

static void memo_init(memo *m) {
  memset(m, 0, sizeof *m);
  m->bucket = calloc(MEMO_BUCKETS, sizeof *m->bucket);
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

/* The plain canonical value of the board (memoised by its text). */
static uint32_t plain_value(plain_pool *p, memo *m, tboard *b) {
  char text[48];
  uint32_t v;
  board_text(b, text);
  if (memo_get(m, text, &v)) return v;
  plain_list side[2] = {{0}, {0}};
  for (int who = 0; who < 2; who++)
    for (int r = 0; r < b->h; r++)
      for (int c = 0; c < b->w; c++) {
        if (!may_place(b, who, r, c)) continue;
        char was = b->cell[r][c];
        b->cell[r][c] = who == 0 ? 'L' : 'R';
        plain_push(&side[who], plain_value(p, m, b));
        b->cell[r][c] = was;
      }
  v = plain_reduce(p, &side[0], &side[1]);
  memo_put(m, text, v);
  return v;
}

/* ---- the library ---------------------------------------------------------------------------- */

typedef pb_lib fixture; /* the game and a solver shared by every board (and so its store) */

/* The value of the boards (texts separated by spaces) by the solver. */
static nb_value value_of(fixture *f, const char *texts) {
  char buf[256], *tokens[8];
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
  static const char from[] = "lrLR", to[] = "rlRL";
  tboard s = *b;
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      const char *at = strchr(from, b->cell[r][c]);
      if (at != NULL && *at != '\0') s.cell[r][c] = to[at - from];
    }
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

/* The board against the plain value; its colours exchanged against the negative; one of its
 * symmetries (symmetry k) against the same value. */
static void check_board(fixture *f, plain_pool *p, memo *m, const tboard *b, int k) {
  char text[48], other[48];
  nb_error err;
  tboard copy = *b;
  board_text(b, text);
  nb_value v = value_of(f, text);
  CHECK(plain_cg_same(v.store, p, plain_value(p, m, &copy), v.game),
        "%s: not the plain canonical form", text);
  tboard s = swapped(b), t = turned(b, k);
  board_text(&s, other);
  nb_cg neg;
  CHECK_OK(nb_cg_negate(v.store, v.game, &neg, &err), &err);
  CHECK(value_of(f, other).game == neg, "%s: %s is not its negative", text, other);
  board_text(&t, other);
  CHECK(value_of(f, other).game == v.game, "%s: %s (symmetry %d) differs", text, other, k);
}

/* A board of h x w cells, cell i the digit i of `code` in base `strlen(symbols)`. */
static tboard board_of_code(int h, int w, uint64_t code, const char *symbols) {
  tboard b = {.h = h, .w = w};
  uint64_t base = strlen(symbols);
  for (int i = 0; i < h * w; i++, code /= base)
    b.cell[i / w][i % w] = symbols[code % base];
  return b;
}

/* Whether a Left piece is next to a Right piece (the parser refuses such boards). */
static bool pieces_clash(const tboard *b) {
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      char x = b->cell[r][c], right = c + 1 < b->w ? b->cell[r][c + 1] : ' ';
      char down = r + 1 < b->h ? b->cell[r + 1][c] : ' ';
      if ((x == 'L' && (right == 'R' || down == 'R')) ||
          (x == 'R' && (right == 'L' || down == 'L')))
        return true;
    }
  return false;
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
    if (!pieces_clash(&b)) check_board(f, &p, &m, &b, (int)(i % 8));
  }
  memo_free(&m);
  plain_free(&p);
}

static void test_against_plain(fixture *f) {
  uint64_t rng = 21;
  static const int shapes[][2] = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5},
                                  {1, 6}, {2, 2}, {2, 3}, {3, 2}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    check_shape(f, shapes[i][0], shapes[i][1], "#.lr",
                quick && shapes[i][0] * shapes[i][1] == 6 ? 300 : 0, &rng);
  check_shape(f, 3, 3, "#.", 0, &rng);
  check_shape(f, 3, 3, "#.lr", quick ? 200 : 2000, &rng);
  check_shape(f, 3, 3, "#..lrLR", quick ? 100 : 1000, &rng);
  check_shape(f, 3, 4, "#..lrLR", quick ? 20 : 120, &rng);
  check_shape(f, 3, 4, "#...lr", quick ? 10 : 60, &rng);
  check_shape(f, 4, 4, "#....lr", quick ? 3 : 15, &rng);
}

/* ---- published facts ------------------------------------------------------------------------ */

static void check_temperature(fixture *f, const char *board, int64_t want) {
  nb_value v = value_of(f, board);
  nb_dyadic mean, temp;
  nb_error err;
  CHECK_OK(nb_value_thermograph(&v, &mean, &temp, &err), &err);
  CHECK(temp.num == want && temp.exp == 0, "%s: temperature %lld/2^%u, want %lld", board,
        (long long)temp.num, temp.exp, (long long)want);
}

static void test_published(fixture *f) {
  /* S. Huntemann and T. Maciosowski, "Degrees are Useless in Snort When Measuring Temperature"
   * (arXiv:2406.02107): "It is known that the temperature of Snort in general is infinite
   * (K_{1,n} has temperature n)". The stars K_{1,1} .. K_{1,4} on the grid: */
  check_temperature(f, "..", 1);
  check_temperature(f, "...", 2);
  check_temperature(f, ".../#.#", 3);
  check_temperature(f, "#.#/.../#.#", 4);
  /* L. Le Bruyn, "snortGO" (neverendingbooks.org, 17 December 2004): "snortGo with an empty
   * starting board having an odd number of rows and columns is a first player's win (place your
   * first stone on the central spot and respond to your opponent's moves by reflecting them
   * along the center)". */
  static const char *const odd[] = {".",       "...",         ".....",
                                    ".......", ".../.../...", "...../...../....."};
  for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++)
    CHECK(value_of(f, odd[i]).outcome == NB_OUTCOME_N, "%s: not a first-player win", odd[i]);
}

/* ---- text and moves ------------------------------------------------------------------------- */

static void test_text(fixture *f) {
  char got[512];
  CHECK(value_of(f, "L../...").game == value_of(f, "#l./l..").game, "a piece tints its neighbours");
  CHECK(value_of(f, "R.L").game == value_of(f, "#").game, "a cell between both pieces is dead");
  pb_moves_text(f, "..", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "1,1 -> l; 1,2 -> l") == 0, "'..' Left: %s", got);
  pb_moves_text(f, "...", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "1,1 -> .r; 1,2 -> r r; 1,3 -> .r") == 0, "'...' Right: %s", got);
  pb_moves_text(f, "l#r", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "1,1 -> r") == 0, "'l#r' Left: %s", got);
  pb_check_refused(f, "LR",
                   "argument 1: column 2: a Left piece next to a Right piece (no play of "
                   "Snort makes one)");
  pb_check_refused(f, "../R./L.",
                   "argument 1: column 7: a Left piece next to a Right piece (no "
                   "play of Snort makes one)");
  pb_check_refused(f, ".x",
                   "argument 1: column 2: expected '.', '#', 'l', 'r', 'L', 'R' or '/', "
                   "found 'x'");
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  fixture f;
  nb_error err;
  CHECK_OK(nb_game_open("snort", &f.game, &err), &err);
  CHECK_OK(nb_solver_new(f.game, NULL, &f.solver, &err), &err);
  test_text(&f);
  pb_check_parse_fuzzed(&f, "#.lrLR/x", quick ? 3000 : 30000, 23, 47);
  test_published(&f);
  test_against_plain(&f);
  nb_solver_free(f.solver);
  nb_game_free(f.game);
  return check_done();
}
