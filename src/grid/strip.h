/*
 * strip.h: one-row boards (strips) for the strip-game families (Toads and Frogs, Elephants and
 * Rhinos, Toppling Dominoes). Internal; the design is in strip.c.
 *
 * A strip is n cells in a row, each a small state of `bits` bits (1 to 4) whose meaning is the
 * family's. The grid layer's boards are at most 16 cells wide; a strip packs up to 120 / bits
 * cells (60 at two bits) into an nb_pos, its length beside them. The layer gives the codec, the
 * text (one character a cell, no '/'), and the reversal that strip games' symmetries use.
 */
#ifndef NB_GRID_STRIP_H
#define NB_GRID_STRIP_H

#include "grid/grid.h" /* nb_grid_game_create and its kin: strip games take no parameters either */
#include "internal.h"

enum {
  NB_STRIP_MAX = 120 /* most cells of a strip (one bit a cell); 120 / bits in general */
};

/* A strip: n cells of `bits` bits each. */
typedef struct nb_strip {
  unsigned n;                 /* cells, 0..120 / bits */
  unsigned bits;              /* bits per cell, 1..4 */
  uint8_t cell[NB_STRIP_MAX]; /* the states, cell[0] leftmost; cell[n..] are 0 */
} nb_strip;

/* The most cells a strip of `bits` bits a cell may have. */
static inline unsigned nb_strip_max(unsigned bits) {
  return NB_STRIP_MAX / bits;
}

/* The encoding of s (n <= nb_strip_max(bits), NB_ASSERTed): the length in hi bits 56..63, cell i
 * in the `bits` bits from bit i * bits of the 120 bits lo, hi[0..55]. */
nb_pos nb_strip_pack(const nb_strip *s);

/* The strip p encodes, at `bits` bits a cell. */
nb_strip nb_strip_unpack(nb_pos p, unsigned bits);

/* The strip's cells from..to-1 as a strip of their own. */
nb_strip nb_strip_slice(const nb_strip *s, unsigned from, unsigned to);

/* s read right to left. */
nb_strip nb_strip_reverse(const nb_strip *s);

/* Reads the strip `text` (command-line argument number arg): cell i is the index in `symbols`
 * of its character, mapped by map[] to the family's state. Errors are NB_EUSAGE naming the
 * argument and the column: an empty text ("expected " board), a character not in symbols
 * ("expected " expected), a strip longer than nb_strip_max(bits). */
nb_status nb_strip_parse(const char *text, size_t arg, const char *symbols, const uint8_t *map,
                         unsigned bits, const char *expected, const char *board, nb_strip *out,
                         nb_error *err);

/* Writes s, state k as symbols[k]; returns the length snprintf would. */
int nb_strip_format(const nb_strip *s, const char *symbols, char *buf, size_t cap);

#endif
