/*
 * period.c: `nimber period GAME`: proven periodicity of a game's values.
 *
 * psub:A/B: where the outcome sequence becomes periodic, proven by a repeated window of
 * max(A u B) outcomes (src/games/psub.c). div:D: a multiplicative period, g(x) = g(floor(x/Q))
 * for every x >= T, proven by checking the window [T, T*max(D)) (src/games/division.c). Every
 * claim printed carries its proof's terms; nothing is guessed from a few repeats.
 *
 * Text: "psub:3,7,10/2,6,7: preperiod 53, period 1" and the outcome letters of one period.
 * JSON: {"game", "preperiod", "period", "outcomes"}, outcomes being one letter (L, R, N, P) per
 * pile from the preperiod on, over one period. Letters are streamed, not held in memory: the
 * period is proven before the first byte, and nothing printed after it can fail (see
 * print_outcomes), so JSON is whole or absent. A failed write stops the output (exit 74).
 */
#include "cli.h"

#include <stdlib.h>

static const char usage[] =
    "usage: nimber period GAME [--max N] [--json]\n\n"
    "psub:A/B: prints the preperiod s and the least period p of the outcome sequence (pile 0,\n"
    "1, 2, ...): the outcome of pile n + p equals that of pile n for every n >= s, and s and p\n"
    "are the least such. Then the outcomes of piles s to s+p-1, one letter each: L (Left wins),\n"
    "R (Right wins), N (the player to move wins), P (loses). The period is proven (a repeated\n"
    "window of max(A u B) outcomes), not guessed. --max N: report none unless s + p <= N.\n\n"
    "div:D: prints a multiplicative period: g(x) = g(floor(x/Q)) for every heap x >= T, with\n"
    "the least such Q (an element of the monoid D generates) and then the least T, proven by\n"
    "checking every heap of [T, T*max(D)); then the runs of one period, [T, Q*T).\n"
    "--max N bounds Q (default 1000000).\n\n"
    "  --json  psub: game, preperiod, period and outcomes (a string of letters);\n"
    "          div: game, ratio, start, checked_to and runs (a list of {from, to, value})\n\n"
    "examples:\n  nimber period psub:3,7,10/2,6,7\n  nimber period twothree\n";

/* Writes the letters of piles s .. s+p-1 to stdout; false if a write failed. Once the period is
 * proven every pile below s + p has been computed, so no letter can fail to be found (nothing is
 * left to compute or allocate): the output, JSON included, is never cut by an error. */
static bool print_outcomes(const nb_game *g, nb_psub_period pp) {
  for (uint64_t i = 0; i < pp.period; i++) {
    nb_outcome o;
    nb_error err;
    nb_status st = nb_psub_outcome(g, pp.preperiod + i, &o, &err);
    NB_ASSERT(st == NB_OK);
    (void)st;
    putchar(nb_outcome_letter(o));
    if ((i & 4095) == 4095 && ferror(stdout)) return false; /* up to 2^27 letters: stop early */
  }
  return !ferror(stdout);
}

/* The runs of [from, to] (inclusive): "[a, b]  *v" lines, or JSON objects; false if a write
 * failed. The caller has checked that `to` is inside the run table, so no value can fail. */
static bool print_runs(const nb_game *g, uint64_t from, uint64_t to, bool json) {
  for (uint64_t a = from, k = 0; a <= to; k++) {
    uint64_t b = g->family->run_end(g, a), v = 0;
    b = b < to ? b : to;
    nb_error err;
    nb_status st = g->family->grundy(g, (nb_pos){a, 0}, &v, &err);
    NB_ASSERT(st == NB_OK);
    (void)st;
    if (json)
      printf("%s{\"from\":%llu,\"to\":%llu,\"value\":%llu}", k ? "," : "", (unsigned long long)a,
             (unsigned long long)b, (unsigned long long)v);
    else if (v)
      printf("[%llu, %llu]  *%llu\n", (unsigned long long)a, (unsigned long long)b,
             (unsigned long long)v);
    else
      printf("[%llu, %llu]  0\n", (unsigned long long)a, (unsigned long long)b);
    if (ferror(stdout)) return false;
    if (b == to) break;
    a = b + 1;
  }
  return true;
}

static int report_div(const nb_game *g, const char *spec, uint64_t max_ratio, bool json) {
  nb_error err = {0};
  nb_div_period dp;
  if (nb_div_period_of(g, max_ratio, &dp, &err) != NB_OK) return cli_fail(&err);
  unsigned long long q = dp.ratio, t = dp.start, w = dp.checked_to;
  uint64_t period_end = dp.start > UINT64_MAX / dp.ratio ? UINT64_MAX : dp.start * dp.ratio - 1;
  uint64_t v; /* the run table answers every heap up to its end: probing the last one is enough */
  if (g->family->grundy(g, (nb_pos){period_end, 0}, &v, &err) != NB_OK) return cli_fail(&err);
  if (json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, spec);
    printf(",\"ratio\":%llu,\"start\":%llu,\"checked_to\":%llu,\"runs\":[", q, t, w);
    if (!print_runs(g, dp.start, period_end, true)) return CLI_EXIT_IOERR;
    puts("]}");
    return 0;
  }
  printf("%s: g(x) = g(floor(x/%llu)) for every x >= %llu\n"
         "proof: checked for every x in [%llu, %llu]; every x beyond has all its options at or "
         "above %llu (theorem in src/games/division.c)\n"
         "one period, [%llu, %llu]:\n",
         spec, q, t, t, w, t, t, (unsigned long long)period_end);
  return print_runs(g, dp.start, period_end, false) ? 0 : CLI_EXIT_IOERR;
}

static int report(const nb_game *g, const char *spec, uint64_t max, bool json) {
  nb_error err = {0};
  nb_psub_period pp;
  if (nb_psub_period_of(g, &pp, &err) != NB_OK) return cli_fail(&err);
  unsigned long long s = pp.preperiod, p = pp.period;
  if (s + p > max) {
    nb_fail(&err, NB_EDATA,
            "no period found within %llu piles (preperiod %llu and period %llu "
            "exceed it)",
            (unsigned long long)max, s, p);
    return cli_fail(&err);
  }
  if (json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, spec);
    printf(",\"preperiod\":%llu,\"period\":%llu,\"outcomes\":\"", s, p);
  } else {
    printf("%s: preperiod %llu, period %llu\noutcomes of piles %llu to %llu: ", spec, s, p, s,
           s + p - 1);
  }
  if (!print_outcomes(g, pp)) return CLI_EXIT_IOERR;
  fputs(json ? "\"}\n" : "\n", stdout);
  return 0;
}

/* The period report of the game named by text. */
static int period_of(const char *text, uint64_t max, bool max_given, bool json) {
  nb_game *g = NULL;
  nb_error err = {0};
  char *spec = NULL;
  int status = 0;
  if (nb_game_open(text, &g, &err) != NB_OK || (spec = nb_game_spec_new(g, &err)) == NULL)
    status = cli_fail(&err);
  else if (g->family == &nb_division_family)
    status = report_div(g, spec, max, json);
  else if (g->family != &nb_psub_family)
    status = cli_usage_error("period",
                             "period: game '%s' has no period engine (psub:A/B and "
                             "div:D have)",
                             text);
  else
    status = report(g, spec, max_given ? max : UINT64_MAX, json);
  free(spec);
  nb_game_free(g);
  return status;
}

int cmd_period(int argc, char **argv) {
  bool json = false;
  const char *max_text = NULL;
  uint64_t max = 1000000;
  const cli_opt opts[] = {{"json", &json, NULL}, {"max", NULL, &max_text}};
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, opts, 2, usage, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  if (status == 0 && !done && max_text != NULL && !nb_parse_u64(max_text, &max))
    status = cli_usage_error("period", "period: --max expects an integer, found '%s'", max_text);
  if (status == 0 && !done && npos != 1)
    status = cli_usage_error("period", "period: expected one GAME");
  if (status == 0 && !done) status = period_of(pos[0], max, max_text != NULL, json);
  return status;
}
