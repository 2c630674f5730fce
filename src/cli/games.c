/*
 * games.c: `nimber games`, the list of game families with their syntax.
 */
#include "cli.h"

int cmd_games(const cli_env *env, int argc, char **argv) {
  const char *usage = "usage: nimber games\n\nLists every game family, its spec syntax and how "
                      "its positions are written.\n";
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, NULL, 0, usage, &npos, &done);
  if (status != 0 || done) return status;
  if (npos != 0) return cli_usage_error("games", "games: takes no arguments");
  size_t n;
  const nb_family *const *list = nb_registry_families(env->games, &n);
  for (size_t i = 0; i < n; i++)
    printf("%s\n    %s\n    position: %s\n", list[i]->synopsis,
           list[i]->partizan ? "partizan: canonical values (outcome classes L, R, N, P)"
                             : "impartial: Grundy values",
           list[i]->position_help);
  return 0;
}
