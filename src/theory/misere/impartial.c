/*
 * impartial.c: misère play, impartial games: who wins, by genus where a theorem covers the sum,
 * by the search of the rules elsewhere.
 *
 * In misère play the player who cannot move wins, and Sprague-Grundy fails: a sum's outcome is
 * no function of its components' Grundy values. What theory there is, is Conway's genus (On
 * Numbers and Games ch. 12; Winning Ways ch. 13), computed from the rules by the misère search
 * (core/misere.c, which states and proves the rule used here): each component's genus
 * g^(g0 g1 ...), and for a sum of tame components (hereditarily fickle or firm) the tame rule:
 * with G the xor of their normal Grundy values, the sum is lost for the player to move iff
 * G = 1 when every component is fickle (genus 0^120 or 1^031, like the nim heaps *0 and *1),
 * iff G = 0 otherwise. Misère Nim (Bouton) is its case of nim heaps. A sum with a wild
 * component (neither) is decided by the sum search, which follows the game's misère convention:
 * the oracle of every test here. Where the misère search cannot value a component (too deep, or
 * past its limits) the sum search decides alone, and the report says why no genus is given.
 *
 * Sums of heaps. A sum of two or more heaps of a heap game (games/heaps.h), or one heap past
 * QUOTIENT_HEAPS (below it, one heap is told by its genus), each of at most
 * QUOTIENT_HEAPS tokens, that the genus does not decide is decided by the misère quotient of the
 * heaps up to its largest (heap/heapquot.c, proved there): the product of the heaps' elements,
 * in P or not, in time linear in the heaps once the quotient is made. A sum with a larger heap
 * asks for the quotient of the heaps up to NB_QUOTIENT_MAX_HEAPS, made until theorem M of
 * heapquot.c proves it to be the quotient of every heap size (Kayles at heap 167, 0.75 at 21):
 * then every heap, of any size, has its element by the pretending function's period; a quotient
 * not so proven answers heaps up to its bound only. Games with no periodicity theorem (nim,
 * grundy) never ask for it: their larger heaps go to the genus and the search as before. The
 * quotient is made with limits of its own (QUOTIENT_*: sums, pairs and moves, the moves bounding
 * its work to about a second) and kept in the solver's theory slot;
 * a game whose quotient passes them (wild games past a few heaps) is remembered as refused at
 * that bound and its sums go to the sum search, which stays the oracle (tests/test_quotient.c).
 * A sum with a heap past GENUS_HEAPS goes to the quotient before any genus is computed (the
 * genus of one heap of 35 Kayles takes seconds; 20 heaps up to 50 take 0.15 s by quotient), and
 * its report gives no genus for those heaps (nor when that quotient passed its limits: then the
 * sum search decides, with no genus of the heaps past GENUS_HEAPS either). How each sum was
 * decided (and by which quotient) is recorded when value_of decides it, and its report says so
 * from that record, the one mechanism: report is called only by nb_value_report (theory.c), right
 * after value_of of the same sum, and nothing between the two makes or drops a quotient, so the
 * record is always this sum's (asserted in the checked builds by the sum's hash). Deriving it
 * again at report time (which quotient covers the sum now) would be a second way to the same
 * answer, and a wrong one if a quotient made for another sum in between covered this one.
 * Winning moves of such a sum are judged the same
 * way: a move wins iff the sum it leaves is a sum of small heaps whose element is in the
 * P-portion (or, past the quotient, iff the sum search says the opponent loses).
 *
 * Values: one component, or a sum of tame ones, is told by its genus (NB_VALUE_GENUS: "0^120",
 * the sum of tame components g^(m, g xor 2, g) by the same rule); a sum with a wild component
 * by its outcome class (P or N) alone. A move wins iff the sum it leaves is lost for the
 * opponent moving first: by the tame rule on the components' values when the sum is tame (every
 * part of a tame component's option is tame), else by the sum search. Words: "the first player
 * wins (misère play)".
 */
#include "core/sumkey.h"
#include "games/heaps.h"
#include "heap/heapquot.h"
#include "theory/theory.h"

#include <stdlib.h>
#include <string.h>

static bool accepts(const nb_family *f) {
  return !f->partizan;
}

/* --- values ---------------------------------------------------------------------------------- */

/* A component's misère facts: *known false (and why in note) when the misère search refused it
 * as too large (NB_EDATA); other failures are returned. */
static nb_status component_info(nb_solver *s, nb_pos p, nb_misere_info *info, bool *known,
                                char note[512], nb_error *err) {
  nb_misere *m;
  nb_error why = {0};
  nb_status st = nb_solver_misere(s, &m, err);
  if (st != NB_OK) return st;
  st = nb_misere_component(m, p, info, &why);
  *known = st == NB_OK;
  if (st == NB_EDATA && note != NULL) snprintf(note, 512, "%s", why.message);
  if (st != NB_OK && st != NB_EDATA && err != NULL) *err = why;
  return st == NB_EDATA ? NB_OK : st;
}

/* The genus of a sum of tame components whose normal values xor to g, all fickle or not: the
 * tame rule gives g0 (g xor 1 when all fickle, else g), and g xor 2, g alternating after. */
static nb_genus tame_genus(uint64_t g, bool fickle) {
  nb_genus out = {.g = g, .tame = true};
  uint64_t t[4] = {fickle ? g ^ 1 : g, g ^ 2, g, g ^ 2};
  out.len = t[0] == t[2] ? 2 : 3; /* written up to where the alternation starts */
  memcpy(out.term, t, out.len * sizeof t[0]);
  out.computed = out.len + 2;
  return out;
}

/* Whether the player to move wins the sum, by the sum search (misère: the game's convention). */
static nb_status search_wins(nb_solver *s, const nb_pos *comps, size_t n, bool *wins,
                             nb_error *err) {
  nb_sum_search *sums;
  nb_status st = nb_solver_sum_search(s, &sums, err);
  return st == NB_OK ? nb_sum_search_wins(sums, comps, n, NB_LEFT, wins, NULL, err) : st;
}

enum {
  QUOTIENT_HEAPS = 100,          /* the largest heap a sum is decided by quotient for */
  QUOTIENT_POSITIONS = 1 << 20,  /* outcomes the quotient's search may remember */
  QUOTIENT_SIGNATURES = 1 << 17, /* signatures its proof may visit */
  QUOTIENT_MOVES = 1 << 23,      /* moves its trials and search may examine: about a second of
                                    work (its other steps are bounded by these moves: 0.07 to 50,
                                    refused at heap 31, 1.5 s; 2^25 took 7 s), and room for every
                                    quotient of the README's tables (0.347 to 24 needs over 4M) */
  GENUS_HEAPS = 20,              /* past it, a heap's genus in a sum the quotient decides is not
                                    computed (a heap of 30 Kayles takes 1.7 s, of 35 5.8 s) */
};

/* How value_of decided a sum, recorded then for its report (which says so without deriving it
 * again). */
typedef enum decided_by {
  BY_GENUS,          /* a component's genus, or the tame rule on the components' */
  BY_QUOTIENT_FIRST, /* the misère quotient, before any genus (quotient_first) */
  BY_SEARCH_FIRST,   /* the sum search, the quotient asked first having passed its limits */
  BY_QUOTIENT_AFTER, /* the quotient, after the genus rule (a component refused, or wild) */
  BY_SEARCH,         /* the sum search, after the genus rule and the quotient */
} decided_by;

/* The solver's quotient of small heaps, and how value_of decided its last sum (its theory
 * slot). */
typedef struct small_quotient {
  nb_quotient *q;          /* the quotient of heaps up to q->heaps, or NULL: none made yet */
  uint64_t refused;        /* the least heap bound whose quotient passed the limits (0: none) */
  decided_by by;           /* how value_of decided its last sum */
  const nb_quotient *by_q; /* the quotient that decided it (q then), or NULL */
  uint64_t last_hash;      /* that sum's hash (nb_sumkey_hash, components in their order) */
} small_quotient;

static void small_quotient_free(void *data) {
  small_quotient *c = data;
  nb_quotient_free(c->q);
  free(c);
}

/* The solver's theory slot, made on first use. */
static small_quotient *theory_state(nb_solver *s, nb_error *err) {
  nb_theory_slot *slot = nb_solver_theory_slot(s);
  if (slot->data == NULL) {
    if ((slot->data = nb_alloc(1, sizeof(small_quotient), err)) == NULL) return NULL;
    *(small_quotient *)slot->data = (small_quotient){0};
    slot->destroy = small_quotient_free;
  }
  return slot->data;
}

/* Records that the sum comps[0..n) was decided `by` (with the quotient q, or NULL), for its
 * report. */
static nb_status record(nb_solver *s, const nb_pos *comps, size_t n, decided_by by,
                        const nb_quotient *q, nb_error *err) {
  small_quotient *c = theory_state(s, err);
  if (c == NULL) return NB_EINTERNAL;
  c->by = by, c->by_q = q, c->last_hash = nb_sumkey_hash(0, comps, n, 0);
  return NB_OK;
}

/* The quotient that answers heaps up to `most`, made or kept in the solver; *q NULL when
 * refused. Up to QUOTIENT_HEAPS it is the quotient of the heaps up to `most`; past it, the one of
 * the heaps up to NB_QUOTIENT_MAX_HEAPS (made until theorem M of heapquot.c proves it to be the
 * quotient of every heap size, if it does), which answers heaps past its bound only when proven
 * so (q->stable: their elements by the period). */
static nb_status small_quotient_of(nb_solver *s, const nb_heap_rules *r, uint64_t most,
                                   const nb_quotient **q, nb_error *err) {
  *q = NULL;
  small_quotient *c = theory_state(s, err);
  if (c == NULL) return NB_EINTERNAL;
  uint64_t bound = most <= QUOTIENT_HEAPS ? most : NB_QUOTIENT_MAX_HEAPS;
  if (most > QUOTIENT_HEAPS && !nb_heap_has_period_theorem(r, NULL))
    return NB_OK; /* nim,
grundy: no quotient is proven stable, and misère Nim's to 200 costs seconds for nothing */
  if (c->q != NULL && (c->q->stable || c->q->heaps >= most)) {
    *q = c->q;
    return NB_OK;
  }
  if (c->refused != 0 && bound >= c->refused) return NB_OK;
  if (c->q == NULL || c->q->heaps < bound) {
    nb_limits lim = *nb_solver_limits(s);
    lim.positions = lim.positions < QUOTIENT_POSITIONS ? lim.positions : QUOTIENT_POSITIONS;
    lim.sums = lim.sums < QUOTIENT_SIGNATURES ? lim.sums : QUOTIENT_SIGNATURES;
    lim.moves_examined = lim.moves_examined < QUOTIENT_MOVES ? lim.moves_examined : QUOTIENT_MOVES;
    nb_quotient *made = NULL;
    nb_error why = {0};
    nb_status st = nb_quotient_compute(r, (uint32_t)bound, &lim, &made, NULL, &why);
    if (st == NB_EDATA) {
      c->refused = bound;
      return NB_OK;
    }
    if (st != NB_OK) return err != NULL ? (*err = why, st) : st;
    nb_quotient_free(c->q);
    c->q = made;
  }
  if (c->q->heaps >= most || c->q->stable) *q = c->q;
  return NB_OK;
}

/* Whether the sum is heaps of a heap game that the quotient decides (*decided), and then
 * whether the player to move wins (and, used not NULL, the quotient that decides). */
static nb_status quotient_wins(nb_solver *s, const nb_pos *comps, size_t n, bool *decided,
                               bool *wins, const nb_quotient **used, nb_error *err) {
  *decided = false;
  const nb_heap_rules *r = nb_heap_game_rules(nb_solver_game(s));
  uint64_t most = 0;
  if (r == NULL || n == 0) return NB_OK;
  for (size_t i = 0; i < n; i++) {
    if (comps[i].hi != 0) return NB_OK;
    most = comps[i].lo > most ? comps[i].lo : most;
  }
  const nb_quotient *q;
  nb_status st = most > 0 ? small_quotient_of(s, r, most, &q, err) : NB_OK;
  if (st != NB_OK || most == 0 || q == NULL) return st;
  uint32_t e = 0;
  for (size_t i = 0; i < n; i++)
    e = nb_quotient_times(q, e, comps[i].lo);
  *decided = true;
  *wins = !q->p[e]; /* P: the player to move loses */
  if (used != NULL) *used = q;
  return NB_OK;
}

/* Whether the sum goes to the quotient before any genus: two or more heaps of a heap game, one
 * past GENUS_HEAPS (whose genus alone would cost seconds), or one heap past QUOTIENT_HEAPS (its
 * genus by the search: seconds at 40 tokens of 0.75, refused at 10^6; a heap up to it keeps its
 * genus, as `table --misere` prints it). */
static bool quotient_first(const nb_solver *s, const nb_pos *comps, size_t n) {
  if (s == NULL || n == 0 || nb_heap_game_rules(nb_solver_game(s)) == NULL) return false;
  const nb_heap_rules *r = nb_heap_game_rules(nb_solver_game(s));
  bool big = false;
  for (size_t i = 0; i < n; i++) {
    if (comps[i].hi != 0) return false;
    if (comps[i].lo > QUOTIENT_HEAPS && !nb_heap_has_period_theorem(r, NULL)) return false;
    big = big || comps[i].lo > (n == 1 ? QUOTIENT_HEAPS : GENUS_HEAPS);
  }
  return big;
}

static nb_value outcome_value(bool first_wins) {
  return (nb_value){.kind = NB_VALUE_OUTCOME,
                    .play = NB_PLAY_MISERE,
                    .outcome = first_wins ? NB_OUTCOME_N : NB_OUTCOME_P};
}

static nb_status value_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                          nb_error *err) {
  uint64_t g = 0;
  bool tame = true, fickle = true, known = true;
  char note[512] = "";
  bool first = quotient_first(s, comps, n);
  if (first) { /* no genus: the quotient alone, linear in the heaps */
    bool wins, decided;
    const nb_quotient *q = NULL;
    nb_status st = quotient_wins(s, comps, n, &decided, &wins, &q, err);
    if (st != NB_OK) return st;
    if (decided) {
      *out = outcome_value(wins);
      return record(s, comps, n, BY_QUOTIENT_FIRST, q, err);
    }
    /* The quotient passed its limits: the genus of a heap past GENUS_HEAPS would cost seconds
     * more (6 s of CPU for one heap of 50 of 0.07), so the sum search decides, within the
     * limits (--moves-examined), or refuses naming one. */
    known = false;
    snprintf(note, sizeof note, "%s", "genus not computed: a heap past 20 tokens, and the misère "
                                      "quotient passed its limits");
  }
  for (size_t i = 0; i < n && known && tame; i++) {
    nb_misere_info info;
    nb_status st = component_info(s, comps[i], &info, &known, note, err);
    if (st != NB_OK) return st;
    g ^= info.g;
    tame = known && info.tame;
    fickle = fickle && info.g0 != info.g;
  }
  if (n == 1 && known && !tame) { /* one wild component: its genus by the misère search */
    nb_misere *m;
    nb_genus genus;
    nb_error why = {0};
    nb_status st = nb_solver_misere(s, &m, err);
    if (st == NB_OK) st = nb_misere_genus(m, comps[0], &genus, &why);
    if (st == NB_OK) {
      *out = outcome_value(genus.term[0] != 0);
      out->kind = NB_VALUE_GENUS, out->nimber = genus.g, out->genus = genus;
      return record(s, comps, n, BY_GENUS, NULL, err);
    }
    if (st != NB_EDATA) return err != NULL ? (*err = why, st) : st;
    snprintf(note, sizeof note, "%s", why.message);
  }
  if (known && tame) {
    nb_genus genus = tame_genus(g, fickle);
    *out = outcome_value(genus.term[0] != 0);
    out->kind = NB_VALUE_GENUS, out->nimber = g, out->genus = genus;
    return record(s, comps, n, BY_GENUS, NULL, err);
  }
  bool wins, decided;
  const nb_quotient *q = NULL;
  nb_status st = quotient_wins(s, comps, n, &decided, &wins, &q, err);
  if (st == NB_OK && !decided) st = search_wins(s, comps, n, &wins, err);
  if (st != NB_OK) return st;
  *out = outcome_value(wins);
  snprintf(out->note, sizeof out->note, "%s", note);
  decided_by by = decided ? BY_QUOTIENT_AFTER : first ? BY_SEARCH_FIRST : BY_SEARCH;
  return record(s, comps, n, by, decided ? q : NULL, err);
}

static nb_status size_value(nb_solver *s, nb_pos p, nb_value *out, nb_error *err) {
  return value_of(s, &p, 1, out, err);
}

/* --- winning moves --------------------------------------------------------------------------- */

struct nb_judge {
  nb_solver *s;          /* the solver */
  const nb_pos *comps;   /* the sum */
  size_t n;              /* its components */
  bool tame;             /* every component is tame: moves are judged by the tame rule */
  uint64_t g;            /* tame: the xor of the components' normal Grundy values */
  size_t firm;           /* tame: how many components are firm */
  nb_pos *after;         /* not tame: room for the sum after a move */
  nb_misere_info info[]; /* tame: each component's */
};

static nb_status judge_new(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                           nb_judge **out, nb_error *err) {
  (void)who; /* both players have the same moves */
  nb_judge *j = nb_alloc(1, sizeof *j + (n + 1) * sizeof j->info[0], err);
  if (j == NULL) return NB_EINTERNAL;
  *j = (nb_judge){.s = s, .comps = comps, .n = n, .tame = true};
  nb_status st = NB_OK;
  if (quotient_first(s, comps, n)) j->tame = false; /* each move by the quotient, no genus */
  for (size_t i = 0; i < n && st == NB_OK && j->tame; i++) {
    bool known;
    st = component_info(s, comps[i], &j->info[i], &known, NULL, err);
    j->tame = known && j->info[i].tame;
    j->g ^= j->info[i].g;
    j->firm += j->info[i].g0 == j->info[i].g;
  }
  if (st == NB_OK && !j->tame) {
    size_t most = s != NULL ? nb_solver_game(s)->family->max_parts : 1;
    j->after = nb_alloc(n + (most > 1 ? most : 1), sizeof *j->after, err);
    st = j->after != NULL ? NB_OK : NB_EINTERNAL;
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
  if (!j->tame) { /* the opponent, moving first in the sum after the move, must lose */
    bool opp_wins;
    size_t len = nb_sum_replace(j->comps, j->n, c, parts, k, j->after);
    bool decided = false; /* a sum of small heaps: a win iff its element is in the P-portion */
    nb_status st = quotient_wins(j->s, j->after, len, &decided, &opp_wins, NULL, err);
    if (st == NB_OK && !decided) st = search_wins(j->s, j->after, len, &opp_wins, err);
    *wins = !opp_wins;
    return st;
  }
  uint64_t g = j->g ^ j->info[c].g;
  size_t firm = j->firm - (j->info[c].g0 == j->info[c].g);
  for (size_t i = 0; i < k; i++) { /* parts of a tame component's option: tame */
    nb_misere_info info;
    bool known;
    nb_status st = component_info(j->s, parts[i], &info, &known, NULL, err);
    if (st != NB_OK) return st;
    NB_ASSERT(known && info.tame);
    g ^= info.g;
    firm += info.g0 == info.g;
  }
  *wins = (firm > 0 ? g : g ^ 1) == 0; /* the tame rule: the sum left is lost */
  return NB_OK;
}

static void judge_free(nb_judge *j) {
  if (j != NULL) free(j->after);
  free(j);
}

/* --- telling --------------------------------------------------------------------------------- */

static const char *winner(const nb_value *v) {
  return nb_value_wins(v, NB_LEFT) ? "first" : "second";
}

/* Each component's genus, text ("1^031") or NULL where the misère search refused it. */
static nb_status add_genera(nb_solver *s, const nb_pos *comps, size_t n, bool skip, bool json,
                            nb_text *out, nb_error *err) {
  nb_misere *m;
  nb_status st = nb_solver_misere(s, &m, err); /* skip: heaps past GENUS_HEAPS are "?" */
  for (size_t i = 0; i < n && st == NB_OK; i++) {
    nb_genus genus = {0};
    nb_error why;
    nb_status got =
        skip && comps[i].lo > GENUS_HEAPS ? NB_EDATA : nb_misere_genus(m, comps[i], &genus, &why);
    if (got != NB_OK && got != NB_EDATA) return err != NULL ? (*err = why, got) : got;
    nb_value v = {.kind = NB_VALUE_GENUS, .nimber = genus.g, .genus = genus};
    if (i > 0) st = nb_text_add(out, json ? "," : " ", 1, err);
    if (st == NB_OK && got != NB_OK)
      st = nb_text_add(out, json ? "null" : "?", json ? 4 : 1, err);
    else if (st == NB_OK && json)
      st = nb_value_json_add(nb_solver_game(s), &v, out, err);
    else if (st == NB_OK)
      st = nb_theory_add_value_text(&v, out, err);
  }
  return st;
}

static nb_status report(nb_solver *s, const nb_pos *comps, size_t n, const nb_value *v,
                        unsigned flags, nb_text *out, nb_error *err) {
  uint64_t rem = 0;
  bool json = flags & NB_REPORT_JSON;
  nb_status st = NB_OK;
  /* How the sum was decided: value_of's record, of this sum (nb_value_report called value_of on
   * it just before; see the head of this file). */
  const small_quotient *c = nb_solver_theory_slot(s)->data;
  NB_ASSERT(c != NULL && c->last_hash == nb_sumkey_hash(0, comps, n, 0));
  bool skip = c->by == BY_QUOTIENT_FIRST || c->by == BY_SEARCH_FIRST;
  const nb_quotient *q = c->by == BY_QUOTIENT_FIRST ? c->by_q : NULL;
  /* decided by the quotient after a genus was refused */
  const nb_quotient *after = c->by == BY_QUOTIENT_AFTER && v->note[0] != '\0' ? c->by_q : NULL;
  if (flags & NB_REPORT_REMOTENESS) st = nb_remoteness(s, comps, n, NB_LEFT, &rem, err);
  if (st == NB_OK && json) st = nb_text_add(out, ",\"play\":\"misere\",\"value\":", 25, err);
  if (st == NB_OK && json) st = nb_value_json_add(nb_solver_game(s), v, out, err);
  if (st == NB_OK && json)
    st = nb_text_printf(out, err, ",\"winner\":\"%s\",\"genus\":[", winner(v));
  if (st == NB_OK && json) st = add_genera(s, comps, n, skip, true, out, err);
  if (st == NB_OK && json) st = nb_text_add(out, "]", 1, err);
  if (st == NB_OK && json && v->note[0] != '\0') st = nb_text_add(out, ",\"note\":", 8, err);
  if (st == NB_OK && json && v->note[0] != '\0') st = nb_text_json_string(out, v->note, err);
  if (st == NB_OK && json && (flags & NB_REPORT_REMOTENESS))
    st = nb_text_printf(out, err, ",\"remoteness\":%llu", (unsigned long long)rem);
  if (json) return st;
  if (st == NB_OK) st = nb_theory_add_value_text(v, out, err);
  if (st == NB_OK) st = nb_text_printf(out, err, ": the %s player wins (misère play)\n", winner(v));
  if (st == NB_OK && n > 1) st = nb_text_add(out, "genus of each component: ", 25, err);
  if (st == NB_OK && n > 1) st = add_genera(s, comps, n, skip, false, out, err);
  if (st == NB_OK && n > 1) st = nb_text_add(out, "\n", 1, err);
  if (st == NB_OK && q != NULL && q->stable)
    st = nb_text_printf(out, err,
                        "decided by the misère quotient of every heap size (order %u; proved "
                        "to heap %u, and past it by theorem M of heapquot.c: pretending period "
                        "%u from heap %u); no genus past heap %u\n",
                        (unsigned)q->order, (unsigned)q->proved_to, (unsigned)q->period,
                        (unsigned)q->preperiod, (unsigned)(n == 1 ? QUOTIENT_HEAPS : GENUS_HEAPS));
  else if (st == NB_OK && q != NULL)
    st = nb_text_printf(out, err,
                        "decided by the misère quotient of the heaps up to %u (order %u); no genus "
                        "past heap %u\n",
                        (unsigned)q->heaps, (unsigned)q->order,
                        (unsigned)(n == 1 ? QUOTIENT_HEAPS : GENUS_HEAPS));
  /* a component the misère search refused: the sum decided by the quotient where it covers the
   * heaps (value_of asks it before the search), else by the search */
  if (st == NB_OK && after != NULL)
    st = nb_text_printf(out, err,
                        "decided by the misère quotient of the heaps up to %u (order %u); no "
                        "genus: %s\n",
                        (unsigned)after->heaps, (unsigned)after->order, v->note);
  else if (st == NB_OK && v->note[0] != '\0')
    st = nb_text_printf(out, err, "decided by the search; no genus: %s\n", v->note);
  if (st == NB_OK && (flags & NB_REPORT_REMOTENESS))
    st = nb_text_printf(out, err, "remoteness: %llu\n", (unsigned long long)rem);
  return st;
}

/* Who moves first does not matter: `who` is either player. */
static nb_status verdict(const nb_value *v, nb_player who, unsigned flags, nb_text *out,
                         nb_error *err) {
  (void)who;
  nb_status st = NB_OK;
  if (flags & NB_REPORT_JSON) {
    st = nb_text_add(out, ",\"play\":\"misere\",\"value\":", 25, err);
    if (st == NB_OK) st = nb_theory_add_value_json(v, out, err);
    return st == NB_OK ? nb_text_printf(out, err, ",\"winner\":\"%s\"", winner(v)) : st;
  }
  st = nb_theory_add_value_text(v, out, err);
  return st == NB_OK ? nb_text_printf(out, err, ": the %s player wins (misère play)", winner(v))
                     : st;
}

static nb_status json_item(const nb_value *v, nb_text *out, nb_error *err) {
  return nb_theory_add_value_json(v, out, err);
}

const nb_theory nb_theory_misere_impartial = {
    .name = "misere impartial",
    .summary = "impartial, misère play: genus",
    .play = NB_PLAY_MISERE,
    .sides = 1,
    .size_classes = false,
    .size_noun = "genera",
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
