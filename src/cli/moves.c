/*
 * moves.c: `nimber moves GAME POSITION...`: every winning move of a position.
 *
 * All winning moves are listed, not one: for impartial games the moves to a sum of Grundy value
 * 0, for partizan games the moves of the chosen player after which the opponent, moving first,
 * loses. A lost position says so and lists none.
 *
 * --all lists every legal move instead, each with the value of the sum it leaves (the Grundy
 * value, the canonical form, in misère play the genus of an impartial sum, or the outcome class
 * where the form is refused or a partizan play is misère) and whether it wins, best first for the
 * mover, as a Gamesman user expects (genus values keep the order made: nb_value_list_order
 * orders nimbers only):
 *   1. the winning moves (after which the opponent, moving first, loses) before the others;
 *   2. then, among moves whose values are canonical forms, by the order of the values from the
 *      mover's view (Left prefers greater games, Right lesser ones), which is partial: a move
 *      comes before another when more of the listed moves leave values strictly worse for the
 *      mover than its own. If G is better than H for the mover, every value worse than H is
 *      worse than G, and H itself is, so G has strictly more: the order extends the partial
 *      order (no move is listed after one it is better than), and incomparable or equal values
 *      fall to the next rule. Nimbers are all incomparable: for impartial games, by the Grundy
 *      value left, least first (a 0, the win, then *1, *2, ...);
 *   3. then in the order `moves` generates them (component by component, each family's fixed
 *      order), so the list is deterministic.
 * The order needs a comparison of every pair of canonical values: past ALL_COMPARED moves
 * rule 2 is left out (the list stays deterministic, winning moves first).
 *
 * The answer is computed whole before anything is printed (moves_report), so a failure prints
 * only its message: never a header without its moves, never a JSON fragment. Positions after a
 * move are shown as the user sees them (nb_sum_after_in_place: boards in place, as typed).
 */
#include "cli.h"
#include "nimber_cgt.h"

#include <stdlib.h>
#include <string.h>

enum {
  ALL_COMPARED = 2048, /* most moves --all orders by their values' order (n^2 / 2 compares) */
};

static const char usage_template[] =
    "usage: nimber moves GAME POSITION... [--all] [--first] [--json] [--player left|right]\n"
    "                             [--misere] [--memory SIZE] [--positions N] [--sums N]\n"
    "                             [--moves-examined N]\n\n"
    "Lists every winning move of the position, each in the notation 'nimber play' reads,\n"
    "with the position it leads to (a board as typed, the move made). A lost position lists\n"
    "none.\n\n"
    "  --all         every legal move instead, each with the value of the position it leaves\n"
    "                (Grundy value, canonical form, or outcome class where the form is\n"
    "                refused or in misère play) and whether it wins, best first: winning\n"
    "                moves first; then by value from the mover's view (impartial, normal\n"
    "                play: least Grundy value first; partizan: a move before another when\n"
    "                more moves leave values worse for the mover than its own; misère play,\n"
    "                whose genus values and outcome classes have no such order: none); then\n"
    "                in the order moves are made.\n"
    "                JSON: \"moves\", a list of {\"move\", \"to\", \"value\", \"wins\"}\n"
    "  --first       one winning move instead, the first its search finds, and the outcome\n"
    "                alone (no canonical form): for one Amazons board, the board search's,\n"
    "                which decides boards whose every winning move would each take as long\n"
    "                (the standard 5x5 start); other games: the first of the list\n"
    "  --json        one JSON object: game, position, grundy and winner (impartial) or value\n"
    "                (the canonical form, when given), player, outcome and winner\n"
    "                (partizan), and \"winning\": a list of {\"move\", \"to\"}\n"
    "  --player left|right\n"
    "                partizan games only: whose moves (default left); an error for\n"
    "                impartial games, whose players have the same moves\n"
    "  --misere      misère play (the player who cannot move wins): the moves after which\n"
    "                the opponent, moving first, loses in misère play\n"
    "  --memory SIZE\n"
    "                bytes each search's tables may take (default 2G; K, M, G, T: powers of\n"
    "                1024): a position needing more is refused, exit 65\n" CLI_SEARCH_HELP "\n"
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
static nb_status compute(cli_position *p, nb_player who, bool json, bool first, moves_report *m,
                         nb_error *err) {
  nb_status st = (first ? nb_value_outcome : nb_value_of)(p->solver, p->comps, p->n, &m->value, err);
  if (st != NB_OK) return st;
  m->winning = nb_value_wins(&m->value, who);
  st = nb_value_verdict(p->game, &m->value, who, json ? NB_REPORT_JSON : 0u, &m->text, err);
  if (st != NB_OK) return st;
  if (!m->winning) return NB_OK;
  nb_move_list moves;
  st = (first ? nb_winning_move : nb_winning_moves)(p->solver, p->comps, p->n, who, &moves, err);
  if (st != NB_OK) return st;
  if (moves.count == 0) { /* a family's winning_move against its own outcome: never silent */
    nb_move_list_free(&moves);
    return nb_fail(err, NB_EINTERNAL, "no winning move found, though the mover wins");
  }
  m->move = nb_alloc(moves.count, sizeof *m->move, err);
  m->to = nb_alloc(moves.count, sizeof *m->to, err);
  st = m->move && m->to ? NB_OK : NB_EINTERNAL;
  for (; st == NB_OK && m->count < moves.count; m->count++) {
    m->move[m->count] = cli_describe(p->game, p->comps, p->n, &moves, m->count);
    m->to[m->count] = cli_format_after(p->game, p->comps, p->n, &moves, m->count, who);
    if (m->move[m->count] == NULL || m->to[m->count] == NULL)
      st = nb_fail(err, NB_EINTERNAL, "out of memory listing the winning moves");
  }
  nb_move_list_free(&moves);
  return st;
}

/* --- moves --all ------------------------------------------------------------------------------ */

/* One legal move as --all lists it. */
typedef struct any_move {
  size_t index;   /* its place in the move list: the last rule of the order */
  bool wins;      /* the opponent, moving first after it, loses */
  nb_value value; /* the value of the sum it leaves */
  size_t worse;   /* moves listed whose values are strictly worse for the mover (rule 2) */
  char *move;     /* its notation; owned */
  char *to;       /* the position it leaves, as the user sees it; owned */
  char *shown;    /* its value as printed (text) or as a JSON item; owned */
} any_move;

/* Everything --all prints, computed before the first byte is written. */
typedef struct all_report {
  char *text;     /* who wins, as the game's theory tells it; owned */
  any_move *move; /* count of them, best first once sorted; owned */
  size_t count;   /* legal moves */
} all_report;

static void all_free(all_report *a) {
  for (size_t i = 0; i < a->count; i++) {
    free(a->move[i].move);
    free(a->move[i].to);
    free(a->move[i].shown);
  }
  free(a->move);
  free(a->text);
}

/* Whether the mover `who` prefers value a to b strictly. Values the library cannot compare (an
 * outcome class alone, whose form was refused: NB_EUSAGE) are not preferred either way; nimbers
 * are equal or confused, never preferred. */
static nb_status better(const nb_value *a, const nb_value *b, nb_player who, bool *out,
                        nb_error *err) {
  int relation;
  nb_outcome difference;
  nb_error ignored;
  nb_status st = nb_value_compare(a, b, &relation, &difference, &ignored);
  *out = st == NB_OK && relation == (who == NB_LEFT ? NB_CG_GREATER : NB_CG_LESS);
  if (st == NB_EUSAGE) return NB_OK;
  if (st != NB_OK) *err = ignored;
  return st;
}

/* Rule 2's counts: for each canonical value, how many others are strictly worse for `who`. */
static nb_status count_worse(all_report *a, nb_player who, nb_error *err) {
  if (a->count > ALL_COMPARED) return NB_OK;
  for (size_t i = 0; i < a->count; i++)
    for (size_t j = i + 1; j < a->count; j++) {
      const nb_value *x = &a->move[i].value, *y = &a->move[j].value;
      bool xy, yx;
      nb_status st = better(x, y, who, &xy, err);
      if (st == NB_OK) st = better(y, x, who, &yx, err);
      if (st != NB_OK) return st;
      a->move[i].worse += xy;
      a->move[j].worse += yx;
    }
  return NB_OK;
}

/* The order of --all (the top of this file): winning first, then more moves worse, then the
 * least Grundy value (nimbers: normal play; misère values are left in the order made), then the
 * order made. */
static int best_first(const void *pa, const void *pb) {
  const any_move *a = pa, *b = pb;
  if (a->wins != b->wins) return a->wins ? -1 : 1;
  if (a->worse != b->worse) return a->worse > b->worse ? -1 : 1;
  int by_value = nb_value_list_order(&a->value, &b->value);
  if (by_value != 0) return by_value;
  return a->index < b->index ? -1 : a->index > b->index;
}

/* Move i of l: its value (of the sum of its parts: the memo's positions), notation and the
 * position it leaves as shown. */
static nb_status one_move(cli_position *p, const nb_move_list *l, size_t i, nb_player who,
                          bool json, nb_pos *after, any_move *m, nb_error *err) {
  size_t n = nb_sum_after(p->comps, p->n, l, i, after);
  nb_status st = nb_value_of(p->solver, after, n, &m->value, err);
  if (st != NB_OK) return st;
  m->index = i;
  m->wins = !nb_value_wins(&m->value, who == NB_LEFT ? NB_RIGHT : NB_LEFT);
  m->move = cli_describe(p->game, p->comps, p->n, l, i);
  m->to = cli_format_after(p->game, p->comps, p->n, l, i, who);
  if (json)
    st = nb_value_json(p->game, &m->value, &m->shown, err);
  else
    st = (m->shown = cli_value_text(&m->value)) != NULL ? NB_OK : NB_EINTERNAL;
  if (st == NB_OK && (m->move == NULL || m->to == NULL)) st = NB_EINTERNAL;
  if (st == NB_EINTERNAL) nb_fail(err, NB_EINTERNAL, "out of memory listing the moves");
  return st;
}

/* Every legal move of `who`, valued and sorted best first. */
static nb_status compute_all(cli_position *p, nb_player who, bool json, all_report *a,
                             nb_error *err) {
  nb_value value;
  nb_status st = nb_value_of(p->solver, p->comps, p->n, &value, err);
  if (st == NB_OK)
    st = nb_value_verdict(p->game, &value, who, json ? NB_REPORT_JSON : 0u, &a->text, err);
  nb_move_list l = {0};
  if (st == NB_OK) st = nb_sum_moves(p->solver, p->comps, p->n, who, &l, err);
  if (st != NB_OK) return st;
  size_t most = 1;
  for (size_t i = 0; i < l.count; i++)
    most = l.move[i].move.parts > most ? l.move[i].move.parts : most;
  nb_pos *after = nb_alloc(p->n + most, sizeof *after, err);
  a->move = l.count > 0 ? nb_alloc(l.count, sizeof *a->move, err) : NULL;
  st = after != NULL && (a->move != NULL || l.count == 0) ? NB_OK : NB_EINTERNAL;
  for (; st == NB_OK && a->count < l.count; a->count++) {
    memset(&a->move[a->count], 0, sizeof a->move[a->count]);
    st = one_move(p, &l, a->count, who, json, after, &a->move[a->count], err);
  }
  free(after);
  nb_move_list_free(&l);
  if (st == NB_OK) st = count_worse(a, who, err);
  if (st == NB_OK && a->count > 1) qsort(a->move, a->count, sizeof *a->move, best_first);
  return st;
}

static void print_all_json(const cli_position *p, const char *text, const all_report *a) {
  fputs("{\"game\":", stdout);
  cli_json_string(stdout, p->spec);
  fputs(",\"position\":", stdout);
  cli_json_string(stdout, text);
  printf(",%s,\"moves\":[", a->text);
  for (size_t i = 0; i < a->count; i++) {
    fputs(i ? ",{\"move\":" : "{\"move\":", stdout);
    cli_json_string(stdout, a->move[i].move);
    fputs(",\"to\":", stdout);
    cli_json_string(stdout, a->move[i].to);
    printf(",\"value\":%s,\"wins\":%s}", a->move[i].shown, a->move[i].wins ? "true" : "false");
  }
  fputs("]}\n", stdout);
}

static void print_all_text(const all_report *a) {
  printf("%s; %s\n", a->text, a->count > 0 ? "every move, best first:" : "no move");
  for (size_t i = 0; i < a->count; i++)
    printf("  %s  ->  %s  = %s  (%s)\n", a->move[i].move, a->move[i].to, a->move[i].shown,
           a->move[i].wins ? "wins" : "loses");
}

static int run_all(cli_position *p, nb_player who, bool json) {
  nb_error err = {0};
  all_report a = {0};
  char *text = cli_format_position(p->game, p->comps, p->n);
  nb_status st =
      text ? compute_all(p, who, json, &a, &err) : nb_fail(&err, NB_EINTERNAL, "out of memory");
  if (st == NB_OK && json)
    print_all_json(p, text, &a);
  else if (st == NB_OK)
    print_all_text(&a);
  all_free(&a);
  free(text);
  return st == NB_OK ? 0 : cli_fail(&err);
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

static void print_text(const moves_report *m, bool first) {
  printf("%s; %s\n", m->text,
         !m->winning ? "no winning move" : first ? "a winning move:" : "winning moves:");
  for (size_t i = 0; i < m->count; i++)
    printf("  %s  ->  %s\n", m->move[i], m->to[i]);
}

static int run_moves(cli_position *p, nb_player who, bool json, bool first) {
  nb_error err = {0};
  moves_report m = {0};
  char *text = cli_format_position(p->game, p->comps, p->n);
  nb_status st =
      text ? compute(p, who, json, first, &m, &err) : nb_fail(&err, NB_EINTERNAL, "out of memory");
  if (st == NB_OK && json)
    print_json(p, text, &m);
  else if (st == NB_OK)
    print_text(&m, first);
  report_free(&m);
  free(text);
  return st == NB_OK ? 0 : cli_fail(&err);
}

int cmd_moves(const cli_env *env, int argc, char **argv) {
  bool json = false, misere = false, all = false, first = false;
  const char *player = "left", *memory = NULL;
  cli_search_text counts = {0};
  cli_opt opts[] = {{.name = "all", .flag = &all},
                    {.name = "first", .flag = &first},
                    {.name = "json", .flag = &json},
                    {.name = "player", .value = &player, .scope = CLI_SIDES},
                    CLI_MEMORY_OPT(&memory),
                    CLI_MISERE_OPT(&misere),
                    CLI_SEARCH_OPTS(&counts)};
  size_t npos;
  bool done;
  nb_player who = NB_LEFT;
  nb_limits limits = nb_limits_default();
  int status = cli_parse_help(argc, argv, opts, 9, env->games, usage_template, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  if (status == 0 && !done && all && first)
    status = cli_usage_error("moves", "moves: --all and --first exclude each other");
  if (status == 0 && !done && !cli_player(player, &who))
    status =
        cli_usage_error("moves", "moves: --player expects 'left' or 'right', found '%s'", player);
  if (status == 0 && !done) status = cli_memory_limit("moves", memory, &limits);
  if (status == 0 && !done) status = cli_search_limits("moves", &counts, &limits);
  cli_position p;
  if (status == 0 && !done &&
      (status = cli_position_open_play(env->games, pos, npos, 1, &limits, cli_play(misere), &p)) ==
          0) {
    status = cli_check_scope("moves", opts, 9, p.game);
    if (status == 0) status = all ? run_all(&p, who, json) : run_moves(&p, who, json, first);
    cli_position_close(&p);
  }
  return status;
}
