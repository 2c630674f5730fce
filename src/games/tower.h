/*
 * tower.h: what the contest layer, the build tool and the tests use of the tower game beyond
 * the family contract. Internal.
 */
#ifndef NB_GAMES_TOWER_H
#define NB_GAMES_TOWER_H

#include "internal.h"

/* ---------------------------------------------------------------------------------------------
 * Tower game (tower, alias gurdurr): the seed Gurdurr. Rules and proofs in src/games/tower.c.
 * ------------------------------------------------------------------------------------------- */

extern const nb_family nb_tower_family;

enum {
  NB_TOWER_MAX_LAYERS = 42,   /* most layers in a tower (an nb_pos holds 42 3-bit layer codes) */
  NB_TOWER_MAX_RUN = 24,      /* longest run the fast evaluator values (tables: 64 MiB at 24) */
  NB_TOWER_COMPILED_RUN = 20, /* runs up to this long: from the table generated at build time */
};

/* Layer codes, as stored in a tower's nb_pos and passed to nb_tower_grundy_layers. */
typedef enum nb_tower_layer {
  NB_LAYER_III = 1,       /* III */
  NB_LAYER_II_DOT = 2,    /* II. */
  NB_LAYER_DOT_II = 3,    /* .II */
  NB_LAYER_I_DOT_I = 4,   /* I.I */
  NB_LAYER_DOT_I_DOT = 5, /* .I. */
} nb_tower_layer;

/* The code of a layer written as text ("III"...), or 0 if text is not one of the five. */
int nb_tower_layer_parse(const char *text);

/* The text of a layer code 1..5 ("?" for anything else). */
const char *nb_tower_layer_text(int code);

/* Values of runs (maximal blocks of III, II. and .II layers with no .I. next to them): runs of
 * up to NB_TOWER_COMPILED_RUN layers from the table compiled into the library, longer ones built
 * lazily by length. A cache object: not thread-safe; a solver of the tower game owns one (the
 * family's cache), and so does the contest solver. */
typedef struct nb_tower_table nb_tower_table;

nb_status nb_tower_table_new(nb_tower_table **out, nb_error *err);
void nb_tower_table_free(nb_tower_table *t); /* NULL is allowed */

/* A table that ignores the compiled values and builds every length at run time, from the rules'
 * recurrence: how the build makes the compiled table (tools/gen_tower_table.c), and what the
 * tests check it against. Slower to fill: about 40 ms for all lengths up to 20. */
nb_status nb_tower_table_new_uncompiled(nb_tower_table **out, nb_error *err);

/* Makes runs of every length up to len available; len > NB_TOWER_MAX_RUN is NB_EDATA (refused
 * before allocating), and so are tables that would pass the table's memory bound (the family's
 * cache takes the game's, --memory; the tables made here have none). Free up to
 * NB_TOWER_COMPILED_RUN, unless the table is uncompiled; building all lengths up to
 * L > NB_TOWER_COMPILED_RUN takes about 2^(L+2) bytes. */
nb_status nb_tower_table_reserve(nb_tower_table *t, size_t len, nb_error *err);

/* Grundy value of the run of length len (already reserved) whose layer j from the top is III iff
 * bit j of mask is set (the others are II. or .II). */
unsigned nb_tower_run_grundy(const nb_tower_table *t, size_t len, uint32_t mask);

/* Grundy value of a stable tower of n (at most NB_TOWER_MAX_LAYERS) layer codes (top first), by
 * the run decomposition. A run longer than NB_TOWER_MAX_RUN is NB_EDATA, and *bad_run (if not
 * NULL) receives the index of its first layer (a refusal at the memory bound leaves it as it
 * was). */
nb_status nb_tower_grundy_layers(nb_tower_table *t, const uint8_t *layers, size_t n,
                                 size_t *bad_run, uint64_t *out, nb_error *err);

#endif
