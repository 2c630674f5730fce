/*
 * contests.c: the contest formats `nimber solve` answers, and their lookup.
 *
 * Adding a format is its file in this folder and one line here. Names are matched without regard
 * to case.
 */
#include "contest.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const nb_contest contest_list[] = {
    {"twothree", "div:2,3",
     "Two and Three (Gym 104287J): t; per case n, then n heaps; Nino or Miku", nb_solve_twothree},
    {"gurdurr", "tower",
     "Gurdurr (Gym 102341G): t; per tower n, then n layers top to bottom; First or "
     "Second",
     nb_solve_gurdurr},
    {"nimplus", "psub",
     "Nim plus (Gym 102878G): n m, then Long Long's m amounts, then Mao Mao's; "
     "Long Long nb! or Mao Mao nb!",
     nb_solve_nimplus},
};

const nb_contest *nb_contests(size_t *count) {
  *count = sizeof contest_list / sizeof contest_list[0];
  return contest_list;
}

const nb_contest *nb_contest_find(const char *name) {
  for (size_t i = 0; i < sizeof contest_list / sizeof contest_list[0]; i++)
    if (strcasecmp(contest_list[i].name, name) == 0) return &contest_list[i];
  return NULL;
}

const nb_contest *nb_contest_of_game(const nb_registry *games, const char *spec) {
  const char *implied;
  const nb_family *fam = nb_registry_find(games, spec, strlen(spec), &implied);
  nb_game *g = NULL;
  char *canonical = NULL;
  if (fam == NULL && strchr(spec, ':') != NULL && nb_registry_open(games, spec, &g, NULL) == NB_OK)
    canonical = nb_game_spec_new(g, NULL);
  const nb_contest *found = NULL;
  for (size_t i = 0; i < sizeof contest_list / sizeof contest_list[0] && found == NULL; i++) {
    const char *want = contest_list[i].game;
    if (fam != NULL && implied == NULL && strcmp(fam->name, want) == 0) found = &contest_list[i];
    if (fam != NULL && implied != NULL && strchr(want, ':') != NULL &&
        strncmp(want, fam->name, strlen(fam->name)) == 0 && want[strlen(fam->name)] == ':' &&
        strcmp(want + strlen(fam->name) + 1, implied) == 0)
      found = &contest_list[i]; /* an alias standing for the contest's game: twothree itself */
    if (canonical != NULL && strcmp(canonical, want) == 0) found = &contest_list[i];
  }
  free(canonical);
  nb_game_free(g);
  return found;
}
