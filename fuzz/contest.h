/*
 * contest.h: what the three contest harnesses share (fuzz_twothree.c, fuzz_gurdurr.c,
 * fuzz_nimplus.c).
 *
 * contest_run solves one input twice, with the stream's chunk size and with 5-byte chunks (so
 * that a chunk boundary falls inside most tokens), and checks what every contest input must give
 * whatever its bytes: the same status, output and message both times; either success, or
 * NB_EDATA with a message "fuzz:LINE:COL: ..." whose position lies inside the input (line at most
 * the number of lines, column at most the line's length plus one); and output made only of the
 * format's answer lines. The harness then checks the answers themselves against a reference.
 */
#ifndef NB_FUZZ_CONTEST_H
#define NB_FUZZ_CONTEST_H

#include "contest/contest.h"
#include "fuzz.h"

/* What one solve gave. */
typedef struct contest_result {
  nb_status st;  /* the solver's status */
  char *out;     /* everything it wrote (allocated by open_memstream; free() it) */
  size_t len;    /* bytes in out */
  nb_error err;  /* its error, when st is not NB_OK */
  uint64_t line; /* the error's position, when st is NB_EDATA */
  uint64_t col;
} contest_result;

static inline void contest_solve(const nb_contest *c, const uint8_t *data, size_t size,
                                 size_t chunk, contest_result *res) {
  memset(res, 0, sizeof *res);
  FILE *out = open_memstream(&res->out, &res->len);
  FUZZ_CHECK(out != NULL, "open_memstream failed");
  nb_reader *r;
  FUZZ_CHECK(nb_reader_open_chunked("fuzz", (const char *)data, size, chunk, &r, &res->err) ==
                 NB_OK,
             "%s", res->err.message);
  res->st = c->solve(r, out, &res->err);
  nb_reader_close(r);
  FUZZ_CHECK(fclose(out) == 0, "cannot close the output");
}

/* The position just after the last byte: where end-of-input errors point. */
static inline void contest_end_position(const uint8_t *data, size_t size, uint64_t *line,
                                        uint64_t *col) {
  uint64_t l = 1;
  size_t start = 0;
  for (size_t i = 0; i < size; i++)
    if (data[i] == '\n') {
      l++;
      start = i + 1;
    }
  *line = l;
  *col = (uint64_t)(size - start) + 1;
}

/* Whether every line of out is one of the answers (a NULL-terminated list). */
static inline bool contest_answers_only(const char *out, size_t len, const char *const *answers) {
  for (size_t i = 0; i < len;) {
    const char *nl = memchr(out + i, '\n', len - i);
    if (nl == NULL) return false;
    size_t n = (size_t)(nl - (out + i));
    bool known = false;
    for (const char *const *a = answers; *a && !known; a++)
      known = strlen(*a) == n && memcmp(*a, out + i, n) == 0;
    if (!known) return false;
    i += n + 1;
  }
  return true;
}

/* Solves data as the contest format `name` and checks the properties above; *res is the result
 * with the stream's chunk size (free res->out). */
static inline void contest_run(const char *name, const char *const *answers, const uint8_t *data,
                               size_t size, contest_result *res) {
  const nb_contest *c = nb_contest_find(name);
  FUZZ_CHECK(c != NULL, "no contest format %s", name);
  contest_result small;
  contest_solve(c, data, size, 0, res);
  contest_solve(c, data, size, 5, &small);
  FUZZ_CHECK(small.st == res->st && small.len == res->len &&
                 memcmp(small.out, res->out, res->len) == 0,
             "chunks of 5 bytes give status %d and %zu bytes of output, 64 KiB chunks %d and %zu",
             (int)small.st, small.len, (int)res->st, res->len);
  if (res->st != NB_OK)
    FUZZ_CHECK(strcmp(small.err.message, res->err.message) == 0, "messages differ: '%s', '%s'",
               small.err.message, res->err.message);
  free(small.out);
  FUZZ_CHECK(contest_answers_only(res->out, res->len, answers), "output '%.*s' is not answers",
             (int)res->len, res->out);
  if (res->st == NB_OK) return;
  FUZZ_CHECK(res->st == NB_EDATA, "status %d: %s", (int)res->st, res->err.message);
  FUZZ_CHECK(fuzz_located(res->err.message, "fuzz", &res->line, &res->col),
             "message without a position: '%s'", res->err.message);
  uint64_t last_line, last_col;
  contest_end_position(data, size, &last_line, &last_col);
  FUZZ_CHECK(res->line <= last_line, "line %llu of %llu: %s", (unsigned long long)res->line,
             (unsigned long long)last_line, res->err.message);
  FUZZ_CHECK(res->line < last_line || res->col <= last_col, "column past the end: %s",
             res->err.message);
}

/* The tokens of an input: offsets and lengths of its runs of non-space bytes. */
typedef struct contest_tokens {
  size_t n;      /* how many */
  size_t *start; /* offset of each (allocated) */
  size_t *len;   /* length of each (allocated) */
} contest_tokens;

static inline void contest_tokenize(const uint8_t *data, size_t size, contest_tokens *t) {
  t->n = 0;
  t->start = nb_alloc(size / 2 + 1, sizeof *t->start, NULL);
  t->len = nb_alloc(size / 2 + 1, sizeof *t->len, NULL);
  FUZZ_CHECK(t->start != NULL && t->len != NULL, "out of memory");
  for (size_t i = 0; i < size;) {
    while (i < size && fuzz_space(data[i]))
      i++;
    if (i == size) break;
    size_t s = i;
    while (i < size && !fuzz_space(data[i]))
      i++;
    t->start[t->n] = s;
    t->len[t->n++] = i - s;
  }
}

static inline void contest_tokens_free(contest_tokens *t) {
  free(t->start);
  free(t->len);
}

/* Token k as a number: false if it is not all digits; otherwise *out is its value, saturating
 * at UINT64_MAX, and *exact (if not NULL) says whether it is at most 2^64-1. */
static inline bool contest_number(const uint8_t *data, const contest_tokens *t, size_t k,
                                  uint64_t *out, bool *exact) {
  uint64_t v = 0;
  bool fits = true;
  for (size_t i = 0; i < t->len[k]; i++) {
    unsigned char c = data[t->start[k] + i];
    if (c < '0' || c > '9') return false;
    uint64_t d = (uint64_t)(c - '0');
    fits = fits && v <= (UINT64_MAX - d) / 10;
    v = fits ? v * 10 + d : UINT64_MAX;
  }
  *out = v;
  if (exact != NULL) *exact = fits;
  return true;
}

/* The line and column of token k. */
static inline void contest_token_position(const uint8_t *data, const contest_tokens *t, size_t k,
                                          uint64_t *line, uint64_t *col) {
  contest_end_position(data, t->start[k], line, col);
}

#endif
