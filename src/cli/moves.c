/*
 * moves.c: `nimber moves GAME POSITION...`: every winning move of a position.
 *
 * All winning moves are listed, not one: for impartial games the moves to a sum of Grundy value
 * 0, for partizan games the moves of the chosen player after which the opponent, moving first,
 * loses. A lost position says so and lists none.
 *
 * The answer is computed whole before anything is printed (moves_report), so a failure prints
 * only its message: never a header without its moves, never a JSON fragment.
 */
#include "cli.h"

#include <stdlib.h>

static const char usage_template[] =
    "usage: nimber moves GAME POSITION... [--json] [--player left|right]\n"
    "                             [--misere] [--memory SIZE]\n\n"
    "Lists every winning move of the position, each in the notation 'nimber play' reads,\n"
    "with the position it leads to. A lost position lists none.\n\n"
    "  --json                  one JSON object: game, position, grundy and winner (impartial)\n"
    "                          or value (the canonical form, when given), player, outcome and\n"
    "                          winner (partizan), and \"winning\": a list of {\"move\", \"to\"}\n"
    "  --player left|right     partizan games only: whose moves (default left); an error\n"
    "                          for impartial games, whose players have the same moves\n"
    "  --misere                misère play (the player who cannot move wins): the moves\n"
    "                          after which the opponent, moving first, loses in misère play\n"
    "  --memory SIZE           bytes each search's tables may take (default 2G; K, M, G, T:\n"
    "                          powers of 1024): a position needing more is refused, exit 65\n\n"
    "examples:\n{ex:moves:sized:0,1,4:}{ex:moves:sized#4:3,6:}";

/* Everything `moves` prints, computed before the first byte is written: a failure (a position
 * beyond an evaluator's limit, out of memory) then prints its message and nothing else, and
 * --json never leaves half an object. */
typedef struct moves_report {
  nb_value value;    /* the value of the sum */
  char *text;        /* who wins, as the game's theory tells it (nb_value_verdict); owned */
  bool winning;      /* `who` wins moving first (impartial: the player to move) */
  size_t count;      /* winning moves */
  char **move, **to; /* count of each: a move's notation and the position it leads to; owned */
} moves_report;

static void report_free(moves_report *m) {
  for (size_t i = 0; i < m->count; i++) {
    free(m->move[i]);
    free(m->to[i]);
  }
  free(m->move);
  free(m->to);
  free(m->text);
}

/* The value and, when it wins, every winning move with its notation and resulting position. */
static nb_status compute(cli_position *p, nb_player who, bool json, moves_report *m,
                         nb_error *err) {
  nb_status st = nb_value_of(p->solver, p->comps, p->n, &m->value, err);
  if (st != NB_OK) return st;
  m->winning = nb_value_wins(&m->value, who);
  st = nb_value_verdict(p->game, &m->value, who, json ? NB_REPORT_JSON : 0u, &m->text, err);
  if (st != NB_OK) return st;
  if (!m->winning) return NB_OK;
  nb_move_list moves;
  st = nb_winning_moves(p->solver, p->comps, p->n, who, &moves, err);
  if (st != NB_OK) return st;
  m->move = nb_alloc(moves.count, sizeof *m->move, err);
  m->to = nb_alloc(moves.count, sizeof *m->to, err);
  st = m->move && m->to ? NB_OK : NB_EINTERNAL;
  for (; st == NB_OK && m->count < moves.count; m->count++) {
    m->move[m->count] = cli_describe(p->game, p->comps, p->n, &moves, m->count);
    m->to[m->count] = cli_format_after(p->game, p->comps, p->n, &moves, m->count);
    if (m->move[m->count] == NULL || m->to[m->count] == NULL)
      st = nb_fail(err, NB_EINTERNAL, "out of memory listing the winning moves");
  }
  nb_move_list_free(&moves);
  return st;
}

static void print_json(const cli_position *p, const char *text, const moves_report *m) {
  fputs("{\"game\":", stdout);
  cli_json_string(stdout, p->spec);
  fputs(",\"position\":", stdout);
  cli_json_string(stdout, text);
  printf(",%s,\"winning\":[", m->text);
  for (size_t i = 0; i < m->count; i++) {
    fputs(i ? ",{\"move\":" : "{\"move\":", stdout);
    cli_json_string(stdout, m->move[i]);
    fputs(",\"to\":", stdout);
    cli_json_string(stdout, m->to[i]);
    fputc('}', stdout);
  }
  fputs("]}\n", stdout);
}

static void print_text(const moves_report *m) {
  printf("%s; %s\n", m->text, m->winning ? "winning moves:" : "no winning move");
  for (size_t i = 0; i < m->count; i++)
    printf("  %s  ->  %s\n", m->move[i], m->to[i]);
}

static int run_moves(cli_position *p, nb_player who, bool json) {
  nb_error err = {0};
  moves_report m = {0};
  char *text = cli_format_position(p->game, p->comps, p->n);
  nb_status st =
      text ? compute(p, who, json, &m, &err) : nb_fail(&err, NB_EINTERNAL, "out of memory");
  if (st == NB_OK && json)
    print_json(p, text, &m);
  else if (st == NB_OK)
    print_text(&m);
  report_free(&m);
  free(text);
  return st == NB_OK ? 0 : cli_fail(&err);
}

int cmd_moves(const cli_env *env, int argc, char **argv) {
  bool json = false, misere = false;
  const char *player = "left", *memory = NULL;
  cli_opt opts[] = {{.name = "json", .flag = &json},
                    {.name = "player", .value = &player, .scope = CLI_SIDES},
                    CLI_MEMORY_OPT(&memory),
                    CLI_MISERE_OPT(&misere)};
  size_t npos;
  bool done;
  nb_player who = NB_LEFT;
  nb_limits limits = nb_limits_default();
  int status = cli_parse_help(argc, argv, opts, 4, env->games, usage_template, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  if (status == 0 && !done && !cli_player(player, &who))
    status =
        cli_usage_error("moves", "moves: --player expects 'left' or 'right', found '%s'", player);
  if (status == 0 && !done) status = cli_memory_limit("moves", memory, &limits);
  cli_position p;
  if (status == 0 && !done &&
      (status = cli_position_open_play(env->games, pos, npos, 1, &limits, cli_play(misere), &p)) ==
          0) {
    status = cli_check_scope("moves", opts, 4, p.game);
    if (status == 0) status = run_moves(&p, who, json);
    cli_position_close(&p);
  }
  return status;
}
