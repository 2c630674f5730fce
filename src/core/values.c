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
#include "core/core.h"

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

/* Memory of move lists. A family writes a component's moves all at once (nb_moves: 8 bytes a
 * move, room for max_parts parts of 16 bytes each), so the largest component's moves are held
 * whole; a list (nb_move_list) holds 24 bytes a move and 16 a part. Every list is refused before
 * anything is allocated when its components may have more moves in all than limits.held_moves,
 * the searches' own cap: what one list may take is then stated (README, "Memory"): 8 bytes a
 * move of the largest component and 24 + 16 * max_parts a move of the sum. The winning
 * moves are found without listing every move first: one component's moves at a time, judged and
 * flagged, then made again (a family's moves come in a fixed order) to copy the winners into a
 * list of exactly their size. So `nimber moves nim 16777216` holds 24 bytes a move, not the 49
 * of a whole list, its flags and the family's scratch (788 MB then). */

void nb_move_list_free(nb_move_list *l) {
  if (l == NULL) return;
  free(l->move);
  free(l->part);
  *l = (nb_move_list){0};
}

/* How many moves the components of comps[0..n) may have in all (bound) and the most one of them
 * may have (most), by the family's move_bound; NB_EDATA when bound passes limits.held_moves. */
static nb_status list_bound(nb_solver *s, const nb_pos *comps, size_t n, size_t *bound,
                            size_t *most, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  size_t limit = nb_solver_limits(s)->held_moves;
  *bound = *most = 0;
  for (size_t i = 0; i < n; i++) {
    size_t b = g->family->move_bound(g, comps[i]);
    *bound = b > SIZE_MAX - *bound ? SIZE_MAX : *bound + b;
    *most = b > *most ? b : *most;
  }
  if (*bound > limit)
    return nb_fail(err, NB_EDATA,
                   "position too large to list its moves (up to %zu moves, more than the %zu a "
                   "list may hold)",
                   *bound, limit);
  return NB_OK;
}

/* Room for the moves of one component as its family writes them: most moves, max_parts parts
 * each. */
typedef struct scratch {
  nb_move *move; /* most moves */
  nb_pos *part;  /* most * max_parts parts */
} scratch;

static nb_status scratch_new(const nb_family *fam, size_t most, scratch *sc, nb_error *err) {
  size_t max_parts = fam->max_parts > 1 ? fam->max_parts : 1;
  sc->move = nb_alloc(most, sizeof *sc->move, err);
  sc->part = sc->move ? nb_alloc(most * max_parts, sizeof *sc->part, err) : NULL;
  if (sc->part != NULL) return NB_OK;
  free(sc->move);
  return NB_EINTERNAL;
}

static void scratch_free(scratch *sc) {
  free(sc->move);
  free(sc->part);
}

/* Component p's moves for `who`, into sc. */
static nb_moves scratch_moves(const nb_game *g, nb_pos p, nb_player who, scratch *sc) {
  nb_moves m = {.move = sc->move, .part = sc->part};
  g->family->moves(g, p, who, &m);
  return m;
}

nb_status nb_sum_moves(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                       nb_move_list *out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  size_t max_parts = g->family->max_parts > 1 ? g->family->max_parts : 1, bound, most;
  *out = (nb_move_list){0};
  nb_status st = list_bound(s, comps, n, &bound, &most, err);
  if (st != NB_OK) return st;
  /* The parts are written in place; only the moves go through a scratch array (8 bytes a move
   * of the largest component), to be copied with their component. */
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
    g->family->moves(g, comps[i], who, &m);
    for (size_t j = 0, first = out->nparts; j < m.count; first += one[j++].parts)
      out->move[out->count++] = (nb_sum_move){.component = i, .first = first, .move = one[j]};
    out->nparts += m.nparts;
  }
  free(one);
  return NB_OK;
}

/* The sum comps[0..n) with component c replaced, in its place, by parts[0..k), into out. */
static size_t sum_after(const nb_pos *comps, size_t n, size_t c, const nb_pos *parts, size_t k,
                        nb_pos *out) {
  memcpy(out, comps, c * sizeof *out);
  memcpy(out + c, parts, k * sizeof *out);
  memcpy(out + c + k, comps + c + 1, (n - c - 1) * sizeof *out);
  return n - 1 + k;
}

size_t nb_sum_after(const nb_pos *comps, size_t n, const nb_move_list *l, size_t i, nb_pos *out) {
  const nb_sum_move *m = &l->move[i];
  return sum_after(comps, n, m->component, l->part + m->first, m->move.parts, out);
}

/* What judging moves of one sum needs, computed once: the components' Grundy values and their
 * XOR (impartial), or their canonical values (partizan, where the store gives them), and room
 * for a sum after a move. */
typedef struct judge {
  nb_solver *s;        /* the solver */
  const nb_pos *comps; /* the sum */
  size_t n;            /* its components */
  nb_player who;       /* whose moves */
  bool partizan;       /* the family's kind */
  bool canonical;      /* partizan: the components' canonical values are in vals */
  nb_cg_store *store;  /* canonical: the solver's store */
  uint64_t *g;         /* impartial: the components' Grundy values */
  uint64_t total;      /* impartial: their XOR */
  nb_cg *vals;         /* canonical: the components' values (n), then room for a sum after a
                          move (n - 1 + max_parts) */
  nb_pos *after;       /* room for a sum after a move (n - 1 + max_parts components) */
} judge;

static void judge_free(judge *j) {
  free(j->g);
  free(j->vals);
  free(j->after);
}

/* Prepares j for the moves of `who` in comps[0..n). Partizan, canonical values are used unless
 * the store refuses the components' (NB_EDATA: every move is then judged by the sum search), or
 * there is one component of a family with a fast outcome evaluator whose moves never split: each
 * move then leaves one component or none, whose outcome is known at once, form or no form. */
static nb_status judge_new(nb_solver *s, const nb_pos *comps, size_t n, nb_player who, judge *j,
                           nb_error *err) {
  const nb_family *fam = nb_solver_game(s)->family;
  size_t max_parts = fam->max_parts > 1 ? fam->max_parts : 1;
  *j = (judge){.s = s, .comps = comps, .n = n, .who = who, .partizan = fam->partizan};
  j->after = nb_alloc(n + max_parts, sizeof *j->after, err);
  if (j->after == NULL) return NB_EINTERNAL;
  nb_status st = NB_OK;
  if (!j->partizan) {
    j->g = nb_alloc(n + 1, sizeof *j->g, err);
    if (j->g == NULL) return NB_EINTERNAL;
    for (size_t i = 0; i < n && st == NB_OK; i++) {
      st = component_grundy(s, comps[i], &j->g[i], err);
      j->total ^= j->g[i];
    }
    return st;
  }
  if (n == 1 && fam->outcome != NULL && fam->max_parts <= 1) return NB_OK;
  st = nb_solver_store(s, &j->store, err);
  if (st == NB_OK) j->vals = nb_alloc(2 * n + max_parts, sizeof *j->vals, err);
  if (st == NB_OK && j->vals == NULL) st = NB_EINTERNAL;
  if (st != NB_OK) return st;
  steps_begin(s, j->store);
  st = component_values(s, comps, n, j->vals, err);
  steps_end(j->store);
  j->canonical = st == NB_OK;
  return st == NB_EDATA ? NB_OK : st;
}

/* Whether the move of component c leaving parts[0..k) wins, by outcomes alone: the opponent
 * loses the sum after it. */
static nb_status wins_by_outcome(judge *j, size_t c, const nb_pos *parts, size_t k, bool *wins,
                                 nb_error *err) {
  size_t len = sum_after(j->comps, j->n, c, parts, k, j->after);
  nb_outcome o;
  nb_status st = sum_outcome(j->s, j->after, len, &o, err);
  *wins = st == NB_OK && !nb_outcome_wins(o, j->who == NB_LEFT ? NB_RIGHT : NB_LEFT);
  return st;
}

/* Whether the move of component c leaving parts[0..k) wins for j->who. Impartial: the sum after
 * it is worth total ^ g(c) ^ XOR g(parts), and wins iff that is 0. Partizan with canonical
 * values: the sum after it is H, the other components' values and the parts' values, and the
 * move wins iff H >= 0 for Left, H <= 0 for Right (the opponent, moving first in H, loses: see
 * the top of the file); H is compared with 0 by halves (sign_by_halves: its form is not needed,
 * and can be far costlier than the comparison), or, where the store refuses that, the move is
 * judged by outcomes, as every move is without canonical values. */
static nb_status judge_move(judge *j, size_t c, const nb_pos *parts, size_t k, bool *wins,
                            nb_error *err) {
  nb_status st = NB_OK;
  if (!j->partizan) {
    uint64_t after = j->total ^ j->g[c];
    for (size_t i = 0; i < k && st == NB_OK; i++) {
      uint64_t v;
      st = component_grundy(j->s, parts[i], &v, err);
      after ^= v;
    }
    *wins = after == 0;
    return st;
  }
  if (!j->canonical) return wins_by_outcome(j, c, parts, k, wins, err);
  nb_cg *after = j->vals + j->n;
  size_t len = 0;
  for (size_t i = 0; i < j->n; i++)
    if (i != c) after[len++] = j->vals[i];
  steps_begin(j->s, j->store);
  for (size_t i = 0; st == NB_OK && i < k; i++)
    st = nb_solver_canonical(j->s, parts[i], &after[len++], err);
  steps_end(j->store);
  bool ge = false, le = false;
  if (st == NB_OK) st = sign_by_halves(j->s, j->store, after, len, &ge, &le, err);
  if (st == NB_OK) *wins = j->who == NB_LEFT ? ge : le;
  return st == NB_EDATA ? wins_by_outcome(j, c, parts, k, wins, err) : st;
}

/* Flags in win[] (a bit per move, in list order) the moves of comps[0..n) that win for j->who,
 * one component's moves at a time in sc; counts them and their parts. */
static nb_status flag_winning(judge *j, scratch *sc, uint64_t *win, size_t *count, size_t *nparts,
                              nb_error *err) {
  const nb_game *g = nb_solver_game(j->s);
  nb_status st = NB_OK;
  size_t index = 0;
  *count = *nparts = 0;
  for (size_t c = 0; c < j->n && st == NB_OK; c++) {
    nb_moves m = scratch_moves(g, j->comps[c], j->who, sc);
    const nb_pos *parts = sc->part;
    for (size_t i = 0; i < m.count && st == NB_OK; parts += sc->move[i++].parts, index++) {
      bool wins = false;
      st = judge_move(j, c, parts, sc->move[i].parts, &wins, err);
      if (!wins) continue;
      win[index / 64] |= 1ull << (index % 64);
      ++*count;
      *nparts += sc->move[i].parts;
    }
  }
  return st;
}

/* The refusal of a family whose moves differ from one call to the next on one position (the
 * contract says they come the same, in a fixed order). */
static nb_status moves_changed(const nb_game *g, nb_error *err) {
  return nb_fail(err, NB_EINTERNAL,
                 "family '%s': its moves changed between two calls on one position",
                 g->family->name);
}

/* Copies the moves flagged in win[] into out (room for `count` moves and `nparts` parts: the
 * flagged ones), making each component's moves again in sc. A family whose moves changed since
 * they were flagged is refused (moves_changed), never let past the room made nor given a list
 * other than the one judged. */
static nb_status copy_flagged(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                              const uint64_t *win, size_t count, size_t nparts, scratch *sc,
                              nb_move_list *out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  size_t index = 0;
  for (size_t c = 0; c < n; c++) {
    nb_moves m = scratch_moves(g, comps[c], who, sc);
    const nb_pos *parts = sc->part;
    for (size_t i = 0; i < m.count; parts += sc->move[i++].parts, index++) {
      if (!(win[index / 64] >> (index % 64) & 1)) continue;
      if (out->count == count || sc->move[i].parts > nparts - out->nparts)
        return moves_changed(g, err);
      memcpy(out->part + out->nparts, parts, sc->move[i].parts * sizeof *parts);
      out->move[out->count++] =
          (nb_sum_move){.component = c, .first = out->nparts, .move = sc->move[i]};
      out->nparts += sc->move[i].parts;
    }
  }
  return out->count == count && out->nparts == nparts ? NB_OK : moves_changed(g, err);
}

nb_status nb_winning_moves(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                           nb_move_list *out, nb_error *err) {
  const nb_family *fam = nb_solver_game(s)->family;
  size_t bound, most, count = 0, nparts = 0;
  scratch sc;
  judge j;
  *out = (nb_move_list){0};
  nb_status st = list_bound(s, comps, n, &bound, &most, err);
  if (st != NB_OK || (st = scratch_new(fam, most, &sc, err)) != NB_OK) return st;
  uint64_t *win = nb_alloc(bound / 64 + 1, sizeof *win, err);
  st = win == NULL ? NB_EINTERNAL : judge_new(s, comps, n, who, &j, err);
  if (win != NULL) {
    memset(win, 0, (bound / 64 + 1) * sizeof *win);
    if (st == NB_OK) st = flag_winning(&j, &sc, win, &count, &nparts, err);
    judge_free(&j);
  }
  if (st == NB_OK) { /* room for at least one: an empty list's arrays exist too */
    out->move = nb_alloc(count + 1, sizeof *out->move, err);
    out->part = out->move ? nb_alloc(nparts + 1, sizeof *out->part, err) : NULL;
    st = out->part != NULL ? NB_OK : NB_EINTERNAL;
  }
  if (st == NB_OK) st = copy_flagged(s, comps, n, who, win, count, nparts, &sc, out, err);
  if (st != NB_OK) nb_move_list_free(out);
  free(win);
  scratch_free(&sc);
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
