/*
 * fuzz_gurdurr.c: `solve gurdurr` on arbitrary bytes, answers checked by the exhaustive search.
 *
 * Besides the properties every contest input must have (contest.h), each tower of an accepted
 * input with at most SEARCH_LAYERS layers is valued again by the exhaustive search over the
 * tower's rules (the moves of src/games/tower.c, searched by src/core/search.c), which must agree
 * with the answer the run decomposition and the compiled table gave.
 *
 * Skipped inputs: 21 or more consecutive layer tokens that can form one run (III, II., .II).
 * Runs of 21 to 24 layers make the solver build a table of their length first (40 ms to 0.8 s,
 * more in the instrumented build); tests/test_tower.c covers those. A plain scan finds them.
 */
#include "contest.h"

enum { SEARCH_LAYERS = 7, COMPILED_RUN = 20 };

static bool movable_layer(const uint8_t *data, const contest_tokens *t, size_t k) {
  if (t->len[k] != 3) return false;
  const char *p = (const char *)data + t->start[k];
  return memcmp(p, "III", 3) == 0 || memcmp(p, "II.", 3) == 0 || memcmp(p, ".II", 3) == 0;
}

static bool long_run(const uint8_t *data, const contest_tokens *t) {
  size_t run = 0;
  for (size_t k = 0; k < t->n; k++) {
    run = movable_layer(data, t, k) ? run + 1 : 0;
    if (run > COMPILED_RUN) return true;
  }
  return false;
}

/* Values the towers of an accepted input by search, and compares with the answers. */
static void check_by_search(const uint8_t *data, const contest_tokens *t, const char *out) {
  nb_game *g;
  nb_search *s;
  nb_error err;
  FUZZ_CHECK(nb_game_open("tower", &g, &err) == NB_OK, "%s", err.message);
  FUZZ_CHECK(nb_search_new(g, NULL, &s, &err) == NB_OK, "%s", err.message);
  uint64_t towers, n;
  size_t k = 1;
  FUZZ_CHECK(contest_number(data, t, 0, &towers, NULL), "t");
  for (uint64_t c = 0; c < towers; c++, out = strchr(out, '\n') + 1) {
    FUZZ_CHECK(k < t->n && contest_number(data, t, k, &n, NULL) && k + n < t->n + 1,
               "accepted tower %llu", (unsigned long long)c + 1);
    k++;
    if (n > SEARCH_LAYERS) {
      k += n;
      continue;
    }
    char layers[SEARCH_LAYERS][4];
    const char *args[SEARCH_LAYERS];
    for (size_t i = 0; i < n; i++, k++) {
      FUZZ_CHECK(t->len[k] == 3, "layer token of %zu bytes", t->len[k]);
      memcpy(layers[i], data + t->start[k], 3);
      layers[i][3] = '\0';
      args[i] = layers[i];
    }
    nb_pos p;
    size_t count;
    uint64_t v;
    FUZZ_CHECK(nb_position_parse(g, args, n, 1, &p, &count, 1, &err) == NB_OK, "%s", err.message);
    FUZZ_CHECK(nb_search_grundy(s, p, &v, &err) == NB_OK, "%s", err.message);
    FUZZ_CHECK((v != 0) == (out[0] == 'F'), "tower %llu: the search says %llu",
               (unsigned long long)c + 1, (unsigned long long)v);
  }
  nb_search_free(s);
  nb_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char *const answers[] = {"First", "Second", NULL};
  contest_tokens t;
  contest_tokenize(data, size, &t);
  if (long_run(data, &t)) {
    contest_tokens_free(&t);
    return FUZZ_SKIP;
  }
  contest_result res;
  contest_run("gurdurr", answers, data, size, &res);
  if (res.st == NB_OK) check_by_search(data, &t, res.out);
  free(res.out);
  contest_tokens_free(&t);
  return 0;
}
