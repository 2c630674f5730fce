/*
 * test_partizan.c: partizan values wired in: the value search, the cg, domineering and psub
 * families, values of sums, winning moves, and the refusals that fall back to outcomes.
 *
 * Checked here:
 *   - Domineering: textbook values (2x2 = +-1, a 2x1 column = 1, a 1x2 row = -1, strips of n
 *     cells = +-floor(n/2), the empty 5x5 = 0), every board in a 3x3, 2x4 and 4x2 box and random
 *     3x4 boards against a plain canonical form of the whole game tree (tests/plain_cg.h: no
 *     regions, no memo, no shortcuts), and transposed boards against negatives;
 *   - cg: the moves of a literal game are its options as written (numbers, nimbers and ups
 *     move to their canonical options), positions are interned and round-trip through their
 *     text, and the value of random literal games equals the store's own reading of the text;
 *   - psub: the family's value engine against the value search over its moves alone, the
 *     proven value periods against values computed past them, and single-pile outcomes against
 *     the outcome engine (unchanged);
 *   - sums of each family: the outcome of the canonical value against the exhaustive sum
 *     search, and every winning move of both players (oracle.h), which checks the sign rule
 *     (Left's move to H wins iff H >= 0);
 *   - the refusals: a tiny store, step limit, position limit or print limit gives the outcome
 *     (still right) and says why; every allocation failing in turn.
 */
#include "cgt/cgt.h"
#include "check.h"
#include "games/psub.h"
#include "oracle.h"
#include "plain_cg_same.h"

#include <stdlib.h>
#include <string.h>

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

/* A game, its solver and an oracle, opened from a spec. */
typedef struct fixture {
  nb_game *game;
  nb_solver *solver;
  oracle oracle;
} fixture;

static void fixture_open(fixture *f, const char *spec, const nb_limits *limits) {
  nb_error err;
  CHECK_OK(nb_game_open(spec, &f->game, &err), &err);
  CHECK_OK(nb_solver_new(f->game, limits, &f->solver, &err), &err);
  oracle_open(&f->oracle, f->game);
}

static void fixture_close(fixture *f) {
  oracle_close(&f->oracle);
  nb_solver_free(f->solver);
  nb_game_free(f->game);
}

/* Parses the position given as tokens (separated by spaces in `text`) into comps. */
static size_t position(const nb_game *g, const char *text, nb_pos *comps, size_t cap) {
  char buf[1024], *tokens[64];
  size_t count = 0, n = 0;
  nb_error err;
  snprintf(buf, sizeof buf, "%s", text);
  for (char *t = strtok(buf, " "); t != NULL && count < 64; t = strtok(NULL, " "))
    tokens[count++] = t;
  CHECK_OK(nb_position_parse(g, (const char *const *)tokens, count, 1, comps, &n, cap, &err), &err);
  return n;
}

/* The value of comps, as nimber prints it (allocated). */
static char *value_text(nb_solver *s, const nb_pos *comps, size_t n, nb_value *v) {
  nb_error err;
  CHECK_OK(nb_value_of(s, comps, n, v, &err), &err);
  int len = nb_value_format(v, NULL, 0);
  char *text = malloc((size_t)len + 1);
  nb_value_format(v, text, (size_t)len + 1);
  return text;
}

/* Checks that the value of position `text` prints as `want`, a canonical form. */
static void check_value(fixture *f, const char *text, const char *want) {
  nb_pos comps[64];
  nb_value v;
  size_t n = position(f->game, text, comps, 64);
  char *got = value_text(f->solver, comps, n, &v);
  CHECK(v.kind == NB_VALUE_CANONICAL && strcmp(got, want) == 0, "%s: got %s, want %s", text, got,
        want);
  free(got);
}

/* The outcome of the sum by the oracle's sum search. */
static nb_outcome oracle_outcome(oracle *o, const nb_pos *comps, size_t n) {
  nb_error err;
  bool l, r;
  CHECK_OK(nb_sum_search_wins(o->sums, comps, n, NB_LEFT, &l, NULL, &err), &err);
  CHECK_OK(nb_sum_search_wins(o->sums, comps, n, NB_RIGHT, &r, NULL, &err), &err);
  return l ? (r ? NB_OUTCOME_N : NB_OUTCOME_L) : (r ? NB_OUTCOME_R : NB_OUTCOME_P);
}

/* The value of the sum against the oracle, and the winning moves of both players. */
static void check_sum(fixture *f, const nb_pos *comps, size_t n, const char *what) {
  nb_error err;
  nb_value v;
  CHECK_OK(nb_value_of(f->solver, comps, n, &v, &err), &err);
  CHECK(v.kind == NB_VALUE_CANONICAL, "%s: no canonical value (%s)", what, v.note);
  CHECK(v.outcome == oracle_outcome(&f->oracle, comps, n), "%s: outcome %c", what,
        nb_outcome_letter(v.outcome));
  check_winning_moves(f->solver, &f->oracle, comps, n, NB_LEFT, what);
  check_winning_moves(f->solver, &f->oracle, comps, n, NB_RIGHT, what);
}

/* ---- Domineering ---------------------------------------------------------------------------- */

/* A board in the test: cells[r][c] is '.' (empty) or '#'. */
typedef struct tboard {
  int h, w;
  char cell[8][8];
} tboard;

static void board_text(const tboard *b, char *out) {
  size_t k = 0;
  for (int r = 0; r < b->h; r++) {
    if (r > 0) out[k++] = '/';
    for (int c = 0; c < b->w; c++)
      out[k++] = b->cell[r][c];
  }
  out[k] = '\0';
}

static tboard transpose(const tboard *b) {
  tboard t = {.h = b->w, .w = b->h};
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++)
      t.cell[c][r] = b->cell[r][c];
  return t;
}

/* The whole game tree of the board as a plain form: every placement, no regions, no memo. */
static uint32_t plain_board(plain_pool *p, tboard *b) {
  plain_list side[2] = {{0}, {0}};
  for (int who = 0; who < 2; who++)
    for (int r = 0; r < b->h; r++)
      for (int c = 0; c < b->w; c++) {
        int r2 = who == 0 ? r + 1 : r, c2 = who == 0 ? c : c + 1;
        if (r2 >= b->h || c2 >= b->w || b->cell[r][c] != '.' || b->cell[r2][c2] != '.') continue;
        b->cell[r][c] = b->cell[r2][c2] = '#';
        plain_push(&side[who], plain_board(p, b));
        b->cell[r][c] = b->cell[r2][c2] = '.';
      }
  uint32_t g = plain_new(p, side[0].v, side[0].n, side[1].v, side[1].n);
  free(side[0].v);
  free(side[1].v);
  return g;
}

/* The value of one board by the solver. */
static nb_cg board_value(fixture *f, const tboard *b, nb_cg_store **store) {
  char text[80];
  nb_pos comps[4];
  nb_value v;
  board_text(b, text);
  size_t n = position(f->game, text, comps, 4);
  char *s = value_text(f->solver, comps, n, &v);
  free(s);
  *store = v.store;
  return v.game;
}

/* The board against the plain form of its tree, and its transpose against its negative. */
static void check_board(fixture *f, const tboard *b) {
  nb_error err;
  char text[80];
  board_text(b, text);
  plain_pool p = {0};
  tboard copy = *b;
  uint32_t plain = plain_canonical(&p, plain_board(&p, &copy));
  nb_cg_store *store;
  nb_cg g = board_value(f, b, &store), neg;
  CHECK(plain_cg_same(store, &p, plain, g), "%s: not the plain canonical form", text);
  plain_free(&p);
  tboard t = transpose(b);
  CHECK_OK(nb_cg_negate(store, g, &neg, &err), &err);
  CHECK(board_value(f, &t, &store) == neg, "%s: its transpose is not its negative", text);
}

static void test_domineering(void) {
  fixture f;
  fixture_open(&f, "domineering", NULL);
  check_value(&f, "../..", "+-1");
  check_value(&f, "./.", "1");
  check_value(&f, "..", "-1");
  check_value(&f, "#", "0");
  check_value(&f, "./././././.", "3"); /* a column of 6: Left alone, 3 moves */
  check_value(&f, ".......", "-3");    /* a row of 7: Right alone, 3 moves */
  check_value(&f, "../.. ../..", "0"); /* +-1 + +-1 */
  check_value(&f, "./. ..", "0");      /* 1 + -1 */
  check_value(&f, "#.#/.../#.#", "*"); /* a plus: each player's move leaves 0 */
  if (!quick) check_value(&f, "...../...../...../...../.....", "0"); /* the calibration fact */
  /* Every board in a 3x3, 2x4 and 4x2 box, against the plain tree; transposes negated. */
  int boxes[3][2] = {{3, 3}, {2, 4}, {4, 2}};
  for (int k = 0; k < 3; k++) {
    int h = boxes[k][0], w = boxes[k][1];
    for (unsigned mask = 0; mask < 1u << (h * w); mask++) {
      tboard b = {.h = h, .w = w};
      for (int i = 0; i < h * w; i++)
        b.cell[i / w][i % w] = mask >> i & 1 ? '#' : '.';
      check_board(&f, &b);
    }
  }
  uint64_t rng = 7;
  for (int i = 0; i < (quick ? 10 : 60); i++) { /* random 3x4 and 4x3 boards, a third filled */
    tboard b = {.h = i % 2 ? 3 : 4, .w = i % 2 ? 4 : 3};
    for (int r = 0; r < b.h; r++)
      for (int c = 0; c < b.w; c++)
        b.cell[r][c] = check_range(&rng, 0, 2) == 0 ? '#' : '.';
    check_board(&f, &b);
  }
  /* Sums of small boards: outcome against the sum search, winning moves of both players. */
  for (int i = 0; i < (quick ? 10 : 40); i++) {
    nb_pos comps[3];
    char text[256] = "", one[80];
    size_t n = (size_t)check_range(&rng, 1, 3);
    for (size_t j = 0; j < n; j++) {
      tboard b = {.h = (int)check_range(&rng, 1, 3), .w = (int)check_range(&rng, 1, 3)};
      for (int r = 0; r < b.h; r++)
        for (int c = 0; c < b.w; c++)
          b.cell[r][c] = check_range(&rng, 0, 3) == 0 ? '#' : '.';
      board_text(&b, one);
      strcat(text, j ? " " : "");
      strcat(text, one);
    }
    n = position(f.game, text, comps, 3);
    check_sum(&f, comps, n, text);
  }
  fixture_close(&f);
}

/* The moves of a Domineering board split it into normalised regions. */
static void test_domineering_moves(void) {
  fixture f;
  nb_error err;
  nb_pos comps[2];
  nb_move_list l;
  fixture_open(&f, "domineering", NULL);
  size_t n = position(f.game, ".../#.#/...", comps, 2);
  CHECK_OK(nb_sum_moves(f.solver, comps, n, NB_RIGHT, &l, &err), &err);
  CHECK(l.count == 4, "4 horizontal moves, got %zu", l.count);
  char name[32], to[128];
  nb_sum_move_describe(f.game, comps, n, &l, 0, name, sizeof name);
  nb_pos after[8];
  size_t k = nb_sum_after(comps, n, &l, 0, after);
  nb_position_format(f.game, after, k, to, sizeof to);
  /* h1,1 fills the top left pair: the top right cell is alone (dropped), the rest a T of four
   * cells, reflected top to bottom (of its reflections, the least encoding). */
  CHECK(strcmp(name, "h1,1") == 0 && strcmp(to, ".../#.#") == 0, "h1,1 -> %s: %s", name, to);
  nb_move_list_free(&l);
  n = position(f.game, "..#/... ..", comps, 2);
  CHECK_OK(nb_sum_moves(f.solver, comps, n, NB_LEFT, &l, &err), &err);
  nb_sum_move_describe(f.game, comps, n, &l, 0, name, sizeof name);
  CHECK(l.count == 2 && strcmp(name, "1:v1,1") == 0, "moves of a sum: %zu, %s", l.count, name);
  k = nb_sum_after(comps, n, &l, 0, after);
  nb_position_format(f.game, after, k, to, sizeof to);
  CHECK(strcmp(to, "./.. + ..") == 0 || strcmp(to, "../.# + ..") == 0 ||
            strcmp(to, ".#/.. + ..") == 0 || strcmp(to, "../#. + ..") == 0,
        "v1,1 leaves an L of three cells: %s", to);
  nb_move_list_free(&l);
  fixture_close(&f);
}

/* Boards of h * (w + 1) <= 64 cells are split into regions and normalised in one word, larger
 * ones row by row: the two must agree. Every board in a 3x4 and a 4x3 box, random 5x5 boards,
 * and random 6x6 and 7x7 boards with one cell in eight filled (regions of more than 32 cells,
 * which normalise_word reflects in two reversals, not one), against the same board in the top
 * left corner of a 4x16, 6x16 or 8x15 board otherwise filled (too large for the word): every
 * move of both players, same tags, same parts. */
static void test_domineering_layouts(void) {
  fixture f;
  nb_error err;
  uint64_t rng = 11;
  fixture_open(&f, "domineering", NULL);
  for (int k = 0; k < (quick ? 60 : 8192 + 600); k++) {
    int big = quick ? k >= 40 : k >= 8192 + 300; /* the 6x6 and 7x7 boards */
    int h = big ? 6 + k % 2 : k < 4096 ? 3 : k < 8192 ? 4 : 5;
    int w = big ? h : k < 4096 ? 4 : k < 8192 ? 3 : 5;
    uint64_t mask = (uint64_t)k & 4095;
    if (quick || k >= 8192) mask = (uint64_t)check_range(&rng, 0, (1 << 25) - 1);
    if (big) {
      mask = 0;
      for (int i = 0; i < h * w; i++)
        mask |= (uint64_t)(check_range(&rng, 0, 7) == 0) << i;
    }
    char small[160], large[160];
    size_t at = 0, at2 = 0;
    for (int r = 0; r < (h < 4 ? 4 : h < 6 ? 6 : 8); r++) {
      for (int c = 0; c < (h < 6 ? 16 : 15); c++) { /* at most 120 cells */
        bool in = r < h && c < w, empty = in && !(mask >> (r * w + c) & 1);
        if (in) small[at++] = empty ? '.' : '#';
        large[at2++] = empty ? '.' : '#';
      }
      if (r + 1 < h) small[at++] = '/';
      large[at2++] = '/';
    }
    small[at] = '\0';
    large[at2 - 1] = '\0';
    nb_pos a, b;
    position(f.game, small, &a, 1);
    position(f.game, large, &b, 1);
    for (int who = 0; who < 2; who++) {
      nb_move_list la, lb;
      CHECK_OK(nb_sum_moves(f.solver, &a, 1, (nb_player)who, &la, &err), &err);
      CHECK_OK(nb_sum_moves(f.solver, &b, 1, (nb_player)who, &lb, &err), &err);
      bool same = la.count == lb.count && la.nparts == lb.nparts;
      for (size_t i = 0; same && i < la.count; i++)
        same = la.move[i].move.tag == lb.move[i].move.tag &&
               la.move[i].move.parts == lb.move[i].move.parts;
      for (size_t i = 0; same && i < la.nparts; i++)
        same = la.part[i].lo == lb.part[i].lo && la.part[i].hi == lb.part[i].hi;
      CHECK(same, "%s: the moves of %s differ from those of %s", small, who ? "Right" : "Left",
            large);
      nb_move_list_free(&la);
      nb_move_list_free(&lb);
    }
  }
  fixture_close(&f);
}

/* ---- Domineering: a plain memo by board, and the dominated moves ---------------------------- */

/* A plain memo of the boards within one h x w frame, keyed by their empty cells (bit r * w + c:
 * cell (r, c) empty), as a first program would memoise (bench/domineering_bench.c): open
 * addressing, key + 1 (0: an empty slot) -> plain node. */
typedef struct mask_memo {
  int h, w;       /* the frame */
  uint32_t *key;  /* mask + 1, or 0 */
  uint32_t *node; /* the plain canonical form of that board */
  size_t slots;   /* a power of two */
  size_t used;    /* slots in use */
} mask_memo;

static size_t mask_slot(const mask_memo *m, uint32_t mask) {
  size_t i = (size_t)(mask * 0x9e3779b1u) & (m->slots - 1);
  while (m->key[i] != 0 && m->key[i] != mask + 1)
    i = (i + 1) & (m->slots - 1);
  return i;
}

static void mask_memo_init(mask_memo *m, int h, int w) {
  *m = (mask_memo){.h = h, .w = w, .slots = 1024};
  m->key = calloc(m->slots, sizeof *m->key);
  m->node = calloc(m->slots, sizeof *m->node);
}

static void mask_memo_put(mask_memo *m, uint32_t mask, uint32_t node) {
  if ((m->used + 1) * 2 > m->slots) {
    mask_memo bigger = {.h = m->h, .w = m->w, .slots = m->slots * 2, .used = m->used};
    bigger.key = calloc(bigger.slots, sizeof *bigger.key);
    bigger.node = calloc(bigger.slots, sizeof *bigger.node);
    for (size_t i = 0; i < m->slots; i++)
      if (m->key[i] != 0) {
        size_t j = mask_slot(&bigger, m->key[i] - 1);
        bigger.key[j] = m->key[i];
        bigger.node[j] = m->node[i];
      }
    free(m->key);
    free(m->node);
    *m = bigger;
  }
  size_t i = mask_slot(m, mask);
  m->key[i] = mask + 1;
  m->node[i] = node;
  m->used++;
}

/* The plain canonical form of the board `mask`: {every vertical placement | every horizontal
 * one}, memoised by the whole board; no regions, no symmetry, no dominated moves skipped. */
static uint32_t plain_mask(plain_pool *p, mask_memo *m, uint32_t mask) {
  size_t at = mask_slot(m, mask);
  if (m->key[at] != 0) return m->node[at];
  plain_list side[2] = {{0}, {0}};
  for (int i = 0; i < m->h * m->w; i++) {
    if (!(mask >> i & 1)) continue;
    if (i / m->w + 1 < m->h && mask >> (i + m->w) & 1)
      plain_push(&side[0], plain_mask(p, m, mask & ~(1u << i | 1u << (i + m->w))));
    if (i % m->w + 1 < m->w && mask >> (i + 1) & 1)
      plain_push(&side[1], plain_mask(p, m, mask & ~(3u << i)));
  }
  uint32_t v = plain_reduce(p, &side[0], &side[1]);
  mask_memo_put(m, mask, v);
  return v;
}

static tboard board_of_mask(int h, int w, uint32_t mask) {
  tboard b = {.h = h, .w = w};
  for (int i = 0; i < h * w; i++)
    b.cell[i / w][i % w] = mask >> i & 1 ? '.' : '#';
  return b;
}

/* A random board of the frame: each cell filled with probability 1/`one_in`. */
static uint32_t random_mask(uint64_t *rng, int h, int w, uint64_t one_in) {
  uint32_t mask = 0;
  for (int i = 0; i < h * w; i++)
    mask |= (uint32_t)(check_range(rng, 0, one_in - 1) != 0) << i;
  return mask;
}

/* The board against the plain memo of its frame. */
static void check_mask(fixture *f, plain_pool *p, mask_memo *m, uint32_t mask) {
  tboard b = board_of_mask(m->h, m->w, mask);
  char text[80];
  board_text(&b, text);
  nb_cg_store *store;
  nb_cg g = board_value(f, &b, &store);
  CHECK(plain_cg_same(store, p, plain_mask(p, m, mask), g), "%s: not the plain canonical form",
        text);
}

/* Every board in a 4x4 box (a sample of them in the quick run), and random 5x5 and 4x5 boards
 * with about a third, a quarter or a fifth of their cells filled, against the plain memo. */
static void test_domineering_plain(void) {
  fixture f;
  uint64_t rng = 13;
  fixture_open(&f, "domineering", NULL);
  plain_pool p = {0};
  mask_memo m;
  mask_memo_init(&m, 4, 4);
  for (uint32_t mask = 0; mask < 1u << 16; mask++)
    if (!quick || check_range(&rng, 0, 15) == 0) check_mask(&f, &p, &m, mask);
  free(m.key);
  free(m.node);
  for (int k = 0; k < (quick ? 6 : 36); k++) {
    mask_memo_init(&m, 4 + k % 2, 5);
    check_mask(&f, &p, &m, random_mask(&rng, m.h, m.w, 3 + (uint64_t)k % 3));
    free(m.key);
    free(m.node);
  }
  plain_free(&p);
  fixture_close(&f);
}

/* The family without value_moves: values by the value search over every move. */
static nb_family dom_every_move;
static nb_partizan_facet dom_every_move_eval;

/* The moves of the board in comps[0] for `who` by the family's moves or value_moves, in *l. */
static void family_moves(fixture *f, nb_pos p, nb_player who, bool value, nb_moves *l) {
  const nb_family *fam = f->game->family;
  size_t bound = fam->move_bound(f->game, p);
  *l = (nb_moves){.move = malloc((bound + 1) * sizeof *l->move),
                  .part = malloc((bound + 1) * fam->max_parts * sizeof *l->part)};
  nb_error err;
  CHECK_OK((value ? fam->partizan_eval->value_moves : fam->moves)(f->game, p, who, l, &err), &err);
}

/* The value of the option a move leaves (the sum of its parts); *store receives the store. */
static nb_cg option_value(fixture *f, const nb_pos *parts, size_t n, nb_cg_store **store) {
  nb_value v;
  free(value_text(f->solver, parts, n, &v));
  *store = v.store;
  return v.game;
}

/* The moves value_moves leaves out of board p, for `who`: value_moves must list the others, in
 * the order of moves, with the same tags and parts, and each move left out must be dominated by
 * one kept (its option <= a kept one's for Left, >= for Right). Returns how many it left out. */
static size_t check_left_out(fixture *f, nb_pos p, nb_player who, const char *text) {
  nb_moves all, kept;
  nb_error err;
  nb_cg_store *store;
  family_moves(f, p, who, false, &all);
  family_moves(f, p, who, true, &kept);
  size_t k = 0, kpart = 0, apart = 0, left_out = 0;
  for (size_t i = 0; i < all.count; apart += all.move[i++].parts) {
    const nb_move *a = &all.move[i];
    bool same = k < kept.count && kept.move[k].tag == a->tag && kept.move[k].parts == a->parts &&
                memcmp(kept.part + kpart, all.part + apart, a->parts * sizeof *all.part) == 0;
    if (same) {
      kpart += kept.move[k++].parts;
      continue;
    }
    left_out++;
    nb_cg out = option_value(f, all.part + apart, a->parts, &store);
    bool dominated = false;
    for (size_t j = 0, at = 0; j < kept.count && !dominated; at += kept.move[j++].parts) {
      nb_cg in = option_value(f, kept.part + at, kept.move[j].parts, &store);
      CHECK_OK(who == NB_LEFT ? nb_cg_leq(store, out, in, &dominated, &err)
                              : nb_cg_leq(store, in, out, &dominated, &err),
               &err);
    }
    CHECK(dominated, "%s: %s's move %#x left out, but no kept move dominates it", text,
          who == NB_LEFT ? "Left" : "Right", (unsigned)a->tag);
  }
  CHECK(k == kept.count, "%s: value_moves lists moves that moves does not", text);
  free(all.move), free(all.part), free(kept.move), free(kept.part);
  return left_out;
}

/* The dominated moves (dominated_starts in domineering.c): the rule on boards where it fires,
 * each move left out dominated by one kept on every board in a 3x4 and a 4x3 box and on random
 * 5x5 boards, and the values of random 5x5 and 4x6 boards with and without the rule. */
static void test_domineering_dominated(void) {
  fixture f, every;
  nb_moves l;
  nb_pos p;
  uint64_t rng = 17;
  fixture_open(&f, "domineering", NULL);
  /* The column x, y, z of the middle: x at the top edge, z between filled cells, so Left's
   * v2,2 (tag 0x11) is left out, dominated by v1,2 (0x01); transposed, Right's h2,2 (0x111),
   * dominated by h2,1 (0x110). */
  position(f.game, ".../.../#.#", &p, 1);
  family_moves(&f, p, NB_LEFT, true, &l);
  CHECK(l.count == 3 && l.move[0].tag == 0x00 && l.move[1].tag == 0x01 && l.move[2].tag == 0x02,
        "Left's kept moves of .../.../#.#: %zu", l.count);
  free(l.move), free(l.part);
  family_moves(&f, p, NB_LEFT, false, &l); /* all four, v2,2 last */
  CHECK(l.count == 4 && l.move[3].tag == 0x11, "Left's moves of .../.../#.#: %zu", l.count);
  free(l.move), free(l.part);
  position(f.game, "..#/.../..#", &p, 1);
  family_moves(&f, p, NB_RIGHT, true, &l);
  CHECK(l.count == 3 && l.move[1].tag == 0x110 && l.move[2].tag == 0x120,
        "Right's kept moves of ..#/.../..#: %zu", l.count);
  free(l.move), free(l.part);
  /* A column of exactly three cells with filled sides: the two moves are equal, one is kept. */
  position(f.game, "#.#/#.#/#.#", &p, 1);
  family_moves(&f, p, NB_LEFT, true, &l);
  CHECK(l.count == 1 && l.move[0].tag == 0x01, "a column of three: %zu moves kept", l.count);
  free(l.move), free(l.part);
  size_t left_out = 0, boards = 0;
  for (int k = 0; k < (quick ? 400 : 8192 + 200); k++) {
    int h = k >= 8192 || (quick && k >= 300) ? 5 : k % 2 ? 3 : 4, w = h == 5 ? 5 : 7 - h;
    uint32_t mask = k < 8192 && !quick ? (uint32_t)k / 2 : random_mask(&rng, h, w, 3);
    tboard b = board_of_mask(h, w, mask);
    char text[80];
    board_text(&b, text);
    position(f.game, text, &p, 1);
    size_t n = check_left_out(&f, p, NB_LEFT, text) + check_left_out(&f, p, NB_RIGHT, text);
    left_out += n;
    boards += n > 0;
  }
  CHECK(boards >= (quick ? 100u : 2000u) && left_out >= boards,
        "the rule left out %zu moves on %zu boards: fewer than it should", left_out, boards);
  /* Values with the rule and without it (every move), on boards too large for the plain tree. */
  fixture_open(&every, "domineering", NULL);
  dom_every_move = *every.game->family;
  dom_every_move_eval = *dom_every_move.partizan_eval;
  dom_every_move_eval.value_moves = NULL;
  dom_every_move.partizan_eval = &dom_every_move_eval;
  every.game->family = &dom_every_move;
  for (int k = 0; k < (quick ? 4 : 24); k++) {
    int h = 4 + k % 2, w = 10 - h;
    tboard b = board_of_mask(h, w, random_mask(&rng, h, w, 4 + (uint64_t)k % 3));
    char text[80], *a, *c;
    board_text(&b, text);
    nb_value va, vc;
    position(f.game, text, &p, 1);
    a = value_text(f.solver, &p, 1, &va);
    c = value_text(every.solver, &p, 1, &vc);
    CHECK(strcmp(a, c) == 0, "%s: %s with the rule, %s by every move", text, a, c);
    free(a), free(c);
  }
  fixture_close(&every);
  fixture_close(&f);
}

/* ---- cg: literal games ---------------------------------------------------------------------- */

/* The moves of `who` in the one game `text`, described and joined by spaces. */
static void moves_text(fixture *f, const char *text, nb_player who, char *out, size_t cap) {
  nb_error err;
  nb_pos p;
  nb_move_list l;
  size_t n = 0;
  const char *tokens[1] = {text};
  CHECK_OK(nb_position_parse(f->game, tokens, 1, 1, &p, &n, 1, &err), &err);
  CHECK_OK(nb_sum_moves(f->solver, &p, n, who, &l, &err), &err);
  size_t k = 0;
  out[0] = '\0';
  for (size_t i = 0; i < l.count && k + 1 < cap; i++) {
    if (i > 0) out[k++] = ' ';
    k += (size_t)nb_sum_move_describe(f->game, &p, n, &l, i, out + k, cap - k);
  }
  nb_move_list_free(&l);
}

static void check_moves(fixture *f, const char *text, const char *left, const char *right) {
  char got[2][512];
  moves_text(f, text, NB_LEFT, got[0], sizeof got[0]);
  moves_text(f, text, NB_RIGHT, got[1], sizeof got[1]);
  CHECK(strcmp(got[0], left) == 0 && strcmp(got[1], right) == 0,
        "moves of %s: Left '%s' (want '%s'), Right '%s' (want '%s')", text, got[0], left, got[1],
        right);
}

/* A random literal game of depth <= d, as text. */
static void random_literal(uint64_t *rng, int d, char *out, size_t cap) {
  static const char *const atoms[] = {
      "0",    "1",     "-1",        "2",       "*",         "*2",     "^",         "v",
      "1/2",  "-1/2",  "^*",        "+-1",     "1*",        "-2",     "^[2]",      "v[3]",
      "^<2>", "v<3>*", "1/2^[2]*2", "Tiny(1)", "Miny(1/2)", "{0|v*}", "{{^|*}|*}", "1v<2>"};
  if (d == 0 || check_range(rng, 0, 2) == 0) {
    snprintf(out, cap, "%s", atoms[check_range(rng, 0, sizeof atoms / sizeof *atoms - 1)]);
    return;
  }
  size_t k = (size_t)snprintf(out, cap, "{");
  for (int side = 0; side < 2; side++) {
    int n = (int)check_range(rng, 0, 3);
    for (int i = 0; i < n; i++) {
      if (i > 0) k += (size_t)snprintf(out + k, cap - k, ",");
      random_literal(rng, d - 1, out + k, cap - k);
      k = strlen(out);
    }
    if (side == 0) k += (size_t)snprintf(out + k, cap - k, "|");
  }
  snprintf(out + k, cap - k, "}");
}

static void test_cg(void) {
  fixture f;
  nb_error err;
  fixture_open(&f, "cg", NULL);
  check_value(&f, "{1|*} ^", "{1^|^*}");
  check_value(&f, "{0|}", "1");
  check_value(&f, "{0|0}", "*");
  check_value(&f, "{0|*}", "^");
  check_value(&f, "{1|-1}", "+-1");
  check_value(&f, "{0|1}", "1/2");
  check_value(&f, "^ *", "^*");
  check_value(&f, "{2||1|0}", "{2|{1|0}}");
  check_value(&f, "+-1 +-1", "0");
  check_value(&f, "1000000000000000000 -999999999999999999", "1");
  /* Moves are the options as written; atoms move to their canonical options. */
  check_moves(&f, "{1,0|*}", "1 0", "*");
  check_moves(&f, "{|}", "", "");
  check_moves(&f, "3", "2", "");
  check_moves(&f, "-2", "", "-1");
  check_moves(&f, "*3", "0 * *2", "0 * *2");
  check_moves(&f, "^", "0", "*");
  check_moves(&f, "v*", "0", "0 *");
  check_moves(&f, "^^", "0", "^*");
  check_moves(&f, "1/2", "0", "1");
  check_moves(&f, "-3/4", "-1", "-1/2");
  check_moves(&f, "+-{1,{2|0}}", "1 {2|0}", "-1 {0|-2}");
  check_moves(&f, "{0,0,1|}", "0 1", ""); /* a repeated option is one move */
  /* CGSuite's names, where reading the name gives the same literal game (src/games/cg.c):
   * ^[3] = {^[2] | *}, ^<3> = {0 | v[2]*} (v[2]* has no name that reads back as itself),
   * 1/2v<2> = 1/2 + {^* | 0} written out, whose options 1 + v<2> are named too; {0|v*} is the
   * reader's ^<2> tree, {0|*} is not the atom ^ and stays as written. */
  check_moves(&f, "^[3]", "^[2]", "*");
  check_moves(&f, "v[3]", "*", "v[2]");
  check_moves(&f, "^<3>", "0", "{0|0,v*}");
  check_moves(&f, "{Tiny(2)|Miny(1/2)}", "Tiny(2)", "Miny(1/2)");
  check_moves(&f, "1/2v<2>", "v<2> 1/2^*", "1v<2> 1/2");
  check_moves(&f, "{{0|v*},{0|*}|}", "^<2> {0|*}", "");
  /* Interning and the round trip: the same text is the same position, what format prints
   * reads back as the same position, and a position stays valid as the table grows. */
  nb_pos first, again, back;
  size_t n;
  const char *t1[1] = {"{{2|0},*|{1|-1}}"};
  CHECK_OK(nb_position_parse(f.game, t1, 1, 1, &first, &n, 1, &err), &err);
  uint64_t rng = 11;
  char text[4096], printed[4096];
  for (int i = 0; i < (quick ? 200 : 2000); i++) {
    random_literal(&rng, 4, text, sizeof text);
    const char *t[1] = {text};
    nb_pos p;
    CHECK_OK(nb_position_parse(f.game, t, 1, 1, &p, &n, 1, &err), &err);
    nb_position_format(f.game, &p, 1, printed, sizeof printed);
    const char *tp[1] = {printed};
    CHECK_OK(nb_position_parse(f.game, tp, 1, 1, &back, &n, 1, &err), &err);
    CHECK(back.lo == p.lo && back.hi == p.hi, "%s prints %s, which reads back otherwise", text,
          printed);
    /* Its value: the store's own reading of the text, in a store of its own. */
    nb_cg_store *store;
    nb_cg g;
    char *want = NULL, *got;
    size_t len;
    nb_value v;
    CHECK_OK(nb_cg_store_new(1 << 24, &store, &err), &err);
    CHECK_OK(nb_cg_parse(store, text, &g, &err), &err);
    CHECK_OK(nb_cg_format(store, g, 1 << 20, &want, &len, &err), &err);
    got = value_text(f.solver, &p, 1, &v);
    CHECK(strcmp(got, want) == 0, "%s: the family values it %s, the store %s", text, got, want);
    free(got);
    free(want);
    nb_cg_store_free(store);
  }
  CHECK_OK(nb_position_parse(f.game, t1, 1, 1, &again, &n, 1, &err), &err);
  nb_position_format(f.game, &first, 1, printed, sizeof printed);
  CHECK(again.lo == first.lo && again.hi == first.hi && strcmp(printed, t1[0]) == 0,
        "a position made first is still %s: %s", t1[0], printed);
  /* Sums of literal games: outcome and winning moves against the sum search. */
  for (int i = 0; i < (quick ? 20 : 80); i++) {
    char sum[4096] = "";
    size_t k = (size_t)check_range(&rng, 1, 3);
    for (size_t j = 0; j < k; j++) {
      random_literal(&rng, 2, text, sizeof text);
      strcat(sum, j ? " " : "");
      strcat(sum, text);
    }
    nb_pos comps[3];
    n = position(f.game, sum, comps, 3);
    check_sum(&f, comps, n, sum);
  }
  /* Malformed games are refused with their argument and column. */
  const char *bad[][2] = {{"{1|", "argument 1: column 4: expected '}', found end of text"},
                          {"1/3", "argument 1: column 3: expected a power of 2 up to 2^62 as "
                                  "denominator, found 3"},
                          {"* -", "argument 1: column 4: expected a game, found end of text"},
                          {"(*", "argument 1: column 3: expected ')', found end of text"},
                          {"{a|b}", "argument 1: column 2: expected a game, found 'a'"},
                          {"+-", "argument 1: column 3: expected a game, found end of text"},
                          {"", "argument 1: column 1: expected a game, found end of text"},
                          {"*2000000", "argument 1: column 1: a nimber in a cg position is at "
                                       "most *1048576"}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const char *t[1] = {bad[i][0]};
    nb_pos p;
    nb_status st = nb_position_parse(f.game, t, 1, 1, &p, &n, 1, &err);
    CHECK(st == NB_EUSAGE && strcmp(err.message, bad[i][1]) == 0, "'%s': %s", bad[i][0],
          err.message);
  }
  fixture_close(&f);
}

/* Random texts, and texts made of the notations' own characters, are read or refused with
 * NB_EUSAGE and a message, never anything else (the sanitizer run checks the memory). */
static void test_parsers_fuzzed(void) {
  static const char *const specs[] = {"cg", "domineering"};
  static const char alphabet[] = "{}|,.#/-+*^v0123456789()x ";
  uint64_t rng = 13;
  for (size_t k = 0; k < 2; k++) {
    nb_game *g;
    nb_error err;
    CHECK_OK(nb_game_open(specs[k], &g, &err), &err);
    for (int i = 0; i < (quick ? 2000 : 20000); i++) {
      char text[48];
      size_t len = (size_t)check_range(&rng, 0, sizeof text - 1);
      bool raw = i % 4 == 0; /* any byte but NUL, or the notations' characters */
      for (size_t j = 0; j < len; j++)
        text[j] = raw ? (char)check_range(&rng, 1, 255)
                      : alphabet[check_range(&rng, 0, sizeof alphabet - 2)];
      text[len] = '\0';
      const char *tokens[1] = {text};
      nb_pos p;
      size_t n = 0;
      err.message[0] = '\0';
      nb_status st = nb_position_parse(g, tokens, 1, 1, &p, &n, 1, &err);
      CHECK(st == NB_OK || (st == NB_EUSAGE && err.message[0] != '\0'), "%s '%s': status %d",
            specs[k], text, (int)st);
      if (st == NB_OK) { /* what it read prints and reads back as the same position */
        char printed[4096];
        nb_pos back;
        int len = nb_position_format(g, &p, n, printed, sizeof printed);
        const char *again[1] = {printed};
        /* a sum written out as one literal game (room for one component) may be longer */
        CHECK(len >= (int)sizeof printed ||
                  (nb_position_parse(g, again, 1, 1, &back, &n, 1, &err) == NB_OK &&
                   back.lo == p.lo && back.hi == p.hi),
              "%s '%s' prints '%s'", specs[k], text, printed);
      }
    }
    nb_game_free(g);
  }
}

/* ---- psub ----------------------------------------------------------------------------------- */

/* The family without its evaluators: values by the value search over its moves alone. */
static nb_family psub_plain;

static nb_game *open_plain_psub(const char *spec) {
  nb_error err;
  nb_game *g;
  CHECK_OK(nb_game_open(spec, &g, &err), &err);
  psub_plain = nb_psub_family;
  psub_plain.partizan_eval = NULL;
  g->family = &psub_plain;
  return g;
}

/* The value of pile n as text, by the solver s. */
static char *pile_text(nb_solver *s, uint64_t n, nb_value *v) {
  nb_pos p = {n, 0};
  return value_text(s, &p, 1, v);
}

static void test_psub(void) {
  static const char *const games[] = {"psub:1,2/1,3", "psub:3,7,10/2,6,7", "psub:1/2",
                                      "psub:2,3/1,4", "psub:1,5/2",        "psub:3/2",
                                      "psub:5/3",     "psub:2/3",          "psub:/1"};
  nb_error err;
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
    fixture f;
    fixture_open(&f, games[i], NULL);
    nb_game *plain_game = open_plain_psub(games[i]);
    nb_solver *plain;
    CHECK_OK(nb_solver_new(plain_game, NULL, &plain, &err), &err);
    /* Up to pile 40 (psub:3,7,10/2,6,7's forms pass 1 MiB of text by pile 60). */
    uint64_t upto = strcmp(games[i], "psub:3,7,10/2,6,7") == 0 ? 40 : 150;
    for (uint64_t n = 0; n <= upto; n++) {
      nb_value a, b;
      char *fast = pile_text(f.solver, n, &a), *slow = pile_text(plain, n, &b);
      CHECK(strcmp(fast, slow) == 0, "%s pile %llu: %s by the family, %s by the search", games[i],
            (unsigned long long)n, fast, slow);
      free(fast);
      free(slow);
    }
    nb_value v;
    /* Single-pile outcomes are the outcome engine's, canonical value or not. */
    for (uint64_t n = 0; n < 1200; n += n < 200 ? 1 : 37) {
      nb_outcome o;
      nb_pos p = {n, 0};
      CHECK_OK(nb_psub_outcome(f.solver, n, &o, &err), &err);
      CHECK_OK(nb_value_of(f.solver, &p, 1, &v, &err), &err);
      CHECK(v.outcome == o, "%s pile %llu: outcome %c, the engine says %c", games[i],
            (unsigned long long)n, nb_outcome_letter(v.outcome), nb_outcome_letter(o));
    }
    nb_solver_free(plain);
    nb_game_free(plain_game);
    fixture_close(&f);
  }
}

/* Periods of values, checked past their proof against the value search. */
static void test_psub_periods(void) {
  static const char *const games[] = {"psub:1/2", "psub:3/2", "psub:5/3",
                                      "psub:2/3", "psub:1/1", "psub:/"};
  nb_error err;
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
    fixture f;
    fixture_open(&f, games[i], NULL);
    nb_game *plain_game = open_plain_psub(games[i]);
    nb_solver *plain;
    CHECK_OK(nb_solver_new(plain_game, NULL, &plain, &err), &err);
    nb_value v;
    nb_pos far = {UINT64_C(1) << 62, 0};
    CHECK_OK(nb_value_of(f.solver, &far, 1, &v, &err), &err);
    CHECK(v.kind == NB_VALUE_CANONICAL, "%s: values proven periodic: %s", games[i], v.note);
    /* Every pile the value engine answers from the period (it stopped computing at the first
     * repeat) is the value the search computes from the moves. */
    for (uint64_t n = 0; n < 400; n++) {
      nb_value a, b;
      char *fast = pile_text(f.solver, n, &a), *slow = pile_text(plain, n, &b);
      CHECK(strcmp(fast, slow) == 0, "%s pile %llu: %s from the period, %s by the search", games[i],
            (unsigned long long)n, fast, slow);
      free(fast);
      free(slow);
    }
    nb_solver_free(plain);
    nb_game_free(plain_game);
    fixture_close(&f);
  }
  /* No period within the engine's limits: the pile's outcome, and why. */
  fixture f;
  nb_value v;
  nb_outcome o;
  nb_pos p = {1000000, 0};
  fixture_open(&f, "psub:1,2/1,3", NULL);
  CHECK_OK(nb_value_of(f.solver, &p, 1, &v, &err), &err);
  CHECK_OK(nb_psub_outcome(f.solver, p.lo, &o, &err), &err);
  CHECK(v.kind == NB_VALUE_OUTCOME && v.outcome == o && strstr(v.note, "1024 piles") != NULL,
        "pile 10^6 of psub:1,2/1,3: %c, %s", nb_outcome_letter(v.outcome), v.note);
  fixture_close(&f);
}

/* Sums of piles: outcome and winning moves against the sum search. */
static void test_psub_sums(void) {
  static const char *const games[] = {"psub:1,2/1,3", "psub:3,7,10/2,6,7", "psub:2,3/1,4"};
  uint64_t rng = 5;
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
    fixture f;
    fixture_open(&f, games[i], NULL);
    for (int k = 0; k < (quick ? 10 : 40); k++) {
      nb_pos comps[3];
      size_t n = (size_t)check_range(&rng, 1, 3);
      char what[64];
      for (size_t j = 0; j < n; j++)
        comps[j] = (nb_pos){check_range(&rng, 0, 14), 0};
      snprintf(what, sizeof what, "%s, %zu piles from %llu", games[i], n,
               (unsigned long long)comps[0].lo);
      check_sum(&f, comps, n, what);
    }
    fixture_close(&f);
  }
}

/* ---- refusals ------------------------------------------------------------------------------- */

/* A solver with limits too small for the position: the value is its outcome, the note says
 * why, and the winning moves are still right. */
static void check_refused(const char *spec, const char *text, nb_limits limits, const char *why) {
  fixture f;
  nb_error err;
  nb_value v;
  nb_pos comps[8];
  fixture_open(&f, spec, &limits);
  size_t n = position(f.game, text, comps, 8);
  CHECK_OK(nb_value_of(f.solver, comps, n, &v, &err), &err);
  CHECK(v.kind == NB_VALUE_OUTCOME && strstr(v.note, why) != NULL, "%s %s: kind %d, note '%s'",
        spec, text, (int)v.kind, v.note);
  CHECK(v.outcome == oracle_outcome(&f.oracle, comps, n), "%s %s: outcome", spec, text);
  check_winning_moves(f.solver, &f.oracle, comps, n, NB_LEFT, text);
  check_winning_moves(f.solver, &f.oracle, comps, n, NB_RIGHT, text);
  fixture_close(&f);
}

static void test_refusals(void) {
  nb_limits small = nb_limits_default();
  small.game_store = 1; /* raised to the store's least, 64 KiB */
  check_refused("domineering", "..../..../..../..../.... ./.", small, "game store full");
  small = nb_limits_default();
  small.game_steps = 50;
  check_refused("domineering", "..../..../..../.... ../..", small, "too costly");
  small = nb_limits_default();
  small.positions = 20;
  check_refused("domineering", "..../..../.... .../...", small, "value search");
  /* A form longer than the print limit: the value is known, printed as its outcome. */
  small = nb_limits_default();
  small.form_text = 8;
  fixture f;
  nb_error err;
  nb_value v;
  nb_pos comps[2];
  char text[64], note[128];
  fixture_open(&f, "domineering", &small);
  size_t n = position(f.game, "..../..../..../....", comps, 2);
  CHECK_OK(nb_value_of(f.solver, comps, n, &v, &err), &err);
  nb_value_format(&v, text, sizeof text);
  nb_value_note(&v, note, sizeof note);
  CHECK(v.kind == NB_VALUE_CANONICAL && strcmp(text, "N") == 0 &&
            strcmp(note, "the canonical form is longer than 8 bytes") == 0,
        "print limit: '%s', '%s'", text, note);
  nb_dyadic mean, temp;
  CHECK_OK(nb_value_thermograph(&v, &mean, &temp, &err), &err);
  CHECK(mean.num == 0 && temp.num >= 0, "the 4x4 board: mean 0, not a number");
  fixture_close(&f);
  /* The print limit is also at most a quarter of the memory limit (the form is one string). */
  small = nb_limits_default();
  small.memory = (size_t)64 << 20;
  small.form_text = (size_t)1 << 30;
  fixture_open(&f, "domineering", &small);
  n = position(f.game, "..../....", comps, 2);
  CHECK_OK(nb_value_of(f.solver, comps, n, &v, &err), &err);
  CHECK(v.kind == NB_VALUE_CANONICAL && v.form_text == (size_t)16 << 20,
        "memory-bound print limit: %zu", v.form_text);
  fixture_close(&f);
}

/* With forms and the sum search both refused, a psub sum's outcome comes from its piles' classes
 * where they decide it (all L or P, all R or P): such sums are never refused, and every answer
 * agrees with the oracle, on random games and piles. */
static void test_outcome_by_parts(void) {
  static const char *const specs[] = {"psub:1,2/1,3", "psub:1/2", "psub:2,3/1", "psub:3,7,10/2,6,7",
                                      "psub:1,4/2,3"};
  nb_limits small = nb_limits_default();
  small.game_steps = 1; /* no form: not even the halves compare */
  small.sums = 1;       /* and no sum search */
  uint64_t rng = 11;
  unsigned decided = 0, undecided = 0;
  for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
    fixture f;
    fixture_open(&f, specs[k], &small);
    /* the oracle's sums grow as the product of the piles: the quick run takes smaller ones */
    for (int trial = 0; trial < (check_quick() ? 16 : 60); trial++) {
      nb_pos comps[4];
      size_t n = (size_t)check_range(&rng, 2, 4);
      bool l = false, r = false, other = false;
      for (size_t i = 0; i < n; i++) {
        comps[i] = (nb_pos){check_range(&rng, 0, check_quick() ? 25 : 40), 0};
        nb_outcome o = oracle_outcome(&f.oracle, &comps[i], 1);
        l |= o == NB_OUTCOME_L, r |= o == NB_OUTCOME_R, other |= o == NB_OUTCOME_N;
      }
      bool decides = !other && !(l && r);
      nb_error err;
      nb_value v;
      nb_status st = nb_value_of(f.solver, comps, n, &v, &err);
      if (st == NB_OK) /* whichever way it was found: the forms may still fit, when small */
        CHECK(v.outcome == oracle_outcome(&f.oracle, comps, n), "%s, %zu piles: outcome %c",
              specs[k], n, nb_outcome_letter(v.outcome));
      else /* refused only where the parts do not decide */
        CHECK(st == NB_EDATA && !decides, "%s, %zu piles: status %d, decided by the parts %d",
              specs[k], n, (int)st, (int)decides);
      decided += decides, undecided += !decides;
    }
    fixture_close(&f);
  }
  CHECK(decided >= 12 && undecided >= 12, "%u decided, %u not: a weak test", decided, undecided);
}

/* Every allocation failing in turn: a clean NB_EINTERNAL or the right answer, never a crash or
 * a leak (the sanitizer run checks the leaks). */
static void test_allocation_failures(void) {
  for (uint64_t k = 1;; k++) {
    nb_error err;
    nb_game *g = NULL;
    nb_solver *s = NULL;
    nb_value v = {0};
    nb_move_list l = {0};
    nb_pos comps[3];
    size_t n = 0;
    const char *tokens[3] = {"..#/.../...", "../..", "./."};
    nb_alloc_fail_after(k);
    nb_status st = nb_game_open("domineering", &g, &err);
    if (st == NB_OK) st = nb_solver_new(g, NULL, &s, &err);
    if (st == NB_OK) st = nb_position_parse(g, tokens, 3, 1, comps, &n, 3, &err);
    if (st == NB_OK) st = nb_value_of(s, comps, n, &v, &err);
    if (st == NB_OK) st = nb_winning_moves(s, comps, n, NB_LEFT, &l, &err);
    uint64_t used = nb_alloc_fail_after(0);
    bool right = st != NB_OK || (v.kind == NB_VALUE_CANONICAL && v.outcome == NB_OUTCOME_L);
    nb_move_list_free(&l);
    nb_solver_free(s);
    nb_game_free(g);
    CHECK(st == NB_OK || st == NB_EINTERNAL, "allocation %llu failing: status %d",
          (unsigned long long)k, (int)st);
    CHECK(right, "allocation %llu failing: a wrong value", (unsigned long long)k);
    if (st == NB_OK || k > 100000) {
      CHECK(st == NB_OK && k > 10, "workload never completed (%llu allocations)",
            (unsigned long long)used);
      break;
    }
  }
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  test_domineering();
  test_domineering_moves();
  test_domineering_layouts();
  test_domineering_plain();
  test_domineering_dominated();
  test_cg();
  test_parsers_fuzzed();
  test_psub();
  test_psub_periods();
  test_psub_sums();
  test_refusals();
  test_outcome_by_parts();
  test_allocation_failures();
  return check_done();
}
