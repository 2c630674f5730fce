/*
 * test_threads.c: solvers in threads, and allocations that fail for a moment.
 *
 * The documented model is one solver per thread (nimber.h), and one game per thread for a family
 * that interns large positions (clobber: its game's store grows as positions are met); every
 * thread here opens its own game (value_once, value_text), as that model asks. Two things make
 * it true: the library has no mutable global (the allocation-failure hook's state is
 * thread-local, src/base/error.c), and nothing a solver caches is shared. The test checks both
 * ways:
 *  - a thread that arms allocation failures fails its own allocations only: another thread's
 *    solver, running at the same time, answers as if nothing were armed (with the hook a
 *    process-wide global, as it was, the second thread's allocations failed too);
 *  - a Kayles solver and a cg solver valuing in two threads at once give the answers one
 *    thread gives (built with -fsanitize=thread, `make test-tsan`, ThreadSanitizer reports no
 *    race: it reported one on the hook's counter before);
 *  - transient injection: for each allocation of a value in turn, only that one fails; the call
 *    either fails cleanly (NB_EINTERNAL, a message) or answers right, and the same solver, asked
 *    again with memory back, answers right: a refusal leaves it usable.
 */
#include "check.h"
#include "internal.h"

#include <pthread.h>
#include <string.h>

enum { TEXT = 256, ROUNDS = 40 };

/* A game and a position of it to value. */
typedef struct job {
  const char *spec;          /* the game */
  const char *tokens[4];     /* the position's tokens */
  size_t ntokens;            /* how many */
  char want[TEXT];           /* the value as one thread gives it */
} job;

/* Values the job's position with solver s (made here when *s is NULL, kept for reuse) into
 * text; the game is opened on first call into *g. */
static nb_status value_text(job *j, nb_game **g, nb_solver **s, char *text, nb_error *err) {
  nb_status st = *g ? NB_OK : nb_game_open(j->spec, g, err);
  if (st == NB_OK && *s == NULL) st = nb_solver_new(*g, NULL, s, err);
  nb_pos comps[8];
  size_t n = 0;
  nb_value v;
  if (st == NB_OK) st = nb_position_parse(*g, j->tokens, j->ntokens, 1, comps, &n, 8, err);
  if (st == NB_OK) st = nb_value_of(*s, comps, n, &v, err);
  if (st == NB_OK && nb_value_format(&v, text, TEXT) < 0)
    st = nb_fail(err, NB_EINTERNAL, "out of memory formatting the value");
  return st;
}

/* One fresh game and solver: the value's text, or "" after a failure. */
static nb_status value_once(job *j, char *text, nb_error *err) {
  nb_game *g = NULL;
  nb_solver *s = NULL;
  text[0] = '\0';
  nb_status st = value_text(j, &g, &s, text, err);
  nb_solver_free(s);
  nb_game_free(g);
  return st;
}

static job jobs[2] = {
    /* Kayles: G(5) ^ G(7) ^ G(11) = 4 ^ 2 ^ 6 = 0 (OEIS A002186: 0,1,2,3,1,4,3,2,1,4,2,6) */
    {.spec = "kayles", .tokens = {"5", "7", "11"}, .ntokens = 3},
    {.spec = "cg", .tokens = {"{1|*}", "^", "{2|{1|0}}"}, .ntokens = 3},
};

/* --- one thread arms failures, the other is not touched ------------------------------------ */

static pthread_barrier_t armed;

/* Checks made inside a thread: check.h's counters are plain statics, so a thread counts its own
 * failures (printing each) and the main thread CHECKs the tally after joining it. */
#define THREAD_CHECK(bad, cond, ...)                                                               \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      (*(bad))++;                                                                                  \
      fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);                     \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
    }                                                                                              \
  } while (0)

static void *arming_thread(void *arg) {
  unsigned *bad = arg;
  nb_alloc_fail_after(1);
  pthread_barrier_wait(&armed); /* the other thread values while this one is armed */
  char text[TEXT];
  nb_error err = {0};
  nb_status st = value_once(&jobs[0], text, &err);
  THREAD_CHECK(bad, st == NB_EINTERNAL, "the armed thread's own allocation did not fail (status %d)", (int)st);
  pthread_barrier_wait(&armed);
  nb_alloc_fail_after(0);
  return NULL;
}

static void *unarmed_thread(void *arg) {
  unsigned *bad = arg;
  pthread_barrier_wait(&armed);
  for (size_t i = 0; i < 2; i++) {
    char text[TEXT];
    nb_error err = {0};
    nb_status st = value_once(&jobs[i], text, &err);
    THREAD_CHECK(bad, st == NB_OK && strcmp(text, jobs[i].want) == 0,
          "%s valued beside an armed thread: status %d '%s' (%s), want '%s'", jobs[i].spec,
          (int)st, text, err.message, jobs[i].want);
  }
  pthread_barrier_wait(&armed);
  return NULL;
}

static void armed_beside_unarmed(void) {
  pthread_t a, b;
  unsigned bad[2] = {0, 0};
  pthread_barrier_init(&armed, NULL, 2);
  CHECK(pthread_create(&a, NULL, arming_thread, &bad[0]) == 0, "cannot start a thread");
  CHECK(pthread_create(&b, NULL, unarmed_thread, &bad[1]) == 0, "cannot start a thread");
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_barrier_destroy(&armed);
  CHECK(bad[0] == 0 && bad[1] == 0, "armed thread: %u failed, unarmed thread: %u failed", bad[0],
        bad[1]);
}

/* --- two solvers at once ------------------------------------------------------------------- */

/* A job and its thread's failures. */
typedef struct rounds {
  job *job;     /* what the thread values, ROUNDS times */
  unsigned bad; /* its failed checks */
} rounds;

static void *rounds_thread(void *arg) {
  rounds *w = arg;
  job *j = w->job;
  for (int r = 0; r < ROUNDS; r++) {
    char text[TEXT];
    nb_error err = {0};
    nb_status st = value_once(j, text, &err);
    THREAD_CHECK(&w->bad, st == NB_OK && strcmp(text, j->want) == 0, "%s in a thread, round %d: '%s' (%s)",
          j->spec, r, text, err.message);
  }
  return NULL;
}

static void two_solvers_at_once(void) {
  pthread_t t[2];
  rounds w[2] = {{.job = &jobs[0]}, {.job = &jobs[1]}};
  for (size_t i = 0; i < 2; i++)
    CHECK(pthread_create(&t[i], NULL, rounds_thread, &w[i]) == 0, "cannot start a thread");
  for (size_t i = 0; i < 2; i++) {
    pthread_join(t[i], NULL);
    CHECK(w[i].bad == 0, "%s: %u rounds wrong in a thread", jobs[i].spec, w[i].bad);
  }
}

/* --- transient failures -------------------------------------------------------------------- */

static void transient_failures(job *j) {
  char text[TEXT];
  nb_error err = {0};
  nb_alloc_fail_after(0);
  CHECK_OK(value_once(j, text, &err), &err);
  uint64_t total = nb_alloc_fail_after(0);
  unsigned refused = 0;
  for (uint64_t k = 1; k <= total; k++) {
    nb_game *g = NULL;
    nb_solver *s = NULL;
    nb_error e = {0};
    text[0] = '\0';
    nb_alloc_fail_only(k);
    nb_status st = value_text(j, &g, &s, text, &e);
    uint64_t counted = nb_alloc_fail_after(0);
    CHECK(counted >= k, "%s: allocation %llu never reached", j->spec, (unsigned long long)k);
    if (st != NB_OK) {
      refused++;
      CHECK(st == NB_EINTERNAL && e.message[0] != '\0', "%s, allocation %llu failing alone: "
            "status %d '%s'", j->spec, (unsigned long long)k, (int)st, e.message);
      e = (nb_error){0};
      st = value_text(j, &g, &s, text, &e); /* again, memory back: the same solver */
    }
    CHECK(st == NB_OK && strcmp(text, j->want) == 0,
          "%s, allocation %llu failing alone: then '%s' (status %d %s), want '%s'", j->spec,
          (unsigned long long)k, text, (int)st, e.message, j->want);
    nb_solver_free(s);
    nb_game_free(g);
  }
  CHECK(refused > 0, "%s: no transient failure reached the caller (%llu allocations)", j->spec,
        (unsigned long long)total);
}

int main(void) {
  for (size_t i = 0; i < 2; i++) {
    nb_error err = {0};
    CHECK_OK(value_once(&jobs[i], jobs[i].want, &err), &err);
  }
  CHECK(strcmp(jobs[0].want, "0") == 0, "kayles 5 7 11 is '%s', want 0", jobs[0].want);
  armed_beside_unarmed();
  two_solvers_at_once();
  for (size_t i = 0; i < 2; i++)
    transient_failures(&jobs[i]);
  return check_done();
}
