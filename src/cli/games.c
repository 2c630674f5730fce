/*
 * games.c: `nimber games`, the list of game families with their syntax.
 *
 * --names lists only the names a GAME may start with, one a line: each family's name, then its
 * aliases. The bash completion reads it (so families of plug-ins complete too, after --load).
 */
#include "cli.h"

static const char usage[] =
    "usage: nimber games [--names]\n\n"
    "Lists every game family, its spec syntax and how its positions are written.\n\n"
    "  --names   only the names a GAME may start with (families and aliases), one a line\n";

int cmd_games(const cli_env *env, int argc, char **argv) {
  bool names = false;
  cli_opt opts[] = {{.name = "names", .flag = &names}};
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, opts, 1, usage, &npos, &done);
  if (status != 0 || done) return status;
  if (npos != 0) return cli_usage_error("games", "games: takes no arguments");
  size_t n;
  const nb_family *const *list = nb_registry_families(env->games, &n);
  for (size_t i = 0; i < n && names; i++) {
    printf("%s\n", list[i]->name);
    for (const nb_alias *a = list[i]->aliases; a != NULL && a->name != NULL; a++)
      printf("%s\n", a->name);
  }
  for (size_t i = 0; i < n && !names; i++)
    printf("%s\n    %s\n    position: %s\n", list[i]->synopsis,
           nb_theory_summary(nb_family_theory(list[i])), list[i]->position_help);
  return 0;
}
