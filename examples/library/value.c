/*
 * value.c: nimber as a library, in one page. Opens a game from its spec, reads a position from
 * the command line, prints its value and every winning move of the player to move (Left, in a
 * partizan game).
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
  nb_solver *solver = NULL; /* owns every cache used to value the game's positions */
  nb_pos comps[64];
  size_t n = 0;
  nb_value v;
  nb_move_list moves = {0};
  if (nb_game_open(argv[1], &game, &err) != NB_OK ||
      nb_solver_new(game, NULL, &solver, &err) != NB_OK ||
      nb_position_parse(game, (const char *const *)argv + 2, (size_t)argc - 2, 1, comps, &n, 64,
                        &err) != NB_OK ||
      nb_value_of(solver, comps, n, &v, &err) != NB_OK ||
      nb_winning_moves(solver, comps, n, NB_LEFT, &moves, &err) != NB_OK) {
    fprintf(stderr, "value: %s\n", err.message);
    nb_solver_free(solver);
    nb_game_free(game);
    return err.status;
  }
  char text[64];
  nb_value_format(&v, text, sizeof text); /* "*3", "0", or an outcome class: "N" */
  if (v.kind == NB_VALUE_NIMBER)          /* impartial: the player to move wins or not */
    printf("grundy value %llu: the %s player wins\n", (unsigned long long)v.nimber,
           nb_value_wins(&v, NB_LEFT) ? "first" : "second");
  else
    printf("outcome %s: Left moving first %s\n", text,
           nb_value_wins(&v, NB_LEFT) ? "wins" : "loses");
  for (size_t i = 0; i < moves.count; i++) {
    char move[64];
    nb_sum_move_describe(game, comps, n, &moves, i, move, sizeof move);
    printf("winning move: %s\n", move); /* nb_sum_after gives the sum it leads to */
  }
  nb_move_list_free(&moves);
  nb_solver_free(solver);
  nb_game_free(game);
  return 0;
}
