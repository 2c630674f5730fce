/*
 * fuzz_cg.c: games in CGSuite's notation (nb_cg_parse, src/cgt/notation.c) on arbitrary text.
 *
 * Whatever the text, reading it answers NB_OK, NB_EUSAGE with "column C: ..." (C at most one
 * past the text's end), or NB_EDATA (the store's memory cap, the depth bound), never a crash.
 * A game read:
 *   - prints (nb_cg_format) as text that reads back to the same game (same ID), and printing
 *     that game again gives the same text;
 *   - obeys the laws every short game obeys: G + (-G) = 0, G = G, -(-G) = G, and its outcome
 *     class is its comparison with 0 (P: equal, L: greater, R: less, N: confused); checked on
 *     games printed in at most LAWS_TEXT bytes, since sums of larger ones take the engine
 *     milliseconds each (tests/test_cg.c checks the laws on random games of every size).
 * Each input gets a fresh store with a cap of STORE_BYTES, so that what one input builds never
 * changes another's result; going past the cap is NB_EDATA, which is allowed.
 *
 * Skipped inputs: a star multiple above MAX_STAR, since adding a game holding one (such as
 * {3*40|2} or +-(2*40)) to its negative takes time exponential in the multiple ({3*40|2}:
 * 2.7 s, {3*48|2}: minutes, in a Release build; +-{42|{{11/2|^3*}|{*16|{v|{v|v4}}}}}: 0.04 s
 * with *8, 0.35 s with *12, 6.9 s with *16; found by this harness, reported, as defect 6 of
 * issue 11 is for other engines); an up or down multiple above MAX_UPS, since thousands of ups
 * run the sums up to the store's depth or memory cap (0.1 to 0.2 s in Release: bounded, but too
 * slow to fuzz); a named uptimal (^[n], v<n>, up to NB_CG_UPTIMAL_MAX) above MAX_NAMED, since
 * their sums grow with n (-3/4-3v[575]*-3v[55]*1 and its negative: 30 s in this build, with
 * v[64]: 0.6 s; found by this harness as a timeout).
 *
 * Stack: the engine recurses up to NB_CG_MAX_DEPTH (10,000) levels before it refuses a game as
 * too deep, which takes about 6 MiB of stack in a Release build (600 bytes a level, measured on
 * 9,999 nested braces) and more than the main thread's 8 MiB in this instrumented one (found by this harness: `{9223372036852v75807|0}` plus its
 * negative; reported, as defect 7 of issue 11 is for the sum search). Until the engine bounds its
 * depth by the stack it has, each input runs on a thread with STACK_BYTES of stack (one thread,
 * kept: see worker below), so that the fuzzer can look past that known limit for other defects.
 */
#include "cgt/cgt.h"
#include "fuzz.h"

#include <pthread.h>

enum {
  STORE_BYTES = 1 << 23,  /* each input's store */
  PRINT_BYTES = 1 << 16,  /* longest text printed */
  STACK_BYTES = 64 << 20, /* the stack each input runs on */
  MAX_STAR = 8,           /* largest star multiple kept */
  MAX_UPS = 64,           /* largest up or down multiple kept */
  MAX_NAMED = 64,         /* largest n of a named uptimal (^[n], v<n>) kept */
  LAWS_TEXT = 40,         /* the laws are checked on games printed in at most this many bytes */
};

/* The text of g, allocated; NULL when it is longer than PRINT_BYTES or the store is full. */
static char *text_of(nb_cg_store *s, nb_cg g) {
  char *t = NULL;
  size_t len;
  nb_error err;
  nb_status st = nb_cg_format(s, g, PRINT_BYTES, &t, &len, &err);
  FUZZ_CHECK(st == NB_OK || st == NB_EDATA, "format: status %d: %s", (int)st, err.message);
  if (st == NB_OK) FUZZ_CHECK(strlen(t) == len, "format: length %zu of '%s'", len, t);
  return st == NB_OK ? t : NULL;
}

/* Checks a status that may only be NB_OK or the store's cap; false for the cap. */
static bool ok_or_full(nb_status st, const nb_error *err, const char *what) {
  FUZZ_CHECK(st == NB_OK || st == NB_EDATA, "%s: status %d: %s", what, (int)st, err->message);
  return st == NB_OK;
}

static void check_laws(nb_cg_store *s, nb_cg g) {
  nb_error err;
  nb_cg minus, sum, back;
  nb_cg_order order;
  nb_outcome outcome;
  if (!ok_or_full(nb_cg_negate(s, g, &minus, &err), &err, "negate")) return;
  if (ok_or_full(nb_cg_add(s, g, minus, &sum, &err), &err, "add"))
    FUZZ_CHECK(sum == NB_CG_ZERO, "G + -G is game %u, not 0", (unsigned)sum);
  if (ok_or_full(nb_cg_negate(s, minus, &back, &err), &err, "negate"))
    FUZZ_CHECK(back == g, "-(-G) is game %u, G is %u", (unsigned)back, (unsigned)g);
  if (ok_or_full(nb_cg_compare(s, g, g, &order, &err), &err, "compare"))
    FUZZ_CHECK(order == NB_CG_EQUAL, "G compared with itself: %d", (int)order);
  if (!ok_or_full(nb_cg_compare(s, g, NB_CG_ZERO, &order, &err), &err, "compare") ||
      !ok_or_full(nb_cg_outcome(s, g, &outcome, &err), &err, "outcome"))
    return;
  static const nb_outcome by_order[4] = {NB_OUTCOME_P, NB_OUTCOME_R, NB_OUTCOME_L, NB_OUTCOME_N};
  FUZZ_CHECK(outcome == by_order[order], "outcome %c, comparison with 0: %d",
             nb_outcome_letter(outcome), (int)order);
}

/* Whether the text has a star multiple above MAX_STAR, an up or down multiple above MAX_UPS
 * ("*17", "^65", "v0065", or a run of 65 '^') or a named uptimal above MAX_NAMED ("v[65]"). */
static bool costly(const char *text) {
  for (const char *p = text; *p != '\0'; p++) {
    if (*p != '*' && *p != '^' && *p != 'v') continue;
    uint64_t m = 0, most = *p == '*' ? MAX_STAR : MAX_UPS;
    const char *d = p + 1;
    if (*p != '*' && (*d == '[' || *d == '<')) { /* a named uptimal: ^[n], v<n> */
      most = MAX_NAMED;
      d++;
    }
    for (; *d >= '0' && *d <= '9' && m <= most; d++)
      m = m * 10 + (uint64_t)(*d - '0');
    for (const char *r = p; *p != '*' && *r == *p && m <= most; r++)
      m++;
    if (m > most) return true;
  }
  return false;
}

/* One input, on its own thread: text is the game's text (NUL-terminated). */
static void *check_text(void *arg) {
  const char *text = arg;
  nb_cg_store *s;
  nb_error err = {0};
  FUZZ_CHECK(nb_cg_store_new(STORE_BYTES, &s, &err) == NB_OK, "%s", err.message);
  nb_cg g;
  nb_status st = nb_cg_parse(s, text, &g, &err);
  if (st == NB_EUSAGE) {
    unsigned long long col = 0;
    FUZZ_CHECK(sscanf(err.message, "column %llu: ", &col) == 1 && col >= 1 &&
                   col <= strlen(text) + 1,
               "'%s': message '%s'", text, err.message);
  } else if (st == NB_OK) {
    char *first = text_of(s, g);
    bool small = first != NULL && strlen(first) <= LAWS_TEXT;
    if (first != NULL) {
      nb_cg again;
      st = nb_cg_parse(s, first, &again, &err);
      if (ok_or_full(st, &err, "reading the printed form")) {
        FUZZ_CHECK(again == g, "'%s' printed as '%s', which reads as another game", text, first);
        char *second = text_of(s, again);
        FUZZ_CHECK(second == NULL || strcmp(first, second) == 0, "printed '%s', then '%s'", first,
                   second);
        free(second);
      }
      free(first);
    }
    if (small) check_laws(s, g);
  } else {
    FUZZ_CHECK(st == NB_EDATA, "'%s': status %d: %s", text, (int)st, err.message);
  }
  nb_cg_store_free(s);
  return NULL;
}

/* The one thread every input runs on, started by the first input and kept: starting a thread
 * with STACK_BYTES of stack for each input cost more than most inputs (its stack's shadow mapped
 * and cleared each time; ~250 inputs a second here against thousands once kept). The harness's
 * only state; libFuzzer calls LLVMFuzzerTestOneInput from one thread at a time. */
static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake; /* an input is waiting: text set, busy true */
  pthread_cond_t done; /* the input is checked: busy false */
  char *text;
  bool busy, started;
} worker = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL,
            false, false};

static void *serve(void *arg) {
  (void)arg;
  FUZZ_CHECK(pthread_mutex_lock(&worker.lock) == 0, "lock");
  for (;;) {
    while (!worker.busy)
      FUZZ_CHECK(pthread_cond_wait(&worker.wake, &worker.lock) == 0, "wait");
    char *text = worker.text;
    FUZZ_CHECK(pthread_mutex_unlock(&worker.lock) == 0, "unlock");
    check_text(text);
    FUZZ_CHECK(pthread_mutex_lock(&worker.lock) == 0, "lock");
    worker.busy = false;
    FUZZ_CHECK(pthread_cond_signal(&worker.done) == 0, "signal");
  }
  return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_string(data, size);
  if (costly(text)) {
    free(text);
    return FUZZ_SKIP;
  }
  FUZZ_CHECK(pthread_mutex_lock(&worker.lock) == 0, "lock");
  if (!worker.started) {
    pthread_attr_t attr;
    pthread_t thread;
    FUZZ_CHECK(pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, STACK_BYTES) == 0 &&
                   pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0,
               "thread attributes");
    FUZZ_CHECK(pthread_create(&thread, &attr, serve, NULL) == 0, "cannot start a thread");
    pthread_attr_destroy(&attr);
    worker.started = true;
  }
  worker.text = text;
  worker.busy = true;
  FUZZ_CHECK(pthread_cond_signal(&worker.wake) == 0, "signal");
  while (worker.busy)
    FUZZ_CHECK(pthread_cond_wait(&worker.done, &worker.lock) == 0, "wait");
  FUZZ_CHECK(pthread_mutex_unlock(&worker.lock) == 0, "unlock");
  free(text);
  return 0;
}
