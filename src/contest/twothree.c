/*
 * twothree.c: the contest format of Two and Three (Codeforces Gym 104287J).
 *
 * Input: t; per test case n, then n values. Output per case: "Nino" if the first player wins
 * (the XOR of the values' Grundy numbers is not zero), else "Miku". Beyond the contest: t and n
 * up to 10^9 and values up to 2^64-1. One value is read, valued in O(1) by the closed form
 * (nb_twothree_grundy) and forgotten, so memory stays constant whatever the input's size.
 */
#include "contest.h"
#include "games/division.h"

enum { MAX_COUNT = 1000000000 };

nb_status nb_solve_twothree(nb_reader *r, FILE *out, nb_error *err) {
  uint64_t t;
  nb_status st =
      nb_read_u64(r, 1, MAX_COUNT, "the number of test cases t, from 1 to 1000000000", &t, err);
  for (uint64_t c = 1; st == NB_OK && c <= t; c++) {
    nb_reader_set_item(r, "test case", c, t);
    uint64_t n;
    st = nb_read_u64(r, 1, MAX_COUNT, "the number of values n, from 1 to 1000000000", &n, err);
    unsigned sum = 0;
    for (uint64_t i = 0; st == NB_OK && i < n; i++) {
      uint64_t x;
      st = nb_read_u64(r, 1, UINT64_MAX, "a value from 1 to 18446744073709551615", &x, err);
      if (st == NB_OK) sum ^= nb_twothree_grundy(x);
    }
    if (st == NB_OK) fputs(sum ? "Nino\n" : "Miku\n", out);
    if (st == NB_OK) st = nb_check_output(out, err); /* stop at the first failed write */
  }
  if (st != NB_OK) return st;
  nb_reader_set_context(r, NULL);
  return nb_read_end(r, err);
}
