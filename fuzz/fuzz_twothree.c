/*
 * fuzz_twothree.c: `solve twothree` on arbitrary bytes, against a plain reference.
 *
 * Besides the properties every contest input must have (contest.h), the answers are checked
 * against a reference written here the plain way: the whole input split into tokens, each read by
 * the format's rules (t and n from 1 to 10^9, values from 1 to 2^64-1, nothing after the last
 * case), each case answered by the XOR of the closed form's values, which tests/test_division.c
 * holds to the exhaustive search. For an accepted input the output must be the reference's; for
 * a refused one, the refusal must point at the token the reference refuses (or at the end of the
 * input when it runs out), after the answers of the complete cases before it.
 */
#include "contest.h"

/* The closed form: with 6^k <= x < 6^(k+1), g(x) is 0, 1, 1, 2, 2 for floor(x / 6^k) = 1..5. */
static unsigned closed_form(uint64_t x) {
  uint64_t p = 1;
  while (p <= UINT64_MAX / 6 && p * 6 <= x)
    p *= 6;
  static const unsigned by_leading[6] = {0, 0, 1, 1, 2, 2};
  return by_leading[x / p];
}

/* What the reference expects: the output, and where the first error is (0 if none). */
typedef struct expectation {
  char *out;     /* the answers (allocated) */
  size_t len;    /* bytes in out */
  uint64_t line; /* the refusal's position, or 0 when the input is accepted */
  uint64_t col;
} expectation;

/* Reads token *k as a number in [lo, hi]; on failure records where the refusal must point. */
static bool take(const uint8_t *data, size_t size, const contest_tokens *t, size_t *k, uint64_t lo,
                 uint64_t hi, uint64_t *out, expectation *e) {
  bool exact;
  if (*k == t->n) {
    contest_end_position(data, size, &e->line, &e->col);
    return false;
  }
  if (!contest_number(data, t, *k, out, &exact) || !exact || *out < lo || *out > hi) {
    contest_token_position(data, t, *k, &e->line, &e->col);
    return false;
  }
  (*k)++;
  return true;
}

static void expect(const uint8_t *data, size_t size, expectation *e) {
  contest_tokens t;
  contest_tokenize(data, size, &t);
  e->out = nb_alloc(t.n / 2 + 1, 5, NULL); /* each answer takes two tokens, n and a value */
  FUZZ_CHECK(e->out != NULL, "out of memory");
  e->len = 0;
  e->line = e->col = 0;
  size_t k = 0;
  uint64_t cases, n, x;
  bool ok = take(data, size, &t, &k, 1, 1000000000, &cases, e);
  for (uint64_t c = 0; ok && c < cases; c++) {
    unsigned sum = 0;
    ok = take(data, size, &t, &k, 1, 1000000000, &n, e);
    for (uint64_t i = 0; ok && i < n; i++) {
      ok = take(data, size, &t, &k, 1, UINT64_MAX, &x, e);
      sum ^= ok ? closed_form(x) : 0;
    }
    if (ok) {
      const char *answer = sum ? "Nino\n" : "Miku\n";
      memcpy(e->out + e->len, answer, 5);
      e->len += 5;
    }
  }
  if (ok && k < t.n) contest_token_position(data, &t, k, &e->line, &e->col);
  contest_tokens_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char *const answers[] = {"Nino", "Miku", NULL};
  contest_result res;
  contest_run("twothree", answers, data, size, &res);
  expectation e;
  expect(data, size, &e);
  FUZZ_CHECK(res.len == e.len && memcmp(res.out, e.out, e.len) == 0,
             "output '%.*s', the reference says '%.*s'", (int)res.len, res.out, (int)e.len, e.out);
  if (e.line == 0)
    FUZZ_CHECK(res.st == NB_OK, "refused an input the reference accepts: %s", res.err.message);
  else
    FUZZ_CHECK(res.st == NB_EDATA && res.line == e.line && res.col == e.col,
               "status %d '%s', the reference refuses at %llu:%llu", (int)res.st,
               res.st ? res.err.message : "", (unsigned long long)e.line,
               (unsigned long long)e.col);
  free(res.out);
  free(e.out);
  return 0;
}
