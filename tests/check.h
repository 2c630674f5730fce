/*
 * check.h: the few macros our unit and differential tests need.
 *
 * A failed CHECK prints the file, line and a formatted explanation and counts the failure; the
 * test keeps going so that one run shows every broken case (capped, to keep logs readable).
 * check_done() prints the "N passed, N failed" line ctest logs show and returns the exit status.
 */
#ifndef NB_TESTS_CHECK_H
#define NB_TESTS_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long check_passed, check_failed;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (cond) {                                                                                    \
      check_passed++;                                                                              \
    } else {                                                                                       \
      if (++check_failed <= 20) {                                                                  \
        fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);                   \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
      }                                                                                            \
    }                                                                                              \
  } while (0)

/* Asserts a library call succeeded; on failure shows its error message and aborts the test,
 * since what follows depends on the result. */
#define CHECK_OK(call, errp)                                                                       \
  do {                                                                                             \
    if ((call) != NB_OK) {                                                                         \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, (errp)->message);       \
      exit(1);                                                                                     \
    }                                                                                              \
    check_passed++;                                                                                \
  } while (0)

/* The three sizes of a test run (docs/TESTING.md): NB_TEST_QUICK, the sanitizer run of make test,
 * scales random parts down; without it, the Release run of make test does them at full size;
 * NB_TEST_LONG (make check-long) adds the sweeps too long for make test's 3 minutes. */
static inline int check_quick(void) {
  return getenv("NB_TEST_QUICK") != NULL;
}

static inline int check_long(void) {
  return getenv("NB_TEST_LONG") != NULL && !check_quick();
}

static inline int check_done(void) {
  printf("%lu passed, %lu failed\n", check_passed, check_failed);
  return check_failed ? 1 : 0;
}

/* A small deterministic generator (splitmix64), so every random test is reproducible. */
static inline uint64_t check_rand(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Uniform-ish value in [lo, hi]. */
static inline uint64_t check_range(uint64_t *state, uint64_t lo, uint64_t hi) {
  uint64_t span = hi - lo + 1;
  return span == 0 ? check_rand(state) : lo + check_rand(state) % span;
}

#endif
