/*
 * gen_twothree.c: deterministic inputs for `nimber solve twothree`.
 *
 * usage: gen_twothree T N MAXV SEED  > input
 * Writes T test cases of N values each, uniform in [1, MAXV], from a splitmix64 stream seeded
 * by SEED: the same arguments always give the same bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Appends v and a separator to buf; returns the new length. */
static size_t put(char *buf, size_t len, uint64_t v, char sep) {
  char tmp[24];
  int k = 0;
  do
    tmp[k++] = (char)('0' + v % 10);
  while ((v /= 10) != 0);
  while (k > 0)
    buf[len++] = tmp[--k];
  buf[len++] = sep;
  return len;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fputs("usage: gen_twothree T N MAXV SEED\n", stderr);
    return 64;
  }
  uint64_t t = strtoull(argv[1], NULL, 10), n = strtoull(argv[2], NULL, 10);
  uint64_t maxv = strtoull(argv[3], NULL, 10), seed = strtoull(argv[4], NULL, 10);
  static char buf[1 << 16];
  size_t len = put(buf, 0, t, '\n');
  for (uint64_t c = 0; c < t; c++) {
    len = put(buf, len, n, '\n');
    for (uint64_t i = 0; i < n; i++) {
      if (len > sizeof buf - 64) {
        fwrite(buf, 1, len, stdout);
        len = 0;
      }
      len = put(buf, len, 1 + next(&seed) % maxv, i + 1 == n ? '\n' : ' ');
    }
  }
  fwrite(buf, 1, len, stdout);
  return 0;
}
