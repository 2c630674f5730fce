/*
 * main.c: the `nimber` command. Dispatches to one function per subcommand; each subcommand lives
 * in its own file and owns its options, help text and output.
 */
#include "cli.h"

#include <errno.h>
#include <string.h>

static const struct command {
  const char *name; /* as typed */
  int (*run)(int argc, char **argv);
  const char *summary; /* one line for `nimber --help` */
} commands[] = {
    {"solve", cmd_solve, "solve FORMAT [FILE]       answer a contest input (twothree, ...)"},
    {"value", cmd_value, "value GAME POSITION...    value of a position and who wins"},
    {"moves", cmd_moves, "moves GAME POSITION...    every winning move of a position"},
    {"play", cmd_play, "play GAME POSITION...     play against perfect play"},
    {"table", cmd_table, "table GAME --to N         values of every size up to N, or their runs"},
    {"period", cmd_period, "period GAME               proven periodicity of a game's values"},
    {"games", cmd_games, "games                     list the game families and their syntax"},
};

static void print_help(FILE *out) {
  fputs("usage: nimber COMMAND [OPTIONS] [ARGS]\n\n"
        "nimber: a fast, verified engine for combinatorial games.\n\ncommands:\n",
        out);
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf(out, "  %s\n", commands[i].summary);
  fputs("\n'nimber COMMAND --help' describes a command. Exit status: 0 ok, 64 usage error,\n"
        "65 bad input data, 70 internal error, 74 output error (the output could not be\n"
        "written: a full disk, a closed pipe; output stops at the first failed write).\n",
        out);
}

/* Every command ends here: output still buffered is written, and a write that failed at any
 * point (ferror: the error flag stays set even when the buffer was emptied without error since)
 * turns success into exit status 74, so a lost answer never ends with status 0. A command that
 * failed for another reason keeps its status; the lost output is reported as well. */
static int finish(int status) {
  if (fflush(stdout) == 0 && !ferror(stdout)) return status;
  fprintf(stderr, "nimber: cannot write the output: %s\n",
          errno != 0 ? strerror(errno) : "write error");
  return status == 0 ? CLI_EXIT_IOERR : status;
}

int main(int argc, char **argv) {
  static char outbuf[1 << 16];
  setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  if (argc < 2) {
    fputs("nimber: expected a command (see 'nimber --help')\n", stderr);
    return NB_EUSAGE;
  }
  const char *name = argv[1];
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
    print_help(stdout);
    return finish(0);
  }
  if (strcmp(name, "--version") == 0) {
    puts("nimber 0.1.0");
    return finish(0);
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(commands[i].name, name) == 0) return finish(commands[i].run(argc - 1, argv + 1));
  fprintf(stderr, "nimber: unknown command '%s' (see 'nimber --help')\n", name);
  return NB_EUSAGE;
}
