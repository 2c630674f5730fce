/*
 * partizan.c: misère play, partizan games: outcome classes by search.
 *
 * Left and Right have their own moves, and the player who cannot move wins. No canonical form
 * of normal play says anything here (misère forms are another algebra, not built), so a sum is
 * told by its misère outcome class alone, from a search of the rules that follows the game's
 * misère convention: whether Left wins moving first, whether Right does, hence L, R, N or P. The
 * family's fast outcome evaluator is normal play's and is not asked. A move of Left's wins iff
 * Right, moving first in the sum it leaves, loses; Right's likewise.
 *
 * The search is the outcome search (core/outcome.c), which stops at each sum's first winning
 * move and keeps one bit a sum, rather than the sum search (core/sumsearch.c), which keeps the
 * remoteness of every sum and so must try every move (remoteness, when asked, still comes from
 * it). Both follow the game's convention, read when made, and agree: tests/test_outcome.c holds
 * them to each other on every small board of every partizan family and on sums, and
 * tests/test_misere.c this theory to the plain misère rules. With the outcome search the 3x6
 * Clobber checkerboard went from 2.46 s to 0.10 s (CPU, Release) and `x..#/..../.#../...o`
 * Amazons from 1.59 s to 0.27 s.
 */
#include "theory/theory.h"

#include <stdlib.h>

static bool accepts(const nb_family *f) {
  return f->partizan;
}

static const char *const meaning[] = {"the player to move loses", "the player to move wins",
                                      "Left wins whoever starts", "Right wins whoever starts"};

/* Whether `who`, moving first in the sum, wins it (misère: the game's convention). */
static nb_status wins_first(nb_solver *s, const nb_pos *comps, size_t n, nb_player who, bool *wins,
                            nb_error *err) {
  nb_outcome_search *search;
  nb_status st = nb_solver_outcome_search(s, &search, err);
  return st == NB_OK ? nb_outcome_search_wins(search, comps, n, who, wins, err) : st;
}

static nb_status value_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                          nb_error *err) {
  bool left = false, right = false;
  nb_status st = wins_first(s, comps, n, NB_LEFT, &left, err);
  if (st == NB_OK) st = wins_first(s, comps, n, NB_RIGHT, &right, err);
  if (st != NB_OK) return st;
  nb_outcome o =
      left ? (right ? NB_OUTCOME_N : NB_OUTCOME_L) : (right ? NB_OUTCOME_R : NB_OUTCOME_P);
  *out = (nb_value){.kind = NB_VALUE_OUTCOME, .play = NB_PLAY_MISERE, .outcome = o};
  return NB_OK;
}

static nb_status size_value(nb_solver *s, nb_pos p, nb_value *out, nb_error *err) {
  return value_of(s, &p, 1, out, err);
}

/* --- winning moves --------------------------------------------------------------------------- */

struct nb_judge {
  nb_solver *s;        /* the solver */
  const nb_pos *comps; /* the sum */
  size_t n;            /* its components */
  nb_player opponent;  /* who moves after the move judged */
  nb_pos *after;       /* room for the sum after a move */
};

static nb_status judge_new(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                           nb_judge **out, nb_error *err) {
  uint32_t most = nb_solver_game(s)->family->max_parts;
  nb_judge *j = nb_alloc(1, sizeof *j, err);
  if (j == NULL) return NB_EINTERNAL;
  *j = (nb_judge){.s = s, .comps = comps, .n = n, .opponent = who == NB_LEFT ? NB_RIGHT : NB_LEFT};
  j->after = nb_alloc(n + (most > 1 ? most : 1), sizeof *j->after, err);
  if (j->after == NULL) {
    free(j);
    return NB_EINTERNAL;
  }
  *out = j;
  return NB_OK;
}

static nb_status judge_move(nb_judge *j, size_t c, const nb_pos *parts, size_t k, bool *wins,
                            nb_error *err) {
  bool opp_wins;
  size_t len = nb_sum_replace(j->comps, j->n, c, parts, k, j->after);
  nb_status st = wins_first(j->s, j->after, len, j->opponent, &opp_wins, err);
  *wins = !opp_wins;
  return st;
}

static void judge_free(nb_judge *j) {
  if (j != NULL) free(j->after);
  free(j);
}

/* --- telling --------------------------------------------------------------------------------- */

static const char *winner_name(const nb_value *v, nb_player first) {
  return nb_value_wins(v, first) == (first == NB_LEFT) ? "Left" : "Right";
}

static const char *winner_key(const nb_value *v, nb_player first) {
  return nb_value_wins(v, first) == (first == NB_LEFT) ? "left" : "right";
}

static nb_status report(nb_solver *s, const nb_pos *comps, size_t n, const nb_value *v,
                        unsigned flags, nb_text *out, nb_error *err) {
  uint64_t rem[2] = {0, 0};
  nb_status st = NB_OK;
  bool remote = flags & NB_REPORT_REMOTENESS;
  if (remote) st = nb_remoteness(s, comps, n, NB_LEFT, &rem[NB_LEFT], err);
  if (remote && st == NB_OK) st = nb_remoteness(s, comps, n, NB_RIGHT, &rem[NB_RIGHT], err);
  if (st == NB_OK && (flags & NB_REPORT_JSON))
    st = nb_text_printf(out, err,
                        ",\"play\":\"misere\",\"outcome\":\"%c\",\"left_first\":\"%s\","
                        "\"right_first\":\"%s\"",
                        nb_outcome_letter(v->outcome), winner_key(v, NB_LEFT),
                        winner_key(v, NB_RIGHT));
  if (st == NB_OK && (flags & NB_REPORT_JSON) && remote)
    st = nb_text_printf(out, err, ",\"remoteness_left_first\":%llu,\"remoteness_right_first\":%llu",
                        (unsigned long long)rem[NB_LEFT], (unsigned long long)rem[NB_RIGHT]);
  if (flags & NB_REPORT_JSON) return st;
  if (st == NB_OK)
    st = nb_text_printf(out, err,
                        "%c: %s (misère play; Left moving first: %s wins; Right moving first: "
                        "%s wins)\n",
                        nb_outcome_letter(v->outcome), meaning[v->outcome & 3],
                        winner_name(v, NB_LEFT), winner_name(v, NB_RIGHT));
  if (st == NB_OK && remote)
    st = nb_text_printf(out, err,
                        "remoteness: %llu with Left moving first, %llu with Right moving first\n",
                        (unsigned long long)rem[NB_LEFT], (unsigned long long)rem[NB_RIGHT]);
  return st;
}

static nb_status verdict(const nb_value *v, nb_player who, unsigned flags, nb_text *out,
                         nb_error *err) {
  bool wins = nb_value_wins(v, who);
  const char *name = who == NB_LEFT ? "left" : "right", *other = who == NB_LEFT ? "right" : "left";
  if (flags & NB_REPORT_JSON)
    return nb_text_printf(out, err,
                          ",\"play\":\"misere\",\"player\":\"%s\",\"outcome\":\"%c\","
                          "\"winner\":\"%s\"",
                          name, nb_outcome_letter(v->outcome), wins ? name : other);
  return nb_text_printf(out, err, "%c: %s moving first %s (misère play)",
                        nb_outcome_letter(v->outcome), who == NB_LEFT ? "Left" : "Right",
                        wins ? "wins" : "loses");
}

static nb_status json_item(const nb_value *v, nb_text *out, nb_error *err) {
  return nb_theory_add_value_json(v, out, err);
}

const nb_theory nb_theory_misere_partizan = {
    .name = "misere partizan",
    .summary = "partizan, misère play: outcome classes (L, R, N, P)",
    .play = NB_PLAY_MISERE,
    .sides = 2,
    .size_classes = true,
    .size_noun = "outcomes",
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
