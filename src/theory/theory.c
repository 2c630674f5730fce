/*
 * theory.c: the list of value theories, and what nimber.h offers of them.
 *
 * Adding a theory is one file of this folder and one line of `theories` below: a game gets the
 * first theory that accepts its family.
 */
#include "theory/theory.h"

#include <stdlib.h>
#include <string.h>

static const nb_theory *const theories[] = {
    &nb_theory_normal_impartial,
    &nb_theory_normal_partizan,
    &nb_theory_misere_impartial,
    &nb_theory_misere_partizan,
};

/* The first theory of the list for games of f played under `play`. */
static const nb_theory *theory_of(const nb_family *f, nb_play play) {
  for (size_t i = 0; i < sizeof theories / sizeof theories[0]; i++)
    if (theories[i]->play == play && theories[i]->accepts(f)) return theories[i];
  NB_ASSERT(!"every family is accepted by a theory"); /* both kinds, under both conventions */
  return theories[0];
}

const nb_theory *nb_game_theory(const nb_game *g) {
  return theory_of(g->family, g->play);
}

const nb_theory *nb_family_theory(const nb_family *f) {
  return theory_of(f, NB_PLAY_NORMAL);
}

const char *nb_theory_name(const nb_theory *t) {
  return t->name;
}

const char *nb_theory_summary(const nb_theory *t) {
  return t->summary;
}

unsigned nb_theory_sides(const nb_theory *t) {
  return t->sides;
}

nb_player nb_theory_opponent(const nb_theory *t, nb_player who) {
  if (t->sides == 1) return who;
  return who == NB_LEFT ? NB_RIGHT : NB_LEFT;
}

bool nb_theory_size_classes(const nb_theory *t) {
  return t->size_classes;
}

const char *nb_theory_size_noun(const nb_theory *t) {
  return t->size_noun;
}

nb_status nb_theory_add_value_text(const nb_value *v, nb_text *out, nb_error *err) {
  char small[32];
  int len = nb_value_format(v, small, sizeof small);
  if (len < 0) return nb_fail(err, NB_EINTERNAL, "out of memory");
  if ((size_t)len < sizeof small) return nb_text_add(out, small, (size_t)len, err);
  char *big = nb_alloc((size_t)len + 1, 1, err);
  if (big == NULL) return NB_EINTERNAL;
  nb_status st = nb_value_format(v, big, (size_t)len + 1) == len
                     ? nb_text_add(out, big, (size_t)len, err)
                     : nb_fail(err, NB_EINTERNAL, "out of memory");
  free(big);
  return st;
}

nb_status nb_theory_add_value_json(const nb_value *v, nb_text *out, nb_error *err) {
  nb_text text = {0};
  nb_status st = nb_theory_add_value_text(v, &text, err);
  if (st == NB_OK) st = nb_text_json_string(out, text.data, err);
  free(text.data);
  return st;
}

/* JSON members are written each after a comma; the string handed out starts after the first. */
static nb_status hand_out(nb_text *t, nb_status st, unsigned flags, char **out, nb_error *err) {
  if (st == NB_OK && t->data == NULL) st = nb_text_add(t, "", 0, err);
  if (st != NB_OK) {
    free(t->data);
    return st;
  }
  if ((flags & NB_REPORT_JSON) && t->data[0] == ',') memmove(t->data, t->data + 1, t->len--);
  *out = t->data;
  return NB_OK;
}

nb_status nb_value_report(nb_solver *s, const nb_pos *comps, size_t n, unsigned flags, char **out,
                          nb_error *err) {
  nb_value v;
  nb_text t = {0};
  nb_status st = flags & NB_REPORT_OUTCOME ? nb_value_outcome(s, comps, n, &v, err)
                                           : nb_value_of(s, comps, n, &v, err);
  if (st != NB_OK) return st;
  st = nb_game_theory(nb_solver_game(s))->report(s, comps, n, &v, flags, &t, err);
  return hand_out(&t, st, flags, out, err);
}

nb_status nb_value_verdict(const nb_game *g, const nb_value *v, nb_player who, unsigned flags,
                           char **out, nb_error *err) {
  nb_text t = {0};
  nb_status st = nb_game_theory(g)->verdict(v, who, flags, &t, err);
  return hand_out(&t, st, flags, out, err);
}

nb_status nb_value_json_add(const nb_game *g, const nb_value *v, nb_text *out, nb_error *err) {
  return nb_game_theory(g)->json_item(v, out, err);
}

nb_status nb_value_json(const nb_game *g, const nb_value *v, char **out, nb_error *err) {
  nb_text t = {0};
  nb_status st = nb_value_json_add(g, v, &t, err);
  return hand_out(&t, st, 0, out, err);
}
