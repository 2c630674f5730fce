/*
 * text.c: strict conversions of command-line text, and quoting text in messages.
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
#include "internal.h"

#include <stdio.h>
#include <string.h>

bool nb_parse_u64_n(const char *text, size_t len, uint64_t *out) {
  uint64_t v = 0;
  if (len == 0) return false;
  for (size_t i = 0; i < len; i++) {
    if (text[i] < '0' || text[i] > '9') return false;
    uint64_t d = (uint64_t)(text[i] - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
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
