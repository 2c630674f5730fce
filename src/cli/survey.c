/*
 * survey.c: `nimber survey CLASS`: every game of a class of heap games, the periodic ones
 * proven, the open ones pushed as far as the budget allows, J games at once.
 *
 * The class and its groups come from the heap layer (heap/heapsurvey.c: the classes, the
 * relations R1-R4 that make codes one game, and one game's run on the sequence engine and the
 * period prover `period` uses). This file runs the groups and writes what they give.
 *
 * Threads. --jobs J starts J threads, each taking the next group not yet done and running it
 * with an engine of its own (the library has no mutable global: docs/ARCHITECTURE.md). With J
 * of 2 or more, the groups are handed out longest first (probed: see "the longest games first"),
 * and an engine's own marking thread (heap/heapmark.c: games with a sparse space and values below
 * 256) runs only on a processor a worker with no game left has given up (survey.spare, taken
 * and given back a stretch at a time by the engine), so that the threads never outnumber J and
 * the last long game is not left to one core. One lock guards
 * the shared state: the next group to hand out, the records, the output. A record does not
 * depend on J or on the order games finish (only "seconds" does), so:
 *   - the output file (-o) receives each line as its game finishes, flushed at once, so that a
 *     survey stopped for any reason loses only the games running; once every game is done, the
 *     file is written again in class order (a new file renamed over it), so the finished file is
 *     the same for every J but for "seconds";
 *   - standard output receives the games in class order, each as soon as every game before it
 *     is done (the text table or, with --json, the lines), then the summary.
 * --resume FILE reads the file back (surveyio.c: every line checked), keeps the games it holds
 * and runs the others, appending to it. Progress (games done, running, open) goes to standard
 * error when that is a terminal.
 *
 * The whole run's budget (--total-time S) is a deadline S seconds after the options are read.
 * No game is handed out once it has passed, and a game running then is cut by its engine loop
 * (heapsurvey.c: the bound grows by eighths and the clock is read between steps). A cut game
 * is no result: it is never written to the file, so that --resume computes it whole, and every
 * game not done when the runners end is listed, in class order, as "not computed" (a row, or a
 * JSON line with game, members and status only), counted in the summary and named on standard
 * error with the way to continue. A record's results never depend on the deadline, only
 * whether it is there (its "bytes" do: the table grows step by step under a budget). --no-seconds
 * writes the seconds as null (and - in the table), the one key that differs from run to run
 * otherwise: the allocation-failure loop and diffs of whole surveys use it.
 */
#include "cli/survey.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char usage[] =
    "usage: nimber survey CLASS [--max N] [--time S] [--total-time S] [--jobs J] [-o FILE]\n"
    "                           [--resume FILE] [--force] [--json] [--no-seconds]\n"
    "                           [--memory SIZE]\n\n"
    "Computes every game of a class of heap games: each proven periodic (trivial: no move\n"
    "leaves two heaps; solved) with its least preperiod and period and the theorem that proves\n"
    "it (solved also: arithmetic-periodic, G(n + p) = G(n) + saltus, period shown as 7(+4)),\n"
    "or left open with how far it was computed, its largest value and where, and the rare\n"
    "heaps of its sparse space. Codes that are one game by a relation proven from the rules\n"
    "(trailing zero digits, hexadecimal codes with octal digits, subtraction codes, moves that\n"
    "other moves always match in value) are grouped and computed once; the summary lists the\n"
    "games whose proven value sequences are equal.\n\n"
    "classes:\n"
    "  oct:D       every octal code d0.d1...dD, d0 0 or 4 (D from 1 to 6)\n"
    "  hex:D       every hexadecimal code d0.d1...dD, d0 0, 4, 8 or C (D from 1 to 4)\n"
    "  sub:MAX     every subtraction set within 1..MAX (MAX from 1 to 20)\n"
    "  file:PATH   the oct:, hex: and sub: specs of a file, one a line (# starts a comment)\n\n"
    "  --max N        heaps computed at most per game (default 1048576)\n"
    "  --time S       seconds at most per game (default none; results then depend on speed)\n"
    "  --total-time S seconds at most for the whole run (default none): no game starts after\n"
    "                 them, and a game still computing stops within about a quarter of the\n"
    "                 time it has run; such games are listed with status \"not computed\",\n"
    "                 kept out of FILE, and --resume FILE computes them\n"
    "  --jobs J       games computed at once, one thread each (default 1, at most 256); with\n"
    "                 J >= 2 and --max of 65536 or more, the longest first (each game probed\n"
    "                 to a 64th of --max first)\n"
    "  --memory SIZE  bytes each game's engine may take (default 2G; --jobs J runs J at\n"
    "                 once): a game that needs more is refused (exit 65)\n"
    "  -o FILE        also write the games' JSON lines to FILE, as they finish (an existing\n"
    "                 FILE is refused unless --force), then in class order when all are done\n"
    "  --resume FILE  continue the survey in FILE: its games are kept, the others computed\n"
    "  --force        overwrite FILE (-o)\n"
    "  --json         JSON Lines on standard output: one object per game (keys: game,\n"
    "                 members, status, preperiod, period, theorem, saltus, checked_to,\n"
    "                 largest, largest_at, rare_mask, rare_pos, rare_count, last_rare,\n"
    "                 seconds, bytes, check), then {\"summary\": ...}\n"
    "  --no-seconds   leave the seconds out (null in JSON and FILE, - in the table), so\n"
    "                 that without --time and --total-time every run prints the same\n\n"
    "examples:\n"
    "  nimber survey oct:2 --max 100000\n"
    "  nimber survey oct:3 --jobs 2 -o oct3.jsonl\n";

enum { MAX_JOBS = 256, DEFAULT_MAX = 1 << 20, SPEC_LINE = 4096 };

/* One group's outcome. */
typedef struct game_slot {
  bool done;            /* the record is here (computed or resumed) */
  bool taken;           /* a thread runs it or ran it */
  nb_survey_record rec; /* the record */
  char *theorem;        /* resumed: the theorem's text (rec.theorem points here); owned */
  char *line;           /* its JSON line, without newline; owned */
} game_slot;

/* The survey as the threads share it (under lock). */
typedef struct survey {
  const nb_survey_class *cls; /* the class */
  nb_survey_budget budget;    /* per game */
  game_slot *slots;           /* one per group */
  size_t next;                /* groups before it are taken or done */
  size_t printed;             /* groups printed to standard output, in class order */
  size_t done, running, open; /* progress counts */
  size_t not_computed;        /* games --total-time left out, once the runners have ended */
  bool over;                  /* the runners have ended: games not done are not computed */
  bool expired;               /* --total-time has run out: no game is handed out */
  bool no_seconds;            /* --no-seconds */
  FILE *file;                 /* -o or --resume file, appended to; NULL: none */
  bool json;                  /* --json */
  size_t *order;              /* the groups in the order they are handed out (NULL: class
                                 order); next counts positions in it */
  double *estimate;           /* the probes' estimates of each group's seconds (run_all) */
  size_t probed;              /* groups probed or being probed */
  _Atomic unsigned spare;     /* workers with no game left: an engine's second thread takes one
                                 (budget.spare points here; never more threads than --jobs) */
  pthread_mutex_t lock;       /* guards everything above that changes */
  int status;                 /* 0, or the first failure (the threads then stop taking games) */
  nb_error err;               /* that failure */
  cli_progress progress;      /* standard error, when a terminal */
} survey;

/* --- standard output -------------------------------------------------------------------------- */

static const char *status_word(nb_survey_status s) {
  return s == NB_SURVEY_TRIVIAL ? "trivial" : s == NB_SURVEY_SOLVED ? "solved" : "open";
}

static void print_table_head(void) {
  printf("%-14s %-7s %9s %9s %10s %8s %10s %8s %10s %8s\n", "game", "status", "preperiod", "period",
         "checked_to", "largest", "largest_at", "rare", "last_rare", "seconds");
}

static void print_members(const nb_survey_group *g) {
  if (g->nmembers == 1 && strcmp(g->members[0], g->game) == 0) return;
  fputs("    members:", stdout);
  for (size_t m = 0; m < g->nmembers; m++)
    printf(" %s", g->members[m]);
  printf(" (%s)\n", g->relation);
}

/* A game --total-time left out: a row, or a JSON line without results (never in the file). */
static void print_not_computed(const survey *s, const nb_survey_group *g) {
  if (!s->json) {
    printf("%-14s not computed (--total-time ran out)\n", g->game);
    print_members(g);
    return;
  }
  printf("{\"game\":\"%s\",\"members\":[", g->game);
  for (size_t m = 0; m < g->nmembers; m++)
    printf("%s\"%s\"", m > 0 ? "," : "", g->members[m]);
  puts("],\"status\":\"not computed\"}");
}

static void print_row(const nb_survey_group *g, const nb_survey_record *r) {
  char pre[24] = "-", per[48] = "-", rare[24] = "-", last[24] = "-";
  if (r->status != NB_SURVEY_OPEN) {
    snprintf(pre, sizeof pre, "%llu", (unsigned long long)r->preperiod);
    snprintf(per, sizeof per, "%llu", (unsigned long long)r->period);
    if (r->saltus > 0) /* arithmetic: the period and its saltus, "7(+4)" */
      snprintf(per, sizeof per, "%llu(+%llu)", (unsigned long long)r->period,
               (unsigned long long)r->saltus);
  }
  if (r->sparse.found) {
    snprintf(rare, sizeof rare, "%llu", (unsigned long long)r->sparse.rare_count);
    snprintf(last, sizeof last, "%llu", (unsigned long long)r->sparse.last_rare);
  }
  char secs[24] = "-";
  if (!r->no_seconds) snprintf(secs, sizeof secs, "%.3f", r->seconds);
  printf("%-14s %-7s %9s %9s %10llu %8llu %10llu %8s %10s %8s\n", g->game, status_word(r->status),
         pre, per, (unsigned long long)r->checked_to, (unsigned long long)r->largest,
         (unsigned long long)r->largest_at, rare, last, secs);
  print_members(g);
}

/* Prints the games done in class order from the first not printed (under lock); once the
 * runners have ended, the games not done too, as not computed. */
static void print_ready(survey *s) {
  while (s->printed < s->cls->ngroups && (s->slots[s->printed].done || s->over)) {
    const game_slot *slot = &s->slots[s->printed];
    if (!slot->done)
      print_not_computed(s, &s->cls->groups[s->printed]);
    else if (s->json)
      puts(slot->line);
    else
      print_row(&s->cls->groups[s->printed], &slot->rec);
    s->printed++;
  }
  fflush(stdout);
}

static void show_progress(survey *s) {
  char text[128];
  if (s->progress.out == NULL || !cli_progress_due(&s->progress, cli_progress_now())) return;
  snprintf(text, sizeof text, "survey: %zu of %zu games done, %zu running, %zu open", s->done,
           s->cls->ngroups, s->running, s->open);
  cli_progress_write(&s->progress, cli_progress_now(), text);
}

/* --- the threads ------------------------------------------------------------------------------ */

/* Files a finished game (under lock): its line to the file, standard output, progress. */
static void file_game(survey *s, size_t i, nb_survey_record *rec, nb_text *line) {
  game_slot *slot = &s->slots[i];
  slot->rec = *rec;
  slot->line = line->data;
  *line = (nb_text){0};
  slot->done = true;
  s->done++;
  s->open += rec->status == NB_SURVEY_OPEN;
  if (s->file != NULL) {
    fprintf(s->file, "%s\n", slot->line);
    if (fflush(s->file) != 0 && s->status == 0) {
      s->status = CLI_EXIT_IOERR;
      nb_fail(&s->err, NB_EINTERNAL, "cannot write the survey file: %s", strerror(errno));
    }
  }
  print_ready(s);
  show_progress(s);
}

/* The group handed out at position i. */
static size_t group_at(const survey *s, size_t i) {
  return s->order != NULL ? s->order[i] : i;
}

/* The next group to run (under lock), or SIZE_MAX: none left, a failure, or --total-time out. */
static size_t take(survey *s) {
  while (s->next < s->cls->ngroups &&
         (s->slots[group_at(s, s->next)].done || s->slots[group_at(s, s->next)].taken))
    s->next++;
  if (s->budget.deadline > 0 && nb_survey_now() >= s->budget.deadline) s->expired = true;
  if (s->status != 0 || s->expired || s->next == s->cls->ngroups) return SIZE_MAX;
  size_t g = group_at(s, s->next++);
  s->slots[g].taken = true;
  s->running++;
  return g;
}

static void *worker(void *arg) {
  survey *s = arg;
  nb_text line = {0};
  pthread_mutex_lock(&s->lock);
  for (size_t i; (i = take(s)) != SIZE_MAX;) {
    pthread_mutex_unlock(&s->lock);
    nb_error err = {0};
    nb_survey_record rec;
    const nb_survey_group *g = &s->cls->groups[i];
    nb_status st = nb_survey_run(g->game, &s->budget, &rec, &err);
    rec.no_seconds = s->no_seconds;
    if (st == NB_OK && !rec.cut) st = survey_line(g, &rec, &line, &err);
    pthread_mutex_lock(&s->lock);
    s->running--;
    if (st == NB_OK && rec.cut) {
      nb_survey_record_free(&rec);
      s->expired = true; /* not done: not computed, unless --resume computes it later */
    } else if (st == NB_OK) {
      file_game(s, i, &rec, &line);
    } else {
      nb_survey_record_free(&rec);
      if (s->status == 0) s->status = st, s->err = err;
    }
  }
  pthread_mutex_unlock(&s->lock);
  free(line.data);
  atomic_fetch_add(&s->spare, 1); /* no game left: this processor is a running game's to take */
  return NULL;
}

/* The status the runners end with: a failure they met is printed here, unless it was printed
 * before they ran (a refusal of the file: no message kept). */
static int end_status(const survey *s) {
  if (s->status != 0 && s->err.message[0] != '\0') cli_fail(&s->err);
  return s->status;
}

/* --- the longest games first -------------------------------------------------------------------
 * With J threads the survey's wall time is at least its longest game's, and a game handed out
 * last that runs long leaves the other threads idle meanwhile. So with --jobs 2 or more and a
 * budget of PROBE_FROM heaps or more, every group not done is first probed: run alone to
 * probe_bound(max) heaps (a 64th of the budget, from 4,096 to PROBE_CAP), and its seconds then
 * scaled by how the game grows: an open game with splits and no sparse space (heapsurvey.h) as
 * the square of the budget's ratio to the probe (every split of every heap is visited: O(n^2)),
 * any other open game as the ratio (O(n) heaps of sparse work), a game proven by the probe not at
 * all (a game proven within the probe's heaps is proven within the budget's too, with the same
 * work). The groups are then handed out by that estimate, largest first (class order among
 * equals); what the probes find is not kept (the records come from the whole runs, as with
 * --jobs 1: only the order of the work depends on the probes). A probe that fails or is cut is
 * estimated as the longest: its game goes first, where its failure shows at once. The probes cost
 * a 4,096th of an O(n^2) game and a 64th of a linear one. */
enum { PROBE_FROM = 1 << 16, PROBE_MIN = 4096, PROBE_CAP = 1 << 16 };

static uint64_t probe_bound(uint64_t max) {
  uint64_t p = max / 64;
  return p < PROBE_MIN ? PROBE_MIN : p > PROBE_CAP ? PROBE_CAP : p;
}

/* A group's estimated seconds within budget b, from its probe's record r. */
static double estimate_of(const nb_survey_record *r, const nb_survey_budget *b, uint64_t probe) {
  double ratio = (double)b->max / (double)probe, est = r->seconds;
  if (r->status == NB_SURVEY_OPEN && r->checked_to >= probe)
    est *= !r->sparse.found ? ratio * ratio : ratio;
  return est;
}

static void *prober(void *arg) {
  survey *s = arg;
  nb_survey_budget b = s->budget;
  uint64_t probe = probe_bound(b.max);
  b.max = probe;
  b.threads = 1;
  pthread_mutex_lock(&s->lock);
  while (s->probed < s->cls->ngroups && s->status == 0) {
    size_t i = s->probed++;
    if (s->slots[i].done) continue;
    pthread_mutex_unlock(&s->lock);
    nb_survey_record rec;
    nb_error err = {0};
    nb_status st = nb_survey_run(s->cls->groups[i].game, &b, &rec, &err);
    double est = st == NB_OK && !rec.cut ? estimate_of(&rec, &s->budget, probe) : 1e300;
    if (st == NB_OK) nb_survey_record_free(&rec);
    pthread_mutex_lock(&s->lock);
    s->estimate[i] = est;
  }
  pthread_mutex_unlock(&s->lock);
  return NULL;
}

/* A group and its estimate, for ordering. */
typedef struct estimated {
  double seconds;
  size_t group;
} estimated;

static int by_estimate(const void *a, const void *b) {
  const estimated *x = a, *y = b;
  if (x->seconds != y->seconds) return x->seconds > y->seconds ? -1 : 1;
  return (x->group > y->group) - (x->group < y->group);
}

/* Starts `jobs` - 1 threads on fn and runs it on this one, then joins them. */
static void run_threads(survey *s, unsigned jobs, void *(*fn)(void *)) {
  pthread_t threads[MAX_JOBS];
  unsigned started = 0;
  for (unsigned t = 1; t < jobs; t++, started++)
    if (pthread_create(&threads[started], NULL, fn, s) != 0) break; /* fewer threads */
  fn(s);
  for (unsigned t = 0; t < started; t++)
    pthread_join(threads[t], NULL);
}

/* Probes the groups not done and orders them longest first (s->order); on no memory, keeps the
 * class order. */
static void order_by_probes(survey *s, unsigned jobs) {
  size_t n = s->cls->ngroups;
  s->estimate = nb_alloc(n, sizeof *s->estimate, NULL);
  s->order = nb_alloc(n, sizeof *s->order, NULL);
  if (s->estimate == NULL || s->order == NULL) {
    free(s->estimate), free(s->order);
    s->estimate = NULL, s->order = NULL;
    return;
  }
  for (size_t i = 0; i < n; i++)
    s->estimate[i] = 0, s->order[i] = i;
  run_threads(s, jobs, prober);
  estimated *e = nb_alloc(n, sizeof *e, NULL);
  if (e == NULL) { /* the class order */
    free(s->order);
    s->order = NULL;
    return;
  }
  for (size_t i = 0; i < n; i++)
    e[i] = (estimated){.seconds = s->estimate[i], .group = i};
  qsort(e, n, sizeof *e, by_estimate);
  for (size_t i = 0; i < n; i++)
    s->order[i] = e[i].group;
  free(e);
}

/* Runs the groups not done with `jobs` threads (the calling thread is one of them). */
static int run_all(survey *s, unsigned jobs) {
  pthread_mutex_init(&s->lock, NULL);
  if (jobs > 1 && s->budget.max >= PROBE_FROM && s->cls->ngroups - s->done > jobs)
    order_by_probes(s, jobs);
  nb_survey_budget all = s->budget;
  if (jobs > 1) s->budget.threads = 0, s->budget.spare = &s->spare;
  run_threads(s, jobs, worker);
  s->budget = all;
  pthread_mutex_destroy(&s->lock);
  cli_progress_end(&s->progress);
  free(s->order), free(s->estimate);
  s->order = NULL, s->estimate = NULL;
  return end_status(s);
}

/* --- the summary ------------------------------------------------------------------------------ */

/* Makes sure a proven record has its values (a resumed one is run again to its checked_to, which
 * proves the same least period: heapsurvey.c). */
static int ensure_values(survey *s, size_t i) {
  game_slot *slot = &s->slots[i];
  if (slot->rec.values != NULL) return 0;
  nb_survey_budget b = {
      .max = slot->rec.checked_to, .threads = s->budget.threads, .memory = s->budget.memory};
  nb_survey_record again;
  nb_error err = {0};
  if (nb_survey_run(s->cls->groups[i].game, &b, &again, &err) != NB_OK) return cli_fail(&err);
  slot->rec.values = again.values, slot->rec.nvalues = again.nvalues;
  return 0;
}

/* Games whose proven value sequences are equal (R4): for each game, the first earlier one with
 * the same preperiod and period and the same first values; same[i] = that game, or i. */
static int same_values(survey *s, size_t *same) {
  size_t n = s->cls->ngroups;
  for (size_t i = 0; i < n; i++) {
    same[i] = i;
    const nb_survey_record *r = &s->slots[i].rec;
    if (!s->slots[i].done || r->status == NB_SURVEY_OPEN) continue;
    for (size_t j = 0; j < i && same[i] == i; j++) {
      const nb_survey_record *q = &s->slots[j].rec;
      if (same[j] != j || !s->slots[j].done || q->status == NB_SURVEY_OPEN ||
          q->preperiod != r->preperiod || q->period != r->period || q->saltus != r->saltus)
        continue;
      int st = ensure_values(s, i);
      if (st == 0) st = ensure_values(s, j);
      if (st != 0) return st;
      if (nb_survey_same_values(r, q)) same[i] = j;
    }
  }
  return 0;
}

static void print_same(survey *s, const size_t *same) {
  size_t n = s->cls->ngroups;
  bool any = false;
  for (size_t j = 0; j < n; j++) {
    bool head = false;
    for (size_t i = j + 1; i < n; i++) {
      if (same[i] != j) continue;
      if (!any && !s->json)
        puts("same values (R4: equal least preperiod and period, and equal "
             "values before the period's end):");
      if (!head && s->json) printf("%s[\"%s\"", any ? "," : "", s->cls->groups[j].game);
      if (!head && !s->json) printf("  %s", s->cls->groups[j].game);
      printf(s->json ? ",\"%s\"" : " = %s", s->cls->groups[i].game);
      any = head = true;
    }
    if (head) fputs(s->json ? "]" : "\n", stdout);
  }
}

/* The total of the seconds, as a summary shows it (--no-seconds: null, or nothing). */
static void seconds_text(const survey *s, double seconds, char *buf, size_t cap) {
  if (s->no_seconds)
    snprintf(buf, cap, "%s", s->json ? "null" : "");
  else
    snprintf(buf, cap, s->json ? "%.3f" : "; %.3f s of work", seconds);
}

/* Says on standard error what --total-time left out, and how to continue. */
static void note_not_computed(const survey *s, const char *output) {
  if (s->not_computed == 0) return;
  fprintf(stderr, "nimber: survey: --total-time ran out: %zu of %zu games not computed",
          s->not_computed, s->cls->ngroups);
  if (output != NULL)
    fprintf(stderr, "; --resume '%s' computes them\n", output);
  else
    fputs(" (with -o FILE, --resume FILE would compute them)\n", stderr);
}

static int summary(survey *s) {
  size_t n = s->cls->ngroups, count[3] = {0, 0, 0};
  double seconds = 0;
  for (size_t i = 0; i < n; i++) {
    if (!s->slots[i].done) continue;
    count[s->slots[i].rec.status]++;
    seconds += s->slots[i].rec.seconds;
  }
  char secs[48];
  seconds_text(s, seconds, secs, sizeof secs);
  size_t *same = nb_alloc(n > 0 ? n : 1, sizeof *same, NULL);
  if (same == NULL) return cli_out_of_memory();
  int st = same_values(s, same);
  if (st == 0 && s->json) {
    printf("{\"summary\":{\"survey\":\"%s\",\"specs\":%zu,\"games\":%zu,\"trivial\":%zu,"
           "\"solved\":%zu,\"open\":%zu,\"not_computed\":%zu,\"seconds\":%s,\"same_values\":[",
           s->cls->name, s->cls->nspecs, n, count[0], count[1], count[2], s->not_computed, secs);
    print_same(s, same);
    puts("]}}");
  } else if (st == 0) {
    printf("\nsurvey %s: %zu specs, %zu games: %zu trivial, %zu solved, %zu open", s->cls->name,
           s->cls->nspecs, n, count[0], count[1], count[2]);
    if (s->not_computed > 0) printf(", %zu not computed (--total-time ran out)", s->not_computed);
    printf("%s\n", secs);
    print_same(s, same);
  }
  free(same);
  return st;
}

/* --- the class -------------------------------------------------------------------------------- */

/* Strips a comment and surrounding blanks from line, in place; returns its start. */
static char *trim(char *line) {
  char *hash = strchr(line, '#');
  if (hash != NULL) *hash = '\0';
  while (*line == ' ' || *line == '\t' || *line == '\r')
    line++;
  size_t n = strlen(line);
  while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
    line[--n] = '\0';
  return line;
}

/* Reads file:PATH's specs (one a line) into a class. */
static int file_class(const char *name, nb_survey_class **out) {
  FILE *in = fopen(name + 5, "r");
  if (in == NULL) {
    fprintf(stderr, "nimber: survey: cannot read '%s': %s\n", name + 5, strerror(errno));
    return NB_ENOINPUT;
  }
  char buf[SPEC_LINE], **specs = NULL;
  size_t n = 0, cap = 0, lineno = 0, len, *lines = NULL, lcap = 0;
  int status = 0;
  nb_error err = {0};
  for (cli_line got;
       status == 0 && (got = cli_read_line(in, buf, sizeof buf, &len)) != CLI_LINE_END;) {
    lineno++;
    if (got != CLI_LINE_OK) {
      fprintf(stderr, "nimber: survey: %s line %zu: %s\n", name + 5, lineno,
              got == CLI_LINE_LONG ? "longer than 4095 bytes" : "read error");
      status = got == CLI_LINE_LONG ? NB_EDATA : NB_ENOINPUT;
      break;
    }
    char *spec = trim(buf);
    if (*spec == '\0') continue;
    if (n == NB_SURVEY_MAX_FILE_SPECS) {
      fprintf(stderr, "nimber: survey: %s line %zu: more than %d specs\n", name + 5, lineno,
              NB_SURVEY_MAX_FILE_SPECS);
      status = NB_EDATA;
    } else if (nb_grow((void **)&specs, &cap, n, 1, sizeof *specs, 16, &err) != NB_OK ||
               nb_grow((void **)&lines, &lcap, n, 1, sizeof *lines, 16, &err) != NB_OK ||
               (specs[n] = nb_alloc(strlen(spec) + 1, 1, &err)) == NULL) {
      status = cli_fail(&err);
    } else {
      strcpy(specs[n], spec);
      lines[n++] = lineno;
    }
  }
  fclose(in);
  if (status == 0 && n == 0) {
    fprintf(stderr, "nimber: survey: %s lists no game\n", name + 5);
    status = NB_EDATA;
  }
  nb_status st = status == 0 ? nb_survey_class_of_specs(name, specs, lines, n, out, &err) : NB_OK;
  if (st != NB_OK) status = cli_fail((nb_error_prefix(&err, st, "survey: "), &err));
  for (size_t i = 0; i < n; i++)
    free(specs[i]);
  free(specs), free(lines);
  return status;
}

static int make_class(const char *name, nb_survey_class **out) {
  if (strncmp(name, "file:", 5) == 0) return file_class(name, out);
  nb_error err = {0};
  nb_status st = nb_survey_class_make(name, out, &err);
  if (st == NB_EUSAGE) return cli_usage_error("survey", "survey: %s", err.message);
  return st == NB_OK ? 0 : cli_fail(&err);
}

/* --- the file --------------------------------------------------------------------------------- */

/* Writes the header and the lines done, in class order, to path (a new file renamed over it),
 * then opens it for appending into *file when file is not NULL. */
static int write_file(survey *s, const char *path, FILE **file) {
  size_t n = strlen(path);
  char *tmp = nb_alloc(n + 5, 1, NULL);
  if (tmp == NULL) return cli_out_of_memory();
  snprintf(tmp, n + 5, "%s.new", path);
  nb_text head = {0};
  nb_error err = {0};
  FILE *out = fopen(tmp, "w");
  int status = 0;
  if (out == NULL || survey_header(s->cls->name, &s->budget, &head, &err) != NB_OK) {
    status = out == NULL ? CLI_EXIT_IOERR : cli_fail(&err);
  } else {
    fprintf(out, "%s\n", head.data);
    for (size_t i = 0; i < s->cls->ngroups; i++)
      if (s->slots[i].done) fprintf(out, "%s\n", s->slots[i].line);
  }
  if (out != NULL && fclose(out) != 0 && status == 0) status = CLI_EXIT_IOERR;
  if (status == 0 && rename(tmp, path) != 0) status = CLI_EXIT_IOERR;
  if (status == CLI_EXIT_IOERR)
    fprintf(stderr, "nimber: survey: cannot write '%s': %s\n", path, strerror(errno));
  if (status == 0 && file != NULL && (*file = fopen(path, "a")) == NULL) {
    fprintf(stderr, "nimber: survey: cannot write '%s': %s\n", path, strerror(errno));
    status = CLI_EXIT_IOERR;
  }
  free(tmp), free(head.data);
  return status;
}

/* Reads the whole of path into *data (allocated; *len bytes). */
static int slurp(const char *path, char **data, size_t *len) {
  FILE *in = fopen(path, "rb");
  if (in == NULL) {
    fprintf(stderr, "nimber: survey: cannot read '%s': %s\n", path, strerror(errno));
    return NB_ENOINPUT;
  }
  size_t cap = 0;
  *data = NULL, *len = 0;
  nb_error err = {0};
  int status = 0;
  for (size_t got = 1; got > 0 && status == 0;) {
    if (nb_grow((void **)data, &cap, *len, 65536, 1, 65536, &err) != NB_OK) {
      status = cli_fail(&err);
      break;
    }
    got = fread(*data + *len, 1, cap - *len, in);
    *len += got;
  }
  if (status == 0 && ferror(in)) {
    fprintf(stderr, "nimber: survey: cannot read '%s'\n", path);
    status = NB_ENOINPUT;
  }
  fclose(in);
  return status;
}

static int resume_refusal(const char *path, size_t lineno, const char *why) {
  fprintf(stderr, "nimber: survey: --resume '%s' line %zu: %s\n", path, lineno, why);
  return NB_EDATA;
}

/* Files line `lineno` of a resumed file, data[0..len). */
static int resume_line(survey *s, const char *path, size_t lineno, const char *data, size_t len) {
  size_t g;
  nb_survey_record rec;
  char *theorem;
  int got = survey_read_line(s->cls, data, len, &g, &rec, &theorem);
  if (got != SURVEY_LINE_OK) {
    free(theorem);
    return resume_refusal(path, lineno,
                          got == SURVEY_LINE_FOREIGN ? "a game this survey does not have (a file "
                                                       "of another survey?)"
                                                     : "damaged: not a game's line as a survey "
                                                       "writes it");
  }
  if (s->slots[g].done) {
    free(theorem);
    return resume_refusal(path, lineno, "a game listed already");
  }
  game_slot *slot = &s->slots[g];
  slot->line = nb_alloc(len + 1, 1, NULL);
  if (slot->line == NULL) {
    free(theorem);
    return cli_out_of_memory();
  }
  memcpy(slot->line, data, len);
  slot->line[len] = '\0';
  slot->rec = rec, slot->theorem = theorem, slot->done = true;
  s->done++;
  return 0;
}

/* Reads --resume FILE: its header must be this survey's, each line a game of it; a last line
 * without its newline is dropped (its game is computed again). */
static int resume(survey *s, const char *path) {
  char *data;
  size_t len;
  int status = slurp(path, &data, &len);
  if (status != 0) return status;
  nb_text head = {0};
  nb_error err = {0};
  if (survey_header(s->cls->name, &s->budget, &head, &err) != NB_OK) status = cli_fail(&err);
  size_t lineno = 0;
  for (size_t at = 0; status == 0 && at < len;) {
    char *nl = memchr(data + at, '\n', len - at);
    if (nl == NULL) break; /* cut by a stop in the middle of a write: computed again */
    size_t n = (size_t)(nl - (data + at));
    lineno++;
    if (lineno == 1 && (n != head.len || memcmp(data + at, head.data, n) != 0)) {
      char why[512];
      snprintf(why, sizeof why, "not the header of this survey (expected %s)", head.data);
      status = resume_refusal(path, 1, why);
    } else if (lineno > 1) {
      status = resume_line(s, path, lineno, data + at, n);
    }
    at += n + 1;
  }
  if (status == 0 && lineno == 0) status = resume_refusal(path, 1, "no header: not a survey file");
  free(data), free(head.data);
  return status;
}

/* --- the command ------------------------------------------------------------------------------ */

/* The options, read. */
typedef struct survey_args {
  const char *cls;          /* CLASS */
  nb_survey_budget budget;  /* --max, --time (and --total-time's deadline, set at the start) */
  double total;             /* --total-time: seconds for the whole run (0: none) */
  unsigned jobs;            /* --jobs */
  const char *output;       /* -o FILE, or --resume FILE */
  bool resume, force, json; /* --resume, --force, --json */
  bool no_seconds;          /* --no-seconds */
} survey_args;

/* Reads seconds above 0 (at most 10^9) of option `name` into *out. */
static int parse_seconds(const char *name, const char *text, double *out) {
  char *end = NULL;
  if (text == NULL) return 0;
  *out = strtod(text, &end);
  if (end == text || *end != '\0' || !(*out > 0) || *out > 1e9)
    return cli_usage_error("survey", "survey: --%s expects seconds above 0, found '%s'", name,
                           text);
  return 0;
}

static int check_args(survey_args *a, const char *max, const char *const times[2], const char *jobs,
                      const char *out, const char *resumed, const char *memory) {
  uint64_t v;
  nb_limits limits = nb_limits_default();
  int status = cli_memory_limit("survey", memory, &limits);
  if (status != 0) return status;
  a->budget.memory = limits.memory;
  if (max != NULL && (!nb_parse_u64(max, &v) || v == 0))
    return cli_usage_error("survey", "survey: --max expects a positive integer, found '%s'", max);
  if (max != NULL) a->budget.max = v;
  status = parse_seconds("time", times[0], &a->budget.seconds);
  if (status == 0) status = parse_seconds("total-time", times[1], &a->total);
  if (status != 0) return status;
  if (jobs != NULL && (!nb_parse_u64(jobs, &v) || v == 0 || v > MAX_JOBS))
    return cli_usage_error("survey", "survey: --jobs expects an integer from 1 to %d, found '%s'",
                           MAX_JOBS, jobs);
  if (jobs != NULL) a->jobs = (unsigned)v;
  if (out != NULL && resumed != NULL)
    return cli_usage_error("survey", "survey: -o and --resume both name the output: give one");
  if (a->force && out == NULL)
    return cli_usage_error("survey", "survey: --force overwrites the file of -o: give -o FILE");
  a->output = out != NULL ? out : resumed;
  a->resume = resumed != NULL;
  struct stat st;
  if (out != NULL && !a->force && stat(out, &st) == 0)
    return cli_usage_error("survey",
                           "survey: '%s' exists: --resume '%s' continues it, --force overwrites it",
                           out, out);
  a->budget.threads = a->jobs > 1 ? 1 : 0;
  return 0;
}

static int parse_args(int argc, char **argv, survey_args *a, bool *done) {
  const char *max = NULL, *times[2] = {NULL, NULL}, *jobs = NULL, *out = NULL, *resumed = NULL;
  const char *memory = NULL;
  cli_opt opts[] = {{.name = "max", .value = &max},
                    {.name = "time", .value = &times[0]},
                    {.name = "total-time", .value = &times[1]},
                    {.name = "jobs", .value = &jobs},
                    {.name = "output", .value = &out, .letter = 'o'},
                    {.name = "resume", .value = &resumed},
                    {.name = "force", .flag = &a->force},
                    {.name = "json", .flag = &a->json},
                    {.name = "no-seconds", .flag = &a->no_seconds},
                    CLI_MEMORY_OPT(&memory)};
  size_t npos;
  int status = cli_parse(argc, argv, opts, sizeof opts / sizeof *opts, usage, &npos, done);
  if (status != 0 || *done) return status;
  if (npos != 1) return cli_usage_error("survey", "survey: expected one CLASS");
  a->cls = argv[1];
  return check_args(a, max, times, jobs, out, resumed, memory);
}

/* The runner of the groups not done: threads on this machine, or the ranks of an MPI job. */
typedef int survey_runner(survey *s, unsigned jobs);

static int run_survey(const survey_args *a, survey *s, survey_runner *runner) {
  int status = 0;
  if (a->resume) status = resume(s, a->output);
  if (status == 0 && a->output != NULL) status = write_file(s, a->output, &s->file);
  if (status != 0) {
    s->status = status; /* nothing is handed out (MPI: the other ranks are told to stop) */
    runner(s, a->jobs);
    return status;
  }
  if (!a->json) print_table_head();
  cli_progress_init(&s->progress, stderr);
  print_ready(s);
  status = runner(s, a->jobs);
  if (s->file != NULL && fclose(s->file) != 0 && status == 0) {
    fprintf(stderr, "nimber: survey: cannot write '%s': %s\n", a->output, strerror(errno));
    status = CLI_EXIT_IOERR;
  }
  s->file = NULL;
  if (status == 0) {
    s->over = true; /* the games not done now were left out by --total-time */
    for (size_t i = 0; i < s->cls->ngroups; i++)
      s->not_computed += !s->slots[i].done;
    print_ready(s);
  }
  if (status == 0 && a->output != NULL) status = write_file(s, a->output, NULL);
  if (status == 0) status = summary(s);
  if (status == 0) note_not_computed(s, a->output);
  return status;
}

#ifdef NB_HAVE_MPI
/* --- across machines (MPI) ----------------------------------------------------------------------
 * Under `mpirun -n P` (P >= 2; the build option NB_MPI), rank 0 leads: it reads and writes the
 * file and standard output as above and hands out the groups, one at a time, to the ranks that
 * ask (the work per game varies by orders of magnitude: no static split). Every other rank makes
 * the same class (it is determined by its name), then asks, runs the group it is given with one
 * engine thread and sends back its line ("INDEX<TAB>LINE", or "!STATUS<TAB>MESSAGE" on a
 * failure), which is its next request; an index of -1 tells it to stop. Rank 0 reads each line
 * back as --resume does (surveyio.c: checked), so the records it files are exactly what a
 * worker computed, and a job stopped for any reason loses only the games in flight. Under
 * --total-time every rank reads its deadline from its own start (ranks start together); a game
 * it cut comes back as "~INDEX": not computed. */
#include <mpi.h>

enum { TAG_RESULT = 1, TAG_WORK = 2 };

/* Rank 0: files a worker's message (under no lock: rank 0 runs no thread). */
static void file_remote(survey *s, char *msg, size_t len) {
  if (len == 0) return; /* a first request */
  char *tab = memchr(msg, '\t', len);
  if (tab == NULL) tab = msg + len;
  if (msg[0] == '~') { /* a game --total-time cut: not computed */
    s->expired = true;
    s->running--;
    return;
  }
  if (msg[0] == '!') {
    int code = atoi(msg + 1);
    if (s->status == 0) s->status = code != 0 ? code : NB_EINTERNAL;
    nb_fail(&s->err, (nb_status)s->status, "%.*s", (int)(msg + len - tab - 1), tab + 1);
    s->running--;
    return;
  }
  size_t g = strtoull(msg, NULL, 10), at = (size_t)(tab + 1 - msg);
  nb_survey_record rec;
  char *theorem;
  nb_text line = {0};
  nb_error err = {0};
  if (tab == msg + len ||
      survey_read_line(s->cls, msg + at, len - at, &at, &rec, &theorem) != SURVEY_LINE_OK ||
      at != g || nb_text_add(&line, tab + 1, len - (size_t)(tab + 1 - msg), &err) != NB_OK) {
    if (s->status == 0) s->status = NB_EINTERNAL;
    nb_fail(&s->err, NB_EINTERNAL, "a rank sent a damaged line");
    s->running--;
    return;
  }
  s->running--;
  file_game(s, g, &rec, &line);
  s->slots[g].theorem = theorem;
}

/* Rank 0: receives a message from any rank into *buf (grown as needed); its sender. */
static int receive(char **buf, size_t *cap, size_t *len) {
  MPI_Status st;
  int count;
  MPI_Probe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_CHAR, &count);
  if ((size_t)count + 1 > *cap) {
    char *more = nb_realloc(*buf, (size_t)count + 1, 1, NULL);
    if (more == NULL) abort(); /* rank 0 cannot go on without the message: the job ends */
    *buf = more, *cap = (size_t)count + 1;
  }
  MPI_Recv(*buf, count, MPI_CHAR, st.MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  (*buf)[count] = '\0';
  *len = (size_t)count;
  return st.MPI_SOURCE;
}

static int mpi_lead(survey *s, unsigned ranks) {
  char *buf = NULL;
  size_t cap = 0, len;
  for (unsigned active = ranks - 1; active > 0;) {
    int from = receive(&buf, &cap, &len);
    file_remote(s, buf, len);
    size_t i = take(s);
    long long next = i == SIZE_MAX ? -1 : (long long)i;
    active -= i == SIZE_MAX;
    MPI_Send(&next, 1, MPI_LONG_LONG, from, TAG_WORK, MPI_COMM_WORLD);
  }
  free(buf);
  cli_progress_end(&s->progress);
  return end_status(s);
}

/* Another rank: asks for groups and runs them until told to stop. */
static int mpi_work(survey *s) {
  nb_text msg = {0}, line = {0};
  nb_survey_budget b = s->budget;
  b.threads = 1;
  for (;;) {
    MPI_Send(msg.data != NULL ? msg.data : "", (int)msg.len, MPI_CHAR, 0, TAG_RESULT,
             MPI_COMM_WORLD);
    long long next;
    MPI_Recv(&next, 1, MPI_LONG_LONG, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (next < 0) break;
    nb_error err = {0};
    nb_survey_record rec;
    const nb_survey_group *g = &s->cls->groups[next];
    nb_status st = nb_survey_run(g->game, &b, &rec, &err);
    rec.no_seconds = s->no_seconds;
    if (st == NB_OK && !rec.cut) st = survey_line(g, &rec, &line, &err);
    nb_survey_record_free(&rec); /* rank 0 has the line; a failed run freed it already */
    msg.len = 0;
    if (st == NB_OK && rec.cut)
      st = nb_text_printf(&msg, &err, "~%lld", next);
    else if (st == NB_OK)
      st = nb_text_printf(&msg, &err, "%lld\t%s", next, line.data);
    if (st != NB_OK) {
      msg.len = 0;
      if (nb_text_printf(&msg, NULL, "!%d\t%s", (int)st, err.message) != NB_OK) abort();
    }
  }
  free(msg.data), free(line.data);
  return 0;
}

/* Whether this process was started by mpirun (Open MPI, or a PMI launcher) with other ranks: a
 * plain run never initialises MPI. */
static bool under_mpirun(void) {
  const char *size = getenv("OMPI_COMM_WORLD_SIZE");
  if (size == NULL) size = getenv("PMI_SIZE");
  return size != NULL && atoi(size) > 1;
}

static int run_mpi(const survey_args *a, survey *s) {
  int rank, ranks;
  MPI_Init(NULL, NULL);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int status;
  if (rank == 0) {
    unsigned n = (unsigned)ranks;
    s->budget.threads = 1;
    survey_args lead = *a;
    lead.jobs = n;
    status = run_survey(&lead, s, mpi_lead);
  } else {
    status = mpi_work(s);
  }
  MPI_Finalize();
  return status;
}
#endif

/* Runs the survey on this machine's threads, or, built with MPI and under mpirun, on the ranks. */
static int run_anywhere(const survey_args *a, survey *s) {
#ifdef NB_HAVE_MPI
  if (under_mpirun()) return run_mpi(a, s);
#endif
  return run_survey(a, s, run_all);
}

int cmd_survey(const cli_env *env, int argc, char **argv) {
  (void)env;
  survey_args a = {.budget = {.max = DEFAULT_MAX}, .jobs = 1};
  bool done = false;
  int status = parse_args(argc, argv, &a, &done);
  if (status != 0 || done) return status;
  if (a.total > 0) a.budget.deadline = nb_survey_now() + a.total; /* the run starts here */
  nb_survey_class *cls = NULL;
  status = make_class(a.cls, &cls);
  if (status != 0) return status;
  survey s = {.cls = cls, .budget = a.budget, .json = a.json, .no_seconds = a.no_seconds};
  s.slots = nb_alloc(cls->ngroups > 0 ? cls->ngroups : 1, sizeof *s.slots, NULL);
  if (s.slots == NULL)
    status = cli_out_of_memory();
  else {
    memset(s.slots, 0, cls->ngroups * sizeof *s.slots);
    status = run_anywhere(&a, &s);
  }
  for (size_t i = 0; s.slots != NULL && i < cls->ngroups; i++) {
    nb_survey_record_free(&s.slots[i].rec);
    free(s.slots[i].line), free(s.slots[i].theorem);
  }
  if (s.file != NULL) fclose(s.file);
  free(s.slots);
  nb_survey_class_free(cls);
  return status;
}
