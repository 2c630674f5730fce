/*
 * gen_nimplus.c: deterministic Nim plus inputs for the benchmarks.
 *
 * Usage: gen_nimplus N M MAX_AMOUNT [SEED | odd-even | top]
 * Writes "N M", then M amounts for Long Long and M for Mao Mao, each uniform in 1..MAX_AMOUNT
 * (duplicates allowed, as in the contest), from a splitmix64 stream seeded by SEED (default 1).
 * The same arguments always give the same bytes. Two shapes instead of random amounts, the
 * slow inputs of issue 11 (many amounts, many losing piles, long preperiods):
 *   odd-even  Long Long: the odd amounts 1, 3, ..., 2M-3 and MAX_AMOUNT; Mao Mao: the even
 *             amounts 2, 4, ..., 2M (with M = 10^5 and MAX_AMOUNT = 999999: the input);
 *   top       Long Long: the M amounts up to MAX_AMOUNT; Mao Mao: the M amounts up to
 *             MAX_AMOUNT - 1 (MAX_AMOUNT > M).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t splitmix(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Parses a whole decimal argument in [1, 2^64-1]; exits with a message otherwise. */
static uint64_t arg_u64(const char *text, const char *what) {
  char *end;
  unsigned long long v = strtoull(text, &end, 10);
  if (*text < '0' || *text > '9' || *end != '\0' || v == 0) {
    fprintf(stderr, "gen_nimplus: %s must be a positive integer, got '%s'\n", what, text);
    exit(64);
  }
  return (uint64_t)v;
}

/* Amount i (0-based) of player (0: Long Long) in a shape, as described above. */
static uint64_t shaped(const char *shape, int player, uint64_t i, uint64_t m, uint64_t max) {
  if (strcmp(shape, "odd-even") == 0) return player == 1 ? 2 * i + 2 : i + 1 == m ? max : 2 * i + 1;
  return max - (uint64_t)player - (m - 1 - i); /* top */
}

int main(int argc, char **argv) {
  if (argc < 4 || argc > 5) {
    fprintf(stderr, "usage: gen_nimplus N M MAX_AMOUNT [SEED | odd-even | top]\n");
    return 64;
  }
  uint64_t n = arg_u64(argv[1], "N"), m = arg_u64(argv[2], "M");
  uint64_t max_amount = arg_u64(argv[3], "MAX_AMOUNT");
  const char *shape = argc == 5 && (strcmp(argv[4], "odd-even") == 0 || strcmp(argv[4], "top") == 0)
                          ? argv[4]
                          : NULL;
  uint64_t state = argc == 5 && shape == NULL ? arg_u64(argv[4], "SEED") : 1;
  if (shape != NULL && strcmp(shape, "top") == 0 && max_amount <= m) {
    fprintf(stderr, "gen_nimplus: top needs MAX_AMOUNT > M\n");
    return 64;
  }
  printf("%" PRIu64 " %" PRIu64 "\n", n, m);
  for (int player = 0; player < 2; player++)
    for (uint64_t i = 0; i < m; i++)
      printf("%" PRIu64 "%c",
             shape ? shaped(shape, player, i, m, max_amount) : 1 + splitmix(&state) % max_amount,
             i + 1 == m ? '\n' : ' ');
  return 0;
}
