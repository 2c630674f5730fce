/*
 * psub_dp.c: the psub engine's DP against a plain one, on the same game, in the same run.
 *
 * usage: psub_dp plain|engine FILE PILES
 * FILE is a Nim plus input (gen_nimplus writes them): its amounts make the game psub:A/B (its n
 * is ignored). Both modes compute the outcomes of piles 0 .. PILES-1 and print how many piles
 * fall in each class (P L R N), so the script can check that they agree:
 *   - plain: the DP pile by pile, as the engine once ran it: for each player, the cheaper of
 *     "each amount against the opponent's losing piles" and "each losing pile of the opponent in
 *     the window against the amounts", stopping at the first winning move;
 *   - engine: nb_psub_outcome on every pile in turn (spans of 512 piles, far and mid amounts a
 *     word or SPAN words at a time; periodicity detection included, so once the period is
 *     proven the rest is answered from it).
 */
#include "contest/reader.h"
#include "games/psub.h"
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

/* One player's amounts, sorted, and membership (bit a set iff a is an amount). */
typedef struct side {
  uint64_t *amount;
  size_t count;
  unsigned char *member;
} side;

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Reads "n m", then m amounts per player, from FILE. */
static int read_game(const char *path, uint64_t **left, uint64_t **right, size_t *m) {
  nb_reader *r;
  nb_error err;
  uint64_t n, count;
  if (nb_reader_open(path, &r, &err) != NB_OK ||
      nb_read_u64(r, 1, UINT64_MAX, "n", &n, &err) != NB_OK ||
      nb_read_u64(r, 1, 100000, "m", &count, &err) != NB_OK) {
    fprintf(stderr, "psub_dp: %s\n", err.message);
    return 65;
  }
  *m = (size_t)count;
  *left = malloc(*m * sizeof **left);
  *right = malloc(*m * sizeof **right);
  if (*left == NULL || *right == NULL) return 70;
  for (int p = 0; p < 2; p++)
    for (size_t i = 0; i < *m; i++)
      if (nb_read_u64(r, 1, NB_PSUB_MAX_AMOUNT, "an amount", p ? &(*right)[i] : &(*left)[i],
                      &err) != NB_OK) {
        fprintf(stderr, "psub_dp: %s\n", err.message);
        return 65;
      }
  nb_reader_close(r);
  return 0;
}

/* Whether the owner of s, moving first at n, wins, given the opponent's losses lose[0..n) and
 * the opponent's losing piles in the window, losers[0..nlosers) (ascending, >= n - k). */
static bool plain_wins(const side *s, const unsigned char *lose, const uint64_t *losers,
                       size_t nlosers, uint64_t n) {
  if (nlosers <= s->count) {
    for (size_t i = 0; i < nlosers; i++)
      if (n - losers[i] <= s->amount[s->count - 1] && s->member[n - losers[i]]) return true;
    return false;
  }
  for (size_t i = 0; i < s->count && s->amount[i] <= n; i++)
    if (lose[n - s->amount[i]]) return true;
  return false;
}

static int run_plain(side sd[2], uint64_t piles, uint64_t classes[4]) {
  uint64_t k = 0;
  for (int p = 0; p < 2; p++) {
    qsort(sd[p].amount, sd[p].count, sizeof *sd[p].amount, cmp_u64);
    if (sd[p].amount[sd[p].count - 1] > k) k = sd[p].amount[sd[p].count - 1];
  }
  unsigned char *lose[2];
  uint64_t *losers[2]; /* every losing pile so far, ascending; the window is a suffix */
  size_t nlosers[2] = {0, 0}, first[2] = {0, 0};
  for (int p = 0; p < 2; p++) {
    sd[p].member = calloc(k + 1, 1);
    lose[p] = calloc(piles, 1);
    losers[p] = malloc(piles * sizeof *losers[p]);
    if (sd[p].member == NULL || lose[p] == NULL || losers[p] == NULL) return 70;
    for (size_t i = 0; i < sd[p].count; i++)
      sd[p].member[sd[p].amount[i]] = 1;
  }
  for (uint64_t n = 0; n < piles; n++) {
    bool wins[2];
    for (int p = 0; p < 2; p++) {
      int o = 1 - p;
      while (first[o] < nlosers[o] && losers[o][first[o]] + k < n)
        first[o]++;
      wins[p] = plain_wins(&sd[p], lose[o], losers[o] + first[o], nlosers[o] - first[o], n);
    }
    for (int p = 0; p < 2; p++)
      if (!wins[p]) {
        lose[p][n] = 1;
        losers[p][nlosers[p]++] = n;
      }
    classes[(unsigned)wins[0] | (unsigned)wins[1] << 1]++;
  }
  for (int p = 0; p < 2; p++) {
    free(sd[p].member);
    free(lose[p]);
    free(losers[p]);
  }
  return 0;
}

static int run_engine(const side sd[2], uint64_t piles, uint64_t classes[4]) {
  nb_game *g = NULL;
  nb_solver *s = NULL;
  nb_error err;
  int status = 0;
  if (nb_psub_new(sd[0].amount, sd[0].count, sd[1].amount, sd[1].count, &g, &err) != NB_OK ||
      nb_solver_new(g, NULL, &s, &err) != NB_OK)
    status = err.status;
  for (uint64_t n = 0; n < piles && status == 0; n++) {
    nb_outcome o;
    if (nb_psub_outcome(s, n, &o, &err) != NB_OK)
      status = err.status;
    else
      classes[o == NB_OUTCOME_P ? 0 : o == NB_OUTCOME_L ? 1 : o == NB_OUTCOME_R ? 2 : 3]++;
  }
  if (status != 0) fprintf(stderr, "psub_dp: %s\n", err.message);
  nb_solver_free(s);
  nb_game_free(g);
  return status;
}

int main(int argc, char **argv) {
  if (argc != 4 || (strcmp(argv[1], "plain") != 0 && strcmp(argv[1], "engine") != 0)) {
    fputs("usage: psub_dp plain|engine FILE PILES\n", stderr);
    return 64;
  }
  uint64_t *left, *right, piles = strtoull(argv[3], NULL, 10), classes[4] = {0, 0, 0, 0};
  size_t m;
  int status = read_game(argv[2], &left, &right, &m);
  if (status != 0) return status;
  side sd[2] = {{left, m, NULL}, {right, m, NULL}};
  status = strcmp(argv[1], "plain") == 0 ? run_plain(sd, piles, classes)
                                         : run_engine(sd, piles, classes);
  if (status == 0)
    printf("P %llu L %llu R %llu N %llu\n", (unsigned long long)classes[0],
           (unsigned long long)classes[1], (unsigned long long)classes[2],
           (unsigned long long)classes[3]);
  free(left);
  free(right);
  return status;
}
