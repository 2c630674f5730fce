/*
 * search.c: the exhaustive searches, timed side by side with plain implementations written here.
 *
 * Usage: search CASE, one case per process so that its peak memory (getrusage) is its own:
 *   kayles  Grundy values of Kayles rows 0..3000 by the component search (a family whose moves
 *           split a row in two, defined below through the public contract) and by a plain
 *           O(n^2) mex recursion over an array;
 *   psub    who wins pile 300,000 of psub with 64 amounts a side (Left 3, 6, ..., 192; Right 3,
 *           5, ..., 129) by the component search, whose stack holds a frame of up to 64 moves
 *           per pile of a deep game (the nb_move layout's cost), and by a plain DP over piles;
 *   sums    who wins and the remoteness of the Kayles sums 12 + 11 + 10 and 12 + 9 + 8 by the sum
 *           search, and by a plain minimax over multisets of rows with an array memo.
 * Prints one line: the case, both CPU times in ms (CPU, not wall clock: the machine is shared),
 * their ratio and the peak resident memory.
 */
#include "games/psub.h"
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static long peak_kib(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

_Noreturn static void die(const nb_error *err) {
  fprintf(stderr, "search: %s\n", err->message);
  exit(1);
}

/* --- Kayles, through the contract (as in tests/test_split.c) --------------------------------- */

static nb_status kayles_create(const char *params, nb_game **out, nb_error *err) {
  (void)params;
  (void)out;
  return nb_fail(err, NB_EUSAGE, "not registered");
}

static void kayles_destroy(nb_game *g) {
  (void)g;
}

static int kayles_spec(const nb_game *g, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "kayles");
}

static size_t kayles_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return 2 * (size_t)p.lo;
}

/* Knock down 1 or 2 adjacent pins from pin i; the sides remain as rows (none if empty). */
static nb_status kayles_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                              nb_error *err) {
  (void)err;
  (void)g;
  (void)who;
  for (uint64_t k = 1; k <= 2; k++)
    for (uint64_t i = 0; i + k <= p.lo; i++) {
      nb_pos parts[2];
      uint32_t count = 0;
      if (i > 0) parts[count++] = (nb_pos){i, 0};
      if (p.lo - i - k > 0) parts[count++] = (nb_pos){p.lo - i - k, 0};
      nb_moves_add(out, (uint32_t)(2 * i + k - 1), parts, count);
    }
  return NB_OK;
}

static int kayles_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                           char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u", m->tag);
}

static const nb_family kayles_family = {
    .name = "kayles",
    .create = kayles_create,
    .destroy = kayles_destroy,
    .spec = kayles_spec,
    .move_bound = kayles_bound,
    .max_parts = 2,
    .moves = kayles_moves,
    .describe = kayles_describe,
};

enum { KAYLES_ROWS = 3000 };

static unsigned plain_kayles(unsigned *g, size_t count) {
  unsigned x = 0;
  for (size_t n = 0; n < count; n++) {
    bool seen[256] = {false};
    for (size_t k = 1; k <= 2; k++)
      for (size_t a = 0; a + k <= n; a++)
        seen[g[a] ^ g[n - a - k]] = true;
    unsigned mex = 0;
    while (seen[mex])
      mex++;
    g[n] = mex;
    x ^= mex;
  }
  return x;
}

static void bench_kayles(void) {
  nb_game game = {.family = &kayles_family};
  nb_search *s;
  nb_error err;
  double t0 = now_ms();
  if (nb_search_new(&game, NULL, &s, &err) != NB_OK) die(&err);
  uint64_t x = 0;
  for (uint64_t n = 0; n < KAYLES_ROWS; n++) {
    uint64_t v;
    if (nb_search_grundy(s, (nb_pos){n, 0}, &v, &err) != NB_OK) die(&err);
    x ^= v;
  }
  nb_search_free(s);
  double t1 = now_ms();
  static unsigned g[KAYLES_ROWS];
  unsigned y = plain_kayles(g, KAYLES_ROWS);
  double t2 = now_ms();
  if (x != y) {
    fprintf(stderr, "search: kayles disagrees\n");
    exit(1);
  }
  printf("%-44s search %9.1f ms  plain %9.1f ms  ratio %6.1fx  peak %7ld KiB\n",
         "kayles: G(0..2999), rows split in two", t1 - t0, t2 - t1, (t1 - t0) / (t2 - t1),
         peak_kib());
}

/* --- psub: a deep game with 64 moves a position ---------------------------------------------- */

enum { PSUB_PILE = 300000, PSUB_AMOUNTS = 64 };

static void psub_sets(uint64_t *left, uint64_t *right) {
  for (uint64_t i = 0; i < PSUB_AMOUNTS; i++) {
    left[i] = 3 * (i + 1);
    right[i] = 2 * (i + 1) + 1;
  }
}

/* wins[p][n]: player p moving first at pile n wins. */
static bool plain_psub(const uint64_t *left, const uint64_t *right) {
  bool *wl = calloc(PSUB_PILE + 1, 1), *wr = calloc(PSUB_PILE + 1, 1);
  if (wl == NULL || wr == NULL) exit(1);
  for (uint64_t n = 0; n <= PSUB_PILE; n++) {
    for (size_t i = 0; i < PSUB_AMOUNTS && !wl[n]; i++)
      wl[n] = left[i] <= n && !wr[n - left[i]];
    for (size_t i = 0; i < PSUB_AMOUNTS && !wr[n]; i++)
      wr[n] = right[i] <= n && !wl[n - right[i]];
  }
  bool w = wl[PSUB_PILE];
  free(wl);
  free(wr);
  return w;
}

static void bench_psub(void) {
  uint64_t left[PSUB_AMOUNTS], right[PSUB_AMOUNTS];
  psub_sets(left, right);
  nb_game *g;
  nb_search *s;
  nb_error err;
  bool wins;
  double t0 = now_ms();
  if (nb_psub_new(left, PSUB_AMOUNTS, right, PSUB_AMOUNTS, &g, &err) != NB_OK ||
      nb_search_new(g, NULL, &s, &err) != NB_OK ||
      nb_search_wins(s, (nb_pos){PSUB_PILE, 0}, NB_LEFT, &wins, NULL, &err) != NB_OK)
    die(&err);
  nb_search_free(s);
  nb_game_free(g);
  double t1 = now_ms();
  bool want = plain_psub(left, right);
  double t2 = now_ms();
  if (wins != want) {
    fprintf(stderr, "search: psub disagrees\n");
    exit(1);
  }
  printf("%-44s search %9.1f ms  plain %9.1f ms  ratio %6.1fx  peak %7ld KiB\n",
         "psub: pile 300000, 64 amounts a side", t1 - t0, t2 - t1, (t1 - t0) / (t2 - t1),
         peak_kib());
}

/* --- sums of Kayles rows: remoteness ---------------------------------------------------------- */

/* A multiset of rows of 1..12 pins, coded as its counts, 5 bits each (a row of n pins leaves at
 * most (n+1)/2 rows of any size, so these sums never have 32 rows of a size), memoised in a
 * hash table (2^60 codes would not fit an array). */
enum { ROW_MAX = 12, SLOTS = 1 << 20 };

typedef struct plain_memo {
  uint64_t *key;      /* code + 1, or 0 */
  uint32_t *rem;      /* remoteness */
  unsigned char *win; /* the player to move wins */
} plain_memo;

static void plain_sum(plain_memo *m, const unsigned *counts, bool *wins, uint64_t *rem) {
  uint64_t code = 0;
  for (unsigned h = 1; h <= ROW_MAX; h++)
    code = code << 5 | counts[h];
  size_t slot = (size_t)((code * 0x9e3779b97f4a7c15ull) >> 44);
  while (m->key[slot] != 0 && m->key[slot] != code + 1)
    slot = (slot + 1) % SLOTS;
  if (m->key[slot] == code + 1) {
    *wins = m->win[slot];
    *rem = m->rem[slot];
    return;
  }
  uint64_t best_win = UINT64_MAX, longest = 0;
  bool any = false;
  for (unsigned h = 1; h <= ROW_MAX; h++) {
    if (counts[h] == 0) continue;
    for (unsigned k = 1; k <= 2; k++)
      for (unsigned i = 0; i + k <= h; i++) {
        unsigned next[ROW_MAX + 1];
        memcpy(next, counts, sizeof next);
        next[h]--;
        if (i > 0) next[i]++;
        if (h - i - k > 0) next[h - i - k]++;
        bool w;
        uint64_t r;
        plain_sum(m, next, &w, &r);
        any = true;
        if (!w && r < best_win) best_win = r;
        if (r > longest) longest = r;
      }
  }
  *wins = best_win != UINT64_MAX;
  *rem = !any ? 0 : 1 + (*wins ? best_win : longest);
  slot = (size_t)((code * 0x9e3779b97f4a7c15ull) >> 44);
  while (m->key[slot] != 0)
    slot = (slot + 1) % SLOTS;
  m->key[slot] = code + 1;
  m->win[slot] = *wins;
  m->rem[slot] = (uint32_t)*rem;
}

static void bench_sums(void) {
  static const uint64_t sums[2][3] = {{12, 11, 10}, {12, 9, 8}};
  nb_game game = {.family = &kayles_family};
  nb_sum_search *s;
  nb_error err;
  uint64_t got[2], want[2];
  double t0 = now_ms();
  if (nb_sum_search_new(&game, NULL, NULL, &s, &err) != NB_OK) die(&err);
  for (int i = 0; i < 2; i++) {
    nb_pos comps[3] = {{sums[i][0], 0}, {sums[i][1], 0}, {sums[i][2], 0}};
    bool w;
    if (nb_sum_search_wins(s, comps, 3, NB_LEFT, &w, &got[i], &err) != NB_OK) die(&err);
  }
  nb_sum_search_free(s);
  double t1 = now_ms();
  plain_memo m = {calloc(SLOTS, sizeof *m.key), calloc(SLOTS, sizeof *m.rem), calloc(SLOTS, 1)};
  if (m.key == NULL || m.rem == NULL || m.win == NULL) exit(1);
  for (int i = 0; i < 2; i++) {
    unsigned counts[ROW_MAX + 1] = {0};
    for (int j = 0; j < 3; j++)
      counts[sums[i][j]]++;
    bool w;
    plain_sum(&m, counts, &w, &want[i]);
  }
  double t2 = now_ms();
  free(m.key);
  free(m.rem);
  free(m.win);
  if (got[0] != want[0] || got[1] != want[1]) {
    fprintf(stderr, "search: sums disagree\n");
    exit(1);
  }
  printf("%-44s search %9.1f ms  plain %9.1f ms  ratio %6.1fx  peak %7ld KiB\n",
         "sums: remoteness, Kayles 12+11+10, 12+9+8", t1 - t0, t2 - t1, (t1 - t0) / (t2 - t1),
         peak_kib());
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "";
  if (strcmp(which, "kayles") == 0)
    bench_kayles();
  else if (strcmp(which, "psub") == 0)
    bench_psub();
  else if (strcmp(which, "sums") == 0)
    bench_sums();
  else {
    fprintf(stderr, "usage: search kayles|psub|sums\n");
    return 64;
  }
  return 0;
}
