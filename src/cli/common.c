/*
 * common.c: option parsing, error printing, JSON strings and position handling shared by the
 * subcommands.
 */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

static const cli_opt *find_opt(const cli_opt *opts, size_t nopts, const char *name, size_t len) {
  for (size_t i = 0; i < nopts; i++)
    if (strlen(opts[i].name) == len && strncmp(opts[i].name, name, len) == 0) return &opts[i];
  return NULL;
}

int cli_parse(int argc, char **argv, const cli_opt *opts, size_t nopts, const char *usage,
              size_t *npos, bool *done) {
  *npos = 0;
  *done = false;
  bool options_over = false;
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (options_over || strncmp(a, "--", 2) != 0) {
      argv[1 + (*npos)++] = a; /* never ahead of i: compaction in place is safe */
      continue;
    }
    if (a[2] == '\0') {
      options_over = true;
      continue;
    }
    if (strcmp(a, "--help") == 0) {
      fputs(usage, stdout);
      *done = true;
      return 0;
    }
    const char *name = a + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const cli_opt *o = find_opt(opts, nopts, name, len);
    if (o == NULL) return cli_usage_error(argv[0], "%s: unknown option '%s'", argv[0], a);
    if (o->flag != NULL) {
      if (eq != NULL)
        return cli_usage_error(argv[0], "%s: option '--%s' takes no value", argv[0], o->name);
      *o->flag = true;
    } else if (eq != NULL) {
      *o->value = eq + 1;
    } else if (i + 1 < argc) {
      *o->value = argv[++i];
    } else {
      return cli_usage_error(argv[0], "%s: option '--%s' needs a value", argv[0], o->name);
    }
  }
  return 0;
}

void cli_json_string(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

int cli_game_open(const char *spec, const nb_limits *limits, cli_position *p) {
  nb_error err = {0};
  memset(p, 0, sizeof *p);
  nb_status st = nb_game_open(spec, &p->game, &err);
  if (st == NB_OK) {
    nb_game_spec(p->game, p->spec, sizeof p->spec);
    st = nb_solver_new(p->game, limits, &p->solver, &err);
  }
  if (st != NB_OK) {
    cli_position_close(p);
    return cli_fail(&err);
  }
  return 0;
}

int cli_position_open(const char *const *args, size_t count, size_t first_arg,
                      const nb_limits *limits, cli_position *p) {
  nb_error err = {0};
  if (count == 0) {
    memset(p, 0, sizeof *p);
    nb_fail(&err, NB_EUSAGE, "expected a game (see 'nimber games') and a position");
    return cli_fail(&err);
  }
  int status = cli_game_open(args[0], limits, p);
  if (status != 0) return status;
  p->comps = nb_alloc(count, sizeof *p->comps, &err);
  p->cap = count;
  nb_status st = p->comps ? NB_OK : NB_EINTERNAL;
  if (st == NB_OK)
    st = nb_position_parse(p->game, args + 1, count - 1, first_arg + 1, p->comps, &p->n, count,
                           &err);
  if (st != NB_OK) {
    cli_position_close(p);
    return cli_fail(&err);
  }
  return 0;
}

void cli_position_close(cli_position *p) {
  nb_solver_free(p->solver);
  free(p->comps);
  nb_game_free(p->game);
  memset(p, 0, sizeof *p);
}

int cli_position_apply(cli_position *p, const nb_move_list *l, size_t i) {
  nb_error err = {0};
  size_t need = p->n - 1 + l->move[i].move.parts;
  nb_pos *after = nb_alloc(need, sizeof *after, &err);
  if (after == NULL) return cli_fail(&err);
  p->n = nb_sum_after(p->comps, p->n, l, i, after);
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
                       size_t i) {
  nb_pos *after = nb_alloc(n + l->move[i].move.parts, sizeof *after, NULL);
  if (after == NULL) return NULL;
  size_t len = nb_sum_after(comps, n, l, i, after);
  char *s = cli_format_position(g, after, len);
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

char *cli_value_text(const nb_value *v) {
  char probe[1];
  int len = nb_value_format(v, probe, 0);
  char *buf = nb_alloc((size_t)len + 1, 1, NULL);
  if (buf != NULL) nb_value_format(v, buf, (size_t)len + 1);
  return buf;
}

bool cli_player(const char *text, nb_player *out) {
  if (strcmp(text, "left") == 0)
    *out = NB_LEFT;
  else if (strcmp(text, "right") == 0)
    *out = NB_RIGHT;
  else
    return false;
  return true;
}
