/*
 * fuzz_position.c: command-line positions (nb_position_parse) on arbitrary argument tokens, then
 * their values and winning moves.
 *
 * Input: byte 0 picks a game from `specs`; the rest is split at newlines and NUL bytes into
 * argument tokens, as a shell would hand them over (tokens may hold spaces, tabs, anything).
 * Whatever the tokens, parsing answers NB_OK or NB_EUSAGE with a message. An accepted position:
 *   - prints as text that parses back to the same components (the CLI prints, play reads);
 *   - has a value (nb_value_of: the nimber of the sum, or its outcome class), or is refused as too
 *     large for the sum search or the canonical forms' work (NB_EDATA, partizan sums only);
 *   - its winning moves are exactly the legal moves after which the opponent, moving first,
 *     loses: for impartial games, by Sprague-Grundy, the moves after which the XOR of the
 *     components' values is 0; for partizan games, by the value of the sum after the move;
 *     every move has a notation;
 *   - on small components, the value agrees with the exhaustive search over the rules;
 *   - on small sums of small components, the sum search's winner agrees with the value, and
 *     the remoteness is odd exactly when the player to move wins.
 * Each input gets a fresh solver (the caches: searches, psub's period engine), so that no input's
 * result depends on another's; the games themselves are immutable and made once.
 *
 * Bounds keep one input fast: the checks by search run on the first SEARCHED components of at
 * most SMALL_HEAP (div), SMALL_PILE (psub) or SMALL_TOWER layers (tower), the moves of partizan
 * sums are checked on sums of at most SMALL_SUM piles, and the searches get small limits. A
 * tower with more than COMPILED_RUN consecutive III, II. or .II layers is only parsed and
 * printed: runs of 21 to 24 layers are valued from tables built on first use (40 ms to 0.8 s, by
 * design; README, "Tower game"), and longer ones are refused (tests/test_tower.c covers both).
 * Boards and strips (cram, col, nogo, toads, elephants, toppling, hackenbush, konane, amazons,
 * impartial:GAME) longer than SMALL_BOARD characters are only parsed and printed likewise.
 */
#include "fuzz.h"
#include "games/division.h"
#include "games/psub.h"
#include "games/tower.h"

enum {
  SEARCHED = 4,      /* components checked by the exhaustive search */
  SMALL_HEAP = 5000, /* largest heap searched */
  SMALL_PILE = 500,  /* largest pile searched */
  SMALL_TOWER = 6,   /* most layers of a tower searched */
  SMALL_SUM = 3,     /* most components of a sum searched, or of a partizan sum whose moves
                        are checked */
  COMPILED_RUN = 20, /* longest run of tower layers valued from the compiled table */
  SMALL_BOARD = 12,  /* most characters of a board or strip that is valued: larger ones (up to
                        120 cells) are only parsed and printed, their values being the family
                        tests' to check (a 10 x 12 board would take the exhaustive search
                        hours) */
};

static const char *const specs[] = {
    "twothree",
    "div:2",
    "div:3,5,7",
    "div:2,3,5",
    "div:18446744073709551615",
    "gurdurr",
    "psub:1/2",
    "psub:/4",
    "psub:3,7,10/2,6,7",
    "nimplus:5,9,14/3,8",
    "psub:2,3/",
    "div:4,6,9,10",
    "cram",
    "col",
    "nogo",
    "toads",
    "elephants",
    "toppling",
    "impartial:domineering",
    "impartial:toads",
    "hackenbush",
    "konane",
    "amazons",
};
enum { SPECS = sizeof specs / sizeof specs[0] };

/* The games of the specs, each made once (game_of) and freed at exit, so that LeakSanitizer,
 * which make test runs without globals as roots (tests/lsan.supp), finds nothing left. */
static nb_game *kept[SPECS];

static void free_kept(void) {
  for (size_t k = 0; k < SPECS; k++)
    nb_game_free(kept[k]);
}

/* The game of spec k, made once: building a division game's run table takes milliseconds in the
 * instrumented build, and games are immutable (caches live in the solver). */
static const nb_game *game_of(size_t k) {
  static bool registered;
  nb_error err;
  if (!registered) registered = atexit(free_kept) == 0;
  if (kept[k] == NULL)
    FUZZ_CHECK(nb_game_open(specs[k], &kept[k], &err) == NB_OK, "%s", err.message);
  return kept[k];
}

/* The limits of every search here: small, so that a search refused is quick. */
static nb_limits small_limits(void) {
  nb_limits l = nb_limits_default();
  l.positions = 1 << 14;
  l.sums = 1 << 10;
  l.held_moves = 1 << 16;
  l.game_steps = 1 << 10; /* psub sums of long forms: 3 432 432 took 40 s at the default 2^25,
                           and 1 << 16 let one input take 0.8 s (300-800 inputs/s); sums of
                           small piles finish within 1 << 10, the rest take the refusal path */
  l.game_store = 16 << 20;
  l.form_text = 1 << 14;
  l.moves_examined = 1 << 20;
  l.memory = 64 << 20; /* a sum of many long components is refused long before the rss limit */
  return l;
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
  nb_pos *again = nb_alloc(n + 1, sizeof *again, NULL);
  FUZZ_CHECK(text && tokens && again, "out of memory");
  FUZZ_CHECK(nb_position_format(g, comps, n, text, (size_t)len + 1) == len, "format length");
  size_t count = 0, m = 0;
  for (char *p = strtok(text, " "); p != NULL; p = strtok(NULL, " "))
    tokens[count++] = p;
  nb_error err;
  FUZZ_CHECK(nb_position_parse(g, tokens, count, 1, again, &m, n + 1, &err) == NB_OK, "%s",
             err.message);
  FUZZ_CHECK(m == n && memcmp(again, comps, n * sizeof *comps) == 0, "printed as '%s'", text);
  free(again);
  free(tokens);
  free(text);
}

static bool is_board(const nb_game *g);

/* The value of the sum comps[0..n): false when the sum search refuses it as too large. A
 * partizan sum may pass this harness's small limits, and so may one board or strip of a dozen
 * cells ('tt.tt.tt.fff' in Toads and Frogs takes more than the 1024 steps of canonical-form work
 * allowed here; impartial:toads 't.t..t.t.ffF' more than its 16384 positions): refused with
 * NB_EDATA, never answered wrong. */
static bool value_of(nb_solver *s, const nb_pos *comps, size_t n, nb_value *v) {
  nb_error err;
  nb_status st = nb_value_of(s, comps, n, v, &err);
  const nb_game *g = nb_solver_game(s);
  FUZZ_CHECK(st == NB_OK || (st == NB_EDATA && (is_board(g) || (g->family->partizan && n > 1))),
             "status %d: %s", (int)st, err.message);
  return st == NB_OK;
}

/* The Grundy value of one component (impartial families). */
static uint64_t grundy(nb_solver *s, nb_pos p) {
  nb_value v;
  FUZZ_CHECK(value_of(s, &p, 1, &v) && v.kind == NB_VALUE_NIMBER, "no nimber");
  return v.nimber;
}

static bool same_move(const nb_move_list *a, size_t i, const nb_move_list *b, size_t j) {
  const nb_sum_move *x = &a->move[i], *y = &b->move[j];
  return x->component == y->component && x->move.tag == y->move.tag &&
         x->move.parts == y->move.parts &&
         memcmp(&a->part[x->first], &b->part[y->first], x->move.parts * sizeof(nb_pos)) == 0;
}

/* Whether move i of `all` wins for the mover (the opponent, moving first after it, loses): 1
 * or 0, or -1 when the sum search refuses the sum after it as too large (partizan sums). */
static int move_wins(nb_solver *s, const nb_pos *comps, size_t n, const nb_move_list *all, size_t i,
                     uint64_t total, nb_player opponent, nb_pos *after) {
  const nb_sum_move *m = &all->move[i];
  if (!nb_solver_game(s)->family->partizan) {
    uint64_t x = total ^ grundy(s, comps[m->component]);
    for (size_t k = 0; k < m->move.parts; k++)
      x ^= grundy(s, all->part[m->first + k]);
    return x == 0;
  }
  size_t len = nb_sum_after(comps, n, all, i, after);
  nb_value v;
  if (!value_of(s, after, len, &v)) return -1;
  return !nb_value_wins(&v, opponent);
}

/* The winning moves are exactly the moves after which the opponent, moving first, loses. */
static void check_moves(nb_solver *s, const nb_pos *comps, size_t n, nb_player who,
                        const nb_value *v) {
  const nb_game *g = nb_solver_game(s);
  bool partizan = g->family->partizan;
  nb_player opponent = partizan && who == NB_LEFT ? NB_RIGHT : partizan ? NB_LEFT : who;
  nb_error err;
  nb_move_list all = {0}, win = {0};
  FUZZ_CHECK(nb_sum_moves(s, comps, n, who, &all, &err) == NB_OK, "%s", err.message);
  nb_status st = nb_winning_moves(s, comps, n, who, &win, &err);
  if (st == NB_EDATA && (is_board(g) || (partizan && n > 1))) { /* a sum after a move refused */
    nb_move_list_free(&all);
    nb_move_list_free(&win);
    return;
  }
  FUZZ_CHECK(st == NB_OK, "status %d: %s", (int)st, err.message);
  FUZZ_CHECK((win.count > 0) == nb_value_wins(v, who), "%zu winning moves", win.count);
  uint64_t total = partizan ? 0 : v->nimber;
  size_t most = 0, k = 0;
  for (size_t i = 0; i < all.count; i++)
    most = all.move[i].move.parts > most ? all.move[i].move.parts : most;
  nb_pos *after = nb_alloc(n + most + 1, sizeof *after, NULL);
  FUZZ_CHECK(after != NULL, "out of memory");
  for (size_t i = 0; i < all.count; i++) {
    char name[128];
    int len = nb_sum_move_describe(g, comps, n, &all, i, name, sizeof name);
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof name, "move notation of %d bytes", len);
    int winning = move_wins(s, comps, n, &all, i, total, opponent, after);
    if (winning < 0) break; /* refused as too large: the rest is not checked */
    bool listed = k < win.count && same_move(&win, k, &all, i);
    FUZZ_CHECK(winning == listed, "move %s: winning %d, listed %d", name, winning, listed);
    k += listed;
    if (i + 1 == all.count)
      FUZZ_CHECK(k == win.count, "%zu winning moves listed, %zu found among the legal ones",
                 win.count, k);
  }
  free(after);
  nb_move_list_free(&all);
  nb_move_list_free(&win);
}

/* Whether `name` (its first len bytes) is one of `list`. */
static bool named_in(const char *name, size_t len, const char *const *list, size_t count) {
  for (size_t i = 0; i < count; i++)
    if (strlen(list[i]) == len && strncmp(name, list[i], len) == 0) return true;
  return false;
}

/* Whether g is a board or strip game. Their moves split components, which the one-component
 * search refuses ("a question for the sum search"): their values are checked against the sum
 * search only, and may pass this harness's small limits. The board and strip families below;
 * impartial:GAME when GAME is a board or strip family, Domineering, Snort and Clobber among them
 * (the twin has no partizan evaluator and is valued by the searches: impartial:domineering,
 * impartial:toads), not when GAME is cg or psub, whose moves do not split. */
static bool is_board(const nb_game *g) {
  static const char *const boards[] = {"cram",     "col",        "nogo",   "toads",  "elephants",
                                       "toppling", "hackenbush", "konane", "amazons"};
  static const char *const twins[] = {"domineering", "snort", "clobber"};
  enum { BOARDS = sizeof boards / sizeof boards[0], TWINS = sizeof twins / sizeof twins[0] };
  const char *name = g->family->name;
  if (strcmp(name, "impartial") != 0) return named_in(name, strlen(name), boards, BOARDS);
  char spec[256];
  static const char prefix[] = "impartial:";
  int len = g->family->spec(g, spec, sizeof spec);
  if (len < (int)sizeof prefix - 1 || (size_t)len >= sizeof spec) return false;
  const char *inner = spec + sizeof prefix - 1;
  size_t inner_len = strcspn(inner, ":");
  return named_in(inner, inner_len, boards, BOARDS) || named_in(inner, inner_len, twins, TWINS);
}

/* Whether a component is small enough for the exhaustive searches. */
static bool small(const nb_game *g, nb_pos p) {
  if (g->family == &nb_division_family) return p.lo <= SMALL_HEAP;
  if (g->family == &nb_psub_family) return p.lo <= SMALL_PILE;
  char text[256];
  int len = g->family->format(g, p, text, sizeof text);
  return len >= 0 && (size_t)len <= 4 * SMALL_TOWER - 1; /* layers of 3 bytes, spaces between */
}

/* The values against the exhaustive searches over the rules, on small components and sums. */
static void check_by_search(nb_solver *solver, const nb_pos *comps, size_t n, const nb_value *v) {
  const nb_game *g = nb_solver_game(solver);
  nb_limits limits = small_limits();
  nb_error err;
  nb_search *s;
  FUZZ_CHECK(nb_search_new(g, &limits, &s, &err) == NB_OK, "%s", err.message);
  bool all_small = true;
  for (size_t i = 0; i < n; i++) {
    bool fits = small(g, comps[i]);
    all_small = all_small && fits;
    if (i >= SEARCHED || !fits || is_board(g)) continue;
    nb_value one;
    FUZZ_CHECK(value_of(solver, &comps[i], 1, &one), "component %zu has no value", i);
    for (int who = NB_LEFT; who <= NB_RIGHT; who++) {
      bool wins;
      FUZZ_CHECK(nb_search_wins(s, comps[i], (nb_player)who, &wins, NULL, &err) == NB_OK, "%s",
                 err.message);
      FUZZ_CHECK(wins == nb_value_wins(&one, (nb_player)who),
                 "component %zu: the search says %d for player %d", i, wins, who);
    }
    uint64_t slow;
    if (g->family->partizan) continue;
    FUZZ_CHECK(nb_search_grundy(s, comps[i], &slow, &err) == NB_OK, "%s", err.message);
    FUZZ_CHECK(one.nimber == slow, "component %zu: value %llu, the search says %llu", i,
               (unsigned long long)one.nimber, (unsigned long long)slow);
  }
  nb_search_free(s);
  if (!all_small || n > SMALL_SUM) return;
  nb_sum_search *sums;
  FUZZ_CHECK(nb_sum_search_new(g, &limits, NULL, &sums, &err) == NB_OK, "%s", err.message);
  for (int who = NB_LEFT; who <= NB_RIGHT; who++) {
    bool wins;
    uint64_t remoteness;
    nb_status st = nb_sum_search_wins(sums, comps, n, (nb_player)who, &wins, &remoteness, &err);
    if (st == NB_EDATA) break; /* too large for the small limits: refused, which is allowed */
    FUZZ_CHECK(st == NB_OK, "status %d: %s", (int)st, err.message);
    FUZZ_CHECK(wins == nb_value_wins(v, (nb_player)who) && wins == (remoteness % 2 == 1),
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

/* Whether a component of a board or strip family is too large to value here. */
static bool large_board(const nb_game *g, const nb_pos *comps, size_t n) {
  if (!is_board(g)) return false;
  for (size_t i = 0; i < n; i++) {
    char text[512];
    int len = g->family->format(g, comps[i], text, sizeof text);
    if (len < 0 || len > SMALL_BOARD) return true;
  }
  return false;
}

/* Values, moves and searches of an accepted position. */
static void check_position(const nb_game *g, const nb_pos *comps, size_t n) {
  nb_limits limits = small_limits();
  nb_solver *s;
  nb_error err;
  nb_value v;
  FUZZ_CHECK(nb_solver_new(g, &limits, &s, &err) == NB_OK, "%s", err.message);
  if (value_of(s, comps, n, &v)) {
    if (!g->family->partizan || n <= SMALL_SUM) {
      check_moves(s, comps, n, NB_LEFT, &v);
      if (g->family->partizan) check_moves(s, comps, n, NB_RIGHT, &v);
    }
    check_by_search(s, comps, n, &v);
  }
  nb_solver_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  char *text = fuzz_string(data + 1, size - 1);
  const char **tokens = nb_alloc(size, sizeof *tokens, NULL);
  nb_pos *comps = nb_alloc(size, sizeof *comps, NULL);
  FUZZ_CHECK(tokens && comps, "out of memory");
  size_t count = split(text, size - 1, tokens), n = 0;
  const nb_game *g = game_of(data[0] % SPECS);
  nb_error err = {0};
  nb_status st = nb_position_parse(g, tokens, count, 1, comps, &n, count, &err);
  if (st != NB_OK) {
    FUZZ_CHECK(st == NB_EUSAGE && err.message[0] != '\0', "status %d: %s", (int)st, err.message);
  } else {
    FUZZ_CHECK(n <= count, "%zu components from %zu tokens", n, count);
    check_round_trip(g, comps, n);
    if (!long_run(g, comps, n) && !large_board(g, comps, n)) check_position(g, comps, n);
  }
  free(comps);
  free(tokens);
  free(text);
  return 0;
}
