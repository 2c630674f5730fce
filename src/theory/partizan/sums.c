/*
 * sums.c: values of sums in normal partizan play, and which moves win.
 *
 * A sum is the sum of its components' canonical values (each from the family's `canonical` hook
 * where it knows it, else from the value search over its moves: canon.c, in the solver's store),
 * and its outcome is its sign: Left wins moving second iff G >= 0 and moving first iff not
 * G <= 0 (Conway's fundamental theorem: G >= 0 iff Left wins G when Right starts). A move of
 * Left's leaving a sum of value H wins iff Right, moving first in H, loses, that is iff H >= 0;
 * one of Right's iff H <= 0. H is computed as the sum of the other components' values and the
 * parts' values (never as G minus the moved component: equal games have one canonical form, but
 * the way there through a large G costs more).
 *
 * Canonical forms can be enormous (a sum of a few small psub piles takes megabytes), so a value
 * whose form the store refuses (its cap, a value engine's limit: NB_EDATA) falls back to the
 * outcome class alone, which needs no form: the comparison of the sum's two halves, the
 * components' classes where they decide it, the family's fast outcome evaluator for one
 * component, else the exhaustive sum search (outcome classes do not add); the value then carries
 * the refusal's message. Winning moves fall back the same way.
 */
#include "cgt/cgt.h"
#include "theory/partizan/partizan.h"

#include <stdlib.h>
#include <string.h>

static nb_outcome outcome_from_wins(bool left_first_wins, bool right_first_wins) {
  if (left_first_wins) return right_first_wins ? NB_OUTCOME_N : NB_OUTCOME_L;
  return right_first_wins ? NB_OUTCOME_R : NB_OUTCOME_P;
}

/* Outcome class of a sum of a partizan game. */
static nb_status sum_outcome(nb_solver *s, const nb_pos *comps, size_t n, nb_outcome *out,
                             nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  void *cache;
  nb_sum_search *sums;
  nb_status st;
  const nb_partizan_facet *eval = g->family->partizan_eval;
  if (n == 1 && eval != NULL && eval->outcome != NULL) {
    st = nb_solver_cache(s, &cache, err);
    return st == NB_OK ? eval->outcome(g, cache, comps[0], out, err) : st;
  }
  bool left, right;
  st = nb_solver_sum_search(s, &sums, err);
  if (st == NB_OK) st = nb_sum_search_wins(sums, comps, n, NB_LEFT, &left, NULL, err);
  if (st == NB_OK) st = nb_sum_search_wins(sums, comps, n, NB_RIGHT, &right, NULL, err);
  if (st == NB_OK) *out = outcome_from_wins(left, right);
  return st;
}

/* --- canonical values ------------------------------------------------------------------------ */

/* Work on canonical forms is bounded: each value (a sum's, or the sum's after one move when
 * winning moves are checked) may take limits.game_steps steps of the store (cg.h: memory alone
 * does not bound time), and the comparison that stands in for a refused form as many again;
 * printing and thermographs of a form already made are linear in its size and not bounded. */
static void steps_begin(nb_solver *s, nb_cg_store *store) {
  nb_cg_store_limit_steps(store, nb_solver_limits(s)->game_steps);
}
static void steps_end(nb_cg_store *store) {
  nb_cg_store_limit_steps(store, SIZE_MAX);
}

/* The canonical values of comps[0..n) into vals. */
static nb_status component_values(nb_solver *s, const nb_pos *comps, size_t n, nb_cg *vals,
                                  nb_error *err) {
  nb_status st = NB_OK;
  for (size_t i = 0; st == NB_OK && i < n; i++)
    st = nb_solver_canonical(s, comps[i], &vals[i], err);
  return st;
}

/* Whether the sum G of vals[0..n) is >= 0 and <= 0, without its canonical form: G = A + B with A
 * and B the sums of the two halves, and G >= 0 iff -B <= A, G <= 0 iff A <= -B (adding B to both
 * sides of an inequality keeps it: the games form an ordered group). The halves are smaller
 * forms than G, and comparing two games walks their options without forming their sum: a sum
 * of four psub:3,7,10/2,6,7 piles 60..90 whose form takes more than 2^26 steps is compared in
 * 2.6 * 10^5. */
static nb_status sign_by_halves(nb_solver *s, nb_cg_store *store, const nb_cg *vals, size_t n,
                                bool *ge, bool *le, nb_error *err) { /* n = 0, 1: B = 0 or A = 0 */
  nb_cg a, b, minus_b;
  steps_begin(s, store);
  nb_status st = nb_cg_sum(store, vals, n / 2, &a, err);
  if (st == NB_OK) st = nb_cg_sum(store, vals + n / 2, n - n / 2, &b, err);
  if (st == NB_OK) st = nb_cg_negate(store, b, &minus_b, err);
  if (st == NB_OK) st = nb_cg_leq(store, minus_b, a, ge, err);
  if (st == NB_OK) st = nb_cg_leq(store, a, minus_b, le, err);
  steps_end(store);
  return st;
}

static nb_outcome outcome_of_sign(bool ge, bool le) {
  return ge ? (le ? NB_OUTCOME_P : NB_OUTCOME_L) : (le ? NB_OUTCOME_R : NB_OUTCOME_N);
}

/* The outcome class of a sum from its components' classes, where they decide it: L means G > 0,
 * P G = 0, R G < 0 and N G || 0, and in an ordered group G >= 0 and H > 0 give G + H >= H > 0.
 * So components all L or P make the sum L if any is L, else P; all R or P, R if any is R; an N,
 * or an L beside an R, decides nothing (NB_EDATA), nor does a component whose class is refused.
 * (psub:1,2/1,3 1000000 2000000: two L piles whose forms are refused, and a sum too large for
 * the sum search, is L.) */
static nb_status outcome_by_parts(nb_solver *s, const nb_pos *comps, size_t n, nb_outcome *out,
                                  nb_error *err) {
  bool some_l = false, some_r = false, some_n = false;
  for (size_t i = 0; i < n && !some_n && !(some_l && some_r); i++) {
    nb_outcome o;
    nb_status st = sum_outcome(s, &comps[i], 1, &o, err);
    if (st != NB_OK) return st;
    some_l |= o == NB_OUTCOME_L, some_r |= o == NB_OUTCOME_R, some_n |= o == NB_OUTCOME_N;
  }
  if (some_n || (some_l && some_r))
    return nb_fail(err, NB_EDATA, "the components' outcome classes do not decide the sum's");
  *out = some_l ? NB_OUTCOME_L : some_r ? NB_OUTCOME_R : NB_OUTCOME_P;
  return NB_OK;
}

/* The canonical value of a partizan sum into out; where the store refuses it (NB_EDATA), the
 * outcome class alone, from the comparison of the halves, else from the components' classes
 * where they decide it, else from the sum search, with the refusal as the note. */
nb_status nb_partizan_value_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                               nb_error *err) {
  nb_error refused = {0};
  nb_cg_store *store = NULL;
  nb_cg g = NB_CG_ZERO;
  nb_cg *vals = nb_alloc(n + 1, sizeof *vals, err);
  if (vals == NULL) return NB_EINTERNAL;
  *out = (nb_value){.kind = NB_VALUE_CANONICAL};
  nb_status st = nb_solver_store(s, &store, &refused), by_parts = NB_EDATA;
  if (st == NB_OK) {
    steps_begin(s, store);
    st = by_parts = component_values(s, comps, n, vals, &refused);
    if (st == NB_OK) st = nb_cg_sum(store, vals, n, &g, &refused);
    if (st == NB_OK) st = nb_cg_outcome(store, g, &out->outcome, &refused);
    steps_end(store);
  }
  if (st == NB_OK) {
    out->game = g;
    out->store = store;
    /* the printed form is one string: at most form_text, and within a quarter of the memory
     * limit (the text and its growth beside the store's forms) */
    const nb_limits *lim = nb_solver_limits(s);
    out->form_text = lim->form_text < lim->memory / 4 ? lim->form_text : lim->memory / 4;
  } else if (st == NB_EDATA) { /* no form: the outcome alone, and why */
    bool ge, le;
    *out = (nb_value){.kind = NB_VALUE_OUTCOME};
    memcpy(out->note, refused.message, sizeof out->note); /* both are 512 bytes */
    st = by_parts == NB_OK && n >= 2 ? sign_by_halves(s, store, vals, n, &ge, &le, err) : NB_EDATA;
    if (st == NB_OK) out->outcome = outcome_of_sign(ge, le);
    if (st == NB_EDATA && n >= 2) st = outcome_by_parts(s, comps, n, &out->outcome, err);
    if (st == NB_EDATA) st = sum_outcome(s, comps, n, &out->outcome, err);
    if (st != NB_OK) /* say why the form did not answer either */
      nb_error_suffix(err, st, "; and no canonical form: %s", refused.message);
  } else if (err != NULL) {
    *err = refused;
  }
  free(vals);
  return st;
}

/* Whether `who` moving first wins comps[0..n), by the outcome search. */
static nb_status searched_outcome(nb_solver *s, const nb_pos *comps, size_t n, nb_outcome *out,
                                  nb_error *err) {
  nb_outcome_search *search;
  bool left = false, right = false;
  nb_status st = nb_solver_outcome_search(s, &search, err);
  if (st == NB_OK) st = nb_outcome_search_wins(search, comps, n, NB_LEFT, &left, err);
  if (st == NB_OK) st = nb_outcome_search_wins(search, comps, n, NB_RIGHT, &right, err);
  if (st == NB_OK) *out = outcome_from_wins(left, right);
  return st;
}

/* Who wins, and nothing more. One component: the family's fast outcome evaluator where it has
 * one, else the outcome search (core/outcome.c), which makes no canonical form and stops at each
 * position's first winning move: on a single board far less work than its form. Several
 * components: the sum of their canonical forms, as nb_partizan_value_of makes it, since the
 * outcome of a sum is not a function of its components' outcomes and a search of the sum's tree
 * multiplies the components' trees (sums of two or three NoGo strips or Amazons boards that the
 * forms value in milliseconds passed the outcome search's million sums); where even that is
 * refused, the outcome search of the sum. And one component that the outcome search refuses
 * is tried by its form, where a family's hook may know it. */
nb_status nb_partizan_outcome_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                                 nb_error *err) {
  const nb_partizan_facet *eval = nb_solver_game(s)->family->partizan_eval;
  nb_status st;
  if (n == 1 && eval != NULL && eval->outcome != NULL) {
    *out = (nb_value){.kind = NB_VALUE_OUTCOME};
    return sum_outcome(s, comps, n, &out->outcome, err);
  }
  if (n >= 2) {
    nb_error refused = {0};
    st = nb_partizan_value_of(s, comps, n, out, &refused);
    if (st != NB_EDATA) {
      if (st != NB_OK && err != NULL) *err = refused;
      *out = (nb_value){.kind = NB_VALUE_OUTCOME, .outcome = out->outcome};
      return st;
    }
  }
  *out = (nb_value){.kind = NB_VALUE_OUTCOME};
  st = searched_outcome(s, comps, n, &out->outcome, err);
  if (st != NB_EDATA || n != 1) return st;
  /* one component the search refused (its limits): its canonical form may still be in reach
   * (a family's `canonical` hook, a form the store already holds); else the search's refusal */
  nb_error again = {0};
  nb_value form;
  if (nb_partizan_value_of(s, comps, n, &form, &again) != NB_OK) return st;
  out->outcome = form.outcome;
  return NB_OK;
}

nb_status nb_partizan_size_value(nb_solver *s, nb_pos p, nb_value *out, nb_error *err) {
  *out = (nb_value){.kind = NB_VALUE_OUTCOME}; /* what periods of partizan games describe */
  return sum_outcome(s, &p, 1, &out->outcome, err);
}

/* --- winning moves --------------------------------------------------------------------------- */

/* What judging the moves of one sum needs, computed once: the components' canonical values
 * (where the store gives them) and room for a sum after a move. */
struct nb_judge {
  nb_solver *s;        /* the solver */
  const nb_pos *comps; /* the sum */
  size_t n;            /* its components */
  nb_player who;       /* whose moves */
  bool canonical;      /* the components' canonical values are in vals */
  nb_cg_store *store;  /* canonical: the solver's store */
  nb_cg *vals;         /* canonical: the components' values (n), then room for a sum after a
                          move (n - 1 + max_parts) */
  nb_pos *after;       /* room for a sum after a move (n - 1 + max_parts components) */
};

void nb_partizan_judge_free(nb_judge *j) {
  if (j == NULL) return;
  free(j->vals);
  free(j->after);
  free(j);
}

/* Canonical values are used unless the store refuses the components' (NB_EDATA: every move is
 * then judged by outcomes), or there is one component of a family with a fast outcome evaluator
 * whose moves never split: each move then leaves one component or none, whose outcome is known
 * at once, form or no form. */
nb_status nb_partizan_judge_new(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                                nb_judge **out, nb_error *err) {
  const nb_family *fam = nb_solver_game(s)->family;
  size_t max_parts = fam->max_parts > 1 ? fam->max_parts : 1;
  nb_judge *j = nb_alloc(1, sizeof *j, err);
  if (j == NULL) return NB_EINTERNAL;
  *j = (nb_judge){.s = s, .comps = comps, .n = n, .who = who};
  j->after = nb_alloc(n + max_parts, sizeof *j->after, err);
  nb_status st = j->after == NULL ? NB_EINTERNAL : NB_OK;
  bool by_outcome = n == 1 && fam->partizan_eval != NULL && fam->partizan_eval->outcome != NULL &&
                    fam->max_parts <= 1;
  if (st == NB_OK && !by_outcome) {
    st = nb_solver_store(s, &j->store, err);
    if (st == NB_OK) j->vals = nb_alloc(2 * n + max_parts, sizeof *j->vals, err);
    if (st == NB_OK && j->vals == NULL) st = NB_EINTERNAL;
    if (st == NB_OK) {
      steps_begin(s, j->store);
      st = component_values(s, comps, n, j->vals, err);
      steps_end(j->store);
      j->canonical = st == NB_OK;
      if (st == NB_EDATA) st = NB_OK;
    }
  }
  if (st != NB_OK) {
    nb_partizan_judge_free(j);
    return st;
  }
  *out = j;
  return NB_OK;
}

/* Whether the move of component c leaving parts[0..k) wins, by outcomes alone: the opponent
 * loses the sum after it. */
static nb_status wins_by_outcome(nb_judge *j, size_t c, const nb_pos *parts, size_t k, bool *wins,
                                 nb_error *err) {
  size_t len = nb_sum_replace(j->comps, j->n, c, parts, k, j->after);
  nb_outcome o;
  nb_status st = sum_outcome(j->s, j->after, len, &o, err);
  *wins = st == NB_OK && !nb_outcome_wins(o, j->who == NB_LEFT ? NB_RIGHT : NB_LEFT);
  return st;
}

/* With canonical values the sum after the move is H, the other components' values and the
 * parts' values, and the move wins iff H >= 0 for Left, H <= 0 for Right (the opponent, moving
 * first in H, loses: see the top of the file); H is compared with 0 by halves (sign_by_halves:
 * its form is not needed, and can be far costlier than the comparison), or, where the store
 * refuses that, the move is judged by outcomes, as every move is without canonical values. */
nb_status nb_partizan_judge_move(nb_judge *j, size_t c, const nb_pos *parts, size_t k, bool *wins,
                                 nb_error *err) {
  if (!j->canonical) return wins_by_outcome(j, c, parts, k, wins, err);
  nb_cg *after = j->vals + j->n;
  size_t len = 0;
  for (size_t i = 0; i < j->n; i++)
    if (i != c) after[len++] = j->vals[i];
  nb_status st = NB_OK;
  steps_begin(j->s, j->store);
  for (size_t i = 0; st == NB_OK && i < k; i++)
    st = nb_solver_canonical(j->s, parts[i], &after[len++], err);
  steps_end(j->store);
  bool ge = false, le = false;
  if (st == NB_OK) st = sign_by_halves(j->s, j->store, after, len, &ge, &le, err);
  if (st == NB_OK) *wins = j->who == NB_LEFT ? ge : le;
  return st == NB_EDATA ? wins_by_outcome(j, c, parts, k, wins, err) : st;
}
