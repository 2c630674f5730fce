/*
 * period.c: `nimber period GAME`: where the outcome sequence of a one-pile game becomes
 * periodic, proven by the family's period engine (psub:A/B: see src/games/psub.c).
 *
 * Text: "psub:3,7,10/2,6,7: preperiod 53, period 1" and the outcome letters of one period.
 * JSON: {"game", "preperiod", "period", "outcomes"}, outcomes being one letter (L, R, N, P) per
 * pile from the preperiod on, over one period. Letters are streamed, not held in memory.
 */
#include "cli.h"

#include <stdlib.h>

static const char usage[] =
    "usage: nimber period GAME [--json]\n\n"
    "Prints the preperiod s and the least period p of the outcome sequence of a partizan\n"
    "subtraction game (pile 0, 1, 2, ...): the outcome of pile n + p equals that of pile n for\n"
    "every n >= s, and s and p are the least such. Then the outcomes of piles s to s+p-1, one\n"
    "letter each: L (Left wins), R (Right wins), N (the player to move wins), P (loses).\n"
    "The period is proven (a repeated window of max(A u B) outcomes), not guessed.\n\n"
    "  --json  one JSON object: game, preperiod, period and outcomes (a string of letters)\n\n"
    "examples:\n  nimber period psub:3,7,10/2,6,7\n  nimber period nimplus:1/2 --json\n";

/* Writes the letters of piles s .. s+p-1 to stdout. */
static int print_outcomes(const nb_game *g, nb_psub_period pp) {
  nb_error err = {0};
  for (uint64_t i = 0; i < pp.period; i++) {
    nb_outcome o;
    if (nb_psub_outcome(g, pp.preperiod + i, &o, &err) != NB_OK) return cli_fail(&err);
    putchar(nb_outcome_letter(o));
  }
  return 0;
}

static int report(const nb_game *g, bool json) {
  nb_error err = {0};
  nb_psub_period pp;
  char spec[256];
  nb_game_spec(g, spec, sizeof spec);
  if (nb_psub_period_of(g, &pp, &err) != NB_OK) return cli_fail(&err);
  unsigned long long s = pp.preperiod, p = pp.period;
  if (json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, spec);
    printf(",\"preperiod\":%llu,\"period\":%llu,\"outcomes\":\"", s, p);
  } else {
    printf("%s: preperiod %llu, period %llu\noutcomes of piles %llu to %llu: ", spec, s, p, s,
           s + p - 1);
  }
  int status = print_outcomes(g, pp);
  if (status == 0) fputs(json ? "\"}\n" : "\n", stdout);
  return status;
}

int cmd_period(int argc, char **argv) {
  bool json = false;
  const cli_opt opts[] = {{"json", &json, NULL}};
  const char **pos = malloc((size_t)argc * sizeof *pos);
  if (pos == NULL) return NB_EINTERNAL;
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, opts, 1, usage, pos, &npos, &done);
  if (status == 0 && !done) {
    nb_game *g = NULL;
    nb_error err = {0};
    if (npos != 1)
      status = cli_usage_error("period", "period: expected one GAME");
    else if (nb_game_open(pos[0], &g, &err) != NB_OK)
      status = cli_fail(&err);
    else if (g->family != &nb_psub_family)
      status = cli_usage_error("period", "period: game '%s' has no period engine (only psub:A/B)",
                               pos[0]);
    else
      status = report(g, json);
    nb_game_free(g);
  }
  free(pos);
  return status;
}
