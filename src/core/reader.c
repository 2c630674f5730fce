/*
 * reader.c: the strict streaming tokenizer every contest front end reads through.
 *
 * Design. Input is read in chunks of READ_CHUNK bytes into one buffer; nothing larger than a
 * chunk is ever held, so a 10 GB input costs the same memory as a 10 byte one. Tokens are runs of
 * non-space bytes. Before a token is scanned the buffer is topped up so that at least LOOKAHEAD
 * bytes (or the rest of the input) follow the token's first byte: every legal token (a number has
 * at most 20 significant digits, a word at most LOOKAHEAD-1 bytes) then lies wholly in the buffer
 * and the scanners never straddle a refill. Longer tokens are errors, reported by their first
 * bytes. Topping up moves at most LOOKAHEAD bytes, once per chunk.
 *
 * Positions. `line` counts newlines seen; `line_start` is the absolute offset of the current
 * line's first byte, so a token's column is its absolute offset minus line_start, plus one.
 * Columns count bytes.
 */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
  READ_CHUNK = 1 << 16, /* bytes read from the stream at a time */
  LOOKAHEAD = 64,       /* bytes guaranteed after a token's start (or end of input) */
  SHOWN = 40,           /* bytes of a bad token quoted in a message */
};

struct nb_reader {
  FILE *fp;            /* the stream, NULL when reading from memory */
  bool owns_fp;        /* close fp on nb_reader_close (false for stdin) */
  const char *mem;     /* in-memory input, or NULL */
  char *buf;           /* window of the input: buf[pos..len) not yet consumed */
  size_t pos;          /* next unread byte in buf */
  size_t len;          /* bytes valid in buf */
  size_t cap;          /* allocated size of buf (unused for memory input) */
  bool eof;            /* the stream has no bytes beyond buf[len) */
  uint64_t base;       /* absolute offset of buf[0] */
  uint64_t line;       /* 1-based line of buf[pos] */
  uint64_t line_start; /* absolute offset of the first byte of that line */
  char name[256];      /* "<stdin>" or the path, for messages */
  char context[160];   /* appended to end-of-input errors, or "" */
  const char *unit;    /* with item and items: "(UNIT ITEM of ITEMS is incomplete)", or NULL */
  uint64_t item, items;
  int read_errno; /* the errno of a failed read (the input then ends there), or 0 */
};

static bool is_space(unsigned char c) {
  return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Moves the unread bytes to the front of buf and reads more, until at least `want` unread bytes
 * are there or the stream ends. Read errors count as end of input after reporting nothing: the
 * token scanners then say what was expected at that point. */
static void top_up(nb_reader *r, size_t want) {
  if (r->eof || r->len - r->pos >= want) return;
  size_t rest = r->len - r->pos;
  memmove(r->buf, r->buf + r->pos, rest);
  r->base += r->pos;
  r->pos = 0;
  r->len = rest;
  while (!r->eof && r->len - r->pos < want) {
    size_t got = fread(r->buf + r->len, 1, r->cap - r->len, r->fp);
    r->len += got;
    if (got == 0) {
      r->eof = true;
      if (ferror(r->fp)) r->read_errno = errno ? errno : EIO;
    }
  }
}

static nb_reader *reader_new(const char *name, nb_error *err) {
  nb_reader *r = nb_alloc(1, sizeof *r, err);
  if (r == NULL) return NULL;
  snprintf(r->name, sizeof r->name, "%s", name);
  r->line = 1;
  return r;
}

nb_status nb_reader_open(const char *path, nb_reader **out, nb_error *err) {
  bool use_stdin = path == NULL || strcmp(path, "-") == 0;
  nb_reader *r = reader_new(use_stdin ? "<stdin>" : path, err);
  if (r == NULL) return NB_EINTERNAL;
  r->fp = use_stdin ? stdin : fopen(path, "rb");
  if (r->fp == NULL) {
    int e = errno;
    free(r);
    return nb_fail(err, NB_EUSAGE, "%s: cannot open for reading: %s", path, strerror(e));
  }
  r->owns_fp = !use_stdin;
  r->cap = READ_CHUNK + LOOKAHEAD;
  r->buf = nb_alloc(r->cap, 1, err);
  if (r->buf == NULL) {
    nb_reader_close(r);
    return NB_EINTERNAL;
  }
  *out = r;
  return NB_OK;
}

nb_status nb_reader_open_mem(const char *name, const char *data, size_t len, nb_reader **out,
                             nb_error *err) {
  nb_reader *r = reader_new(name, err);
  if (r == NULL) return NB_EINTERNAL;
  r->mem = data;
  r->buf = (char *)data; /* never written: top_up returns at once because eof is set */
  r->len = len;
  r->eof = true;
  *out = r;
  return NB_OK;
}

void nb_reader_close(nb_reader *r) {
  if (r == NULL) return;
  if (r->owns_fp) fclose(r->fp);
  if (r->mem == NULL) free(r->buf);
  free(r);
}

void nb_reader_set_context(nb_reader *r, const char *context) {
  snprintf(r->context, sizeof r->context, "%s", context ? context : "");
  r->unit = NULL;
}

void nb_reader_set_item(nb_reader *r, const char *unit, uint64_t index, uint64_t total) {
  r->context[0] = '\0';
  r->unit = unit;
  r->item = index;
  r->items = total;
}

/* Skips white space, counting lines; afterwards buf[pos] is a token's first byte, or the input
 * is exhausted (pos == len). Guarantees the lookahead for the token. */
static void skip_space(nb_reader *r) {
  for (;;) {
    while (r->pos < r->len && is_space((unsigned char)r->buf[r->pos])) {
      if (r->buf[r->pos] == '\n') {
        r->line++;
        r->line_start = r->base + r->pos + 1;
      }
      r->pos++;
    }
    if (r->pos < r->len || r->eof) break;
    top_up(r, LOOKAHEAD);
  }
  top_up(r, LOOKAHEAD);
}

static uint64_t column_at(const nb_reader *r, size_t pos) {
  return r->base + pos - r->line_start + 1;
}

/* Quotes the token starting at buf[pos] for a message: at most SHOWN bytes, non-printable bytes
 * escaped, "..." when cut. */
static void quote_token(const nb_reader *r, size_t pos, char *q, size_t cap) {
  size_t k = 0, i = pos;
  while (i < r->len && !is_space((unsigned char)r->buf[i]) && i - pos < SHOWN && k + 5 < cap) {
    unsigned char c = (unsigned char)r->buf[i++];
    if (c >= 0x20 && c < 0x7f)
      q[k++] = (char)c;
    else
      k += (size_t)snprintf(q + k, cap - k, "\\x%02x", c);
  }
  if (i < r->len && !is_space((unsigned char)r->buf[i]) && k + 4 < cap) {
    memcpy(q + k, "...", 3);
    k += 3;
  }
  q[k] = '\0';
}

/* The error "expected WHAT" for the token at buf[pos], or for the end of input. */
static nb_status expected(nb_reader *r, size_t pos, const char *what, const char *note,
                          nb_error *err) {
  uint64_t col = column_at(r, pos);
  if (pos >= r->len && r->read_errno != 0)
    return nb_fail(err, NB_EDATA, "%s:%llu:%llu: cannot read further: %s", r->name,
                   (unsigned long long)r->line, (unsigned long long)col, strerror(r->read_errno));
  if (pos >= r->len) {
    if (r->unit != NULL)
      snprintf(r->context, sizeof r->context, "%s %llu of %llu is incomplete", r->unit,
               (unsigned long long)r->item, (unsigned long long)r->items);
    const char *ctx = r->context;
    return nb_fail(err, NB_EDATA, "%s:%llu:%llu: expected %s, found end of input%s%s%s", r->name,
                   (unsigned long long)r->line, (unsigned long long)col, what, ctx[0] ? " (" : "",
                   ctx, ctx[0] ? ")" : "");
  }
  char q[SHOWN * 4 + 8];
  quote_token(r, pos, q, sizeof q);
  return nb_fail(err, NB_EDATA, "%s:%llu:%llu: expected %s, found '%s'%s", r->name,
                 (unsigned long long)r->line, (unsigned long long)col, what, q, note ? note : "");
}

nb_status nb_read_u64(nb_reader *r, uint64_t lo, uint64_t hi, const char *what, uint64_t *out,
                      nb_error *err) {
  skip_space(r);
  size_t start = r->pos, i = start;
  const char *b = r->buf;
  while (i < r->len && b[i] == '0')
    i++;
  size_t first = i;
  uint64_t v = 0;
  while (i < r->len && (unsigned)(b[i] - '0') < 10u && i - first < 19)
    v = v * 10 + (uint64_t)(b[i++] - '0');
  bool overflow = false;
  if (i < r->len && (unsigned)(b[i] - '0') < 10u) { /* a 20th significant digit */
    uint64_t d = (uint64_t)(b[i++] - '0');
    overflow = v > (UINT64_MAX - d) / 10;
    v = v * 10 + d;
    while (i < r->len && (unsigned)(b[i] - '0') < 10u) {
      overflow = true;
      i++;
    }
  }
  bool ended = i >= r->len || is_space((unsigned char)b[i]);
  if (i == start || !ended) return expected(r, start, what, NULL, err);
  if (overflow) return expected(r, start, what, " (larger than 2^64-1)", err);
  if (v < lo || v > hi) return expected(r, start, what, NULL, err);
  r->pos = i;
  *out = v;
  return NB_OK;
}

nb_status nb_read_word(nb_reader *r, char *buf, size_t cap, const char *what, uint64_t *line,
                       uint64_t *col, nb_error *err) {
  skip_space(r);
  size_t start = r->pos, i = start;
  while (i < r->len && !is_space((unsigned char)r->buf[i]))
    i++;
  if (i == start || i - start >= cap || i - start >= LOOKAHEAD)
    return expected(r, start, what, NULL, err);
  memcpy(buf, r->buf + start, i - start);
  buf[i - start] = '\0';
  if (line != NULL) *line = r->line;
  if (col != NULL) *col = column_at(r, start);
  r->pos = i;
  return NB_OK;
}

bool nb_reader_at_end(nb_reader *r) {
  skip_space(r);
  return r->pos >= r->len;
}

nb_status nb_read_end(nb_reader *r, nb_error *err) {
  skip_space(r);
  if (r->pos < r->len || r->read_errno != 0) return expected(r, r->pos, "end of input", NULL, err);
  return NB_OK;
}

nb_status nb_reader_fail_at(nb_reader *r, uint64_t line, uint64_t col, nb_error *err,
                            const char *fmt, ...) {
  char text[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  return nb_fail(err, NB_EDATA, "%s:%llu:%llu: %s", r->name, (unsigned long long)line,
                 (unsigned long long)col, text);
}
