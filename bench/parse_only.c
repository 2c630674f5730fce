/*
 * parse_only.c: the read-only baseline of the benchmarks.
 *
 * usage: parse_only numbers|words FILE
 * Reads every token of FILE through the same nb_reader the solvers use, as unsigned integers
 * (numbers) or as words (words), and prints a checksum so the work cannot be optimised away.
 * A solver's time divided by this time is its overhead over merely reading its input.
 */
#include "contest/reader.h"
#include "nimber.h"

#include <string.h>

int main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[1], "numbers") != 0 && strcmp(argv[1], "words") != 0)) {
    fputs("usage: parse_only numbers|words FILE\n", stderr);
    return 64;
  }
  bool numbers = strcmp(argv[1], "numbers") == 0;
  nb_reader *r;
  nb_error err;
  if (nb_reader_open(argv[2], &r, &err) != NB_OK) {
    fprintf(stderr, "parse_only: %s\n", err.message);
    return err.status;
  }
  uint64_t sum = 0, v;
  char word[64];
  while (!nb_reader_at_end(r)) {
    nb_status st = numbers ? nb_read_u64(r, 0, UINT64_MAX, "a number", &v, &err)
                           : nb_read_word(r, word, sizeof word, "a word", NULL, NULL, &err);
    if (st != NB_OK) {
      fprintf(stderr, "parse_only: %s\n", err.message);
      nb_reader_close(r);
      return st;
    }
    sum += numbers ? v : (uint64_t)word[0] * 31 + (uint64_t)word[1];
  }
  nb_reader_close(r);
  printf("%llu\n", (unsigned long long)sum);
  return 0;
}
