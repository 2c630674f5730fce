/*
 * batch.c: `nimber value --batch FILE`: many positions, one a line, valued in one process.
 *
 * Why. Run as one process per position, a small board costs far more in starting the process,
 * opening the game and making its solver than in valuing it (README, "Many positions at once").
 * Here every line of FILE ('-': standard input) is a command line of `value` without its
 * options, `GAME POSITION...`, and the games are opened once: the first line naming a game
 * opens it with its solver, and every later line naming it (as typed, case aside) reuses them,
 * so the solver's memo of components (and its store of canonical forms) carries from line to
 * line. Each solver's tables stay within --memory as `value`'s do; at most BATCH_GAMES games are
 * kept open, the one opened longest ago closed to make room for another.
 *
 * Lines. Words are split as a shell splits them, for the simple cases: blanks (spaces, tabs)
 * separate words; '...' holds anything but a single quote, literally; "..." holds anything,
 * \" and \\ standing for " and \; outside quotes a backslash takes the next character
 * literally. Nothing else is special: no variables, no globbing. A line whose first non-blank
 * character is '#' is a comment and a blank line is skipped; a '#' later in a line is an
 * ordinary character, since boards are written with it ('..#/...').
 *
 * Answers. One line for each position, in the order of the lines: the text `value` prints,
 * its lines joined by "; ", or with --json one JSON object (JSON Lines) with the members
 * `value --json` writes and "line", the line's number. A bad line (unknown game, malformed
 * position, a value refused at a limit) writes no answer: its message goes to standard error
 * as "FILE:LINE:COLUMN: MESSAGE", the column that of the offending byte in the line (where the
 * message below names an argument and a column in it, they are translated), and the next line
 * is read. At the end the status is 65 when any line was bad; running out of memory, or an
 * output that cannot be written, ends the run at once. A file without any position is refused
 * (65): a batch that values nothing is a mistake more often than a wish.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum {
  BATCH_LINE_MAX = 1 << 16, /* longest line read, in bytes, without its '\n' */
  BATCH_GAMES = 8,          /* most games kept open at once */
};

/* A line split into words: their text one after the other, each ended by '\0', and the column
 * in the line of each byte of them. */
typedef struct batch_words {
  char *text;        /* the words, each followed by '\0'; room for BATCH_LINE_MAX + 1 bytes */
  uint32_t *column;  /* column[i]: the line's column (1-based) of text[i] */
  const char **word; /* word[k]: the k-th word (into text); room for BATCH_LINE_MAX / 2 + 1 */
  size_t count;      /* words */
} batch_words;

/* An open game and the spec it was named by. */
typedef struct batch_game {
  char *name;       /* the game word as first typed (matched without regard to case); owned */
  cli_position pos; /* the game and its solver (the position part is per line); not moved */
} batch_game;

/* The state of one batch run. */
typedef struct batch_run {
  const cli_env *env;            /* the registry */
  const nb_limits *limits;       /* each solver's limits */
  nb_play play;                  /* the play convention of every game */
  unsigned flags;                /* nb_value_report's */
  const char *file;              /* the file's name as messages show it */
  batch_game *game[BATCH_GAMES]; /* the open games, oldest first; owned */
  size_t ngames;                 /* how many */
  batch_words words;             /* the current line's words */
  size_t positions;              /* lines that held a position, good or bad */
  size_t bad;                    /* bad lines */
} batch_run;

/* --- splitting a line --------------------------------------------------------------------------
 */

static bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Splits line[0..len) into w; false with err (the column named) on an unclosed quote or a NUL
 * byte. */
static bool split(const char *line, size_t len, batch_words *w, nb_error *err) {
  size_t i = 0, out = 0;
  w->count = 0;
  while (i < len) {
    while (i < len && blank(line[i]))
      i++;
    if (i == len) break;
    w->word[w->count++] = w->text + out;
    while (i < len && !blank(line[i])) {
      char c = line[i];
      if (c == '\0') return nb_fail(err, NB_EDATA, "%zu: a NUL byte", i + 1), false;
      if (c == '\'' || c == '"') {
        size_t open = i++;
        while (i < len && line[i] != c) {
          if (c == '"' && line[i] == '\\' && i + 1 < len &&
              (line[i + 1] == '"' || line[i + 1] == '\\'))
            i++;
          w->column[out] = (uint32_t)i + 1;
          w->text[out++] = line[i++];
        }
        if (i == len) return nb_fail(err, NB_EDATA, "%zu: unclosed %c quote", open + 1, c), false;
        i++;
        continue;
      }
      if (c == '\\' && i + 1 < len) i++;
      w->column[out] = (uint32_t)i + 1;
      w->text[out++] = line[i++];
    }
    w->column[out] = (uint32_t)i + 1; /* the word's end: a message about its end points here */
    w->text[out++] = '\0';
  }
  return true;
}

/* The column in the line of byte `at` (0-based) of word k (0-based), or of the word's start. */
static size_t column_of(const batch_words *w, size_t k, size_t at) {
  size_t start = (size_t)(w->word[k] - w->text), len = strlen(w->word[k]);
  return w->column[start + (at <= len ? at : len)];
}

/* --- messages ----------------------------------------------------------------------------------
 */

/* Prints a bad line's message: "FILE:LINE:COLUMN: MESSAGE". A message from below that names
 * "argument K: column C: " (or "argument K: ") is told at that byte of the line's K-th word. */
static void bad_line(batch_run *b, size_t line, const nb_error *err) {
  const char *msg = err->message;
  size_t arg = 0, col = 0, column = b->words.count > 0 ? column_of(&b->words, 0, 0) : 1;
  int used = 0;
  if (sscanf(msg, "argument %zu: column %zu: %n", &arg, &col, &used) == 2 && used > 0 && arg >= 1 &&
      arg <= b->words.count && col >= 1) {
    column = column_of(&b->words, arg - 1, col - 1);
  } else if ((used = 0, sscanf(msg, "argument %zu: %n", &arg, &used)) == 1 && used > 0 &&
             arg >= 1 && arg <= b->words.count) {
    column = column_of(&b->words, arg - 1, 0);
  } else {
    used = 0;
  }
  fprintf(stderr, "nimber: %s:%zu:%zu: %s\n", b->file, line, column, msg + used);
  b->bad++;
}

/* --- games --------------------------------------------------------------------------------------
 */

static void game_close(batch_game *g) {
  if (g == NULL) return;
  cli_position_close(&g->pos);
  free(g->name);
  free(g);
}

/* The open game named `name`, opened now when it is not open yet. NB_OK with *out, or the
 * failure with err filled (an unknown game: NB_EUSAGE). */
static nb_status game_find(batch_run *b, const char *name, batch_game **out, nb_error *err) {
  for (size_t i = 0; i < b->ngames; i++)
    if (strcasecmp(b->game[i]->name, name) == 0) return *out = b->game[i], NB_OK;
  batch_game *g = nb_alloc(1, sizeof *g, err);
  if (g == NULL) return NB_EINTERNAL;
  size_t len = strlen(name);
  g->name = nb_alloc(len + 1, 1, err);
  if (g->name == NULL) {
    free(g);
    return NB_EINTERNAL;
  }
  memcpy(g->name, name, len + 1);
  nb_status st = cli_game_make(b->env->games, name, b->limits, b->play, &g->pos, err);
  if (st != NB_OK) {
    free(g->name);
    free(g);
    return st;
  }
  if (b->ngames == BATCH_GAMES) { /* the oldest makes room */
    game_close(b->game[0]);
    memmove(b->game, b->game + 1, (BATCH_GAMES - 1) * sizeof *b->game);
    b->ngames--;
  }
  b->game[b->ngames++] = g;
  *out = g;
  return NB_OK;
}

/* --- one line ----------------------------------------------------------------------------------
 */

/* Parses words 1.. of the line as a position of g into g->pos.comps (room as
 * cli_position_open_play makes it). */
static nb_status parse_position(batch_run *b, batch_game *g, nb_error *err) {
  const batch_words *w = &b->words;
  size_t cap = w->count;
  for (size_t i = 1; i < w->count; i++)
    cap += strlen(w->word[i]);
  if (cap > g->pos.cap) {
    nb_pos *room = nb_alloc(cap, sizeof *room, err);
    if (room == NULL) return NB_EINTERNAL;
    free(g->pos.comps);
    g->pos.comps = room;
    g->pos.cap = cap;
  }
  g->pos.n = 0;
  return nb_position_parse(g->pos.game, w->word + 1, w->count - 1, 2, g->pos.comps, &g->pos.n,
                           g->pos.cap, err);
}

/* Writes the answer of the line: the report's lines joined by "; " (text), or one JSON object
 * with the line's number. */
static nb_status answer(batch_run *b, batch_game *g, size_t line, const char *report,
                        nb_error *err) {
  bool json = (b->flags & NB_REPORT_JSON) != 0;
  if (json) {
    char *position = cli_format_position(g->pos.game, g->pos.comps, g->pos.n);
    if (position == NULL) return nb_fail(err, NB_EINTERNAL, "out of memory");
    printf("{\"line\":%zu,\"game\":", line);
    cli_json_string(stdout, g->pos.spec);
    fputs(",\"position\":", stdout);
    cli_json_string(stdout, position);
    printf(",%s}\n", report);
    free(position);
  } else {
    size_t len = strlen(report);
    while (len > 0 && report[len - 1] == '\n')
      len--;
    for (size_t i = 0; i < len; i++)
      report[i] == '\n' ? (void)fputs("; ", stdout) : (void)putchar(report[i]);
    putchar('\n');
  }
  return nb_check_output(stdout, err);
}

/* Values the line's position and answers it. A failure that is the line's (a bad position, a
 * refusal at a limit) is reported and counted; NB_EINTERNAL, which ends the run, is returned. */
static nb_status one_line(batch_run *b, size_t line) {
  nb_error err = {0}, refused = {0};
  batch_game *g = NULL;
  char *report = NULL;
  nb_status st = game_find(b, b->words.word[0], &g, &err);
  if (st == NB_OK) st = parse_position(b, g, &err);
  if (st == NB_OK && (b->flags & NB_REPORT_OPTIONS) &&
      nb_theory_sides(nb_game_theory(g->pos.game)) != 2) /* as cli_check_scope, for this line */
    st = nb_fail(&err, NB_EUSAGE, "--options applies to partizan games only; %s is impartial",
                 g->pos.spec);
  if (st == NB_OK)
    st = nb_value_report(g->pos.solver, g->pos.comps, g->pos.n, b->flags, &report, &err);
  if (st == NB_EDATA && report == NULL && (b->flags & NB_REPORT_REMOTENESS) && g->pos.n > 0) {
    refused = err; /* the remoteness is refused at a limit, the value may not be: answer it */
    st = nb_value_report(g->pos.solver, g->pos.comps, g->pos.n, b->flags & ~NB_REPORT_REMOTENESS,
                         &report, &err);
  }
  if (st == NB_OK) st = answer(b, g, line, report, &err);
  free(report);
  if (st == NB_OK && refused.message[0] != '\0') st = (err = refused).status;
  if (st == NB_EINTERNAL) return cli_fail(&err), NB_EINTERNAL;
  if (st != NB_OK) bad_line(b, line, &err);
  return NB_OK;
}

/* Reads and answers every line of in. */
static nb_status run_lines(batch_run *b, FILE *in, char *line_buf) {
  size_t len;
  for (size_t line = 1;; line++) {
    cli_line got = cli_read_line(in, line_buf, BATCH_LINE_MAX + 1, &len);
    if (got == CLI_LINE_END) return NB_OK;
    if (got == CLI_LINE_ERROR) {
      fprintf(stderr, "nimber: value: cannot read %s: %s\n", b->file, strerror(errno));
      return NB_ENOINPUT;
    }
    nb_error err = {0};
    if (got == CLI_LINE_LONG) {
      b->positions++;
      b->words.count = 0;
      nb_fail(&err, NB_EDATA, "line too long: %zu bytes, more than the %d a line may hold", len,
              BATCH_LINE_MAX);
      bad_line(b, line, &err);
      continue;
    }
    size_t first = 0;
    while (first < len && blank(line_buf[first]))
      first++;
    if (first == len || line_buf[first] == '#') continue; /* blank, or a comment */
    b->positions++;
    if (!split(line_buf, len, &b->words, &err)) { /* the message starts "COLUMN: " */
      fprintf(stderr, "nimber: %s:%zu:%s\n", b->file, line, err.message);
      b->bad++;
      continue;
    }
    if (one_line(b, line) != NB_OK) return NB_EINTERNAL;
  }
}

/* The buffers of a run (freed by batch_free). */
static nb_status batch_alloc(batch_run *b, char **line_buf, nb_error *err) {
  *line_buf = nb_alloc(BATCH_LINE_MAX + 1, 1, err);
  b->words.text = nb_alloc(BATCH_LINE_MAX + 1, 1, err);
  b->words.column = nb_alloc(BATCH_LINE_MAX + 1, sizeof *b->words.column, err);
  b->words.word = nb_alloc(BATCH_LINE_MAX / 2 + 1, sizeof *b->words.word, err);
  bool ok = *line_buf && b->words.text && b->words.column && b->words.word;
  return ok ? NB_OK : NB_EINTERNAL;
}

static void batch_free(batch_run *b, char *line_buf) {
  for (size_t i = 0; i < b->ngames; i++)
    game_close(b->game[i]);
  free(b->words.text);
  free(b->words.column);
  free(b->words.word);
  free(line_buf);
}

int cli_value_batch(const cli_env *env, const char *file, const nb_limits *limits, nb_play play,
                    unsigned flags) {
  bool standard = strcmp(file, "-") == 0;
  FILE *in = standard ? stdin : fopen(file, "r");
  char quoted[NB_QUOTE_CAP];
  if (in == NULL) {
    fprintf(stderr, "nimber: value: --batch: cannot open %s: %s\n",
            nb_quote(quoted, file, strlen(file)), strerror(errno));
    return NB_ENOINPUT;
  }
  batch_run b = {.env = env,
                 .limits = limits,
                 .play = play,
                 .flags = flags,
                 .file = standard ? "<stdin>" : file};
  nb_error err = {0};
  char *line_buf = NULL;
  nb_status st = batch_alloc(&b, &line_buf, &err);
  if (st != NB_OK) cli_fail(&err);
  if (st == NB_OK) st = run_lines(&b, in, line_buf);
  batch_free(&b, line_buf);
  if (!standard) fclose(in);
  if (st != NB_OK) return st == NB_EINTERNAL && ferror(stdout) ? CLI_EXIT_IOERR : (int)st;
  if (b.positions == 0) {
    fprintf(stderr,
            "nimber: value: --batch: no position in %s (it is empty, or holds only "
            "comments and blank lines)\n",
            b.file);
    return NB_EDATA;
  }
  return b.bad > 0 ? NB_EDATA : 0;
}
