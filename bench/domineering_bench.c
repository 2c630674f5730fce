/*
 * domineering_bench.c: Domineering values by nimber (the domineering family through a solver:
 * the value search, regions, the game store) side by side with a plain computation in the same
 * run. Usage: domineering_bench [REPEAT] [--slow] (make bench).
 *
 * The plain computation is what a first program would do: a board's value is {values of the
 * boards after Left's moves | after Right's}, memoised by the whole board (a dictionary of
 * boards, as in a Python script), with canonical forms made by tests/plain_cg.h (textbook
 * definitions: no hash-consing, no number shortcuts, comparisons by the recursive definition);
 * no regions, no symmetry. Sums are plain sums of the two values. Both sides' results are
 * checked equal (as trees) once.
 *
 * Cases: every empty board up to 4x4 (all of them, one after the other), the 5x5 board with its
 * centre filled, that plus a 3x7 board (the calibration case: 6-14 s in a plain Python program),
 * the empty 5x5 and, with --slow, boards of 30 and 36 cells with a few cells filled (engine only:
 * seconds each). Times are CPU time, best of REPEAT runs; each engine run uses a fresh solver.
 */
#include "../tests/plain_cg_same.h"
#include "cgt/cgt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void die(const char *what, const nb_error *err) {
  fprintf(stderr, "domineering_bench: %s: %s\n", what, err ? err->message : "failed");
  exit(70);
}

/* ---- the plain side ------------------------------------------------------------------------- */

/* A board: bit r * w + c of cells set iff (r, c) is empty; at most 64 cells. */
typedef struct pboard {
  int h, w;
  uint64_t cells;
} pboard;

/* The memo: board cells -> plain node, open addressing (boards of one size only). */
typedef struct pmemo {
  uint64_t *key;  /* cells + 1 (0: empty slot) */
  uint32_t *node; /* the value */
  size_t slots, used;
} pmemo;

static uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static size_t pmemo_slot(const pmemo *m, uint64_t cells) {
  size_t i = (size_t)mix(cells) & (m->slots - 1);
  while (m->key[i] != 0 && m->key[i] != cells + 1)
    i = (i + 1) & (m->slots - 1);
  return i;
}

static void pmemo_grow(pmemo *m) {
  pmemo bigger = {calloc(m->slots * 2, sizeof(uint64_t)), calloc(m->slots * 2, sizeof(uint32_t)),
                  m->slots * 2, m->used};
  if (bigger.key == NULL || bigger.node == NULL) die("plain memo", NULL);
  for (size_t i = 0; i < m->slots; i++)
    if (m->key[i] != 0) {
      size_t j = pmemo_slot(&bigger, m->key[i] - 1);
      bigger.key[j] = m->key[i];
      bigger.node[j] = m->node[i];
    }
  free(m->key);
  free(m->node);
  *m = bigger;
}

/* The plain canonical value of the board. */
static uint32_t plain_value(plain_pool *p, pmemo *m, const pboard *b) {
  size_t i = pmemo_slot(m, b->cells);
  if (m->key[i] != 0) return m->node[i];
  plain_list side[2] = {{0}, {0}};
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      uint64_t a = (uint64_t)1 << (r * b->w + c);
      uint64_t down = r + 1 < b->h ? a << b->w : 0, right = c + 1 < b->w ? a << 1 : 0;
      pboard next = *b;
      if ((b->cells & a) && down && (b->cells & down)) {
        next.cells = b->cells & ~(a | down);
        plain_push(&side[0], plain_value(p, m, &next));
      }
      if ((b->cells & a) && right && (b->cells & right)) {
        next.cells = b->cells & ~(a | right);
        plain_push(&side[1], plain_value(p, m, &next));
      }
    }
  uint32_t v = plain_reduce(p, &side[0], &side[1]);
  if ((m->used + 1) * 2 > m->slots) pmemo_grow(m);
  i = pmemo_slot(m, b->cells);
  m->key[i] = b->cells + 1;
  m->node[i] = v;
  m->used++;
  return v;
}

/* A board from its text (rows separated by '/'). */
static pboard parse_board(const char *text) {
  pboard b = {1, 0, 0};
  int c = 0;
  for (const char *s = text; *s; s++) {
    if (*s == '/') {
      b.h++;
      c = 0;
      continue;
    }
    if (*s == '.') b.cells |= (uint64_t)1 << ((b.h - 1) * (int)strcspn(text, "/") + c);
    c++;
  }
  b.w = (int)strcspn(text, "/");
  return b;
}

/* The plain value of the sum of the boards texts[0..n). */
static uint32_t plain_sum(plain_pool *p, const char *const *texts, int n) {
  uint32_t total = 0;
  for (int i = 0; i < n; i++) {
    pmemo m = {calloc(1024, sizeof(uint64_t)), calloc(1024, sizeof(uint32_t)), 1024, 0};
    pboard b = parse_board(texts[i]);
    uint32_t v = plain_value(p, &m, &b);
    total = i == 0 ? v : plain_add(p, total, v);
    total = plain_canonical(p, total);
    free(m.key);
    free(m.node);
  }
  return total;
}

/* ---- the engine side ------------------------------------------------------------------------ */

/* The value of the sum by a fresh solver; *store and *value for the check (the solver is kept in
 * *keep, freed by the caller). */
static nb_value engine_sum(const char *const *texts, int n, nb_solver **keep, nb_game **game) {
  nb_error err;
  nb_pos comps[8];
  size_t count = 0;
  nb_value v;
  if (nb_game_open("domineering", game, &err) != NB_OK) die("open", &err);
  if (nb_solver_new(*game, NULL, keep, &err) != NB_OK) die("solver", &err);
  if (nb_position_parse(*game, texts, (size_t)n, 1, comps, &count, 8, &err) != NB_OK)
    die("parse", &err);
  if (nb_value_of(*keep, comps, count, &v, &err) != NB_OK) die("value", &err);
  if (v.kind != NB_VALUE_CANONICAL) die(v.note, NULL);
  return v;
}

/* Times one case: the engine, and the plain computation unless `engine_only`. */
static void run_case(const char *name, const char *const *texts, int n, int repeat,
                     bool engine_only) {
  double best_e = 1e300, best_p = 1e300;
  char value[256] = "";
  for (int k = 0; k < repeat; k++) {
    nb_solver *s;
    nb_game *g;
    double t0 = now_ms();
    nb_value v = engine_sum(texts, n, &s, &g);
    double t1 = now_ms();
    best_e = t1 - t0 < best_e ? t1 - t0 : best_e;
    if (k == 0) nb_value_format(&v, value, sizeof value);
    if (!engine_only && k < 3) { /* the plain side: slow, at most 3 runs */
      plain_pool p = {0};
      double t2 = now_ms();
      uint32_t c = plain_sum(&p, texts, n);
      double t3 = now_ms();
      best_p = t3 - t2 < best_p ? t3 - t2 : best_p;
      if (k == 0 && !plain_cg_same(v.store, &p, c, v.game)) die(name, NULL);
      plain_free(&p);
    }
    nb_solver_free(s);
    nb_game_free(g);
  }
  if (engine_only)
    printf("%-40s nimber %9.1f ms   %s\n", name, best_e, value);
  else
    printf("%-40s nimber %9.1f ms   plain %10.1f ms   %6.0fx   %s\n", name, best_e, best_p,
           best_p / best_e, value);
  fflush(stdout);
}

int main(int argc, char **argv) {
  int repeat = argc > 1 ? atoi(argv[1]) : 5;
  bool slow = argc > 2 && strcmp(argv[2], "--slow") == 0;
  if (repeat < 1) repeat = 1;
  printf("Domineering (CPU time, best of %d; plain: memo by board, tests/plain_cg.h forms)\n",
         repeat);
  /* Every empty board up to 4x4, valued one after the other by one solver each. */
  static const char *const rects[] = {".",
                                      "..",
                                      "...",
                                      "....",
                                      "./.",
                                      "../..",
                                      ".../...",
                                      "..../....",
                                      "./././.",
                                      "../../..",
                                      ".../.../...",
                                      "..../..../....",
                                      "././.",
                                      "../../../..",
                                      ".../.../.../...",
                                      "..../..../..../...."};
  for (size_t i = 0; i < sizeof rects / sizeof rects[0]; i++) {
    char name[64];
    snprintf(name, sizeof name, "empty %s", rects[i]);
    run_case(name, &rects[i], 1, repeat, false);
  }
  static const char *const centre[] = {"...../...../..#../...../....."};
  static const char *const calib[] = {"...../...../..#../...../.....", "......./......./......."};
  static const char *const empty5[] = {"...../...../...../...../....."};
  run_case("5x5, centre filled", centre, 1, repeat, false);
  run_case("5x5 centre filled + 3x7 (calibration)", calib, 2, repeat, false);
  run_case("empty 5x5", empty5, 1, repeat, true);
  if (slow) {
    static const char *const b56[] = {"....../....../....../....../......"};
    static const char *const b66c[] = {"#....#/....../....../....../....../#....#"};
    static const char *const b66d[] = {"##..../#...../....../....../.....#/....##"};
    run_case("empty 5x6", b56, 1, 1, true);
    run_case("6x6, four corners filled", b66c, 1, 1, true);
    run_case("6x6, two opposite corners of 3 filled", b66d, 1, 1, true);
  }
  return 0;
}
