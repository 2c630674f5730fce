/*
 * test_play.c: the engine behind `nimber play`, in many seeded games against a random player,
 * for every family: once the engine faces a won position it wins the game, and in a lost
 * position it plays a move of largest remoteness (when the search can tell).
 */
#include "check.h"
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

typedef struct match {
  nb_game *g;
  nb_solver *solver;     /* the engine's */
  bool searching;        /* the engine's sum search can answer (else it resists by moves) */
  nb_sum_search *oracle; /* the test's own */
} match;

/* Who wins moving first, by the test's own exhaustive search. */
static bool wins_now(match *m, const nb_pos *comps, size_t n, nb_player who) {
  bool w = false;
  nb_error err;
  CHECK_OK(nb_sum_search_wins(m->oracle, comps, n, who, &w, NULL, &err), &err);
  return w;
}

static uint64_t remoteness(match *m, const nb_pos *comps, size_t n, nb_player who) {
  bool w;
  uint64_t r = 0;
  nb_error err;
  CHECK_OK(nb_sum_search_wins(m->oracle, comps, n, who, &w, &r, &err), &err);
  return r;
}

static nb_player other(const nb_game *g, nb_player p) {
  return g->family->partizan ? (p == NB_LEFT ? NB_RIGHT : NB_LEFT) : p;
}

/* The largest number of parts a move of l leaves. */
static size_t most_parts(const nb_move_list *l) {
  size_t most = 0;
  for (size_t i = 0; i < l->count; i++)
    most = l->move[i].move.parts > most ? l->move[i].move.parts : most;
  return most;
}

/* Checks the engine's choice `chosen` among `all` (its own list) at comps, `to_move` moving. */
static void check_choice(match *m, const nb_pos *comps, size_t n, nb_player to_move, bool won,
                         const nb_move_list *all, size_t chosen, const char *what) {
  nb_pos *after = malloc((n + most_parts(all)) * sizeof *after);
  size_t len = nb_sum_after(comps, n, all, chosen, after);
  nb_player opp = other(m->g, to_move);
  CHECK(!won || !wins_now(m, after, len, opp), "%s: engine threw away a win", what);
  if (!won && m->searching) { /* lost: the move resists longest */
    uint64_t best = 0, got = remoteness(m, after, len, opp);
    for (size_t i = 0; i < all->count; i++) {
      len = nb_sum_after(comps, n, all, i, after);
      uint64_t r = remoteness(m, after, len, opp);
      best = r > best ? r : best;
    }
    CHECK(got == best, "%s: resisted %llu moves, %llu possible", what, (unsigned long long)got,
          (unsigned long long)best);
  }
  free(after);
}

/* Plays one game from comps[0..n) with `first` to move; the engine plays `engine`. */
static void play_game(match *m, const nb_pos *start, size_t n, nb_player first, nb_player engine,
                      bool engine_first, uint64_t *rng, const char *what) {
  nb_error err;
  bool engine_turn = engine_first, engine_was_winning = false;
  nb_player to_move = first;
  nb_pos *comps = malloc((n + 1) * sizeof *comps);
  memcpy(comps, start, n * sizeof *comps);
  for (int ply = 0; ply < 10000; ply++) {
    nb_move_list all;
    size_t chosen;
    if (engine_turn) {
      bool won = wins_now(m, comps, n, to_move), found;
      engine_was_winning |= won;
      CHECK_OK(nb_engine_choose(m->solver, comps, n, engine, rng, &all, &chosen, &found, &err),
               &err);
      if (!found) {
        CHECK(all.count == 0, "%s: a legal move but none found", what);
        nb_move_list_free(&all);
        CHECK(!engine_was_winning, "%s: engine lost a won position", what);
        free(comps);
        return;
      }
      check_choice(m, comps, n, to_move, won, &all, chosen, what);
    } else {
      CHECK_OK(nb_sum_moves(m->solver, comps, n, to_move, &all, &err), &err);
      if (all.count == 0) {
        nb_move_list_free(&all);
        free(comps);
        return;
      }
      chosen = (size_t)(check_rand(rng) % all.count);
    }
    nb_pos *next = malloc((n + most_parts(&all) + 1) * sizeof *next);
    n = nb_sum_after(comps, n, &all, chosen, next);
    free(comps);
    comps = next;
    nb_move_list_free(&all);
    engine_turn = !engine_turn;
    to_move = other(m->g, to_move);
  }
  free(comps);
  CHECK(0, "%s: game did not end", what);
}

static void open_match(match *m, const char *spec, const nb_limits *limits) {
  nb_error err;
  memset(m, 0, sizeof *m);
  CHECK_OK(nb_game_open(spec, &m->g, &err), &err);
  CHECK_OK(nb_solver_new(m->g, limits, &m->solver, &err), &err);
  m->searching = limits == NULL;
  CHECK_OK(nb_sum_search_new(m->g, NULL, NULL, &m->oracle, &err), &err);
}

static void close_match(match *m) {
  nb_sum_search_free(m->oracle);
  nb_solver_free(m->solver);
  nb_game_free(m->g);
}

static void play_division(int games) {
  match m;
  open_match(&m, "div:2,3,5", NULL);
  uint64_t rng = 41;
  for (int i = 0; i < games; i++) {
    nb_pos comps[3];
    size_t n = (size_t)check_range(&rng, 1, 3);
    for (size_t j = 0; j < n; j++)
      comps[j] = (nb_pos){check_range(&rng, 1, 400), 0};
    play_game(&m, comps, n, NB_LEFT, NB_LEFT, i % 2 == 0, &rng, "div");
  }
  close_match(&m);
}

static void play_tower(int games) {
  static const char *const layers[] = {"III", "II.", ".II", "I.I", ".I."};
  match m;
  open_match(&m, "tower", NULL);
  uint64_t rng = 43;
  for (int i = 0; i < games; i++) {
    const char *tokens[8];
    size_t count = (size_t)check_range(&rng, 1, 6), n = 0;
    for (size_t j = 0; j < count; j++) {
      tokens[j] = layers[check_rand(&rng) % 5];
      if (j > 0 && strcmp(tokens[j], ".I.") == 0 && strcmp(tokens[j - 1], ".I.") == 0)
        tokens[j] = "III";
    }
    nb_pos comps[1];
    nb_error err;
    CHECK_OK(nb_position_parse(m.g, tokens, count, 1, comps, &n, 1, &err), &err);
    play_game(&m, comps, n, NB_LEFT, NB_LEFT, i % 2 == 1, &rng, "tower");
  }
  close_match(&m);
}

static void play_psub(int games) {
  uint64_t rng = 47;
  for (int i = 0; i < games; i++) {
    char spec[64];
    snprintf(spec, sizeof spec, "psub:%llu,%llu/%llu", (unsigned long long)check_range(&rng, 1, 4),
             (unsigned long long)check_range(&rng, 1, 6),
             (unsigned long long)check_range(&rng, 1, 5));
    match m;
    open_match(&m, spec, NULL);
    nb_pos comps[1] = {{check_range(&rng, 0, 40), 0}};
    nb_player engine = i % 2 ? NB_LEFT : NB_RIGHT, first = i % 4 < 2 ? NB_LEFT : NB_RIGHT;
    play_game(&m, comps, 1, first, engine, first == engine, &rng, spec);
    close_match(&m);
  }
}

/* Heap games, whose moves remove heaps and split them in two or three. */
static void play_heaps(int games) {
  static const char *const specs[] = {"kayles", "dawson", "grundy", "sub:1,3,4", "nim", "hex:0.F8"};
  uint64_t rng = 59;
  for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
    match m;
    open_match(&m, specs[k], NULL);
    for (int i = 0; i < games; i++) {
      nb_pos comps[3];
      size_t n = (size_t)check_range(&rng, 1, 3);
      for (size_t j = 0; j < n; j++)
        comps[j] = (nb_pos){check_range(&rng, 0, 7), 0};
      play_game(&m, comps, n, NB_LEFT, NB_LEFT, i % 2 == 0, &rng, specs[k]);
    }
    close_match(&m);
  }
}

/* With a sum search too small for any sum the engine still never throws away a win (it resists
 * by moves in hand only when lost). */
static void play_without_search(void) {
  match m;
  nb_limits tiny = nb_limits_default();
  tiny.sums = 1;
  open_match(&m, "twothree", &tiny);
  uint64_t rng = 53;
  for (int i = 0; i < 200; i++) {
    nb_pos comps[2] = {{check_range(&rng, 1, 100000), 0}, {check_range(&rng, 1, 100000), 0}};
    play_game(&m, comps, 2, NB_LEFT, NB_LEFT, true, &rng, "twothree without search");
  }
  close_match(&m);
}

int main(void) {
  int quick = getenv("NB_TEST_QUICK") != NULL;
  play_division(quick ? 100 : 400);
  play_tower(quick ? 100 : 400);
  play_psub(quick ? 100 : 400);
  play_heaps(quick ? 20 : 80);
  play_without_search();
  return check_done();
}
