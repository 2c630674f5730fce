/*
 * progress.c: a progress line on standard error, for work that takes seconds.
 *
 * The line appears only where someone can watch it: when standard error is a terminal (a
 * redirected or piped standard error never gets one, so logs and tests see nothing), and not
 * while output streams to that same terminal (the command says so: `table` streaming its text
 * to the screen shows no line, since stdout's buffered chunks would land in the middle of it).
 * It appears only once the work has lasted a second (quick commands never flicker), is
 * rewritten in place ("\r", then the text, then "erase to the end of the line") about once a
 * second, and is erased when the work ends, before any answer or error message is printed.
 *
 * The library prints nothing: the exhaustive searches report through the optional callback of
 * nb_limits (cli_progress_search below, installed by cli_game_open for every command), and the
 * commands that drive their own loops (table, plot) tick directly.
 */
#include "cli.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

enum {
  FIRST_MS = 1000, /* the line appears once the work has lasted this long */
  EVERY_MS = 1000, /* and is rewritten at most this often */
};

void cli_progress_init(cli_progress *p, FILE *out) {
  *p = (cli_progress){.out = out != NULL && isatty(fileno(out)) ? out : NULL};
}

uint64_t cli_progress_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

bool cli_progress_due(cli_progress *p, uint64_t now_ms) {
  if (p->out == NULL) return false;
  if (!p->started) {
    p->started = true;
    p->first_ms = now_ms;
  }
  if (now_ms - p->first_ms < FIRST_MS) return false;
  return !p->shown || now_ms - p->shown_ms >= EVERY_MS;
}

void cli_progress_write(cli_progress *p, uint64_t now_ms, const char *text) {
  fprintf(p->out, "\r%s\033[K", text);
  fflush(p->out);
  p->shown = true;
  p->shown_ms = now_ms;
}

void cli_progress_tick(cli_progress *p, const char *what, uint64_t done, uint64_t total,
                       const char *noun) {
  uint64_t now = p->out != NULL ? cli_progress_now() : 0;
  if (!cli_progress_due(p, now)) return;
  char a[27], b[27], text[160];
  snprintf(text, sizeof text, "%s: %s of %s %s", what, cli_commas(a, done), cli_commas(b, total),
           noun);
  cli_progress_write(p, now, text);
}

void cli_progress_end(cli_progress *p) {
  if (p->shown) {
    fputs("\r\033[K", p->out);
    fflush(p->out);
  }
  p->started = p->shown = false;
}

/* The searches' report (nb_limits.progress): "searching: 1,048,576 positions, of at most
 * 4,194,304", erased when the search returns. */
void cli_progress_search(void *ctx, const char *unit, uint64_t done, uint64_t limit,
                         bool finished) {
  cli_progress *p = ctx;
  if (finished) {
    cli_progress_end(p);
    return;
  }
  uint64_t now = p->out != NULL ? cli_progress_now() : 0;
  if (!cli_progress_due(p, now)) return;
  char a[27], b[27], text[160];
  snprintf(text, sizeof text, "searching: %s %s, of at most %s", cli_commas(a, done), unit,
           cli_commas(b, limit));
  cli_progress_write(p, now, text);
}
