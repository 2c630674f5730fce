/*
 * fuzz_nimplus.c: `solve nimplus` on arbitrary bytes, answers checked by the exhaustive search.
 *
 * Besides the properties every contest input must have (contest.h), an accepted input with at
 * most SEARCH_PILE balls is answered again by the exhaustive search over psub:A/B (the rules
 * written as moves, src/core/search.c), which must agree with the period engine's answer.
 *
 * Skipped inputs: where n > 2^12 and an amount exceeds 64, the period engine may explore up to
 * millions of piles before it proves the period (preperiods reach about 2k^2 for amounts up to
 * k), milliseconds to seconds per input in the instrumented build; the engine's own bounds are
 * tested by tests/test_psub.c and tests/golden/limits.t. A plain scan of the tokens finds these
 * before anything is solved.
 */
#include "contest.h"
#include "games/psub.h"

enum { SEARCH_PILE = 1000, FAR_PILE = 1 << 12, FAR_AMOUNT = 64 };

static bool too_far(const uint8_t *data, const contest_tokens *t) {
  uint64_t n = 0, v, k = 0;
  if (t->n == 0 || !contest_number(data, t, 0, &n, NULL)) return false;
  for (size_t i = 2; i < t->n; i++)
    if (contest_number(data, t, i, &v, NULL) && v > k) k = v;
  return n > FAR_PILE && k > FAR_AMOUNT;
}

/* For an accepted input: n, m and the 2m amounts, as the solver read them. */
static void check_by_search(const uint8_t *data, const contest_tokens *t, bool long_long_wins) {
  uint64_t n, m;
  FUZZ_CHECK(contest_number(data, t, 0, &n, NULL) && contest_number(data, t, 1, &m, NULL) &&
                 t->n == 2 + 2 * m,
             "accepted an input of %zu tokens", t->n);
  if (n > SEARCH_PILE) return;
  uint64_t *amounts = nb_alloc(2 * m, sizeof *amounts, NULL);
  FUZZ_CHECK(amounts != NULL, "out of memory");
  for (size_t i = 0; i < 2 * m; i++)
    FUZZ_CHECK(contest_number(data, t, 2 + i, &amounts[i], NULL), "token %zu", 2 + i);
  nb_game *g;
  nb_search *s;
  nb_error err;
  bool wins;
  FUZZ_CHECK(nb_psub_new(amounts, m, amounts + m, m, &g, &err) == NB_OK, "%s", err.message);
  FUZZ_CHECK(nb_search_new(g, NULL, &s, &err) == NB_OK, "%s", err.message);
  FUZZ_CHECK(nb_search_wins(s, (nb_pos){n, 0}, NB_LEFT, &wins, NULL, &err) == NB_OK, "%s",
             err.message);
  FUZZ_CHECK(wins == long_long_wins, "pile %llu: the search says Long Long %s",
             (unsigned long long)n, wins ? "wins" : "loses");
  nb_search_free(s);
  nb_game_free(g);
  free(amounts);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char *const answers[] = {"Long Long nb!", "Mao Mao nb!", NULL};
  contest_tokens t;
  contest_tokenize(data, size, &t);
  if (too_far(data, &t)) {
    contest_tokens_free(&t);
    return FUZZ_SKIP;
  }
  contest_result res;
  contest_run("nimplus", answers, data, size, &res);
  if (res.st == NB_OK) {
    FUZZ_CHECK(res.len > 0, "accepted with no answer");
    check_by_search(data, &t, res.out[0] == 'L');
  } else {
    FUZZ_CHECK(res.len == 0, "refused after printing '%.*s'", (int)res.len, res.out);
  }
  free(res.out);
  contest_tokens_free(&t);
  return 0;
}
