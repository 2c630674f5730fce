/*
 * theory.h: the interface a value theory implements (see nimber.h, "Value theories").
 *
 * A theory says how the values of a game are told: the words for who wins, what `nimber value`
 * prints and which JSON members it writes, how the values of sizes are laid out. Each theory is
 * one file of this folder defining one nb_theory, and one line of the list in theory.c; a game
 * gets the first theory of the list that accepts its family.
 *
 * The theory layer sits above core (it values positions through the solver) and below the command
 * line, which calls it through nimber.h and never looks at a value's kind.
 */
#ifndef NB_THEORY_H
#define NB_THEORY_H

#include "internal.h"

struct nb_theory {
  const char *name;      /* "normal impartial" */
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
};

extern const nb_theory nb_theory_normal_impartial; /* impartial.c */
extern const nb_theory nb_theory_normal_partizan;  /* partizan.c */

/* The value's text (nb_value_format) appended to out, formatted once. */
nb_status nb_theory_add_value_text(const nb_value *v, nb_text *out, nb_error *err);

#endif
