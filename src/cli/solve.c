/*
 * solve.c: `nimber solve FORMAT [FILE]`, the contest front ends.
 */
#include "cli.h"

static void usage_text(char *buf, size_t cap) {
  size_t n, used = 0;
  const nb_contest *list = nb_contests(&n);
  used +=
      (size_t)snprintf(buf, cap,
                       "usage: nimber solve FORMAT [FILE]\n\n"
                       "Reads a contest input from FILE (default: standard input; '-' too) and\n"
                       "prints the answers in the contest's format. Formats:\n");
  for (size_t i = 0; i < n && used < cap; i++)
    used += (size_t)snprintf(buf + used, cap - used, "  %-10s %s\n", list[i].name, list[i].summary);
  if (used < cap)
    snprintf(buf + used, cap - used,
             "\nBad input stops with 'nimber: FILE:LINE:COL: expected ..., found ...' and exit "
             "status 65.\n");
}

int cmd_solve(int argc, char **argv) {
  char usage[2048];
  usage_text(usage, sizeof usage);
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, NULL, 0, usage, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  if (status == 0 && !done) {
    if (npos < 1 || npos > 2) {
      status = cli_usage_error("solve", "solve: expected FORMAT and at most one FILE");
    } else if (nb_contest_find(pos[0]) == NULL) {
      status = cli_usage_error("solve", "solve: unknown format '%s'", pos[0]);
    } else {
      nb_error err = {0};
      nb_reader *r = NULL;
      nb_status st = nb_reader_open(npos == 2 ? pos[1] : NULL, &r, &err);
      if (st == NB_OK) st = nb_contest_find(pos[0])->solve(r, stdout, &err);
      nb_reader_close(r);
      if (st != NB_OK) {
        fflush(stdout);
        status = cli_fail(&err);
      }
    }
  }
  return status;
}
