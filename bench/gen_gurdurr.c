/*
 * gen_gurdurr.c: deterministic Gurdurr inputs for the benchmarks.
 *
 * Usage: gen_gurdurr random|adversarial T N SEED
 * Writes T, then T towers of N layers each (one layer per line, top to bottom), from a
 * splitmix64 stream seeded by SEED. "random": each layer uniform among the five, redrawn while it
 * would make two adjacent .I. (so every tower is stable). "adversarial": only III, II. and .II,
 * so each tower is one run of N movable layers, the case that needs the largest run table.
 * The same arguments always give the same bytes.
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

/* Parses a whole decimal argument in [lo, hi]; exits with a message otherwise. */
static uint64_t arg_u64(const char *text, const char *what, uint64_t lo, uint64_t hi) {
  char *end;
  unsigned long long v = strtoull(text, &end, 10);
  if (*text < '0' || *text > '9' || *end != '\0' || v < lo || v > hi) {
    fprintf(stderr,
            "gen_gurdurr: %s must be an integer from %" PRIu64 " to %" PRIu64 ", got '%s'\n", what,
            lo, hi, text);
    exit(64);
  }
  return (uint64_t)v;
}

int main(int argc, char **argv) {
  static const char *const layers[5] = {"III", "II.", ".II", "I.I", ".I."};
  if (argc != 5 || (strcmp(argv[1], "random") != 0 && strcmp(argv[1], "adversarial") != 0)) {
    fprintf(stderr, "usage: gen_gurdurr random|adversarial T N SEED\n");
    return 64;
  }
  const int kinds = strcmp(argv[1], "random") == 0 ? 5 : 3;
  uint64_t t = arg_u64(argv[2], "T", 1, 1000000000), n = arg_u64(argv[3], "N", 1, 42);
  uint64_t state = arg_u64(argv[4], "SEED", 0, UINT64_MAX);
  printf("%" PRIu64 "\n", t);
  for (uint64_t c = 0; c < t; c++) {
    printf("%" PRIu64 "\n", n);
    int previous = -1;
    for (uint64_t i = 0; i < n; i++) {
      int k;
      do
        k = (int)(splitmix(&state) % (uint64_t)kinds);
      while (k == 4 && previous == 4);
      puts(layers[k]);
      previous = k;
    }
  }
  return 0;
}
