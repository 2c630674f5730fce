/*
 * value.c: `nimber value GAME POSITION...`: the value of a position and who wins.
 *
 * Prints the value of the whole sum, an nb_value whatever the family ("*3" or "0" for impartial
 * games, the outcome class for partizan ones), and who wins: the value's kind says which words
 * fit it (first/second player for nimbers, each player moving first otherwise). --remoteness
 * adds how long the game lasts under optimal play, from the exhaustive search over the sum.
 */
#include "cli.h"

#include <stdlib.h>

static const char usage[] =
    "usage: nimber value GAME POSITION... [--json] [--remoteness]\n\n"
    "Prints the value of a position: for impartial games its Grundy value (the XOR of its\n"
    "components' values) and who wins; for partizan games its outcome class (L, R, N or P) and\n"
    "who wins with each player moving first. Components of a sum are separated by '+' where a\n"
    "component is more than one word (towers); heaps are simply listed.\n\n"
    "  --json        one JSON object: game, position, grundy and winner (impartial), or\n"
    "                outcome, left_first and right_first (partizan); with --remoteness also\n"
    "                remoteness, or remoteness_left_first and remoteness_right_first\n"
    "  --remoteness  also the remoteness: how many moves the game lasts when the winner\n"
    "                hurries and the loser delays (exhaustive search over the whole sum,\n"
    "                within its limits: a larger position is refused, exit 65)\n\n"
    "Both options apply to every game.\n\n"
    "examples:\n  nimber value twothree 1 2 5\n  nimber value gurdurr III .I. II.\n"
    "  nimber value psub:3,7,10/2,6,7 20\n";

static const char *const meaning[] = {"the player to move loses", "the player to move wins",
                                      "Left wins whoever starts", "Right wins whoever starts"};

/* Remoteness of the whole position with each player to move (rem[NB_LEFT], rem[NB_RIGHT]; for
 * nimbers the player does not matter and one search answers both). */
static int remoteness_of(cli_position *p, const nb_value *v, uint64_t rem[2]) {
  nb_error err = {0};
  nb_status st = nb_remoteness(p->solver, p->comps, p->n, NB_LEFT, &rem[NB_LEFT], &err);
  rem[NB_RIGHT] = rem[NB_LEFT];
  if (st == NB_OK && v->kind != NB_VALUE_NIMBER)
    st = nb_remoteness(p->solver, p->comps, p->n, NB_RIGHT, &rem[NB_RIGHT], &err);
  return st == NB_OK ? 0 : cli_fail(&err);
}

/* Who wins with `first` moving first, as "Left" or "Right". */
static const char *winner_name(const nb_value *v, nb_player first) {
  return nb_value_wins(v, first) == (first == NB_LEFT) ? "Left" : "Right";
}

static void print_json(const cli_position *p, const char *position, const nb_value *v, bool remote,
                       const uint64_t rem[2]) {
  unsigned long long left = rem[NB_LEFT], right = rem[NB_RIGHT];
  fputs("{\"game\":", stdout);
  cli_json_string(stdout, p->spec);
  fputs(",\"position\":", stdout);
  cli_json_string(stdout, position);
  if (v->kind == NB_VALUE_NIMBER) {
    printf(",\"grundy\":%llu,\"winner\":\"%s\"", (unsigned long long)v->nimber,
           nb_value_wins(v, NB_LEFT) ? "first" : "second");
    if (remote) printf(",\"remoteness\":%llu", left);
  } else {
    printf(",\"outcome\":\"%c\",\"left_first\":\"%s\",\"right_first\":\"%s\"",
           nb_outcome_letter(v->outcome), winner_name(v, NB_LEFT), winner_name(v, NB_RIGHT));
    if (remote)
      printf(",\"remoteness_left_first\":%llu,\"remoteness_right_first\":%llu", left, right);
  }
  puts("}");
}

static void print_text(const nb_value *v, const char *text, bool remote, const uint64_t rem[2]) {
  unsigned long long left = rem[NB_LEFT], right = rem[NB_RIGHT];
  if (v->kind == NB_VALUE_NIMBER) {
    printf("%s: the %s player wins\n", text, nb_value_wins(v, NB_LEFT) ? "first" : "second");
    if (remote) printf("remoteness: %llu\n", left);
    return;
  }
  printf("%s: %s (Left moving first: %s wins; Right moving first: %s wins)\n", text,
         meaning[v->outcome & 3], winner_name(v, NB_LEFT), winner_name(v, NB_RIGHT));
  if (remote)
    printf("remoteness: %llu with Left moving first, %llu with Right moving first\n", left, right);
}

static int report(cli_position *p, bool json, bool remote) {
  nb_error err = {0};
  nb_value v;
  uint64_t rem[2] = {0, 0};
  if (nb_value_of(p->solver, p->comps, p->n, &v, &err) != NB_OK) return cli_fail(&err);
  int status = remote ? remoteness_of(p, &v, rem) : 0;
  char *position = status == 0 ? cli_format_position(p->game, p->comps, p->n) : NULL;
  char *text = position ? cli_value_text(&v) : NULL;
  if (status == 0 && text == NULL) status = cli_out_of_memory();
  if (status == 0 && json) print_json(p, position, &v, remote, rem);
  if (status == 0 && !json) print_text(&v, text, remote, rem);
  free(position);
  free(text);
  return status;
}

int cmd_value(const cli_env *env, int argc, char **argv) {
  bool json = false, remote = false;
  cli_opt opts[] = {{.name = "json", .flag = &json}, {.name = "remoteness", .flag = &remote}};
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, opts, 2, usage, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  cli_position p;
  if (status == 0 && !done &&
      (status = cli_position_open(env->games, pos, npos, 1, NULL, &p)) == 0) {
    status = report(&p, json, remote);
    cli_position_close(&p);
  }
  return status;
}
