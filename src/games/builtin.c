/*
 * builtin.c: the game families nimber is built with, in the order `nimber games` lists them.
 *
 * Adding a family is its file in this folder and one line here; its aliases travel with it (the
 * `aliases` of its table). Registries start from this list (core/registry.c), and nb_game_open
 * opens specs among it without one.
 */
#include "division.h"
#include "heap.h"
#include "partizan.h"
#include "psub.h"
#include "tower.h"

extern const nb_family nb_snort_family; /* snort.c: the worked example of docs/ADDING_A_GAME.md */

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
};
/* clang-format on */

const nb_family *const *nb_builtin_families(size_t *count) {
  *count = sizeof builtin / sizeof builtin[0];
  return builtin;
}
