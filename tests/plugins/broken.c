/*
 * broken.c: plug-ins that must be refused, one per way of being wrong, each built from this file
 * with one BROKEN_* macro defined (CMakeLists.txt): the loader must say what is wrong and load
 * nothing, never crash. tests/golden/plugin.t loads each.
 *   BROKEN_ABI     built for another version of the family contract
 *   BROKEN_NOSYM   exports no nimber_plugin
 *   BROKEN_HOOKS   a family without its moves
 *   BROKEN_CLASH   a family named like a built-in one ("div")
 *   BROKEN_ALIAS   a good family, then one whose alias is taken ("twothree"): neither is kept
 *   BROKEN_EMPTY   no family at all
 *   BROKEN_UNDEF   calls a function no program provides: refused when loaded (RTLD_NOW)
 *   BROKEN_GRUNDY  a partizan family with the impartial facet (a Grundy value evaluator)
 *   BROKEN_CANON   an impartial family with the partizan facet (a canonical form evaluator)
 * These register (nothing in the table is wrong) but their parse breaks its contract, which the
 * core must catch on every call rather than answer for a position it never read:
 *   BROKEN_PARSENONE   parse says NB_OK and appends nothing
 *   BROKEN_PARSEQUIET  parse fails with NB_EINTERNAL and no message
 *   BROKEN_PARSEDATA   parse fails with NB_EDATA (only NB_EUSAGE or NB_EINTERNAL are allowed)
 *   BROKEN_PARSEOVER   parse sets *n past cap (without writing there)
 */
#include "../fixtures.h"

#include <nimber.h>

#include <stdlib.h>

static nb_status parse(const nb_game *g, const char *const *tokens, size_t count, size_t first_arg,
                       nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g, (void)tokens, (void)first_arg, (void)cap, (void)count;
#if defined(BROKEN_PARSENONE)
  (void)out, (void)n, (void)err;
  return NB_OK;
#elif defined(BROKEN_PARSEQUIET)
  (void)out, (void)n, (void)err;
  return NB_EINTERNAL;
#elif defined(BROKEN_PARSEDATA)
  (void)out, (void)n;
  return nb_fail(err, NB_EDATA, "argument %zu: no such position here", first_arg);
#elif defined(BROKEN_PARSEOVER)
  (void)out, (void)err;
  *n = cap + count;
  return NB_OK;
#else
  for (size_t i = 0; i < count; i++)
    out[(*n)++] = (nb_pos){0, 0};
  return count ? NB_OK : nb_fail(err, NB_EUSAGE, "expected a position");
#endif
}
static int format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g, (void)p;
  return snprintf(buf, cap, "x");
}
#ifdef BROKEN_UNDEF
void nb_no_such_function(void);
#endif
static nb_status moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out, nb_error *err) {
  (void)err;
  (void)g, (void)p, (void)who, (void)out;
#ifdef BROKEN_UNDEF
  nb_no_such_function();
#endif
  return NB_OK;
}
static int describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts, char *buf,
                    size_t cap) {
  (void)g, (void)from, (void)m, (void)parts;
  return snprintf(buf, cap, "m");
}

static nb_status grundy(const nb_game *g, void *cache, nb_pos p, uint64_t *out, nb_error *err) {
  (void)g, (void)cache, (void)p, (void)err;
  *out = 0;
  return NB_OK;
}
static nb_status canonical(const nb_game *g, void *cache, nb_cg_store *store, nb_pos p, nb_cg *out,
                           bool *known, nb_error *err) {
  (void)g, (void)cache, (void)store, (void)p, (void)out, (void)err;
  *known = false;
  return NB_OK;
}
static const nb_impartial_facet grundy_facet = {.grundy = grundy};
static const nb_partizan_facet canonical_facet = {.canonical = canonical};

#define FAMILY(NAME, ALIASES, MOVES)                                                               \
  {                                                                                                \
    .abi = NB_ABI_VERSION, .name = NAME, .aliases = ALIASES, .synopsis = NAME,                     \
    .position_help = "x", .create = fixture_create, .destroy = fixture_destroy,                    \
    .spec = fixture_spec, .parse = parse, .format = format, .joiner = " ",                         \
    .move_bound = fixture_no_bound, .moves = MOVES, .describe = describe,                          \
  }

static const nb_alias taken[] = {{"twothree", NULL}, {NULL, NULL}};
static const nb_family good = FAMILY("good", NULL, moves);
static const nb_family hookless = FAMILY("hookless", NULL, NULL);
static const nb_family clash = FAMILY("div", NULL, moves);
static const nb_family alias_clash = FAMILY("aliased", taken, moves);
static const nb_family partizan_grundy = {
    .abi = NB_ABI_VERSION,
    .name = "pgrundy",
    .synopsis = "x",
    .position_help = "x",
    .partizan = true,
    .create = fixture_create,
    .destroy = fixture_destroy,
    .spec = fixture_spec,
    .parse = parse,
    .format = format,
    .joiner = " ",
    .move_bound = fixture_no_bound,
    .moves = moves,
    .describe = describe,
    .impartial_eval = &grundy_facet,
};
static const nb_family impartial_canonical = {
    .abi = NB_ABI_VERSION,
    .name = "icanon",
    .synopsis = "x",
    .position_help = "x",
    .partizan = false,
    .create = fixture_create,
    .destroy = fixture_destroy,
    .spec = fixture_spec,
    .parse = parse,
    .format = format,
    .joiner = " ",
    .move_bound = fixture_no_bound,
    .moves = moves,
    .describe = describe,
    .partizan_eval = &canonical_facet,
};

#ifndef BROKEN_NOSYM
#if defined(BROKEN_HOOKS)
static const nb_family *const list[] = {&hookless};
#elif defined(BROKEN_CLASH)
static const nb_family *const list[] = {&clash};
#elif defined(BROKEN_GRUNDY)
static const nb_family *const list[] = {&good, &partizan_grundy};
#elif defined(BROKEN_CANON)
static const nb_family *const list[] = {&impartial_canonical};
#elif defined(BROKEN_ALIAS)
static const nb_family *const list[] = {&good, &alias_clash};
#else
static const nb_family *const list[] = {&good};
#endif

const nb_plugin nimber_plugin = {
#ifdef BROKEN_ABI
    .abi = NB_ABI_VERSION + 100,
#else
    .abi = NB_ABI_VERSION,
#endif
    .families = list,
#ifdef BROKEN_EMPTY
    .count = 0,
#else
    .count = sizeof list / sizeof list[0],
#endif
};
#endif

/* Keeps every family referenced whichever variant is built (no unused-variable warnings). */
const nb_family *const nb_broken_all[] = {&good,        &hookless,        &clash,
                                          &alias_clash, &partizan_grundy, &impartial_canonical};
