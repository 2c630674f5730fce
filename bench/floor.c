/*
 * floor.c: the physical floor of reading a contest input, the baseline of the benchmarks.
 *
 * usage: floor numbers|words FILE
 * The least a reader can do: 64 KiB read() calls and one pass over the bytes, no positions, no
 * checks beyond "digit or not" (numbers: parsed one digit at a time) or "space or not" (words:
 * counted, first byte summed), and a checksum printed so the work cannot be optimised away. It
 * shares nothing with nimber's reader: a solver's time divided by this time is the whole cost of
 * nimber's strictness (positions, ranges, messages) plus its solving.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[1], "numbers") != 0 && strcmp(argv[1], "words") != 0)) {
    fputs("usage: floor numbers|words FILE\n", stderr);
    return 64;
  }
  int numbers = strcmp(argv[1], "numbers") == 0;
  int fd = open(argv[2], O_RDONLY);
  if (fd < 0) {
    perror(argv[2]);
    return 66;
  }
  static unsigned char buf[1 << 16];
  uint64_t value = 0, sum = 0, count = 0;
  int in_token = 0;
  ssize_t got;
  while ((got = read(fd, buf, sizeof buf)) > 0) {
    for (ssize_t i = 0; i < got; i++) {
      unsigned c = buf[i];
      int inside = numbers ? c - '0' < 10u : c > ' ';
      if (inside) {
        value = numbers ? value * 10 + (c - '0') : in_token ? value : c;
        in_token = 1;
      } else if (in_token) {
        sum ^= value;
        count++;
        value = 0;
        in_token = 0;
      }
    }
  }
  if (in_token) {
    sum ^= value;
    count++;
  }
  close(fd);
  printf("%llu tokens, checksum %llu\n", (unsigned long long)count, (unsigned long long)sum);
  return 0;
}
