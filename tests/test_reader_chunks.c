/*
 * test_reader_chunks.c: the streaming reader against a plain reference, wherever chunks fall.
 *
 * The reference below reads the whole input as one string, the obvious way: skip white space
 * counting lines, take the token, and accept or refuse it by the reader's documented rules
 * (numbers: digits only, any number of leading zeros, at most 2^64-1, inside [lo, hi]; words:
 * printable ASCII, shorter than the caller's buffer and at most 63 bytes), with the message the
 * reader documents. The streaming reader must give the same values and the same messages for
 * every input and every chunk size: chunks of 1 byte put a boundary inside every token, and
 * tokens with hundreds of leading zeros cross every buffer (issue 11, defect 1: such a number was
 * read as two numbers, a silent wrong answer). Inputs are random mixes of valid numbers, huge
 * ones, zeros, words, NUL and other bad bytes, and runs of white space.
 */
#include "check.h"
#include "contest/reader.h"
#include "internal.h"

#include <string.h>

enum { SHOWN = 40, MAX_WORD = 63, WORD_CAP = 8, MAX_INPUT = 1 << 14 };

static bool ref_space(unsigned char c) {
  return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

typedef struct ref {
  const unsigned char *in;
  size_t len, pos;
  uint64_t line, line_start;
} ref;

static void ref_skip(ref *r) {
  while (r->pos < r->len && ref_space(r->in[r->pos])) {
    if (r->in[r->pos] == '\n') {
      r->line++;
      r->line_start = r->pos + 1;
    }
    r->pos++;
  }
}

/* The token at pos: its end, and its quote for messages. */
static size_t ref_token(const ref *r, char *quote, size_t cap) {
  size_t end = r->pos, k = 0;
  while (end < r->len && !ref_space(r->in[end]))
    end++;
  for (size_t i = r->pos; i < end && i - r->pos < SHOWN; i++) {
    unsigned char c = r->in[i];
    k += (size_t)snprintf(quote + k, cap - k, c >= 0x20 && c < 0x7f ? "%c" : "\\x%02x", c);
  }
  if (end - r->pos > SHOWN) snprintf(quote + k, cap - k, "...");
  return end;
}

/* One read, as the reader must answer it: "=VALUE", "=WORD" or "!MESSAGE". */
static void ref_read(ref *r, bool number, uint64_t lo, uint64_t hi, char *out, size_t cap) {
  ref_skip(r);
  unsigned long long line = r->line, col = r->pos - r->line_start + 1;
  const char *what = number ? "a value" : "a word";
  if (r->pos == r->len) {
    snprintf(out, cap, "!in:%llu:%llu: expected %s, found end of input", line, col, what);
    return;
  }
  char quote[SHOWN * 4 + 8];
  size_t end = ref_token(r, quote, sizeof quote);
  bool ok = true, overflow = false;
  uint64_t v = 0;
  for (size_t i = r->pos; i < end; i++) {
    unsigned char c = r->in[i];
    if (number && (c < '0' || c > '9')) ok = false;
    if (!number && (c < 0x21 || c > 0x7e)) ok = false;
    if (number && ok && !overflow) {
      overflow = v > (UINT64_MAX - (uint64_t)(c - '0')) / 10;
      v = v * 10 + (uint64_t)(c - '0');
    }
  }
  if (number && ok && !overflow && v >= lo && v <= hi) {
    snprintf(out, cap, "=%llu", (unsigned long long)v);
  } else if (!number && ok && end - r->pos < WORD_CAP) {
    snprintf(out, cap, "=%.*s@%llu:%llu", (int)(end - r->pos), (const char *)r->in + r->pos, line,
             col);
  } else {
    snprintf(out, cap, "!in:%llu:%llu: expected %s, found '%s'%s", line, col, what, quote,
             number && ok && overflow ? " (larger than 2^64-1)" : "");
    return;
  }
  r->pos = end;
}

/* The same read through the streaming reader. */
static nb_status real_read(nb_reader *rd, bool number, uint64_t lo, uint64_t hi, char *out,
                           size_t cap) {
  nb_error err = {0};
  nb_status st;
  if (number) {
    uint64_t v = 0;
    st = nb_read_u64(rd, lo, hi, "a value", &v, &err);
    if (st == NB_OK) snprintf(out, cap, "=%llu", (unsigned long long)v);
  } else {
    char word[WORD_CAP];
    uint64_t line = 0, col = 0;
    st = nb_read_word(rd, word, sizeof word, "a word", &line, &col, &err);
    if (st == NB_OK)
      snprintf(out, cap, "=%s@%llu:%llu", word, (unsigned long long)line, (unsigned long long)col);
  }
  if (st != NB_OK) snprintf(out, cap, "!%s", err.message);
  return st;
}

/* Appends a random token or separator to buf. */
static size_t add_piece(char *buf, size_t len, uint64_t *rng) {
  static const char *const words[] = {"III", ".I.", "II.", "x", "-5", "+7", "1.5", "0x10", "12ab"};
  char piece[400];
  size_t n = 0;
  switch (check_rand(rng) % 8) {
  case 0: /* a number with many leading zeros: crosses buffers */
    n = (size_t)check_range(rng, 1, 300);
    memset(piece, '0', n);
    n += (size_t)snprintf(piece + n, 40, "%llu", (unsigned long long)check_rand(rng) % 1000000);
    break;
  case 1: /* a plain number of any size, 20-digit ones included */
    n = (size_t)snprintf(piece, sizeof piece, "%llu",
                         (unsigned long long)(check_rand(rng) >> check_range(rng, 0, 63)));
    break;
  case 2: /* beyond 2^64-1, or a long run of digits */
    n = (size_t)check_range(rng, 20, 120);
    for (size_t i = 0; i < n; i++)
      piece[i] = (char)('0' + check_rand(rng) % 10);
    if (check_rand(rng) % 2) piece[0] = '1';
    break;
  case 3: /* a word, or a long word */
    n = (size_t)snprintf(piece, sizeof piece, "%s", words[check_rand(rng) % 9]);
    if (check_rand(rng) % 4 == 0) {
      size_t more = (size_t)check_range(rng, 1, 100);
      memset(piece + n, 'I', more);
      n += more;
    }
    break;
  case 4: /* a bad byte inside a token: NUL, 0xff, a control */
    n = (size_t)snprintf(piece, sizeof piece, "%llu", (unsigned long long)check_rand(rng) % 100);
    piece[n++] = "\0\xff\x01\x7f"[check_rand(rng) % 4];
    n += (size_t)snprintf(piece + n, 10, "XYZ");
    break;
  default: /* white space, sometimes a long run */
    n = (size_t)(check_rand(rng) % 16 == 0 ? check_range(rng, 50, 300) : check_range(rng, 1, 3));
    for (size_t i = 0; i < n; i++)
      piece[i] = " \n\t\r\v\f  \n"[check_rand(rng) % 9];
    break;
  }
  if (len + n + 1 > MAX_INPUT) return len;
  memcpy(buf + len, piece, n);
  len += n;
  buf[len++] = check_rand(rng) % 3 ? ' ' : '\n';
  return len;
}

/* Reads the whole input by one random program of number and word reads, through the reference
 * and through readers of every chunk size; all must agree, read for read. */
static void check_input(const char *buf, size_t len, uint64_t program) {
  static const size_t chunks[] = {1, 2, 3, 7, 8, 9, 31, 63, 64, 65, 100, 257, 4096, 0};
  for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
    ref r = {(const unsigned char *)buf, len, 0, 1, 0};
    nb_reader *rd;
    nb_error err;
    CHECK_OK(nb_reader_open_chunked("in", buf, len, chunks[c], &rd, &err), &err);
    uint64_t prog = program;
    for (int step = 0;; step++) {
      bool number = (prog = prog * 6364136223846793005ull + 1442695040888963407ull) >> 63;
      uint64_t hi = prog >> 62 & 1 ? UINT64_MAX : 1000000;
      char want[600], got[600];
      ref_read(&r, number, 1, hi, want, sizeof want);
      real_read(rd, number, 1, hi, got, sizeof got);
      if (strcmp(want, got) != 0) {
        CHECK(0, "chunk %zu, read %d: want '%s', got '%s'", chunks[c], step, want, got);
        break;
      }
      if (want[0] == '!') break;
      bool ref_end = (ref_skip(&r), r.pos == r.len);
      if (nb_reader_at_end(rd) != ref_end) {
        CHECK(0, "chunk %zu, read %d: end of input disagrees", chunks[c], step);
        break;
      }
      if (ref_end) {
        CHECK(nb_read_end(rd, &err) == NB_OK, "chunk %zu: %s", chunks[c], err.message);
        break;
      }
    }
    nb_reader_close(rd);
  }
}

int main(void) {
  int rounds = getenv("NB_TEST_QUICK") ? 300 : 3000;
  uint64_t rng = 11;
  static char buf[MAX_INPUT];
  for (int i = 0; i < rounds; i++) {
    size_t len = 0, pieces = (size_t)check_range(&rng, 1, 60);
    for (size_t k = 0; k < pieces; k++)
      len = add_piece(buf, len, &rng);
    if (check_rand(&rng) % 4 == 0 && len > 0) len--; /* no final separator */
    check_input(buf, len, check_rand(&rng));
  }
  /* Every prefix of one input: the end of input falls inside every token. */
  size_t len = 0;
  for (int k = 0; k < 40; k++)
    len = add_piece(buf, len, &rng);
  for (size_t cut = 0; cut <= len; cut++)
    check_input(buf, cut, 7);
  return check_done();
}
