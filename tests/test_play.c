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
  nb_search *search;
  nb_sum_search *sums;   /* the engine's, may become NULL */
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

/* Plays one game from comps (modified) with `first` to move; the engine plays `engine`. */
static void play_game(match *m, nb_pos *comps, size_t n, nb_player first, nb_player engine,
                      bool engine_first, uint64_t *rng, const char *what) {
  nb_error err;
  bool engine_turn = engine_first, engine_was_winning = false;
  nb_player to_move = first;
  for (int ply = 0; ply < 10000; ply++) {
    nb_sum_move *all;
    size_t count;
    CHECK_OK(nb_sum_moves(m->g, comps, n, to_move, &all, &count, &err), &err);
    if (count == 0) {
      free(all);
      CHECK(!(engine_was_winning && engine_turn), "%s: engine lost a won position", what);
      return;
    }
    nb_sum_move chosen;
    if (engine_turn) {
      bool won = wins_now(m, comps, n, to_move), found;
      engine_was_winning |= won;
      CHECK_OK(
          nb_engine_choose(m->g, m->search, &m->sums, comps, n, engine, rng, &chosen, &found, &err),
          &err);
      CHECK(found, "%s: no move found", what);
      nb_pos *after = malloc(n * sizeof *after);
      memcpy(after, comps, n * sizeof *after);
      after[chosen.component] = chosen.move.to;
      bool opp_wins = wins_now(m, after, n, other(m->g, to_move));
      CHECK(!won || !opp_wins, "%s: engine threw away a win", what);
      if (!won && m->sums != NULL) { /* lost: the move resists longest */
        uint64_t best = 0, got = remoteness(m, after, n, other(m->g, to_move));
        for (size_t i = 0; i < count; i++) {
          memcpy(after, comps, n * sizeof *after);
          after[all[i].component] = all[i].move.to;
          uint64_t r = remoteness(m, after, n, other(m->g, to_move));
          best = r > best ? r : best;
        }
        CHECK(got == best, "%s: resisted %llu moves, %llu possible", what, (unsigned long long)got,
              (unsigned long long)best);
      }
      free(after);
    } else {
      chosen = all[check_rand(rng) % count];
    }
    free(all);
    comps[chosen.component] = chosen.move.to;
    engine_turn = !engine_turn;
    to_move = other(m->g, to_move);
  }
  CHECK(0, "%s: game did not end", what);
}

static void open_match(match *m, const char *spec) {
  nb_error err;
  memset(m, 0, sizeof *m);
  CHECK_OK(nb_game_open(spec, &m->g, &err), &err);
  CHECK_OK(nb_search_new(m->g, 0, &m->search, &err), &err);
  CHECK_OK(nb_sum_search_new(m->g, 0, &m->sums, &err), &err);
  CHECK_OK(nb_sum_search_new(m->g, 0, &m->oracle, &err), &err);
}

static void close_match(match *m) {
  nb_sum_search_free(m->sums);
  nb_sum_search_free(m->oracle);
  nb_search_free(m->search);
  nb_game_free(m->g);
}

static void play_division(int games) {
  match m;
  open_match(&m, "div:2,3,5");
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
  open_match(&m, "tower");
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
    open_match(&m, spec);
    nb_pos comps[1] = {{check_range(&rng, 0, 40), 0}};
    nb_player engine = i % 2 ? NB_LEFT : NB_RIGHT, first = i % 4 < 2 ? NB_LEFT : NB_RIGHT;
    play_game(&m, comps, 1, first, engine, first == engine, &rng, spec);
    close_match(&m);
  }
}

/* With no sum search the engine still never throws away a win (fallback only when lost). */
static void play_without_search(void) {
  match m;
  open_match(&m, "twothree");
  nb_sum_search_free(m.sums);
  m.sums = NULL;
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
  play_without_search();
  return check_done();
}
