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
 * Cost. The window condition W(sigma(p), p) <= L says that G(n + p) = G(n) holds on
 * [s_max(p), L - p), s_max(p) the largest s with W(s, p) <= L (W grows with s). In every theorem
 * that stretch has a length m that depends on L and k only: T1 and T2, s_max = L - p - k, m = k;
 * T3, s_max = floor((L - k)/2) - p, m = L - floor((L - k)/2); T4, s_max = floor((L - k)/3) - p,
 * m = L - floor((L - k)/3). (s_max >= 0 in T1 and >= 1 in T2-T4, where s' = max(s, 1) makes s = 0
 * no better than s = 1, is exactly the loop's bound W(0, p) <= L.) So p passes iff the m values
 * ending at L - p equal the last m values. The search compares the two blocks by a polynomial
 * hash (mod 2^64), rolled one value at a time as p grows, so each p costs O(1) and a search
 * O(L); only where the hashes agree does it scan down from L - p to find sigma(p), and that scan
 * and the window test decide, exactly as above: a collision costs a scan, never a wrong answer.
 * (Scanning down for every p, as the engine first did, cost the agreeing stretch per p: about k
 * for sub:k, whose values come in blocks of k, hence hours for sub:1000000.) The engine searches
 * at each checkpoint (the table grows by an eighth between them), so a period is proven within
 * an eighth of the values it needs.
 *
 * Arithmetic periodicity: observed here, proven in heaparith.c. Some take-and-break games have
 * values that grow by a constant saltus s each period: G(n + p) = G(n) + s for n >= n0
 * (hexadecimal games: Howse and Nowakowski, "Periodicity and arithmetic-periodicity in
 * hexadecimal games", Theoret. Comput. Sci. 313 (2004) 463-472, who prove it with an
 * arithmetic-periodicity theorem of their own; Austin's earlier one; Siegel, Combinatorial Game
 * Theory (2013), ch. IV). We could not read those theorems' exact statements; the difficulty
 * they face is that (x + k1 s) ^ (y + k2 s) = (x ^ y) + (k1 ^ k2) s, not + (k1 + k2) s: the
 * option values of heap n + p are not those of n shifted by s. Horrocks and Nowakowski,
 * "Regularity in the G-sequences of octal games with a pass", INTEGERS 3 (2003) G1, state that
 * finite octal games are never arithmetic-periodic. heapseq_search_arith OBSERVES: it reports
 * the least p (then the least n0) with a constant difference s >= 1 over the same window the
 * ordinary theorem would need, W(n0, p) <= L; heaparith.c then proves it by a theorem of our
 * own (Theorem A, stated and proved there, for codes with three-heap splits and s a power of 2)
 * or says which of its hypotheses failed, and the command reports "observed, NOT proven". It
 * runs only for codes with splits: without them a value is at most the number of options (at
 * most 2k), so values cannot grow. Cost: for each p one comparison at the top, and a scan down
 * only while the differences agree.
 */
#include "heap/heapengine.h"

#include "base/hash.h"

/* The hash's base: odd, so that its powers mod 2^64 never vanish. */
#define HASH_BASE NB_HASH_GOLDEN

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

heapseq_theorem nb_heap_rules_theorem(const nb_heap_rules *r) {
  if (!nb_heap_has_period_theorem(r, NULL)) return HEAPSEQ_NO_THEOREM;
  if (r->kind == NB_HEAP_SUB) return HEAPSEQ_T_SUB;
  heapseq_theorem thm = HEAPSEQ_T_TAKE;
  for (uint32_t j = 0; j <= r->k; j++) {
    if (r->digit[j] & NB_HEAP_DIGIT_LEAVE_THREE) return HEAPSEQ_T_TRIPLES;
    if (r->digit[j] & NB_HEAP_DIGIT_LEAVE_TWO) thm = HEAPSEQ_T_PAIRS;
  }
  return thm;
}

heapseq_theorem heapseq_theorem_of(const nb_heapseq *q) {
  return nb_heap_rules_theorem(q->rules); /* the engine's move lists hold the same digits */
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

uint64_t nb_heap_window_end(heapseq_theorem thm, uint64_t k, uint64_t s, uint64_t p) {
  uint64_t s1 = s > 0 ? s : 1;
  switch (thm) {
  case HEAPSEQ_T_SUB:
    return s + p + k;
  case HEAPSEQ_T_TAKE:
    return s1 + p + k;
  case HEAPSEQ_T_PAIRS:
    return 2 * s1 + 2 * p + k;
  case HEAPSEQ_T_TRIPLES:
    return 3 * s1 + 3 * p + k;
  case HEAPSEQ_NO_THEOREM:
    break;
  }
  return UINT64_MAX;
}

/* The theorem's window end W(s, p). */
static uint64_t window_end(const nb_heapseq *q, uint64_t s, uint64_t p) {
  return nb_heap_window_end(q->thm, q->k, s, p);
}

/* The length m of the stretch [s_max(p), L - p) the window condition needs (see Cost above);
 * L >= W(0, 1) >= k. */
static uint64_t agreement_length(const nb_heapseq *q, uint64_t L) {
  switch (q->thm) {
  case HEAPSEQ_T_PAIRS:
    return L - (L - q->k) / 2;
  case HEAPSEQ_T_TRIPLES:
    return L - (L - q->k) / 3;
  default:
    return q->k;
  }
}

/* The hash of G(start) .. G(start + m - 1): the sum of G(start + i) * HASH_BASE^i, mod 2^64. */
static uint64_t block_hash(const void *t, unsigned w, uint64_t start, uint64_t m) {
  uint64_t h = 0;
  for (uint64_t i = m; i-- > 0;)
    h = h * HASH_BASE + cell(t, w, (ptrdiff_t)(start + i));
  return h;
}

bool heapseq_search_period(nb_heapseq *q, size_t L) {
  if (window_end(q, 0, 1) > L) return false;
  const void *t = q->table;
  unsigned w = q->width;
  uint64_t m = agreement_length(q, L), top = 1; /* top = HASH_BASE^(m - 1) */
  for (uint64_t b = HASH_BASE, e = m - 1; e != 0; e >>= 1, b *= b)
    if (e & 1) top *= b;
  uint64_t want = block_hash(t, w, L - m, m), start = L - 1 - m; /* the block ending at L - 1 */
  uint64_t have = block_hash(t, w, start, m);
  for (uint64_t p = 1; window_end(q, 0, p) <= L; p++) {
    if (p > 1) { /* the block moves down one value: start - 1 comes in, start + m - 1 leaves */
      have -= cell(t, w, (ptrdiff_t)(start + m - 1)) * top;
      have = have * HASH_BASE + cell(t, w, (ptrdiff_t)(start - 1));
      start--;
    }
    NB_ASSERT(start == L - p - m);
    if (have != want) continue;
    uint64_t s = L - p;
    while (s > 0 && cell(t, w, (ptrdiff_t)(s - 1)) == cell(t, w, (ptrdiff_t)(s - 1 + p)))
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
  }
  return false;
}

bool heapseq_search_arith(const nb_heapseq *q, size_t L, nb_heap_arith *out) {
  *out = (nb_heap_arith){.observed = false};
  if (q->thm != HEAPSEQ_T_PAIRS && q->thm != HEAPSEQ_T_TRIPLES) return false;
  const void *t = q->table;
  unsigned w = q->width;
  for (uint64_t p = 1; L > p && window_end(q, 0, p) <= L; p++) {
    int64_t top = (int64_t)cell(t, w, (ptrdiff_t)(L - 1)),
            back = (int64_t)cell(t, w, (ptrdiff_t)(L - 1 - p));
    if (top - back <= 0) continue; /* the saltus is at least 1 */
    uint64_t n0 = L - 1 - p;
    while (n0 > 0 && (int64_t)cell(t, w, (ptrdiff_t)(n0 - 1 + p)) -
                             (int64_t)cell(t, w, (ptrdiff_t)(n0 - 1)) ==
                         top - back)
      n0--;
    if (window_end(q, n0, p) <= L) {
      *out = (nb_heap_arith){
          .observed = true, .preperiod = n0, .period = p, .saltus = (uint64_t)(top - back)};
      return true;
    }
  }
  return false;
}
