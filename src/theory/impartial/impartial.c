/*
 * impartial.c: normal play, impartial games: Grundy values.
 *
 * Both players have the same moves, so the player to move is all that matters: by
 * Sprague-Grundy a sum equals the nimber *G, G the XOR of its components' Grundy values, and the
 * player to move wins iff G != 0. Each component's Grundy value comes from the family's fast
 * evaluator where it has one, else from the component search over its moves. A move replaces
 * component i (value g_i) by parts P, leaving a sum of value G ^ g_i ^ XOR g(P); it wins iff
 * that is 0 (the opponent then moves first in a 0 position). Words: "the first player wins".
 */
#include "theory/theory.h"

#include <stdlib.h>

static bool accepts(const nb_family *f) {
  return !f->partizan;
}

/* --- values ---------------------------------------------------------------------------------- */

/* Grundy value of one component. */
static nb_status component_grundy(nb_solver *s, nb_pos p, uint64_t *out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  void *cache;
  nb_search *search;
  nb_status st;
  const nb_impartial_facet *eval = g->family->impartial_eval;
  if (eval != NULL) {
    st = nb_solver_cache(s, &cache, err);
    return st == NB_OK ? eval->grundy(g, cache, p, out, err) : st;
  }
  st = nb_solver_search(s, &search, err);
  return st == NB_OK ? nb_search_grundy(search, p, out, err) : st;
}

static nb_status value_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                          nb_error *err) {
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

static nb_status size_value(nb_solver *s, nb_pos p, nb_value *out, nb_error *err) {
  return value_of(s, &p, 1, out, err);
}

/* --- winning moves --------------------------------------------------------------------------- */

struct nb_judge {
  nb_solver *s;   /* the solver */
  uint64_t total; /* the sum's Grundy value */
  uint64_t g[];   /* its components' */
};

static nb_status judge_new(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                           nb_judge **out, nb_error *err) {
  (void)who; /* both players have the same moves */
  nb_judge *j = nb_alloc(1, sizeof *j + (n + 1) * sizeof j->g[0], err);
  if (j == NULL) return NB_EINTERNAL;
  *j = (nb_judge){.s = s};
  nb_status st = NB_OK;
  for (size_t i = 0; i < n && st == NB_OK; i++) {
    st = component_grundy(s, comps[i], &j->g[i], err);
    j->total ^= j->g[i];
  }
  if (st != NB_OK) {
    free(j);
    return st;
  }
  *out = j;
  return NB_OK;
}

static nb_status judge_move(nb_judge *j, size_t c, const nb_pos *parts, size_t k, bool *wins,
                            nb_error *err) {
  uint64_t after = j->total ^ j->g[c];
  nb_status st = NB_OK;
  for (size_t i = 0; i < k && st == NB_OK; i++) {
    uint64_t v;
    st = component_grundy(j->s, parts[i], &v, err);
    after ^= v;
  }
  *wins = after == 0;
  return st;
}

static void judge_free(nb_judge *j) {
  free(j);
}

/* --- telling --------------------------------------------------------------------------------- */

/* Appends x in decimal, by hand (tables write millions of them). */
static nb_status add_u64(nb_text *out, uint64_t x, nb_error *err) {
  char digits[NB_U64_DIGITS];
  return nb_text_add(out, digits, nb_format_u64(digits, x), err);
}

static const char *winner(const nb_value *v) {
  return nb_value_wins(v, NB_LEFT) ? "first" : "second";
}

static nb_status report(nb_solver *s, const nb_pos *comps, size_t n, const nb_value *v,
                        unsigned flags, nb_text *out, nb_error *err) {
  uint64_t rem = 0;
  nb_status st = NB_OK;
  if (flags & NB_REPORT_REMOTENESS) st = nb_remoteness(s, comps, n, NB_LEFT, &rem, err);
  unsigned long long r = rem, g = v->nimber;
  if (st == NB_OK && (flags & NB_REPORT_JSON))
    st = nb_text_printf(out, err, ",\"grundy\":%llu,\"winner\":\"%s\"", g, winner(v));
  if (st == NB_OK && (flags & NB_REPORT_JSON) && (flags & NB_REPORT_REMOTENESS))
    st = nb_text_printf(out, err, ",\"remoteness\":%llu", r);
  if (flags & NB_REPORT_JSON) return st;
  if (st == NB_OK) st = nb_theory_add_value_text(v, out, err);
  if (st == NB_OK) st = nb_text_printf(out, err, ": the %s player wins\n", winner(v));
  if (st == NB_OK && (flags & NB_REPORT_REMOTENESS))
    st = nb_text_printf(out, err, "remoteness: %llu\n", r);
  return st;
}

/* Who moves first does not matter: `who` is either player. */
static nb_status verdict(const nb_value *v, nb_player who, unsigned flags, nb_text *out,
                         nb_error *err) {
  (void)who;
  if (flags & NB_REPORT_JSON)
    return nb_text_printf(out, err, ",\"grundy\":%llu,\"winner\":\"%s\"",
                          (unsigned long long)v->nimber, winner(v));
  nb_status st = nb_theory_add_value_text(v, out, err);
  return st == NB_OK ? nb_text_printf(out, err, ": the %s player wins", winner(v)) : st;
}

static nb_status json_item(const nb_value *v, nb_text *out, nb_error *err) {
  return add_u64(out, v->nimber, err);
}

const nb_theory nb_theory_normal_impartial = {
    .name = "normal impartial",
    .play = NB_PLAY_NORMAL,
    .summary = "impartial: Grundy values",
    .sides = 1,
    .size_classes = false,
    .size_noun = "values",
    .accepts = accepts,
    .report = report,
    .verdict = verdict,
    .json_item = json_item,
    .value_of = value_of,
    .size_value = size_value,
    .judge_new = judge_new,
    .judge_move = judge_move,
    .judge_free = judge_free,
};
