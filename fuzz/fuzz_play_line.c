/*
 * fuzz_play_line.c: the line reader of `nimber play` (cli_read_line) against a plain splitter.
 *
 * Input: byte 0 picks the buffer size from `caps`; the rest is the stream, read line by line
 * until the end. A plain reference splits the same bytes at '\n': every line must come back with
 * its true length (NUL bytes and '\r' included, the '\n' not), CLI_LINE_OK when it fits the
 * buffer (at most cap - 1 bytes) and CLI_LINE_LONG otherwise, with the buffer holding its first
 * bytes and a '\0' after them, and the next call starting at the next line whatever the
 * lengths (issue 11, defect 8: a line with a NUL byte was taken for an over-long one and the
 * next line swallowed). The end of the stream is CLI_LINE_END, and stays so.
 */
#include "cli.h"
#include "fuzz.h"

static const size_t caps[] = {1, 2, 3, 4, 8, 64, 1023, 1025};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  size_t cap = caps[data[0] % (sizeof caps / sizeof caps[0])];
  const uint8_t *text = data + 1;
  size_t len = size - 1;
  FILE *in = len ? fmemopen((void *)text, len, "r") : fopen("/dev/null", "r");
  FUZZ_CHECK(in != NULL, "cannot open the stream");
  char *buf = nb_alloc(cap + 1, 1, NULL);
  FUZZ_CHECK(buf != NULL, "out of memory");
  size_t pos = 0, lines = 0;
  for (;; lines++) {
    buf[cap] = 'X'; /* must stay: nothing is written past cap */
    size_t got_len = SIZE_MAX;
    cli_line got = cli_read_line(in, buf, cap, &got_len);
    FUZZ_CHECK(buf[cap] == 'X', "line %zu: written past %zu bytes", lines + 1, cap);
    if (pos == len) {
      FUZZ_CHECK(got == CLI_LINE_END, "line %zu: status %d at the end", lines + 1, (int)got);
      FUZZ_CHECK(cli_read_line(in, buf, cap, &got_len) == CLI_LINE_END, "end, then not");
      break;
    }
    const uint8_t *nl = memchr(text + pos, '\n', len - pos);
    size_t want_len = nl ? (size_t)(nl - (text + pos)) : len - pos;
    size_t kept = want_len < cap - 1 ? want_len : cap - 1;
    cli_line want = want_len <= cap - 1 ? CLI_LINE_OK : CLI_LINE_LONG;
    FUZZ_CHECK(got == want && got_len == want_len, "line %zu: status %d, length %zu; want %d, %zu",
               lines + 1, (int)got, got_len, (int)want, want_len);
    FUZZ_CHECK(memcmp(buf, text + pos, kept) == 0 && buf[kept] == '\0', "line %zu: bytes",
               lines + 1);
    pos += want_len + (nl != NULL);
  }
  fclose(in);
  free(buf);
  return 0;
}
