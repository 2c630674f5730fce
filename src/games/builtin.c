/*
 * builtin.c: the game families nimber is built with, in the order `nimber games` lists them, and
 * the two ways in to them: registries that start with them and specs opened among them.
 *
 * Adding a family is its file in this folder and one line here; its aliases travel with it (the
 * `aliases` of its table). Core knows no family: it makes empty registries and checks each family
 * added (core/registry.c); this file, above it, is the one place that names them all, so
 * nb_registry_new fills an empty registry from this list and nb_game_open opens specs among it
 * without a registry.
 */
#include "division.h"
#include "heaps.h"
#include "partizan.h"
#include "psub.h"
#include "tower.h"

#include <stdlib.h>

extern const nb_family nb_snort_family;   /* snort.c: the worked example of docs/ADDING_A_GAME.md */
extern const nb_family nb_clobber_family; /* clobber.c: boards past 128 bits, in the store */
extern const nb_family nb_snort_family; /* snort.c: the worked example of docs/ADDING_A_GAME.md */
extern const nb_family nb_cram_family;  /* cram.c */
extern const nb_family nb_col_family;   /* snort.c: Snort with one rule changed */
extern const nb_family nb_nogo_family;  /* nogo.c */
extern const nb_family nb_toads_family; /* toads.c */
extern const nb_family nb_elephants_family; /* toads.c, without jumps */
extern const nb_family nb_toppling_family;  /* toppling.c */
extern const nb_family nb_hackenbush_family; /* hackenbush.c */
extern const nb_family nb_konane_family;     /* konane.c */
extern const nb_family nb_amazons_family;    /* amazons.c */
extern const nb_family nb_impartial_family; /* impartial.c: impartial:GAME */
/* impartial.c: impartial:GAME with GAME opened in the registry, plug-ins included */
nb_status nb_impartial_create_in(const nb_registry *r, const char *params, nb_game **out,
                                 nb_error *err);

/* One family a line, so that adding one is one line. */
/* clang-format off */
static const nb_family *const builtin[] = {
    &nb_division_family,
    &nb_psub_family,
    &nb_tower_family,
    &nb_nim_family,
    &nb_sub_family,
    &nb_oct_family,
    &nb_hex_family,
    &nb_grundy_family,
    &nb_cg_family,
    &nb_domineering_family,
    &nb_snort_family,
    &nb_clobber_family,
    &nb_cram_family,
    &nb_col_family,
    &nb_nogo_family,
    &nb_toads_family,
    &nb_elephants_family,
    &nb_toppling_family,
    &nb_hackenbush_family,
    &nb_konane_family,
    &nb_amazons_family,
    &nb_impartial_family,
};
/* clang-format on */

enum { BUILTIN_COUNT = sizeof builtin / sizeof builtin[0] };

/* How a registry makes a family's games where their parameters name another game, opened in
 * the same registry; NULL for the families made by their create alone. */
static nb_create_in create_in(const nb_family *f) {
  return f == &nb_impartial_family ? nb_impartial_create_in : NULL;
}

nb_status nb_registry_new(nb_registry **out, nb_error *err) {
  nb_registry *r;
  nb_status st = nb_registry_new_empty(&r, err);
  for (size_t i = 0; i < BUILTIN_COUNT && st == NB_OK; i++) {
    nb_create_in nested = create_in(builtin[i]);
    st = nested != NULL ? nb_registry_add_nesting(r, builtin[i], nested, err)
                        : nb_registry_add(r, builtin[i], err);
  }
  if (st != NB_OK) {
    nb_registry_free(r);
    return st;
  }
  *out = r;
  return NB_OK;
}

nb_status nb_game_open(const char *spec, nb_game **out, nb_error *err) {
  return nb_game_open_play(spec, NB_PLAY_NORMAL, out, err);
}

nb_status nb_game_open_play(const char *spec, nb_play play, nb_game **out, nb_error *err) {
  return nb_game_open_among(builtin, BUILTIN_COUNT, spec, play, out, err);
}
