/*
 * theory.h: the interface a value theory implements (see nimber.h, "Value theories").
 *
 * A theory says what the values of a game are and how they are told: how a component is valued
 * and a sum composed (nb_value_of), which moves of a sum win (nb_winning_moves), the words for
 * who wins, what `nimber value` prints and which JSON members it writes, how the values of sizes
 * are laid out. Each theory is one folder of this one defining one nb_theory (impartial/,
 * partizan/), and one line of the list in theory.c; a game gets the first theory of the list
 * that accepts its family. What every theory shares is here: values.c (the public value calls,
 * moves of sums, and the winning-move driver, which asks the theory to judge each move) and
 * engine.c (perfect play, from winning moves and remoteness).
 *
 * The theory layer sits above core (it values positions through the solver and the searches,
 * which know the rules only) and below the command line, which calls it through nimber.h and
 * never looks at a value's kind.
 */
#ifndef NB_THEORY_H
#define NB_THEORY_H

#include "internal.h"

typedef struct nb_judge nb_judge; /* a theory's judge of moves: defined by each theory */

struct nb_theory {
  const char *name;      /* "normal impartial" */
  nb_play play;          /* the play convention of the games it values */
  const char *summary;   /* one line for `nimber games` */
  unsigned sides;        /* 2: Left and Right have their own moves; 1: the player to move */
  bool size_classes;     /* values of sizes are one-letter classes, run together in JSON */
  const char *size_noun; /* "values", "outcomes" */
  bool (*accepts)(const nb_family *f);
  /* nb_value_report: the value v of comps[0..n), appended to out (flags: NB_REPORT_*). */
  nb_status (*report)(nb_solver *s, const nb_pos *comps, size_t n, const nb_value *v,
                      unsigned flags, nb_text *out, nb_error *err);
  /* nb_value_verdict: whether `who` moving first wins v, appended to out. */
  nb_status (*verdict)(const nb_value *v, nb_player who, unsigned flags, nb_text *out,
                       nb_error *err);
  /* nb_value_json_add: v as one JSON item, appended to out. */
  nb_status (*json_item)(const nb_value *v, nb_text *out, nb_error *err);

  /* nb_value_of: the value of the sum comps[0..n) (n = 0: the empty sum). */
  nb_status (*value_of)(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out, nb_error *err);
  /* nb_value_outcome: who wins comps[0..n), by the cheapest means (NULL: value_of). */
  nb_status (*outcome_of)(nb_solver *s, const nb_pos *comps, size_t n, nb_value *out,
                          nb_error *err);
  /* nb_value_of_size: the value of component p (of some size) as sizes are described (a
   * partizan game's periods are periods of outcomes, so its sizes are outcome classes). */
  nb_status (*size_value)(nb_solver *s, nb_pos p, nb_value *out, nb_error *err);
  /* Judging the moves of `who` in the sum comps[0..n) (nb_winning_moves): judge_new prepares a
   * judge (what every move's judgement shares, computed once) into *out; judge_move says
   * whether the move of component c leaving parts[0..k) wins, that is whether the opponent,
   * moving first in the sum after it, loses; judge_free frees the judge (NULL allowed). On
   * failure judge_new frees whatever it made and leaves *out unset: judge_free is called only for
   * a judge that judge_new returned. */
  nb_status (*judge_new)(nb_solver *s, const nb_pos *comps, size_t n, nb_player who, nb_judge **out,
                         nb_error *err);
  nb_status (*judge_move)(nb_judge *j, size_t c, const nb_pos *parts, size_t k, bool *wins,
                          nb_error *err);
  void (*judge_free)(nb_judge *j);
};

/* The player who moves after `who` under theory t: the other side where sides have their own
 * moves, else the same (the player to move is all that matters). */
nb_player nb_theory_opponent(const nb_theory *t, nb_player who);

/* The sum comps[0..n) with component c replaced, in its place, by parts[0..k), into out (room
 * for n - 1 + k components, not comps); returns n - 1 + k. */
size_t nb_sum_replace(const nb_pos *comps, size_t n, size_t c, const nb_pos *parts, size_t k,
                      nb_pos *out);

extern const nb_theory nb_theory_normal_impartial; /* impartial/impartial.c */
extern const nb_theory nb_theory_normal_partizan;  /* partizan/partizan.c */
extern const nb_theory nb_theory_misere_impartial; /* misere/impartial.c */
extern const nb_theory nb_theory_misere_partizan;  /* misere/partizan.c */

/* The value's text (nb_value_format) appended to out, formatted once. */
nb_status nb_theory_add_value_text(const nb_value *v, nb_text *out, nb_error *err);

/* The value's text as a JSON string ("0^120", "N"), appended to out. */
nb_status nb_theory_add_value_json(const nb_value *v, nb_text *out, nb_error *err);

#endif
