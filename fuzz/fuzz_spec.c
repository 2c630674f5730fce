/*
 * fuzz_spec.c: game specs (nb_game_open) on arbitrary text, against a plain reference.
 *
 * Whatever the text, nb_game_open answers NB_OK or NB_EUSAGE with a message, never anything
 * else. A plain reference, written here from the README's syntax, says which specs are games and
 * what their canonical spec is: a family or alias name, then ':' and parameters where the game
 * takes them; div:D with 1 to 16 integers of at least 2 (at most 2^64-1); psub:A/B with two
 * comma lists (either possibly empty) of integers from 1 to 4194304; tower with none; aliases
 * twothree (div:2,3, no parameters), gurdurr (tower) and nimplus:A/B (psub:A/B). Canonical specs
 * list each set sorted, without repeats. Family and alias names are case-insensitive. nim, grundy,
 * cg, domineering, snort, clobber, cram, col, nogo, toads, elephants, toppling, hackenbush,
 * konane and amazons take no parameters; impartial:GAME takes the spec of a partizan game (cg,
 * domineering, snort, clobber, col, nogo, toads, elephants, toppling, psub:A/B, hackenbush,
 * konane, amazons), its canonical spec "impartial:" and GAME's; kayles is oct:0.77 and dawson
 * oct:0.137. The heap families' parameters (sub:S, oct:CODE, hex:CODE) are
 * fuzz_heap.c's to check against their definitions: here such a spec must only be answered with
 * NB_OK or NB_EUSAGE, and when read, give a canonical spec of its family that opens again as
 * itself. The library must accept exactly what the reference accepts (heap parameters aside), with
 * the reference's canonical spec (issue 11, defect 3: an item cut at 31 characters made
 * 'div:0...02junk' read as div:2); the canonical spec must open again as itself; and nb_game_spec
 * must behave as snprintf does for every buffer size.
 *
 * Skipped inputs: division games whose monoid may have more than MONOID_BUDGET elements below
 * 2^64 (counted as tuples of exponents, an upper bound): building the run table costs about a
 * microsecond per element in the instrumented build, so three small divisors already take
 * milliseconds and sixteen take seconds, by design (README, "Every division game has a run
 * table"); tests/test_division.c covers those. div:2,3 (about 1,300 tuples) is kept.
 */
#include "fuzz.h"

enum {
  MAX_DIVISORS = 16,
  MAX_AMOUNT = 4194304,
  MONOID_BUDGET = 1500, /* tuples of exponents counted before a division game is skipped */
};

/* One parsed set, or a refusal. */
typedef struct set {
  uint64_t item[4096]; /* the integers, sorted without repeats once parsed */
  size_t n;            /* how many */
} set;

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Parses text[0..len) as a comma list of integers in [lo, hi]; empty text is the empty list when
 * empty_ok. */
static bool parse_list(const char *text, size_t len, uint64_t lo, uint64_t hi, bool empty_ok,
                       size_t max_items, set *s) {
  s->n = 0;
  if (len == 0) return empty_ok;
  for (size_t i = 0; i <= len; i++) {
    size_t start = i;
    uint64_t v = 0;
    for (; i < len && text[i] != ','; i++) {
      uint64_t d = (uint64_t)(text[i] - '0');
      if (text[i] < '0' || text[i] > '9' || v > (UINT64_MAX - d) / 10) return false;
      v = v * 10 + d;
    }
    if (i == start || v < lo || v > hi || s->n == max_items ||
        s->n == sizeof s->item / sizeof s->item[0])
      return false;
    s->item[s->n++] = v;
  }
  qsort(s->item, s->n, sizeof s->item[0], cmp_u64);
  size_t k = 0;
  for (size_t i = 0; i < s->n; i++)
    if (k == 0 || s->item[k - 1] != s->item[i]) s->item[k++] = s->item[i];
  s->n = k;
  return true;
}

static size_t print_list(char *out, size_t at, size_t cap, const set *s) {
  for (size_t i = 0; i < s->n && at < cap; i++)
    at += (size_t)snprintf(out + at, cap - at, "%s%llu", i ? "," : "",
                           (unsigned long long)s->item[i]);
  return at;
}

/* The number of exponent tuples e with prod d[i]^e[i] <= limit (an upper bound on the monoid's
 * elements); counting stops past budget. */
static uint64_t tuples(const set *d, size_t i, uint64_t limit, uint64_t budget) {
  uint64_t count = 0;
  if (i + 1 == d->n) { /* the last divisor: its exponents 0, 1, ... while d^e <= limit */
    for (; limit > 0; limit /= d->item[i])
      count++;
    return count;
  }
  for (uint64_t p = limit; count <= budget; p /= d->item[i]) {
    count += tuples(d, i + 1, p, budget - count);
    if (p < d->item[i]) break;
  }
  return count;
}

/* A family or alias without parameters, and its canonical spec. */
static const char *const plain_names[][2] = {
    {"twothree", "div:2,3"},  {"gurdurr", "tower"}, {"tower", "tower"},
    {"nim", "nim"},           {"grundy", "grundy"}, {"kayles", "oct:0.77"},
    {"dawson", "oct:0.137"},  {"cg", "cg"},         {"domineering", "domineering"},
    {"snort", "snort"},       {"cram", "cram"},     {"col", "col"},
    {"nogo", "nogo"},         {"toads", "toads"},   {"elephants", "elephants"},
    {"toppling", "toppling"}, {"clobber", "clobber"}, {"hackenbush", "hackenbush"},
    {"konane", "konane"},     {"amazons", "amazons"},
};

/* What the reference makes of spec: false if it is no game; else its canonical spec in out, and
 * *costly when it is a division game with a large monoid. A heap family with parameters (sub:,
 * oct:, hex:) is not decided here: *heap is set to its family's name and the result is unused. */
static bool reference(const char *spec, char *out, size_t cap, bool *costly, const char **heap) {
  static set a, b; /* large: kept off the stack */
  const char *colon = strchr(spec, ':');
  size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);
  const char *params = colon ? colon + 1 : NULL;
  char name[16] = "";
  if (name_len >= sizeof name) return false;
  memcpy(name, spec, name_len);
  name[name_len] = '\0';
  for (char *c = name; *c != '\0'; c++) /* names are case-insensitive */
    if (*c >= 'A' && *c <= 'Z') *c = (char)(*c - 'A' + 'a');
  *costly = false;
  *heap = NULL;
  for (size_t i = 0; i < sizeof plain_names / sizeof plain_names[0]; i++)
    if (strcmp(name, plain_names[i][0]) == 0) {
      if (params != NULL) return false;
      snprintf(out, cap, "%s", plain_names[i][1]);
      return true;
    }
  if (strcmp(name, "sub") == 0 || strcmp(name, "oct") == 0 || strcmp(name, "hex") == 0) {
    *heap = name[0] == 's' ? "sub:" : name[0] == 'o' ? "oct:" : "hex:";
    return false;
  }
  if (strcmp(name, "impartial") == 0) { /* impartial:GAME, GAME partizan (and not costly) */
    static const char *const partizan[] = {"cg",   "domineering", "snort",     "clobber", "col",
                                           "nogo", "toads",       "elephants", "toppling", "psub:",
                                           "hackenbush", "konane", "amazons"};
    static char inner[80 * 1024]; /* large: kept off the stack; one level deep (below) */
    const char *inner_heap;
    char head[10] = "";
    for (size_t i = 0; params != NULL && i < 9 && params[i] != '\0'; i++)
      head[i] = (char)(params[i] >= 'A' && params[i] <= 'Z' ? params[i] - 'A' + 'a' : params[i]);
    if (strcmp(head, "impartial") == 0) return false; /* impartial:impartial...: impartial GAME */
    if (params == NULL || !reference(params, inner, sizeof inner, costly, &inner_heap))
      return false;
    bool ok = false;
    for (size_t i = 0; i < sizeof partizan / sizeof partizan[0]; i++) {
      size_t len = strlen(partizan[i]); /* a name alone, or a prefix ending in ':' */
      bool whole = partizan[i][len - 1] == ':' || inner[len] == '\0';
      ok = ok || (strncmp(inner, partizan[i], len) == 0 && whole);
    }
    if (snprintf(out, cap, "impartial:%s", inner) >= (int)cap) return false;
    return ok;
  }
  if (strcmp(name, "div") == 0) {
    if (params == NULL ||
        !parse_list(params, strlen(params), 2, UINT64_MAX, false, MAX_DIVISORS, &a))
      return false;
    *costly = tuples(&a, 0, UINT64_MAX, MONOID_BUDGET) > MONOID_BUDGET;
    print_list(out, (size_t)snprintf(out, cap, "div:"), cap, &a);
    return true;
  }
  if (strcmp(name, "psub") == 0 || strcmp(name, "nimplus") == 0) {
    const char *slash = params ? strchr(params, '/') : NULL;
    if (slash == NULL || strchr(slash + 1, '/') != NULL) return false;
    if (!parse_list(params, (size_t)(slash - params), 1, MAX_AMOUNT, true, SIZE_MAX, &a) ||
        !parse_list(slash + 1, strlen(slash + 1), 1, MAX_AMOUNT, true, SIZE_MAX, &b))
      return false;
    size_t at = print_list(out, (size_t)snprintf(out, cap, "psub:"), cap, &a);
    at += (size_t)snprintf(out + at, cap - at, "/");
    print_list(out, at, cap, &b);
    return true;
  }
  return false;
}

/* The canonical spec of g, allocated, checking nb_game_spec against snprintf's contract. */
static char *canonical(const nb_game *g) {
  char probe[1];
  int len = nb_game_spec(g, probe, 0);
  FUZZ_CHECK(len > 0, "spec length %d", len);
  char *full = nb_alloc((size_t)len + 1, 1, NULL);
  FUZZ_CHECK(full != NULL, "out of memory");
  FUZZ_CHECK(nb_game_spec(g, full, (size_t)len + 1) == len && strlen(full) == (size_t)len,
             "spec '%s' is not %d bytes", full, len);
  size_t caps[] = {1, 2, (size_t)len / 2 + 1, (size_t)len};
  for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
    char *part = nb_alloc(caps[i] + 1, 1, NULL);
    FUZZ_CHECK(part != NULL, "out of memory");
    part[caps[i]] = 'X'; /* must stay: nothing is written past cap */
    FUZZ_CHECK(nb_game_spec(g, part, caps[i]) == len, "length with cap %zu", caps[i]);
    FUZZ_CHECK(strlen(part) == caps[i] - 1 && memcmp(part, full, caps[i] - 1) == 0 &&
                   part[caps[i]] == 'X',
               "cap %zu gives '%s' of '%s'", caps[i], part, full);
    free(part);
  }
  return full;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *spec = fuzz_string(data, size);
  static char want[80 * 1024];
  bool costly = false;
  const char *heap = NULL;
  bool is_game = reference(spec, want, sizeof want, &costly, &heap);
  if (costly) {
    free(spec);
    return FUZZ_SKIP;
  }
  nb_game *g = NULL;
  nb_error err = {0};
  nb_status st = nb_game_open(spec, &g, &err);
  if (st != NB_OK) {
    FUZZ_CHECK(st == NB_EUSAGE && err.status == st && err.message[0] != '\0',
               "status %d for '%s': %s", (int)st, spec, err.message);
    FUZZ_CHECK(!is_game || heap != NULL, "refused '%s' (%s), a game by the reference: %s", spec,
               err.message, want);
    free(spec);
    return 0;
  }
  FUZZ_CHECK(is_game || heap != NULL, "accepted '%s', no game by the reference", spec);
  char *first = canonical(g);
  if (heap != NULL)
    FUZZ_CHECK(strncmp(first, heap, 4) == 0, "'%s' reads as '%s', not a %s game", spec, first,
               heap);
  else
    FUZZ_CHECK(strcmp(first, want) == 0, "'%s' reads as '%s', the reference says '%s'", spec, first,
               want);
  nb_game *again = NULL;
  FUZZ_CHECK(nb_game_open(first, &again, &err) == NB_OK, "canonical '%s' refused: %s", first,
             err.message);
  char *second = canonical(again);
  FUZZ_CHECK(strcmp(first, second) == 0 && again->family == g->family,
             "canonical '%s' reopens as '%s'", first, second);
  free(second);
  free(first);
  nb_game_free(again);
  nb_game_free(g);
  free(spec);
  return 0;
}
