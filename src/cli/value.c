/*
 * value.c: `nimber value GAME POSITION...`: the value of a position and who wins.
 *
 * Prints the value of the whole sum and who wins, as the game's value theory tells it
 * (nb_value_report: "*3: the first player wins" for Grundy values; the canonical form, outcome
 * class, who wins with each player moving first, mean and temperature for partizan games).
 * --remoteness adds how long the game lasts under optimal play, from the exhaustive search over
 * the sum; --brief leaves out a canonical form, which can be megabytes; --outcome says who wins
 * alone, from the outcome search (nb_value_outcome: no form is made).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char usage_template[] =
    "usage: nimber value GAME POSITION... [--json] [--remoteness] [--brief] [--outcome]\n"
    "                    [--options] [--misere] [--memory SIZE] [--positions N] [--sums N]\n"
    "                    [--moves-examined N]\n"
    "       nimber value --batch FILE [the same options]\n\n"
    "Prints the value of a position: for impartial games its Grundy value (the XOR of its\n"
    "components' values) and who wins; for partizan games its canonical form in CGSuite's\n"
    "notation (the sum of its components' values), its outcome class (L, R, N or P), who wins\n"
    "with each player moving first, and for a form that is not a number its mean and\n"
    "temperature, left and right stops and birthday. Where the form is too large (the game\n"
    "store's or the printer's cap), the outcome class alone, and why. Components of a sum\n"
    "are separated by '+' where a component is more than one word; heaps and piles are\n"
    "simply listed ('nimber games' shows each game's).\n\n"
    "  --batch FILE  value many positions in one process: one 'GAME POSITION...' a line of\n"
    "                FILE ('-': standard input), words split as the shell splits them\n"
    "                (quotes, backslashes), '#' lines comments; one answer a line (its\n"
    "                lines joined by '; '; --json: one object a line, with \"line\"). A\n"
    "                game is opened once, its memo kept (8 games at most). A bad line is\n"
    "                told on standard error as FILE:LINE:COLUMN, the rest answered; exit 65\n"
    "                at the end if any line was bad, or if FILE holds no position\n"
    "  --json        one JSON object: game, position, grundy and winner (impartial), or\n"
    "                value (the form), outcome, left_first, right_first, mean,\n"
    "                temperature, left_stop, right_stop and birthday (partizan; \"note\"\n"
    "                instead of value and the rest when the form is not given; \"omitted\":\n"
    "                {key: reason} for each part the store could not compute); with\n"
    "                --remoteness also remoteness, or remoteness_left_first and\n"
    "                remoteness_right_first; with --options, options: {left, right}\n"
    "  --remoteness  also the remoteness: how many moves the game lasts when the winner\n"
    "                hurries and the loser delays (exhaustive search over the whole sum,\n"
    "                within its limits: a larger position is refused, exit 65)\n"
    "  --brief       leave out the canonical form (outcome, mean, temperature and stops\n"
    "                stay; with --json no \"value\"): a form can take hundreds of kilobytes\n"
    "  --outcome     who wins alone, by a search stopping at the first winning move, no\n"
    "                form made (partizan games, normal play; other games: their value)\n"
    "  --options     also Left's and Right's options of the canonical form (partizan)\n"
    "  --misere      misère play, where the player who cannot move wins: impartial games\n"
    "                give the genus of a component or of\n"
    "                a sum of tame ones, each component's genus, and who wins (by the tame\n"
    "                rule where it applies, else by exhaustive search); partizan games give\n"
    "                the misère outcome class by exhaustive search. JSON: play, value,\n"
    "                winner, genus (impartial) or outcome, left_first, right_first\n"
    "  --memory SIZE\n"
    "                bytes each search's tables may take (default 2G; K, M, G, T: powers of\n"
    "                1024): a position needing more is refused, exit 65\n" CLI_SEARCH_HELP "\n"
    "--options applies to partizan games; the other options to every game.\n\n"
    "examples:\n{ex:value:sized:0,1,4:}{ex:value:sized#2:0,1,2:}{ex:value:sized#4:3,6:}";

static int report(cli_position *p, bool json, unsigned flags) {
  nb_error err = {0}, refused = {0};
  char *text = NULL, *position = NULL;
  nb_status st = nb_value_report(p->solver, p->comps, p->n, flags, &text, &err);
  if (st == NB_EDATA && (flags & NB_REPORT_REMOTENESS)) {
    /* the remoteness is refused (a search limit), the value is known: print it, then refuse */
    refused = err;
    st = nb_value_report(p->solver, p->comps, p->n, flags & ~NB_REPORT_REMOTENESS, &text, &err);
  }
  if (st != NB_OK) return cli_fail(&err);
  if (json) position = cli_format_position(p->game, p->comps, p->n);
  int status = json && position == NULL ? cli_out_of_memory() : 0;
  if (status == 0 && json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, p->spec);
    fputs(",\"position\":", stdout);
    cli_json_string(stdout, position);
    printf(",%s}\n", text);
  } else if (status == 0) {
    fputs(text, stdout);
  }
  free(position);
  free(text);
  if (status == 0 && refused.message[0] != '\0') status = cli_fail(&refused);
  return status;
}

/* `value --batch FILE`: no position on the command line (the file holds them). --options with
 * --misere is refused as for one position; --options on an impartial game is a bad line of the
 * file's, since the games are the lines'. */
static int batch_command(const cli_env *env, const char *file, const char *const *pos, size_t npos,
                         const nb_limits *limits, bool misere, unsigned flags) {
  char quoted[NB_QUOTE_CAP];
  if (npos > 0)
    return cli_usage_error("value",
                           "value: --batch reads the positions from its file; found %s on the "
                           "command line too",
                           nb_quote(quoted, pos[0], strlen(pos[0])));
  if ((flags & NB_REPORT_OPTIONS) && misere)
    return cli_usage_error("value", "value: --options lists the options of the canonical "
                                    "form, a normal-play value; it does not apply with --misere");
  return cli_value_batch(env, file, limits, cli_play(misere), flags);
}

int cmd_value(const cli_env *env, int argc, char **argv) {
  bool json = false, remote = false, brief = false, options = false, misere = false;
  bool outcome = false;
  const char *memory = NULL, *batch = NULL;
  cli_search_text counts = {0};
  cli_opt opts[] = {{.name = "json", .flag = &json},
                    {.name = "remoteness", .flag = &remote},
                    {.name = "brief", .flag = &brief},
                    {.name = "options", .flag = &options, .scope = CLI_SIDES},
                    CLI_MEMORY_OPT(&memory),
                    CLI_MISERE_OPT(&misere),
                    CLI_SEARCH_OPTS(&counts),
                    {.name = "batch", .value = &batch},
                    {.name = "outcome", .flag = &outcome}};
  size_t npos;
  bool done;
  nb_limits limits = nb_limits_default();
  int status = cli_parse_help(argc, argv, opts, 11, env->games, usage_template, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  if (status == 0 && !done) status = cli_memory_limit("value", memory, &limits);
  if (status == 0 && !done) status = cli_search_limits("value", &counts, &limits);
  unsigned flags = (json ? NB_REPORT_JSON : 0u) | (brief ? NB_REPORT_BRIEF : 0u) |
                   (remote ? NB_REPORT_REMOTENESS : 0u) | (options ? NB_REPORT_OPTIONS : 0u) |
                   (outcome ? NB_REPORT_OUTCOME : 0u);
  if (status == 0 && !done && outcome && options) /* no form is made to take options from */
    status = cli_usage_error("value", "value: --options lists the options of the canonical "
                                      "form, which --outcome does not make");
  if (status == 0 && !done && batch != NULL)
    return batch_command(env, batch, pos, npos, &limits, misere, flags);
  cli_position p;
  if (status == 0 && !done &&
      (status = cli_position_open_play(env->games, pos, npos, 1, &limits, cli_play(misere), &p)) ==
          0) {
    status = cli_check_scope("value", opts, 11, p.game);
    if (status == 0 && options && misere) /* the options are those of the normal-play form */
      status =
          cli_usage_error("value", "value: --options lists the options of the canonical "
                                   "form, a normal-play value; it does not apply with --misere");
    if (status == 0) status = report(&p, json, flags);
    cli_position_close(&p);
  }
  return status;
}
