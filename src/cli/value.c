/*
 * value.c: `nimber value GAME POSITION...`: the value of a position and who wins.
 *
 * Impartial games print the Grundy value of the sum ("*3", or "0") and whether the first or the
 * second player wins; partizan games print the outcome class and the winner with each player
 * moving first. --remoteness adds how long the game lasts under optimal play, from the
 * exhaustive search.
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
    "                outcome, left_first and right_first (partizan)\n"
    "  --remoteness  also the remoteness: how many moves the game lasts when the winner\n"
    "                hurries and the loser delays (exhaustive search over the whole sum)\n\n"
    "examples:\n  nimber value twothree 1 2 5\n  nimber value gurdurr III .I. II.\n"
    "  nimber value psub:3,7,10/2,6,7 20\n";

/* Remoteness of the whole position with each player to move (rem[NB_LEFT], rem[NB_RIGHT]; the
 * same for impartial games), from one exhaustive search over the sum. */
static int remoteness_of(cli_position *p, uint64_t rem[2]) {
  nb_error err = {0};
  nb_sum_search *s = NULL; /* freed below whether or not it was made */
  bool wins;
  nb_status st = nb_sum_search_new(p->game, 0, &s, &err);
  if (st == NB_OK) st = nb_sum_search_wins(s, p->comps, p->n, NB_LEFT, &wins, &rem[NB_LEFT], &err);
  rem[NB_RIGHT] = rem[NB_LEFT];
  if (st == NB_OK && p->game->family->partizan)
    st = nb_sum_search_wins(s, p->comps, p->n, NB_RIGHT, &wins, &rem[NB_RIGHT], &err);
  nb_sum_search_free(s);
  return st == NB_OK ? 0 : cli_fail(&err);
}

static int value_impartial(cli_position *p, const char *text, bool json, bool remote) {
  nb_error err = {0};
  uint64_t g, rems[2] = {0, 0};
  if (nb_grundy_of_sum(p->game, p->search, p->comps, p->n, &g, &err) != NB_OK)
    return cli_fail(&err);
  int status = remote ? remoteness_of(p, rems) : 0;
  uint64_t rem = rems[NB_LEFT];
  if (status != 0) return status;
  const char *winner = g ? "first" : "second";
  if (json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, p->spec);
    fputs(",\"position\":", stdout);
    cli_json_string(stdout, text);
    printf(",\"grundy\":%llu,\"winner\":\"%s\"", (unsigned long long)g, winner);
    if (remote) printf(",\"remoteness\":%llu", (unsigned long long)rem);
    puts("}");
    return 0;
  }
  if (g)
    printf("*%llu: the first player wins\n", (unsigned long long)g);
  else
    printf("0: the second player wins\n");
  if (remote) printf("remoteness: %llu\n", (unsigned long long)rem);
  return 0;
}

static const char *winner_name(nb_outcome o, nb_player first) {
  return nb_outcome_wins(o, first) == (first == NB_LEFT) ? "Left" : "Right";
}

static int value_partizan(cli_position *p, const char *text, bool json, bool remote) {
  nb_error err = {0};
  nb_outcome o;
  if (nb_outcome_of(p->game, p->search, p->comps[0], &o, &err) != NB_OK) return cli_fail(&err);
  uint64_t rems[2] = {0, 0};
  int status = remote ? remoteness_of(p, rems) : 0;
  uint64_t rem_left = rems[NB_LEFT], rem_right = rems[NB_RIGHT];
  if (status != 0) return status;
  const char *lf = winner_name(o, NB_LEFT), *rf = winner_name(o, NB_RIGHT);
  if (json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, p->spec);
    fputs(",\"position\":", stdout);
    cli_json_string(stdout, text);
    printf(",\"outcome\":\"%c\",\"left_first\":\"%s\",\"right_first\":\"%s\"", nb_outcome_letter(o),
           lf, rf);
    if (remote)
      printf(",\"remoteness_left_first\":%llu,\"remoteness_right_first\":%llu",
             (unsigned long long)rem_left, (unsigned long long)rem_right);
    puts("}");
    return 0;
  }
  static const char *const meaning[] = {"the player to move loses", "the player to move wins",
                                        "Left wins whoever starts", "Right wins whoever starts"};
  printf("%c: %s (Left moving first: %s wins; Right moving first: %s wins)\n", nb_outcome_letter(o),
         meaning[o], lf, rf);
  if (remote)
    printf("remoteness: %llu with Left moving first, %llu with Right moving first\n",
           (unsigned long long)rem_left, (unsigned long long)rem_right);
  return 0;
}

int cmd_value(int argc, char **argv) {
  bool json = false, remote = false;
  const cli_opt opts[] = {{"json", &json, NULL}, {"remoteness", &remote, NULL}};
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, opts, 2, usage, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  cli_position p;
  if (status == 0 && !done && (status = cli_position_open(pos, npos, 1, &p)) == 0) {
    char *text = cli_format_position(p.game, p.comps, p.n);
    if (text == NULL)
      status = cli_out_of_memory();
    else if (p.game->family->partizan)
      status = value_partizan(&p, text, json, remote);
    else
      status = value_impartial(&p, text, json, remote);
    free(text);
    cli_position_close(&p);
  }
  return status;
}
