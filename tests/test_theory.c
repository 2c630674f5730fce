/*
 * test_theory.c: the value theories (src/theory/) against the exhaustive search.
 *
 * What a theory says of a value (nb_value_report, nb_value_verdict) must agree with the rules:
 * for random small sums of Kayles (impartial) and of Domineering boards (partizan), the winner it
 * names with each player moving first is the one the exhaustive sum search finds (the player to
 * move wins iff the remoteness is odd: a won position is left by a move to a lost one). The brief
 * report is the full one without the form, and each theory states its sides and layout.
 */
#include "check.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Whether the JSON members of text hold "key":"word" (or "key":word for numbers). */
static bool has(const char *text, const char *member) {
  return strstr(text, member) != NULL;
}

/* Opens spec and parses the tokens into comps (at most 8). */
static void open_sum(const char *spec, const char *const *tokens, size_t ntokens, nb_game **g,
                     nb_solver **s, nb_pos *comps, size_t *n) {
  nb_error err = {0};
  CHECK_OK(nb_game_open(spec, g, &err), &err);
  CHECK_OK(nb_solver_new(*g, NULL, s, &err), &err);
  CHECK_OK(nb_position_parse(*g, tokens, ntokens, 1, comps, n, 8, &err), &err);
}

/* Whether `who` moving first wins comps, by the exhaustive sum search's remoteness. */
static bool search_wins(nb_solver *s, const nb_pos *comps, size_t n, nb_player who) {
  nb_error err = {0};
  uint64_t r = 0;
  CHECK_OK(nb_remoteness(s, comps, n, who, &r, &err), &err);
  return r % 2 == 1;
}

static void kayles_sums(void) {
  uint64_t rng = 21;
  for (int round = 0; round < 60; round++) {
    char heaps[4][8];
    const char *tokens[4];
    size_t count = (size_t)check_range(&rng, 1, 4);
    for (size_t i = 0; i < count; i++) {
      snprintf(heaps[i], sizeof heaps[i], "%llu", (unsigned long long)check_range(&rng, 0, 9));
      tokens[i] = heaps[i];
    }
    nb_game *g = NULL;
    nb_solver *s = NULL;
    nb_pos comps[8];
    size_t n = 0;
    nb_error err = {0};
    open_sum("oct:0.77", tokens, count, &g, &s, comps, &n);
    const nb_theory *t = nb_game_theory(g);
    CHECK(nb_theory_sides(t) == 1 && !nb_theory_size_classes(t), "kayles: one side, listed");
    bool wins = search_wins(s, comps, n, NB_LEFT);
    char *json = NULL, *text = NULL, *verdict = NULL;
    nb_value v;
    CHECK_OK(nb_value_report(s, comps, n, NB_REPORT_JSON, &json, &err), &err);
    CHECK_OK(nb_value_report(s, comps, n, 0, &text, &err), &err);
    CHECK_OK(nb_value_of(s, comps, n, &v, &err), &err);
    CHECK_OK(nb_value_verdict(g, &v, NB_RIGHT, 0, &verdict, &err), &err);
    const char *word = wins ? "\"winner\":\"first\"" : "\"winner\":\"second\"";
    CHECK(json && has(json, word) && json[0] == '"', "kayles %s: report %s, want %s", heaps[0],
          json ? json : "(none)", word);
    CHECK(text && has(text, wins ? ": the first player wins\n" : ": the second player wins\n"),
          "kayles: text report '%s'", text ? text : "(none)");
    CHECK(verdict && has(verdict, wins ? "the first player wins" : "the second player wins"),
          "kayles: verdict '%s' (either player moving first)", verdict ? verdict : "(none)");
    free(json), free(text), free(verdict);
    nb_solver_free(s);
    nb_game_free(g);
  }
}

static void domineering_sums(void) {
  uint64_t rng = 5;
  for (int round = 0; round < 40; round++) {
    char boards[2][32];
    const char *tokens[2];
    size_t count = (size_t)check_range(&rng, 1, 2);
    for (size_t i = 0; i < count; i++) { /* rows x cols up to 3x3, each cell empty or blocked */
      unsigned rows = (unsigned)check_range(&rng, 1, 3), cols = (unsigned)check_range(&rng, 1, 3);
      char *at = boards[i];
      for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++)
          *at++ = check_range(&rng, 0, 4) == 0 ? '#' : '.';
        *at++ = r + 1 < rows ? '/' : '\0';
      }
      tokens[i] = boards[i];
    }
    nb_game *g = NULL;
    nb_solver *s = NULL;
    nb_pos comps[8];
    size_t n = 0;
    nb_error err = {0};
    open_sum("domineering", tokens, count, &g, &s, comps, &n);
    const nb_theory *t = nb_game_theory(g);
    CHECK(nb_theory_sides(t) == 2 && nb_theory_size_classes(t), "domineering: two sides");
    bool left = search_wins(s, comps, n, NB_LEFT), right = search_wins(s, comps, n, NB_RIGHT);
    char *json = NULL, *brief = NULL, *verdict = NULL;
    nb_value v;
    CHECK_OK(nb_value_report(s, comps, n, NB_REPORT_JSON, &json, &err), &err);
    CHECK_OK(nb_value_report(s, comps, n, NB_REPORT_JSON | NB_REPORT_BRIEF, &brief, &err), &err);
    CHECK_OK(nb_value_of(s, comps, n, &v, &err), &err);
    CHECK_OK(nb_value_verdict(g, &v, NB_RIGHT, 0, &verdict, &err), &err);
    const char *lw = left ? "\"left_first\":\"left\"" : "\"left_first\":\"right\"";
    const char *rw = right ? "\"right_first\":\"right\"" : "\"right_first\":\"left\"";
    CHECK(json && has(json, lw) && has(json, rw), "domineering %s: report %s, want %s and %s",
          boards[0], json ? json : "(none)", lw, rw);
    /* brief: the same members without "value", which comes first in the full report, and
     * without "reduced" (a form too); forms hold no '"' */
    char *red = json ? strstr(json, ",\"reduced\":\"") : NULL;
    char *red_end = red ? strchr(red + 12, '"') : NULL;
    if (red_end != NULL) memmove(red, red_end + 1, strlen(red_end + 1) + 1);
    const char *rest = json ? strstr(json, ",\"outcome\"") : NULL;
    CHECK(rest && brief && strcmp(rest + 1, brief) == 0 && strncmp(json, "\"value\":", 8) == 0,
          "domineering: brief '%s' against full '%s'", brief ? brief : "", json ? json : "");
    CHECK(verdict && has(verdict, right ? "Right moving first wins" : "Right moving first loses"),
          "domineering: verdict '%s'", verdict ? verdict : "(none)");
    free(json), free(brief), free(verdict);
    nb_solver_free(s);
    nb_game_free(g);
  }
}

int main(void) {
  kayles_sums();
  domineering_sums();
  return check_done();
}
