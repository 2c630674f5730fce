/*
 * period.c: `nimber period GAME`: the proven periodicity of a game's values.
 *
 * Knows no family. The family's period hook (nb_period_of) returns one generic description,
 * additive (value(n + p) = value(n) for every n >= s) or multiplicative (value(n) =
 * value(floor(n/Q)) for every n >= T), with the sizes its proof checked and one line naming the
 * theorem that makes that check a proof. The values over one period come from the generic
 * value-of-size path, a run at a time (nb_run_of_size: by proof where the family proves runs).
 * Every claim printed carries its proof's terms; nothing is guessed from a few repeats.
 *
 * Text: "SPEC: preperiod s, period p" (additive; arithmetic adds ", saltus a") or "SPEC: g(x) =
 * g(floor(x/Q)) for every x >= T" (multiplicative); then "proof: checked for every x in [A, B];
 * THEOREM"; then one period: the values of sizes s..s+p-1 ("outcomes of piles 53 to 53: R", outcome
 * letters run together, or "values of heaps 71 to 82: *4 *1 ...") or the runs of [T, Q*T). JSON:
 * additive {"game", "preperiod", "period", "values" (integers) or "outcomes" (a string of letters),
 * "checked_to"} (arithmetic: "saltus" after "period"); multiplicative {"game", "ratio", "start",
 * "checked_to", "runs"}.
 *
 * Values are streamed, not held in memory (a period may be long). Before the first byte the
 * value of the period's last size is computed: the period hook's contract (nimber.h) is that
 * every size of the period can then be valued without failing, and a value's text is formatted
 * without allocating (value_text), so the output, JSON included, is never cut by an error, not
 * even by running out of memory (tests/alloc/run.sh). A failed write stops it (exit 74).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char usage_head[] =
    "usage: nimber period GAME [--max N] [--json] [--misere] [--memory SIZE]\n\n"
    "Prints a proven periodicity of the values of the game's sizes (heaps, piles): additive,\n"
    "value(n + p) = value(n) for every n >= s with the least preperiod s and period p, then the\n"
    "values of sizes s to s+p-1; arithmetic, value(n + p) = value(n) + a with a saltus a >= 1\n"
    "(hexadecimal games, Theorem A of src/heap/heaparith.c), the same with the saltus; or\n"
    "multiplicative, g(x) = g(floor(x/Q)) for every x >= T, then the runs of one period\n"
    "[T, Q*T). Values are Grundy values (0, *1, ...) or outcome classes (L, R, N, P: one\n"
    "letter per size). Each answer names the sizes its proof checked and the theorem that\n"
    "makes the check a proof: nothing is guessed from repeats.\n\n"
    "  --max N  bounds the work, as each game says below (no period within it: exit 65)\n"
    "  --json   additive: game, preperiod, period, values (integers) or outcomes (a string of\n"
    "           letters), checked_to; arithmetic: the same with saltus after period;\n"
    "           multiplicative: game, ratio, start, checked_to and runs\n"
    "           (a list of {from, to, value})\n"
    "  --misere misère play: refused (exit 64), every game: no theorem here proves periods of\n"
    "           genus sequences (a normal-play period says nothing of them)\n"
    "  --memory SIZE  bytes the period engine's tables may take (default 2G): past it, exit 65\n\n"
    "--max and --json apply to every game with a period engine; other games are refused (exit\n"
    "64) saying why. A long proof shows its progress on standard error when that is a\n"
    "terminal.\n\n"
    "by game:\n";

static const char usage_tail[] = "\nexamples:\n{ex:period:period::}{ex:period:period#2::--json}";

/* Whether a family has a period engine (its sizes facet's period). */
static bool has_period(const nb_family *f) {
  return f->sizes != NULL && f->sizes->period != NULL;
}

/* The usage text: the fixed parts around one line per family with a period hook, its examples
 * filled from the registry (cli_help). */
static char *usage_text(const nb_registry *games) {
  size_t n, len = sizeof usage_head + sizeof usage_tail;
  const nb_family *const *list = nb_registry_families(games, &n);
  for (size_t i = 0; i < n; i++)
    if (has_period(list[i])) len += strlen(list[i]->sizes->period_help) + 4;
  char *text = nb_alloc(len, 1, NULL);
  if (text == NULL) return NULL;
  strcpy(text, usage_head);
  for (size_t i = 0; i < n; i++)
    if (has_period(list[i])) {
      strcat(text, "  ");
      strcat(text, list[i]->sizes->period_help);
      strcat(text, "\n");
    }
  strcat(text, usage_tail);
  char *help = cli_help(games, text);
  free(text);
  return help;
}

/* The text of v: in small (VALUE_TEXT bytes) when it fits, as every nimber
 * ("*18446744073709551615") and outcome letter does, so that streaming a period allocates nothing
 * and running out of memory cannot cut it; otherwise allocated into *big (NULL when out of memory).
 */
enum { VALUE_TEXT = 32 };
static const char *value_text(const nb_value *v, char small[VALUE_TEXT], char **big) {
  *big = NULL;
  int n = nb_value_format(v, small, VALUE_TEXT);
  if (n >= 0 && n < VALUE_TEXT) return small; /* -1: out of memory, as cli_value_text will say */
  *big = cli_value_text(v);
  return *big;
}

/* Prints the value of size n in the form the output needs; *first: no item printed yet. */
static int print_value(cli_position *p, uint64_t n, nb_text *item, bool json, bool *first) {
  nb_error err = {0};
  nb_value v;
  if (nb_value_of_size(p->solver, n, &v, &err) != NB_OK) return cli_fail(&err);
  char small[VALUE_TEXT], *big;
  const char *text = value_text(&v, small, &big);
  if (text == NULL) return cli_out_of_memory();
  bool letters = nb_theory_size_classes(nb_game_theory(p->game)); /* run together */
  item->len = 0;
  if (json && !letters && nb_value_json_add(p->game, &v, item, &err) != NB_OK) {
    free(big);
    return cli_fail(&err);
  }
  if (json && !letters)
    printf("%s%s", *first ? "" : ",", item->data);
  else
    printf("%s%s", *first || letters ? "" : " ", text);
  *first = false;
  free(big);
  return ferror(stdout) ? CLI_EXIT_IOERR : 0; /* main reports the failed write */
}

/* The value of the period's last size, computed before the first byte (see the essay above). */
static int probe(cli_position *p, uint64_t last) {
  nb_error err = {0};
  nb_value v;
  return nb_value_of_size(p->solver, last, &v, &err) == NB_OK ? 0 : cli_fail(&err);
}

static int report_additive(cli_position *p, const nb_period *pd, nb_text *item, bool json) {
  int status = probe(p, pd->start + pd->step - 1);
  if (status != 0) return status;
  const nb_theory *theory = nb_game_theory(p->game);
  bool nimbers = !nb_theory_size_classes(theory); /* listed, not letters run together */
  unsigned long long s = pd->start, per = pd->step, saltus = pd->saltus;
  bool arith = pd->kind == NB_PERIOD_ARITHMETIC;
  char jump[48] = "";
  if (arith) snprintf(jump, sizeof jump, ", saltus %llu", saltus);
  if (json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, p->spec);
    printf(",\"preperiod\":%llu,\"period\":%llu,", s, per);
    if (arith) printf("\"saltus\":%llu,", saltus);
    fputs(nimbers ? "\"values\":[" : "\"outcomes\":\"", stdout);
  } else {
    printf("%s: preperiod %llu, period %llu%s\nproof: checked for every x in [%llu, %llu]; %s\n"
           "%s of %ss %llu to %llu: ",
           p->spec, s, per, jump, (unsigned long long)pd->checked_from,
           (unsigned long long)pd->checked_to, pd->theorem, nb_theory_size_noun(theory),
           p->game->family->sizes->size_noun, s, s + per - 1);
  }
  bool first = true;
  for (uint64_t i = 0; i < pd->step && status == 0; i++)
    status = print_value(p, pd->start + i, item, json, &first);
  if (status != 0) return status;
  if (json)
    printf("%s,\"checked_to\":%llu}\n", nimbers ? "]" : "\"", (unsigned long long)pd->checked_to);
  else
    putchar('\n');
  return 0;
}

/* The runs of [from, to] (inclusive): "[a, b]  VALUE" lines, or JSON objects. */
static int print_runs(cli_position *p, uint64_t from, uint64_t to, nb_text *item, bool json) {
  nb_error err = {0};
  for (uint64_t a = from, k = 0;; k++) {
    nb_value v;
    uint64_t b;
    if (nb_run_of_size(p->solver, a, to, NULL, &v, &b, &err) != NB_OK) return cli_fail(&err);
    char small[VALUE_TEXT], *big;
    const char *text = value_text(&v, small, &big);
    if (text == NULL) return cli_out_of_memory();
    item->len = 0;
    if (json && nb_value_json_add(p->game, &v, item, &err) != NB_OK) {
      free(big);
      return cli_fail(&err);
    }
    if (json)
      printf("%s{\"from\":%llu,\"to\":%llu,\"value\":%s}", k ? "," : "", (unsigned long long)a,
             (unsigned long long)b, item->data);
    else
      printf("[%llu, %llu]  %s\n", (unsigned long long)a, (unsigned long long)b, text);
    free(big);
    if (ferror(stdout)) return CLI_EXIT_IOERR; /* main reports the failed write */
    if (b == to) return 0;
    a = b + 1;
  }
}

static int report_multiplicative(cli_position *p, const nb_period *pd, nb_text *item, bool json) {
  unsigned long long q = pd->step, t = pd->start, from = pd->checked_from, w = pd->checked_to;
  uint64_t period_end = pd->start > UINT64_MAX / pd->step ? UINT64_MAX : pd->start * pd->step - 1;
  int status = probe(p, period_end);
  if (status != 0) return status;
  if (json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, p->spec);
    printf(",\"ratio\":%llu,\"start\":%llu,\"checked_to\":%llu,\"runs\":[", q, t, w);
  } else {
    printf("%s: g(x) = g(floor(x/%llu)) for every x >= %llu\n"
           "proof: checked for every x in [%llu, %llu]; %s\none period, [%llu, %llu]:\n",
           p->spec, q, t, from, w, pd->theorem, t, (unsigned long long)period_end);
  }
  status = print_runs(p, pd->start, period_end, item, json);
  if (status == 0 && json) puts("]}");
  return status;
}

/* Names the families that have a period engine, for the refusal: "div and psub". */
/* A period engine that may answer: a period proves runs, so a family whose engine finds periods
 * proves runs too; a hook without (nim, grundy) only says why there is no period theorem. */
static bool finds_periods(const nb_family *f) {
  return has_period(f) && f->sizes->run_end != NULL;
}

static void engines(const nb_registry *games, char *buf, size_t cap) {
  size_t n, found = 0, total = 0;
  int used = 0;
  const nb_family *const *list = nb_registry_families(games, &n);
  for (size_t i = 0; i < n; i++)
    total += finds_periods(list[i]);
  buf[0] = '\0';
  for (size_t i = 0; i < n; i++) {
    if (!finds_periods(list[i])) continue;
    const char *sep = found == 0 ? "" : found + 1 == total ? " and " : ", ";
    nb_bounded_printf(buf, cap, &used, "%s%s", sep, list[i]->name);
    found++;
  }
}

static int report(const nb_registry *games, const char *spec, const nb_limits *limits, uint64_t max,
                  bool json, bool misere) {
  cli_position p;
  int status = cli_game_open_play(games, spec, limits, cli_play(misere), &p);
  if (status != 0) return status;
  nb_error err = {0};
  nb_period pd;
  nb_text item = {0}; /* one JSON item at a time, its room made before the first byte */
  if (misere) {       /* the library's refusal, whatever the family: it says why */
    if (nb_period_of(p.solver, max, &pd, &err) != NB_OK) status = cli_fail(&err);
    NB_ASSERT(status != 0);
  } else if (!has_period(p.game->family)) {
    char names[256], quoted[NB_QUOTE_CAP]; /* the game by its spec: 'tower', not an alias */
    engines(games, names, sizeof names);
    status = cli_usage_error("period", "period: game %s has no period engine (%s have)",
                             nb_game_spec_quote(p.game, quoted), names);
  } else if (nb_period_of(p.solver, max, &pd, &err) != NB_OK ||
             nb_text_add(&item, "", 0, &err) != NB_OK) {
    status = cli_fail(&err);
  } else if (pd.kind != NB_PERIOD_MULTIPLICATIVE) { /* additive, or arithmetic (a saltus) */
    status = report_additive(&p, &pd, &item, json);
  } else {
    status = report_multiplicative(&p, &pd, &item, json);
  }
  free(item.data);
  cli_position_close(&p);
  return status;
}

int cmd_period(const cli_env *env, int argc, char **argv) {
  bool json = false, misere = false;
  const char *max_text = NULL, *memory = NULL;
  uint64_t max = 0; /* 0: the family's default bound */
  nb_limits limits = nb_limits_default();
  cli_opt opts[] = {{.name = "json", .flag = &json},
                    {.name = "max", .value = &max_text},
                    CLI_MISERE_OPT(&misere),
                    CLI_MEMORY_OPT(&memory)};
  size_t npos;
  bool done;
  char *usage = usage_text(env->games);
  if (usage == NULL) {
    fputs("nimber: out of memory\n", stderr);
    return NB_EINTERNAL;
  }
  int status = cli_parse(argc, argv, opts, 4, usage, &npos, &done);
  free(usage);
  const char *const *pos = (const char *const *)argv + 1;
  if (status == 0 && !done && max_text != NULL && (!nb_parse_u64(max_text, &max) || max == 0))
    status =
        cli_usage_error("period", "period: --max expects a positive integer, found '%s'", max_text);
  if (status == 0 && !done && npos != 1)
    status = cli_usage_error("period", "period: expected one GAME");
  if (status == 0 && !done) status = cli_memory_limit("period", memory, &limits);
  if (status == 0 && !done) status = report(env->games, pos[0], &limits, max, json, misere);
  return status;
}
