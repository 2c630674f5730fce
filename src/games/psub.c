/*
 * psub.c: partizan subtraction games psub:A/B, of which Nim plus (nimplus:A/B) is the seed.
 *
 * Rules. A and B are finite sets of positive integers. A position is one pile n >= 0. Left
 * removes an amount in A, Right an amount in B; an amount larger than the pile cannot be used.
 * A player with no move loses. Sums of piles are composed by the core (their outcomes come from
 * the sum search: outcome classes do not add); this file values one pile.
 *
 * Outcomes. Write wl(n) for "Left, moving first at n, wins" and wr(n) for Right's. Then
 *     wl(n) = exists a in A, a <= n, with not wr(n - a);   wr(n) likewise with B and wl.
 * The pair s(n) = (wl(n), wr(n)) is the outcome class: N, L, R or P.
 *
 * Fast evaluator: a bitset DP plus a period engine, cached in the game (the "engine").
 *
 *   Theorem (window). Let k = max(A u B). For n >= k every amount of either player is legal
 *   at n, so s(n) = F(s(n-k), ..., s(n-1)) for one function F, the same for every n >= k.
 *   Write W(j) for the window s(j-k .. j-1). If W(i) = W(j) with k <= i < j, then
 *   s(t) = s(t + (j-i)) for every t >= i-k (induction on t: the windows stay equal).
 *   So the windows W(k), W(k+1), ... are the orbit of a map on a finite set: a tail of windows
 *   that never recur, then a cycle. The first repeat proves periodicity; it is not a guess.
 *
 * Finding the repeat. Each window has a rolling hash (polynomial mod 2^61-1, updated in O(1)
 * per pile). Every window W(j), j >= k, is looked up in a table of earlier windows; one window
 * in SAMPLE_EVERY is inserted. A hash hit is verified by comparing the two windows bit by bit.
 *   Claim: the first verified hit W(j) = W(i) has j - i = the least period p of s.
 *   Proof: i lies on the cycle (tail windows never recur), so j - i is a multiple of p; were it
 *   2p or more, the lookup of W(i + p) = W(i) at i + p < j would have hit first.
 * Sampling keeps the table at 1/SAMPLE_EVERY of the piles explored, and costs at most
 * SAMPLE_EVERY - 1 extra piles after the cycle starts. The table outgrows the caches on long
 * preperiods, so lookups run LOOKUP_LAG piles behind the DP, their slots prefetched: the table
 * sees the same operations in the same order (the same repeat is found), only later. The least
 * preperiod is then found by scanning back from i - k while s(t-1) = s(t-1+p): periodicity holds
 * from i - k on, and the first mismatch (or pile 0) is exactly where it starts.
 *
 * The DP, 64 piles at a time. Bits: lose[p] has bit x + off set iff player p, moving first at
 * pile x, loses; off is a multiple of 64 above k + 512, and the bits below it stand for the
 * negative piles, where no move lands (they stay 0), so the block of piles [64b, 64b + 64) is
 * one whole word. Left wins at n iff some a in A hits a set bit of lose[Right] at n - a. The
 * piles are computed in spans of SPAN = 8 blocks (512 piles), and the amounts in three tiers:
 *   - far amounts, a >= 512: from any pile of the span starting at N, they land below N, on
 *     piles known when the span starts; so SPAN words answer them for all 512 piles at once:
 *     word b, bit t of OR_{a far} (lose[Right] from bit N + 64b - a + off) says whether some far
 *     a wins at N + 64b + t. Two exact ways to build them, the cheaper chosen per span: SPAN
 *     shifted words per far amount, or SPAN per pile x of the window [N - k, N) where Right
 *     loses (those piles are kept in a queue, the "losers"; bit t of word b of A's membership
 *     bitset from bit N - x says N + 64b + t - x is an amount). Either stops once every word is
 *     all ones (every pile already won). The SPAN words of one amount or loser are consecutive,
 *     with one shift: the compiler vectorises them.
 *   - mid amounts, 64 <= a < 512: block by block, one shifted word per mid amount, or one per
 *     losing pile among the 512 before the block (counted by popcount): they land before the
 *     block, in this span or the one before.
 *   - near amounts, a < 64: pile by pile inside the block, one AND of the near amounts (as a
 *     mask) with the 63 outcomes before the pile, which may lie in the block itself. Both
 *     players are stepped together, since each player's test reads the other's.
 * Cost: min(|A far|, losers) words per 64 piles plus at most 448 for the mid tier, where
 * testing pile by pile (as this engine once did) costs up to min(|A|, losers, k/64) per pile;
 * and the words come in vectorised runs of SPAN. Moves found twice (a mid move found among the
 * losers of the far tier, say) are harmless: the words only gather winning moves.
 *
 * Limits, all checked before each span: amounts are at most NB_PSUB_MAX_AMOUNT; the engine
 * computes at most NB_PSUB_MAX_EXPLORE piles looking for the period (memory: two bits a pile,
 * and the repeat table); and it reads at most NB_PSUB_MAX_WORK words for the far and mid tiers
 * (the cost above, counted as it is spent), so that a game with many amounts, many losing piles
 * in its window and a long preperiod is refused within seconds instead of running for hours:
 * 2^27 piles of 10^5 amounts cost up to 2^27 * 2 * 10^5 / 64 = 4 * 10^11 words. The counts are
 * deterministic (no clock), so a refusal is reproducible. Either refusal is NB_EDATA naming the
 * limit and the piles explored.
 *
 * Ownership. The engine is the family's cache (nb_family.cache_new): the solver that values the
 * game's positions makes it, keeps it and frees it; the game itself stays immutable. The engine
 * reads the game's amounts and keeps its own bitsets of them.
 */
#include "games/psub.h"
#include "base/hash.h"
#include "games/psub_values.h"
#include "psub.h"

#include <stdlib.h>
#include <string.h>

enum {
  SAMPLE_EVERY = 32,    /* one window in this many enters the repeat table */
  FIRST_SLOT_BITS = 10, /* the repeat table starts with 2^10 slots */
  LOOKUP_LAG = 8,       /* a window is looked up this many piles after it completes */
  SPAN = 8,             /* blocks of 64 piles per span: amounts >= 64 * SPAN are "far" */
  SPAN_PILES = 64 * SPAN
};

#define HASH_P ((UINT64_C(1) << 61) - 1)       /* the rolling hash's prime modulus */
#define HASH_BASE UINT64_C(0x0d6e8feb86659fd9) /* its base, below HASH_P */

/* One player's move set, in the game. */
typedef struct psub_side {
  uint64_t *amount; /* increasing, distinct, each in 1..NB_PSUB_MAX_AMOUNT */
  size_t count;     /* number of amounts */
} psub_side;

/* One player's move set as the engine reads it: the game's amounts, its tiers and bitsets. */
typedef struct psub_moveset {
  const uint64_t *amount; /* the game's amounts: increasing, distinct */
  size_t count;           /* number of amounts */
  size_t mid_from;        /* index of the first amount >= 64 (count if none) */
  size_t far_from;        /* index of the first amount >= SPAN_PILES (count if none) */
  uint64_t near;          /* bit 64 - a set for each amount a < 64 */
  uint64_t *member;       /* bit a set iff a is an amount (bits_from may read up to bit
                             k + SPAN_PILES + 63) */
} psub_moveset;

typedef struct psub psub;

/* The piles of the current window at which one player, moving first, loses: a FIFO ring. */
typedef struct psub_ring {
  uint32_t *at; /* storage of cap entries (piles fit: they stay below NB_PSUB_MAX_EXPLORE) */
  size_t cap;   /* k + 1: a window holds at most k piles, plus the one being added */
  size_t head;  /* index of the oldest entry */
  size_t len;   /* number of entries */
} psub_ring;

/* The DP so far and what it has proven about periodicity. */
typedef struct psub_engine {
  const psub *game;             /* the game whose outcomes are computed (not owned) */
  psub_moveset side[2];         /* side[NB_LEFT] = A, side[NB_RIGHT] = B */
  uint64_t k;                   /* the largest amount of either player (0 if both sets are empty) */
  uint64_t off;                 /* bit of pile 0 in lose[]: 64 * (ceil(k / 64) + SPAN) */
  uint64_t *lose[2];            /* lose[p] bit x + off: player p moving first at pile x loses */
  size_t words;                 /* words allocated in each lose bitset */
  uint64_t computed;            /* piles 0 .. computed-1 are known (a multiple of 64) */
  uint64_t work;                /* word operations spent on mid and far amounts so far */
  uint64_t max_piles;           /* no span starts at or beyond this pile: NB_PSUB_MAX_EXPLORE */
  uint64_t max_work;            /* nor once this much work is spent: NB_PSUB_MAX_WORK */
  psub_ring losers[2];          /* losers[p]: the piles of the window W(computed) where p loses */
  uint64_t hash;                /* rolling hash of the window W(computed) */
  uint64_t pending[LOOKUP_LAG]; /* pending[j % LOOKUP_LAG]: hash of W(j), for j not yet looked up */
  uint64_t base_pow_k;          /* HASH_BASE^k mod HASH_P, to drop the window's oldest pile */
  uint64_t *slot;               /* repeat table: 0 empty, else fingerprint << 32 | (j + 1) */
  unsigned slot_bits;           /* the table has 2^slot_bits slots */
  size_t entries;               /* slots in use */
  bool periodic;                /* preperiod and period below are proven */
  nb_psub_period found;         /* valid when periodic */
  psub_values *values;          /* the canonical values of the piles (psub_values.c) */
  size_t held;                  /* bytes of the tables above (rings, bitsets, repeat table) */
  size_t limit;                 /* their bound: the game's memory bound (--memory) */
} psub_engine;

struct psub {
  nb_game base;      /* must come first */
  psub_side side[2]; /* side[NB_LEFT] = A, side[NB_RIGHT] = B */
};

static const psub *as_psub(const nb_game *g) {
  return (const psub *)g;
}

/* --- bits ------------------------------------------------------------------------------------ */

static bool bit_at(const uint64_t *bits, uint64_t i) {
  return bits[i >> 6] >> (i & 63) & 1;
}

static void set_bit(uint64_t *bits, uint64_t i) {
  bits[i >> 6] |= UINT64_C(1) << (i & 63);
}

/* The 64 bits starting at bit i (bit i lowest). Reads words i/64 and i/64 + 1. Branch-free
 * (the shift is split in two so that s = 0 shifts the next word out entirely): it sits in the
 * innermost loop with a shift that varies unpredictably. */
static uint64_t bits_from(const uint64_t *bits, uint64_t i) {
  size_t w = (size_t)(i >> 6);
  unsigned s = (unsigned)(i & 63);
  return bits[w] >> s | (bits[w + 1] << 1) << (63 - s);
}

/* --- spec ------------------------------------------------------------------------------------ */

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Sorts the amounts and drops duplicates. */
static void canonicalize(psub_side *side) {
  if (side->count == 0) return;
  qsort(side->amount, side->count, sizeof side->amount[0], cmp_u64);
  size_t kept = 1;
  for (size_t i = 1; i < side->count; i++)
    if (side->amount[i] != side->amount[kept - 1]) side->amount[kept++] = side->amount[i];
  side->count = kept;
}

/* Parses one comma-separated list (text[0..len), possibly empty) into side. */
static nb_status parse_side(const char *text, size_t len, psub_side *side, nb_error *err) {
  size_t items = nb_list_items(text, len), bad_len;
  side->amount = nb_alloc(items, sizeof *side->amount, err);
  if (side->amount == NULL) return NB_EINTERNAL;
  const char *bad;
  char quoted[NB_QUOTE_CAP];
  if (!nb_parse_u64_list(text, len, 1, NB_PSUB_MAX_AMOUNT, side->amount, items, &side->count, &bad,
                         &bad_len))
    return nb_fail(err, NB_EUSAGE, "expected an amount (an integer from 1 to %u), found %s",
                   (unsigned)NB_PSUB_MAX_AMOUNT, nb_quote(quoted, bad, bad_len));
  canonicalize(side);
  return NB_OK;
}

/* Parses "3,7,10/2,6,7": Left's amounts, a slash, Right's amounts (either list may be empty). */
static nb_status parse_spec(const char *params, psub *g, nb_error *err) {
  const char *slash = params ? strchr(params, '/') : NULL;
  if (slash == NULL || strchr(slash + 1, '/') != NULL)
    return nb_fail(err, NB_EUSAGE,
                   "expected Left's amounts, '/', then Right's amounts, as in psub:3,7,10/2,6,7");
  nb_status st = parse_side(params, (size_t)(slash - params), &g->side[NB_LEFT], err);
  if (st == NB_OK) st = parse_side(slash + 1, strlen(slash + 1), &g->side[NB_RIGHT], err);
  return st;
}

/* --- the engine: DP, rolling hash, repeat table ------------------------------------------------
 */

static void engine_free(psub_engine *e) {
  if (e == NULL) return;
  for (int p = 0; p < 2; p++) {
    free(e->lose[p]);
    free(e->losers[p].at);
    free(e->side[p].member);
  }
  free(e->slot);
  psub_values_free(e->values);
  free(e);
}

/* a * b mod 2^61-1 for a, b < 2^61, in 64-bit arithmetic: split at bit 31 and fold with
 * 2^61 = 1 (mod 2^61-1). */
static uint64_t mul_mod(uint64_t a, uint64_t b) {
  uint64_t a_hi = a >> 31, a_lo = a & 0x7fffffff, b_hi = b >> 31, b_lo = b & 0x7fffffff;
  uint64_t mid = a_hi * b_lo + a_lo * b_hi; /* < 2^62 */
  uint64_t sum = 2 * a_hi * b_hi + (mid >> 30) + ((mid & 0x3fffffff) << 31) + a_lo * b_lo;
  uint64_t r = (sum & HASH_P) + (sum >> 61);
  return r >= HASH_P ? r - HASH_P : r;
}

/* Builds the engine's view of one side: the membership bitset, the near mask and where the mid
 * and far amounts start. */
static nb_status build_side_bits(psub_moveset *side, uint64_t k, nb_error *err) {
  side->member = nb_alloc((size_t)(k / 64 + SPAN + 3), sizeof(uint64_t), err);
  if (side->member == NULL) return NB_EINTERNAL;
  side->near = 0;
  side->mid_from = side->far_from = side->count;
  for (size_t i = side->count; i-- > 0;) {
    uint64_t a = side->amount[i];
    set_bit(side->member, a);
    if (a < 64) side->near |= UINT64_C(1) << (64 - a);
    if (a >= 64) side->mid_from = i;
    if (a >= SPAN_PILES) side->far_from = i;
  }
  return NB_OK;
}

/* NB_EDATA: the engine's tables would pass its memory bound (the message names the game, the
 * piles computed and the bound). */
static nb_status memory_refuse(const psub_engine *e, nb_error *err) {
  char spec[NB_QUOTE_CAP], bound[32];
  nb_game_spec_quote(&e->game->base, spec);
  return nb_fail(err, NB_EDATA,
                 "game %s: the period engine's tables would take more than the memory limit of "
                 "%s after %llu piles (--memory SIZE raises it)",
                 spec, nb_bytes_text(bound, e->limit), (unsigned long long)e->computed);
}

/* Charges tables that are to hold `more` bytes besides what the engine holds, against its bound,
 * before they are allocated; the caller lowers held by what it frees. */
static nb_status charge(psub_engine *e, uint64_t more, nb_error *err) {
  if (e->held > e->limit || more > e->limit - e->held) return memory_refuse(e, err);
  e->held += (size_t)more;
  return NB_OK;
}

/* Makes an engine for g: the move sets as bitsets and the loser rings, the limits at their
 * defaults, its tables within `limit` bytes. */
static nb_status engine_new(const psub *g, size_t limit, psub_engine **out, nb_error *err) {
  psub_engine *e = nb_alloc(1, sizeof *e, err);
  if (e == NULL) return NB_EINTERNAL;
  e->game = g;
  e->limit = limit;
  e->max_piles = NB_PSUB_MAX_EXPLORE;
  e->max_work = NB_PSUB_MAX_WORK;
  for (int p = 0; p < 2; p++)
    e->side[p] = (psub_moveset){.amount = g->side[p].amount, .count = g->side[p].count};
  for (int p = 0; p < 2; p++)
    if (g->side[p].count > 0 && g->side[p].amount[g->side[p].count - 1] > e->k)
      e->k = g->side[p].amount[g->side[p].count - 1];
  e->off = 64 * ((e->k + 63) / 64 + SPAN);
  if (psub_values_new(g->side[NB_LEFT].amount, g->side[NB_LEFT].count, g->side[NB_RIGHT].amount,
                      g->side[NB_RIGHT].count, &e->values, err) != NB_OK) {
    engine_free(e);
    return NB_EINTERNAL;
  }
  e->base_pow_k = 1;
  for (uint64_t i = 0; i < e->k; i++)
    e->base_pow_k = mul_mod(e->base_pow_k, HASH_BASE);
  uint64_t side_bytes = ((e->k + 1) * sizeof(uint32_t) + (e->k / 64 + SPAN + 3) * 8);
  nb_status st = charge(e, 2 * side_bytes, err);
  for (int p = 0; st == NB_OK && p < 2; p++) {
    e->losers[p].cap = (size_t)e->k + 1;
    e->losers[p].at = nb_alloc(e->losers[p].cap, sizeof(uint32_t), err);
    if (e->losers[p].at == NULL || build_side_bits(&e->side[p], e->k, err)) st = NB_EINTERNAL;
  }
  if (st != NB_OK) {
    engine_free(e);
    return st;
  }
  *out = e;
  return NB_OK;
}

/* Makes the lose bitsets long enough for the block at pile n (a multiple of 64): its word
 * (n + off) / 64, and the word after it, which bits_from may read when comparing the windows
 * that end in the block. Bounded by NB_PSUB_MAX_EXPLORE, checked by the caller. */
static nb_status reserve_bits(psub_engine *e, uint64_t n, nb_error *err) {
  size_t need = (size_t)((n + e->off) / 64 + 2);
  if (need <= e->words) return NB_OK;
  size_t want = e->words < 1024 ? 1024 : e->words * 2;
  if (want < need) want = need;
  uint64_t room = e->held <= e->limit ? (e->limit - e->held) / 16 + e->words : 0; /* words */
  if (want > room) want = need; /* the last doubling may not fit where the words needed do */
  if (charge(e, (uint64_t)(want - e->words) * 16, err) != NB_OK) return NB_EDATA;
  for (int p = 0; p < 2; p++) {
    uint64_t *grown = nb_realloc(e->lose[p], want, sizeof(uint64_t), err);
    if (grown == NULL) {
      e->held -= (want - e->words) * 16; /* the words stay as many as before */
      return NB_EINTERNAL;
    }
    memset(grown + e->words, 0, (want - e->words) * sizeof(uint64_t));
    e->lose[p] = grown;
  }
  e->words = want;
  return NB_OK;
}

/* OR of the 64 bits from bit base - sub[i] over i < n, stopping once the OR is all ones (every
 * pile of the block already won); adds the words read to *work. Unrolled by four, with the stop
 * tested once per four. */
static uint64_t or_words(const uint64_t *bits, uint64_t base, const uint64_t *sub, size_t n,
                         uint64_t *work) {
  uint64_t won = 0;
  size_t i = 0;
  for (; i + 4 <= n && won != UINT64_MAX; i += 4)
    won |= bits_from(bits, base - sub[i]) | bits_from(bits, base - sub[i + 1]) |
           bits_from(bits, base - sub[i + 2]) | bits_from(bits, base - sub[i + 3]);
  for (; i < n && won != UINT64_MAX; i++)
    won |= bits_from(bits, base - sub[i]);
  *work += i;
  return won;
}

/* Whether every pile of a span is already won. */
static bool span_full(const uint64_t won[SPAN]) {
  uint64_t all = UINT64_MAX;
  for (int b = 0; b < SPAN; b++)
    all &= won[b];
  return all == UINT64_MAX;
}

/* The span version: won[b] |= the 64 bits from bit base - sub[i] + 64 b, for b < SPAN and each
 * i < n (sub of type T), stopping once the span is full. The inner loop has one shift for SPAN
 * consecutive words, into a local accumulator the compiler keeps in vector registers: SPAN
 * words for one scattered read. */
#define OR_SPAN(name, T)                                                                           \
  static void name(const uint64_t *bits, uint64_t base, const T *sub, size_t n,                    \
                   uint64_t won[SPAN], uint64_t *work) {                                           \
    uint64_t acc[SPAN];                                                                            \
    memcpy(acc, won, sizeof acc);                                                                  \
    size_t i = 0;                                                                                  \
    for (; i < n && (i % 4 != 0 || !span_full(acc)); i++) {                                        \
      uint64_t at = base - sub[i];                                                                 \
      const uint64_t *w = bits + (at >> 6);                                                        \
      unsigned s = (unsigned)(at & 63);                                                            \
      for (int b = 0; b < SPAN; b++)                                                               \
        acc[b] |= w[b] >> s | (w[b + 1] << 1) << (63 - s);                                         \
    }                                                                                              \
    memcpy(won, acc, sizeof acc);                                                                  \
    *work += (uint64_t)i * SPAN;                                                                   \
  }
OR_SPAN(or_span_u64, uint64_t)
OR_SPAN(or_span_u32, uint32_t)

/* The number of amounts of side, from index `from`, that are at most limit. */
static size_t amounts_upto(const psub_moveset *side, size_t from, uint64_t limit) {
  size_t lo = from, hi = side->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (side->amount[mid] <= limit)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo - from;
}

/* The far words of the player owning `side` for the span of piles N .. N + SPAN_PILES - 1: bit
 * t of won[b] is set iff some move lands from pile N + 64 b + t on a pile below N where the
 * opponent loses; every move by a far amount does. Either by the far amounts (those beyond
 * N + SPAN_PILES - 1 reach only negative piles: skipped) or by the opponent's losing piles of
 * the window [N - k, N), read as the ring's two contiguous pieces (the word then also gathers
 * some mid and near moves: more of the same facts); whichever reads fewer words. */
static void far_span(psub_engine *e, const psub_moveset *side, int opponent, uint64_t N,
                     uint64_t won[SPAN]) {
  const psub_ring *losers = &e->losers[opponent];
  size_t far = amounts_upto(side, side->far_from, N + SPAN_PILES - 1);
  for (int b = 0; b < SPAN; b++)
    won[b] = 0;
  if (far <= losers->len) {
    or_span_u64(e->lose[opponent], N + e->off, side->amount + side->far_from, far, won, &e->work);
    return;
  }
  size_t first = losers->cap - losers->head;
  if (first > losers->len) first = losers->len;
  or_span_u32(side->member, N, losers->at + losers->head, first, won, &e->work);
  or_span_u32(side->member, N, losers->at, losers->len - first, won, &e->work);
}

/* The mid word of the player owning `side` for the block of piles Nb .. Nb+63: bit t is set iff
 * some mid amount (64 <= a < SPAN_PILES) lands from Nb + t on a pile where the opponent loses,
 * all below Nb (in this span or the one before). Either by the mid amounts, or by the
 * opponent's losing piles among the SPAN_PILES before Nb (counted first, by popcount; read from
 * the ring's newest end), whichever reads fewer words. */
static uint64_t mid_block(psub_engine *e, const psub_moveset *side, int opponent, uint64_t Nb) {
  size_t mid = amounts_upto(side, side->mid_from, Nb + 63);
  if (mid > side->far_from - side->mid_from) mid = side->far_from - side->mid_from;
  if (mid == 0) return 0;
  const uint64_t *lose = e->lose[opponent] + (Nb + e->off) / 64 - SPAN;
  size_t recent = 0;
  for (int b = 0; b < SPAN; b++)
    recent += nb_bit_count(lose[b]);
  e->work += SPAN;
  if (mid <= recent)
    return or_words(e->lose[opponent], Nb + e->off, side->amount + side->mid_from, mid, &e->work);
  const psub_ring *losers = &e->losers[opponent];
  uint64_t won = 0;
  size_t at = losers->head + losers->len; /* one past the newest entry */
  if (at >= losers->cap) at -= losers->cap;
  if (recent > losers->len) recent = losers->len; /* k < SPAN_PILES: the ring is the window */
  for (size_t i = 0; i < recent; i++) { /* the newest entries: the piles >= Nb - SPAN_PILES */
    at = at == 0 ? losers->cap - 1 : at - 1;
    won |= bits_from(side->member, Nb - losers->at[at]);
  }
  e->work += recent;
  return won;
}

/* The outcome pair at a known pile x, as 0..3: bit 0 Left wins first, bit 1 Right wins first. */
static unsigned state_at(const psub_engine *e, uint64_t x) {
  return (unsigned)!bit_at(e->lose[NB_LEFT], x + e->off) |
         (unsigned)!bit_at(e->lose[NB_RIGHT], x + e->off) << 1;
}

/* Appends pile n to a ring if it loses, then drops piles that leave the window [n+1-k, n]. */
static void ring_advance(psub_ring *ring, bool add, uint64_t n, uint64_t k) {
  if (add) {
    size_t at = ring->head + ring->len;
    ring->at[at >= ring->cap ? at - ring->cap : at] = (uint32_t)n;
    ring->len++;
  }
  while (ring->len > 0 && ring->at[ring->head] + k <= n) {
    ring->head = ring->head + 1 == ring->cap ? 0 : ring->head + 1;
    ring->len--;
  }
}

/* Whether W(i) = W(j): the bits of piles [i-k, i) and [j-k, j) of both lose bitsets agree. */
static bool windows_equal(const psub_engine *e, uint64_t i, uint64_t j) {
  uint64_t bi = i - e->k + e->off, bj = j - e->k + e->off; /* the bits of piles i-k and j-k */
  for (int p = 0; p < 2; p++)
    for (uint64_t at = 0; at < e->k; at += 64) {
      uint64_t diff = bits_from(e->lose[p], bi + at) ^ bits_from(e->lose[p], bj + at);
      if (e->k - at < 64) diff &= (UINT64_C(1) << (e->k - at)) - 1;
      if (diff != 0) return false;
    }
  return true;
}

static uint32_t fingerprint(uint64_t hash) {
  return (uint32_t)(hash >> 29) ^ (uint32_t)hash;
}

/* The repeat table is the library's open-addressing table (base/hash.h) over entries of one
 * word: a slot's hash is its fingerprint's, mixed so that its low bits choose the slot. Several
 * windows may share a fingerprint: the probe stops at an empty slot or at a window equal to the
 * one sought (windows_equal), passing the others. */
static uint64_t slot_hash_of(uint32_t fp) {
  return nb_hash_mix(fp);
}

static bool slot_empty(const void *slot) {
  return *(const uint64_t *)slot == 0;
}

static uint64_t slot_hash(const void *ctx, const void *slot) {
  (void)ctx;
  return slot_hash_of((uint32_t)(*(const uint64_t *)slot >> 32));
}

/* A window sought: W(j), of fingerprint fp, in engine e. */
typedef struct window_probe {
  const psub_engine *e; /* whose bitsets hold the windows */
  uint64_t j;           /* the window's end */
  uint32_t fp;          /* its fingerprint */
} window_probe;

static bool window_stop(const void *slot, const void *key) {
  uint64_t entry = *(const uint64_t *)slot;
  const window_probe *k = key;
  return entry == 0 ||
         ((uint32_t)(entry >> 32) == k->fp && windows_equal(k->e, (entry & 0xffffffffu) - 1, k->j));
}

static size_t table_slots(const psub_engine *e) {
  return (size_t)1 << e->slot_bits;
}

/* Puts an entry into the table (there is room: load stays at most 1/2). */
static void table_put(psub_engine *e, uint64_t entry) {
  size_t s = nb_table_free_slot(e->slot, table_slots(e), sizeof *e->slot,
                                slot_hash_of((uint32_t)(entry >> 32)), slot_empty);
  e->slot[s] = entry;
}

/* Inserts window W(j), whose hash is hash, doubling the table when half full. */
static nb_status table_insert(psub_engine *e, uint64_t j, uint64_t hash, nb_error *err) {
  if (e->slot == NULL || nb_table_needs_room(e->entries, table_slots(e))) {
    unsigned bits = e->slot == NULL ? FIRST_SLOT_BITS : e->slot_bits + 1;
    uint64_t *old = e->slot;
    size_t old_count = old == NULL ? 0 : (size_t)1 << e->slot_bits;
    if (charge(e, ((uint64_t)1 << bits) * sizeof(uint64_t), err) != NB_OK) return NB_EDATA;
    e->slot = nb_alloc((size_t)1 << bits, sizeof(uint64_t), err);
    if (e->slot == NULL) {
      e->slot = old;
      e->held -= ((size_t)1 << bits) * sizeof(uint64_t);
      return NB_EINTERNAL;
    }
    e->held -= old_count * sizeof(uint64_t); /* freed below, once copied */
    e->slot_bits = bits;
    nb_table_rehash(e->slot, table_slots(e), old, old_count, sizeof *old, NULL, slot_empty,
                    slot_hash);
    free(old);
  }
  table_put(e, (uint64_t)fingerprint(hash) << 32 | (j + 1));
  e->entries++;
  return NB_OK;
}

/* An earlier window equal to W(j), whose hash is hash, or UINT64_MAX. */
static uint64_t table_find(const psub_engine *e, uint64_t j, uint64_t hash) {
  if (e->slot == NULL) return UINT64_MAX;
  window_probe k = {e, j, fingerprint(hash)};
  size_t s =
      nb_table_find(e->slot, table_slots(e), sizeof *e->slot, slot_hash_of(k.fp), &k, window_stop);
  return e->slot[s] != 0 ? (e->slot[s] & 0xffffffffu) - 1 : UINT64_MAX;
}

/* Looks W(j) (k <= j <= computed) up among the sampled earlier windows; on a verified repeat
 * W(i) = W(j), records the period j - i and the least preperiod (see the essay above). */
static nb_status lookup_window(psub_engine *e, uint64_t j, uint64_t hash, nb_error *err) {
  uint64_t i = table_find(e, j, hash);
  if (i == UINT64_MAX) return j % SAMPLE_EVERY == 0 ? table_insert(e, j, hash, err) : NB_OK;
  uint64_t period = j - i, start = i - e->k;
  while (start > 0 && state_at(e, start - 1) == state_at(e, start - 1 + period))
    start--;
  e->found = (nb_psub_period){.preperiod = start,
                              .period = period,
                              .window = e->k,
                              .repeat = j,
                              .checked_to = j > 0 ? j - 1 : 0};
  e->periodic = true;
  if (e->slot != NULL) e->held -= ((size_t)1 << e->slot_bits) * sizeof(uint64_t);
  free(e->slot); /* the table has done its work */
  e->slot = NULL;
  e->entries = 0;
  return NB_OK;
}

/* Queues the window W(j) (complete: j >= k) with its hash, prefetching its slot, and looks up
 * the window LOOKUP_LAG - 1 behind it, if any. */
static nb_status queue_window(psub_engine *e, uint64_t j, nb_error *err) {
  e->pending[j % LOOKUP_LAG] = e->hash;
#if defined(__GNUC__)
  if (e->slot != NULL)
    __builtin_prefetch(&e->slot[slot_hash_of(fingerprint(e->hash)) & (table_slots(e) - 1)]);
#endif
  if (j - e->k < LOOKUP_LAG - 1) return NB_OK;
  uint64_t old = j - (LOOKUP_LAG - 1);
  return lookup_window(e, old, e->pending[old % LOOKUP_LAG], err);
}

/* The lose words of both players for the block of piles Nb .. Nb+63, given each player's
 * far-and-mid word won[p]: pile by pile, the near amounts against the 63 piles before the pile
 * (in this block or the one before). Both players step together: each one's test reads the
 * other's. */
static void block_dp(const psub_engine *e, uint64_t Nb, const uint64_t won[2], uint64_t lose[2]) {
  size_t w = (size_t)((Nb + e->off) / 64); /* the block's word; word w - 1 holds the 64 before */
  uint64_t prev[2] = {e->lose[NB_LEFT][w - 1], e->lose[NB_RIGHT][w - 1]};
  lose[NB_LEFT] = lose[NB_RIGHT] = 0;
  if (e->side[NB_LEFT].near == 0 && e->side[NB_RIGHT].near == 0) {
    lose[NB_LEFT] = ~won[NB_LEFT];
    lose[NB_RIGHT] = ~won[NB_RIGHT];
    return;
  }
  for (unsigned t = 0; t < 64; t++)
    for (int p = 0; p < 2; p++) {
      /* bit i of recent: the opponent loses at pile Nb + t - 64 + i; near amount a is bit 64-a */
      uint64_t recent = t == 0 ? prev[1 - p] : prev[1 - p] >> t | lose[1 - p] << (64 - t);
      bool wins = (won[p] >> t & 1) != 0 || (e->side[p].near & recent) != 0;
      lose[p] |= (uint64_t)!wins << t;
    }
}

/* After the block of piles Nb .. Nb+63 (lose words lose[]), for each pile in turn: updates the
 * loser rings and the rolling hash and queues the window the pile completes; stops early once
 * the period is proven. */
static nb_status advance_block(psub_engine *e, uint64_t Nb, const uint64_t lose[2], nb_error *err) {
  nb_status st = NB_OK;
  uint64_t k = e->k;
  for (unsigned t = 0; t < 64 && st == NB_OK && !e->periodic; t++) {
    uint64_t n = Nb + t;
    bool left_loses = lose[NB_LEFT] >> t & 1, right_loses = lose[NB_RIGHT] >> t & 1;
    ring_advance(&e->losers[NB_LEFT], left_loses, n, k);
    ring_advance(&e->losers[NB_RIGHT], right_loses, n, k);
    /* H(W(n+1)) = H(W(n)) * BASE + v(n) - v(n-k) * BASE^k, with v = 1 + state, 0 below pile 0. */
    uint64_t v_in = 1 + (uint64_t)!left_loses + 2 * (uint64_t)!right_loses;
    uint64_t v_out = n >= k ? 1 + state_at(e, n - k) : 0;
    uint64_t h = mul_mod(e->hash, HASH_BASE) + v_in + (HASH_P - mul_mod(v_out, e->base_pow_k));
    h = (h & HASH_P) + (h >> 61); /* h < 2^63, so one fold and one subtraction reduce it */
    e->hash = h >= HASH_P ? h - HASH_P : h;
    if (n + 1 >= k) st = queue_window(e, n + 1, err);
  }
  return st;
}

/* Computes the span of piles N = computed .. N + SPAN_PILES - 1: the far words of both players,
 * then block by block the mid words, the near DP and the windows; stops after the block in
 * which the period is proven (the piles computed stay known). */
static nb_status engine_span(psub_engine *e, nb_error *err) {
  uint64_t N = e->computed, far[2][SPAN];
  nb_status st = reserve_bits(e, N + SPAN_PILES - 64, err);
  if (st != NB_OK) return st;
  far_span(e, &e->side[NB_LEFT], NB_RIGHT, N, far[NB_LEFT]);
  far_span(e, &e->side[NB_RIGHT], NB_LEFT, N, far[NB_RIGHT]);
  for (int b = 0; b < SPAN && st == NB_OK && !e->periodic; b++) {
    uint64_t Nb = N + 64 * (uint64_t)b, won[2], lose[2];
    won[NB_LEFT] = far[NB_LEFT][b] | mid_block(e, &e->side[NB_LEFT], NB_RIGHT, Nb);
    won[NB_RIGHT] = far[NB_RIGHT][b] | mid_block(e, &e->side[NB_RIGHT], NB_LEFT, Nb);
    block_dp(e, Nb, won, lose);
    size_t w = (size_t)((Nb + e->off) / 64);
    e->lose[NB_LEFT][w] = lose[NB_LEFT];
    e->lose[NB_RIGHT][w] = lose[NB_RIGHT];
    e->computed = Nb + 64;
    st = advance_block(e, Nb, lose, err);
  }
  return st;
}

/* Refuses pile n (UINT64_MAX: the period itself) when a limit of the engine is reached: the
 * message names the game (its spec quoted, cut visibly when long), the piles explored and the
 * limit. */
static nb_status engine_refuse(const psub_engine *e, uint64_t n, nb_error *err) {
  char spec[NB_QUOTE_CAP], pile[64] = "", limit[160];
  nb_game_spec_quote(&e->game->base, spec);
  if (n != UINT64_MAX) /* UINT64_MAX: the period itself was asked for; 64 holds 20 digits */
    snprintf(pile, sizeof pile, ", so pile %llu cannot be evaluated", (unsigned long long)n);
  if (e->computed >= e->max_piles)
    snprintf(limit, sizeof limit, "the period engine's limit");
  else /* 160 holds two 20-digit numbers */
    snprintf(limit, sizeof limit,
             "the period engine's work limit: %llu word operations, about %llu a pile here",
             (unsigned long long)e->max_work,
             (unsigned long long)(e->computed ? e->work / e->computed : 0));
  return nb_fail(err, NB_EDATA, "game %s: no period among piles 0 to %llu (%s)%s", spec,
                 (unsigned long long)e->computed - 1, limit, pile);
}

/* Runs the DP until pile n is known or the period is proven, within the engine's limits. */
static nb_status engine_reach(psub_engine *e, uint64_t n, nb_error *err) {
  while (!e->periodic && e->computed <= n) {
    if (e->computed >= e->max_piles || e->work >= e->max_work) return engine_refuse(e, n, err);
    nb_status st = engine_span(e, err);
    if (st != NB_OK) return st;
  }
  return NB_OK;
}

static nb_outcome outcome_of_state(unsigned state) {
  static const nb_outcome classes[4] = {NB_OUTCOME_P, NB_OUTCOME_L, NB_OUTCOME_R, NB_OUTCOME_N};
  return classes[state & 3];
}

/* The family's cache: a fresh engine (with W(0) queued when k = 0: it is already a full,
 * empty window). */
static nb_status psub_cache_new(const nb_game *g, void **out, nb_error *err) {
  psub_engine *e = NULL;
  nb_status st = engine_new(as_psub(g), nb_game_memory(g), &e, err);
  if (st == NB_OK && e->k == 0) st = queue_window(e, 0, err);
  if (st != NB_OK) {
    engine_free(e);
    return st;
  }
  *out = e;
  return NB_OK;
}

static void psub_cache_free(void *cache) {
  engine_free(cache);
}

/* The engine of a solver of a psub game. */
static nb_status solver_engine(nb_solver *s, psub_engine **out, nb_error *err) {
  const nb_game *g = nb_solver_game(s);
  if (g->family != &nb_psub_family)
    return nb_fail(err, NB_EUSAGE, "game '%s' is not a partizan subtraction game", g->family->name);
  void *cache;
  nb_status st = nb_solver_cache(s, &cache, err);
  if (st == NB_OK) *out = cache;
  return st;
}

/* Outcome of pile n from the engine e. */
static nb_status engine_outcome(psub_engine *e, uint64_t n, nb_outcome *out, nb_error *err) {
  nb_status st = engine_reach(e, n, err);
  if (st != NB_OK) return st;
  uint64_t x = n;
  if (x >= e->computed) /* then the period is proven and x >= computed > preperiod */
    x = e->found.preperiod + (x - e->found.preperiod) % e->found.period;
  *out = outcome_of_state(state_at(e, x));
  return NB_OK;
}

/* --- public API ------------------------------------------------------------------------------ */

nb_status nb_psub_outcome(nb_solver *s, uint64_t n, nb_outcome *out, nb_error *err) {
  psub_engine *e = NULL;
  nb_status st = solver_engine(s, &e, err);
  return st == NB_OK ? engine_outcome(e, n, out, err) : st;
}

nb_status nb_psub_period_of(nb_solver *s, nb_psub_period *out, nb_error *err) {
  psub_engine *e = NULL;
  nb_status st = solver_engine(s, &e, err);
  if (st == NB_OK) st = engine_reach(e, UINT64_MAX, err); /* UINT64_MAX: until the period */
  if (st == NB_OK) *out = e->found;
  return st;
}

nb_status nb_psub_set_limits(nb_solver *s, uint64_t max_piles, uint64_t max_work, nb_error *err) {
  psub_engine *e = NULL;
  nb_status st = solver_engine(s, &e, err);
  if (st != NB_OK) return st;
  NB_ASSERT(e->computed == 0); /* before the first evaluation */
  e->max_piles = max_piles < NB_PSUB_MAX_EXPLORE ? max_piles : NB_PSUB_MAX_EXPLORE;
  e->max_work = max_work;
  return NB_OK;
}

/* For `nimber table --runs`: once the engine has proven the period (as evaluating the piles in
 * order does soon after the preperiod), a period of 1 makes every pile from the preperiod on one
 * outcome, a single run to the largest pile. Before that, or with a longer period, runs are
 * found pile by pile (the answer n). The period is never computed here: that could be slow. */
static uint64_t psub_run_end(const nb_game *g, void *cache, uint64_t n) {
  (void)g;
  const psub_engine *e = cache;
  if (e != NULL && e->periodic && e->found.period == 1 && n >= e->found.preperiod)
    return (uint64_t)INT64_MAX;
  return n;
}

/* The last pile the engine needs to compute to prove a period with s + p <= max, if there is
 * one (UINT64_MAX when that is beyond counting).
 *   Claim: if s + p <= max, the repeat is found before the engine computes pile
 *   max + k + SAMPLE_EVERY + LOOKUP_LAG + SPAN_PILES.
 *   Proof: W(j) = W(j + p) for every j >= s + k (the windows from there on lie in the periodic
 *   part). The first sampled window at or after s + k is some W(i) with i < s + k + SAMPLE_EVERY,
 *   and the lookup of W(i + p) = W(i) hits (if nothing hit before), at j = i + p <
 *   max + k + SAMPLE_EVERY. That lookup happens while pile j + LOOKUP_LAG - 2 is being
 *   advanced, in the span holding it, which ends before j + LOOKUP_LAG + SPAN_PILES. */
static uint64_t proof_bound(const psub_engine *e, uint64_t max) {
  uint64_t extra = e->k + SAMPLE_EVERY + LOOKUP_LAG + SPAN_PILES;
  return max > UINT64_MAX - extra ? UINT64_MAX : max + extra;
}

/* The period hook: the engine's proven period (theorem "window" in the essay above); max, when
 * not 0, bounds preperiod + period, and so the piles computed (proof_bound): a game whose
 * period lies beyond it is refused as soon as that is known, not after its whole preperiod. */
static nb_status psub_period(const nb_game *g, void *cache, uint64_t max, const nb_limits *limits,
                             nb_period *out, nb_error *err) {
  (void)g;
  (void)limits; /* the engine's work is bounded by NB_PSUB_MAX_WORK: no progress */
  psub_engine *e = cache;
  uint64_t bound = max != 0 ? proof_bound(e, max) : UINT64_MAX;
  nb_status st = engine_reach(e, bound, err);
  if (st != NB_OK) return st;
  if (!e->periodic)
    return nb_fail(err, NB_EDATA,
                   "no period found within %llu piles (none by pile %llu, where one within "
                   "them would have shown: theorem in src/games/psub.c)",
                   (unsigned long long)max, (unsigned long long)e->computed - 1);
  unsigned long long s = e->found.preperiod, p = e->found.period, k = e->k, j = e->found.repeat;
  if (max != 0 && s + p > max)
    return nb_fail(err, NB_EDATA,
                   "no period found within %llu piles (preperiod %llu and period %llu exceed it)",
                   (unsigned long long)max, s, p);
  *out = (nb_period){.kind = NB_PERIOD_ADDITIVE,
                     .start = s,
                     .step = p,
                     .checked_from = 0,
                     .checked_to = e->found.checked_to};
  if (k == 0)
    snprintf(out->theorem, sizeof out->theorem,
             "neither player has a move, so every pile is lost by the player to move (theorem "
             "in src/games/psub.c)");
  else
    snprintf(out->theorem, sizeof out->theorem,
             "from pile %llu on an outcome depends only on the %llu before it, and piles "
             "[%llu, %llu] repeat piles [%llu, %llu] (theorem in src/games/psub.c)",
             k, k, j - k, j - 1, j - p - k, j - p - 1);
  return NB_OK;
}

static void psub_destroy(nb_game *g) {
  psub *ps = (psub *)g;
  free(ps->side[NB_LEFT].amount);
  free(ps->side[NB_RIGHT].amount);
  free(ps);
}

/* Copies one player's amounts into side, checking their range. */
static nb_status copy_side(const uint64_t *amounts, size_t count, psub_side *side, nb_error *err) {
  side->amount = nb_alloc(count, sizeof *side->amount, err);
  if (side->amount == NULL) return NB_EINTERNAL;
  for (size_t i = 0; i < count; i++) {
    if (amounts[i] < 1 || amounts[i] > NB_PSUB_MAX_AMOUNT)
      return nb_fail(err, NB_EUSAGE, "amount %llu is out of range (1 to %u)",
                     (unsigned long long)amounts[i], (unsigned)NB_PSUB_MAX_AMOUNT);
    side->amount[i] = amounts[i];
  }
  side->count = count;
  canonicalize(side);
  return NB_OK;
}

nb_status nb_psub_new(const uint64_t *left, size_t nleft, const uint64_t *right, size_t nright,
                      nb_game **out, nb_error *err) {
  psub *ps = nb_alloc(1, sizeof *ps, err);
  if (ps == NULL) return NB_EINTERNAL;
  ps->base.family = &nb_psub_family;
  nb_status st = copy_side(left, nleft, &ps->side[NB_LEFT], err);
  if (st == NB_OK) st = copy_side(right, nright, &ps->side[NB_RIGHT], err);
  if (st != NB_OK) {
    psub_destroy(&ps->base);
    return st;
  }
  *out = &ps->base;
  return NB_OK;
}

/* --- the family contract ---------------------------------------------------------------------- */

static nb_status psub_create(const char *params, nb_game **out, nb_error *err) {
  psub *ps = nb_alloc(1, sizeof *ps, err);
  if (ps == NULL) return NB_EINTERNAL;
  ps->base.family = &nb_psub_family;
  nb_status st = parse_spec(params, ps, err);
  if (st != NB_OK) {
    psub_destroy(&ps->base);
    return st;
  }
  *out = &ps->base;
  return NB_OK;
}

/* "psub:3,7,10/2,6,7": both lists increasing and distinct (either may be empty). */
static int psub_spec(const nb_game *g, char *buf, size_t cap) {
  const psub *ps = as_psub(g);
  int total = snprintf(buf, cap, "psub:");
  for (int p = 0; p < 2; p++) {
    if (p == NB_RIGHT) nb_bounded_printf(buf, cap, &total, "/");
    for (size_t i = 0; i < ps->side[p].count; i++)
      nb_bounded_printf(buf, cap, &total, i > 0 ? ",%llu" : "%llu",
                        (unsigned long long)ps->side[p].amount[i]);
  }
  return total;
}

static nb_status psub_parse(const nb_game *g, const char *const *tokens, size_t count,
                            size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    uint64_t x;
    char quoted[NB_QUOTE_CAP];
    if (!nb_parse_u64(tokens[i], &x) || x > (uint64_t)INT64_MAX)
      return nb_fail(err, NB_EUSAGE,
                     "argument %zu: expected a pile (an integer from 0 to 2^63-1), found %s",
                     first_arg + i, nb_quote(quoted, tokens[i], strlen(tokens[i])));
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many piles (at most %zu)", cap);
    out[(*n)++] = (nb_pos){.lo = x, .hi = 0};
  }
  return NB_OK;
}

static nb_status psub_sized(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err) {
  (void)g;
  if (n > (uint64_t)INT64_MAX)
    return nb_fail(err, NB_EUSAGE, "piles run from 0 to 2^63-1, not %llu", (unsigned long long)n);
  *out = (nb_pos){.lo = n, .hi = 0};
  return NB_OK;
}

static int psub_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "%llu", (unsigned long long)p.lo);
}

static size_t psub_move_bound(const nb_game *g, nb_pos p) {
  (void)p;
  const psub *ps = as_psub(g);
  size_t a = ps->side[NB_LEFT].count, b = ps->side[NB_RIGHT].count;
  return a > b ? a : b;
}

/* The definition: `who` removes one of its amounts that is at most the pile. */
static nb_status psub_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                            nb_error *err) {
  (void)err;
  const psub_side *side = &as_psub(g)->side[who];
  for (size_t i = 0; i < side->count; i++)
    if (side->amount[i] <= p.lo)
      nb_moves_add1(out, (uint32_t)i, (nb_pos){.lo = p.lo - side->amount[i], .hi = 0});
  return NB_OK;
}

/* "-3": remove 3 (the amount is the pile before minus the pile after, whoever moved). */
static int psub_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                         char *buf, size_t cap) {
  (void)g;
  (void)m;
  return snprintf(buf, cap, "-%llu", (unsigned long long)(from.lo - parts[0].lo));
}

/* Every play from pile n lasts at least l moves when both players have amounts, l the least
 * length whose moves can remove n - m + 1 tokens. A play ends only when the pile is below the
 * smallest amount of the player to move, so at m - 1 or below, m the larger of the two smallest
 * amounts. The players alternate: of l consecutive moves, ceil(l/2) are one player's and
 * floor(l/2) the other's, removing at most ceil(l/2) K + floor(l/2) k, K >= k the two players'
 * largest amounts. With S = K + k and n - m + 1 = qS + r (0 <= r < S), the least such l is 2q
 * (r = 0), 2q + 1 (r <= K) or 2q + 2: 2q moves remove at most qS, 2q + 1 at most qS + K, and 2q
 * - 1 at most qS - k. (psub:1/2 from 2^23 lasts at least 5,592,405 moves, which the component
 * search's positions limit refuses at once; the bound n - m + 1 / K, 4,194,303, did not, and the
 * search filled 2^22 positions in 2 s first.) With a player without amounts a play may end at
 * once. Checked against the shortest play, from the rules, in tests/test_psub.c. */
static uint64_t psub_min_length(const nb_game *g, nb_pos p) {
  const psub_side *a = &as_psub(g)->side[NB_LEFT], *b = &as_psub(g)->side[NB_RIGHT];
  if (a->count == 0 || b->count == 0) return 0;
  uint64_t m = a->amount[0] > b->amount[0] ? a->amount[0] : b->amount[0];
  if (p.lo < m) return 0;
  uint64_t ka = a->amount[a->count - 1], kb = b->amount[b->count - 1];
  uint64_t big = ka > kb ? ka : kb, small = ka > kb ? kb : ka; /* at most 2^22 each */
  uint64_t need = p.lo - m + 1, q = need / (big + small), r = need % (big + small);
  return 2 * q + (r == 0 ? 0 : r <= big ? 1 : 2);
}

static nb_status psub_outcome(const nb_game *g, void *cache, nb_pos p, nb_outcome *out,
                              nb_error *err) {
  (void)g;
  return engine_outcome(cache, p.lo, out, err);
}

/* The canonical value of a pile: from the values computed pile by pile, or their proven period
 * (psub_values.c); beyond both, NB_EDATA, and the partizan theory gives the outcome
 * instead (src/theory/partizan/sums.c). */
static nb_status psub_canonical(const nb_game *g, void *cache, nb_cg_store *store, nb_pos p,
                                nb_cg *out, bool *known, nb_error *err) {
  const psub_engine *e = cache;
  *known = true;
  nb_status st = psub_values_get(e->values, store, p.lo, out, err);
  if (st == NB_EDATA && err != NULL) {
    char spec[NB_QUOTE_CAP];
    nb_error_prefix(err, st, "game %s, pile %llu: ", nb_game_spec_quote(g, spec),
                    (unsigned long long)p.lo);
  }
  return st;
}

static const nb_alias psub_aliases[] = {{"nimplus", NULL}, {NULL, NULL}};
static const nb_cache_facet psub_cache = {.create = psub_cache_new, .destroy = psub_cache_free};
static const nb_partizan_facet psub_eval = {.outcome = psub_outcome, .canonical = psub_canonical};
static const nb_sizes_facet psub_sizes = {
    .sized = psub_sized,
    .size_min = 0,
    .size_noun = "pile",
    .run_end = psub_run_end,
    .period = psub_period,
    .period_help = "psub:A/B  additive; --max N: report none unless s + p <= N (default: no bound)",
};
/* Symmetric and lopsided sets, the empty pile, sums, the alias. */
static const nb_sample psub_samples[] = {
    {"psub:1,2/1,3", "0"}, {"psub:1,2/1,3", "11"},    {"psub:1/2", "9 4"}, {"psub:2,3/1,4", "14"},
    {"psub:1,2/1,2", "7"}, {"nimplus:1,3/2", "10 3"}, {NULL, NULL}};

const nb_family nb_psub_family = {
    .abi = NB_ABI_VERSION,
    .name = "psub",
    .aliases = psub_aliases,
    .synopsis = "psub:A/B  partizan subtraction: Left removes an amount in A, Right one in B "
                "(at most the pile); alias nimplus:A/B",
    .position_help = "one pile: an integer from 0 to 2^63-1",
    .partizan = true,
    .sum_needs_index = true, /* "-3" names no pile: in a sum, "2:-3" does */
    .create = psub_create,
    .destroy = psub_destroy,
    .spec = psub_spec,
    .parse = psub_parse,
    .format = psub_format,
    .joiner = " ",
    .move_bound = psub_move_bound,
    .max_parts = 1,
    .moves = psub_moves,
    .describe = psub_describe,
    .min_length = psub_min_length,
    .cache = &psub_cache,
    .partizan_eval = &psub_eval,
    .sizes = &psub_sizes,
    .samples = psub_samples,
};
