/*
 * nimplus.c: the contest format of Nim plus (Codeforces Gym 102878G).
 *
 * Input: `n m`, then Long Long's m amounts, then Mao Mao's m amounts (any order, duplicates
 * allowed). Long Long is Left and moves first. Output: "Long Long nb!" if he wins, else
 * "Mao Mao nb!". Beyond the contest: n up to 10^18, m up to 10^5, amounts up to 10^6.
 *
 * The whole input is read and checked before anything is printed (one test case: a bad byte
 * anywhere means no answer). The game is psub:A/B built from the two arrays; its solver's period
 * engine runs the DP up to n, or up to the proven period of the outcomes when that comes first
 * (psub.c), so n = 10^18 costs no more than the period does.
 */
#include "contest.h"
#include "games/psub.h"

#include <stdlib.h>

#define MAX_BALLS UINT64_C(1000000000000000000) /* n: 10^18 */
enum {
  MAX_AMOUNTS = 100000, /* m */
  MAX_AMOUNT = 1000000, /* each amount */
};

/* Reads one player's m amounts into out, with a context naming the player for early ends. */
static nb_status read_amounts(nb_reader *r, const char *player, uint64_t m, uint64_t *out,
                              nb_error *err) {
  char context[96], what[96];
  snprintf(context, sizeof context, "%s's %llu amounts are incomplete", player,
           (unsigned long long)m);
  snprintf(what, sizeof what, "an amount of %s's, from 1 to %d", player, MAX_AMOUNT);
  nb_reader_set_context(r, context);
  nb_status st = NB_OK;
  for (uint64_t i = 0; st == NB_OK && i < m; i++)
    st = nb_read_u64(r, 1, MAX_AMOUNT, what, &out[i], err);
  return st;
}

/* Reads the whole input: n, then both players' amounts (allocated into *left and *right). */
static nb_status read_input(nb_reader *r, uint64_t *n, uint64_t *m, uint64_t **left,
                            uint64_t **right, nb_error *err) {
  nb_status st =
      nb_read_u64(r, 1, MAX_BALLS, "the number of balls n, from 1 to 1000000000000000000", n, err);
  if (st == NB_OK) {
    nb_reader_set_context(r, "the input ends after n");
    st = nb_read_u64(r, 1, MAX_AMOUNTS, "the number of amounts m, from 1 to 100000", m, err);
  }
  if (st != NB_OK) return st;
  *left = nb_alloc((size_t)*m, sizeof **left, err);
  *right = *left ? nb_alloc((size_t)*m, sizeof **right, err) : NULL;
  if (*right == NULL) return NB_EINTERNAL;
  st = read_amounts(r, "Long Long", *m, *left, err);
  if (st == NB_OK) st = read_amounts(r, "Mao Mao", *m, *right, err);
  if (st != NB_OK) return st;
  nb_reader_set_context(r, NULL);
  return nb_read_end(r, err);
}

nb_status nb_solve_nimplus(nb_reader *r, FILE *out, nb_error *err) {
  uint64_t n = 0, m = 0, *left = NULL, *right = NULL;
  nb_game *g = NULL;
  nb_solver *solver = NULL;
  nb_outcome o = NB_OUTCOME_P;
  nb_status st = read_input(r, &n, &m, &left, &right, err);
  if (st == NB_OK) st = nb_psub_new(left, (size_t)m, right, (size_t)m, &g, err);
  if (st == NB_OK) st = nb_solver_new(g, NULL, &solver, err);
  if (st == NB_OK) st = nb_psub_outcome(solver, n, &o, err);
  if (st == NB_OK) /* Long Long is Left and moves first: he wins in classes L and N */
    fputs(o == NB_OUTCOME_L || o == NB_OUTCOME_N ? "Long Long nb!\n" : "Mao Mao nb!\n", out);
  nb_solver_free(solver);
  nb_game_free(g);
  free(left);
  free(right);
  return st;
}
