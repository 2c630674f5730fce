/*
 * values.c: the public value calls, moves of sums, and the winning-move driver.
 *
 * One value type (nb_value) carries every theory's values, so that whoever prints them never
 * asks which family or which kind of game it has. How a sum is valued and which of its moves win
 * are the game's theory's (theory.h: impartial/, partizan/); this file asks the theory, and does
 * what every theory shares: listing the moves of a sum, the sum after a move, the driver that
 * judges each move once and lists the winners, formatting values, periods and remoteness.
 */
#include "cgt/cgt.h"
#include "theory/theory.h"

#include <stdlib.h>
#include <string.h>

/* --- values ---------------------------------------------------------------------------------- */

nb_status nb_value_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out, nb_error *err) {
  return nb_game_theory(nb_solver_game(s))->value_of(s, comps, n, out, err);
}

nb_status nb_value_outcome(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                           nb_error *err) {
  const nb_theory *t = nb_game_theory(nb_solver_game(s));
  return (t->outcome_of != NULL ? t->outcome_of : t->value_of)(s, comps, n, out, err);
}

nb_status nb_value_of_size(nb_solver *s, uint64_t size, nb_value *out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  if (g->family->sizes == NULL)
    return nb_fail(err, NB_EUSAGE, "%s positions have no single size", g->family->name);
  nb_pos p;
  nb_status st = g->family->sizes->sized(g, size, &p, err);
  return st == NB_OK ? nb_game_theory(g)->size_value(s, p, out, err) : st;
}

bool nb_value_wins(const nb_value *v, nb_player first) {
  return nb_outcome_wins(v->outcome, first);
}

bool nb_value_equal(const nb_value *a, const nb_value *b) {
  if (a->kind == NB_VALUE_CANONICAL)
    return b->kind == NB_VALUE_CANONICAL && a->store == b->store && a->game == b->game;
  if (a->kind == NB_VALUE_GENUS && b->kind == NB_VALUE_GENUS &&
      (a->genus.len != b->genus.len ||
       memcmp(a->genus.term, b->genus.term, a->genus.len * sizeof a->genus.term[0]) != 0))
    return false;
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

/* A genus as "g^abc" (every term a digit) or "g^(a,b,c)" (some term of two digits or more). */
static int genus_format(const nb_genus *genus, char *buf, size_t cap) {
  char text[24 * (NB_GENUS_MAX + 1) + 4];
  size_t len = (size_t)snprintf(text, sizeof text, "%llu^", (unsigned long long)genus->g);
  bool digits = true;
  for (uint32_t i = 0; i < genus->len; i++)
    digits = digits && genus->term[i] < 10;
  if (!digits) text[len++] = '(';
  for (uint32_t i = 0; i < genus->len; i++)
    len += (size_t)snprintf(text + len, sizeof text - len, "%s%llu", !digits && i ? "," : "",
                            (unsigned long long)genus->term[i]);
  if (!digits) text[len++] = ')';
  return put_text(buf, cap, text, len);
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
    char text[1 + NB_U64_DIGITS] = "*"; /* '*' and up to 20 digits */
    if (v->nimber == 0) return put_text(buf, cap, "0", 1);
    return put_text(buf, cap, text, 1 + nb_format_u64(text + 1, v->nimber));
  }
  if (v->kind == NB_VALUE_GENUS) return genus_format(&v->genus, buf, cap);
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

nb_status nb_value_compare(const nb_value *a, const nb_value *b, int *relation,
                           nb_outcome *difference, nb_error *err) {
  static const nb_outcome decides[] = {NB_OUTCOME_P, NB_OUTCOME_R, NB_OUTCOME_L, NB_OUTCOME_N};
  if (a->kind == NB_VALUE_NIMBER && b->kind == NB_VALUE_NIMBER) {
    *relation = a->nimber == b->nimber ? NB_CG_EQUAL : NB_CG_CONFUSED;
    *difference = decides[*relation];
    return NB_OK;
  }
  if (a->kind != NB_VALUE_CANONICAL || b->kind != NB_VALUE_CANONICAL || a->store != b->store) {
    const char *note = a->kind == NB_VALUE_OUTCOME ? a->note : b->note;
    return nb_fail(err, NB_EUSAGE,
                   "cannot compare: only the outcome class of a side is known%s%s%s",
                   note[0] != '\0' ? " (" : "", note, note[0] != '\0' ? ")" : "");
  }
  nb_cg_order order;
  nb_status st = nb_cg_compare(a->store, a->game, b->game, &order, err);
  if (st != NB_OK) return st;
  *relation = (int)order;
  *difference = decides[order];
  return NB_OK;
}

int nb_value_list_order(const nb_value *a, const nb_value *b) {
  if (a->kind != NB_VALUE_NIMBER || b->kind != NB_VALUE_NIMBER || a->nimber == b->nimber) return 0;
  return a->nimber < b->nimber ? -1 : 1;
}

nb_status nb_value_of_notation(const nb_value *like, const char *text, nb_value *out,
                               nb_error *err) {
  if (like->kind != NB_VALUE_CANONICAL)
    return nb_fail(err, NB_EUSAGE, "a game in CGSuite's notation needs a partizan game's store");
  nb_cg g;
  nb_status st = nb_cg_parse(like->store, text, &g, err);
  if (st == NB_OK) st = nb_cg_outcome(like->store, g, &out->outcome, err);
  if (st != NB_OK) return st;
  out->kind = NB_VALUE_CANONICAL;
  out->nimber = 0;
  out->game = g;
  out->store = like->store;
  out->form_text = like->form_text;
  out->note[0] = '\0';
  return NB_OK;
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
  const nb_sizes_facet *sizes = g->family->sizes;
  char spec[NB_QUOTE_CAP];
  if (g->play == NB_PLAY_MISERE) /* the family's proof is of normal play's values */
    return nb_fail(err, NB_EUSAGE,
                   "%s in misère play: no theorem here proves periods of genus sequences (a "
                   "period engine proves periods of normal-play values)",
                   nb_game_spec_quote(g, spec));
  if (sizes == NULL || sizes->period == NULL)
    return nb_fail(err, NB_EUSAGE, "%s has no period engine", g->family->name);
  void *cache;
  nb_status st = nb_solver_cache(s, &cache, err);
  if (st != NB_OK) return st;
  memset(out, 0, sizeof *out);
  return sizes->period(g, cache, max, nb_solver_limits(s), out, err);
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
 * may have (most), by the family's move_bound; NB_EDATA when bound passes limits.held_moves, or
 * when so many moves could take more than limits.memory bytes. */
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
  /* and within limits.memory: at most a list's move and parts, and the family's scratch, a move */
  size_t max_parts = g->family->max_parts > 1 ? g->family->max_parts : 1;
  nb_memory memory = {.limit = nb_solver_limits(s)->memory, .what = "a list of moves"};
  return nb_memory_check(
      &memory, *bound, sizeof(nb_sum_move) + sizeof(nb_move) + 2 * max_parts * sizeof(nb_pos), err);
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

/* Component p's moves for `who`, into sc; *m says how many. */
static nb_status scratch_moves(const nb_game *g, nb_pos p, nb_player who, scratch *sc, nb_moves *m,
                               nb_error *err) {
  *m = (nb_moves){.move = sc->move, .part = sc->part};
  return g->family->moves(g, p, who, m, err);
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
  for (size_t i = 0; i < n && st == NB_OK; i++) {
    nb_moves m = {.move = one, .part = out->part + out->nparts};
    st = g->family->moves(g, comps[i], who, &m, err);
    for (size_t j = 0, first = out->nparts; j < m.count; first += one[j++].parts)
      out->move[out->count++] = (nb_sum_move){.component = i, .first = first, .move = one[j]};
    out->nparts += m.nparts;
  }
  free(one);
  if (st != NB_OK) nb_move_list_free(out); /* a family refused: no list, not part of one */
  return st;
}

size_t nb_sum_replace(const nb_pos *comps, size_t n, size_t c, const nb_pos *parts, size_t k,
                      nb_pos *out) {
  memcpy(out, comps, c * sizeof *out);
  memcpy(out + c, parts, k * sizeof *out);
  memcpy(out + c + k, comps + c + 1, (n - c - 1) * sizeof *out);
  return n - 1 + k;
}

size_t nb_sum_after(const nb_pos *comps, size_t n, const nb_move_list *l, size_t i, nb_pos *out) {
  const nb_sum_move *m = &l->move[i];
  return nb_sum_replace(comps, n, m->component, l->part + m->first, m->move.parts, out);
}

nb_status nb_sum_after_in_place(const nb_game *g, const nb_pos *comps, size_t n,
                                const nb_move_list *l, size_t i, nb_player who, nb_pos *out,
                                size_t *count, nb_error *err) {
  const nb_sum_move *m = &l->move[i];
  if (g->family->in_place == NULL) {
    *count = nb_sum_after(comps, n, l, i, out);
    return NB_OK;
  }
  nb_pos board;
  nb_status st = g->family->in_place(g, comps[m->component], who, &m->move, &board, err);
  if (st == NB_EUSAGE) { /* not kept in place for this game: its parts are shown */
    *count = nb_sum_after(comps, n, l, i, out);
    return NB_OK;
  }
  if (st == NB_OK) *count = nb_sum_replace(comps, n, m->component, &board, 1, out);
  return st;
}

/* The moves of `who` in the sum comps[0..n) being judged by the theory t. */
typedef struct judging {
  const nb_theory *t;  /* the game's theory */
  nb_judge *j;         /* its judge of these moves */
  nb_solver *s;        /* the solver */
  const nb_pos *comps; /* the sum */
  size_t n;            /* its components */
  nb_player who;       /* whose moves */
} judging;

/* Flags in win[] (a bit per move, in list order) the moves of the sum that win, one component's
 * moves at a time in sc; counts them and their parts. */
static nb_status flag_winning(const judging *d, scratch *sc, uint64_t *win, size_t *count,
                              size_t *nparts, nb_error *err) {
  const nb_game *g = nb_solver_game(d->s);
  nb_status st = NB_OK;
  size_t index = 0;
  *count = *nparts = 0;
  for (size_t c = 0; c < d->n && st == NB_OK; c++) {
    nb_moves m;
    st = scratch_moves(g, d->comps[c], d->who, sc, &m, err);
    const nb_pos *parts = sc->part;
    for (size_t i = 0; i < m.count && st == NB_OK; parts += sc->move[i++].parts, index++) {
      bool wins = false;
      st = d->t->judge_move(d->j, c, parts, sc->move[i].parts, &wins, err);
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
    nb_moves m;
    nb_status st = scratch_moves(g, comps[c], who, sc, &m, err);
    if (st != NB_OK) return st;
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
  const nb_game *g = nb_solver_game(s);
  judging d = {.t = nb_game_theory(g), .s = s, .comps = comps, .n = n, .who = who};
  size_t bound, most, count = 0, nparts = 0;
  scratch sc;
  *out = (nb_move_list){0};
  nb_status st = list_bound(s, comps, n, &bound, &most, err);
  if (st != NB_OK || (st = scratch_new(g->family, most, &sc, err)) != NB_OK) return st;
  uint64_t *win = nb_alloc(bound / 64 + 1, sizeof *win, err);
  st = win == NULL ? NB_EINTERNAL : d.t->judge_new(s, comps, n, who, &d.j, err);
  if (st == NB_OK) {
    memset(win, 0, (bound / 64 + 1) * sizeof *win);
    st = flag_winning(&d, &sc, win, &count, &nparts, err);
    d.t->judge_free(d.j);
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

/* The list of the one move `index` of all into out (its parts copied). */
static nb_status keep_one(const nb_move_list *all, size_t index, nb_move_list *out, nb_error *err) {
  const nb_sum_move *m = &all->move[index];
  out->move = nb_alloc(1, sizeof *out->move, err);
  out->part = out->move ? nb_alloc(m->move.parts + 1, sizeof *out->part, err) : NULL;
  if (out->part == NULL) {
    nb_move_list_free(out);
    return NB_EINTERNAL;
  }
  memcpy(out->part, all->part + m->first, m->move.parts * sizeof *out->part);
  out->move[0] = (nb_sum_move){.component = m->component, .first = 0, .move = m->move};
  out->count = 1, out->nparts = m->move.parts;
  return NB_OK;
}

nb_status nb_winning_move(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                          nb_move_list *out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  const nb_partizan_facet *eval = g->family->partizan ? g->family->partizan_eval : NULL;
  nb_move_list all;
  *out = (nb_move_list){0};
  if (n != 1 || eval == NULL || eval->winning_move == NULL ||
      nb_game_play(g) != NB_PLAY_NORMAL) { /* the first of every winning move */
    nb_status st = nb_winning_moves(s, comps, n, who, &all, err);
    if (st == NB_OK && all.count > 0) st = keep_one(&all, 0, out, err);
    nb_move_list_free(&all);
    return st;
  }
  void *cache;
  bool found = false;
  uint32_t tag = 0;
  nb_status st = nb_solver_cache(s, &cache, err);
  if (st == NB_OK) st = eval->winning_move(g, cache, comps[0], who, &found, &tag, err);
  if (st != NB_OK || !found) return st;
  st = nb_sum_moves(s, comps, n, who, &all, err);
  size_t i = 0;
  while (st == NB_OK && i < all.count && all.move[i].move.tag != tag)
    i++;
  if (st == NB_OK && i == all.count)
    st = nb_fail(err, NB_EINTERNAL, "family '%s': its winning move is not one of its moves",
                 g->family->name);
  if (st == NB_OK) st = keep_one(&all, i, out, err);
  nb_move_list_free(&all);
  return st;
}

int nb_sum_move_describe(const nb_game *g, const nb_pos *comps, size_t n, const nb_move_list *l,
                         size_t i, char *buf, size_t cap) {
  const nb_sum_move *m = &l->move[i];
  int pre = 0;
  if (g->family->sum_needs_index && n > 1) pre = snprintf(buf, cap, "%zu:", m->component + 1);
  size_t room;
  char *at = nb_bounded_at(buf, cap, pre, &room);
  return pre + g->family->describe(g, comps[m->component], &m->move, l->part + m->first, at, room);
}
