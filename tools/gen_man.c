/*
 * gen_man.c: writes the manual page nimber.1 from the --help texts; run by the build, not
 * installed.
 *
 * Usage: gen_man NIMBER TEMPLATE OUTPUT
 *
 * One source. What nimber says in `nimber --help`, `nimber COMMAND --help` and `nimber games`
 * is what the manual says: this program runs the built NIMBER for each text and turns it into
 * roff, so the two cannot drift apart. TEMPLATE (tools/nimber.1.in) holds the parts written by
 * hand (NAME, SYNOPSIS, DESCRIPTION, EXIT STATUS, FILES, EXAMPLES, SEE ALSO) and three lines
 * standing for generated parts: @HELP@ (the top-level help), @COMMANDS@ (one subsection per
 * command listed there, with its help) and @GAMES@ (the game families); @VERSION@ anywhere is
 * the version.
 *
 * A help text becomes roff line by line, from how our help texts are laid out:
 *   - an unindented line is prose, filled (a blank line ends a paragraph);
 *   - an indented line with a head and a text apart by two spaces or more ("  --to N   the last
 *     size") is a tagged paragraph (.TP), the head in bold; lines indented deeper continue it;
 *   - any other indented line (an example command) is shown as it is (.nf).
 * Text is escaped for roff: backslashes, hyphens (\- so that options copy as typed) and a '.'
 * or '\'' opening a line.
 *
 * No allocation: a help text is read into a fixed buffer, and one longer than that is an error.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  TEXT_CAP = 1 << 16, /* the longest help text read, in bytes */
  MAX_COMMANDS = 32,  /* the most commands listed by `nimber --help` */
  NAME_CAP = 32,      /* the longest command name */
};

/* Runs `'nimber' ARGS` and reads its standard output into buf (NUL-terminated). */
static bool run(const char *nimber, const char *args, char *buf, size_t cap) {
  char cmd[4096];
  size_t n = 0;
  cmd[n++] = '\'';
  for (const char *p = nimber; *p != '\0' && n + 8 < sizeof cmd; p++) {
    if (*p == '\'') { /* close the quote, an escaped quote, reopen */
      memcpy(cmd + n, "'\\''", 4);
      n += 4;
    } else {
      cmd[n++] = *p;
    }
  }
  if (n + strlen(args) + 3 >= sizeof cmd) return false;
  snprintf(cmd + n, sizeof cmd - n, "' %s", args);
  FILE *p = popen(cmd, "r");
  if (p == NULL) return false;
  size_t len = fread(buf, 1, cap - 1, p);
  bool whole = len < cap - 1 || fgetc(p) == EOF;
  buf[len] = '\0';
  int status = pclose(p);
  if (!whole) fprintf(stderr, "gen_man: the output of %s is longer than %zu bytes\n", cmd, cap);
  if (status != 0) fprintf(stderr, "gen_man: %s failed (status %d)\n", cmd, status);
  return whole && status == 0;
}

/* Writes s[0..len) escaped for roff, as a line's text (the caller ends the line). */
static void escaped(FILE *out, const char *s, size_t len) {
  if (len > 0 && (s[0] == '.' || s[0] == '\'')) fputs("\\&", out);
  for (size_t i = 0; i < len; i++) {
    if (s[i] == '\\')
      fputs("\\e", out);
    else if (s[i] == '-')
      fputs("\\-", out);
    else
      fputc(s[i], out);
  }
}

/* Where the text of a tagged line starts (after a gap of two spaces or more following the head),
 * or NULL when the line has no such gap. */
static const char *tag_text(const char *line) {
  const char *gap = strstr(line + 2, "  ");
  if (gap == NULL) return NULL;
  while (*gap == ' ')
    gap++;
  return *gap != '\0' ? gap : NULL;
}

/* How a help text is being written out: the mode of the lines so far. */
typedef struct layout {
  bool item;  /* in a tagged paragraph (deeper indented lines continue it) */
  bool pre;   /* in a block shown as it is (.nf) */
  bool blank; /* a blank line came last: the next prose or block starts a paragraph */
} layout;

static void end_pre(FILE *out, layout *l) {
  if (l->pre) fputs(".fi\n", out);
  l->pre = false;
}

/* Writes one line of a help text as roff (see the essay above). */
static void help_line(FILE *out, layout *l, const char *line) {
  size_t indent = strspn(line, " ");
  if (line[indent] == '\0') { /* a blank line ends the paragraph (.TP makes its own) */
    end_pre(out, l);
    l->blank = true;
    return;
  }
  const char *text = indent == 2 ? tag_text(line) : NULL;
  bool para = l->blank || l->item;
  l->blank = false;
  if (indent == 0) {
    end_pre(out, l);
    if (para) fputs(".PP\n", out);
    l->item = false;
    escaped(out, line, strlen(line));
  } else if (text != NULL) {
    end_pre(out, l);
    size_t head = strcspn(line + 2, " ");
    while (line[2 + head] == ' ' && line[3 + head] != ' ') /* a head of several words */
      head += 1 + strcspn(line + 3 + head, " ");
    fputs(".TP\n\\fB", out);
    escaped(out, line + 2, head);
    fputs("\\fR\n", out);
    escaped(out, text, strlen(text));
    l->item = true;
  } else if (indent > 2 && l->item) {
    escaped(out, line + indent, strlen(line + indent));
  } else {
    if (!l->pre) fputs(para ? ".PP\n.nf\n" : ".nf\n", out);
    l->pre = true;
    l->item = false;
    escaped(out, line, strlen(line));
  }
  fputc('\n', out);
}

/* Writes a whole help text as roff; skip_usage drops its "usage:" line (shown elsewhere). */
static void help_text(FILE *out, char *text, bool skip_usage) {
  layout l = {0};
  for (char *line = text; *line != '\0';) {
    char *end = strchr(line, '\n');
    if (end != NULL) *end = '\0';
    if (!(skip_usage && strncmp(line, "usage: ", 7) == 0)) help_line(out, &l, line);
    if (end == NULL) break;
    line = end + 1;
  }
  end_pre(out, &l);
  if (l.item) fputs(".PP\n", out);
}

/* The commands `nimber --help` lists: the first word of each line after "commands:". */
static size_t commands(const char *help, char names[][NAME_CAP], size_t cap) {
  const char *p = strstr(help, "\ncommands:\n");
  size_t n = 0;
  if (p == NULL) return 0;
  for (p += strlen("\ncommands:\n"); strncmp(p, "  ", 2) == 0 && n < cap;) {
    size_t len = strcspn(p + 2, " \n");
    if (len == 0 || len >= NAME_CAP) return 0;
    memcpy(names[n], p + 2, len);
    names[n++][len] = '\0';
    p = strchr(p, '\n');
    if (p == NULL) break;
    p++;
  }
  return n;
}

/* The COMMANDS section's body: per command, its usage line in bold, then its help. */
static bool write_commands(FILE *out, const char *nimber, const char *help, char *buf) {
  char names[MAX_COMMANDS][NAME_CAP], args[NAME_CAP + 16];
  size_t n = commands(help, names, MAX_COMMANDS);
  if (n == 0) {
    fputs("gen_man: no commands found in 'nimber --help'\n", stderr);
    return false;
  }
  for (size_t i = 0; i < n; i++) {
    snprintf(args, sizeof args, "%.*s --help", NAME_CAP - 1, names[i]);
    if (!run(nimber, args, buf, TEXT_CAP)) return false;
    size_t usage = strncmp(buf, "usage: ", 7) == 0 ? strcspn(buf, "\n") : 0;
    fprintf(out, ".SS \"%s\"\n", names[i]);
    if (usage > 0) {
      fputs("\\fB", out);
      escaped(out, buf + 7, usage - 7);
      fputs("\\fR\n.PP\n", out);
    }
    help_text(out, buf, true);
  }
  return true;
}

/* The GAMES section's body: each family's name as a tag, the rest of its synopsis and its
 * description lines under it, all with the tag's hanging indent (a whole synopsis as the tag
 * wrapped to the margin). */
static void write_games(FILE *out, char *games) {
  for (char *line = games; *line != '\0';) {
    char *end = strchr(line, '\n');
    if (end != NULL) *end = '\0';
    if (line[0] != ' ' && line[0] != '\0') {
      size_t name = strcspn(line, " "), blank = strspn(line + name, " ");
      fputs(".TP\n\\fB", out);
      escaped(out, line, name);
      fputs("\\fR\n", out);
      escaped(out, line + name + blank, strlen(line + name + blank));
      fputs("\n.br\n", out);
    } else if (line[0] != '\0') {
      escaped(out, line + strspn(line, " "), strlen(line + strspn(line, " ")));
      fputs("\n.br\n", out);
    }
    if (end == NULL) break;
    line = end + 1;
  }
  fputs(".PP\n", out);
}

/* Copies the template to out, with the generated parts in place of its marks. */
static bool expand(FILE *tpl, FILE *out, const char *nimber, char *help, char *buf,
                   const char *version) {
  char line[1024];
  while (fgets(line, sizeof line, tpl) != NULL) {
    char *mark = strstr(line, "@VERSION@");
    if (strcmp(line, "@HELP@\n") == 0) {
      char copy[TEXT_CAP];
      memcpy(copy, help, strlen(help) + 1);
      char *tagline = strstr(copy, "\nnimber: "); /* NAME says it: not again in DESCRIPTION */
      if (tagline != NULL) {
        char *after = strchr(tagline + 1, '\n');
        memmove(tagline, after != NULL ? after : tagline + strlen(tagline),
                strlen(after != NULL ? after : tagline + strlen(tagline)) + 1);
      }
      help_text(out, copy, true);
    } else if (strcmp(line, "@COMMANDS@\n") == 0) {
      if (!write_commands(out, nimber, help, buf)) return false;
    } else if (strcmp(line, "@GAMES@\n") == 0) {
      if (!run(nimber, "games", buf, TEXT_CAP)) return false;
      write_games(out, buf);
    } else if (mark != NULL) {
      fprintf(out, "%.*s%s%s", (int)(mark - line), line, version, mark + strlen("@VERSION@"));
    } else {
      fputs(line, out);
    }
  }
  return !ferror(tpl);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fputs("usage: gen_man NIMBER TEMPLATE OUTPUT\n", stderr);
    return 64;
  }
  char help[TEXT_CAP], buf[TEXT_CAP], version[64];
  if (!run(argv[1], "--help", help, sizeof help) || !run(argv[1], "version", buf, sizeof buf))
    return 70;
  snprintf(version, sizeof version, "%.*s", (int)strcspn(buf, "\n"), buf);
  FILE *tpl = fopen(argv[2], "r");
  if (tpl == NULL) {
    perror(argv[2]);
    return 66;
  }
  FILE *out = fopen(argv[3], "w");
  if (out == NULL) {
    perror(argv[3]);
    fclose(tpl);
    return 73;
  }
  bool ok = expand(tpl, out, argv[1], help, buf, version);
  fclose(tpl);
  ok = fclose(out) == 0 && ok;
  if (!ok) {
    fprintf(stderr, "gen_man: %s not written\n", argv[3]);
    remove(argv[3]);
  }
  return ok ? 0 : 70;
}
