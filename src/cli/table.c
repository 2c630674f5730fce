/*
 * table.c: `nimber table GAME --to N`: the value of every size of a one-number game.
 *
 * For families whose components have a size (heaps, piles, towers of full layers), prints the
 * value of each size from --from to --to, or with --runs the maximal runs of equal values, which
 * is how structure shows itself (div:2,3: runs [6^k, 2*6^k), [2*6^k, 4*6^k), [4*6^k, 6^(k+1))).
 * Where the family proves runs itself (division games), a run costs one lookup however long it
 * is, so --runs reaches 2^64-1; otherwise sizes are valued one by one. Output is streamed: to a
 * terminal line by line as the values are found, otherwise LINES_CAP bytes at a time.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_template[] =
    "usage: nimber table GAME --to N [--from A] [--runs] [--json] [--misere]\n"
    "                               [--memory SIZE]\n\n"
    "Prints the value of every size from A (default: the game's smallest) to N, one per line:\n"
    "Grundy values (0, *1, ...) for impartial games, outcome classes (L, R, N, P) for partizan\n"
    "ones.\nA size is {sizes}.\n\n"
    "  --to N     the last size (required)\n"
    "  --from A   the first size\n"
    "  --runs     print maximal runs of equal values instead: '[6, 11]  0'. Games that prove\n"
    "             their runs find each at once (--to 2^64-1 too: {runs});\n"
    "             other games compare sizes one by one\n"
    "  --json     one JSON object: game, from, to, and \"values\" (impartial: integers;\n"
    "             partizan: \"outcomes\", a string of letters), or with --runs \"runs\": a list\n"
    "             of {\"from\", \"to\", \"value\"}. Built in memory and printed whole, or\n"
    "             not at all: at most 64 MiB (the text output streams)\n"
    "  --misere   misère play (the player who cannot move wins): each size's genus\n"
    "             (impartial games: 0^120, ...; JSON strings) or misère outcome class\n"
    "             (partizan), valued size by size from the rules\n"
    "  --memory SIZE\n"
    "             bytes each search's tables may take (default 2G; K, M, G, T: powers of\n"
    "             1024): a position needing more is refused, exit 65\n\n"
    "Every option applies to every game with sizes. Limits: a table lists at most 100,000,000\n"
    "sizes (a larger range is refused before any work: use --runs, or narrow the range), and\n"
    "values at most 100,000,000 sizes one by one (--runs in a game whose runs are not proven\n"
    "this far stops there; in one that proves no runs ({no-runs}), a larger range is\n"
    "refused before any work). While the output goes to a file or a pipe, the progress shows on\n"
    "standard error when that is a terminal.\n\n"
    "examples:\n{ex:table:runs::--to 40 --runs}{ex:table:runs#2::--to 100}{ex:table:sized#2::--to "
    "20}";

enum {
  JSON_LIMIT = 64 << 20, /* the most bytes of JSON held in memory before printing */
  LINES_CAP = 1 << 16,   /* text lines are gathered this many bytes at a time before writing */
  LINE_ROOM = 128,       /* the longest line with a short value: "[A, B]  VALUE\n" */
};

typedef struct table_job {
  cli_position pos;      /* the game (pos.comps unused) and its solver */
  cli_sizes sizes;       /* values the sizes, counting those valued one by one */
  cli_progress progress; /* "table: 12,345,678 of 100,000,000 sizes" */
  bool letters;          /* the values are outcome classes: JSON "outcomes", a string of letters */
  bool json;             /* JSON output, built in `text` and printed whole at the end */
  nb_text text;          /* the JSON so far (limit JSON_LIMIT) */
  uint64_t count;        /* entries printed so far */
  bool line_by_line;     /* text mode to a terminal: each line is written as it is found */
  size_t lines_len;      /* text mode: bytes gathered in lines, not yet written */
  char lines[LINES_CAP]; /* text mode: lines gathered for one fwrite (see print_line) */
} table_job;

/* The value of size n. */
static nb_status value_of(table_job *t, uint64_t n, nb_value *out, nb_error *err) {
  uint64_t end;
  return cli_size_run(&t->sizes, n, n, out, &end, err);
}

/* Writes x in decimal at *at, moving *at past it. */
static void put_u64(char **at, uint64_t x) {
  *at += nb_format_u64(*at, x);
}

/* Text mode: writes the lines gathered, and reports a failed write. */
static nb_status flush_lines(table_job *t, nb_error *err) {
  if (t->lines_len > 0) fwrite(t->lines, 1, t->lines_len, stdout);
  t->lines_len = 0;
  return nb_check_output(stdout, err);
}

/* Text mode: prints "N  VALUE", or "[A, B]  VALUE" for a run. The line is built by hand and
 * gathered with others for one fwrite per LINES_CAP bytes: a table is millions of lines, and
 * printf (then an fwrite per line) was most of its time (0.16 to 10^7: 2.5 s with printf, 0.66
 * with an fwrite a line, 0.4 gathered). */
static nb_status print_line(table_job *t, uint64_t a, uint64_t b, bool run, const nb_value *v,
                            nb_error *err) {
  char value[64];
  if (t->lines_len + LINE_ROOM > LINES_CAP && flush_lines(t, err) != NB_OK) return err->status;
  char *line = t->lines + t->lines_len, *at = line;
  if ((size_t)nb_value_format(v, value, sizeof value) >= sizeof value) { /* a long value */
    if (flush_lines(t, err) != NB_OK) return err->status;
    char *text = cli_value_text(v);
    if (text == NULL) return nb_fail(err, NB_EINTERNAL, "out of memory");
    if (run)
      printf("[%llu, %llu]  %s\n", (unsigned long long)a, (unsigned long long)b, text);
    else
      printf("%llu  %s\n", (unsigned long long)a, text);
    free(text);
    return nb_check_output(stdout, err);
  }
  if (run) *at++ = '[';
  put_u64(&at, a);
  if (run) {
    memcpy(at, ", ", 2);
    at += 2;
    put_u64(&at, b);
    *at++ = ']';
  }
  memcpy(at, "  ", 2);
  at += 2;
  size_t len = strlen(value);
  memcpy(at, value, len);
  at += len;
  *at++ = '\n';
  t->lines_len += (size_t)(at - line);
  return t->line_by_line ? flush_lines(t, err) : NB_OK;
}

/* JSON mode: appends one entry of "values", "outcomes" or "runs" to the text: a nimber as an
 * integer, any other value as its text (an outcome letter, run together in "outcomes"). */
static nb_status add_json(table_job *t, uint64_t a, uint64_t b, bool run, const nb_value *v,
                          nb_error *err) {
  const char *comma = t->count ? "," : "";
  nb_status st = NB_OK;
  if (run)
    st = nb_text_printf(&t->text, err, "%s{\"from\":%llu,\"to\":%llu,\"value\":", comma,
                        (unsigned long long)a, (unsigned long long)b);
  else if (!t->letters)
    st = nb_text_add(&t->text, comma, strlen(comma), err);
  if (st == NB_OK && t->letters && !run) { /* a class's letter, run together with the others */
    char letter[2];
    nb_value_format(v, letter, sizeof letter);
    st = nb_text_add(&t->text, letter, 1, err);
  } else if (st == NB_OK) { /* as the theory writes it: digits by hand, millions of them */
    st = nb_value_json_add(t->pos.game, v, &t->text, err);
  }
  if (st == NB_OK && run) st = nb_text_add(&t->text, "}", 1, err);
  return st;
}

/* Every entry from `from` to `to`, printed (text) or added to the JSON text. */
static nb_status entries(table_job *t, uint64_t from, uint64_t to, bool runs, nb_error *err) {
  uint64_t total = to - from + 1 != 0 ? to - from + 1 : UINT64_MAX; /* for the progress line */
  for (uint64_t n = from;;) {
    nb_value v;
    uint64_t end = n;
    nb_status st = cli_size_run(&t->sizes, n, runs ? to : n, &v, &end, err);
    if (st == NB_OK)
      st = t->json ? add_json(t, n, end, runs, &v, err) : print_line(t, n, end, runs, &v, err);
    if (st != NB_OK) return st;
    if (++t->count % 256 == 0) cli_progress_tick(&t->progress, "table", n - from, total, "sizes");
    if (end >= to) return NB_OK;
    n = end + 1;
  }
}

/* Text streams: entries appear as they are found, a table to 2^64-1 included, and an error
 * ends it after the entries before it, like `solve`. JSON cannot be cut that way (half an
 * object is no answer), so it is built whole in memory and printed only once complete: an
 * error prints its message and no JSON at all. Memory is what bounds it, so the text has a
 * stated limit, JSON_LIMIT (64 MiB, some 30 million values), and a larger table is refused as
 * soon as it reaches it, before any output; the text form has no such limit. */
static int run_table(table_job *t, uint64_t from, uint64_t to, bool runs) {
  nb_error err = {0};
  nb_status st = NB_OK;
  nb_value first; /* valued before anything is built, as every entry after it */
  if (t->json) st = value_of(t, from, &first, &err);
  t->letters = t->json && st == NB_OK && nb_theory_size_classes(nb_game_theory(t->pos.game));
  /* Each value takes a byte at least (a letter; an integer and its comma take two): a table
   * sure to pass the limit is refused before it is built. */
  if (st == NB_OK && t->json && !runs && to - from >= (t->letters ? JSON_LIMIT : JSON_LIMIT / 2))
    t->text.overflowed = true, st = NB_EDATA;
  if (st == NB_OK && t->json) {
    t->text.limit = JSON_LIMIT;
    st = nb_text_printf(&t->text, &err, "{\"game\":");
    if (st == NB_OK) st = nb_text_json_string(&t->text, t->pos.spec, &err);
    if (st == NB_OK)
      st = nb_text_printf(&t->text, &err, ",\"from\":%llu,\"to\":%llu,%s", (unsigned long long)from,
                          (unsigned long long)to,
                          runs         ? "\"runs\":["
                          : t->letters ? "\"outcomes\":\""
                                       : "\"values\":[");
  }
  if (st == NB_OK) st = entries(t, from, to, runs, &err);
  if (st == NB_OK && !t->json) st = flush_lines(t, &err);
  cli_progress_end(&t->progress);
  if (st == NB_OK && t->json)
    st = nb_text_printf(&t->text, &err, "%s\n", !runs && t->letters ? "\"}" : "]}");
  if (st == NB_OK && t->json) fwrite(t->text.data, 1, t->text.len, stdout);
  if (st == NB_OK) return 0;
  if (!t->json && !ferror(stdout)) { /* the entries before the error come first */
    nb_error ignored;
    flush_lines(t, &ignored);
  }
  if (ferror(stdout)) return CLI_EXIT_IOERR; /* stopped at a failed write: main says so */
  if (t->text.overflowed && t->count == 0)
    nb_fail(&err, NB_EDATA,
            "table: the JSON output of %llu sizes would exceed %d MiB, the most built in memory "
            "(JSON is printed whole or not at all); narrow --from/--to, or use --runs or the "
            "streamed text output",
            (unsigned long long)(to - from) + 1, JSON_LIMIT >> 20);
  else if (t->text.overflowed)
    nb_fail(&err, NB_EDATA,
            "table: the JSON output would exceed %d MiB, the most built in memory (JSON is printed "
            "whole or not at all), after %llu entries; narrow --from/--to, or use --runs or the "
            "streamed text output",
            JSON_LIMIT >> 20, (unsigned long long)t->count);
  if (t->count && !t->json) fflush(stdout); /* the entries before the error come first */
  return cli_fail(&err);
}

int cmd_table(const cli_env *env, int argc, char **argv) {
  bool runs = false, json = false, misere = false;
  const char *to_text = NULL, *from_text = NULL, *memory = NULL;
  cli_opt opts[] = {{.name = "runs", .flag = &runs},
                    {.name = "json", .flag = &json},
                    {.name = "to", .value = &to_text},
                    {.name = "from", .value = &from_text},
                    CLI_MEMORY_OPT(&memory),
                    CLI_MISERE_OPT(&misere)};
  size_t npos;
  bool done;
  nb_limits limits = nb_limits_default();
  int status = cli_parse_help(argc, argv, opts, 6, env->games, usage_template, &npos, &done);
  if (status == 0 && !done) status = cli_memory_limit("table", memory, &limits);
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
    status = cli_game_open_play(env->games, pos[0], &limits, cli_play(misere), &t.pos);
  if (status != 0) return status;
  const nb_family *fam = t.pos.game->family;
  if (!nb_game_has_sizes(t.pos.game))
    status =
        cli_usage_error("table", "table: %s positions have no single size to tabulate", fam->name);
  else if (from_text == NULL)
    from = fam->sizes->size_min;
  if (status == 0 && from < fam->sizes->size_min)
    status =
        cli_usage_error("table", "table: the smallest %s is %llu, not %llu", fam->sizes->size_noun,
                        (unsigned long long)fam->sizes->size_min, (unsigned long long)from);
  if (status == 0 && to < from)
    status = cli_usage_error("table", "table: --to %llu is below --from %llu",
                             (unsigned long long)to, (unsigned long long)from);
  nb_pos probe;
  nb_error err = {0};
  if (status == 0 && nb_size_position(t.pos.game, to, &probe, &err) != NB_OK)
    status = cli_fail(&err); /* refuse an unreachable end before printing anything */
  if (status == 0) /* a table sure to value more sizes than the cap, refused before any work */
    status = cli_sizes_check("table", t.pos.game, from, to, !runs);
  t.sizes = cli_sizes_start("table", t.pos.solver);
  /* The line is on stderr; while the text streams to that terminal it would land amid it. */
  t.line_by_line = !json && isatty(STDOUT_FILENO);
  cli_progress_init(&t.progress, json || !t.line_by_line ? stderr : NULL);
  if (status == 0 && t.progress.out == NULL) cli_progress_init(&t.pos.progress, NULL);
  if (status == 0) status = run_table(&t, from, to, runs);
  free(t.text.data);
  cli_position_close(&t.pos);
  return status;
}
