/*
 * heapseq.c: the heap-game sequence engine, side by side with a plain O(n^2) loop.
 *
 * usage: heapseq engine GAME N     G(0 .. N-1) by the engine, every value computed (no period)
 *        heapseq table GAME N      G(0 .. N-1) as `table` asks: the engine, with its periods
 *        heapseq plain GAME N      G(0 .. N-1) by the plain loop below
 *        heapseq period GAME MAX   the least period proven within MAX values
 * GAME is nim, grundy, sub:S, oct:CODE or hex:CODE. HEAPSEQ_THREADS=1 (or 2) in the environment
 * sets the engine's threads (one; two whenever allowed); unset, the engine chooses.
 * HEAPSEQ_KERNEL=scalar (or avx2, avx512) caps the engine's scan kernels (the portable C ones;
 * AVX2 at most; AVX-512 without the VBMI2 listing of the window scans); unset, the fastest the
 * processor has. Each prints one
 * line: what it computed, the wall and CPU time, the memory the engine held, and a checksum of the
 * values (the engine and the plain loop must print the same one), so runs can be compared side by
 * side.
 *
 * The plain loop is what a first program does: for each heap, every option by the digit rules,
 * a mex over their values. No sets, no kernels, no periods: O(n) per heap (O(n^2) with
 * three-heap splits), O(n^2) in all.
 */
#include "heap/heap.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seconds(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static nb_status parse_game(const char *game, nb_heap_rules **out, nb_error *err) {
  const char *colon = strchr(game, ':');
  size_t name = colon ? (size_t)(colon - game) : strlen(game);
  const char *params = colon ? colon + 1 : NULL;
  static const struct {
    const char *name;
    nb_heap_kind kind;
  } kinds[] = {{"nim", NB_HEAP_NIM},
               {"grundy", NB_HEAP_GRUNDY},
               {"sub", NB_HEAP_SUB},
               {"oct", NB_HEAP_OCT},
               {"hex", NB_HEAP_HEX}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strlen(kinds[i].name) == name && strncmp(game, kinds[i].name, name) == 0)
      return nb_heap_rules_parse(kinds[i].kind, params, out, err);
  return nb_fail(err, NB_EUSAGE, "unknown game '%s'", game);
}

/* The digit of removal j, as a set of NB_HEAP_DIGIT_* bits (nim and sub written as codes). */
static unsigned digit_of(const nb_heap_rules *r, size_t j) {
  switch (r->kind) {
  case NB_HEAP_NIM:
    return j >= 1 ? NB_HEAP_DIGIT_EMPTY | NB_HEAP_DIGIT_LEAVE_ONE : 0;
  case NB_HEAP_GRUNDY:
    return j == 0 ? NB_HEAP_DIGIT_LEAVE_TWO : 0;
  case NB_HEAP_SUB:
    for (size_t i = 0; i < r->count; i++)
      if (r->amount[i] == j) return NB_HEAP_DIGIT_EMPTY | NB_HEAP_DIGIT_LEAVE_ONE;
    return 0;
  case NB_HEAP_OCT:
  case NB_HEAP_HEX:
    return j <= r->k ? r->digit[j] : 0;
  }
  return 0;
}

/* The plain loop: G(0 .. count - 1). seen[x] == n + 1 marks value x as an option of heap n. */
static uint32_t *plain_values(const nb_heap_rules *r, size_t count) {
  uint32_t *g = malloc(count * sizeof *g);
  size_t room = 1024, reach = r->kind == NB_HEAP_NIM ? count : r->k;
  uint32_t *seen = calloc(room, sizeof *seen), every = 0; /* every: OR of all values */
  for (size_t n = 0; n < count; n++) {
    uint32_t stamp = (uint32_t)n + 1;
    for (size_t j = 0; j <= reach && j <= n; j++) {
      unsigned d = digit_of(r, j);
      size_t m = n - j;
      if (m == 0 && (d & NB_HEAP_DIGIT_EMPTY)) seen[0] = stamp;
      if (m >= 1 && (d & NB_HEAP_DIGIT_LEAVE_ONE)) seen[g[m]] = stamp;
      for (size_t a = 1; (d & NB_HEAP_DIGIT_LEAVE_TWO) && 2 * a <= m; a++)
        if (r->kind != NB_HEAP_GRUNDY || 2 * a != m) seen[g[a] ^ g[m - a]] = stamp;
      for (size_t a = 1; (d & NB_HEAP_DIGIT_LEAVE_THREE) && 3 * a <= m; a++)
        for (size_t b = a; a + 2 * b <= m; b++)
          seen[g[a] ^ g[b] ^ g[m - a - b]] = stamp;
    }
    uint32_t mex = 0;
    while (seen[mex] == stamp) /* option values are at most `every`, below room - 1 */
      mex++;
    g[n] = mex;
    every |= mex;
    while ((size_t)every + 2 > room) { /* every value, XOR and mex to come fits */
      seen = realloc(seen, 2 * room * sizeof *seen);
      memset(seen + room, 0, room * sizeof *seen);
      room *= 2;
    }
  }
  free(seen);
  return g;
}

static uint64_t checksum(uint64_t sum, uint64_t n, uint64_t v) {
  return (sum ^ (v + 0x9e3779b97f4a7c15u + (n << 6))) * 0xff51afd7ed558ccdu;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fputs("usage: heapseq engine|table|plain|period GAME N\n", stderr);
    return 64;
  }
  const char *mode = argv[1];
  uint64_t n = strtoull(argv[3], NULL, 10);
  nb_error err;
  nb_heap_rules *r = NULL;
  if (parse_game(argv[2], &r, &err) != NB_OK) {
    fprintf(stderr, "heapseq: %s\n", err.message);
    return err.status;
  }
  char spec[256];
  nb_heap_rules_spec(r, spec, sizeof spec);
  double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
  uint64_t sum = 0, bytes = 0;
  nb_heapseq *q = NULL;
  nb_status st = NB_OK;
  char what[128] = "";
  if (strcmp(mode, "plain") == 0) {
    uint32_t *g = plain_values(r, (size_t)n);
    for (uint64_t i = 0; i < n; i++)
      sum = checksum(sum, i, g[i]);
    free(g);
    bytes = n * sizeof *g;
    snprintf(what, sizeof what, "G(0..%llu)", (unsigned long long)n - 1);
  } else {
    nb_heapseq_config cfg = {.no_period = strcmp(mode, "engine") == 0, .cap_bytes = 1ull << 34};
    const char *threads = getenv("HEAPSEQ_THREADS"); /* 1: one thread; 2: the marking thread */
    if (threads != NULL) cfg.threads = (unsigned)atoi(threads);
    const char *kernel = getenv("HEAPSEQ_KERNEL"); /* scalar, avx2: the fastest kernel allowed */
    if (kernel != NULL && strcmp(kernel, "scalar") == 0) cfg.kernel = NB_HEAPSEQ_KERNEL_SCALAR;
    if (kernel != NULL && strcmp(kernel, "avx2") == 0) cfg.kernel = NB_HEAPSEQ_KERNEL_AVX2;
    if (kernel != NULL && strcmp(kernel, "avx512") == 0) cfg.kernel = NB_HEAPSEQ_KERNEL_AVX512;
    st = nb_heapseq_new(r, &cfg, &q, &err);
    if (st == NB_OK && strcmp(mode, "period") == 0) {
      nb_heap_period p;
      st = nb_heapseq_period(q, n, &p, &err);
      if (p.found)
        snprintf(what, sizeof what, "period: preperiod %llu, period %llu (checked to %llu)",
                 (unsigned long long)p.preperiod, (unsigned long long)p.period,
                 (unsigned long long)p.checked_to);
      else
        snprintf(what, sizeof what, "no period within %llu", (unsigned long long)p.checked_to);
    } else if (st == NB_OK) {
      if (strcmp(mode, "engine") == 0) st = nb_heapseq_extend(q, n, &err);
      for (uint64_t i = 0; st == NB_OK && i < n; i++) {
        uint64_t v;
        st = nb_heapseq_value(q, i, &v, &err);
        sum = checksum(sum, i, v);
      }
      snprintf(what, sizeof what, "G(0..%llu), %llu computed", (unsigned long long)n - 1,
               (unsigned long long)nb_heapseq_computed(q));
    }
    if (st == NB_OK) {
      nb_heapseq_stats s;
      nb_heapseq_stats_of(q, &s);
      bytes = s.bytes;
    }
  }
  wall = seconds(CLOCK_MONOTONIC) - wall;
  cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
  if (st != NB_OK) {
    fprintf(stderr, "heapseq: %s\n", err.message);
  } else {
    printf("%-6s %-14s %-44s wall %8.3f s  cpu %8.3f s  %7.1f MB  checksum %016llx\n", mode, spec,
           what, wall, cpu, (double)bytes / 1e6, (unsigned long long)sum);
  }
  nb_heapseq_free(q);
  nb_heap_rules_free(r);
  return st;
}
