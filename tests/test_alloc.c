/*
 * test_alloc.c: the library under allocation failure, one failing allocation at a time.
 *
 * Each operation below (open a game, parse and value a position, list the winning moves, let the
 * engine choose, search a sum, find a period, solve a contest input) runs once plainly, which
 * counts its allocations (nb_alloc_fail_after), then once with each of those allocations failing
 * in turn. Every such run must either fail with NB_EINTERNAL and a message, or, where the
 * failure is survivable by design, give exactly the plain run's result: never another answer,
 * never a crash (the engine freed its move list twice when listing the moves of a lost position
 * ran out of memory). The sanitizer build also checks that nothing leaks on the way out.
 * tests/alloc/run.sh does the same for every command of the `nimber` binary. NB_ALLOC_TOTALS=1
 * prints how many allocations each case makes.
 */
#include "check.h"
#include "contest/contest.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum {
  RESULT = 512,            /* the longest result text */
  MAX_ALLOCATIONS = 20000, /* the most allocations a case may make (each is failed in turn) */
};

/* An operation: writes its result as text (status included) into out. */
typedef nb_status (*operation)(const void *arg, char *out, nb_error *err);

static void each_failure(const char *what, operation op, const void *arg) {
  char want[RESULT] = "", got[RESULT];
  nb_error err = {0};
  nb_alloc_fail_after(0);
  nb_status st0 = op(arg, want, &err);
  uint64_t total = nb_alloc_fail_after(0);
  CHECK(total > 0, "%s: no allocation to fail", what);
  /* Each case runs once per allocation it makes: a case of millions (a long canonical form)
   * would take hours. Such cases belong in a smaller position. */
  CHECK(total <= MAX_ALLOCATIONS, "%s: %llu allocations, more than %d to fail in turn", what,
        (unsigned long long)total, MAX_ALLOCATIONS);
  if (total > MAX_ALLOCATIONS) return;
  if (getenv("NB_ALLOC_TOTALS")) fprintf(stderr, "%s: %llu\n", what, (unsigned long long)total);
  unsigned failed = 0;
  for (uint64_t k = 1; k <= total; k++) {
    nb_error e = {0};
    got[0] = '\0';
    nb_alloc_fail_after(k);
    nb_status st = op(arg, got, &e);
    nb_alloc_fail_after(0);
    if (st == st0 && strcmp(got, want) == 0) continue; /* survived, same result */
    failed++;
    CHECK(st == NB_EINTERNAL && e.status == NB_EINTERNAL && e.message[0] != '\0',
          "%s, allocation %llu of %llu failing: status %d '%s', result '%s' (plain: %d '%s')", what,
          (unsigned long long)k, (unsigned long long)total, (int)st, e.message, got, (int)st0,
          want);
  }
  CHECK(failed > 0, "%s: no failure reached the caller", what);
}

/* --- the operations -------------------------------------------------------------------------- */

static nb_status open_game(const void *arg, char *out, nb_error *err) {
  nb_game *g;
  nb_status st = nb_game_open(arg, &g, err);
  if (st != NB_OK) return st;
  nb_game_spec(g, out, RESULT);
  nb_game_free(g);
  return NB_OK;
}

/* "SPEC|TOKEN TOKEN ...": the game, its solver and a position, as the command line gives them. */
typedef struct position {
  nb_game *g;
  nb_solver *solver;
  nb_pos comps[16];
  size_t n;
} position;

static nb_status open_position(const char *text, position *p, nb_error *err) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", text);
  char *bar = strchr(buf, '|');
  *bar = '\0';
  const char *tokens[16];
  size_t count = 0;
  for (char *t = strtok(bar + 1, " "); t != NULL; t = strtok(NULL, " "))
    tokens[count++] = t;
  p->solver = NULL;
  nb_status st = nb_game_open(buf, &p->g, err);
  if (st != NB_OK) return st;
  st = nb_position_parse(p->g, tokens, count, 1, p->comps, &p->n, 16, err);
  if (st == NB_OK) st = nb_solver_new(p->g, NULL, &p->solver, err);
  if (st != NB_OK) nb_game_free(p->g);
  return st;
}

static void close_position(position *p) {
  nb_solver_free(p->solver);
  nb_game_free(p->g);
}

static nb_status value(const void *arg, char *out, nb_error *err) {
  position p;
  nb_status st = open_position(arg, &p, err);
  if (st != NB_OK) return st;
  nb_value v;
  st = nb_value_of(p.solver, p.comps, p.n, &v, err);
  if (st == NB_OK && nb_value_format(&v, out, RESULT) < 0) /* as `nimber value` says it */
    st = nb_fail(err, NB_EINTERNAL, "out of memory while writing the value");
  close_position(&p);
  return st;
}

/* Who wins, from nb_value_outcome (the outcome search for one partizan component). */
static nb_status outcome(const void *arg, char *out, nb_error *err) {
  position p;
  nb_status st = open_position(arg, &p, err);
  if (st != NB_OK) return st;
  nb_value v;
  st = nb_value_outcome(p.solver, p.comps, p.n, &v, err);
  if (st == NB_OK) snprintf(out, RESULT, "%c", nb_outcome_letter(v.outcome));
  close_position(&p);
  return st;
}

/* The notations of a list of moves, space-separated. */
static void describe_all(const position *p, const nb_move_list *l, char *out) {
  size_t used = 0;
  for (size_t i = 0; i < l->count && used < RESULT; i++) {
    used += (size_t)nb_sum_move_describe(p->g, p->comps, p->n, l, i, out + used, RESULT - used);
    if (used < RESULT) out[used++] = ' ';
  }
  out[used < RESULT ? used : RESULT - 1] = '\0';
}

static nb_status winning_moves(const void *arg, char *out, nb_error *err) {
  position p;
  nb_status st = open_position(arg, &p, err);
  if (st != NB_OK) return st;
  nb_move_list l = {0};
  st = nb_winning_moves(p.solver, p.comps, p.n, NB_LEFT, &l, err);
  if (st == NB_OK) describe_all(&p, &l, out);
  nb_move_list_free(&l);
  close_position(&p);
  return st;
}

/* The engine's choice for the player to move (Left), with its remoteness search. */
static nb_status engine(const void *arg, char *out, nb_error *err) {
  position p;
  nb_status st = open_position(arg, &p, err);
  if (st != NB_OK) return st;
  nb_move_list l = {0};
  size_t chosen = 0;
  bool found = false;
  uint64_t rng = 7;
  st = nb_engine_choose(p.solver, p.comps, p.n, NB_LEFT, &rng, &l, &chosen, &found, err);
  if (st == NB_OK && found) nb_sum_move_describe(p.g, p.comps, p.n, &l, chosen, out, RESULT);
  nb_move_list_free(&l);
  close_position(&p);
  return st;
}

static nb_status remoteness(const void *arg, char *out, nb_error *err) {
  position p;
  nb_status st = open_position(arg, &p, err);
  if (st != NB_OK) return st;
  uint64_t r = 0;
  st = nb_remoteness(p.solver, p.comps, p.n, NB_LEFT, &r, err);
  if (st == NB_OK) snprintf(out, RESULT, "%llu", (unsigned long long)r);
  close_position(&p);
  return st;
}

static nb_status period(const void *arg, char *out, nb_error *err) {
  nb_game *g;
  nb_solver *s = NULL;
  nb_status st = nb_game_open(arg, &g, err);
  if (st != NB_OK) return st;
  nb_period pp;
  st = nb_solver_new(g, NULL, &s, err);
  if (st == NB_OK) st = nb_period_of(s, 0, &pp, err);
  if (st == NB_OK)
    snprintf(out, RESULT, "%d %llu %llu", (int)pp.kind, (unsigned long long)pp.start,
             (unsigned long long)pp.step);
  nb_solver_free(s);
  nb_game_free(g);
  return st;
}

/* "FORMAT|INPUT": a contest input solved from memory; the result is the output. */
static nb_status solve(const void *arg, char *out, nb_error *err) {
  const char *text = arg, *bar = strchr(text, '|');
  char format[16];
  snprintf(format, sizeof format, "%.*s", (int)(bar - text), text);
  FILE *f = fmemopen(out, RESULT, "w");
  nb_reader *r = NULL;
  nb_status st = nb_reader_open_mem("in", bar + 1, strlen(bar + 1), &r, err);
  if (st == NB_OK) st = nb_contest_find(format)->solve(r, f, err);
  nb_reader_close(r);
  fclose(f);
  return st;
}

int main(void) {
  static const char *const specs[] = {"twothree", "div:2,3,5", "gurdurr", "psub:3,7,10/2,6,7"};
  for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
    each_failure(specs[i], open_game, specs[i]);
  each_failure("value of div:2,3 1 2 5", value, "twothree|1 2 5");
  each_failure("value of a tower sum", value, "gurdurr|III .I. II. + III III");
  each_failure("value of psub:1,2/1,3 200", value, "psub:1,2/1,3|200");
  each_failure("value of psub:3,7,10/2,6,7 40", value, "psub:3,7,10/2,6,7|40");
  each_failure("value of div:3,5 by search", value, "div:3,5|100 7");
  each_failure("winning moves of div:2,3", winning_moves, "twothree|1 2 5 7");
  each_failure("winning moves of a tower", winning_moves, "gurdurr|III III + II.");
  each_failure("winning moves of psub", winning_moves, "psub:3,7,10/2,6,7|20");
  /* Lost positions: the engine lists every move, then asks the sum search which resists longest. */
  each_failure("engine in a lost div:2,3 sum", engine, "twothree|2 12");
  each_failure("engine in a lost psub pile", engine, "psub:1/2|3");
  each_failure("remoteness of a tower sum", remoteness, "gurdurr|III II. + .II");
  each_failure("value of a psub sum", value, "psub:3,7,10/2,6,7|9 4");
  each_failure("outcome search of a clobber board", outcome, "clobber|xoxo/oxox/xoxo");
  each_failure("outcome of a clobber sum", outcome, "clobber|xox/oxo + xo.ox");
  each_failure("period of psub:3,7,10/2,6,7", period, "psub:3,7,10/2,6,7");
  each_failure("period of div:2,5", period, "div:2,5");
  /* Clobber boards of 8 x 8 (128 bits): interned in the game's store, at parse and by moves. */
  each_failure("value of a clobber snake on 8 x 8", value,
               "clobber|x......./x......./x......./x......./x......./x......./o......./xxoxxxxo");
  each_failure("winning moves of clobber on 8 x 8", winning_moves,
               "clobber|xxo....o/.......x/......../...xo.../...ox.../......../x......./o.....xo");
  each_failure("solve twothree", solve, "twothree|2\n3\n1 2 5\n1\n7\n");
  each_failure("solve gurdurr", solve, "gurdurr|2\n1\nIII\n3\nII.\n.II\nIII\n");
  each_failure("solve nimplus", solve, "nimplus|20 3\n3 7 10\n2 6 7\n");
  return check_done();
}
