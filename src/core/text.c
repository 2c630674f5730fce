/*
 * text.c: strict conversions of command-line text.
 *
 * Command-line values are whole arguments, so they are parsed whole: "12x", " 12", "+12" and
 * "-1" are all rejected rather than read as far as they make sense.
 */
#include "internal.h"

bool nb_parse_u64(const char *text, uint64_t *out) {
  uint64_t v = 0;
  if (*text == '\0') return false;
  for (const char *c = text; *c != '\0'; c++) {
    if (*c < '0' || *c > '9') return false;
    uint64_t d = (uint64_t)(*c - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}
