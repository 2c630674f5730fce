/*
 * values.c: values of positions, composed from components, and the moves of sums.
 *
 * One value type (nb_value) carries every family's values, so that whoever prints them never
 * asks which family or which kind of game it has. Each component is valued by its family's fast
 * evaluator when it has one, else by a search over its moves; sums are composed here, never in a
 * family:
 *   - impartial: by Sprague-Grundy a sum equals the nimber *G, G the XOR of its components'
 *     Grundy values. A move replaces component i (value g_i) by parts P, leaving a sum of value
 *     G ^ g_i ^ XOR g(P); it wins iff that is 0 (the opponent then moves first in a 0 position).
 *   - partizan: a sum is the sum of its components' canonical values (canon.c, in the solver's
 *     store), and its outcome is its sign: Left wins moving second iff G >= 0 and moving first
 *     iff not G <= 0 (Conway's fundamental theorem: G >= 0 iff Left wins G when Right starts).
 *     A move of Left's leaving a sum of value H wins iff Right, moving first in H, loses, that
 *     is iff H >= 0; one of Right's iff H <= 0. H is computed as the sum of the other
 *     components' values and the parts' values (never as G minus the moved component: equal
 *     games have one canonical form, but the way there through a large G costs more).
 *     Canonical forms can be enormous (a sum of a few small psub piles takes megabytes), so a
 *     value whose form the store refuses (its cap, a value engine's limit: NB_EDATA) falls back
 *     to the outcome class alone, which needs no form: the family's fast outcome evaluator for
 *     one component, else the exhaustive sum search (outcome classes do not add); the value then
 *     carries the refusal's message. Winning moves fall back the same way.
 */
#include "core/cg.h"

#include <stdlib.h>
#include <string.h>

/* --- components ------------------------------------------------------------------------------ */

/* Grundy value of one component of an impartial game. */
static nb_status component_grundy(nb_solver *s, nb_pos p, uint64_t *out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  void *cache;
  nb_search *search;
  nb_status st;
  if (g->family->grundy != NULL) {
    st = nb_solver_cache(s, &cache, err);
    return st == NB_OK ? g->family->grundy(g, cache, p, out, err) : st;
  }
  st = nb_solver_search(s, &search, err);
  return st == NB_OK ? nb_search_grundy(search, p, out, err) : st;
}

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
  if (n == 1 && g->family->outcome != NULL) {
    st = nb_solver_cache(s, &cache, err);
    return st == NB_OK ? g->family->outcome(g, cache, comps[0], out, err) : st;
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
static nb_status partizan_value(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
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
    out->form_text = nb_solver_limits(s)->form_text;
  } else if (st == NB_EDATA) { /* no form: the outcome alone, and why */
    bool ge, le;
    *out = (nb_value){.kind = NB_VALUE_OUTCOME};
    memcpy(out->note, refused.message, sizeof out->note); /* both are 512 bytes */
    st = by_parts == NB_OK && n >= 2 ? sign_by_halves(s, store, vals, n, &ge, &le, err) : NB_EDATA;
    if (st == NB_OK) out->outcome = outcome_of_sign(ge, le);
    if (st == NB_EDATA && n >= 2) st = outcome_by_parts(s, comps, n, &out->outcome, err);
    if (st == NB_EDATA) st = sum_outcome(s, comps, n, &out->outcome, err);
    if (st != NB_OK && err != NULL) { /* say why the form did not answer either */
      char why[sizeof err->message];
      memcpy(why, err->message, sizeof why);
      nb_fail(err, st, "%s; and no canonical form: %s", why, refused.message);
    }
  } else if (err != NULL) {
    *err = refused;
  }
  free(vals);
  return st;
}

/* --- values ---------------------------------------------------------------------------------- */

nb_status nb_value_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out, nb_error *err) {
  if (nb_solver_game(s)->family->partizan) return partizan_value(s, comps, n, out, err);
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t v;
    nb_status st = component_grundy(s, comps[i], &v, err);
    if (st != NB_OK) return st;
    total ^= v;
  }
  *out = (nb_value){
      .kind = NB_VALUE_NIMBER, .outcome = total ? NB_OUTCOME_N : NB_OUTCOME_P, .nimber = total};
  return NB_OK;
}

nb_status nb_value_of_size(nb_solver *s, uint64_t size, nb_value *out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  if (g->family->sized == NULL)
    return nb_fail(err, NB_EUSAGE, "%s positions have no single size", g->family->name);
  nb_pos p;
  nb_status st = g->family->sized(g, size, &p, err);
  if (st != NB_OK || !g->family->partizan)
    return st == NB_OK ? nb_value_of(s, &p, 1, out, err) : st;
  *out = (nb_value){.kind = NB_VALUE_OUTCOME}; /* what periods of partizan games describe */
  return sum_outcome(s, &p, 1, &out->outcome, err);
}

bool nb_value_wins(const nb_value *v, nb_player first) {
  return nb_outcome_wins(v->outcome, first);
}

bool nb_value_equal(const nb_value *a, const nb_value *b) {
  if (a->kind == NB_VALUE_CANONICAL)
    return b->kind == NB_VALUE_CANONICAL && a->store == b->store && a->game == b->game;
  return a->kind == b->kind && a->outcome == b->outcome && a->nimber == b->nimber;
}

/* Writes text[0..len) into buf as snprintf would (cut to cap - 1 bytes, then a NUL). */
static int put_text(char *buf, size_t cap, const char *text, size_t len) {
  if (cap > 0) {
    size_t n = len < cap - 1 ? len : cap - 1;
    memcpy(buf, text, n);
    buf[n] = '\0';
  }
  return (int)len;
}

/* The canonical form of v as text, at most v->form_text bytes, in a new string. */
static nb_status form_text(const nb_value *v, char **text, nb_error *err) {
  size_t len;
  return nb_cg_format(v->store, v->game, v->form_text, text, &len, err);
}

/* Nimbers are written by hand, not with snprintf: `table` prints millions of values, and
 * formatting them was most of its time (Kayles to 10^6: 0.44 s with snprintf here and printf in
 * table, most of it in vfprintf; 0.05 s by hand in both). */
int nb_value_format(const nb_value *v, char *buf, size_t cap) {
  if (v->kind == NB_VALUE_NIMBER) {
    char text[24]; /* '*' and up to 20 digits */
    size_t len = sizeof text;
    if (v->nimber == 0) return put_text(buf, cap, "0", 1);
    for (uint64_t x = v->nimber; x != 0; x /= 10)
      text[--len] = (char)('0' + x % 10);
    text[--len] = '*';
    return put_text(buf, cap, text + len, sizeof text - len);
  }
  if (v->kind == NB_VALUE_CANONICAL) {
    char *text;
    nb_status st = form_text(v, &text, NULL);
    if (st == NB_EINTERNAL) return -1;
    if (st == NB_OK) {
      int n = put_text(buf, cap, text, strlen(text));
      free(text);
      return n;
    }
  }
  char letter = nb_outcome_letter(v->outcome);
  return put_text(buf, cap, &letter, 1);
}

int nb_value_note(const nb_value *v, char *buf, size_t cap) {
  if (v->kind == NB_VALUE_OUTCOME) return snprintf(buf, cap, "%s", v->note);
  if (v->kind != NB_VALUE_CANONICAL) return snprintf(buf, cap, "%s", "");
  nb_error why = {0};
  char *text = NULL;
  nb_status st = form_text(v, &text, &why);
  free(text);
  return snprintf(buf, cap, "%s", st == NB_OK ? "" : why.message);
}

nb_status nb_value_thermograph(const nb_value *v, nb_dyadic *mean, nb_dyadic *temperature,
                               nb_error *err) {
  if (v->kind != NB_VALUE_CANONICAL)
    return nb_fail(err, NB_EUSAGE, "only canonical values have a thermograph");
  return nb_cg_mean_temperature(v->store, v->game, mean, temperature, err);
}

char nb_outcome_letter(nb_outcome o) {
  return "PNLR"[o & 3];
}

bool nb_outcome_wins(nb_outcome o, nb_player who) {
  switch (o) {
  case NB_OUTCOME_N:
    return true;
  case NB_OUTCOME_L:
    return who == NB_LEFT;
  case NB_OUTCOME_R:
    return who == NB_RIGHT;
  default:
    return false;
  }
}

nb_status nb_remoteness(nb_solver *s, const nb_pos *comps, size_t n, nb_player who, uint64_t *out,
                        nb_error *err) {
  nb_sum_search *sums;
  bool wins;
  nb_status st = nb_solver_sum_search(s, &sums, err);
  return st == NB_OK ? nb_sum_search_wins(sums, comps, n, who, &wins, out, err) : st;
}

nb_status nb_period_of(nb_solver *s, uint64_t max, nb_period *out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  if (g->family->period == NULL || g->family->sized == NULL)
    return nb_fail(err, NB_EUSAGE, "%s has no period engine", g->family->name);
  void *cache;
  nb_status st = nb_solver_cache(s, &cache, err);
  if (st != NB_OK) return st;
  memset(out, 0, sizeof *out);
  return g->family->period(g, cache, max, nb_solver_limits(s), out, err);
}

/* --- moves of sums --------------------------------------------------------------------------- */

void nb_move_list_free(nb_move_list *l) {
  if (l == NULL) return;
  free(l->move);
  free(l->part);
  *l = (nb_move_list){0};
}

nb_status nb_sum_moves(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                       nb_move_list *out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  const nb_family *fam = g->family;
  size_t max_parts = fam->max_parts > 1 ? fam->max_parts : 1, bound = 0, most = 0;
  size_t limit = nb_solver_limits(s)->held_moves;
  *out = (nb_move_list){0};
  for (size_t i = 0; i < n; i++) {
    size_t b = fam->move_bound(g, comps[i]);
    bound = b > SIZE_MAX - bound ? SIZE_MAX : bound + b;
    most = b > most ? b : most;
  }
  /* A list is held whole (8 bytes a move, 16 a part): a position with more moves than the
   * searches may hold (a heap of 10^12 in nim) is refused before anything is allocated. */
  if (bound > limit)
    return nb_fail(err, NB_EDATA,
                   "position too large to list its moves (up to %zu moves, more than the %zu a "
                   "list may hold)",
                   bound, limit);
  nb_move *one = nb_alloc(most, sizeof *one, err);
  out->move = one ? nb_alloc(bound, sizeof *out->move, err) : NULL;
  out->part = out->move ? nb_alloc(bound * max_parts, sizeof *out->part, err) : NULL;
  if (out->part == NULL) {
    free(one);
    nb_move_list_free(out);
    return NB_EINTERNAL;
  }
  for (size_t i = 0; i < n; i++) {
    nb_moves m = {.move = one, .part = out->part + out->nparts};
    fam->moves(g, comps[i], who, &m);
    for (size_t j = 0, first = out->nparts; j < m.count; first += one[j++].parts)
      out->move[out->count++] = (nb_sum_move){.component = i, .first = first, .move = one[j]};
    out->nparts += m.nparts;
  }
  free(one);
  return NB_OK;
}

size_t nb_sum_after(const nb_pos *comps, size_t n, const nb_move_list *l, size_t i, nb_pos *out) {
  const nb_sum_move *m = &l->move[i];
  size_t c = m->component, k = m->move.parts;
  memcpy(out, comps, c * sizeof *out);
  memcpy(out + c, l->part + m->first, k * sizeof *out);
  memcpy(out + c + k, comps + c + 1, (n - c - 1) * sizeof *out);
  return n - 1 + k;
}

/* Whether move i of l wins for `who`, impartial: g[] holds the components' values, total their
 * XOR. */
static nb_status impartial_move_wins(nb_solver *s, const uint64_t *g, uint64_t total,
                                     const nb_move_list *l, size_t i, bool *wins, nb_error *err) {
  const nb_sum_move *m = &l->move[i];
  uint64_t after = total ^ g[m->component];
  for (size_t j = 0; j < m->move.parts; j++) {
    uint64_t v;
    nb_status st = component_grundy(s, l->part[m->first + j], &v, err);
    if (st != NB_OK) return st;
    after ^= v;
  }
  *wins = after == 0;
  return NB_OK;
}

/* Whether move i of l wins for `who`, partizan, by outcomes alone (where canonical forms were
 * refused): the opponent loses the sum after it. */
static nb_status partizan_move_wins(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                                    const nb_move_list *l, size_t i, bool *wins, nb_error *err) {
  nb_pos *after = nb_alloc(n - 1 + l->move[i].move.parts + 1, sizeof *after, err);
  if (after == NULL) return NB_EINTERNAL;
  size_t len = nb_sum_after(comps, n, l, i, after);
  nb_outcome o;
  nb_status st = sum_outcome(s, after, len, &o, err);
  *wins = st == NB_OK && !nb_outcome_wins(o, who == NB_LEFT ? NB_RIGHT : NB_LEFT);
  free(after);
  return st;
}

/* Keeps the moves of l flagged in keep[], with their parts, in order. */
static void keep_moves(nb_move_list *l, const bool *keep) {
  size_t k = 0, parts = 0;
  for (size_t i = 0; i < l->count; i++) {
    if (!keep[i]) continue;
    nb_sum_move m = l->move[i];
    memmove(l->part + parts, l->part + m.first, m.move.parts * sizeof *l->part);
    m.first = parts;
    parts += m.move.parts;
    l->move[k++] = m;
  }
  l->count = k;
  l->nparts = parts;
}

/* Flags in keep[] the moves of l that win for `who` in a partizan sum, by canonical values: the
 * sum after a move is H, the other components' values and the parts' values, and the move wins
 * iff H >= 0 for Left, H <= 0 for Right (the opponent, moving first in H, loses: see the top of
 * the file). H is compared with 0 by halves (sign_by_halves: its form is not needed, and can be
 * far costlier than the comparison), or, where the store refuses that, by the sum search.
 * NB_EDATA when the components' values are refused: the caller then asks the sum search about
 * every move. */
static nb_status flag_winning_canonical(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                                        const nb_move_list *l, bool *keep, nb_error *err) {
  nb_cg_store *store;
  nb_status st = nb_solver_store(s, &store, err);
  if (st != NB_OK) return st;
  size_t most = 0;
  for (size_t i = 0; i < l->count; i++)
    most = l->move[i].move.parts > most ? l->move[i].move.parts : most;
  nb_cg *vals = nb_alloc(2 * n + most + 1, sizeof *vals, err), *after = vals + n;
  if (vals == NULL) return NB_EINTERNAL;
  steps_begin(s, store);
  st = component_values(s, comps, n, vals, err);
  steps_end(store);
  for (size_t i = 0; st == NB_OK && i < l->count; i++) {
    const nb_sum_move *m = &l->move[i];
    size_t k = 0;
    for (size_t j = 0; j < n; j++)
      if (j != m->component) after[k++] = vals[j];
    steps_begin(s, store);
    for (size_t j = 0; st == NB_OK && j < m->move.parts; j++, k++)
      st = nb_solver_canonical(s, l->part[m->first + j], &after[k], err);
    steps_end(store);
    bool ge = false, le = false;
    if (st == NB_OK) st = sign_by_halves(s, store, after, k, &ge, &le, err);
    if (st == NB_OK) {
      keep[i] = who == NB_LEFT ? ge : le;
    } else if (st == NB_EDATA) { /* this move by the sum search */
      st = partizan_move_wins(s, comps, n, who, l, i, &keep[i], err);
    }
  }
  free(vals);
  return st;
}

/* Flags in keep[] the moves of l that win for `who`. */
static nb_status flag_winning(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                              const nb_move_list *l, bool *keep, nb_error *err) {
  nb_status st = NB_OK;
  uint64_t *g = NULL, total = 0;
  const nb_family *fam = nb_solver_game(s)->family;
  bool partizan = fam->partizan;
  /* One component of a family with a fast outcome evaluator and moves that never split: each
   * move leaves one component or none, whose outcome is known at once, form or no form. */
  bool by_outcomes = n == 1 && fam->outcome != NULL && fam->max_parts <= 1;
  if (partizan && !by_outcomes) { /* by canonical values, unless the store refuses them */
    st = flag_winning_canonical(s, comps, n, who, l, keep, err);
    if (st != NB_EDATA) return st;
    st = NB_OK;
  } else if (!partizan) {
    g = nb_alloc(n + 1, sizeof *g, err);
    if (g == NULL) return NB_EINTERNAL;
    for (size_t i = 0; i < n && st == NB_OK; i++) {
      st = component_grundy(s, comps[i], &g[i], err);
      total ^= g[i];
    }
  }
  for (size_t i = 0; i < l->count && st == NB_OK; i++)
    st = partizan ? partizan_move_wins(s, comps, n, who, l, i, &keep[i], err)
                  : impartial_move_wins(s, g, total, l, i, &keep[i], err);
  free(g);
  return st;
}

nb_status nb_winning_moves(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                           nb_move_list *out, nb_error *err) {
  nb_status st = nb_sum_moves(s, comps, n, who, out, err);
  if (st != NB_OK) return st;
  bool *keep = nb_alloc(out->count + 1, sizeof *keep, err);
  st = keep ? flag_winning(s, comps, n, who, out, keep, err) : NB_EINTERNAL;
  if (st == NB_OK)
    keep_moves(out, keep);
  else
    nb_move_list_free(out);
  free(keep);
  return st;
}

int nb_sum_move_describe(const nb_game *g, const nb_pos *comps, size_t n, const nb_move_list *l,
                         size_t i, char *buf, size_t cap) {
  const nb_sum_move *m = &l->move[i];
  int pre = 0;
  if (g->family->sum_needs_index && n > 1) pre = snprintf(buf, cap, "%zu:", m->component + 1);
  size_t used = (size_t)pre < cap ? (size_t)pre : cap;
  return pre + g->family->describe(g, comps[m->component], &m->move, l->part + m->first, buf + used,
                                   cap - used);
}
