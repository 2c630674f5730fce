/*
 * test_movefail.c: a family whose moves fail, and every search that asks them.
 *
 * A family's `moves` returns a status (nimber.h): a family that interns large positions in a
 * store of its own can find the store full (NB_EDATA) or run out of memory (NB_EINTERNAL) while
 * writing a list. Each search that asks must then return that error as it is, message and all,
 * leak nothing (the sanitizer build), and stay usable: a later question whose tree does not
 * reach the failing position is answered, and answered right.
 *
 * The family here is Kayles written plainly (as test_split.c), with a poisoned row: the moves of
 * a row of exactly `poison` pins fail, either with NB_EDATA (a store full, as a family's own
 * limit would be) or through nb_alloc asked for more than memory holds (a real allocation
 * failure, NB_EINTERNAL). Every call of its moves also allocates and frees a scratch, so the
 * sweep at the end, which fails each allocation of a search in turn, fails the family's as well
 * as the search's. Variants: splitting or not (knock pins from an end only: a subtraction game
 * whose components never split, for nb_search_wins), impartial or partizan (Left knocks down one
 * pin, Right two). A row of n pins reaches, through its options, every row shorter than n, so
 * a question on a row of poison pins or more fails deep in the tree (row 21: the search goes
 * 21, 20, .., 9 before it meets the poison; from an end only, Left's line 21, 20, 18, 17, ..
 * and Right's 21, 19, 18, 16, .. both meet it), and one on shorter rows never meets it. The right
 * answers come from plain recursions written here and from a twin game without poison.
 */
#include "base/base.h"
#include "check.h"
#include "fixtures.h"
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

enum {
  POISON = 9, /* the row whose moves fail */
  DEEP = 21,  /* a row whose tree reaches the poison, many levels down, for either player */
  NONE = 0,   /* no poison: the twin game */
};

/* How the poisoned row fails. */
typedef enum fault { FAULT_DATA, FAULT_MEMORY } fault;

/* A game of the family: Kayles with a poisoned row. */
typedef struct faulty {
  nb_game base;    /* the family */
  uint64_t poison; /* the row whose moves fail (NONE: no row) */
  fault how;       /* how it fails */
} faulty;

/* The moves of row n, Kayles' (fixtures.h: from an end only where the family never splits),
 * after a scratch allocated here, as a family interning into a store would allocate: the
 * poisoned row fails there, with the family's error or nb_alloc's. */
static nb_status faulty_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                              nb_error *err) {
  const faulty *f = (const faulty *)g;
  uint64_t n = p.lo;
  if (n == f->poison && f->how == FAULT_DATA)
    return nb_fail(err, NB_EDATA, "row %llu: the store of rows is full", (unsigned long long)n);
  /* the poisoned row asks for more than any memory: nb_alloc refuses it */
  size_t room = n == f->poison ? SIZE_MAX / 2 : 2;
  nb_pos *scratch = nb_alloc(room, sizeof *scratch, err);
  if (scratch == NULL) return NB_EINTERNAL;
  free(scratch);
  return fixture_kayles_moves(g, p, who, out, err);
}

#define FAULTY_FAMILY(NAME, PARTIZAN, PARTS)                                                       \
  {                                                                                                \
    .abi = NB_ABI_VERSION, .name = NAME, .synopsis = NAME, .position_help = "rows",                \
    .partizan = PARTIZAN, .sum_needs_index = true, .spec = fixture_spec,                           \
    .parse = fixture_kayles_parse, .format = fixture_format_number, .joiner = " ",                 \
    .move_bound = fixture_kayles_bound, .max_parts = PARTS, .moves = faulty_moves,                 \
    .describe = fixture_kayles_describe,                                                           \
  }

static const nb_family kayles = FAULTY_FAMILY("kayles", false, 2);
static const nb_family pkayles = FAULTY_FAMILY("pkayles", true, 2);
static const nb_family ends = FAULTY_FAMILY("ends", false, 1);
static const nb_family pends = FAULTY_FAMILY("pends", true, 1);

/* The message each fault gives (the family's own, or nb_alloc's). */
static void expected_message(const faulty *f, char *buf, size_t cap) {
  if (f->how == FAULT_DATA)
    snprintf(buf, cap, "row %d: the store of rows is full", POISON);
  else
    snprintf(buf, cap, "out of memory: %zu items of %zu bytes", SIZE_MAX / 2, sizeof(nb_pos));
}

/* The call failed as the poisoned row does: its status, its message (the whole message, or
 * within it where the caller adds its own: a partizan value whose form the family's NB_EDATA
 * refused says too why the outcome's fallback failed, theory/partizan/sums.c). */
static void check_fault(const faulty *f, nb_status st, const nb_error *err, const char *what) {
  bool within = f->how == FAULT_DATA && f->base.family->partizan && strcmp(what, "value") == 0;
  char want[128];
  expected_message(f, want, sizeof want);
  nb_status want_st = f->how == FAULT_DATA ? NB_EDATA : NB_EINTERNAL;
  CHECK(st == want_st, "%s %s: status %d, want %d", f->base.family->name, what, (int)st,
        (int)want_st);
  CHECK(st == NB_OK ||
            (within ? strstr(err->message, want) != NULL : strcmp(err->message, want) == 0),
        "%s %s: message '%s', want '%s'", f->base.family->name, what, err->message, want);
}

/* --- plain answers --------------------------------------------------------------------------- */

/* Kayles's Grundy values: G(n) = mex { G(a) ^ G(b) : a + k + b = n, k in {1, 2} }. */
static void plain_kayles(unsigned *g, size_t count) {
  for (size_t n = 0; n < count; n++) {
    bool seen[64] = {false};
    for (size_t k = 1; k <= 2; k++)
      for (size_t a = 0; a + k <= n; a++)
        seen[g[a] ^ g[n - a - k]] = true;
    unsigned mex = 0;
    while (seen[mex])
      mex++;
    g[n] = mex;
  }
}

/* Who wins row n moving first where pins go from an end only: impartial, n % 3 != 0; partizan
 * (Left 1, Right 2), the plain recursion over both players. */
static bool plain_ends(bool partizan, nb_player who, uint64_t n) {
  if (!partizan) return n % 3 != 0;
  uint64_t k = who == NB_LEFT ? 1 : 2;
  return n >= k && !plain_ends(true, who == NB_LEFT ? NB_RIGHT : NB_LEFT, n - k);
}

/* --- each search ----------------------------------------------------------------------------- */

/* nb_search_grundy on Kayles: the deep row fails, shorter rows are right after it, and the deep
 * row fails again (the failure was not memoised as an answer). */
static void test_grundy(faulty *f) {
  unsigned g[POISON];
  plain_kayles(g, POISON);
  nb_search *s;
  nb_error err;
  uint64_t v;
  CHECK_OK(nb_search_new(&f->base, NULL, &s, &err), &err);
  for (int round = 0; round < 2; round++) {
    check_fault(f, nb_search_grundy(s, (nb_pos){DEEP, 0}, &v, &err), &err, "grundy");
    for (uint64_t n = 0; n < POISON; n++) {
      CHECK_OK(nb_search_grundy(s, (nb_pos){n, 0}, &v, &err), &err);
      CHECK(v == g[n], "grundy %llu: %llu, plain %u", (unsigned long long)n, (unsigned long long)v,
            g[n]);
    }
  }
  nb_search_free(s);
}

/* nb_search_wins on the families that never split, impartial and partizan. */
static void test_wins(faulty *f) {
  bool partizan = f->base.family->partizan;
  nb_search *s;
  nb_error err;
  bool wins;
  CHECK_OK(nb_search_new(&f->base, NULL, &s, &err), &err);
  for (int round = 0; round < 2; round++)
    for (int who = 0; who < 2; who++) {
      check_fault(f, nb_search_wins(s, (nb_pos){DEEP, 0}, (nb_player)who, &wins, NULL, &err), &err,
                  "wins");
      for (uint64_t n = 0; n < POISON; n++) {
        CHECK_OK(nb_search_wins(s, (nb_pos){n, 0}, (nb_player)who, &wins, NULL, &err), &err);
        CHECK(wins == plain_ends(partizan, (nb_player)who, n), "%s wins %llu who %d",
              f->base.family->name, (unsigned long long)n, who);
      }
    }
  nb_search_free(s);
}

/* nb_sum_search_wins on sums of Kayles rows: a sum holding a deep row fails, sums of short rows
 * are answered as the twin game answers them. */
static void test_sum_wins(faulty *f, faulty *twin) {
  nb_sum_search *s, *t;
  nb_error err;
  CHECK_OK(nb_sum_search_new(&f->base, NULL, NULL, &s, &err), &err);
  CHECK_OK(nb_sum_search_new(&twin->base, NULL, NULL, &t, &err), &err);
  uint64_t rng = 3;
  for (int trial = 0; trial < 40; trial++) {
    nb_player who = (nb_player)(trial % 2);
    nb_pos deep[3] = {{2, 0}, {DEEP - 8, 0}, {3, 0}}, comps[3];
    bool wins, want;
    uint64_t rem, want_rem;
    if (trial % 4 == 0)
      check_fault(f, nb_sum_search_wins(s, deep, 3, who, &wins, &rem, &err), &err, "sum wins");
    for (size_t i = 0; i < 3; i++)
      comps[i] = (nb_pos){check_range(&rng, 1, POISON - 1), 0};
    CHECK_OK(nb_sum_search_wins(s, comps, 3, who, &wins, &rem, &err), &err);
    CHECK_OK(nb_sum_search_wins(t, comps, 3, who, &want, &want_rem, &err), &err);
    CHECK(wins == want && rem == want_rem, "%s sum trial %d", f->base.family->name, trial);
  }
  nb_sum_search_free(t);
  nb_sum_search_free(s);
}

/* The solver's questions: values (the value search for the partizan families), winning moves
 * and the list of a sum's moves. */
static void test_solver(faulty *f, faulty *twin) {
  nb_solver *s, *t;
  nb_error err;
  CHECK_OK(nb_solver_new(&f->base, NULL, &s, &err), &err);
  CHECK_OK(nb_solver_new(&twin->base, NULL, &t, &err), &err);
  nb_pos deep[2] = {{3, 0}, {DEEP, 0}}, poisoned[2] = {{3, 0}, {POISON, 0}};
  nb_value v, want;
  nb_move_list l, wl;
  for (int round = 0; round < 2; round++) {
    check_fault(f, nb_value_of(s, deep, 2, &v, &err), &err, "value");
    check_fault(f, nb_winning_moves(s, deep, 2, NB_LEFT, &l, &err), &err, "winning moves");
    CHECK(l.move == NULL && l.count == 0, "a failed list holds nothing");
    check_fault(f, nb_sum_moves(s, poisoned, 2, NB_RIGHT, &l, &err), &err, "sum moves");
    CHECK(l.move == NULL && l.count == 0, "a failed list holds nothing");
    for (uint64_t n = 1; n < POISON; n++) {
      nb_pos comps[2] = {{POISON - n, 0}, {n, 0}};
      char a[256], b[256];
      CHECK_OK(nb_value_of(s, comps, 2, &v, &err), &err);
      CHECK_OK(nb_value_of(t, comps, 2, &want, &err), &err);
      nb_value_format(&v, a, sizeof a);
      nb_value_format(&want, b, sizeof b);
      CHECK(strcmp(a, b) == 0, "%s value %llu: %s, twin %s", f->base.family->name,
            (unsigned long long)n, a, b);
      for (int who = 0; who < 2; who++) {
        CHECK_OK(nb_winning_moves(s, comps, 2, (nb_player)who, &l, &err), &err);
        CHECK_OK(nb_winning_moves(t, comps, 2, (nb_player)who, &wl, &err), &err);
        CHECK(l.count == wl.count && l.nparts == wl.nparts &&
                  memcmp(l.move, wl.move, l.count * sizeof *l.move) == 0,
              "%s winning moves %llu", f->base.family->name, (unsigned long long)n);
        nb_move_list_free(&l);
        nb_move_list_free(&wl);
      }
    }
  }
  nb_solver_free(t);
  nb_solver_free(s);
}

/* Every allocation of a Kayles search failing in turn, the family's scratch among them: each
 * run is right or NB_EINTERNAL, and the same search then answers right. */
static void test_allocation_sweep(void) {
  faulty g = {{.family = &kayles}, NONE, FAULT_DATA};
  unsigned want[13];
  plain_kayles(want, 13);
  nb_error err;
  for (uint64_t k = 1;; k++) {
    nb_search *s;
    CHECK_OK(nb_search_new(&g.base, NULL, &s, &err), &err);
    uint64_t v = 99;
    nb_alloc_fail_only(k);
    nb_status st = nb_search_grundy(s, (nb_pos){12, 0}, &v, &err);
    uint64_t made = nb_alloc_fail_only(0);
    CHECK(st == NB_OK ? v == want[12] : st == NB_EINTERNAL, "allocation %llu: status %d",
          (unsigned long long)k, (int)st);
    CHECK_OK(nb_search_grundy(s, (nb_pos){12, 0}, &v, &err), &err);
    CHECK(v == want[12], "allocation %llu: then %llu", (unsigned long long)k,
          (unsigned long long)v);
    nb_search_free(s);
    if (made < k) break; /* no allocation failed: every one has had its turn */
    CHECK(k < 10000, "the sweep ends");
  }
}

int main(void) {
  for (int how = FAULT_DATA; how <= FAULT_MEMORY; how++) {
    faulty k = {{.family = &kayles}, POISON, (fault)how}, pk = {{.family = &pkayles}, POISON, (fault)how};
    faulty e = {{.family = &ends}, POISON, (fault)how}, pe = {{.family = &pends}, POISON, (fault)how};
    faulty k0 = {{.family = &kayles}, NONE, (fault)how}, pk0 = {{.family = &pkayles}, NONE, (fault)how};
    test_grundy(&k);
    test_wins(&e);
    test_wins(&pe);
    test_sum_wins(&k, &k0);
    test_sum_wins(&pk, &pk0);
    test_solver(&k, &k0);
    test_solver(&pk, &pk0);
  }
  test_allocation_sweep();
  return check_done();
}
