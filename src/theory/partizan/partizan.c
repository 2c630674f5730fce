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
#include <string.h>

static bool accepts(const nb_family *f) {
  return f->partizan;
}

static const char *const meaning[] = {"the player to move loses", "the player to move wins",
                                      "Left wins whoever starts", "Right wins whoever starts"};

/* What is told of a value: its text (the form, or the outcome letter where no form is given),
 * whether that is the form, why not (note: "" when it is, or when brief), and the mean and
 * temperature where a form is known. */
/* A part of the report that could not be computed, and why (said, never dropped silently). */
typedef struct omission {
  const char *what;  /* its name, as its JSON key ("mean", "birthday", ...) */
  char why[512];     /* the reason (the refusal's message) */
} omission;

enum { MAX_OMITTED = 8 }; /* mean, temperature, stops (2), birthday, weight, reduced, thermograph */

typedef struct told {
  char *text;                /* allocated */
  bool form;                 /* text is the canonical form */
  bool brief;                /* the form is left out on purpose */
  char note[512];            /* why no form is given, or "" */
  bool thermo;               /* mean and temperature (and the thermograph) are known */
  bool stops;                /* the left and right stops are known */
  bool number;               /* the value is a number (its own mean; stops and the rest unsaid) */
  char mean[64], temp[64];   /* their text */
  char lstop[64], rstop[64]; /* the left and right stops' text */
  bool born;                 /* the birthday is known */
  uint64_t birthday;         /* the birthday of the canonical form */
  char *weight;              /* the atomic weight's text, or NULL (not all-small, or refused) */
  char *reduced;             /* the reduced canonical form's text, or NULL (brief, or refused) */
  omission omitted[MAX_OMITTED]; /* what was refused, in the order of the report */
  size_t nomitted;               /* how many */
} told;

/* Records that `what` is left out of the report, and why. */
static void omit(told *t, const char *what, const char *why) {
  if (t->nomitted == MAX_OMITTED) return;
  omission *o = &t->omitted[t->nomitted++];
  o->what = what;
  snprintf(o->why, sizeof o->why, "%s", why);
}

/* The text of the game g of v's store, or NULL where it is refused (too long, too costly): then
 * `what` is recorded as omitted with the reason. */
static char *text_of(const nb_value *v, nb_cg g, told *t, const char *what) {
  char *text = NULL;
  size_t len;
  nb_error why = {0};
  if (nb_cg_format(v->store, g, v->form_text, &text, &len, &why) == NB_OK) return text;
  omit(t, what, why.message);
  return NULL;
}

/* The atomic weight and the reduced canonical form of v, as text where they are known; a
 * refusal (the store's cap, a step limit) is recorded, an undefined weight is not. */
static void tell_more(const nb_value *v, told *t) {
  nb_error why = {0};
  nb_cg w, r;
  bool defined = false;
  if (nb_cg_atomic_weight(v->store, v->game, &w, &defined, &why) != NB_OK)
    omit(t, "atomic_weight", why.message);
  else if (defined)
    t->weight = text_of(v, w, t, "atomic_weight");
  if (t->brief) return;
  if (nb_cg_reduced(v->store, v->game, &r, &why) == NB_OK)
    t->reduced = text_of(v, r, t, "reduced");
  else
    omit(t, "reduced", why.message);
}

/* Mean, temperature, stops and birthday of v's form, each where the store gives it; a part it
 * refuses (a value past 64-bit dyadic arithmetic, a walk too deep) is recorded as omitted. */
static void tell_thermo(const nb_value *v, told *t) {
  nb_dyadic mean, temp, lstop, rstop;
  nb_error why = {0};
  nb_cg_nus nus;
  t->number = nb_cg_get_nus(v->store, v->game, &nus) && nus.ups == 0 && nus.nimber == 0;
  t->thermo = nb_value_thermograph(v, &mean, &temp, &why) == NB_OK;
  if (t->thermo) {
    nb_dyadic_format(mean, t->mean, sizeof t->mean);
    nb_dyadic_format(temp, t->temp, sizeof t->temp);
  } else {
    omit(t, "mean", why.message);
    omit(t, "temperature", why.message);
    omit(t, "thermograph", why.message);
  }
  t->stops = nb_cg_stops(v->store, v->game, &lstop, &rstop, &why) == NB_OK;
  if (t->stops) {
    nb_dyadic_format(lstop, t->lstop, sizeof t->lstop);
    nb_dyadic_format(rstop, t->rstop, sizeof t->rstop);
  } else {
    omit(t, "left_stop", why.message);
    omit(t, "right_stop", why.message);
  }
  t->born = nb_cg_birthday(v->store, v->game, &t->birthday, &why) == NB_OK;
  if (!t->born) omit(t, "birthday", why.message);
  tell_more(v, t);
}

/* The thermograph's walls in JSON: "thermograph":{"left":[[value,temperature],..],"right":..},
 * corners from temperature -1 to the foot of the mast, values and temperatures as text. */
static nb_status add_thermograph(const nb_value *v, nb_text *out, nb_error *err) {
  nb_status st = nb_text_printf(out, err, ",\"thermograph\":{");
  for (int side = 0; st == NB_OK && side < 2; side++) {
    size_t n = 0;
    nb_dyadic *val = NULL, *tmp = NULL;
    st = nb_cg_thermograph_wall(v->store, v->game, (nb_player)side, NULL, NULL, 0, &n, err);
    if (st == NB_OK)
      val = nb_alloc(n + 1, sizeof *val, err), tmp = nb_alloc(n + 1, sizeof *tmp, err);
    if (st == NB_OK && (val == NULL || tmp == NULL)) st = NB_EINTERNAL;
    if (st == NB_OK)
      st = nb_cg_thermograph_wall(v->store, v->game, (nb_player)side, val, tmp, n, &n, err);
    if (st == NB_OK)
      st = nb_text_printf(out, err, "%s\"%s\":[", side ? "," : "", side ? "right" : "left");
    for (size_t i = 0; st == NB_OK && i < n; i++) {
      char a[64], b[64];
      nb_dyadic_format(val[i], a, sizeof a);
      nb_dyadic_format(tmp[i], b, sizeof b);
      st = nb_text_printf(out, err, "%s[\"%s\",\"%s\"]", i ? "," : "", a, b);
    }
    if (st == NB_OK) st = nb_text_printf(out, err, "]");
    free(val);
    free(tmp);
  }
  return st == NB_OK ? nb_text_printf(out, err, "}") : st;
}

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
  if (thermo && v->kind == NB_VALUE_CANONICAL && t->note[0] == '\0') tell_thermo(v, t);
  return NB_OK;
}

/* The options of v's canonical form for `who`, each as text, joined: in JSON a list of strings,
 * in text ", " between them ("none" for no option). NB_EDATA where one is longer than the
 * solver prints or the store refuses the work. */
static nb_status add_side(const nb_value *v, nb_player who, bool json, nb_text *out,
                          nb_error *err) {
  const nb_cg *opts;
  size_t n;
  nb_status st = nb_cg_options(v->store, v->game, who, &opts, &n, err);
  nb_cg *copy = st == NB_OK ? nb_alloc(n + 1, sizeof *copy, err) : NULL;
  if (st == NB_OK && copy == NULL) st = NB_EINTERNAL;
  for (size_t i = 0; st == NB_OK && i < n; i++)
    copy[i] = opts[i]; /* formatting makes games: the store's list may move */
  if (st == NB_OK && (json || n == 0)) st = nb_text_printf(out, err, "%s", json ? "[" : "none");
  for (size_t i = 0; st == NB_OK && i < n; i++) {
    char *text = NULL;
    size_t len;
    st = nb_cg_format(v->store, copy[i], v->form_text, &text, &len, err);
    if (st == NB_OK && i > 0) st = nb_text_add(out, json ? "," : ", ", json ? 1 : 2, err);
    if (st == NB_OK)
      st = json ? nb_text_json_string(out, text, err) : nb_text_add(out, text, len, err);
    free(text);
  }
  if (st == NB_OK && json) st = nb_text_add(out, "]", 1, err);
  free(copy);
  return st;
}

/* The options of the form, each side: in JSON "options":{"left":[..],"right":[..]}, in text two
 * lines. Options too long to print are left out (the form's note says it was long). */
static nb_status add_options(const nb_value *v, const told *t, bool json, nb_text *out,
                             nb_error *err) {
  if (v->kind != NB_VALUE_CANONICAL || t->note[0] != '\0') return NB_OK;
  nb_text part = {0};
  nb_error why = {0};
  nb_status st =
      nb_text_add(&part, json ? ",\"options\":{\"left\":" : "left options: ", json ? 19 : 14, &why);
  if (st == NB_OK) st = add_side(v, NB_LEFT, json, &part, &why);
  if (st == NB_OK)
    st = nb_text_add(&part, json ? ",\"right\":" : "\nright options: ", json ? 9 : 16, &why);
  if (st == NB_OK) st = add_side(v, NB_RIGHT, json, &part, &why);
  if (st == NB_OK) st = nb_text_add(&part, json ? "}" : "\n", 1, &why);
  if (st == NB_OK) st = nb_text_add(out, part.data, part.len, err);
  free(part.data);
  return st == NB_EINTERNAL ? nb_fail(err, st, "%s", why.message) : NB_OK;
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
  if (st == NB_OK && t->stops)
    st = nb_text_printf(out, err, ",\"left_stop\":\"%s\",\"right_stop\":\"%s\"", t->lstop,
                        t->rstop);
  if (st == NB_OK && t->born)
    st = nb_text_printf(out, err, ",\"birthday\":%llu", (unsigned long long)t->birthday);
  if (st == NB_OK && t->weight != NULL) st = nb_text_printf(out, err, ",\"atomic_weight\":");
  if (st == NB_OK && t->weight != NULL) st = nb_text_json_string(out, t->weight, err);
  if (st == NB_OK && t->reduced != NULL) st = nb_text_printf(out, err, ",\"reduced\":");
  if (st == NB_OK && t->reduced != NULL) st = nb_text_json_string(out, t->reduced, err);
  if (st == NB_OK && t->thermo) st = add_thermograph(v, out, err);
  if (st == NB_OK && t->nomitted > 0) st = nb_text_add(out, ",\"omitted\":{", 12, err);
  for (size_t i = 0; st == NB_OK && i < t->nomitted; i++) {
    st = nb_text_printf(out, err, "%s\"%s\":", i ? "," : "", t->omitted[i].what);
    if (st == NB_OK) st = nb_text_json_string(out, t->omitted[i].why, err);
  }
  if (st == NB_OK && t->nomitted > 0) st = nb_text_add(out, "}", 1, err);
  if (st == NB_OK && t->note[0] != '\0') st = nb_text_add(out, ",\"note\":", 8, err);
  if (st == NB_OK && t->note[0] != '\0') st = nb_text_json_string(out, t->note, err);
  if (st == NB_OK && remote)
    st = nb_text_printf(out, err, ",\"remoteness_left_first\":%llu,\"remoteness_right_first\":%llu",
                        (unsigned long long)rem[NB_LEFT], (unsigned long long)rem[NB_RIGHT]);
  return st;
}

/* The line "left out: mean, temperature, thermograph (REASON)" for the omissions that share the
 * reason of omission i, said at the first of them. */
static nb_status add_omitted(const told *t, size_t i, nb_text *out, nb_error *err) {
  for (size_t j = 0; j < i; j++)
    if (strcmp(t->omitted[j].why, t->omitted[i].why) == 0) return NB_OK;
  nb_status st = nb_text_add(out, "left out: ", 10, err);
  for (size_t j = i; st == NB_OK && j < t->nomitted; j++) {
    const char *w = t->omitted[j].what;
    if (strcmp(t->omitted[j].why, t->omitted[i].why) != 0) continue;
    st = nb_text_printf(out, err, "%s%s", j > i ? ", " : "",
                        strcmp(w, "left_stop") == 0       ? "left stop"
                        : strcmp(w, "right_stop") == 0    ? "right stop"
                        : strcmp(w, "atomic_weight") == 0 ? "atomic weight"
                        : strcmp(w, "reduced") == 0       ? "reduced canonical form"
                                                          : w);
  }
  return st == NB_OK ? nb_text_printf(out, err, " (%s)\n", t->omitted[i].why) : st;
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
  bool hot = !t->number || t->brief;
  if (st == NB_OK && hot && t->thermo)
    st = nb_text_printf(out, err, "mean %s, temperature %s\n", t->mean, t->temp);
  if (st == NB_OK && hot && t->stops)
    st = nb_text_printf(out, err, "left stop %s, right stop %s%s", t->lstop, t->rstop,
                        t->born ? ", " : "\n");
  if (st == NB_OK && hot && t->born)
    st = nb_text_printf(out, err, "birthday %llu\n", (unsigned long long)t->birthday);
  if (st == NB_OK && hot && t->weight != NULL)
    st = nb_text_printf(out, err, "atomic weight %s\n", t->weight);
  if (st == NB_OK && hot && t->reduced != NULL)
    st = nb_text_printf(out, err, "reduced canonical form %s\n", t->reduced);
  for (size_t i = 0; st == NB_OK && i < t->nomitted; i++) /* each reason once */
    st = add_omitted(t, i, out, err);
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
  if (st == NB_OK && (flags & NB_REPORT_OPTIONS))
    st = add_options(v, &t, flags & NB_REPORT_JSON, out, err);
  free(t.text);
  free(t.weight);
  free(t.reduced);
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
    .outcome_of = nb_partizan_outcome_of,
    .size_value = nb_partizan_size_value,
    .judge_new = nb_partizan_judge_new,
    .judge_move = nb_partizan_judge_move,
    .judge_free = nb_partizan_judge_free,
};
