/*
 * cg_calls.h: the short-game algebra's calls that a test expects to succeed (nimber_cgt.h), each
 * ending the test with the library's message when it does not. Written once for test_cg.c,
 * test_cgt_api.c and test_uptimal.c.
 */
#ifndef NB_TESTS_CG_CALLS_H
#define NB_TESTS_CG_CALLS_H

#include "check.h"

#include <nimber_cgt.h>

static inline nb_cg parse(nb_cg_store *s, const char *text) {
  nb_error err;
  nb_cg g = NB_CG_ZERO;
  CHECK_OK(nb_cg_parse(s, text, &g, &err), &err);
  return g;
}

/* The game in CGSuite's notation; the caller frees it. */
static inline char *text_of(nb_cg_store *s, nb_cg g) {
  nb_error err;
  char *t = NULL;
  CHECK_OK(nb_cg_format(s, g, 1 << 20, &t, NULL, &err), &err);
  return t;
}

static inline nb_cg add(nb_cg_store *s, nb_cg a, nb_cg b) {
  nb_error err;
  nb_cg r = NB_CG_ZERO;
  CHECK_OK(nb_cg_add(s, a, b, &r, &err), &err);
  return r;
}

static inline nb_cg neg(nb_cg_store *s, nb_cg a) {
  nb_error err;
  nb_cg r = NB_CG_ZERO;
  CHECK_OK(nb_cg_negate(s, a, &r, &err), &err);
  return r;
}

#endif
