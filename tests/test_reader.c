/*
 * test_reader.c: the strict streaming reader, on memory buffers and on a file larger than its
 * chunk, including every error it reports.
 */
#include "check.h"
#include "contest/reader.h"
#include "nimber.h"

#include <string.h>

static nb_reader *mem(const char *text) {
  nb_reader *r = NULL;
  nb_error err;
  CHECK_OK(nb_reader_open_mem("in", text, strlen(text), &r, &err), &err);
  return r;
}

/* Reads one number from text and returns the error message ("" on success). */
static const char *read_one(const char *text, uint64_t lo, uint64_t hi, uint64_t *v) {
  static nb_error err;
  err.message[0] = '\0';
  nb_reader *r = mem(text);
  nb_status st = nb_read_u64(r, lo, hi, "a value", v, &err);
  CHECK(st == NB_OK || st == NB_EDATA, "status %d", (int)st);
  nb_reader_close(r);
  return st == NB_OK ? "" : err.message;
}

static void test_numbers(void) {
  uint64_t v = 0;
  CHECK(strcmp(read_one("  42 ", 1, 100, &v), "") == 0 && v == 42, "v=%llu", (unsigned long long)v);
  CHECK(strcmp(read_one("18446744073709551615", 0, UINT64_MAX, &v), "") == 0 && v == UINT64_MAX,
        "max");
  CHECK(strcmp(read_one("0007", 0, 10, &v), "") == 0 && v == 7, "leading zeros");
  const char *m = read_one("18446744073709551616", 0, UINT64_MAX, &v);
  CHECK(strcmp(m, "in:1:1: expected a value, found '18446744073709551616' (larger than 2^64-1)") ==
            0,
        "%s", m);
  m = read_one("99999999999999999999999", 0, UINT64_MAX, &v);
  CHECK(strstr(m, "(larger than 2^64-1)") != NULL, "%s", m);
  m = read_one("\n  -5", 1, 10, &v);
  CHECK(strcmp(m, "in:2:3: expected a value, found '-5'") == 0, "%s", m);
  m = read_one("0", 1, 10, &v);
  CHECK(strcmp(m, "in:1:1: expected a value, found '0'") == 0, "%s", m);
  m = read_one("11", 1, 10, &v);
  CHECK(strcmp(m, "in:1:1: expected a value, found '11'") == 0, "%s", m);
  m = read_one("12x", 1, 100, &v);
  CHECK(strcmp(m, "in:1:1: expected a value, found '12x'") == 0, "%s", m);
  m = read_one("abc", 1, 100, &v);
  CHECK(strcmp(m, "in:1:1: expected a value, found 'abc'") == 0, "%s", m);
  m = read_one("   \n\n", 1, 100, &v);
  CHECK(strcmp(m, "in:3:1: expected a value, found end of input") == 0, "%s", m);
  m = read_one("\x01\xff", 1, 100, &v);
  CHECK(strcmp(m, "in:1:1: expected a value, found '\\x01\\xff'") == 0, "%s", m);
  char longtok[200];
  memset(longtok, 'a', sizeof longtok - 1);
  longtok[sizeof longtok - 1] = '\0';
  m = read_one(longtok, 1, 100, &v);
  CHECK(strstr(m, "found 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'") != NULL, "%s", m);
}

static void test_context_words_end(void) {
  nb_error err;
  nb_reader *r = mem("3 III\n  .I.  extra");
  uint64_t v, line, col;
  char w[8];
  CHECK_OK(nb_read_u64(r, 1, 9, "n", &v, &err), &err);
  CHECK_OK(nb_read_word(r, w, sizeof w, "a layer", &line, &col, &err), &err);
  CHECK(strcmp(w, "III") == 0 && line == 1 && col == 3, "%s %llu:%llu", w, (unsigned long long)line,
        (unsigned long long)col);
  CHECK_OK(nb_read_word(r, w, sizeof w, "a layer", &line, &col, &err), &err);
  CHECK(strcmp(w, ".I.") == 0 && line == 2 && col == 3, "%s", w);
  CHECK(nb_read_end(r, &err) == NB_EDATA, "extra data accepted");
  CHECK(strcmp(err.message, "in:2:8: expected end of input, found 'extra'") == 0, "%s",
        err.message);
  nb_reader_close(r);

  r = mem("1 2");
  nb_reader_set_context(r, "test case 2 of 3 is incomplete");
  CHECK_OK(nb_read_u64(r, 1, 9, "n", &v, &err), &err);
  CHECK_OK(nb_read_u64(r, 1, 9, "n", &v, &err), &err);
  CHECK(nb_read_u64(r, 1, 9, "a value", &v, &err) == NB_EDATA, "eof accepted");
  CHECK(strcmp(err.message,
               "in:1:4: expected a value, found end of input (test case 2 of 3 is incomplete)") ==
            0,
        "%s", err.message);
  nb_reader_close(r);

  r = mem("toolong");
  CHECK(nb_read_word(r, w, 4, "a layer", NULL, NULL, &err) == NB_EDATA, "long word accepted");
  CHECK(strcmp(err.message, "in:1:1: expected a layer, found 'toolong'") == 0, "%s", err.message);
  CHECK(nb_reader_fail_at(r, 7, 9, &err, "two adjacent %s", ".I.") == NB_EDATA, "fail_at");
  CHECK(strcmp(err.message, "in:7:9: two adjacent .I.") == 0, "%s", err.message);
  nb_reader_close(r);
}

/* A file of several chunks: every number comes back, positions stay right across refills. */
static void test_large_file(void) {
  FILE *f = tmpfile();
  CHECK(f != NULL, "tmpfile");
  if (f == NULL) return;
  uint64_t state = 7, sum = 0;
  const int count = 200000;
  for (int i = 0; i < count; i++) {
    uint64_t v = check_rand(&state);
    sum += v;
    fprintf(f, "%llu%s", (unsigned long long)v, i % 10 == 9 ? "\n" : " ");
  }
  fputs("oops", f);
  rewind(f);
  nb_reader *r = NULL;
  nb_error err;
  CHECK_OK(nb_reader_open("-", &r, &err), &err); /* standard input opens (and is not closed) */
  nb_reader_close(r);
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fileno(f));
  CHECK_OK(nb_reader_open(path, &r, &err), &err);
  uint64_t got = 0, v;
  for (int i = 0; i < count; i++) {
    if (nb_read_u64(r, 0, UINT64_MAX, "v", &v, &err) != NB_OK) {
      CHECK(0, "number %d: %s", i, err.message);
      break;
    }
    got += v;
  }
  CHECK(got == sum, "sum differs");
  CHECK(nb_read_end(r, &err) == NB_EDATA, "trailing word accepted");
  char want[80];
  snprintf(want, sizeof want, ":%d:1: expected end of input, found 'oops'", count / 10 + 1);
  CHECK(strstr(err.message, want) != NULL, "%s (want %s)", err.message, want);
  nb_reader_close(r);
  fclose(f);
  CHECK(nb_reader_open("/nonexistent/file", &r, &err) == NB_ENOINPUT, "missing file opened");
  CHECK(strcmp(err.message,
               "/nonexistent/file: cannot open for reading: No such file or directory") == 0,
        "%s", err.message);
  /* A directory opens but cannot be read: an error, never an empty input. */
  CHECK_OK(nb_reader_open("/", &r, &err), &err);
  CHECK(nb_read_u64(r, 0, 9, "t", &v, &err) == NB_ENOINPUT, "directory read");
  CHECK(strcmp(err.message, "/:1:1: cannot read further: Is a directory") == 0, "%s", err.message);
  CHECK(nb_read_end(r, &err) == NB_ENOINPUT, "directory accepted as empty");
  nb_reader_close(r);
}

/* Issue 11, defect 1: a number whose digits cross the reader's chunk boundary (here after 100
 * leading zeros, at every offset around the first and second chunk ends of a real file) is read
 * whole, never as two numbers; a layer crossing it likewise. */
static void test_token_across_chunks(void) {
  static char text[140000];
  for (size_t at = 65400; at < 65700; at += 3) {
    FILE *f = tmpfile();
    CHECK(f != NULL, "tmpfile");
    if (f == NULL) return;
    size_t len = 0, ones = 0;
    while (len + 2 <= at) {
      memcpy(text + len, "1 ", 2);
      len += 2;
      ones++;
    }
    len += (size_t)snprintf(text + len, 200, "%0120llu III\n", 123456789012345678ull);
    fwrite(text, 1, len, f);
    fflush(f);
    rewind(f);
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fileno(f));
    nb_reader *r;
    nb_error err;
    CHECK_OK(nb_reader_open(path, &r, &err), &err);
    uint64_t v = 0, sum = 0;
    for (size_t i = 0; i < ones && nb_read_u64(r, 1, 1, "one", &v, &err) == NB_OK; i++)
      sum += v;
    CHECK(sum == ones, "offset %zu: %llu of %zu ones", at, (unsigned long long)sum, ones);
    CHECK(nb_read_u64(r, 1, UINT64_MAX, "a value", &v, &err) == NB_OK && v == 123456789012345678ull,
          "offset %zu: %s", at, err.message);
    char word[8];
    CHECK(nb_read_word(r, word, sizeof word, "a layer", NULL, NULL, &err) == NB_OK &&
              strcmp(word, "III") == 0,
          "offset %zu: %s", at, err.message);
    CHECK(nb_read_end(r, &err) == NB_OK, "offset %zu: %s", at, err.message);
    nb_reader_close(r);
    fclose(f);
  }
}

/* Issue 11, defect 2: NUL is an ordinary bad byte, inside a word or a number, shown as \x00. */
static void test_nul(void) {
  nb_error err;
  nb_reader *r;
  CHECK_OK(nb_reader_open_mem("in", "III\0XYZ", 7, &r, &err), &err);
  char w[8];
  CHECK(nb_read_word(r, w, sizeof w, "a layer", NULL, NULL, &err) == NB_EDATA, "NUL accepted");
  CHECK(strcmp(err.message, "in:1:1: expected a layer, found 'III\\x00XYZ'") == 0, "%s",
        err.message);
  nb_reader_close(r);
  CHECK_OK(nb_reader_open_mem("in", "1\n12\0", 5, &r, &err), &err);
  uint64_t v;
  CHECK_OK(nb_read_u64(r, 1, 9, "n", &v, &err), &err);
  CHECK(nb_read_u64(r, 1, 99, "a value", &v, &err) == NB_EDATA, "NUL accepted in a number");
  CHECK(strcmp(err.message, "in:2:1: expected a value, found '12\\x00'") == 0, "%s", err.message);
  nb_reader_close(r);
}

static void test_parse_u64(void) {
  uint64_t v = 5;
  CHECK(nb_parse_u64("123", &v) && v == 123, "123");
  CHECK(nb_parse_u64("18446744073709551615", &v) && v == UINT64_MAX, "max");
  CHECK(!nb_parse_u64("18446744073709551616", &v), "overflow");
  CHECK(!nb_parse_u64("", &v) && !nb_parse_u64("-1", &v) && !nb_parse_u64("+1", &v) &&
            !nb_parse_u64("1 ", &v) && !nb_parse_u64("0x10", &v),
        "junk accepted");
}

int main(void) {
  test_numbers();
  test_context_words_end();
  test_large_file();
  test_token_across_chunks();
  test_nul();
  test_parse_u64();
  return check_done();
}
