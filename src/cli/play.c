/*
 * play.c: `nimber play GAME POSITION...`: a game against perfect play, in the terminal.
 *
 * The engine (nb_engine_choose, src/theory/engine.c) plays perfectly: a winning move when it has
 * one, drawn with the --seed generator; otherwise the move that delays its loss longest.
 *
 * The person types moves in the notation `nimber moves` prints, or a command: hint, moves, help,
 * quit. Input is plain lines on standard input, so games can be scripted; end of input ends the
 * game cleanly. Every line the program reads is answered, so a transcript reads as a dialogue.
 *
 * Lines are read with their true length (cli_read_line): a NUL byte is an ordinary bad
 * character, refused and shown as \x00; a line longer than LINE_MAX_LEN bytes is refused as such
 * and read to its end, so the next line is the next answer, whatever the lengths. A failed
 * write ends the game (exit 74), as does a read error.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
  LINE_MAX_LEN = 1024,         /* longest input line accepted, in bytes, without its '\n' */
  PLAY_SEARCH_LIMIT = 1 << 18, /* sums the engine may search to delay a loss */
  PLAY_SEARCH_MOVES = 1 << 25, /* and moves it may examine (a quarter of each default) */
};

static const char usage_template[] =
    "usage: nimber play GAME POSITION... [--engine-first] [--seed S] [--player left|right]\n"
    "                            [--misere] [--memory SIZE]\n\n"
    "Play against perfect play. On your turn type a move as 'nimber moves' prints it, such as\n"
    "{moves}, or:\n"
    "  hint    list the winning moves (if there are none, you are losing against perfect play)\n"
    "  moves   list every legal move\n"
    "  help    this list\n"
    "  quit    resign\n"
    "End of input ends the game.\n\n"
    "  --engine-first       the engine moves first (default: you do)\n"
    "  --seed S             seed for the engine's choice among equally good moves (default 1)\n"
    "  --player left|right  partizan games only: the side you play (default left); an error\n"
    "                       for impartial games, whose players have the same moves\n"
    "  --misere             misère play: the player who cannot move wins\n"
    "  --memory SIZE        bytes each search's tables may take (default 2G; K, M, G, T:\n"
    "                       powers of 1024): a position needing more is refused, exit 65\n\n"
    "example:\n{ex:play:sized:0,1,4:--engine-first}";

typedef struct game_state {
  cli_position pos; /* the game, its solver (searches within PLAY_SEARCH_*) and the sum */
  nb_player person; /* the person's side (impartial: NB_LEFT, and the engine too) */
  nb_player engine; /* the engine's side */
  uint64_t rng;     /* splitmix64 state for the engine's choices */
} game_state;

static const char *side_name(nb_player p) {
  return p == NB_LEFT ? "Left" : "Right";
}

/* Prints `who`'s moves as "  MOVE  ->  POSITION" lines. */
static int print_moves(const game_state *g, const nb_move_list *moves, nb_player who) {
  for (size_t i = 0; i < moves->count; i++) {
    char *m = cli_describe(g->pos.game, g->pos.comps, g->pos.n, moves, i);
    char *to = cli_format_after(g->pos.game, g->pos.comps, g->pos.n, moves, i, who);
    if (m == NULL || to == NULL) {
      free(m);
      free(to);
      return cli_out_of_memory();
    }
    printf("  %s  ->  %s\n", m, to);
    free(m);
    free(to);
  }
  return 0;
}

/* Applies `side`'s move i of l (a board stays in place, as typed, with the move made; another
 * component is replaced by the move's parts: none, one or several) and announces it with the
 * sum it leaves. */
static int apply(game_state *g, const nb_move_list *l, size_t i, nb_player side, const char *who) {
  char *name = cli_describe(g->pos.game, g->pos.comps, g->pos.n, l, i);
  char *to = cli_format_after(g->pos.game, g->pos.comps, g->pos.n, l, i, side);
  int status = name && to ? 0 : cli_out_of_memory();
  if (status == 0) printf("%s %s  ->  %s\n", who, name, to);
  free(name);
  free(to);
  return status == 0 ? cli_position_apply(&g->pos, l, i, side) : status;
}

/* play_loop asks the engine only in positions with a move: not finding one is a broken
 * invariant, said as such rather than ending the game silently. */
static int no_move(void) {
  nb_error err;
  nb_fail(&err, NB_EINTERNAL, "internal error: the engine found no move in a position with moves");
  return cli_fail(&err);
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
    status = found ? apply(g, &moves, chosen, g->engine, "engine plays") : no_move();
  nb_move_list_free(&moves);
  return status;
}

/* A line the person typed: its bytes, which may hold NULs, and their number. */
typedef struct typed_line {
  char text[LINE_MAX_LEN + 1]; /* the line without its '\n', trimmed, then a '\0' */
  size_t len;                  /* its true length: text may hold NUL bytes before it */
} typed_line;

/* Drops spaces (and a '\r') around the line. */
static void trim(typed_line *l) {
  while (l->len > 0 && isspace((unsigned char)l->text[l->len - 1]))
    l->len--;
  size_t start = 0;
  while (start < l->len && isspace((unsigned char)l->text[start]))
    start++;
  memmove(l->text, l->text + start, l->len - start);
  l->len -= start;
  l->text[l->len] = '\0';
}

/* Whether the line is the word w: compared by length, so "quit\0x" is not "quit". */
static bool line_is(const typed_line *l, const char *w) {
  return l->len == strlen(w) && memcmp(l->text, w, l->len) == 0;
}

/* Whether the typed line names the move `name`, case aside. A NUL byte matches nothing, since
 * no move's name holds one: it is an ordinary bad character. */
static bool same_move(const typed_line *l, const char *name) {
  if (l->len != strlen(name)) return false;
  for (size_t i = 0; i < l->len; i++)
    if (tolower((unsigned char)l->text[i]) != tolower((unsigned char)name[i])) return false;
  return true;
}

/* Lists the winning moves, or says there is none. */
static int hint(game_state *g) {
  nb_error err = {0};
  nb_move_list win;
  if (nb_winning_moves(g->pos.solver, g->pos.comps, g->pos.n, g->person, &win, &err) != NB_OK)
    return cli_fail(&err);
  printf(win.count == 0 ? "no winning move: against perfect play you lose\n" : "winning moves:\n");
  int status = print_moves(g, &win, g->person);
  nb_move_list_free(&win);
  return status;
}

/* Answers one line that is not a command: plays the move it names, or refuses it. *played is
 * set when the move was played. */
static int typed_move(game_state *g, const nb_move_list *all, const typed_line *l, bool *played) {
  for (size_t i = 0; i < all->count; i++) {
    char *name = cli_describe(g->pos.game, g->pos.comps, g->pos.n, all, i);
    if (name == NULL) return cli_out_of_memory(); /* never "illegal": the move may be this one */
    bool match = same_move(l, name);
    free(name);
    if (match) {
      *played = true;
      return apply(g, all, i, g->person, "you play");
    }
  }
  char quoted[NB_QUOTE_CAP];
  printf("illegal move %s: not a legal move here (type 'moves' to list them)\n",
         nb_quote(quoted, l->text, l->len));
  return 0;
}

/* The person's turn. *over is set when the game ends (quit or end of input). */
static int person_move(game_state *g, const nb_move_list *all, bool *over) {
  typed_line l;
  for (bool played = false; !played;) {
    printf("your move> ");
    if (fflush(stdout) != 0) return CLI_EXIT_IOERR; /* no one is reading: main says so */
    cli_line got = cli_read_line(stdin, l.text, sizeof l.text, &l.len);
    if (got == CLI_LINE_ERROR) {
      fprintf(stderr, "nimber: play: cannot read standard input: %s\n", strerror(errno));
      return CLI_EXIT_IOERR;
    }
    if (got == CLI_LINE_END) {
      printf("\nend of input: game abandoned\n");
      *over = true;
      return 0;
    }
    if (got == CLI_LINE_LONG) {
      printf("line too long: %zu bytes, more than the %d a line may hold; not a move (type "
             "'moves' to list them)\n",
             l.len, LINE_MAX_LEN);
      continue;
    }
    trim(&l);
    int status = 0;
    if (l.len == 0) continue;
    if (line_is(&l, "quit")) {
      printf("you resign: the engine wins\n");
      *over = true;
      return 0;
    }
    if (line_is(&l, "help")) {
      printf("type a move as listed by 'moves', or: hint, moves, help, quit\n");
    } else if (line_is(&l, "moves")) {
      printf("legal moves:\n");
      status = print_moves(g, all, g->person);
    } else if (line_is(&l, "hint")) {
      status = hint(g);
    } else {
      status = typed_move(g, all, &l, &played);
    }
    if (status != 0) return status;
  }
  return 0;
}

/* Whether Left and Right are sides with their own moves (a partizan theory), so that turns
 * alternate between them and the person plays one. */
static bool sided(const nb_game *g) {
  return nb_theory_sides(nb_game_theory(g)) == 2;
}

static int play_loop(game_state *g, bool engine_first) {
  nb_player to_move = engine_first ? g->engine : g->person;
  bool engine_turn = engine_first;
  for (;;) {
    char *text = cli_format_position(g->pos.game, g->pos.comps, g->pos.n);
    if (text == NULL) return cli_out_of_memory();
    if (sided(g->pos.game))
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
      bool misere = nb_game_play(g->pos.game) == NB_PLAY_MISERE; /* who cannot move wins */
      if (!misere)
        printf(engine_turn ? "the engine has no move: you win\n"
                           : "you have no move: the engine wins\n");
      else
        printf(engine_turn ? "the engine has no move: the engine wins (misère play)\n"
                           : "you have no move: you win (misère play)\n");
      return 0;
    }
    bool over = false;
    if (engine_turn) nb_move_list_free(&all); /* the engine makes its own: not two at once */
    int status = engine_turn ? engine_move(g) : person_move(g, &all, &over);
    nb_move_list_free(&all);
    if (status == 0 && ferror(stdout)) status = CLI_EXIT_IOERR; /* a failed write ends the game */
    if (status != 0 || over) return status;
    engine_turn = !engine_turn;
    if (sided(g->pos.game)) to_move = to_move == NB_LEFT ? NB_RIGHT : NB_LEFT;
  }
}

int cmd_play(const cli_env *env, int argc, char **argv) {
  bool engine_first = false, misere = false;
  const char *seed = "1", *side = "left", *memory = NULL;
  cli_opt opts[] = {{.name = "engine-first", .flag = &engine_first},
                    {.name = "seed", .value = &seed},
                    {.name = "player", .value = &side, .scope = CLI_SIDES},
                    CLI_MEMORY_OPT(&memory),
                    CLI_MISERE_OPT(&misere)};
  size_t npos;
  bool done;
  game_state g = {0};
  int status = cli_parse_help(argc, argv, opts, 5, env->games, usage_template, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  if (status == 0 && !done && !nb_parse_u64(seed, &g.rng))
    status = cli_usage_error("play", "play: --seed expects an integer from 0 to 2^64-1, found '%s'",
                             seed);
  if (status == 0 && !done && !cli_player(side, &g.person))
    status = cli_usage_error("play", "play: --player expects 'left' or 'right', found '%s'", side);
  nb_limits limits = nb_limits_default();
  limits.sums = PLAY_SEARCH_LIMIT;
  limits.moves_examined = PLAY_SEARCH_MOVES;
  if (status == 0 && !done) status = cli_memory_limit("play", memory, &limits);
  if (status == 0 && !done &&
      (status = cli_position_open_play(env->games, pos, npos, 1, &limits, cli_play(misere),
                                       &g.pos)) == 0 &&
      (status = cli_check_scope("play", opts, 5, g.pos.game)) != 0)
    cli_position_close(&g.pos); /* an option that does not apply to the game */
  if (status == 0 && !done) {
    bool sides = sided(g.pos.game);
    if (!sides) g.person = NB_LEFT;
    g.engine = sides && g.person == NB_LEFT ? NB_RIGHT : NB_LEFT;
    char *text = cli_format_position(g.pos.game, g.pos.comps, g.pos.n);
    const char *first = engine_first ? "the engine moves first" : "you move first";
    if (text == NULL)
      status = cli_out_of_memory();
    else if (sides)
      printf("playing %s from %s%s. You are %s; %s.\n", g.pos.spec, text,
             misere ? " in misère play" : "", side_name(g.person), first);
    else
      printf("playing %s from %s%s; %s.\n", g.pos.spec, text, misere ? " in misère play" : "",
             first);
    free(text);
    if (status == 0) {
      printf("Type a move, or hint, moves, help, quit.\n");
      status = play_loop(&g, engine_first);
    }
    cli_position_close(&g.pos);
  }
  return status;
}
