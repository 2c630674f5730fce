/*
 * test_compare.c: nb_value_compare (what `nimber compare` prints) against the exhaustive search.
 *
 * A <= B iff Right moving first in B - A loses (Siegel, Combinatorial Game Theory, 2013, II.1),
 * so the outcome class of A - B decides the order: P is =, L is >, R is <, N is || (confused).
 * Checked here without the algebra's comparison:
 *   - literal games (cg): random pairs A, B; the outcome nb_value_compare gives for A - B is the
 *     one the exhaustive sum search finds over the position `A` + `-(B)` (literal moves, the
 *     negative written as an expression), and compare(B, A) is the mirror of compare(A, B)
 *     (antisymmetry: < and > swap, = and || stay);
 *   - Kayles (impartial): A = B iff the sum search finds A + B a loss for the player to move,
 *     else A || B; antisymmetric too;
 *   - Domineering boards against their own value written as a literal (nb_value_of_notation)
 *     are equal, and against that value plus 1 less.
 */
#include "check.h"
#include "internal.h"
#include "nimber_cgt.h"

#include <stdlib.h>
#include <string.h>

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

/* The outcome class of the sum comps by the sum search: who wins moving first, each side. */
static nb_outcome search_outcome(nb_solver *s, const nb_pos *comps, size_t n) {
  nb_error err = {0};
  uint64_t r[2] = {0, 0};
  CHECK_OK(nb_remoteness(s, comps, n, NB_LEFT, &r[0], &err), &err);
  CHECK_OK(nb_remoteness(s, comps, n, NB_RIGHT, &r[1], &err), &err);
  bool left = r[0] % 2 == 1, right = r[1] % 2 == 1; /* the mover wins iff remoteness is odd */
  return left && right ? NB_OUTCOME_N : left ? NB_OUTCOME_L : right ? NB_OUTCOME_R : NB_OUTCOME_P;
}

/* Parses the tokens into comps (at most 16) and values them. */
static size_t parse(nb_game *g, const char *const *tokens, size_t count, nb_pos *comps) {
  nb_error err = {0};
  size_t n = 0;
  CHECK_OK(nb_position_parse(g, tokens, count, 1, comps, &n, 16, &err), &err);
  return n;
}

static nb_value value_of(nb_solver *s, const nb_pos *comps, size_t n) {
  nb_error err = {0};
  nb_value v;
  CHECK_OK(nb_value_of(s, comps, n, &v, &err), &err);
  return v;
}

/* compare(a, b) and compare(b, a): antisymmetric; returns compare(a, b)'s difference outcome. */
static nb_outcome compare_both(const nb_value *a, const nb_value *b, const char *what) {
  static const int mirror[] = {NB_CG_EQUAL, NB_CG_GREATER, NB_CG_LESS, NB_CG_CONFUSED};
  static const nb_outcome decides[] = {NB_OUTCOME_P, NB_OUTCOME_R, NB_OUTCOME_L, NB_OUTCOME_N};
  nb_error err = {0};
  int ab = -1, ba = -1;
  nb_outcome dab = NB_OUTCOME_P, dba = NB_OUTCOME_P;
  CHECK_OK(nb_value_compare(a, b, &ab, &dab, &err), &err);
  CHECK_OK(nb_value_compare(b, a, &ba, &dba, &err), &err);
  CHECK(ab >= 0 && ab < 4 && ba == mirror[ab], "%s: compare(A, B) = %d, compare(B, A) = %d", what,
        ab, ba);
  CHECK(ab >= 0 && ab < 4 && dab == decides[ab], "%s: relation %d but A - B is %c", what, ab,
        nb_outcome_letter(dab));
  return dab;
}

/* A random literal game: an atom, or braces of up to two such a side, nested twice at most. */
static void random_game(uint64_t *rng, unsigned depth, char *out, size_t cap) {
  static const char *const atoms[] = {"0", "1", "-1", "*", "^", "v", "1/2", "-2", "*2", "+-1"};
  if (depth == 0 || check_range(rng, 0, 2) == 0) {
    snprintf(out, cap, "%s", atoms[check_range(rng, 0, sizeof atoms / sizeof *atoms - 1)]);
    return;
  }
  size_t len = (size_t)snprintf(out, cap, "{");
  for (int side = 0; side < 2; side++) {
    uint64_t k = check_range(rng, side == 0 ? 0 : 0, 2);
    for (uint64_t i = 0; i < k && len < cap; i++) {
      if (i > 0) len += (size_t)snprintf(out + len, cap - len, ",");
      random_game(rng, depth - 1, out + len, cap - len);
      len += strlen(out + len);
    }
    if (len < cap) len += (size_t)snprintf(out + len, cap - len, side == 0 ? "|" : "}");
  }
}

static void literal_pairs(void) {
  nb_error err = {0};
  nb_game *g;
  nb_solver *s;
  CHECK_OK(nb_game_open("cg", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  uint64_t rng = 5;
  for (int round = 0; round < (quick ? 60 : 300); round++) {
    char a[256], b[256], negb[270];
    random_game(&rng, 2, a, sizeof a);
    random_game(&rng, 2, b, sizeof b);
    snprintf(negb, sizeof negb, "-(%s)", b);
    nb_pos pa[16], pb[16], diff[16];
    size_t na = parse(g, (const char *[]){a}, 1, pa), nb = parse(g, (const char *[]){b}, 1, pb);
    size_t nd = parse(g, (const char *[]){a, negb}, 2, diff);
    nb_value va = value_of(s, pa, na), vb = value_of(s, pb, nb);
    char what[600];
    snprintf(what, sizeof what, "cg %s vs %s", a, b);
    nb_outcome d = compare_both(&va, &vb, what);
    nb_outcome want = search_outcome(s, diff, nd);
    CHECK(d == want, "%s: A - B is %c by compare, %c by the sum search", what, nb_outcome_letter(d),
          nb_outcome_letter(want));
  }
  nb_solver_free(s);
  nb_game_free(g);
}

static void kayles_pairs(void) {
  nb_error err = {0};
  nb_game *g;
  nb_solver *s;
  CHECK_OK(nb_game_open("kayles", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  uint64_t rng = 9;
  for (int round = 0; round < 100; round++) {
    char h[4][8];
    for (int i = 0; i < 4; i++)
      snprintf(h[i], sizeof h[i], "%llu", (unsigned long long)check_range(&rng, 0, 8));
    nb_pos pa[16], pb[16], sum[16];
    size_t na = parse(g, (const char *[]){h[0], h[1]}, 2, pa);
    size_t nb = parse(g, (const char *[]){h[2], h[3]}, 2, pb);
    size_t ns = parse(g, (const char *[]){h[0], h[1], h[2], h[3]}, 4, sum);
    nb_value va = value_of(s, pa, na), vb = value_of(s, pb, nb);
    char what[64];
    snprintf(what, sizeof what, "kayles %s %s vs %s %s", h[0], h[1], h[2], h[3]);
    nb_outcome d = compare_both(&va, &vb, what);
    nb_outcome want = search_outcome(s, sum, ns) == NB_OUTCOME_P ? NB_OUTCOME_P : NB_OUTCOME_N;
    CHECK(d == want, "%s: A - B is %c by compare, %c by the sum search", what, nb_outcome_letter(d),
          nb_outcome_letter(want));
  }
  nb_solver_free(s);
  nb_game_free(g);
}

static void boards_against_literals(void) {
  static const char *const boards[] = {"./.",     "..",       "../..",   "..../....",
                                       ".../...", "../../..", ".#./...", "...../....."};
  nb_error err = {0};
  nb_game *g;
  nb_solver *s;
  CHECK_OK(nb_game_open("domineering", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
    nb_pos p[16];
    size_t n = parse(g, &boards[i], 1, p);
    nb_value v = value_of(s, p, n), lit, more;
    char *text = NULL, plus[1100];
    size_t len;
    CHECK_OK(nb_cg_format(v.store, v.game, 1000, &text, &len, &err), &err);
    CHECK_OK(nb_value_of_notation(&v, text, &lit, &err), &err);
    snprintf(plus, sizeof plus, "(%s) + 1", text);
    CHECK_OK(nb_value_of_notation(&v, plus, &more, &err), &err);
    CHECK(compare_both(&v, &lit, boards[i]) == NB_OUTCOME_P, "%s = %s", boards[i], text);
    CHECK(compare_both(&v, &more, boards[i]) == NB_OUTCOME_R, "%s < %s + 1", boards[i], text);
    free(text);
  }
  nb_value v = value_of(s, NULL, 0), bad;
  CHECK(nb_value_of_notation(&v, "{1|", &bad, &err) == NB_EUSAGE &&
            strcmp(err.message, "column 4: expected '}', found end of text") == 0,
        "a malformed literal: %s", err.message);
  nb_solver_free(s);
  nb_game_free(g);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  literal_pairs();
  kayles_pairs();
  boards_against_literals();
  return check_done();
}
