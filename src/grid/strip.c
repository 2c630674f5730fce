/*
 * strip.c: one-row boards, shared by the strip-game families (strip.h lists what it gives).
 *
 * Why not the grid. A grid board is at most 16 cells wide (4 bits of the encoding name its
 * width), and the strip games are studied on rows of 20 to 40 cells. A strip spends 8 bits on
 * its length and the other 120 on its cells, so a strip of two bits a cell holds 60 cells. The
 * grid's codec is untouched: a strip is a different encoding that only the strip families read.
 *
 * Normal forms are the families' (a strip game may have a reversal that keeps its value, as
 * Toppling Dominoes, or one that negates it, as Toads and Frogs with the colours exchanged):
 * the layer gives the reversal and a slice, the families choose.
 */
#include "grid/strip.h"

#include <stdio.h>
#include <string.h>

nb_pos nb_strip_pack(const nb_strip *s) {
  NB_ASSERT(s->n <= nb_strip_max(s->bits));
  nb_pos p = {0, (uint64_t)s->n << 56};
  for (unsigned i = 0; i < s->n; i++) {
    unsigned at = i * s->bits;
    uint64_t v = s->cell[i];
    if (at < 64) {
      p.lo |= v << at;
      if (at + s->bits > 64) p.hi |= v >> (64 - at);
    } else {
      p.hi |= v << (at - 64);
    }
  }
  return p;
}

nb_strip nb_strip_unpack(nb_pos p, unsigned bits) {
  nb_strip s;
  memset(&s, 0, sizeof s);
  s.n = (unsigned)(p.hi >> 56);
  s.bits = bits;
  uint64_t mask = ((uint64_t)1 << bits) - 1;
  for (unsigned i = 0; i < s.n && i < NB_STRIP_MAX; i++) {
    unsigned at = i * bits;
    uint64_t v = at < 64 ? p.lo >> at : p.hi >> (at - 64);
    if (at < 64 && at + bits > 64) v |= p.hi << (64 - at);
    s.cell[i] = (uint8_t)(v & mask);
  }
  return s;
}

nb_strip nb_strip_slice(const nb_strip *s, unsigned from, unsigned to) {
  nb_strip out;
  memset(&out, 0, sizeof out);
  out.bits = s->bits;
  out.n = to - from;
  memcpy(out.cell, s->cell + from, out.n);
  return out;
}

nb_strip nb_strip_reverse(const nb_strip *s) {
  nb_strip out = *s;
  for (unsigned i = 0; i < s->n; i++)
    out.cell[i] = s->cell[s->n - 1 - i];
  return out;
}

nb_status nb_strip_parse(const char *text, size_t arg, const char *symbols, const uint8_t *map,
                         unsigned bits, const char *expected, const char *board, nb_strip *out,
                         nb_error *err) {
  char quoted[NB_QUOTE_CAP];
  size_t len = strlen(text);
  if (len == 0) return nb_fail(err, NB_EUSAGE, "argument %zu: expected %s", arg, board);
  for (size_t i = 0; i < len; i++)
    if (strchr(symbols, text[i]) == NULL)
      return nb_fail(err, NB_EUSAGE, "argument %zu: column %zu: expected %s, found %s", arg, i + 1,
                     expected, nb_quote(quoted, text + i, 1));
  if (len > nb_strip_max(bits))
    return nb_fail(err, NB_EUSAGE,
                   "argument %zu: column %u: the strip is too long (at most %u "
                   "cells)",
                   arg, nb_strip_max(bits) + 1, nb_strip_max(bits));
  memset(out, 0, sizeof *out);
  out->n = (unsigned)len;
  out->bits = bits;
  for (size_t i = 0; i < len; i++)
    out->cell[i] = map[strchr(symbols, text[i]) - symbols];
  return NB_OK;
}

int nb_strip_format(const nb_strip *s, const char *symbols, char *buf, size_t cap) {
  char text[NB_STRIP_MAX + 1];
  for (unsigned i = 0; i < s->n; i++)
    text[i] = symbols[s->cell[i]];
  text[s->n] = '\0';
  return snprintf(buf, cap, "%s", text);
}
