/*
 * test_tower.c: the tower game (Gurdurr) against its rules.
 *
 * The exhaustive search over tower_moves is the oracle. The fast evaluator (run decomposition and
 * the vectorised run table) must give the same Grundy VALUES on every stable tower of up to 7
 * layers and on random towers of up to 10 (and on towers of up to 42 layers with short runs). The
 * run table is also compared, for every run of up to 16 layers, with the seed's recurrence
 * written out plainly here, which is a second, independent implementation; longer runs (up to
 * 24) are checked against the same recurrence at random masks, with the table's own values for
 * the options. The table compiled into the library (runs of up to 20 layers, generated at build
 * time) is compared entry by entry with the run-time builder.
 */
#include "check.h"
#include "games/tower.h"
#include "nimber.h"
#include "oracle.h"

#include <stdlib.h>
#include <string.h>

/* NB_TEST_QUICK (the sanitizer run) scales the random parts down; exhaustive parts run in full. */
static bool quick(void) {
  return getenv("NB_TEST_QUICK") != NULL;
}

static nb_game *open_game(const char *spec) {
  nb_game *g = NULL;
  nb_error err;
  CHECK_OK(nb_game_open(spec, &g, &err), &err);
  return g;
}

/* Parses layer texts (one tower) into an nb_pos through the family's parse. */
static nb_pos tower_of(const nb_game *g, const char *const *layers, size_t n) {
  nb_pos p[1];
  size_t count = 0;
  nb_error err;
  CHECK_OK(g->family->parse(g, layers, n, 1, p, &count, 1, &err), &err);
  return p[0];
}

static nb_pos tower_of_codes(const nb_game *g, const uint8_t *codes, size_t n) {
  const char *text[NB_TOWER_MAX_LAYERS];
  for (size_t i = 0; i < n; i++)
    text[i] = nb_tower_layer_text(codes[i]);
  return tower_of(g, text, n);
}

/* The family's cache (its run tables), as a solver would make it: one for the whole test. */
static nb_tower_table *run_tables;

static uint64_t fast(const nb_game *g, nb_pos p) {
  uint64_t v = 99;
  nb_error err;
  CHECK_OK(g->family->impartial_eval->grundy(g, run_tables, p, &v, &err), &err);
  return v;
}

static uint64_t searched(nb_search *s, nb_pos p) {
  uint64_t v = 99;
  nb_error err;
  CHECK_OK(nb_search_grundy(s, p, &v, &err), &err);
  return v;
}

static bool stable(const uint8_t *codes, size_t n) {
  for (size_t i = 1; i < n; i++)
    if (codes[i] == NB_LAYER_DOT_I_DOT && codes[i - 1] == NB_LAYER_DOT_I_DOT) return false;
  return true;
}

/* Every stable tower of 1..7 layers: 79,505 of them, each valued by both methods. */
static void test_all_small_towers(void) {
  nb_game *g = open_game("gurdurr");
  nb_search *s;
  nb_error err;
  CHECK_OK(nb_search_new(g, NULL, &s, &err), &err);
  size_t total = 0;
  for (size_t n = 1; n <= 7; n++) {
    uint8_t codes[7];
    size_t count = 1;
    for (size_t i = 0; i < n; i++)
      count *= 5;
    for (size_t index = 0; index < count; index++) {
      size_t rest = index;
      for (size_t i = 0; i < n; i++, rest /= 5)
        codes[i] = (uint8_t)(rest % 5 + 1);
      if (!stable(codes, n)) continue;
      total++;
      nb_pos p = tower_of_codes(g, codes, n);
      uint64_t want = searched(s, p), got = fast(g, p);
      CHECK(got == want, "n=%zu index=%zu fast=%llu search=%llu", n, index, (unsigned long long)got,
            (unsigned long long)want);
    }
  }
  CHECK(total == 79505, "stable towers of up to 7 layers: %zu", total);
  nb_search_free(s);
  nb_game_free(g);
}

/* Positions the search will meet from this tower: at most the product over layers of the
 * layers each can become (III: 5, II. and .II: 2, I.I and .I.: 1). */
static double reachable_bound(const uint8_t *codes, size_t n) {
  static const double reach[6] = {0, 5, 2, 2, 1, 1};
  double b = 1;
  for (size_t i = 0; i < n; i++)
    b *= reach[codes[i]];
  return b;
}

/* Random stable towers of 8..10 layers, and of up to 42 layers whose reachable sets the search
 * can hold (mostly I.I and .I. layers). A fresh search per tower keeps memory bounded. */
static void test_random_towers(void) {
  nb_game *g = open_game("tower");
  nb_error err;
  uint64_t rng = 102341;
  const int trials = quick() ? 100 : 600;
  for (int trial = 0; trial < trials; trial++) {
    uint8_t codes[NB_TOWER_MAX_LAYERS];
    bool long_tower = trial >= trials * 3 / 4;
    size_t n;
    do {
      n = long_tower ? (size_t)check_range(&rng, 11, NB_TOWER_MAX_LAYERS)
                     : (size_t)check_range(&rng, 8, 10);
      for (size_t i = 0; i < n; i++) {
        uint64_t roll = check_range(&rng, 0, long_tower ? 9 : 4);
        codes[i] =
            (uint8_t)(roll >= 5 ? (roll % 2 ? NB_LAYER_I_DOT_I : NB_LAYER_DOT_I_DOT) : roll + 1);
        if (i > 0 && codes[i] == NB_LAYER_DOT_I_DOT && codes[i - 1] == NB_LAYER_DOT_I_DOT)
          codes[i] = NB_LAYER_I_DOT_I;
      }
    } while (reachable_bound(codes, n) > 2e5); /* keeps each search to a fraction of a second */
    nb_search *s;
    CHECK_OK(nb_search_new(g, NULL, &s, &err), &err);
    nb_pos p = tower_of_codes(g, codes, n);
    uint64_t want = searched(s, p), got = fast(g, p);
    CHECK(got == want, "trial %d n=%zu fast=%llu search=%llu", trial, n, (unsigned long long)got,
          (unsigned long long)want);
    nb_search_free(s);
  }
  nb_game_free(g);
}

/* Where the recurrence finds the values of the options: v(ctx, m, mask) is the value of the run
 * (m, mask). */
typedef unsigned (*run_values)(const void *ctx, unsigned m, uint32_t mask);

static unsigned from_arrays(const void *ctx, unsigned m, uint32_t mask) {
  return ((unsigned char *const *)ctx)[m][mask];
}

static unsigned from_table(const void *ctx, unsigned m, uint32_t mask) {
  return nb_tower_run_grundy(ctx, m, mask);
}

/* The seed's recurrence written plainly: run (m, mask), bit j = 1 iff layer j is III. */
static unsigned plain_run(run_values v, const void *ctx, unsigned m, uint32_t mask) {
  uint64_t seen = 0;
  for (unsigned j = 0; j < m; j++) {
    uint32_t low = mask & ((1u << j) - 1), high = mask >> (j + 1);
    if (mask >> j & 1) {
      seen |= 1ull << v(ctx, m, mask ^ (1u << j));                /* III -> II. or .II */
      seen |= 1ull << (v(ctx, j, low) ^ v(ctx, m - 1 - j, high)); /* III -> I.I */
      continue;
    }
    unsigned g = 0; /* II. or .II -> .I.: the neighbours are blocked */
    if (j >= 1) g ^= v(ctx, j - 1, low & ((1u << (j - 1)) - 1)) ^ (low >> (j - 1) & 1);
    if (j + 1 < m) g ^= v(ctx, m - 2 - j, high >> 1) ^ (high & 1);
    seen |= 1ull << g;
  }
  unsigned mex = 0;
  while (seen >> mex & 1)
    mex++;
  return mex;
}

static void test_run_table(void) {
  enum { PLAIN_MAX = 16 };
  unsigned char *v[PLAIN_MAX + 1];
  nb_tower_table *t;
  nb_error err;
  CHECK_OK(nb_tower_table_new(&t, &err), &err);
  CHECK_OK(nb_tower_table_reserve(t, PLAIN_MAX, &err), &err);
  for (unsigned m = 0; m <= PLAIN_MAX; m++) {
    v[m] = malloc((size_t)1 << m);
    for (uint32_t mask = 0; mask < (1u << m); mask++) {
      v[m][mask] = (unsigned char)plain_run(from_arrays, v, m, mask);
      unsigned got = nb_tower_run_grundy(t, m, mask);
      CHECK(got == v[m][mask], "run m=%u mask=%#x table=%u plain=%u", m, mask, got, v[m][mask]);
    }
  }
  /* Values quoted in tower.c: all-III runs 2,1,3,0,...; all-two-block runs are Dawson's chess. */
  static const unsigned dawson[17] = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2};
  static const unsigned all_iii[4] = {0, 2, 1, 3};
  for (unsigned m = 1; m <= PLAIN_MAX; m++) {
    CHECK(v[m][(1u << m) - 1] == all_iii[m % 4], "all III m=%u", m);
    CHECK(v[m][0] == dawson[m], "all two-block m=%u: %u", m, v[m][0]);
  }
  /* II. .II III (the seed's sample 2) is 0; II. .II II. is 2 (the seed's table says 1). */
  CHECK(v[3][4] == 0 && v[3][0] == 2, "%u %u", v[3][4], v[3][0]);
  for (unsigned m = 0; m <= PLAIN_MAX; m++)
    free(v[m]);
  /* The longest runs: every value stays below 16 (checked while building); at random masks, the
   * recurrence holds over the table's own values, and so does reversal symmetry. Past the
   * compiled lengths the builder starts from the compiled levels, unpacked. */
  const unsigned longest = quick() ? NB_TOWER_COMPILED_RUN + 1 : NB_TOWER_MAX_RUN;
  CHECK_OK(nb_tower_table_reserve(t, longest, &err), &err);
  uint64_t rng = 24;
  for (int i = 0; i < 20000; i++) {
    unsigned m = (unsigned)check_range(&rng, 17, longest);
    uint32_t mask = (uint32_t)check_range(&rng, 0, (1u << m) - 1), rev = 0;
    for (unsigned j = 0; j < m; j++)
      rev |= (mask >> j & 1) << (m - 1 - j);
    unsigned got = nb_tower_run_grundy(t, m, mask);
    CHECK(got == nb_tower_run_grundy(t, m, rev), "m=%u mask=%#x", m, mask);
    if (i % 10 == 0)
      CHECK(got == plain_run(from_table, t, m, mask), "recurrence m=%u mask=%#x", m, mask);
  }
  CHECK(nb_tower_table_reserve(t, NB_TOWER_MAX_RUN + 1, &err) == NB_EDATA, "reserve 25");
  nb_tower_table_free(t);
}

/* The table compiled into the library (generated at build time from the builder) equals the
 * run-time builder on every run it holds, 2^21 of them. */
static void test_compiled_table(void) {
  nb_tower_table *compiled, *built;
  nb_error err;
  CHECK_OK(nb_tower_table_new(&compiled, &err), &err);
  CHECK_OK(nb_tower_table_new_uncompiled(&built, &err), &err);
  CHECK_OK(nb_tower_table_reserve(compiled, NB_TOWER_COMPILED_RUN, &err), &err);
  CHECK_OK(nb_tower_table_reserve(built, NB_TOWER_COMPILED_RUN, &err), &err);
  size_t runs = 0, differ = 0;
  for (unsigned m = 0; m <= NB_TOWER_COMPILED_RUN; m++)
    for (uint32_t mask = 0; mask < (1u << m); mask++, runs++) {
      unsigned want = nb_tower_run_grundy(built, m, mask);
      unsigned got = nb_tower_run_grundy(compiled, m, mask);
      if (got != want && differ++ == 0)
        CHECK(false, "compiled run m=%u mask=%#x: %u, built %u", m, mask, got, want);
    }
  CHECK(differ == 0 && runs == ((size_t)1 << (NB_TOWER_COMPILED_RUN + 1)) - 1,
        "%zu of %zu compiled runs differ", differ, runs);
  nb_tower_table_free(compiled);
  nb_tower_table_free(built);
}

/* Every winning move reported leads to a sum of value 0; every other move does not. */
static void test_winning_moves(void) {
  nb_game *g = open_game("gurdurr");
  nb_solver *s;
  oracle o;
  nb_error err;
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  oracle_open(&o, g);
  uint64_t rng = 3;
  const int trials = quick() ? 300 : 3000;
  for (int trial = 0; trial < trials; trial++) {
    nb_pos comps[3];
    size_t n = (size_t)check_range(&rng, 1, 3);
    for (size_t c = 0; c < n; c++) {
      uint8_t codes[6];
      size_t len = (size_t)check_range(&rng, 1, 6);
      for (size_t i = 0; i < len; i++) {
        codes[i] = (uint8_t)check_range(&rng, 1, 5);
        if (i > 0 && codes[i] == NB_LAYER_DOT_I_DOT && codes[i - 1] == NB_LAYER_DOT_I_DOT)
          codes[i] = NB_LAYER_III;
      }
      comps[c] = tower_of_codes(g, codes, len);
    }
    check_winning_moves(s, &o, comps, n, NB_LEFT, "tower");
  }
  oracle_close(&o);
  nb_solver_free(s);
  nb_game_free(g);
}

/* Moves, their notation, formatting and the encoding's edges. */
static void test_positions(void) {
  nb_game *g = open_game("tower");
  nb_error err;
  char buf[256];
  const char *t1[] = {"II.", ".II", "III"};
  nb_pos p = tower_of(g, t1, 3);
  g->family->format(g, p, buf, sizeof buf);
  CHECK(strcmp(buf, "II. .II III") == 0, "%s", buf);
  nb_move moves[16];
  nb_pos parts[16];
  nb_moves out = {.move = moves, .part = parts};
  CHECK_OK(g->family->moves(g, p, NB_LEFT, &out, &err), &err);
  size_t n = out.count;
  static const char *const want[][2] = {{"1L", ".I. .II III"},
                                        {"2R", "II. .I. III"},
                                        {"3L", "II. .II .II"},
                                        {"3M", "II. .II I.I"},
                                        {"3R", "II. .II II."}};
  CHECK(n == 5, "%zu moves", n);
  for (size_t i = 0; i < n && i < 5; i++) {
    char d[16];
    CHECK(moves[i].parts == 1, "a tower move leaves one tower");
    g->family->describe(g, p, &moves[i], &parts[i], d, sizeof d);
    g->family->format(g, parts[i], buf, sizeof buf);
    CHECK(strcmp(d, want[i][0]) == 0 && strcmp(buf, want[i][1]) == 0, "%s %s", d, buf);
  }
  /* .I. blocks its neighbours: II. .I. has no move; III .I. only III's own three. */
  const char *t2[] = {"II.", ".I."}, *t3[] = {"III", ".I."};
  out = (nb_moves){.move = moves, .part = parts};
  CHECK_OK(g->family->moves(g, tower_of(g, t2, 2), NB_LEFT, &out, &err), &err);
  CHECK(out.count == 0, "II. .I.");
  out = (nb_moves){.move = moves, .part = parts};
  CHECK_OK(g->family->moves(g, tower_of(g, t3, 2), NB_LEFT, &out, &err), &err);
  CHECK(out.count == 3, "III .I.");
  /* 42 layers round trip; the bits past the last layer stay zero. */
  const char *tall[NB_TOWER_MAX_LAYERS + 1];
  for (size_t i = 0; i <= NB_TOWER_MAX_LAYERS; i++)
    tall[i] = i % 2 ? ".I." : "I.I";
  p = tower_of(g, tall, NB_TOWER_MAX_LAYERS);
  CHECK(p.hi >> 63 == 0 && p.lo >> 63 == 0, "unused bits");
  g->family->format(g, p, buf, sizeof buf);
  CHECK(strlen(buf) == 4 * NB_TOWER_MAX_LAYERS - 1, "%s", buf);
  CHECK(fast(g, p) == 0, "42 dead layers");
  const char *t4[] = {"III"};
  p = tower_of(g, t4, 1);
  CHECK(p.lo == NB_LAYER_III && p.hi == 0, "encoding of III");
  /* Errors. */
  nb_pos one[1];
  size_t count = 0;
  const char *bad1[] = {"III", "I.."}, *bad2[] = {"III", ".I.", ".I."};
  CHECK(g->family->parse(g, bad1, 2, 2, one, &count, 1, &err) == NB_EUSAGE &&
            strcmp(err.message,
                   "argument 3: expected a layer (III, II., .II, I.I or .I.), found 'I..'") == 0,
        "%s", err.message);
  CHECK(g->family->parse(g, bad2, 3, 1, one, &count, 1, &err) == NB_EUSAGE &&
            strcmp(err.message, "arguments 2-3: two adjacent .I. layers make the tower unstable") ==
                0,
        "%s", err.message);
  CHECK(g->family->parse(g, tall, NB_TOWER_MAX_LAYERS + 1, 1, one, &count, 1, &err) == NB_EUSAGE,
        "43 layers");
  /* A run longer than the table's limit is refused, not allocated. */
  const char *full[NB_TOWER_MAX_RUN + 1];
  for (size_t i = 0; i <= NB_TOWER_MAX_RUN; i++)
    full[i] = "III";
  uint64_t v;
  p = tower_of(g, full, NB_TOWER_MAX_RUN + 1);
  CHECK(g->family->impartial_eval->grundy(g, run_tables, p, &v, &err) == NB_EUSAGE, "run of 25: %s",
        err.message);
  nb_game_free(g);
  CHECK(nb_game_open("tower:3", &g, &err) == NB_EUSAGE, "tower takes no parameters");
}

int main(void) {
  nb_error err;
  CHECK_OK(nb_tower_table_new(&run_tables, &err), &err);
  test_run_table();
  test_compiled_table();
  test_positions();
  test_all_small_towers();
  test_random_towers();
  test_winning_moves();
  nb_tower_table_free(run_tables);
  return check_done();
}
