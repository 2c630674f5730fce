/*
 * heapquot.h: misère quotients of heap games (heapquot.c): the commutative monoid of the sums of
 * heaps of at most N tokens modulo misère indistinguishability (Plambeck and Siegel, "Misère
 * quotients for impartial games", JCTA 115, 2008), computed and proved; its presentation, its
 * P-portion and its pretending function.
 *
 * Internal to the library (the CLI's `quotient` command, the misère theory's fast path for sums
 * of small heaps and the tests use it).
 */
#ifndef NB_HEAP_HEAPQUOT_H
#define NB_HEAP_HEAPQUOT_H

#include "heap/heap.h"

enum {
  NB_QUOTIENT_MAX_HEAPS = NB_MISERE_QUOTIENT_MAX_HEAPS, /* the largest heap bound N (nimber.h) */
  NB_QUOTIENT_MAX_ORDER = 100000, /* the most elements a quotient may have */
};

/* One relation of a presentation: lhs = rhs, both words in the generators, as exponents. */
typedef struct nb_quotient_relation {
  uint32_t lhs; /* offset into nb_quotient.exps of the left side's exponents (gens of them) */
  uint32_t rhs; /* the element the left side equals (its normal form is the right side) */
} nb_quotient_relation;

/* A misère quotient Q of the sums of heaps of 1..heaps tokens. Elements are 0..order-1; element
 * 0 is the identity (the empty sum, and every heap without moves). */
typedef struct nb_quotient {
  uint32_t heaps;            /* N: the heap bound */
  uint32_t order;            /* |Q| */
  uint32_t *times_heap;      /* times_heap[e * (heaps + 1) + n]: e times the element of a heap of
                                n tokens (n = 1..heaps; column 0 is e) */
  uint8_t *p;                /* p[e]: 1 when the sums whose element is e are P-positions */
  uint32_t *pretend;         /* pretend[n]: the element of a heap of n tokens, n = 0..heaps */
  uint32_t gens;             /* generators: heaps whose element is no product of smaller heaps' */
  uint32_t *gen_heap;        /* gen_heap[j]: the heap size generator j is the element of */
  uint32_t *exps;            /* normal forms, then relations' left sides: gens exponents each;
                                element e's normal form is at exps + e * gens */
  nb_quotient_relation *rel; /* the relations, rel_count of them */
  uint32_t rel_count;        /* how many */
  uint64_t tests;            /* distinguishing sums found (work done, for reports) */
  uint64_t verified;         /* pairs the final proof kept (element, options' elements) */
  uint64_t moves;            /* moves examined in all (the searches' and the trials'): at most
                                the limits' moves_examined */
  size_t peak_bytes;         /* the most bytes the tables took at once: at most the limits'
                                memory (the returned quotient's own copy apart) */
  uint32_t proved_to;        /* the heaps up to it are proved by the check of the misère rule;
                                those past it (up to heaps) by the periodicity theorem */
  /* The periodicity theorem (heapquot.c, "the quotient of every heap"): when `stable`, Q is the
   * misère quotient of the sums of heaps of every size, and pretend[n + period] = pretend[n]
   * for every n >= preperiod (heaps past `heaps` too: nb_quotient_heap_element). */
  bool stable;               /* proven for every heap size */
  uint32_t preperiod;        /* s: the least such */
  uint32_t period;           /* p: the least such */
  uint32_t checked_to;       /* the window: pretend[n] = pretend[n - p] checked for s + p <= n <=
                                checked_to (W(s, p) - 1 of the theorem) */
  const char *theorem;       /* stable: the theorem, in words (static text); else why not */
} nb_quotient;

/* Computes the misère quotient of the heaps of at most `heaps` tokens of the game r (1 <= heaps <=
 * NB_QUOTIENT_MAX_HEAPS), bounded by limits (NULL: the defaults): outcomes memoised at most
 * limits->positions, proof pairs at most limits->sums, moves examined at most
 * limits->moves_examined, tables at most limits->memory bytes, at most NB_QUOTIENT_MAX_ORDER
 * elements. Past a limit: NB_EDATA naming it, the heap bound reached and that quotient's order
 * (*reached, may be NULL: the largest bound whose quotient was finished, 0 if none). On success
 * *out is the caller's (nb_quotient_free). Once theorem M (heapquot.c) proves the quotient of a
 * finished bound m to be that of every heap size, the bounds past m are filled in by it, with
 * no search or check (q->proved_to = m, q->stable). */
nb_status nb_quotient_compute(const nb_heap_rules *r, uint32_t heaps, const nb_limits *limits,
                              nb_quotient **out, uint32_t *reached, nb_error *err);

/* The same, every bound proved by the check of the misère rule, none by theorem M (the tests
 * compare the two; q->stable is still reported). */
nb_status nb_quotient_compute_checked(const nb_heap_rules *r, uint32_t heaps,
                                      const nb_limits *limits, nb_quotient **out, nb_error *err);

void nb_quotient_free(nb_quotient *q);

/* The element of a sum of heaps (count of them, each at most q->heaps, or any size when
 * q->stable; 0 is no heap). */
uint32_t nb_quotient_element(const nb_quotient *q, const uint64_t *heaps, size_t count);

/* Element e times a heap of n tokens (n at most q->heaps, or any size when q->stable; 0: e). */
uint32_t nb_quotient_times(const nb_quotient *q, uint32_t e, uint64_t n);

/* The element of a heap of n tokens: pretend[n] for n <= q->heaps; past it, when q->stable, by
 * the period (pretend[s + (n - s) mod p]); else UINT32_MAX (not known). */
uint32_t nb_quotient_heap_element(const nb_quotient *q, uint64_t n);

/* Writes the word of an exponent vector (q->gens exponents) as "a^2 b" ("1" for the identity)
 * into buf; returns the length snprintf would. Generators are a, b, ..., z, then g27, g28, .... */
int nb_quotient_word(const nb_quotient *q, const uint32_t *exps, char *buf, size_t cap);

/* The normal form of element e (q->gens exponents). */
static inline const uint32_t *nb_quotient_normal(const nb_quotient *q, uint32_t e) {
  return q->exps + (size_t)e * q->gens;
}

#endif
