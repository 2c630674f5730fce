/*
 * test_split.c: moves that split a component, through the public family contract.
 *
 * Kayles, written plainly as a test-only family: a row of n pins is a heap of n; a move knocks
 * down one pin or two adjacent pins, and the pins on either side become separate rows, so the
 * move leaves 0, 1 or 2 heaps (an empty side is no heap). A partizan variant lets Left knock down
 * one pin and Right two adjacent pins. Checked here:
 *   - Grundy values by the component search == a plain recursion written here (the mex, over
 *     every move, of the XOR of the two sides' values) for every heap up to SEARCHED, and ==
 *     the published values (OEIS A002186, Kayles, n = 0..104);
 *   - the published period of Kayles, 12 from n = 71 on, on the plain recursion's values up to
 *     PLAIN (G(n + 12) = G(n) for 71 <= n, and not at n = 70);
 *   - who wins and the remoteness of small sums, impartial and partizan, by the sum search ==
 *     a plain minimax over multisets of heaps written here;
 *   - the winning moves of random sums, move by move (oracle.h), and values of partizan sums;
 *   - the empty sum ("0"), and the engine on sums that split and vanish.
 */
#include "check.h"
#include "fixtures.h"
#include "nimber.h"
#include "oracle.h"

#include <stdlib.h>
#include <string.h>

enum {
  SEARCHED = 600, /* heaps valued by the search and compared with the plain recursion */
  PLAIN = 2000,   /* heaps valued by the plain recursion (for the period) */
  SMALL = 9,      /* longest row in the sums of the minimax comparison */
};

/* --- the family ------------------------------------------------------------------------------ */

static nb_status kayles_sized(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err) {
  (void)g;
  (void)err;
  *out = (nb_pos){n, 0};
  return NB_OK;
}

static const nb_sizes_facet kayles_sizes = {.sized = kayles_sized, .size_noun = "row"};

static const nb_family kayles_family = {
    .name = "kayles",
    .synopsis = "kayles  test-only Kayles",
    .position_help = "rows of pins",
    .partizan = false,
    .sum_needs_index = true,
    .create = fixture_create,
    .destroy = fixture_destroy,
    .spec = fixture_spec,
    .parse = fixture_kayles_parse,
    .format = fixture_format_number,
    .joiner = " ",
    .move_bound = fixture_kayles_bound,
    .max_parts = 2,
    .moves = fixture_kayles_moves,
    .describe = fixture_kayles_describe,
    .sizes = &kayles_sizes,
};

static const nb_family partizan_kayles_family = {
    .name = "pkayles",
    .synopsis = "pkayles  test-only partizan Kayles: Left knocks one pin, Right two",
    .position_help = "rows of pins",
    .partizan = true,
    .sum_needs_index = true,
    .create = fixture_create,
    .destroy = fixture_destroy,
    .spec = fixture_spec,
    .parse = fixture_kayles_parse,
    .format = fixture_format_number,
    .joiner = " ",
    .move_bound = fixture_kayles_bound,
    .max_parts = 2,
    .moves = fixture_kayles_moves,
    .describe = fixture_kayles_describe,
};

static nb_game kayles_game = {.family = &kayles_family}, partizan_game = {.family = &partizan_kayles_family};

/* --- Grundy values: plain recursion, published values, period ------------------------------- */

/* OEIS A002186, "Sprague-Grundy values for the game of Kayles", n = 0..104. */
static const unsigned char published[105] = {
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2,
    8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
    7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1};

/* The rules, plainly: G(n) = mex { G(a) ^ G(b) : a + k + b = n, k in {1, 2} }, G(0) = 0. */
static void plain_grundy(unsigned *g, size_t count) {
  for (size_t n = 0; n < count; n++) {
    bool seen[128] = {false};
    for (size_t k = 1; k <= 2; k++)
      for (size_t a = 0; a + k <= n; a++)
        seen[g[a] ^ g[n - a - k]] = true;
    unsigned mex = 0;
    while (seen[mex])
      mex++;
    g[n] = mex;
  }
}

static void test_grundy_values(void) {
  static unsigned g[PLAIN + 1];
  plain_grundy(g, PLAIN + 1);
  for (size_t n = 0; n < sizeof published; n++)
    CHECK(g[n] == published[n], "plain G(%zu) = %u, published %u", n, g[n], published[n]);
  for (size_t n = 71; n + 12 <= PLAIN; n++)
    CHECK(g[n + 12] == g[n], "period 12 breaks at %zu", n);
  CHECK(g[70] != g[82], "the period starts at 71, not earlier");

  nb_search *s;
  nb_error err;
  CHECK_OK(nb_search_new(&kayles_game, NULL, &s, &err), &err);
  for (uint64_t n = 0; n <= SEARCHED; n++) {
    uint64_t v = 99;
    CHECK_OK(nb_search_grundy(s, (nb_pos){n, 0}, &v, &err), &err);
    CHECK(v == g[n], "search G(%llu) = %llu, plain %u", (unsigned long long)n,
          (unsigned long long)v, g[n]);
  }
  bool w;
  CHECK(nb_search_wins(s, (nb_pos){5, 0}, NB_LEFT, &w, NULL, &err) == NB_EUSAGE,
        "who wins a splitting component is a question for the sum search");
  nb_search_free(s);
}

/* --- sums: plain minimax over multisets ------------------------------------------------------ */

/* A multiset of rows of 1..SMALL pins, 15 pins at most in all: counts[h] rows of h pins. */
typedef struct multiset {
  unsigned counts[SMALL + 1];
} multiset;

/* The memo of the plain minimax: open addressing on the multiset's code (4 bits per count)
 * and the player; slot 0 means empty, so codes are stored plus one. */
enum { MEMO_SLOTS = 1 << 16 };

typedef struct memo {
  uint64_t key[MEMO_SLOTS];        /* code + 1, or 0 */
  bool wins[MEMO_SLOTS];           /* the player to move wins */
  uint64_t remoteness[MEMO_SLOTS]; /* the remoteness */
} memo;

static uint64_t code_of(const multiset *m, int who) {
  uint64_t code = (uint64_t)who;
  for (unsigned h = 1; h <= SMALL; h++)
    code = code << 4 | m->counts[h];
  return code;
}

/* Who wins moving first and the remoteness, from the rules: the winner hurries, the loser
 * delays. One representative row per size is enough: equal rows give equal sums. */
static void plain_sum(memo *mm, const multiset *m, int who, bool partizan, bool *wins,
                      uint64_t *rem) {
  uint64_t code = code_of(m, who), slot = (code * 0x9e3779b97f4a7c15ull) >> 48;
  while (mm->key[slot] != 0 && mm->key[slot] != code + 1)
    slot = (slot + 1) % MEMO_SLOTS;
  if (mm->key[slot] == code + 1) {
    *wins = mm->wins[slot];
    *rem = mm->remoteness[slot];
    return;
  }
  uint64_t best_win = UINT64_MAX, longest = 0;
  bool any = false;
  for (unsigned h = 1; h <= SMALL; h++) {
    if (m->counts[h] == 0) continue;
    for (unsigned k = 1; k <= 2; k++) {
      if (partizan && k != (who == NB_LEFT ? 1u : 2u)) continue;
      for (unsigned i = 0; i + k <= h; i++) {
        multiset next = *m;
        next.counts[h]--;
        if (i > 0) next.counts[i]++;
        if (h - i - k > 0) next.counts[h - i - k]++;
        bool w;
        uint64_t r;
        plain_sum(mm, &next, partizan ? 1 - who : who, partizan, &w, &r);
        any = true;
        if (!w && r < best_win) best_win = r;
        if (r > longest) longest = r;
      }
    }
  }
  *wins = best_win != UINT64_MAX;
  *rem = !any ? 0 : 1 + (*wins ? best_win : longest);
  slot = (code * 0x9e3779b97f4a7c15ull) >> 48; /* the recursion may have taken that slot */
  while (mm->key[slot] != 0)
    slot = (slot + 1) % MEMO_SLOTS;
  mm->key[slot] = code + 1;
  mm->wins[slot] = *wins;
  mm->remoteness[slot] = *rem;
}

/* A random sum of 1 to 3 rows: the first of up to SMALL pins, the others of up to 3. */
static size_t random_sum(uint64_t *rng, nb_pos *comps, multiset *m) {
  size_t n = (size_t)check_range(rng, 1, 3);
  memset(m, 0, sizeof *m);
  for (size_t i = 0; i < n; i++) {
    uint64_t h = check_range(rng, 1, i == 0 ? SMALL : 3);
    comps[i] = (nb_pos){h, 0};
    m->counts[h]++;
  }
  return n;
}

static void test_sums(const nb_game *g, int trials) {
  bool partizan = g->family->partizan;
  nb_sum_search *sums;
  nb_solver *solver;
  nb_error err;
  memo *mm = calloc(1, sizeof *mm);
  unsigned grundy[SMALL + 1];
  plain_grundy(grundy, SMALL + 1);
  CHECK_OK(nb_sum_search_new(g, NULL, NULL, &sums, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &solver, &err), &err);
  uint64_t rng = partizan ? 77 : 76;
  for (int t = 0; t < trials; t++) {
    nb_pos comps[3];
    multiset m;
    size_t n = random_sum(&rng, comps, &m);
    unsigned x = 0;
    for (size_t i = 0; i < n; i++)
      x ^= grundy[comps[i].lo];
    bool wins[2];
    for (int who = 0; who < 2; who++) {
      bool want;
      uint64_t rem, want_rem;
      plain_sum(mm, &m, partizan ? who : NB_LEFT, partizan, &want, &want_rem);
      CHECK_OK(nb_sum_search_wins(sums, comps, n, (nb_player)who, &wins[who], &rem, &err), &err);
      CHECK(wins[who] == want && rem == want_rem, "%s trial %d who %d: %d/%d rem %llu/%llu",
            g->family->name, t, who, wins[who], want, (unsigned long long)rem,
            (unsigned long long)want_rem);
      CHECK(partizan || wins[who] == (x != 0), "trial %d: Sprague-Grundy", t);
    }
    nb_value v;
    CHECK_OK(nb_value_of(solver, comps, n, &v, &err), &err);
    CHECK(nb_value_wins(&v, NB_LEFT) == wins[NB_LEFT] &&
              nb_value_wins(&v, NB_RIGHT) == wins[NB_RIGHT],
          "%s trial %d: value", g->family->name, t);
  }
  free(mm);
  nb_solver_free(solver);
  nb_sum_search_free(sums);
}

/* --- winning moves, the empty sum, the engine ------------------------------------------------ */

static void test_winning_moves(const nb_game *g, int trials) {
  nb_solver *s;
  oracle o;
  nb_error err;
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  oracle_open(&o, g);
  uint64_t rng = 5;
  for (int t = 0; t < trials; t++) {
    nb_pos comps[4];
    size_t n = (size_t)check_range(&rng, 1, 4);
    for (size_t i = 0; i < n; i++)
      comps[i] = (nb_pos){check_range(&rng, 1, g->family->partizan ? 7 : 40), 0};
    check_winning_moves(s, &o, comps, n, (nb_player)(t % 2), g->family->name);
  }
  oracle_close(&o);
  nb_solver_free(s);
}

static void test_empty_sum(void) {
  nb_error err;
  nb_solver *s;
  CHECK_OK(nb_solver_new(&kayles_game, NULL, &s, &err), &err);
  const char *zero[] = {"0"}, *two[] = {"2"};
  nb_pos comps[2];
  size_t n = 9;
  CHECK_OK(nb_position_parse(&kayles_game, zero, 1, 1, comps, &n, 2, &err), &err);
  CHECK(n == 0, "'0' is the empty sum");
  char buf[16];
  nb_position_format(&kayles_game, comps, 0, buf, sizeof buf);
  CHECK(strcmp(buf, "0") == 0, "the empty sum prints as %s", buf);
  nb_value v;
  CHECK_OK(nb_value_of(s, comps, 0, &v, &err), &err);
  CHECK(v.kind == NB_VALUE_NIMBER && v.nimber == 0, "the empty sum is worth 0");
  CHECK_OK(nb_position_parse(&kayles_game, two, 1, 1, comps, &n, 2, &err), &err);
  nb_move_list l;
  CHECK_OK(nb_winning_moves(s, comps, n, NB_LEFT, &l, &err), &err);
  /* From a row of 2 the only winning move knocks both pins down: nothing is left. */
  CHECK(l.count == 1 && l.move[0].move.parts == 0, "2: %zu winning moves", l.count);
  nb_pos after[2];
  CHECK(l.count == 1 && nb_sum_after(comps, n, &l, 0, after) == 0, "the row is gone");
  nb_sum_move_describe(&kayles_game, comps, n, &l, 0, buf, sizeof buf);
  CHECK(strcmp(buf, "2@1") == 0, "described as %s", buf);
  nb_move_list_free(&l);
  CHECK_OK(nb_sum_moves(s, comps, 0, NB_LEFT, &l, &err), &err);
  CHECK(l.count == 0, "the empty sum has no move");
  nb_move_list_free(&l);
  nb_solver_free(s);
}

/* The engine against a random player on sums that split: once it faces a won position it wins.
 */
static void test_engine(const nb_game *g, int games) {
  bool partizan = g->family->partizan;
  nb_solver *s;
  nb_sum_search *oracle_sums;
  nb_error err;
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  CHECK_OK(nb_sum_search_new(g, NULL, NULL, &oracle_sums, &err), &err);
  uint64_t rng = 9;
  for (int game = 0; game < games; game++) {
    nb_pos comps[64], next[64]; /* 3 rows of 8 pins split into at most 12 rows */
    size_t n = (size_t)check_range(&rng, 1, 3);
    for (size_t i = 0; i < n; i++)
      comps[i] = (nb_pos){check_range(&rng, 1, 8), 0};
    bool engine_turn = game % 2 == 0, engine_won = false;
    nb_player to_move = partizan && game % 4 >= 2 ? NB_RIGHT : NB_LEFT;
    for (;;) {
      nb_move_list l;
      size_t chosen = 0;
      bool found = true;
      if (engine_turn) {
        bool won;
        CHECK_OK(nb_sum_search_wins(oracle_sums, comps, n, to_move, &won, NULL, &err), &err);
        engine_won |= won;
        CHECK_OK(nb_engine_choose(s, comps, n, to_move, &rng, &l, &chosen, &found, &err), &err);
        CHECK(found || !engine_won, "%s game %d: the engine lost a won game", g->family->name,
              game);
      } else {
        CHECK_OK(nb_sum_moves(s, comps, n, to_move, &l, &err), &err);
        found = l.count > 0;
        chosen = found ? (size_t)(check_rand(&rng) % l.count) : 0;
      }
      if (found) n = nb_sum_after(comps, n, &l, chosen, next);
      nb_move_list_free(&l);
      if (!found) break;
      memcpy(comps, next, n * sizeof *comps);
      engine_turn = !engine_turn;
      if (partizan) to_move = to_move == NB_LEFT ? NB_RIGHT : NB_LEFT;
    }
  }
  nb_sum_search_free(oracle_sums);
  nb_solver_free(s);
}

int main(void) {
  int quick = getenv("NB_TEST_QUICK") != NULL;
  test_grundy_values();
  test_empty_sum();
  test_sums(&kayles_game, quick ? 300 : 2000);
  test_sums(&partizan_game, quick ? 300 : 2000);
  test_winning_moves(&kayles_game, quick ? 200 : 1000);
  test_winning_moves(&partizan_game, quick ? 200 : 1000);
  test_engine(&kayles_game, quick ? 50 : 200);
  test_engine(&partizan_game, quick ? 50 : 200);
  return check_done();
}
