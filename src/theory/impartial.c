/*
 * impartial.c: normal play, impartial games: Grundy values.
 *
 * Both players have the same moves, so the player to move is all that matters: by
 * Sprague-Grundy a sum equals the nimber *G, G the XOR of its components' Grundy values, and the
 * player to move wins iff G != 0 (values.c composes it). Words: "the first player wins".
 */
#include "theory/theory.h"

static bool accepts(const nb_family *f) {
  return !f->partizan;
}

/* Appends x in decimal, by hand (tables write millions of them). */
static nb_status add_u64(nb_text *out, uint64_t x, nb_error *err) {
  char digits[24];
  size_t len = sizeof digits;
  do
    digits[--len] = (char)('0' + x % 10);
  while ((x /= 10) != 0);
  return nb_text_add(out, digits + len, sizeof digits - len, err);
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
    .summary = "impartial: Grundy values",
    .sides = 1,
    .size_classes = false,
    .size_noun = "values",
    .accepts = accepts,
    .report = report,
    .verdict = verdict,
    .json_item = json_item,
};
