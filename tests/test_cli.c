/*
 * test_cli.c: the text handling the command line relies on, where silent cuts used to hide.
 *
 * - cli_read_line (the line reader of `play`): fixed cases, then a differential test against a
 *   plain splitter written here, over random byte streams full of NULs, '\r' and newlines, with
 *   buffers from 1 byte up: every line comes back with its true length, a long one is refused
 *   and never swallows the next.
 * - nb_quote: short texts whole, long ones cut visibly with their length, every byte outside
 *   printable ASCII as \xNN; the shown part decodes back to a prefix of the text.
 * - Specs at their true length: items longer than any old buffer, specs longer than 255 bytes.
 * - nb_text (the in-memory JSON of `table`): its limit, and JSON string escaping.
 * - nb_fail and nb_check_output: a message too long to hold ends in "...", a failed write is
 *   reported.
 * - The progress line (progress.c): off when its stream is not a terminal (nothing written, as
 *   in every redirected run); on, driven by a clock given here: nothing in the first second,
 *   then at most once a second, erased at the end. Numbers with commas.
 * - The cap on sizes valued one by one (cli_size_run, nb_run_of_size), and runs by proof or size by
 * size.
 */
#include "check.h"
#include "cli/cli.h"

#include <string.h>

/* --- cli_read_line ------------------------------------------------------------------------- */

/* A stream over the bytes text[0..len) (NULs included). */
static FILE *stream(const char *text, size_t len) {
  FILE *f = len ? fmemopen((void *)text, len, "r") : fopen("/dev/null", "r");
  if (f == NULL) {
    perror("fmemopen");
    exit(1);
  }
  return f;
}

/* Reads the next line and checks what came back. */
static void expect_line(FILE *f, size_t cap, cli_line want, const char *bytes, size_t len) {
  char buf[64];
  size_t got_len = 12345;
  memset(buf, 'Z', sizeof buf);
  cli_line got = cli_read_line(f, buf, cap, &got_len);
  size_t kept = len < cap - 1 ? len : cap - 1;
  CHECK(got == want, "status %d, expected %d (line '%.*s')", (int)got, (int)want, (int)kept, bytes);
  CHECK(got_len == len, "length %zu, expected %zu", got_len, len);
  CHECK(memcmp(buf, bytes, kept) == 0 && buf[kept] == '\0', "bytes of '%.*s'", (int)kept, bytes);
}

static void test_read_line_cases(void) {
  static const char moves[] = "5/2\n2/2\n";
  FILE *f = stream(moves, sizeof moves - 1);
  expect_line(f, 64, CLI_LINE_OK, "5/2", 3);
  expect_line(f, 64, CLI_LINE_OK, "2/2", 3);
  expect_line(f, 64, CLI_LINE_END, "", 0);
  expect_line(f, 64, CLI_LINE_END, "", 0);
  fclose(f);

  static const char nul[] = "a\0b\nquit\n"; /* the NUL is a byte of the line, not its end */
  f = stream(nul, sizeof nul - 1);
  expect_line(f, 64, CLI_LINE_OK, "a\0b", 3);
  expect_line(f, 64, CLI_LINE_OK, "quit", 4);
  fclose(f);

  static const char edge[] = "1234567\n12345678\nnext\n\nlast"; /* cap 8: 7 bytes fit */
  f = stream(edge, sizeof edge - 1);
  expect_line(f, 8, CLI_LINE_OK, "1234567", 7);
  expect_line(f, 8, CLI_LINE_LONG, "12345678", 8);
  expect_line(f, 8, CLI_LINE_OK, "next", 4);
  expect_line(f, 8, CLI_LINE_OK, "", 0);
  expect_line(f, 8, CLI_LINE_OK, "last", 4); /* a last line without '\n' */
  expect_line(f, 8, CLI_LINE_END, "", 0);
  fclose(f);

  f = stream("", 0);
  expect_line(f, 1, CLI_LINE_END, "", 0);
  fclose(f);

  enum { HUGE = 1 << 20 }; /* a megabyte line costs the caller's buffer only */
  char *big = malloc(HUGE + 6);
  memset(big, 'x', HUGE);
  memcpy(big + HUGE, "\nnext", 5);
  f = stream(big, HUGE + 5);
  expect_line(f, 64, CLI_LINE_LONG, big, HUGE);
  expect_line(f, 64, CLI_LINE_OK, "next", 4);
  fclose(f);
  free(big);

  f = fopen("/dev/null", "w"); /* reading a write-only stream: a read error */
  expect_line(f, 64, CLI_LINE_ERROR, "", 0);
  fclose(f);
}

/* Random streams against a plain splitter: the lines are the pieces between '\n's, and the
 * piece after the last one if it is not empty. */
static void test_read_line_random(void) {
  static const char alphabet[] = {'a', 'b', '\0', '\n', '\n', '\r', ' ', '\xff'};
  uint64_t seed = 11;
  int rounds = getenv("NB_TEST_QUICK") ? 2000 : 20000;
  for (int round = 0; round < rounds; round++) {
    char text[80];
    size_t len = (size_t)check_range(&seed, 1, sizeof text);
    size_t cap = (size_t)check_range(&seed, 1, 20);
    for (size_t i = 0; i < len; i++)
      text[i] = alphabet[check_rand(&seed) % sizeof alphabet];
    FILE *f = stream(text, len);
    size_t start = 0;
    while (start < len) {
      const char *nl = memchr(text + start, '\n', len - start);
      size_t line = nl ? (size_t)(nl - (text + start)) : len - start;
      expect_line(f, cap, line < cap ? CLI_LINE_OK : CLI_LINE_LONG, text + start, line);
      start += line + 1;
    }
    expect_line(f, cap, CLI_LINE_END, "", 0);
    fclose(f);
  }
}

/* --- nb_quote -------------------------------------------------------------------------------- */

static void expect_quote(const char *text, size_t len, const char *want) {
  char buf[NB_QUOTE_CAP];
  nb_quote(buf, text, len);
  CHECK(strcmp(buf, want) == 0, "quoted as %s, expected %s", buf, want);
}

/* Decodes the shown part of a quote ('TEXT' or 'TEXT...' (N bytes in all)) into out; returns
 * its length, and whether the quote says it was cut. Every backslash starts an escape. */
static size_t unquote(const char *q, char *out, bool *cut) {
  const char *end = strstr(q, "...' (");
  *cut = end != NULL && strstr(end, " bytes in all)") != NULL;
  if (!*cut) end = q + strlen(q) - 1;
  size_t n = 0;
  for (const char *p = q + 1; p < end; p++) {
    if (*p == '\\') {
      out[n++] = (char)strtol((char[]){p[2], p[3], '\0'}, NULL, 16);
      p += 3;
    } else {
      out[n++] = *p;
    }
  }
  return n;
}

static void test_quote(void) {
  expect_quote("5/2", 3, "'5/2'");
  expect_quote("", 0, "''");
  expect_quote("a\0b", 3, "'a\\x00b'");
  expect_quote("\xc3\xa9\t\x7f", 4, "'\\xc3\\xa9\\x09\\x7f'");
  expect_quote("\\x00'", 5, "'\\x5cx00''"); /* a typed backslash is not an escape */
  char x[200];
  memset(x, 'x', sizeof x);
  char want[200];
  snprintf(want, sizeof want, "'%.64s'", x);
  expect_quote(x, 64, want); /* 64 bytes fit */
  snprintf(want, sizeof want, "'%.64s...' (65 bytes in all)", x);
  expect_quote(x, 65, want);
  x[63] = '\0'; /* 63 plain bytes, then a NUL needing 4 more than fit */
  snprintf(want, sizeof want, "'%.63s...' (64 bytes in all)", x);
  expect_quote(x, 64, want);

  /* Random texts: the quote fits its buffer, reads no more than it may (ASan watches the exact
   * allocation), and shows a prefix of the text: the whole text unless it says it was cut. */
  uint64_t seed = 5;
  for (int round = 0; round < 20000; round++) {
    size_t len = (size_t)check_range(&seed, 0, 150);
    char *text = malloc(len ? len : 1);
    for (size_t i = 0; i < len; i++)
      text[i] = (char)(check_rand(&seed) % 4 ? 'a' + check_rand(&seed) % 26 : check_rand(&seed));
    char buf[NB_QUOTE_CAP], shown[NB_QUOTE_CAP];
    nb_quote(buf, text, len);
    bool cut;
    size_t n = unquote(buf, shown, &cut);
    CHECK(strlen(buf) < NB_QUOTE_CAP, "length %zu", strlen(buf));
    CHECK(n <= len && memcmp(shown, text, n) == 0, "not a prefix: %s", buf);
    CHECK(cut == (n < len), "cut %d, shown %zu of %zu: %s", cut, n, len, buf);
    if (cut) {
      char note[64];
      snprintf(note, sizeof note, "...' (%zu bytes in all)", len);
      CHECK(strstr(buf, note) != NULL, "%s", buf);
    }
    for (const char *p = buf; *p; p++)
      CHECK(*p >= 0x20 && *p < 0x7f, "raw byte 0x%02x in %s", (unsigned char)*p, buf);
    free(text);
  }
}

/* --- specs at their true length ------------------------------------------------------------ */

static void test_specs(void) {
  uint64_t v = 0;
  CHECK(nb_parse_u64_n("2junk", 1, &v) && v == 2, "prefix of one byte");
  CHECK(!nb_parse_u64_n("2junk", 5, &v), "2junk accepted");
  CHECK(!nb_parse_u64_n("", 0, &v), "empty accepted");
  CHECK(nb_parse_u64_n("18446744073709551615", 20, &v) && v == UINT64_MAX, "2^64-1");
  CHECK(!nb_parse_u64_n("18446744073709551616", 20, &v), "2^64 accepted");
  CHECK(nb_parse_u64_n("00000000000000000000000000000000000000002", 41, &v) && v == 2, "zeros");

  /* An item longer than the 31 bytes the parser once copied is read whole, and refused whole. */
  nb_error err = {0};
  nb_game *g = NULL;
  CHECK(nb_game_open("div:0000000000000000000000000000002junk", &g, &err) == NB_EUSAGE,
        "a long bad divisor accepted");
  CHECK(strcmp(err.message, "game 'div:0000000000000000000000000000002junk': expected a divisor "
                            "(an integer from 2 to 2^64-1), found "
                            "'0000000000000000000000000000002junk'") == 0,
        "%s", err.message);
  nb_game_free(g);
  g = NULL;
  CHECK_OK(nb_game_open("div:00000000000000000000000000000000000000000000000002,3", &g, &err),
           &err);
  char spec[16];
  CHECK(nb_game_spec(g, spec, sizeof spec) == 7 && strcmp(spec, "div:2,3") == 0, "%s", spec);
  nb_game_free(g);

  /* A psub spec far longer than 255 bytes keeps its '/' and Right's amounts. */
  char text[8192], want[8192];
  size_t n = (size_t)snprintf(text, sizeof text, "psub:");
  for (int a = 400; a >= 1; a--) /* given in decreasing order: the spec sorts them */
    n += (size_t)snprintf(text + n, sizeof text - n, "%d%s", a, a > 1 ? "," : "/");
  n += (size_t)snprintf(text + n, sizeof text - n, "401,402");
  size_t w = (size_t)snprintf(want, sizeof want, "psub:");
  for (int a = 1; a <= 400; a++)
    w += (size_t)snprintf(want + w, sizeof want - w, "%d%s", a, a < 400 ? "," : "/");
  w += (size_t)snprintf(want + w, sizeof want - w, "401,402");
  g = NULL;
  CHECK_OK(nb_game_open(text, &g, &err), &err);
  char *full = nb_game_spec_new(g, &err);
  CHECK(full != NULL && strcmp(full, want) == 0, "spec of %zu bytes: %.80s...", w, full);
  char quoted[NB_QUOTE_CAP], expect[NB_QUOTE_CAP];
  snprintf(expect, sizeof expect, "'%.64s...' (%zu bytes in all)", want, w);
  CHECK(strcmp(nb_game_spec_quote(g, quoted), expect) == 0, "%s", quoted);
  free(full);
  nb_game_free(g);

  /* A bad amount deep in a long spec: both the spec and the item are quoted, the spec cut. */
  memcpy(text + n, ",0x", 4);
  CHECK(nb_game_open(text, &g, &err) == NB_EUSAGE, "psub with 0x accepted");
  CHECK(strstr(err.message, "...' (") != NULL && strstr(err.message, "found '0x'") != NULL, "%s",
        err.message);
}

/* --- nb_text, nb_fail, nb_check_output ------------------------------------------------------ */

static void test_text_and_errors(void) {
  nb_error err = {0};
  nb_text t = {.limit = 10};
  CHECK(nb_text_add(&t, "12345", 5, &err) == NB_OK, "%s", err.message);
  CHECK(nb_text_printf(&t, &err, "%d", 123456) == NB_EDATA && t.overflowed, "over the limit");
  CHECK(t.len == 5 && strcmp(t.data, "12345") == 0, "changed by a refused append: %s", t.data);
  CHECK(nb_text_printf(&t, &err, "%s", "67890") == NB_OK && strcmp(t.data, "1234567890") == 0,
        "exactly the limit");
  CHECK(t.cap <= t.limit + 1, "cap %zu", t.cap);
  free(t.data);

  nb_text j = {0};
  CHECK(nb_text_json_string(&j, "a\"b\\c\x01\n", &err) == NB_OK, "%s", err.message);
  CHECK(strcmp(j.data, "\"a\\\"b\\\\c\\u0001\\u000a\"") == 0, "%s", j.data);
  free(j.data);

  char long_text[2000];
  memset(long_text, 'y', sizeof long_text - 1);
  long_text[sizeof long_text - 1] = '\0';
  nb_fail(&err, NB_EDATA, "%s", long_text);
  size_t len = strlen(err.message);
  CHECK(len == sizeof err.message - 1 && strcmp(err.message + len - 3, "...") == 0,
        "a cut message must show it: ...%s", err.message + len - 8);

  FILE *full = fopen("/dev/full", "w");
  if (full != NULL) {
    setvbuf(full, NULL, _IONBF, 0);
    CHECK(nb_check_output(full, &err) == NB_OK, "no write yet");
    fputs("Miku\n", full);
    CHECK(nb_check_output(full, &err) == NB_EINTERNAL, "a failed write not seen");
    CHECK(strcmp(err.message, "cannot write the output: No space left on device") == 0, "%s",
          err.message);
    fclose(full);
  }
}

/* --- progress line, numbers with commas, the cap on sizes ----------------------------------- */

/* What was written to f since it was opened, as a string (at most cap - 1 bytes). */
static const char *written(FILE *f, char *buf, size_t cap) {
  fflush(f);
  long len = ftell(f);
  rewind(f);
  size_t got = fread(buf, 1, cap - 1, f);
  buf[got] = '\0';
  fseek(f, len, SEEK_SET);
  return buf;
}

static void test_progress(void) {
  char a[27];
  static const struct {
    uint64_t n;
    const char *text;
  } commas[] = {{0, "0"},
                {999, "999"},
                {1000, "1,000"},
                {12345678, "12,345,678"},
                {100000000, "100,000,000"},
                {UINT64_MAX, "18,446,744,073,709,551,615"}};
  for (size_t i = 0; i < sizeof commas / sizeof commas[0]; i++)
    CHECK(strcmp(cli_commas(a, commas[i].n), commas[i].text) == 0, "%s", a);

  FILE *f = tmpfile();
  char buf[256];
  cli_progress p;
  cli_progress_init(&p, f); /* a file is no terminal: progress is off */
  CHECK(p.out == NULL, "progress on for a file");
  cli_progress_tick(&p, "table", 5, 10, "sizes");
  cli_progress_search(&p, "positions", 65536, 1 << 22, false);
  cli_progress_search(&p, "positions", 65536, 1 << 22, true);
  cli_progress_end(&p);
  CHECK(strcmp(written(f, buf, sizeof buf), "") == 0, "wrote '%s' while off", buf);

  p = (cli_progress){.out = f};                      /* on, as for a terminal; the clock is ours */
  CHECK(!cli_progress_due(&p, 5000), "due at once"); /* starts the clock */
  CHECK(!cli_progress_due(&p, 5999), "due within the first second");
  CHECK(cli_progress_due(&p, 6000), "not due after a second");
  cli_progress_write(&p, 6000, "table: 1 of 2 sizes");
  CHECK(!cli_progress_due(&p, 6999) && cli_progress_due(&p, 7000), "rewritten within a second");
  cli_progress_end(&p);
  CHECK(!cli_progress_due(&p, 7000), "the next work waits its second again");
  CHECK(strcmp(written(f, buf, sizeof buf), "\rtable: 1 of 2 sizes\033[K\r\033[K") == 0, "%s", buf);
  cli_progress_end(&p); /* nothing shown: nothing to erase */
  CHECK(strcmp(buf, written(f, buf + 128, 128)) == 0, "erased twice");
  fclose(f);
}

static void test_size_cap(void) {
  nb_error err = {0};
  nb_game *g = NULL;
  nb_solver *s = NULL;
  CHECK_OK(nb_game_open("twothree", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  cli_sizes z = cli_sizes_start("table", s);
  z.tally.valued = CLI_MAX_SIZES - 1;
  nb_value v;
  uint64_t end = 0;
  CHECK(cli_size_run(&z, 5, 5, &v, &end, &err) == NB_OK && v.nimber == 2 && end == 5, "g(5)");
  CHECK(cli_size_run(&z, 6, 6, &v, &end, &err) == NB_EDATA, "the cap passed");
  CHECK(strstr(err.message, "table: 100,000,000 sizes of 'div:2,3' valued one by one") != NULL,
        "%s", err.message);
  /* Division games prove their runs: [6, 11] costs one look-up past its first size, whatever
   * `to` says; the value after a run is the one that ends it. */
  z = cli_sizes_start("table", s);
  CHECK(cli_size_run(&z, 6, 1000, &v, &end, &err) == NB_OK && end == 11, "run to %llu",
        (unsigned long long)end);
  CHECK(z.tally.valued == 2, "%llu valued", (unsigned long long)z.tally.valued);
  /* 12 ended the run and starts the next: valued again, it is not counted again */
  CHECK(cli_size_run(&z, 12, 12, &v, &end, &err) == NB_OK && end == 12, "12 alone");
  CHECK(z.tally.valued == 2, "12 counted twice: %llu", (unsigned long long)z.tally.valued);
  CHECK(cli_size_run(&z, 6, 9, &v, &end, &err) == NB_OK && end == 9, "cut at 9: %llu",
        (unsigned long long)end);
  nb_solver_free(s);
  nb_game_free(g);

  /* psub proves no runs before its period: sizes one by one. psub:1/2 repeats P L N. */
  CHECK_OK(nb_game_open("psub:1/2", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  z = cli_sizes_start("table", s);
  CHECK(cli_size_run(&z, 3, 100, &v, &end, &err) == NB_OK && v.outcome == NB_OUTCOME_P &&
            end == 3 && z.tally.valued == 2,
        "run");
  nb_solver_free(s);
  nb_game_free(g);
}

int main(void) {
  test_read_line_cases();
  test_read_line_random();
  test_quote();
  test_specs();
  test_text_and_errors();
  test_progress();
  test_size_cap();
  return check_done();
}
