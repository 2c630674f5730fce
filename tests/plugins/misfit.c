/*
 * misfit.c: families that register (their tables are complete) but break the contract in ways
 * only running them shows, for the conformance test (tests/test_conformance.c) to report without
 * crashing or reading past its own arrays; tests/golden/conformance.t runs it on them alone.
 *
 * Each is the subtraction game {1, 2} on one heap (the heap size in lo; tests/fixtures.h),
 * impartial, with sizes:
 *   tight  move_bound is right on the heaps its sample reaches (below 4) and 0 from 4 on, so
 *          only the components made by `sized` show it: they must have their moves checked
 *          before the searches (which trust the bound) value them;
 *   loose  move_bound is 2^40: allowed (bounds may be loose) but no room the test can give;
 *   stray  its sample's spec names another family (nim), whose hooks are not the ones on test;
 *   liar   min_length says n moves from heap n; taking 2 at a time ends it in ceil(n / 2).
 */
#include "../fixtures.h"

#include <nimber.h>

#include <stdio.h>
#include <stdlib.h>

static nb_status parse(const nb_game *g, const char *const *tokens, size_t count, size_t first_arg,
                       nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    char *end;
    unsigned long v = strtoul(tokens[i], &end, 10);
    if (*tokens[i] < '0' || *tokens[i] > '9' || *end != '\0' || v > 1000)
      return nb_fail(err, NB_EUSAGE, "argument %zu: expected a heap of at most 1000",
                     first_arg + i);
    if (*n >= cap) return nb_fail(err, NB_EUSAGE, "too many heaps (at most %zu)", cap);
    out[(*n)++] = (nb_pos){v, 0};
  }
  return NB_OK;
}
static size_t tight_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return p.lo >= 4 ? 0 : p.lo < 2 ? p.lo : 2;
}
static uint64_t liar_length(const nb_game *g, nb_pos p) {
  (void)g;
  return p.lo;
}
static size_t loose_bound(const nb_game *g, nb_pos p) {
  (void)g, (void)p;
  return (size_t)1 << 40;
}
static nb_status sized(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err) {
  (void)g;
  if (n > 1000) return nb_fail(err, NB_EUSAGE, "sizes 0 to 1000");
  *out = (nb_pos){n, 0};
  return NB_OK;
}
static const nb_sizes_facet sizes = {.sized = sized, .size_noun = "heap"};

static const nb_sample tight_samples[] = {{"tight", "3"}, {NULL, NULL}};
static const nb_sample loose_samples[] = {{"loose", "3"}, {NULL, NULL}};
static const nb_sample liar_samples[] = {{"liar", "3"}, {NULL, NULL}};
static const nb_sample stray_samples[] = {{"nim", "1 2"}, {NULL, NULL}};

#define FAMILY(NAME, BOUND, SAMPLES)                                                               \
  {                                                                                                \
    .abi = NB_ABI_VERSION, .name = NAME, .synopsis = NAME, .position_help = "heaps",               \
    .create = fixture_create, .destroy = fixture_destroy, .spec = fixture_spec, .parse = parse,    \
    .format = fixture_format_number, .joiner = " ", .move_bound = BOUND,                           \
    .moves = fixture_take12_moves, .describe = fixture_take12_describe, .sizes = &sizes,           \
    .samples = SAMPLES,                                                                            \
  }

static const nb_family tight = FAMILY("tight", tight_bound, tight_samples);
static const nb_family loose = FAMILY("loose", loose_bound, loose_samples);
static const nb_family stray = FAMILY("stray", tight_bound, stray_samples);
static const nb_family liar = {
    .abi = NB_ABI_VERSION,
    .name = "liar",
    .synopsis = "liar",
    .position_help = "heaps",
    .create = fixture_create,
    .destroy = fixture_destroy,
    .spec = fixture_spec,
    .parse = parse,
    .format = fixture_format_number,
    .joiner = " ",
    .move_bound = fixture_take12_bound,
    .moves = fixture_take12_moves,
    .describe = fixture_take12_describe,
    .min_length = liar_length,
    .samples = liar_samples,
};
static const nb_family *const list[] = {&stray, &tight, &liar,
                                        &loose}; /* loose last: it ends the run */

const nb_plugin nimber_plugin = {
    .abi = NB_ABI_VERSION,
    .families = list,
    .count = sizeof list / sizeof list[0],
};
