/*
 * heapquot.c: the misère quotient of a heap game's sums of heaps of at most N tokens, found by
 * learning a finite automaton from outcomes and proved by an exhaustive induction.
 *
 * The object (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115 (2008);
 * Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) G05). Let A be
 * the sums of heaps of 1..N tokens: a position is a vector of counts c[1..N], and A is closed
 * under sums and options. Two positions are indistinguishable, a ~ b, when o(a + x) = o(b + x)
 * (misère outcomes) for every x in A. The classes form a commutative monoid Q (the sum of
 * classes is the class of the sum), the misère quotient; P is the set of classes of misère
 * P-positions, and the pretending function sends heap n to its class. Q is the syntactic monoid
 * of the set of P-positions in the monoid N^N: it is finite exactly when membership in P is
 * decided by a finite commutative automaton whose letters are the heap sizes.
 *
 * The method here is this file's own; Siegel's MisereSolver also builds candidates and verifies
 * them (Siegel, "Misère games and misère quotients", Games of No Chance 5, 2017, and his answers
 * on miseregames.wordpress.com, August 2007). Its verifier (CGSuite's Pretension.java, read for
 * the side-by-side in bench/misere_peer.sh) taught the proof's pairs below; the learning of
 * candidates from outcomes is this file's own, and no code was copied. It has two parts.
 *
 * 1. A candidate, learned from outcomes (after Angluin's L* and Rivest and Schapire's use of
 *    counterexamples). A list T of test positions, starting with the empty sum, defines the
 *    profile of a position a: the bits o(a + t) = P for t in T, each from an exact memoised misère
 *    search. Elements are built breadth first from the empty sum: element e has a representative
 *    position rep(e); e times heap i is the element whose profile equals that of rep(e) + heap i,
 *    or a new element with that representative. Distinct elements have distinct profiles on real
 *    tests, so they are truly distinguishable: the candidate never has more elements than Q.
 *
 * 2. A proof that the candidate is right for every position of A, and thus is Q. First the
 *    letters must commute: (e.i).j = (e.j).i for every e, i, j, so the element of a position
 *    does not depend on the order of its heaps, and e.f (apply rep(f)'s heaps to e) is a
 *    commutative monoid. Then the rule of misère play must hold at every position a: a is P iff
 *    it has a move and every option is N, where the candidate's outcome of a is whether its
 *    element is in P. It is checked as two conditions, stated and proved at "the proof" below:
 *    (P) a finite check over elements and heaps, and (N) a search over the pairs (element of a,
 *    set of the elements of a's options), which follow heap by heap from the empty sum's, kept
 *    to the minimal sets of each element. If both hold, then by induction on positions
 *    (options come first) the candidate's outcome is the true outcome of every position of A;
 *    with the monoid law this makes ~ on A the candidate's equality coarsened by nothing
 *    (profiles are distinct), so the candidate is Q. QED.
 *
 * 0. Before either, each bound N tries candidates built by algebra from the quotient proved at
 *    N - 1 (see "the candidate from the quotient before" below): the new heap as one of its
 *    elements, or as a new generator; when that fails the proof, the trial is recalibrated
 *    round by round at the least position where it breaks the misère rule (see
 *    "recalibration"), splitting some heaps off as generators of their own, as MisereSolver
 *    does; then other shapes and splits. The first candidate that passes part 2's proof is
 *    kept, and only when none does is the candidate learned from outcomes. Kayles to heap 100,
 *    Dawson's Kayles (0.07) to 33, Dawson's chess (0.137) to 32 and 0.347 to 24 need no
 *    search at all.
 *
 * The search's outcomes of sums of heaps below the bound being built come from the quotient
 * proved at the bound before (exact, by the proof), so the search only walks sums that hold a
 * heap of the new size.
 *
 * When a check fails it yields a position b whose candidate outcome is wrong (the failing
 * position or one of its options, tested by the search). Along b's heaps h1..hm from the empty
 * sum the elements are s0..sm; v(k) = o(rep(s_k) + h_{k+1} + ... + h_m) is o(b) at k = 0 and the
 * candidate's wrong outcome at k = m, so some adjacent pair differs (found by bisection), and
 * the suffix after it is a test that separates rep(s_k) + h_{k+1} from rep(s_{k+1}), which the
 * candidate had merged: a new test, strictly refining the candidate. A failure of commutativity
 * yields one the same way (a test t separating (e.i).j from (e.j).i; then heap j + t or heap i
 * + t separates what a step merged). Each round adds a test, and the number of elements never
 * passes |Q|, so for a finite Q the rounds end. The quotient is built for N = 1, 2, ... in turn,
 * carrying the tests forward, so a refusal says the largest bound finished and its order.
 *
 * The presentation. Generators are the heaps whose element is no product of smaller heaps'
 * (named a, b, c, ... in order of heap size). Each element's normal form is its least monomial
 * in the degree-then-reverse-lexicographic order (fewest generators; then the smaller exponent of
 * the latest generator); least monomials form an order ideal (a divisor of a least monomial is
 * least, since the order is compatible with products), so the minimal monomials outside it,
 * each set equal to its element's normal form, are a complete rewriting system: every monomial
 * rewrites to a smaller one until it reaches the normal form of its element, and normal forms are
 * distinct elements. They are the relations printed (a Gröbner basis of the congruence; not
 * always the fewest relations that present Q).
 *
 * Limits, each honoured exactly: outcomes memoised at most limits->positions, proof pairs at most
 * limits->sums, moves examined in all at most limits->moves_examined (the algebraic trials'
 * options counted, and the trials stop at half of it: a trial that would examine a move past
 * half is dropped there, so the trials never pass half and the search has the rest; the
 * proof's checks and the least-failure walk are not counted as moves), the tables together at
 * most limits->memory bytes (the arrays, every trial alive, the copy of a candidate that
 * recalibration starts from and the walk's levels included: a trial or walk that would pass it
 * is skipped, not refused), at most NB_QUOTIENT_MAX_ORDER elements; the search's depth at most
 * MAX_DEPTH. A trial that meets a limit of its own (its check passing --sums or the memory, a
 * representative past 60000 equal heaps) fails as a trial: the learning and its own proof then
 * run, and only they refuse. tests/test_quotient.c sweeps the limits (check_limits_exact).
 */
#include "heap/heapquot.h"

#include "base/hash.h"
#include "heap/heapengine.h"

#include <stdlib.h>
#include <string.h>

enum {
  MAX_DEPTH = 20000, /* the deepest the outcome search recurses (moves in one line of play) */
  MAX_COUNT = 60000, /* the most heaps of one size in a position (counts are 16-bit) */
  GEN_NAMES = 26,    /* generators named by one letter */
};

/* A growable array accounted against the memory limit. */
typedef struct qarray {
  void *data;  /* the items */
  size_t len;  /* items used */
  size_t cap;  /* items of room */
  size_t size; /* bytes an item */
} qarray;

/* The whole computation's state. */
typedef struct qwork {
  const nb_heap_rules *rules; /* the game */
  uint32_t heaps;             /* N: counts are c[0..N) for heaps of 1..N tokens */
  uint32_t stage;             /* the heap bound being built: letters 1..stage */
  nb_limits lim;              /* the limits */
  nb_error *err;              /* where failures go */
  size_t bytes;               /* bytes the arrays below take, and the trials alive */
  size_t peak;                /* the most bytes ever taken */
  uint64_t moves;             /* moves the search examined */
  unsigned depth;             /* the search's current depth */
  /* the rules, as options: heap i's options are opt[opt_first[i] .. opt_first[i + 1]) */
  qarray opt_first; /* uint32_t, heaps + 2 of them */
  qarray opt;       /* uint32_t[3] each: the heaps a move leaves (0: none) */
  uint32_t listed;  /* the heaps whose options are listed: 1..listed (list_options) */
  /* the outcome memo: keys of N counts, outcome bits, slots (index + 1, 0 empty) */
  qarray keys;    /* uint16_t, N a position */
  qarray outcome; /* uint8_t, 1 for P */
  qarray khash;   /* uint64_t: each key's hash */
  qarray slots;   /* uint32_t, a power of two */
  /* tests */
  qarray tests; /* uint16_t, N a test */
  /* the candidate */
  qarray rep;     /* uint16_t, N an element */
  qarray next;    /* uint32_t, N + 1 an element: next[e * (N + 1) + i] = e times heap i */
  qarray prof;    /* uint64_t, `words` an element */
  qarray eslots;  /* uint32_t: element + 1 by profile, a power of two */
  size_t words;   /* 64-bit words of a profile */
  uint32_t order; /* elements of the candidate */
  /* the proof's pairs (element, set of the options' elements) of condition (N) */
  size_t tw;      /* 64-bit words of a set of elements */
  qarray states;  /* uint32_t: a pair's element */
  qarray tsets;   /* uint64_t, tw a pair: its set */
  qarray parent;  /* uint32_t[2] a pair: the pair before and the heap added */
  qarray dead;    /* uint8_t a pair: 1 once a pair with a smaller set of its element is kept */
  qarray chain;   /* uint32_t[2] a pair: the pair, then the next link of its element (+1) */
  qarray head;    /* uint32_t an element: its first link + 1 (0: none) */
  qarray bad;     /* uint8_t: bad[i * order + y], some option o of heap i has y.o in P */
  qarray optset;  /* uint64_t, tw a heap: the set of the elements of its options */
  qarray undo;    /* uint32_t: pairs of the walk resumed from that were marked dead in it */
  uint32_t walk_old; /* the pairs a resumed walk started with (0: a walk afresh) */
  qarray orep;    /* uint32_t: one option of each element of O(i), heap by heap (heap_tables) */
  qarray orep_at; /* uint32_t, a heap + 1: heap i's are orep[orep_at[i] .. orep_at[i + 1]) */
  qarray adds;    /* uint8_t a heap: the pairs' search adds it (it has moves, not redundant) */
  /* the quotient of the last bound proved, which answers the search for sums of its heaps */
  qarray prev_next;    /* uint32_t, N + 1 an element: as next */
  qarray prev_p;       /* uint8_t an element: 1 for P */
  uint32_t prev_stage; /* its heap bound (0: none yet) */
  uint32_t pairs_stage;  /* the bound whose proved quotient the pairs above are the complete,
                            passing walk of (0: none; see "resuming the walk") */
  bool pairs_ok;         /* the last walk of (N) ran to its end with no failure */
  uint64_t tests_found; /* tests found in all */
  uint64_t verified;    /* pairs the last finished proof kept */
  uint16_t *scratch;    /* N counts, for sums */
  uint64_t *pscratch;   /* a profile */
  uint64_t *tscratch;   /* a set of elements */
} qwork;

/* --- arrays and memory ----------------------------------------------------------------------- */

static nb_status too_big(qwork *w, const char *what) {
  return nb_fail(w->err, NB_EDATA, "misère quotient: %s", what);
}

/* Room for `more` items past len, within the memory limit. */
static nb_status room(qwork *w, qarray *a, size_t more) {
  if (a->len + more <= a->cap) return NB_OK;
  size_t cap = a->cap ? a->cap : 64;
  while (cap < a->len + more)
    cap *= 2;
  if ((cap - a->cap) * a->size > w->lim.memory - w->bytes || cap > SIZE_MAX / a->size)
    return nb_fail(w->err, NB_EDATA,
                   "misère quotient: tables would pass the memory limit (%zu bytes; --memory)",
                   w->lim.memory);
  void *data = nb_realloc(a->data, cap, a->size, w->err);
  if (data == NULL) return NB_EINTERNAL;
  w->bytes += (cap - a->cap) * a->size;
  w->peak = w->bytes > w->peak ? w->bytes : w->peak;
  a->data = data;
  a->cap = cap;
  return NB_OK;
}

/* Charges `bytes` to the memory limit for tables allocated outside the arrays (a trial's); false,
 * nothing charged, when they would pass it. refund gives them back when freed. */
static bool charge(qwork *w, uint64_t bytes) {
  if (bytes > w->lim.memory - w->bytes) return false;
  w->bytes += (size_t)bytes;
  w->peak = w->bytes > w->peak ? w->bytes : w->peak;
  return true;
}

static void refund(qwork *w, size_t bytes) {
  w->bytes -= bytes;
}

/* A zeroed table of `cap` slots (a power of two) replacing a->data's. */
static nb_status fresh_slots(qwork *w, qarray *a, size_t cap) {
  a->len = 0;
  if (cap > a->cap) {
    nb_status st = room(w, a, cap);
    if (st != NB_OK) return st;
  }
  memset(a->data, 0, cap * a->size);
  a->len = cap;
  return NB_OK;
}

static void qarray_free(qarray *a) {
  free(a->data);
}

#define AT(a, type) ((type *)(a).data)

static uint64_t hash_counts(const uint16_t *c, uint32_t n) {
  uint64_t h = 0;
  for (uint32_t i = 0; i < n; i++)
    h = nb_hash_mix(h ^ ((uint64_t)c[i] << 32 ^ i));
  return h;
}

/* Whether the set a (words of bits) is a subset of b. */
static bool bits_subset(const uint64_t *a, const uint64_t *b, size_t words) {
  for (size_t k = 0; k < words; k++)
    if (a[k] & ~b[k]) return false;
  return true;
}

/* --- the rules' options ---------------------------------------------------------------------- */

typedef struct opt_ctx {
  qwork *w;     /* where the options go */
  nb_status st; /* the first failure */
} opt_ctx;

static void keep_option(void *ctx, const nb_heap_option *o) {
  opt_ctx *c = ctx;
  if (c->st != NB_OK || (c->st = room(c->w, &c->w->opt, 1)) != NB_OK) return;
  uint32_t *slot = AT(c->w->opt, uint32_t) + 3 * c->w->opt.len++;
  for (unsigned k = 0; k < 3; k++)
    slot[k] = k < o->parts ? (uint32_t)o->heap[k] : 0;
}

/* Heap i's options, for i = listed + 1 .. upto: listed as the bounds are built, not all N up
 * front, so a quotient that theorem M settles at a small bound never lists (nor pages in) the
 * options of the heaps past it (oct:0.75 to 200: 20,000 options, 240 KB, for 21 heaps used; the
 * page faults of that table were a sixth of the process's CPU). Only heaps up to the bound being
 * built are ever read: a move leaves smaller heaps, so counts past it stay zero. */
static nb_status list_options(qwork *w, uint32_t upto) {
  opt_ctx c = {w, NB_OK};
  uint32_t *first = AT(w->opt_first, uint32_t);
  for (uint32_t i = w->listed + 1; i <= upto && c.st == NB_OK; i++) {
    if (nb_heap_option_count(w->rules, i) > (1u << 20))
      return too_big(w, "a heap has more than 2^20 options");
    nb_heap_options_each(w->rules, i, keep_option, &c);
    first[i + 1] = (uint32_t)w->opt.len;
    w->listed = i;
  }
  return c.st;
}

/* --- exact misère outcomes, memoised --------------------------------------------------------- */

static bool key_at(const qwork *w, uint32_t slot_value, const uint16_t *c, uint64_t h) {
  if (AT(w->khash, uint64_t)[slot_value - 1] != h) return false;
  const uint16_t *k = AT(w->keys, uint16_t) + (size_t)(slot_value - 1) * w->heaps;
  return memcmp(k, c, w->heaps * sizeof *c) == 0;
}

/* The slot of c in the memo: holding it, or empty. */
static size_t memo_slot(const qwork *w, const uint16_t *c, uint64_t h) {
  const uint32_t *slots = AT(w->slots, uint32_t);
  size_t mask = w->slots.len - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask)
    if (slots[i] == 0 || key_at(w, slots[i], c, h)) return i;
}

static nb_status memo_grow(qwork *w) {
  size_t cap = w->slots.len * 2;
  uint32_t *old = AT(w->slots, uint32_t);
  size_t old_len = w->slots.len;
  w->slots = (qarray){.size = sizeof(uint32_t)};
  nb_status st = fresh_slots(w, &w->slots, cap);
  if (st != NB_OK) {
    free(old); /* the memo is rebuilt from the keys below on every path */
    w->bytes -= old_len * sizeof(uint32_t);
    return st;
  }
  w->bytes -= old_len * sizeof(uint32_t);
  free(old);
  for (uint32_t k = 0; k < w->keys.len / w->heaps; k++) {
    const uint16_t *c = AT(w->keys, uint16_t) + (size_t)k * w->heaps;
    AT(w->slots, uint32_t)[memo_slot(w, c, AT(w->khash, uint64_t)[k])] = k + 1;
  }
  return NB_OK;
}

static nb_status memo_put(qwork *w, const uint16_t *c, uint64_t h, bool p) {
  size_t count = w->keys.len / w->heaps;
  if (count >= w->lim.positions)
    return nb_fail(w->err, NB_EDATA,
                   "misère quotient: more than %zu positions to remember (--positions)",
                   w->lim.positions);
  nb_status st = NB_OK;
  if (nb_table_needs_room(count, w->slots.len)) st = memo_grow(w);
  if (st == NB_OK) st = room(w, &w->keys, w->heaps);
  if (st == NB_OK) st = room(w, &w->outcome, 1);
  if (st == NB_OK) st = room(w, &w->khash, 1);
  if (st != NB_OK) return st;
  AT(w->khash, uint64_t)[w->khash.len++] = h;
  memcpy(AT(w->keys, uint16_t) + w->keys.len, c, w->heaps * sizeof *c);
  w->keys.len += w->heaps;
  AT(w->outcome, uint8_t)[w->outcome.len++] = p;
  AT(w->slots, uint32_t)[memo_slot(w, c, h)] = (uint32_t)count + 1;
  return NB_OK;
}

static nb_status search(qwork *w, uint16_t *c, bool *p);

/* Whether the option o of a heap of i tokens, played in c, leaves a P-position (*found). c is
 * restored. */
static nb_status try_option(qwork *w, uint16_t *c, uint32_t i, const uint32_t *o, bool *found) {
  c[i - 1]--;
  for (unsigned k = 0; k < 3 && o[k] != 0; k++)
    c[o[k] - 1]++;
  bool p = false;
  nb_status st = search(w, c, &p);
  for (unsigned k = 0; k < 3 && o[k] != 0; k++)
    c[o[k] - 1]--;
  c[i - 1]++;
  *found = p;
  return st;
}

/* Whether c holds only heaps of at most prev_stage tokens; if so *p is its outcome by the
 * proved quotient of those heaps (its element, letters applied from the identity). */
static bool known_before(const qwork *w, const uint16_t *c, bool *p) {
  if (w->prev_stage == 0) return false;
  for (uint32_t i = w->prev_stage; i < w->heaps; i++)
    if (c[i] != 0) return false;
  const uint32_t *next = AT(w->prev_next, uint32_t);
  uint32_t e = 0;
  for (uint32_t i = 1; i <= w->prev_stage; i++)
    for (uint16_t k = 0; k < c[i - 1]; k++)
      e = next[(size_t)e * (w->heaps + 1) + i];
  *p = AT(w->prev_p, uint8_t)[e];
  return true;
}

/* The misère outcome of c (*p: a P-position). c is changed during the call and restored. */
static nb_status search(qwork *w, uint16_t *c, bool *p) {
  if (known_before(w, c, p)) return NB_OK;
  uint64_t h = hash_counts(c, w->heaps);
  uint32_t at = AT(w->slots, uint32_t)[memo_slot(w, c, h)];
  if (at != 0) {
    *p = AT(w->outcome, uint8_t)[at - 1];
    return NB_OK;
  }
  if (w->depth >= MAX_DEPTH) return too_big(w, "a line of play is more than 20000 moves deep");
  const uint32_t *first = AT(w->opt_first, uint32_t);
  bool has_move = false, reply = false;
  nb_status st = NB_OK;
  w->depth++;
  /* Largest heaps first: a move in a heap of the size being built leaves, when it was the only
   * one, a sum the quotient before answers at once, and an early P-option ends the loop. */
  for (uint32_t i = w->heaps; i >= 1 && !reply && st == NB_OK; i--) {
    if (c[i - 1] == 0) continue;
    for (uint32_t k = first[i]; k < first[i + 1] && !reply && st == NB_OK; k++) {
      has_move = true;
      if (++w->moves > w->lim.moves_examined)
        st = nb_fail(w->err, NB_EDATA,
                     "misère quotient: more than %zu moves to examine (--moves-examined)",
                     w->lim.moves_examined);
      else
        st = try_option(w, c, i, AT(w->opt, uint32_t) + 3 * k, &reply);
    }
  }
  w->depth--;
  if (st != NB_OK) return st;
  *p = has_move && !reply; /* misère: no move is a win for the player to move */
  return memo_put(w, c, h, *p);
}

/* The outcome of a + b (counts), *p: P. */
static nb_status outcome_of_sum(qwork *w, const uint16_t *a, const uint16_t *b, bool *p) {
  for (uint32_t i = 0; i < w->heaps; i++) {
    if ((uint32_t)a[i] + b[i] > MAX_COUNT) return too_big(w, "a sum holds over 60000 equal heaps");
    w->scratch[i] = (uint16_t)(a[i] + b[i]);
  }
  return search(w, w->scratch, p);
}

/* --- the candidate -----------------------------------------------------------------------------
 */

static uint16_t *rep_of(const qwork *w, uint32_t e) {
  return AT(w->rep, uint16_t) + (size_t)e * w->heaps;
}
static uint64_t *prof_of(const qwork *w, uint32_t e) {
  return AT(w->prof, uint64_t) + (size_t)e * w->words;
}
static uint32_t times(const qwork *w, uint32_t e, uint32_t i) {
  return AT(w->next, uint32_t)[(size_t)e * (w->heaps + 1) + i];
}
static bool is_p(const qwork *w, uint32_t e) {
  return prof_of(w, e)[0] & 1; /* test 0 is the empty sum */
}

/* The profile of position c into out (words of bits, one per test). */
static nb_status profile(qwork *w, const uint16_t *c, uint64_t *out) {
  memset(out, 0, w->words * sizeof *out);
  size_t count = w->tests.len / w->heaps;
  uint16_t *held = w->scratch + w->heaps; /* c may be scratch's second half's neighbour */
  memcpy(held, c, w->heaps * sizeof *c);
  for (size_t t = 0; t < count; t++) {
    bool p;
    nb_status st = outcome_of_sum(w, held, AT(w->tests, uint16_t) + t * w->heaps, &p);
    if (st != NB_OK) return st;
    if (p) out[t / 64] |= UINT64_C(1) << (t % 64);
  }
  return NB_OK;
}

static uint64_t hash_profile(const qwork *w, const uint64_t *p) {
  uint64_t h = 0;
  for (size_t k = 0; k < w->words; k++)
    h = nb_hash_mix(h ^ p[k]);
  return h;
}

/* The slot of profile p among the elements: holding its element + 1, or empty. */
static size_t element_slot(const qwork *w, const uint64_t *p) {
  const uint32_t *slots = AT(w->eslots, uint32_t);
  size_t mask = w->eslots.len - 1;
  for (size_t i = hash_profile(w, p) & mask;; i = (i + 1) & mask)
    if (slots[i] == 0 || memcmp(prof_of(w, slots[i] - 1), p, w->words * 8) == 0) return i;
}

static nb_status element_slots_grow(qwork *w) {
  nb_status st = fresh_slots(w, &w->eslots, w->eslots.len * 2);
  for (uint32_t e = 0; e < w->order && st == NB_OK; e++)
    AT(w->eslots, uint32_t)[element_slot(w, prof_of(w, e))] = e + 1;
  return st;
}

/* A new element with representative c and profile p (pscratch). */
static nb_status add_element(qwork *w, const uint16_t *c, const uint64_t *p, uint32_t *out) {
  if (w->order >= NB_QUOTIENT_MAX_ORDER)
    return nb_fail(w->err, NB_EDATA, "misère quotient: more than %u elements",
                   (unsigned)NB_QUOTIENT_MAX_ORDER);
  nb_status st = room(w, &w->rep, w->heaps);
  if (st == NB_OK) st = room(w, &w->prof, w->words);
  if (st == NB_OK) st = room(w, &w->next, w->heaps + 1);
  if (st == NB_OK && nb_table_needs_room(w->order, w->eslots.len)) st = element_slots_grow(w);
  if (st != NB_OK) return st;
  uint32_t e = w->order++;
  memcpy(rep_of(w, e), c, w->heaps * sizeof *c);
  memcpy(prof_of(w, e), p, w->words * 8);
  AT(w->next, uint32_t)[(size_t)e * (w->heaps + 1)] = e;
  w->rep.len += w->heaps, w->prof.len += w->words, w->next.len += w->heaps + 1;
  AT(w->eslots, uint32_t)[element_slot(w, p)] = e + 1;
  *out = e;
  return NB_OK;
}

/* Builds the candidate over letters 1..stage from the tests (part 1 of the essay). */
static nb_status build(qwork *w) {
  w->words = (w->tests.len / w->heaps + 63) / 64;
  w->order = 0;
  w->rep.len = w->prof.len = w->next.len = 0;
  nb_status st = fresh_slots(w, &w->eslots, 64);
  if (st != NB_OK) return st;
  uint16_t *c = w->scratch + 2 * w->heaps;
  memset(c, 0, w->heaps * sizeof *c);
  uint32_t e0;
  if ((st = profile(w, c, w->pscratch)) != NB_OK) return st;
  if ((st = add_element(w, c, w->pscratch, &e0)) != NB_OK) return st;
  for (uint32_t e = 0; e < w->order; e++)
    for (uint32_t i = 1; i <= w->stage; i++) {
      memcpy(c, rep_of(w, e), w->heaps * sizeof *c);
      if (c[i - 1] >= MAX_COUNT) return too_big(w, "a sum holds over 60000 equal heaps");
      c[i - 1]++;
      if ((st = profile(w, c, w->pscratch)) != NB_OK) return st;
      uint32_t at = AT(w->eslots, uint32_t)[element_slot(w, w->pscratch)], f = at - 1;
      if (at == 0 && (st = add_element(w, c, w->pscratch, &f)) != NB_OK) return st;
      AT(w->next, uint32_t)[(size_t)e * (w->heaps + 1) + i] = f;
    }
  return NB_OK;
}

/* Adds c as a test (it separates two positions the candidate merged, so it is new). */
static nb_status add_test(qwork *w, const uint16_t *c) {
  nb_status st = room(w, &w->tests, w->heaps);
  if (st != NB_OK) return st;
  memcpy(AT(w->tests, uint16_t) + w->tests.len, c, w->heaps * sizeof *c);
  w->tests.len += w->heaps;
  w->tests_found++;
  if ((w->words * 64) < w->tests.len / w->heaps) {
    w->words++;
    uint64_t *p = nb_realloc(w->pscratch, w->words, sizeof *p, w->err);
    if (p == NULL) return NB_EINTERNAL;
    w->pscratch = p;
  }
  return NB_OK;
}

/* The element of counts c (letters applied from the identity in increasing heap size). */
static uint32_t element_of(const qwork *w, const uint16_t *c) {
  uint32_t e = 0;
  for (uint32_t i = 1; i <= w->heaps; i++)
    for (uint16_t k = 0; k < c[i - 1]; k++)
      e = times(w, e, i);
  return e;
}

/* --- counterexamples to tests ---------------------------------------------------------------- */

/* v(k) of the essay for the heaps word[0..m) from the identity: o(rep(s_k) + word[k..m)). */
static nb_status breakpoint_value(qwork *w, const uint32_t *word, size_t m, size_t k, bool *p) {
  uint32_t s = 0;
  for (size_t j = 0; j < k; j++)
    s = times(w, s, word[j]);
  uint16_t *suffix = w->scratch + 2 * w->heaps;
  memset(suffix, 0, w->heaps * sizeof *suffix);
  for (size_t j = k; j < m; j++)
    suffix[word[j] - 1]++;
  return outcome_of_sum(w, rep_of(w, s), suffix, p);
}

/* b (counts) has a wrong candidate outcome: adds the test its bisection finds. */
static nb_status refine_by(qwork *w, const uint16_t *b) {
  size_t m = 0;
  for (uint32_t i = 0; i < w->heaps; i++)
    m += b[i];
  uint32_t *word = nb_alloc(m ? m : 1, sizeof *word, w->err);
  if (word == NULL) return NB_EINTERNAL;
  for (uint32_t i = 1, k = 0; i <= w->heaps; i++)
    for (uint16_t j = 0; j < b[i - 1]; j++)
      word[k++] = i;
  bool v0;
  size_t lo = 0, hi = m;
  nb_status st = breakpoint_value(w, word, m, 0, &v0);
  while (st == NB_OK && hi - lo > 1) { /* v(lo) = v0 != v(hi) */
    size_t mid = lo + (hi - lo) / 2;
    bool v;
    st = breakpoint_value(w, word, m, mid, &v);
    if (v == v0)
      lo = mid;
    else
      hi = mid;
  }
  if (st == NB_OK) {
    uint16_t *suffix = w->scratch + 3 * w->heaps;
    memset(suffix, 0, w->heaps * sizeof *suffix);
    for (size_t j = hi; j < m; j++)
      suffix[word[j] - 1]++;
    st = add_test(w, suffix);
  }
  free(word);
  return st;
}

/* The first test on which elements a and b differ. */
static size_t first_difference(const qwork *w, uint32_t a, uint32_t b) {
  const uint64_t *pa = prof_of(w, a), *pb = prof_of(w, b);
  size_t k = 0;
  while (pa[k] == pb[k])
    k++;
  uint64_t x = pa[k] ^ pb[k];
  size_t bit = 0;
  while (!(x >> bit & 1))
    bit++;
  return 64 * k + bit;
}

/* (e.i).j != (e.j).i: adds heap j + t or heap i + t (see the essay). *found: a failure. */
static nb_status check_commutes(qwork *w, bool *found) {
  *found = false;
  for (uint32_t e = 0; e < w->order; e++)
    for (uint32_t i = 1; i <= w->stage; i++)
      for (uint32_t j = i + 1; j <= w->stage; j++) {
        uint32_t a = times(w, times(w, e, i), j), b = times(w, times(w, e, j), i);
        if (a == b) continue;
        *found = true;
        const uint16_t *t = AT(w->tests, uint16_t) + first_difference(w, a, b) * w->heaps;
        uint16_t *x = w->scratch + 3 * w->heaps;
        memcpy(x, t, w->heaps * sizeof *x);
        x[j - 1]++;
        x[i - 1]++;
        bool whole, step;
        nb_status st = outcome_of_sum(w, rep_of(w, e), x, &whole);
        x[i - 1]--; /* heap j + t, after the step by i */
        if (st == NB_OK) st = outcome_of_sum(w, rep_of(w, times(w, e, i)), x, &step);
        if (st != NB_OK) return st;
        if (whole == step) { /* then the path by j first breaks at its first step */
          x[i - 1]++;
          x[j - 1]--;
        }
        memcpy(w->scratch + 4 * w->heaps, x, w->heaps * sizeof *x);
        return add_test(w, w->scratch + 4 * w->heaps);
      }
  return NB_OK;
}

/* --- the proof ------------------------------------------------------------------------------- */

/* The proof checks the misère rule at every position a of A through two conditions on the
 * candidate (its outcome of a is whether a's element x(a) is in P; T(a) is the set of the
 * elements of a's options; "x.S" multiplies each element of S by x).
 *
 * (P) No P-position has a P-option: for every element y and heap i, if y.i is in P then no
 *     option o of heap i has y.o in P (bad(i, y) is false). Every element is the element of its
 *     representative, so a failure is the real position rep(y) + heap i.
 * (N) Every N-position that has a move has a P-option: no position a with x(a) outside P and
 *     T(a) nonempty has T(a) disjoint from P.
 * The empty sum's element, the identity, is N (its profile's first bit is the search's outcome of
 * the empty sum). With (P) and (N), induction on positions (options first) shows that the
 * candidate's outcome of every position is the misère outcome: a is P iff it has a move and
 * every option is N.
 *
 * (N) is checked over the pairs (x(a), T(a)), which follow heap by heap from the empty sum's
 * (identity, {}): adding heap i to a gives x(a).i and T(a).i together with x(a).O(i), where O(i)
 * is the set of the elements of heap i's options. A heap without moves leaves the pair as it is
 * (its element is the identity: a heap without moves is the game 0, and profiles from exact
 * outcomes cannot tell it from the empty sum), so only heaps with moves are added, and past the
 * first every T is nonempty. The pairs are finitely many (T is a subset of the candidate), and
 * two prunings keep them few:
 * - Dominance: if pairs (x, T') and (x, T) are reached with T' a subset of T, every sequence of
 *   heaps added to both keeps the first's set inside the second's (each step is monotone in T),
 *   so if (N) fails below (x, T) it fails below (x, T'): only the minimal sets of each element
 *   are kept and explored.
 * - Redundant heaps: a heap i whose element equals heap j's and whose O(i) contains O(j) gives
 *   from any pair a successor dominated by j's, so only heaps minimal in that sense are added.
 * A failing pair yields the position it was reached by (the heaps along its parents), whose
 * candidate outcome or some option's is wrong: refine_at finds which by the search. This check
 * follows the idea of Siegel's MisereSolver's verifier (the sets of option elements it keeps per
 * element, minimal under inclusion), learned by reading it; it is written here from the statement
 * and proof above, no code copied. */

static uint64_t *tset_at(const qwork *w, uint32_t s) {
  return AT(w->tsets, uint64_t) + (size_t)s * w->tw;
}
static uint64_t *optset_of(const qwork *w, uint32_t i) {
  return AT(w->optset, uint64_t) + (size_t)i * w->tw;
}

/* The element of y times option k (its heaps, at most 3). */
static uint32_t times_option(const qwork *w, uint32_t y, uint32_t k) {
  const uint32_t *o = AT(w->opt, uint32_t) + 3 * k;
  for (unsigned m = 0; m < 3 && o[m] != 0; m++)
    y = times(w, y, o[m]);
  return y;
}

/* The heaps of element x's representative as (heap, count) pairs into out (room for 2 * stage
 * items); returns the number of pairs. */
static uint32_t rep_pairs(const qwork *w, uint32_t x, uint32_t *out) {
  const uint16_t *r = rep_of(w, x);
  uint32_t len = 0;
  for (uint32_t i = 1; i <= w->stage; i++)
    if (r[i - 1] != 0) out[2 * len] = i, out[2 * len + 1] = r[i - 1], len++;
  return len;
}

/* Element y times the heaps of rep_pairs' list (y.rep(x) for the x it was made from). */
static uint32_t times_pairs(const qwork *w, uint32_t y, const uint32_t *pairs, uint32_t len) {
  for (uint32_t k = 0; k < len; k++)
    for (uint32_t c = 0; c < pairs[2 * k + 1]; c++)
      y = times(w, y, pairs[2 * k]);
  return y;
}

/* bad(i, y) for heaps from..stage (rows below `from` are kept: the candidate's letters below it
 * are those of the last check), O(i) as sets with one option of each of its elements, and which
 * heaps the search of pairs adds.
 *
 * Every caller has checked that the letters commute (check_commutes, letters_commute; for an
 * identification, its construction: see try_identify), and every element e is reached from the
 * identity by its representative (0.rep(e) = e: each candidate is built breadth first, rep(f) =
 * rep(e) + heap i where e.i = f). Then the action of a word u of heaps on the elements depends
 * only on 0.u: for y = 0.rep(y), y.u = 0.rep(y).u = 0.u.rep(y) (letters commute) and likewise
 * for v, so 0.u = 0.v gives y.u = y.v. So y.o, for an option o of heap i, depends only on o's
 * element: the options of one element act alike, and bad(i, y) and the pairs' successors by
 * heap i need one option of each element of O(i) (orep), not all of them.
 *
 * Redundant heaps (see the essay of the proof) are found in full when from is 1: heap i is
 * dropped when some heap j of the same element, still added, has O(j) in O(i) (and j < i or O(i)
 * not in O(j)). From a later heap, the heaps below keep their marks (each dropped one has a
 * heap of its element with a smaller set that the pairs add, or one that is itself so
 * dominated: the argument holds whatever heaps came after), and the new heaps are dropped when
 * a heap below them, added, dominates them; a heap below that a new one would dominate stays
 * added, which only adds successors to the walk. */
static nb_status heap_tables(qwork *w, uint32_t from) {
  const uint32_t *first = AT(w->opt_first, uint32_t);
  size_t n = (size_t)w->stage + 1;
  w->bad.len = w->optset.len = w->adds.len = w->orep_at.len = 0;
  nb_status st = room(w, &w->bad, n * w->order);
  if (st == NB_OK) st = room(w, &w->optset, n * w->tw);
  if (st == NB_OK) st = room(w, &w->adds, n);
  if (st == NB_OK) st = room(w, &w->orep_at, n + 1);
  if (st != NB_OK) return st;
  uint32_t *at = AT(w->orep_at, uint32_t);
  if (from == 1) at[1] = 0;
  w->orep.len = at[from];
  memset(AT(w->optset, uint64_t) + (size_t)from * w->tw, 0, (n - from) * w->tw * 8);
  uint8_t *bad = AT(w->bad, uint8_t), *adds = AT(w->adds, uint8_t);
  for (uint32_t i = from; i <= w->stage; i++) {
    uint64_t *o = optset_of(w, i);
    for (uint32_t k = first[i]; k < first[i + 1]; k++) {
      uint32_t e = times_option(w, 0, k);
      if (o[e / 64] >> (e % 64) & 1) continue;
      o[e / 64] |= UINT64_C(1) << (e % 64);
      if ((st = room(w, &w->orep, 1)) != NB_OK) return st;
      AT(w->orep, uint32_t)[w->orep.len++] = k;
    }
    at = AT(w->orep_at, uint32_t);
    at[i + 1] = (uint32_t)w->orep.len;
    uint8_t *row = bad + (size_t)i * w->order;
    const uint32_t *rep = AT(w->orep, uint32_t);
    for (uint32_t y = 0; y < w->order; y++) {
      uint8_t b = 0;
      for (uint32_t k = at[i]; k < at[i + 1] && !b; k++)
        b = is_p(w, times_option(w, y, rep[k]));
      row[y] = b;
    }
    if (first[i + 1] == first[i] && times(w, 0, i) != 0)
      return nb_fail(w->err, NB_EINTERNAL, "misère quotient: a heap without moves is not 0");
    adds[i] = first[i + 1] > first[i];
  }
  for (uint32_t i = from; i <= w->stage; i++)
    for (uint32_t j = 1; j <= w->stage && adds[i]; j++)
      if (j != i && adds[j] && times(w, 0, j) == times(w, 0, i) && (from == 1 || j < from) &&
          bits_subset(optset_of(w, j), optset_of(w, i), w->tw) &&
          (j < i || !bits_subset(optset_of(w, i), optset_of(w, j), w->tw)))
        adds[i] = 0;
  return NB_OK;
}

/* Condition (P) at heaps from..stage (the rows below passed the last check, on the same
 * elements, letters and P-portion); a failure's position goes to a (counts), *failed set. */
static void check_p(const qwork *w, uint16_t *a, bool *failed, uint32_t from) {
  const uint8_t *bad = AT(w->bad, uint8_t);
  for (uint32_t y = 0; y < w->order; y++)
    for (uint32_t i = from; i <= w->stage; i++)
      if (is_p(w, times(w, y, i)) && bad[(size_t)i * w->order + y]) {
        memcpy(a, rep_of(w, y), w->heaps * sizeof *a);
        a[i - 1]++;
        *failed = true;
        return;
      }
}

/* Whether pair (x, t) is dominated: some kept pair of x has a subset of t; kept pairs of x with a
 * superset of t are marked dead. */
static bool dominated(qwork *w, uint32_t x, const uint64_t *t) {
  const uint32_t *chain = AT(w->chain, uint32_t);
  uint8_t *dead = AT(w->dead, uint8_t);
  for (uint32_t c = AT(w->head, uint32_t)[x]; c != 0; c = chain[2 * (c - 1) + 1]) {
    uint32_t s = chain[2 * (c - 1)];
    if (dead[s] || s == 0) continue; /* the empty sum's empty set dominates nothing: past it
                                        every set is nonempty */
    if (bits_subset(tset_at(w, s), t, w->tw)) return true;
    if (bits_subset(t, tset_at(w, s), w->tw)) {
      dead[s] = 1;
      if (s < w->walk_old) AT(w->undo, uint32_t)[w->undo.len++] = s; /* room: pairs_save */
    }
  }
  return false;
}

/* Adds pair (x, tscratch) reached from pair `from` by heap j, unless dominated. */
static nb_status add_pair(qwork *w, uint32_t *count, uint32_t x, uint32_t from, uint32_t j) {
  if (dominated(w, x, w->tscratch)) return NB_OK;
  if (*count >= w->lim.sums)
    return nb_fail(w->err, NB_EDATA, "misère quotient: its proof passes %zu pairs (--sums)",
                   w->lim.sums);
  nb_status st = room(w, &w->states, 1);
  if (st == NB_OK) st = room(w, &w->tsets, w->tw);
  if (st == NB_OK) st = room(w, &w->parent, 2);
  if (st == NB_OK) st = room(w, &w->dead, 1);
  if (st == NB_OK) st = room(w, &w->chain, 2);
  if (st != NB_OK) return st;
  uint32_t s = (*count)++;
  AT(w->states, uint32_t)[s] = x;
  memcpy(tset_at(w, s), w->tscratch, w->tw * 8);
  AT(w->parent, uint32_t)[2 * s] = from, AT(w->parent, uint32_t)[2 * s + 1] = j;
  AT(w->dead, uint8_t)[s] = 0;
  uint32_t *head = AT(w->head, uint32_t), *chain = AT(w->chain, uint32_t);
  chain[2 * s] = s, chain[2 * s + 1] = head[x];
  head[x] = s + 1;
  w->states.len++, w->tsets.len += w->tw, w->parent.len += 2, w->dead.len++, w->chain.len += 2;
  return NB_OK;
}

/* The set of pair s's successor by heap j into tscratch; returns its element. */
static uint32_t successor(qwork *w, uint32_t s, uint32_t j) {
  uint32_t x = AT(w->states, uint32_t)[s];
  const uint64_t *t = tset_at(w, s);
  uint64_t *to = w->tscratch;
  memset(to, 0, w->tw * 8);
  for (size_t k = 0; k < w->tw; k++)
    for (uint64_t bits = t[k]; bits != 0; bits &= bits - 1) {
      uint32_t e = times(w, (uint32_t)(64 * k + (size_t)__builtin_ctzll(bits)), j);
      to[e / 64] |= UINT64_C(1) << (e % 64);
    }
  const uint32_t *at = AT(w->orep_at, uint32_t), *rep = AT(w->orep, uint32_t);
  for (uint32_t k = at[j]; k < at[j + 1]; k++) { /* one option of each element (heap_tables) */
    uint32_t e = times_option(w, x, rep[k]);
    to[e / 64] |= UINT64_C(1) << (e % 64);
  }
  return times(w, x, j);
}

/* Whether (N) fails at pair s. */
static bool n_fails(const qwork *w, uint32_t s) {
  if (is_p(w, AT(w->states, uint32_t)[s]) || s == 0) return false;
  const uint64_t *t = tset_at(w, s);
  for (size_t k = 0; k < w->tw; k++)
    for (uint64_t bits = t[k]; bits != 0; bits &= bits - 1)
      if (is_p(w, (uint32_t)(64 * k + (size_t)__builtin_ctzll(bits)))) return false;
  return true;
}

/* The counts of the position pair s was reached by. */
static void position_of(const qwork *w, uint32_t s, uint16_t *c) {
  memset(c, 0, w->heaps * sizeof *c);
  for (; s != 0; s = AT(w->parent, uint32_t)[2 * s])
    c[AT(w->parent, uint32_t)[2 * s + 1] - 1]++;
}

/* Position a failed the rule: finds a or an option of a whose candidate outcome is wrong, and
 * refines by it. */
static nb_status refine_at(qwork *w, uint16_t *a) {
  bool p;
  nb_status st = search(w, a, &p);
  if (st != NB_OK) return st;
  if (p != is_p(w, element_of(w, a))) return refine_by(w, a);
  const uint32_t *first = AT(w->opt_first, uint32_t), *opt = AT(w->opt, uint32_t);
  for (uint32_t i = 1; i <= w->stage; i++) {
    if (a[i - 1] == 0) continue;
    for (uint32_t k = first[i]; k < first[i + 1]; k++) {
      a[i - 1]--;
      for (unsigned m = 0; m < 3 && opt[3 * k + m] != 0; m++)
        a[opt[3 * k + m] - 1]++;
      if ((st = search(w, a, &p)) != NB_OK) return st;
      if (p != is_p(w, element_of(w, a))) return refine_by(w, a);
      for (unsigned m = 0; m < 3 && opt[3 * k + m] != 0; m++)
        a[opt[3 * k + m] - 1]--;
      a[i - 1]++;
    }
  }
  return nb_fail(w->err, NB_EINTERNAL, "misère quotient: a failed check has no wrong outcome");
}

/* Condition (N) by the pairs; a failure's position goes to a. With `resume` (see "resuming the
 * walk" below) the pairs kept are those of the passing walk at the bound before, on the same
 * elements: the old pairs are expanded by the new heap only, the new pairs by every heap. */
static nb_status check_n(qwork *w, uint16_t *a, bool *failed, bool resume) {
  nb_status st = NB_OK;
  uint32_t count = 0, old = 0;
  if (resume) {
    count = old = (uint32_t)w->states.len;
  } else {
    w->states.len = w->tsets.len = w->parent.len = w->dead.len = w->chain.len = 0;
    w->head.len = 0;
    if ((st = room(w, &w->head, w->order)) != NB_OK) return st;
    memset(w->head.data, 0, w->order * sizeof(uint32_t));
    w->head.len = w->order;
    memset(w->tscratch, 0, w->tw * 8);
    if ((st = add_pair(w, &count, 0, 0, 0)) != NB_OK) return st;
  }
  const uint8_t *adds = AT(w->adds, uint8_t);
  for (uint32_t s = 0; s < count; s++) {
    if (AT(w->dead, uint8_t)[s]) continue;
    if (s >= old && n_fails(w, s)) { /* an old pair passed at the bound before, unchanged */
      position_of(w, s, a);
      *failed = true;
      return NB_OK;
    }
    for (uint32_t j = s < old ? w->stage : 1; j <= w->stage; j++) {
      if (!adds[j]) continue;
      uint32_t x = successor(w, s, j);
      if ((st = add_pair(w, &count, x, s, j)) != NB_OK) return st;
    }
  }
  w->verified = count;
  w->pairs_ok = true;
  return NB_OK;
}

/* Conditions (P) and (N) on the candidate; *failed when one fails, its position then in a.
 * Heaps below `from` have the letters and elements of the last check's candidate (1: none);
 * resume: (N) resumes the walk kept (see "resuming the walk"). */
static nb_status check_from(qwork *w, uint16_t *a, bool *failed, uint32_t from, bool resume) {
  *failed = false;
  w->pairs_ok = false; /* true again only when this check passes */
  w->tw = (w->order + 63) / 64;
  uint64_t *t = nb_realloc(w->tscratch, w->tw, sizeof *t, w->err);
  if (t == NULL) return NB_EINTERNAL;
  w->tscratch = t;
  nb_status st = heap_tables(w, from);
  if (st != NB_OK) return st;
  check_p(w, a, failed, from);
  if (!*failed) st = check_n(w, a, failed, resume);
  return st;
}

static nb_status check(qwork *w, uint16_t *a, bool *failed) {
  return check_from(w, a, failed, 1, false);
}

/* Whether (e.i).j = (e.j).i for every element e and heaps i < j with j >= from: the first half
 * of the proof, checked again for the candidates built by algebra (commutative by construction,
 * but no candidate is trusted unchecked). */
static bool letters_commute(const qwork *w, uint32_t from) {
  for (uint32_t e = 0; e < w->order; e++)
    for (uint32_t j = from; j <= w->stage; j++)
      for (uint32_t i = 1; i < j; i++)
        if (times(w, times(w, e, i), j) != times(w, times(w, e, j), i)) return false;
  return true;
}

/* Part 2 of the essay: conditions (P) and (N); *failed when one fails (a test is then added). */
static nb_status prove(qwork *w, bool *failed) {
  uint16_t *a = w->scratch + 4 * w->heaps;
  nb_status st = check(w, a, failed);
  if (st != NB_OK) return st;
  return *failed ? refine_at(w, a) : NB_OK;
}

/* Keeps the proved candidate of this stage as the search's answer for sums of its heaps. */
static nb_status keep_proved(qwork *w) {
  size_t cells = (size_t)w->order * (w->heaps + 1);
  w->prev_next.len = w->prev_p.len = 0;
  nb_status st = room(w, &w->prev_next, cells);
  if (st == NB_OK) st = room(w, &w->prev_p, w->order);
  if (st != NB_OK) return st;
  memcpy(w->prev_next.data, w->next.data, cells * 4);
  w->prev_next.len = cells, w->prev_p.len = w->order;
  for (uint32_t e = 0; e < w->order; e++)
    AT(w->prev_p, uint8_t)[e] = is_p(w, e);
  w->prev_stage = w->stage;
  w->pairs_stage = w->pairs_ok ? w->stage : 0; /* its proof's walk, passed: it may be resumed */
  return NB_OK;
}

/* --- resuming the walk -------------------------------------------------------------------------
 *
 * When heap n is identified with an element x of the quotient Q' proved at bound n - 1, the
 * candidate is Q' with one more letter: the elements, the P-portion, the letters 1..n-1, and so
 * each heap i < n's element and set O(i) are those of the proof at n - 1. Only sums that hold a
 * heap of n can break the misère rule there. (P) is checked at heap n's row (a finite table; the
 * rows below passed at n - 1, with the same letters and P-portion: check_p from n); for (N) the
 * walk of pairs that proved n - 1 is resumed instead of walked afresh:
 *
 * Claim. Let K be the pairs kept by the passing walk at n - 1 and L those alive in it (not
 * dominated by a later pair). Then (i) every pair of K is dominated by one of L (a pair is marked
 * dead only by a later pair with a smaller set, itself kept, and a finite chain of such ends in
 * an alive one; alive pairs of one element form an antichain); (ii) for every pair s of L and
 * heap j < n that the walk adds, the successor of s by j is dominated by a pair of L (s was
 * alive when the walk reached it, dead marks being permanent, so it was expanded by every such
 * j, and each successor was kept or dominated then, hence by (i) dominated by L at the end);
 * (iii) (N) holds at every pair of L (each alive pair was checked when the walk kept it; a pair
 * already dead when the walk reached it was never checked, but by (i) it is dominated by one of
 * L, and (N) carries from a pair to a pair it dominates; only L' is needed at the end). The
 * resumed walk keeps K and its dead
 * marks, expands each pair of L, in order, by heap n (when heap n is added: not redundant), and
 * each pair it keeps by every heap 1..n, checking (N) at the new pairs; the old pairs need no
 * second check (their element, set and the P-portion are unchanged, and (iii)). At its end,
 * with L' the pairs alive then, (ii) holds for L' and every heap 1..n that the walk adds: a new
 * pair was expanded by each; an old pair alive at the end was alive before (marks are
 * permanent), so its successors by heaps below n are dominated by L, hence by L' through (i),
 * and by heap n it was expanded now. Successors are monotone (a subset of a set gives a subset),
 * so by induction on the heaps of a position a of the sums of heaps up to n, the pair (x(a),
 * T(a)) is dominated by a pair of L' (the empty sum's is pair 0; a = b + j: if (x(b), T') with
 * T' in T(b) is kept, its successor by j, or by the heap j is redundant to, is (x(a), T'') with
 * T'' in T(a), dominated by a kept pair). Where (N) holds at (x, T') with T' in T, it holds at
 * (x, T). So (N) holds at every position: the resumed walk proves what the fresh walk proves.
 * QED. The counts it reports (pairs checked) are the pairs kept in all, old and new. A failed
 * identification restores K and the dead marks for the next element; a resumed walk that meets
 * a limit (--sums, the memory) is dropped and the fresh walk runs, as before. */

/* The resumed walk's start, to restore after a failed resume: the pairs kept; the old pairs it
 * marks dead are listed in w->undo, and its new pairs' links give back the chains' heads. */
static nb_status pairs_save(qwork *w, uint32_t *count, bool *saved) {
  *count = (uint32_t)w->states.len;
  w->undo.len = 0;
  nb_error *keep = w->err, scratch = {0};
  w->err = &scratch; /* past the memory limit: no resume (*saved false), the walk runs afresh */
  nb_status st = room(w, &w->undo, *count); /* each old pair is marked dead at most once */
  w->err = keep;
  if (st != NB_OK && st != NB_EDATA && keep != NULL) *keep = scratch;
  *saved = st == NB_OK;
  if (st == NB_OK) w->walk_old = *count;
  return st == NB_EDATA ? NB_OK : st;
}

/* Back to the saved pairs (the walk of the bound before), which proved that bound. */
static void pairs_restore(qwork *w, uint32_t count) {
  uint32_t *head = AT(w->head, uint32_t);
  const uint32_t *chain = AT(w->chain, uint32_t), *states = AT(w->states, uint32_t);
  for (size_t s = w->states.len; s-- > count;) /* new pairs were put at their chains' heads */
    head[states[s]] = chain[2 * s + 1];
  for (size_t k = 0; k < w->undo.len; k++)
    AT(w->dead, uint8_t)[AT(w->undo, uint32_t)[k]] = 0;
  w->undo.len = w->walk_old = 0;
  w->states.len = w->dead.len = count;
  w->tsets.len = (size_t)count * w->tw;
  w->parent.len = w->chain.len = 2 * (size_t)count;
  w->verified = count;
  w->pairs_ok = true;
}

/* The check (P), (N) of a candidate made by algebra (a trial), from heap `from`: one that passes a
 * limit (the pairs' --sums, the memory) fails as a trial does, *failed with no position (a
 * zeroed), and is not refused: the other trials, then the learning and its own proof, run
 * within the limits, and refuse there if they must. */
static nb_status trial_check(qwork *w, uint16_t *a, bool *failed, uint32_t from, bool resume) {
  nb_error *keep = w->err, scratch = {0};
  w->err = &scratch;
  nb_status st = check_from(w, a, failed, from, resume);
  w->err = keep;
  if (st == NB_EDATA) {
    memset(a, 0, w->heaps * sizeof *a);
    *failed = true;
    return NB_OK;
  }
  if (st != NB_OK && keep != NULL) *keep = scratch;
  return st;
}

/* The identification in w checked by the resumed walk: *proved when it passes; otherwise the
 * walk of the bound before is restored for the next element, and *afresh says the walk afresh
 * must decide instead (the resumed one met a limit, or had no room to be undone). */
static nb_status resume_check(qwork *w, uint16_t *a, bool *proved, bool *afresh) {
  *proved = *afresh = false;
  uint32_t mark;
  bool saved, failed;
  nb_status st = pairs_save(w, &mark, &saved);
  if (st != NB_OK || !saved) {
    *afresh = st == NB_OK;
    return st;
  }
  st = trial_check(w, a, &failed, w->stage, true);
  if (st == NB_OK && !failed) {
    w->undo.len = w->walk_old = 0;
    *proved = true;
    return NB_OK;
  }
  pairs_restore(w, mark);
  bool limit = true; /* a limit met (a zeroed: see trial_check), or a failure's position */
  for (uint32_t i = 0; i < w->heaps && limit; i++)
    limit = a[i] == 0;
  *afresh = st == NB_OK && limit;
  return st;
}

/* The new heap as element x of the quotient before (see "the candidate from the quotient
 * before" in the essay): letter stage's column is e.x; *proved when (P) and (N) hold. */
static nb_status try_identify(qwork *w, uint32_t x, const uint8_t *bad_new, uint32_t *pairs,
                              bool *proved) {
  *proved = false;
  const uint32_t *first = AT(w->opt_first, uint32_t);
  bool alone_p = first[w->stage + 1] > first[w->stage] && !bad_new[0];
  if (is_p(w, x) != alone_p) return NB_OK; /* heap n alone: P iff it has a move, none to P */
  uint32_t len = rep_pairs(w, x, pairs); /* rep(x): heaps below the new one */
  for (uint32_t y = 0; y < w->order; y++) /* (P) at the new heap, before the whole check */
    if (bad_new[y] && is_p(w, times_pairs(w, y, pairs, len))) return NB_OK;
  for (uint32_t e = 0; e < w->order; e++)
    AT(w->next, uint32_t)[(size_t)e * (w->heaps + 1) + w->stage] = times_pairs(w, e, pairs, len);
  /* The new letter commutes with every other, by construction: (e.i).n = e.i.rep(x) and
   * (e.n).i = e.rep(x).i, equal since the letters below n commute (the quotient before, proved)
   * and rep(x) holds heaps below n only. Asserted in the checked builds, not walked here. */
  NB_ASSERT(letters_commute(w, w->stage));
  bool failed; /* the last check was the proof of the bound before: its rows hold */
  uint16_t *a = w->scratch + 4 * w->heaps;
  nb_status st = NB_OK;
  if (w->pairs_stage + 1 == w->stage) { /* resume the walk of the bound before */
    bool afresh;
    st = resume_check(w, a, proved, &afresh);
    if (st != NB_OK || *proved || !afresh) return st;
    w->pairs_stage = 0; /* the resumed walk met a limit: a walk afresh, as before */
  }
  st = trial_check(w, a, &failed, w->stage, false);
  *proved = st == NB_OK && !failed;
  return st;
}

/* Tries the quotient before with the new heap identified with each of its elements in turn;
 * *proved when one passes the proof. */
static nb_status identify(qwork *w, bool *proved) {
  *proved = false;
  if (w->prev_stage + 1 != w->stage || w->order == 0) return NB_OK;
  uint8_t *bad_new = nb_alloc(w->order, 1, w->err);
  uint32_t *pairs = nb_alloc(2 * (size_t)w->stage + 2, 4, w->err);
  size_t tw = (w->order + 63) / 64;
  uint64_t *o = nb_alloc(tw, 8, w->err);
  if (bad_new == NULL || pairs == NULL || o == NULL) {
    free(bad_new), free(pairs), free(o);
    return NB_EINTERNAL;
  }
  /* bad_new[y]: some option of the new heap takes y into P. Its options leave heaps below it, on
   * the proved quotient before, whose letters commute: options of one element act alike
   * (heap_tables' lemma), so one of each is applied. */
  const uint32_t *first = AT(w->opt_first, uint32_t);
  memset(bad_new, 0, w->order);
  memset(o, 0, tw * 8);
  for (uint32_t k = first[w->stage]; k < first[w->stage + 1]; k++) {
    uint32_t e = times_option(w, 0, k);
    if (o[e / 64] >> (e % 64) & 1) continue; /* an option of this element was applied */
    o[e / 64] |= UINT64_C(1) << (e % 64);
    for (uint32_t y = 0; y < w->order; y++)
      if (!bad_new[y]) bad_new[y] = is_p(w, times_option(w, y, k));
  }
  nb_status st = NB_OK;
  for (uint32_t x = 0; x < w->order && st == NB_OK && !*proved; x++)
    st = try_identify(w, x, bad_new, pairs, proved);
  free(bad_new), free(pairs), free(o);
  return st;
}

/* --- the candidate from the quotient before -----------------------------------------------------
 *
 * Before any exact search, stage n tries candidates built from the quotient Q' of heaps up to
 * n - 1 (proved at the stage before, kept in prev_next and prev_p) by algebra alone, as Plambeck
 * and Siegel's construction and Siegel's MisereSolver do (the method learned from their papers
 * and his notes; the code is this file's own). Each is only a candidate: the proof above
 * (commutativity by construction, (P) and (N)) decides, and when every one fails the learning of
 * part 1 runs as before. So no quotient is ever trusted unproved.
 *
 * 1. Identification: heap n is some element x of Q'. The candidate is Q' itself, with e.n = e.x.
 *    Its elements are Q''s, told apart by sums of smaller heaps (Q' is reduced), so when it
 *    passes the proof it is the quotient of heaps up to n.
 * 2. A trial monoid M, reduced. M is R x C(K1, p1) x ... x C(Km, pm): each heap of a set S (heap
 *    n always in it) is a generator of its own cyclic monoid C(K, p) (g^(K+p) = g^K), and R is
 *    the submonoid of Q' the other heaps generate, with their elements in Q'. S = {n} is a new
 *    generator on Q'; a larger S lets the new heap tell apart sums of heaps that Q' merged (the
 *    "split" of an element, which no candidate on Q' can express): its heaps are taken from the
 *    position where the last trial failed, as MisereSolver's recalibration does.
 *    M's P-portion is given by the misère rule at one position of each element: its least
 *    representative r(z) in the order that compares the counts of the largest heaps first. Every
 *    option of a position is smaller in that order (a move replaces a heap by smaller ones), so
 *    each option o of r(z) has an element t with r(t) <= o < r(z): in the order of least
 *    representatives the options come first, and the rule decides every element without a
 *    cycle (the identity, the empty sum, is N). Least representatives are found heap by heap:
 *    elements reached with heaps below d come first; those that need heaps of d follow, fewer
 *    heaps of d first, then by the rest's order (if k heaps of d give no new element, k + 1 give
 *    none: x.d^(k+1) = (x.d^k).d and x.d^k was reached with fewer). Then M is reduced: elements
 *    are merged while no word of heaps tells them apart by the P-portion (Moore's partition
 *    refinement; in a commutative monoid generated by the heaps this is Plambeck and Siegel's
 *    indistinguishability x ~ y iff P(xz) = P(yz) for every z). A reduced candidate that passes
 *    the proof is the quotient: its distinct elements are told apart by some z, the element of a
 *    real position, whose outcome the proof made exact. */

enum {
  EXT_SHAPES = 3,          /* cyclic shapes tried for the new heap alone */
  SPLIT_TRIES = 12,        /* trials with more heaps in S, at most */
  TRIAL_CELLS = 1u << 24,  /* a trial's letter table, at most (cells) */
};
static const uint32_t ext_tail[EXT_SHAPES] = {2, 4, 4};    /* K of each C(K, p) tried */
static const uint32_t ext_period[EXT_SHAPES] = {2, 4, 12}; /* p of each */

/* The monoid a trial is built on: the quotient before (the new heap always in S), or the last
 * trial (see "recalibration" below). act[y * stride + i]: element y times heap i. */
typedef struct base_view {
  const uint32_t *act; /* the letters' table */
  size_t stride;       /* a row's cells */
  uint32_t size;       /* its elements */
} base_view;

/* A trial monoid M and the scratch of its P-portion and reduction. */
typedef struct trial {
  uint32_t size;    /* |M|; element 0 is the identity */
  uint32_t letters; /* n: heaps 1..n */
  uint32_t *act;    /* act[t * (n + 1) + i]: element t times heap i */
  uint32_t *rank;   /* rank[r]: the element whose least representative is the r-th */
  uint16_t *lrep;   /* each element's least representative (counts, w->heaps of them) */
  uint8_t *mp;      /* P of each element */
  uint32_t *cls;    /* each element's class */
  uint32_t *ncls;   /* the next refinement's classes */
  uint32_t *slots;  /* signature table: element + 1, 0 empty */
  size_t nslots;    /* its size, a power of two */
  size_t bytes;     /* charged to the memory limit while it lives (charge) */
} trial;

static uint32_t tact(const trial *m, uint32_t t, uint32_t i) {
  return m->act[(size_t)t * (m->letters + 1) + i];
}

/* t times the heaps move k leaves (opt[3k..3k+3), 0-ended; up to three heaps). */
static uint32_t tact_option(const trial *m, uint32_t t, const uint32_t *opt, uint32_t k) {
  for (unsigned j = 0; j < 3 && opt[3 * k + j] != 0; j++)
    t = tact(m, t, opt[3 * k + j]);
  return t;
}

/* The element of counts c in M. */
static uint32_t trial_element(const trial *m, const uint16_t *c) {
  uint32_t e = 0;
  for (uint32_t i = 1; i <= m->letters; i++)
    for (uint16_t k = 0; k < c[i - 1]; k++)
      e = tact(m, e, i);
  return e;
}

static void trial_free(qwork *w, trial *m) {
  free(m->act), free(m->rank), free(m->lrep), free(m->mp), free(m->cls), free(m->ncls);
  free(m->slots);
  refund(w, m->bytes);
  *m = (trial){0};
}

/* The bytes a trial on heaps 1..n takes an element, at most: its letters' table, least
 * representative, rank, classes (two), signature slots (up to four), P bit, and trial_reps'
 * scratch (seen, cur) and recalibration's (seen). */
static uint64_t trial_bytes(const qwork *w, uint32_t n) {
  return (uint64_t)(n + 1) * 4 + (uint64_t)w->heaps * 2 + 4 + 2 * 4 + 4 * 4 + 1 + 5 + 4;
}

/* Where heap i is in S (its cyclic component, 0-based), or -1. */
static int in_set(const uint32_t *set, uint32_t count, uint32_t i) {
  for (uint32_t j = 0; j < count; j++)
    if (set[j] == i) return (int)j;
  return -1;
}

/* M = R x C(tail[0], period[0]) x ... for the heaps set[0..count) (*m->act; *fits false when
 * its table would pass TRIAL_CELLS). R: the elements of Q' that the heaps outside the set reach.
 * An element is r * block + the digits of the cyclic parts, digit j in units of unit[j]. */
static nb_status trial_table(qwork *w, trial *m, const base_view *b, const uint32_t *set,
                             const uint32_t *tail, const uint32_t *period, uint32_t count,
                             bool *fits) {
  uint32_t q = b->size, n = m->letters, rsize = 1;
  uint32_t *rmap = nb_alloc(q, 4, w->err), *relem = nb_alloc(q, 4, w->err);
  nb_status st = rmap && relem ? NB_OK : NB_EINTERNAL;
  if (st == NB_OK) {
    for (uint32_t y = 0; y < q; y++)
      rmap[y] = UINT32_MAX;
    rmap[0] = 0, relem[0] = 0;
    for (uint32_t r = 0; r < rsize; r++) /* breadth first over the heaps outside the set */
      for (uint32_t i = 1; i <= n; i++) {
        if (in_set(set, count, i) >= 0) continue;
        uint32_t y = b->act[(size_t)relem[r] * b->stride + i];
        if (rmap[y] == UINT32_MAX) rmap[y] = rsize, relem[rsize++] = y;
      }
  }
  uint64_t block = 1, unit[SPLIT_TRIES + 2];
  for (uint32_t j = 0; j < count; j++) /* past TRIAL_CELLS the trial is skipped: no overflow */
    unit[j] = block, block = block > TRIAL_CELLS ? block : block * (tail[j] + period[j]);
  *fits = st == NB_OK && block <= TRIAL_CELLS / ((uint64_t)rsize * (n + 1)) &&
          charge(w, block * rsize * trial_bytes(w, n) + 8 * (uint64_t)q); /* past either, the
                                          trial is skipped (the product is exact once the first
                                          holds); charged while the trial lives */
  if (*fits) {
    m->bytes = (size_t)(block * rsize * trial_bytes(w, n) + 8 * (uint64_t)q);
    m->size = (uint32_t)(block * rsize);
    m->act = nb_alloc((size_t)m->size * (n + 1), 4, w->err);
    st = m->act ? NB_OK : NB_EINTERNAL;
  }
  for (uint32_t t = 0; *fits && st == NB_OK && t < m->size; t++) {
    uint32_t r = (uint32_t)(t / block), digits = (uint32_t)(t % block);
    for (uint32_t i = 1; i <= n; i++) {
      int j = in_set(set, count, i);
      uint32_t to;
      if (j < 0) {
        to = rmap[b->act[(size_t)relem[r] * b->stride + i]] * (uint32_t)block + digits;
      } else {
        uint32_t len = tail[j] + period[j], dj = (uint32_t)(digits / unit[j] % len);
        uint32_t up = dj + 1 < len ? dj + 1 : tail[j];
        to = t + (up - dj) * (uint32_t)unit[j];
      }
      m->act[(size_t)t * (n + 1) + i] = to;
    }
  }
  free(rmap), free(relem);
  return st;
}

/* Least representatives and their order (see above); *fits false when one would hold over
 * 60000 heaps of a size (counts are 16-bit): the trial is then skipped, not refused. */
static nb_status trial_reps(qwork *w, trial *m, bool *fits) {
  uint8_t *seen = nb_alloc(m->size, 1, w->err);
  uint32_t *cur = nb_alloc(m->size, 4, w->err);
  m->rank = nb_alloc(m->size, 4, w->err);
  m->lrep = nb_alloc((size_t)m->size * w->heaps, 2, w->err);
  nb_status st = seen && cur && m->rank && m->lrep ? NB_OK : NB_EINTERNAL;
  uint32_t count = 1;
  if (st == NB_OK) {
    memset(seen, 0, m->size);
    memset(m->lrep, 0, (size_t)m->size * w->heaps * 2);
    seen[0] = 1, m->rank[0] = 0;
  }
  for (uint32_t d = 1; d <= m->letters && st == NB_OK; d++) {
    uint32_t before = count;
    memcpy(cur, m->rank, before * 4);
    for (uint32_t k = 1, fresh = 1; fresh && st == NB_OK; k++) {
      fresh = 0;
      for (uint32_t r = 0; r < before && st == NB_OK; r++) {
        uint32_t z = cur[r] = tact(m, cur[r], d);
        if (seen[z]) continue;
        if (k > MAX_COUNT) {
          *fits = false;
          free(seen), free(cur);
          return NB_OK;
        }
        seen[z] = 1, fresh = 1, m->rank[count++] = z;
        uint16_t *to = m->lrep + (size_t)z * w->heaps;
        memcpy(to, m->lrep + (size_t)m->rank[r] * w->heaps, w->heaps * 2);
        to[d - 1] = (uint16_t)k;
      }
    }
  }
  if (st == NB_OK && count != m->size)
    st = nb_fail(w->err, NB_EINTERNAL, "misère quotient: a trial element no sum reaches");
  free(seen), free(cur);
  return st;
}

/* M's P-portion by the misère rule at least representatives, in their order; *fits false (the
 * trial dropped) when its moves would pass the trials' half of the moves examined. */
static nb_status trial_p(qwork *w, trial *m, bool *fits) {
  uint64_t budget = w->lim.moves_examined / 2;
  const uint32_t *first = AT(w->opt_first, uint32_t), *opt = AT(w->opt, uint32_t);
  uint16_t *c = nb_alloc(w->heaps, 2, w->err);
  m->mp = nb_alloc(m->size, 1, w->err);
  if (c == NULL || m->mp == NULL) {
    free(c);
    return NB_EINTERNAL;
  }
  m->mp[0] = 0; /* the empty sum: no move, a win for the player to move */
  for (uint32_t r = 1; r < m->size; r++) {
    uint32_t z = m->rank[r];
    memcpy(c, m->lrep + (size_t)z * w->heaps, w->heaps * 2);
    bool moved = false, reply = false;
    for (uint32_t i = 1; i <= m->letters && !reply; i++) {
      if (c[i - 1] == 0 || first[i + 1] == first[i]) continue;
      c[i - 1]--;
      uint32_t rest = trial_element(m, c); /* the position without one heap of i */
      c[i - 1]++;
      for (uint32_t k = first[i]; k < first[i + 1] && !reply; k++) {
        moved = true;
        if (w->moves >= budget) { /* the trials' half is spent: dropped, none past it */
          *fits = false;
          free(c);
          return NB_OK;
        }
        w->moves++; /* trials are charged as moves examined (see trials_spent) */
        reply = m->mp[tact_option(m, rest, opt, k)]; /* rest plus the heaps the move leaves */
      }
    }
    m->mp[z] = moved && !reply;
  }
  free(c);
  return NB_OK;
}

static uint64_t signature_hash(const trial *m, uint32_t t) {
  uint64_t h = nb_hash_mix(m->cls[t]);
  for (uint32_t i = 1; i <= m->letters; i++)
    h = nb_hash_mix(h ^ ((uint64_t)m->cls[tact(m, t, i)] << 20 ^ i));
  return h;
}

static bool same_signature(const trial *m, uint32_t a, uint32_t b) {
  if (m->cls[a] != m->cls[b]) return false;
  for (uint32_t i = 1; i <= m->letters; i++)
    if (m->cls[tact(m, a, i)] != m->cls[tact(m, b, i)]) return false;
  return true;
}

/* One round of refinement: new classes by (class, each letter's class); returns their count. */
static uint32_t refine_round(trial *m) {
  memset(m->slots, 0, m->nslots * 4);
  uint32_t classes = 0;
  for (uint32_t t = 0; t < m->size; t++) {
    size_t s = signature_hash(m, t) & (m->nslots - 1);
    while (m->slots[s] != 0 && !same_signature(m, m->slots[s] - 1, t))
      s = (s + 1) & (m->nslots - 1);
    if (m->slots[s] == 0) {
      m->slots[s] = t + 1;
      m->ncls[t] = classes++;
    } else {
      m->ncls[t] = m->ncls[m->slots[s] - 1];
    }
  }
  uint32_t *keep = m->cls;
  m->cls = m->ncls, m->ncls = keep;
  return classes;
}

/* Reduces M: its classes (*classes of them) in m->cls. */
static nb_status trial_reduce(qwork *w, trial *m, uint32_t *classes) {
  m->nslots = 64;
  while (m->nslots < 2 * (size_t)m->size)
    m->nslots *= 2;
  m->cls = nb_alloc(m->size, 4, w->err), m->ncls = nb_alloc(m->size, 4, w->err);
  m->slots = nb_alloc(m->nslots, 4, w->err);
  if (!m->cls || !m->ncls || !m->slots) return NB_EINTERNAL;
  for (uint32_t t = 0; t < m->size; t++)
    m->cls[t] = m->mp[t];
  uint32_t count = 2, next;
  while ((next = refine_round(m)) != count)
    count = next;
  *classes = count;
  return NB_OK;
}

/* Writes the reduced trial (classes, numbered breadth first from the identity's) as the
 * candidate: representatives, the P bit of each profile, the letters' table. *made false when a
 * representative would hold over 60000 heaps of a size: the trial is skipped (the candidate
 * left half written: every caller makes or builds another before reading it). */
static nb_status trial_to_candidate(qwork *w, const trial *m, uint32_t classes, bool *made) {
  *made = true;
  if (classes > NB_QUOTIENT_MAX_ORDER)
    return nb_fail(w->err, NB_EDATA, "misère quotient: more than %u elements",
                   (unsigned)NB_QUOTIENT_MAX_ORDER);
  w->rep.len = w->prof.len = w->next.len = 0;
  nb_status st = room(w, &w->rep, (size_t)classes * w->heaps);
  if (st == NB_OK) st = room(w, &w->prof, (size_t)classes * w->words);
  if (st == NB_OK) st = room(w, &w->next, (size_t)classes * (w->heaps + 1));
  uint32_t *member = nb_alloc(classes, 4, w->err), *num = nb_alloc(classes, 4, w->err);
  if (st == NB_OK && (member == NULL || num == NULL)) st = NB_EINTERNAL;
  uint32_t count = 1;
  if (st == NB_OK) {
    for (uint32_t c = 0; c < classes; c++)
      num[c] = UINT32_MAX;
    num[m->cls[0]] = 0, member[0] = 0;
    memset(rep_of(w, 0), 0, w->heaps * 2);
    memset(AT(w->prof, uint64_t), 0, (size_t)classes * w->words * 8);
  }
  for (uint32_t e = 0; e < count && st == NB_OK && *made; e++) { /* breadth first */
    uint32_t t = member[e], *row = AT(w->next, uint32_t) + (size_t)e * (w->heaps + 1);
    row[0] = e;
    prof_of(w, e)[0] = m->mp[t];
    for (uint32_t i = 1; i <= m->letters && st == NB_OK; i++) {
      uint32_t u = tact(m, t, i), c = m->cls[u];
      if (num[c] == UINT32_MAX) {
        num[c] = count, member[count] = u;
        memcpy(rep_of(w, count), rep_of(w, e), w->heaps * 2);
        if (rep_of(w, count)[i - 1] >= MAX_COUNT) {
          *made = false;
          break;
        }
        rep_of(w, count)[i - 1]++;
        count++;
      }
      row[i] = num[c];
    }
  }
  w->order = count;
  w->rep.len = (size_t)count * w->heaps, w->prof.len = (size_t)count * w->words;
  w->next.len = (size_t)count * (w->heaps + 1);
  free(member), free(num);
  return st;
}

/* trial_to_candidate, where a candidate's arrays that would pass the memory skip the trial
 * (*made false) instead of refusing it (see "Limits" in the essay). */
static nb_status trial_candidate(qwork *w, const trial *m, uint32_t classes, bool *made) {
  nb_error *keep = w->err, scratch = {0};
  w->err = &scratch;
  nb_status st = trial_to_candidate(w, m, classes, made);
  w->err = keep;
  if (st == NB_EDATA) {
    *made = false;
    return NB_OK;
  }
  if (st != NB_OK && keep != NULL) *keep = scratch;
  return st;
}

/* M on base b for the heaps set[0..count): its table, least representatives and P-portion
 * (*fits false when it would pass TRIAL_CELLS or the memory). */
static nb_status trial_made(qwork *w, trial *m, const base_view *b, const uint32_t *set,
                            const uint32_t *tail, const uint32_t *period, uint32_t count,
                            bool *fits) {
  *m = (trial){.letters = w->stage};
  nb_status st = trial_table(w, m, b, set, tail, period, count, fits);
  if (st == NB_OK && *fits) st = trial_reps(w, m, fits);
  if (st == NB_OK && *fits) st = trial_p(w, m, fits);
  return st;
}

/* One trial: M for the heaps set[0..count) and shape (tail, period), its P-portion, reduced,
 * proved (*proved); a failure's position into fail (counts). */
static nb_status try_trial(qwork *w, const uint32_t *set, const uint32_t *tail,
                           const uint32_t *period, uint32_t count, uint16_t *fail, bool *proved,
                           bool *checked) {
  *proved = false, *checked = false;
  trial m;
  bool fits, failed = true;
  uint32_t classes = 0;
  memset(fail, 0, w->heaps * 2); /* no failure position unless the check finds one */
  base_view b = {AT(w->prev_next, uint32_t), (size_t)w->heaps + 1, (uint32_t)w->prev_p.len};
  nb_status st = trial_made(w, &m, &b, set, tail, period, count, &fits);
  if (st == NB_OK && fits) st = trial_reduce(w, &m, &classes);
  fits = fits && classes <= NB_QUOTIENT_MAX_ORDER; /* a larger trial is skipped, not refused */
  if (st == NB_OK && fits) st = trial_candidate(w, &m, classes, &fits);
  if (st == NB_OK && fits && letters_commute(w, 1))
    st = trial_check(w, fail, &failed, 1, false), *checked = true;
  *proved = st == NB_OK && fits && !failed;
  trial_free(w, &m);
  return st;
}

/* Whether failure position a comes after b in the order of positions (largest heaps first). */
static bool later(const qwork *w, const uint16_t *a, const uint16_t *b) {
  for (uint32_t i = w->heaps; i >= 1; i--)
    if (a[i - 1] != b[i - 1]) return a[i - 1] > b[i - 1];
  return false;
}

/* The trials' state: the set S, each part's shape, the last failure. */
typedef struct split {
  uint32_t set[SPLIT_TRIES + 2];    /* S: heap n first */
  uint32_t tail[SPLIT_TRIES + 2];   /* K of each part */
  uint32_t period[SPLIT_TRIES + 2]; /* p of each part */
  uint32_t count;                   /* |S| */
} split;

/* One step of the search for S: from `at` (its failure in fail), tries S plus each heap of the
 * failure (below n, with moves, not in S; its tail past its count there); the first proved
 * ends it (*proved), else `at` becomes the try whose failure comes latest (the trials' failures
 * move forward in the order, as MisereSolver's least failures do). *stuck: no heap to add. */
static nb_status split_step(qwork *w, split *at, uint16_t *fail, unsigned *tries, bool *proved,
                            bool *stuck) {
  const uint32_t *first = AT(w->opt_first, uint32_t);
  uint16_t *f = nb_alloc(3 * (size_t)w->heaps, 2, w->err), *got = f + w->heaps,
           *best = got + w->heaps;
  if (f == NULL) return NB_EINTERNAL;
  memcpy(f, fail, w->heaps * 2);
  memset(best, 0, w->heaps * 2);
  split next = *at, chosen = *at;
  nb_status st = NB_OK;
  *stuck = true;
  for (uint32_t h = w->stage - 1; h >= 1 && st == NB_OK && !*proved && *tries < SPLIT_TRIES; h--) {
    if (f[h - 1] == 0 || first[h + 1] == first[h] || in_set(at->set, at->count, h) >= 0) continue;
    next = *at;
    next.set[next.count] = h, next.period[next.count] = 2;
    next.tail[next.count++] = f[h - 1] + 1 > 2 ? (f[h - 1] + 1 < 8 ? f[h - 1] + 1 : 8) : 2;
    ++*tries;
    bool checked;
    st = try_trial(w, next.set, next.tail, next.period, next.count, got, proved, &checked);
    if (st == NB_OK && (*stuck || later(w, got, best))) {
      *stuck = false, chosen = next;
      memcpy(best, got, w->heaps * 2);
    }
  }
  if (!*stuck) *at = chosen, memcpy(fail, best, w->heaps * 2);
  free(f);
  return st;
}

/* --- recalibration ------------------------------------------------------------------------------
 *
 * When the new heap as a new generator on Q' fails the proof, the split is found the way
 * Siegel's MisereSolver does it (its "recalibration", learned from reading it; the code is this
 * file's own): from the last trial C (a reduced monoid on heaps 1..n, whose P-portion is the
 * misère rule at least representatives), take the least position f, in the order of positions
 * (largest heaps first; every option of a position comes before it), at which the rule fails
 * in C. Every position before f satisfies the rule in C, so by induction on that order C's
 * outcome is the true one at each of them, and hence at all of f's options: f's true outcome is
 * the opposite of C's. A new trial is C's submonoid generated by the heaps outside a set S of
 * f's heaps, times a cyclic monoid C(K, p) for each heap h of S (K the larger of the index of h's
 * element in C and f's count of h less one; p = 2, or the even number near K - 4 for larger K,
 * as MisereSolver chooses), with its P-portion by the rule at least representatives, reduced.
 * The first S (fewest heaps first) whose trial gives f the opposite outcome becomes C, and the
 * round repeats until C passes the proof. Nothing of this is trusted: the proof above decides, and
 * when a round finds no S (or the rounds run out) the trials of split_step and then the search
 * run as before.
 *
 * The least failure. A failure of (P) is a position a = b + heap i that is P with a P option; the
 * position r(y) + i, y the element of b and r(y) its least representative, has the same element
 * and the same options by heap i and comes no later (the order is compatible with sums), so the
 * least failure of (P) is the least r(y) + i over the (y, i) where (P) fails. Failures of (N) are
 * found by a walk of positions in increasing order (counts of the largest heap outermost) with
 * the pairs (element, set of options' elements) of the proof: a position whose pair is dominated
 * by one reached earlier (the same element, a subset of its set) is skipped with every position
 * it leads to by adding heaps of its size or less: if u + v fails (N), so does u' + v (u' the
 * earlier position, same element, options' elements u' + v a subset of u + v's), which comes
 * before u + v. So the first failure the walk meets is the least. */

enum {
  RECAL_ROUNDS = 400, /* recalibrations of one heap, at most */
  RECAL_TRIES = 64,   /* trials of one round, at most */
  RECAL_GROWTH = 16,  /* a round's candidate has at most this times the order before */
};

/* Whether the algebraic trials have examined half the moves the limits allow (each option of
 * a least representative whose P-portion bit a trial computes counts as a move): then no more
 * trials are made, and the rest is left to the outcome search. */
static bool trials_spent(const qwork *w) {
  return w->moves >= w->lim.moves_examined / 2;
}

/* The candidate held in w (heaps 1..stage) as a trial (its letters' table and P-portion), charged
 * to the memory limit (*fits false, nothing made, past it). */
static nb_status candidate_trial(qwork *w, trial *m, bool *fits) {
  uint32_t n = w->stage;
  *m = (trial){.size = w->order, .letters = n};
  *fits = charge(w, (uint64_t)w->order * trial_bytes(w, n));
  if (!*fits) return NB_OK;
  m->bytes = (size_t)((uint64_t)w->order * trial_bytes(w, n));
  m->act = nb_alloc((size_t)w->order * (n + 1), 4, w->err);
  m->mp = nb_alloc(w->order, 1, w->err);
  if (m->act == NULL || m->mp == NULL) return NB_EINTERNAL;
  for (uint32_t e = 0; e < w->order; e++) {
    for (uint32_t i = 0; i <= n; i++)
      m->act[(size_t)e * (n + 1) + i] = times(w, e, i);
    m->mp[e] = is_p(w, e);
  }
  return NB_OK;
}

/* The walk for failures of (N): its trial, the pairs kept, the position. */
typedef struct nwalk {
  qwork *w;
  const trial *m;
  size_t tw;            /* words of a set */
  uint64_t *level;      /* two sets a heap size: the set at that level, and a scratch */
  uint16_t *word;       /* the position (counts) */
  const uint16_t *stop; /* the least (P) failure, or NULL: positions from it on are not walked */
  qarray kept;          /* uint64_t, tw a pair: the sets kept */
  qarray link;          /* uint32_t[2] a pair: the next of its element + 1, 1 when dead */
  uint32_t *head;       /* each element's first pair + 1 */
  uint64_t pairs;       /* pairs kept */
  bool found, done;     /* a failure in word; the walk is over */
  bool overflow;        /* more pairs than the limit: the walk gave up */
} nwalk;

/* Whether (x, t) is dominated by a kept pair; if not, keeps it (dropping kept supersets). */
static nb_status nwalk_keep(nwalk *v, uint32_t x, const uint64_t *t, bool *dominated) {
  *dominated = false;
  uint32_t *link = AT(v->link, uint32_t);
  for (uint32_t c = v->head[x]; c != 0; c = link[2 * (c - 1)]) {
    if (link[2 * (c - 1) + 1]) continue; /* dead */
    const uint64_t *k = AT(v->kept, uint64_t) + (size_t)(c - 1) * v->tw;
    if (bits_subset(k, t, v->tw)) {
      *dominated = true;
      return NB_OK;
    }
    if (bits_subset(t, k, v->tw)) link[2 * (c - 1) + 1] = 1;
  }
  if (v->pairs >= v->w->lim.sums ||
      (v->pairs + 64) * (v->tw * 8 + 8) > (v->w->lim.memory - v->w->bytes) / 2) {
    v->overflow = v->done = true;
    return NB_OK;
  }
  nb_status st = room(v->w, &v->kept, v->tw);
  if (st == NB_OK) st = room(v->w, &v->link, 2);
  if (st != NB_OK) return st;
  memcpy(AT(v->kept, uint64_t) + v->kept.len, t, v->tw * 8);
  v->kept.len += v->tw;
  link = AT(v->link, uint32_t);
  link[v->link.len] = v->head[x], link[v->link.len + 1] = 0;
  v->link.len += 2;
  v->head[x] = (uint32_t)++v->pairs;
  return NB_OK;
}

/* Walks the positions that add heaps 1..d to word (element x, options' elements t), in order. */
static nb_status nwalk_from(nwalk *v, uint32_t d, uint32_t x, const uint64_t *t) {
  const trial *m = v->m;
  if (d == 0) {
    if (v->stop != NULL && !later(v->w, v->stop, v->word)) {
      v->done = true;
      return NB_OK;
    }
    bool empty = true, reply = false;
    for (size_t k = 0; k < v->tw; k++)
      for (uint64_t bits = t[k]; bits != 0 && !reply; bits &= bits - 1) {
        empty = false;
        reply = m->mp[64 * k + (size_t)__builtin_ctzll(bits)];
      }
    if (!empty && !m->mp[x] && !reply) v->found = v->done = true;
    return NB_OK;
  }
  nb_status st = nwalk_from(v, d - 1, x, t);
  const uint32_t *first = AT(v->w->opt_first, uint32_t), *opt = AT(v->w->opt, uint32_t);
  if (first[d + 1] == first[d]) return st; /* no moves: the identity, adds nothing */
  uint64_t *u = v->level + 2 * (size_t)d * v->tw, *tmp = u + v->tw;
  const uint64_t *cur = t;
  for (uint32_t k = 1; st == NB_OK && !v->done; k++) {
    if (k > MAX_COUNT) { /* past 16-bit counts: the walk gives up (no guidance) */
      v->overflow = v->done = true;
      break;
    }
    memset(tmp, 0, v->tw * 8);
    for (size_t q = 0; q < v->tw; q++)
      for (uint64_t bits = cur[q]; bits != 0; bits &= bits - 1) {
        uint32_t e = tact(m, (uint32_t)(64 * q + (size_t)__builtin_ctzll(bits)), d);
        tmp[e / 64] |= UINT64_C(1) << (e % 64);
      }
    for (uint32_t o = first[d]; o < first[d + 1]; o++) {
      uint32_t e = tact_option(m, x, opt, o);
      tmp[e / 64] |= UINT64_C(1) << (e % 64);
    }
    memcpy(u, tmp, v->tw * 8);
    x = tact(m, x, d);
    v->word[d - 1] = (uint16_t)k;
    bool dom;
    st = nwalk_keep(v, x, u, &dom);
    if (st != NB_OK || dom || v->done) break;
    st = nwalk_from(v, d - 1, x, u);
    cur = u;
  }
  if (!v->found) v->word[d - 1] = 0;
  return st;
}

/* The least position f (counts) at which the rule fails in the trial m (its least
 * representatives made); *found false when none does, or when the walk passed the pairs'
 * limit (*found false then too: no guidance). */
static nb_status least_failure(qwork *w, const trial *m, uint16_t *f, bool *found) {
  const uint32_t *first = AT(w->opt_first, uint32_t), *opt = AT(w->opt, uint32_t);
  uint32_t n = m->letters;
  bool pfail = false;
  for (uint32_t y = 0; y < m->size; y++)
    for (uint32_t i = 1; i <= n; i++) {
      if (!m->mp[tact(m, y, i)]) continue;
      bool bad = false;
      for (uint32_t k = first[i]; k < first[i + 1] && !bad; k++)
        bad = m->mp[tact_option(m, y, opt, k)];
      if (!bad) continue;
      const uint16_t *r = m->lrep + (size_t)y * w->heaps;
      uint16_t *c = w->scratch + 4 * w->heaps;
      memcpy(c, r, w->heaps * 2);
      c[i - 1]++;
      if (!pfail || later(w, f, c)) memcpy(f, c, w->heaps * 2), pfail = true;
    }
  nwalk v = {.w = w, .m = m, .tw = (m->size + 63) / 64, .stop = pfail ? f : NULL};
  v.kept.size = 8, v.link.size = 4;
  uint64_t walk_bytes =
      (2 * (uint64_t)(n + 1) + 1) * v.tw * 8 + w->heaps * 2 + 4 * (uint64_t)m->size;
  *found = false;
  if (!charge(w, walk_bytes)) return NB_OK; /* its levels would pass the memory: no guidance */
  v.level = nb_alloc(2 * (size_t)(n + 1) * v.tw, 8, w->err);
  v.word = nb_alloc(w->heaps, 2, w->err);
  v.head = nb_alloc(m->size, 4, w->err);
  uint64_t *empty = nb_alloc(v.tw, 8, w->err);
  nb_status st = v.level && v.word && v.head && empty ? NB_OK : NB_EINTERNAL;
  if (st == NB_OK) {
    memset(v.word, 0, w->heaps * 2);
    memset(v.head, 0, (size_t)m->size * 4);
    memset(empty, 0, v.tw * 8);
    st = nwalk_from(&v, n, 0, empty);
  }
  if (st == NB_OK && v.found) memcpy(f, v.word, w->heaps * 2), *found = true;
  else if (st == NB_OK && pfail && !v.overflow) *found = true;
  w->bytes -= v.kept.cap * 8 + v.link.cap * 4;
  refund(w, (size_t)walk_bytes);
  qarray_free(&v.kept), qarray_free(&v.link);
  free(v.level), free(v.word), free(v.head), free(empty);
  return st;
}

/* The index of heap h's element g in m: the least K with g^K = g^(K+p) for some p > 0. */
static uint32_t index_of(const trial *m, uint32_t h, uint32_t *seen) {
  memset(seen, 0, (size_t)m->size * 4);
  uint32_t x = 0, k = 1;
  while (seen[x] == 0)
    seen[x] = k++, x = tact(m, x, h);
  return seen[x] - 1;
}

/* The recalibration rounds, from the candidate in w (a trial that failed the proof). */
static nb_status recalibrate(qwork *w, bool *proved) {
  *proved = false;
  uint32_t n = w->stage;
  uint16_t *f = nb_alloc(2 * (size_t)w->heaps, 2, w->err), *fail = f + w->heaps;
  uint32_t *seen = NULL, heaps[SPLIT_TRIES + 2], set[SPLIT_TRIES + 2];
  uint32_t tail[SPLIT_TRIES + 2], period[SPLIT_TRIES + 2], pick[SPLIT_TRIES + 2];
  if (f == NULL) return NB_EINTERNAL;
  nb_status st = NB_OK;
  for (unsigned round = 0; round < RECAL_ROUNDS && st == NB_OK && !*proved && !trials_spent(w);
       round++) {
    trial c = {0};
    bool found = false, flipped = false, fits;
    st = candidate_trial(w, &c, &fits);
    if (st == NB_OK && fits) st = trial_reps(w, &c, &fits);
    if (st == NB_OK && fits) st = least_failure(w, &c, f, &found);
    uint32_t hc = 0;
    for (uint32_t h = 1; h <= n && found; h++)
      if (f[h - 1] != 0 && hc < SPLIT_TRIES + 2) heaps[hc++] = h;
    if (st == NB_OK && found) {
      bool should = !c.mp[trial_element(&c, f)];
      uint32_t *s2 = nb_realloc(seen, c.size, 4, w->err);
      st = s2 ? NB_OK : NB_EINTERNAL;
      seen = s2;
      for (uint32_t j = 0; j < hc && st == NB_OK; j++) {
        uint32_t h = heaps[j], k = index_of(&c, h, seen);
        uint32_t want = f[h - 1] > 1 ? f[h - 1] - 1u : 0;
        tail[j] = k > want ? k : want;
        period[j] = tail[j] >= 8 ? 2 * ((tail[j] - 4) / 2) : 2;
      }
      base_view b = {c.act, (size_t)n + 1, c.size};
      unsigned tries = 0;
      for (uint32_t size = 1; size <= hc && !flipped && st == NB_OK && tries < RECAL_TRIES;
           size++) {
        for (uint32_t j = 0; j < size; j++)
          pick[j] = j;
        for (;;) { /* the subsets of `size` heaps of f, in lexicographic order */
          uint32_t ptail[SPLIT_TRIES + 2], pper[SPLIT_TRIES + 2];
          for (uint32_t j = 0; j < size; j++)
            set[j] = heaps[pick[j]], ptail[j] = tail[pick[j]], pper[j] = period[pick[j]];
          trial m;
          bool fits;
          tries++;
          st = trial_made(w, &m, &b, set, ptail, pper, size, &fits);
          if (st == NB_OK && fits && m.mp[trial_element(&m, f)] == should) {
            uint32_t classes = 0;
            st = trial_reduce(w, &m, &classes);
            if (st == NB_OK && classes <= NB_QUOTIENT_MAX_ORDER)
              st = trial_candidate(w, &m, classes, &flipped);
          }
          trial_free(w, &m);
          if (flipped || st != NB_OK || tries >= RECAL_TRIES || trials_spent(w)) break;
          int32_t j = (int32_t)size - 1; /* the next subset */
          while (j >= 0 && pick[j] == hc - size + (uint32_t)j)
            j--;
          if (j < 0) break;
          pick[j]++;
          for (uint32_t q = (uint32_t)j + 1; q < size; q++)
            pick[q] = pick[q - 1] + 1;
        }
      }
    }
    trial_free(w, &c);
    if (st != NB_OK || !flipped || w->order > RECAL_GROWTH * (uint64_t)w->prev_p.len) break;
    bool failed = true;
    if (letters_commute(w, 1)) st = trial_check(w, fail, &failed, 1, false);
    *proved = st == NB_OK && !failed;
  }
  free(f), free(seen);
  return st;
}

/* Tries the trials on the quotient before (*proved when one passes): the new heap alone in S in
 * each shape, then S grown by the heaps of the positions where trials failed. */
static nb_status extend(qwork *w, bool *proved) {
  *proved = false;
  const uint32_t *first = AT(w->opt_first, uint32_t);
  if (w->prev_stage == 0 || w->prev_stage + 1 != w->stage || first[w->stage + 1] == first[w->stage])
    return NB_OK;
  split at = {.set = {w->stage}, .count = 1};
  uint16_t *fail = nb_alloc(w->heaps, 2, w->err);
  if (fail == NULL) return NB_EINTERNAL;
  nb_status st = NB_OK;
  for (unsigned s = 0; s < EXT_SHAPES && st == NB_OK && !*proved && !trials_spent(w); s++) {
    at.tail[0] = ext_tail[s], at.period[0] = ext_period[s];
    bool checked;
    st = try_trial(w, at.set, at.tail, at.period, 1, fail, proved, &checked);
    if (s == 0 && st == NB_OK && !*proved && checked) st = recalibrate(w, proved);
  }
  at.tail[0] = ext_tail[0], at.period[0] = ext_period[0];
  bool stuck = false;
  for (unsigned tries = 0;
       st == NB_OK && !*proved && !stuck && tries < SPLIT_TRIES && !trials_spent(w);)
    st = split_step(w, &at, fail, &tries, proved, &stuck);
  free(fail);
  return st;
}

/* Builds and proves the quotient of heaps 1..stage. */
static nb_status solve_stage(qwork *w) {
  bool same;
  nb_status st0 = identify(w, &same);
  if (st0 != NB_OK) return st0;
  if (!same && (st0 = extend(w, &same)) != NB_OK) return st0;
  if (same) return keep_proved(w);
  for (;;) {
    bool failed;
    nb_status st = build(w);
    if (st == NB_OK) st = check_commutes(w, &failed);
    if (st != NB_OK) return st;
    if (failed) continue;
    if ((st = prove(w, &failed)) != NB_OK) return st;
    if (!failed) return keep_proved(w);
  }
}

/* --- the quotient of every heap: periodicity ---------------------------------------------------
 *
 * Plambeck and Siegel ("Misère quotients for impartial games", JCTA 115 (2008)) prove a
 * periodicity theorem for the quotients of octal games: once the pretending function repeats
 * over a long enough stretch, the quotient is that of every heap size. We did not find its exact
 * text (nor the proof in Siegel's course notes, Games of No Chance 5); CGSuite's MisereSolver
 * command line applies to its pretending function, read in the current quotient's elements,
 * the code's normal-play periodicity checker (the Guy and Smith window), and stops there. The
 * statement and proof below are this file's own, for what it computes, with the windows W(s, p)
 * of heapperiod.c's theorems T1-T4 (sub:S; codes without splits; with two-heap splits; with
 * three-heap splits; k the code's length, max S for sub:S).
 *
 * Theorem M (M1-M4 after T1-T4). Let the game be sub:S or an oct/hex code (not nim or grundy).
 * Let Q, with P-portion P and pretending function phi (phi(0) = 1, the identity), be the
 * quotient of the sums of heaps up to N, proved (the check above). If s >= 0 and p >= 1 have
 * W(s, p) <= N + 1 and phi(n + p) = phi(n) for every n with s <= n <= N - p, then for every
 * n > N the quotient of the heaps up to n is Q, with phi(n) = phi(n - p); so Q is the misère
 * quotient of the sums of heaps of every size, and phi(n + p) = phi(n) for every n >= s.
 * (No hypothesis that Q stayed the same over the window: phi is read in Q's own elements.)
 *
 * Proof. Write A_n for the sums of heaps up to n, O(h) for the set of the elements of heap h's
 * options (an option's element: the product of the phi of the heaps it leaves, 1 for none), and
 * T(a) for the set of the elements of position a's options: T(a) is the union, over the heaps h
 * of a, of phi(a - h) O(h). By induction on n > N, assume: phi on 0..n-1 has phi(m + p) = phi(m)
 * for s <= m, m + p < n; every a in A_(n-1) is a misère P-position iff phi(a) is in P; and every
 * two elements of Q are told apart by some sum in A_N (true at n = N + 1: Q is the quotient of
 * A_N). Set phi(n) = phi(n - p).
 * 1. O(n) = O(n - p). This is heapperiod.c's proof that heaps N' + p and N' have the same option
 *    values, at N' = n - p >= W(s, p) - p, read with elements for values and products for nim
 *    sums: each option of one heap maps to one of the other that leaves the same heaps except
 *    one part c replaced by c + p or c - p, with s <= c - p and c < n, so of the same element
 *    by the induction's periodicity (and both are moves: the same count of heaps, each non-empty,
 *    the same number removed); emptying moves exist at neither heap (T2-T4: n - p > k), or at
 *    both (T1: the amount is at most k <= n - p).
 * 2. For a in A_n let a' be a with every heap of n replaced by one of n - p: a' is in A_(n-1),
 *    phi(a') = phi(a) (phi is a product over the heaps) and T(a') = T(a) (by 1, and phi(a' - h')
 *    = phi(a - h) for the heap h' of a' in h's place).
 * 3. The true outcomes obey the misère rule, and on A_(n-1) they are read from phi: so at a',
 *    phi(a') in P iff T(a') is non-empty and meets no element of P. By 2 the same holds at a.
 *    By induction on the positions of A_n, options first (A_n is closed under options, and every
 *    game here is finite): if phi reads the outcome of every option of a, then a is P iff it
 *    has a move and no option is P, iff T(a) is non-empty and disjoint from P, iff phi(a) is in
 *    P. So phi reads the outcome of every position of A_n.
 * 4. phi is a monoid map of A_n onto Q (onto already on A_N) whose P-positions are those mapped
 *    into P; so sums with the same element are indistinguishable, and elements are told apart in
 *    A_N, inside A_n: Q with phi is the quotient of A_n. The periodicity holds up to m + p = n.
 * Every sum lies in some A_n, so phi reads every outcome and Q is the quotient of all sums. QED.
 *
 * Least period and preperiod. The search below returns the least p with W(sigma(p), p) <= N + 1,
 * sigma(p) the least sigma with phi(n + p) = phi(n) for sigma <= n <= N - p, and s = sigma(p):
 * by heapperiod.c's argument ("Least period and preperiod": W grows with s and p, and every
 * eventual period of a proven-periodic sequence shares its least preperiod), p is phi's least
 * period and s its least preperiod. While the quotient is built bound by bound, the search runs
 * at each finished bound m: once it succeeds, the bounds m + 1 .. heaps are Q again by the
 * theorem (their letters' columns are those p heaps before), and no search or check runs for
 * them (proved_to = m). */

/* The least period p and preperiod s of phi[0..L) that theorem M proves (W(s, p) <= L), with
 * *window = W(s, p); false when none. */
static bool quotient_period(const nb_heap_rules *r, const uint32_t *phi, uint32_t L, uint32_t *s,
                            uint32_t *p, uint64_t *window) {
  heapseq_theorem thm = nb_heap_rules_theorem(r);
  if (thm == HEAPSEQ_NO_THEOREM) return false;
  for (uint32_t q = 1; nb_heap_window_end(thm, r->k, 0, q) <= L; q++) {
    uint32_t sigma = L - q;
    while (sigma > 0 && phi[sigma - 1] == phi[sigma - 1 + q])
      sigma--;
    uint64_t w = nb_heap_window_end(thm, r->k, sigma, q);
    if (w <= L) {
      *s = sigma, *p = q, *window = w;
      return true;
    }
  }
  return false;
}

/* The theorem's name and window, in words, for nb_quotient.theorem (or why there is none). */
static const char *quotient_theorem_text(const nb_heap_rules *r) {
  switch (nb_heap_rules_theorem(r)) {
  case HEAPSEQ_T_SUB:
    return "theorem M1 (misère quotients of subtraction games, W = s + p + k, k = max S)";
  case HEAPSEQ_T_TAKE:
    return "theorem M2 (misère quotients of codes without splits, W = s' + p + k)";
  case HEAPSEQ_T_PAIRS:
    return "theorem M3 (misère quotients of codes with two-heap splits, W = 2s' + 2p + k)";
  case HEAPSEQ_T_TRIPLES:
    return "theorem M4 (misère quotients of codes with three-heap splits, W = 3s' + 3p + k)";
  case HEAPSEQ_NO_THEOREM:
    break;
  }
  return r->kind == NB_HEAP_NIM ? "no periodicity theorem: a move may remove any number of "
                                  "tokens, so no finite window bounds a heap's options"
                                : "no periodicity theorem: a split into unequal heaps may shift "
                                  "to an equal one, which is not a move";
}

/* Whether theorem M proves the candidate proved at bound w->stage to be the quotient of every
 * bound past it; if so its letters' columns past stage are filled by the period. phi: room for
 * heaps + 1 elements. */
static bool stable_at(qwork *w, uint32_t *phi) {
  uint32_t s, p;
  uint64_t window;
  for (uint32_t n = 0; n <= w->stage; n++)
    phi[n] = n ? times(w, 0, n) : 0;
  if (!quotient_period(w->rules, phi, w->stage + 1, &s, &p, &window)) return false;
  uint32_t *next = AT(w->next, uint32_t);
  for (uint32_t e = 0; e < w->order; e++)
    for (uint32_t n = w->stage + 1; n <= w->heaps; n++)
      next[(size_t)e * (w->heaps + 1) + n] = next[(size_t)e * (w->heaps + 1) + n - p];
  return true;
}

/* --- the result and its presentation -----------------------------------------------------------
 */

/* Marks in `in` the submonoid generated by heaps gen_heap[0..gens). */
static void generated(const nb_quotient *q, uint8_t *in, uint32_t *queue) {
  memset(in, 0, q->order);
  size_t len = 0;
  in[0] = 1;
  queue[len++] = 0;
  for (size_t k = 0; k < len; k++)
    for (uint32_t j = 0; j < q->gens; j++) {
      uint32_t f = q->times_heap[(size_t)queue[k] * (q->heaps + 1) + q->gen_heap[j]];
      if (!in[f]) in[f] = 1, queue[len++] = f;
    }
}

static nb_status choose_generators(nb_quotient *q, nb_error *err) {
  uint8_t *in = nb_alloc(q->order, 1, err);
  uint32_t *queue = nb_alloc(q->order, sizeof *queue, err);
  q->gen_heap = nb_alloc(q->heaps, sizeof *q->gen_heap, err);
  nb_status st = in && queue && q->gen_heap ? NB_OK : NB_EINTERNAL;
  if (st == NB_OK) generated(q, in, queue);
  for (uint32_t n = 1; n <= q->heaps && st == NB_OK; n++)
    if (!in[q->pretend[n]]) {
      q->gen_heap[q->gens++] = n;
      generated(q, in, queue);
    }
  free(in);
  free(queue);
  return st;
}

static uint32_t times_gen(const nb_quotient *q, uint32_t e, uint32_t j) {
  return q->times_heap[(size_t)e * (q->heaps + 1) + q->gen_heap[j]];
}

/* Whether monomial a is smaller than b of the same degree (reverse lexicographic). */
static bool smaller(const uint32_t *a, const uint32_t *b, uint32_t gens) {
  for (uint32_t j = gens; j-- > 0;)
    if (a[j] != b[j]) return a[j] < b[j];
  return false;
}

static uint32_t element_of_word(const nb_quotient *q, const uint32_t *x) {
  uint32_t e = 0;
  for (uint32_t j = 0; j < q->gens; j++)
    for (uint32_t k = 0; k < x[j]; k++)
      e = times_gen(q, e, j);
  return e;
}

/* Whether every x / generator is a normal form (x is then a minimal monomial outside). */
static bool minimal_outside(const nb_quotient *q, uint32_t *x) {
  for (uint32_t j = 0; j < q->gens; j++) {
    if (x[j] == 0) continue;
    x[j]--;
    bool normal = memcmp(nb_quotient_normal(q, element_of_word(q, x)), x, q->gens * 4) == 0;
    x[j]++;
    if (!normal) return false;
  }
  return true;
}

/* Candidates of one degree: monomial x (gens exponents) and its element. */
typedef struct level {
  uint32_t *x;     /* exponents, gens a candidate */
  uint32_t *elem;  /* the element of each */
  size_t len, cap; /* candidates, room */
} level;

static nb_status level_push(level *l, const uint32_t *x, uint32_t gens, uint32_t e, nb_error *err) {
  if (l->len == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 64;
    uint32_t *nx = nb_realloc(l->x, cap * (gens ? gens : 1), 4, err);
    if (nx == NULL) return NB_EINTERNAL;
    l->x = nx;
    uint32_t *ne = nb_realloc(l->elem, cap, 4, err);
    if (ne == NULL) return NB_EINTERNAL;
    l->elem = ne, l->cap = cap;
  }
  memcpy(l->x + l->len * gens, x, gens * 4);
  l->elem[l->len++] = e;
  return NB_OK;
}

/* The candidates of the next degree from the normal forms in `last` (elements), each generated
 * once: from x by a generator at or after x's last one. */
static nb_status next_level(const nb_quotient *q, const uint32_t *last, size_t count, level *l,
                            uint32_t *x, nb_error *err) {
  l->len = 0;
  for (size_t k = 0; k < count; k++) {
    memcpy(x, nb_quotient_normal(q, last[k]), q->gens * 4);
    uint32_t from = q->gens;
    while (from > 0 && x[from - 1] == 0)
      from--;
    for (uint32_t j = from ? from - 1 : 0; j < q->gens; j++) {
      x[j]++;
      nb_status st = level_push(l, x, q->gens, times_gen(q, last[k], j), err);
      x[j]--;
      if (st != NB_OK) return st;
    }
  }
  return NB_OK;
}

static nb_status add_relation(nb_quotient *q, const uint32_t *x, uint32_t e, size_t *exp_cap,
                              size_t *rel_cap, nb_error *err) {
  size_t used = (size_t)(q->order + q->rel_count) * q->gens;
  if (used + q->gens > *exp_cap) {
    uint32_t *ne = nb_realloc(q->exps, 2 * (used + q->gens), 4, err);
    if (ne == NULL) return NB_EINTERNAL;
    q->exps = ne, *exp_cap = 2 * (used + q->gens);
  }
  if (q->rel_count == *rel_cap) {
    size_t cap = *rel_cap ? 2 * *rel_cap : 16;
    nb_quotient_relation *nr = nb_realloc(q->rel, cap, sizeof *nr, err);
    if (nr == NULL) return NB_EINTERNAL;
    q->rel = nr, *rel_cap = cap;
  }
  memcpy(q->exps + used, x, q->gens * 4);
  q->rel[q->rel_count++] = (nb_quotient_relation){(uint32_t)used, e};
  return NB_OK;
}

/* Normal forms degree by degree, and the relations (see the essay). */
static nb_status present(nb_quotient *q, nb_error *err) {
  size_t exp_cap = (size_t)q->order * q->gens + 1, rel_cap = 0;
  q->exps = nb_alloc(exp_cap, 4, err);
  uint8_t *done = nb_alloc(q->order, 1, err);
  uint32_t *last = nb_alloc(q->order, 4, err), *x = nb_alloc(q->gens + 1, 4, err);
  level l = {0};
  nb_status st = q->exps && done && last && x ? NB_OK : NB_EINTERNAL;
  size_t count = 1;
  if (st == NB_OK) {
    memset(done, 0, q->order);
    memset(q->exps, 0, (size_t)q->order * q->gens * 4);
    done[0] = 1, last[0] = 0;
  }
  while (st == NB_OK && count > 0) {
    st = next_level(q, last, count, &l, x, err);
    count = 0;
    for (size_t k = 0; k < l.len && st == NB_OK; k++) { /* the least candidate of each element */
      uint32_t e = l.elem[k], *cx = l.x + k * q->gens, *nf = q->exps + (size_t)e * q->gens;
      if (done[e] == 1) continue;
      if (done[e] == 0)
        done[e] = 2, last[count++] = e, memcpy(nf, cx, q->gens * 4);
      else if (smaller(cx, nf, q->gens))
        memcpy(nf, cx, q->gens * 4);
    }
    for (size_t k = 0; k < count; k++)
      done[last[k]] = 1;
    for (size_t k = 0; k < l.len && st == NB_OK; k++) {
      uint32_t e = l.elem[k], *cx = l.x + k * q->gens;
      if (memcmp(cx, nb_quotient_normal(q, e), q->gens * 4) != 0 && minimal_outside(q, cx))
        st = add_relation(q, cx, e, &exp_cap, &rel_cap, err);
    }
  }
  free(done), free(last), free(x), free(l.x), free(l.elem);
  return st;
}

/* Copies the proven candidate into a quotient. */
static nb_status result(const qwork *w, nb_quotient **out) {
  nb_quotient *q = nb_alloc(1, sizeof *q, w->err);
  if (q == NULL) return NB_EINTERNAL;
  *q = (nb_quotient){
      .heaps = w->heaps, .order = w->order, .tests = w->tests_found, .verified = w->verified,
      .moves = w->moves, .peak_bytes = w->peak};
  size_t cells = (size_t)w->order * (w->heaps + 1);
  q->times_heap = nb_alloc(cells, 4, w->err);
  q->p = nb_alloc(w->order, 1, w->err);
  q->pretend = nb_alloc(w->heaps + 1, 4, w->err);
  nb_status st = q->times_heap && q->p && q->pretend ? NB_OK : NB_EINTERNAL;
  if (st == NB_OK) {
    memcpy(q->times_heap, w->next.data, cells * 4);
    for (uint32_t e = 0; e < w->order; e++)
      q->p[e] = is_p(w, e);
    for (uint32_t n = 0; n <= w->heaps; n++)
      q->pretend[n] = n ? times(w, 0, n) : 0;
    uint64_t window = 0;
    q->proved_to = w->stage < w->heaps ? w->stage : w->heaps;
    q->stable = quotient_period(w->rules, q->pretend, w->heaps + 1, &q->preperiod, &q->period,
                                &window);
    q->checked_to = q->stable ? (uint32_t)(window - 1) : 0;
    q->theorem = quotient_theorem_text(w->rules);
    st = choose_generators(q, w->err);
  }
  if (st == NB_OK) st = present(q, w->err);
  if (st != NB_OK) {
    nb_quotient_free(q);
    return st;
  }
  *out = q;
  return NB_OK;
}

static void work_free(qwork *w) {
  qarray *all[] = {&w->opt_first, &w->opt,   &w->keys,  &w->outcome, &w->slots,  &w->tests,
                   &w->khash,     &w->rep,   &w->next,  &w->prof,    &w->eslots, &w->states,
                   &w->tsets,     &w->parent, &w->dead, &w->chain,   &w->head,   &w->bad,
                   &w->optset,    &w->adds,   &w->prev_next, &w->prev_p, &w->orep,
                   &w->orep_at,   &w->undo};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    qarray_free(all[k]);
  free(w->scratch), free(w->pscratch), free(w->tscratch);
}

static nb_status work_init(qwork *w) {
  w->opt_first.size = w->slots.size = w->next.size = 4;
  w->opt.size = 3 * sizeof(uint32_t);
  w->eslots.size = w->states.size = w->parent.size = w->chain.size = w->head.size = 4;
  w->keys.size = w->tests.size = w->rep.size = 2;
  w->outcome.size = w->bad.size = w->dead.size = w->adds.size = w->prev_p.size = 1;
  w->prev_next.size = w->orep.size = w->orep_at.size = w->undo.size = 4;
  w->prof.size = w->khash.size = w->tsets.size = w->optset.size = 8;
  w->scratch = nb_alloc(5 * (size_t)w->heaps, sizeof *w->scratch, w->err);
  w->pscratch = nb_alloc(1, sizeof *w->pscratch, w->err);
  w->tscratch = nb_alloc(1, sizeof *w->tscratch, w->err);
  w->words = w->tw = 1;
  if (!w->scratch || !w->pscratch || !w->tscratch) return NB_EINTERNAL;
  nb_status st = fresh_slots(w, &w->slots, 1024);
  if (st == NB_OK) st = room(w, &w->opt_first, w->heaps + 2);
  if (st == NB_OK) AT(w->opt_first, uint32_t)[0] = AT(w->opt_first, uint32_t)[1] = 0;
  uint16_t *empty = w->scratch + 4 * w->heaps;
  memset(empty, 0, w->heaps * sizeof *empty);
  if (st == NB_OK) st = add_test(w, empty);
  w->tests_found = 0;
  return st;
}

static nb_status compute(const nb_heap_rules *r, uint32_t heaps, const nb_limits *limits,
                         bool by_theorem, nb_quotient **out, uint32_t *reached, nb_error *err) {
  NB_ASSERT(heaps >= 1 && heaps <= NB_QUOTIENT_MAX_HEAPS);
  if (reached != NULL) *reached = 0;
  qwork w = {.rules = r, .heaps = heaps, .lim = limits ? *limits : nb_limits_default(), .err = err};
  nb_status st = work_init(&w);
  uint32_t done_order = 0, *phi = nb_alloc((size_t)heaps + 1, sizeof *phi, err);
  if (phi == NULL && st == NB_OK) st = NB_EINTERNAL;
  for (w.stage = 1; w.stage <= heaps && st == NB_OK;) {
    st = list_options(&w, w.stage);
    if (st == NB_OK) st = solve_stage(&w);
    if (st == NB_OK) {
      done_order = w.order;
      if (reached != NULL) *reached = w.stage;
      if (by_theorem && w.stage < heaps && stable_at(&w, phi)) { /* the bounds past it by theorem M */
        if (reached != NULL) *reached = heaps;
        break;
      }
      w.stage++; /* only past a finished bound: a refusal names the bound it was building */
    }
  }
  free(phi);
  if (st == NB_OK)
    st = result(&w, out);
  else if (st == NB_EDATA)
    nb_error_suffix(err, NB_EDATA,
                    w.stage > 1 ? " at heap %u (the quotient of heaps up to %u has order %u)"
                                : " at heap %u",
                    (unsigned)w.stage, (unsigned)(w.stage - 1), (unsigned)done_order);
  work_free(&w);
  return st;
}

nb_status nb_quotient_compute(const nb_heap_rules *r, uint32_t heaps, const nb_limits *limits,
                              nb_quotient **out, uint32_t *reached, nb_error *err) {
  return compute(r, heaps, limits, true, out, reached, err);
}

nb_status nb_quotient_compute_checked(const nb_heap_rules *r, uint32_t heaps,
                                      const nb_limits *limits, nb_quotient **out, nb_error *err) {
  return compute(r, heaps, limits, false, out, NULL, err);
}

void nb_quotient_free(nb_quotient *q) {
  if (q == NULL) return;
  free(q->times_heap), free(q->p), free(q->pretend), free(q->gen_heap), free(q->exps);
  free(q->rel);
  free(q);
}

uint32_t nb_quotient_heap_element(const nb_quotient *q, uint64_t n) {
  if (n <= q->heaps) return q->pretend[n];
  if (!q->stable) return UINT32_MAX;
  return q->pretend[q->preperiod + (n - q->preperiod) % q->period]; /* theorem M */
}

uint32_t nb_quotient_times(const nb_quotient *q, uint32_t e, uint64_t n) {
  if (n > q->heaps) { /* past the bound: the heap of the same element within it (theorem M) */
    NB_ASSERT(q->stable);
    n = q->preperiod + (n - q->preperiod) % q->period;
  }
  return n != 0 ? q->times_heap[(size_t)e * (q->heaps + 1) + n] : e;
}

uint32_t nb_quotient_element(const nb_quotient *q, const uint64_t *heaps, size_t count) {
  uint32_t e = 0;
  for (size_t k = 0; k < count; k++)
    e = nb_quotient_times(q, e, heaps[k]);
  return e;
}

int nb_quotient_word(const nb_quotient *q, const uint32_t *exps, char *buf, size_t cap) {
  size_t len = 0;
  for (uint32_t j = 0; j < q->gens; j++) {
    if (exps[j] == 0) continue;
    char item[48];
    int n = j < GEN_NAMES ? snprintf(item, sizeof item, "%s%c", len ? " " : "", 'a' + (int)j)
                          : snprintf(item, sizeof item, "%sg%u", len ? " " : "", (unsigned)j + 1);
    if (exps[j] > 1) n += snprintf(item + n, sizeof item - (size_t)n, "^%u", (unsigned)exps[j]);
    if (len + (size_t)n < cap)
      memcpy(buf + len, item, (size_t)n + 1);
    else if (len < cap)
      buf[len] = '\0'; /* cut: what fits of the earlier items */
    len += (size_t)n;
  }
  if (len == 0) return snprintf(buf, cap, "1");
  return (int)len;
}
