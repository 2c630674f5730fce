/*
 * heaparith.c: arithmetic periodicity of hexadecimal games, proven by a theorem stated and
 * proved here, never guessed.
 *
 * A game is arithmetic-periodic with period p, saltus s and preperiod e when G(n + p) = G(n) + s
 * for every n >= e. heapperiod.c observes such a pattern on the values computed (the least p,
 * then the least e, over the window its period theorem would need). This file decides whether
 * the values computed PROVE it, by Theorem A below. We could not read the published tests
 * (Austin 1976; Howse and Nowakowski, Theoret. Comput. Sci. 313 (2004) 463-472; Siegel,
 * Combinatorial Game Theory (2013) ch. IV): only their abstracts were at hand. So Theorem A is
 * our own, written for what this engine sees, with its complete proof; where a hypothesis fails
 * the pattern stays "observed, NOT proven" and the refusal names the hypothesis.
 *
 * Setting. A code d0.d1...dk (hex: digit bits 1 empty the heap, 2 leave one heap, 4 leave two,
 * 8 leave three; d0 may only split). An option of heap n removes j <= k tokens and leaves "parts":
 * one heap n - j, or two or three non-empty heaps summing to n - j. Its value is the XOR of the
 * parts' values. J3 = { j : dj has bit 8 }, J2 = { j : dj has bit 4 }.
 *
 * Theorem A. Let G(0 .. L - 1) be known, p >= 1, e >= 0, s = 2^m >= 1, and let z be the least n
 * with G(n) >= s. Suppose
 *   (H1) J3 is not empty, and z exists, z >= e (every value below z is < s);
 *   (H2) G(n + p) = G(n) + s for e <= n < L - p, and L - p >= N1 = max(3z + k, e), L >= e + 2p;
 *   (H3) ceiling: for every j in J2 u J3 and all residues, with psi(x) = p G(x) - s x (for x >= e
 *        psi(x) depends only on x mod p, by (H2) and the conclusion), every split dj allows
 *        (two parts with bit 4, three with bit 8) of a heap into
 *        parts of which at least two are >= z ("big") has sum psi(parts) - psi(heap) < s j,
 *        i.e. p * (sum of the parts' values) < p * G(heap). Checked exactly over the residues of
 *        the big parts and every small part a < z (for three big parts and p > 128 by the
 *        cruder 3 max psi - min psi < s j);
 *   (H4) top: with A(n) the values of the options of n that have exactly one big part (the
 *        "lopsided" ones, one-heap options included) and Delta the least, over n in [L - p, L),
 *        of the largest t with [G(n) - t, G(n)) inside A(n);
 *   (H5) bottom: with F a set of "families" (rho, w, R) such that every R' >= R with R' = rho
 *        (mod 2p) splits into two heaps b + c = R' with G(b) XOR G(c) = w < s (see below), and
 *        T(n) = { G(a) XOR w : j in J3, (rho, w, R) in F, a >= 1, n - j - a >= R,
 *                 n - j - a = rho (mod 2p) } u { w : j in J2, (rho, w, R) in F, n - j >= R,
 *                 n - j = rho (mod 2p) },
 *        Te(n) the same with a >= e only: for every n in [L - 2p, L), G(n) - Delta >= 2s,
 *        [0, G(n) - Delta) lies in T(n) and [G(n) - Delta - 2s, G(n) - Delta) in Te(n).
 * Then G(n + p) = G(n) + s for every n >= e.
 *
 * The families. (rho even, 0, 2): R' even splits as R'/2 + R'/2. (b0 + c0 mod 2p, G(b0) XOR
 * G(c0), b0 + c0) for max(e, 1) <= b0 < c0 (parts are heaps, b0 >= 1) with floor(G(b0)/s) =
 * floor(G(c0)/s): R' = b0 + c0 + 2tp splits as (b0 + tp) + (c0 + tp), whose values are G(b0) + ts
 * and G(c0) + ts (pattern, both >= e); with G(b0) = l1 + hs, G(c0) = l2 + hs, l1, l2 < s, their XOR
 * is l1 XOR l2 = w: adding the same multiple of s = 2^m to both changes only bits >= m, equally.
 * (Only pairs below the table end are looked at; fewer families only make (H5) harder to meet,
 * never wrong.) Inside the induction below, a family is used for R' <= N + p - j - a (J3) or
 * R' <= N + p - j (J2), and the pattern at its parts' predecessors b0 + (t-1)p, c0 + (t-1)p,
 * which are below N (at most N - j - a - 1, or N - p - 1): the pattern is used below N only.
 *
 * Lemma X. For X < s = 2^m and any y: X XOR (y + s) = (X XOR y) + s (y + s differs from y only
 * in bits >= m, X has none).
 *
 * Proof of Theorem A, by induction on N >= L - p: assume G(n + p) = G(n) + s for e <= n < N
 * (true for N = L - p by (H2)); show G(N + p) = g + s, g = G(N). Let M = N + p - j >= 3z + p for
 * any j <= k (N >= N1 >= 3z + k): every option of N + p has a big part (three small ones sum to <= 3z - 3),
 * none empties the heap (N + p > k), so its options are the lopsided ones, of values A(N + p),
 * and those with >= 2 big parts, B(N + p).
 *  1. A(N + p) = A(N) + s. A lopsided option of N, with small parts of XOR X < s (each < s) and
 *     big part c (>= z >= e, < N), has value X XOR G(c); moving its big part to c + p gives a
 *     lopsided option of N + p (same j, same small parts) of value X XOR (G(c) + s) = (X XOR
 *     G(c)) + s (Lemma X). Conversely the big part c' of a lopsided option of N + p is >= M -
 *     2(z - 1) >= z + p, so c' - p is a big part of one of N. The same holds for N, N + p
 *     replaced by any n >= N1 and n + p with the pattern known below n.
 *  2. g + s is not in B(N + p): a value is at most the sum of the parts' values (XOR never
 *     exceeds the sum), and by (H3) p times that sum is < p (g + s) = p * (the pattern's value
 *     at N + p): psi of a big part x < N + p is psi(x mod p) by the induction hypothesis, and
 *     psi(N + p) = p(g + s) - s(N + p) = psi(N). Nor is g + s in A(N + p) = A(N) + s, as g is
 *     not in A(N) (g = mex of N's options).
 *  3. [g + s - Delta, g + s) lies in A(N + p): by 1, once [g - Delta, g) lies in A(N). That holds
 *     for N in [L - p, L) by (H4), and for N >= L it follows from N - p, whose step gave G(N) =
 *     G(N - p) + s and A(N) = A(N - p) + s.
 *  4. [0, g + s - Delta) lies in T(N + p), and T(n) consists of values of options of n: an a, j
 *     and family give the three-heap split (a, b, c) of n - j (b + c = n - j - a split as the
 *     family says) of value G(a) XOR w; for J2 the two-heap split (b, c) of value w. Write
 *     n = N + p = n0 + 2pt with n0 in [L - 2p, L). By induction on t, T(n0 + 2pt) contains
 *     [0, G(n0) + 2st - Delta) and Te(n0 + 2pt) contains its top 2s values: T(n + 2p) contains
 *     T(n) (the same a, j and family: R' grows by 2p, its class mod 2p unchanged) and Te(n) + 2s
 *     (a -> a + 2p >= e: G(a + 2p) XOR w = (G(a) XOR w) + 2s by Lemma X, w < s; the pattern
 *     holds at a and at a + p <= N - 2 < N, as a <= n - j - R, n <= N - p and R >= 2), so [0, G(n) - Delta) and the shift [G(n) - Delta,
 *     G(n) + 2s - Delta) of its top 2s values (whole, as G(n) - Delta >= 2s) are inside, and
 *     that shifted top lies in Te(n + 2p). (H5) is t = 0.
 *     And G(n0) + 2st = g + s: the pattern holds on [n0, N) and gives g + s at N + p.
 * By 3 and 4 every value below g + s is an option of N + p, and by 2 g + s is not: G(N + p) =
 * g + s.
 *
 * Multiples. Where (p, s) fails a hypothesis (most often (H1): a value reaches s before e),
 * (t p, t s) for t = 2, 4, ... may meet them all (t s stays a power of 2; (H2) for it follows
 * from (H2) for (p, s)). Theorem A then gives G(n + tp) = G(n) + ts for n >= e, and with (H2)
 * for (p, s), G(n + p) = G(n) + s for every n >= e: write n = n' + itp with n' in [e, e + tp)
 * (inside [e, L - p), as L >= e + 4tp is asked), so G(n + p) = G(n' + p) + its = G(n') + s +
 * its = G(n) + s.
 *
 * What is reported. The observed p and e (heapperiod.c: p least, e least for it), now proven
 * for every n >= e; e is least, as G(e - 1 + p) - G(e - 1) differs from s (the scan stopped
 * there). p is least too: were p' < p an arithmetic period from some point on, the differences
 * D(n) = G(n + 1) - G(n) would be eventually periodic with periods p and p', which share D's
 * least preperiod e* <= e (heapperiod.c's argument), so G(n + p') - G(n), a sum of p' values of
 * D, would be constant from e* on, and the search, trying p' first with a window W(e*, p') <=
 * W(e, p) <= L, would have returned it. Theorem A asks for three-heap splits because lower values
 * come from a split (a, b, c) whose b and c cancel: two-heap splits alone never gave such families
 * in our runs, and finite octal games are never arithmetic-periodic (Horrocks and Nowakowski,
 * INTEGERS 3 (2003) G1). Cost: (H3) O(p^2 z k) (O(p^3 k) for three big parts, p <= 128), (H4) O(p k
 * z^2), the families O(p L), (H5) O(|F| |J3| L): all far below computing the values.
 */
#include "heap/heapengine.h"

#include <stdlib.h>
#include <string.h>

enum { CRUDE_P = 128, MAX_FAMILY_CELLS = 1 << 20, MULTIPLE_CAP = 1 << 12 };

/* What the checks read: the table and the pattern. */
typedef struct arith_ctx {
  const nb_heapseq *q; /* the engine (rules, table) */
  size_t L;            /* values G(0 .. L - 1) */
  uint64_t e, p, s;    /* the pattern: G(n + p) = G(n) + s for n >= e */
  uint64_t z;          /* the least n with G(n) >= s: parts below are small */
  uint64_t vmax;       /* the largest of G(0 .. L - 1) */
  uint64_t cells;      /* seen's cells: the least power of 2 above vmax, so that the nim-sum
                          of any values read (each at most vmax) is a cell */
} arith_ctx;

static uint64_t g_at(const arith_ctx *c, uint64_t n) {
  return cell(c->q->table, c->q->width, (ptrdiff_t)n);
}

static bool has_bit(const arith_ctx *c, uint64_t j, unsigned bit) {
  return (c->q->rules->digit[j] & bit) != 0;
}

/* psi(x) = p G(x) - s x: for x >= e, that of x's representative in [e, e + p) (periodic). */
static int64_t psi(const arith_ctx *c, uint64_t x) {
  if (x >= c->e) x = c->e + (x - c->e) % c->p;
  return (int64_t)(c->p * g_at(c, x)) - (int64_t)(c->s * x);
}

/* (H3) for removal j: every split with two or three big parts has sum psi(parts) - psi(heap)
 * < s j. Big parts are taken at a representative >= z of each residue (x = z + r). */
static bool ceiling_holds(const arith_ctx *c, uint64_t j) {
  int64_t bound = (int64_t)(c->s * j), lo = INT64_MAX, hi = INT64_MIN;
  for (uint64_t r = 0; r < c->p; r++) {
    int64_t v = psi(c, c->z + r);
    lo = v < lo ? v : lo, hi = v > hi ? v : hi;
  }
  bool two = has_bit(c, j, NB_HEAP_DIGIT_LEAVE_TWO),
       three = has_bit(c, j, NB_HEAP_DIGIT_LEAVE_THREE);
  for (uint64_t r1 = 0; r1 < c->p; r1++)
    for (uint64_t r2 = 0; r2 < c->p; r2++) {
      uint64_t x1 = c->z + r1, x2 = c->z + r2;
      int64_t pair = psi(c, x1) + psi(c, x2);
      if (two && pair - psi(c, x1 + x2 + j) >= bound) return false;
      for (uint64_t a = 1; three && a < c->z; a++)
        if (psi(c, a) + pair - psi(c, x1 + x2 + a + j) >= bound) return false;
      for (uint64_t r3 = 0; three && c->p <= CRUDE_P && r3 < c->p; r3++)
        if (pair + psi(c, c->z + r3) - psi(c, x1 + x2 + c->z + r3 + j) >= bound) return false;
    }
  return !three || c->p <= CRUDE_P || 3 * hi - lo < bound;
}

/* Marks in `seen` the values of n's lopsided options (exactly one part >= z); n >= N1. */
static void mark_lopsided(const arith_ctx *c, uint64_t n, uint8_t *seen) {
  for (uint64_t j = 0; j <= c->q->k; j++) {
    uint64_t m = n - j;
    if (j >= 1 && has_bit(c, j, NB_HEAP_DIGIT_LEAVE_ONE)) seen[g_at(c, m)] = 1;
    for (uint64_t a = 1; a < c->z && has_bit(c, j, NB_HEAP_DIGIT_LEAVE_TWO); a++)
      seen[g_at(c, a) ^ g_at(c, m - a)] = 1;
    for (uint64_t a = 1; a < c->z && has_bit(c, j, NB_HEAP_DIGIT_LEAVE_THREE); a++)
      for (uint64_t b = a; b < c->z; b++)
        seen[g_at(c, a) ^ g_at(c, b) ^ g_at(c, m - a - b)] = 1;
  }
}

/* (H4): Delta, the least over n in [L - p, L) of the run of values just below G(n) that
 * lopsided options of n take. seen has c->cells cells. */
static uint64_t top_run(const arith_ctx *c, uint8_t *seen) {
  uint64_t delta = UINT64_MAX;
  for (uint64_t n = c->L - c->p; n < c->L; n++) {
    memset(seen, 0, c->cells);
    mark_lopsided(c, n, seen);
    uint64_t t = 0, g = g_at(c, n);
    while (t < g && seen[g - 1 - t])
      t++;
    delta = t < delta ? t : delta;
  }
  return delta;
}

/* The families: rmin[rho * s + w] = the least R of family (rho, w), or 0 for none. */
static void find_families(const arith_ctx *c, uint64_t *rmin) {
  for (uint64_t rho = 0; rho < 2 * c->p; rho += 2)
    rmin[rho * c->s] = 2;
  uint64_t first = c->e > 0 ? c->e : 1; /* a part is a heap: b0 >= 1 */
  for (uint64_t b0 = first; b0 < first + c->p; b0++) {
    uint64_t h = g_at(c, b0) / c->s, end = c->e + (h + 1) * c->p;
    for (uint64_t c0 = b0 + 1; c0 < end && c0 < c->L; c0++) {
      if (g_at(c, c0) / c->s != h) continue;
      uint64_t *cellp = &rmin[(b0 + c0) % (2 * c->p) * c->s + (g_at(c, b0) ^ g_at(c, c0))];
      if (*cellp == 0 || *cellp > b0 + c0) *cellp = b0 + c0;
    }
  }
}

/* Marks T(n) (value | 1) and Te(n) (value | 2) in `seen`. */
static void mark_bottom(const arith_ctx *c, uint64_t n, const uint64_t *rmin, uint8_t *seen) {
  uint64_t twop = 2 * c->p;
  for (uint64_t f = 0; f < twop * c->s; f++) {
    uint64_t rho = f / c->s, w = f % c->s, R = rmin[f];
    if (R == 0) continue;
    for (uint64_t j = 0; j <= c->q->k; j++) {
      if (n < j + R) continue;
      if (has_bit(c, j, NB_HEAP_DIGIT_LEAVE_TWO) && (n - j) % twop == rho) seen[w] |= 1;
      if (!has_bit(c, j, NB_HEAP_DIGIT_LEAVE_THREE)) continue;
      uint64_t r = ((n - j) % twop + twop - rho) % twop; /* a = r (mod 2p), a >= 1 */
      for (uint64_t a = r > 0 ? r : twop; a + R <= n - j; a += twop)
        seen[g_at(c, a) ^ w] |= (uint8_t)(a >= c->e ? 3 : 1);
    }
  }
}

/* (H5) for every n in [L - 2p, L). */
static bool bottom_holds(const arith_ctx *c, uint64_t delta, const uint64_t *rmin, uint8_t *seen) {
  for (uint64_t n = c->L - 2 * c->p; n < c->L; n++) {
    memset(seen, 0, c->cells);
    mark_bottom(c, n, rmin, seen);
    uint64_t g = g_at(c, n), top = g > delta ? g - delta : 0;
    if (top < 2 * c->s) return false; /* the window of Te must be whole (see the proof, 4.) */
    for (uint64_t v = 0; v < top; v++)
      if (!(seen[v] & 1) || (v + 2 * c->s >= top && !(seen[v] & 2))) return false;
  }
  return true;
}

/* The hypotheses that need no tables; NULL when they hold, else the refusal. */
static const char *first_hypotheses(arith_ctx *c) {
  const nb_heap_rules *r = c->q->rules;
  if (r->kind != NB_HEAP_HEX && r->kind != NB_HEAP_OCT) return "not an octal or hexadecimal code";
  if ((c->s & (c->s - 1)) != 0) return "(H0) the saltus is not a power of 2";
  bool three = false;
  for (uint64_t j = 0; j <= r->k; j++)
    three = three || (r->digit[j] & NB_HEAP_DIGIT_LEAVE_THREE) != 0;
  if (!three) return "(H1) the code has no three-heap split";
  c->z = c->L;
  for (uint64_t n = 0; n < c->L && c->z == c->L; n++)
    if (g_at(c, n) >= c->s) c->z = n;
  if (c->z == c->L || c->z < c->e)
    return "(H1) a value reaches the saltus before the pattern starts";
  uint64_t n1 = 3 * c->z + r->k > c->e ? 3 * c->z + r->k : c->e;
  if (c->L < n1 + c->p || c->L < c->e + 2 * c->p) return "(H2) too few values for its window";
  for (uint64_t n = c->e; n + c->p < c->L; n++)
    if (g_at(c, n + c->p) != g_at(c, n) + c->s) return "(H2) the pattern does not hold";
  for (uint64_t j = 0; j <= r->k; j++)
    if ((r->digit[j] & (NB_HEAP_DIGIT_LEAVE_TWO | NB_HEAP_DIGIT_LEAVE_THREE)) &&
        !ceiling_holds(c, j))
      return "(H3) a split into two or three large heaps may reach the value";
  if (2 * c->p * c->s > MAX_FAMILY_CELLS) return "(H5) period times saltus too large to check";
  return NULL;
}

/* Theorem A for the pattern (t p, t s) from e; NULL when it holds, else the refusal. */
static const char *try_multiple(arith_ctx c, uint64_t t, nb_error *err, nb_status *st) {
  c.p *= t, c.s *= t;
  *st = NB_OK;
  /* a nim-sum of values <= vmax can pass vmax (2h+1 ^ 2h+2 = 2h+3), never the power of 2 above
   * it; the bottom's w are below s (a review found seen with vmax + 1 cells, rmin after it) */
  for (c.cells = 1; c.cells <= c.vmax || c.cells < c.s; c.cells *= 2) {
  }
  const char *refusal = first_hypotheses(&c);
  if (refusal != NULL) return refusal;
  uint8_t *seen = nb_alloc((size_t)c.cells, 1, err);
  uint64_t *rmin = seen == NULL ? NULL : nb_alloc((size_t)(2 * c.p * c.s), sizeof *rmin, err);
  if (rmin == NULL) {
    free(seen);
    *st = NB_EINTERNAL;
    return "out of memory";
  }
  memset(rmin, 0, (size_t)(2 * c.p * c.s) * sizeof *rmin);
  uint64_t delta = top_run(&c, seen);
  find_families(&c, rmin);
  if (!bottom_holds(&c, delta, rmin, seen))
    refusal = "(H5) the values below the top are not all reached by splits with a cancelling pair";
  free(rmin);
  free(seen);
  return refusal;
}

nb_status heapseq_prove_arith(const nb_heapseq *q, size_t L, nb_heap_arith *a, nb_error *err) {
  a->proven = false;
  a->theorem = NULL;
  a->refusal = NULL;
  if (!a->observed) return NB_OK;
  arith_ctx c = {.q = q, .L = L, .e = a->preperiod, .p = a->period, .s = a->saltus};
  for (uint64_t n = 0; n < L; n++)
    c.vmax = g_at(&c, n) > c.vmax ? g_at(&c, n) : c.vmax;
  /* t = 1, then the multiples (t p, t s), t = 2, 4, ...: see "Multiples" above. The refusal
   * reported is that of t = 1. */
  for (uint64_t t = 1; t == 1 || (c.s * t <= MULTIPLE_CAP && c.e + 4 * c.p * t <= L); t *= 2) {
    nb_status st;
    const char *why = try_multiple(c, t, err, &st);
    if (st != NB_OK) return st;
    if (why == NULL) {
      a->proven = true;
      a->refusal = NULL;
      a->theorem = t == 1 ? "Theorem A (hexadecimal codes with three-heap splits; saltus a power "
                            "of 2)"
                          : "Theorem A on a multiple (t p, t s) of the pattern (hexadecimal codes "
                            "with three-heap splits; saltus a power of 2)";
      return NB_OK;
    }
    if (t == 1) a->refusal = why;
    if ((c.s & (c.s - 1)) != 0) break; /* no multiple of it is a power of 2 either */
  }
  return NB_OK;
}
