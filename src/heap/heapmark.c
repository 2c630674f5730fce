/*
 * heapmark.c: the marking thread, a second thread that collects the rare splits of the heaps
 * ahead while the engine's thread finishes the heaps before them.
 *
 * Why. In Grundy's game about half of the sparse method's time goes to step 1's rare splits
 * (heapstep.c): 1,273 rare heaps r, each split (r, n - r) read and stamped, one store a split,
 * and the stores are the bound; the other half is the dense scan, which needs the targets, so
 * needs step 1 done. But a rare split of heap n reads G(r) and G(n - r) only: once every value
 * below n - HEAPSEQ_LAG + 1 is known, the splits with r >= HEAPSEQ_LAG and r <= n - LAG can be
 * collected, up to LAG heaps before the engine's thread reaches n. So one thread collects that
 * share, heap after heap, and the other collects the rest (the rare heaps below LAG, and those
 * above n - LAG: none once n is twice the largest rare heap), then finds the targets and scans.
 * The two halves of the work run side by side: Grundy's game to 10^6 takes 0.65-0.8 of its
 * one-thread wall time on the development machine (README: not 0.5, as each thread runs slower
 * beside the other there). The thread works on eight heaps at a time (mark_eight).
 *
 * Exactness. The share is far_share (heapengine.h), one function both threads call, so every
 * rare split of heap n is collected by exactly one of them, with the same rare list (the
 * thread reads the prefix the engine's thread has published) and the same skip of Grundy's
 * equal split. Step 2 takes the union of both threads' values (find_targets). So the values
 * collected, hence G(n), are those of one thread: the tests compute every family both ways
 * (threads 1 and 2) against the plain mex.
 *
 * What the thread may read, and when (the C11 memory model's happens-before):
 *   - the table: G(x) for x < known, written before the engine's thread stored `known` with
 *     release; the thread reads `known` with acquire. The share of heap n reads only
 *     x <= n - LAG, and the thread works on a block of heaps only once known >= l - LAG + 1,
 *     l the block's last heap.
 *   - the rare lists: their first `listed[d]` entries, published the same way. Every rare heap
 *     r <= n - LAG < known was filed by then. The lists do not move: the engine's thread ends the
 *     stretch (and stops the thread) before recording a heap into a full list (heapstep.c's
 *     run_width and run_1_marked), and no checkpoint (which may rebuild them) falls within a
 *     stretch.
 *   - the removals, the groups' plain flags, the table's address: copied at the start; they do
 *     not change within a stretch (the table's width is not changed while the thread runs).
 * What it writes: its slots, one per heap, HEAPSEQ_LAG of them in turn: heap n's slot holds the
 * values its share collected (4 words: values below 256, as 1-byte tables have), stored before
 * `done` passes n (with release, after each block). The engine's thread reads the slot of heap
 * n after `done` > n, with acquire, and is through with it when it records G(n); the thread
 * reuses that slot for heap n + LAG only in a block whose last heap l is n + LAG or more, so
 * once known >= l - LAG + 1 >= n + 1. So no slot is read while written.
 *
 * Waiting. Each side spins (pause) for up to SPIN_NS, about a heap's work (on a quiet machine
 * the other side is that close), and then sleeps on a condition variable until the other side's
 * counter passes what it waits for; it never yields the processor. On a loaded machine a
 * yield handed a busy process a whole time slice, or gave the processor straight back while the
 * side waited for stood in the queue: beside the sanitizer's test_heap and two busy processes,
 * the Release test_heap took 95.5 s of wall time for 9 s of CPU when the sides yielded, 59 s
 * when they yielded for 50 us and then slept, 21 s now (5.5 s alone). On a quiet machine
 * Grundy's game to 2,000,000 heaps takes 2.1 s with the thread against 4.9 s without (2.3 s when
 * the sides yielded). The slack of LAG heaps lets each run ahead of the other for a while. No
 * wake-up is lost: a sleeper sets its flag, then reads the counter; the other side stores the
 * counter, then reads the flag (all sequentially consistent), so one of them sees the other's
 * store; and the sleeper holds the mutex from its reading until it waits, which the waker takes
 * before it signals. The automatic choice asks for two processors it may run on, rare lists of at
 * least MIN_RARE heaps (where the share is worth a thread) and a stretch of MIN_STRETCH heaps, and
 * then keeps the thread only while it pays (heapseq_marker_choose). Between stretches the share
 * moves a 64th of the rare lists towards the side that waited more (mark_split).
 */
#include "heap/heapengine.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

enum {
  SLOT_WORDS = 8,     /* a slot: the 4 words of one heap's values, padded to 64 bytes */
  BLOCK = 8,          /* the thread works on this many heaps at a time (mark_eight) */
  LINE = 64,          /* bytes of a cache line: the two threads' counters live on their own */
  MIN_RARE = 256,     /* automatic: rare heaps listed before a thread pays */
  MIN_STRETCH = 4096, /* automatic: heaps to compute before a thread pays */
  SPINS = 64,         /* a waiting side reads the clock every SPINS turns of its spin */
  SPIN_NS = 50000,    /* and spins this long (ns) before it sleeps */
  MAX_SPLIT = 56,     /* the thread's share starts at most this many 64ths into the lists */
  PROBE = 16          /* automatic: the mode not in use is timed again every PROBE stretches */
};

struct heapseq_marker {
  /* copied at the start, read by both threads */
  const void *table;        /* the engine's table (1-byte cells) */
  const rare_heap *rare[2]; /* each group's rare list, NULL for a group without one */
  const uint32_t *digit[2]; /* each group's removals */
  size_t count[2];          /* how many */
  bool unequal;             /* Grundy's game: no equal split */
  size_t first, end;        /* the stretch: heaps first .. end - 1 */
  size_t floor[2];          /* the share's least rare heap in each group (far_share) */
  uint64_t *slots;          /* HEAPSEQ_LAG slots of SLOT_WORDS words, 64-byte aligned */
  uint64_t *room;           /* the allocation slots lies in */
  pthread_t thread;         /* the marking thread */
  char pad0[LINE];          /* the engine's thread's counters, on a line of their own */
  _Atomic size_t known;     /* G(0 .. known - 1) recorded and filed */
  _Atomic size_t listed[2]; /* rare heaps listed in each group by then */
  atomic_bool quit;         /* the engine's thread stops early: the thread returns */
  size_t done_seen;         /* the engine's thread's last reading of `done` */
  size_t waited;            /* heaps at which the engine's thread waited for the share */
  char pad1[LINE];          /* the marking thread's counter, on another */
  _Atomic size_t done;      /* heaps below done have their slots filled */
  char pad2[LINE];          /* the sleepers' flags and what they sleep on, apart */
  atomic_bool asleep[2];    /* the engine's thread (ENGINE), the marking thread (MARKER) */
  pthread_mutex_t lock;     /* held by a sleeper from its last reading until it waits */
  pthread_cond_t wake;      /* signalled by a side that moved its counter past a sleeper */
  char pad3[LINE];          /* its stamps, on lines the other thread never reads */
  uint8_t mark[BLOCK][256]; /* the thread's stamps (heapstep.c's scheme), one set a heap of the
                               block it works on, values below 256 */
  uint8_t stamp;            /* the current block's stamp, 1 to 255 in turn */
  size_t idled;             /* heaps at which the thread waited for values */
};

enum { ENGINE, MARKER }; /* the two sides, indices of asleep */

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Waits until *counter > least or quit is set, for side `who`; returns the counter's value read
 * last. Spins, then sleeps (the essay's Waiting). */
static size_t await(heapseq_marker *mk, int who, _Atomic size_t *counter, size_t least) {
  uint64_t since = 0;
  for (unsigned turn = 1;; turn++) {
    size_t seen = atomic_load_explicit(counter, memory_order_acquire);
    if (seen > least || atomic_load_explicit(&mk->quit, memory_order_relaxed)) return seen;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause();
#endif
    if (turn % SPINS == 0) { /* the clock read now and then only */
      uint64_t t = now_ns();
      if (since == 0) since = t;
      if (t - since > SPIN_NS) break;
    }
  }
  size_t seen;
  pthread_mutex_lock(&mk->lock);
  atomic_store(&mk->asleep[who], true);
  while ((seen = atomic_load(counter)) <= least && !atomic_load(&mk->quit))
    pthread_cond_wait(&mk->wake, &mk->lock);
  atomic_store(&mk->asleep[who], false);
  pthread_mutex_unlock(&mk->lock);
  return seen;
}

/* Stores the counter a side moves and wakes the other side if it sleeps (the essay's Waiting). */
static void advance(heapseq_marker *mk, int other, _Atomic size_t *counter, size_t value) {
  atomic_store(counter, value);
  if (atomic_load(&mk->asleep[other])) {
    pthread_mutex_lock(&mk->lock);
    pthread_cond_broadcast(&mk->wake);
    pthread_mutex_unlock(&mk->lock);
  }
}

/* Marks the splits (r, m - r) for the rare heaps r in rare[from .. to) in one heap's stamps,
 * but for Grundy's game the equal split (r = m/2), which it does not have. */
static void mark_one(heapseq_marker *mk, const rare_heap *rare, size_t from, size_t to, size_t m,
                     uint8_t *mark) {
  size_t skip = equal_split_at(rare, from, to, m, mk->unequal);
  mark_rare(mk->table, 1, rare, from, skip, m, mark, mk->stamp);
  if (skip < to) mark_rare(mk->table, 1, rare, skip + 1, to, m, mark, mk->stamp);
}

/* Marks the splits (r, m0 + t - r) of the BLOCK heaps t = 0 .. BLOCK - 1 at once, for the rare
 * heaps r in rare[from .. to): one 8-byte read gives G(m0 - r + t) for every t (byte t of a
 * little-endian word), XORed with G(r) in every byte. The stores stay, one a split (the bound
 * when one thread marks alone: there it gains nothing, measured), but the reads and address
 * arithmetic of eight passes go, and the engine's thread, which shares the core's resources
 * with this one on the development machine, runs faster beside it (`table grundy --to
 * 1000000`: 0.84-1.13 s wall, against 0.98-1.23 s heap by heap, in series an hour apart). */
static void mark_eight(heapseq_marker *mk, const rare_heap *rare, size_t from, size_t to,
                       size_t m0) {
  const uint8_t *base = (const uint8_t *)mk->table + m0;
  uint8_t s = mk->stamp, (*mark)[256] = mk->mark;
  for (size_t i = from; i < to; i++) {
    uint64_t x;
    memcpy(&x, base - rare[i].heap, sizeof x);
    x ^= rare[i].value * UINT64_C(0x0101010101010101);
    mark[0][x & 255] = s;
    mark[1][x >> 8 & 255] = s;
    mark[2][x >> 16 & 255] = s;
    mark[3][x >> 24 & 255] = s;
    mark[4][x >> 32 & 255] = s;
    mark[5][x >> 40 & 255] = s;
    mark[6][x >> 48 & 255] = s;
    mark[7][x >> 56] = s;
  }
}

/* The share of removal j for the heaps n0 .. n0 + count - 1, each in its own stamps: the rare
 * heaps every one of their shares holds (lo .. hi of heap n0: far_share's bounds only grow
 * with n) eight heaps at once, but those that may be the equal split of one of them (Grundy's
 * game skips it), which go heap by heap with the rest of each heap's share. */
static void fill_removal(heapseq_marker *mk, int d, size_t listed, uint32_t j, size_t n0,
                         size_t count) {
  const rare_heap *rare = mk->rare[d];
  size_t lo, hi, from = 0, a = 0, b = 0, mid = 0;
  bool eight = HEAPSEQ_LITTLE_ENDIAN && count == BLOCK && n0 >= j + 2 &&
               far_share(n0, j, mk->floor[d], &lo, &hi);
  if (eight) {
    from = rare_from(rare, 0, listed, lo);
    mid = rare_from(rare, from, listed, hi + 1);
    a = b = mid;
    if (mk->unequal) { /* the rare heaps (n0 - j)/2 .. (n0 - j + BLOCK - 1)/2 */
      a = rare_from(rare, from, mid, (n0 - j) / 2);
      b = rare_from(rare, a, mid, (n0 - j + BLOCK - 1) / 2 + 1);
    }
    mark_eight(mk, rare, from, a, n0 - j);
    mark_eight(mk, rare, b, mid, n0 - j);
  }
  for (size_t t = 0; t < count; t++) {
    size_t n = n0 + t;
    if (j + 2 > n || !far_share(n, j, mk->floor[d], &lo, &hi)) continue;
    size_t to = rare_from(rare, 0, listed, hi + 1);
    if (!eight) {
      mark_one(mk, rare, rare_from(rare, 0, to, lo), to, n - j, mk->mark[t]);
      continue;
    }
    mark_one(mk, rare, a, b, n - j, mk->mark[t]);
    mark_one(mk, rare, mid, to, n - j, mk->mark[t]);
  }
}

/* Collects the thread's share of the rare splits of heaps n0 .. n0 + count - 1 (count <= BLOCK)
 * into their slots. */
static void fill(heapseq_marker *mk, size_t n0, size_t count) {
  if (++mk->stamp == 0) { /* the stamps wrapped: clear the marks, start again at 1 */
    memset(mk->mark, 0, sizeof mk->mark);
    mk->stamp = 1;
  }
  for (int d = 0; d < 2; d++) {
    if (mk->rare[d] == NULL) continue;
    size_t listed = atomic_load_explicit(&mk->listed[d], memory_order_acquire);
    for (size_t i = 0; i < mk->count[d] && mk->digit[d][i] + 2 < n0 + count; i++)
      fill_removal(mk, d, listed, mk->digit[d][i], n0, count);
  }
  for (size_t t = 0; t < count; t++) {
    uint64_t *slot = mk->slots + ((n0 + t) % HEAPSEQ_LAG) * SLOT_WORDS;
    for (size_t u = 0; u < 4; u++)
      slot[u] = collected_word(mk->mark[t], mk->stamp, u);
  }
}

static void *marker_main(void *arg) {
  heapseq_marker *mk = arg;
  size_t known = mk->first;
  for (size_t n0 = mk->first; n0 < mk->end; n0 += BLOCK) {
    size_t count = mk->end - n0 < BLOCK ? mk->end - n0 : BLOCK, last = n0 + count - 1;
    if (known + HEAPSEQ_LAG <= last) { /* the shares read values up to last - LAG */
      mk->idled += count;
      known = await(mk, MARKER, &mk->known, last - HEAPSEQ_LAG);
      if (known + HEAPSEQ_LAG <= last) return NULL; /* quit */
    }
    fill(mk, n0, count);
    advance(mk, ENGINE, &mk->done, n0 + count);
  }
  return NULL;
}

bool heapseq_marker_wanted(const nb_heapseq *q, size_t stop) {
  if (q->threads == 1 || q->width != 1 || q->ntriple > 0) return false;
  size_t rare = 0, lists = 0;
  for (int d = 0; d < 2; d++)
    if (q->group[d].count > 0 && !q->group[d].plain) {
      rare += q->group[d].rare_len;
      lists++;
    }
  if (lists == 0) return false;
  if (q->threads == 2) return true;
  return q->cpus >= 2 && rare >= MIN_RARE && stop - q->len >= MIN_STRETCH;
}

bool heapseq_marker_start(nb_heapseq *q, size_t stop) {
  nb_error ignored; /* no memory for the thread: one thread computes */
  heapseq_marker *mk = nb_alloc(1, sizeof *mk, &ignored);
  uint64_t *room =
      mk != NULL ? nb_alloc((HEAPSEQ_LAG + 1) * SLOT_WORDS, sizeof *room, &ignored) : NULL;
  if (room == NULL) {
    free(mk);
    return false;
  }
  mk->room = room;
  mk->slots = (uint64_t *)(((uintptr_t)room + LINE - 1) & ~(uintptr_t)(LINE - 1));
  mk->table = q->table;
  mk->unequal = q->unequal;
  mk->first = q->len;
  mk->end = stop;
  for (int d = 0; d < 2; d++) {
    const split_group *g = &q->group[d];
    mk->rare[d] = g->count > 0 && !g->plain ? g->rare : NULL;
    size_t at = g->rare_len * q->mark_split / 64; /* the share's first entry */
    mk->floor[d] = q->mark_floor[d] =
        mk->rare[d] != NULL && at < g->rare_len ? g->rare[at].heap : 0;
    mk->digit[d] = g->digit;
    mk->count[d] = g->count;
    atomic_init(&mk->listed[d], g->rare_len);
  }
  atomic_init(&mk->known, q->len);
  atomic_init(&mk->done, q->len);
  atomic_init(&mk->quit, false);
  atomic_init(&mk->asleep[ENGINE], false);
  atomic_init(&mk->asleep[MARKER], false);
  mk->done_seen = q->len;
  bool locks = pthread_mutex_init(&mk->lock, NULL) == 0;
  bool cond = locks && pthread_cond_init(&mk->wake, NULL) == 0;
  if (!cond || pthread_create(&mk->thread, NULL, marker_main, mk) != 0) {
    if (cond) pthread_cond_destroy(&mk->wake);
    if (locks) pthread_mutex_destroy(&mk->lock);
    free(room);
    free(mk);
    return false;
  }
  q->marker = mk;
  return true;
}

const uint64_t *heapseq_marker_far(heapseq_marker *mk, size_t n) {
  if (mk->done_seen <= n) {
    mk->waited++;
    mk->done_seen = await(mk, ENGINE, &mk->done, n);
  }
#if defined(__GNUC__)
  __builtin_prefetch(mk->slots + ((n + 4) % HEAPSEQ_LAG) * SLOT_WORDS); /* a slot ahead */
#endif
  return mk->slots + (n % HEAPSEQ_LAG) * SLOT_WORDS;
}

void heapseq_marker_publish(heapseq_marker *mk, const nb_heapseq *q) {
  for (int d = 0; d < 2; d++)
    if (mk->rare[d] != NULL)
      atomic_store_explicit(&mk->listed[d], q->group[d].rare_len, memory_order_release);
  advance(mk, MARKER, &mk->known, q->len);
}

void heapseq_marker_stop(nb_heapseq *q) {
  heapseq_marker *mk = q->marker;
  atomic_store(&mk->quit, true);
  advance(mk, MARKER, &mk->known, atomic_load(&mk->known)); /* wakes it to see quit */
  pthread_join(mk->thread, NULL);
  /* the side that waited more has less to do: move a 64th of the lists its way */
  if (mk->waited > mk->idled && q->mark_split < MAX_SPLIT) q->mark_split++;
  if (mk->waited < mk->idled && q->mark_split > 0) q->mark_split--;
  pthread_cond_destroy(&mk->wake);
  pthread_mutex_destroy(&mk->lock);
  free(mk->room);
  free(mk);
  q->marker = NULL;
}

bool heapseq_marker_take(nb_heapseq *q) {
  if (q->spare == NULL) return true;
  unsigned have = atomic_load(q->spare);
  while (have > 0 && !atomic_compare_exchange_weak(q->spare, &have, have - 1)) {
  }
  return have > 0;
}

void heapseq_marker_give(nb_heapseq *q) {
  if (q->spare != NULL) atomic_fetch_add(q->spare, 1);
}

bool heapseq_marker_choose(nb_heapseq *q) {
  if (q->threads == 2) return true;
  unsigned r = ++q->mark_round;
  bool probe = (r & (r - 1)) == 0 || r % PROBE == 0; /* stretches 1, 2, 4, 8, 16, 32, 48, ... */
  return probe ? !q->mark_two : q->mark_two;
}

double heapseq_marker_clock(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void heapseq_marker_timed(nb_heapseq *q, bool two, size_t heaps, double seconds) {
  if (heaps < MIN_STRETCH || seconds <= 0) { /* too short to tell */
    q->mark_last = 0;
    return;
  }
  double rate = seconds / (double)heaps;
  if (two == q->mark_two) { /* the mode in use: the figure the next probe is held to */
    q->mark_last = rate;
    return;
  }
  /* A probe of the other mode, against the stretch just before it (a heap costs more as the
   * heaps grow, so only neighbouring stretches compare): switch if it was faster. */
  if (q->mark_last == 0 || rate < q->mark_last) q->mark_two = two;
  q->mark_last = 0;
}
