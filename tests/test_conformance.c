/*
 * test_conformance.c: every registered family held to its own rules, on the samples it offers.
 *
 * A family is its rules (`moves`) plus facets of fast evaluators, and the rules are the truth:
 * the exhaustive searches are written from `moves` alone. This test walks every family of a
 * registry (the built-in ones, and the plug-ins named by NB_CONFORMANCE_PLUGINS, separated by
 * ':', and on the command line: CMake names the example plug-ins, examples/plugin/) and, for each
 * of its samples (nb_family.samples), the sample's sum and the components reached from it by a few
 * moves, checking:
 *   - text: the sum printed parses back to the same components, and each component printed
 *     parses back, through the family's parse, to that one component (so positions are
 *     normalised as the searches, which hash them, need);
 *   - moves: at most move_bound moves, each leaving at most max_parts parts, the parts counted
 *     right, a notation for each; an impartial family gives both players the same moves;
 *   - values: each fast evaluator (grundy, outcome, canonical) equals the exhaustive search of
 *     a "plain" copy of the family that has its rules and no facet; the solver's value of each
 *     component and of the sum (where negative and value_moves shape the value search) equals the
 *     plain one; who wins the sum equals the sum search; the winning moves equal the oracle's;
 *   - partizan helpers: negative's position q has G(p) + G(q) = 0 by the plain search; value_moves
 *     keeps moves of `moves` in their order, and each move it leaves out is dominated by one it
 *     keeps (Left: option <= a kept option; Right: >=), by the plain search's canonical forms;
 *   - sizes: sized makes components that print and parse back, valued as the plain search values
 *     them; run_end's runs hold; a period found holds on the sizes past its start;
 *   - min_length: at most the length of a play found from each component (without splits);
 *   - in_place: the board after each move, kept whole and in place for the display, prints and
 *     parses back, and has the value of the move's parts (the same game, shown as typed).
 * A family added to the registry gets these checks by existing; one without samples fails.
 * impartial:GAME is a family over every partizan family of the registry, plug-ins included: each
 * partizan plug-in family's samples are checked again as samples of its twin (impartial:F), and
 * the twin of the example plug-in's Blue-Red Hackenbush strings (impartial:bluered) is held to
 * a plain search of its rules written here.
 * Plug-ins named on the command line are checked alone (tests/golden/conformance.t so runs the
 * misfits of tests/plugins/misfit.c, to see each reported, not crashed on).
 */
#include "check.h"
#include "internal.h"
#include "nimber_cgt.h"
#include "oracle.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
  MAX_TOKENS = 64,    /* tokens of one printed position */
  MAX_COMPS = 64,     /* components of one sum */
  TEXT_CAP = 4096,    /* a printed position or value */
  SIZES_SEEN = 24,    /* sizes valued from size_min on */
  SLACK = 16,         /* moves and parts of room past the bounds, to see a family overstep them */
  ROOM_MAX = 1 << 20, /* the largest move_bound whose room the moves check gives (a loose bound
                         is allowed; the check skips a component whose bound is beyond this) */
  PLAIN_POSITIONS = 1 << 17, /* positions and sums the plain searches memoise */
  EXPLORED = 60,             /* components reached from a sample, checked */
  PERIOD_MAX = 600,          /* the bound given the period engines (heaps, ratio, s + p) */
  PLAY_STATES = 256,         /* (component, player) states the shortest play search holds */
};

static bool quick; /* NB_TEST_QUICK: fewer components explored (sanitizer run) */

/* What the checks reached, over every family: the test fails if a kind of check never ran. */
static struct {
  size_t components; /* components checked */
  size_t grundy;     /* grundy hook answers compared */
  size_t misere;     /* misère hook answers compared */
  size_t outcome;    /* outcome hook answers compared */
  size_t canonical;  /* canonical hook forms compared (known ones) */
  size_t negatives;  /* negative pairs summed to 0 */
  size_t dominated;  /* moves value_moves left out, found dominated */
  size_t sizes;      /* sizes valued both ways */
  size_t runs;       /* run_end claims covering more than one size */
  size_t periods;    /* sizes on which a proven period was checked */
  size_t lengths;    /* min_length answers compared with a play found */
  size_t in_place;   /* boards after a move kept in place, valued as the move's parts */
  size_t twins;      /* samples of partizan plug-in families checked as their twins' */
  size_t twin_plain; /* impartial:bluered values compared with the plain search */
} seen;

/* One sample under test: its game, a solver with the family's facets and one that sees the
 * rules alone, and the searches (the oracle). Positions may be the game's own (cg's are forms in
 * the game's store), so both solvers value the one game: the plain solver is called with the
 * game's family pointer swapped for a copy without facets (plain_value), and made then, so that
 * what it keeps (the value search's hooks) comes from the copy. */
typedef struct subject {
  const nb_family *family; /* the family under test */
  const char *what;        /* "family: spec position", for messages */
  nb_game *game;           /* the sample's game */
  nb_family plain_family;  /* the family without facets: rules only */
  nb_solver *fast;         /* the game's solver: the facets' answers */
  nb_solver *slow;         /* the plain solver: the searches' answers */
  oracle truth;            /* the component and sum searches, which use no facet */
} subject;

/* Splits text at spaces into tokens (in place); returns their number. */
static size_t tokenize(char *text, char **tokens) {
  size_t n = 0;
  for (char *t = strtok(text, " "); t != NULL && n < MAX_TOKENS; t = strtok(NULL, " "))
    tokens[n++] = t;
  return n;
}

static bool same_pos(nb_pos a, nb_pos b) {
  return a.lo == b.lo && a.hi == b.hi;
}

static bool open_subject(subject *s, const nb_registry *r, const nb_family *f, const nb_sample *x,
                         char *what, size_t cap) {
  nb_error err;
  snprintf(what, cap, "%s: %s [%s]", f->name, x->spec, x->position);
  *s = (subject){.family = f, .what = what};
  nb_status st = nb_registry_open(r, x->spec, &s->game, &err);
  CHECK(st == NB_OK, "%s: the sample's game does not open: %s", what, err.message);
  if (st != NB_OK) return false;
  CHECK(s->game->family == f, "%s: the sample's spec names family %s", what, s->game->family->name);
  if (s->game->family != f) { /* the other family's hooks are not the ones under test */
    nb_game_free(s->game);
    return false;
  }
  char spec[256];
  int len = f->spec(s->game, spec, sizeof spec);
  CHECK(len > 0 && (size_t)len < sizeof spec && f->spec(s->game, NULL, 0) == len,
        "%s: spec in %d bytes, or spec(NULL, 0) another length", what, len);
  s->plain_family = *f;
  s->plain_family.cache = NULL;
  s->plain_family.impartial_eval = NULL;
  s->plain_family.partizan_eval = NULL;
  s->plain_family.sizes = NULL;
  nb_limits small = nb_limits_default(); /* samples are small: a refusal comes early */
  small.positions = small.sums = PLAIN_POSITIONS;
  CHECK_OK(nb_solver_new(s->game, NULL, &s->fast, &err), &err);
  CHECK_OK(nb_solver_new(s->game, &small, &s->slow, &err), &err);
  s->truth.game = s->game;
  CHECK_OK(nb_search_new(s->game, &small, &s->truth.search, &err), &err);
  CHECK_OK(nb_sum_search_new(s->game, &small, s->truth.search, &s->truth.sums, &err), &err);
  return true;
}

static void close_subject(subject *s) {
  oracle_close(&s->truth);
  nb_solver_free(s->fast);
  nb_solver_free(s->slow);
  nb_game_free(s->game);
}

/* --- text ------------------------------------------------------------------------------------ */

/* The sum comps[0..n) printed, then parsed: the same components. */
static void check_sum_text(subject *s, const nb_pos *comps, size_t n) {
  char text[TEXT_CAP], *tokens[MAX_TOKENS];
  nb_pos back[MAX_COMPS];
  size_t m = 0;
  nb_error err;
  int len = nb_position_format(s->game, comps, n, text, sizeof text);
  CHECK(len > 0 && (size_t)len < sizeof text, "%s: sum printed in %d bytes", s->what, len);
  size_t count = tokenize(text, tokens);
  nb_status st =
      nb_position_parse(s->game, (const char *const *)tokens, count, 1, back, &m, MAX_COMPS, &err);
  CHECK(st == NB_OK, "%s: the printed sum does not parse: %s", s->what, err.message);
  CHECK(st != NB_OK || (m == n && memcmp(back, comps, n * sizeof *comps) == 0),
        "%s: the printed sum parses to %zu other components", s->what, m);
}

/* Component p printed, then parsed by the family: p itself, alone. */
static void check_component_text(subject *s, nb_pos p) {
  char text[TEXT_CAP], shown[TEXT_CAP], *tokens[MAX_TOKENS];
  nb_pos back[MAX_COMPS];
  size_t m = 0;
  nb_error err;
  int len = s->family->format(s->game, p, text, sizeof text);
  CHECK(len > 0 && (size_t)len < sizeof text, "%s: component printed in %d bytes", s->what, len);
  /* the length alone, as a sum's printer asks once its buffer is full (snprintf's rule) */
  CHECK(s->family->format(s->game, p, NULL, 0) == len, "%s: format(NULL, 0) is not %d", s->what,
        len);
  memcpy(shown, text, sizeof shown);
  size_t count = tokenize(text, tokens);
  nb_status st =
      s->family->parse(s->game, (const char *const *)tokens, count, 1, back, &m, MAX_COMPS, &err);
  CHECK(st == NB_OK && m == 1 && same_pos(back[0], p),
        "%s: component '%s' parses back to %zu others (%s)", s->what, shown, m,
        st == NB_OK ? "" : err.message);
}

/* --- moves ----------------------------------------------------------------------------------- */

/* The moves of p for `who` by gen (moves or value_moves), in *out (its arrays malloc'd with room
 * past the bounds); checks the bounds and the part count. Returns false, out empty, where the
 * bound is too loose to give its room (beyond ROOM_MAX: noted, not a failure). */
static bool gen_moves(subject *s, nb_pos p, nb_player who,
                      nb_status (*gen)(const nb_game *, nb_pos, nb_player, nb_moves *, nb_error *),
                      nb_moves *out) {
  size_t bound = s->family->move_bound(s->game, p);
  size_t parts = s->family->max_parts > 1 ? s->family->max_parts : 1;
  *out = (nb_moves){0};
  if (bound > ROOM_MAX || parts > ROOM_MAX / (bound + SLACK)) {
    fprintf(stderr,
            "note: %s: move_bound %zu (max_parts %zu) is beyond this test's room: a "
            "component's moves not checked\n",
            s->what, bound, parts);
    return false;
  }
  *out = (nb_moves){.move = malloc((bound + SLACK) * sizeof *out->move),
                    .part = malloc(((bound + SLACK) * parts + SLACK) * sizeof *out->part)};
  if (out->move == NULL || out->part == NULL) abort();
  nb_error err;
  nb_status st = gen(s->game, p, who, out, &err);
  CHECK(st == NB_OK, "%s: moves failed: %s", s->what, err.message);
  CHECK(out->count <= bound, "%s: %zu moves, beyond move_bound %zu", s->what, out->count, bound);
  if (out->count > bound + SLACK) out->count = bound + SLACK; /* the rest is past the room */
  size_t total = 0;
  for (size_t i = 0; i < out->count; i++) {
    CHECK(out->move[i].parts <= parts, "%s: move %zu leaves %u parts, beyond max_parts %zu",
          s->what, i, (unsigned)out->move[i].parts, parts);
    total += out->move[i].parts;
  }
  CHECK(total == out->nparts, "%s: moves count %zu parts, the list %zu", s->what, total,
        out->nparts);
  if (total > (bound + SLACK) * parts + SLACK) out->count = 0; /* parts past the room */
  if (out->nparts > (bound + SLACK) * parts + SLACK) out->nparts = 0;
  return true;
}

static void free_moves(nb_moves *m) {
  free(m->move);
  free(m->part);
}

static nb_status value_text(subject *s, bool plain, const nb_pos *comps, size_t n, nb_value *val,
                            char *buf, nb_error *err);

/* The board in_place gives after each move of `who` in m (from p) is the same game as the
 * move's parts: equal values by the game's solver; and it prints and parses back. */
static void check_in_place(subject *s, nb_pos p, nb_player who, const nb_moves *m) {
  if (s->family->in_place == NULL) return;
  for (size_t i = 0, k = 0; i < m->count; k += m->move[i++].parts) {
    nb_pos board;
    nb_error err = {0};
    nb_status st = s->family->in_place(s->game, p, who, &m->move[i], &board, &err);
    if (st == NB_EUSAGE) continue; /* not kept in place (impartial:cg; a row toppled whole) */
    CHECK(st == NB_OK, "%s: in_place failed: %s", s->what, err.message);
    if (st != NB_OK) return;
    char whole[TEXT_CAP], parts[TEXT_CAP];
    nb_value vw, vp;
    CHECK_OK(value_text(s, false, &board, 1, &vw, whole, &err), &err);
    CHECK_OK(value_text(s, false, m->part + k, m->move[i].parts, &vp, parts, &err), &err);
    CHECK(strcmp(whole, parts) == 0, "%s: move %zu of %s: the board in place is %s, its parts %s",
          s->what, i, who == NB_LEFT ? "Left" : "Right", whole, parts);
    check_component_text(s, board);
    seen.in_place++;
  }
}

/* The moves of p: bounds, notations, impartial families' moves independent of the player. */
static void check_moves(subject *s, nb_pos p) {
  nb_moves left, right;
  bool room = gen_moves(s, p, NB_LEFT, s->family->moves, &left);
  room = gen_moves(s, p, NB_RIGHT, s->family->moves, &right) && room;
  if (!room) {
    free_moves(&left);
    free_moves(&right);
    return;
  }
  if (!s->family->partizan)
    CHECK(left.count == right.count && left.nparts == right.nparts &&
              memcmp(left.move, right.move, left.count * sizeof *left.move) == 0 &&
              memcmp(left.part, right.part, left.nparts * sizeof *left.part) == 0,
          "%s: an impartial family gives the players different moves", s->what);
  check_in_place(s, p, NB_LEFT, &left);
  check_in_place(s, p, NB_RIGHT, &right);
  for (size_t i = 0, k = 0; i < left.count; k += left.move[i++].parts) {
    char text[TEXT_CAP];
    int len = s->family->describe(s->game, p, &left.move[i], left.part + k, text, sizeof text);
    CHECK(len > 0 && (size_t)len < sizeof text, "%s: move %zu described in %d bytes", s->what, i,
          len);
    CHECK(s->family->describe(s->game, p, &left.move[i], left.part + k, NULL, 0) == len,
          "%s: move %zu: describe(NULL, 0) is not %d", s->what, i, len);
  }
  free_moves(&left);
  free_moves(&right);
}

/* --- values ---------------------------------------------------------------------------------- */

/* The value of comps[0..n) by the plain solver: from the rules alone. */
static nb_status plain_value(subject *s, const nb_pos *comps, size_t n, nb_value *v,
                             nb_error *err) {
  s->game->family = &s->plain_family;
  nb_status st = nb_value_of(s->slow, comps, n, v, err);
  s->game->family = s->family;
  return st;
}

/* The value of comps[0..n) by the plain solver or the game's, printed into buf (what nimber
 * prints: "*3", "{1|*}"). */
static nb_status value_text(subject *s, bool plain, const nb_pos *comps, size_t n, nb_value *val,
                            char *buf, nb_error *err) {
  nb_status st =
      plain ? plain_value(s, comps, n, val, err) : nb_value_of(s->fast, comps, n, val, err);
  if (st == NB_OK && nb_value_format(val, buf, TEXT_CAP) < 0) abort();
  return st;
}

/* The solver's value of the sum equals the plain one, and who wins it equals the sum search. */
static void check_value(subject *s, const nb_pos *comps, size_t n) {
  char fast[TEXT_CAP], slow[TEXT_CAP];
  nb_value vf, vs;
  nb_error err;
  nb_status st = value_text(s, true, comps, n, &vs, slow, &err);
  CHECK(st == NB_OK, "%s: the plain search refuses: %s", s->what, err.message);
  if (st != NB_OK) return;
  CHECK_OK(value_text(s, false, comps, n, &vf, fast, &err), &err);
  CHECK(vf.kind == vs.kind && strcmp(fast, slow) == 0, "%s: value %s, the search's %s", s->what,
        fast, slow);
  for (nb_player who = NB_LEFT; who <= NB_RIGHT; who++) {
    bool wins = false;
    CHECK_OK(nb_sum_search_wins(s->truth.sums, comps, n, who, &wins, NULL, &err), &err);
    CHECK(nb_value_wins(&vf, who) == wins, "%s: value %s says %s moving first %s", s->what, fast,
          who == NB_LEFT ? "Left" : "Right", wins ? "loses" : "wins");
  }
}

/* The misère hook (where it answers) against the misère search of the rules alone. */
static void check_misere_hook(subject *s, void *cache, nb_pos p) {
  uint64_t g = 0, g0 = 0;
  bool tame = false;
  nb_error err;
  if (!s->family->impartial_eval->misere(s->game, cache, p, &g, &g0, &tame)) return;
  nb_misere *m = NULL;
  nb_misere_info want;
  s->game->family = &s->plain_family; /* the misère search of the moves alone */
  nb_status st = nb_misere_new(s->game, NULL, s->truth.search, NULL, &m, &err);
  if (st == NB_OK) st = nb_misere_component(m, p, &want, &err);
  s->game->family = s->family;
  nb_misere_free(m);
  CHECK(st == NB_OK, "%s: the misère search refuses: %s", s->what, err.message);
  if (st != NB_OK) return;
  seen.misere++;
  CHECK(g == want.g && g0 == want.g0 && tame == want.tame,
        "%s: misère hook (%llu, %llu, tame %d), the search's (%llu, %llu, tame %d)", s->what,
        (unsigned long long)g, (unsigned long long)g0, (int)tame, (unsigned long long)want.g,
        (unsigned long long)want.g0, (int)want.tame);
}

/* The facets' evaluators on one component against the plain searches. */
static void check_evaluators(subject *s, nb_pos p) {
  void *cache;
  nb_error err;
  CHECK_OK(nb_solver_cache(s->fast, &cache, &err), &err);
  const nb_impartial_facet *imp = s->family->impartial_eval;
  if (imp != NULL) {
    uint64_t got = 0, want = 0;
    CHECK_OK(imp->grundy(s->game, cache, p, &got, &err), &err);
    CHECK_OK(nb_search_grundy(s->truth.search, p, &want, &err), &err);
    seen.grundy++;
    CHECK(got == want, "%s: grundy %llu, the search's %llu", s->what, (unsigned long long)got,
          (unsigned long long)want);
  }
  if (imp != NULL && imp->misere != NULL) check_misere_hook(s, cache, p);
  const nb_partizan_facet *par = s->family->partizan_eval;
  if (par != NULL && par->outcome != NULL) {
    nb_outcome got;
    bool left = false, right = false;
    CHECK_OK(par->outcome(s->game, cache, p, &got, &err), &err);
    CHECK_OK(nb_sum_search_wins(s->truth.sums, &p, 1, NB_LEFT, &left, NULL, &err), &err);
    CHECK_OK(nb_sum_search_wins(s->truth.sums, &p, 1, NB_RIGHT, &right, NULL, &err), &err);
    seen.outcome++;
    CHECK(nb_outcome_wins(got, NB_LEFT) == left && nb_outcome_wins(got, NB_RIGHT) == right,
          "%s: outcome %c, the search's L %d R %d", s->what, nb_outcome_letter(got), left, right);
  }
  if (par != NULL && par->canonical != NULL) {
    nb_cg_store *store;
    nb_cg form;
    bool known = false;
    char *got = NULL, slow[TEXT_CAP];
    size_t len;
    nb_value vs;
    CHECK_OK(nb_solver_store(s->fast, &store, &err), &err);
    CHECK_OK(par->canonical(s->game, cache, store, p, &form, &known, &err), &err);
    if (known) {
      CHECK_OK(nb_cg_format(store, form, TEXT_CAP, &got, &len, &err), &err);
      CHECK_OK(value_text(s, true, &p, 1, &vs, slow, &err), &err);
      seen.canonical++;
      CHECK(strcmp(got, slow) == 0, "%s: canonical %s, the search's %s", s->what, got, slow);
      free(got);
    }
  }
}

/* negative: G(p) + G(q) = 0 by the plain search. */
static void check_negative(subject *s, nb_pos p) {
  const nb_partizan_facet *par = s->family->partizan_eval;
  nb_pos pair[2] = {p, {0, 0}};
  if (par == NULL || par->negative == NULL || !par->negative(s->game, p, &pair[1])) return;
  char text[TEXT_CAP];
  nb_value v;
  nb_error err;
  check_component_text(s, pair[1]);
  CHECK_OK(value_text(s, true, pair, 2, &v, text, &err), &err);
  seen.negatives++;
  CHECK(v.kind == NB_VALUE_CANONICAL && strcmp(text, "0") == 0,
        "%s: a position and its negative sum to %s", s->what, text);
}

/* The canonical value of the option a move leaves (the sum of its parts) by the plain solver. */
static bool option_value(subject *s, const nb_pos *parts, size_t n, nb_cg *out) {
  nb_value v = {.kind = NB_VALUE_OUTCOME};
  nb_error err;
  CHECK_OK(plain_value(s, parts, n, &v, &err), &err);
  *out = v.game;
  return v.kind == NB_VALUE_CANONICAL;
}

/* Whether left-out move m (parts at mp) is dominated by a kept move of vm for `who`. */
static bool dominated(subject *s, nb_player who, const nb_pos *mp, size_t mn, const nb_moves *vm) {
  nb_cg_store *store;
  nb_cg out, kept;
  nb_error err;
  CHECK_OK(nb_solver_store(s->slow, &store, &err), &err);
  if (!option_value(s, mp, mn, &out)) return true; /* no form to compare: not judged */
  for (size_t i = 0, k = 0; i < vm->count; k += vm->move[i++].parts) {
    bool le = false;
    if (!option_value(s, vm->part + k, vm->move[i].parts, &kept)) return true;
    CHECK_OK(who == NB_LEFT ? nb_cg_leq(store, out, kept, &le, &err)
                            : nb_cg_leq(store, kept, out, &le, &err),
             &err);
    if (le) return true;
  }
  return false;
}

/* value_moves: a subsequence of moves, same tags and parts, each move left out dominated. */
static void check_value_moves(subject *s, nb_pos p) {
  const nb_partizan_facet *par = s->family->partizan_eval;
  if (par == NULL || par->value_moves == NULL) return;
  for (nb_player who = NB_LEFT; who <= NB_RIGHT; who++) {
    nb_moves all, vm;
    bool room = gen_moves(s, p, who, s->family->moves, &all);
    room = gen_moves(s, p, who, par->value_moves, &vm) && room;
    if (!room) {
      free_moves(&all);
      free_moves(&vm);
      continue;
    }
    size_t j = 0, kv = 0;
    for (size_t i = 0, k = 0; i < all.count; k += all.move[i++].parts) {
      uint32_t n = all.move[i].parts;
      bool kept = j < vm.count && vm.move[j].tag == all.move[i].tag && vm.move[j].parts == n &&
                  memcmp(vm.part + kv, all.part + k, n * sizeof *all.part) == 0;
      if (kept) {
        kv += vm.move[j++].parts;
        continue;
      }
      seen.dominated++;
      CHECK(dominated(s, who, all.part + k, n, &vm),
            "%s: value_moves leaves out %s's move %zu, which no kept move dominates", s->what,
            who == NB_LEFT ? "Left" : "Right", i);
    }
    CHECK(j == vm.count, "%s: value_moves gives %zu moves not among moves, or out of order",
          s->what, vm.count - j);
    free_moves(&all);
    free_moves(&vm);
  }
}

/* The length of a play from p with `who` to move, the players alternating, to its end (the mover
 * has no move, or the component is gone), by breadth-first search over (component, player to
 * move) states: the shortest where the states fit in PLAY_STATES, a longer one where some were
 * dropped; every length found is a play's, so min_length may not exceed it. UINT64_MAX: none
 * found, or a move splits the component (the plays of a sum are not followed). */
static uint64_t play_length(subject *s, nb_pos p, nb_player who) {
  typedef struct {
    nb_pos pos;    /* the component */
    nb_player who; /* to move (always Left in an impartial family: the moves are the same) */
    uint64_t len;  /* moves played to reach it */
    bool gone;     /* the last move left no part: the play ended */
  } state;
  state *q = malloc(PLAY_STATES * sizeof *q);
  if (q == NULL) abort();
  size_t head = 0, tail = 0;
  q[tail++] = (state){p, s->family->partizan ? who : NB_LEFT, 0, false};
  uint64_t found = UINT64_MAX;
  bool split = false;
  while (head < tail && found == UINT64_MAX && !split) {
    state x = q[head++];
    nb_moves m;
    if (x.gone || !gen_moves(s, x.pos, x.who, s->family->moves, &m)) {
      found = x.gone ? x.len : found;
      split = !x.gone; /* no room for its moves: give up as for a split */
      continue;
    }
    if (m.count == 0) found = x.len;
    nb_player next = s->family->partizan ? (nb_player)(1 - x.who) : NB_LEFT;
    for (size_t i = 0, k = 0; i < m.count && tail < PLAY_STATES; k += m.move[i++].parts) {
      split |= m.move[i].parts > 1;
      state y = {m.move[i].parts ? m.part[k] : (nb_pos){0, 0}, next, x.len + 1,
                 m.move[i].parts == 0};
      bool known = false;
      for (size_t j = 0; j < tail && !known; j++)
        known = q[j].gone == y.gone && q[j].who == y.who && same_pos(q[j].pos, y.pos);
      if (!known) q[tail++] = y;
    }
    free_moves(&m);
  }
  free(q);
  return split ? UINT64_MAX : found;
}

/* min_length: a lower bound on every play, so at most the length of each play found. */
static void check_min_length(subject *s, nb_pos p) {
  if (s->family->min_length == NULL) return;
  uint64_t bound = s->family->min_length(s->game, p);
  for (nb_player who = NB_LEFT; who <= (s->family->partizan ? NB_RIGHT : NB_LEFT); who++) {
    uint64_t len = play_length(s, p, who);
    if (len == UINT64_MAX) continue;
    seen.lengths++;
    char text[TEXT_CAP];
    s->family->format(s->game, p, text, sizeof text);
    CHECK(bound <= len, "%s: component %s: min_length %llu, but a play of %llu moves ends it",
          s->what, text, (unsigned long long)bound, (unsigned long long)len);
  }
}

/* The checks of one component's values, once its rules passed theirs. */
static void check_component(subject *s, nb_pos p) {
  seen.components++;
  check_evaluators(s, p);
  check_value(s, &p, 1);
  check_negative(s, p);
  check_value_moves(s, p);
  check_min_length(s, p);
}

/* --- walking a sample ------------------------------------------------------------------------ */

/* The components of the sample and those reached from them by moves of either player, breadth
 * first, at most cap of them, into found (cap entries); each one's text and moves checked. */
static size_t explore(subject *s, const nb_pos *comps, size_t n, nb_pos *found, size_t cap) {
  size_t count = 0;
  for (size_t i = 0; i < n && count < cap; i++) {
    bool known = false;
    for (size_t j = 0; j < count && !known; j++)
      known = same_pos(found[j], comps[i]);
    if (!known) found[count++] = comps[i];
  }
  for (size_t next = 0; next < count; next++) {
    check_component_text(s, found[next]);
    check_moves(s, found[next]);
    for (nb_player who = NB_LEFT; who <= NB_RIGHT && count < cap; who++) {
      nb_moves m;
      gen_moves(s, found[next], who, s->family->moves, &m);
      for (size_t k = 0; k < m.nparts && count < cap; k++) {
        bool known = false;
        for (size_t j = 0; j < count && !known; j++)
          known = same_pos(found[j], m.part[k]);
        if (!known) found[count++] = m.part[k];
      }
      free_moves(&m);
    }
  }
  return count;
}

/* The sizes: components made by sized print and parse back and have the plain search's values;
 * run_end's runs and a period found hold on them. */
static void check_sizes(subject *s) {
  const nb_sizes_facet *z = s->family->sizes;
  if (z == NULL) return;
  nb_value want[SIZES_SEEN];
  size_t valued = 0;
  nb_error err;
  for (; valued < SIZES_SEEN; valued++) {
    nb_pos p;
    nb_value got;
    if (z->sized(s->game, z->size_min + valued, &p, &err) != NB_OK) break;
    unsigned long failed = check_failed;
    check_component_text(s, p);
    check_moves(s, p); /* the searches trust move_bound: value only within it */
    if (check_failed != failed) break;
    if (plain_value(s, &p, 1, &want[valued], &err) == NB_EDATA) break; /* too large */
    CHECK_OK(nb_value_of_size(s->fast, z->size_min + valued, &got, &err), &err);
    seen.sizes++;
    CHECK(got.outcome == want[valued].outcome &&
              (s->family->partizan || got.nimber == want[valued].nimber),
          "%s: size %llu: value differs from the search's", s->what,
          (unsigned long long)(z->size_min + valued));
  }
  CHECK(valued >= 3, "%s: fewer than 3 sizes from size_min %llu on", s->what,
        (unsigned long long)z->size_min);
  void *cache;
  CHECK_OK(nb_solver_cache(s->fast, &cache, &err), &err);
  for (size_t i = 0; z->run_end != NULL && i < valued; i++) {
    uint64_t end = z->run_end(s->game, cache, z->size_min + i);
    seen.runs += end > z->size_min + i;
    CHECK(end >= z->size_min + i, "%s: run_end of %zu ends before it", s->what, i);
    for (size_t j = i + 1; j < valued && z->size_min + j <= end; j++)
      CHECK(want[j].outcome == want[i].outcome && want[j].nimber == want[i].nimber,
            "%s: run_end says sizes %zu to %llu are alike; %zu differs", s->what, i,
            (unsigned long long)end, j);
  }
}

/* A period found (within the bound PERIOD_MAX, which each family reads its own way) holds on the
 * sizes the plain search values past its start, up to a few periods. */
static void check_period(subject *s) {
  const nb_sizes_facet *z = s->family->sizes;
  if (z == NULL || z->period == NULL) return;
  nb_period pd;
  nb_error err;
  if (nb_period_of(s->fast, PERIOD_MAX, &pd, &err) != NB_OK) return; /* none: nothing claimed */
  bool add = pd.kind != NB_PERIOD_MULTIPLICATIVE; /* additive, or arithmetic: + saltus */
  uint64_t from = add ? pd.start + pd.step : pd.start, span = add ? 3 * pd.step + 8 : 16;
  size_t checked = 0;
  for (uint64_t n = from; n < from + span; n++) {
    nb_pos p, q;
    nb_value a, b;
    uint64_t m = add ? n - pd.step : n / pd.step;
    if (z->sized(s->game, n, &p, &err) != NB_OK || z->sized(s->game, m, &q, &err) != NB_OK) break;
    if (plain_value(s, &p, 1, &a, &err) != NB_OK) break; /* beyond the plain search */
    CHECK_OK(plain_value(s, &q, 1, &b, &err), &err);
    seen.periods++;
    uint64_t jump = pd.kind == NB_PERIOD_ARITHMETIC ? pd.saltus : 0;
    CHECK((s->family->partizan || a.nimber == b.nimber + jump) &&
              (jump > 0 || a.outcome == b.outcome),
          "%s: the period (start %llu, step %llu) fails at size %llu", s->what,
          (unsigned long long)pd.start, (unsigned long long)pd.step, (unsigned long long)n);
    checked++;
  }
  CHECK(checked > 0, "%s: the period proven is checked on no size", s->what);
}

/* Every check of one sample; first: the first sample of its game (sizes and periods). */
static void check_sample(const nb_registry *r, const nb_family *f, const nb_sample *x, bool first) {
  clock_t start = clock();
  subject s;
  char what[256], text[TEXT_CAP], *tokens[MAX_TOKENS];
  if (!open_subject(&s, r, f, x, what, sizeof what)) return;
  nb_pos comps[MAX_COMPS];
  size_t n = 0;
  nb_error err;
  snprintf(text, sizeof text, "%s", x->position);
  size_t count = tokenize(text, tokens);
  nb_status st =
      nb_position_parse(s.game, (const char *const *)tokens, count, 1, comps, &n, MAX_COMPS, &err);
  CHECK(st == NB_OK, "%s: the sample does not parse: %s", what, err.message);
  /* The rules first (text, moves and their bounds), the values only where those hold: the core
   * may assert on moves beyond their bounds. */
  unsigned long failed = check_failed;
  nb_pos found[EXPLORED];
  size_t reached = st == NB_OK ? explore(&s, comps, n, found, quick ? EXPLORED / 5 : EXPLORED) : 0;
  if (st == NB_OK) check_sum_text(&s, comps, n);
  if (st == NB_OK && check_failed == failed) {
    for (size_t i = 0; i < reached; i++)
      check_component(&s, found[i]);
    check_value(&s, comps, n);
    for (nb_player who = NB_LEFT; who <= (f->partizan ? NB_RIGHT : NB_LEFT); who++)
      check_winning_moves(s.fast, &s.truth, comps, n, who, what);
    if (first) check_sizes(&s);
    if (first) check_period(&s);
  }
  close_subject(&s);
  if (getenv("NB_CONFORMANCE_VERBOSE") != NULL)
    fprintf(stderr, "%.3f s  %s\n", (double)(clock() - start) / CLOCKS_PER_SEC, what);
}

/* The samples of f: at least one, each checked; sizes once for each spec. */
static void check_family(const nb_registry *r, const nb_family *f) {
  size_t count = 0;
  for (const nb_sample *x = f->samples; x != NULL && x->spec != NULL; x++, count++) {
    bool first = true;
    for (const nb_sample *y = f->samples; y != x && first; y++)
      first = strcmp(y->spec, x->spec) != 0;
    check_sample(r, f, x, first);
  }
  CHECK(count > 0, "family %s offers no samples (nb_family.samples)", f->name);
}

/* --- twins of plug-in families ------------------------------------------------------------- */

/* The samples of a partizan plug-in family f, each as a sample of its twin impartial:F, which
 * must open in the registry that loaded f. The built-in families' twins are the twin family's own
 * samples. */
static void check_twins(const nb_registry *r, const nb_family *f) {
  const char *ignored;
  const nb_family *twin = nb_registry_find(r, "impartial", strlen("impartial"), &ignored);
  CHECK(twin != NULL, "no impartial family to make the twin of %s", f->name);
  for (const nb_sample *x = f->samples; twin != NULL && x != NULL && x->spec != NULL; x++) {
    char spec[256];
    snprintf(spec, sizeof spec, "impartial:%s", x->spec);
    nb_sample as_twin = {spec, x->position};
    bool first = x == f->samples;
    check_sample(r, twin, &as_twin, first);
    seen.twins++;
  }
}

/* Blue-Red Hackenbush strings (examples/plugin/hackenbush.c), plainly, as a string of n edges
 * from the ground up: in the twin either player cuts any edge, and every edge above it falls, so
 * the options of the string are its first k edges for each edge k cut. Grundy value: the mex of
 * the options' (the colours then never matter: the rules say so, not the test). */
static uint64_t plain_twin_string(const char *edges, size_t n) {
  uint64_t seen_values = 0;
  for (size_t k = 0; k < n; k++)
    seen_values |= (uint64_t)1 << plain_twin_string(edges, k);
  uint64_t mex = 0;
  while (seen_values >> mex & 1)
    mex++;
  return mex;
}

/* The Grundy value of one string, and of a sum, through impartial:bluered's solver. */
static uint64_t twin_value(nb_solver *s, const nb_game *g, const char *const *tokens, size_t n) {
  nb_pos comps[8];
  size_t count = 0;
  nb_value v = {0};
  nb_error err;
  CHECK_OK(nb_position_parse(g, tokens, n, 1, comps, &count, 8, &err), &err);
  CHECK_OK(nb_value_of(s, comps, count, &v, &err), &err);
  return v.nimber;
}

/* Every string of up to 6 edges, and sums of three random ones, against the plain search. */
static void check_bluered_twin(const nb_registry *r) {
  const char *ignored;
  if (nb_registry_find(r, "bluered", strlen("bluered"), &ignored) == NULL) return;
  nb_game *g;
  nb_solver *s;
  nb_error err;
  CHECK_OK(nb_registry_open(r, "impartial:bluered", &g, &err), &err);
  CHECK_OK(nb_solver_new(g, NULL, &s, &err), &err);
  char text[3][8];
  for (size_t len = 1; len <= 6; len++)
    for (unsigned bits = 0; bits < 1u << len; bits++) {
      for (size_t i = 0; i < len; i++)
        text[0][i] = bits >> i & 1 ? 'B' : 'R';
      text[0][len] = '\0';
      const char *token = text[0];
      uint64_t got = twin_value(s, g, &token, 1), want = plain_twin_string(text[0], len);
      CHECK(got == want, "impartial:bluered %s: *%llu, plainly *%llu", text[0],
            (unsigned long long)got, (unsigned long long)want);
      seen.twin_plain++;
    }
  uint64_t rng = 21;
  for (int trial = 0; trial < 50; trial++) {
    const char *tokens[5];
    uint64_t want = 0;
    for (size_t c = 0; c < 3; c++) {
      size_t len = (size_t)check_range(&rng, 1, 7);
      for (size_t i = 0; i < len; i++)
        text[c][i] = check_rand(&rng) & 1 ? 'B' : 'R';
      text[c][len] = '\0';
      want ^= plain_twin_string(text[c], len);
      tokens[2 * c] = text[c];
      if (c < 2) tokens[2 * c + 1] = "+";
    }
    uint64_t got = twin_value(s, g, tokens, 5);
    CHECK(got == want, "impartial:bluered %s + %s + %s: *%llu, plainly *%llu", text[0], text[1],
          text[2], (unsigned long long)got, (unsigned long long)want);
    seen.twin_plain++;
  }
  nb_solver_free(s);
  nb_game_free(g);
}

/* Loads the plug-ins of a list of paths separated by ':' (NULL: none). */
static void load_plugins(nb_registry *r, const char *list) {
  char path[TEXT_CAP];
  nb_error err;
  while (list != NULL && *list != '\0') {
    size_t len = strcspn(list, ":");
    snprintf(path, sizeof path, "%.*s", (int)len, list);
    CHECK_OK(nb_registry_load(r, path, &err), &err);
    list += len + (list[len] == ':');
  }
}

int main(int argc, char **argv) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  nb_registry *r;
  nb_error err;
  CHECK_OK(nb_registry_new(&r, &err), &err);
  size_t builtin;
  nb_registry_families(r, &builtin);
  load_plugins(r, getenv("NB_CONFORMANCE_PLUGINS")); /* CMake: the example plug-ins */
  size_t before; /* plug-ins on the command line: only their families are checked */
  nb_registry_families(r, &before);
  for (int i = 1; i < argc; i++)
    CHECK_OK(nb_registry_load(r, argv[i], &err), &err);
  size_t n;
  const nb_family *const *list = nb_registry_families(r, &n);
  CHECK(builtin >= 10 && n > builtin, "%zu families, %zu built in: is a plug-in missing?", n,
        builtin);
  for (size_t i = argc > 1 ? before : 0; i < n; i++)
    check_family(r, list[i]);
  for (size_t i = argc > 1 ? before : builtin; i < n; i++)
    if (list[i]->partizan) check_twins(r, list[i]);
  check_bluered_twin(r);
  nb_registry_free(r);
  printf("%zu components; compared: %zu grundy, %zu misère, %zu outcome, %zu canonical, "
         "%zu negatives, %zu dominated moves, %zu sizes, %zu runs, %zu sizes of periods, %zu play "
         "lengths, %zu boards in place, %zu samples of plug-ins' twins, %zu twin values plainly\n",
         seen.components, seen.grundy, seen.misere, seen.outcome, seen.canonical, seen.negatives,
         seen.dominated, seen.sizes, seen.runs, seen.periods, seen.lengths, seen.in_place,
         seen.twins, seen.twin_plain);
  CHECK(argc > 1 || (seen.grundy && seen.misere && seen.outcome && seen.canonical &&
                     seen.negatives && seen.dominated && seen.sizes && seen.runs && seen.periods &&
                     seen.lengths && seen.in_place && seen.twins && seen.twin_plain),
        "a kind of check never ran: the samples miss a case");
  int status = check_done();
  nb_stdio_release(); /* for the sanitizers' leak check: base.h */
  return status;
}
