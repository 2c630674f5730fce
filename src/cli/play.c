/*
 * play.c: `nimber play GAME POSITION...`: a game against perfect play, in the terminal.
 *
 * The engine (nb_engine_choose, src/core/engine.c) plays perfectly: a winning move when it has
 * one, drawn with the --seed generator; otherwise the move that delays its loss longest.
 *
 * The person types moves in the notation `nimber moves` prints, or a command: hint, moves, help,
 * quit. Input is plain lines on standard input, so games can be scripted; end of input ends the
 * game cleanly. Every line the program reads is answered, so a transcript reads as a dialogue.
 */
#include "cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum {
  LINE_MAX_LEN = 1024,         /* longest input line accepted */
  PLAY_SEARCH_LIMIT = 1 << 18, /* sums the engine may search to delay a loss */
};

static const char usage[] =
    "usage: nimber play GAME POSITION... [--engine-first] [--seed S] [--as left|right]\n\n"
    "Play against perfect play. On your turn type a move as 'nimber moves' prints it (such as\n"
    "5/2 for div, 2L for a tower, -3 for psub), or:\n"
    "  hint    list the winning moves (if there are none, you are losing against perfect play)\n"
    "  moves   list every legal move\n"
    "  help    this list\n"
    "  quit    resign\n"
    "End of input ends the game.\n\n"
    "  --engine-first   the engine moves first (default: you do)\n"
    "  --seed S         seed for the engine's choice among equally good moves (default 1)\n"
    "  --as left|right  partizan games: the side you play (default left)\n\n"
    "example:\n  printf '5/2\\n2/2\\n' | nimber play twothree 1 2 5\n";

typedef struct game_state {
  cli_position pos; /* the game, its solver (searches within PLAY_SEARCH_LIMIT) and the sum */
  nb_player person; /* the person's side (impartial: NB_LEFT, and the engine too) */
  nb_player engine; /* the engine's side */
  uint64_t rng;     /* splitmix64 state for the engine's choices */
} game_state;

static const char *side_name(nb_player p) {
  return p == NB_LEFT ? "Left" : "Right";
}

/* Prints moves as "  MOVE  ->  POSITION" lines. */
static int print_moves(const game_state *g, const nb_move_list *moves) {
  for (size_t i = 0; i < moves->count; i++) {
    char *m = cli_describe(g->pos.game, g->pos.comps, g->pos.n, moves, i);
    char *to = cli_format_after(g->pos.game, g->pos.comps, g->pos.n, moves, i);
    if (m == NULL || to == NULL) {
      free(m);
      free(to);
      return NB_EINTERNAL;
    }
    printf("  %s  ->  %s\n", m, to);
    free(m);
    free(to);
  }
  return 0;
}

/* Applies move i of l (the component is replaced by the move's parts) and announces it. */
static int apply(game_state *g, const nb_move_list *l, size_t i, const char *who) {
  char *name = cli_describe(g->pos.game, g->pos.comps, g->pos.n, l, i);
  char *to = cli_format_after(g->pos.game, g->pos.comps, g->pos.n, l, i);
  int status = name && to ? 0 : NB_EINTERNAL;
  if (status == 0) printf("%s %s  ->  %s\n", who, name, to);
  free(name);
  free(to);
  return status == 0 ? cli_position_apply(&g->pos, l, i) : status;
}

/* The engine's turn. */
static int engine_move(game_state *g) {
  nb_error err = {0};
  nb_move_list moves;
  size_t chosen = 0;
  bool found;
  int status = 0;
  if (nb_engine_choose(g->pos.solver, g->pos.comps, g->pos.n, g->engine, &g->rng, &moves, &chosen,
                       &found, &err) != NB_OK)
    status = cli_fail(&err);
  else
    status = found ? apply(g, &moves, chosen, "engine plays") : NB_EINTERNAL;
  nb_move_list_free(&moves);
  return status;
}

/* Reads one line into buf, trimmed; false at end of input. An over-long line is skipped and
 * replaced by a description of it, which is then refused like any unknown move. */
static bool read_line(char *buf, size_t cap) {
  if (fgets(buf, (int)cap, stdin) == NULL) return false;
  size_t len = strlen(buf);
  if (len > 0 && buf[len - 1] != '\n' && !feof(stdin)) {
    int c;
    while ((c = getchar()) != '\n' && c != EOF)
      ;
    snprintf(buf, cap, "(a line longer than %d characters)", LINE_MAX_LEN - 2);
    return true;
  }
  while (len > 0 && isspace((unsigned char)buf[len - 1]))
    buf[--len] = '\0';
  size_t start = 0;
  while (isspace((unsigned char)buf[start]))
    start++;
  memmove(buf, buf + start, len - start + 1);
  return true;
}

static bool same_move(const char *typed, const char *name) {
  for (; *typed && *name; typed++, name++)
    if (tolower((unsigned char)*typed) != tolower((unsigned char)*name)) return false;
  return *typed == *name;
}

/* The person's turn. *over is set when the game ends (quit or end of input). */
static int person_move(game_state *g, const nb_move_list *all, bool *over) {
  char line[LINE_MAX_LEN];
  for (;;) {
    printf("your move> ");
    fflush(stdout);
    if (!read_line(line, sizeof line)) {
      printf("\nend of input: game abandoned\n");
      *over = true;
      return 0;
    }
    if (line[0] == '\0') continue;
    if (strcmp(line, "quit") == 0) {
      printf("you resign: the engine wins\n");
      *over = true;
      return 0;
    }
    if (strcmp(line, "help") == 0) {
      printf("type a move as listed by 'moves', or: hint, moves, help, quit\n");
      continue;
    }
    if (strcmp(line, "moves") == 0) {
      printf("legal moves:\n");
      int status = print_moves(g, all);
      if (status != 0) return status;
      continue;
    }
    if (strcmp(line, "hint") == 0) {
      nb_error err = {0};
      nb_move_list win;
      if (nb_winning_moves(g->pos.solver, g->pos.comps, g->pos.n, g->person, &win, &err) != NB_OK)
        return cli_fail(&err);
      if (win.count == 0)
        printf("no winning move: against perfect play you lose\n");
      else
        printf("winning moves:\n");
      int status = print_moves(g, &win);
      nb_move_list_free(&win);
      if (status != 0) return status;
      continue;
    }
    for (size_t i = 0; i < all->count; i++) {
      char *name = cli_describe(g->pos.game, g->pos.comps, g->pos.n, all, i);
      bool match = name != NULL && same_move(line, name);
      free(name);
      if (match) return apply(g, all, i, "you play");
    }
    printf("illegal move '%s': not a legal move here (type 'moves' to list them)\n", line);
  }
}

static int play_loop(game_state *g, bool engine_first) {
  nb_player to_move = engine_first ? g->engine : g->person;
  bool engine_turn = engine_first;
  for (;;) {
    char *text = cli_format_position(g->pos.game, g->pos.comps, g->pos.n);
    if (text == NULL) return NB_EINTERNAL;
    if (g->pos.game->family->partizan)
      printf("position: %s  (%s to move)\n", text, side_name(to_move));
    else
      printf("position: %s\n", text);
    free(text);
    nb_error err = {0};
    nb_move_list all;
    if (nb_sum_moves(g->pos.solver, g->pos.comps, g->pos.n, to_move, &all, &err) != NB_OK)
      return cli_fail(&err);
    if (all.count == 0) {
      nb_move_list_free(&all);
      printf(engine_turn ? "the engine has no move: you win\n"
                         : "you have no move: the engine wins\n");
      return 0;
    }
    bool over = false;
    int status = engine_turn ? engine_move(g) : person_move(g, &all, &over);
    nb_move_list_free(&all);
    if (status != 0 || over) return status;
    engine_turn = !engine_turn;
    if (g->pos.game->family->partizan) to_move = to_move == NB_LEFT ? NB_RIGHT : NB_LEFT;
  }
}

int cmd_play(int argc, char **argv) {
  bool engine_first = false;
  const char *seed = "1", *side = "left";
  const cli_opt opts[] = {
      {"engine-first", &engine_first, NULL}, {"seed", NULL, &seed}, {"as", NULL, &side}};
  size_t npos;
  bool done;
  game_state g = {0};
  int status = cli_parse(argc, argv, opts, 3, usage, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  if (status == 0 && !done && !nb_parse_u64(seed, &g.rng))
    status = cli_usage_error("play", "play: --seed expects an integer from 0 to 2^64-1, found '%s'",
                             seed);
  if (status == 0 && !done && !cli_player(side, &g.person))
    status = cli_usage_error("play", "play: --as expects 'left' or 'right', found '%s'", side);
  nb_limits limits = nb_limits_default();
  limits.sums = PLAY_SEARCH_LIMIT;
  if (status == 0 && !done && (status = cli_position_open(pos, npos, 1, &limits, &g.pos)) == 0) {
    bool partizan = g.pos.game->family->partizan;
    if (!partizan) g.person = NB_LEFT;
    g.engine = partizan && g.person == NB_LEFT ? NB_RIGHT : NB_LEFT;
    char *text = cli_format_position(g.pos.game, g.pos.comps, g.pos.n);
    const char *first = engine_first ? "the engine moves first" : "you move first";
    if (partizan)
      printf("playing %s from %s. You are %s; %s.\n", g.pos.spec, text ? text : "",
             side_name(g.person), first);
    else
      printf("playing %s from %s; %s.\n", g.pos.spec, text ? text : "", first);
    printf("Type a move, or hint, moves, help, quit.\n");
    free(text);
    status = play_loop(&g, engine_first);
    cli_position_close(&g.pos);
  }
  return status;
}
