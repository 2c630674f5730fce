/*
 * sizes.c: runs of sizes, the values of a family's sizes in order a run of equal values at a
 * time, for every front end that lists sizes (`table --runs`, `plot`, `period`). It values sizes
 * through the theory (nb_value_of_size), so it sits in the theory layer, above core.
 *
 * A run is extended by proof where the family has one (nb_sizes_facet.run_end: the largest m >= n
 * whose sizes n..m surely share size n's value, read from a run table or a proven period), and
 * otherwise by valuing the size after it: a run ends where a size's value differs, or at `to`.
 * So a family that proves runs (division games) pays a few values a run whatever its length,
 * and one that does not pays one a size. Core knows no family: which families prove runs is the
 * family's to say, by having run_end or not.
 *
 * The tally counts each size valued once (the size that ends one run starts the next) so that a
 * front end can bound the sizes it values one by one and refuse before hours of work.
 */
#include "internal.h"

/* A family's runs are proven of normal play's values: in misère play its sizes are valued one by
 * one (genera of sizes need their own theorem). */
static bool runs_proven(const nb_game *g) {
  return g->family->sizes != NULL && g->family->sizes->run_end != NULL &&
         g->play == NB_PLAY_NORMAL;
}

bool nb_game_proves_runs(const nb_game *g) {
  return runs_proven(g);
}

bool nb_game_has_sizes(const nb_game *g) {
  return g->family->sizes != NULL;
}

nb_status nb_size_position(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err) {
  if (g->family->sizes == NULL)
    return nb_fail(err, NB_EUSAGE, "%s positions have no single size", g->family->name);
  return g->family->sizes->sized(g, n, out, err);
}

/* The refusal of a size past the tally's bound (apart, so that the common path of
 * nb_run_of_size, one size valued per call by `table`, carries no message buffer). */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static nb_status
refuse_size(nb_solver *s, const nb_size_tally *tally, nb_error *err) {
  char spec[NB_QUOTE_CAP];
  return nb_fail(err, NB_EDATA,
                 "%llu sizes of %s valued one by one, the most allowed, and more to go (its runs "
                 "are not proven this far)",
                 (unsigned long long)tally->valued, nb_game_spec_quote(nb_solver_game(s), spec));
}

/* The value of size n, counted in the tally (NB_EDATA past its bound). */
static nb_status size_value(nb_solver *s, uint64_t n, nb_size_tally *tally, nb_value *out,
                            nb_error *err) {
  if (tally != NULL && !(tally->valued > 0 && tally->last == n)) {
    if (tally->most != 0 && tally->valued >= tally->most) return refuse_size(s, tally, err);
    tally->valued++;
    tally->last = n;
  }
  return nb_value_of_size(s, n, out, err);
}

/* The run from size n (n < to): its value *v and its last size *last <= to. Not inlined, so that
 * its frame (a value to compare) is not set up for one size alone. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static nb_status
run_from(nb_solver *s, uint64_t n, uint64_t to, nb_size_tally *tally, nb_value *v, uint64_t *last,
         nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  uint64_t (*run_end)(const nb_game *, void *, uint64_t) =
      runs_proven(g) ? g->family->sizes->run_end : NULL;
  void *cache = NULL;
  nb_status st = size_value(s, n, tally, v, err);
  if (st == NB_OK && run_end != NULL) st = nb_solver_cache(s, &cache, err);
  for (uint64_t m = n; st == NB_OK;) {
    uint64_t next = run_end != NULL && m < to ? run_end(g, cache, m) : m;
    if (next >= to) {
      *last = to;
      return NB_OK;
    }
    nb_value w;
    st = size_value(s, next + 1, tally, &w, err);
    if (st == NB_OK && !nb_value_equal(&w, v)) {
      *last = next;
      return NB_OK;
    }
    m = next + 1;
  }
  return st;
}

nb_status nb_run_of_size(nb_solver *s, uint64_t n, uint64_t to, nb_size_tally *tally, nb_value *v,
                         uint64_t *last, nb_error *err) {
  NB_ASSERT(n <= to);
  if (n < to) return run_from(s, n, to, tally, v, last, err);
  *last = n; /* one size, as `table` without --runs asks for each: no frame, a tail call */
  return size_value(s, n, tally, v, err);
}
