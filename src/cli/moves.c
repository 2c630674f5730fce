/*
 * moves.c: `nimber moves GAME POSITION...`: every winning move of a position.
 *
 * All winning moves are listed, not one: for impartial games the moves to a sum of Grundy value
 * 0, for partizan games the moves of the chosen player after which the opponent, moving first,
 * loses. A lost position says so and lists none.
 */
#include "cli.h"

#include <stdlib.h>

static const char usage[] =
    "usage: nimber moves GAME POSITION... [--json] [--player left|right]\n\n"
    "Lists every winning move of the position, each in the notation 'nimber play' reads,\n"
    "with the position it leads to. A lost position lists none.\n\n"
    "  --json                  one JSON object: game, position, grundy and winner (impartial)\n"
    "                          or player, outcome and winner (partizan), and \"winning\": a\n"
    "                          list of {\"move\", \"to\"}\n"
    "  --player left|right     partizan games: whose moves (default left)\n\n"
    "examples:\n  nimber moves twothree 1 2 5\n  nimber moves psub:3,7,10/2,6,7 20 --player "
    "right\n";

/* Prints the header line or the JSON fields before "winning"; *winning: `who` wins moving
 * first. */
static int print_head(cli_position *p, const char *text, nb_player who, bool json, bool *winning) {
  nb_error err = {0};
  nb_value v;
  if (nb_value_of(p->solver, p->comps, p->n, &v, &err) != NB_OK) return cli_fail(&err);
  char *value = cli_value_text(&v);
  if (value == NULL) return NB_EINTERNAL;
  *winning = nb_value_wins(&v, who);
  if (json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, p->spec);
    fputs(",\"position\":", stdout);
    cli_json_string(stdout, text);
  }
  const char *name = who == NB_LEFT ? "Left" : "Right";
  const char *other = who == NB_LEFT ? "Right" : "Left";
  if (v.kind == NB_VALUE_NIMBER && json)
    printf(",\"grundy\":%llu,\"winner\":\"%s\"", (unsigned long long)v.nimber,
           *winning ? "first" : "second");
  else if (v.kind == NB_VALUE_NIMBER)
    printf(*winning ? "%s: the first player wins; winning moves:\n"
                    : "%s: the second player wins; no winning move\n",
           value);
  else if (json)
    printf(",\"player\":\"%s\",\"outcome\":\"%c\",\"winner\":\"%s\"",
           who == NB_LEFT ? "left" : "right", nb_outcome_letter(v.outcome),
           *winning ? name : other);
  else if (*winning)
    printf("%s: %s moving first wins; winning moves:\n", value, name);
  else
    printf("%s: %s moving first loses; no winning move\n", value, name);
  free(value);
  return 0;
}

static int list_moves(cli_position *p, nb_player who, bool json) {
  nb_error err = {0};
  nb_move_list moves;
  if (nb_winning_moves(p->solver, p->comps, p->n, who, &moves, &err) != NB_OK)
    return cli_fail(&err);
  int status = 0;
  if (json) fputs(",\"winning\":[", stdout);
  for (size_t i = 0; i < moves.count && status == 0; i++) {
    char *move = cli_describe(p->game, p->comps, p->n, &moves, i);
    char *to = cli_format_after(p->game, p->comps, p->n, &moves, i);
    if (move == NULL || to == NULL) {
      status = NB_EINTERNAL;
    } else if (json) {
      fputs(i ? ",{\"move\":" : "{\"move\":", stdout);
      cli_json_string(stdout, move);
      fputs(",\"to\":", stdout);
      cli_json_string(stdout, to);
      fputc('}', stdout);
    } else {
      printf("  %s  ->  %s\n", move, to);
    }
    free(move);
    free(to);
  }
  if (json) fputs("]}\n", stdout);
  nb_move_list_free(&moves);
  return status;
}

int cmd_moves(int argc, char **argv) {
  bool json = false;
  const char *player = "left";
  const cli_opt opts[] = {{"json", &json, NULL}, {"player", NULL, &player}};
  size_t npos;
  bool done;
  nb_player who = NB_LEFT;
  int status = cli_parse(argc, argv, opts, 2, usage, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  if (status == 0 && !done && !cli_player(player, &who))
    status =
        cli_usage_error("moves", "moves: --player expects 'left' or 'right', found '%s'", player);
  cli_position p;
  if (status == 0 && !done && (status = cli_position_open(pos, npos, 1, NULL, &p)) == 0) {
    char *text = cli_format_position(p.game, p.comps, p.n);
    bool winning = false;
    status = text ? print_head(&p, text, who, json, &winning) : NB_EINTERNAL;
    if (status == 0 && (winning || json)) status = list_moves(&p, who, json);
    free(text);
    cli_position_close(&p);
  }
  return status;
}
