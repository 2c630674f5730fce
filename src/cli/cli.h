/*
 * cli.h: what the subcommands of the `nimber` command share.
 *
 * Every subcommand is a function `int cmd_NAME(int argc, char **argv)` (argv[0] is the
 * subcommand's name) returning the exit status. Only this layer prints or chooses exit codes:
 * library errors arrive as nb_error and leave through cli_fail.
 */
#ifndef NB_CLI_H
#define NB_CLI_H

#include "internal.h"

/* Which games an option applies to. An option given for a game it does not apply to is a usage
 * error (cli_check_scope), never silently ignored. */
typedef enum cli_scope {
  CLI_ANY_GAME = 0, /* every game (the default) */
  CLI_SIDES = 1,    /* games whose theory has two sides: a side (left, right) means nothing
                     * otherwise */
} cli_scope;

/* One option of a subcommand: "--name" alone sets *flag; "--name VALUE" or "--name=VALUE" sets
 * *value. Exactly one of flag and value is non-NULL. cli_parse sets `given`. */
typedef struct cli_opt {
  const char *name;   /* without the leading "--" */
  bool *flag;         /* for options without a value */
  const char **value; /* for options with a value */
  cli_scope scope;    /* the games it applies to */
  char letter;        /* a one-letter form "-x" (0: none) */
  bool given;         /* set by cli_parse: the option was on the command line */
} cli_opt;

enum { CLI_MAX_OPTS = 16 }; /* the most options a subcommand has */

/* Splits argv[1..] into options and positional arguments, moving the positional ones, in order,
 * to argv[1..*npos] (so `argv + 1` is their list). "--" ends the options. "--help" (or "-h")
 * prints usage to stdout and sets *done (status 0). An argument "-" followed by a letter is an
 * option (a one-letter form, or a long name typed with one dash); others starting with '-'
 * ("-", "-5") are positional. Errors print a message and return NB_EUSAGE: an unknown option
 * (naming the nearest one of the command when one is close: "did you mean '--runs'?"), an
 * option given twice, a missing value, a value given to a flag. */
int cli_parse(int argc, char **argv, cli_opt *opts, size_t nopts, const char *usage, size_t *npos,
              bool *done);

/* cli_parse with a help text made from a template (cli_help) only when --help asks for it: the
 * other runs of the command never build it (it cost some 0.85M instructions a command). Out of
 * memory building it prints the message and returns its status, having printed none of it. */
int cli_parse_help(int argc, char **argv, cli_opt *opts, size_t nopts, const nb_registry *games,
                   const char *template, size_t *npos, bool *done);

/* Parses a memory size: decimal digits, optionally followed by one of K, M, G, T (either case:
 * 2^10, 2^20, 2^30, 2^40 bytes), at least 1 byte and at most SIZE_MAX. False for anything else
 * ("", "2GB", "-1", "0", "1.5G", too large). */
bool cli_parse_bytes(const char *text, size_t *out);

/* The option every command that searches takes: "--memory SIZE", the bytes each search's tables
 * may take (nb_limits.memory), read by cli_memory_limit. */
#define CLI_MEMORY_OPT(text)                                                                       \
  { .name = "memory", .value = (text) }

/* Sets limits->memory from --memory's value (NULL: not given, limits unchanged). An unreadable
 * value is a usage error, printed, naming the command and the value. */
int cli_memory_limit(const char *cmd, const char *value, nb_limits *limits);

/* The values of the options that set the exhaustive searches' count limits (nb_limits):
 * --positions N, --sums N, --moves-examined N (NULL: not given). */
typedef struct cli_search_text {
  const char *positions; /* components the component and value searches may memoise */
  const char *sums;      /* sums the sum search may memoise */
  const char *moves;     /* moves the searches may examine in one call */
} cli_search_text;

/* The three options, in a command's cli_opt list. */
#define CLI_SEARCH_OPTS(text)                                                                      \
  {.name = "positions", .value = &(text)->positions}, {.name = "sums", .value = &(text)->sums}, {  \
    .name = "moves-examined", .value = &(text)->moves                                              \
  }

/* Their lines of a command's help (each option, its default and what a unit of it costs). */
#define CLI_SEARCH_HELP                                                                            \
  "  --positions N  components a search may memoise (default 4M = 4,194,304; each about\n"         \
  "                 80 bytes of table)\n"                                                          \
  "  --sums N       sums the sum search may memoise (default 1M = 1,048,576; each about 80\n"      \
  "                 bytes of table and 16 bytes a component of its key)\n"                         \
  "  --moves-examined N\n"                                                                         \
  "                 moves a search may examine in one call (default 128M = 134,217,728: work,\n"   \
  "                 not memory); N as for --memory (K, M, G: powers of 1024). Every table\n"       \
  "                 stays within --memory, whatever these counts allow\n"

/* Sets the limits given (text from CLI_SEARCH_OPTS); an unreadable count is a usage error,
 * printed, naming the command, the option and the value. */
int cli_search_limits(const char *cmd, const cli_search_text *text, nb_limits *limits);

/* Refuses (NB_EUSAGE, printed) an option given for a game outside its scope: "moves: --player
 * applies to partizan games only; div:2,3 is impartial". 0 when every option given applies. */
int cli_check_scope(const char *cmd, const cli_opt *opts, size_t nopts, const nb_game *g);

/* The most sizes a command values one by one (table, plot): 10^8. A request known to need more
 * is refused before any work (use runs, or a narrower range); a request whose runs turn out
 * shorter than hoped stops when it reaches the cap. */
#define CLI_MAX_SIZES ((uint64_t)100000000)

/* Formats n with a comma every three digits ("12,345,678") into buf (at least 27 bytes). */
const char *cli_commas(char buf[27], uint64_t n);

/* Prints "nimber: MESSAGE" to stderr and returns the error's status. */
int cli_fail(const nb_error *err);

/* A help text from a template that names no game: its placeholders ({sizes}, {runs},
 * {no-runs}, {moves}, {ex:CMD:WHICH:SIZES:ARGS}: see help.c) filled from the registry, so that
 * the lists and examples name the families registered. A new string, or NULL when out of
 * memory. */
char *cli_help(const nb_registry *games, const char *template);

/* Prints "nimber: <formatted>" and a hint to see --help, returns NB_EUSAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Writes s as a JSON string literal (with quotes) to out. */
void cli_json_string(FILE *out, const char *s);

/* Exit status of a command whose output could not be written (sysexits' EX_IOERR): a full
 * disk, a closed pipe (with SIGPIPE ignored), a read error on the input of `play`. */
enum { CLI_EXIT_IOERR = 74 };

/* What cli_read_line found. */
typedef enum cli_line {
  CLI_LINE_OK,    /* a line of at most cap - 1 bytes */
  CLI_LINE_LONG,  /* a longer line, read to its end and dropped: buf holds its first bytes */
  CLI_LINE_END,   /* end of input, nothing read */
  CLI_LINE_ERROR, /* a read error (ferror(in)); what was read of the line is dropped */
} cli_line;

/* Reads one line of in: its bytes up to the next '\n' (which is consumed, not stored) or to the
 * end of input (a last line without '\n' is a line). *len receives its true length, NUL bytes
 * included, and buf its first min(*len, cap - 1) bytes followed by a '\0' (cap >= 1). A line
 * longer than cap - 1 bytes is CLI_LINE_LONG; it is read to its end all the same, so the next
 * call starts at the next line whatever the lengths. Memory is constant: a line of any length
 * costs cap bytes. */
cli_line cli_read_line(FILE *in, char *buf, size_t cap, size_t *len);

/* A progress line on standard error while long work runs (progress.c). Starts with
 * cli_progress_init; a zeroed one is off. */
typedef struct cli_progress {
  FILE *out;         /* the terminal the line goes to, or NULL: progress is off */
  bool started;      /* the work has reported since the last cli_progress_end */
  bool shown;        /* a line is on the terminal, to be erased */
  uint64_t first_ms; /* when the work first reported (monotonic milliseconds) */
  uint64_t shown_ms; /* when the line was last written */
} cli_progress;

/* Progress on out when it is a terminal; off otherwise (NULL, a file, a pipe). */
void cli_progress_init(cli_progress *p, FILE *out);

/* Reports `done` of `total`: writes "WHAT: 12,345,678 of 100,000,000 NOUN" once the work has
 * lasted a second, then about once a second. Cheap when off or not due (one clock read). */
void cli_progress_tick(cli_progress *p, const char *what, uint64_t done, uint64_t total,
                       const char *noun);

/* Erases the line if one is shown, and starts afresh (the next work waits its second again). */
void cli_progress_end(cli_progress *p);

/* The parts of cli_progress_tick, for tests with a clock of their own: whether a line is due at
 * now_ms (the first call starts the clock), and writing it. */
bool cli_progress_due(cli_progress *p, uint64_t now_ms);
void cli_progress_write(cli_progress *p, uint64_t now_ms, const char *text);
uint64_t cli_progress_now(void); /* monotonic milliseconds */

/* nb_limits.progress for a cli_progress (ctx): "searching: 1,048,576 positions, of at most
 * 4,194,304", erased when the search returns. */
void cli_progress_search(void *ctx, const char *unit, uint64_t done, uint64_t limit, bool finished);

/* A position given on the command line: the game, its solver and the components. */
typedef struct cli_position {
  nb_game *game;         /* owned */
  nb_solver *solver;     /* owned; values the game's positions, with its caches */
  nb_pos *comps;         /* owned, n of them, room for cap */
  size_t n, cap;         /* components, and room */
  char *spec;            /* canonical game spec, of any length; owned */
  cli_progress progress; /* the searches' progress line (the solver points here: p stays put) */
} cli_position;

/* Opens spec as a game with its solver (within limits; NULL: the defaults) and no position
 * (p->n = 0). The solver's searches report their progress to p->progress (on when standard
 * error is a terminal), so p must not move while the solver lives. On failure prints the error
 * and returns its status. */
int cli_game_open(const nb_registry *games, const char *spec, const nb_limits *limits,
                  cli_position *p);

/* Opens args[0] as a game and parses args[1..count) as its position (first positional argument
 * number first_arg, for messages). On failure prints the error and returns its status. */
int cli_position_open(const nb_registry *games, const char *const *args, size_t count,
                      size_t first_arg, const nb_limits *limits, cli_position *p);

/* cli_game_open_play without printing: NB_OK, or the failure in err (nothing left open). */
nb_status cli_game_make(const nb_registry *games, const char *spec, const nb_limits *limits,
                        nb_play play, cli_position *p, nb_error *err);

/* cli_game_open and cli_position_open under a play convention (--misere: NB_PLAY_MISERE). */
int cli_game_open_play(const nb_registry *games, const char *spec, const nb_limits *limits,
                       nb_play play, cli_position *p);
int cli_position_open_play(const nb_registry *games, const char *const *args, size_t count,
                           size_t first_arg, const nb_limits *limits, nb_play play,
                           cli_position *p);

/* The option of the commands that play misère: "--misere", the play convention it sets. */
#define CLI_MISERE_OPT(set)                                                                       \
  { .name = "misere", .flag = (set) }
static inline nb_play cli_play(bool misere) {
  return misere ? NB_PLAY_MISERE : NB_PLAY_NORMAL;
}

/* Refuses --misere for a command that cannot honour it (exit 64, printed): "CMD: --misere: WHY". */
int cli_misere_refused(const char *cmd, const char *why);
void cli_position_close(cli_position *p);

/* Replaces p's sum by the sum after `who`'s move i of l, as the user sees it
 * (nb_sum_after_in_place: a board stays in place, as typed, with the move made; other
 * components are replaced by the move's parts). Returns 0, or the failure's status (printed). */
int cli_position_apply(cli_position *p, const nb_move_list *l, size_t i, nb_player who);

/* Formats the sum comps[0..n) into a newly allocated string (NULL on out of memory). */
char *cli_format_position(const nb_game *g, const nb_pos *comps, size_t n);

/* The position after `who`'s move i of l as the user sees it (nb_sum_after_in_place),
 * formatted (allocated; NULL when out of memory or refused by the game's store). */
char *cli_format_after(const nb_game *g, const nb_pos *comps, size_t n, const nb_move_list *l,
                       size_t i, nb_player who);

/* The notation of move i of l (allocated). */
char *cli_describe(const nb_game *g, const nb_pos *comps, size_t n, const nb_move_list *l,
                   size_t i);

/* A family's sizes valued in order (table, plot), a run at a time (nb_run_of_size), counting
 * the sizes valued one by one against CLI_MAX_SIZES. */
typedef struct cli_sizes {
  const char *cmd;     /* the command, for messages */
  nb_solver *solver;   /* values the sizes */
  nb_size_tally tally; /* sizes valued so far; most: CLI_MAX_SIZES (cli_sizes_start) */
} cli_sizes;

/* Sizes of the solver's game to value for command cmd, none valued yet. */
cli_sizes cli_sizes_start(const char *cmd, nb_solver *solver);

/* An NB_EDATA of nb_run_of_size(n, ...) in the command's words when it is the refusal past
 * CLI_MAX_SIZES sizes (saying what to do instead); NB_EDATA, err as it was, otherwise. */
nb_status cli_sizes_refusal(const cli_sizes *s, uint64_t n, nb_error *err);

/* The run of equal values from size n within [n, to] (nb_run_of_size): its value and its last
 * size *end; to = n values size n alone. NB_EDATA once more than CLI_MAX_SIZES sizes were
 * valued, saying what to do instead. Inline: `table` asks it for each of up to 10^8 sizes. */
static inline nb_status cli_size_run(cli_sizes *s, uint64_t n, uint64_t to, nb_value *v,
                                     uint64_t *end, nb_error *err) {
  nb_status st = nb_run_of_size(s->solver, n, to, &s->tally, v, end, err);
  return st == NB_EDATA ? cli_sizes_refusal(s, n, err) : st;
}

/* Refuses (NB_EUSAGE, printed) a range of sizes [from, to] known to need more than
 * CLI_MAX_SIZES valued one by one: every size when `each` (a table without --runs), or runs in
 * a game that cannot prove them (nb_game_proves_runs false: grundy valued 10^8 sizes in 200 s
 * before refusing). What is refused
 * is said, with what to do instead. */
int cli_sizes_check(const char *cmd, const nb_game *g, uint64_t from, uint64_t to, bool each);

/* A value as text ("*3", "N"), allocated (NULL on out of memory). */
char *cli_value_text(const nb_value *v);

/* For callers of the three functions above when they return NULL: prints "nimber: out of
 * memory" and returns NB_EINTERNAL, so that no failure ends the command silently. */
int cli_out_of_memory(void);

/* Parses "left" or "right". */
bool cli_player(const char *text, nb_player *out);

/* What every command gets from main: the families a spec may name (the built-in ones and those
 * of the plug-ins loaded with --load). */
typedef struct cli_env {
  const nb_registry *games; /* the registry specs are opened in */
} cli_env;

/* `value --batch FILE` (batch.c): every line of file ('-': standard input) valued as `value`
 * values one position, with nb_value_report's flags; the exit status. */
int cli_value_batch(const cli_env *env, const char *file, const nb_limits *limits, nb_play play,
                    unsigned flags);

int cmd_solve(const cli_env *env, int argc, char **argv);
int cmd_value(const cli_env *env, int argc, char **argv);
int cmd_compare(const cli_env *env, int argc, char **argv);
int cmd_moves(const cli_env *env, int argc, char **argv);
int cmd_games(const cli_env *env, int argc, char **argv);
int cmd_period(const cli_env *env, int argc, char **argv);
int cmd_play(const cli_env *env, int argc, char **argv);
int cmd_table(const cli_env *env, int argc, char **argv);
int cmd_plot(const cli_env *env, int argc, char **argv);
int cmd_quotient(const cli_env *env, int argc, char **argv);
int cmd_survey(const cli_env *env, int argc, char **argv);

/* plot's SVG helpers (plot.c): text with XML's special characters escaped; the picture written
 * to path (NULL or "-": standard output), an I/O error printed and its exit status returned. */
nb_status cli_svg_escaped(nb_text *t, const char *s, nb_error *err);
int cli_plot_write(const nb_text *t, const char *path);

/* `plot --thermograph GAME POSITION...` (thermoplot.c): args[0] the game, the rest the
 * position; draws its thermograph to path. Prints any error; returns the exit status. */
int cli_plot_thermograph(const cli_env *env, const char *const *args, size_t count,
                         const nb_limits *limits, const char *path);

#endif
