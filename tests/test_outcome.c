/*
 * test_outcome.c: the outcome search (src/core/outcome.c) against the canonical forms' outcome.
 *
 * The outcome search decides who wins by a boolean search that stops at the first winning move;
 * the reference is the value path (nb_value_of: the sum of the components' canonical forms, whose
 * sign is the outcome by Conway's fundamental theorem), made in a solver of its own so that no
 * memo is shared. Checked:
 *   - every board of every partizan board and strip family, over the family's letters, of every
 *     shape up to a number of cells (more with NB_TEST_LONG, fewer with NB_TEST_QUICK): the
 *     outcome search, moving first each player, agrees with the canonical form's outcome, and so
 *     does nb_value_outcome (which asks the family's fast outcome evaluator for one component);
 *   - random sums of two and three of those boards, the same;
 *   - Amazons' territories, which the search holds as integers (a tally): random mostly empty
 *     3x3 and 2x3 boards, some with one colour only, and their sums, the same (and Amazons'
 *     move bound, counted without making the moves, equal to the larger player's moves);
 *   - misère play: the outcome search, and nb_value_of of the misère theory (which asks it),
 *     agree with the sum search (sumsearch.c, the misère reference) on the same boards and sums;
 *     an impartial family (cram) with one player;
 *   - the limits: too few sums, too few moves examined, too little memory are refused
 *     (NB_EDATA naming the limit), and the search answers a small position afterwards;
 *   - nb_value_report with NB_REPORT_OUTCOME writes the outcome lines without the form.
 */
#include "check.h"

#include <nimber.h>
#include <string.h>

typedef struct family_case {
  const char *spec;    /* the game */
  const char *letters; /* every letter of a cell */
  bool strip;          /* one row only (no '/') */
  int cells;           /* boards of up to this many cells (Release, make test) */
} family_case;

static const family_case cases[] = {
    {"domineering", ".#", false, 9}, {"snort", ".#LR", false, 6},    {"col", ".#xo", false, 6},
    {"clobber", ".xo", false, 7},    {"konane", ".#xo", false, 6},   {"nogo", ".#xo", false, 6},
    {"amazons", ".#xo", false, 5},   {"toads", ".tf", true, 7},      {"elephants", ".tf", true, 7},
    {"toppling", "lre", true, 6},    {"hackenbush", "lre", true, 6},
};

enum { MAX_COMPS = 64, MAX_KEPT = 4096 };

/* One parsed board kept for the random sums. */
typedef struct kept {
  nb_pos comp[MAX_COMPS]; /* its components */
  size_t n;               /* how many */
} kept;

/* What one family's run holds. */
typedef struct run {
  const char *spec;       /* the game's spec */
  nb_game *game;          /* the game, normal play */
  nb_game *misere;        /* the game, misère play */
  nb_solver *forms;       /* the reference: canonical forms */
  nb_solver *outcomes;    /* the outcome search's solver */
  nb_solver *mforms;      /* misère: the sum search's solver */
  nb_solver *moutcomes;   /* misère: the outcome search's solver */
  kept *boards;           /* boards kept for sums */
  size_t nboards;         /* how many */
  unsigned long compared; /* positions compared */
} run;

static nb_outcome from_wins(bool left, bool right) {
  if (left) return right ? NB_OUTCOME_N : NB_OUTCOME_L;
  return right ? NB_OUTCOME_R : NB_OUTCOME_P;
}

/* The outcome search's class of comps[0..n) in solver s. */
static nb_outcome searched(nb_solver *s, const nb_pos *comps, size_t n) {
  nb_outcome_search *o;
  nb_error err;
  bool left, right;
  CHECK_OK(nb_solver_outcome_search(s, &o, &err), &err);
  CHECK_OK(nb_outcome_search_wins(o, comps, n, NB_LEFT, &left, &err), &err);
  CHECK_OK(nb_outcome_search_wins(o, comps, n, NB_RIGHT, &right, &err), &err);
  return from_wins(left, right);
}

/* The sum search's class of comps[0..n) in solver s (the misère reference). */
static nb_outcome summed(nb_solver *s, const nb_pos *comps, size_t n) {
  nb_sum_search *o;
  nb_error err;
  bool left, right;
  CHECK_OK(nb_solver_sum_search(s, &o, &err), &err);
  CHECK_OK(nb_sum_search_wins(o, comps, n, NB_LEFT, &left, NULL, &err), &err);
  CHECK_OK(nb_sum_search_wins(o, comps, n, NB_RIGHT, &right, NULL, &err), &err);
  return from_wins(left, right);
}

/* Compares every path on comps[0..n) (text names it in a failure). */
static void compare(run *r, const nb_pos *comps, size_t n, const char *text) {
  nb_value form, fast;
  nb_error err;
  r->compared++;
  CHECK_OK(nb_value_of(r->forms, comps, n, &form, &err), &err);
  CHECK_OK(nb_value_outcome(r->outcomes, comps, n, &fast, &err), &err);
  nb_outcome o = searched(r->outcomes, comps, n);
  CHECK(o == form.outcome, "%s %s: outcome search %c, canonical form %c", r->spec, text,
        nb_outcome_letter(o), nb_outcome_letter(form.outcome));
  CHECK(fast.kind == NB_VALUE_OUTCOME && fast.outcome == form.outcome,
        "%s: nb_value_outcome %c, canonical form %c", text, nb_outcome_letter(fast.outcome),
        nb_outcome_letter(form.outcome));
  if (n > 2) return; /* misère: the sum search, whose memo keeps remoteness, stays small */
  nb_outcome mo = searched(r->moutcomes, comps, n), ms = summed(r->mforms, comps, n);
  CHECK(mo == ms, "%s (misère): outcome search %c, sum search %c", text, nb_outcome_letter(mo),
        nb_outcome_letter(ms));
  nb_value misere; /* the misère theory's value (theory/misere/partizan.c), the same class */
  CHECK_OK(nb_value_of(r->moutcomes, comps, n, &misere, &err), &err);
  CHECK(misere.kind == NB_VALUE_OUTCOME && misere.outcome == ms,
        "%s (misère): nb_value_of %c, sum search %c", text, nb_outcome_letter(misere.outcome),
        nb_outcome_letter(ms));
}

/* The board number `index` of shape h x w over the letters, into text. */
static void board_text(const family_case *c, int h, int w, unsigned long index, char *text) {
  size_t k = strlen(c->letters), len = 0;
  for (int i = 0; i < h; i++) {
    if (i > 0) text[len++] = '/';
    for (int j = 0; j < w; j++, index /= k)
      text[len++] = c->letters[index % k];
  }
  text[len] = '\0';
}

/* Parses and compares one board; keeps it for sums. A board the family refuses (a NoGo group
 * without a liberty) is skipped. */
static void one_board(run *r, const char *text) {
  kept b;
  nb_error err;
  const char *tokens[1] = {text};
  nb_status st = nb_position_parse(r->game, tokens, 1, 1, b.comp, &b.n, MAX_COMPS, &err);
  if (st == NB_EUSAGE) return;
  CHECK_OK(st, &err);
  compare(r, b.comp, b.n, text);
  if (r->nboards < MAX_KEPT) r->boards[r->nboards++] = b;
}

/* Random sums of two and three kept boards. */
static void random_sums(run *r, uint64_t *seed, int count) {
  for (int i = 0; i < count && r->nboards > 0; i++) {
    nb_pos sum[3 * MAX_COMPS];
    size_t n = 0, parts = 2 + (size_t)(i % 2);
    char text[64];
    snprintf(text, sizeof text, "random sum %d", i);
    for (size_t k = 0; k < parts; k++) {
      const kept *b = &r->boards[check_range(seed, 0, r->nboards - 1)];
      memcpy(sum + n, b->comp, b->n * sizeof *b->comp);
      n += b->n;
    }
    compare(r, sum, n, text);
  }
}

static void open_run(run *r, const char *spec) {
  nb_error err;
  *r = (run){.spec = spec};
  CHECK_OK(nb_game_open(spec, &r->game, &err), &err);
  CHECK_OK(nb_game_open_play(spec, NB_PLAY_MISERE, &r->misere, &err), &err);
  CHECK_OK(nb_solver_new(r->game, NULL, &r->forms, &err), &err);
  CHECK_OK(nb_solver_new(r->game, NULL, &r->outcomes, &err), &err);
  CHECK_OK(nb_solver_new(r->misere, NULL, &r->mforms, &err), &err);
  CHECK_OK(nb_solver_new(r->misere, NULL, &r->moutcomes, &err), &err);
  r->boards = malloc(MAX_KEPT * sizeof *r->boards);
  if (r->boards == NULL) exit(1);
}

static void close_run(run *r) {
  nb_solver_free(r->forms);
  nb_solver_free(r->outcomes);
  nb_solver_free(r->mforms);
  nb_solver_free(r->moutcomes);
  nb_game_free(r->game);
  nb_game_free(r->misere);
  free(r->boards);
}

/* Every board of the family of up to `cells` cells, then random sums of them. */
static void family(const family_case *c, int cells, uint64_t *seed, int sums) {
  run r;
  open_run(&r, c->spec);
  size_t k = strlen(c->letters);
  for (int h = 1; h <= (c->strip ? 1 : cells); h++)
    for (int w = 1; h * w <= cells && w <= 16; w++) {
      unsigned long count = 1;
      for (int i = 0; i < h * w; i++)
        count *= k;
      for (unsigned long index = 0; index < count; index++) {
        char text[64];
        board_text(c, h, w, index, text);
        one_board(&r, text);
      }
    }
  random_sums(&r, seed, sums);
  CHECK(r.compared > 100, "%s: only %lu positions compared", c->spec, r.compared);
  close_run(&r);
}

/* Checks that g's move_bound of p is the larger of the players' numbers of moves (Amazons counts
 * them without making them). */
static void exact_bound(const nb_game *g, nb_pos p) {
  const nb_family *f = g->family;
  size_t bound = f->move_bound(g, p), most = 0;
  nb_move *moves = malloc((bound + 1) * sizeof *moves);
  nb_pos *parts = malloc((bound + 1) * (f->max_parts + 1) * sizeof *parts);
  if (moves == NULL || parts == NULL) exit(1);
  for (int who = 0; who < 2; who++) {
    nb_moves out = {.move = moves, .part = parts};
    nb_error err;
    CHECK_OK(f->moves(g, p, (nb_player)who, &out, &err), &err);
    if (out.count > most) most = out.count;
  }
  CHECK(bound == most, "amazons: move_bound %zu, moves %zu", bound, most);
  free(moves);
  free(parts);
}

/* Amazons' territories (the family's integer and moves_left hooks, which the outcome search uses
 * in normal play: integers held as a tally, sums decided when the tally outweighs the rest):
 * random 3x3 and 2x3 boards, with amazons of one colour or both, and a quarter as many sums of
 * two and three of them, against the canonical forms. Single-colour boards and the regions moves
 * leave are territories; sums of several hold larger tallies. */
static void territories(uint64_t *seed, int count) {
  static const char weighted[] = "...###xo";
  run r;
  open_run(&r, "amazons");
  for (int i = 0; i < count; i++) {
    char text[16];
    int h = i % 2 ? 2 : 3, w = 3, len = 0;
    for (int row = 0; row < h; row++) {
      if (row > 0) text[len++] = '/';
      for (int col = 0; col < w; col++)
        text[len++] = weighted[check_range(seed, 0, i % 3 ? 7 : 6)]; /* a third: Left's only */
    }
    text[len] = '\0';
    one_board(&r, text);
  }
  for (size_t i = 0; i < r.nboards; i++) /* the move bound, which orders the moves, is exact */
    for (size_t c = 0; c < r.boards[i].n; c++)
      exact_bound(r.game, r.boards[i].comp[c]);
  random_sums(&r, seed, count / 4);
  close_run(&r);
}

/* Impartial: Cram's outcome search (one player) against the Grundy value (P iff 0). */
static void impartial(int cells) {
  nb_game *g;
  nb_solver *values, *outcomes;
  nb_error err;
  CHECK_OK(nb_game_open("cram", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &values, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &outcomes, &err), &err);
  const family_case c = {"cram", ".#", false, cells};
  for (int w = 1; w <= cells; w++)
    for (int h = 1; h * w <= cells; h++)
      for (unsigned long index = 0; index < (1ul << (h * w)); index++) {
        char text[64];
        nb_pos comps[MAX_COMPS];
        size_t n;
        nb_value v;
        board_text(&c, h, w, index, text);
        const char *tokens[1] = {text};
        CHECK_OK(nb_position_parse(g, tokens, 1, 1, comps, &n, MAX_COMPS, &err), &err);
        CHECK_OK(nb_value_of(values, comps, n, &v, &err), &err);
        nb_outcome o = searched(outcomes, comps, n);
        CHECK(o == (v.nimber ? NB_OUTCOME_N : NB_OUTCOME_P), "cram %s: %c against *%llu", text,
              nb_outcome_letter(o), (unsigned long long)v.nimber);
      }
  nb_solver_free(values);
  nb_solver_free(outcomes);
  nb_game_free(g);
}

/* A search within `limits` refuses the Domineering board with a message containing
 * `names`, then answers a 1 x 2 board (won by the mover whose domino fits: Right). */
static void refuses(nb_limits limits, const char *board, const char *names) {
  nb_game *g;
  nb_outcome_search *o;
  nb_error err;
  bool wins;
  nb_pos big[MAX_COMPS], small[MAX_COMPS];
  size_t nbig, nsmall;
  const char *b[1] = {board}, *s[1] = {".."};
  CHECK_OK(nb_game_open("domineering", &g, &err), &err);
  CHECK_OK(nb_position_parse(g, b, 1, 1, big, &nbig, MAX_COMPS, &err), &err);
  CHECK_OK(nb_position_parse(g, s, 1, 1, small, &nsmall, MAX_COMPS, &err), &err);
  CHECK_OK(nb_outcome_search_new(g, &limits, &o, &err), &err);
  nb_status st = nb_outcome_search_wins(o, big, nbig, NB_LEFT, &wins, &err);
  CHECK(st == NB_EDATA && strstr(err.message, names) != NULL, "refusal: status %d, %s", (int)st,
        err.message);
  st = nb_outcome_search_wins(o, big, nbig, NB_LEFT, &wins, &err); /* refused again, not stuck */
  CHECK(st == NB_EDATA, "second refusal: status %d, %s", (int)st, err.message);
  CHECK_OK(nb_outcome_search_wins(o, small, nsmall, NB_RIGHT, &wins, &err), &err);
  CHECK(wins, "Right moving first wins '..'");
  CHECK_OK(nb_outcome_search_wins(o, small, nsmall, NB_LEFT, &wins, &err), &err);
  CHECK(!wins, "Left moving first loses '..'");
  nb_outcome_search_free(o);
  nb_game_free(g);
}

/* After a refusal at limits.sums, a position that needs sums of its own (fewer than the limit)
 * is answered as a fresh search answers it: the memo was forgotten (it used to keep the solved
 * sums, which filled the count, so `value --batch` refused every later line). */
static void sums_forgotten(void) {
  nb_game *g;
  nb_outcome_search *limited, *fresh;
  nb_error err;
  nb_limits l = nb_limits_default();
  l.sums = 50;
  nb_pos big[MAX_COMPS], mid[MAX_COMPS];
  size_t nbig, nmid;
  const char *b[1] = {"..../..../..../...."}, *m[1] = {"../../.."};
  CHECK_OK(nb_game_open("domineering", &g, &err), &err);
  CHECK_OK(nb_position_parse(g, b, 1, 1, big, &nbig, MAX_COMPS, &err), &err);
  CHECK_OK(nb_position_parse(g, m, 1, 1, mid, &nmid, MAX_COMPS, &err), &err);
  CHECK_OK(nb_outcome_search_new(g, &l, &limited, &err), &err);
  CHECK_OK(nb_outcome_search_new(g, NULL, &fresh, &err), &err);
  bool wins, want;
  CHECK(nb_outcome_search_wins(limited, big, nbig, NB_LEFT, &wins, &err) == NB_EDATA,
        "the 4x4 board within 50 sums");
  for (int who = 0; who < 2; who++) {
    CHECK_OK(nb_outcome_search_wins(fresh, mid, nmid, (nb_player)who, &want, &err), &err);
    CHECK_OK(nb_outcome_search_wins(limited, mid, nmid, (nb_player)who, &wins, &err), &err);
    CHECK(wins == want, "3x2 after the refusal, player %d: %d, fresh %d", who, wins, want);
  }
  nb_outcome_search_free(limited);
  nb_outcome_search_free(fresh);
  nb_game_free(g);
}

static void limits(void) {
  nb_limits l = nb_limits_default();
  l.sums = 50;
  refuses(l, "..../..../..../....", "more than 50 sums");
  sums_forgotten();
  l = nb_limits_default();
  l.moves_examined = 100;
  refuses(l, "..../..../..../....", "more than 100 moves examined");
  l = nb_limits_default();
  l.memory = 80000; /* the first 1024 slots and the arrays fit; 2048 slots do not */
  refuses(l, "....../....../....../....../....../......", "memory limit");
}

/* The report with NB_REPORT_OUTCOME: the outcome line alone, and the JSON without "value". */
static void report(void) {
  nb_game *g;
  nb_solver *s;
  nb_error err;
  nb_pos comps[MAX_COMPS];
  size_t n;
  char *text = NULL, *json = NULL;
  const char *b[1] = {"..../..../..../...."};
  CHECK_OK(nb_game_open("domineering", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  CHECK_OK(nb_position_parse(g, b, 1, 1, comps, &n, MAX_COMPS, &err), &err);
  CHECK_OK(nb_value_report(s, comps, n, NB_REPORT_OUTCOME, &text, &err), &err);
  CHECK(strcmp(text, "N: the player to move wins (Left moving first: Left wins; Right moving "
                     "first: Right wins)\n") == 0,
        "text: %s", text);
  CHECK_OK(nb_value_report(s, comps, n, NB_REPORT_OUTCOME | NB_REPORT_JSON, &json, &err), &err);
  CHECK(strcmp(json, "\"outcome\":\"N\",\"left_first\":\"left\",\"right_first\":\"right\"") == 0,
        "json: %s", json);
  free(text);
  free(json);
  nb_solver_free(s);
  nb_game_free(g);
}

int main(void) {
  uint64_t seed = 20261203;
  int extra = check_long() ? 2 : check_quick() ? -1 : 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    family(&cases[i], cases[i].cells + extra, &seed, check_quick() ? 100 : 400);
  territories(&seed, check_long() ? 400 : 40);
  impartial(9 + extra);
  limits();
  report();
  return check_done();
}
