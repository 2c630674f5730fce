/*
 * partizan.c: normal play, partizan games: canonical forms and outcome classes.
 *
 * Left and Right have their own moves. A sum is the sum of its components' canonical values (sums.c
 * composes it and judges moves), told in CGSuite's notation with its outcome class and who wins
 * with each player moving first, and, for a form that is not a number, its mean and temperature.
 * Where the form is refused (the store's cap, a value engine's limit) or longer than the solver
 * prints (limits.form_text), the outcome class stands alone, with the reason. The form is
 * formatted once per report, and not at all when brief.
 */
#include "theory/partizan/partizan.h"
#include "cgt/cgt.h"

#include <stdlib.h>

static bool accepts(const nb_family *f) {
  return f->partizan;
}

static const char *const meaning[] = {"the player to move loses", "the player to move wins",
                                      "Left wins whoever starts", "Right wins whoever starts"};

/* What is told of a value: its text (the form, or the outcome letter where no form is given),
 * whether that is the form, why not (note: "" when it is, or when brief), and the mean and
 * temperature where a form is known. */
typedef struct told {
  char *text;              /* allocated */
  bool form;               /* text is the canonical form */
  bool brief;              /* the form is left out on purpose */
  char note[512];          /* why no form is given, or "" */
  bool thermo;             /* mean and temperature are known */
  char mean[64], temp[64]; /* their text */
} told;

static nb_status tell(const nb_value *v, bool brief, bool thermo, told *t, nb_error *err) {
  nb_error why = {0};
  size_t len;
  nb_status st = NB_EDATA;
  snprintf(t->note, sizeof t->note, "%s", v->kind == NB_VALUE_OUTCOME ? v->note : "");
  if (v->kind == NB_VALUE_CANONICAL && !brief) {
    st = nb_cg_format(v->store, v->game, v->form_text, &t->text, &len, &why);
    if (st == NB_EINTERNAL) return nb_fail(err, st, "%s", why.message);
    if (st == NB_EDATA) snprintf(t->note, sizeof t->note, "%s", why.message);
  }
  t->form = st == NB_OK;
  t->brief = brief;
  if (!t->form) {
    t->text = nb_alloc(2, 1, err);
    if (t->text == NULL) return NB_EINTERNAL;
    t->text[0] = nb_outcome_letter(v->outcome), t->text[1] = '\0';
  }
  nb_dyadic mean, temp;
  nb_error ignored; /* a thermograph the store refuses is left out, not an error */
  t->thermo = thermo && v->kind == NB_VALUE_CANONICAL && t->note[0] == '\0' &&
              nb_value_thermograph(v, &mean, &temp, &ignored) == NB_OK;
  if (t->thermo) {
    nb_dyadic_format(mean, t->mean, sizeof t->mean);
    nb_dyadic_format(temp, t->temp, sizeof t->temp);
  }
  return NB_OK;
}

static const char *winner_name(const nb_value *v, nb_player first) {
  return nb_value_wins(v, first) == (first == NB_LEFT) ? "Left" : "Right";
}

static const char *winner_key(const nb_value *v, nb_player first) { /* JSON words: lower case */
  return nb_value_wins(v, first) == (first == NB_LEFT) ? "left" : "right";
}

static nb_status add_json(const nb_value *v, const told *t, bool remote, const uint64_t rem[2],
                          nb_text *out, nb_error *err) {
  nb_status st = NB_OK;
  if (t->form) st = nb_text_add(out, ",\"value\":", 9, err);
  if (st == NB_OK && t->form) st = nb_text_json_string(out, t->text, err);
  if (st == NB_OK)
    st = nb_text_printf(
        out, err, ",\"outcome\":\"%c\",\"left_first\":\"%s\",\"right_first\":\"%s\"",
        nb_outcome_letter(v->outcome), winner_key(v, NB_LEFT), winner_key(v, NB_RIGHT));
  if (st == NB_OK && t->thermo)
    st = nb_text_printf(out, err, ",\"mean\":\"%s\",\"temperature\":\"%s\"", t->mean, t->temp);
  if (st == NB_OK && t->note[0] != '\0') st = nb_text_add(out, ",\"note\":", 8, err);
  if (st == NB_OK && t->note[0] != '\0') st = nb_text_json_string(out, t->note, err);
  if (st == NB_OK && remote)
    st = nb_text_printf(out, err, ",\"remoteness_left_first\":%llu,\"remoteness_right_first\":%llu",
                        (unsigned long long)rem[NB_LEFT], (unsigned long long)rem[NB_RIGHT]);
  return st;
}

static nb_status add_text(const nb_value *v, const told *t, bool remote, const uint64_t rem[2],
                          nb_text *out, nb_error *err) {
  nb_status st = t->form
                     ? nb_text_printf(out, err, "%s: %c, ", t->text, nb_outcome_letter(v->outcome))
                     : nb_text_printf(out, err, "%s: ", t->text);
  if (st == NB_OK)
    st = nb_text_printf(out, err, "%s (Left moving first: %s wins; Right moving first: %s wins)\n",
                        meaning[v->outcome & 3], winner_name(v, NB_LEFT), winner_name(v, NB_RIGHT));
  /* numbers are their own mean, said only where the form is left out */
  if (st == NB_OK && t->thermo && (t->temp[0] != '-' || t->brief))
    st = nb_text_printf(out, err, "mean %s, temperature %s\n", t->mean, t->temp);
  if (st == NB_OK && t->note[0] != '\0')
    st = nb_text_printf(out, err, "canonical form not given: %s\n", t->note);
  if (st == NB_OK && remote)
    st = nb_text_printf(out, err,
                        "remoteness: %llu with Left moving first, %llu with Right "
                        "moving first\n",
                        (unsigned long long)rem[NB_LEFT], (unsigned long long)rem[NB_RIGHT]);
  return st;
}

static nb_status report(nb_solver *s, const nb_pos *comps, size_t n, const nb_value *v,
                        unsigned flags, nb_text *out, nb_error *err) {
  bool remote = flags & NB_REPORT_REMOTENESS;
  uint64_t rem[2] = {0, 0};
  nb_status st = NB_OK;
  if (remote) st = nb_remoteness(s, comps, n, NB_LEFT, &rem[NB_LEFT], err);
  if (remote && st == NB_OK) st = nb_remoteness(s, comps, n, NB_RIGHT, &rem[NB_RIGHT], err);
  told t = {0};
  if (st == NB_OK) st = tell(v, flags & NB_REPORT_BRIEF, true, &t, err);
  if (st == NB_OK)
    st = flags & NB_REPORT_JSON ? add_json(v, &t, remote, rem, out, err)
                                : add_text(v, &t, remote, rem, out, err);
  free(t.text);
  return st;
}

static nb_status verdict(const nb_value *v, nb_player who, unsigned flags, nb_text *out,
                         nb_error *err) {
  told t = {0};
  bool wins = nb_value_wins(v, who);
  const char *name = who == NB_LEFT ? "left" : "right", *other = who == NB_LEFT ? "right" : "left";
  nb_status st = tell(v, flags & NB_REPORT_BRIEF, false, &t, err);
  if (st == NB_OK && (flags & NB_REPORT_JSON) && t.form) {
    st = nb_text_add(out, ",\"value\":", 9, err);
    if (st == NB_OK) st = nb_text_json_string(out, t.text, err);
  }
  if (st == NB_OK && (flags & NB_REPORT_JSON))
    st = nb_text_printf(out, err, ",\"player\":\"%s\",\"outcome\":\"%c\",\"winner\":\"%s\"", name,
                        nb_outcome_letter(v->outcome), wins ? name : other);
  else if (st == NB_OK)
    st = nb_text_printf(out, err, "%s: %s moving first %s", t.text,
                        who == NB_LEFT ? "Left" : "Right", wins ? "wins" : "loses");
  free(t.text);
  return st;
}

/* The value's text as a JSON string: an outcome letter for sizes, or the form. */
static nb_status json_item(const nb_value *v, nb_text *out, nb_error *err) {
  nb_text text = {0};
  nb_status st = nb_theory_add_value_text(v, &text, err);
  if (st == NB_OK) st = nb_text_json_string(out, text.data, err);
  free(text.data);
  return st;
}

const nb_theory nb_theory_normal_partizan = {
    .name = "normal partizan",
    .play = NB_PLAY_NORMAL,
    .summary = "partizan: canonical values (outcome classes L, R, N, P)",
    .sides = 2,
    .size_classes = true,
    .size_noun = "outcomes",
    .accepts = accepts,
    .report = report,
    .verdict = verdict,
    .json_item = json_item,
    .value_of = nb_partizan_value_of,
    .size_value = nb_partizan_size_value,
    .judge_new = nb_partizan_judge_new,
    .judge_move = nb_partizan_judge_move,
    .judge_free = nb_partizan_judge_free,
};
