/*
 * fuzz.h: what the fuzz harnesses of fuzz/ share.
 *
 * Each fuzz/fuzz_NAME.c defines LLVMFuzzerTestOneInput, the libFuzzer entry point, and nothing
 * else that libFuzzer needs: built with clang and -fsanitize=fuzzer (cmake -DNB_FUZZ=ON, `make
 * fuzz`) it is a fuzzer; built with any compiler beside fuzz/replay.c it replays the inputs kept
 * in fuzz/corpus/NAME/ (the seeds and every input that once found a defect), which `make test`
 * does, so a kept input is a regression test.
 *
 * A harness states what must hold for every input with FUZZ_CHECK: a broken check prints what
 * failed and aborts, which libFuzzer reports as a finding (and the replay test as a failure).
 * Some inputs are skipped where the work they ask for is large by design (a harness says which
 * and why): one input must stay in the milliseconds for fuzzing to reach millions of inputs.
 */
#ifndef NB_FUZZ_H
#define NB_FUZZ_H

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Returned by a harness for an input it skips: libFuzzer then keeps it out of the corpus. */
#define FUZZ_SKIP (-1)

#define FUZZ_CHECK(cond, ...)                                                                      \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: fuzz check failed: %s: ", __FILE__, __LINE__, #cond);                \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
      abort();                                                                                     \
    }                                                                                              \
  } while (0)

/* The white space of the reader's contract: space, \t, \n, \v, \f, \r. */
static inline bool fuzz_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* A copy of data[0..size) with a terminating NUL (allocated; free() it). */
static inline char *fuzz_string(const uint8_t *data, size_t size) {
  char *s = nb_alloc(size + 1, 1, NULL);
  FUZZ_CHECK(s != NULL, "out of memory for %zu bytes", size);
  memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

/* Whether message starts "NAME:LINE:COL: " with LINE and COL positive decimal numbers; if so,
 * *line and *col receive them. */
static inline bool fuzz_located(const char *message, const char *name, uint64_t *line,
                                uint64_t *col) {
  size_t n = strlen(name);
  if (strncmp(message, name, n) != 0 || message[n] != ':') return false;
  const char *p = message + n + 1;
  uint64_t v[2] = {0, 0};
  for (int k = 0; k < 2; k++) {
    if (*p < '1' || *p > '9') return false;
    while (*p >= '0' && *p <= '9')
      v[k] = v[k] * 10 + (uint64_t)(*p++ - '0');
    if (*p++ != ':') return false;
  }
  *line = v[0];
  *col = v[1];
  return *p == ' ';
}

#endif
