/*
 * table.c: `nimber table GAME --to N`: the value of every size of a one-number game.
 *
 * For families whose components have a size (heaps, piles, towers of full layers), prints the
 * value of each size from --from to --to, or with --runs the maximal runs of equal values, which
 * is how structure shows itself (div:2,3: runs [6^k, 2*6^k), [2*6^k, 4*6^k), [4*6^k, 6^(k+1))).
 * Where the family proves runs itself (division games), a run costs one lookup however long it
 * is, so --runs reaches 2^64-1; otherwise sizes are valued one by one. Output is streamed.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: nimber table GAME --to N [--from A] [--runs] [--json]\n\n"
    "Prints the value of every size from A (default: the game's smallest) to N, one per line:\n"
    "Grundy values (0, *1, ...) for impartial games, outcome classes (L, R, N, P) for partizan\n"
    "ones. Sizes are heaps (div), piles (psub) or towers of that many III layers (tower).\n\n"
    "  --to N     the last size (required)\n"
    "  --from A   the first size\n"
    "  --runs     print maximal runs of equal values instead: '[6, 11]  0'\n"
    "  --json     one JSON object: game, from, to, and \"values\" (impartial: integers;\n"
    "             partizan: \"outcomes\", a string of letters), or with --runs \"runs\": a list\n"
    "             of {\"from\", \"to\", \"value\"}\n\n"
    "examples:\n  nimber table twothree --to 40 --runs\n  nimber table psub:1/2 --to 20\n";

typedef struct table_job {
  cli_position pos; /* the game (pos.comps unused) and its solver */
  bool json;        /* JSON output */
  bool letters;     /* JSON without --runs: the values are outcome letters, one string */
  uint64_t count;   /* entries printed so far */
} table_job;

/* The value of size n. */
static nb_status value_of(table_job *t, uint64_t n, nb_value *out, nb_error *err) {
  return nb_value_of_size(t->pos.solver, n, out, err);
}

/* A value as a JSON item: an integer for nimbers, else its text as a string. */
static void print_json_value(const nb_value *v, const char *text) {
  if (v->kind == NB_VALUE_NIMBER)
    printf("%llu", (unsigned long long)v->nimber);
  else
    cli_json_string(stdout, text);
}

static int print_entry(table_job *t, uint64_t n, const nb_value *v) {
  char *text = cli_value_text(v);
  if (text == NULL) return NB_EINTERNAL;
  if (t->json && t->letters) {
    fputs(text, stdout);
  } else if (t->json) {
    if (t->count) putchar(',');
    print_json_value(v, text);
  } else {
    printf("%llu  %s\n", (unsigned long long)n, text);
  }
  t->count++;
  free(text);
  return 0;
}

static int print_run(table_job *t, uint64_t from, uint64_t to, const nb_value *v) {
  char *text = cli_value_text(v);
  if (text == NULL) return NB_EINTERNAL;
  if (t->json) {
    printf("%s{\"from\":%llu,\"to\":%llu,\"value\":", t->count ? "," : "", (unsigned long long)from,
           (unsigned long long)to);
    print_json_value(v, text);
    putchar('}');
  } else {
    printf("[%llu, %llu]  %s\n", (unsigned long long)from, (unsigned long long)to, text);
  }
  t->count++;
  free(text);
  return 0;
}

/* The last size of the run of equal values starting at n, at most `to`. */
static nb_status run_from(table_job *t, uint64_t n, uint64_t to, const nb_value *v, uint64_t *end,
                          nb_error *err) {
  uint64_t (*run_end)(const nb_game *, void *, uint64_t) = t->pos.game->family->run_end;
  void *cache = NULL;
  nb_status st = run_end ? nb_solver_cache(t->pos.solver, &cache, err) : NB_OK;
  if (st != NB_OK) return st;
  uint64_t m = n;
  for (;;) {
    uint64_t next = run_end ? run_end(t->pos.game, cache, m) : m;
    if (next >= to) {
      *end = to;
      return NB_OK;
    }
    nb_value w;
    st = value_of(t, next + 1, &w, err);
    if (st != NB_OK) return st;
    if (!nb_value_equal(&w, v)) {
      *end = next;
      return NB_OK;
    }
    m = next + 1;
  }
}

static int run_table(table_job *t, uint64_t from, uint64_t to, bool runs) {
  nb_error err = {0};
  if (t->json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, t->pos.spec);
    printf(",\"from\":%llu,\"to\":%llu,", (unsigned long long)from, (unsigned long long)to);
    fputs(runs ? "\"runs\":[" : t->letters ? "\"outcomes\":\"" : "\"values\":[", stdout);
  }
  nb_status st = NB_OK;
  int status = 0;
  for (uint64_t n = from; status == 0;) {
    nb_value v;
    uint64_t end = n;
    st = value_of(t, n, &v, &err);
    if (st == NB_OK && runs) st = run_from(t, n, to, &v, &end, &err);
    if (st != NB_OK) break;
    status = runs ? print_run(t, n, end, &v) : print_entry(t, n, &v);
    if (end >= to) break;
    n = end + 1;
  }
  if (st != NB_OK) {
    if (t->json || t->count) putchar('\n');
    fflush(stdout);
    return cli_fail(&err);
  }
  if (status == 0 && t->json) puts(!runs && t->letters ? "\"}" : "]}");
  return status;
}

int cmd_table(int argc, char **argv) {
  bool runs = false, json = false;
  const char *to_text = NULL, *from_text = NULL;
  const cli_opt opts[] = {{"runs", &runs, NULL},
                          {"json", &json, NULL},
                          {"to", NULL, &to_text},
                          {"from", NULL, &from_text}};
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, opts, 4, usage, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  table_job t = {.json = json};
  uint64_t from = 0, to = 0;
  if (status != 0 || done) return status;
  if (npos != 1)
    status = cli_usage_error("table", "table: expected one GAME");
  else if (to_text == NULL)
    status = cli_usage_error("table", "table: --to N is required");
  else if (!nb_parse_u64(to_text, &to))
    status = cli_usage_error("table", "table: --to expects an integer, found '%s'", to_text);
  else if (from_text != NULL && !nb_parse_u64(from_text, &from))
    status = cli_usage_error("table", "table: --from expects an integer, found '%s'", from_text);
  else
    status = cli_game_open(pos[0], NULL, &t.pos);
  if (status != 0) return status;
  const nb_family *fam = t.pos.game->family;
  if (fam->sized == NULL)
    status =
        cli_usage_error("table", "table: %s positions have no single size to tabulate", fam->name);
  else if (from_text == NULL)
    from = fam->size_min;
  if (status == 0 && from < fam->size_min)
    status = cli_usage_error("table", "table: the smallest %s is %llu, not %llu", fam->size_noun,
                             (unsigned long long)fam->size_min, (unsigned long long)from);
  if (status == 0 && to < from)
    status = cli_usage_error("table", "table: --to %llu is below --from %llu",
                             (unsigned long long)to, (unsigned long long)from);
  nb_pos probe;
  nb_error err = {0};
  if (status == 0 && fam->sized(t.pos.game, to, &probe, &err) != NB_OK)
    status = cli_fail(&err); /* refuse an unreachable end before printing anything */
  nb_value first;            /* the kind of the values decides the JSON layout */
  if (status == 0 && json && !runs && value_of(&t, from, &first, &err) != NB_OK)
    status = cli_fail(&err);
  t.letters = status == 0 && json && !runs && first.kind != NB_VALUE_NIMBER;
  if (status == 0) status = run_table(&t, from, to, runs);
  cli_position_close(&t.pos);
  return status;
}
