/*
 * text.c: strict conversions of command-line text, quoting text in messages, JSON strings, and
 * text built in memory (nb_text: the one string builder of the library and the command line) or
 * in a caller's buffer as snprintf fills one (nb_bounded_printf: the one bounded builder).
 *
 * Command-line values are whole arguments, so they are parsed whole: "12x", " 12", "+12" and
 * "-1" are all rejected rather than read as far as they make sense. Items of a list ("2,3") are
 * parsed in place, by length, so no item is ever copied into a buffer that could cut it.
 *
 * A message quotes what it refuses, and a quote never lies about it: a long text is cut after
 * NB_QUOTE_SHOWN bytes with "..." and its full length, and bytes outside printable ASCII are
 * written \xNN (and a backslash \x5c, so that every \ starts an escape), so a NUL cannot end
 * the text early nor a control byte reach the terminal.
 */
#include "base/base.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool nb_parse_u64_n(const char *text, size_t len, uint64_t *out) {
  uint64_t v = 0;
  if (len == 0) return false;
  for (size_t i = 0; i < len; i++)
    if (text[i] < '0' || text[i] > '9' || !nb_u64_push_digit(&v, (unsigned)(text[i] - '0')))
      return false;
  *out = v;
  return true;
}

size_t nb_digit_run(const char *text) {
  size_t n = 0;
  while (text[n] >= '0' && text[n] <= '9')
    n++;
  return n;
}

size_t nb_list_items(const char *text, size_t len) {
  size_t items = 1;
  for (size_t i = 0; i < len; i++)
    items += text[i] == ',';
  return items;
}

bool nb_parse_u64_list(const char *text, size_t len, uint64_t lo, uint64_t hi, uint64_t *out,
                       size_t cap, size_t *count, const char **bad, size_t *bad_len) {
  *count = 0;
  if (len == 0) return true;
  for (const char *p = text, *end = text + len;;) {
    const char *comma = memchr(p, ',', (size_t)(end - p));
    size_t n = (size_t)((comma ? comma : end) - p);
    uint64_t v = 0;
    if (!nb_parse_u64_n(p, n, &v) || v < lo || v > hi) {
      *bad = p, *bad_len = n;
      return false;
    }
    if (*count < cap) out[*count] = v;
    ++*count;
    if (comma == NULL) return true;
    p = comma + 1;
  }
}

bool nb_parse_u64(const char *text, uint64_t *out) {
  return nb_parse_u64_n(text, strlen(text), out);
}

const char *nb_quote(char buf[NB_QUOTE_CAP], const char *text, size_t len) {
  size_t k = 0, i = 0;
  buf[k++] = '\'';
  for (; i < len && k - 1 < NB_QUOTE_SHOWN; i++) { /* each byte read adds output: i < SHOWN */
    unsigned char c = (unsigned char)text[i];
    bool plain = c >= 0x20 && c < 0x7f && c != '\\'; /* a backslash is \x5c: unambiguous */
    if (k - 1 + (plain ? 1 : 4) > NB_QUOTE_SHOWN) break;
    if (plain)
      buf[k++] = (char)c;
    else
      k += (size_t)snprintf(buf + k, NB_QUOTE_CAP - k, "\\x%02x", c);
  }
  if (i < len) /* k <= 1 + NB_QUOTE_SHOWN, and the note adds at most 41 bytes with its NUL */
    k += (size_t)snprintf(buf + k, NB_QUOTE_CAP - k, "...' (%zu bytes in all)", len);
  else
    buf[k++] = '\'', buf[k] = '\0';
  NB_ASSERT(k < NB_QUOTE_CAP);
  return buf;
}

/* Edit distance between a and b[0..blen): insertions, deletions, substitutions and swaps of two
 * neighbours (the optimal string alignment distance, so "valeu" is one edit from "value"),
 * letters case folded, capped at 9 (names are short). */
unsigned nb_name_distance(const char *a, const char *b, size_t blen) {
  enum { MAXLEN = 32 };
  size_t alen = strlen(a);
  if (alen >= MAXLEN || blen >= MAXLEN) return 9;
  unsigned d[MAXLEN + 1][MAXLEN + 1];
  for (size_t i = 0; i <= alen; i++)
    d[i][0] = (unsigned)i;
  for (size_t j = 0; j <= blen; j++)
    d[0][j] = (unsigned)j;
  for (size_t i = 1; i <= alen; i++)
    for (size_t j = 1; j <= blen; j++) {
      unsigned cost = (a[i - 1] | 0x20) != (b[j - 1] | 0x20);
      unsigned best = d[i - 1][j - 1] + cost;
      if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && (a[i - 1] | 0x20) == (b[j - 2] | 0x20) &&
          (a[i - 2] | 0x20) == (b[j - 1] | 0x20) && d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  return d[alen][blen] < 9 ? d[alen][blen] : 9;
}

/* --- JSON strings ---------------------------------------------------------------------------- */

size_t nb_json_plain_run(const char *s) {
  size_t run = 0;
  while ((unsigned char)s[run] >= 0x20 && s[run] != '"' && s[run] != '\\')
    run++;
  return run;
}

const char *nb_json_escape(char buf[8], unsigned char c) {
  if (c == '"' || c == '\\')
    snprintf(buf, 8, "\\%c", c);
  else
    snprintf(buf, 8, "\\u%04x", c);
  return buf;
}

/* --- text in a caller's buffer --------------------------------------------------------------- */

void nb_bounded_printf(char *buf, size_t cap, int *total, const char *fmt, ...) {
  size_t room;
  char *at = nb_bounded_at(buf, cap, *total, &room);
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(at, room, fmt, ap);
  va_end(ap);
  if (n > 0) *total += n;
}

/* --- text built in memory -------------------------------------------------------------------- */

/* Makes room for `more` bytes and a NUL after t's text, within its limit: the capacity doubles,
 * but never past limit + 1, so a limit bounds the memory taken as well as the text. */
static nb_status text_reserve(nb_text *t, size_t more, nb_error *err) {
  if (t->limit != 0 && more > t->limit - t->len) {
    t->overflowed = true;
    return nb_fail(err, NB_EDATA, "the output would exceed %zu bytes, the most held in memory",
                   t->limit);
  }
  if (more < t->cap - t->len) return NB_OK; /* room for the bytes and the NUL */
  if (more > SIZE_MAX / 2 - t->len) return nb_fail(err, NB_EINTERNAL, "out of memory");
  size_t need = t->len + more + 1, want = t->cap ? t->cap : 256;
  while (want < need)
    want *= 2;
  if (t->limit != 0 && want > t->limit + 1) want = t->limit + 1;
  char *grown = nb_realloc(t->data, want, 1, err);
  if (grown == NULL) return NB_EINTERNAL;
  t->data = grown;
  t->cap = want;
  return NB_OK;
}

nb_status nb_text_add(nb_text *t, const char *bytes, size_t n, nb_error *err) {
  nb_status st = text_reserve(t, n, err);
  if (st != NB_OK) return st;
  memcpy(t->data + t->len, bytes, n);
  t->len += n;
  t->data[t->len] = '\0';
  return NB_OK;
}

nb_status nb_text_printf(nb_text *t, nb_error *err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  nb_status st = n < 0 ? nb_fail(err, NB_EINTERNAL, "cannot format the output")
                       : text_reserve(t, (size_t)n, err);
  if (st != NB_OK) return st;
  va_start(ap, fmt);
  vsnprintf(t->data + t->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  t->len += (size_t)n;
  return NB_OK;
}

nb_status nb_text_json_string(nb_text *t, const char *s, nb_error *err) {
  nb_status st = nb_text_add(t, "\"", 1, err);
  while (st == NB_OK && *s != '\0') {
    size_t run = nb_json_plain_run(s);
    char escape[8];
    st = run > 0 ? nb_text_add(t, s, run, err)
                 : nb_text_printf(t, err, "%s", nb_json_escape(escape, (unsigned char)*s));
    s += run > 0 ? run : 1;
  }
  return st == NB_OK ? nb_text_add(t, "\"", 1, err) : st;
}
