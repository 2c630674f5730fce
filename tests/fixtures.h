/*
 * fixtures.h: the small families the tests build their cases on, written once.
 *
 * Several tests need a family of their own, not a built-in one: to fail moves on purpose
 * (test_movefail.c), to split rows through the public contract alone (test_split.c), to run a
 * search out of memory (test_memory.c), to be refused by the registry (test_registry.c and the
 * plug-ins of tests/plugins/). Their games are few: Kayles on rows of pins, the subtraction game
 * {1, 2} on one heap, and a game without positions. Each hook here is the plain statement of its
 * rule, shared by every family made of it; a file keeps only what is its own (the fault it
 * injects, the bound it lies about, the message it is refused with).
 *
 * Public API only (nimber.h), so that the plug-ins, built as a user builds one, use it too. The
 * hooks are static inline: a file takes the ones it needs and the others cost nothing.
 */
#ifndef NB_TESTS_FIXTURES_H
#define NB_TESTS_FIXTURES_H

#include <nimber.h>

#include <stdio.h>
#include <stdlib.h>

/* --- any family ---------------------------------------------------------------------------- */

/* A game that is its family and nothing else (params are not read). */
static inline nb_status fixture_create(const char *params, nb_game **out, nb_error *err) {
  (void)params;
  *out = nb_alloc(1, sizeof **out, err);
  return *out ? NB_OK : NB_EINTERNAL;
}

static inline void fixture_destroy(nb_game *g) {
  free(g);
}

/* The spec of a game without parameters: its family's name. */
static inline int fixture_spec(const nb_game *g, char *buf, size_t cap) {
  return snprintf(buf, cap, "%s", g->family->name);
}

/* A component that is one number (a row, a heap) in lo, written in decimal. */
static inline int fixture_format_number(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "%llu", (unsigned long long)p.lo);
}

/* --- a game without positions: no move anywhere ------------------------------------------- */

static inline size_t fixture_no_bound(const nb_game *g, nb_pos p) {
  (void)g, (void)p;
  return 0;
}

static inline nb_status fixture_no_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                                         nb_error *err) {
  (void)g, (void)p, (void)who, (void)out, (void)err;
  return NB_OK;
}

/* --- the subtraction game {1, 2}: take one or two from a heap (lo), tagged by the amount --- */

/* The exact number of moves: min(heap, 2). */
static inline size_t fixture_take12_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return p.lo < 2 ? (size_t)p.lo : 2;
}

static inline nb_status fixture_take12_moves(const nb_game *g, nb_pos p, nb_player who,
                                             nb_moves *out, nb_error *err) {
  (void)g, (void)who, (void)err;
  for (uint64_t take = 1; take <= 2 && take <= p.lo; take++)
    nb_moves_add1(out, (uint32_t)take, (nb_pos){p.lo - take, 0});
  return NB_OK;
}

/* "-2": the amount taken. */
static inline int fixture_take12_describe(const nb_game *g, nb_pos from, const nb_move *m,
                                          const nb_pos *parts, char *buf, size_t cap) {
  (void)g, (void)from, (void)parts;
  return snprintf(buf, cap, "-%u", (unsigned)m->tag);
}

/* --- Kayles: rows of pins (lo); knock down one pin or two adjacent ones --------------------- */

/* Knocking k pins down can start at any of the n - k + 1 places, each a move for each k. */
static inline size_t fixture_kayles_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return 2 * (size_t)p.lo;
}

/* The definition: knock down k = 1 or 2 adjacent pins starting at pin i (0-based), tagged
 * 2i + k - 1; the rows on either side remain, each a component if it is not empty. Partizan
 * families: Left knocks down one pin, Right two. A family whose moves never split (max_parts
 * 1) plays from the row's end only (i = 0). */
static inline nb_status fixture_kayles_moves(const nb_game *g, nb_pos p, nb_player who,
                                             nb_moves *out, nb_error *err) {
  (void)err;
  uint64_t n = p.lo;
  bool splits = g->family->max_parts > 1;
  for (uint64_t k = 1; k <= 2; k++) {
    if (g->family->partizan && k != (who == NB_LEFT ? 1u : 2u)) continue;
    for (uint64_t i = 0; i + k <= n && (splits || i == 0); i++) {
      nb_pos parts[2];
      uint32_t count = 0;
      if (i > 0) parts[count++] = (nb_pos){i, 0};
      if (n - i - k > 0) parts[count++] = (nb_pos){n - i - k, 0};
      nb_moves_add(out, (uint32_t)(2 * i + k - 1), parts, count);
    }
  }
  return NB_OK;
}

/* Rows of at least one pin ("0" is then the empty sum, read by the core). */
static inline nb_status fixture_kayles_parse(const nb_game *g, const char *const *tokens,
                                             size_t count, size_t first_arg, nb_pos *out, size_t *n,
                                             size_t cap, nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    uint64_t v;
    if (!nb_parse_u64(tokens[i], &v) || v == 0)
      return nb_fail(err, NB_EUSAGE, "argument %zu: expected a row of pins", first_arg + i);
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many rows");
    out[(*n)++] = (nb_pos){v, 0};
  }
  return NB_OK;
}

/* "2@3": knock down 2 pins from pin 3 (1-based). */
static inline int fixture_kayles_describe(const nb_game *g, nb_pos from, const nb_move *m,
                                          const nb_pos *parts, char *buf, size_t cap) {
  (void)g, (void)from, (void)parts;
  return snprintf(buf, cap, "%u@%u", m->tag % 2 + 1, m->tag / 2 + 1);
}

#endif
