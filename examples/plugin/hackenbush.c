/*
 * hackenbush.c: a partizan family written outside nimber whose values come from a closed form,
 * through the public short-game algebra (nimber_cgt.h): the `canonical` hook in a plug-in.
 *
 * Its family is `bluered`: nimber's own `hackenbush` (src/games/hackenbush.c) is the whole game,
 * blue, red and green edges on trees, and a registry refuses a second family of one name.
 *
 * Blue-Red Hackenbush strings. A component is a string of edges standing on the ground, each
 * blue (Left's) or red (Right's), written from the ground up as letters: "BRR" is a blue edge
 * with two red ones on top; "0" is the empty string. A move deletes an edge of one's own colour
 * and every edge above it (they lose their connection to the ground): Left cuts a B, Right an
 * R. The player who cannot move loses. A move is written as the height of the edge cut (1 is
 * the edge on the ground): from BRB, Left may play 1 (leaving 0) or 3 (leaving BR).
 *
 * The values (Berlekamp's rule; Winning Ways, ch. 2, "Hackenbush strings"; Siegel, CGT, II.3):
 * a string whose first run is k edges of Left's colour followed by edges c_1 .. c_m is worth
 *     k + sum over j of s_j / 2^j,   s_j = +1 for a blue c_j, -1 for a red one,
 * and the negative of that with the colours swapped. For instance B = 1, BR = 1/2, BRR = 1/4,
 * BRB = 3/4, BBR = 3/2, RB = -1/2. Proof sketch, by induction on the length: each value is a
 * number and the simplest number between the best options of either side, since cutting higher
 * changes the value less; see the references for the details. The plug-in does not rely on
 * the sketch: `bluered:search` is the same game with the hook declining every position, so
 * nimber values it by its exhaustive value search over the moves, and tests/golden/plugin.t
 * checks that both agree on every string of up to 6 edges.
 *
 * Build (one line; nothing to link: the `nimber` command provides its API to the plug-in):
 *   cc -shared -fPIC -O2 -o hackenbush.so hackenbush.c $(pkg-config --cflags nimber)
 * Use:
 *   nimber --load ./hackenbush.so value bluered BRR RB       (1/4 + -1/2 = -1/4)
 *   nimber --load ./hackenbush.so moves bluered BRB
 *   nimber --load ./hackenbush.so table bluered --to 31     (every string of up to 4 edges)
 */
#include <nimber_cgt.h>

#include <stdlib.h>
#include <string.h>

/* The longest string: its value's numerator, k * 2^m plus the tail, stays far within 64 bits
 * (below 48 * 2^47), and its denominator within 2^62. */
enum { MAX_EDGES = 48 };

/* A component: bit i of lo is 1 when edge i (from the ground, 0-based) is blue; hi is the
 * number of edges. */

/* The game: "bluered" (values from the closed form) or "bluered:search" (the closed form
 * declines: nimber's value search answers, for comparison). */
typedef struct hackenbush {
  nb_game base; /* must come first */
  bool search;  /* true: the `canonical` hook declines every position */
} hackenbush;

static nb_status hackenbush_create(const char *params, nb_game **out, nb_error *err) {
  if (params != NULL && strcmp(params, "search") != 0)
    return nb_fail(err, NB_EUSAGE, "expected 'search' or nothing after 'bluered:'");
  hackenbush *h = nb_alloc(1, sizeof *h, err);
  if (h == NULL) return NB_EINTERNAL;
  h->search = params != NULL;
  *out = &h->base;
  return NB_OK;
}

static void hackenbush_destroy(nb_game *g) {
  free(g);
}

static int hackenbush_spec(const nb_game *g, char *buf, size_t cap) {
  return snprintf(buf, cap, ((const hackenbush *)g)->search ? "bluered:search" : "bluered");
}

/* One string per token: B and R letters (either case), or 0 for the empty string. */
static nb_status parse_string(const char *text, nb_pos *out) {
  uint64_t blue = 0, len = 0;
  if (strcmp(text, "0") != 0) {
    for (; text[len] != '\0'; len++) {
      if (len == MAX_EDGES || strchr("BbRr", text[len]) == NULL) return NB_EUSAGE;
      if (text[len] == 'B' || text[len] == 'b') blue |= (uint64_t)1 << len;
    }
    if (len == 0) return NB_EUSAGE;
  }
  *out = (nb_pos){.lo = blue, .hi = len};
  return NB_OK;
}

static nb_status hackenbush_parse(const nb_game *g, const char *const *tokens, size_t count,
                                  size_t first_arg, nb_pos *out, size_t *n, size_t cap,
                                  nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    nb_pos p;
    if (parse_string(tokens[i], &p) != NB_OK)
      return nb_fail(err, NB_EUSAGE,
                     "argument %zu: expected a string of B and R edges from the ground up "
                     "(at most %d), or 0",
                     first_arg + i, MAX_EDGES);
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many positions (at most %zu)", cap);
    out[(*n)++] = p;
  }
  return NB_OK;
}

static int hackenbush_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  char text[MAX_EDGES + 1];
  for (uint64_t i = 0; i < p.hi; i++)
    text[i] = (p.lo >> i & 1) ? 'B' : 'R';
  text[p.hi] = '\0';
  return snprintf(buf, cap, "%s", p.hi == 0 ? "0" : text);
}

static size_t hackenbush_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return (size_t)p.hi;
}

/* The rules: cutting edge i (of the mover's colour) leaves the first i edges. The tag is i + 1,
 * the height of the edge cut. */
static nb_status hackenbush_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                                  nb_error *err) {
  (void)err;
  (void)g;
  uint64_t mine = who == NB_LEFT ? 1 : 0;
  for (uint64_t i = 0; i < p.hi; i++) {
    if ((p.lo >> i & 1) != mine) continue;
    uint64_t below = i == 0 ? 0 : p.lo & (~(uint64_t)0 >> (64 - i));
    nb_moves_add1(out, (uint32_t)(i + 1), (nb_pos){.lo = below, .hi = i});
  }
  return NB_OK;
}

static int hackenbush_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                               char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u", (unsigned)m->tag);
}

/* Berlekamp's rule (above) as a dyadic rational: the first run of k edges counts k, each edge
 * after it 1/2^j with the sign of its colour. Computed over the denominator 2^m, m the edges
 * after the run, then reduced by nb_dyadic_make. */
static nb_dyadic string_value(nb_pos p) {
  if (p.hi == 0) return (nb_dyadic){0, 0};
  uint64_t first = p.lo & 1, k = 1;
  while (k < p.hi && (p.lo >> k & 1) == first)
    k++;
  unsigned m = (unsigned)(p.hi - k);
  int64_t num = (int64_t)k << m; /* the run, over 2^m */
  for (unsigned j = 1; j <= m; j++) {
    int64_t part = (int64_t)1 << (m - j);
    num += ((p.lo >> (k + j - 1) & 1) == first) ? part : -part;
  }
  nb_dyadic x = {0, 0};
  nb_dyadic_make(first ? num : -num, m, &x); /* in range: |num| < 2^54, m <= 47 */
  return x;
}

/* The hook: the value of p made in the solver's store, through the public algebra. */
static nb_status hackenbush_canonical(const nb_game *g, void *cache, nb_cg_store *store, nb_pos p,
                                      nb_cg *out, bool *known, nb_error *err) {
  (void)cache;
  *known = !((const hackenbush *)g)->search;
  if (!*known) return NB_OK;
  return nb_cg_make_number(store, string_value(p), out, err);
}

/* The negative of a string is the string with its colours swapped (bluered:search knows
 * nothing beyond the rules, and says so). */
static bool hackenbush_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  if (((const hackenbush *)g)->search) return false;
  uint64_t all = p.hi == 0 ? 0 : ~(uint64_t)0 >> (64 - p.hi);
  *q = (nb_pos){.lo = ~p.lo & all, .hi = p.hi};
  return true;
}

/* Sizes, for `nimber table`: size n >= 1 is the string read off the binary digits of n below
 * its leading 1, the lowest digit the edge on the ground (1 = B): 1 is the empty string, 2 is
 * R, 3 is B, 4 is RR, 5 is BR, ...; sizes below 2^(L+1) are every string of at most L edges. */
static nb_status hackenbush_sized(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err) {
  (void)g;
  if (n == 0 || n >> MAX_EDGES != 0)
    return nb_fail(err, NB_EUSAGE, "strings are sizes 1 to 2^%d - 1", MAX_EDGES);
  uint64_t len = 0;
  while (n >> (len + 1) != 0)
    len++;
  *out = (nb_pos){.lo = n & ~((uint64_t)1 << len), .hi = len};
  return NB_OK;
}

/* The facets: values and negatives (partizan), strings by size (tables), samples (testing). */
static const nb_partizan_facet hackenbush_eval = {.canonical = hackenbush_canonical,
                                                  .negative = hackenbush_negative};
static const nb_sizes_facet hackenbush_sizes = {
    .sized = hackenbush_sized, .size_min = 1, .size_noun = "string"};
static const nb_sample hackenbush_samples[] = {
    {"bluered", "0"},        {"bluered", "BRR RB"},       {"bluered", "BRBRRB"},
    {"bluered", "BBR RRBB"}, {"bluered:search", "BRB R"}, {NULL, NULL}};

static const nb_family hackenbush_family = {
    .abi = NB_ABI_VERSION,
    .name = "bluered",
    .synopsis = "bluered[:search]  Blue-Red Hackenbush strings, valued by Berlekamp's rule "
                "(plug-in example; :search values them by search)",
    .position_help = "a string of B and R edges from the ground up per position, as in: BRR RB",
    .partizan = true,
    .sum_needs_index = true,
    .create = hackenbush_create,
    .destroy = hackenbush_destroy,
    .spec = hackenbush_spec,
    .parse = hackenbush_parse,
    .format = hackenbush_format,
    .joiner = " ",
    .move_bound = hackenbush_move_bound,
    .max_parts = 1,
    .moves = hackenbush_moves,
    .describe = hackenbush_describe,
    .partizan_eval = &hackenbush_eval,
    .sizes = &hackenbush_sizes,
    .samples = hackenbush_samples,
};

static const nb_family *const families[] = {&hackenbush_family, NULL};

/* What nimber looks for in the shared object. */
const nb_plugin nimber_plugin = {
    .abi = NB_ABI_VERSION,
    .families = families,
    .count = 1,
};
