/*
 * board_memo.h: the memo of the board searches of single boards (amazons_board.c, nogo_board.c):
 * positions of up to 60 cells keyed by their two bits a cell, the least of the board's
 * symmetries, with who wins for the mover. Internal.
 *
 * The key is the whole board (120 bits and, up to 56 cells, the shape), not a hash of it: no
 * collision can change an answer. A family writes its cells as four states (0..3) with the
 * mover's colour folded in its own way (both families: a position with Right to move keyed as
 * the colours-exchanged board with Left to move, the same game negated, so the same answer for
 * the mover) and hands them to nb_board_key in board order.
 *
 * Bounds: the table grows within the family's nb_memory (--memory), 16 bytes a position,
 * doubled as it fills to half; a growth past the limit is NB_EDATA naming --memory (the caller
 * forgets the memo after it: nb_board_memo_forget, so the solver stays usable).
 */
#ifndef NB_GAMES_BOARD_MEMO_H
#define NB_GAMES_BOARD_MEMO_H

#include "internal.h"

enum { NB_BOARD_CELLS = 60 }; /* the most cells of a keyed board: two bits a cell in 120 */

/* A memoised position: its key in lo and hi's low 56 bits; hi's bit 63 marks the slot used,
 * bit 62 says the mover wins, and bits 56..61 hold nb_board_memo_keep's work class. */
typedef struct nb_board_entry {
  uint64_t lo, hi;
} nb_board_entry;

typedef struct nb_board_memo {
  nb_board_entry *table; /* open addressing, linear probing; capacity a power of two */
  size_t capacity;       /* slots */
  size_t used;           /* slots in use */
  unsigned wide;         /* the shape ((h - 1) << 4 | (w - 1), + 1) of the boards in the memo
                          * that have more than 56 cells, whose keys have no room for it; 0: none */
  nb_memory mem;         /* the table's bytes (and the caller's arenas) within the limit */
  /* nb_board_memo_keep only: once the table has its largest size (a quarter of mem.limit), new
   * positions replace old ones (evicted counts them) instead of refusing */
  uint64_t evicted;
} nb_board_memo;

/* A board's shape as the key sees it: its symmetries that keep the shape (the eight of the
 * square on square boards, four on others). */
typedef struct nb_board_syms {
  unsigned h, w, n, nsym;
  uint64_t shape;                  /* in the key's bits 48..55 where the cells leave room */
  uint8_t dest[8][NB_BOARD_CELLS]; /* where symmetry k takes board cell i (r * w + c) */
} nb_board_syms;

/* Frees the table (not m itself). */
void nb_board_memo_free(nb_board_memo *m);

/* Forgets every position (after a refusal: the memo is a cache), keeping the table's room. */
void nb_board_memo_forget(nb_board_memo *m);

/* Memoises key (lo, hi) with whether the mover wins, the memo as a bounded cache: the table grows
 * (doubling) while its new size stays within a quarter of mem.limit (so that the old and the new
 * table together, while it is rehashed, stay under three quarters of it; 1024 slots at the
 * least), then is filled to three quarters, and past that a new position replaces, of the first
 * four positions on its probe path, the one whose search took the least work (work: the log2 of
 * the positions the caller's search expanded under it, 0..63), counted in m->evicted. Refuses
 * (NB_EDATA naming --memory) only where the limit has no room for its first table (1024 slots,
 * 16 KiB); NB_EINTERNAL where an allocation within the limit fails. Its entries are
 * answers (who wins), so forgetting any of them never changes an answer, only the work. */
nb_status nb_board_memo_keep(nb_board_memo *m, uint64_t lo, uint64_t hi, bool wins, unsigned work,
                             nb_error *err);

/* The most slots nb_board_memo_keep's table takes within m's limit (a power of two). */
size_t nb_board_memo_keep_capacity(const nb_board_memo *m);

/* Sets s up for h x w boards; forgets m's positions where their keys could be confused with
 * this shape's (boards of more than 56 cells). */
void nb_board_syms_setup(nb_board_syms *s, nb_board_memo *m, unsigned h, unsigned w);

/* The key of the board whose cells, in board order, are state[0..n) (each 0..3): the least
 * (hi, then lo) of its symmetries' packings. */
void nb_board_key(const nb_board_syms *s, const uint8_t *state, uint64_t *lo, uint64_t *hi);

/* Whether key (lo, hi) is memoised, and then whether the mover wins in *wins. */
bool nb_board_memo_find(const nb_board_memo *m, uint64_t lo, uint64_t hi, bool *wins);

/* Memoises key (lo, hi) with whether the mover wins; NB_EDATA past the memory limit. */
nb_status nb_board_memo_add(nb_board_memo *m, uint64_t lo, uint64_t hi, bool wins, nb_error *err);

#endif
