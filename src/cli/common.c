/*
 * common.c: option parsing, error printing, JSON strings, position handling, the line reader and
 * the in-memory text shared by the subcommands.
 *
 * Nothing here holds text in a fixed-size buffer that could cut it: specs and positions are
 * formatted at their true length (allocated), and a line read by cli_read_line reports its true
 * length even when it is longer than the caller's buffer, which the caller then refuses.
 */
#include "cli.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int cli_fail(const nb_error *err) {
  fprintf(stderr, "nimber: %s\n", err->message);
  return err->status ? (int)err->status : NB_EINTERNAL;
}

int cli_usage_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("nimber: ", stderr);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, " (see 'nimber %s --help')\n", cmd);
  return NB_EUSAGE;
}

/* The option typed as `name` (len bytes, without its dashes; `letter`: typed "-x"), or NULL. */
static cli_opt *find_opt(cli_opt *opts, size_t nopts, const char *name, size_t len, bool letter) {
  for (size_t i = 0; i < nopts; i++) {
    if (letter && len == 1 && opts[i].letter == name[0] && name[0] != '\0') return &opts[i];
    if (!letter && strlen(opts[i].name) == len && strncmp(opts[i].name, name, len) == 0)
      return &opts[i];
  }
  return NULL;
}

/* "unknown option '--jsn'", with the command's nearest option when one is close (a third of the
 * name's letters wrong at most, as for commands and games). */
static int unknown_option(const char *cmd, const cli_opt *opts, size_t nopts, const char *typed,
                          const char *name, size_t len) {
  const char *near = NULL;
  unsigned best = (unsigned)(len / 3 > 0 ? len / 3 : 1) + 1;
  for (size_t i = 0; i <= nopts; i++) {
    const char *candidate = i < nopts ? opts[i].name : "help"; /* every command has --help */
    unsigned d = nb_name_distance(candidate, name, len);
    if (d < best) best = d, near = candidate;
  }
  char quoted[NB_QUOTE_CAP];
  nb_quote(quoted, typed, strlen(typed));
  if (len == 4 && strncmp(name, "load", 4) == 0) /* a global option, given too late */
    return cli_usage_error(
        cmd, "%s: --load goes before the command: nimber --load PLUGIN.so %s ...", cmd, cmd);
  if (near != NULL)
    return cli_usage_error(cmd, "%s: unknown option %s: did you mean '--%s'?", cmd, quoted, near);
  return cli_usage_error(cmd, "%s: unknown option %s", cmd, quoted);
}

/* Whether a is an option: "--name", "--name=value", or "-" and a letter ("-o", "-json"). */
static bool is_option(const char *a) {
  return a[0] == '-' && (a[1] == '-' || isalpha((unsigned char)a[1]));
}

/* Where the help text comes from: the text itself, or a template filled when it is printed. */
typedef struct help_source {
  const char *text;         /* the text, or NULL */
  const nb_registry *games; /* with a template: the registry that fills it */
  const char *template;     /* the template (cli_help), or NULL */
} help_source;

/* Prints the help text; 0, or the status of a failure to make it. */
static int print_help(const help_source *h) {
  if (h->text != NULL) {
    fputs(h->text, stdout);
    return 0;
  }
  char *text = cli_help(h->games, h->template);
  if (text == NULL) return cli_out_of_memory();
  fputs(text, stdout);
  free(text);
  return 0;
}

static int parse_options(int argc, char **argv, cli_opt *opts, size_t nopts,
                         const help_source *help, size_t *npos, bool *done);

int cli_parse(int argc, char **argv, cli_opt *opts, size_t nopts, const char *usage, size_t *npos,
              bool *done) {
  help_source h = {.text = usage};
  return parse_options(argc, argv, opts, nopts, &h, npos, done);
}

int cli_parse_help(int argc, char **argv, cli_opt *opts, size_t nopts, const nb_registry *games,
                   const char *template, size_t *npos, bool *done) {
  help_source h = {.games = games, .template = template};
  return parse_options(argc, argv, opts, nopts, &h, npos, done);
}

static int parse_options(int argc, char **argv, cli_opt *opts, size_t nopts,
                         const help_source *help, size_t *npos, bool *done) {
  NB_ASSERT(nopts <= CLI_MAX_OPTS);
  const char *cmd = argv[0];
  *npos = 0;
  *done = false;
  for (size_t k = 0; k < nopts; k++)
    opts[k].given = false;
  bool options_over = false;
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (options_over || !is_option(a)) {
      argv[1 + (*npos)++] = a; /* never ahead of i: compaction in place is safe */
      continue;
    }
    if (strcmp(a, "--") == 0) {
      options_over = true;
      continue;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      *done = true;
      return print_help(help);
    }
    bool single = a[1] != '-'; /* "-o", or a long name typed with one dash */
    const char *name = a + (single ? 1 : 2), *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    cli_opt *o = find_opt(opts, nopts, name, len, single);
    if (o == NULL || (single && eq != NULL)) return unknown_option(cmd, opts, nopts, a, name, len);
    char typed[NB_QUOTE_CAP]; /* the option as typed, without its value */
    nb_quote(typed, a, (size_t)(name - a) + len);
    if (o->given) return cli_usage_error(cmd, "%s: option %s given twice", cmd, typed);
    o->given = true;
    if (o->flag != NULL) {
      if (eq != NULL) return cli_usage_error(cmd, "%s: option %s takes no value", cmd, typed);
      *o->flag = true;
    } else if (eq != NULL) {
      *o->value = eq + 1;
    } else if (i + 1 < argc) {
      *o->value = argv[++i];
    } else {
      return cli_usage_error(cmd, "%s: option %s needs a value", cmd, typed);
    }
  }
  return 0;
}

bool cli_parse_bytes(const char *text, size_t *out) {
  size_t len = strlen(text), shift = 0;
  static const char units[] = "KMGT";
  const char *unit = len > 1 ? strchr(units, toupper((unsigned char)text[len - 1])) : NULL;
  if (unit != NULL && *unit != '\0') {
    shift = 10 * (size_t)(unit - units + 1);
    len--;
  }
  uint64_t v;
  if (len == 0 || len > 20 || !nb_parse_u64_n(text, len, &v) || v == 0) return false;
  if (v > (uint64_t)SIZE_MAX >> shift) return false;
  *out = (size_t)v << shift;
  return true;
}

int cli_memory_limit(const char *cmd, const char *value, nb_limits *limits) {
  if (value == NULL) return 0;
  char quoted[NB_QUOTE_CAP];
  if (!cli_parse_bytes(value, &limits->memory))
    return cli_usage_error(cmd,
                           "%s: --memory expects a size in bytes, such as 1073741824, 512M or 2G "
                           "(K, M, G, T: powers of 1024), found %s",
                           cmd, nb_quote(quoted, value, strlen(value)));
  return 0;
}

/* One count option's value into *out (NULL: unchanged). */
static int count_limit(const char *cmd, const char *name, const char *value, size_t *out) {
  if (value == NULL) return 0;
  char quoted[NB_QUOTE_CAP];
  if (!cli_parse_bytes(value, out))
    return cli_usage_error(cmd,
                           "%s: --%s expects a count, such as 1000000 or 4M (K, M, G, T: powers "
                           "of 1024), found %s",
                           cmd, name, nb_quote(quoted, value, strlen(value)));
  return 0;
}

int cli_search_limits(const char *cmd, const cli_search_text *text, nb_limits *limits) {
  int status = count_limit(cmd, "positions", text->positions, &limits->positions);
  if (status == 0) status = count_limit(cmd, "sums", text->sums, &limits->sums);
  if (status == 0)
    status = count_limit(cmd, "moves-examined", text->moves, &limits->moves_examined);
  return status;
}

int cli_check_scope(const char *cmd, const cli_opt *opts, size_t nopts, const nb_game *g) {
  for (size_t i = 0; i < nopts; i++) {
    if (!opts[i].given || opts[i].scope != CLI_SIDES || nb_theory_sides(nb_game_theory(g)) == 2)
      continue;
    char spec[NB_QUOTE_CAP];
    return cli_usage_error(cmd,
                           "%s: --%s applies to partizan games only; %s is impartial (both "
                           "players have the same moves)",
                           cmd, opts[i].name, nb_game_spec_quote(g, spec));
  }
  return 0;
}

const char *cli_commas(char buf[27], uint64_t n) {
  char digits[21];
  int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n), out = 0;
  for (int i = 0; i < len; i++) {
    if (i > 0 && (len - i) % 3 == 0) buf[out++] = ',';
    buf[out++] = digits[i];
  }
  buf[out] = '\0';
  return buf;
}

cli_line cli_read_line(FILE *in, char *buf, size_t cap, size_t *len) {
  NB_ASSERT(cap >= 1);
  size_t n = 0;
  int c;
  while ((c = getc(in)) != EOF && c != '\n') {
    if (n < cap - 1) buf[n] = (char)c;
    if (n < SIZE_MAX) n++;
  }
  buf[n < cap - 1 ? n : cap - 1] = '\0';
  *len = n;
  if (c == EOF && ferror(in)) {
    *len = 0;
    buf[0] = '\0';
    return CLI_LINE_ERROR;
  }
  if (c == EOF && n == 0) return CLI_LINE_END;
  return n < cap ? CLI_LINE_OK : CLI_LINE_LONG;
}

void cli_json_string(FILE *out, const char *s) {
  fputc('"', out);
  while (*s != '\0') {
    size_t run = nb_json_plain_run(s);
    char escape[8];
    if (run > 0)
      fwrite(s, 1, run, out);
    else
      fputs(nb_json_escape(escape, (unsigned char)*s), out);
    s += run > 0 ? run : 1;
  }
  fputc('"', out);
}

int cli_game_open(const nb_registry *games, const char *spec, const nb_limits *limits,
                  cli_position *p) {
  return cli_game_open_play(games, spec, limits, NB_PLAY_NORMAL, p);
}

nb_status cli_game_make(const nb_registry *games, const char *spec, const nb_limits *limits,
                        nb_play play, cli_position *p, nb_error *err) {
  memset(p, 0, sizeof *p);
  nb_limits bounds = limits != NULL ? *limits : nb_limits_default();
  cli_progress_init(&p->progress, stderr);
  if (p->progress.out != NULL) {
    bounds.progress = cli_progress_search;
    bounds.progress_ctx = &p->progress;
  }
  nb_status st = nb_registry_open_play(games, spec, play, &p->game, err);
  if (st == NB_OK) p->spec = nb_game_spec_new(p->game, err);
  if (st == NB_OK)
    st = p->spec != NULL ? nb_solver_new(p->game, &bounds, &p->solver, err) : err->status;
  if (st != NB_OK) cli_position_close(p);
  return st;
}

int cli_game_open_play(const nb_registry *games, const char *spec, const nb_limits *limits,
                       nb_play play, cli_position *p) {
  nb_error err = {0};
  return cli_game_make(games, spec, limits, play, p, &err) == NB_OK ? 0 : cli_fail(&err);
}

int cli_position_open(const nb_registry *games, const char *const *args, size_t count,
                      size_t first_arg, const nb_limits *limits, cli_position *p) {
  return cli_position_open_play(games, args, count, first_arg, limits, NB_PLAY_NORMAL, p);
}

int cli_position_open_play(const nb_registry *games, const char *const *args, size_t count,
                           size_t first_arg, const nb_limits *limits, nb_play play,
                           cli_position *p) {
  nb_error err = {0};
  if (count == 0) {
    memset(p, 0, sizeof *p);
    nb_fail(&err, NB_EUSAGE, "expected a game (see 'nimber games') and a position");
    return cli_fail(&err);
  }
  int status = cli_game_open_play(games, args[0], limits, play, p);
  if (status != 0) return status;
  /* an argument may hold several components (a cg expression: '{1|*} + ^'), each written
   * with at least one byte: room for one a byte, and one an argument */
  size_t cap = count;
  for (size_t i = 1; i < count; i++)
    cap += strlen(args[i]);
  p->comps = nb_alloc(cap, sizeof *p->comps, &err);
  p->cap = cap;
  nb_status st = p->comps ? NB_OK : NB_EINTERNAL;
  if (st == NB_OK)
    st = nb_position_parse(p->game, args + 1, count - 1, first_arg + 1, p->comps, &p->n, cap, &err);
  if (st != NB_OK) {
    cli_position_close(p);
    return cli_fail(&err);
  }
  return 0;
}

void cli_position_close(cli_position *p) {
  cli_progress_end(&p->progress);
  nb_solver_free(p->solver);
  free(p->spec);
  free(p->comps);
  nb_game_free(p->game);
  memset(p, 0, sizeof *p);
}

int cli_position_apply(cli_position *p, const nb_move_list *l, size_t i, nb_player who) {
  nb_error err = {0};
  uint32_t parts = l->move[i].move.parts;
  size_t need = p->n - 1 + (parts > 1 ? parts : 1), count = 0;
  nb_pos *after = nb_alloc(need, sizeof *after, &err);
  if (after == NULL) return cli_fail(&err);
  if (nb_sum_after_in_place(p->game, p->comps, p->n, l, i, who, after, &count, &err) != NB_OK) {
    free(after);
    return cli_fail(&err);
  }
  p->n = count;
  free(p->comps);
  p->comps = after;
  p->cap = need;
  return 0;
}

char *cli_format_position(const nb_game *g, const nb_pos *comps, size_t n) {
  char probe[1];
  int len = nb_position_format(g, comps, n, probe, 0);
  char *buf = nb_alloc((size_t)len + 1, 1, NULL);
  if (buf != NULL) nb_position_format(g, comps, n, buf, (size_t)len + 1);
  return buf;
}

char *cli_format_after(const nb_game *g, const nb_pos *comps, size_t n, const nb_move_list *l,
                       size_t i, nb_player who) {
  nb_pos *after = nb_alloc(n + l->move[i].move.parts, sizeof *after, NULL);
  size_t count = 0;
  if (after == NULL) return NULL;
  nb_status st = nb_sum_after_in_place(g, comps, n, l, i, who, after, &count, NULL);
  if (st != NB_OK && st != NB_EINTERNAL) /* the store refuses the board kept whole: show parts */
    count = nb_sum_after(comps, n, l, i, after);
  char *s = st != NB_EINTERNAL ? cli_format_position(g, after, count) : NULL;
  free(after);
  return s;
}

char *cli_describe(const nb_game *g, const nb_pos *comps, size_t n, const nb_move_list *l,
                   size_t i) {
  char probe[1];
  int len = nb_sum_move_describe(g, comps, n, l, i, probe, 0);
  char *buf = nb_alloc((size_t)len + 1, 1, NULL);
  if (buf != NULL) nb_sum_move_describe(g, comps, n, l, i, buf, (size_t)len + 1);
  return buf;
}

cli_sizes cli_sizes_start(const char *cmd, nb_solver *solver) {
  return (cli_sizes){.cmd = cmd, .solver = solver, .tally = {.most = CLI_MAX_SIZES}};
}

nb_status cli_sizes_refusal(const cli_sizes *s, uint64_t n, nb_error *err) {
  if (s->tally.valued < CLI_MAX_SIZES || s->tally.last == n) return NB_EDATA; /* not the cap's */
  char cap[27], spec[NB_QUOTE_CAP];
  return nb_fail(err, NB_EDATA,
                 "%s: %s sizes of %s valued one by one, the most a command values, and more to "
                 "go (its runs are not proven this far); narrow --from/--to",
                 s->cmd, cli_commas(cap, CLI_MAX_SIZES),
                 nb_game_spec_quote(nb_solver_game(s->solver), spec));
}

int cli_sizes_check(const char *cmd, const nb_game *g, uint64_t from, uint64_t to, bool each) {
  if (to - from < CLI_MAX_SIZES) return 0;       /* to - from + 1 sizes, at most the cap */
  if (!each && nb_game_proves_runs(g)) return 0; /* how many runs is known only later */
  char cap[27], spec[NB_QUOTE_CAP];
  nb_game_spec_quote(g, spec);
  cli_commas(cap, CLI_MAX_SIZES);
  unsigned long long a = from, b = to;
  if (each && nb_game_proves_runs(g))
    return cli_usage_error(cmd,
                           "%s: the sizes %llu to %llu are more than the %s a table lists; use "
                           "--runs, or narrow --from/--to",
                           cmd, a, b, cap);
  if (each)
    return cli_usage_error(cmd,
                           "%s: the sizes %llu to %llu are more than the %s a table lists; "
                           "narrow --from/--to",
                           cmd, a, b, cap);
  return cli_usage_error(cmd,
                         "%s: %s proves no runs, so its sizes are valued one by one, and the "
                         "sizes %llu to %llu are more than the %s a command values; narrow "
                         "--from/--to",
                         cmd, spec, a, b, cap);
}

char *cli_value_text(const nb_value *v) {
  char probe[1];
  int len = nb_value_format(v, probe, 0);
  char *buf = len >= 0 ? nb_alloc((size_t)len + 1, 1, NULL) : NULL;
  if (buf != NULL && nb_value_format(v, buf, (size_t)len + 1) != len) { /* out of memory */
    free(buf);
    buf = NULL;
  }
  return buf;
}

int cli_out_of_memory(void) {
  nb_error err;
  nb_fail(&err, NB_EINTERNAL, "out of memory");
  return cli_fail(&err);
}

bool cli_player(const char *text, nb_player *out) {
  if (strcasecmp(text, "left") == 0)
    *out = NB_LEFT;
  else if (strcasecmp(text, "right") == 0)
    *out = NB_RIGHT;
  else
    return false;
  return true;
}

int cli_misere_refused(const char *cmd, const char *why) {
  return cli_usage_error(cmd, "%s: --misere: %s", cmd, why);
}
