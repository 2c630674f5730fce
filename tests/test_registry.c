/*
 * test_registry.c: registries of families, the checks every family passes, names and aliases
 * without regard to case, "did you mean" hints, and the version macros.
 *
 * Loading plug-ins from shared objects is tested end to end in tests/golden/plugin.t (the
 * example family and one broken plug-in per refusal); this file tests the same checks on family
 * tables built here, without dlopen.
 */
#include "check.h"
#include "fixtures.h"
#include "internal.h"

#include <string.h>

static nb_status parse(const nb_game *g, const char *const *t, size_t count, size_t first,
                       nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g, (void)t, (void)count, (void)first, (void)out, (void)n, (void)cap;
  return nb_fail(err, NB_EUSAGE, "no positions");
}
static int format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g, (void)p;
  return snprintf(buf, cap, "-");
}
static int describe(const nb_game *g, nb_pos f, const nb_move *m, const nb_pos *parts, char *buf,
                    size_t cap) {
  (void)g, (void)f, (void)m, (void)parts;
  return snprintf(buf, cap, "-");
}

static nb_family family(const char *name, const nb_alias *aliases) {
  return (nb_family){.abi = NB_ABI_VERSION,
                     .name = name,
                     .aliases = aliases,
                     .synopsis = name,
                     .position_help = "none",
                     .create = fixture_create,
                     .destroy = fixture_destroy,
                     .spec = fixture_spec,
                     .parse = parse,
                     .format = format,
                     .joiner = " ",
                     .move_bound = fixture_no_bound,
                     .moves = fixture_no_moves,
                     .describe = describe};
}

/* Adds f to a fresh registry of the built-in families; "" on success, else the message. */
static const char *try_add(const nb_family *f) {
  static nb_error err;
  nb_registry *r;
  CHECK_OK(nb_registry_new(&r, &err), &err);
  size_t before, after;
  nb_registry_families(r, &before);
  nb_status st = nb_registry_add(r, f, &err);
  nb_registry_families(r, &after);
  CHECK((st == NB_OK) == (after == before + 1), "count %zu -> %zu", before, after);
  CHECK(st == NB_OK || st == NB_EUSAGE, "status %d", (int)st);
  nb_registry_free(r);
  return st == NB_OK ? "" : err.message;
}

static void test_checks(void) {
  static const nb_alias extra[] = {{"extra-name", NULL}, {NULL, NULL}};
  nb_family f = family("newgame", extra);
  CHECK(strcmp(try_add(&f), "") == 0, "a good family refused");
  struct {
    nb_family f;
    const char *want;
  } bad[] = {
      {family("div", NULL), "family 'div': the name is taken"},
      {family("TwoThree", NULL), "family name 'TwoThree': expected lower case letters, digits, "
                                 "'_' or '-'"},
      {family("", NULL), "family name '': expected lower case letters, digits, '_' or '-'"},
      {family("x y", NULL), "family name 'x y': expected lower case letters, digits, '_' or '-'"},
      {family("twothree", NULL), "family 'twothree': the name is taken"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const char *got = try_add(&bad[i].f);
    CHECK(strcmp(got, bad[i].want) == 0, "%zu: %s", i, got);
  }
  static const nb_alias taken[] = {{"gurdurr", NULL}, {NULL, NULL}};
  nb_family g = family("fresh", taken);
  CHECK(strcmp(try_add(&g), "family 'fresh': its alias 'gurdurr' is taken") == 0, "alias");
  static const nb_alias own[] = {{"other", NULL}, {"fresh", NULL}, {NULL, NULL}};
  g = family("fresh", own);
  CHECK(strcmp(try_add(&g), "family 'fresh': its alias 'fresh' is its own name") == 0, "%s",
        try_add(&g));
  static const nb_alias twice[] = {{"once", NULL}, {"other", NULL}, {"once", "3"}, {NULL, NULL}};
  g = family("fresh", twice);
  CHECK(strcmp(try_add(&g), "family 'fresh': its alias 'once' is given twice") == 0, "%s",
        try_add(&g));
  static const nb_sample cut[] = {{"fresh", "1"}, {NULL, "1,2"}, {"fresh", "2"}, {NULL, NULL}};
  g = family("fresh", NULL);
  g.samples = cut;
  CHECK(strcmp(try_add(&g), "family 'fresh': its sample 2 has a position (\"1,2\") but no spec: "
                            "the samples end at {NULL, NULL}") == 0,
        "%s", try_add(&g));
  static const nb_sample fine[] = {{"fresh", "1"}, {NULL, NULL}};
  g.samples = fine;
  CHECK(strcmp(try_add(&g), "") == 0, "good samples: %s", try_add(&g));
  g = family("fresh", NULL);
  g.abi = NB_ABI_VERSION + 1;
  CHECK(strstr(try_add(&g), "built for the family contract version") != NULL, "abi");
  g = family("fresh", NULL);
  g.describe = NULL;
  CHECK(strcmp(try_add(&g), "family 'fresh' lacks its describe") == 0, "%s", try_add(&g));
  CHECK(strcmp(try_add(NULL), "a family table is missing (NULL)") == 0, "NULL family");
}

static nb_status no_grundy(const nb_game *g, void *cache, nb_pos p, uint64_t *out, nb_error *e) {
  (void)g, (void)cache, (void)p, (void)out;
  return nb_fail(e, NB_EINTERNAL, "not called");
}
static bool no_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g, (void)p, (void)q;
  return false;
}
static nb_status no_sized(const nb_game *g, uint64_t n, nb_pos *out, nb_error *e) {
  (void)g, (void)n, (void)out;
  return nb_fail(e, NB_EINTERNAL, "not called");
}
static nb_status no_period(const nb_game *g, void *cache, uint64_t max, const nb_limits *limits,
                           nb_period *out, nb_error *e) {
  (void)g, (void)cache, (void)max, (void)limits, (void)out;
  return nb_fail(e, NB_EINTERNAL, "not called");
}

/* Facets: each refused on the wrong kind of family or without the hooks it must hold, each
 * accepted where it belongs. */
static void test_facets(void) {
  static const nb_impartial_facet grundy = {.grundy = no_grundy}, empty_impartial = {0};
  static const nb_partizan_facet negative = {.negative = no_negative};
  static const nb_cache_facet half_cache = {.destroy = free};
  static const nb_sizes_facet sizes = {.sized = no_sized, .size_noun = "thing"};
  static const nb_sizes_facet nounless = {.sized = no_sized};
  static const nb_sizes_facet unexplained = {
      .sized = no_sized, .size_noun = "thing", .period = no_period};
  static const nb_sample samples[] = {{"fresh", "1"}, {"fresh", NULL}, {NULL, NULL}};
  struct {
    bool partizan;
    const nb_impartial_facet *impartial;
    const nb_partizan_facet *partizan_eval;
    const nb_cache_facet *cache;
    const nb_sizes_facet *sizes;
    const nb_sample *samples;
    const char *want;
  } cases[] = {
      {false, &grundy, NULL, NULL, &sizes, NULL, ""},
      {true, NULL, &negative, NULL, &sizes, NULL, ""},
      {true, &grundy, NULL, NULL, NULL, NULL,
       "family 'fresh' is partizan but has the impartial facet (grundy)"},
      {false, NULL, &negative, NULL, NULL, NULL,
       "family 'fresh' is impartial but has the partizan facet (outcome, canonical, negative, "
       "value_moves)"},
      {false, &empty_impartial, NULL, NULL, NULL, NULL,
       "family 'fresh' lacks its impartial_eval.grundy"},
      {false, NULL, NULL, &half_cache, NULL, NULL, "family 'fresh' lacks its cache.create"},
      {false, NULL, NULL, NULL, &nounless, NULL, "family 'fresh' lacks its sizes.size_noun"},
      {false, NULL, NULL, NULL, &unexplained, NULL,
       "family 'fresh' lacks its sizes.period_help (for its period)"},
      {false, NULL, NULL, NULL, NULL, samples, "family 'fresh' lacks its position of a sample"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    nb_family f = family("fresh", NULL);
    f.partizan = cases[i].partizan;
    f.impartial_eval = cases[i].impartial;
    f.partizan_eval = cases[i].partizan_eval;
    f.cache = cases[i].cache;
    f.sizes = cases[i].sizes;
    f.samples = cases[i].samples;
    const char *got = try_add(&f);
    CHECK(strcmp(got, cases[i].want) == 0, "facet case %zu: '%s'", i, got);
  }
}

static void test_lookup(void) {
  nb_registry *r;
  nb_error err;
  CHECK_OK(nb_registry_new(&r, &err), &err);
  const char *params = "unset";
  const nb_family *f = nb_registry_find(r, "DIV", 3, &params);
  CHECK(f != NULL && strcmp(f->name, "div") == 0 && params == NULL, "DIV");
  f = nb_registry_find(r, "TwoThree", 8, &params);
  CHECK(f != NULL && strcmp(f->name, "div") == 0 && params && strcmp(params, "2,3") == 0,
        "TwoThree");
  CHECK(nb_registry_find(r, "divx", 4, &params) == NULL, "divx found");
  nb_game *g = NULL;
  CHECK_OK(nb_registry_open(r, "GURDURR", &g, &err), &err);
  char text[32];
  nb_game_spec(g, text, sizeof text);
  CHECK(strcmp(text, "tower") == 0, "%s", text);
  nb_game_free(g);
  CHECK(nb_registry_open(r, "twthree", &g, &err) == NB_EUSAGE && g == NULL, "twthree opened");
  CHECK(strcmp(err.message, "unknown game 'twthree': did you mean 'twothree'? (see 'nimber "
                            "games')") == 0,
        "%s", err.message);
  CHECK(nb_registry_open(r, "chess", &g, &err) == NB_EUSAGE, "chess");
  CHECK(strcmp(err.message, "unknown game 'chess' (see 'nimber games')") == 0, "%s", err.message);
  CHECK(nb_registry_open(r, "Gurdurr:5", &g, &err) == NB_EUSAGE, "parameters refused");
  nb_registry_free(r);
}

/* --- impartial:GAME over a family added here ------------------------------------------------- */

/* A partizan heap game: Left takes one, Right takes two (tag: the amount). */
static nb_status lr_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out, nb_error *err) {
  (void)g, (void)err;
  uint32_t take = who == NB_LEFT ? 1 : 2;
  if (p.lo >= take) nb_moves_add1(out, take, (nb_pos){p.lo - take, 0});
  return NB_OK;
}

/* The twin of that game, plainly: either player takes one or two, g(n) = mex of g(n-1), g(n-2). */
static uint64_t plain_take12(uint64_t n) {
  bool seen[3] = {false, false, false};
  for (uint64_t take = 1; take <= 2 && take <= n; take++)
    seen[plain_take12(n - take)] = true;
  uint64_t mex = 0;
  while (seen[mex])
    mex++;
  return mex;
}

/* A family added with nb_registry_add, as a library user adds one, has its twin impartial:NAME
 * in that registry (the twin opens GAME among the registry's families), valued as the plain
 * rules say; without the registry (nb_game_open: the built-in families) the name is unknown. */
static void test_nested(void) {
  nb_family f = family("leftright", NULL);
  f.partizan = true;
  f.parse = fixture_kayles_parse;
  f.format = fixture_format_number;
  f.move_bound = fixture_take12_bound;
  f.max_parts = 1;
  f.moves = lr_moves;
  f.describe = fixture_take12_describe;
  nb_registry *r;
  nb_error err;
  CHECK_OK(nb_registry_new(&r, &err), &err);
  CHECK_OK(nb_registry_add(r, &f, &err), &err);
  nb_game *g = NULL;
  CHECK_OK(nb_registry_open(r, "impartial:LeftRight", &g, &err), &err);
  char spec[64];
  nb_game_spec(g, spec, sizeof spec);
  CHECK(strcmp(spec, "impartial:leftright") == 0, "%s", spec);
  nb_solver *s;
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  for (uint64_t n = 1; n <= 12; n++) {
    nb_value v;
    nb_pos heap = {n, 0};
    CHECK_OK(nb_value_of(s, &heap, 1, &v, &err), &err);
    CHECK(v.kind == NB_VALUE_NIMBER && v.nimber == plain_take12(n), "heap %llu: *%llu",
          (unsigned long long)n, (unsigned long long)v.nimber);
  }
  nb_solver_free(s);
  nb_game_free(g);
  CHECK(nb_registry_open(r, "impartial:impartial:leftright", &g, &err) == NB_EUSAGE &&
            strstr(err.message, "is impartial") != NULL,
        "a twin's twin: %s", err.message);
  nb_registry_free(r);
  CHECK(nb_game_open("impartial:leftright", &g, &err) == NB_EUSAGE &&
            strstr(err.message, "unknown game 'leftright'") != NULL,
        "%s", err.message);
}

static void test_distance(void) {
  CHECK(nb_name_distance("value", "value", 5) == 0, "same");
  CHECK(nb_name_distance("value", "VALUE", 5) == 0, "case");
  CHECK(nb_name_distance("value", "valeu", 5) == 1, "swap of neighbours");
  CHECK(nb_name_distance("value", "vale", 4) == 1, "deletion");
  CHECK(nb_name_distance("div", "dvi", 3) == 1, "swap");
  CHECK(nb_name_distance("table", "", 0) == 5, "empty");
  CHECK(nb_name_distance("psub", "tower", 5) == 5, "far");
  char longname[40];
  memset(longname, 'x', sizeof longname - 1);
  longname[sizeof longname - 1] = '\0';
  CHECK(nb_name_distance("div", longname, strlen(longname)) == 9, "capped");
}

static void test_version(void) {
  char want[32];
  snprintf(want, sizeof want, "%d.%d.%d", NB_VERSION_MAJOR, NB_VERSION_MINOR, NB_VERSION_PATCH);
  CHECK(strcmp(want, NB_VERSION_STRING) == 0 && strcmp(nb_version(), want) == 0, "%s %s",
        NB_VERSION_STRING, nb_version());
}

int main(void) {
  test_checks();
  test_facets();
  test_lookup();
  test_nested();
  test_distance();
  test_version();
  return check_done();
}
