/*
 * registry.c: the list of game families and contest formats, and the spec resolver.
 *
 * Adding a family is one line in `families` (and its file in src/games); adding a contest format
 * is one line in `contests`. A spec is "NAME" or "NAME:PARAMS"; NAME is a family name or an alias
 * of a seeded game, which may carry default parameters ("twothree" is "div:2,3").
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static const nb_family *const families[] = {
    &nb_division_family, &nb_psub_family, &nb_tower_family, &nb_cg_family, &nb_domineering_family,
};

static const nb_contest contest_list[] = {
    {"twothree", "Two and Three (Gym 104287J): t; per case n, then n heaps; Nino or Miku",
     nb_solve_twothree},
    {"gurdurr",
     "Gurdurr (Gym 102341G): t; per tower n, then n layers top to bottom; First or "
     "Second",
     nb_solve_gurdurr},
    {"nimplus",
     "Nim plus (Gym 102878G): n m, then Long Long's m amounts, then Mao Mao's; "
     "Long Long nb! or Mao Mao nb!",
     nb_solve_nimplus},
};

/* Aliases of the seeded games: the name as typed, the family, and default parameters (NULL: the
 * parameters must be given, as in nimplus:3,7,10/2,6,7). */
static const struct alias {
  const char *alias;    /* name as the user types it */
  const char *family;   /* the family it stands for */
  const char *defaults; /* parameters when none are given, or NULL */
} aliases[] = {
    {"twothree", "div", "2,3"},
    {"gurdurr", "tower", NULL},
    {"nimplus", "psub", NULL},
};

const nb_family *const *nb_families(size_t *count) {
  *count = sizeof families / sizeof families[0];
  return families;
}

const nb_contest *nb_contests(size_t *count) {
  *count = sizeof contest_list / sizeof contest_list[0];
  return contest_list;
}

const nb_contest *nb_contest_find(const char *name) {
  for (size_t i = 0; i < sizeof contest_list / sizeof contest_list[0]; i++)
    if (strcmp(contest_list[i].name, name) == 0) return &contest_list[i];
  return NULL;
}

static const nb_family *family_named(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
    if (strlen(families[i]->name) == len && strncmp(families[i]->name, name, len) == 0)
      return families[i];
  return NULL;
}

nb_status nb_game_open(const char *spec, nb_game **out, nb_error *err) {
  const char *colon = strchr(spec, ':');
  size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
  const char *params = colon ? colon + 1 : NULL;
  const nb_family *fam = family_named(spec, len);
  char quoted[NB_QUOTE_CAP];
  for (size_t i = 0; fam == NULL && i < sizeof aliases / sizeof aliases[0]; i++) {
    if (strlen(aliases[i].alias) != len || strncmp(aliases[i].alias, spec, len) != 0) continue;
    fam = family_named(aliases[i].family, strlen(aliases[i].family));
    if (params != NULL && aliases[i].defaults != NULL)
      return nb_fail(err, NB_EUSAGE, "game %s: %s takes no parameters (it is %s:%s)",
                     nb_quote(quoted, spec, strlen(spec)), aliases[i].alias, aliases[i].family,
                     aliases[i].defaults);
    if (params == NULL) params = aliases[i].defaults;
  }
  if (fam == NULL)
    return nb_fail(err, NB_EUSAGE, "unknown game %s (see 'nimber games')",
                   nb_quote(quoted, spec, len));
  nb_status st = fam->create(params, out, err);
  if (st == NB_OK) {
    (*out)->family = fam;
  } else if (err != NULL) { /* name the game as the user wrote it, alias included */
    char why[sizeof err->message];
    memcpy(why, err->message, sizeof why);
    nb_fail(err, st, "game %s: %s", nb_quote(quoted, spec, strlen(spec)), why);
  }
  return st;
}

void nb_game_free(nb_game *g) {
  if (g != NULL) g->family->destroy(g);
}

int nb_game_spec(const nb_game *g, char *buf, size_t cap) {
  return g->family->spec(g, buf, cap);
}

char *nb_game_spec_new(const nb_game *g, nb_error *err) {
  char probe[1];
  int len = g->family->spec(g, probe, 0);
  NB_ASSERT(len >= 0); /* snprintf fails only on encoding errors, and specs are plain ASCII */
  char *spec = nb_alloc((size_t)len + 1, 1, err);
  if (spec != NULL) g->family->spec(g, spec, (size_t)len + 1);
  return spec;
}

const char *nb_game_spec_quote(const nb_game *g, char buf[NB_QUOTE_CAP]) {
  char head[NB_QUOTE_SHOWN + 1]; /* nb_quote reads no further than NB_QUOTE_SHOWN bytes */
  int len = g->family->spec(g, head, sizeof head);
  return nb_quote(buf, head, len > 0 ? (size_t)len : 0);
}

/* Parses the groups of tokens separated by "+" tokens, each by the family. */
static nb_status parse_groups(const nb_game *g, const char *const *tokens, size_t count,
                              size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  size_t start = 0;
  for (size_t i = 0; i <= count; i++) {
    if (i < count && strcmp(tokens[i], "+") != 0) continue;
    if (i == start)
      return nb_fail(err, NB_EUSAGE, "argument %zu: expected a position %s '+'",
                     first_arg + i - (i == count ? 1 : 0), i == count ? "after" : "before");
    nb_status st =
        g->family->parse(g, tokens + start, i - start, first_arg + start, out, n, cap, err);
    if (st != NB_OK) return st;
    start = i + 1;
  }
  return NB_OK;
}

nb_status nb_position_parse(const nb_game *g, const char *const *tokens, size_t count,
                            size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  *n = 0;
  if (count == 0)
    return nb_fail(err, NB_EUSAGE, "expected a position (%s)", g->family->position_help);
  nb_status st = parse_groups(g, tokens, count, first_arg, out, n, cap, err);
  if (st == NB_EUSAGE && count == 1 && strcmp(tokens[0], "0") == 0) { /* the empty sum */
    *n = 0;
    return NB_OK;
  }
  return st;
}

int nb_position_format(const nb_game *g, const nb_pos *comps, size_t n, char *buf, size_t cap) {
  if (n == 0) return snprintf(buf, cap, "0"); /* the empty sum: the zero game */
  size_t used = 0;
  int total = 0;
  for (size_t i = 0; i < n; i++) {
    if (i > 0) {
      int k = snprintf(buf + used, cap > used ? cap - used : 0, "%s", g->family->joiner);
      total += k;
      used = (size_t)total < cap ? (size_t)total : cap;
    }
    int k = g->family->format(g, comps[i], buf + used, cap > used ? cap - used : 0);
    total += k;
    used = (size_t)total < cap ? (size_t)total : cap;
  }
  return total;
}
