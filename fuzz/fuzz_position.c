/*
 * fuzz_position.c: command-line positions (nb_position_parse) on arbitrary argument tokens, then
 * their values and winning moves.
 *
 * Input: byte 0 picks a game from `specs`; the rest is split at newlines and NUL bytes into
 * argument tokens, as a shell would hand them over (tokens may hold spaces, tabs, anything).
 * Whatever the tokens, parsing answers NB_OK or NB_EUSAGE with a message. An accepted position:
 *   - prints as text that parses back to the same components (the CLI prints, play reads);
 *   - has a value (Grundy value of the sum, or outcome class), and its winning moves are exactly
 *     the legal moves to a position of value 0 (impartial) or after which the opponent, moving
 *     first, loses (partizan), each with a notation;
 *   - on small components, the fast evaluator agrees with the exhaustive search over the rules;
 *   - on small sums of small components, the sum search's winner agrees with the value, and
 *     the remoteness is odd exactly when the player to move wins.
 * Bounds keep one input fast: the checks by search run on the first SEARCHED components of at
 * most SMALL_HEAP (div), SMALL_PILE (psub) or SMALL_TOWER layers (tower). A tower with more than
 * COMPILED_RUN consecutive III, II. or .II layers is only parsed and printed: runs of 21 to 24
 * layers are valued from tables built on first use (40 ms to 0.8 s, by design; README, "Tower
 * game"), and longer ones are refused by the evaluator (tests/test_tower.c covers both).
 */
#include "fuzz.h"

enum {
  SEARCHED = 4,          /* components checked by the exhaustive search */
  SMALL_HEAP = 5000,     /* largest heap searched */
  SMALL_PILE = 500,      /* largest pile searched */
  SMALL_TOWER = 6,       /* most layers of a tower searched */
  SUM_ENTRIES = 1 << 12, /* the sum search's bound */
  COMPILED_RUN = 20,     /* longest run of tower layers valued from the compiled table */
};

static const char *const specs[] = {
    "twothree",  "div:2",        "div:3,5,7", "div:2,3,5",         "div:18446744073709551615",
    "gurdurr",   "psub:1/2",     "psub:/4",   "psub:3,7,10/2,6,7", "nimplus:5,9,14/3,8",
    "psub:2,3/", "div:4,6,9,10",
};
enum { SPECS = sizeof specs / sizeof specs[0] };

/* The game of spec k. Division games are made once and kept: building their run table takes
 * milliseconds in the instrumented build, and they hold no cache that evaluation changes, so
 * keeping them cannot make one input's result depend on another's. Other games are made for each
 * input (psub games cache their period engine). */
static nb_game *game_of(size_t k) {
  static nb_game *kept[SPECS];
  if (kept[k] != NULL) return kept[k];
  nb_game *g;
  nb_error err;
  FUZZ_CHECK(nb_game_open(specs[k], &g, &err) == NB_OK, "%s", err.message);
  if (g->family == &nb_division_family) kept[k] = g;
  return g;
}

static void game_done(nb_game *g) {
  if (g->family != &nb_division_family) nb_game_free(g);
}

/* Splits text at '\n' and NUL into tokens, in place (text has a NUL after its end). */
static size_t split(char *text, size_t len, const char **tokens) {
  size_t n = 0, start = 0;
  for (size_t i = 0; i <= len; i++)
    if (i == len || text[i] == '\n' || text[i] == '\0') {
      text[i] = '\0';
      if (i > start || i < len) tokens[n++] = text + start; /* empty tokens too, but none last */
      start = i + 1;
    }
  return n;
}

/* The position printed, then split at spaces and parsed again, gives the same components. */
static void check_round_trip(const nb_game *g, const nb_pos *comps, size_t n) {
  char probe[1];
  int len = nb_position_format(g, comps, n, probe, 0);
  char *text = nb_alloc((size_t)len + 1, 1, NULL);
  const char **tokens = nb_alloc((size_t)len + 1, sizeof *tokens, NULL);
  nb_pos *again = nb_alloc(n, sizeof *again, NULL);
  FUZZ_CHECK(text && tokens && again, "out of memory");
  FUZZ_CHECK(nb_position_format(g, comps, n, text, (size_t)len + 1) == len, "format length");
  size_t count = 0, m = 0;
  for (char *p = strtok(text, " "); p != NULL; p = strtok(NULL, " "))
    tokens[count++] = p;
  nb_error err;
  FUZZ_CHECK(nb_position_parse(g, tokens, count, 1, again, &m, n, &err) == NB_OK, "%s",
             err.message);
  FUZZ_CHECK(m == n && memcmp(again, comps, n * sizeof *comps) == 0, "printed as '%s'", text);
  free(again);
  free(tokens);
  free(text);
}

/* Whether `who`, moving first in the one component p, wins. */
static bool component_wins(const nb_game *g, nb_pos p, nb_player who) {
  nb_error err;
  if (!g->family->partizan) {
    uint64_t v;
    FUZZ_CHECK(nb_grundy(g, NULL, p, &v, &err) == NB_OK, "%s", err.message);
    return v != 0;
  }
  nb_outcome o;
  FUZZ_CHECK(nb_outcome_of(g, NULL, p, &o, &err) == NB_OK, "%s", err.message);
  return nb_outcome_wins(o, who);
}

/* The Grundy value of one component (impartial families). */
static uint64_t grundy(const nb_game *g, nb_pos p) {
  nb_error err;
  uint64_t v;
  FUZZ_CHECK(nb_grundy(g, NULL, p, &v, &err) == NB_OK, "%s", err.message);
  return v;
}

/* The winning moves are exactly the moves after which the opponent, moving first, loses: a sum
 * of Grundy value 0 (impartial: the XOR of the components' values, by Sprague-Grundy), or a
 * position the opponent loses moving first (partizan: one component). */
static void check_moves(const nb_game *g, const nb_pos *comps, size_t n, nb_player who) {
  nb_error err;
  nb_sum_move *all, *win;
  size_t nall, nwin, k = 0;
  bool partizan = g->family->partizan;
  uint64_t total = 0;
  for (size_t i = 0; i < n && !partizan; i++)
    total ^= grundy(g, comps[i]);
  FUZZ_CHECK(nb_sum_moves(g, comps, n, who, &all, &nall, &err) == NB_OK, "%s", err.message);
  FUZZ_CHECK(nb_winning_moves(g, NULL, comps, n, who, &win, &nwin, &err) == NB_OK, "%s",
             err.message);
  bool wins = partizan ? component_wins(g, comps[0], who) : total != 0;
  FUZZ_CHECK((nwin > 0) == wins, "%zu winning moves in a position won: %d", nwin, wins);
  for (size_t i = 0; i < nall; i++) {
    char name[128];
    int len = nb_sum_move_describe(g, comps, n, &all[i], name, sizeof name);
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof name, "move notation of %d bytes", len);
    nb_pos to = all[i].move.to;
    bool winning = partizan ? !component_wins(g, to, who == NB_LEFT ? NB_RIGHT : NB_LEFT)
                            : (total ^ grundy(g, comps[all[i].component]) ^ grundy(g, to)) == 0;
    bool listed = k < nwin && win[k].component == all[i].component && win[k].move.to.lo == to.lo &&
                  win[k].move.to.hi == to.hi && win[k].move.tag == all[i].move.tag;
    FUZZ_CHECK(winning == listed, "move %s: winning %d, listed %d", name, winning, listed);
    k += listed;
  }
  FUZZ_CHECK(k == nwin, "%zu winning moves listed, %zu found among the legal ones", nwin, k);
  free(all);
  free(win);
}

/* Whether `who` wins moving first in the sum (impartial: any who; partizan: one component). */
static bool wins_moving_first(const nb_game *g, const nb_pos *comps, size_t n, nb_player who) {
  if (g->family->partizan) return component_wins(g, comps[0], who);
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++)
    total ^= grundy(g, comps[i]);
  return total != 0;
}

/* Whether a component is small enough for the exhaustive searches. */
static bool small(const nb_game *g, nb_pos p) {
  if (g->family == &nb_division_family) return p.lo <= SMALL_HEAP;
  if (g->family == &nb_psub_family) return p.lo <= SMALL_PILE;
  char text[256];
  int len = g->family->format(g, p, text, sizeof text);
  return len >= 0 && (size_t)len <= 4 * SMALL_TOWER - 1; /* layers of 3 bytes, spaces between */
}

/* Fast evaluators against the exhaustive search; the sum search on small sums. */
static void check_by_search(const nb_game *g, const nb_pos *comps, size_t n) {
  nb_error err;
  nb_search *s;
  FUZZ_CHECK(nb_search_new(g, 0, &s, &err) == NB_OK, "%s", err.message);
  bool all_small = true;
  for (size_t i = 0; i < n; i++) {
    bool fits = small(g, comps[i]);
    all_small = all_small && fits;
    if (i >= SEARCHED || !fits) continue;
    for (int who = NB_LEFT; who <= NB_RIGHT; who++) {
      bool wins;
      FUZZ_CHECK(nb_search_wins(s, comps[i], (nb_player)who, &wins, NULL, &err) == NB_OK, "%s",
                 err.message);
      FUZZ_CHECK(wins == component_wins(g, comps[i], (nb_player)who),
                 "component %zu: the search says %d for player %d", i, wins, who);
    }
    if (g->family->partizan) continue;
    uint64_t fast, slow;
    FUZZ_CHECK(nb_grundy(g, NULL, comps[i], &fast, &err) == NB_OK, "%s", err.message);
    FUZZ_CHECK(nb_search_grundy(s, comps[i], &slow, &err) == NB_OK, "%s", err.message);
    FUZZ_CHECK(fast == slow, "component %zu: value %llu, the search says %llu", i,
               (unsigned long long)fast, (unsigned long long)slow);
  }
  nb_search_free(s);
  if (!all_small || n > 3) return;
  nb_sum_search *sums;
  FUZZ_CHECK(nb_sum_search_new(g, SUM_ENTRIES, &sums, &err) == NB_OK, "%s", err.message);
  for (int who = NB_LEFT; who <= NB_RIGHT; who++) {
    bool wins;
    uint64_t remoteness;
    nb_status st = nb_sum_search_wins(sums, comps, n, (nb_player)who, &wins, &remoteness, &err);
    if (st == NB_EDATA) break; /* too large for the bound: refused, which is allowed */
    FUZZ_CHECK(st == NB_OK, "status %d: %s", (int)st, err.message);
    FUZZ_CHECK(wins == wins_moving_first(g, comps, n, (nb_player)who) &&
                   wins == (remoteness % 2 == 1),
               "sum search: wins %d, remoteness %llu", wins, (unsigned long long)remoteness);
  }
  nb_sum_search_free(sums);
}

/* Whether some tower holds more than COMPILED_RUN consecutive III, II. or .II layers. */
static bool long_run(const nb_game *g, const nb_pos *comps, size_t n) {
  if (g->family != &nb_tower_family) return false;
  for (size_t i = 0; i < n; i++) {
    char text[256];
    int len = g->family->format(g, comps[i], text, sizeof text);
    FUZZ_CHECK(len >= 0 && (size_t)len < sizeof text, "tower of %d bytes", len);
    size_t run = 0;
    for (char *p = strtok(text, " "); p != NULL; p = strtok(NULL, " ")) {
      run = strcmp(p, "III") == 0 || strcmp(p, "II.") == 0 || strcmp(p, ".II") == 0 ? run + 1 : 0;
      if (run > COMPILED_RUN) return true;
    }
  }
  return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  char *text = fuzz_string(data + 1, size - 1);
  const char **tokens = nb_alloc(size, sizeof *tokens, NULL);
  nb_pos *comps = nb_alloc(size, sizeof *comps, NULL);
  FUZZ_CHECK(tokens && comps, "out of memory");
  size_t count = split(text, size - 1, tokens), n = 0;
  nb_game *g = game_of(data[0] % SPECS);
  nb_error err = {0};
  nb_status st = nb_position_parse(g, tokens, count, 1, comps, &n, count, &err);
  if (st != NB_OK) {
    FUZZ_CHECK(st == NB_EUSAGE && err.message[0] != '\0', "status %d: %s", (int)st, err.message);
  } else {
    FUZZ_CHECK(n >= 1 && n <= count, "%zu components from %zu tokens", n, count);
    check_round_trip(g, comps, n);
  }
  if (st == NB_OK && !long_run(g, comps, n)) {
    check_moves(g, comps, n, NB_LEFT);
    if (g->family->partizan) check_moves(g, comps, n, NB_RIGHT);
    check_by_search(g, comps, n);
  }
  game_done(g);
  free(comps);
  free(tokens);
  free(text);
  return 0;
}
