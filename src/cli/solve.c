/*
 * solve.c: `nimber solve FORMAT [FILE]`, the contest front ends.
 *
 * Answers stream to standard output as each case is solved. The solvers check the output after
 * each answer (nb_check_output) and stop at the first failed write, so a full disk or a closed
 * pipe ends the run at once with exit status 74 instead of reading gigabytes for nothing.
 */
#include "cli.h"
#include "contest/contest.h"

#include <stdlib.h>
#include <string.h>

/* The usage text, listing every contest format, in a new string (NULL when out of memory). */
static char *usage_text(void) {
  size_t n;
  const nb_contest *list = nb_contests(&n);
  nb_text t = {0};
  nb_status st = nb_text_printf(&t, NULL,
                                "usage: nimber solve FORMAT [FILE]\n\n"
                                "Reads a contest input from FILE (default: standard input; '-' "
                                "too) and\nprints the answers in the contest's format. FORMAT is a "
                                "contest's name or the\ngame it poses. Formats:\n");
  for (size_t i = 0; i < n && st == NB_OK; i++)
    st = nb_text_printf(&t, NULL, "  %-10s %s (%s)\n", list[i].name, list[i].summary, list[i].game);
  if (st == NB_OK)
    st = nb_text_printf(&t, NULL,
                        "\nBad input stops with 'nimber: FILE:LINE:COL: expected ..., found ...' "
                        "and exit status 65.\nA failed write stops at once with exit status 74.\n");
  if (st == NB_OK) return t.data;
  free(t.data);
  return NULL;
}

/* The contest formats as a refusal lists them: "a, b, c, or their games d, e, f", into buf. */
static const char *formats(char *buf, size_t cap) {
  size_t n;
  int used = 0;
  const nb_contest *list = nb_contests(&n);
  buf[0] = '\0';
  for (size_t i = 0; i < n; i++)
    nb_bounded_printf(buf, cap, &used, "%s%s", i == 0 ? "" : ", ", list[i].name);
  for (size_t i = 0; i < n; i++)
    nb_bounded_printf(buf, cap, &used, "%s%s", i == 0 ? ", or their games " : ", ", list[i].game);
  return buf;
}

static int solve(const nb_contest *contest, const char *path) {
  nb_error err = {0};
  nb_reader *r = NULL;
  nb_status st = nb_reader_open(path, &r, &err);
  if (st == NB_OK) st = contest->solve(r, stdout, &err);
  nb_reader_close(r);
  if (st == NB_OK) return 0;
  if (ferror(stdout))
    return CLI_EXIT_IOERR; /* the solver stopped at a failed write: main says so */
  fflush(stdout);          /* the answers before the error come before its message */
  return cli_fail(&err);
}

int cmd_solve(const cli_env *env, int argc, char **argv) {
  char *usage = usage_text();
  if (usage == NULL) {
    fputs("nimber: out of memory\n", stderr);
    return NB_EINTERNAL;
  }
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, NULL, 0, usage, &npos, &done);
  free(usage);
  const char *const *pos = (const char *const *)argv + 1;
  if (status != 0 || done) return status;
  if (npos < 1 || npos > 2)
    return cli_usage_error("solve", "solve: expected FORMAT and at most one FILE");
  const nb_contest *contest = nb_contest_find(pos[0]);
  if (contest == NULL) contest = nb_contest_of_game(env->games, pos[0]);
  if (contest == NULL) {
    char quoted[NB_QUOTE_CAP], names[256];
    return cli_usage_error("solve", "solve: unknown format %s (%s)",
                           nb_quote(quoted, pos[0], strlen(pos[0])), formats(names, sizeof names));
  }
  return solve(contest, npos == 2 ? pos[1] : NULL);
}
