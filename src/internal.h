/*
 * internal.h: what core exports to the layers above it (heap, games, theory, contest, cli) and
 * users of nimber.h never see, above the base utilities it includes (base/base.h: allocation and
 * its failure hook, assertions, quoting, the text builder): specs, the searches' memory bound,
 * the solver's limits, store and canonical values of components, registry construction. What
 * core's own files share and no other layer needs is in src/core/core.h; each layer above keeps
 * its own internal headers beside its code (heap/heapengine.h, the games' headers, grid/grid.h,
 * theory/theory.h, contest/contest.h, cli/cli.h).
 */
#ifndef NB_INTERNAL_H
#define NB_INTERNAL_H

#include "base/base.h"

/* nb_value_json appending to out instead of allocating a string (`table` writes millions). */
nb_status nb_value_json_add(const nb_game *g, const nb_value *v, nb_text *out, nb_error *err);

/* The canonical spec of g ("div:2,3") in a new string of its true length, or NULL (err filled)
 * when out of memory. The caller frees it. */
char *nb_game_spec_new(const nb_game *g, nb_error *err);

/* The canonical spec of g quoted for a message (nb_quote: cut visibly when long); returns buf.
 * Allocates nothing, for error paths. */
const char *nb_game_spec_quote(const nb_game *g, char buf[NB_QUOTE_CAP]);

/* The memory of one search (memory.c): the bytes its growing tables hold, against
 * nb_limits.memory. Starts with held = 0 (or the bytes of the tables made with the search,
 * charged through nb_memory_grew). */
typedef struct nb_memory {
  size_t held;      /* bytes its tables hold: the sum of their capacities */
  size_t limit;     /* the most they may hold (nb_limits.memory) */
  const char *what; /* what the tables belong to, for the message: "exhaustive search" */
  bool full;        /* a growth was refused: the search should give its memo back (below) */
} nb_memory;

/* NB_OK when m's tables may hold count items of size bytes more than they hold now (a hash
 * table being rehashed: its new size, as the old block exists while it is copied); otherwise
 * NB_EDATA, from nb_memory_refuse. Nothing is charged: after allocating, nb_memory_grew. */
nb_status nb_memory_check(nb_memory *m, size_t count, size_t size, nb_error *err);

/* Charges a table of m that grew (or was made: old_bytes 0) from old_bytes to new_bytes. */
void nb_memory_grew(nb_memory *m, size_t old_bytes, size_t new_bytes);

/* NB_EDATA: "position too large for WHAT (its tables would take more than the memory limit of
 * 2 GiB; --memory SIZE raises it)", and m->full set. A search whose tables are full cannot
 * memoise anything new, so once the refused call is over it forgets its memo (the searches
 * are caches) and clears m->full: a solver stays usable after the refusal. */
nb_status nb_memory_refuse(nb_memory *m, nb_error *err);

/* nb_grow for an array of m's tables: the new capacity (doubled, at least `first`) is charged
 * to m, in place of the old, before anything is allocated; where the doubling would pass the
 * limit the array grows only as far as the limit allows, and when even len + more items do not
 * fit, NB_EDATA (nb_memory_refuse) and nothing changes. */
nb_status nb_grow_within_slow(nb_memory *m, void **arr, size_t *cap, size_t len, size_t more,
                              size_t size, size_t first, nb_error *err);
static inline nb_status nb_grow_within(nb_memory *m, void **arr, size_t *cap, size_t len,
                                       size_t more, size_t size, size_t first, nb_error *err) {
  /* the common case, room already made, inline: the searches ask at every position (a call
   * each was 2% of a Kayles sum search's instructions). A table is made on the first call even
   * when no room is asked (*cap 0): callers point into it (a position without moves gets an
   * empty list at arr + len), and a null pointer plus 0 is undefined behaviour */
  if (*cap != 0 && more <= *cap && len <= *cap - more) return NB_OK;
  return nb_grow_within_slow(m, arr, cap, len, more, size, first, err);
}

/* A size in bytes as a message writes it: "2 GiB" when a whole number of KiB, MiB, ..., else
 * "1000 bytes"; returns buf. */
const char *nb_bytes_text(char buf[32], size_t bytes);

/* The solver's limits (as given to nb_solver_new, or the defaults). */
const nb_limits *nb_solver_limits(const nb_solver *s);

/* The solver's store of canonical forms, made on first call (capped at limits.game_store). */
nb_status nb_solver_store(nb_solver *s, nb_cg_store **out, nb_error *err);

/* The canonical value of one component of a partizan game, in the solver's store: from the
 * family's `canonical` hook where it knows it, else from the solver's value search (canon.c). */
nb_status nb_solver_canonical(nb_solver *s, nb_pos p, nb_cg *out, nb_error *err);

/* The misère search (core/misere.c): misère Grundy values of sums of a game's components with
 * nim heaps *2 beside them, tameness and genus, from the family's moves (and its misère hook,
 * nb_impartial_facet.misere, where it has one). normal is the component search giving the
 * normal Grundy values, cache the family's (both borrowed). */
typedef struct nb_misere nb_misere;
nb_status nb_misere_new(const nb_game *g, const nb_limits *limits, nb_search *normal, void *cache,
                        nb_misere **out, nb_error *err);
void nb_misere_free(nb_misere *m);

/* What the misère search knows of one component. */
typedef struct nb_misere_info {
  uint64_t g;  /* normal Grundy value */
  uint64_t g0; /* misère Grundy value: 0 iff the player to move loses in misère play */
  bool tame;   /* hereditarily tame (fickle or firm, and so is every part of every option) */
} nb_misere_info;

nb_status nb_misere_component(nb_misere *m, nb_pos p, nb_misere_info *out, nb_error *err);

/* The misère Grundy value of comps[0..n) plus `twos` heaps *2 (by the tame rule when every
 * component is tame, *tame then true; else by search). */
nb_status nb_misere_grundy(nb_misere *m, const nb_pos *comps, size_t n, uint32_t twos,
                           uint64_t *out, bool *tame, nb_error *err);

/* The genus of component p (NB_EDATA when it has not settled within NB_GENUS_MAX terms). */
nb_status nb_misere_genus(nb_misere *m, nb_pos p, nb_genus *out, nb_error *err);

/* One object a value theory keeps in the solver (the misère theory's quotient of small heaps):
 * data, freed with the solver by destroy(data) when destroy is set. Empty in a new solver. */
typedef struct nb_theory_slot {
  void *data;                 /* the theory's object, or NULL */
  void (*destroy)(void *data); /* frees it, or NULL */
} nb_theory_slot;

/* The solver's slot for its theory (never NULL; owned by the solver). */
nb_theory_slot *nb_solver_theory_slot(nb_solver *s);

/* The solver's misère search, made on first call (over the solver's component search). */
nb_status nb_solver_misere(nb_solver *s, nb_misere **out, nb_error *err);

/* A game from a spec among a fixed list of families (what nb_registry_open and nb_game_open
 * share: no registry object needed for the built-in list). */
nb_status nb_game_open_among(const nb_family *const *families, size_t count, const char *spec,
                             nb_play play, nb_game **out, nb_error *err);

/* A game's store of large positions (core/positions.c; nimber.h, "Positions of any size"): made
 * empty (bounded at 2 GiB) by the registry when it opens a game, freed with the game (NULL is
 * allowed). nb_pos_store_limit sets the bound of g's store (nb_solver_new: limits.memory); a
 * bound below what the store holds refuses every new position. */
nb_status nb_pos_store_new(nb_pos_store **out, nb_error *err);
void nb_pos_store_free(nb_pos_store *s);
void nb_pos_store_limit(const nb_game *g, size_t bytes);

/* The memory bound of g: nb_limits.memory of its last solver (nb_solver_new sets it, as the
 * bound of the store above), 2 GiB before any solver or for a game made without a store. A
 * family's cache bounds its own engines by it (the heap sequence engine, psub's period engine),
 * so that --memory bounds every table a command grows. */
size_t nb_game_memory(const nb_game *g);

/* A registry with no family yet (core/registry.c), for the layer above that knows the built-in
 * list (src/games/builtin.c: nb_registry_new) to fill with nb_registry_add. */
nb_status nb_registry_new_empty(nb_registry **out, nb_error *err);

/* The way in of a family whose parameters name another game (impartial:GAME): makes its game
 * from params as the family's create does, but opens the game they name in r (nb_registry_open),
 * so that a plug-in's family can be named. */
typedef nb_status (*nb_create_in)(const nb_registry *r, const char *params, nb_game **out,
                                  nb_error *err);

/* nb_registry_add, and games of f opened in r are made by create (with r) instead of f->create;
 * opened among a bare list (nb_game_open), f->create makes them. */
nb_status nb_registry_add_nesting(nb_registry *r, const nb_family *f, nb_create_in create,
                                  nb_error *err);

#endif
