/*
 * solver.c: the solver, one game's context object for valuing positions.
 *
 * Everything that grows while positions of a game are valued lives here, not in the game: the
 * exhaustive component search, the sum search, and the family's own cache (a period engine,
 * run tables), which the family makes through its optional cache_new hook and reads in its
 * evaluators. A game is then immutable after nb_game_open (no cast-away const: two
 * solvers may value one game side by side), and whoever values positions owns, and frees, what
 * the valuing costs. The exception is the game's store of large positions (positions.c), which
 * a family that interns grows from its moves: such a game and its solvers stay in one thread.
 * Making a solver bounds that store by its limits.memory (written only when it changes).
 *
 * Each part is made on first use, so a solver for a family with a fast evaluator costs nothing
 * until a search is needed. The sum search asks the solver's component search about
 * one-component sums, so the two share one memo of components.
 *
 * Partizan games also get a game store (src/cgt: canonical forms, hash-consed, capped at
 * limits.game_store bytes, or limits.memory where smaller) and the value search over it
 * (canon.c), which memoises the canonical value of every component it meets. Values of kind
 * NB_VALUE_CANONICAL point into the store, so they stay valid exactly as long as the solver.
 */
#include "core/canon.h"

#include <stdlib.h>

struct nb_solver {
  const nb_game *game;         /* the game valued (not owned) */
  nb_limits limits;            /* caps of both searches */
  nb_search *search;           /* the component search, or NULL until first needed */
  nb_sum_search *sums;         /* the sum search, or NULL until first needed */
  nb_outcome_search *outcomes; /* the outcome search, or NULL until first needed */
  void *cache;                 /* the family's cache, or NULL (not made yet, or none) */
  bool cache_made;       /* cache_new has run (cache may still be NULL: a family without one) */
  nb_cg_store *store;    /* canonical forms of partizan values, or NULL until first needed */
  nb_canon *canon;       /* the value search over store, or NULL until first needed */
  nb_misere *misere;     /* misère Grundy values and genus, or NULL until first needed */
  nb_theory_slot theory; /* one object of the game's value theory (a misère quotient), or empty */
};

nb_status nb_solver_new(const nb_game *g, const nb_limits *limits, nb_solver **out, nb_error *err) {
  nb_solver *s = nb_alloc(1, sizeof *s, err);
  if (s == NULL) return NB_EINTERNAL;
  s->game = g;
  s->limits = limits ? *limits : nb_limits_default();
  nb_pos_store_limit(g, s->limits.memory); /* the game's large positions, bounded as its searches */
  *out = s;
  return NB_OK;
}

void nb_solver_free(nb_solver *s) {
  if (s == NULL) return;
  nb_sum_search_free(s->sums);
  nb_outcome_search_free(s->outcomes);
  nb_misere_free(s->misere);
  if (s->theory.destroy != NULL) s->theory.destroy(s->theory.data);
  nb_search_free(s->search);
  nb_canon_free(s->canon);
  nb_cg_store_free(s->store);
  if (s->cache != NULL) s->game->family->cache->destroy(s->cache);
  free(s);
}

const nb_game *nb_solver_game(const nb_solver *s) {
  return s->game;
}

const nb_limits *nb_solver_limits(const nb_solver *s) {
  return &s->limits;
}

nb_status nb_solver_cache(nb_solver *s, void **out, nb_error *err) {
  const nb_family *fam = s->game->family;
  if (!s->cache_made && fam->cache != NULL) {
    nb_status st = fam->cache->create(s->game, &s->cache, err);
    if (st != NB_OK) return st;
  }
  s->cache_made = true;
  *out = s->cache;
  return NB_OK;
}

nb_status nb_solver_search(nb_solver *s, nb_search **out, nb_error *err) {
  if (s->search == NULL) {
    nb_status st = nb_search_new(s->game, &s->limits, &s->search, err);
    if (st != NB_OK) return st;
  }
  *out = s->search;
  return NB_OK;
}

nb_status nb_solver_sum_search(nb_solver *s, nb_sum_search **out, nb_error *err) {
  if (s->sums == NULL) {
    nb_search *components;
    nb_status st = nb_solver_search(s, &components, err);
    if (st == NB_OK) st = nb_sum_search_new(s->game, &s->limits, components, &s->sums, err);
    if (st != NB_OK) return st;
  }
  *out = s->sums;
  return NB_OK;
}

nb_status nb_solver_outcome_search(nb_solver *s, nb_outcome_search **out, nb_error *err) {
  if (s->outcomes == NULL) {
    nb_status st = nb_outcome_search_new(s->game, &s->limits, &s->outcomes, err);
    if (st != NB_OK) return st;
  }
  *out = s->outcomes;
  return NB_OK;
}

nb_theory_slot *nb_solver_theory_slot(nb_solver *s) {
  return &s->theory;
}

nb_status nb_solver_misere(nb_solver *s, nb_misere **out, nb_error *err) {
  if (s->misere == NULL) {
    nb_search *components;
    void *cache;
    nb_status st = nb_solver_search(s, &components, err);
    if (st == NB_OK) st = nb_solver_cache(s, &cache, err);
    if (st == NB_OK) st = nb_misere_new(s->game, &s->limits, components, cache, &s->misere, err);
    if (st != NB_OK) return st;
  }
  *out = s->misere;
  return NB_OK;
}

nb_status nb_solver_store(nb_solver *s, nb_cg_store **out, nb_error *err) {
  if (s->store == NULL) {
    size_t cap = s->limits.game_store < s->limits.memory ? s->limits.game_store : s->limits.memory;
    nb_status st = nb_cg_store_new(cap, &s->store, err);
    if (st != NB_OK) return st;
  }
  *out = s->store;
  return NB_OK;
}

nb_status nb_solver_canonical(nb_solver *s, nb_pos p, nb_cg *out, nb_error *err) {
  void *cache;
  nb_cg_store *store;
  nb_status st = nb_solver_cache(s, &cache, err);
  if (st == NB_OK) st = nb_solver_store(s, &store, err);
  if (st == NB_OK && s->canon == NULL)
    st = nb_canon_new(s->game, store, &s->limits, &s->canon, err);
  return st == NB_OK ? nb_canon_value(s->canon, cache, p, out, err) : st;
}
