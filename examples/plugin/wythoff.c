/*
 * wythoff.c: a game family written outside nimber, loaded at run time as a plug-in.
 *
 * Wythoff's game: two piles; a move takes any number of counters from one pile, or the same
 * number from both. The player who cannot move loses. A position is written "a,b" (several
 * positions are a sum: `nimber --load ./wythoff.so value wythoff 3,5 1,2`); a move is written
 * "a-2" (two from the first pile), "b-2" (from the second) or "ab-2" (from both).
 *
 * Build (one line; nothing to link: the `nimber` command provides its API to the plug-in):
 *   cc -shared -fPIC -O2 -o wythoff.so wythoff.c $(pkg-config --cflags nimber)
 * Use:
 *   nimber --load ./wythoff.so value wythoff 3,5
 *   nimber --load ./wythoff.so moves wythoff 4,7
 *   nimber --load ./wythoff.so table wythoff:10 --to 20      (positions k,10 for k = 0..20)
 *
 * The family only states the rules; nimber values positions by exhaustive search over them
 * (no fast evaluator here), so piles up to a few thousand are quick. The P-positions are the
 * pairs (floor(k*phi), floor(k*phi^2)), a classic check of the search (OEIS A000201, A001950).
 */
#include <nimber.h>

#include <stdlib.h>
#include <string.h>

enum { MAX_PILE = 1000000 }; /* keeps move lists (a + b + min(a, b) moves) modest */

/* The game: "wythoff" alone, or "wythoff:B", whose sizes (for `nimber table`) are the
 * positions k,B. */
typedef struct wythoff {
  nb_game base;     /* must come first */
  uint64_t partner; /* B: the second pile of the sized positions */
} wythoff;

static nb_status wythoff_create(const char *params, nb_game **out, nb_error *err) {
  uint64_t partner = 0;
  if (params != NULL && (!nb_parse_u64(params, &partner) || partner > MAX_PILE))
    return nb_fail(err, NB_EUSAGE, "expected a pile (an integer from 0 to %d) after 'wythoff:'",
                   MAX_PILE);
  wythoff *w = nb_alloc(1, sizeof *w, err);
  if (w == NULL) return NB_EINTERNAL;
  w->partner = partner;
  *out = &w->base;
  return NB_OK;
}

static void wythoff_destroy(nb_game *g) {
  free(g);
}

static int wythoff_spec(const nb_game *g, char *buf, size_t cap) {
  const wythoff *w = (const wythoff *)g;
  return w->partner ? snprintf(buf, cap, "wythoff:%llu", (unsigned long long)w->partner)
                    : snprintf(buf, cap, "wythoff");
}

/* One "a,b" token per component. */
static nb_status wythoff_parse(const nb_game *g, const char *const *tokens, size_t count,
                               size_t first_arg, nb_pos *out, size_t *n, size_t cap,
                               nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    const char *comma = strchr(tokens[i], ',');
    char first[24];
    uint64_t a, b;
    size_t len = comma ? (size_t)(comma - tokens[i]) : 0;
    if (comma == NULL || len == 0 || len >= sizeof first ||
        (memcpy(first, tokens[i], len), first[len] = '\0', !nb_parse_u64(first, &a)) ||
        !nb_parse_u64(comma + 1, &b) || a > MAX_PILE || b > MAX_PILE)
      return nb_fail(err, NB_EUSAGE, "argument %zu: expected two piles 'a,b' (each 0 to %d)",
                     first_arg + i, MAX_PILE);
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many positions (at most %zu)", cap);
    out[(*n)++] = (nb_pos){.lo = a, .hi = b};
  }
  return NB_OK;
}

static int wythoff_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "%llu,%llu", (unsigned long long)p.lo, (unsigned long long)p.hi);
}

static size_t wythoff_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return (size_t)(p.lo + p.hi + (p.lo < p.hi ? p.lo : p.hi));
}

/* The rules. The tag says which pile (0: a, 1: b, 2: both) and how many: tag = 3 * k + pile. */
static nb_status wythoff_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                               nb_error *err) {
  (void)err;
  (void)g;
  (void)who;
  for (uint64_t k = 1; k <= p.lo; k++)
    nb_moves_add1(out, (uint32_t)(3 * k), (nb_pos){.lo = p.lo - k, .hi = p.hi});
  for (uint64_t k = 1; k <= p.hi; k++)
    nb_moves_add1(out, (uint32_t)(3 * k + 1), (nb_pos){.lo = p.lo, .hi = p.hi - k});
  for (uint64_t k = 1; k <= p.lo && k <= p.hi; k++)
    nb_moves_add1(out, (uint32_t)(3 * k + 2), (nb_pos){.lo = p.lo - k, .hi = p.hi - k});
  return NB_OK;
}

static int wythoff_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                            char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  static const char *const pile[3] = {"a", "b", "ab"};
  return snprintf(buf, cap, "%s-%u", pile[m->tag % 3], (unsigned)(m->tag / 3));
}

static nb_status wythoff_sized(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err) {
  if (n > MAX_PILE) return nb_fail(err, NB_EUSAGE, "piles go up to %d", MAX_PILE);
  *out = (nb_pos){.lo = n, .hi = ((const wythoff *)g)->partner};
  return NB_OK;
}

static const nb_alias wythoff_aliases[] = {{"corner-queen", NULL}, {NULL, NULL}};

/* Tables of the positions k,B (nimber table wythoff:B). */
static const nb_sizes_facet wythoff_sizes = {
    .sized = wythoff_sized, .size_min = 0, .size_noun = "pile"};

/* Small positions for the conformance test: empty piles, P-positions, sums, the sized game. */
static const nb_sample wythoff_samples[] = {{"wythoff", "0,0"},      {"wythoff", "3,5"},
                                            {"wythoff", "4,5 2,0"},  {"wythoff:3", "6,3"},
                                            {"corner-queen", "7,4"}, {NULL, NULL}};

static const nb_family wythoff_family = {
    .abi = NB_ABI_VERSION,
    .name = "wythoff",
    .aliases = wythoff_aliases,
    .synopsis = "wythoff[:B]  Wythoff's game: take from one pile, or the same from both "
                "(plug-in example)",
    .position_help = "two piles a,b per position, as in: 3,5 1,2",
    .partizan = false,
    .sum_needs_index = true,
    .create = wythoff_create,
    .destroy = wythoff_destroy,
    .spec = wythoff_spec,
    .parse = wythoff_parse,
    .format = wythoff_format,
    .joiner = " ",
    .move_bound = wythoff_move_bound,
    .max_parts = 1,
    .moves = wythoff_moves,
    .describe = wythoff_describe,
    .sizes = &wythoff_sizes,
    .samples = wythoff_samples,
};

static const nb_family *const families[] = {&wythoff_family, NULL};

/* What nimber looks for in the shared object. */
const nb_plugin nimber_plugin = {
    .abi = NB_ABI_VERSION,
    .families = families,
    .count = 1,
};
