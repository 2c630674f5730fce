/*
 * heapperiod.c: periods of heap games, proven by theorem, never guessed.
 *
 * The value of a heap depends on smaller heaps through a bounded set of shapes, so a long enough
 * stretch of periodic values implies periodicity forever. Let k be the code's length (sub:
 * max S), s >= 0, p >= 1 and s' = max(s, 1). Each theorem says: if G(n + p) = G(n) for every n
 * with s <= n < W - p, then G(n + p) = G(n) for every n >= s, where the window end W is
 *   (T1) sub:S                                           W = s + p + k
 *   (T2) codes without splits                            W = s' + p + k
 *   (T3) codes with two-heap splits (Guy and Smith)      W = 2s' + 2p + k
 *   (T4) codes with three-heap splits                    W = 3s' + 3p + k
 * Proof, by induction on N >= W - p: assume G(n + p) = G(n) for s <= n < N, and show that the
 * heaps N + p and N have the same set of option values (hence the same mex). Take an option
 * that removes j <= k tokens:
 *   - emptying the heap (the heap is j): impossible at N and at N + p in T2-T4, where
 *     N >= s' + k > k. In T1, N >= s + k >= every amount t, so t is legal at N and at N + p.
 *   - leaving one heap: N - j and N + p - j are legal together (T2-T4: N - j >= 1; T1: t <= N)
 *     and s <= N - j < N (N - j >= W - p - k >= s), so G(N + p - j) = G(N - j).
 *   - a two-heap split (a, b), a <= b, of N + p - j (T3, and T4 since 3s' + 2p + k >= 2s' + p +
 *     k): b >= (N + p - j) / 2 >= s' + p, so (a, b - p) splits N - j (b - p >= s' >= 1) and
 *     G(b - p) = G(b) by induction (s <= b - p < N). Conversely a split (a, b), a <= b, of
 *     N - j has b >= (N - j) / 2 >= s' + p / 2 >= s and b < N, so (a, b + p) splits N + p - j
 *     and G(b + p) = G(b). Each such option of one heap has one of the same value in the other.
 *   - a three-heap split (a, b, c), c the largest, of N + p - j (T4): c >= (N + p - j) / 3 >=
 *     s' + p, so (a, b, c - p) splits N - j with G(c - p) = G(c); conversely, for N - j,
 *     c >= (N - j) / 3 >= s' + 2p / 3 >= s and c < N give (a, b, c + p). This is Guy and
 *     Smith's argument with the largest of three parts: the pigeonhole's factor 3 replaces 2.
 * The s' is needed: with s = 0, the split (p, p) of 2p + k would map to (p, 0), not a split.
 * T1 needs no s': a subtraction game's amount t is legal at any heap >= t, empty or not.
 * Grundy's game has no such theorem: a split of N + p into unequal heaps may map to an equal
 * split of N, which is not a move, so no finite stretch proves a period. Nim's values grow
 * without bound.
 *
 * Least period and preperiod. For L computed values and each p, let sigma(p) be the least
 * sigma with G(n + p) = G(n) for sigma <= n < L - p (found by scanning down from the top). The
 * search returns the least p with W(sigma(p), p) <= L, and reports s = sigma(p).
 *   Claim: p is the least period of G and s its least preperiod.
 *   Proof. By the theorem G is periodic with period p from sigma(p) on, and not from
 *   sigma(p) - 1 (G differs there, by the choice of sigma). All eventual periods of a sequence
 *   share its least preperiod s*: if q is one, from t on, then for n >= t the least period p*
 *   gives G(n + p*) = G(n + p* + Mq) = G(n + Mq) = G(n) for M large. So sigma(p) = s*. Let
 *   p' < p be an eventual period: G(n + p') = G(n) for n >= s*, so sigma(p') <= s* = sigma(p);
 *   as W does not decrease in s or p, W(sigma(p'), p') <= W(sigma(p), p) <= L, and the search
 *   would have returned p' first. Hence p is least.
 * The same argument shows that the first L values prove the period exactly when
 * W(s*, p*) <= L: the answer does not depend on what was computed before.
 * Cost. For most p the scan stops at once (the values differ). A period whose scan was long is
 * remembered: its multiples start their scans where it stopped (if G(n + q) = G(n) on
 * [t, L - q), so it is for every multiple of q), which keeps the search linear when a short
 * period has a long preperiod. The engine searches at each checkpoint (the table grows by an
 * eighth between them), so a period is proven within an eighth of the values it needs.
 */
#include "games/heapengine.h"

enum {
  LONG_SCAN = 64, /* a scan this long marks its period for the multiples rule */
  LONG_SLOTS = 4  /* how many such periods the search remembers */
};

bool nb_heap_has_period_theorem(const nb_heap_rules *r, const char **why) {
  const char *reason = NULL;
  if (r->kind == NB_HEAP_NIM)
    reason = "its values grow without bound (G(n) = n), so it has no period";
  if (r->kind == NB_HEAP_GRUNDY)
    reason = "no theorem bounds the check: a split of n + p into unequal heaps may shift to an "
             "equal split of n, which is not a move, so no finite stretch of periodic values "
             "proves a period";
  if (why != NULL) *why = reason;
  return reason == NULL;
}

heapseq_theorem heapseq_theorem_of(const nb_heapseq *q) {
  if (!nb_heap_has_period_theorem(q->rules, NULL)) return HEAPSEQ_NO_THEOREM;
  if (q->rules->kind == NB_HEAP_SUB) return HEAPSEQ_T_SUB;
  if (q->ntriple > 0) return HEAPSEQ_T_TRIPLES;
  if (q->group[0].count + q->group[1].count > 0) return HEAPSEQ_T_PAIRS;
  return HEAPSEQ_T_TAKE;
}

/* The theorem, in words, for nb_heap_period.theorem. */
static const char *theorem_text(heapseq_theorem thm) {
  switch (thm) {
  case HEAPSEQ_T_SUB:
    return "theorem T1 (subtraction games, W = s + p + k, k = max S)";
  case HEAPSEQ_T_TAKE:
    return "theorem T2 (codes without splits, W = s' + p + k)";
  case HEAPSEQ_T_PAIRS:
    return "theorem T3 (Guy and Smith: codes with two-heap splits, W = 2s' + 2p + k)";
  case HEAPSEQ_T_TRIPLES:
    return "theorem T4 (codes with three-heap splits, W = 3s' + 3p + k)";
  case HEAPSEQ_NO_THEOREM:
    break;
  }
  return "no theorem";
}

/* The theorem's window end W(s, p). */
static uint64_t window_end(const nb_heapseq *q, uint64_t s, uint64_t p) {
  uint64_t s1 = s > 0 ? s : 1;
  switch (q->thm) {
  case HEAPSEQ_T_SUB:
    return s + p + q->k;
  case HEAPSEQ_T_TAKE:
    return s1 + p + q->k;
  case HEAPSEQ_T_PAIRS:
    return 2 * s1 + 2 * p + q->k;
  case HEAPSEQ_T_TRIPLES:
    return 3 * s1 + 3 * p + q->k;
  case HEAPSEQ_NO_THEOREM:
    break;
  }
  return UINT64_MAX;
}

/* A period whose scan was long, for the multiples rule. */
typedef struct long_scan {
  uint64_t period; /* q */
  uint64_t from;   /* G(n + q) = G(n) for from <= n < L - q */
  uint64_t next;   /* the next multiple of q the search will meet */
} long_scan;

/* Where the scan for p starts: L - p, or lower when p is a multiple of a long scan's period. */
static uint64_t scan_start(long_scan *longs, size_t nlong, uint64_t p, uint64_t top) {
  for (size_t i = 0; i < nlong; i++)
    if (longs[i].next == p) {
      longs[i].next += longs[i].period;
      if (longs[i].from < top) top = longs[i].from;
    }
  return top;
}

bool heapseq_search_period(nb_heapseq *q, size_t L) {
  long_scan longs[LONG_SLOTS];
  size_t nlong = 0;
  const void *t = q->table;
  unsigned w = q->width;
  for (uint64_t p = 1; window_end(q, 0, p) <= L; p++) {
    uint64_t top = scan_start(longs, nlong, p, L - p), s = top;
    while (s > 0 && cell(t, w, s - 1) == cell(t, w, s - 1 + p))
      s--;
    if (window_end(q, s, p) <= L) {
      q->found = (nb_heap_period){.found = true,
                                  .preperiod = s,
                                  .period = p,
                                  .proof_end = window_end(q, s, p) - p,
                                  .checked_to = L,
                                  .theorem = theorem_text(q->thm)};
      q->periodic = true;
      return true;
    }
    if (top - s >= LONG_SCAN && nlong < LONG_SLOTS)
      longs[nlong++] = (long_scan){.period = p, .from = s, .next = 2 * p};
  }
  return false;
}
