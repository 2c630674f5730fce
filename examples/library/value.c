/*
 * value.c: nimber as a library, in one page. Opens a game from its spec, reads a position from
 * the command line, prints its value and every winning move.
 *
 *   cc value.c $(pkg-config --cflags --libs nimber) -o value
 *   ./value twothree 1 2 5
 */
#include <nimber.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s GAME POSITION...\n", argv[0]);
    return 64;
  }
  nb_error err = {0};
  nb_game *game = NULL;
  nb_search *search = NULL;
  nb_pos comps[64];
  size_t n = 0, count = 0;
  nb_sum_move *moves = NULL;
  uint64_t g = 0;
  if (nb_game_open(argv[1], &game, &err) != NB_OK ||
      nb_search_new(game, 0, &search, &err) != NB_OK ||
      nb_position_parse(game, (const char *const *)argv + 2, (size_t)argc - 2, 1, comps, &n, 64,
                        &err) != NB_OK ||
      nb_grundy_of_sum(game, search, comps, n, &g, &err) != NB_OK ||
      nb_winning_moves(game, search, comps, n, NB_LEFT, &moves, &count, &err) != NB_OK) {
    fprintf(stderr, "value: %s\n", err.message);
    nb_search_free(search);
    nb_game_free(game);
    return err.status;
  }
  printf("grundy value %llu: the %s player wins\n", (unsigned long long)g, g ? "first" : "second");
  for (size_t i = 0; i < count; i++) {
    char move[64];
    nb_sum_move_describe(game, comps, n, &moves[i], move, sizeof move);
    printf("winning move: %s\n", move);
  }
  free(moves);
  nb_search_free(search);
  nb_game_free(game);
  return 0;
}
