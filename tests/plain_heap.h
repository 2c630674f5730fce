/*
 * plain_heap.h: the Grundy values of a heap game the plain way, the reference for the sequence
 * engine (tests/test_heap.c) and the heap families (tests/test_heapfam.c).
 *
 * G(n) is the mex, over the options the rules list for a heap of n (nb_heap_options), of the XOR
 * of the values of the heaps each option leaves: the definition, no engine, O(options) per heap.
 * Aborts on out-of-memory: it is test code.
 */
#ifndef NB_TESTS_PLAIN_HEAP_H
#define NB_TESTS_PLAIN_HEAP_H

#include "heap/heap.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* G(0 .. count - 1), in a new array (free() it). */
static uint32_t *plain_heap_values(const nb_heap_rules *r, size_t count) {
  uint32_t *g = malloc(count * sizeof *g);
  size_t room = 0;
  nb_heap_option *opt = NULL;
  bool *seen = NULL;
  for (size_t n = 0; n < count; n++) {
    size_t options = (size_t)nb_heap_option_count(r, n);
    if (options + 1 > room) {
      room = 2 * (options + 1);
      opt = realloc(opt, room * sizeof *opt);
      seen = realloc(seen, room);
    }
    if (g == NULL || opt == NULL || seen == NULL) {
      fprintf(stderr, "plain_heap_values: out of memory\n");
      abort();
    }
    nb_heap_options(r, n, opt);
    memset(seen, 0, options + 1);
    for (size_t i = 0; i < options; i++) {
      uint32_t x = 0;
      for (unsigned p = 0; p < opt[i].parts; p++)
        x ^= g[opt[i].heap[p]];
      if (x <= options) seen[x] = true; /* a mex is at most the number of options */
    }
    uint32_t mex = 0;
    while (seen[mex])
      mex++;
    g[n] = mex;
  }
  free(opt);
  free(seen);
  return g;
}

#endif
